"""Exact play of the remaining tricks when every card is known (a "double
dummy" solver): how many tricks the makers take against the best defence.

The hard computer player (:mod:`euchre_tourney.play.search`) samples the
hidden cards many times and solves each sample with this module; the solver
itself never sees a real hand, only a sample.

:class:`Solver` takes the remaining cards of every seat in the hand, the
trump, the makers' side and the cards already on the table in the trick in
progress, and answers :meth:`Solver.at_least` ("can the makers still take
``need`` more tricks?") by alpha-beta search over the remaining plays (a
boolean game: the makers' side looks for one winning card, the defenders for
one refutation), with:

* a transposition table at every trick boundary, keyed by the cards still in
  play and the seat to lead, holding proven lower and upper bounds on the
  makers' further tricks (so the searches for 3 and for 5 tricks share it);
* equivalent cards tried once (two cards of one effective suit in one hand
  with no card still in play ranked between them, e.g. K and Q of trump when
  the Ace has gone -- they win and lose the same tricks);
* move ordering: win cheaply when the partner is not already winning, else
  play the lowest card.

Rules: follow the effective suit led if able (000 "Following suit"); the
highest trump, else the highest card of the suit led, wins (000 "Winning the
trick"); the Left Bower and the Benny are trumps (001). A lone hand simply
has one seat less in the hand (its partner has no cards here).

:func:`maker_tricks` gives the exact count; :func:`brute_force_tricks`
(plain minimax, no pruning) is the reference the tests compare against.
"""

from __future__ import annotations

from euchre_tourney.play.hand import _next_active
from euchre_tourney.rules import N_CARDS, TRUMP_TABLES


CHECK_EVERY = 256
"""Positions searched between two looks at the clock when a deadline is set
(about 0.4 ms of search)."""
_NEVER = 1 << 62


class SearchTimeout(Exception):
    """The solver's deadline passed before it had an answer."""


