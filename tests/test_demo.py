from typing import Any

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command


@pytest.mark.django_db
def test_it_creates_the_organiser_and_prints_the_login(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("load_demo")
    user = authenticate(username="organiser", password="mahjong-demo")
    assert user is not None
    assert user.is_staff
    output = capsys.readouterr().out
    assert "organiser" in output
    assert "mahjong-demo" in output


@pytest.mark.django_db
def test_it_is_idempotent_and_resets_the_password() -> None:
    call_command("load_demo")
    user = User.objects.get(username="organiser")
    user.set_password("changed")
    user.is_staff = False
    user.save()
    call_command("load_demo")
    assert User.objects.filter(username="organiser").count() == 1
    organiser = authenticate(username="organiser", password="mahjong-demo")
    assert organiser is not None
    assert organiser.is_staff


@pytest.mark.django_db
def test_it_refuses_to_run_in_production(settings: Any) -> None:
    settings.ENVIRONMENT = "production"
    with pytest.raises(CommandError, match="development only"):
        call_command("load_demo")
    assert not User.objects.filter(username="organiser").exists()
