from typing import Any

from django import template

from exports import registry

register = template.Library()


@register.simple_tag
def export_kinds(names: str) -> list[Any]:
    """The registry's kinds named in `names` (space-separated), in that order."""
    return [registry.KINDS[name] for name in names.split()]
