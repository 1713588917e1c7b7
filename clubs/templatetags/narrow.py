"""Column headers that fit a phone: the full header on a wide screen, a
short one on a narrow screen, where a long word ("Tafelpunten",
"Mahjongpercentage") would make the table wider than the screen. Screen
readers always read the full header (the short one is hidden from them).

    {% load narrow %}<th>{% short_header _("Table points") _("TP") %}</th>

and, for a django-tables2 column, `verbose_name=lazy_short_header(...)`.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def short_header(full: Any, short: Any) -> SafeString:
    return format_html('<span class="label-full">{}</span>'
                       '<span class="label-short" aria-hidden="true" title="{}">{}</span>',
                       full, full, short)


# Translated when the header is shown (the column is defined at import).
lazy_short_header = lazy(short_header, SafeString)
