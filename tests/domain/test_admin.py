"""The admin, the organisers' fallback: every list and form page renders."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import reverse

from tests.domain.conftest import make_event
from tests.support.factories import UserFactory
from tournaments.services.rounds import add_round, close_round, record_hand, seat_round, start_round
from tournaments.services.scorekeepers import add_scorekeeper

pytestmark = pytest.mark.django_db

MODELS = sorted(
    f"{model._meta.app_label}.{model._meta.model_name}"
    for model in admin.site._registry
    if model._meta.app_label in ("clubs", "tournaments")
)


@pytest.mark.parametrize("model", MODELS)
def test_the_admin_pages_render(client: Client, model: str) -> None:
    event, _ = make_event(8)
    round_ = seat_round(add_round(event), seed=1)
    start_round(round_)
    for table in round_.tables.all():
        record_hand(table, values={0: 0, 1: 20, 2: 0, 3: 0}, winner=1, east=0)
    close_round(round_)
    add_scorekeeper(event, UserFactory())
    client.force_login(UserFactory(is_superuser=True))
    app_label, model_name = model.split(".")
    changelist = client.get(reverse(f"admin:{app_label}_{model_name}_changelist"))
    assert changelist.status_code == 200
    registered = next(m for m in admin.site._registry if m._meta.model_name == model_name
                      and m._meta.app_label == app_label)
    obj = registered.objects.first()  # type: ignore[attr-defined]
    change = client.get(reverse(f"admin:{app_label}_{model_name}_change", args=[obj.pk]))
    assert change.status_code == 200
