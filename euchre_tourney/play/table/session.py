"""A practice session at a table of 2 to 6 seats, outside any window.

:class:`TableEngine` puts a :class:`~euchre_tourney.play.table.TableGame`
behind the practice session's engine protocol
(:class:`~euchre_tourney.play.session.PracticeEngine`: legal actions,
apply, a seat's view, snapshot and restore, scores, text form, hands
played). :class:`TableSession` is what the window for these games talks to
-- the same shape as :class:`~euchre_tourney.play.session.PracticeSession`:
computer turns by generation (an answer asked before a take-back, a replay
or a new game is dropped), the person's action, take-back, replay of a deal,
a finished hand shown until the next one, hints, and statistics by game and
level (:class:`~euchre_tourney.play.stats.StatsBook`). The person sits in
seat 0.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from euchre_tourney.play.stats import StatsBook
from euchre_tourney.play.table.game import TableGame
from euchre_tourney.play.table.hand import Act, TableHand
from euchre_tourney.play.table.players import SeatView, make_table_player, seat_view, table_hint
from euchre_tourney.rules import tables

HUMAN = 0
LEVEL_TITLES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}


class TableEngine:
    """A :class:`TableGame` as a practice engine. A finished hand stays as
    ``game.hand`` until :meth:`deal_next` (so the table can show it)."""

    def __init__(self, game: TableGame) -> None:
        self.game = game
        self.rules = game.rules
        self.seats = game.rules.players
        self.finished: list[TableHand] = []

    @property
    def to_act(self) -> int:
        return -1 if self.done or self.game.hand.done else self.game.hand.to_act

    @property
    def done(self) -> bool:
        return self.game.over

    @property
    def hands_played(self) -> int:
        return len(self.game.hands)

    def legal_actions(self) -> list[Act]:
        return [] if self.game.hand.done else self.game.hand.legal_actions()

    def apply(self, action: Act) -> None:
        g = self.game
        hand = g.hand
        hand.apply(action)
        if hand.done:
            g.finish_hand(deal=False)  # on show until deal_next

    def deal_next(self) -> None:
        if self.game.hand.done:
            self.game.deal_next()

    def view(self, seat: int) -> SeatView:
        return seat_view(self.game.hand, seat)

    def snapshot(self) -> TableGame:
        return copy.deepcopy(self.game)

    def restore(self, snapshot: TableGame) -> None:
        self.game = copy.deepcopy(snapshot)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.game.scores)

    def to_text(self) -> str:
        return self.game.hand.to_text()

    def last_hand(self) -> TableHand | None:
        return self.game.hands[-1] if self.game.hands else None


@dataclass
class TableTurn:
    """A computer decision to make: ``player.choose(view)`` (the hard
    player also takes ``hand``, a copy), answered with the generation."""

    generation: int
    seat: int
    view: SeatView
    player: object
    hand: TableHand


@dataclass
class _Snap:
    game: TableGame
    stats: StatsBook
    undo_len: int


class TableSession:
    """A game of ``rules`` against computer players of ``level``
    (``easy``/``medium``/``hard``); ``stats_path`` (``None``: not saved)."""

    def __init__(self, rules: tables.TableRules, level: str = "medium", seed: int | None = None, *,
                 stats_path: Path | None = None, player_factory: Callable = make_table_player) -> None:
        self.player_factory = player_factory
        self.stats_path = Path(stats_path) if stats_path is not None else None
        self.stats = StatsBook.load(self.stats_path) if self.stats_path is not None else StatsBook()
        self.generation = 0
        self.new_game(rules, level, seed)

    def new_game(self, rules: tables.TableRules | None = None, level: str | None = None, seed: int | None = None) -> None:
        if rules is not None:
            self.rules = rules
        if level is not None:
            self.level = level
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        rng = random.Random(self.seed)
        n = self.rules.players
        self.players = {s: self.player_factory(self.level, self.seed + s) for s in range(1, n)}
        self.engine = TableEngine(TableGame(self.rules, rng.randrange(n), rng))
        self.generation += 1
        self.undo: list[_Snap] = []
        self.deal_start = self._snap()

    @property
    def game(self) -> TableGame:
        return self.engine.game

    @property
    def hand(self) -> TableHand:
        return self.engine.game.hand

    @property
    def showing_result(self) -> bool:
        """A finished hand is on show (until :meth:`next_hand`)."""
        return self.hand.done and not self.game.over

    @property
    def waiting(self) -> bool:
        return self.game.over or self.showing_result or self.hand.to_act == HUMAN

    def human_to_act(self) -> bool:
        return not self.game.over and not self.hand.done and self.hand.to_act == HUMAN

    def computer_turn(self) -> TableTurn | None:
        if self.waiting:
            return None
        seat = self.hand.to_act
        return TableTurn(self.generation, seat, self.engine.view(seat), self.players[seat], self.hand.copy())

    def apply_computer(self, generation: int, action: Act) -> bool:
        """The answer of :meth:`computer_turn`'s player; dropped (False) if
        the session moved on since."""
        if generation != self.generation or self.waiting:
            return False
        self._apply(action)
        return True

    def human_action(self, action: Act) -> bool:
        """The person's action; ignored (False) unless it is their turn and legal."""
        if not self.human_to_act() or action not in self.engine.legal_actions():
            return False
        self.undo.append(self._snap())
        self._apply(action)
        return True

    def _apply(self, action: Act) -> None:
        before = self.engine.hands_played
        self.engine.apply(action)
        if self.engine.hands_played > before:
            self._count(self.engine.last_hand())

    def next_hand(self) -> bool:
        if not self.showing_result:
            return False
        self.engine.deal_next()
        self.undo = []
        self.deal_start = self._snap()
        self.generation += 1
        return True

    def _snap(self) -> _Snap:
        return _Snap(self.engine.snapshot(), self.stats.copy(), len(self.undo))

    def _restore(self, snap: _Snap) -> None:
        self.engine.restore(snap.game)
        if self.stats.rows != snap.stats.rows:
            self.stats = snap.stats.copy()
            self.save_stats()
        del self.undo[snap.undo_len :]
        self.generation += 1

    @property
    def can_take_back(self) -> bool:
        return bool(self.undo)

    def take_back(self) -> bool:
        """Undo the person's last action and the computer actions after it."""
        if not self.undo:
            return False
        self._restore(self.undo[-1])
        return True

    def replay_deal(self) -> bool:
        """The same deal again, the score as it was before it."""
        self._restore(self.deal_start)
        return True

    def hint(self) -> tuple[Act, str]:
        return table_hint(self.hand, HUMAN)

    # ---------------------------------------------------------- statistics

    def stats_key(self) -> tuple[str, str]:
        return (self.rules.title, LEVEL_TITLES.get(self.level, self.level))

    def _count(self, hand: TableHand) -> None:
        row = self.stats.row(*self.stats_key())
        if not hand.thrown_in:
            g = self.game
            mine = {s for s in range(self.rules.players) if g.unit(s) == g.unit(HUMAN)}
            scored = any(hand.points.get(s, 0) > 0 for s in mine)
            euchre = hand.maker_tricks < self.rules.need if self.rules.bidding == "turn_up" else hand.maker_tricks < hand.bid
            row.record_hand(
                our_side_scored=scored,
                euchre=euchre,
                we_made=HUMAN in hand.makers(),
                i_went_alone=hand.maker == HUMAN and hand.alone,
                points=max((abs(p) for p in hand.points.values()), default=0),
            )
        if self.game.over:
            row.record_game(won=self.game.winner == self.game.unit(HUMAN))
        self.save_stats()

    def save_stats(self) -> None:
        if self.stats_path is None:
            return
        try:
            self.stats.save(self.stats_path)
        except OSError:
            pass  # statistics never stop play
