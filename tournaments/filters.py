"""Filtering an event's standings by club (django-filter)."""

from typing import Any

import django_filters  # type: ignore[import-untyped]
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Registration


class StandingsFilter(django_filters.FilterSet):  # type: ignore[misc]
    """The players of one club: its members, and guests who named it."""

    club = django_filters.ChoiceFilter(label=_("Club"), empty_label=_("all clubs"),
                                       method="filter_club")

    class Meta:
        model = Registration
        fields: list[str] = []

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        kwargs.setdefault("queryset", event.registrations.all())
        super().__init__(*args, **kwargs)
        names = set(event.registrations.filter(member__isnull=False)
                    .values_list("member__club__name", flat=True))
        names |= set(event.registrations.filter(member__isnull=True).exclude(guest_club="")
                     .values_list("guest_club", flat=True))
        self.filters["club"].extra["choices"] = [(name, name) for name in sorted(names)]

    def filter_club(self, queryset: QuerySet[Registration], name: str,
                    value: Any) -> QuerySet[Registration]:
        return queryset.filter(Q(member__club__name=value)
                               | Q(member__isnull=True, guest_club=value))
