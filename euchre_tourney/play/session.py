"""A practice session: one person against computer players, outside any
window.

:class:`PracticeSession` owns everything the practice table does besides
drawing: the game (through a :class:`PracticeEngine`), the computer players,
the random generator and its state, take-back, replaying a deal, swapping
hands, stepping through a game file (EGN, or one game of an EMN match),
saving the game in EGN, and the statistics (:class:`~euchre_tourney.play.stats.StatsBook`,
by rule set and level). The window (``gui/practice/table.py``) draws
what the session says and hands it the person's clicks; it runs the
computer players off its GUI thread, asking :meth:`PracticeSession.computer_turn`
for the work and giving the answer back with the generation it was asked
in (:meth:`PracticeSession.apply_computer`): an answer from before a
take-back, a replay, a new game or a file opened is dropped.

The engine behind a session is a small protocol (:class:`PracticeEngine`):
legal actions, apply, a snapshot to take back to, the view of a seat, the
score by side and a text form. :class:`FourSeatEngine` is the four-seat game
(:class:`~euchre_tourney.play.game.Game`, unchanged); another engine (e.g.
a game of two to six seats) can sit behind a session the same way -- deal
replays, swapping hands and EGN files are the four-seat engine's extras
(:attr:`PracticeSession.four_seat`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from euchre_tourney.play.egn import EgnGame, game_to_egn, read_egn, write_egn
from euchre_tourney.play.game import Game
from euchre_tourney.play.hand import SEAT_NAMES, Hand
from euchre_tourney.play.players import make_player
from euchre_tourney.play.stats import Stats, StatsBook
from euchre_tourney.rules import GameScore, RuleSet

HUMAN = 2
"""The person's seat at the four-seat table: South."""

LEVEL_TITLES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}


@runtime_checkable
class PracticeEngine(Protocol):
    """What a session needs of a game.

    * ``rules`` -- the rule set; ``seats`` -- the number of seats.
    * ``to_act`` -- the seat to act (``-1`` once the game is over);
      ``done`` -- the game is over.
    * :meth:`legal_actions` / :meth:`apply` -- the exact legal set and the
      move (``RuleViolation`` for anything else).
    * :meth:`view` -- what one seat sees (what a computer player is given).
    * :meth:`snapshot` / :meth:`restore` -- the whole state, to take back to
      (the random generator's state included).
    * :meth:`scores` -- the points by side; :meth:`to_text` -- a text form.
    * ``hands_played`` -- hands finished so far (the session counts a
      hand's statistics when it grows); :meth:`last_hand` -- the last one.
    """

    rules: RuleSet
    seats: int

    @property
    def to_act(self) -> int: ...

    @property
    def done(self) -> bool: ...

    @property
    def hands_played(self) -> int: ...

    def legal_actions(self) -> Sequence[int]: ...

    def apply(self, action: int) -> None: ...

    def view(self, seat: int): ...

    def snapshot(self) -> object: ...

    def restore(self, snapshot: object) -> None: ...

    def scores(self) -> tuple[int, ...]: ...

    def to_text(self) -> str: ...

    def last_hand(self): ...


@dataclass
class _GameState:
    hand: Hand | None
    hands: list
    score: GameScore
    winner: object
    rng_state: object


class FourSeatEngine:
    """The four-seat game (:class:`Game`) as a :class:`PracticeEngine`.
    ``game`` is the :class:`Game` itself, for drawing."""

    seats = 4

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules

    @property
    def to_act(self) -> int:
        return self.game.to_act

    @property
    def done(self) -> bool:
        return self.game.done

    @property
    def hands_played(self) -> int:
        return len(self.game.hands)

    def legal_actions(self):
        return self.game.legal_actions()

    def apply(self, action: int) -> None:
        self.game.apply(action)

    def view(self, seat: int):
        return self.game.view(seat)

    def snapshot(self) -> _GameState:
        g = self.game
        return _GameState(g.hand.copy() if g.hand is not None else None, list(g.hands), g.score, g.winner, g.rng.getstate())

    def restore(self, snap: _GameState) -> None:
        g = self.game
        g.hand = snap.hand.copy() if snap.hand is not None else None
        g.hands = list(snap.hands)
        g.score = snap.score
        g.winner = snap.winner
        g.rng.setstate(snap.rng_state)

    def scores(self) -> tuple[int, int]:
        return (self.game.score.ns, self.game.score.ew)

    def to_text(self) -> str:
        return self.game.to_text()

    def last_hand(self) -> Hand | None:
        return self.game.hands[-1] if self.game.hands else None


