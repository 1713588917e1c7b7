"""The rule catalogue: every NTS rule has its Dutch name from the seeds."""

from scoring.engine import rule_catalogue
from scoring.engine.nts import DUTCH_NAMES


def test_every_rule_and_limit_hand_has_a_dutch_name_and_a_section() -> None:
    catalogue = rule_catalogue("nts")
    assert len(catalogue) == 56
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
