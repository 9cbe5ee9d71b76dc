"""One hand of euchre as a state machine: deal, bidding, going alone, the
dealer's pick-up and discard, five tricks, the result and its points.

Seats are :class:`~euchre_tourney.rules.Seat` values -- ints ``0..3`` =
North, East, South, West, in clockwise order (the deal, the bidding and the
play all go clockwise, 000 "Players"); North and South are partners
(:data:`SEAT_SIDE`). Cards and actions are small ints
(:mod:`euchre_tourney.rules.cards`, :mod:`euchre_tourney.play.actions`).

Use::

    hand = Hand.deal(rules, dealer=0, rng=random.Random(7))
    while not hand.done:
        actions = hand.legal_actions()   # the exact legal set, for hand.to_act
        hand.apply(actions[0])           # an illegal action raises RuleViolation
    hand.score                           # HandScore (None if thrown in)
    hand.result()                        # the protocol's HandResult (play/protocol.py)

Phases, in order (:attr:`Hand.phase`): ``BID1`` (order up / pass, 000
"Bidding" 1, 001 "Making trump"), ``BID2`` (name another suit / pass, stick
the dealer), ``BENNY`` (the Benny was turned up: the dealer names trump
before looking, 001), ``ALONE`` (going alone and defending alone, one player
at a time: the maker, then -- if the rules allow -- the maker's partner, then
the defenders clockwise from the maker's left; ``alone`` or ``pass``),
``DISCARD`` (the dealer, having picked up the turn-up, discards one card),
``PLAY`` (five tricks), ``DONE``.

Why this shape: every rule option is settled when the hand is set up or a
phase begins (who is asked, who sits out, who leads, the per-trump tables),
so the trick-play path -- where a searching player spends its time -- is the
same few list look-ups for every rule set.
"""

from __future__ import annotations

import random
import sys
import threading

from euchre_tourney.play.result import HandResult as PlayedResult
from euchre_tourney.play.rounds import declare_alone
from euchre_tourney.play.actions import ALONE, DISCARD, MISDEAL, NAME, ORDER, PASS, action_text, parse_action
from euchre_tourney.play.view import NEXT_ACTIVE as _NEXT_ACTIVE
from euchre_tourney.play.view import _next_active  # noqa: F401  (tests walk seats by it)
from euchre_tourney.play.view import SeatView
from euchre_tourney.rules import (
    BENNY,
    JACK,
    KING,
    QUEEN,
    SUIT_LETTERS,
    SUIT_NAMES,
    TEN,
    TRUMP_TABLES,
    AloneLead,
    DefendAlone,
    HandResult,
    RuleSet,
    RuleViolation,
    Seat,
    Side,
    card_name,
    card_text,
    deck,
    parse_card,
    score_hand,
)

NORTH, EAST, SOUTH, WEST = Seat
SEAT_LETTERS = "".join(s.letter for s in Seat)
"""``"NESW"``: :attr:`Seat.letter` by seat, for the text forms."""
SEAT_NAMES = tuple(s.title for s in Seat)
"""``("North", "East", "South", "West")``: :attr:`Seat.title` by seat."""
SEAT_SIDE = tuple(s.side for s in Seat)
"""The partnership of each seat (:attr:`Seat.side`), as a tuple for the hot path."""

BID1, BID2, BENNY_UP, ALONE_ROUND, DISCARDING, PLAYING, DONE = range(7)
PHASE_NAMES = ("bid1", "bid2", "benny", "alone", "discard", "play", "done")

_BID1_ACTIONS = (PASS, ORDER)
_BID1_MUST_PASS = (PASS,)
_ALONE_ACTIONS = (PASS, ALONE)
_ALONE_FORCED = (ALONE,)
_NAME_ANY = tuple(NAME + s for s in range(4))
_NONE: tuple[int, ...] = ()