@dataclass
class _Snapshot:
    """Everything needed to put the session back: before the person's
    action (take-back) or at the start of a deal (replay, swap hands)."""

    state: object
    shown: Hand | None
    stats: StatsBook
    undo_len: int


@dataclass
class Replay:
    """A game file being stepped through: the ``record`` read, every
    recorded action as ``(deal index, action)`` in ``steps``, the position
    ``pos`` (actions applied) and the ``game`` replayed to it."""

    record: EgnGame
    steps: list[tuple[int, int]]
    pos: int = 0
    game: Game | None = None

    def go_to(self, pos: int) -> None:
        """Replay the game from its start to step ``pos`` (clamped)."""
        self.pos = max(0, min(pos, len(self.steps)))
        record = self.record
        game = Game(record.rules, record.deals[0][0].dealer, deals=[h.copy() for h, _ in record.deals])
        game.score = GameScore(*record.initial_score)
        for _i, a in self.steps[: self.pos]:
            game.apply(a)
        self.game = game

    def name(self, seat: int) -> str:
        players = self.record.players
        return players[seat] if seat < len(players) and players[seat] else SEAT_NAMES[seat]


@dataclass
class ComputerTurn:
    """Work for a computer player: ``player.choose(view)``, to be given
    back with :meth:`PracticeSession.apply_computer` and ``generation``."""

    generation: int
    seat: int
    view: object
    player: object


def level_name(levels: Mapping[int, str]) -> str:
    """The computer players' levels in words, for the statistics: "Medium"
    when all three play alike, else e.g. "partner Hard, opponents Medium"."""
    partner = levels.get(0, "medium")
    opponents = {levels.get(1, "medium"), levels.get(3, "medium")}
    if opponents == {partner}:
        return LEVEL_TITLES.get(partner, partner)
    opp = " / ".join(LEVEL_TITLES.get(x, x) for x in sorted(opponents))
    return f"partner {LEVEL_TITLES.get(partner, partner)}, opponents {opp}"


