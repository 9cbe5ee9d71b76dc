"""A practice session: one person against computer players at a table of
2 to 6 seats, outside any window -- one session for every game.

:class:`PracticeSession` owns everything the practice table does besides
drawing, for every game the app plays: the four-seat presets
(:data:`euchre_tourney.rules.PRESETS`, the fast four-seat
:class:`~euchre_tourney.play.game.Game`) and every game of
:mod:`euchre_tourney.rules.tables` (two-handed to six-player,
:class:`~euchre_tourney.play.table.TableGame`). It keeps the game, the
computer players, the random generator, take-back, replaying a deal,
swapping hands, stepping through a game file, saving the game, and the
statistics (:class:`~euchre_tourney.play.stats.StatsBook`, by game and
level). It also says, engine-neutrally, what the window draws: the
person's choices with one key each (:meth:`PracticeSession.choices`), the
felt (:meth:`PracticeSession.scene`), the prompt, the hand's history
(:meth:`PracticeSession.hand_log`) and the score. The window
(``gui/practice/table.py``) draws that and hands back the person's
clicks; it runs the computer players and hints off its GUI thread, asking
:meth:`PracticeSession.computer_turn` / :meth:`PracticeSession.hint_job`
for the work and giving the answer back with the generation it was asked
in: an answer from before a take-back, a replay, a new game or a file
opened is dropped.

Behind the session is a small engine protocol
(:class:`~euchre_tourney.play.practice_engines.PracticeEngine`): legal
actions, apply, a seat's view, a snapshot to take back to, the scores, a
text form -- plus what the session needs to speak of a game. Its two
adapters, :class:`~euchre_tourney.play.practice_engines.FourSeatEngine`
and :class:`~euchre_tourney.play.practice_engines.TableEngine`, live in
``play/practice_engines.py`` and hand every move on to the engines of the
one protocol (``play/protocol.py``); their names are imported here too.
"""


from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from euchre_tourney.play.egn import EgnGame, game_to_egn, read_egn, write_egn
from euchre_tourney.play.game import Game
from euchre_tourney.play.hand import SEAT_NAMES
from euchre_tourney.play.players import hint as four_seat_hint
from euchre_tourney.play.practice_engines import (  # noqa: F401  (the session's names, as before the move)
    BID_KEYS,
    CHOICE_KEYS,
    HUMAN,
    TABLE_HUMAN,
    TABLE_KEYS,
    TABLE_NAMES,
    Choice,
    FourSeatEngine,
    HandLog,
    HintAnswer,
    PracticeEngine,
    TableEngine,
    _and,
    _cards_in_words,
    four_seat_button_words,
    key_label,
    the,
)
from euchre_tourney.play.protocol import GAME_TITLES, GAMES, players_of
from euchre_tourney.play.stats import Stats, StatsBook
from euchre_tourney.play.table.game import TableGame
from euchre_tourney.play.table.players import make_table_player
from euchre_tourney.rules import PRESET_TITLES, tables


LEVEL_TITLES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}

def practice_games() -> dict[str, tuple[str, object]]:
    """Every game of the practice table: key -> (title, rules) -- the
    protocol's :data:`~euchre_tourney.play.protocol.GAMES`, the four-seat
    presets first (by their titles), then the games of 2 to 6 seats."""
    return {k: (PRESET_TITLES.get(k) or GAME_TITLES[k], rules) for k, rules in GAMES.items()}


seats_of = players_of


def computer_player(level: str, rules, seed: int | None = None):
    """The computer player of ``level`` for ``rules``, through the players'
    one factory (``make_player(level, game, seed)``) where it takes the
    game; else the four-seat :func:`make_player` or the N-seat
    :func:`make_table_player`."""
    from euchre_tourney.play import players

    if "game" in inspect.signature(players.make_player).parameters:
        return players.make_player(level, rules, seed)
    if isinstance(rules, tables.TableRules):
        return make_table_player(level, seed)
    return players.make_player(level, seed)


def _one_hint():
    """The players' one hint when it speaks of every game (else ``None``)."""
    from euchre_tourney.play import players

    return players.hint if hasattr(players, "game_rules") else None


# ------------------------------------------------------------------------------ the session


@dataclass
class _Snapshot:
    """Everything needed to put the session back: before the person's
    action (take-back) or at the start of a deal (replay, swap hands)."""

    state: object
    shown: object
    stats: StatsBook
    undo_len: int


