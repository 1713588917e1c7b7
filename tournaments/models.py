"""Events (club evenings and tournaments), registrations, rounds, tables,
seats, hands and table results.

The database keeps the data true: unique keys and check constraints say what
can never happen (a player registered twice, two players in one seat, one
player in two seats of a round); business operations live in
tournaments/services/ and run in transactions.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs import limits
from clubs.models import COUNTRY_CHOICES, Club, Member, ema_number_validator
from common.names import SORT_KEY_LENGTH, full_name_sort_key
from scoring import texts
from scoring.engine import DEFAULT_RULESET, RULESETS
from scoring.engine.errors import InvalidGame


class EventKind(models.TextChoices):
    EVENING = "evening", _("club evening")
    TOURNAMENT = "tournament", _("tournament")


class OddTables(models.TextChoices):
    FIVE = "five", _("tables of 5")
    THREE = "three", _("tables of 3")


class SeatingMethod(models.TextChoices):
    RANDOM = "random", _("random")
    FUHING = "fuhing", _("table points of last round (Fu-Hing)")
    SWISS = "swiss", _("Swiss: by standing, avoiding repeats")
    BALANCED = "balanced", _("balanced: fewest repeats, even winds")


class TieRule(models.TextChoices):
    SHARE = "share", _("tied players share the table points")
    TIEBREAK = "tiebreak", _("most mahjongs, then fewest deal-ins")


class RankingOrder(models.TextChoices):
    SCORE = "score", _("total score (NTS tournaments)")
    TABLE_POINTS = "table_points", _("table points, then score")


class EventStatus(models.TextChoices):
    DRAFT = "draft", _("in preparation")
    OPEN = "open", _("open for registration")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")


class Event(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="events",
                             verbose_name=_("club"))
    kind = models.CharField(_("kind"), max_length=12, choices=EventKind.choices,
                            default=EventKind.EVENING)
    title = models.CharField(_("title"), max_length=160)
    venue = models.CharField(_("venue"), max_length=160, blank=True)
    start_date = models.DateField(_("date"), validators=limits.date_range())
    days = models.PositiveSmallIntegerField(_("days"), default=1,
                                            validators=limits.up_to(limits.MAX_EVENT_DAYS, 1))
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"), default=2,
                                                      validators=limits.up_to(limits.MAX_ROUNDS, 1))
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round"), default=75, validators=limits.up_to(limits.MAX_ROUND_MINUTES, 1))
    ruleset = models.CharField(_("rule set"), max_length=20, default=DEFAULT_RULESET)
    rule_options = models.JSONField(_("rule options"), default=dict, blank=True)
    # Set when the first hand is entered: from then on the rule set and its
    # options never change, so later house-rule changes never alter results.
    rules_frozen_at = models.DateTimeField(null=True, blank=True, editable=False)
    max_places = models.PositiveIntegerField(_("places"), null=True, blank=True,
                                             validators=limits.up_to(limits.MAX_PLACES))
    self_registration = models.BooleanField(_("members can register online"), default=True)
    requires_approval = models.BooleanField(_("registrations need approval"), default=False)
    odd_tables = models.CharField(_("when not a multiple of 4"), max_length=5,
                                  choices=OddTables.choices, default=OddTables.FIVE)
    avoid_same_club = models.BooleanField(_("never seat members of one club together"),
                                          default=False)
    seating_method = models.CharField(_("seating after round 1"), max_length=10,
                                      choices=SeatingMethod.choices,
                                      default=SeatingMethod.BALANCED)
    table_point_scheme = models.CharField(_("table points"), max_length=20, default="4-2-1-0")
    tie_rule = models.CharField(_("ties at a table"), max_length=10, choices=TieRule.choices,
                                default=TieRule.SHARE)
    ranking_order = models.CharField(_("ranking"), max_length=12, choices=RankingOrder.choices,
                                     default=RankingOrder.SCORE)
    guests_ranked = models.BooleanField(_("guests are ranked"), default=True)
    # A hand counts only after a second person at the table confirmed it.
    requires_confirmation = models.BooleanField(
        _("hands need confirmation by a second person"), default=False)
    status = models.CharField(_("status"), max_length=10, choices=EventStatus.choices,
                              default=EventStatus.OPEN)
    # While open, registered members check themselves in from their phone.
    self_check_in = models.BooleanField(_("members check themselves in"), default=False)
    # For the EMA (MERS): the city in the results file's tournament block,
    # whether the event qualifies for a championship (+1 weight), and the
    # EMA's own overrides of the weight and of the day a result's age counts
    # from (None: computed from the event, its last day).
    city = models.CharField(_("city"), max_length=80, blank=True)
    qualifier = models.BooleanField(_("qualifies for a championship"), default=False)
    mers_weight = models.DecimalField(
        _("MERS weight (override)"), max_digits=4, decimal_places=2, null=True, blank=True,
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(10))],
        help_text=_("Empty: computed from days, players, countries and qualification."))
    mers_age_from = models.DateField(
        _("ranking age counts from (override)"), null=True, blank=True,
        validators=limits.date_range(), help_text=_("Empty: the event's last day."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "title"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(condition=Q(days__gte=1), name="event_at_least_one_day"),
            models.CheckConstraint(condition=Q(rounds_planned__gte=1),
                                   name="event_at_least_one_round"),
            models.CheckConstraint(condition=Q(max_places__isnull=True) | Q(max_places__gte=3),
                                   name="event_places_seat_a_table"),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.start_date})"

    def clean(self) -> None:
        if self.ruleset not in RULESETS:
            raise ValidationError({"ruleset": _("Unknown rule set %(name)s.") % {
                "name": self.ruleset}})
        ruleset = RULESETS[self.ruleset]
        try:
            ruleset.resolve_options(self.rule_options or {})
        except InvalidGame as error:
            raise ValidationError(
                {"rule_options": texts.engine_error(error, self.ruleset)}) from None
        if ruleset.by_table_result:
            # MCR, Riichi: the rule set decides the table points (entered per
            # table, scoring/engine/table_result.py) and the EMA's ranking by
            # table points, then score; the event's own choices do not apply.
            self.table_point_scheme = "4-2-1-0"
            self.tie_rule = TieRule.SHARE
            self.ranking_order = RankingOrder.TABLE_POINTS
            # Tables of 4 only (no fifth or third player to seat), and no
            # hands to confirm: the form hides both, so a value left from
            # another rule set must not linger.
            self.odd_tables = OddTables.FIVE
            self.requires_confirmation = False
        elif self.odd_tables == OddTables.THREE and 3 not in ruleset.player_counts:
            raise ValidationError({"odd_tables": _(
                "%(ruleset)s is not played at tables of 3: choose tables of 5.") % {
                "ruleset": ruleset.title}})
        if self.pk and self.rules_frozen_at:
            stored = Event.objects.filter(pk=self.pk).values("ruleset", "rule_options").first()
            if stored and (stored["ruleset"], stored["rule_options"]) != (
                self.ruleset, self.rule_options
            ):
                raise ValidationError(_("The rules are frozen: hands have been entered."))


class ClubEventDefaults(models.Model):
    """What a club's new events start with: its house rules (Fu-Hing: Hong
    Kong, two rounds, the second re-seated by table points, ranked by table
    points). The event form is filled from these; the event keeps its own
    copy, so changing the defaults never changes an event."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="event_defaults",
                                verbose_name=_("club"))
    kind = models.CharField(_("kind"), max_length=12, choices=EventKind.choices,
                            default=EventKind.EVENING)
    # "{date}" is replaced by the event's date ("Clubavond {date}").
    title_pattern = models.CharField(_("title"), max_length=120, blank=True,
                                     help_text=_("{date} is replaced by the date."))
    venue = models.CharField(_("venue"), max_length=160, blank=True)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"), default=2,
                                                      validators=limits.up_to(limits.MAX_ROUNDS, 1))
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round"), default=75, validators=limits.up_to(limits.MAX_ROUND_MINUTES, 1))
    ruleset = models.CharField(_("rule set"), max_length=20, default=DEFAULT_RULESET)
    rule_options = models.JSONField(_("rule options"), default=dict, blank=True)
    odd_tables = models.CharField(_("when not a multiple of 4"), max_length=5,
                                  choices=OddTables.choices, default=OddTables.FIVE)
    seating_method = models.CharField(_("seating after round 1"), max_length=10,
                                      choices=SeatingMethod.choices,
                                      default=SeatingMethod.BALANCED)
    table_point_scheme = models.CharField(_("table points"), max_length=20, default="4-2-1-0")
    tie_rule = models.CharField(_("ties at a table"), max_length=10, choices=TieRule.choices,
                                default=TieRule.SHARE)
    ranking_order = models.CharField(_("ranking"), max_length=12, choices=RankingOrder.choices,
                                     default=RankingOrder.SCORE)
    requires_confirmation = models.BooleanField(
        _("hands need confirmation by a second person"), default=False)

    class Meta:
        verbose_name = _("event defaults")
        verbose_name_plural = _("event defaults")
        constraints = [
            models.CheckConstraint(condition=Q(rounds_planned__gte=1),
                                   name="event_defaults_at_least_one_round"),
        ]

    def __str__(self) -> str:
        return str(self.club)

    def clean(self) -> None:
        if self.ruleset not in RULESETS:
            raise ValidationError({"ruleset": _("Unknown rule set %(name)s.") % {
                "name": self.ruleset}})
        try:
            RULESETS[self.ruleset].resolve_options(self.rule_options or {})
        except InvalidGame as error:
            raise ValidationError(
                {"rule_options": texts.engine_error(error, self.ruleset)}) from None


