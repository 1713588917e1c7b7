"""Countries in templates: `{{ code|country_name }}` is the country's name in
the user's language (common/countries.py)."""

from django import template

from common.countries import country_name as _country_name

register = template.Library()


@register.filter
def country_name(code: str | None) -> str:
    return _country_name(code) if code else ""
