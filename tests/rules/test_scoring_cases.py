"""Every game's scoring cases, written from the rule texts (issue 29, item 6).

:data:`CASES` is the table: one row per game, lone maker or not, lone
defender or not, and band of the makers' tricks (and, in an auction, the
bid), with what scores -- the makers, the defenders, or nobody because the
game refuses the hand -- and the points. Each row cites the lines of
``shared/rules/NNN_*.txt`` it is written from, with their words; a row with
a ``choice`` is a case no text scores, and says which choice the preset
makes (its docstring in :mod:`euchre_tourney.rules.tables` says why).

The games are every preset of :data:`euchre_tourney.rules.tables.TABLE_PRESETS`
(scored by :func:`~euchre_tourney.rules.tables.score_table_hand`, which the
practice table's engine and the tally card's
:class:`~euchre_tourney.rules.tables.SideHandEntry` both call) and every
four-seat preset of :data:`euchre_tourney.rules.PRESETS` (scored by
:func:`~euchre_tourney.rules.score_hand`). One test per row checks every
hand of its band; :func:`test_the_table_covers_every_case_once` checks that
the rows leave no case out and say nothing twice; and
:func:`test_every_row_quotes_the_line_it_cites` checks each quotation
against the text, where the texts are (``../shared/rules`` beside the
repository, or ``EUCHRE_TOURNEY_RULES_TEXTS``).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from euchre_tourney.play.table import TableHand
from euchre_tourney.rules import PRESETS, HandResult, RuleViolation, Side, score_hand, tables

MAKERS, DEFENDERS, REFUSED = "makers", "defenders", "refused"
TRICKS, MINUS_BID = "tricks", "-bid"
"""Auction points: the makers' tricks, or the bid lost."""


@dataclass(frozen=True)
class Cite:
    source: str  # "000" .. "004"
    line: int
    words: str  # on that line ("..." between parts)


@dataclass(frozen=True)
class Case:
    game: str
    maker_alone: bool
    defender_alone: bool
    tricks: range
    scores: str  # MAKERS, DEFENDERS or REFUSED
    points: int | str | None
    cites: tuple[Cite, ...]
    bid: int = 0
    choice: str = ""  # where no text scores the case: the choice the preset makes

    @property
    def id(self) -> str:
        alone = "lone-maker" if self.maker_alone else "makers"
        alone += "_vs_lone-defender" if self.defender_alone else ""
        bid = f"_bid{self.bid}" if self.bid else ""
        band = f"{self.tricks.start}" if len(self.tricks) == 1 else f"{self.tricks.start}-{self.tricks.stop - 1}"
        where = "+".join(f"{c.source}:{c.line}" for c in self.cites)
        return f"{self.game}_{alone}{bid}_{band}-tricks_{self.scores}{'' if self.points is None else self.points}_[{where}]"


def c(source: str, line: int, words: str) -> Cite:
    return Cite(source, line, words)


def r(lo: int, hi: int) -> range:
    return range(lo, hi + 1)


BOTH = (False, True)

# --- the quotations ---------------------------------------------------------------------

