"""Reading generated PDFs back (pypdf), checking progress reports, and a
small played event for the PDF export tests."""

from __future__ import annotations

import datetime
import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from pypdf import PdfReader

from clubs.models import Club, Member
from tests.support.factories import EventFactory, MemberFactory
from tournaments.models import Event, EventKind, Registration, Round, RoundStatus
from tournaments.services import registration as registrations
from tournaments.services import rounds

DESIREE = "Désirée Heemskerk"


def pages(pdf: bytes) -> list[str]:
    """The text of every page."""
    assert pdf.startswith(b"%PDF-")
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


@dataclass
class Calls:
    """A progress callback that remembers its calls."""

    calls: list[tuple[int, int]] = field(default_factory=list)

    def __call__(self, done: int, total: int) -> None:
        self.calls.append((done, total))

    def check(self, total: int) -> None:
        """Started at 0, never went back, the same total, ended at done == total."""
        assert self.calls, "progress was never reported"
        assert self.calls[0] == (0, total)
        assert self.calls[-1] == (total, total)
        assert {t for _done, t in self.calls} == {total}
        done = [d for d, _total in self.calls]
        assert done == sorted(done)
        assert all(0 <= d <= total for d in done)


def play_round(round_: Round, values: Sequence[int] = (40, 20, 10, 0)) -> Round:
    """One hand at every table (East wins with values[0], nobody discards),
    then close the round. At a table of 5 the fifth player sits out."""
    if round_.status == RoundStatus.SEATED:
        rounds.start_round(round_)
    for table in round_.tables.all():
        rounds.record_hand(table, values=dict(enumerate(values)), winner=0, east=0)
    return rounds.close_round(round_)


@dataclass
class Played:
    event: Event
    club: Club
    players: list[Registration]  # in registration order; players[0] is Désirée
    guest: Registration
    substitute: Registration


def played_tournament(*, finish: bool = True) -> Played:
    """A two-day tournament of Fu-Hing: Désirée Heemskerk (NMB 31415) and six
    other members, a guest of Philos; round 1 played by all eight; Bram
    drops out after it and Invaller Vos takes his seat in round 2. Unfinished,
    it plans a third round: an event finishes by itself after its last."""
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing", city="Amsterdam")
    event = EventFactory(club=club, kind=EventKind.TOURNAMENT, title="Fu-Hing Voorjaarstoernooi",
                         venue="Buurthuis De Kolk", start_date=datetime.date(2030, 3, 6),
                         days=2, rounds_planned=2 if finish else 3)
    names = [("Désirée", "Heemskerk", "31415"), ("Bram", "de Boer", "27182"),
             ("Cor", "Smit", None), ("Dirk", "Visser", None), ("Els", "Mulder", None),
             ("Femke", "Bos", None), ("Gert", "Jansen", None)]
    players = [
        registrations.register(event, member=MemberFactory(
            club=club, first_name=first, last_name=last, nmb_number=number))
        for first, last, number in names
    ]
    guest = registrations.register(event, guest_name="Lotte Gast", guest_club="Philos")
    play_round(rounds.seat_round(rounds.add_round(event), seed=1))
    registrations.drop_out(players[1], after_round=1)
    substitute = registrations.substitute(players[1], member=MemberFactory(
        club=club, first_name="Invaller", last_name="Vos"))
    play_round(rounds.seat_round(rounds.add_round(event), seed=1))
    if finish:
        from tournaments.services.events import finish_event

        finish_event(event)
    event.refresh_from_db()
    return Played(event=event, club=club, players=players, guest=guest, substitute=substitute)


def member_named(club: Club, first_name: str, last_name: str, **fields: object) -> Member:
    return MemberFactory(club=club, first_name=first_name, last_name=last_name, **fields)
