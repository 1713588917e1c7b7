"""An event as the EMA's ranking (MERS) sees it: every participant with a
place, N, the number of countries, and the weight and age date
(tournaments/mers.py has the arithmetic). The national ranking
(rankings/services.py), the EMA results file (exports/ema.py) and the event
page all read `summary`, so they agree on N, places and weight.

Who is listed (MERS: "every participant listed, up to 3 substitutes, counts
in N"):

* every player with a result in a closed round: members and guests alike,
  whether or not the event ranks guests in its own standings;
* substitutes, at most `mers.MAX_SUBSTITUTES` (3). With more, the 3 who
  played the most rounds are listed; of equal rounds the one with the better
  result, then the one registered first. The others are left out
  (`Summary.left_out`) and do not count in N.

Places: the listed players in the event's ranking order (its standings'
totals, tournaments/services/standings.py), equal results sharing a place
(1, 2, 2, 4), exactly as tournaments/placing.py places the standings.

Countries: a member's nationality, a guest's country (blank: unknown, not
counted); the number of distinct countries among the listed players.
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass
from decimal import Decimal

from common.names import split_name
from scoring.engine import RULESETS
from tournaments import mers, placing
from tournaments.models import Event, Registration
from tournaments.services.standings import event_standings


def is_mers_ranked(ruleset: str) -> bool:
    """Whether the EMA ranks tournaments of this rule set (MCR, Riichi)."""
    known = RULESETS.get(ruleset)
    return bool(known is not None and known.mers_ranked)


def ema_rules(ruleset: str) -> str:
    """"MCR" or "Riichi", as the EMA writes them; else the rule set's title."""
    known = RULESETS.get(ruleset)
    if known is None:
        return ruleset
    return known.ema_rules or str(known.title)


@dataclass(frozen=True)
class Participant:
    registration_id: int
    place: int
    first_name: str
    last_name: str
    member_id: int | None
    ema_number: str  # "" when the player has none
    country: str  # IOC code; "" when not known (a guest without one)
    table_points: Decimal
    score: int
    rounds_played: int
    guest: bool
    substitute: bool

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


@dataclass(frozen=True)
class Summary:
    event_id: int
    participants: list[Participant]
    left_out: list[int]  # registration ids of substitutes beyond the 3 listed
    countries: int
    days: int
    qualifier: bool
    parts: mers.WeightParts
    override: Decimal | None  # the EMA's weight, when it set one
    last_day: datetime.date
    age_override: datetime.date | None

    @property
    def players(self) -> int:
        """N: every participant listed."""
        return len(self.participants)

    @property
    def computed_weight(self) -> float:
        return self.parts.total

    @property
    def weight(self) -> float:
        """The weight the ranking uses and the file states."""
        return float(self.override) if self.override is not None else self.parts.total

    @property
    def age_date(self) -> datetime.date:
        return self.age_override or self.last_day

    def place_of(self, registration_id: int) -> int | None:
        for participant in self.participants:
            if participant.registration_id == registration_id:
                return participant.place
        return None


def _listed_substitutes(rows: list[placing.StandingRow],
                        registrations: dict[int, Registration]) -> set[int]:
    substitutes = [(index, row) for index, row in enumerate(rows)
                   if registrations[int(row.key)].is_substitute]
    chosen = sorted(substitutes, key=lambda item: (-item[1].rounds_played, item[0],
                                                   registrations[int(item[1].key)].created_at,
                                                   int(item[1].key)))
    return {int(row.key) for _, row in chosen[:mers.MAX_SUBSTITUTES]}


def summary(event: Event) -> Summary:
    """The event's MERS listing and weight, from its closed rounds."""
    rows = event_standings(event)  # in the event's ranking order
    registrations = Registration.objects.select_related("member").in_bulk(
        [int(row.key) for row in rows])
    substitutes = _listed_substitutes(rows, registrations)
    listed, left_out = [], []
    for row in rows:
        registration = registrations[int(row.key)]
        if registration.is_substitute and registration.pk not in substitutes:
            left_out.append(registration.pk)
            continue
        listed.append(dataclasses.replace(row, ranked=True, position=None))
    placed = placing.standings(listed, order=event.ranking_order)
    participants = []
    for row in placed:
        registration = registrations[int(row.key)]
        member = registration.member
        if member is not None:
            first, last = member.first_name, member.last_name
            ema_number, country = member.ema_number or "", member.nationality or ""
        else:
            first, last = split_name(registration.guest_name)
            ema_number, country = registration.guest_ema_number, registration.guest_country
        assert row.position is not None
        participants.append(Participant(
            registration_id=registration.pk, place=row.position, first_name=first,
            last_name=last, member_id=registration.member_id, ema_number=ema_number,
            country=country, table_points=row.table_points, score=row.score,
            rounds_played=row.rounds_played, guest=member is None,
            substitute=registration.is_substitute))
    countries = len({participant.country for participant in participants
                     if participant.country})
    return Summary(
        event_id=event.pk, participants=participants, left_out=left_out,
        countries=countries, days=event.days, qualifier=event.qualifier,
        parts=mers.weight_parts(event.days, len(participants), countries, event.qualifier),
        override=event.mers_weight, last_day=mers.last_day(event.start_date, event.days),
        age_override=event.mers_age_from)


def missing_details(result: Summary) -> list[Participant]:
    """The listed players without an EMA number or a country, in place
    order: what the EMA export's check page shows."""
    return [participant for participant in result.participants
            if not participant.ema_number or not participant.country]
