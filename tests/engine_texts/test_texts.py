"""scoring/texts.py: every refusal of the engine has a stable code with a
Dutch text, and breakdowns are worded in the user's language with plural
forms; the score_games contract keeps its shape."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext

from scoring import texts
from scoring.engine import HAND_FLAGS, RULESETS, score_game
from scoring.tiles import set_name

ENGINE = Path(texts.__file__).parent / "engine"
ROOT = Path(texts.__file__).parent.parent
# Codes the engine returns without raising (game.py's last resorts) and the
# command's own (a line that is no JSON object).
CODES_NOT_RAISED = {"game_too_large": set(), "engine_fault": {"fault"}, "bad_line": set()}

# A plausible value for each param the engine gives, to render every text.
SAMPLE: dict[str, Any] = {
    "seat": "S", "pao": "W", "discarder": "W", "robbed": "N", "other": "E", "tile": "9s",
    "tiles": "234m", "kind": "pung", "source": "discard", "ruleset": "hongkong",
    "rounds": ["E", "S", "W"], "counts": [3, 4], "holders": [["E", 3], ["S", 2]],
    "at": {"seat": "S", "meld": 2}, "limit": None, "fan": 2, "section": "002 §1",
    "known": "a, b", "fields": "'colour'", "got": "'x'", "sources": "wall, discard",
    "letter": "'x'", "suit": "z", "type": "int", "option": "minimum_fan", "allowed": "1, 2",
    "available": "hongkong, nts", "expected": 13, "honours": False, "discarded": True,
    "concealed_kong": False, "bonus": "2j", "options": "'x'", "flags": "'x'", "fault": "KeyError",
}


@cache
def engine_codes() -> dict[str, set[str]]:
    """Every code the engine raises, with the params it gives it, read from
    the engine's source: a new refusal without a text fails the test below."""
    codes: dict[str, set[str]] = {}
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("InvalidGame", "TileSyntaxError")):
                assert len(node.args) >= 2, f"{path.name}:{node.lineno}: a refusal without a code"
                code = node.args[1]
                names = {keyword.arg for keyword in node.keywords if keyword.arg}
                if isinstance(code, ast.IfExp):  # one of two codes
                    found = [code.body, code.orelse]
                else:
                    found = [code]
                for each in found:
                    if isinstance(each, ast.Constant):
                        codes.setdefault(each.value, set()).update(names)
    return {**codes, **CODES_NOT_RAISED}


def sample_params(names: set[str]) -> dict[str, Any]:
    params = {name: SAMPLE.get(name, 2) for name in names}
    if "at" in names:
        params["at"] = SAMPLE["at"]
    return params


def test_the_engine_raises_many_codes_and_every_one_has_a_text() -> None:
    codes = engine_codes()
    assert len(codes) > 90
    missing = sorted(set(codes) - set(texts.ERRORS))
    assert not missing, f"engine codes without a text in scoring/texts.py: {missing}"
    unused = sorted(set(texts.ERRORS) - set(codes))
    assert not unused, f"texts for codes the engine no longer has: {unused}"


@pytest.mark.parametrize("code", sorted(engine_codes()))
def test_every_code_reads_in_dutch_and_in_english(code: str) -> None:
    refusal = {"error": "ENGLISH OF THE ENGINE", "code": code,
               "params": sample_params(engine_codes()[code])}
    with translation.override("en"):
        english = texts.engine_error(refusal, "hongkong")
    with translation.override("nl"):
        dutch = texts.engine_error(refusal, "hongkong")
    # Rendered from the code, not the engine's message, in both languages...
    assert "ENGLISH OF THE ENGINE" not in (english, dutch)
    assert "%(" not in english and "%(" not in dutch
    # ...and the Dutch is a translation, not the English again.
    assert dutch != english, code


