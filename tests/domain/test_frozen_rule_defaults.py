"""A frozen event keeps the rules it was played with when a rule set's
default changes (issue 14; tournaments/migrations/0006)."""

from __future__ import annotations

import datetime
import importlib

import pytest
from django.apps import apps
from django.utils import timezone

from clubs.models import Club
from tournaments.models import Event

pytestmark = pytest.mark.django_db

pin = importlib.import_module("tournaments.migrations.0006_pin_frozen_rule_defaults").pin


def test_frozen_events_keep_the_old_defaults() -> None:
    club = Club.objects.create(name="Fu-Hing", slug="fu-hing")
    day = datetime.date(2031, 1, 1)
    frozen_nts = Event.objects.create(club=club, title="a", start_date=day, ruleset="nts",
                                      rules_frozen_at=timezone.now())
    frozen_hk = Event.objects.create(club=club, title="b", start_date=day, ruleset="hongkong",
                                     rules_frozen_at=timezone.now(),
                                     rule_options={"payment": "half_pay"})
    chosen = Event.objects.create(club=club, title="c", start_date=day, ruleset="nts",
                                  rules_frozen_at=timezone.now(),
                                  rule_options={"three_player_two_suits": True})
    open_event = Event.objects.create(club=club, title="d", start_date=day, ruleset="nts")
    pin(apps, None)
    for event in (frozen_nts, frozen_hk, chosen, open_event):
        event.refresh_from_db()
    assert frozen_nts.rule_options == {"three_player_two_suits": False}
    assert frozen_hk.rule_options == {"payment": "half_pay", "house_pao_super_clean": True}
    assert chosen.rule_options == {"three_player_two_suits": True}
    assert open_event.rule_options == {}
