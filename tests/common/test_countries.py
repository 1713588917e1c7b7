"""Countries and EMA numbers (common/countries.py): the codes the EMA's
results and player lists use (issue 17), read from what people type."""

from __future__ import annotations

import pytest
from django.utils import translation

from common.countries import (
    COUNTRIES,
    country_choices,
    country_from_text,
    country_name,
    normalised_ema_number,
)


@pytest.mark.parametrize(("text", "code"), [
    ("NED", "NED"), ("ned", "NED"), (" GER ", "GER"),
    ("Netherlands", "NED"), ("Nederland", "NED"), ("nederland", "NED"),
    ("Germany", "GER"), ("Duitsland", "GER"), ("Belgie", "BEL"), ("België", "BEL"),
    ("United Kingdom", "GBR"), ("Denemarken", "DEN"),
    ("Narnia", None), ("", None), ("NLD", None),
], ids=lambda value: str(value))
def test_a_country_is_read_from_its_code_or_name(text: str, code: str | None) -> None:
    assert country_from_text(text) == code


def test_ema_numbers_keep_their_leading_zero_and_lose_spaces() -> None:
    assert normalised_ema_number(" 08 000 123 ") == "08000123"
    assert normalised_ema_number("   ") is None
    assert normalised_ema_number(None) is None


def test_the_choices_are_sorted_by_the_translated_name() -> None:
    with translation.override("nl"):
        names = [name for _code, name in country_choices()]
        assert country_name("NED") == "Nederland"
        assert country_name("GER") == "Duitsland"
        # België among the B's, Duitsland before Nederland.
        assert names.index("België") < names.index("Bulgarije") < names.index("Duitsland")
        assert names.index("Duitsland") < names.index("Nederland")
    with translation.override("en"):
        assert country_name("GER") == "Germany"
        assert len(country_choices()) == len(COUNTRIES)


def test_every_country_has_a_dutch_name() -> None:
    with translation.override("nl"):
        untranslated = [english for english in COUNTRIES.values()
                        if translation.gettext(english) == english
                        and english not in ("Canada", "China", "Finland", "Japan", "Portugal",
                                            "Singapore", "Suriname", "Thailand", "Vietnam")]
    assert untranslated == []