def _trick_order(out: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The seats of a trick in play order, by leader, when ``out`` sit out."""
    nxt = _NEXT_ACTIVE[out]
    rows = []
    for leader in range(4):
        row = [leader]
        while nxt[row[-1]] != leader and len(row) < 4 - len(out):
            row.append(nxt[row[-1]])
        rows.append(tuple(row))
    return tuple(rows)


_ORDER = {out: _trick_order(out) for out in _NEXT_ACTIVE}
"""``_ORDER[sitting_out][leader]``: the seats of a trick led by ``leader``,
in play order (the winner of a complete trick is the seat at the position of
its strongest card)."""
_AFTER = {out: tuple(row[1:] for row in rows) for out, rows in _ORDER.items()}
"""``_AFTER[sitting_out][leader]``: the seats that follow ``leader``'s lead."""

_TRICK_NEXT = {
    out: tuple(tuple(row[row.index(s) + 1] if s in row[:-1] else -1 for s in range(4)) for row in rows)
    for out, rows in _ORDER.items()
}
"""``_TRICK_NEXT[sitting_out][leader][seat]``: the seat after ``seat`` in the
trick led by ``leader``, ``-1`` for the seat whose card completes it."""

_PLAY_TABLES = {
    out: (rows, tuple((row, row[leader]) for leader, row in enumerate(_TRICK_NEXT[out]))) for out, rows in _ORDER.items()
}
"""``_PLAY_TABLES[sitting_out]``: ``(_ORDER[out], by leader: (_TRICK_NEXT[out][leader],
the seat that plays second))``, one look-up when the play starts."""

_LED = tuple(
    tuple(([t.suit[c] == led for c in range(33)], t.strength[led]) for led in range(4))
    for t in TRUMP_TABLES
)
"""``_LED[trump][led]``: ``(the cards that follow, the follow test, the
strength row)`` of a trick whose lead has effective suit ``led``."""
_LED_LAST = tuple(tuple((None, t.strength[led]) for led in range(4)) for t in TRUMP_TABLES)
""":data:`_LED` for the last trick: no follow test (``None``: every player
holds one card, the only legal action)."""


def _lead_table(led: tuple, suit: list[int]) -> tuple:
    """By card led: ``(follow test, strength row, the led card's strength)``
    (:data:`_LED` of the card's effective suit, and its entry), so that a lead
    is one look-up."""
    rows = []
    for c in range(33):
        fb, st = led[suit[c]]
        rows.append((fb, st, st[c]))
    return tuple(rows)


_LEAD = tuple(_lead_table(_LED[t.trump], t.suit) for t in TRUMP_TABLES)
"""``_LEAD[trump][card]``: what a trick led by ``card`` is played by
(:func:`_lead_table`)."""
_LEAD_LAST = tuple(_lead_table(_LED_LAST[t.trump], t.suit) for t in TRUMP_TABLES)
""":data:`_LEAD` for the last trick (:data:`_LED_LAST`)."""
_TRUMP = tuple((t.suit, t.strength, t.follows, _LEAD[t.trump]) for t in TRUMP_TABLES)
"""``_TRUMP[trump]``: the tables a hand takes when trump is made (effective
suits, strengths, follow tests by suit led, and :data:`_LEAD`)."""

_LAST_TRICK = (None, None, None, None)
"""The follow-suit tests of the last trick, by suit led: none (every player
holds one card, the only legal action; ``filter(None, hand)`` drops a card
coded 0, and ``or [*hand]`` puts it back)."""

_DISCARD_OF = [DISCARD + c for c in range(33)]
"""``_DISCARD_OF[card]``: the action discarding ``card``."""

_A_SUIT = ("a club", "a diamond", "a heart", "a spade")


def seat_text(seat: int) -> str:
    """``"N"``, ``"E"``, ``"S"`` or ``"W"`` (:attr:`Seat.letter`)."""
    return SEAT_LETTERS[seat]


def parse_seat(text: str) -> Seat:
    """Inverse of :func:`seat_text` (also accepts the full name):
    :meth:`Seat.parse` of a string. ``ValueError`` for anything else."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a seat (N, E, S or W)")
    return Seat.parse(text)


class _Config:
    """What a rule set means for the engine, worked out once per rule set."""

    __slots__ = (
        "rules",
        "deck",
        "benny_text",
        "bid2_actions",
        "bid2_stuck",
        "maker_partner",
        "defend",
        "defend_never",
        "defend_any",
        "passer_may",
        "lead",
        "partner_alone",
        "partner_alone_r2",
        "discard_turn_up",
        "misdeal_test",
        "misdeal",
        "bid1_check",
        "needs_trump",
        "scores",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.deck = list(deck(rules.deck_size))
        self.benny_text = "2S" if rules.joker_substitute else "JK"
        # Round 2 actions by turned-down suit: pass or any other suit (000, 001);
        # the stuck dealer may not pass (stick the dealer, 000, 001).
        self.bid2_actions = [(PASS,) + tuple(NAME + s for s in range(4) if s != down) for down in range(4)]
        self.bid2_stuck = [tuple(NAME + s for s in range(4) if s != down) for down in range(4)]
        self.maker_partner = rules.maker_partner_may_go_alone
        self.defend = rules.defend_alone
        # Enum members compared once here, not on every hand (a class
        # attribute of an Enum costs as much as a whole bid to look up).
        self.defend_never = rules.defend_alone is DefendAlone.NEVER
        self.defend_any = rules.defend_alone is DefendAlone.ANY
        self.passer_may = rules.passer_may_go_alone
        # Who leads when someone sits out: 1 left of the loner, 3 right of
        # the loner (000 "Leading"; 001 line 190), 0 left of the dealer.
        self.lead = {AloneLead.LONER_LEFT: 1, AloneLead.LONER_RIGHT: 3}.get(rules.alone_lead, 0)
        # The dealer's partner must go alone: ordering up (round 1), and
        # naming trump in round 2 where the rules say so (001 line 53, 004).
        self.partner_alone = rules.dealer_partner_orders_alone
        self.partner_alone_r2 = rules.dealer_partner_orders_alone and rules.dealer_partner_alone_any_round
        self.discard_turn_up = rules.dealer_may_discard_turn_up
        # Misdeals (farmer's hand, ace-no-face, 000): a test of a player's
        # five cards, or None when the rules have no misdeal.
        # A farmer's hand has no face card, so with both options the
        # ace-no-face test covers both.
        if rules.ace_no_face:
            self.misdeal_test = _is_no_face_hand
        elif rules.farmers_hand:
            self.misdeal_test = _is_farmers_hand
        else:
            self.misdeal_test = None
        self.needs_trump = rules.dealer_needs_trump_to_take_up
        self.misdeal = self.misdeal_test is not None
        # Round 1 legal actions depend on the player's cards (else constant).
        self.bid1_check = self.misdeal or self.needs_trump
        self.scores: dict = {}


_CONFIGS: dict[int, _Config] = {}


def _config(rules: RuleSet) -> _Config:
    """The engine's view of ``rules``, looked up by identity (hashing a rule
    set hashes every field, too slow for every deal); the entry keeps the
    rule set alive, so its id cannot be reused while cached."""
    cfg = _CONFIGS.get(id(rules))
    if cfg is None or cfg.rules is not rules:
        if len(_CONFIGS) > 256:
            _CONFIGS.clear()
        cfg = _CONFIGS[id(rules)] = _Config(rules)
    _LAST_CONFIG[0] = cfg
    return cfg


_LAST_CONFIG: list[_Config | None] = [None]
"""The config last looked up: :meth:`Hand.deal` of the same rule set again
(a run of deals) reads it without the dict (a stale entry of another rule
set is caught by the identity test, so threads may share it)."""


_KEY_TEMPLATE = b"\x00\x00\x00\x00\x00\x00\x30\x41" * 33
"""33 little-endian doubles 2**20 (exponent 1043, mantissa 0): a deal writes
its 32-bit keys into the low half of each mantissa (:meth:`Hand.deal`)."""
_FLOAT_KEYS = sys.byteorder == "little" and memoryview(bytearray(_KEY_TEMPLATE)).cast("d")[0] == 2.0**20

_KEY_VIEWS = threading.local()
"""Each thread's key buffer for :meth:`Hand.deal`, as two views made once:
``(keys' words, the 33 doubles)`` -- the words the low halves of the doubles'
mantissas (a deal writes them, then reads the doubles). One per thread, so
that two threads dealing at once never share it; made once, because building
a buffer and its views costs an eighth of a deal."""


def _key_views() -> tuple[memoryview, memoryview]:
    """This thread's :data:`_KEY_VIEWS` (made on its first deal)."""
    buf = bytearray(_KEY_TEMPLATE)
    views = _KEY_VIEWS.views = (memoryview(buf).cast("I")[0::2], memoryview(buf).cast("d"))
    return views


def _is_farmers_hand(cards: list[int]) -> bool:
    """Only 9s and 10s (7s and 8s too in a 32/33-card pack): 000 "Farmer's Hand"."""
    return all(c != BENNY and (c & 7) <= TEN for c in cards)


_FACES = (JACK, QUEEN, KING)


def _is_no_face_hand(cards: list[int]) -> bool:
    """No Jack, Queen or King (the Benny counts as a face): 000 "Ace-no-face"."""
    return all(c != BENNY and (c & 7) not in _FACES for c in cards)


def _check_dealer(dealer: object) -> None:
    """``RuleViolation`` unless ``dealer`` is a seat: a :class:`Seat` or an
    int ``0..3`` (not a bool)."""
    if dealer.__class__ is Seat:
        return
    if dealer.__class__ is not int or not 0 <= dealer <= 3:  # type: ignore[operator]
        raise RuleViolation(f"The dealer must be one of the four seats (0–3: N, E, S, W), not {dealer!r}.")


class Hand:
    """One hand of euchre under a :class:`RuleSet` (see the module docstring).

    Build it with :meth:`deal` (a seeded shuffle) or the constructor (a given
    deal: any position for tests and replays). At every decision
    :attr:`to_act` is the seat to act and :meth:`legal_actions` the exact set
    of legal actions; :meth:`apply` takes one of them (an int, or its text
    form) and raises :class:`RuleViolation` for anything else.

    Read-only state (attributes are public for speed; do not assign them):
    ``rules``, ``dealer``, ``hands`` (four lists of card codes, in the order
    dealt), ``turn_up``, ``undealt`` (the cards left under the turn-up),
    ``phase`` (see ``PHASE_NAMES``), ``to_act`` (``-1`` when done), ``trump``
    (``-1`` until made), ``maker`` (seat, ``-1`` until made), ``lone``
    (the maker side's lone player or ``-1``), ``lone_defender`` (or ``-1``),
    ``sitting_out`` (seats whose partner plays alone), ``trick`` (cards of
    the trick in progress, in play order), ``trick_leader``, ``tricks``
    (finished tricks as ``(leader, cards, winner)``), ``tricks_won`` (per
    seat), ``history`` (actions applied), ``record`` / ``score``
    (the scorecard's :class:`~euchre_tourney.rules.HandResult` /
    :class:`HandScore` once played out; :meth:`result` is the protocol's
    :class:`~euchre_tourney.play.protocol.HandResult`), ``thrown_in``
    (all passed twice), ``misdeal`` (a farmer's hand or ace-no-face misdeal
    was called: the same dealer deals again).
    """

    __slots__ = (
        "rules",
        "_cfg",
        "dealer",
        "hands",
        "turn_up",
        "undealt",
        "phase",
        "to_act",
        "trump",
        "maker",
        "bid_round",
        "lone",
        "lone_defender",
        "sitting_out",
        "trick_leader",
        "_plays",
        "_won_by",
        "_n",
        "_lead0",
        "_bid_log",
        "record",
        "score",
        "thrown_in",
        "misdeal",
        "_legal",
        "_passed",
        "_alone_queue",
        "_defenders_asked",
        "_es",
        "_strength",
        "_order",
        "_st",
        "_best",
        "_winner",
        "_dealt",
        "_follows",
        "_fb",
        "_lead",
        "_tn",
        "_tnext",
    )

    # ------------------------------------------------------------------ setup

    def __init__(
        self,
        rules: RuleSet,
        dealer: int,
        hands: list[list[int]] | tuple,
        turn_up: int,
        undealt: list[int] | tuple = (),
    ) -> None:
        """A hand from a given deal: ``hands[seat]`` five cards each (codes,
        or text such as ``"JH"``), the ``turn_up``, and optionally the other
        undealt cards. ``RuleViolation`` if the deal is impossible with the
        rule set's pack (wrong count, duplicate or foreign card, text that
        is no card), naming the card as it was given."""
        _check_dealer(dealer)
        cfg = _config(rules)
        shown: list[str] = []  # each card as given, for the messages

        def code(c: object) -> int:
            if c.__class__ is str:
                try:
                    out = parse_card(c)  # type: ignore[arg-type]
                except ValueError:
                    raise RuleViolation(f"{c!r} is not a card (write e.g. 9C, TH, JD, AS or JK).") from None
                shown.append(c.strip())  # type: ignore[attr-defined]
                return out
            if c.__class__ is int and 0 <= c <= BENNY:  # type: ignore[operator]
                shown.append(card_text(c, cfg.benny_text))  # type: ignore[arg-type]
                return c  # type: ignore[return-value]
            shown.append(repr(c))
            return -1  # not a card: reported as not in the pack

        conv = [[code(c) for c in h] for h in hands]
        up = code(turn_up)
        rest = [code(c) for c in undealt]
        if len(conv) != 4 or any(len(h) != 5 for h in conv):
            raise RuleViolation("Each of the four players must be dealt exactly five cards.")
        pack = set(cfg.deck)
        seen = [c for h in conv for c in h] + [up] + rest
        foreign = [shown[i] for i, c in enumerate(seen) if c not in pack]
        if foreign:
            verb = "is" if len(foreign) == 1 else "are"
            raise RuleViolation(f"{', '.join(foreign)} {verb} not in the {rules.deck_size}-card pack of these rules.")
        first: dict[int, int] = {}
        for i, c in enumerate(seen):
            if c in first:
                words = "the Benny" if c == BENNY else "the " + card_name(c)
                raise RuleViolation(f"{shown[i]} ({words}) was dealt twice.")
            first[c] = i
        if rest and len(seen) != len(cfg.deck):
            raise RuleViolation(f"The undealt cards must make up the rest of the {rules.deck_size}-card pack.")
        if not rest:
            rest = [c for c in cfg.deck if c not in set(seen)]
        # a Seat or an int: plain ints on the hot path
        self._setup(rules, cfg, int(dealer), [c for h in conv for c in h] + [up] + rest)

    @classmethod
    def deal(cls, rules: RuleSet, dealer: int = 0, rng: random.Random | int | None = None) -> Hand:
        """Shuffle the rule set's pack with ``rng`` (a ``random.Random``, or a
        seed) and deal five cards to each player, turn up the next card and
        leave the rest undealt under it (000 "Setup and Deal", 001 "The Deal";
        the packets of two and three do not change a shuffled deal).
        ``RuleViolation`` unless ``dealer`` is a seat ``0..3``, as for the
        constructor."""
        if dealer.__class__ is not int or not 0 <= dealer <= 3:
            _check_dealer(dealer)
            dealer = int(dealer)  # a Seat: plain ints on the hot path
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        cfg = _LAST_CONFIG[0]
        if cfg is None or cfg.rules is not rules:
            cfg = _config(rules)
        # Sort the pack by independent uniform 32-bit keys, one per card code
        # (the 33 words of getrandbits(1056), least significant first): a
        # uniform shuffle done in C (the sort is the cost of a deal). Two
        # equal keys -- about once in eight million deals -- keep pack order.
        # Each key is sorted as the float 2**20 + key / 2**32 (exact, and in
        # the same order as the keys, so the same deal): list.sort compares
        # floats much faster than ints of more than 30 bits.
        bits = memoryview(rng.getrandbits(1056).to_bytes(132, "little")).cast("I")
        if _FLOAT_KEYS:
            try:
                words, doubles = _KEY_VIEWS.views
            except AttributeError:
                words, doubles = _key_views()
            words[:] = bits
            keys = doubles.tolist()
        else:
            keys = bits.tolist()
        d = sorted(cfg.deck, key=keys.__getitem__)
        self = cls.__new__(cls)
        self._setup(rules, cfg, dealer, d)
        return self

    def _setup(self, rules, cfg, dealer, dealt) -> None:
        """The state of a hand just dealt (the constructor's and :meth:`deal`'s
        one setup): ``dealer`` a plain int, ``dealt`` the cards in deal order
        (the four hands, the turn-up, the rest)."""
        self.rules = rules
        self._cfg = cfg
        self._dealt = dealt
        self.hands = [dealt[0:5], dealt[5:10], dealt[10:15], dealt[15:20]]
        self.turn_up = turn_up = dealt[20]
        self.undealt = dealt[21:]
        self.trump = self.maker = self.lone = self.lone_defender = self.trick_leader = -1
        self.bid_round = 0
        self.sitting_out = ()
        self.record = self.score = None
        self.thrown_in = self.misdeal = False
        self.dealer = dealer
        self._plays = []
        self._won_by = []
        self._n = 4
        self._tn = None
        self._bid_log = []
        self._passed = ()
        if turn_up == BENNY:
            # 001: "If the Benny is turned up then the dealer's team are
            # automatically the makers ... The dealer must choose a trump suit
            # without looking at her cards."
            self.phase = BENNY_UP
            self.to_act = dealer
            self._legal = _NAME_ANY
        else:
            self.phase = BID1
            self.to_act = (dealer + 1) & 3
            self._legal = self._bidding_actions() if cfg.bid1_check else _BID1_ACTIONS

    # ------------------------------------------------------------- queries

    @property
    def done(self) -> bool:
        """The hand is over (played out, thrown in, or a misdeal)."""
        return self.phase == DONE

    @property
    def phase_name(self) -> str:
        """``"bid1"``, ``"bid2"``, ``"benny"``, ``"alone"``, ``"discard"``,
        ``"play"`` or ``"done"``."""
        return PHASE_NAMES[self.phase]

    @property
    def history(self) -> list[int]:
        """Every action applied so far, in order (bidding, going alone, the
        discard, then the cards played)."""
        return self._bid_log[1::2] + self._plays

    @property
    def trick(self) -> list[int]:
        """The cards of the trick in progress, in play order (a new list)."""
        return self._plays[len(self._won_by) * self._n :]

    @property
    def tricks(self) -> list[tuple[int, list[int], int]]:
        """The finished tricks as ``(leader, cards, winner)`` (a new list):
        each trick's winner leads the next."""
        plays, n = self._plays, self._n
        out = []
        leader = self._lead0 if self._won_by else -1
        for k, winner in enumerate(self._won_by):
            out.append((leader, plays[k * n : k * n + n], winner))
            leader = winner
        return out

    @property
    def tricks_won(self) -> list[int]:
        """Tricks taken by each seat so far (a new list)."""
        won = self._won_by
        return [won.count(0), won.count(1), won.count(2), won.count(3)]

    @property
    def trick_winner(self) -> int:
        """The seat winning the trick in progress so far (``-1`` when no card
        of it has been played)."""
        return self._winner if self.phase == PLAYING and self._tn is not None else -1

    @property
    def makers(self) -> Side | None:
        """The side that made trump (``None`` until then)."""
        return SEAT_SIDE[self.maker] if self.maker >= 0 else None

    def legal_actions(self) -> list[int] | tuple[int, ...]:
        """The exact set of legal actions for :attr:`to_act` (empty when the
        hand is done). The sequence is the engine's own: do not modify it.

        It is worked out when the state changes (so asking is free): in the
        play, the cards of the suit led if the player holds any, else every
        card (000 "Following suit"), the Left Bower and the Benny counting as
        trump (001)."""
        return self._legal

    def legal_action_texts(self) -> list[str]:
        """:meth:`legal_actions` in text form."""
        bt = self._cfg.benny_text
        return [action_text(a, bt) for a in self.legal_actions()]

    def _bidding_actions(self) -> tuple[int, ...]:
        """Legal actions in the bidding rounds and on a Benny turn-up."""
        phase = self.phase
        seat = self.to_act
        cfg = self._cfg
        if phase == BID1:
            acts = _BID1_ACTIONS
            if seat == self.dealer and cfg.needs_trump and not self._dealer_holds_trump():
                acts = _BID1_MUST_PASS
            test = cfg.misdeal_test
            if test is not None and test(self.hands[seat]):
                acts = acts + (MISDEAL,)
            return acts
        if phase == BID2:
            down = self.turn_up >> 3
            if seat == self.dealer and self.rules.stick_the_dealer:
                return cfg.bid2_stuck[down]
            return cfg.bid2_actions[down]
        if phase == BENNY_UP:
            return _NAME_ANY
        return _NONE

    def _dealer_holds_trump(self) -> bool:
        """001: the dealer may take up only when holding a trump, the left
        bower not counted (the Benny is)."""
        suit = self.turn_up >> 3
        hand = self.hands[self.dealer]
        return BENNY in hand or any((c >> 3) == suit for c in hand)

    # -------------------------------------------------------------- apply

    def apply(self, action: int | str) -> None:
        """Apply ``action`` (an int or its text form) for :attr:`to_act`.

        Raises :class:`RuleViolation` saying why -- naming the rule -- when it
        is not one of :meth:`legal_actions` (e.g. not following suit when
        able), when the text is no action, or when it is not an ``int`` (a
        ``bool`` such as ``True`` is refused although ``True == 1``); the
        state is then unchanged.
        """
        if action.__class__ is not int or action not in self._legal:
            return self._apply_other(action)
        seat = self.to_act
        if action > 32:  # not a card (BENNY = 32): a legal bid, alone or discard
            return self._bid(seat, action)
        # Play a card (inlined: this is the hot path of every search; few
        # locals, as each one costs on every call).
        hands = self.hands
        hands[seat].remove(action)
        self._plays.append(action)
        if self._tn is not None:  # a trick in progress: follow it
            n = self._st[action]  # the card's strength in this trick
            if n > self._best:
                self._best = n
                self._winner = seat
            seat = self._tn[seat]
            if seat < 0:
                # The trick is complete: its winner leads the next one.
                seat = self._winner
                won = self._won_by
                won.append(seat)
                self._tn = None
                if len(won) > 3:
                    if len(won) == 5:
                        return self._finish()
                    # The last trick: every hand holds one card, its only legal action.
                    self._follows = _LAST_TRICK
                    self._lead = _LEAD_LAST[self.trump]
                self.to_act = seat
                self._legal = [*hands[seat]]
                return None
        else:
            self._fb, self._st, self._best = self._lead[action]
            self._winner = self.trick_leader = seat
            self._tn, seat = self._tnext[seat]
        self.to_act = seat
        hand = hands[seat]
        # Follow suit if able (000, 001): the hand when void in the suit led.
        follows = self._fb
        if follows is None:  # the last trick: one card each, the only legal action
            self._legal = [*hand]
            return None
        legal = []
        for c in hand:
            if follows[c]:
                legal.append(c)
        self._legal = legal or [*hand]
        return None

    def _bid(self, seat: int, action: int) -> None:
        """A legal action of ``seat`` before the play (the bidding, going
        alone, the discard; the phases by how often they come): logs it and
        sets the next player and their legal actions."""
        self._bid_log.extend((seat, action))
        phase = self.phase
        if phase == BID1:
            if action == PASS:
                if seat == self.dealer:
                    # 000 "Bidding" 2: all four passed -- the turn-up is turned down.
                    self.phase = BID2
                    self._passed = ()
                    self.to_act = (seat + 1) & 3
                    self._legal = self._cfg.bid2_actions[self.turn_up >> 3]
                else:
                    self._passed += (seat,)
                    self.to_act = (seat + 1) & 3
                    self._legal = self._bidding_actions() if self._cfg.bid1_check else _BID1_ACTIONS
            elif action == ORDER:
                self._make(seat, self.turn_up >> 3, 1)
            else:  # MISDEAL
                self.misdeal = True
                self._end_unplayed()
        elif phase == ALONE_ROUND:
            if action == ALONE:
                declare_alone(self, seat)
            self._next_alone_decision()
        elif phase == DISCARDING:
            self.hands[seat].remove(action - DISCARD)
            self._start_play()
        elif phase == BID2:
            if action == PASS:
                self._passed += (seat,)
                if seat == self.dealer:
                    # 000 "Bidding" 3, 001, 004: thrown in, the next dealer deals.
                    self.thrown_in = True
                    self._end_unplayed()
                else:
                    # Stick the dealer (000, 001): the dealer may not pass.
                    self.to_act = seat = (seat + 1) & 3
                    if seat == self.dealer and self.rules.stick_the_dealer:
                        self._legal = self._cfg.bid2_stuck[self.turn_up >> 3]
                    else:
                        self._legal = self._cfg.bid2_actions[self.turn_up >> 3]
            else:
                self._make(seat, action - NAME, 2)
        else:  # BENNY_UP
            self._make(self.dealer, action - NAME, 1)

    def _apply_other(self, action: object) -> None:
        """:meth:`apply` of anything but a legal int: the text of an action
        (parsed, then applied), else :class:`RuleViolation` saying why (kept
        out of :meth:`apply`, whose every local costs on every call)."""
        if action.__class__ is str:
            try:
                parsed = parse_action(action)  # type: ignore[arg-type]
            except ValueError as exc:
                raise RuleViolation(str(exc)) from None
            return self.apply(parsed)
        raise RuleViolation(self._why_illegal(action))

    def play_random(self, rng: random.Random) -> Hand:
        """Play the hand out from here, every decision a uniformly random
        legal action drawn as ``legal[int(rng.random() * len(legal))]``;
        returns ``self``.

        This is the rollout of a searching computer player. The bidding takes
        the path of :meth:`apply` for a legal bid without its checks (every
        action drawn is one of the legal actions); the tricks run in one loop
        over the same tables (the seats of a trick from a table by leader,
        the drawn card popped from the hand when the player is void or
        leads); the outcome is identical, action for action and draw for
        draw, to driving :meth:`legal_actions` / :meth:`apply` with the same
        draws (tests/play/test_engine_properties.py).
        """
        rnd = rng.random
        phase = self.phase
        if phase != PLAYING:
            # The bidding, going alone and the discard: what apply() does
            # with a legal action (every one of them is a bid, not a card).
            while phase != PLAYING:
                if phase == DONE:
                    return self
                legal = self._legal
                self._bid(self.to_act, legal[int(rnd() * len(legal))])
                phase = self.phase
        hands = self.hands
        es = self._es
        strength = self._strength
        order = self._order
        after = _AFTER[self.sitting_out]
        plays = self._plays
        won = self._won_by
        follows = self._follows
        if self._tn is not None:
            # Finish the trick in progress: the seats after the last to play.
            leader = self.trick_leader
            start = len(won) * self._n
            seats = order[leader][len(plays) - start :]
            fl = follows[es[plays[start]]]
            st = self._st
            best = self._best
            winner = self._winner
        else:
            leader = self.to_act
            seats = None
        while True:
            if seats is None:
                # The lead: any card (legal_actions() is the hand, in order).
                hand = hands[leader]
                c = hand.pop(int(rnd() * len(hand)))
                plays.append(c)
                led = es[c]
                fl = follows[led]
                st = strength[led]
                best = st[c]
                winner = leader
                seats = after[leader]
            for seat in seats:
                # Follow suit if able (000, 001), exactly as legal_actions().
                hand = hands[seat]
                legal = [*filter(fl, hand)]
                if legal:
                    c = legal[int(rnd() * len(legal))]
                    hand.remove(c)
                else:  # void in the suit led: any card (legal_actions() is the hand)
                    c = hand.pop(int(rnd() * len(hand)))
                plays.append(c)
                if st[c] > best:
                    best = st[c]
                    winner = seat
            won.append(winner)
            seats = None
            n = len(won)
            if n == 5:
                break
            if n == 4:
                follows = _LAST_TRICK
            leader = winner
        self._tn = None
        self._finish()
        return self

    def _finish(self) -> None:
        won = self._won_by
        maker = self.maker
        maker_tricks = won.count(maker) + won.count((maker + 2) & 3)
        key = (maker_tricks, maker & 1, self.lone, self.lone_defender)
        memo = self._cfg.scores
        scored = memo.get(key)
        if scored is None:
            # score_hand is the one validation shared with score entry; its
            # answers for this rule set are remembered (they are immutable).
            result = HandResult(SEAT_SIDE[maker], maker_tricks, key[2] >= 0, key[3] >= 0)
            scored = memo[key] = (result, score_hand(self.rules, result))
        self.record, self.score = scored
        self.phase = DONE
        self.to_act = -1
        self._legal = _NONE

    def _end_unplayed(self) -> None:
        self.phase = DONE
        self.to_act = -1
        self._legal = _NONE

    def _make(self, seat: int, trump: int, bid_round: int) -> None:
        """Trump is made: ``seat``'s side are the makers, then going alone."""
        self.trump = trump
        self.maker = seat
        self.bid_round = bid_round
        self._es, self._strength, self._follows, self._lead = _TRUMP[trump]
        self.phase = ALONE_ROUND
        cfg = self._cfg
        # Maker first; the maker's partner only where any player may go alone
        # (001 "Going Alone", 004); the defenders after (see _next_alone_decision).
        if cfg.maker_partner and self._may_go_alone((seat + 2) & 3):
            self._alone_queue = ((seat + 2) & 3,)
        else:
            self._alone_queue = ()
        self._defenders_asked = cfg.defend_never
        self.to_act = seat
        # The dealer's partner who orders up must go alone (001 lines 53 and
        # 108, Canadian/British); in round 2 too where the rules say so.
        if (cfg.partner_alone if bid_round == 1 else cfg.partner_alone_r2) and seat == (self.dealer + 2) & 3:
            self._legal = _ALONE_FORCED
        else:
            self._legal = _ALONE_ACTIONS

    def _may_go_alone(self, seat: int) -> bool:
        # 001: "a player who has passed in the round in which trumps were made
        # is not allowed to play alone" (when that option is chosen).
        return self._cfg.passer_may or seat not in self._passed

    def _next_alone_decision(self) -> None:
        queue = self._alone_queue
        if not queue and not self._defenders_asked:
            self._defenders_asked = True
            # Defenders are asked (DefendAlone.ANY), or only against a loner
            # (AGAINST_LONER; NEVER asks no one: _defenders_asked was set).
            if self._cfg.defend_any or self.lone >= 0:
                m = self.maker
                queue = tuple(s for s in ((m + 1) & 3, (m + 3) & 3) if self._may_go_alone(s))
        if queue:
            self.to_act = queue[0]
            self._alone_queue = queue[1:]
            self._legal = _ALONE_ACTIONS
            return
        lone = self.lone
        if self.lone_defender >= 0:
            d = (self.lone_defender + 2) & 3
            out = ((lone + 2) & 3, d) if lone >= 0 else (d,)
        elif lone >= 0:
            out = ((lone + 2) & 3,)
        else:
            out = ()
        self.sitting_out = out
        dealer = self.dealer
        if self.bid_round == 1 and dealer not in out:
            # The dealer picks up the turn-up (or the Benny) and discards (000,
            # 001); a dealer who sits out does not pick up.
            hand = self.hands[dealer]
            hand.append(self.turn_up)
            self.phase = DISCARDING
            self.to_act = dealer
            # Six cards: the five dealt and the turn-up (unrolled: cheaper
            # than map() or a comprehension for so few).
            d = _DISCARD_OF
            c0, c1, c2, c3, c4, c5 = hand
            legal = [d[c0], d[c1], d[c2], d[c3], d[c4], d[c5]]
            if not self._cfg.discard_turn_up:
                legal.remove(DISCARD + self.turn_up)
            self._legal = legal
            return
        self._start_play()

    def _start_play(self) -> None:
        out = self.sitting_out
        self._order, self._tnext = _PLAY_TABLES[out]
        self._n = 4 - len(out)
        dealer = self.dealer
        if not out:
            leader = (dealer + 1) & 3
        elif self._cfg.lead == 1:
            # 000 "Leading": left of the loner; 001: "If two players are
            # playing alone, the defender leads."
            if self.lone_defender >= 0:
                leader = self.lone_defender if self.lone >= 0 else (self.lone_defender + 1) & 3
            else:
                leader = (self.lone + 1) & 3
        elif self._cfg.lead == 3:
            # 001 line 190: "if you play a loner you never get the lead ...
            # the player to your right leads first"; both alone: the defender.
            if self.lone_defender >= 0:
                leader = self.lone_defender if self.lone >= 0 else (self.lone_defender + 3) & 3
            else:
                leader = (self.lone + 3) & 3
        else:
            leader = (dealer + 1) & 3
            while leader in out:
                leader = (leader + 1) & 3
        self.phase = PLAYING
        self.to_act = self._lead0 = leader
        self._legal = [*self.hands[leader]]

    def _why_illegal(self, action: object) -> str:
        """Why ``action`` is refused, naming the rule (built only when
        raising: never on the path of a legal action)."""
        if self.phase == DONE:
            return "The hand is over: no more actions."
        if action.__class__ is not int:
            return (
                f"{action!r} is not an action: give one of legal_actions() (an int) or its text, "
                "e.g. pass, order, name:H, alone, discard:9C, play:JH."
            )
        try:
            text = action_text(action, self._cfg.benny_text)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            return f"{action!r} is not an action."
        seat = self.to_act
        who = SEAT_NAMES[seat]
        phase = self.phase
        legal = "legal: " + ", ".join(self.legal_action_texts()) + "."
        if phase == PLAYING and 0 <= action <= BENNY:  # type: ignore[operator]
            if action not in self.hands[seat]:
                return f"{who} does not hold the {card_text(action, self._cfg.benny_text)}."
            return f"{who} must follow suit: {self._follow_suit_reason(action)}; {legal}"  # type: ignore[arg-type]
        reason = self._bid_rule(action)  # type: ignore[arg-type]
        if reason:
            return f"{who} cannot {text}: {reason}; {legal}"
        return f"{who} cannot {text} now (the {PHASE_NAMES[phase]} phase); {legal}"

    def _follow_suit_reason(self, c: int) -> str:
        """Why card ``c`` does not follow the lead, e.g. "a diamond was led
        and East holds one; the Jack of diamonds is a heart this hand (left
        bower)" (000 "Following suit", 001 "The Play")."""
        led, trump = self._es[self.trick[0]], self.trump
        who = SEAT_NAMES[self.to_act]
        lead = "a trump was led" if led == trump else f"{_A_SUIT[led]} was led"
        if c == BENNY:
            what = "the Benny is a trump"
        elif self._es[c] != c >> 3:
            what = f"the {card_name(c)} is {_A_SUIT[trump]} this hand (left bower)"
        elif led == trump:
            what = f"the {card_name(c)} is not a trump"
        else:
            what = f"the {card_name(c)} is not {_A_SUIT[led]}"
        return f"{lead} and {who} holds one; {what}"

    def _bid_rule(self, action: int) -> str:
        """The rule that refuses a bidding, going-alone or discard action,
        or ``""`` when no particular rule does (wrong phase or player)."""
        phase = self.phase
        seat = self.to_act
        rules = self.rules
        dealer = self.dealer
        if phase == BID2:
            down = self.turn_up >> 3
            if action == NAME + down:
                return f"the turned-down suit cannot be named in the second round ({SUIT_NAMES[down]} was turned down)"
            if action == PASS and seat == dealer and rules.stick_the_dealer:
                return "the dealer must name trump (stick the dealer): all three others passed in the second round"
            if action == ORDER:
                return "the turn-up was turned down; in the second round a player names another suit or passes"
        elif phase == BID1:
            if action == ORDER and seat == dealer and rules.dealer_needs_trump_to_take_up:
                suit = SUIT_NAMES[self.turn_up >> 3]
                return (
                    f"the dealer may take up the turn-up only when already holding a trump ({suit}; "
                    "the Left Bower does not count) under these rules"
                )
            if action == MISDEAL:
                if rules.ace_no_face:
                    return "a misdeal may be called only by a player dealt no Jack, Queen or King (ace-no-face)"
                if rules.farmers_hand:
                    return "a misdeal may be called only by a player dealt only 9s and 10s (and 7s and 8s; farmer's hand)"
                return "these rules have no misdeal for a poor hand (farmer's hand, ace-no-face)"
            if NAME <= action < NAME + 4:
                return "in the first round a player orders up the turn-up's suit or passes; suits are named in the second"
        elif phase == ALONE_ROUND:
            if action == PASS and self._legal is _ALONE_FORCED:
                did = "ordered up" if self.bid_round == 1 else "named trump"
                return f"the dealer's partner who {did} must play alone (the dealer's partner cannot play with a partner)"
        elif phase == DISCARDING:
            if action == DISCARD + self.turn_up and not rules.dealer_may_discard_turn_up:
                return "the dealer may not discard the turn-up under these rules (it replaces a card of the hand)"
        elif phase == BENNY_UP and action == PASS:
            return "the Benny was turned up: the dealer must name trump (the dealer's side are the makers)"
        return ""

    def view(self, seat: int | None = None, game_score: tuple[int, int] | None = None) -> SeatView:
        """What ``seat`` (default: the seat to act) can see now, as an
        immutable :class:`~euchre_tourney.play.view.SeatView`: the only input
        a computer player gets. ``game_score`` is ``(north_south, east_west)``
        before this hand, when the hand is part of a game. ``ValueError``
        unless ``seat`` is ``0..3`` (or ``None`` with someone to act)."""
        if seat is None:
            seat = self.to_act
        if (seat.__class__ is not int and seat.__class__ is not Seat) or not 0 <= seat <= 3:
            raise ValueError(f"{seat!r} is not a seat (0..3 = North, East, South, West)")
        bids = []
        discarded = -1
        log = self._bid_log
        for who, action in zip(log[0::2], log[1::2]):
            if DISCARD <= action <= DISCARD + BENNY:
                if who == seat:
                    discarded = action - DISCARD
                continue
            bids.append((who, action))
        picked_up = self.bid_round == 1 and self.maker >= 0 and self.dealer not in self.sitting_out and (
            self.phase in (DISCARDING, PLAYING, DONE)
        )
        # The tricks straight from the cards played (as the properties).
        plays, won, n = self._plays, self._won_by, self._n
        tricks = []
        leader = self._lead0 if won else -1
        for k, winner in enumerate(won):
            tricks.append((leader, tuple(plays[k * n : k * n + n]), winner))
            leader = winner
        return SeatView(
            rules=self.rules,
            seat=seat,
            to_act=self.to_act,
            legal=tuple(self._legal) if seat == self.to_act else (),
            dealer=self.dealer,
            phase=self.phase,
            turn_up=self.turn_up,
            cards=tuple(self.hands[seat]),
            bids=tuple(bids),
            picked_up=picked_up,
            discarded=discarded,
            trump=self.trump,
            maker=self.maker,
            bid_round=self.bid_round,
            lone=self.lone,
            lone_defender=self.lone_defender,
            sitting_out=tuple(self.sitting_out),
            trick=tuple(plays[len(won) * n :]),
            trick_leader=self.trick_leader,
            tricks=tuple(tricks),
            tricks_won=(won.count(0), won.count(1), won.count(2), won.count(3)),
            pack=tuple(self._cfg.deck),
            game_score=game_score,
        )

    # ------------------------------------------------- the game protocol

    players = 4
    """Seats at the table (the protocol's ``players``; always four here)."""

    def result(self) -> PlayedResult | None:
        """The protocol's :class:`~euchre_tourney.play.protocol.HandResult`
        once the hand is played out (``None`` before, and when thrown in or
        misdealt): points per seat (both seats of the side that scores carry
        its points, 000 "Scoring"), the makers' seats, their tricks, alone,
        euchred, march. Built from :attr:`record` and :attr:`score` (the
        scorecard's :func:`~euchre_tourney.rules.score_hand`)."""
        score = self.score
        if score is None:
            return None
        record = self.record
        side = score.side
        points = tuple(score.points if SEAT_SIDE[s] is side else 0 for s in range(4))
        m = self.maker
        return PlayedResult(
            points=points,
            makers=tuple(sorted((m, (m + 2) & 3))),
            maker_tricks=record.maker_tricks,
            alone=record.maker_alone,
            euchred=score.euchred,
            march=score.march,
            bid=0,
            defender_alone=record.defender_alone,
        )

    def action_text(self, action: int) -> str:
        """The text of ``action`` under this hand's rules (the Benny is
        ``2S`` where the two of spades stands in for it): ``pass``,
        ``order``, ``name:H``, ``alone``, ``misdeal``, ``discard:9C``,
        ``play:JH`` (:mod:`.actions`). ``ValueError`` for no action."""
        return action_text(action, self._cfg.benny_text)

    def parse_action(self, text: str) -> int:
        """Inverse of :meth:`action_text` (``ValueError`` for no action)."""
        return parse_action(text)

    # ----------------------------------------------------------- text form

    def deal_text(self) -> str:
        """The deal in compact text: ``dealer=N hands=9C,TC,..|..|..|.. up=AH
        rest=...`` (hands in seat order N, E, S, W)."""
        bt = self._cfg.benny_text
        hands = "|".join(",".join(card_text(c, bt) for c in h) for h in self.dealt_hands())
        rest = ",".join(card_text(c, bt) for c in self.undealt)
        return f"dealer={SEAT_LETTERS[self.dealer]} hands={hands} up={card_text(self.turn_up, bt)} rest={rest}"

    def dealt_hands(self) -> list[list[int]]:
        """The four hands as dealt (before any pick-up, discard or play)."""
        d = self._dealt
        return [d[0:5], d[5:10], d[10:15], d[15:20]]

    def actions_text(self) -> str:
        """The actions so far, space separated (e.g. ``pass order alone
        discard:9C play:JH ...``)."""
        bt = self._cfg.benny_text
        return " ".join(action_text(a, bt) for a in self.history)

    def to_text(self) -> str:
        """The whole state in one line: :meth:`deal_text` ``;`` :meth:`actions_text`.
        :meth:`from_text` rebuilds the identical state."""
        return self.deal_text() + " ; " + self.actions_text()

    @classmethod
    def from_text(cls, rules: RuleSet, text: str) -> Hand:
        """Rebuild a hand from :meth:`to_text` (replaying its actions).
        ``ValueError``/:class:`RuleViolation` if the text is malformed or an
        action is illegal."""
        deal_part, _, actions_part = text.partition(";")
        fields = dict(item.split("=", 1) for item in deal_part.split())
        try:
            dealer = parse_seat(fields["dealer"])
            hands = [h.split(",") for h in fields["hands"].split("|")]
            up = fields["up"]
            rest = [c for c in fields.get("rest", "").split(",") if c]
        except KeyError as exc:
            raise ValueError(f"hand text lacks {exc.args[0]}=") from None
        hand = cls(rules, dealer, hands, up, rest)
        for word in actions_part.split():
            hand.apply(word)
        return hand

    def copy(self) -> Hand:
        """An independent copy (for search: apply actions to the copy)."""
        other = Hand.__new__(Hand)
        for name in Hand.__slots__:
            try:
                value = getattr(self, name)
            except AttributeError:
                continue
            if name == "hands":
                value = [h[:] for h in value]
            elif name in ("_plays", "_won_by", "_bid_log", "_passed", "_alone_queue"):
                value = value[:]
            setattr(other, name, value)
        return other

    def __repr__(self) -> str:
        return f"<Hand {PHASE_NAMES[self.phase]} dealer={SEAT_LETTERS[self.dealer]} {self.actions_text()!r}>"


def trump_text(hand: Hand) -> str:
    """The trump suit letter, or ``"-"`` before trump is made."""
    return SUIT_LETTERS[hand.trump] if hand.trump >= 0 else "-"


__all__ = [
    "BID1",
    "BID2",
    "BENNY_UP",
    "ALONE_ROUND",
    "DISCARDING",
    "PLAYING",
    "DONE",
    "EAST",
    "NORTH",
    "PHASE_NAMES",
    "SEAT_LETTERS",
    "SEAT_NAMES",
    "SEAT_SIDE",
    "SOUTH",
    "WEST",
    "Hand",
    "parse_seat",
    "seat_text",
    "trump_text",
]