class Solver:
    """Exact solver for one deal with trump fixed.

    ``hands`` -- four lists of card codes by seat (an empty list for a seat
    that sits out; every seat in the hand holds the same number of cards,
    except those that already played to ``trick``); ``trump`` -- the trump
    suit; ``makers`` -- the makers' side as a seat parity (``0`` for North
    and South, ``1`` for East and West); ``trick`` -- cards already played to
    the trick in progress, led by ``leader`` (``()`` at a trick boundary,
    then ``leader`` is the seat to lead). The lists are used in place during
    a search and restored afterwards.

    ``nodes`` counts the positions searched (a card played) since creation.
    With ``deadline`` (a time on ``clock``, e.g. ``time.monotonic``) a search
    raises :class:`SearchTimeout` once ``clock()`` reaches it (the clock is
    read at trick boundaries, every :data:`CHECK_EVERY` positions).
    """

    __slots__ = (
        "hands",
        "trump",
        "makers",
        "tt",
        "nodes",
        "mask",
        "_suit",
        "_strength",
        "_follows",
        "_next",
        "_n",
        "_trick",
        "_leader",
        "_rank",
        "_between",
        "_clock",
        "_deadline",
        "_check_at",
    )

    def __init__(self, hands, trump: int, makers: int, trick=(), leader: int = 0, out=(), *,
                 deadline: float | None = None, clock=None) -> None:
        self.hands = [list(h) for h in hands]
        # Anytime use: with a deadline, ``clock()`` is read every
        # CHECK_EVERY positions and SearchTimeout raised once it is reached
        # (the solver is then in no state to be used again).
        self._clock = clock
        self._deadline = deadline
        self._check_at = CHECK_EVERY if deadline is not None else _NEVER
        self.trump = trump
        self.makers = makers
        self.tt: dict = {}
        self.nodes = 0
        table = TRUMP_TABLES[trump]
        self._suit = table.suit
        self._strength = table.strength
        self._follows = table.follows
        self._rank, self._between = _tables(trump)
        in_hand = [s for s in range(4) if s not in out]
        self._n = len(in_hand)
        self._next = _next_active(tuple(out))
        self._trick = tuple(trick)
        self._leader = leader
        mask = 0
        for h in self.hands:
            for c in h:
                mask |= 1 << c
        self.mask = mask

    # The root may be in the middle of a trick.
    def at_least(self, need: int) -> bool:
        """True when the makers can take at least ``need`` of the remaining
        tricks (the trick in progress counted) whatever the defenders do."""
        if need <= 0:
            return True
        trick = self._trick
        if not trick:
            return self._win(self._leader, need)
        strength = self._strength[self._suit[trick[0]]]
        best = -1
        winner = -1
        seat = self._leader
        for c in trick:
            if strength[c] > best:
                best = strength[c]
                winner = seat
            seat = self._next[seat]
        fl = self._follows[self._suit[trick[0]]]
        return self._play(seat, len(trick), best, winner, strength, fl, need)

    def reached_after(self, seat: int, card: int, needs) -> int:
        """How many of ``needs`` (ascending trick counts) the makers still
        reach after ``seat`` plays ``card`` at the root (the next card of the
        trick in progress, or the lead); the root is restored afterwards."""
        hand = self.hands[seat]
        i = hand.index(card)
        del hand[i]
        self.mask ^= 1 << card
        trick, leader = self._trick, self._leader
        if not trick:
            self._leader = seat
        self._trick = trick + (card,)
        try:
            return self.reached(needs)
        finally:
            hand.insert(i, card)
            self.mask ^= 1 << card
            self._trick, self._leader = trick, leader

    def reached_without(self, seat: int, card: int, needs) -> int:
        """How many of ``needs`` the makers reach from the root when ``seat``
        holds one card less, ``card`` (the dealer's discard: one solver, and
        its table, serves every discard)."""
        hand = self.hands[seat]
        i = hand.index(card)
        del hand[i]
        self.mask ^= 1 << card
        try:
            return self.reached(needs)
        finally:
            hand.insert(i, card)
            self.mask ^= 1 << card

    def reached(self, needs) -> int:
        """How many of ``needs`` (ascending trick counts) the makers reach
        from the root."""
        lo, hi = 0, len(needs)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.at_least(needs[mid - 1]):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def _win(self, leader: int, need: int) -> bool:
        if need <= 0:
            return True
        if self.nodes >= self._check_at:
            if self._clock() >= self._deadline:
                raise SearchTimeout
            self._check_at = self.nodes + CHECK_EVERY
        left = len(self.hands[leader])
        if need > left:
            return False
        # Who holds which card is fixed, so the cards still in play and the
        # seat to lead are the whole position.
        key = (self.mask << 2) | leader
        bounds = self.tt.get(key)
        if bounds is not None:
            lo, hi = bounds
            if lo >= need:
                return True
            if hi < need:
                return False
        else:
            lo, hi = 0, left
        ok = self._lead(leader, need)
        if ok:
            if need > lo:
                lo = need
        elif need - 1 < hi:
            hi = need - 1
        self.tt[key] = (lo, hi)
        return ok

    def _lead(self, leader: int, need: int) -> bool:
        hand = self.hands[leader]
        maximize = (leader & 1) == self.makers
        suit = self._suit
        strength = self._strength
        follows = self._follows
        nxt = self._next[leader]
        for c in self._distinct(hand, -1, None, False):
            self.nodes += 1
            i = hand.index(c)
            del hand[i]
            self.mask ^= 1 << c
            led = suit[c]
            st = strength[led]
            ok = self._play(nxt, 1, st[c], leader, st, follows[led], need)
            hand.insert(i, c)
            self.mask ^= 1 << c
            if ok == maximize:
                return ok
        return not maximize

    def _play(self, seat: int, pos: int, best: int, winner: int, st, fl, need: int) -> bool:
        if pos == self._n:
            won = (winner & 1) == self.makers
            return self._win(winner, need - won)
        hand = self.hands[seat]
        legal = [c for c in hand if fl(c)] or hand
        maximize = (seat & 1) == self.makers
        nxt = self._next[seat]
        partner_winning = (winner & 1) == (seat & 1)
        for c in self._distinct(legal, best, st, partner_winning):
            self.nodes += 1
            i = hand.index(c)
            del hand[i]
            self.mask ^= 1 << c
            s = st[c]
            if s > best:
                ok = self._play(nxt, pos + 1, s, seat, st, fl, need)
            else:
                ok = self._play(nxt, pos + 1, best, winner, st, fl, need)
            hand.insert(i, c)
            self.mask ^= 1 << c
            if ok == maximize:
                return ok
        return not maximize

    def _distinct(self, legal, best, st, partner_winning):
        """``legal`` in search order with equivalent cards dropped: two cards
        of one effective suit are equivalent when no card still in play (nor
        the card winning the trick so far) ranks between them -- they win and
        lose the same tricks."""
        if len(legal) == 1:
            return legal
        rank = self._rank
        suit = self._suit
        between = self._between
        mask = self.mask
        cards = sorted(legal, key=rank.__getitem__, reverse=True)
        keep = [cards[0]]
        prev = cards[0]
        for c in cards[1:]:
            if suit[c] != suit[prev] or mask & between[prev][c] or (st is not None and st[c] < best < st[prev]):
                keep.append(c)
            prev = c
        if st is None:
            keep.sort(key=lambda c: rank[c] % 1000, reverse=True)  # a lead: high cards first
            return keep
        if partner_winning:
            keep.reverse()  # lowest first
            return keep
        winning = sorted((c for c in keep if st[c] > best), key=st.__getitem__)  # cheapest winner first
        losing = [c for c in keep if st[c] <= best]
        losing.reverse()
        return winning + losing


