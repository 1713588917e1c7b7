"""`{{ value|plain_number }}`: 1.0 as 1, 2.5 as 2.5 (2,5 in Dutch), without
trailing zeros, for weights and factors."""

from __future__ import annotations

from django import template

from rankings.explain import number

register = template.Library()


@register.filter
def plain_number(value: float | int | None) -> str:
    return "" if value is None else number(float(value))
