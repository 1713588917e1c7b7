"""The pages' link to the admin, only for those the admin lets in."""

from typing import Any

from django import template

from clubs.access import can_use_admin

register = template.Library()


@register.filter
def may_use_admin(user: Any) -> bool:
    return can_use_admin(user)
