"""The round clock: the organiser starts it, pauses and resumes it; a table
may get extra minutes; pages show the time left.

A round's clock runs for the event's `round_minutes` from
`Round.clock_started_at`, less the seconds it stood paused
(`clock_paused_seconds`, and since `clock_paused_at` while it is paused). A
table's time is the round's plus its `Table.extra_minutes`. The server's time
is the truth: a page is given the seconds left when it is made and counts
down from there by the browser's own steady clock (static/js/clock.js),
asking again now and then, so a phone whose clock is wrong still shows the
right time.

Every function takes `now` (the server's time by default), so the
arithmetic is tested with a fixed clock.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import limits
from scoring.engine import RULESETS
from scoring.engine.timing import FINISH_HAND, STOP_AT_SIGNAL
from tournaments.models import Event, Round, RoundStatus, Table


@dataclass(frozen=True)
class ClockState:
    """The clock of a round (at a table: with its extra minutes) at `at`."""

    started: bool
    paused: bool
    total_seconds: int
    # Negative once time is up: how long ago it was up.
    remaining_seconds: int
    extra_minutes: int
    at: datetime.datetime

    @property
    def running(self) -> bool:
        return self.started and not self.paused

    @property
    def over(self) -> bool:
        return self.started and self.remaining_seconds <= 0

    @property
    def seconds_left(self) -> int:
        """What a page counts down from: never below 0."""
        return max(self.remaining_seconds, 0)

    @property
    def ends_at(self) -> datetime.datetime | None:
        """When time is up, while the clock runs."""
        if not self.running:
            return None
        return self.at + datetime.timedelta(seconds=self.remaining_seconds)

    @property
    def shown(self) -> str:
        """The time left as the page shows it first: M:SS or H:MM:SS."""
        return format_seconds(self.seconds_left)


def format_seconds(seconds: int) -> str:
    hours, rest = divmod(max(seconds, 0), 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def _now(now: datetime.datetime | None) -> datetime.datetime:
    return now if now is not None else timezone.now()


def elapsed_seconds(round_: Round, now: datetime.datetime | None = None) -> int:
    """How long the round's clock has run: not while it stood paused."""
    if round_.clock_started_at is None:
        return 0
    until = round_.clock_paused_at or _now(now)
    ran = (until - round_.clock_started_at).total_seconds() - round_.clock_paused_seconds
    return max(int(ran), 0)


def clock_state(round_: Round, table: Table | None = None, *,
                now: datetime.datetime | None = None) -> ClockState:
    now = _now(now)
    extra = table.extra_minutes if table is not None else 0
    total = (round_.event.round_minutes + extra) * 60
    return ClockState(
        started=round_.clock_started_at is not None,
        paused=round_.clock_paused_at is not None,
        total_seconds=total,
        remaining_seconds=total - elapsed_seconds(round_, now),
        extra_minutes=extra,
        at=now,
    )


def _locked(round_: Round) -> Round:
    round_ = Round.objects.select_for_update(of=("self",)).select_related("event").get(
        pk=round_.pk)
    if round_.status != RoundStatus.STARTED:
        raise ValidationError(_("Round %(round)s is not being played: its clock cannot be "
                                "changed.") % {"round": round_.number})
    return round_


def _save(round_: Round, caller: Round) -> Round:
    """Store the clock, and show it on the caller's round object too."""
    # The clock is no result: a queryset update leaves the results cache
    # (and the rankings) alone, which a model save would tell.
    fields = {name: getattr(round_, name)
              for name in ("clock_started_at", "clock_paused_at", "clock_paused_seconds")}
    Round.objects.filter(pk=round_.pk).update(**fields)
    for name, value in fields.items():
        setattr(caller, name, value)
    return round_


def start_clock(caller: Round, *, now: datetime.datetime | None = None) -> Round:
    """Start the round's clock (once: a started clock is paused or resumed)."""
    with transaction.atomic():
        round_ = _locked(caller)
        if round_.clock_started_at is not None:
            raise ValidationError(_("The clock of round %(round)s is already running.") % {
                "round": round_.number})
        round_.clock_started_at = _now(now)
        round_.clock_paused_at = None
        round_.clock_paused_seconds = 0
        return _save(round_, caller)


def pause_clock(caller: Round, *, now: datetime.datetime | None = None) -> Round:
    with transaction.atomic():
        round_ = _locked(caller)
        if round_.clock_started_at is None:
            raise ValidationError(_("The clock of round %(round)s has not been started.") % {
                "round": round_.number})
        if round_.clock_paused_at is None:  # pausing twice changes nothing
            round_.clock_paused_at = max(_now(now), round_.clock_started_at)
            _save(round_, caller)
        return round_


def resume_clock(caller: Round, *, now: datetime.datetime | None = None) -> Round:
    with transaction.atomic():
        round_ = _locked(caller)
        if round_.clock_started_at is None:
            raise ValidationError(_("The clock of round %(round)s has not been started.") % {
                "round": round_.number})
        if round_.clock_paused_at is not None:  # resuming a running clock changes nothing
            paused = (_now(now) - round_.clock_paused_at).total_seconds()
            round_.clock_paused_seconds += max(int(paused), 0)
            round_.clock_paused_at = None
            _save(round_, caller)
        return round_


def set_extra_minutes(table: Table, minutes: int) -> Table:
    """Give a table extra minutes beyond the round's clock (a late start, a
    dispute); 0 takes them back."""
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not (
            0 <= minutes <= limits.MAX_ROUND_MINUTES):
        raise ValidationError({"extra_minutes": _(
            "Extra minutes must be a whole number from 0 to %(most)s.") % {
            "most": limits.MAX_ROUND_MINUTES}})
    with transaction.atomic():
        _locked(table.round)
        Table.objects.filter(pk=table.pk).update(extra_minutes=minutes)
        table.extra_minutes = minutes
        return table


@dataclass(frozen=True)
class AtTime:
    """What the rule set prescribes for the hand in play when time is up,
    in the reader's language, with where the rules say so."""

    code: str
    text: str
    source: str


def at_time(event: Event) -> AtTime | None:
    """The event's rule set's time rule (scoring.engine.timing), translated."""
    ruleset = RULESETS.get(event.ruleset)
    if ruleset is None:
        return None
    rule = ruleset.time_rule
    texts = {
        FINISH_HAND: _("Time is up: finish the hand being played and enter it; do not start a "
                       "new hand."),
        STOP_AT_SIGNAL: _("Time is up: the round is over. The hand being played is not "
                          "finished and not entered."),
    }
    return AtTime(code=rule.code, text=texts.get(rule.code, rule.text), source=rule.source)