NA_MADE = c("000", 90, "Makers win 3 or 4 tricks: 1 point to makers.")
NA_MARCH = c("000", 91, "Makers win all 5 tricks (march): 2 points to makers.")
NA_LONE_MARCH = c("000", 92, "Makers go alone and win all 5 tricks (lone march): 4 points to makers.")
NA_EUCHRE = c("000", 93, "defenders score 2 points, regardless of how many tricks they won themselves")
NA_NO_LONE_DEFENDER = c("000", 94, "Defending alone (house variant)")
B_MADE = c("001", 80, "If the makers win 3 or 4 tricks they score one point.")
B_MARCH = c("001", 81, "If the makers win all 5 tricks they score two points.")
B_EUCHRE = c("001", 82, "If the makers take fewer than three tricks they are said to be euchred, and the defenders score two points.")
B_LONE_MAKER = c("001", 84, "If a member of the makers' team is playing alone and wins all 5 tricks, the team scores 4 points instead of 2")
B_LONE_MAKER_ELSE = c("001", 84, "otherwise the scores are as above")
B_LONE_DEFENDER = c("001", 86, "If a member of the defenders' team is playing alone and succeeds in winning at least 3 tricks, thereby euchring the makers, the defenders score 4 points instead of 2")
B_LONE_DEFENDER_ELSE = c("001", 86, "otherwise the scores are as above")
B_ANYONE_ALONE = c("001", 65, "Either a member of the makers side or a defender may play alone.")
B_BOTH_ALONE = c("001", 65, "It is even possible that a maker and a defender choose to play alone")
NA_NO_DEFENDER_ALONE = c("001", 110, "Some people do not allow a defender to play alone - only the maker is allowed to play alone.")
SIX_THREE = c("001", 101, "The score for winning all the tricks or euchring the makers is 3 points instead of 2.")
SIX_SIX = c("001", 101, "If the winner is playing alone the score is 6 points instead of 4.")
ALMONTE_SIX = c("001", 143, "Scoring is the same as for British six player Euchre described above")
ALMONTE_FOUR = c("001", 147, "scoring is the same as in six-hand")
RAILROAD = c("001", 120, "Railroading. This is a variation in which, if your partner is going to play alone")
H_MADE = c("002", 42, "Bidding team wins three or four of the five tricks = 1 point")
H_MARCH = c("002", 44, "Bidding team wins all five tricks = 2 points")
H_EUCHRE = c("002", 46, "Defending team wins three or more tricks = 2 points")
H_SWEEP = c("002", 48, "Defending team wins all five tricks = 4 points")
H_LONE_MARCH = c("002", 50, "Bidder goes alone and wins all five tricks = 4 points")
H_LONE_MADE = c("002", 52, "Bidder goes alone and wins three or four tricks = 2 points")
F_MADE = c("003", 49, "If the attackers win three or four tricks, they are awarded one point.")
F_MARCH = c("003", 49, "If the attackers win all five tricks, they are awarded two points.")
F_EUCHRE = c("003", 49, "If the defenders win three or four tricks, they are awarded two points.")
F_SWEEP = c("003", 49, "If the defenders win all five tricks, they are awarded four points.")
F_LONE_MARCH = c("003", 53, "If the attacker wins all five tricks, his/her team is awarded four points.")
F_LONE_ELSE = c("003", 53, "Otherwise, all other scoring is the same as above.")
F_ONLY_MAKER_ALONE = c("003", 53, "The player that determines the trump suit has the option to play without his/her partner.")
P_MADE = c("003", 96, "If the attackers win three or four tricks, they are awarded one point.")
P_MARCH = c("003", 96, "If the attackers win all five tricks, they are awarded two points.")
P_EUCHRE = c("003", 96, "If the defenders win three or four tricks, they are awarded two points.")
P_SWEEP = c("003", 96, "If the defenders win all five tricks, they are awarded four points.")
P_ALONE = c("003", 102, "The player who determines trump has the option not to pick a partner and play the hand alone.")
P_FORCED = c("003", 102, "is forced to play alone if the playing card selected for determining a partner is buried")
W_MADE = c("004", 64, "Makers win 3 or 4 tricks. 1 0")
W_MARCH = c("004", 65, "Makers win 5 tricks. 2 0")
W_LONE_MADE = c("004", 66, "Maker goes alone and wins 3 or 4 tricks. 1 0")
W_LONE_MARCH = c("004", 67, "Maker goes alone and wins 5 tricks. 4 0")
W_EUCHRE = c("004", 68, "Defenders win 3 or more tricks. 0 2")
W_LONE_DEFENDER = c("004", 69, "Defender goes alone and wins 3 or more tricks. 0 4")
W_BOTH_ALONE = c("004", 41, "It is allowed for a player in both teams to do this in the same round")
TWO_HANDED = c("000", 108, "each player receives 10 cards instead of 5; suits below 10 are omitted and play is solo")
CUTTHROAT = c("000", 109, "one player makes trump and plays solo; the other 2 partner temporarily for this hand")
BID = c("000", 110, "each player bids a number of tricks (2-5); higher bid wins")
NO_SCORE_IN_ANY_TEXT = "no text scores this game: 000's four-seat points, per player"


# --- the rows ---------------------------------------------------------------------------


