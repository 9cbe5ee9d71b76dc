"""Computer players: objects with ``choose(view) -> action``, where ``view``
is the :class:`~euchre_tourney.play.view.SeatView` of the seat to act
(``hand.view()``) -- never the hand itself, so no player can see a hidden
card.

* :func:`make_player` -- a player by level and seed: what the practice
  table and the arena use. ``"easy"`` is :class:`SimplePlayer`,
  ``"medium"`` the heuristic :class:`~euchre_tourney.play.heuristic.MediumPlayer`,
  ``"hard"`` the searching :class:`~euchre_tourney.play.search.SearchPlayer`
  (figures: :mod:`euchre_tourney.play.search`).
* :func:`hint` -- what the hard player would do, with a one-line reason
  (:mod:`euchre_tourney.play.reasons`) and every legal action ranked by its
  expected points (:class:`Hint`).

* :class:`RandomPlayer` -- uniformly random among the legal actions (tests,
  benchmarks, search rollouts).
* :class:`SimplePlayer` -- a plain rule-of-thumb player for the practice
  table. It looks only at what its seat may see: its own cards, the turn-up,
  the bidding, the cards played and the trump; never at another player's
  hand or the undealt cards. It is deliberately simple (no search): a
  baseline that clearly beats random play, not a strong player.
"""

from __future__ import annotations

import random

from euchre_tourney.play.actions import ALONE, DISCARD, MISDEAL, NAME, ORDER, PASS
from dataclasses import dataclass

from euchre_tourney.play.hand import ALONE_ROUND, BENNY_UP, BID1, BID2, DISCARDING, Hand
from euchre_tourney.play.view import SeatView
from euchre_tourney.rules import ACE, BENNY, SUITS, TRUMP_TABLES


class RandomPlayer:
    """Picks uniformly among the legal actions. ``rng``: a
    ``random.Random`` or a seed."""

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)

    def choose(self, view: SeatView) -> int:
        """A uniformly random legal action of ``view.legal``."""
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]


def play_random_hand(hand: Hand, rng: random.Random) -> Hand:
    """Play ``hand`` to its end with uniformly random legal actions, in place;
    returns it (:meth:`Hand.play_random`)."""
    return hand.play_random(rng)


# Worth of a trump by its place in the trump order (Benny, Right, Left, A, K, Q, 10, 9, 8, 7).
_TRUMP_WORTH = (3.5, 3.0, 2.5, 2.0, 1.5, 1.2, 1.0, 1.0, 1.0, 1.0)


def hand_strength(cards: list[int], trump: int) -> float:
    """A rough worth of ``cards`` with ``trump`` as trump: each trump by its
    rank (Right Bower 3, Left 2.5, ...), each off-suit ace 0.5."""
    order = TRUMP_TABLES[trump].trump_order
    worth = 0.0
    for c in cards:
        place = order[c]
        if place >= 0:
            worth += _TRUMP_WORTH[place]
        elif c & 7 == ACE:
            worth += 0.5
    return worth


