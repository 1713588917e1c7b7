"""Making many members and registering them for a new event in a few
queries, for the fixtures that build an event full of players.

`tournaments.services.registration.register` locks the event and checks
each member with several queries (about 8 ms a player); a fixture of eight
players pays that in every test that uses it, while the service itself is
tested in tests/domain/test_registration.py. `register_in_bulk` writes the
same rows the organiser's registrations one after another would write, with
one INSERT, and tells the results cache and the results' listeners once, as
the rows' signals would have. It serves only the case where the service's
answer is known without asking: an event not finished and not under way,
members of any club who may play and are not registered yet; anything else
goes through the service, one member at a time.

`create_members` likewise saves new members with one INSERT: the rows
`Member.save` would write (a new member is in no results and has no
registration to re-sort, so its save tells nobody: tournaments/signals.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from clubs.models import Member
from common.names import sort_key
from tournaments.models import Event, EventStatus, Registration, RegistrationStatus
from tournaments.services import presence, results, results_cache
from tournaments.services import registration as registration_services


def create_members(members: Sequence[Member]) -> list[Member]:
    """Save these new (unsaved) members, in this order."""
    for member in members:
        member.sort_name = sort_key(member.first_name, member.last_name)
    return Member.objects.bulk_create(members)


def register_in_bulk(event: Event, members: Sequence[Member]) -> list[Registration]:
    """Register `members` for `event` as its organiser, in this order: the
    registrations `registration_services.register` would return, one by one."""
    if not _answer_known(event, members):
        return [registration_services.register(event, member=member) for member in members]
    places_left = (None if event.max_places is None
                   else event.max_places - registration_services.places_taken(event))
    registrations = []
    for index, member in enumerate(members):
        full = places_left is not None and index >= places_left
        registrations.append(Registration(
            event=event, member=member, sort_name=member.sort_name,
            status=RegistrationStatus.WAITING if full else RegistrationStatus.REGISTERED))
    # created_at is set (auto_now_add) in this order and ties break by pk,
    # so the registration order is the list's order.
    created = Registration.objects.bulk_create(registrations)
    results_cache.changed(event.pk)
    results.announce(event.pk, {results.REGISTRATION}, event)
    return created


def _answer_known(event: Event, members: Sequence[Member]) -> bool:
    if event.status == EventStatus.FINISHED or presence.under_way(event):
        return False
    days = registration_services.event_days(event)
    if not all(member.may_play_on(day) for member in members for day in days):
        return False
    return not event.registrations.filter(member__in=members).exists()
