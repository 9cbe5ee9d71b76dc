"""Rule sets: presets, options, serialisation, and their sources."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from euchre_tourney.rules import (
    BRITISH,
    CANADIAN,
    NORTH_AMERICAN,
    PRESET_SOURCES,
    PRESET_TITLES,
    PRESETS,
    AloneLead,
    DefendAlone,
    RuleSet,
)
from euchre_tourney.rules import ruleset as ruleset_module


def test_presets_titles_and_sources_cover_the_same_keys():
    assert set(PRESETS) == set(PRESET_TITLES) == set(PRESET_SOURCES)
    assert PRESETS["north_american"] is NORTH_AMERICAN
    for key, rules in PRESETS.items():
        assert rules.preset == key
        assert rules.title == PRESET_TITLES[key]


def test_required_presets_exist_with_their_rules():
    assert (NORTH_AMERICAN.deck_size, NORTH_AMERICAN.target) == (24, 10)
    assert (BRITISH.deck_size, BRITISH.target, BRITISH.defender_alone_euchre_points) == (25, 11, 4)
    assert BRITISH.dealer_partner_orders_alone and CANADIAN.dealer_partner_orders_alone
    assert PRESETS["thirty_two"].deck_size == 32
    assert PRESETS["thirty_three"].deck_size == 33 and PRESETS["thirty_three"].has_benny
    house = PRESETS["house_eleven"]
    assert (house.target, house.loner_points, house.super_euchre_points) == (11, 2, 4)
    web = PRESETS["web_game"]
    assert web.win_by_two and web.target == 10 and web.defend_alone is DefendAlone.ANY
    assert not web.stick_the_dealer


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_round_trip_through_json(key):
    rules = PRESETS[key].replace(stick_the_dealer=True)
    data = json.loads(json.dumps(rules.to_dict()))
    assert RuleSet.from_dict(data) == rules
    assert data["defend_alone"] in {m.value for m in DefendAlone}
    assert data["alone_lead"] in {m.value for m in AloneLead}


def test_from_dict_takes_missing_keys_from_the_preset():
    rules = RuleSet.from_dict({"preset": "british", "target": 15})
    assert rules.deck_size == 25 and rules.target == 15


def test_unknown_keys_refused():
    with pytest.raises(ValueError, match="unknown rule options: railroading"):
        RuleSet.from_dict({"railroading": True})


@pytest.mark.parametrize(
    "changes",
    [
        {"deck_size": 28},
        {"target": 0},
        {"makers_points": 0},
        {"super_euchre_points": -1},
        {"joker_substitute": True},  # 24 cards: no Benny to stand in for
        {"defend_alone": "sometimes"},
        {"alone_lead": "dealer"},
        {"stick_the_dealer": "yes"},
        {"target": 10.5},
        {"target": True},
    ],
)
def test_invalid_options_refused(changes):
    with pytest.raises(ValueError):
        NORTH_AMERICAN.replace(**changes)


def test_enum_values_are_coerced():
    rules = NORTH_AMERICAN.replace(defend_alone="any", alone_lead="dealer_left")
    assert rules.defend_alone is DefendAlone.ANY
    assert rules.alone_lead is AloneLead.DEALER_LEFT


def test_joker_substitute_allowed_with_benny():
    assert BRITISH.replace(joker_substitute=True).joker_substitute


def test_every_option_and_preset_names_its_source():
    """Issue 3: every preset and option names its source file in its docstring."""
    text = Path(ruleset_module.__file__).read_text(encoding="utf-8")
    source_ref = re.compile(r"\b00[0-4]\b")
    for field in dataclasses.fields(RuleSet):
        if field.name == "preset":
            continue
        # The attribute docstring follows the field line.
        match = re.search(rf"\n    {field.name}: [^\n]*\n    \"\"\"(.*?)\"\"\"", text, re.S)
        assert match, f"{field.name} has no docstring"
        assert source_ref.search(match.group(1)), f"{field.name} docstring names no source"
    for key in PRESETS:
        assert all(n in {"000", "001", "002", "003", "004"} for n in PRESET_SOURCES[key].split(", "))