class SimplePlayer:
    """Rule-of-thumb play (see the module docstring).

    Thresholds (in :func:`hand_strength` units): ``order_at`` to order up or
    name trump, ``alone_at`` to go alone. Never defends alone; calls a
    farmer's-hand misdeal when it may.
    """

    def __init__(self, order_at: float = 5.0, alone_at: float = 9.5) -> None:
        self.order_at = order_at
        self.alone_at = alone_at

    def choose(self, view: SeatView) -> int:
        """The action for ``view.seat``, always one of ``view.legal``."""
        hand = view
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        mine = list(view.cards)
        phase = view.phase
        if MISDEAL in legal:
            return MISDEAL
        if phase == BID1:
            return ORDER if ORDER in legal and self._worth_ordering(hand, seat, mine) else PASS
        if phase in (BID2, BENNY_UP):
            named = [a for a in legal if a != PASS]
            best = max(named, key=lambda a: hand_strength(mine, a - NAME))
            rules = hand.rules
            # The dealer's partner who must then play alone (001 line 53)
            # names trump only with a hand to go alone with.
            forced_alone = (
                rules.dealer_partner_alone_any_round and phase == BID2 and seat == (hand.dealer + 2) & 3
            )
            needed = self.alone_at if forced_alone else self.order_at
            if PASS not in legal or hand_strength(mine, best - NAME) >= needed:
                return best
            return PASS
        if phase == ALONE_ROUND:
            on_makers = (seat ^ hand.maker) & 1 == 0
            if on_makers and hand_strength(mine, hand.trump) >= self.alone_at:
                return ALONE
            return PASS
        if phase == DISCARDING:
            # Only among the legal discards: some rules forbid discarding the turn-up.
            return DISCARD + self._discard(mine, hand.trump, [a - DISCARD for a in legal])
        return self._play(hand, seat, legal)

    def _worth_ordering(self, hand: SeatView, seat: int, mine: list[int]) -> bool:
        trump = hand.turn_up >> 3
        worth = hand_strength(mine, trump)
        up = hand_strength([hand.turn_up], trump)
        dealer = hand.dealer
        if seat == dealer:
            worth += up - 0.5  # picks it up, discards the weakest card
        elif (seat ^ dealer) & 1 == 0:
            worth += up * 0.5  # the partner gets it
        else:
            worth -= up * 0.5  # an opponent gets it
        needed = self.alone_at if (hand.rules.dealer_partner_orders_alone and seat == (dealer + 2) & 3) else self.order_at
        return worth >= needed

    @staticmethod
    def _discard(mine: list[int], trump: int, options: list[int]) -> int:
        """The card to discard, one of ``options`` (the legal discards)."""
        table = TRUMP_TABLES[trump]
        plain = [c for c in options if table.suit[c] != trump and c & 7 != ACE]
        if not plain:
            plain = [c for c in options if table.suit[c] != trump] or options
        # Prefer emptying a short suit, then the lowest card.
        counts = {s: sum(1 for c in mine if table.suit[c] == s) for s in SUITS}
        return min(plain, key=lambda c: (counts[table.suit[c]], _rank_value(table, c)))

    @staticmethod
    def _play(hand: SeatView, seat: int, legal) -> int:
        trump = hand.trump
        table = TRUMP_TABLES[trump]
        if not hand.trick:
            trumps = [c for c in legal if table.suit[c] == trump]
            makers = (seat ^ hand.maker) & 1 == 0
            if makers and len(trumps) >= 2:
                return max(trumps, key=lambda c: _rank_value(table, c))
            aces = [c for c in legal if c & 7 == ACE and table.suit[c] != trump and c != BENNY]
            if aces:
                return aces[0]
            return max(legal, key=lambda c: _rank_value(table, c))
        led = table.suit[hand.trick[0]]
        strength = table.strength[led]
        winner = hand.trick_winner
        best = max(strength[c] for c in hand.trick)
        cheapest = min(legal, key=lambda c: _rank_value(table, c))
        if (winner ^ seat) & 1 == 0:
            return cheapest  # the partner is winning
        beating = [c for c in legal if strength[c] > best]
        if beating:
            return min(beating, key=lambda c: strength[c])
        return cheapest


def _rank_value(table, c: int) -> int:
    """Trumps above all plain cards; plain cards by rank."""
    place = table.trump_order[c]
    return 100 - place if place >= 0 else c & 7


LEVELS = ("easy", "medium", "hard")
"""The computer players' levels, weakest first."""

DEFAULT = "default"
"""``budget=DEFAULT``: the engine's own time budget for a hard decision
(four seats: :data:`~euchre_tourney.play.search.SEARCH_BUDGET`; 2 to 6
seats: :data:`~euchre_tourney.play.table.players.DEADLINE`)."""


def game_rules(game):
    """The rules of ``game``: a four-seat :class:`~euchre_tourney.rules.RuleSet`
    or a :class:`~euchre_tourney.rules.tables.TableRules` as given, a game key
    (a four-seat preset of :data:`~euchre_tourney.rules.PRESETS` or a game of
    :data:`~euchre_tourney.rules.tables.TABLE_PRESETS`) looked up, ``None``
    for the four-seat game under any rule set. ``ValueError`` for an
    unknown key, ``TypeError`` for anything else."""
    from euchre_tourney.rules import PRESETS, RuleSet, tables

    if game is None or isinstance(game, (RuleSet, tables.TableRules)):
        return game
    if isinstance(game, str):
        if game in PRESETS:
            return PRESETS[game]
        if game in tables.TABLE_PRESETS:
            return tables.TABLE_PRESETS[game]
        raise ValueError(f"unknown game {game!r}")
    raise TypeError(f"{game!r} is not a game: give a game key or its rules")


def _at_a_table(rules) -> bool:
    from euchre_tourney.rules import tables

    return isinstance(rules, tables.TableRules)


