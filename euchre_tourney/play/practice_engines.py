"""What the practice session says of each game: the engine adapters behind
:class:`~euchre_tourney.play.session.PracticeSession`.

:class:`PracticeEngine` is what the session needs of a game: a
:class:`~euchre_tourney.play.protocol.Playable` (legal actions, apply, a
seat's view, a text form) with a snapshot to take back to, the scores and
the hands played -- plus what the session needs to speak of a game: the
person's choices with one key each (:class:`Choice`, :data:`BID_KEYS`,
:data:`TABLE_KEYS`, :data:`CHOICE_KEYS`), hints (:class:`HintAnswer`), the
felt (``scene``), the prompt, the hand's history (:class:`HandLog`), the
result's words and the statistics counted. Two adapters implement it and
hand every move on to the engines of ``play/protocol.py``:
:class:`FourSeatEngine` over the fast four-seat
:class:`~euchre_tourney.play.game.Game` and :class:`TableEngine` over the
general :class:`~euchre_tourney.play.table.game.TableGame` (every game of 2
to 6 seats). The session (``play/session.py``) works only through them.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from euchre_tourney.play.actions import ALONE, DISCARD, MISDEAL, NAME, ORDER, PASS
from euchre_tourney.play.game import Game
from euchre_tourney.play.hand import ALONE_ROUND, BENNY_UP, BID1, BID2, DISCARDING, PLAYING, Hand
from euchre_tourney.play.protocol import Playable
from euchre_tourney.play.stats import Stats
from euchre_tourney.play.table import hand as th
from euchre_tourney.play.table.game import TableGame
from euchre_tourney.play.table.hand import Act, TableHand
from euchre_tourney.play.table.players import seat_view, table_hint
from euchre_tourney.play.words import action_words, bid_words, card_words
from euchre_tourney.rules import BENNY, SUIT_NAMES, SUIT_SYMBOLS, GameScore, tables


HUMAN = 2
"""The person's seat at the four-seat table: South."""
TABLE_HUMAN = 0
"""The person's seat at a table of the N-seat games."""

TABLE_NAMES = ("You", "Alex", "Blair", "Casey", "Dana", "Eli")
"""The players' names at an N-seat table: the person first, then clockwise."""

BID_KEYS = {PASS: "P", ORDER: "O", ALONE: "A", MISDEAL: "M", NAME: "C", NAME + 1: "D", NAME + 2: "H", NAME + 3: "S"}
"""The one key of each four-seat bidding decision (shown underlined on its button)."""
TABLE_KEYS = {"pass": "P", "order": "O", "order!": "A", "alone": "A", "noask": "N", "keep": "K", "take": "T",
              "refuse": "R", "partner": "P"}
CHOICE_KEYS = (*"POAMCDHSNKTR", *"1234567890", *(f"Shift+{c}" for c in "CDHSN"))
"""Every key a choice can have, in any game (each one a window shortcut):
P pass (or the partner card chosen), O order up, A alone, M misdeal, C D H
S a suit, N no-trump (or ask nobody), Shift with a suit's letter: that
suit alone, a digit a bid or the seat asked, K pass no card, T take and R
refuse a railroaded card. Digits also play the person's cards."""


def key_label(words: str, key: str) -> str:
    """A button's words with its key shown: the key's letter in the words
    underlined ("&Pass", "Order it up &alone", "Bid &3"), else the key in
    brackets ("Ask Alex (&1)", "Clubs alone (Shift+C)")."""
    if len(key) == 1:
        i = words.lower().find(key.lower())
        return words[:i] + "&" + words[i:] if i >= 0 else f"{words} (&{key})"
    return f"{words} ({key})"


@dataclass(frozen=True)
class Choice:
    """One thing the person may do now: ``action`` (the engine's), its
    ``words`` ("Order up", "Hearts alone", "Bid 3"), its one ``key`` ("O",
    "Shift+H", "3"; "" for a card, which takes its number), ``kind``
    (``"bid"``: a button; ``"card"``: one of the person's cards, ``card``,
    to ``verb`` -- play, discard or give; ``"list"``: a card named from a
    list, the partner card) and ``row`` (0, or 1 for the "alone" twins
    drawn under their plain choice)."""

    action: object
    words: str
    key: str = ""
    kind: str = "bid"
    card: int | None = None
    verb: str = ""
    row: int = 0

    @property
    def label(self) -> str:
        """The button's text with its key shown (``&`` underlines)."""
        return key_label(self.words, self.key) if self.key else self.words


