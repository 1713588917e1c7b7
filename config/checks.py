"""The site's system checks (`manage.py check`, run before `migrate`,
`runserver` and by `make prod`): the defences against hostile input that a
setting or an environment variable could switch off unnoticed (README
"Security")."""

from __future__ import annotations

from typing import Any

from django.core import checks


@checks.register(checks.Tags.security)
def openpyxl_reads_through_defusedxml(**kwargs: Any) -> list[checks.CheckMessage]:
    """openpyxl parses the member import's workbooks with defusedxml (no
    entity expansion) when it is installed, unless OPENPYXL_DEFUSEDXML
    says otherwise."""
    from openpyxl.xml import functions

    if functions.iterparse.__module__.startswith("defusedxml") and \
            functions.fromstring.__module__.startswith("defusedxml"):
        return []
    return [checks.Error(
        "openpyxl parses workbooks without defusedxml: uploaded member lists could expand "
        "XML entities.",
        hint="Install defusedxml (a dependency) and unset OPENPYXL_DEFUSEDXML.",
        id="mahjong.E001")]