_TABLES: dict[int, tuple[list[int], list[list[int]]]] = {}


def _tables(trump: int):
    """For ``trump``: each card's rank (effective suit first, then strength
    within it) and, for two cards of one effective suit, the bit mask of the
    cards ranked strictly between them."""
    got = _TABLES.get(trump)
    if got is None:
        table = TRUMP_TABLES[trump]
        suit = table.suit
        rank = [0] * N_CARDS
        for c in range(N_CARDS):
            s = suit[c]
            within = table.strength[(trump + 1) & 3][c] if s == trump else table.strength[s][c]
            rank[c] = s * 1000 + within
        between = [[0] * N_CARDS for _ in range(N_CARDS)]
        for a in range(N_CARDS):
            for b in range(N_CARDS):
                if suit[a] == suit[b] and rank[b] < rank[a]:
                    m = 0
                    for x in range(N_CARDS):
                        if suit[x] == suit[a] and rank[b] < rank[x] < rank[a]:
                            m |= 1 << x
                    between[a][b] = m
        got = _TABLES[trump] = (rank, between)
    return got


def maker_tricks(hands, trump: int, makers: int, trick=(), leader: int = 0, out=()) -> int:
    """The exact number of the remaining tricks (the one in progress counted)
    the makers take with best play by both sides (:class:`Solver`)."""
    solver = Solver(hands, trump, makers, trick, leader, out)
    left = max(len(h) for h in solver.hands) + (1 if trick else 0)
    lo, hi = 0, left
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if solver.at_least(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def brute_force_tricks(hands, trump: int, makers: int, trick=(), leader: int = 0, out=()) -> int:
    """The same answer as :func:`maker_tricks` by plain minimax over every
    legal play (no pruning, no table): the reference for tests; exponential,
    use it on two or three tricks only."""
    table = TRUMP_TABLES[trump]
    hands = [list(h) for h in hands]
    in_hand = [s for s in range(4) if s not in out]
    nxt = _next_active(tuple(out)).__getitem__

    def rec(seat, cards, lead_seat):
        # cards: list of (seat, card) in the trick in progress
        if len(cards) == len(in_hand):
            led = table.suit[cards[0][1]]
            st = table.strength[led]
            win_seat = max(cards, key=lambda sc: st[sc[1]])[0]
            won = 1 if (win_seat & 1) == makers else 0
            if not hands[win_seat]:
                return won
            return won + rec(win_seat, [], win_seat)
        hand = hands[seat]
        if cards:
            led = table.suit[cards[0][1]]
            legal = [c for c in hand if table.suit[c] == led] or hand[:]
        else:
            legal = hand[:]
        results = []
        for c in legal:
            hand.remove(c)
            results.append(rec(nxt(seat), cards + [(seat, c)], lead_seat))
            hand.append(c)
        return max(results) if (seat & 1) == makers else min(results)

    start = []
    seat = leader
    for c in trick:
        start.append((seat, c))
        seat = nxt(seat)
    return rec(seat, start, leader)


__all__ = ["CHECK_EVERY", "SearchTimeout", "Solver", "brute_force_tricks", "maker_tricks"]