@dataclass
class Replay:
    """A game file being stepped through (any game): the ``record`` read,
    every recorded action as ``(deal index, action)`` in ``steps``, the
    position ``pos`` (actions applied) and the ``game`` replayed to it (a
    :class:`Game` or a :class:`TableGame`)."""

    record: EgnGame
    steps: list[tuple[int, object]]
    pos: int = 0
    game: Game | TableGame | None = None

    def go_to(self, pos: int) -> None:
        """Replay the game from its start to step ``pos`` (clamped)."""
        self.pos = max(0, min(pos, len(self.steps)))
        game = self.record.start()
        for _i, a in self.steps[: self.pos]:
            game.apply(a)
        self.game = game

    @property
    def table(self) -> bool:
        """A game of the general engine (2 to 6 seats)."""
        return isinstance(self.record.rules, tables.TableRules)

    def name(self, seat: int) -> str:
        players = self.record.players
        if seat < len(players) and players[seat]:
            return players[seat]
        return TABLE_NAMES[seat] if self.table else SEAT_NAMES[seat]

    def hand(self):
        g = self.game
        if self.table:
            return g.hand if g.hand is not None and (g.hand.history or not g.hands) else g.hands[-1]
        return g.hand or (g.hands[-1] if g.hands else None)


@dataclass
class ComputerTurn:
    """Work for a computer player: :meth:`choose` (``player.choose(view)``,
    the N-seat hard player also given ``hand``, a copy), to be given back
    with :meth:`PracticeSession.apply_computer` and ``generation``."""

    generation: int
    seat: int
    view: object
    player: object
    hand: object = None

    def choose(self):
        """The player's answer (run it off the GUI thread)."""
        if self.hand is not None and "hand" in inspect.signature(self.player.choose).parameters:
            return self.player.choose(self.view, self.hand)
        return self.player.choose(self.view)


def level_name(levels: Mapping[int, str], seats: int = 4, names: Sequence[str] = TABLE_NAMES) -> str:
    """The computer players' levels in words, for the statistics: "Medium"
    when all play alike; at the four-seat table e.g. "partner Hard,
    opponents Medium"; else "Alex Hard, Blair Medium"."""
    if seats == 4 and set(levels) <= {0, 1, 3}:
        partner = levels.get(0, "medium")
        opponents = {levels.get(1, "medium"), levels.get(3, "medium")}
        if opponents == {partner}:
            return LEVEL_TITLES.get(partner, partner)
        opp = " / ".join(LEVEL_TITLES.get(x, x) for x in sorted(opponents))
        return f"partner {LEVEL_TITLES.get(partner, partner)}, opponents {opp}"
    used = set(levels.values())
    if len(used) <= 1:
        only = next(iter(used), "medium")
        return LEVEL_TITLES.get(only, only)
    return ", ".join(f"{names[s]} {LEVEL_TITLES.get(v, v)}" for s, v in sorted(levels.items()))


def default_levels(rules, level: str = "medium") -> dict[int, str]:
    """Every computer seat of ``rules`` at ``level``."""
    human = HUMAN if not isinstance(rules, tables.TableRules) else TABLE_HUMAN
    return {s: level for s in range(seats_of(rules)) if s != human}


