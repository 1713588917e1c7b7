"""clubs.services: members, their NMB numbers and dates of birth."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from clubs import services
from clubs.models import Member
from tests.support.factories import ClubFactory, MemberFactory

pytestmark = pytest.mark.django_db


def test_it_creates_a_member() -> None:
    club = ClubFactory()
    member = services.create_member(club, first_name=" Anna ", last_name="de Vries",
                                    nmb_number=" 10001 ", date_of_birth=datetime.date(1980, 1, 2))
    assert (member.club, member.full_name, member.nmb_number) == (club, "Anna de Vries", "10001")


def test_an_empty_nmb_number_is_stored_as_none() -> None:
    club = ClubFactory()
    services.create_member(club, first_name="A", last_name="B", nmb_number="")
    services.create_member(club, first_name="C", last_name="D", nmb_number="  ")
    assert Member.objects.filter(nmb_number__isnull=True).count() == 2


def test_an_nmb_number_used_by_a_clubmate_is_refused_naming_them() -> None:
    holder = MemberFactory(nmb_number="10001", first_name="Bram", last_name="Bos")
    with pytest.raises(ValidationError) as error:
        services.create_member(holder.club, first_name="Cor", last_name="Kok",
                               nmb_number="10001")
    assert "Bram Bos" in error.value.message_dict["nmb_number"][0]
    assert not Member.objects.filter(first_name="Cor").exists()


def test_an_nmb_number_used_in_another_club_does_not_leak_the_name() -> None:
    MemberFactory(nmb_number="10001", first_name="Bram", last_name="Bos")
    with pytest.raises(ValidationError) as error:
        services.create_member(ClubFactory(), first_name="Cor", last_name="Kok",
                               nmb_number="10001")
    message = error.value.message_dict["nmb_number"][0]
    assert "10001" in message and "Bram" not in message


def test_a_date_of_birth_in_the_future_is_refused() -> None:
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    with pytest.raises(ValidationError) as error:
        services.create_member(ClubFactory(), first_name="A", last_name="B",
                               date_of_birth=tomorrow)
    assert "date_of_birth" in error.value.message_dict
    assert not Member.objects.exists()


def test_a_name_is_required() -> None:
    with pytest.raises(ValidationError) as error:
        services.create_member(ClubFactory(), first_name="  ", last_name="B")
    assert "first_name" in error.value.message_dict


def test_it_updates_a_member() -> None:
    member = MemberFactory(long_illness=False)
    services.update_member(member, long_illness=True, nmb_number="777")
    member.refresh_from_db()
    assert member.long_illness and member.nmb_number == "777"


def test_an_update_to_a_taken_number_changes_nothing() -> None:
    MemberFactory(nmb_number="10001")
    member = MemberFactory(nmb_number="20002", first_name="Els")
    with pytest.raises(ValidationError):
        services.update_member(member, nmb_number="10001", first_name="Elsje")
    member.refresh_from_db()
    assert (member.nmb_number, member.first_name) == ("20002", "Els")


def test_an_update_to_a_future_birth_date_is_refused() -> None:
    member = MemberFactory()
    with pytest.raises(ValidationError):
        services.update_member(member, date_of_birth=timezone.localdate()
                               + datetime.timedelta(days=30))
    member.refresh_from_db()
    assert member.date_of_birth == datetime.date(1970, 5, 17)


def test_update_member_sets_only_the_members_details() -> None:
    with pytest.raises(TypeError):
        services.update_member(MemberFactory(), last_played_on=datetime.date(2030, 1, 1))


def test_a_race_on_the_number_is_still_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # Another organiser saves the same number between our check and our save
    # (simulated: the check sees nobody); the database refuses, and the
    # service still says what is wrong.
    holder = MemberFactory(nmb_number="10001", first_name="Bram", last_name="Bos")
    monkeypatch.setattr(Member.objects, "select_related", lambda *args: Member.objects.none())
    with pytest.raises(ValidationError) as error:
        services.create_member(holder.club, first_name="Cor", last_name="Kok",
                               nmb_number="10001")
    assert "Bram Bos" in error.value.message_dict["nmb_number"][0]
    assert Member.objects.count() == 1
