"""Dutch list order: surnames sort without their tussenvoegsel (issue 15,
item 12), the same on every database collation."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from common.names import full_name_sort_key, sort_key, split_full_name, split_tussenvoegsel

MEMBER_LIST = [
    ("Els", "Bakker"), ("Jan", "de Boer"), ("Kees", "ten Have"), ("Piet", "van der Meer"),
    ("Zed", "Meer"), ("Anna", "Meerkat"), ("Özil", "Ozil"), ("Anna", "Willems"),
]


def test_tussenvoegsels_are_ignored_for_sorting():
    shuffled = list(reversed(MEMBER_LIST))
    assert sorted(shuffled, key=lambda name: sort_key(*name)) == MEMBER_LIST


def test_split_surnames():
    assert split_tussenvoegsel("van der Meer") == ("van der", "Meer")
    assert split_tussenvoegsel("Van 't Hek") == ("Van 't", "Hek")
    assert split_tussenvoegsel("Willems") == ("", "Willems")
    assert split_tussenvoegsel("Van") == ("", "Van")


def test_guest_names_in_one_field():
    assert split_full_name("Jan van der Meer") == ("Jan", "van der Meer")
    assert split_full_name("Anna Maria Willems") == ("Anna Maria", "Willems")
    assert full_name_sort_key("Piet van der Meer") == sort_key("Piet", "van der Meer")


@given(st.text(max_size=80), st.text(max_size=80))
def test_key_is_plain_ascii_and_bounded(first, last):
    key = sort_key(first, last)
    assert len(key) <= 200
    assert all(ch.isascii() and ch.isalnum() for ch in key)
