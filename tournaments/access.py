"""Who may see which event, round, table and registration: every tournament
page fetches its objects through these helpers, so no view can forget the
permission check.

Built on the club-level rules of clubs/access.py: an organiser sees the
events of the clubs they organise (a superuser sees all), a scorekeeper the
tables they keep the score of. An object of another club answers 404,
exactly like one that does not exist, so the response never tells an
outsider that it exists.

The club-level helpers a tournament page needs beside these (clubs_for,
get_club_for_organiser, member_for) are re-exported, so a page imports one
access module.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from clubs.access import User, clubs_for, get_club_for_organiser, member_for
from clubs.models import Member
from tournaments.models import (
    Event,
    EventStatus,
    Referee,
    Registration,
    Round,
    Scorekeeper,
    Table,
)

__all__ = [
    "User", "can_keep_score", "can_referee", "clubs_for", "events_for_viewer",
    "get_club_for_organiser", "get_event_for_member", "get_event_for_organiser",
    "get_event_for_referee", "get_event_for_viewer",
    "get_registration_for_organiser", "get_round_for_organiser", "get_table_for_organiser",
    "get_table_for_scorekeeper", "member_for", "organises", "tables_for_scorekeeper",
]


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
    return Table.objects.filter(Q(round__event__club__in=clubs_for(user)) | _kept_by(user))


def tables_kept_by(user: User) -> QuerySet[Table]:
    """The tables `user` keeps the score of as a scorekeeper named for their
    events (not as an organiser): the way to them from a member's pages."""
    if not user.is_authenticated:
        return Table.objects.none()
    return Table.objects.filter(_kept_by(user))


def _kept_by(user: User) -> Q:
    """A Scorekeeper row: every table of its event, or one table number in
    every round."""
    keeps = Scorekeeper.objects.filter(user__pk=user.pk, event=OuterRef("round__event")).filter(
        Q(table_number__isnull=True) | Q(table_number=OuterRef("number")))
    return Q(Exists(keeps))


# Set on a table fetched through tables_for_scorekeeper: the user it was
# fetched for. A request asks the same question of the same table up to three
# times (the view, the service, the permissions the answer carries); the
# object answers the later ones.
_KEPT_BY = "_kept_by_user"


def can_keep_score(user: User, table: Table) -> bool:
    """tables_for_scorekeeper's rule for one table: in at most two plain
    queries (the score-entry API asks it on every request, and the query
    with both subqueries took three times as long to build and run)."""
    if user.pk is not None and getattr(table, _KEPT_BY, None) == user.pk:
        return True
    if not user.is_authenticated:
        return False
    keeps = Scorekeeper.objects.filter(user__pk=user.pk, event_id=table.round.event_id).filter(
        Q(table_number__isnull=True) | Q(table_number=table.number))
    return keeps.exists() or clubs_for(user).filter(pk=table.round.event.club_id).exists()


def get_table_for_scorekeeper(user: User, table_id: int) -> Table:
    """A table the user may enter hands at; 404 for any other, as for one
    that does not exist."""
    table = get_object_or_404(Table.objects.select_related("round__event__club"), pk=table_id)
    if not can_keep_score(user, table):
        raise Http404
    setattr(table, _KEPT_BY, user.pk)
    return table


def kept_elsewhere(user: User, table_id: int) -> tuple[Table, list[Table]] | None:
    """For a scorekeeper of the table's event who may not keep its score
    (their table is another one): the table and the tables of its round they
    do keep, to be sent there instead of a dead end. None for anyone else,
    who gets the 404 of a table that does not exist."""
    if not user.is_authenticated:
        return None
    table = Table.objects.select_related("round__event").filter(pk=table_id).first()
    if table is None or not Scorekeeper.objects.filter(
            user__pk=user.pk, event_id=table.round.event_id).exists():
        return None
    kept = tables_kept_by(user).filter(round_id=table.round_id).order_by("number")
    return table, list(kept)


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


def events_for_referee(user: User) -> QuerySet[Event]:
    """The events whose penalties `user` may record: those of the clubs they
    organise, and those they are a referee of."""
    if not user.is_authenticated:
        return Event.objects.none()
    refereed = Referee.objects.filter(user__pk=user.pk, event=OuterRef("pk"))
    return Event.objects.filter(Q(club__in=clubs_for(user)) | Q(Exists(refereed)))


def can_referee(user: User, event: Event) -> bool:
    """Whether `user` may record, correct and remove the event's penalties:
    its organisers and its referees."""
    return events_for_referee(user).filter(pk=event.pk).exists()


def get_event_for_referee(user: User, event_id: int) -> Event:
    """An event whose penalties the user may record; 404 for any other, as
    for one that does not exist."""
    return get_object_or_404(events_for_referee(user).select_related("club"), pk=event_id)