def test_every_error_msgid_has_a_dutch_msgstr() -> None:
    """The catalogue itself: a missing or fuzzy entry gives back the msgid."""
    with translation.override("nl"):
        for code, text in texts.ERRORS.items():
            singular = text._args[0] if text._args else text._kw["singular"]
            if "number" in text._kw or len(text._args) > 2:  # ngettext_lazy
                continue  # checked by rendering above
            assert gettext(singular) != singular, code


def test_a_refusal_of_the_engine_in_dutch_names_the_seat_tile_and_numbers() -> None:
    game = worked_example()
    game["winning_tile"] = "9s"
    result = score_game(game)
    assert result["code"] == "winning_tile_not_concealed"
    assert result["params"] == {"seat": "S", "tile": "9s"}
    with translation.override("nl"):
        assert texts.engine_error(result) == (
            "Zuid (Z): de winnende steen 9 bamboe zit niet bij de dichte stenen (de dichte "
            "stenen van de winnaar bevatten de winnende steen).")
    with translation.override("en"):
        assert texts.engine_error(result).startswith(
            "South (S): the winning tile 9 of bamboo is not among the concealed tiles")


def test_where_in_the_input_goes_in_front() -> None:
    game = worked_example()
    game["players"]["N"]["melds"][0]["tiles"] = "667s"
    result = score_game(game)
    assert result["code"] == "set_not_equal"
    assert result["params"]["at"] == {"seat": "N", "meld": 1}
    with translation.override("nl"):
        assert texts.engine_error(result) == "Noord (N), combinatie 1: pung 667s is geen 3 gelijke stenen."


def test_a_value_above_the_limit_and_too_few_doublings_in_dutch() -> None:
    game = worked_example()
    game["players"]["W"] = {"score": 2500}
    game["dead"] = []
    with translation.override("nl"):
        assert texts.engine_error(score_game(game)) == (
            "West (W): de waarde 2500 is hoger dan de limiet van 2000.")
    false = worked_example()
    false["players"]["S"] = {"concealed": "345m456p789s567s33s"}
    result = score_game(false)
    assert result["code"] == "too_few_doublings"
    with translation.override("nl"):
        text = texts.engine_error(result)
    assert text == ("Valse mahjong: de beste lezing van Zuid (Z) heeft 1 verdubbeling; een gewone "
                    "mahjong heeft er minstens 2 nodig.")


def test_an_unknown_code_falls_back_to_the_engines_message() -> None:
    refusal = {"error": "something new", "code": "from_a_newer_engine", "params": {}}
    assert texts.engine_error(refusal) == "something new"
    broken = {"error": "params missing", "code": "score_above_limit", "params": {}}
    assert texts.engine_error(broken) == "params missing"


def test_counts_take_their_plural_form() -> None:
    with translation.override("nl"):
        assert [texts.points(1), texts.points(4)] == ["1 punt", "4 punten"]
        assert [texts.doublings(1), texts.doublings(2)] == ["1 verdubbeling", "2 verdubbelingen"]
        assert [texts.fan(1), texts.fan(5)] == ["1 fan", "5 fan"]
    with translation.override("en"):
        assert [texts.points(1), texts.doublings(1), texts.doublings(3)] == [
            "1 point", "1 doubling", "3 doublings"]


def test_the_worked_example_of_seed_003_reads_in_dutch_and_english() -> None:
    hands = score_game(worked_example())["hands"]
    with translation.override("nl"):
        south = texts.breakdowns("nts", hands)["S"]
    assert [item["text"] for item in south["items"]] == [
        "Mahjong: 20 punten", "Laatste steen voltooit paar: 2 punten",
        "Enig mogelijke steen: 2 punten", "Vier chows: 1 verdubbeling",
        "Pure eenvoud: 1 verdubbeling"]
    assert south["total_text"] == "24 punten, 2 verdubbelingen = 96"
    assert south["items"][0]["rule"] == "mahjong"  # the engine's keys stay
    with translation.override("nl"):
        east = [item["text"] for item in texts.breakdowns("nts", hands)["E"]["items"]]
    # Two pungs of one rule, told apart by their tiles, named in words (the
    # notation "777p" read as a code to a new user).
    assert east[:3] == ["Dichte pung eenvoudige stenen (2 tekens): 4 punten",
                        "Dichte pung eenvoudige stenen (7 kringen): 4 punten",
                        "Dichte pung edelstenen (witte draak): 8 punten"]
    with translation.override("en"):
        south = texts.breakdowns("nts", hands)["S"]
    assert [item["text"] for item in south["items"]][-2:] == [
        "All chows: 1 doubling", "All simples: 1 doubling"]