def north_american(game: str, extra: tuple[Cite, ...] = ()) -> list[Case]:
    """000 "Scoring" and 001's first table; no lone defender (001 line 110's rule)."""
    rows = [
        Case(game, False, False, r(3, 4), MAKERS, 1, (NA_MADE, B_MADE) + extra),
        Case(game, False, False, r(5, 5), MAKERS, 2, (NA_MARCH, B_MARCH) + extra),
        Case(game, False, False, r(0, 2), DEFENDERS, 2, (NA_EUCHRE, B_EUCHRE) + extra),
        Case(game, True, False, r(3, 4), MAKERS, 1, (B_LONE_MAKER_ELSE,) + extra),
        Case(game, True, False, r(5, 5), MAKERS, 4, (NA_LONE_MARCH, B_LONE_MAKER) + extra),
        Case(game, True, False, r(0, 2), DEFENDERS, 2, (NA_EUCHRE, B_LONE_MAKER_ELSE) + extra),
    ]
    return rows + [Case(game, m, True, r(0, 5), REFUSED, None, (NA_NO_DEFENDER_ALONE,) + extra) for m in BOTH]


def british(game: str) -> list[Case]:
    """001 lines 80-86: any player may go alone, a lone defender's euchre is 4."""
    rows = [row for row in north_american(game) if not row.defender_alone]
    for m in BOTH:
        rows += [
            Case(game, m, True, r(0, 2), DEFENDERS, 4, (B_LONE_DEFENDER, B_ANYONE_ALONE) if not m else (B_LONE_DEFENDER, B_BOTH_ALONE)),
            Case(game, m, True, r(3, 4), MAKERS, 1, (B_LONE_DEFENDER_ELSE,)),
            Case(game, m, True, r(5, 5), MAKERS, 4 if m else 2, (B_LONE_MAKER,) if m else (B_MARCH, B_LONE_DEFENDER_ELSE)),
        ]
    return rows


def six_handed(game: str, extra: tuple[Cite, ...] = ()) -> list[Case]:
    """001 line 101 on 001's British game (lines 65, 80-86)."""
    rows = []
    for m in BOTH:
        rows += [
            Case(game, m, False, r(3, 4), MAKERS, 1, (B_MADE, B_LONE_MAKER_ELSE) + extra if m else (B_MADE,) + extra),
            Case(game, m, False, r(5, 5), MAKERS, 6 if m else 3, ((SIX_SIX,) if m else (SIX_THREE,)) + extra),
            # the winners of a euchre against a lone maker are the defenders, not alone: 3
            Case(game, m, False, r(0, 2), DEFENDERS, 3, (SIX_THREE,) + extra),
            Case(game, m, True, r(3, 4), MAKERS, 1, (B_MADE, B_LONE_DEFENDER_ELSE) + extra),
            Case(game, m, True, r(5, 5), MAKERS, 6 if m else 3, ((SIX_SIX,) if m else (SIX_THREE, B_LONE_DEFENDER_ELSE)) + extra),
            Case(game, m, True, r(0, 2), DEFENDERS, 6, (SIX_SIX, B_BOTH_ALONE if m else B_ANYONE_ALONE) + extra),
        ]
    return rows


def per_player_four_seat_points(game: str, cite: Cite, need: int, all_: int) -> list[Case]:
    """Two-handed and cutthroat: the maker is alone by the rules, nobody else goes alone."""
    choice = NO_SCORE_IN_ANY_TEXT
    rows = [
        Case(game, False, False, r(need, all_ - 1), MAKERS, 1, (cite, NA_MADE), choice=choice),
        Case(game, False, False, r(all_, all_), MAKERS, 2, (cite, NA_MARCH), choice=choice),
        Case(game, False, False, r(0, need - 1), DEFENDERS, 2, (cite, NA_EUCHRE), choice=choice),
    ]
    rows += [Case(game, m, d, r(0, all_), REFUSED, None, (cite,)) for m in BOTH for d in BOTH if m or d]
    return rows


def auction(game: str, lone_maker: Cite | None) -> list[Case]:
    """Bid euchre: no text scores it (the choice of tables.BID_FOUR / BID_FIVE)."""
    choice = "no text scores bid euchre: the makers score the tricks they took if they made the bid, else lose the bid"
    rows = []
    for alone in BOTH:
        if alone and lone_maker is None:
            rows.append(Case(game, True, False, r(0, 5), REFUSED, None, (BID,), choice="nobody plays alone in bid euchre for four"))
            continue
        cites = (BID, lone_maker) if alone else (BID,)
        for bid in range(2, 6):
            rows += [
                Case(game, alone, False, r(bid, 5), MAKERS, TRICKS, cites, bid=bid, choice=choice),
                Case(game, alone, False, r(0, bid - 1), MAKERS, MINUS_BID, cites, bid=bid, choice=choice),
            ]
    rows += [Case(game, m, True, r(0, 5), REFUSED, None, (BID,), choice="no defender plays alone in bid euchre") for m in BOTH]
    return rows


