"""The rule catalogue: every NTS rule has its Dutch name from the seeds."""

import pytest

from scoring.engine import RULESETS, rule_catalogue
from scoring.engine.nts import DUTCH_NAMES


def test_every_rule_and_limit_hand_has_a_dutch_name_and_a_section() -> None:
    catalogue = rule_catalogue("nts")
    assert len(catalogue) == 57  # 56, and the round of the green dragon (003)
    assert set(DUTCH_NAMES) == set(catalogue)
    for name, entry in catalogue.items():
        assert entry["nl"] == DUTCH_NAMES[name]
        assert str(entry["section"]).startswith("000"), name


def test_it_names_rules_as_the_seeds_do() -> None:
    catalogue = rule_catalogue()
    assert catalogue["little_three_dragons"]["nl"] == "Kleine drie draken"
    assert catalogue["concealed_hand"]["nl"] == "Verborgen schat"
    assert catalogue["nine_gates"]["limit"] == 2000
    assert catalogue["pure"]["doublings"] == 3


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_option_is_explained_to_organisers(ruleset: str) -> None:
    """Options are declared once, by the rule set, with what organisers read
    on the event form (issue 6): a label and meaning in English (their Dutch:
    tests/engine_texts), and the seed section (or, for the EMA's rule sets
    that have no seed, the EMA's rules)."""
    for option in RULESETS[ruleset].options:
        assert option.label and option.description, option.name
        assert option.section[:3].isdigit() or option.section.startswith("EMA "), option.name
        assert option.validate(option.default) == option.default
    described = RULESETS[ruleset].describe()
    assert [entry["label"] for entry in described] == [o.label for o in RULESETS[ruleset].options]