class RegistrationStatus(models.TextChoices):
    REGISTERED = "registered", _("registered")
    WAITING = "waiting", _("on the waiting list")
    PENDING = "pending", _("awaiting approval")
    WITHDRAWN = "withdrawn", _("withdrawn")


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    # A member, or a guest (no member number) by name.
    member = models.ForeignKey(Member, on_delete=models.PROTECT, null=True, blank=True,
                               related_name="registrations", verbose_name=_("member"))
    guest_name = models.CharField(_("guest name"), max_length=160, blank=True)
    guest_club = models.CharField(_("guest's club"), max_length=120, blank=True)
    # A guest's EMA number and country, for the EMA results (a member's are
    # on the member).
    guest_ema_number = models.CharField(_("guest's EMA number"), max_length=8, blank=True,
                                        validators=[ema_number_validator])
    guest_country = models.CharField(_("guest's country"), max_length=3, blank=True,
                                     choices=COUNTRY_CHOICES)
    status = models.CharField(_("status"), max_length=10, choices=RegistrationStatus.choices,
                              default=RegistrationStatus.REGISTERED)
    created_at = models.DateTimeField(auto_now_add=True)
    checked_in_at = models.DateTimeField(_("checked in"), null=True, blank=True)
    late = models.BooleanField(_("arrives late"), default=False)
    # Presence is decided per round: a player plays from `first_round` (None:
    # from the first) up to `dropped_after_round` (tournaments.services.presence).
    first_round = models.PositiveSmallIntegerField(
        _("plays from round"), null=True, blank=True,
        validators=limits.up_to(limits.MAX_ROUNDS, 1))
    # Dutch list order of the player's name (common/names.py), for members
    # and guests alike. Written by save().
    sort_name = models.CharField(max_length=SORT_KEY_LENGTH, editable=False, default="",
                                 db_index=True)
    dropped_after_round = models.PositiveSmallIntegerField(
        _("dropped out after round"), null=True, blank=True,
        validators=limits.up_to(limits.MAX_ROUNDS))
    # A substitute takes over a dropped player's seat; their results are kept
    # apart and do not rank.
    substitute_for = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True,
                                       related_name="substitutes")

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["event", "member"], condition=Q(member__isnull=False),
                                    name="member_registers_once_per_event"),
            models.UniqueConstraint(fields=["event", "guest_ema_number"],
                                    condition=~Q(guest_ema_number=""),
                                    name="guest_ema_number_once_per_event"),
            models.CheckConstraint(
                condition=(Q(member__isnull=False) & Q(guest_name=""))
                | (Q(member__isnull=True) & ~Q(guest_name="")),
                name="registration_member_or_guest",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        # A member's key follows the member's name (clubs.Member.sort_name);
        # a guest's is read from the one name field.
        self.sort_name = (self.member.sort_name if self.member_id is not None and self.member
                          else full_name_sort_key(self.guest_name))
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"member", "guest_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "sort_name"}
        super().save(*args, **kwargs)

    @property
    def name(self) -> str:
        return self.member.full_name if self.member else self.guest_name

    @property
    def is_guest(self) -> bool:
        return self.member_id is None

    @property
    def is_substitute(self) -> bool:
        return self.substitute_for_id is not None

    @property
    def club_key(self) -> str:
        """Which club a player represents, for seating club rules."""
        if self.member is not None:
            return f"club:{self.member.club_id}"
        return f"guest:{self.guest_club or self.pk}"


class RoundStatus(models.TextChoices):
    PLANNED = "planned", _("planned")
    SEATED = "seated", _("seated")
    STARTED = "started", _("started")
    CLOSED = "closed", _("closed")


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    seating_method = models.CharField(_("seating"), max_length=10, choices=SeatingMethod.choices,
                                      default=SeatingMethod.RANDOM)
    status = models.CharField(_("status"), max_length=10, choices=RoundStatus.choices,
                              default=RoundStatus.PLANNED)
    # The seating report (repeat meetings, wind spread, same table as last round).
    seating_report = models.JSONField(default=dict, blank=True)
    starts_at = models.DateTimeField(_("starts"), null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # The round's clock (tournaments.services.clock): running from
    # clock_started_at, less the seconds it was paused; paused while
    # clock_paused_at is set. It runs for the event's round_minutes.
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.event.title}, round {self.number}"

    @property
    def locked(self) -> bool:
        """Seating can change only before the round starts."""
        return self.status in (RoundStatus.STARTED, RoundStatus.CLOSED)


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    # Moves on with every change to the table's hands (created, corrected,
    # deleted, re-seated): a score-entry page that saw an older version is
    # told what changed instead of overwriting it.
    version = models.PositiveIntegerField(default=0, editable=False)
    # Minutes this table plays beyond the round's clock (a late start, a
    # dispute), and when its scorekeeper said the table has finished.
    extra_minutes = models.PositiveSmallIntegerField(
        _("extra minutes"), default=0, validators=limits.up_to(limits.MAX_ROUND_MINUTES))
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round}, table {self.number}"