def partner_pick(game: str) -> list[Case]:
    """003 lines 96-102: attackers 1 and 2, defenders 2 and 4 (each player)."""
    rows = [
        Case(game, False, False, r(3, 4), MAKERS, 1, (P_MADE,)),
        Case(game, False, False, r(5, 5), MAKERS, 2, (P_MARCH,)),
        Case(game, False, False, r(1, 2), DEFENDERS, 2, (P_EUCHRE,)),
        Case(game, False, False, r(0, 0), DEFENDERS, 4, (P_SWEEP,)),
        # alone: by choice or a buried partner card (line 102); the five-player text stops
        # there, so a lone attacker scores as in 003's four-player game (line 53)
        Case(game, True, False, r(3, 4), MAKERS, 1, (P_ALONE, F_LONE_ELSE)),
        Case(game, True, False, r(5, 5), MAKERS, 4, (P_FORCED, F_LONE_MARCH)),
        Case(game, True, False, r(1, 2), DEFENDERS, 2, (P_ALONE, P_EUCHRE)),
        Case(game, True, False, r(0, 0), DEFENDERS, 4, (P_ALONE, P_SWEEP)),
    ]
    return rows + [Case(game, m, True, r(0, 5), REFUSED, None, (P_ALONE,)) for m in BOTH]


def house_eleven(game: str) -> list[Case]:
    """002 lines 42-52; no lone defender in 002."""
    rows = [
        Case(game, False, False, r(3, 4), MAKERS, 1, (H_MADE,)),
        Case(game, False, False, r(5, 5), MAKERS, 2, (H_MARCH,)),
        Case(game, True, False, r(3, 4), MAKERS, 2, (H_LONE_MADE,)),
        Case(game, True, False, r(5, 5), MAKERS, 4, (H_LONE_MARCH,)),
    ]
    for m in BOTH:
        rows += [
            Case(game, m, False, r(1, 2), DEFENDERS, 2, (H_EUCHRE,)),
            Case(game, m, False, r(0, 0), DEFENDERS, 4, (H_SWEEP,)),
            Case(game, m, True, r(0, 5), REFUSED, None, (H_EUCHRE,), choice="002 names no lone defender"),
        ]
    return rows


def four_player(game: str) -> list[Case]:
    """003 lines 49-53: only the maker goes alone."""
    rows = [
        Case(game, False, False, r(3, 4), MAKERS, 1, (F_MADE,)),
        Case(game, False, False, r(5, 5), MAKERS, 2, (F_MARCH,)),
        Case(game, True, False, r(3, 4), MAKERS, 1, (F_LONE_ELSE, F_MADE)),
        Case(game, True, False, r(5, 5), MAKERS, 4, (F_LONE_MARCH,)),
    ]
    for m in BOTH:
        rows += [
            Case(game, m, False, r(1, 2), DEFENDERS, 2, (F_EUCHRE,) + ((F_LONE_ELSE,) if m else ())),
            Case(game, m, False, r(0, 0), DEFENDERS, 4, (F_SWEEP,) + ((F_LONE_ELSE,) if m else ())),
            Case(game, m, True, r(0, 5), REFUSED, None, (F_ONLY_MAKER_ALONE,)),
        ]
    return rows


def web_game(game: str) -> list[Case]:
    """004's scoring table (lines 64-69); both sides may go alone (line 41)."""
    rows = []
    for d in BOTH:
        both = (W_BOTH_ALONE,) if d else ()
        rows += [
            Case(game, False, d, r(3, 4), MAKERS, 1, (W_MADE,)),
            Case(game, False, d, r(5, 5), MAKERS, 2, (W_MARCH,)),
            Case(game, True, d, r(3, 4), MAKERS, 1, (W_LONE_MADE,) + both),
            Case(game, True, d, r(5, 5), MAKERS, 4, (W_LONE_MARCH,) + both),
        ]
        for m in BOTH:
            rows.append(Case(game, m, d, r(0, 2), DEFENDERS, 4 if d else 2, ((W_LONE_DEFENDER,) + both) if d else (W_EUCHRE,)))
    return rows


