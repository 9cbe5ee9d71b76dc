"""One hand at a table of 2 to 6 seats, as a state machine.

:class:`TableHand` deals from a seeded shuffle (or a given pack order), runs
the bidding (the turn-up's two rounds, or an auction of trick counts), the
dealer's pick-up and discard, the maker's partner card, the cards a lone
player's partners pass (six-player ask, call for best, railroading), the
tricks, and scores the hand with
:func:`euchre_tourney.rules.tables.score_table_hand`.

Actions are :class:`Act` tuples ``(kind, arg)`` with a text form
(:func:`act_text` / :func:`parse_act`): ``pass``, ``order``, ``order!``
(alone), ``name:H``, ``name:NT``, ``name:H!``, ``bid:3``, ``partner:AS``,
``alone``, ``discard:9C``, ``ask:2``, ``noask``, ``give:AS``, ``keep``,
``take``, ``refuse``, ``play:JH``. :meth:`TableHand.legal_actions` is the
exact legal set; :meth:`TableHand.apply` raises
:class:`~euchre_tourney.rules.RuleViolation` for anything else.

Seats are ``0..players-1`` clockwise; the deal, the bidding and the lead
start at the dealer's left (000 "Setup and Deal" 4, "Leading"), or, with a
lone player in a partnership, at the lone player's left (000 line 82).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from euchre_tourney.play.result import HandResult
from euchre_tourney.play.rounds import declare_alone
from euchre_tourney.play.table.view import SeatView, seat_view  # noqa: F401
from euchre_tourney.rules import JACK, KING, PRESETS, QUEEN, TEN, RuleViolation
from euchre_tourney.rules import SUIT_LETTERS, SUITS
from euchre_tourney.rules import tables

base = tables.base
NO_TRUMP = tables.NO_TRUMP
TABLE_PRESETS = tables.TABLE_PRESETS
TableRules = tables.TableRules
effective_suit = tables.effective_suit
is_joker = tables.is_joker
pack = tables.pack
parse = tables.parse
printed_suit = tables.printed_suit
score_table_hand = tables.score_table_hand
text = tables.text
trick_winner = tables.trick_winner

BID1, BID2, JOKER_UP, AUCTION, TRUMP, DISCARD, PARTNER, ASK, GIVE, RAIL, LONE_DISCARD, PLAY, DONE, ALONE = range(14)
PHASE_NAMES = (
    "first round",
    "second round",
    "joker turned up",
    "auction",
    "naming trump",
    "dealer's discard",
    "partner card",
    "asking a partner",
    "partner's card",
    "railroad",
    "lone player's discard",
    "play",
    "done",
    "going alone",
)


class Act(NamedTuple):
    """An action: ``kind`` and its argument (a card, suit, seat or bid; -1 none)."""

    kind: str
    arg: int = -1


PASS = Act("pass")


_WORDS = ("order", "order!", "pass", "alone", "noask", "keep", "take", "refuse", "misdeal")


def act_text(a: Act, rules: TableRules | None = None) -> str:
    """The action's text form (see the module docstring); with ``rules``,
    the Benny as those rules write it (``2S`` for a joker substitute)."""
    k, x = a
    if k in _WORDS:
        return k
    if k in ("name", "name!"):
        word = "NT" if x == NO_TRUMP else SUIT_LETTERS[x]
        return f"name:{word}" + ("!" if k == "name!" else "")
    if k in ("bid", "ask"):
        return f"{k}:{x}"
    return f"{k}:{rules.card_text(x) if rules is not None else text(x)}"


def parse_act(word: str, rules: TableRules | None = None) -> Act:
    """Inverse of :func:`act_text` (``ValueError`` for anything else)."""
    w = word.strip()
    if w.lower() in _WORDS:
        return Act(w.lower())
    kind, _, arg = w.partition(":")
    if kind == "name":
        alone = arg.endswith("!")
        arg = arg.rstrip("!").upper()
        suit = NO_TRUMP if arg == "NT" else SUIT_LETTERS.index(arg) if arg in SUIT_LETTERS and arg else None
        if suit is None:
            raise ValueError(f"{word!r}: name a suit C, D, H, S or NT")
        return Act("name!" if alone else "name", suit)
    if kind in ("bid", "ask"):
        return Act(kind, int(arg))
    if kind in ("partner", "discard", "give", "play"):
        return Act(kind, rules.parse_card(arg) if rules is not None else parse(arg))
    raise ValueError(f"{word!r} is not an action")


def _rules_of(key: str) -> TableRules:
    """The rules of a game by its key: an N-seat preset, or a four-seat
    preset through :meth:`TableRules.from_ruleset` (``ValueError`` if none)."""
    if key in TABLE_PRESETS:
        return TABLE_PRESETS[key]
    if key in PRESETS:
        return TableRules.from_ruleset(PRESETS[key])
    raise ValueError(f"unknown game {key!r}")


def trump_word(trump: int | None) -> str:
    if trump is None:
        return "none yet"
    return "no-trump" if trump == NO_TRUMP else ("clubs", "diamonds", "hearts", "spades")[trump]


class TableHand:
    """One hand under ``rules`` dealt by ``dealer``.

    Public state (read-only for callers): ``hands`` (each seat's cards),
    ``turn_up``, ``trump`` (a suit, :data:`NO_TRUMP`, or ``None``),
    ``maker``, ``alone``, ``bid``, ``partner_card``, ``partner`` (the seat
    holding it, or ``None``: secret until :attr:`partner_revealed`),
    ``active`` (seats in the play), ``tricks`` (finished ``(leader, [(seat,
    card)...], winner)``), ``trick`` (cards of the trick in progress),
    ``won`` (tricks per seat), ``points`` (per seat, when done),
    ``thrown_in``, ``history`` (every ``(seat, Act)``).
    """

    def __init__(self, rules: TableRules, dealer: int = 0, rng: random.Random | int | None = None, *, order: list[int] | None = None) -> None:
        self.rules = rules
        n = rules.players
        self.players = n
        self.dealer = dealer % n
        cards = list(pack(rules.pack))
        if order is None:
            r = rng if isinstance(rng, random.Random) else random.Random(rng)
            r.shuffle(cards)
        else:
            if sorted(order) != sorted(cards):
                raise RuleViolation("The cards given are not the pack of this game.")
            cards = list(order)
        self.order = tuple(cards)
        h = rules.hand_size
        self.hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            self.hands[seat] = sorted(cards[i * h : (i + 1) * h])
        self.undealt = cards[n * h :]
        self.turn_up: int | None = self.undealt[0] if rules.bidding == "turn_up" else None
        self.trump: int | None = None
        self.turned_down = -1
        self.maker: int | None = None
        self.alone = False
        self.bid = 0
        self.high_bidder: int | None = None
        self.partner_card: int | None = None
        self.partner: int | None = None
        self.partner_revealed = False
        self.forced_alone = False
        self.picked_up = False
        self.asked: int | None = None
        self.offered: int | None = None
        self.discards: list[int] = []
        self.active = list(range(n))
        self.tricks: list[tuple[int, list[tuple[int, int]], int]] = []
        self.trick: list[tuple[int, int]] = []
        self.leader = -1
        self.won = [0] * n
        self.points: dict[int, int] = {}
        self.thrown_in = False
        self.misdeal = False
        self.lone: int | None = None
        self.lone_defender: int | None = None
        self.bid_round = 0
        self._passed: list[int] = []
        self._alone_queue: list[int] = []
        self._defenders_asked = False
        self.history: list[tuple[int, Act]] = []
        self._passes = 0
        if self.turn_up is not None and is_joker(self.turn_up):
            self.phase, self.to_act = JOKER_UP, self.dealer
        elif rules.bidding == "auction":
            self.phase, self.to_act = AUCTION, self.left(self.dealer)
        else:
            self.phase, self.to_act = BID1, self.left(self.dealer)

    @classmethod
    def from_hands(cls, rules: TableRules, dealer: int, hands: list[list[int]], turn_up: int | None, rest: list[int] = ()) -> TableHand:
        """A hand from a given deal: ``hands[seat]`` (card codes), the
        ``turn_up`` (``None`` in an auction game) and the other undealt
        cards -- as the four-seat :class:`~euchre_tourney.play.hand.Hand`
        is built from a deal (the differential test deals both the same).
        ``RuleViolation`` unless the cards are the pack."""
        n = rules.players
        order = [c for i in range(n) for c in hands[(dealer + 1 + i) % n]]
        order += ([turn_up] if turn_up is not None else []) + list(rest)
        return cls(rules, dealer, order=order)

    # --- seats and sides ---------------------------------------------------------------

    def left(self, seat: int) -> int:
        return (seat + 1) % self.players

    def team(self, seat: int) -> int:
        """The fixed side of a seat under ``partners`` (seats alternate)."""
        return seat % 2

    def partners_of(self, seat: int) -> list[int]:
        """Fixed partners of ``seat`` (empty unless ``partners``)."""
        if self.rules.sides != "partners":
            return []
        return [s for s in range(self.players) if s != seat and s % 2 == seat % 2]

    def makers(self) -> frozenset[int]:
        """The seats of the making side (the partner card's holder included,
        whether or not it has been revealed)."""
        if self.maker is None:
            return frozenset()
        if self.rules.sides == "partners":
            return frozenset([self.maker, *self.partners_of(self.maker)])
        if self.rules.sides == "partner_card" and self.partner is not None:
            return frozenset((self.maker, self.partner))
        return frozenset((self.maker,))

    @property
    def done(self) -> bool:
        return self.phase == DONE

    @property
    def to_act(self) -> int:
        """The seat to act (``-1`` once the hand is over)."""
        return -1 if self.phase == DONE else self._to_act

    @to_act.setter
    def to_act(self, seat: int) -> None:
        self._to_act = seat

    # --- legal actions -----------------------------------------------------------------

    def legal_actions(self) -> list[Act]:
        """Every legal action of the seat :attr:`to_act` (empty when done)."""
        r = self.rules
        ph = self.phase
        seat = self.to_act
        if ph == DONE:
            return []
        if ph == BID1:
            if r.alone_round:
                return self._bid1_four_seat(seat)
            acts = [PASS, Act("order")]
            if r.may_go_alone and r.sides == "partners":
                acts.append(Act("order!"))
            return acts
        if ph == ALONE:
            if self._forced_alone_now:
                return [Act("alone")]
            return [PASS, Act("alone")]
        if ph in (BID2, JOKER_UP, TRUMP):
            suits = [s for s in SUITS if ph != BID2 or s != self.turned_down]
            if r.no_trump and ph != JOKER_UP:
                suits.append(NO_TRUMP)
            acts = [] if ph != BID2 or (r.stick_the_dealer and seat == self.dealer) else [PASS]
            acts += [Act("name", s) for s in suits]
            if ph != TRUMP and r.may_go_alone and r.sides == "partners" and not r.alone_round:
                acts += [Act("name!", s) for s in suits]
            return acts
        if ph == AUCTION:
            low = max(r.min_bid, self.bid + 1)
            acts = [Act("bid", b) for b in range(low, r.max_bid + 1)]
            if not (seat == self.dealer and self.high_bidder is None and r.stick_the_dealer):
                acts.insert(0, PASS)
            return acts
        if ph in (DISCARD, LONE_DISCARD):
            cards = self.hands[seat]
            if ph == DISCARD and not r.dealer_may_discard_turn_up and self.picked_up:
                return [Act("discard", c) for c in cards if c != self.turn_up]
            return [Act("discard", c) for c in cards]
        if ph == PARTNER:
            own = set(self.hands[seat])
            acts = [Act("partner", c) for c in pack(r.pack) if c not in own]
            if r.may_go_alone:
                acts.insert(0, Act("alone"))
            return acts
        if ph == ASK:
            return [Act("noask")] + [Act("ask", s) for s in self.partners_of(seat)]
        if ph == GIVE:
            acts = [Act("give", c) for c in self.hands[seat]]
            if r.exchange == "railroad":
                acts.insert(0, Act("keep"))
            return acts
        if ph == RAIL:
            return [Act("take"), Act("refuse")]
        # PLAY
        hand = self.hands[seat]
        if self.trick:
            led = effective_suit(self.trick[0][1], self.trump)
            follow = [c for c in hand if effective_suit(c, self.trump) == led]
            if follow:
                return [Act("play", c) for c in follow]
        return [Act("play", c) for c in hand]

    # --- the four-seat rules (TableRules.alone_round: from a RuleSet) -------------------

    def _bid1_four_seat(self, seat: int) -> list[Act]:
        """First round under the four-seat options: the dealer who must hold
        the turn-up's suit to take it up (001; the Left Bower does not count,
        the Benny does) may only pass; a poor hand may call a misdeal (000
        lines 105 and 111)."""
        r = self.rules
        acts = [PASS, Act("order")]
        if r.dealer_needs_trump_to_take_up and seat == self.dealer:
            suit = printed_suit(self.turn_up)
            if not any(is_joker(c) or printed_suit(c) == suit for c in self.hands[seat]):
                acts = [PASS]
        if (r.ace_no_face or r.farmers_hand) and self._poor_hand(self.hands[seat]):
            acts.append(Act("misdeal"))
        return acts

    def _poor_hand(self, cards: list[int]) -> bool:
        """Farmer's hand: only 9s and 10s (7s and 8s too); ace-no-face: no
        Jack, Queen or King; a joker is a face (000 lines 105, 111). With
        both options the ace-no-face test covers both."""
        if any(is_joker(c) for c in cards):
            return False
        ranks = [base(c) & 7 for c in cards]
        if self.rules.ace_no_face:
            return all(x not in (JACK, QUEEN, KING) for x in ranks)
        return all(x <= TEN for x in ranks)

    @property
    def _forced_alone_now(self) -> bool:
        """The dealer's partner who made trump must play alone (001 lines 53, 108)."""
        r = self.rules
        if not r.dealer_partner_orders_alone or self._to_act != self.maker or self.lone is not None:
            return False
        if self.maker != (self.dealer + 2) % 4:
            return False
        return self.bid_round == 1 or r.dealer_partner_alone_any_round

    def _may_go_alone(self, seat: int) -> bool:
        # 001: a player who passed in the round trump was made may not play alone.
        return self.rules.passer_may_go_alone or seat not in self._passed

    def _start_alone_round(self, seat: int, bid_round: int) -> None:
        """Trump is made by ``seat``: the maker says alone or pass first, then
        the maker's partner where the rules let any player go alone (001
        "Going Alone", 004), then the defenders clockwise from the maker's
        left where they may defend alone (000, 001, 004)."""
        self.bid_round = bid_round
        partner = (seat + 2) % 4
        self._alone_queue = [partner] if self.rules.maker_partner_may_go_alone and self._may_go_alone(partner) else []
        self._defenders_asked = self.rules.defend_alone == "never"
        self.phase, self.to_act = ALONE, seat

    def _next_alone(self) -> None:
        queue = self._alone_queue
        if not queue and not self._defenders_asked:
            self._defenders_asked = True
            d = self.rules.defend_alone
            if d == "any" or (d == "against_loner" and self.lone is not None):
                m = self.maker
                queue.extend(s for s in ((m + 1) % 4, (m + 3) % 4) if self._may_go_alone(s))
        if queue:
            self.to_act = queue.pop(0)
            return
        out = set()
        if self.lone is not None:
            out.add((self.lone + 2) % 4)
        if self.lone_defender is not None:
            out.add((self.lone_defender + 2) % 4)
        self.alone = self.lone is not None
        self.active = [s for s in range(4) if s not in out]
        if self.bid_round == 1 and self.dealer in self.active:
            # the dealer picks up the turn-up (or the Benny) and discards (000, 001);
            # a dealer who sits out does not pick up
            self._pick_up()
            return
        self._start_play()

    def _pick_up(self) -> None:
        """The dealer takes the turn-up (or the Benny) into the hand and
        discards next (000, 001)."""
        self.hands[self.dealer].append(self.turn_up)
        self.hands[self.dealer].sort()
        self.picked_up = True
        self.phase, self.to_act = DISCARD, self.dealer

    def _on_misdeal(self, seat: int, a: Act) -> None:
        self.misdeal = True
        self.phase = DONE

    # --- applying ------------------------------------------------------------------------

    def apply(self, action: Act | str) -> None:
        """Apply the action of the seat to act (text or :class:`Act`)."""
        try:
            a = parse_act(action, self.rules) if isinstance(action, str) else Act(*action)
        except (ValueError, TypeError) as exc:
            raise RuleViolation(f"{action!r} is not an action: {exc}") from None
        if a not in self.legal_actions():
            raise RuleViolation(f"{act_text(a)} is not a legal action now ({PHASE_NAMES[self.phase]}).")
        seat = self.to_act
        self.history.append((seat, a))
        getattr(self, "_on_" + a.kind.rstrip("!"))(seat, a)

    def _next_bidder(self, seat: int) -> None:
        self.to_act = self.left(seat)

    def _on_pass(self, seat: int, a: Act) -> None:
        if self.phase == ALONE:
            self._next_alone()
            return
        self._passed.append(seat)
        if self.phase == AUCTION:
            if seat == self.dealer:
                self._auction_over()
            else:
                self._next_bidder(seat)
            return
        if seat != self.dealer:
            self._next_bidder(seat)
        elif self.phase == BID1:
            self.turned_down = printed_suit(self.turn_up)
            self.phase = BID2
            self._passed = []
            self._next_bidder(seat)
        else:
            self.thrown_in = True
            self.phase = DONE

    def _on_order(self, seat: int, a: Act) -> None:
        self._make(seat, printed_suit(self.turn_up), a.kind == "order!")
        if self.rules.alone_round:
            self._start_alone_round(seat, 1)
            return
        if self.dealer in self.active:
            self._pick_up()
        else:
            self._after_trump()

    def _on_name(self, seat: int, a: Act) -> None:
        if self.phase == TRUMP:
            self.trump = a.arg
            self._after_trump()
            return
        self._make(seat, a.arg, a.kind == "name!")
        if self.rules.alone_round:
            self._start_alone_round(seat, 1 if self.phase == JOKER_UP else 2)
            return
        if self.phase == JOKER_UP:
            self._pick_up()
        else:
            self._after_trump()

    def _make(self, seat: int, trump: int, alone: bool) -> None:
        self.maker, self.trump, self.alone = seat, trump, alone
        if alone:
            self.lone = seat
            self.active = [s for s in range(self.players) if s not in self.partners_of(seat)]

    def _on_bid(self, seat: int, a: Act) -> None:
        self.bid, self.high_bidder = a.arg, seat
        if seat == self.dealer or a.arg == self.rules.max_bid:
            self._auction_over()
        else:
            self._next_bidder(seat)

    def _auction_over(self) -> None:
        if self.high_bidder is None:
            self.thrown_in = True
            self.phase = DONE
            return
        self.maker = self.high_bidder
        self.phase, self.to_act = TRUMP, self.maker

    def _on_discard(self, seat: int, a: Act) -> None:
        self.hands[seat].remove(a.arg)
        self.discards.append(a.arg)
        if self.phase == LONE_DISCARD:
            if self.offered is not None:  # railroad: the card taken after the discard
                self.hands[seat].append(self.offered)
                self.hands[seat].sort()
                self.offered = None
            self._start_play()
        else:
            self._after_trump()

    def _after_trump(self) -> None:
        r = self.rules
        if r.sides == "partner_card" and self.partner_card is None and not self.alone:
            self.phase, self.to_act = PARTNER, self.maker
            return
        if self.alone and r.exchange != "none" and self.partners_of(self.maker):
            if r.exchange == "ask_partner":
                self.phase, self.to_act = ASK, self.maker
            else:
                self.asked = self.partners_of(self.maker)[0]
                self.phase, self.to_act = GIVE, self.asked
            return
        self._start_play()

    def _on_alone(self, seat: int, a: Act) -> None:
        if self.phase == ALONE:
            declare_alone(self, seat)
            self._next_alone()
            return
        self.alone = True
        self._start_play()

    def _on_partner(self, seat: int, a: Act) -> None:
        self.partner_card = a.arg
        holders = [s for s in range(self.players) if a.arg in self.hands[s]]
        self.partner = holders[0] if holders else None
        # buried: 003 line 102, "forced to play alone" -- nobody knows it until the end
        self.forced_alone = self.partner is None
        self._start_play()

    def _on_noask(self, seat: int, a: Act) -> None:
        self._start_play()

    def _on_ask(self, seat: int, a: Act) -> None:
        self.asked = a.arg
        self.phase, self.to_act = GIVE, a.arg

    def _on_give(self, seat: int, a: Act) -> None:
        self.hands[seat].remove(a.arg)
        if self.rules.exchange == "railroad":
            self.offered = a.arg
            self.phase, self.to_act = RAIL, self.maker
            return
        self.hands[self.maker].append(a.arg)
        self.hands[self.maker].sort()
        self.phase, self.to_act = LONE_DISCARD, self.maker

    def _on_keep(self, seat: int, a: Act) -> None:
        self._start_play()

    def _on_take(self, seat: int, a: Act) -> None:
        self.phase = LONE_DISCARD

    def _on_refuse(self, seat: int, a: Act) -> None:
        self.discards.append(self.offered)
        self.offered = None
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        first = self.left(self.dealer)
        lead = self.rules.alone_lead
        lone, defender = self.lone, self.lone_defender
        if self.rules.sides == "partners" and (lone is not None or defender is not None) and lead != "dealer_left":
            # 000 line 82, 001 line 69: left of the loner (the lone defender
            # when both are alone); 001 line 190: the loner's right.
            step = 1 if lead == "loner_left" else self.players - 1
            if defender is not None:
                first = defender if lone is not None else (defender + step) % self.players
            else:
                first = (lone + step) % self.players
        while first not in self.active:
            first = self.left(first)
        self.leader = self.to_act = first

    def _on_play(self, seat: int, a: Act) -> None:
        self.hands[seat].remove(a.arg)
        self.trick.append((seat, a.arg))
        if a.arg == self.partner_card and seat == self.partner:
            self.partner_revealed = True
        if len(self.trick) < len(self.active):
            nxt = self.left(seat)
            while nxt not in self.active:
                nxt = self.left(nxt)
            self.to_act = nxt
            return
        cards = [c for _, c in self.trick]
        w = self.trick[trick_winner(cards, self.trump, self.rules.double, self.rules.bennies_by_colour)][0]
        self.tricks.append((self.leader, self.trick, w))
        self.won[w] += 1
        self.trick = []
        if len(self.tricks) == self.rules.hand_size:
            self._score()
        else:
            self.leader = self.to_act = w

    def _score(self) -> None:
        self.phase = DONE
        self.partner_revealed = self.partner is not None
        makers = self.makers()
        taken = sum(self.won[s] for s in makers)
        self.points = score_table_hand(
            self.rules, makers, self.alone or self.forced_alone, taken, self.bid, defender_alone=self.lone_defender is not None
        )

    @property
    def maker_tricks(self) -> int:
        return sum(self.won[s] for s in self.makers())

    # --- text ----------------------------------------------------------------------------

    def to_text(self) -> str:
        """One line: ``preset dealer pack-order | actions`` (the rules by preset key)."""
        cards = " ".join(self.rules.card_text(c) for c in self.order)
        acts = " ".join(act_text(a, self.rules) for _, a in self.history)
        return f"{self.rules.preset} d{self.dealer} {cards} | {acts}".rstrip()

    @classmethod
    def from_text(cls, rules: TableRules | str | None, line: str | TableRules | None = None) -> TableHand:
        """Inverse of :meth:`to_text`: ``from_text(rules, line)`` as the
        protocol has it, or ``from_text(line)`` / ``from_text(line, rules)``
        (the rules by the line's preset key when not given).
        ``ValueError``/``RuleViolation`` if it does not replay."""
        if isinstance(rules, str):
            rules, line = line, rules  # the older order: (line, rules=None)
        if not isinstance(line, str):
            raise ValueError("a hand's text is: preset dN cards... | actions...")
        head, _, tail = line.partition("|")
        words = head.split()
        if len(words) < 3 or not words[1].startswith("d"):
            raise ValueError("a hand's text is: preset dN cards... | actions...")
        if rules is None:
            rules = _rules_of(words[0])
        hand = cls(rules, int(words[1][1:]), order=[rules.parse_card(w) for w in words[2:]])
        for w in tail.split():
            hand.apply(w)
        return hand

    def copy(self) -> TableHand:
        """An independent copy (by replaying the history)."""
        h = TableHand(self.rules, self.dealer, order=list(self.order))
        for _, a in self.history:
            h.apply(a)
        return h

    # --- the game protocol ----------------------------------------------------------------

    def result(self) -> HandResult | None:
        """The protocol's :class:`~euchre_tourney.play.protocol.HandResult`
        once played out (``None`` before, and when thrown in or misdealt):
        :attr:`points` as a tuple per seat, the makers' seats, their tricks,
        alone (a partner card not dealt counts), euchred (fewer than a
        majority, or than the bid in an auction), march, the bid."""
        if self.phase != DONE or self.thrown_in or self.misdeal or self.maker is None:
            return None
        makers = self.makers()
        taken = sum(self.won[s] for s in makers)
        need = self.bid if self.rules.bidding == "auction" else self.rules.need
        return HandResult(
            points=tuple(self.points.get(s, 0) for s in range(self.players)),
            makers=tuple(sorted(makers)),
            maker_tricks=taken,
            alone=self.alone or self.forced_alone,
            euchred=taken < need,
            march=taken == self.rules.hand_size,
            bid=self.bid,
            defender_alone=self.lone_defender is not None,
        )

    def view(self, seat: int | None = None):
        """What ``seat`` (default: the seat to act) can see:
        :func:`euchre_tourney.play.table.view.seat_view`, its ``legal``
        filled for the seat to act. ``ValueError`` unless a seat of the table."""
        if seat is None:
            seat = self.to_act
        if seat.__class__ is not int and not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"{seat!r} is not a seat (0..{self.players - 1})")
        return seat_view(self, int(seat))

    @property
    def names_blind(self) -> bool:
        """The dealer names trump before looking: a joker or the Benny was
        turned up (001 lines 59 and 141)."""
        return self.phase == JOKER_UP

    def action_text(self, action: Act) -> str:
        """The text of an action (:func:`act_text`)."""
        return act_text(Act(*action), self.rules)

    def parse_action(self, text: str) -> Act:
        """Inverse of :meth:`action_text` (``ValueError`` for no action)."""
        return parse_act(text, self.rules)

    def summary(self) -> str:
        """A sentence on the result, for the log."""
        if self.thrown_in:
            return "Everyone passed: the hand is thrown in."
        if not self.done:
            return f"{PHASE_NAMES[self.phase]}"
        return f"Trump {trump_word(self.trump)}; makers took {self.maker_tricks} of {self.rules.hand_size}."
