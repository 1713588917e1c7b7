"""Who may see what: every organiser page fetches its objects through these
helpers, so no view can forget the permission check.

An organiser sees only the clubs they organise (a superuser sees all). An
object of another club answers 404, exactly like one that does not exist, so
the response never tells an outsider that it exists.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.shortcuts import get_object_or_404

from clubs.models import Club, Member
from tournaments.models import Event, EventStatus, Registration, Round, Scorekeeper, Table

User = AbstractBaseUser | AnonymousUser


def can_use_admin(user: User) -> bool:
    """Whether `user` may use the admin: active superusers only. Organisers
    never need it: the app's pages do all they do (clubs/admin.py)."""
    return bool(getattr(user, "is_active", False) and getattr(user, "is_superuser", False))


def clubs_for(user: User) -> QuerySet[Club]:
    """The clubs `user` organises; every club for a superuser."""
    if not user.is_authenticated:
        return Club.objects.none()
    if getattr(user, "is_superuser", False):
        return Club.objects.all()
    return Club.objects.filter(organisers__pk=user.pk)


def get_club_for_organiser(user: User, slug: str) -> Club:
    return get_object_or_404(clubs_for(user), slug=slug)


def get_member_for_organiser(user: User, member_id: int) -> Member:
    return get_object_or_404(
        Member.objects.select_related("club").filter(club__in=clubs_for(user)), pk=member_id
    )


def get_event_for_organiser(user: User, event_id: int) -> Event:
    return get_object_or_404(
        Event.objects.select_related("club").filter(club__in=clubs_for(user)), pk=event_id
    )


def events_for_viewer(user: User) -> QuerySet[Event]:
    """The events whose public pages (standings, results, players) `user`
    may see: every published event, and the drafts of the clubs they
    organise."""
    return Event.objects.filter(~Q(status=EventStatus.DRAFT) | Q(club__in=clubs_for(user)))


def get_event_for_viewer(user: User, event_id: int) -> Event:
    """A published event for anyone; a draft only for its organisers (404
    for anyone else, as for an event that does not exist)."""
    return get_object_or_404(events_for_viewer(user).select_related("club"), pk=event_id)


def get_round_for_organiser(user: User, round_id: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("event__club").filter(event__club__in=clubs_for(user)),
        pk=round_id,
    )


def get_table_for_organiser(user: User, table_id: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round__event__club").filter(
            round__event__club__in=clubs_for(user)
        ),
        pk=table_id,
    )


def organises(user: User, event: Event) -> bool:
    """Whether `user` organises the event's club (or is a superuser)."""
    return clubs_for(user).filter(pk=event.club_id).exists()


def tables_for_scorekeeper(user: User) -> QuerySet[Table]:
    """The tables where `user` may enter hands: every table of the clubs they
    organise, of the events they keep the score of, and the tables (by number,
    in every round) they keep the score of."""
    if not user.is_authenticated:
        return Table.objects.none()
    keeps = Scorekeeper.objects.filter(user__pk=user.pk, event=OuterRef("round__event")).filter(
        Q(table_number__isnull=True) | Q(table_number=OuterRef("number")))
    return Table.objects.filter(Q(round__event__club__in=clubs_for(user)) | Q(Exists(keeps)))


def can_keep_score(user: User, table: Table) -> bool:
    return tables_for_scorekeeper(user).filter(pk=table.pk).exists()


def get_table_for_scorekeeper(user: User, table_id: int) -> Table:
    """A table the user may enter hands at; 404 for any other, as for one
    that does not exist."""
    return get_object_or_404(
        tables_for_scorekeeper(user).select_related("round__event__club"), pk=table_id)


def get_registration_for_organiser(user: User, registration_id: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("event__club", "member").filter(
            event__club__in=clubs_for(user)
        ),
        pk=registration_id,
    )


def get_event_for_member(member: Member, event_id: int) -> Event:
    """An event of the member's own club that is not a draft; 404 for any
    other (no existence leak: a draft is for its organisers only)."""
    return get_object_or_404(
        Event.objects.filter(club=member.club).exclude(status=EventStatus.DRAFT), pk=event_id)


def member_for(user: User) -> Member | None:
    """The member record of a logged-in member, if they have one."""
    if not user.is_authenticated:
        return None
    return Member.objects.select_related("club").filter(user__pk=user.pk).first()
