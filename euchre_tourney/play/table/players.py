"""Computer players for the N-seat games, each seeing only its seat's view.

* :class:`RandomTablePlayer` (easy) -- uniformly among the legal actions.
* :class:`MediumPlayer` -- rules of thumb: bid on an estimate of the tricks
  a hand takes in a trump (bowers and jokers 1, the ace of trump nearly,
  other trumps and off-suit aces less, with a share for the partners), name
  the highest trump not held as the partner card, give a lone partner the
  best card, win a trick as cheaply as possible unless a known partner is
  already winning it, otherwise throw the lowest card.
* :class:`SampleSearchPlayer` (hard) -- determinised search (perfect
  information Monte Carlo): at every decision with two to ten choices (the
  bidding, naming trump, the discard, the play; the partner card among a
  short list), deals the unseen cards to the other seats at random
  (:func:`_sample_world`: keeping the number of cards each holds, the suits
  each has shown out of, the turn-up the dealer took and a revealed
  partner's card), builds the world from the view alone (:func:`world_of`)
  and plays each candidate out in every world -- the medium player for
  every seat, then the last tricks solved exactly by :func:`solve_tricks`
  where :data:`SOLVE_CARDS` says so (alpha-beta with the sides of that
  world: partners, the maker against the rest, or the maker and the holder
  of the partner card) -- and keeps the candidate whose worlds score best
  for its side (not searched, left to the medium player: a blind naming,
  asking and giving a card, a railroaded card's fate).

  The worlds are read in the light of what the other seats did
  (:meth:`SampleSearchPlayer.worlds`, as the four-seat hard player reads
  the bidding, Rebstock et al. 2019): three times as many are drawn and
  resampled by how likely each seat's bids were (the soft medium bidding
  model, :meth:`MediumPlayer.likelihood`) and how well its cards played
  agree with the medium player's card play
  (:meth:`MediumPlayer.play_agreement`).

  Budget: at most ``samples`` worlds (:data:`WORLDS`), ``steps`` actions
  played out (:data:`STEPS`) and ``deadline_s`` seconds (:data:`DEADLINE`),
  whichever comes first, checked between worlds. The first two do not
  depend on the machine: the arena (``tests/benchmarks/bench_table_arena.py``)
  and the tests play without the clock. Each decision draws its worlds
  from a generator seeded by the player's seed and the view
  (:func:`view_key`): below the deadline the same view gets the same
  action, whatever the hidden cards and whatever came before
  (``tests/play/test_computer_players.py``).

Why this and not the four-seat search (:mod:`euchre_tourney.play.search`,
an exact solver on every sample): at 3 to 6 seats, with partner cards,
auctions and exchanges, a whole-hand solve costs 5 to 1,800 ms a world
(five cards a seat; ``solve_tricks``), so only the last tricks are solved,
and not at all at three seats, where playing out with the medium player
judged better (cutthroat, 100 deals, the same deals: +0.033 ± 0.048 a hand
over solving the last three tricks).
"""

from __future__ import annotations

import math
import random
import time
import zlib
from functools import lru_cache

from euchre_tourney.play.table.hand import (
    ASK,
    AUCTION,
    BID1,
    BID2,
    DISCARD,
    GIVE,
    JOKER_UP,
    LONE_DISCARD,
    PARTNER,
    PLAY,
    RAIL,
    TRUMP,
    Act,
    TableHand,
    act_text,
    parse_act,
    trump_word,
)
from euchre_tourney.play.table.view import SeatView, seat_view
from euchre_tourney.rules import SUITS
from euchre_tourney.rules import tables

NO_TRUMP = tables.NO_TRUMP
TableRules = tables.TableRules
base = tables.base
effective_suit = tables.effective_suit
pack = tables.pack
printed_suit = tables.printed_suit
ranking = tables.ranking
strength = tables.strength
text = tables.text
trick_winner = tables.trick_winner


# SeatView and seat_view live with the engine (play/table/view.py): TableHand.view() gives them.


class RandomTablePlayer:
    """Easy: a uniformly random legal action, drawn by a generator seeded
    from the player's seed and the view (the same view, the same action)."""

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.seed = rng.getrandbits(32) if isinstance(rng, random.Random) else (0 if rng is None else int(rng))

    def choose(self, view: SeatView, hand: TableHand | None = None) -> Act:
        return random.Random((self.seed * 1_000_003) ^ view_key(view)).choice(view.legal)


def card_value(c: int, trump: int | None) -> int:
    """How strong a card is once ``trump`` is known (its strength when its own suit is led)."""
    t = NO_TRUMP if trump is None else trump
    s = effective_suit(c, t)
    if s < 0:
        return 0
    return strength(c, s, t)


