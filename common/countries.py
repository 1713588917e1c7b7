"""Countries as the EMA (European Mahjong Association) writes them: the
three-letter IOC codes of its results files and ranking (NED, GER, DEN, ...),
with their English names marked for translation.

A member's nationality, a guest's country and the EMA results file's
"Country" column all take these codes; the number of distinct countries of
an event's participants is part of its MERS weight (rankings/formula.py).
"""

from __future__ import annotations

import re
import unicodedata

from django.conf import settings
from django.utils.translation import gettext, gettext_noop, override

DEFAULT_COUNTRY = "NED"

# The EMA's member countries first, then the countries whose players most
# often travel to European tournaments. IOC codes (the EMA's lists use them:
# GER, not DEU; NED, not NLD; SUI, not CHE; DEN, not DNK).
COUNTRIES: dict[str, str] = {
    "AUT": gettext_noop("Austria"),
    "BEL": gettext_noop("Belgium"),
    "BUL": gettext_noop("Bulgaria"),
    "CRO": gettext_noop("Croatia"),
    "CZE": gettext_noop("Czech Republic"),
    "DEN": gettext_noop("Denmark"),
    "ESP": gettext_noop("Spain"),
    "EST": gettext_noop("Estonia"),
    "FIN": gettext_noop("Finland"),
    "FRA": gettext_noop("France"),
    "GBR": gettext_noop("United Kingdom"),
    "GER": gettext_noop("Germany"),
    "GRE": gettext_noop("Greece"),
    "HUN": gettext_noop("Hungary"),
    "IRL": gettext_noop("Ireland"),
    "ISL": gettext_noop("Iceland"),
    "ITA": gettext_noop("Italy"),
    "LAT": gettext_noop("Latvia"),
    "LTU": gettext_noop("Lithuania"),
    "LUX": gettext_noop("Luxembourg"),
    "NED": gettext_noop("Netherlands"),
    "NOR": gettext_noop("Norway"),
    "POL": gettext_noop("Poland"),
    "POR": gettext_noop("Portugal"),
    "ROU": gettext_noop("Romania"),
    "SLO": gettext_noop("Slovenia"),
    "SRB": gettext_noop("Serbia"),
    "SUI": gettext_noop("Switzerland"),
    "SVK": gettext_noop("Slovakia"),
    "SWE": gettext_noop("Sweden"),
    "TUR": gettext_noop("Turkey"),
    "UKR": gettext_noop("Ukraine"),
    "AUS": gettext_noop("Australia"),
    "BRA": gettext_noop("Brazil"),
    "CAN": gettext_noop("Canada"),
    "CHN": gettext_noop("China"),
    "HKG": gettext_noop("Hong Kong"),
    "INA": gettext_noop("Indonesia"),
    "ISR": gettext_noop("Israel"),
    "JPN": gettext_noop("Japan"),
    "KOR": gettext_noop("South Korea"),
    "MAS": gettext_noop("Malaysia"),
    "NZL": gettext_noop("New Zealand"),
    "PHI": gettext_noop("Philippines"),
    "SGP": gettext_noop("Singapore"),
    "SUR": gettext_noop("Suriname"),
    "TPE": gettext_noop("Chinese Taipei"),
    "THA": gettext_noop("Thailand"),
    "USA": gettext_noop("United States"),
    "VIE": gettext_noop("Vietnam"),
}

# An EMA number: 8 digits, the first two the country's (08... for the
# Netherlands); kept as text so the leading zero stays.
EMA_NUMBER_PATTERN = re.compile(r"\d{8}")


def is_country(code: str) -> bool:
    return code in COUNTRIES


def is_ema_number(text: str) -> bool:
    # ASCII digits only: the pattern's \d also takes "٠٨..." (Arabic-Indic).
    return text.isascii() and bool(EMA_NUMBER_PATTERN.fullmatch(text))



def normalised_ema_number(text: str | None) -> str | None:
    """An EMA number as typed, without spaces (a leading zero stays: it is
    text); None for an empty one. Not checked here: see is_ema_number."""
    number = "".join((text or "").split())
    return number or None


def country_name(code: str) -> str:
    """The country's name in the user's language; the code itself for an
    unknown one."""
    return gettext(COUNTRIES[code]) if code in COUNTRIES else code


def _plain(value: str) -> str:
    decomposed = unicodedata.normalize("NFKD", value).casefold()
    return "".join(ch for ch in decomposed if ch.isalnum())


def country_choices() -> list[tuple[str, str]]:
    """(code, name) for a select, sorted by the name in the user's language
    (accents ignored: "België" among the B's)."""
    return sorted(((code, country_name(code)) for code in COUNTRIES),
                  key=lambda item: (_plain(item[1]), item[0]))


def country_index() -> dict[str, str | None]:
    """Every name a country is known by (English, and each language of the
    site), accents, case, spaces and punctuation ignored, -> its code; None
    for a name that means more than one."""
    index: dict[str, str | None] = {}

    def add(name: str, code: str) -> None:
        key = _plain(name)
        if key in index and index[key] != code:
            index[key] = None
        else:
            index[key] = code

    for code, english in COUNTRIES.items():
        add(english, code)
    for language, _language_name in settings.LANGUAGES:
        with override(language):
            for code, english in COUNTRIES.items():
                add(gettext(english), code)
    return index


def country_from_text(text: str, index: dict[str, str | None] | None = None) -> str | None:
    """The IOC code a file's country cell means: the code itself (any case),
    or the country's name in English or in a language of the site, when it
    names one country. None for anything else. Pass `index` (country_index())
    when reading many cells."""
    cleaned = text.strip()
    if cleaned.upper() in COUNTRIES:
        return cleaned.upper()
    key = _plain(cleaned)
    if not key:
        return None
    return (index if index is not None else country_index()).get(key)