def hongkong_game() -> dict[str, Any]:
    """Seasons-free Hong Kong hand: South, concealed, self-drawn, all chows."""
    return {"ruleset": "hongkong", "prevailing_wind": "E",
            "players": {"E": {"score": 0}, "S": {"concealed": "123m456m789m123p11s"},
                        "W": {"score": 0}, "N": {"score": 0}},
            "winner": "S", "winning_tile": "1s", "win_source": "wall"}


def test_a_hong_kong_hand_reads_in_fan_in_both_languages() -> None:
    result = score_game(hongkong_game())
    assert "error" not in result, result
    hands = result["hands"]
    with translation.override("nl"):
        south = texts.breakdowns("hongkong", hands)["S"]
        catalogue = RULESETS["hongkong"].catalogue()
    dutch = [item["text"] for item in south["items"]]
    assert dutch == [f"{catalogue[item['rule']]['nl']}{' ' + item['tiles'] if 'tiles' in item else ''}: "
                     f"{item['fan']} fan"
                     for item in south["items"]]
    assert "Zelf getrokken: 1 fan" in dutch or any(": 1 fan" in text for text in dutch)
    assert south["total_text"] == f"{result['hands']['S']['value']} fan"
    with translation.override("en"):
        english = [item["text"] for item in texts.breakdowns("hongkong", hands)["S"]["items"]]
    assert "All chows: 1 fan" in english
    assert set(dutch).isdisjoint(english)


def test_every_rule_has_a_dutch_name_of_its_own() -> None:
    for name, ruleset in RULESETS.items():
        for rule, entry in ruleset.catalogue().items():
            assert rule in ruleset.dutch_names, (name, rule)
            assert entry["nl"] and "_" not in str(entry["nl"]), (name, rule)


def test_every_flag_the_pages_offer_has_a_label_in_the_engines_order() -> None:
    with translation.override("nl"):
        labels = texts.flag_labels()
    assert tuple(labels) == HAND_FLAGS
    assert all(label and "_" not in label for label in labels.values()), labels


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_option_is_explained_to_organisers_in_dutch(ruleset: str) -> None:
    """The engine declares an option's label, meaning and worded choices in
    English, marked for translation; each has its Dutch (locale/)."""
    for option in RULESETS[ruleset].options:
        for english in (option.label, option.description, *option.choice_labels):
            with translation.override("nl"):
                dutch = gettext(english)
            assert english and dutch != english, (option.name, english)
        with translation.override("nl"):
            assert texts.option_text(option, "label") == gettext(option.label)
            assert texts.option_text(option, "description") == gettext(option.description)


def test_option_choices_and_flags_read_in_dutch() -> None:
    payment = next(o for o in RULESETS["hongkong"].options if o.name == "payment")
    with translation.override("nl"):
        assert [texts.option_choice(payment, value) for value in payment.choices] == [
            "Veroorzaker betaalt", "Iedereen betaalt"]
        assert texts.option_text(payment, "label") == "Betalingstabel"
        assert texts.flag_label("seven_five").startswith("7-5-regel") or \
            texts.flag_label("seven_five") != "seven five"
        assert texts.flag_label("pao:W") == "Verantwoordelijke speler (pao): West (W)"
    with translation.override("en"):
        assert texts.option_choice(payment, "discarder_pays") == "Discarder pays"