def trick_estimate(cards: list[int], trump: int, rules: TableRules) -> float:
    """Tricks a hand may take in ``trump`` on its own (rules of thumb)."""
    if trump == NO_TRUMP:
        est = 0.0
        for c in cards:
            r = base(c) & 7 if base(c) < 32 else -1
            est += 1.0 if r == 7 else 0.45 if r == 6 else 0.0
        return est
    order = [c for c in _trump_order(trump, rules)]
    est = 0.0
    n_trump = 0
    for c in cards:
        if effective_suit(c, trump) == trump:
            n_trump += 1
            pos = order.index(base(c)) if base(c) in order else len(order)
            est += 1.0 if pos < 2 else 0.85 if pos < 3 else 0.65 if pos < 5 else 0.45
        elif base(c) < 32 and base(c) & 7 == 7:
            est += 0.7 if rules.players <= 4 else 0.5
    if n_trump >= 3:
        est += 0.3 * (n_trump - 2)
    return est


def _trump_order(trump: int, rules: TableRules) -> list[int]:
    return _TRUMP_ORDERS(trump, rules.pack)


@lru_cache(maxsize=None)
def _TRUMP_ORDERS(trump: int, pack_key: str) -> list[int]:
    cards = {base(c) for c in pack(pack_key)}
    suits, st = ranking(trump)
    row = st[trump]
    return sorted((c for c in cards if suits[c] == trump), key=lambda c: -row[c])


def _logistic(x: float) -> float:
    return 0.0 if x < -30 else 1.0 if x > 30 else 1.0 / (1.0 + math.exp(-x))


SOFTNESS = 0.5
"""Tricks: how far a hand's estimate may stray from the medium player's
threshold and the bid still be made (the soft bidding model, see
:meth:`MediumPlayer.likelihood`)."""