class PracticeSession:
    """A practice game and everything around it (the module docstring).

    ``levels`` -- the level of each computer seat (``{0: "medium", 1: ...,
    3: ...}``); ``player_factory(level, seed)`` makes the computer players
    (default :func:`make_player`); ``stats_path`` -- where the statistics
    are kept (``None``: not saved); ``seed`` -- the game's random seed
    (random when ``None``)."""

    def __init__(
        self,
        rules: RuleSet,
        levels: Mapping[int, str] | None = None,
        seed: int | None = None,
        *,
        player_factory: Callable = make_player,
        stats_path: Path | None = None,
    ) -> None:
        self.player_factory = player_factory
        self.stats_path = Path(stats_path) if stats_path is not None else None
        self.stats = StatsBook.load(self.stats_path) if self.stats_path is not None else StatsBook()
        self.human = HUMAN
        self.generation = 0
        self.replay: Replay | None = None
        self.new_game(rules, levels or {0: "medium", 1: "medium", 3: "medium"}, seed)

    # ----------------------------------------------------------- the game

    def new_game(self, rules: RuleSet | None = None, levels: Mapping[int, str] | None = None, seed: int | None = None) -> None:
        """Deal a new game (a random first dealer from the seed)."""
        if rules is not None:
            self.rules = rules
        if levels is not None:
            self.levels = dict(levels)
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        rng = random.Random(self.seed)
        self.players = {s: self.player_factory(self.levels[s], self.seed + s) for s in (0, 1, 3)}
        self.engine = FourSeatEngine(Game(self.rules, rng.randrange(4), rng))
        self.generation += 1
        self.undo: list[_Snapshot] = []
        self.shown: Hand | None = None
        self.replay = None
        self.swap = 0
        self.deal_start = self._snapshot()
        self.original_start = self.deal_start

    @property
    def game(self) -> Game:
        """The four-seat :class:`Game` in progress."""
        return self.engine.game

    @property
    def waiting(self) -> bool:
        """Nothing happens until the person acts: a summary shows, the
        game is over, a file is open, or it is the person's turn."""
        e = self.engine
        return self.replay is not None or self.shown is not None or e.done or e.to_act == self.human

    def human_to_act(self) -> bool:
        """The person may act now."""
        e = self.engine
        return self.replay is None and self.shown is None and not e.done and e.to_act == self.human

    def computer_turn(self) -> ComputerTurn | None:
        """The next computer decision to make, or ``None`` while waiting."""
        if self.waiting:
            return None
        seat = self.engine.to_act
        return ComputerTurn(self.generation, seat, self.engine.view(seat), self.players[seat])

    def apply_computer(self, generation: int, action: int) -> bool:
        """Apply a computer player's answer asked in ``generation``; False
        (dropped) when the session moved on since (take-back, replay, new
        game, file). ``RuleViolation`` for an illegal answer (the session
        is unchanged)."""
        if generation != self.generation or self.waiting:
            return False
        self._apply(action)
        return True

    def human_action(self, action: int) -> bool:
        """The person's bid, discard or card; ignored (False) unless it is
        their turn and the action is legal."""
        if not self.human_to_act() or action not in self.engine.legal_actions():
            return False
        self.undo.append(self._snapshot())
        self._apply(action)
        return True

    def _apply(self, action: int) -> None:
        e = self.engine
        before = e.hands_played
        e.apply(action)
        if e.hands_played > before:
            finished = e.last_hand()
            self._count_hand(finished)
            self.shown = finished
            if e.done:
                self._stats_row().record_game(won=self.game.winner.value == "NS")
                self.save_stats()

    def next_hand(self) -> None:
        """Leave the hand's summary: the next deal, or a new game (new seed)
        when the game is over."""
        if self.engine.done:
            self.new_game(seed=random.randrange(1 << 30))
            return
        self.shown = None
        self.swap = 0
        self.deal_start = self._snapshot()
        self.original_start = self.deal_start

    # ------------------------------------------------- take-back, replays

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(self.engine.snapshot(), self.shown, self.stats.copy(), len(self.undo))

    def _restore(self, snap: _Snapshot) -> None:
        self.engine.restore(snap.state)
        self.shown = snap.shown
        if self.stats.rows != snap.stats.rows:
            self.stats = snap.stats.copy()
            self.save_stats()
        del self.undo[snap.undo_len :]
        self.generation += 1

    @property
    def can_take_back(self) -> bool:
        return bool(self.undo) and self.replay is None

    def take_back(self) -> bool:
        """Undo the person's last bid or card and the computer actions after it."""
        if not self.can_take_back:
            return False
        self._restore(self.undo[-1])
        return True

    def replay_deal(self) -> bool:
        """Deal the same cards again (the score as it was before the deal)."""
        if self.replay is not None:
            return False
        self._restore(self.deal_start)
        return True

    def swap_hands(self) -> bool:
        """Replay the deal from the next seat: the person gets the cards
        West, North, then East held (the same deal from another chair)."""
        start = self.original_start
        if self.replay is not None or start.state.hand is None:
            return False
        self.swap = (self.swap + 1) % 4
        h = start.state.hand
        k = self.swap
        dealt = h.dealt_hands()
        rotated = Hand(h.rules, (h.dealer - k) & 3, [dealt[(s + k) & 3] for s in range(4)], h.turn_up, h.undealt)
        state = _GameState(rotated, start.state.hands, start.state.score, start.state.winner, start.state.rng_state)
        self.deal_start = _Snapshot(state, start.shown, start.stats, start.undo_len)
        self._restore(self.deal_start)
        return True

    # ---------------------------------------------------------- game files

    def egn_text(self, whole_game: bool = True, when: str = "") -> str:
        """The game (or the hand on the table) in EGN."""
        seats = ("North", "East", "You (South)", "West")
        if whole_game:
            return game_to_egn(self.game, title="Practice game", players=seats, date=when)
        return write_egn([self.current()], self.rules, title="Practice hand", players=seats, date=when)

    def open_record(self, record: EgnGame) -> None:
        """Step through a game read from a file (from its start);
        :class:`EgnError` if its deals do not follow each other."""
        record.replay()
        steps = [(i, a) for i, (_h, actions) in enumerate(record.deals) for a in actions]
        self.generation += 1
        self.replay = Replay(record, steps)
        self.replay.go_to(0)

    def open_egn(self, text: str) -> None:
        """:meth:`open_record` of an EGN file's text (:class:`EgnError` in words)."""
        self.open_record(read_egn(text))

    def step_replay(self, delta: int) -> None:
        if self.replay is not None:
            self.replay.go_to(self.replay.pos + delta)

    def leave_replay(self) -> bool:
        """Close the game file: back to the game in progress, untouched."""
        if self.replay is None:
            return False
        self.replay = None
        self.generation += 1
        return True

    # ------------------------------------------------------------- reading

    def shown_game(self) -> Game:
        """The game drawn: the file's when one is open, else the session's."""
        return self.replay.game if self.replay is not None else self.game

    def current(self) -> Hand | None:
        """The hand on the table: the finished one while its summary shows;
        in a file, the hand at the step reached."""
        if self.replay is not None:
            g = self.replay.game
            return g.hand or (g.hands[-1] if g.hands else None)
        return self.shown if self.shown is not None else self.game.hand

    def who(self, seat: int) -> str:
        """A seat in the log: "You" for the person at play; in a file, the
        recorded player's name."""
        if self.replay is not None:
            return self.replay.name(seat)
        return "You" if seat == self.human else SEAT_NAMES[seat]

    def side_names(self) -> tuple[str, str]:
        """The two sides' names: "You & North" / "East & West" at play; in a
        file, the recorded players' names."""
        if self.replay is not None:
            r = self.replay
            return (f"{r.name(0)} & {r.name(2)}", f"{r.name(1)} & {r.name(3)}")
        return ("You & North", "East & West")

    def result_words(self, hand: Hand) -> str:
        """A finished hand's result: "You and North make it: 1 point"; in a
        file, from the recorded players' point of view."""
        if hand.misdeal:
            return "Misdeal: the same dealer deals again"
        if hand.score is None:
            return "Everyone passed twice: the cards are thrown in"
        ns = hand.score.side.value == "NS"
        if self.replay is not None:
            side = self.side_names()[0 if ns else 1].replace(" & ", " and ")
        else:
            side = "You and North" if ns else "East and West"
        what = "euchre the makers" if hand.score.euchred else ("march" if hand.score.march else "make it")
        return f"{side} {what}: {hand.score.points} point{'s' if hand.score.points != 1 else ''}"

    def winner_words(self) -> str:
        """"You and North win 10 to 6" once the shown game is over ("" before)."""
        g = self.shown_game()
        if g.winner is None:
            return ""
        ns = g.winner.value == "NS"
        if self.replay is not None:
            who = self.side_names()[0 if ns else 1].replace(" & ", " and ")
        else:
            who = "You and North" if ns else "East and West"
        return f"{who} win {max(g.score.ns, g.score.ew)} to {min(g.score.ns, g.score.ew)}"

    # ---------------------------------------------------------- statistics

    def stats_key(self) -> tuple[str, str]:
        """The statistics row of this game: the rule set's name and the
        computer players' level."""
        return (self.rules.title, level_name(self.levels))

    def _stats_row(self) -> Stats:
        return self.stats.row(*self.stats_key())

    def _count_hand(self, hand: Hand) -> None:
        if hand.score is None:
            return
        ours = hand.score.side.value == "NS"
        self._stats_row().record_hand(
            our_side_scored=ours,
            euchre=hand.score.euchred,
            we_made=hand.maker in (0, 2),
            i_went_alone=hand.lone == self.human,
            points=hand.score.points,
        )
        self.save_stats()

    def save_stats(self) -> None:
        """Write the statistics (errors ignored: statistics never stop play)."""
        if self.stats_path is None:
            return
        try:
            self.stats.save(self.stats_path)
        except OSError:
            pass

    def reset_stats(self) -> None:
        """Forget every statistic (and take-backs cannot bring them back)."""
        self.stats.reset()
        for snap in [*self.undo, self.deal_start, self.original_start]:
            snap.stats = StatsBook()
        self.save_stats()


__all__ = [
    "HUMAN",
    "ComputerTurn",
    "FourSeatEngine",
    "PracticeEngine",
    "PracticeSession",
    "Replay",
    "level_name",
]

