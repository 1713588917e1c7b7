"""Searching a club's member list (django-filter)."""

import datetime
from typing import Any

import django_filters  # type: ignore[import-untyped]
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import LAPSE_AFTER, Member

ACTIVE = "active"
LAPSED = "lapsed"


def active_condition(day: datetime.date) -> Q:
    """Member.is_active_on as a query: ill, or played (or joined) within a year."""
    since = day - LAPSE_AFTER
    return (
        Q(long_illness=True)
        | Q(last_played_on__gte=since)
        | Q(last_played_on__isnull=True, joined_on__gte=since)
    )


class MemberFilter(django_filters.FilterSet):  # type: ignore[misc]
    q = django_filters.CharFilter(label=_("Name, NMB or EMA number"), method="filter_search")
    membership = django_filters.ChoiceFilter(
        label=_("Membership"),
        choices=((ACTIVE, _("active")), (LAPSED, _("lapsed"))),
        empty_label=_("all members"),
        method="filter_membership",
    )

    class Meta:
        model = Member
        fields: list[str] = []

    def filter_search(self, queryset: QuerySet[Member], name: str, value: Any) -> QuerySet[Member]:
        for word in str(value).split():
            queryset = queryset.filter(
                Q(first_name__icontains=word)
                | Q(last_name__icontains=word)
                | Q(nmb_number__icontains=word)
                | Q(ema_number__icontains=word)
            )
        return queryset

    def filter_membership(
        self, queryset: QuerySet[Member], name: str, value: Any
    ) -> QuerySet[Member]:
        condition = active_condition(timezone.localdate())
        if value == ACTIVE:
            return queryset.filter(condition)
        if value == LAPSED:
            return queryset.exclude(condition)
        return queryset
