"""Table points as people write them: 4, 2,5, 0,875 (no trailing zeros,
the page's decimal separator)."""

from decimal import Decimal

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def points(value: Decimal | int | None) -> str:
    if value is None:
        return ""
    value = Decimal(value)
    places = max(0, -value.normalize().as_tuple().exponent)  # type: ignore[operator]
    return number_format(value, decimal_pos=places)