class PracticeSession:
    """A practice game of any game and everything around it (the module
    docstring).

    ``rules`` -- a four-seat :class:`RuleSet` or a
    :class:`~euchre_tourney.rules.tables.TableRules` (or a game's key of
    :func:`practice_games`); ``levels`` -- the level of each computer seat
    (``{0: "medium", 1: ..., 3: ...}`` at the four-seat table, seats 1..n-1
    at the others); ``player_factory(level, seed)`` makes the four-seat
    computer players (default :func:`make_player`), ``table_player_factory``
    those of the other games (default :func:`make_table_player`);
    ``stats_path`` -- where the statistics are kept (``None``: not saved);
    ``seed`` -- the game's random seed (random when ``None``)."""

    def __init__(
        self,
        rules,
        levels: Mapping[int, str] | None = None,
        seed: int | None = None,
        *,
        player_factory: Callable | None = None,
        table_player_factory: Callable | None = None,
        stats_path: Path | None = None,
    ) -> None:
        self.player_factory = player_factory
        self.table_player_factory = table_player_factory
        self.stats_path = Path(stats_path) if stats_path is not None else None
        self.stats = StatsBook.load(self.stats_path) if self.stats_path is not None else StatsBook()
        self.generation = 0
        self.replay: Replay | None = None
        self.rules = None
        self.seeds = random.Random(seed)  # the next games' seeds: a seeded session stays the same session
        self.new_game(rules, levels, seed)

    # ----------------------------------------------------------- the game

    def new_game(self, rules=None, levels: Mapping[int, str] | None = None, seed: int | None = None) -> None:
        """Deal a new game (a random first dealer from the seed). A game of
        another number of seats keeps no level of the last one."""
        if isinstance(rules, str):
            rules = practice_games()[rules][1]
        if rules is not None:
            changed = self.rules is None or seats_of(rules) != seats_of(self.rules) or type(rules) is not type(self.rules)
            self.rules = rules
            if changed and levels is None:
                levels = default_levels(rules)
        if levels is not None:
            self.levels = dict(levels)
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        rng = random.Random(self.seed)
        n = seats_of(self.rules)
        if isinstance(self.rules, tables.TableRules):
            self.engine = TableEngine(TableGame(self.rules, rng.randrange(n), rng))
            factory = self.table_player_factory
        else:
            self.engine = FourSeatEngine(Game(self.rules, rng.randrange(4), rng))
            factory = self.player_factory
        if factory is None:
            rules = self.rules
            factory = lambda level, seed: computer_player(level, rules, seed)  # noqa: E731
        self.human = self.engine.human
        self.players = {s: factory(self.levels.get(s, "medium"), self.seed + s) for s in range(n) if s != self.human}
        self.generation += 1
        self.undo: list[_Snapshot] = []
        self.shown = None
        self.replay = None
        self.swap = 0
        self.deal_start = self._snapshot()
        self.original_start = self.deal_start

    @property
    def game(self):
        """The game in progress (the engine's :class:`Game` or :class:`TableGame`)."""
        return self.engine.game

    @property
    def seats(self) -> int:
        return self.engine.seats

    @property
    def four_seat(self) -> bool:
        return isinstance(self.engine, FourSeatEngine)

    @property
    def over(self) -> bool:
        """The game in progress is over."""
        return self.engine.done

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
        hand = None if self.four_seat else self.game.hand.copy()
        return ComputerTurn(self.generation, seat, self.engine.view(seat), self.players[seat], hand)

    def apply_computer(self, generation: int, action) -> bool:
        """Apply a computer player's answer asked in ``generation``; False
        (dropped) when the session moved on since (take-back, replay, new
        game, file). ``RuleViolation`` for an illegal answer (the session
        is unchanged)."""
        if generation != self.generation or self.waiting:
            return False
        self._apply(action)
        return True

    def human_action(self, action) -> bool:
        """The person's bid, choice, discard or card; ignored (False) unless
        it is their turn and the action is legal."""
        if not self.human_to_act() or action not in self.engine.legal_actions():
            return False
        self.undo.append(self._snapshot())
        self._apply(action)
        return True

    def _apply(self, action) -> None:
        e = self.engine
        before = e.hands_played
        e.apply(action)
        if e.hands_played > before:
            finished = e.last_hand()
            row = self._stats_row()
            e.count(row, finished)
            self.shown = finished
            if e.done:
                row.record_game(won=e.human_won())
            self.save_stats()

    def next_hand(self) -> bool:
        """Leave the hand's summary: the next deal, or a new game (new seed)
        when the game is over. False when no summary shows."""
        if self.engine.done:
            self.new_game(seed=self.seeds.randrange(1 << 30))
            return True
        if self.shown is None:
            return False
        self.engine.deal_next()
        self.shown = None
        self.swap = 0
        self.deal_start = self._snapshot()
        self.original_start = self.deal_start
        return True

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
        """Undo the person's last action and the computer actions after it."""
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
        the seat to their left held, then the next (the same deal from
        another chair), back to their own after going round. The dealer
        moves with the cards; the game marks the deal as dealt from a moved
        chair (:attr:`~euchre_tourney.play.game.DealsInTurn.moved`, the
        game file's ``dealerMovedBack``) so that its file opens again."""
        start = self.original_start
        if self.replay is not None or self.engine.start_hand(start.state) is None:
            return False
        self.swap = (self.swap + 1) % self.seats
        state = self.engine.swapped(start.state, self.swap)
        self.deal_start = _Snapshot(state, start.shown, start.stats, start.undo_len)
        self._restore(self.deal_start)
        return True

    # ---------------------------------------------------------- game files

    def egn_text(self, whole_game: bool = True, when: str = "") -> str:
        """The game (or the hand on the table) in EGN (any game)."""
        seats = tuple(self.seat_title(s) for s in range(self.seats))
        if self.four_seat:
            seats = ("North", "East", "You (South)", "West")
        if whole_game:
            return game_to_egn(self.game, title="Practice game", players=seats, date=when)
        return write_egn([self.current()], self.rules, title="Practice hand", players=seats, date=when)

    def open_record(self, record: EgnGame) -> None:
        """Step through a game read from a file (from its start);
        :class:`EgnError` if its deals do not follow each other."""
        record.replay()
        steps = [(i, a) for i, (_h, actions) in enumerate(record.deals) for a in actions]
        replay = Replay(record, steps)
        replay.go_to(0)
        self.generation += 1
        self.replay = replay

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

    def _shown_engine(self):
        """The engine speaking of what is drawn (the file's kind when one is open)."""
        if self.replay is not None:
            return TableEngine(self.replay.game) if self.replay.table else FourSeatEngine(self.replay.game)
        return self.engine

    def shown_game(self):
        """The game drawn: the file's when one is open, else the session's."""
        return self.replay.game if self.replay is not None else self.game

    def current(self):
        """The hand on the table: the finished one while its summary shows;
        in a file, the hand at the step reached."""
        if self.replay is not None:
            return self.replay.hand()
        return self.shown if self.shown is not None else self.engine.hand()

    def who(self, seat: int) -> str:
        """A seat in the log: "You" for the person at play; in a file, the
        recorded player's name."""
        if self.replay is not None:
            return self.replay.name(seat)
        if seat == self.human:
            return "You"
        return SEAT_NAMES[seat] if self.four_seat else TABLE_NAMES[seat]

    def seat_title(self, seat: int) -> str:
        """A seat's name plate: "You (South)", "North (Medium)", "Alex (Hard)"."""
        if self.replay is not None:
            return self.who(seat)
        if seat == self.human:
            return "You (South)" if self.four_seat else "You"
        return f"{self.who(seat)} ({LEVEL_TITLES.get(self.levels.get(seat, ''), '')})"

    def side_names(self) -> tuple[str, ...]:
        """The scoring sides' (or players') names: "You & North" / "East &
        West" at the four-seat table; "You & Blair & Dana"; "Alex"."""
        return tuple(name for name, _ in self.score_items())

    def score_items(self) -> list[tuple[str, int]]:
        """Each side's (or player's) name and points in the game drawn."""
        e = self._shown_engine()
        first = self.human if self.replay is None else -1  # "You & North": the person first
        return [(_and([self.who(s) for s in sorted(seats, key=lambda s: s != first)]), pts) for seats, pts in e.units(e.game)]

    def result_words(self, hand) -> str:
        """A finished hand's result: "You and North make it: 1 point"; in a
        file, from the recorded players' point of view."""
        e = self._shown_engine()
        if self.four_seat_shown:
            return e.result_words(hand, self.side_names())
        return e.result_words(hand, [self.who(s) for s in range(hand.players)])

    @property
    def four_seat_shown(self) -> bool:
        return isinstance(self._shown_engine(), FourSeatEngine)

    def winner_words(self) -> str:
        """"You and North win 10 to 6" once the shown game is over ("" before)."""
        e = self._shown_engine()
        u = e.winner_unit(e.game)
        if u is None:
            return ""
        names = self.side_names()
        who = names[u].replace(" & ", " and ")
        pts = sorted((p for _, p in e.units(e.game)), reverse=True)
        verb = "win" if " and " in who or who == "You" else "wins"
        return f"{who} {verb} {pts[0]} to {pts[1]}"

    def rules_line(self) -> str:
        """The rules drawn, in words: "game to 10, win by two · British"."""
        rules = self.shown_game().rules
        two = ", win by two" if getattr(rules, "win_by_two", False) else ""
        return f"game to {rules.target}{two} · {rules.title}"

    # ----------------------------------------------- what the window draws

    def choices(self) -> list[Choice]:
        """What the person may do now, one :class:`Choice` each (empty
        unless it is their turn)."""
        if not self.human_to_act():
            return []
        hand = self.engine.hand()
        if self.four_seat:
            return self.engine.choices(hand)
        return self.engine.choices(hand, [self.who(s) for s in range(self.seats)])

    def hint_job(self, hint_fn: Callable | None = None) -> Callable[[], HintAnswer] | None:
        """The work of a hint for the person (to run off the GUI thread;
        it reads a copy), or ``None`` when it is not their turn or the
        dealer names trump blind. ``hint_fn(view)`` -- the four-seat hint
        (default :func:`~euchre_tourney.play.players.hint`)."""
        if not self.human_to_act():
            return None
        hand = self.engine.hand()
        if self.engine.blind(hand):
            return None
        if self.four_seat:
            return self.engine.hint_job(hand, hint_fn or four_seat_hint)
        return self.engine.hint_job(hand, [self.who(s) for s in range(self.seats)], _one_hint())

    def blind(self) -> bool:
        """The person names trump without looking at their cards."""
        hand = self.current()
        return hand is not None and self.replay is None and self.engine.blind(hand)

    def hand_cards(self) -> list[int]:
        """The person's cards in the order shown (trump first once made)."""
        hand = self.current()
        if hand is None:
            return []
        return self._shown_engine().hand_cards(hand)

    def scene(self, thinking: bool = False, last_trick: bool = False) -> dict | None:
        """What the felt shows, from the person's seat (every face while a
        file is stepped through): ``players``, ``human``, ``names``,
        ``faces`` (cards shown by seat, ``None`` for backs), ``counts``,
        ``tags`` (short words by seat: dealer, maker, alone, partner, sits
        out), ``dealer``, ``sitting_out``, ``lone``, ``maker``, ``to_act``,
        ``won`` (tricks by seat), ``bids`` (the last bid by seat),
        ``turn_up`` (-1 none), ``turn_up_face_up``, ``turn_up_text``,
        ``trick`` ([(seat, card)]), ``trick_done``, ``trick_winner``,
        ``centre_text`` (over the trick), ``centre`` (the game's line)."""
        hand = self.current()
        if hand is None:
            return None
        e = self._shown_engine()
        you = self.replay is None
        names = [self.seat_title(s) for s in range(e.seats)]
        seat = e.to_act if thinking and you else -1
        return e.scene(hand, names, self.who, you, seat, last_trick)

    def prompt(self, thinking: bool = False) -> str:
        """What to do now, in words (the keys named)."""
        r = self.replay
        if r is not None:
            return f"Stepping through “{r.record.title or 'a game file'}”: step {r.pos} of {len(r.steps)} (← →)"
        if self.engine.done and self.shown is not None:
            return f"{self.winner_words()}. Enter: new game"
        if self.shown is not None:
            return self.result_words(self.shown) + " — Enter: next hand"
        if thinking and self.engine.to_act >= 0:
            return f"{self.who(self.engine.to_act)} is thinking…"
        if self.human_to_act():
            return self.engine.prompt(self.engine.hand())
        return ""

    def trump_info(self) -> tuple[int, str] | None:
        """(trump, words on the makers and tricks) once trump is made."""
        hand = self.current()
        if hand is None:
            return None
        return self._shown_engine().trump_info(hand, self.who, self.side_names())

    def hand_log(self) -> HandLog | None:
        """The hand on the table's history (bids, tricks, result)."""
        hand = self.current()
        if hand is None:
            return None
        log = self._shown_engine().hand_log(hand, self.who, self.replay is None)
        if hand.done:
            log.result = self.result_words(hand)
        return log

    def banner(self) -> str:
        """The result over the person's cards while a hand's summary shows."""
        if self.replay is not None or self.shown is None:
            return ""
        return self.winner_words() if self.engine.done else self.result_words(self.shown)

    # ---------------------------------------------------------- statistics

    def stats_key(self) -> tuple[str, str]:
        """The statistics row of this game: the game's title and the
        computer players' levels."""
        return (self.rules.title, level_name(self.levels, self.seats))

    def _stats_row(self) -> Stats:
        return self.stats.row(*self.stats_key())

    def save_stats(self) -> None:
        """Write the statistics (errors ignored: statistics never stop play)."""
        if self.stats_path is None:
            return
        try:
            self.stats.save(self.stats_path)
        except OSError:
            pass

    def merge_stats(self, other: StatsBook) -> None:
        """Add ``other``'s rows to the statistics (a row of the same game
        and level adds up) and save them -- e.g. the file the separate table
        for 2 to 6 players kept before it became this table."""
        for key, row in other.rows.items():
            self.stats.rows[key] = self.stats.rows[key].add(row) if key in self.stats.rows else row
        self.save_stats()

    def reset_stats(self) -> None:
        """Forget every statistic (and take-backs cannot bring them back)."""
        self.stats.reset()
        for snap in [*self.undo, self.deal_start, self.original_start]:
            snap.stats = StatsBook()
        self.save_stats()


__all__ = [
    "BID_KEYS",
    "CHOICE_KEYS",
    "HUMAN",
    "TABLE_HUMAN",
    "Choice",
    "ComputerTurn",
    "FourSeatEngine",
    "HandLog",
    "HintAnswer",
    "PracticeEngine",
    "PracticeSession",
    "Replay",
    "TableEngine",
    "level_name",
    "practice_games",
]
