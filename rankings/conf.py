"""The formula's constants from the Django settings (RANKING_*)."""

from __future__ import annotations

from django.conf import settings

from rankings.formula import RankingConfig


def ranking_config() -> RankingConfig:
    """The RankingConfig of the current settings (read each time, so tests
    can override a setting)."""
    return RankingConfig(
        scale=float(settings.RANKING_SCALE),
        day_weights=tuple(float(weight) for weight in settings.RANKING_DAY_WEIGHTS),
        player_weights=tuple(
            (None if limit is None else int(limit), float(weight))
            for limit, weight in settings.RANKING_PLAYER_WEIGHTS),
        age_factors=tuple(float(factor) for factor in settings.RANKING_AGE_FACTORS),
        min_results=int(settings.RANKING_MIN_RESULTS),
        part_a_share=float(settings.RANKING_PART_A_SHARE),
        part_a_minimum=int(settings.RANKING_PART_A_MINIMUM),
        part_a_extra=float(settings.RANKING_PART_A_EXTRA),
        padding_weight=float(settings.RANKING_PADDING_WEIGHT),
        part_b_best=int(settings.RANKING_PART_B_BEST),
        country_weights=tuple(
            (None if limit is None else int(limit), float(weight))
            for limit, weight in settings.RANKING_COUNTRY_WEIGHTS),
        qualifier_weight=float(settings.RANKING_QUALIFIER_WEIGHT),
        pad_part_b=bool(settings.RANKING_PAD_PART_B),
        whole_base_ranks=bool(settings.RANKING_WHOLE_BASE_RANKS),
    )
