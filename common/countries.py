"""Countries as the EMA (European Mahjong Association) writes them: the
three-letter IOC codes of its results files and ranking (NED, GER, DEN, ...),
with their English names marked for translation.

A member's nationality, a guest's country and the EMA results file's
"Country" column all take these codes; the number of distinct countries of
an event's participants is part of its MERS weight (rankings/formula.py).
"""

from __future__ import annotations

import re

from django.utils.translation import gettext_noop

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
    return bool(EMA_NUMBER_PATTERN.fullmatch(text))