@dataclass
class HintAnswer:
    """A hint: ``action`` (legal now), its ``words``, the ``reason`` in a
    sentence, and ``ranking`` (words, expected points) best first (empty
    when the hint gives none)."""

    action: object
    words: str
    reason: str
    ranking: list[tuple[str, float]] = field(default_factory=list)


@dataclass
class HandLog:
    """A hand's history for the side panel: ``head`` ("East deals; the 9 of
    hearts is turned up."), ``bids`` (one line each), ``tricks`` as
    ``(leader's name, cards, winner's name)``, ``result`` ("" until done)."""

    head: str
    bids: list[str]
    tricks: list[tuple[str, list[int], str]]
    result: str = ""


def _and(names: Sequence[str]) -> str:
    """ "You & North", "You, Blair & Dana"."""
    return " & ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " & " + names[-1]


_CARD_CODE = re.compile(r"\b(?:[Tt]he )?((?:10|[2-9TJQKA])[CDHS]'?|JK)(?=\W|$)")


def _cards_in_words(text: str) -> str:
    """A sentence with every card code ("8C", "JK", "AS'") in words ("the 8
    of clubs") -- the players' reasons may name cards by code."""
    def word(m: re.Match) -> str:
        try:
            words = the(tables.name(tables.parse(m.group(1))))
        except ValueError:
            return m.group(0)
        start = m.group(0).startswith("The ") or not text[: m.start()].strip() or text[: m.start()].rstrip()[-1] in ".!?:"
        return words[0].upper() + words[1:] if start else words

    return _CARD_CODE.sub(word, text)


_ACT_WORDS = {
    "pass": "Pass",
    "bid": "Bid {x}",
    "alone": "Play alone",
    "ask": "Ask {name}",
    "noask": "Ask nobody",
    "keep": "Pass no card",
    "take": "Take the card",
    "refuse": "Refuse the card",
    "partner": "Partner: {card}",
}
"""The words of the N-seat actions that say no card or suit (the rest:
:meth:`TableEngine.act_words`); ``{x}`` the action's number, ``{name}``
the seat asked, ``{card}`` the partner card."""


def the(card_name: str) -> str:
    """``"the ace of spades"`` -- no doubled article for ``"the Benny"``."""
    return card_name if card_name.startswith("the ") else "the " + card_name


def _second_person(words: str) -> str:
    """A bid said of the person: "picks it up" -> "pick it up"."""
    for third, second in (("orders", "order"), ("picks", "pick"), ("names", "name"), ("goes", "go"),
                          ("calls", "call"), ("plays", "play"), ("does", "do"), ("bids", "bid"),
                          ("asks", "ask"), ("passes", "pass"), ("takes", "take"), ("refuses", "refuse"),
                          ("discards", "discard"), ("gives", "give")):
        if words.startswith(third):
            return second + words[len(third):]
    return words


def _trick_seats(leader: int, n: int, sitting_out, seats: int = 4) -> list[int]:
    """The seats of a trick's ``n`` cards, clockwise from ``leader``,
    skipping the seats that sit out."""
    out, seat = [], leader
    for _ in range(n):
        out.append(seat)
        seat = (seat + 1) % seats
        while seat in sitting_out:
            seat = (seat + 1) % seats
    return out


# ------------------------------------------------------------------------------ engines


@runtime_checkable
class PracticeEngine(Playable, Protocol):
    """What a session needs of a game: a :class:`~.protocol.Playable` and
    the members below.

    * ``rules`` -- the rule set; ``seats`` -- the number of seats;
      ``human`` -- the person's seat.
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

    rules: object
    seats: int

    @property
    def hands_played(self) -> int: ...

    def snapshot(self) -> object: ...

    def restore(self, snapshot: object) -> None: ...

    def scores(self) -> tuple[int, ...]: ...

    def last_hand(self): ...


def _moved(moved: dict[int, int], index: int, k: int) -> dict[int, int]:
    """``moved`` with deal ``index`` dealt from a chair ``k`` seats back
    (not moved when ``k`` is 0: the swap went round to the seat's own)."""
    out = {i: m for i, m in moved.items() if i != index}
    if k:
        out[index] = k
    return out


@dataclass
class _GameState:
    hand: Hand | None
    hands: list
    score: GameScore
    winner: object
    rng_state: object
    moved: dict = field(default_factory=dict)


class _OverProtocol:
    """What a session's engine reads the same way of any
    :class:`~euchre_tourney.play.protocol.EuchreGame` (``game``): the
    scoring units and their points, the winner, the hands played."""

    game: Game | TableGame
    human: int

    @property
    def hands_played(self) -> int:
        return len(self.game.hands)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.game.scores)

    @staticmethod
    def units(game) -> list[tuple[list[int], int]]:
        """The scoring units of ``game``: (their seats, their points)."""
        return [([s for s in range(game.players) if game.unit(s) == u], p) for u, p in enumerate(game.scores)]

    @staticmethod
    def winner_unit(game) -> int | None:
        return game.winning_unit()

    def human_won(self) -> bool:
        return self.game.winning_unit() == self.game.unit(self.human)

    def last_hand(self):
        return self.game.hands[-1] if self.game.hands else None


