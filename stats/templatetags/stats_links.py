"""Links to the statistics pages from other apps' templates:
`{% load stats_links %}`, then `{% url 'stats:player' member|person_key %}`."""

from __future__ import annotations

from typing import Any

from django import template

from stats import keys

register = template.Library()


@register.filter
def person_key(member: Any) -> str:
    """A member's person key (stats/keys.py)."""
    return keys.person_key(member.pk, member.nmb_number)
