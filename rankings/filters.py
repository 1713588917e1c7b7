"""Searching a national ranking by club and name (django-filter)."""

from __future__ import annotations

from typing import Any

import django_filters  # type: ignore[import-untyped]
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from rankings.models import RankingEntry, RankingRun


class RankingFilter(django_filters.FilterSet):  # type: ignore[misc]
    q = django_filters.CharFilter(label=_("Name"), method="filter_name")
    club = django_filters.ModelChoiceFilter(
        label=_("Club"), field_name="clubs", queryset=Club.objects.none(),
        empty_label=_("all clubs"))

    class Meta:
        model = RankingEntry
        fields: list[str] = []

    def __init__(self, *args: Any, run: RankingRun | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only the clubs of players in this ranking.
        self.filters["club"].queryset = (
            Club.objects.filter(ranking_entries__run=run).distinct().order_by("name")
            if run is not None else Club.objects.none())

    def filter_name(self, queryset: QuerySet[RankingEntry], name: str,
                    value: Any) -> QuerySet[RankingEntry]:
        for word in str(value).split():
            queryset = queryset.filter(
                Q(name__icontains=word)
                | Q(member__first_name__icontains=word)
                | Q(member__last_name__icontains=word))
        return queryset