def make_player(level: str, game=None, seed: int | None = None, *, samples: int | None = None,
                bid_samples: int | None = None, budget=DEFAULT):
    """A computer player of ``level`` (one of :data:`LEVELS`) for ``game``
    (:func:`game_rules`: a game key, its rules, or ``None`` for the
    four-seat game), deterministic for a given ``seed``: every player has
    ``choose(view) -> action``, reads nothing but the view, and answers the
    same view with the same action (below the time budget). ``ValueError``
    for an unknown level or game.

    ``game`` may be left out: ``make_player(level, seed)`` (an ``int`` in
    its place is the seed) is the four-seat player, as before.

    Four seats (:mod:`euchre_tourney.play.hand`):

    * ``"easy"`` -- :class:`SimplePlayer` (rule of thumb);
    * ``"medium"`` -- :class:`~euchre_tourney.play.heuristic.MediumPlayer`
      (sound heuristic bidding and card play);
    * ``"hard"`` -- :class:`~euchre_tourney.play.search.SearchPlayer`
      (determinized search, exact solving of each sampled deal).

    Two to six seats (:mod:`euchre_tourney.play.table`): ``"easy"`` random
    legal play, ``"medium"`` rules of thumb, ``"hard"`` sampled worlds
    played out (:mod:`euchre_tourney.play.table.players`).

    The hard player's search budget: ``samples`` -- sampled deals (worlds)
    per card-play decision, ``bid_samples`` -- per bidding, going-alone,
    discard or partner-card decision (fewer: faster and weaker, e.g. for
    tests; 2 to 6 seats: by default at most
    :data:`~euchre_tourney.play.table.players.WORLDS` worlds and
    :data:`~euchre_tourney.play.table.players.STEPS` actions played out,
    given ``samples`` exactly that many worlds); ``budget`` -- seconds on the clock per decision (``DEFAULT``:
    the engine's own, within the time cap; ``None``: no clock, every sample
    searched -- a fixed budget whatever the machine's load, as the arena
    plays)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if isinstance(game, int) and not isinstance(game, bool):
        game, seed = None, game if seed is None else seed
    rules = game_rules(game)
    if _at_a_table(rules):
        from euchre_tourney.play.table import players as table

        deadline = "default" if budget == DEFAULT else budget
        return table.make_table_player(level, seed, samples=samples, bid_samples=bid_samples, deadline_s=deadline)
    if level == "easy":
        return SimplePlayer()
    if level == "medium":
        from euchre_tourney.play.heuristic import MediumPlayer

        return MediumPlayer()
    from euchre_tourney.play.search import SearchPlayer

    options = {}
    if samples is not None:
        options["samples"] = samples
    if bid_samples is not None:
        options["bid_samples"] = bid_samples
    if budget != DEFAULT:
        options["budget"] = budget
    return SearchPlayer(seed, **options)


@dataclass(frozen=True, slots=True)
class Hint:
    """What the strongest computer player would do for a seat.

    ``action`` -- the suggested action (one of ``view.legal``); ``reason`` --
    one line in the player's words (e.g. ``"order up: three trumps with the
    right bower"``); ``ranking`` -- the actions searched with their expected
    points for the seat's side, best first, as ``(action, points)`` (four
    seats: every legal action; 2 to 6 seats: the candidates the search
    compared, :meth:`SampleSearchPlayer.candidates
    <euchre_tourney.play.table.players.SampleSearchPlayer.candidates>`).
    Unpacks as ``action, reason = hint(view)``."""

    action: object
    reason: str
    ranking: tuple[tuple[object, float], ...]

    def __iter__(self):
        return iter((self.action, self.reason))


def hint(view, seed: int | None = None, *, samples: int | None = None, bid_samples: int | None = None,
         budget=DEFAULT) -> Hint:
    """The :class:`Hint` for ``view`` (the seat to act, in any game): the
    hard player's choice, a one-line reason, and the actions searched with
    their expected points for the seat's side, best first. ``samples``,
    ``bid_samples``, ``budget`` as for :func:`make_player`. ``ValueError``
    when the view's seat is not to act (nothing to hint)."""
    if view.seat != view.to_act or not view.legal:
        raise ValueError("no decision to hint: it is not this seat's turn")
    if _at_a_table(view.rules):
        from euchre_tourney.play.table import players as table

        deadline = "default" if budget == DEFAULT else budget
        ranked, why = table.ranked_hint(view, seed, samples=samples, bid_samples=bid_samples, deadline_s=deadline)
        ranking = tuple((a, float(v)) for a, v in ranked)
        return Hint(ranking[0][0], why, ranking)
    from euchre_tourney.play.reasons import reason

    player = make_player("hard", None, seed, samples=samples, bid_samples=bid_samples, budget=budget)
    ranking = tuple((a, float(v)) for a, v in player.rank(view))
    best = ranking[0][0]
    return Hint(best, reason(view, best, ranking), ranking)


__all__ = ["DEFAULT", "LEVELS", "Hint", "RandomPlayer", "SimplePlayer", "game_rules", "hand_strength", "hint",
           "make_player", "play_random_hand"]