# How a page names a seat's position (Seat.position).
SEAT_LABELS = {0: _("East"), 1: _("South"), 2: _("West"), 3: _("North"), 4: _("Fifth player")}


class Seat(models.Model):
    """A player at a table: position 0-3 are the seat winds E S W N at the
    start of the round, 4 the fifth player of a 5-player table."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT,
                                     related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["round", "registration"],
                                    name="one_seat_per_player_per_round"),
            models.CheckConstraint(condition=Q(position__lte=4), name="seat_position_0_to_4"),
        ]

    def __str__(self) -> str:
        return f"{self.table}, seat {self.position}"


class Hand(models.Model):
    """One hand played at a table: the engine's input and result, kept whole.

    Issue 4 adds score entry by tiles, idempotency and the audit trail; the
    scores per player are in HandScore for fast standings.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    game = models.JSONField()  # the score_game input
    result = models.JSONField()  # the score_game result
    winner = models.ForeignKey(Registration, on_delete=models.PROTECT, null=True, blank=True,
                               related_name="hands_won")
    discarder = models.ForeignKey(Registration, on_delete=models.PROTECT, null=True,
                                  blank=True, related_name="hands_dealt_in")
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The hand as entered, by the table's seat positions (services/hand_entry.py):
    # corrections and seat corrections rebuild `game` from it.
    entry = models.JSONField(default=dict, blank=True)
    # The client's idempotency key and a digest of what it sent: a repeat
    # with the same key returns this hand; other content under it is refused.
    submission_id = models.UUIDField(null=True, blank=True, editable=False)
    submission_digest = models.CharField(max_length=64, blank=True, editable=False)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                     null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique"),
            models.UniqueConstraint(fields=["table", "submission_id"],
                                    condition=Q(submission_id__isnull=False),
                                    name="hand_submission_once_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.table}, hand {self.number}"


class HandAction(models.TextChoices):
    CREATED = "created", _("created")
    CORRECTED = "corrected", _("corrected")
    DELETED = "deleted", _("deleted")
    RESEATED = "reseated", _("seats corrected")
    CONFIRMED = "confirmed", _("confirmed")
    # Rule sets scored by table result (MCR, Riichi): the table's scores as
    # entered, corrected or cleared (number 0: not a hand).
    RESULT = "result", _("table result")


class HandChange(models.Model):
    """The audit trail of a table's hands: who did what, when, and the hand
    before and after. Rows are only ever added; a deleted hand keeps its rows
    (hand set to NULL, table and number kept)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hand_changes")
    hand = models.ForeignKey(Hand, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="changes")
    number = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=10, choices=HandAction.choices)
    # The table's version after this change.
    version = models.PositiveIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["table", "pk"]
        verbose_name = _("change to a hand")
        verbose_name_plural = _("changes to hands")
        indexes = [models.Index(fields=["table", "version"])]

    def __str__(self) -> str:
        return f"{self.table}, hand {self.number}: {self.action}"


class Scorekeeper(models.Model):
    """A user who may enter hands: at every table of an event, or only at
    one table number (in every round)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="scorekeeping", verbose_name=_("user"))
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="scorekeepers",
                              verbose_name=_("event"))
    table_number = models.PositiveSmallIntegerField(
        _("table"), null=True, blank=True, help_text=_("Empty: every table of the event."),
        validators=limits.up_to(limits.MAX_TABLES, 1))

    class Meta:
        verbose_name = _("scorekeeper")
        verbose_name_plural = _("scorekeepers")
        constraints = [
            models.UniqueConstraint(fields=["user", "event"],
                                    condition=Q(table_number__isnull=True),
                                    name="scorekeeper_once_per_event"),
            models.UniqueConstraint(fields=["user", "event", "table_number"],
                                    condition=Q(table_number__isnull=False),
                                    name="scorekeeper_once_per_table"),
        ]

    def __str__(self) -> str:
        where = f", table {self.table_number}" if self.table_number else ""
        return f"{self.user} @ {self.event}{where}"