class FourSeatEngine(_OverProtocol):
    """The four-seat game (:class:`Game`) as a :class:`PracticeEngine`.
    ``game`` is the :class:`Game` itself. The person sits South."""

    seats = 4
    human = HUMAN

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules

    # --- the protocol
    @property
    def to_act(self) -> int:
        return self.game.to_act

    @property
    def done(self) -> bool:
        return self.game.done

    def legal_actions(self):
        return self.game.legal_actions()

    def apply(self, action: int) -> None:
        self.game.apply(action)

    def deal_next(self) -> None:
        """The four-seat game deals the next hand itself."""

    def view(self, seat: int):
        return self.game.view(seat)

    def snapshot(self) -> _GameState:
        g = self.game
        return _GameState(
            g.hand.copy() if g.hand is not None else None, list(g.hands), g.score, g.winner, g.rng.getstate(), dict(g.moved)
        )

    def restore(self, snap: _GameState) -> None:
        g = self.game
        g.hand = snap.hand.copy() if snap.hand is not None else None
        g.hands = list(snap.hands)
        g.score = snap.score
        g.winner = snap.winner
        g.rng.setstate(snap.rng_state)
        g.moved = dict(snap.moved)

    def to_text(self) -> str:
        return self.game.to_text()

    # --- what the session says of the game
    def hand(self) -> Hand | None:
        return self.game.hand

    def swapped(self, state: _GameState, k: int) -> _GameState:
        """The deal of ``state`` with every seat's cards moved ``k`` seats on
        (the dealer ``k`` seats back), marked in the game's
        :attr:`~euchre_tourney.play.game.DealsInTurn.moved` so that its file
        opens again."""
        h = state.hand
        dealt = h.dealt_hands()
        rotated = Hand(h.rules, (h.dealer - k) & 3, [dealt[(s + k) & 3] for s in range(4)], h.turn_up, h.undealt)
        return _GameState(rotated, state.hands, state.score, state.winner, state.rng_state, _moved(state.moved, len(state.hands), k))

    @staticmethod
    def start_hand(state: _GameState) -> Hand | None:
        return state.hand

    def choices(self, hand: Hand) -> list[Choice]:
        view = hand.view(HUMAN)
        out = []
        discarding = view.phase == DISCARDING
        for a in view.legal:
            if discarding and DISCARD <= a <= DISCARD + BENNY:
                out.append(Choice(a, action_words(a, view), "", "card", a - DISCARD, "discard"))
            elif 0 <= a <= BENNY:
                out.append(Choice(a, action_words(a, view), "", "card", a, "play"))
            else:
                out.append(Choice(a, four_seat_button_words(a, view), BID_KEYS[a]))
        return out

    def hint_job(self, hand: Hand, hint_fn) -> Callable[[], HintAnswer]:
        view = hand.view(HUMAN)

        def run() -> HintAnswer:
            h = hint_fn(view)
            ranking = [(action_words(a, view), p) for a, p in h.ranking] if any(p for _, p in h.ranking) else []
            return HintAnswer(h.action, action_words(h.action, view), h.reason, ranking)

        return run

    def blind(self, hand: Hand) -> bool:
        """The person names trump without looking (001: a turned-up Benny)."""
        return hand.phase == BENNY_UP and hand.dealer == HUMAN

    def hand_cards(self, hand: Hand, reveal_all: bool = False) -> list[int]:
        from euchre_tourney.rules import TRUMP_TABLES

        view = hand.view(HUMAN)
        cards = list(view.cards)
        if view.trump >= 0:
            table = TRUMP_TABLES[view.trump]
            cards.sort(key=lambda c: (-1, table.trump_order[c]) if table.suit[c] == view.trump else (_SUIT_ORDER[c >> 3], -(c & 7)))
        else:
            cards.sort(key=lambda c: (-1, 0) if c == BENNY else (_SUIT_ORDER[c >> 3], -(c & 7)))
        return cards

    def scene(self, hand: Hand, names: list[str], who, you: bool, thinking: int, last: bool) -> dict:
        """The felt (see :meth:`PracticeSession.scene`)."""
        view = hand.view(HUMAN)
        replaying = not you
        faces = [list(hand.hands[s]) if replaying else None for s in range(4)]
        counts = [len(hand.hands[s]) for s in range(4)]
        bids = {}
        if view.phase in (BID1, BID2, BENNY_UP, ALONE_ROUND, DISCARDING) or (view.maker < 0 and not view.tricks):
            made = False
            for seat, a in view.bids:
                if made and a == PASS:
                    continue  # declining to go alone is not shown as a bid
                made = made or a == ORDER or NAME <= a < NAME + 4
                words = bid_words(seat, a, view.dealer)
                bids[seat] = _second_person(words) if seat == HUMAN and you else words
        turn_up, turn_text = -1, ""
        # the turn-up stays on the felt until the dealer's discard
        if view.phase in (BID1, BID2, BENNY_UP, ALONE_ROUND, DISCARDING) or (view.maker < 0 and view.phase != PLAYING):
            turn_up = view.turn_up
            dealer = who(view.dealer)
            human_deals = view.dealer == HUMAN and you
            if view.phase == BID1:
                turn_text = "Turn-up · you deal" if human_deals else f"Turn-up · {dealer} deals"
            elif view.phase == BENNY_UP:
                turn_text = "The Benny is turned up: the dealer names trump"
            elif view.bid_round == 1 and view.phase in (ALONE_ROUND, DISCARDING):
                taker = "you pick it up" if human_deals else f"{dealer} picks it up"
                turn_text = f"Turn-up · {taker}" + ((" and discard" if human_deals else " and discards") if view.phase == DISCARDING else "")
            else:
                turn_text = "Turned down"
        trick = list(zip(view.trick_seats(), view.trick, strict=True))
        trick_done, winner, centre = False, -1, ""
        show_last = last or (not trick and view.tricks and view.phase == PLAYING) or (not trick and hand.done)
        if view.tricks and show_last:
            leader, cards, winner = view.tricks[-1]
            trick = list(zip(_trick_seats(leader, len(cards), view.sitting_out), cards, strict=True))
            trick_done = True
            taker = "you" if winner == HUMAN and you else who(winner)
            centre = f"{'Last trick' if last else f'Trick {len(view.tricks)}'}: won by {taker}"
        elif last:
            centre = "No trick has been taken yet"
        if thinking >= 0 and not hand.done and not last:
            centre = f"{who(thinking)} is thinking…"
        tags: list[list[str]] = [[] for _ in range(4)]
        tags[view.dealer].append("dealer")
        for s in view.sitting_out:
            tags[s].append("sits out")
        lone = view.lone if view.lone >= 0 else view.lone_defender
        if lone >= 0 and lone not in view.sitting_out:
            tags[lone].append("alone")
        if view.maker >= 0:
            tags[view.maker].append("made trump")
        return {
            "players": 4,
            "human": HUMAN,
            "names": names,
            "faces": faces,
            "counts": counts,
            "tags": tags,
            "dealer": view.dealer,
            "sitting_out": view.sitting_out,
            "lone": lone,
            "maker": view.maker,
            "to_act": view.to_act,
            "won": list(view.tricks_won),
            "bids": bids,
            "turn_up": turn_up,
            "turn_up_face_up": view.phase != BID2 and not (view.phase == ALONE_ROUND and view.bid_round == 2),
            "turn_up_text": turn_text,
            "trick": trick,
            "trick_done": trick_done,
            "trick_winner": winner,
            "centre_text": centre,
            "centre": centre,
        }

    def prompt(self, hand: Hand) -> str:
        """What the person may do, with the keys."""
        view = hand.view(HUMAN)
        legal = set(view.legal)
        if view.phase == DISCARDING:
            return "You picked up the turn-up: click the card to discard (or press its number)"
        if view.phase == PLAYING:
            return "Your lead: click a card or press its number" if not view.trick else "Your turn: click a card or press its number (only legal cards are lit)"
        if view.phase == ALONE_ROUND:
            return "Go alone (A), or play with your partner (P)?" if (view.maker ^ HUMAN) & 1 == 0 else "Defend alone (A) or pass (P)?"
        if view.phase == BENNY_UP:
            return f"The Benny is turned up: name trump without looking at your cards ({_suit_keys(legal)})"
        if view.phase == BID1:
            return "Your bid: order up (O) or pass (P)" if view.dealer != HUMAN else "Your bid: pick it up (O) or pass (P)"
        return f"Your bid: name a suit ({_suit_keys(legal)})" + (" or pass (P)" if PASS in legal else "")

    def trump_info(self, hand: Hand, who, sides: list[str]) -> tuple[int, str] | None:
        """(trump suit, "made by East alone · tricks: ...") once trump is made."""
        view = hand.view(HUMAN)
        if view.trump < 0:
            return None
        alone = ""
        if view.lone >= 0:
            alone = " alone" if view.lone == view.maker else f" ({who(view.lone)} alone)"
        if view.lone_defender >= 0:
            alone += f"; {who(view.lone_defender)} defends alone"
        won = view.tricks_won
        return view.trump, f"made by {who(view.maker)}{alone} · tricks: {sides[0]} <b>{won[0] + won[2]}</b>, {sides[1]} <b>{won[1] + won[3]}</b>"

    def hand_log(self, hand: Hand, who, you: bool) -> HandLog:
        view = hand.view(HUMAN)
        dealer = who(view.dealer)
        up = "the Benny" if view.turn_up == BENNY else card_words(view.turn_up)
        head = f"{dealer} {'deal' if dealer == 'You' else 'deals'}; {up} is turned up."
        bids, made = [], False
        for seat, a in view.bids:
            words = bid_words(seat, a, view.dealer)
            if made and a == PASS:
                words = "plays with partner" if (seat ^ view.maker) & 1 == 0 else "does not defend alone"
            if seat == HUMAN and you:
                words = _second_person(words)
            made = made or a == ORDER or NAME <= a < NAME + 4
            bids.append(f"{who(seat)}: {words}")
        tricks = []
        for leader, cards, winner in view.tricks:
            tricks.append((who(leader), list(cards), "you" if winner == HUMAN and you else who(winner)))
        return HandLog(head, bids, tricks)

    def result_words(self, hand: Hand, side_names: list[str]) -> str:
        if hand.misdeal:
            return "Misdeal: the same dealer deals again"
        if hand.score is None:
            return "Everyone passed twice: the cards are thrown in"
        side = side_names[0 if hand.score.side.value == "NS" else 1].replace(" & ", " and ")
        what = "euchre the makers" if hand.score.euchred else ("march" if hand.score.march else "make it")
        return f"{side} {what}: {hand.score.points} point{'s' if hand.score.points != 1 else ''}"

    def count(self, row: Stats, hand: Hand) -> None:
        if hand.score is None:
            return
        row.record_hand(
            our_side_scored=hand.score.side.value == "NS",
            euchre=hand.score.euchred,
            we_made=hand.maker in (0, 2),
            i_went_alone=hand.lone == HUMAN,
            points=hand.score.points,
        )



