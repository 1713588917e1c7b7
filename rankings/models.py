"""Computed national rankings: one current run per rule set, its entries
(the ranked players) and every result it was computed from.

A run is written whole in one transaction by rankings.services.recompute:
readers see the previous run or the new one, never a part. The run before
the current one is kept ("previous") until the next recomputation, so a
reader that looked up the current run just before a swap still finds its
rows.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Member
from tournaments.models import Event


class RunStatus(models.TextChoices):
    CURRENT = "current", _("current")
    PREVIOUS = "previous", _("previous")


class RankingRun(models.Model):
    ruleset = models.CharField(_("rule set"), max_length=20)
    status = models.CharField(_("status"), max_length=10, choices=RunStatus.choices,
                              default=RunStatus.CURRENT)
    # When the computation started reading results (a later start wins) and
    # when it was stored.
    started_at = models.DateTimeField()
    computed_at = models.DateTimeField(_("computed"))
    # The day the results' ages are counted from.
    as_of = models.DateField(_("as of"))
    # The formula's constants used (RankingConfig.as_dict()).
    config = models.JSONField(default=dict)
    events = models.PositiveIntegerField(_("tournaments"), default=0)
    players = models.PositiveIntegerField(_("ranked players"), default=0)

    class Meta:
        ordering = ["ruleset", "-computed_at"]
        verbose_name = _("ranking run")
        verbose_name_plural = _("ranking runs")
        constraints = [
            models.UniqueConstraint(fields=["ruleset"], condition=Q(status="current"),
                                    name="ranking_one_current_run_per_ruleset"),
        ]

    def __str__(self) -> str:
        return f"{self.ruleset} {self.computed_at:%Y-%m-%d %H:%M} ({self.status})"


class RankingEntry(models.Model):
    """A ranked player: at least the minimum number of counting results."""

    run = models.ForeignKey(RankingRun, on_delete=models.CASCADE, related_name="entries")
    position = models.PositiveIntegerField(_("position"))
    # "nmb-<NMB number>", or "member-<id>" for a member without one.
    player_key = models.CharField(max_length=40)
    # The member record of the player's latest result (name and club shown).
    member = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="+")
    name = models.CharField(_("name"), max_length=220)  # as it was when computed
    clubs = models.ManyToManyField(Club, related_name="ranking_entries", blank=True)
    rating = models.DecimalField(_("rating"), max_digits=7, decimal_places=2)
    part_a = models.DecimalField(_("part A"), max_digits=7, decimal_places=2)
    part_b = models.DecimalField(_("part B"), max_digits=7, decimal_places=2)
    results = models.PositiveIntegerField(_("results counted"))
    last_result = models.DateField(_("last result"))

    class Meta:
        ordering = ["run", "position", "name", "player_key"]
        verbose_name = _("ranking entry")
        verbose_name_plural = _("ranking entries")
        constraints = [
            models.UniqueConstraint(fields=["run", "player_key"],
                                    name="ranking_entry_once_per_player"),
        ]
        indexes = [models.Index(fields=["run", "position"])]

    def __str__(self) -> str:
        return f"{self.position}. {self.name} {self.rating}"

    @property
    def display_name(self) -> str:
        """The member's name now; the name when computed if the member is gone."""
        return self.member.full_name if self.member is not None else self.name


class RankingResult(models.Model):
    """One result of a player (a member placed in a finished tournament's
    standings) and how it counted in the run, old ones included (for the
    rating history)."""

    run = models.ForeignKey(RankingRun, on_delete=models.CASCADE, related_name="results")
    player_key = models.CharField(max_length=40)
    member = models.ForeignKey(Member, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="+")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    last_day = models.DateField(_("date"))
    days = models.PositiveSmallIntegerField(_("days"))
    place = models.PositiveIntegerField(_("place"))
    players = models.PositiveIntegerField(_("ranked players"))
    base_rank = models.FloatField(_("base rank"))
    event_weight = models.FloatField(_("tournament weight"))
    age_factor = models.FloatField(_("age factor"))
    in_part_a = models.BooleanField(_("counted in part A"), default=False)
    in_part_b = models.BooleanField(_("counted in part B"), default=False)

    class Meta:
        ordering = ["run", "player_key", "-last_day", "event"]
        verbose_name = _("ranking result")
        verbose_name_plural = _("ranking results")
        indexes = [models.Index(fields=["run", "player_key"])]

    def __str__(self) -> str:
        return f"{self.player_key} @ {self.event_id}: {self.place}/{self.players}"

    @property
    def weight(self) -> float:
        return self.event_weight * self.age_factor