CASES: list[Case] = [
    # the four-seat presets (rules.PRESETS, score_hand)
    *north_american("north_american"),
    *british("british"),
    *north_american("canadian", (c("001", 105, "In Canada and the USA, Euchre is played without a joker"),)),
    *north_american("thirty_two", (c("001", 131, "In some places the 8s and 7s are included in the pack"),)),
    *british("thirty_three"),
    *house_eleven("house_eleven"),
    *four_player("four_player"),
    *web_game("web_game"),
    # the N-seat games (rules.tables.TABLE_PRESETS, score_table_hand)
    *per_player_four_seat_points("two_handed", TWO_HANDED, 6, 10),
    *per_player_four_seat_points("cutthroat", CUTTHROAT, 3, 5),
    *partner_pick("five_partner_pick"),
    *auction("bid_five", P_FORCED),
    *auction("bid_four", None),
    *six_handed("six_player_33"),
    *six_handed("six_player_double"),
    *six_handed("almonte_six", (ALMONTE_SIX,)),
    *six_handed("almonte_four", (ALMONTE_FOUR,)),
    *[row for row in north_american("four_call_for_best", (c("000", 106, "Call for Best"),)) if not row.defender_alone],
    *[Case("four_call_for_best", m, True, r(0, 5), REFUSED, None, (NA_NO_LONE_DEFENDER,)) for m in BOTH],
    *[row for row in north_american("four_no_trump", (c("000", 107, "No-Trump"),)) if not row.defender_alone],
    *[Case("four_no_trump", m, True, r(0, 5), REFUSED, None, (NA_NO_LONE_DEFENDER,)) for m in BOTH],
    *north_american("four_railroad", (RAILROAD,)),
]
"""The table: every game's scoring cases, each row citing its lines."""


# --- scoring a row's hands --------------------------------------------------------------


def scored(case: Case, tricks: int) -> tuple[str, int | str]:
    """``(who scores, points)`` of one hand of ``case`` -- by the game's own
    scoring function -- or ``(REFUSED, sentence)``. Points are one seat's."""
    if case.game in PRESETS:
        try:
            got = score_hand(PRESETS[case.game], HandResult(Side.NS, tricks, case.maker_alone, case.defender_alone))
        except RuleViolation as e:
            return REFUSED, str(e)
        return (MAKERS if got.side is Side.NS else DEFENDERS), got.points
    rules = tables.TABLE_PRESETS[case.game]
    if rules.sides == "partners":
        makers = frozenset(range(0, rules.players, 2))
    elif rules.sides == "partner_card" and not case.maker_alone:
        makers = frozenset((0, 3))
    else:
        makers = frozenset((0,))
    try:
        got = tables.score_table_hand(rules, makers, case.maker_alone, tricks, case.bid, defender_alone=case.defender_alone)
    except RuleViolation as e:
        return REFUSED, str(e)
    sides = {seat in makers for seat in got}
    assert len(sides) == 1, f"both sides scored: {got}"
    who = makers if True in sides else frozenset(range(rules.players)) - makers
    assert set(got) == set(who), f"not every seat of the side scored: {got}"
    assert len(set(got.values())) == 1, f"the seats of a side scored differently: {got}"
    return (MAKERS if True in sides else DEFENDERS), next(iter(got.values()))


def expected_points(case: Case, tricks: int) -> int | None:
    if case.points == TRICKS:
        return tricks
    if case.points == MINUS_BID:
        return -case.bid
    return case.points  # type: ignore[return-value]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_scoring_case(case: Case) -> None:
    """Every hand of the row's band scores as the row says."""
    for tricks in case.tricks:
        who, points = scored(case, tricks)
        if case.scores == REFUSED:
            assert who == REFUSED, f"{tricks} tricks: scored {points} to the {who}, but the game refuses the hand"
            assert str(points).endswith("."), "a refusal is a sentence"
        else:
            assert (who, points) == (case.scores, expected_points(case, tricks)), f"{tricks} tricks"


def _all_cases(game: str):
    """Every (maker alone, defender alone, bid, tricks) a game's scoring is asked about."""
    if game in PRESETS:
        hand_size, bids = 5, (0,)
    else:
        rules = tables.TABLE_PRESETS[game]
        hand_size = rules.hand_size
        bids = tuple(range(rules.min_bid, rules.max_bid + 1)) if rules.bidding == "auction" else (0,)
    for m in BOTH:
        for d in BOTH:
            for bid in bids:
                for tricks in range(hand_size + 1):
                    yield m, d, bid, tricks


