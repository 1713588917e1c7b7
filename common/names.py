"""How Dutch lists order people: by surname, ignoring the tussenvoegsel.

"Jan de Boer" sorts under B and "Piet van der Meer" under M, as in a Dutch
phone book or club list; the tussenvoegsel breaks ties ("Meer" before
"van der Meer" is not a distinction anyone makes, but the order must be
total). Accents and case do not count ("Özil" sorts with "Ozil").
"""

from __future__ import annotations

import unicodedata

# The tussenvoegsels Dutch surnames start with, longest first so that
# "van der" is taken whole before "van".
TUSSENVOEGSELS = tuple(sorted({
    "van der", "van den", "van de", "van het", "van 't", "van ter", "van ten",
    "in 't", "in het", "in de", "op de", "op den", "op het", "op 't", "uit de",
    "uit den", "uit het", "aan de", "aan den", "aan het", "bij de", "onder de",
    "over de", "voor de", "voor den", "von der", "von dem",
    "van", "de", "den", "der", "het", "'t", "ten", "ter", "te", "la", "le",
    "du", "d'", "von", "zu", "vd", "v.d.",
}, key=lambda prefix: (-len(prefix), prefix)))

SORT_KEY_LENGTH = 200


def _plain(text: str) -> str:
    """Lower-case letters and digits only: the key must sort the same under
    every database collation (PostgreSQL's locale collations ignore spaces
    and punctuation, SQLite compares bytes)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed.casefold() if ch.isascii() and ch.isalnum())


def plain(text: str) -> str:
    """A name part to compare: accents, case, spaces and punctuation ignored."""
    return _plain(text)


def split_tussenvoegsel(last_name: str) -> tuple[str, str]:
    """("van der", "Meer") for "van der Meer"; ("", "Willems") without one.
    A surname that is only a tussenvoegsel ("Van") is kept as the surname."""
    words = last_name.split()
    lowered = [word.casefold() for word in words]
    for prefix in TUSSENVOEGSELS:
        size = len(prefix.split())
        if len(words) > size and " ".join(lowered[:size]) == prefix:
            return " ".join(words[:size]), " ".join(words[size:])
    return "", " ".join(words)


def sort_key(first_name: str, last_name: str) -> str:
    """The stored sort key: surname without tussenvoegsel, first name, then
    the tussenvoegsel; accent- and case-free. The separator "0" sorts before
    every letter, so "Meer, Piet" comes before "Meerkat, Anna"."""
    prefix, core = split_tussenvoegsel(last_name)
    return "0".join((_plain(core), _plain(first_name), _plain(prefix)))[:SORT_KEY_LENGTH]


def split_full_name(full_name: str) -> tuple[str, str]:
    """A guest's one-field name as (first, last): the surname starts at the
    first tussenvoegsel after the first word, or is the last word."""
    words = full_name.split()
    if len(words) < 2:
        return "", full_name.strip()
    lowered = [word.casefold() for word in words]
    for start in range(1, len(words) - 1):
        for prefix in TUSSENVOEGSELS:
            size = len(prefix.split())
            if start + size < len(words) and " ".join(lowered[start:start + size]) == prefix:
                return " ".join(words[:start]), " ".join(words[start:])
    return " ".join(words[:-1]), words[-1]


def full_name_sort_key(full_name: str) -> str:
    first, last = split_full_name(full_name)
    return sort_key(first, last)


def split_name(name: str) -> tuple[str, str]:
    """A guest's one-field name as first and last name: the first word, and
    the rest ("Jan van der Berg" -> "Jan", "van der Berg"), as Dutch names
    keep their prefix with the last name. One word is a last name."""
    words = name.split()
    if len(words) < 2:
        return "", " ".join(words)
    return words[0], " ".join(words[1:])