def test_every_result_of_the_engine_is_json_with_its_code() -> None:
    game = worked_example()
    game["players"]["E"]["concealed"] = "2228m4777p19s555x"
    result = score_game(game)
    assert set(result) == {"error", "code", "params"}
    assert json.loads(json.dumps(result)) == result
    assert result["code"] == "tile_unknown_suit"
    assert result["params"]["at"] == {"seat": "E", "part": "concealed"}


@pytest.mark.slow  # manage.py score_games in fresh Python processes
def test_score_games_prints_codes_only_when_asked(tmp_path: Path) -> None:
    broken = dict(worked_example(), winner="X")
    source = tmp_path / "games.jsonl"
    source.write_text(json.dumps(worked_example()) + "\n" + json.dumps(broken) + "\n{\n")

    def run(*args: str) -> list[dict[str, Any]]:
        process = subprocess.run([sys.executable, "manage.py", "score_games", *args, str(source)],
                                 capture_output=True, text=True, cwd=ROOT, check=False)
        assert process.returncode == 1, process.stderr
        return [json.loads(line) for line in process.stdout.splitlines()]

    plain = run()
    assert set(plain[1]) == {"error"} and set(plain[2]) == {"error"}
    coded = run("--codes")
    assert coded[0]["scores"] == plain[0]["scores"]
    assert coded[1] == {"error": plain[1]["error"], "code": "winner_invalid",
                        "params": {"got": "'X'"}}
    assert coded[2]["code"] == "bad_line" and coded[2]["error"] == plain[2]["error"]


def worked_example() -> dict[str, Any]:
    """Seed 003's worked example (score-interface.md)."""
    return {"ruleset": "nts", "options": {}, "prevailing_wind": "E",
            "players": {"E": {"concealed": "2228m4777p19s555z", "melds": []},
                        "S": {"concealed": "234456m345678p33s", "melds": []},
                        "W": {"score": 0},
                        "N": {"concealed": "1245899s222z",
                              "melds": [{"kind": "pung", "tiles": "666s", "open": True}]}},
            "winner": "S", "winning_tile": "3s", "win_source": "discard", "discarder": "W",
            "flags": [], "dead": ["W"]}


def test_the_hand_log_words_flags_by_their_labels() -> None:
    from scoring import ruleset_display

    with translation.override("nl"):
        assert ruleset_display.flags_text(["last_wall_tile", "pao:2"], {2: "Mei Ling"}) == (
            "Laatste steen van de muur, pao: Mei Ling")
    with translation.override("en"):
        assert ruleset_display.flags_text(["kong_on_kong"], {}).startswith("Kong on kong")


@pytest.mark.django_db
def test_an_events_refused_option_reads_in_dutch() -> None:
    from django.core.exceptions import ValidationError

    from tournaments.models import Event

    event = Event(ruleset="hongkong", rule_options={"minimum_fan": 99})
    with translation.override("nl"), pytest.raises(ValidationError) as refused:
        event.clean()
    message = refused.value.message_dict["rule_options"][0]
    assert message.startswith("Optie minimum_fan moet een van 0, 1, 2"), message
    assert message.endswith("zijn, niet 99.")


@pytest.mark.parametrize(("text", "english", "dutch"), [
    ("222m", "2 of characters", "2 tekens"),
    ("5555s", "5 of bamboo", "5 bamboe"),
    ("123p", "1-2-3 of circles", "1-2-3 kringen"),
    ("777z", "red dragon", "rode draak"),
    ("1z1z1z", "east wind", "oostenwind"),
    ("not tiles", "not tiles", "not tiles"),
])
def test_a_set_is_named_in_words(text: str, english: str, dutch: str) -> None:
    with translation.override("en"):
        assert set_name(text) == english
    with translation.override("nl"):
        assert set_name(text) == dutch
