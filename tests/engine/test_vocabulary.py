"""The game's words (scoring/engine/vocabulary.py): every flag a rule set
understands is one the vocabulary names, so the pages that offer flags in
the vocabulary's order offer each of them."""

import pytest

from scoring.engine import DEFAULT_RULESET, FALSE_MAHJONG, HAND_FLAGS, RULESETS, pao_flag, pao_of


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_flag_of_a_rule_set_is_a_hand_flag_or_says_who_pays(ruleset: str) -> None:
    for flag in RULESETS[ruleset].flags:
        assert flag in HAND_FLAGS or flag == FALSE_MAHJONG or pao_of(flag) in set("ESWN"), flag


def test_every_hand_flag_is_understood_by_some_rule_set() -> None:
    understood = set().union(*(ruleset.flags for ruleset in RULESETS.values()))
    assert set(HAND_FLAGS) <= understood


def test_a_responsible_player_flag_names_its_player() -> None:
    assert pao_flag("W") == "pao:W"
    assert pao_of(pao_flag("2")) == "2"
    assert pao_of(FALSE_MAHJONG) is None


def test_the_default_rule_set_is_one_of_the_engine() -> None:
    assert DEFAULT_RULESET in RULESETS
