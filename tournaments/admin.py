"""The admin's view of events and everything in them: read-only.

Events, registrations, rounds, tables, seats, hands with their scores, table
results, scorekeepers and the audit trail are all written by the services
(tournaments/services/): seating, hand entry with its settlement and audit
trail, closing a round, registering. A change made here would skip them (a
hand saved here once wrote a settlement that did not sum to zero, with no
audit-trail row), so the admin only shows them; every change is made in the
app's pages. Who may use the admin at all: clubs/admin.py.
"""

from django.contrib import admin

from clubs.admin import ReadOnlyAdmin
from tournaments.models import (
    Event,
    Hand,
    HandChange,
    HandScore,
    Registration,
    Round,
    Scorekeeper,
    Seat,
    Table,
    TableResult,
)


class RoundInline(ReadOnlyAdmin, admin.TabularInline):
    club_path = "event__club"
    model = Round
    extra = 0
    fields = ("number", "seating_method", "status", "starts_at")
    show_change_link = True


class ScorekeeperInline(ReadOnlyAdmin, admin.TabularInline):
    club_path = "event__club"
    model = Scorekeeper
    extra = 0


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("title", "club", "kind", "start_date", "days", "status", "ruleset",
                    "rules_frozen_at")
    list_filter = ("club", "kind", "status", "ruleset")
    search_fields = ("title", "venue")
    date_hierarchy = "start_date"
    list_select_related = ("club",)
    inlines = [RoundInline, ScorekeeperInline]


@admin.register(Registration)
class RegistrationAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    club_path = "event__club"
    list_display = ("__str__", "event", "status", "checked_in_at", "late",
                    "dropped_after_round", "substitute_for")
    list_filter = ("status", "late", "event__club", "event")
    search_fields = ("member__first_name", "member__last_name", "guest_name", "event__title")
    list_select_related = ("event", "member", "substitute_for__member")


class TableInline(ReadOnlyAdmin, admin.TabularInline):
    club_path = "round__event__club"
    model = Table
    extra = 0
    show_change_link = True


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    club_path = "event__club"
    list_display = ("__str__", "event", "number", "seating_method", "status", "started_at",
                    "closed_at")
    list_filter = ("status", "seating_method", "event__club")
    search_fields = ("event__title",)
    list_select_related = ("event",)
    inlines = [TableInline]


class SeatInline(ReadOnlyAdmin, admin.TabularInline):
    club_path = "table__round__event__club"
    model = Seat
    extra = 0


class TableResultInline(ReadOnlyAdmin, admin.TabularInline):
    club_path = "table__round__event__club"
    model = TableResult
    extra = 0


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    club_path = "round__event__club"
    list_display = ("__str__", "round", "number")
    list_filter = ("round__event__club",)
    search_fields = ("round__event__title",)
    list_select_related = ("round__event",)
    inlines = [SeatInline, TableResultInline]


class HandScoreInline(ReadOnlyAdmin, admin.TabularInline):
    club_path = "hand__table__round__event__club"
    model = HandScore
    extra = 0


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    club_path = "table__round__event__club"
    list_display = ("__str__", "number", "winner", "discarder", "entered_by", "created_at")
    list_filter = ("table__round__event__club",)
    search_fields = ("table__round__event__title",)
    list_select_related = ("table__round__event", "winner__member", "discarder__member")
    inlines = [HandScoreInline]


@admin.register(TableResult)
class TableResultAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    club_path = "table__round__event__club"
    list_display = ("__str__", "registration", "score", "table_points", "rank", "mahjongs",
                    "deal_ins")
    list_filter = ("table__round__event__club",)
    search_fields = ("registration__member__last_name", "registration__guest_name")
    list_select_related = ("table__round__event", "registration__member")


@admin.register(Scorekeeper)
class ScorekeeperAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    club_path = "event__club"
    list_display = ("user", "event", "table_number")
    list_filter = ("event__club",)
    search_fields = ("user__username", "event__title")
    list_select_related = ("user", "event")


@admin.register(HandChange)
class HandChangeAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    """The audit trail."""

    club_path = "table__round__event__club"
    list_display = ("__str__", "action", "user", "at", "version")
    list_filter = ("action", "table__round__event__club")
    search_fields = ("table__round__event__title", "user__username")
    list_select_related = ("table__round__event", "user")