class HandScore(models.Model):
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="scores")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT,
                                     related_name="hand_scores")
    seat_wind = models.CharField(max_length=1)  # E S W N at this hand
    value = models.IntegerField()  # the hand's value
    settlement = models.IntegerField()  # won (+) or lost (-)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hand", "registration"], name="one_score_per_player"),
            models.UniqueConstraint(fields=["hand", "seat_wind"], name="one_player_per_wind"),
        ]

    def __str__(self) -> str:
        return f"{self.hand}: {self.seat_wind} {self.settlement:+d}"


class TableResult(models.Model):
    """A player's result at a table in a round, computed when it closes."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT,
                                     related_name="table_results")
    score = models.IntegerField(default=0)
    # Shares of table points can need 5 decimals (tournaments/placing.py).
    table_points = models.DecimalField(max_digits=10, decimal_places=5, default=Decimal(0))
    mahjongs = models.PositiveSmallIntegerField(default=0)
    deal_ins = models.PositiveSmallIntegerField(default=0)
    rank = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["table", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["table", "registration"],
                                    name="one_result_per_player_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.registration} {self.table_points}"


class Referee(models.Model):
    """A user who may record penalties at an event (as a scorekeeper may
    enter hands), besides its organisers."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="refereeing", verbose_name=_("user"))
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="referees",
                              verbose_name=_("event"))

    class Meta:
        verbose_name = _("referee")
        verbose_name_plural = _("referees")
        constraints = [
            models.UniqueConstraint(fields=["user", "event"], name="referee_once_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.event}"


class PenaltyKind(models.TextChoices):
    CHOMBO = "chombo", _("chombo")
    OTHER = "other", _("other")


MAX_PENALTY_POINTS = 1_000_000


class Penalty(models.Model):
    """Points deducted from a player in a round (a chombo, a late arrival,
    ...). How they count in the standings is the rule set's
    (RuleSet.penalty_table_points). Written only by
    tournaments/services/penalties.py, which keeps PenaltyChange."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="penalties",
                              verbose_name=_("round"))
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT,
                                     related_name="penalties", verbose_name=_("player"))
    points = models.PositiveIntegerField(_("points"),
                                         validators=limits.up_to(MAX_PENALTY_POINTS, 1))
    kind = models.CharField(_("kind"), max_length=10, choices=PenaltyKind.choices,
                            default=PenaltyKind.OTHER)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, blank=True, related_name="+")
    recorded_at = models.DateTimeField(auto_now_add=True)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round__number", "pk"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(condition=Q(points__gte=1), name="penalty_at_least_one_point"),
        ]

    def __str__(self) -> str:
        return f"{self.registration}: -{self.points} ({self.kind})"


class PenaltyAction(models.TextChoices):
    CREATED = "created", _("recorded")
    CORRECTED = "corrected", _("corrected")
    REMOVED = "removed", _("removed")


class PenaltyChange(models.Model):
    """The audit trail of an event's penalties: who did what, when, and the
    penalty before and after. Rows are only ever added; a removed penalty
    keeps its rows (penalty set to NULL)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalty_changes")
    penalty = models.ForeignKey(Penalty, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="changes")
    action = models.CharField(max_length=10, choices=PenaltyAction.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["event", "pk"]
        verbose_name = _("change to a penalty")
        verbose_name_plural = _("changes to penalties")

    def __str__(self) -> str:
        return f"{self.event}: penalty {self.action}"
