"""A seat wind's letter in the page's language: {{ score.seat_wind|wind_letter }}
shows "O" for the East in Dutch, as the score-entry page does (scoring.tiles)."""

from django import template

from scoring.tiles import wind_letters

register = template.Library()


@register.filter
def wind_letter(wind: str) -> str:
    return wind_letters().get(wind, wind)