def test_the_table_covers_every_case_once() -> None:
    """Each game of rules.PRESETS and rules.tables.TABLE_PRESETS: every
    lone-maker / lone-defender / bid / tricks case is in exactly one row
    (a refused row covers every bid)."""
    games = set(PRESETS) | set(tables.TABLE_PRESETS)
    assert {case.game for case in CASES} == games
    for game in sorted(games):
        rows = [case for case in CASES if case.game == game]
        for m, d, bid, tricks in _all_cases(game):
            hits = [
                case.id for case in rows
                if (case.maker_alone, case.defender_alone) == (m, d) and tricks in case.tricks
                and (case.bid == bid or (case.scores == REFUSED and not case.bid))
            ]
            assert len(hits) == 1, f"{game}, maker alone {m}, defender alone {d}, bid {bid}, {tricks} tricks: rows {hits}"
    assert len({case.id for case in CASES}) == len(CASES)


def _rules_texts() -> Path | None:
    repo = Path(__file__).resolve().parents[2]
    for where in (os.environ.get("EUCHRE_TOURNEY_RULES_TEXTS"), repo.parent / "shared" / "rules"):
        if where and any(Path(where).glob("00?_*.txt")):
            return Path(where)
    return None


def _norm(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").replace("\u2013", "-").split()).lower()


def test_every_row_quotes_the_line_it_cites() -> None:
    """Each quotation of each row is on the line of the source it names
    (as test_rules_presets checks the docstrings' quotations)."""
    where = _rules_texts()
    if where is None:
        if os.environ.get("CI"):
            pytest.fail("the rule texts are missing (../shared/rules beside the repository, or EUCHRE_TOURNEY_RULES_TEXTS)")
        pytest.skip("the rule texts are not here (../shared/rules beside the repository, or EUCHRE_TOURNEY_RULES_TEXTS)")
    files = {p.name[:3]: p.read_text(encoding="utf-8").splitlines() for p in where.glob("00?_*.txt")}
    cites = {cite for case in CASES for cite in case.cites}
    for cite in cites:
        line = _norm(files[cite.source][cite.line - 1])
        for part in cite.words.split("..."):
            assert _norm(part).strip(" .") in line, f"{cite.source} line {cite.line} does not say {cite.words!r}"
    assert len(cites) > 40


# --- the doors that score by the same function -------------------------------------------


@pytest.mark.parametrize("key", [k for k, g in tables.TABLE_PRESETS.items() if g.sides == "partners" and g.bidding == "turn_up"])
def test_the_tally_card_scores_by_the_table(key: str) -> None:
    """The tally card's entry (what the Scores page and the events store)
    gives each row's points, both sides as makers."""
    game = tables.TABLE_PRESETS[key]
    rows = [case for case in CASES if case.game == key and not case.defender_alone]
    for case in rows:
        for tricks in case.tricks:
            for side in (0, 1):
                entry = tables.SideHandEntry(side, tricks, case.maker_alone)
                if case.scores == REFUSED:
                    with pytest.raises(RuleViolation):
                        entry.score(game)
                    continue
                want_side = side if case.scores == MAKERS else 1 - side
                assert entry.score(game) == (want_side, expected_points(case, tricks)), case.id


@pytest.mark.parametrize("key", sorted(tables.TABLE_PRESETS))
def test_the_practice_table_scores_by_the_table(key: str) -> None:
    """Random legal hands of the practice table's engine end with the
    points of their row."""
    rules = tables.TABLE_PRESETS[key]
    rng = random.Random(29)
    seen = 0
    for _ in range(60):
        hand = TableHand(rules, rng.randrange(rules.players), rng)
        while not hand.done:
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.maker is None:
            continue  # thrown in
        alone = hand.alone or hand.forced_alone
        rows = [
            case for case in CASES
            if case.game == key and case.maker_alone == alone and not case.defender_alone
            and hand.maker_tricks in case.tricks and case.bid in (0, hand.bid)
            and case.scores != REFUSED
        ]
        assert len(rows) == 1, (key, alone, hand.maker_tricks, hand.bid)
        case = rows[0]
        want = expected_points(case, hand.maker_tricks)
        makers = hand.makers()
        scoring = makers if case.scores == MAKERS else frozenset(range(rules.players)) - makers
        assert hand.points == {s: want for s in scoring}, case.id
        seen += 1
    assert seen > 10