def four_seat_button_words(action: int, view) -> str:
    """A four-seat bidding button's words: "Pass", "Order up", "Pick it up",
    "Go alone", "♥ Hearts", "Pass (don't defend alone)"."""
    if NAME <= action < NAME + 4:
        return f"{SUIT_SYMBOLS[action - NAME]} {SUIT_NAMES[action - NAME].capitalize()}"
    if action == PASS and view.phase == ALONE_ROUND and (view.seat ^ view.maker) & 1:
        return "Pass (don't defend alone)"
    return action_words(action, view)


def _suit_keys(legal) -> str:
    """The keys of the suits that may be named, e.g. "D, H, S"."""
    return ", ".join(BID_KEYS[a] for a in sorted(legal) if isinstance(a, int) and NAME <= a < NAME + 4)


_SUIT_ORDER = (1, 0, 3, 2)
"""The person's cards are shown grouped by printed suit, alternating colours
(diamonds, clubs, spades, hearts) -- display only; the engine decides what
is legal."""


def _copy_game(game: TableGame) -> TableGame:
    """A copy of ``game`` that shares what never changes again -- the rules
    and the finished hands (as the four-seat engine's snapshot does) -- so a
    take-back snapshot costs one hand, not the whole game so far."""
    memo = {id(game.rules): game.rules}
    for h in game.hands:
        if h.done:
            memo[id(h)] = h
    return copy.deepcopy(game, memo)


