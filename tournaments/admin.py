"""The admin, the organisers' fallback for events and everything in them.

Rounds, hands and results are normally made by the services (seating,
hand entry, closing); here they can be inspected and corrected.
"""

from django.contrib import admin
from django.http import HttpRequest

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


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ("number", "seating_method", "status", "starts_at")
    readonly_fields = ("status",)
    show_change_link = True


class ScorekeeperInline(admin.TabularInline):
    model = Scorekeeper
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("title", "club", "kind", "start_date", "days", "status", "ruleset",
                    "rules_frozen_at")
    list_filter = ("club", "kind", "status", "ruleset")
    search_fields = ("title", "venue")
    date_hierarchy = "start_date"
    readonly_fields = ("rules_frozen_at", "created_at")
    list_select_related = ("club",)
    inlines = [RoundInline, ScorekeeperInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("__str__", "event", "status", "checked_in_at", "late",
                    "dropped_after_round", "substitute_for")
    list_filter = ("status", "late", "event__club", "event")
    search_fields = ("member__first_name", "member__last_name", "guest_name", "event__title")
    raw_id_fields = ("member", "substitute_for", "event")
    list_select_related = ("event", "member", "substitute_for__member")


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    show_change_link = True


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "event", "number", "seating_method", "status", "started_at",
                    "closed_at")
    list_filter = ("status", "seating_method", "event__club")
    search_fields = ("event__title",)
    readonly_fields = ("seating_report", "started_at", "closed_at")
    list_select_related = ("event",)
    inlines = [TableInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ("registration", "round")


class TableResultInline(admin.TabularInline):
    model = TableResult
    extra = 0
    raw_id_fields = ("registration",)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("__str__", "round", "number")
    list_filter = ("round__event__club",)
    search_fields = ("round__event__title",)
    list_select_related = ("round__event",)
    inlines = [SeatInline, TableResultInline]


class HandScoreInline(admin.TabularInline):
    model = HandScore
    extra = 0
    raw_id_fields = ("registration",)


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ("__str__", "number", "winner", "discarder", "entered_by", "created_at")
    list_filter = ("table__round__event__club",)
    search_fields = ("table__round__event__title",)
    raw_id_fields = ("table", "winner", "discarder", "entered_by", "confirmed_by")
    readonly_fields = ("created_at", "submission_id", "submission_digest")
    list_select_related = ("table__round__event", "winner__member", "discarder__member")
    inlines = [HandScoreInline]


@admin.register(TableResult)
class TableResultAdmin(admin.ModelAdmin):
    list_display = ("__str__", "registration", "score", "table_points", "rank", "mahjongs",
                    "deal_ins")
    list_filter = ("table__round__event__club",)
    search_fields = ("registration__member__last_name", "registration__guest_name")
    raw_id_fields = ("table", "registration")
    list_select_related = ("table__round__event", "registration__member")


@admin.register(Scorekeeper)
class ScorekeeperAdmin(admin.ModelAdmin):
    list_display = ("user", "event", "table_number")
    list_filter = ("event__club",)
    search_fields = ("user__username", "event__title")
    raw_id_fields = ("user", "event")
    list_select_related = ("user", "event")


@admin.register(HandChange)
class HandChangeAdmin(admin.ModelAdmin):
    """The audit trail: read only, never edited."""

    list_display = ("__str__", "action", "user", "at", "version")
    list_filter = ("action", "table__round__event__club")
    search_fields = ("table__round__event__title", "user__username")
    list_select_related = ("table__round__event", "user")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: HandChange | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: HandChange | None = None) -> bool:
        return False
