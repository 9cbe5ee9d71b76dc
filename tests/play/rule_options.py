"""Four-seat rule sets for property tests (hypothesis): every preset of
rules/ruleset.py and rule sets with any combination of the options, shared
by tests/play/test_engine_properties.py and tests/play/test_differential.py."""

from __future__ import annotations

from hypothesis import strategies as st

from euchre_tourney.rules import CUSTOM, PRESETS, AloneLead, DefendAlone, RuleSet

PRESET_LIST = [PRESETS[k] for k in sorted(PRESETS)]


def with_options(base: RuleSet, **kw) -> RuleSet:
    """``base`` with options ``kw``: keeps the preset's name unless a field it
    fixes changes (then ``"custom"``); drops options the pack cannot have."""
    if not base.has_benny:
        kw.pop("joker_substitute")
    if not kw["dealer_partner_orders_alone"]:
        kw["dealer_partner_alone_any_round"] = False
    same = kw["dealer_partner_orders_alone"] == base.dealer_partner_orders_alone
    return base.replace(preset=base.preset if same else CUSTOM, **kw)


option_sets = st.builds(
    with_options,
    st.sampled_from(PRESET_LIST),
    stick_the_dealer=st.booleans(),
    defend_alone=st.sampled_from(list(DefendAlone)),
    alone_lead=st.sampled_from(list(AloneLead)),
    dealer_partner_orders_alone=st.booleans(),
    dealer_partner_alone_any_round=st.booleans(),
    ace_no_face=st.booleans(),
    maker_partner_may_go_alone=st.booleans(),
    passer_may_go_alone=st.booleans(),
    dealer_may_discard_turn_up=st.booleans(),
    farmers_hand=st.booleans(),
    dealer_needs_trump_to_take_up=st.booleans(),
    super_euchre_points=st.sampled_from([0, 4]),
    joker_substitute=st.booleans(),
    win_by_two=st.booleans(),
    target=st.integers(1, 15),
)
"""A preset with a random combination of the options."""

rule_sets = st.one_of(st.sampled_from(PRESET_LIST), option_sets)
"""A preset, or a preset with options."""
