"""Round totals (entry mode "round totals per table") checked against what
the hands can produce under the rules."""

from hypothesis import given, settings, strategies as st

from euchre_tourney.rules import NORTH_AMERICAN, PRESETS, check_round_totals, hand_outcomes


def test_more_than_four_points_a_hand_is_refused():
    why = check_round_totals(NORTH_AMERICAN, 8, 33, 0)
    assert why is not None and "at most 32" in why
    assert check_round_totals(NORTH_AMERICAN, 8, 32, 0, 8, 0) is None  # eight loner marches


def test_loners_need_points_and_hands():
    assert check_round_totals(NORTH_AMERICAN, 8, 0, 10, 1, 0) is not None  # a loner made scores for its side
    assert check_round_totals(NORTH_AMERICAN, 2, 4, 4, 2, 1) is not None  # three loners in two hands
    assert check_round_totals(NORTH_AMERICAN, 8, 0, 0) is not None  # every hand scores
    assert check_round_totals(NORTH_AMERICAN, 8, -1, 9) is not None


def test_a_plain_night_is_accepted():
    assert check_round_totals(NORTH_AMERICAN, 8, 7, 5) is None
    assert check_round_totals(NORTH_AMERICAN, 8, 1, 7) is None  # euchres need 2, makers 1


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(1, 10), st.data())
def test_the_totals_of_any_real_round_are_accepted(preset, hands, data):
    rules = PRESETS[preset]
    outcomes = sorted(hand_outcomes(rules))
    played = data.draw(st.lists(st.sampled_from(outcomes), min_size=hands, max_size=hands))
    ns, ew, nl, el = (sum(o[i] for o in played) for i in range(4))
    assert check_round_totals(rules, hands, ns, ew, nl, el) is None
    # one more point than the maximum is always refused
    most = max(max(o[0], o[1]) for o in outcomes)
    assert check_round_totals(rules, hands, most * hands + 1, ew, nl, el) is not None