class TableEngine(_OverProtocol):
    """A :class:`TableGame` (2 to 6 seats) as a :class:`PracticeEngine`. A
    finished hand stays as ``game.hand`` until :meth:`deal_next` (so the
    table can show it). The person sits in seat 0."""

    human = TABLE_HUMAN

    def __init__(self, game: TableGame) -> None:
        self.game = game
        self.rules = game.rules
        self.seats = game.rules.players

    # --- the protocol
    @property
    def to_act(self) -> int:
        return -1 if self.done or self.game.hand.done else self.game.hand.to_act

    @property
    def done(self) -> bool:
        return self.game.over

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

    def view(self, seat: int):
        return seat_view(self.game.hand, seat)

    def snapshot(self) -> TableGame:
        return _copy_game(self.game)

    def restore(self, snapshot: TableGame) -> None:
        self.game = _copy_game(snapshot)

    def to_text(self) -> str:
        return self.game.hand.to_text()

    # --- what the session says of the game
    def hand(self) -> TableHand:
        return self.game.hand

    def swapped(self, state: TableGame, k: int) -> TableGame:
        """The deal of ``state`` with every seat's cards moved ``k`` seats on
        (the same pack, dealt by the seat ``k`` back), marked in the game's
        :attr:`~euchre_tourney.play.game.DealsInTurn.moved`."""
        g = copy.deepcopy(state)
        h = g.hand
        g.hand = TableHand(h.rules, (h.dealer - k) % h.players, order=list(h.order))
        g.moved = _moved(g.moved, len(g.hands), k)
        return g

    @staticmethod
    def start_hand(state: TableGame) -> TableHand:
        return state.hand

    def act_words(self, a: Act, names: Sequence[str], dealer: bool = False) -> str:
        """Button and log words for an action (``dealer``: said by the
        dealer, who picks the turn-up up rather than ordering it)."""
        k, x = a
        if k in ("order", "order!"):
            return ("Pick it up" if dealer else "Order it up") + (" alone" if k == "order!" else "")
        if k in ("name", "name!"):
            word = "No-trump" if x == tables.NO_TRUMP else SUIT_NAMES[x].capitalize()
            return word + (" alone" if k == "name!" else "")
        words = _ACT_WORDS.get(k)
        if words is not None:
            return words.format(x=x, name=names[x] if k == "ask" else "", card=tables.name(x) if k == "partner" else "")
        return f"{k.capitalize()} {the(tables.name(x))}"

    @staticmethod
    def act_key(a: Act) -> str:
        """The one key of an action: "P", "Shift+H", "3". No two actions
        legal at the same moment share one (tested)."""
        k, x = a
        if k in TABLE_KEYS:
            return TABLE_KEYS[k]
        if k in ("name", "name!"):
            letter = "N" if x == tables.NO_TRUMP else SUIT_NAMES[x][0].upper()
            return letter if k == "name" else f"Shift+{letter}"
        if k in ("bid", "ask"):
            return str(x % 10)
        return ""

    def choices(self, hand: TableHand, names: Sequence[str]) -> list[Choice]:
        out, listed = [], []
        for a in hand.legal_actions() if not hand.done and hand.to_act == TABLE_HUMAN else []:
            if a.kind in ("play", "discard", "give"):
                out.append(Choice(a, self.act_words(a, names), "", "card", a.arg, a.kind))
            elif a.kind == "partner":  # the partner card: from a list, strongest first
                listed.append(Choice(a, tables.name(a.arg), "P", "list", a.arg, "partner"))
            else:
                words = self.act_words(a, names, hand.dealer == TABLE_HUMAN)
                out.append(Choice(a, words, self.act_key(a), row=int(a.kind.endswith("!"))))
        return out + sorted(listed, key=lambda c: self._card_order(c.card, hand.trump))

    def hint_job(self, hand: TableHand, names: Sequence[str], hint_fn: Callable | None = None) -> Callable[[], HintAnswer]:
        """The hint's work: ``hint_fn(view)`` (the players' one hint, where it
        speaks of every game; else the medium player's choice and reason)."""
        copy_ = hand.copy()

        def run() -> HintAnswer:
            ranking: list[tuple[str, float]] = []
            if hint_fn is not None:
                h = hint_fn(seat_view(copy_, TABLE_HUMAN))
                a, why = h.action, h.reason
                if any(p for _, p in h.ranking):
                    ranking = [(self.act_words(x, names), p) for x, p in h.ranking]
            else:
                a, why = table_hint(copy_, TABLE_HUMAN)
            return HintAnswer(a, self.act_words(a, names), _cards_in_words(why), ranking)

        return run

    def blind(self, hand: TableHand) -> bool:
        return hand.phase == th.JOKER_UP and hand.dealer == TABLE_HUMAN

    def hand_cards(self, hand: TableHand, reveal_all: bool = False) -> list[int]:
        """Trump first once named (jokers, bowers, then down), then the
        other suits alternating colours, high to low -- display only."""
        trump = hand.trump
        return sorted(hand.hands[TABLE_HUMAN], key=lambda c: self._card_order(c, trump))

    @staticmethod
    def _card_order(c: int, trump: int | None) -> tuple:
        b = tables.base(c)
        if trump is not None and trump != tables.NO_TRUMP and tables.effective_suit(c, trump) == trump:
            return (-1, -tables.strength(c, trump, trump), c)
        if b >= BENNY:
            return (-1, -b, c)
        return (_SUIT_ORDER[b >> 3], -(b & 7), c)

    def scene(self, hand: TableHand, names: list[str], who, you: bool, thinking: int, last: bool) -> dict:
        n = hand.players
        view = seat_view(hand, TABLE_HUMAN)
        tags: list[list[str]] = [[] for _ in range(n)]
        tags[hand.dealer].append("dealer")
        if hand.maker is not None:
            tags[hand.maker].append("maker" + (" alone" if hand.alone else ""))
        if self.rules.sides == "partners":
            for s in range(n):
                if s != TABLE_HUMAN and s % 2 == TABLE_HUMAN % 2:
                    tags[s].insert(0, "your partner" if you else "side A")
                elif not you:
                    tags[s].insert(0, "side A" if s % 2 == 0 else "side B")
        partner = view.partner if not hand.done else hand.partner
        if partner is not None and hand.maker is not None:
            tags[partner].append("partner")
        out = [s for s in range(n) if s not in hand.active]
        for s in out:
            tags[s].append("sits out")
        bids: dict[int, str] = {}
        if hand.phase < th.PLAY and not hand.done:
            for s, a in hand.history:
                if a.kind in ("pass", "order", "order!", "name", "name!", "bid"):
                    words = self.act_words(a, names, s == hand.dealer).lower()
                    bids[s] = words if a.kind != "bid" else f"bids {a.arg}"
        trick = list(hand.trick)
        trick_done, winner, centre = False, -1, ""
        show_last = last or (not trick and hand.tricks and hand.phase == th.PLAY) or (hand.done and hand.tricks)
        if hand.tricks and show_last and not (trick and not last):
            leader, plays, winner = hand.tricks[-1]
            trick = list(plays)
            trick_done = True
            taker = "you" if winner == TABLE_HUMAN and you else who(winner)
            centre = f"{'Last trick' if last else f'Trick {len(hand.tricks)}'}: won by {taker}"
        elif last:
            centre = "No trick has been taken yet"
        turn_up = hand.turn_up if (hand.turn_up is not None and hand.phase in (th.BID1, th.BID2, th.JOKER_UP)) else -1
        turn_text = ""
        if turn_up >= 0:
            dealer = "you deal" if hand.dealer == TABLE_HUMAN and you else f"{who(hand.dealer)} deals"
            turn_text = {th.BID1: f"Turn-up · {dealer}", th.BID2: "Turned down",
                         th.JOKER_UP: "A joker is turned up: the dealer names trump"}[hand.phase]
        info = [f"Trump: {th.trump_word(hand.trump)}"]
        if hand.bid:
            info.append(f"bid {hand.bid}")
        if hand.partner_card is not None:
            info.append(f"partner card {tables.name(hand.partner_card)}")
        if thinking >= 0 and not hand.done and not last:
            centre = f"{who(thinking)} is thinking…"
        lone = hand.maker if hand.maker is not None and (hand.alone or hand.forced_alone and hand.done) else -1
        return {
            "players": n,
            "human": TABLE_HUMAN,
            "names": names,
            "faces": [list(hand.hands[s]) if not you else None for s in range(n)],
            "counts": [len(x) for x in hand.hands],
            "tags": tags,
            "dealer": hand.dealer,
            "sitting_out": tuple(out),
            "out": out,
            "lone": lone,
            "maker": -1 if hand.maker is None else hand.maker,
            "to_act": -1 if hand.done else hand.to_act,
            "won": list(hand.won),
            "bids": bids,
            "turn_up": turn_up,
            "turn_up_face_up": hand.phase != th.BID2,
            "turn_up_text": turn_text,
            "trick": trick,
            "trick_done": trick_done,
            "trick_winner": winner,
            "centre_text": centre,
            "centre": " · ".join(info),
        }

    def prompt(self, hand: TableHand) -> str:
        legal = hand.legal_actions()
        kinds = {a.kind for a in legal}
        if kinds & {"play"}:
            return "Your lead: click a card or press its number" if not hand.trick else "Your turn: click a card or press its number (only legal cards are lit)"
        if "discard" in kinds:
            return "Discard a card: click it or press its number"
        if "give" in kinds:
            return "Give your lone partner a card: click it or press its number" + (" (K: pass no card)" if "keep" in kinds else "")
        if "partner" in kinds:
            return "Name the partner card: choose it in the list and press P" + (", or play alone (A)" if "alone" in kinds else "")
        said = ", ".join(f"{self.act_words(a, TABLE_NAMES, hand.dealer == TABLE_HUMAN).lower()} ({self.act_key(a)})" for a in legal)
        if hand.phase == th.JOKER_UP:
            return f"A joker is turned up: name trump before looking at your cards — {said}"
        what = {th.BID1: "Your bid", th.BID2: "Your bid", th.AUCTION: "Your bid (tricks you will take)",
                th.TRUMP: "Name trump"}.get(hand.phase, "Your choice")
        return f"{what}: {said}"

    def trump_info(self, hand: TableHand, who, sides: list[str]) -> tuple[int, str] | None:
        if hand.trump is None:
            return None
        maker = who(hand.maker)
        alone = " alone" if hand.alone else ""
        partner = ""
        if self.rules.sides == "partner_card":
            p = hand.partner if (hand.partner_revealed or hand.done) else None
            partner = f" with {who(p)}" if p is not None else (" (partner not yet known)" if not hand.done else " alone")
        return hand.trump, f"made by {maker}{partner}{alone} · makers' tricks: <b>{hand.maker_tricks}</b> of {self.rules.hand_size}"

    def hand_log(self, hand: TableHand, who, you: bool) -> HandLog:
        names = [who(s) for s in range(hand.players)]
        dealer = who(hand.dealer)
        head = f"{dealer} {'deal' if dealer == 'You' else 'deals'}"
        if hand.turn_up is not None:
            head += f"; {the(tables.name(hand.turn_up))} is turned up."
        else:
            head += "; bidding by tricks."
        bids = []
        for s, a in hand.history:
            if a.kind == "play":
                continue
            w = names[s]
            me = s == TABLE_HUMAN and you
            if a.kind in ("discard", "give") and not (me or not you):
                words = ("discards" if a.kind == "discard" else "passes") + " a card face down"
            elif a.kind == "partner":
                words = f"names {the(tables.name(a.arg))} as partner card"
            elif a.kind == "bid":
                words = f"bids {a.arg}"
            else:
                words = self.act_words(a, names, s == hand.dealer)
                words = words[0].lower() + words[1:]
                if a.kind in ("name", "name!"):
                    words = "names " + words
            bids.append(f"{w}: {_second_person(words) if me else words}")
        tricks = [(names[leader], [c for _, c in plays], "you" if winner == TABLE_HUMAN and you else names[winner])
                  for leader, plays, winner in hand.tricks]
        return HandLog(head, bids, tricks)

    def result_words(self, hand: TableHand, names: list[str]) -> str:
        if hand.thrown_in:
            return "Everyone passed: the hand is thrown in"
        maker = names[hand.maker]
        if self.rules.sides == "partners":  # one score a side: "Alex, Casey & Eli +1"
            sides: dict[int, list[int]] = {}
            for s in sorted(hand.points):
                sides.setdefault(s % 2, []).append(s)
            got = ", ".join(f"{_and([names[s] for s in seats])} {hand.points[seats[0]]:+d}" for seats in sides.values())
        else:
            got = ", ".join(f"{names[s]} {p:+d}" for s, p in sorted(hand.points.items()))
        partner = ""
        if self.rules.sides == "partner_card":
            partner = f" with {names[hand.partner]}" if hand.partner is not None else " alone"
        return (f"{maker}{partner} made {th.trump_word(hand.trump)} and took {hand.maker_tricks} of "
                f"{self.rules.hand_size} tricks: {got or 'no points'}")

    def count(self, row: Stats, hand: TableHand) -> None:
        if hand.thrown_in:
            return
        g = self.game
        mine = {s for s in range(self.rules.players) if g.unit(s) == g.unit(TABLE_HUMAN)}
        euchre = hand.maker_tricks < (self.rules.need if self.rules.bidding == "turn_up" else hand.bid)
        row.record_hand(
            our_side_scored=any(hand.points.get(s, 0) > 0 for s in mine),
            euchre=euchre,
            we_made=TABLE_HUMAN in hand.makers(),
            i_went_alone=hand.maker == TABLE_HUMAN and hand.alone,
            points=max((abs(p) for p in hand.points.values()), default=0),
        )
