"""Precomputed statistics (stats/services.py computes them, the pages read them).

One row per player (a person: members sharing an NMB number are one) and one
per club and per event, each a JSON payload as stats/tally.py describes it.
A full recomputation replaces every row in one transaction, so a reader sees
either the old set or the new one, never half of each.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class PayloadField(models.JSONField):
    """A JSON document of statistics. Declaring a placeholder keeps Django
    from inserting many of them as one PostgreSQL array (UNNEST), whose
    quoting of large documents is slow; a plain multi-row INSERT is used."""

    def get_placeholder(self, value: object, compiler: object, connection: object) -> str:
        return "%s"


class PlayerStatistics(models.Model):
    # "nmb-<NMB number>", or "member-<member id>" for a member without one
    # (stats/keys.py).
    key = models.CharField(max_length=40, unique=True)
    payload = PayloadField()
    computed_at = models.DateTimeField()

    class Meta:
        verbose_name = _("player statistics")
        verbose_name_plural = _("player statistics")

    def __str__(self) -> str:
        return self.key


class GroupScope(models.TextChoices):
    CLUB = "club", _("club")
    EVENT = "event", _("event")


class GroupStatistics(models.Model):
    """The statistics of a club (over its events) or of one event."""

    scope = models.CharField(max_length=5, choices=GroupScope.choices)
    object_id = models.PositiveBigIntegerField()
    payload = PayloadField()
    computed_at = models.DateTimeField()

    class Meta:
        verbose_name = _("club or event statistics")
        verbose_name_plural = _("club and event statistics")
        constraints = [
            models.UniqueConstraint(fields=["scope", "object_id"], name="group_statistics_once"),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.object_id}"