class MediumPlayer:
    """Rules of thumb (see the module docstring)."""

    def __init__(self, boldness: float = 0.0) -> None:
        self.boldness = boldness

    def choose(self, view: SeatView, hand: TableHand | None = None) -> Act:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        ph = view.phase
        if ph == BID1:
            return self._bid1(view)
        if ph in (BID2, TRUMP, JOKER_UP):
            return self._name(view)
        if ph == AUCTION:
            return self._auction(view)
        if ph in (DISCARD, LONE_DISCARD):
            return Act("discard", self._worst(view.hand, view.trump, [a.arg for a in legal]))
        if ph == PARTNER:
            return self._partner(view)
        if ph == GIVE:
            gives = [a for a in legal if a.kind == "give"]
            return max(gives, key=lambda a: card_value(a.arg, view.trump))
        if ph == RAIL:
            return Act("take")
        if ph == PLAY:
            return self._play(view)
        # ASK: the first partner
        asks = [a for a in legal if a.kind == "ask"]
        return asks[0] if asks else legal[0]

    # --- bidding ---------------------------------------------------------------------

    def _help(self, r: TableRules) -> float:
        """Tricks the partners are expected to add."""
        if r.sides == "partners":
            return 0.9 * (r.players // 2 - 1)
        if r.sides == "partner_card":
            return 1.0
        return 0.0

    def _need(self, r: TableRules) -> float:
        """Estimated tricks the side needs to make trump: a long hand (two-handed's
        ten cards) takes more tricks than the five-card estimate counts (measured:
        without the allowance four two-handed hands in five were thrown in)."""
        return r.need - 0.35 - self.boldness - 0.3 * (r.hand_size - 5)

    @staticmethod
    def round1_estimate(cards, turn_up: int, seat: int, dealer: int, r: TableRules) -> float:
        """Tricks ``seat`` expects from ordering up ``turn_up`` (the dealer
        counts it in the hand, less the weakest card)."""
        t = printed_suit(turn_up)
        cards = list(cards)
        if seat == dealer and turn_up not in cards:
            cards = sorted(cards + [turn_up], key=lambda c: card_value(c, t))[1:]
        est = trick_estimate(cards, t, r)
        if r.sides == "partners" and dealer != seat:
            est += 0.3 if dealer % 2 == seat % 2 else -0.3
        return est

    def _bid1(self, view: SeatView) -> Act:
        r = view.rules
        est = self.round1_estimate(view.hand, view.turn_up, view.seat, view.dealer, r)
        acts = set(view.legal)
        if Act("order!") in acts and est >= r.hand_size - 0.4:
            return Act("order!")
        if est + self._help(r) >= self._need(r):
            return Act("order")
        return Act("pass")

    def likelihood(self, view: SeatView, dealt: dict[int, list[int]]) -> float:
        """How likely the other seats' bids in ``view.public`` were if they
        were dealt ``dealt`` (seat -> cards), under the soft version of this
        player's bidding: a bid made at estimate ``e`` against the threshold
        ``t`` has probability ``logistic((e - t) / SOFTNESS)``, a pass its
        complement (an auction bid of ``n`` against ``n``). A forced or blind
        action (the stuck dealer, a joker turned up) tells nothing."""
        r = view.rules
        help_, need = self._help(r), self._need(r)
        suits = list(SUITS) + ([NO_TRUMP] if r.no_trump else [])
        p = 1.0
        first_round = True
        high = r.min_bid - 1
        for seat, word in view.public:
            kind = word.partition(":")[0].rstrip("!")
            if kind not in ("pass", "order", "name", "bid"):
                break  # the bidding is over
            cards = dealt.get(seat)
            if r.bidding == "auction":
                if kind == "name":
                    break
                forced = seat == view.dealer and r.stick_the_dealer and high < r.min_bid
                if cards is not None and seat != view.seat and not forced:
                    est = max(trick_estimate(cards, t, r) for t in suits) + help_ + 0.2 + self.boldness
                    at = int(word.partition(":")[2]) if kind == "bid" else high + 1
                    q = _logistic((est - at) / SOFTNESS)
                    p *= q if kind == "bid" else 1.0 - q
                if kind == "bid":
                    high = int(word.partition(":")[2])
                continue
            if view.turn_up is not None and tables.is_joker(view.turn_up):
                break  # named blind: nothing to learn
            if cards is not None and seat != view.seat:
                if first_round:
                    est = self.round1_estimate(cards, view.turn_up, seat, view.dealer, r)
                elif kind == "name":
                    est = trick_estimate(cards, parse_act(word, r).arg, r)
                elif seat == view.dealer and r.stick_the_dealer:
                    est = None
                else:
                    down = printed_suit(view.turn_up)
                    est = max(trick_estimate(cards, t, r) for t in suits if t != down)
                if est is not None and not (kind == "name" and seat == view.dealer and r.stick_the_dealer):
                    q = _logistic((est + help_ - need) / SOFTNESS)
                    p *= 1.0 - q if kind == "pass" else q
            if kind == "pass" and seat == view.dealer:
                first_round = False
            elif kind != "pass":
                break
        return p

    def play_agreement(self, view: SeatView, world: TableHand, played: dict[int, list[int]], miss: float = 0.1) -> float:
        """How well the cards the other seats played in ``view``'s hand
        agree with this player's card play had they held ``world``'s cards:
        ``miss`` to the power of the cards it would not have played (a card
        forced by the suit led tells nothing). ``played``: each seat's
        cards played so far, in order. Stops counting below ``miss**2``."""
        r, me = view.rules, view.seat
        trump, maker = view.trump, view.maker
        partner = world.partner
        later = {s: list(cards) for s, cards in played.items()}
        weight = 1.0
        revealed = False
        for leader, plays, _ in [*view.tricks, (-1, view.trick, -1)]:
            for k, (p, c) in enumerate(plays):
                mine = later[p]
                if p != me:
                    held = world.hands[p] + mine
                    trick = plays[:k]
                    legal = held
                    if trick:
                        led = effective_suit(trick[0][1], trump)
                        legal = [x for x in held if effective_suit(x, trump) == led] or held
                    if len(legal) > 1:
                        knows = revealed or p == partner
                        then = SeatView(
                            rules=r, seat=p, phase=PLAY, dealer=view.dealer, hand=held, turn_up=view.turn_up,
                            trump=trump, maker=maker, alone=view.alone, bid=view.bid,
                            partner_card=view.partner_card, partner=partner if knows else None, trick=list(trick),
                            tricks=[], won=[], active=view.active, public=[], legal=[Act("play", x) for x in legal],
                        )
                        if self._play(then).arg != c:
                            weight *= miss
                            if weight < miss * miss:
                                return weight
                del mine[0]
                if c == view.partner_card:
                    revealed = True
        return weight

    def _name(self, view: SeatView) -> Act:
        r = view.rules
        names = [a for a in view.legal if a.kind == "name"]
        if not view.hand:  # naming blind
            return names[0]
        best = max(names, key=lambda a: trick_estimate(view.hand, a.arg, r))
        est = trick_estimate(view.hand, best.arg, r)
        alone = Act("name!", best.arg)
        if alone in view.legal and est >= r.hand_size - 0.4:
            return alone
        if view.phase != BID2 or Act("pass") not in view.legal or est + self._help(r) >= self._need(r):
            return best
        return Act("pass")

    def _auction(self, view: SeatView) -> Act:
        r = view.rules
        suits = list(SUITS) + ([NO_TRUMP] if r.no_trump else [])
        est = max(trick_estimate(view.hand, s, r) for s in suits) + self._help(r)
        bids = [a for a in view.legal if a.kind == "bid"]
        ok = [a for a in bids if a.arg <= est + 0.2 + self.boldness]
        if ok:
            return ok[0] if len(ok) == 1 else max(ok, key=lambda a: a.arg if a.arg <= est else 0)
        return Act("pass") if Act("pass") in view.legal else bids[0]

    def _partner(self, view: SeatView) -> Act:
        order = _trump_order(view.trump, view.rules) if view.trump != NO_TRUMP else []
        own = {base(c) for c in view.hand}
        for c in order:
            if c not in own and Act("partner", c) in view.legal:
                return Act("partner", c)
        aces = [a for a in view.legal if a.kind == "partner" and base(a.arg) < 32 and base(a.arg) & 7 == 7]
        if aces:
            return aces[0]
        return view.legal[-1]

    @staticmethod
    def _worst(hand: list[int], trump: int | None, options: list[int]) -> int:
        counts: dict[int, int] = {}
        for c in hand:
            counts[effective_suit(c, trump)] = counts.get(effective_suit(c, trump), 0) + 1

        def keep(c: int) -> float:
            v = card_value(c, trump)
            s = effective_suit(c, trump)
            if s != trump and v < 34:  # a low card alone in its suit: discard it to make a void
                v -= 3 * (counts[s] == 1)
            return v

        return min(options, key=keep)

    # --- play ------------------------------------------------------------------------

    def _play(self, view: SeatView) -> Act:
        cards = [a.arg for a in view.legal]
        trump = view.trump
        mates = view.teammates()
        r = view.rules
        if not view.trick:
            mine = view.seat == view.maker or view.maker in mates
            trumps = [c for c in cards if effective_suit(c, trump) == trump]
            if mine and len(trumps) >= 2:
                return Act("play", max(trumps, key=lambda c: card_value(c, trump)))
            aces = [c for c in cards if effective_suit(c, trump) != trump and base(c) < 32 and base(c) & 7 == 7]
            if aces:
                return Act("play", aces[0])
            off = [c for c in cards if effective_suit(c, trump) != trump]
            return Act("play", min(off or cards, key=lambda c: card_value(c, trump)))
        led = effective_suit(view.trick[0][1], trump)
        strengths = [(strength(c, led, trump, r.bennies_by_colour), i) for i, (_, c) in enumerate(view.trick)]
        best_s = max(s for s, _ in strengths)
        win_seat = view.trick[max(i for s, i in strengths if s == best_s) if r.double else
                              min(i for s, i in strengths if s == best_s)][0]
        last = len(view.trick) == len(view.active) - 1
        mate_winning = win_seat in mates and win_seat != view.seat
        beating = [c for c in cards if strength(c, led, trump, r.bennies_by_colour) > best_s
                   or (r.double and strength(c, led, trump, r.bennies_by_colour) == best_s > 0)]
        if mate_winning and (last or best_s >= 200 + 2 * 7 or best_s >= 34):
            return Act("play", self._lowest(cards, trump, led))
        if beating:
            return Act("play", min(beating, key=lambda c: strength(c, led, trump)))
        return Act("play", self._lowest(cards, trump, led))

    @staticmethod
    def _lowest(cards: list[int], trump: int | None, led: int) -> int:
        return min(cards, key=lambda c: (effective_suit(c, trump) == trump, card_value(c, trump)))


WORLDS = 128
"""Worlds a hard decision samples at most."""
STEPS = 5000
"""Actions a hard decision plays out in its worlds at most (the rollouts'
moves, summed over worlds and candidates; checked between worlds): the
search budget that does not depend on the machine's load, about what
:data:`DEADLINE` reaches at normal priority (25-33 µs an action on this
machine)."""
DEADLINE = 0.12
"""Seconds a hard decision searches at most by default (checked between
worlds): the time cap's share (``tests/benchmarks/bench_hard_time_cap.py``)."""


class SampleSearchPlayer:
    """Hard: determinised search (see the module docstring). ``samples``
    sampled worlds per decision at most, ``deadline_s`` seconds at most per
    decision (``None``: no deadline; checked after every whole world, so a
    decision ends at most one world's rollouts late).

    Method, at a searched decision: deal the unseen cards to the other seats
    at random, consistent with the seat's view (:func:`_sample_world`); in
    each world apply every candidate action and finish the hand
    (:func:`_finish`: the medium player for every seat until the last
    tricks, then :func:`solve_tricks`, the exact solver of the world, once
    every hand holds at most :data:`SOLVE_CARDS` cards); keep the action
    whose worlds score best for the seat's side (:func:`_value`). Every
    candidate is judged on the same worlds, and only whole worlds count.
    The partner card is searched among the medium player's choice, the
    other highest trumps not held, the off-suit aces and going alone.
    """

    def __init__(self, samples: int = 128, deadline_s: float | None = 0.12, rng: random.Random | int | None = None,
                 *, bid_samples: int | None = None, steps: int | None = None, clock=time.perf_counter) -> None:
        self.samples = samples
        self.steps = steps
        self.bid_samples = samples if bid_samples is None else bid_samples
        self.deadline_s = deadline_s
        self.clock = clock
        # one number, read once: every decision seeds its own generator from it and the view
        self.seed = rng.getrandbits(32) if isinstance(rng, random.Random) else (0 if rng is None else int(rng))
        self.medium = MediumPlayer()
        self.last_worlds = 0

    read_play = True
    """Weigh the worlds by the other seats' cards played too
    (:meth:`MediumPlayer.play_agreement`), not only by their bids."""

    def candidates(self, view: SeatView) -> list[Act]:
        """The actions a search compares (the legal ones, or for the partner
        card a short list); empty when the decision is not searched."""
        if len(view.legal) < 2 or view.phase in (JOKER_UP, ASK, GIVE, RAIL):
            return []
        if view.phase == LONE_DISCARD and view.public and view.public[-1][1] == "take":
            return []  # the discard before looking at a railroaded card
        if view.phase == PARTNER:
            acts: list[Act] = [a for a in view.legal if a.kind == "alone"]
            own = {base(c) for c in view.hand}
            order = _trump_order(view.trump, view.rules) if view.trump != NO_TRUMP else []
            tops = [Act("partner", c) for c in order if c not in own and Act("partner", c) in view.legal][:3]
            aces = [a for a in view.legal if a.kind == "partner" and not tables.is_joker(a.arg)
                    and base(a.arg) & 7 == 7 and effective_suit(a.arg, view.trump) != view.trump]
            pick = self.medium.choose(view)
            for a in [pick, *tops, *aces]:
                if a not in acts:
                    acts.append(a)
            return acts
        return list(view.legal) if len(view.legal) <= 10 else []

    def choose(self, view: SeatView, hand: TableHand | None = None) -> Act:
        """The action for ``view.seat`` (one of ``view.legal``). ``hand`` is
        accepted for old callers and ignored: the search reads the view only."""
        return self.rank(view)[0][0]

    def rank(self, view: SeatView) -> list[tuple[Act, float]]:
        """The searched actions (:meth:`candidates`) with their mean points
        for the seat's side over the sampled worlds, best first (ties: the
        medium player's choice first); a decision not searched is the
        medium player's choice alone, at 0.0. The worlds are drawn by a
        generator seeded from the player's seed and the view
        (:func:`view_key`): below the deadline, the same view gets the same
        answer whatever the hidden cards and whatever was asked before."""
        fallback = self.medium.choose(view)
        acts = self.candidates(view)
        self.last_worlds = 0
        if not acts:
            # not searched: a blind naming, asking and giving, a railroaded card's fate and the
            # discard before looking at it
            return [(fallback, 0.0)]
        rng = random.Random((self.seed * 1_000_003) ^ view_key(view))
        start = self.clock()
        totals = dict.fromkeys(acts, 0.0)
        worlds = used = 0
        n = self.samples if view.phase == PLAY else self.bid_samples
        late = None if self.deadline_s is None else (lambda: self.clock() - start > self.deadline_s / 2)
        for world in self.worlds(view, n, rng, late):
            for a in acts:  # every candidate in this world (the budgets are checked between worlds)
                w = _clone(world)
                w.apply(a)
                totals[a] += _points_value(w.rules, _finish(w, self.medium), view.seat)
                used += len(w.history)
            worlds += 1
            if self.steps is not None and used >= self.steps:
                break
            if self.deadline_s is not None and self.clock() - start > self.deadline_s:
                break
        self.last_worlds, self.last_steps = worlds, used
        if not worlds:
            return [(fallback, 0.0)] + [(a, 0.0) for a in acts if a != fallback]
        return sorted(((a, totals[a] / worlds) for a in acts), key=lambda av: (-round(av[1], 9), av[0] != fallback))


    def worlds(self, view: SeatView, n: int, rng: random.Random, stop=None) -> list[TableHand]:
        """``n`` worlds for ``view`` (:func:`_sample_world`), read in the
        light of the bidding: when another seat has bid or passed, three
        times as many are drawn and ``n`` resampled by how likely the
        bidding was with each (:meth:`MediumPlayer.likelihood`), so that a
        seat that passed rarely holds the bowers. Fewer when no consistent
        world is found, or when ``stop()`` says so (the deadline) between
        two draws."""
        bids = any(s != view.seat and w.partition(":")[0].rstrip("!") in ("pass", "order", "name", "bid")
                   for s, w in view.public[:2 * view.rules.players + 1])
        plays = self.read_play and any(s != view.seat for _, t, _ in [*view.tricks, (0, view.trick, 0)] for s, _ in t)
        informative = bids or plays
        drawn = []
        for _ in range(3 * n if informative else n):
            world = _sample_world(view, rng)
            if world is None or (drawn and stop is not None and stop()):
                break
            drawn.append(world)
        if not informative or not drawn:
            return drawn
        played: dict[int, list[int]] = {}
        for _, plays, _ in [*view.tricks, (0, view.trick, 0)]:
            for seat, c in plays:
                played.setdefault(seat, []).append(c)
        weights = []
        for w in drawn:
            dealt = {s: w.hands[s] + played.get(s, []) for s in range(view.rules.players) if s != view.seat}
            weight = self.medium.likelihood(view, dealt) if bids else 1.0
            if plays:
                weight *= self.medium.play_agreement(view, w, played)
            weights.append(weight + 1e-12)
        # systematic resampling: n picks spaced evenly through the cumulative weights
        step = sum(weights) / n
        u = rng.random() * step
        picks: list[TableHand] = []
        acc = 0.0
        for w, weight in zip(drawn, weights):
            acc += weight
            while u < acc and len(picks) < n:
                picks.append(w)
                u += step
        picks += drawn[-1:] * (n - len(picks))
        return picks


def view_key(view: SeatView) -> int:
    """A stable 32-bit digest of everything ``view`` shows (for seeding)."""
    text = repr((
        view.rules.preset, view.seat, view.phase, view.dealer, view.hand, view.turn_up, view.trump, view.maker,
        view.alone, view.bid, view.partner_card, view.partner, view.trick, view.tricks, view.active, view.public,
        view.legal, view.sizes, sorted((s, sorted(v)) for s, v in view.voids.items()),
        sorted((s, sorted(v)) for s, v in view.known_cards.items()), view.put_away,
    ))
    return zlib.crc32(text.encode())


def _value(hand: TableHand, seat: int) -> float:
    """Points of ``seat``'s side at the end of a hand, minus its opponents'
    (under fixed partnerships the other side's; otherwise the others' mean)."""
    return _points_value(hand.rules, hand.points, seat)


def _clone(hand: TableHand) -> TableHand:
    h = object.__new__(TableHand)
    h.__dict__.update(hand.__dict__)
    h.hands = [list(x) for x in hand.hands]
    h.trick = list(hand.trick)
    h.tricks = list(hand.tricks)
    h.won = list(hand.won)
    h.history = list(hand.history)
    h.discards = list(hand.discards)
    h.active = list(hand.active)
    h.points = {}
    return h


def world_of(view: SeatView, hands: list[list[int]]) -> TableHand:
    """A hand in the state ``view`` shows, with ``hands`` (every seat's
    cards now) as the cards no seat can see: what the search plays on. Its
    history and undealt cards are left empty (nothing after the deal reads
    them); the partner card's holder is the seat holding it in ``hands``."""
    r = view.rules
    w = TableHand(r, view.dealer, order=list(pack(r.pack)))
    w.hands = [list(h) for h in hands]
    w.undealt = []
    w.phase, w.to_act = view.phase, view.to_act
    w.turn_up, w.trump, w.turned_down, w.maker, w.alone = view.turn_up, view.trump, view.turned_down, view.maker, view.alone
    w.bid, w.high_bidder, w.asked = view.bid, view.high_bidder, view.asked
    w.partner_card, w.partner_revealed, w.picked_up = view.partner_card, view.partner_revealed, view.picked_up
    w.active = list(view.active)
    w.tricks = [(leader, list(plays), winner) for leader, plays, winner in view.tricks]
    w.trick = list(view.trick)
    w.leader = view.leader
    w.won = list(view.won)
    w.lone, w.lone_defender = view.lone, view.lone_defender
    if view.partner_card is not None:
        holders = [s for s in range(r.players) if view.partner_card in w.hands[s]]
        if view.partner is not None:
            w.partner = view.partner
        else:
            w.partner = holders[0] if holders else None
        w.forced_alone = w.partner is None
    return w


def _sample_world(view: SeatView, rng: random.Random) -> TableHand | None:
    """A world (:func:`world_of`) whose hidden cards are dealt at random,
    consistent with everything ``view`` shows: each other seat in the hand
    keeps its number of cards (``view.sizes``; a lone maker's partners too),
    holds no card of a suit it
    has shown out of, and holds the cards it is known to hold (the turn-up
    the dealer took, a revealed partner's card), and the maker never holds
    the partner card it called (it calls a card outside its hand). ``None``
    when 20 tries found no such deal."""
    seat = view.seat
    # every other seat holding cards: a lone maker's partners too (they may pass a card)
    others = [s for s in range(view.rules.players) if s != seat and view.sizes[s]]
    fixed = {s: set(view.known_cards.get(s, set())) for s in others}
    seen = set(view.hand)
    for _, plays, _ in view.tricks:
        seen.update(c for _, c in plays)
    seen.update(c for _, c in view.trick)
    if view.turn_up is not None and not view.picked_up:
        seen.add(view.turn_up)  # face up, then turned down or never taken: out of the play
    seen.update(view.put_away)
    for s in fixed:
        fixed[s] -= seen  # a known card already played
        seen.update(fixed[s])
    if view.partner is not None and view.partner != seat and view.partner_card not in seen:
        fixed.setdefault(view.partner, set()).add(view.partner_card)
        seen.add(view.partner_card)
    # the maker called a card it did not hold (the engine offers no other): never its own
    barred = {view.maker: view.partner_card} if view.partner_card is not None and view.maker in fixed else {}
    unseen = [c for c in pack(view.rules.pack) if c not in seen]
    trump = view.trump
    hands = [[] for _ in range(view.rules.players)]
    hands[seat] = list(view.hand)
    for _ in range(20):
        rng.shuffle(unseen)
        pool = list(unseen)
        ok = True
        for s in sorted(others, key=lambda s: -len(view.voids.get(s, ()))):
            need = view.sizes[s] - len(fixed[s])
            voids = view.voids.get(s, set())
            bar = barred.get(s)
            pick = [c for c in pool if (not voids or effective_suit(c, trump) not in voids) and c != bar][:need]
            if len(pick) < need:
                ok = False
                break
            for c in pick:
                pool.remove(c)
            hands[s] = sorted(list(fixed[s]) + pick)
        if ok:
            return world_of(view, hands)
    return None


# --- the exact solver of a sampled world --------------------------------------------------


def solve_tricks(hand: TableHand) -> int:
    """Tricks the making side ends the hand with when every seat sees every
    card and plays its best (``hand`` in the play; a sampled world of the
    hard player, or a real hand in the tests).

    The sides are fixed once trump is made (the partner card's holder, even
    unrevealed, is a maker in a world where the cards are dealt): the
    makers maximise their tricks and everyone else minimises them -- every
    game's score (:func:`~euchre_tourney.rules.tables.score_table_hand`)
    rises with the makers' tricks for the makers and falls for the others,
    so the tricks decide the best play for the score too. Alpha-beta within
    a trick, the exact value memoised at every trick's start (by the leader
    and the cards left). Cost grows as the product of the hands' sizes: the
    hard player calls it only for the last tricks (:data:`SOLVE_CARDS`).
    """
    rules = hand.rules
    trump = hand.trump
    makers = hand.makers()
    active = list(hand.active)
    n_active = len(active)
    nxt = {s: active[(i + 1) % n_active] for i, s in enumerate(active)}
    double, by_colour = rules.double, rules.bennies_by_colour
    hands = {s: list(hand.hands[s]) for s in active}
    in_play = [c for s in active for c in hands[s]] + [c for _, c in hand.trick]
    suit_of = {c: effective_suit(c, trump) for c in in_play}
    # each card's strength by the suit led (a later equal card wins in the double pack)
    st_of = {led: {c: strength(c, led, trump, by_colour) for c in in_play} for led in set(suit_of.values())}
    bit = {c: 1 << (c & 127) for c in in_play}
    mask = 0
    for s in active:
        for c in hands[s]:
            mask |= bit[c]
    memo: dict[int, int] = {}
    state = [mask]

    def from_lead(leader: int) -> int:
        if not hands[leader]:
            return 0
        # who holds which card is fixed: the cards left and the leader are the position
        key = (state[0] << 3) | leader
        v = memo.get(key)
        if v is None:
            v = in_trick(leader, 0, None, -1, -1, -1, 99)
            memo[key] = v
        return v

    def in_trick(seat: int, pos: int, st, best: int, winner: int, alpha: int, beta: int) -> int:
        h = hands[seat]
        if st is None:
            moves = sorted(h, key=lambda c: -st_of[suit_of[c]][c])  # a lead: high cards first
        else:
            led = pos_led[0]
            moves = [c for c in h if suit_of[c] == led] or list(h)
            # cheapest winner first, then the lowest card
            moves.sort(key=lambda c: (st[c] < best or (st[c] == best and not double), st[c]))
        maxing = seat in makers
        best_v = -1 if maxing else 99
        for c in moves:
            i = h.index(c)
            del h[i]
            state[0] ^= bit[c]
            if st is None:
                pos_led.insert(0, suit_of[c])
                cst = st_of[suit_of[c]]
                nb, nw = cst[c], seat
            else:
                cst = st
                s_ = st[c]
                if s_ > best or (double and s_ == best and s_ > 0):
                    nb, nw = s_, seat
                else:
                    nb, nw = best, winner
            if pos + 1 == n_active:
                v = (nw in makers) + from_lead(nw)
            else:
                v = in_trick(nxt[seat], pos + 1, cst, nb, nw, alpha, beta)
            if st is None:
                del pos_led[0]
            state[0] ^= bit[c]
            h.insert(i, c)
            if maxing:
                if v > best_v:
                    best_v = v
                if v > alpha:
                    alpha = v
            else:
                if v < best_v:
                    best_v = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best_v

    pos_led: list[int] = []  # the suit led of the tricks being searched, innermost first

    done = sum(hand.won[s] for s in makers)
    if hand.trick:
        led = suit_of[hand.trick[0][1]]
        st = st_of[led]
        best, winner = -1, -1
        for s_, c in hand.trick:
            if st[c] > best or (double and st[c] == best and st[c] > 0):
                best, winner = st[c], s_
        pos_led.append(led)
        return done + in_trick(hand.to_act, len(hand.trick), st, best, winner, -1, 99)
    return done + from_lead(hand.to_act)


SOLVE_CARDS = {2: 4, 3: 0, 4: 3, 5: 2, 6: 2}
"""The hard player solves a world exactly once every active seat holds at
most this many cards, by the number of active seats (measured: a solve
then costs about as much as a rollout or less). Three seats (cutthroat, a
lone maker at four) play out to the end instead: against players of the
rollout's kind the rollout is the better judge (cutthroat, 100 deals, 128
worlds, the same deals: rollouts to the end +0.033 ± 0.048 a hand over
solving the last three tricks, solving the last four -0.027)."""


def _solved_points(hand: TableHand) -> dict[int, int]:
    """The points of a hand in the play when it is finished by :func:`solve_tricks`."""
    makers = hand.makers()
    tricks = solve_tricks(hand)
    return tables.score_table_hand(hand.rules, makers, hand.alone or hand.forced_alone, tricks, hand.bid)


def _finish(hand: TableHand, player: MediumPlayer) -> dict[int, int]:
    """Points at the end of ``hand``: the medium player's rollout until the
    last tricks, which are solved exactly (:data:`SOLVE_CARDS`)."""
    solve_at = SOLVE_CARDS[len(hand.active)]
    while not hand.done:
        if hand.phase != PLAY:
            hand.apply(player.choose(seat_view(hand, hand.to_act, full=False)))
            solve_at = SOLVE_CARDS[len(hand.active)]
            continue
        if max(len(hand.hands[s]) for s in hand.active) <= solve_at:
            return _solved_points(hand)
        # the play's fast path: only what the medium player's card play reads, and the card
        # (legal by construction) applied without asking the engine to check it again
        seat = hand.to_act
        view = _play_view(hand, seat)
        a = view.legal[0] if len(view.legal) == 1 else player._play(view)
        hand.history.append((seat, a))
        hand._on_play(seat, a)
    return hand.points


def _play_view(hand: TableHand, seat: int) -> SeatView:
    """The part of ``seat``'s view the medium player's card play reads
    (:meth:`MediumPlayer._play`): its legal cards, the trick, trump, the
    makers and the partner as ``seat`` knows them."""
    cards = hand.hands[seat]
    if hand.trick:
        suits = ranking(NO_TRUMP if hand.trump is None else hand.trump)[0]
        led = suits[base(hand.trick[0][1])]
        cards = [c for c in cards if suits[base(c)] == led] or cards
    view = SeatView.__new__(SeatView)
    view.__dict__.update(
        rules=hand.rules, seat=seat, phase=PLAY, trump=hand.trump, maker=hand.maker, trick=hand.trick,
        active=hand.active, legal=[Act("play", c) for c in cards],
        partner=hand.partner if (hand.partner_revealed or seat == hand.partner) else None,
    )
    return view


def _points_value(rules: TableRules, pts: dict[int, int], seat: int) -> float:
    """Points of ``seat``'s side minus its opponents' (see :func:`_value`)."""
    if rules.sides == "partners":
        mine = max((p for s, p in pts.items() if s % 2 == seat % 2), default=0)
        theirs = max((p for s, p in pts.items() if s % 2 != seat % 2), default=0)
        return mine - theirs
    others = [pts.get(s, 0) for s in range(rules.players) if s != seat]
    return pts.get(seat, 0) - sum(others) / len(others)


def make_table_player(level: str, seed: int | None = None, *, samples: int | None = None,
                      bid_samples: int | None = None, steps: int | None = None, deadline_s="default"):
    """A player of ``level`` for any game of 2 to 6 seats (the players read
    the rules from the view): what :func:`euchre_tourney.play.players.make_player`
    gives at such a table. Hard: at most ``samples`` worlds
    (:data:`WORLDS`; given, exactly that many: no ``steps`` budget unless
    given too), ``steps`` actions played out (:data:`STEPS`), ``deadline_s``
    seconds (:data:`DEADLINE`; ``None``: no clock)."""
    if level == "easy":
        return RandomTablePlayer(seed)
    if level == "medium":
        return MediumPlayer()
    if level == "hard":
        return SampleSearchPlayer(
            samples=WORLDS if samples is None else samples,
            bid_samples=bid_samples,
            steps=(STEPS if samples is None else None) if steps is None else steps,
            deadline_s=DEADLINE if deadline_s == "default" else deadline_s,
            rng=seed,
        )
    raise ValueError(f"unknown level {level!r}: choose one of easy, medium, hard")


def ranked_hint(view: SeatView, seed: int | None = None, **budget) -> tuple[list[tuple[Act, float]], str]:
    """The hard player's ranking for ``view`` (best first) and a sentence
    on its choice: the N-seat half of :func:`euchre_tourney.play.players.hint`.
    ``budget`` as for :func:`make_table_player`."""
    ranking = make_table_player("hard", seed, **budget).rank(view)
    return ranking, reason(view, ranking[0][0])


def table_hint(hand: TableHand, seat: int) -> tuple[Act, str]:
    """Old form of :func:`euchre_tourney.play.players.hint`: the hard
    player's choice for ``seat`` and a sentence why."""
    ranking, why = ranked_hint(seat_view(hand, seat))
    return ranking[0][0], why


def reason(view: SeatView, a: Act) -> str:
    """A sentence on why ``a`` suits ``view``'s seat (the hint's reason)."""
    return _why(view, a)


def _why(view: SeatView, a: Act) -> str:
    k = a.kind
    if k in ("order", "order!"):
        return "Your hand should take enough tricks in the turn-up's suit" + (" on its own." if k == "order!" else " with your partners' help.")
    if k in ("name", "name!"):
        return f"{trump_word(a.arg).capitalize()} is your strongest suit."
    if k == "pass":
        return "Your hand is too weak to make trump."
    if k == "bid":
        return f"Your best suit should take about {a.arg} tricks with a partner's help."
    if k == "partner":
        return f"The {text(a.arg)} is the strongest card you do not hold."
    if k == "discard":
        return "Keep your trumps and aces; throw a low card, best one that leaves you void in a suit."
    if k == "give":
        return "Give your lone partner your best card."
    if k == "play":
        if not view.trick:
            return "Lead trump when your side made it and you hold two or more; otherwise an off-suit ace or a low card."
        return "Win the trick as cheaply as you can, unless a partner is already winning it; otherwise throw your lowest card."
    return "The usual choice."
