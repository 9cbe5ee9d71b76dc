"""The local search behind :func:`progressive` and :func:`replan` (internal).

Stages 1 and 2 live here; stage 3 is :mod:`.seating`, and the meet-once
starts it continues from are :mod:`.starts`.

Players are indices 0 … n−1. A round is ``(games, sit_out)``; a game is a list
``[a, b, c, d]`` seated North, East, South, West (partners a–c and b–d).

Three stages, each deterministic for a given ``random.Random``:

1. sit-outs, round by round: the fewest a round allows (n mod 4, more only if
   the director forces them), given to whoever has missed fewest games so far,
   avoiding last round's sit-outs;
2. who plays with whom: a greedy start, then tabu search on
   Σ f(meetings) + Σ g(partnerships) over pairs, f and g convex with a steep
   step above the least possible maximum; a move swaps two players of one
   round (the conflict-directed neighbourhood of social-golfer local search)
   or re-pairs the partnerships of one table;
3. seats and tables: which partnership sits North–South (balance N–S / E–W per
   player) and which table number each game gets (spread each player over the
   tables), honouring pinned players.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import compress
from math import comb
from operator import or_

from euchre_tourney.rotation.shapes import ERound
from euchre_tourney.rotation.shapes import SearchGame as Game

SPLITS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))  # a c | b d  alternatives as seat orders


class Cancelled(Exception):
    """The caller's ``cancel()`` returned True; nothing was produced."""


def choose_sit_outs(
    n: int,
    history: list[ERound],
    history_present: list[set[int]],
    present: list[set[int]],
    forced: list[set[int]],
    rng: random.Random,
) -> list[list[int]]:
    """Sit-outs for each new round: count ≡ |present| (mod 4), at least the forced.

    Whoever has missed fewest games (sit-outs plus absences) sits out first;
    last round's sit-outs and, on ties, a seeded random order decide the rest.
    """
    missed = [0] * n
    for (games, out), pres in zip(history, history_present):
        for p in range(n):
            if p not in pres:
                missed[p] += 1
        for p in out:
            missed[p] += 1
    last = set(history[-1][1]) if history else set()
    result = []
    tiebreak = list(range(n))
    rng.shuffle(tiebreak)
    for pres, force in zip(present, forced):
        force = set(force) & pres
        k = len(pres) % 4
        while k < len(force):
            k += 4
        cands = sorted(pres - force, key=lambda p: (missed[p], p in last, tiebreak[p]))
        out = sorted(force) + sorted(cands[: k - len(force)])
        for p in range(n):
            if p not in pres:
                missed[p] += 1
        for p in out:
            missed[p] += 1
        last = set(out)
        result.append(out)
    return result


class Search:
    """Who plays with whom over the free rounds, counting fixed history.

    Cost over pairs: a steep convex penalty for meetings above ``mt`` and
    partnerships above ``pt`` (the least possible maxima) plus a small convex
    term that keeps counts even. The search stops as soon as no pair is above
    ``mt`` / ``pt`` (the lower bounds are met) or the work budget is spent.
    """

    BIG = 1000
    width = 8  # conflicting pairs looked at per step

    def __init__(
        self,
        n: int,
        history: list[ERound],
        free: list[tuple[list[int], list[int]]],
        rng: random.Random,
        *,
        pins: dict[int, int] | None = None,
        forbid: set[tuple[int, int]] | frozenset = frozenset(),
        progress: Callable[[float], None] | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        self.n = n
        self.rng = rng
        self.pins = pins or {}
        self.progress = progress
        self.cancel = cancel
        nn = n * n
        self.M = [0] * nn
        self.P = [0] * nn
        self.free = free  # (playing, sit_out) per free round
        pairs = comb(n, 2)
        tot_games = sum(len(g) for g, _ in history) + sum(len(p) // 4 for p, _ in free)
        self.SM = 6 * tot_games
        self.SP = 2 * tot_games
        self.mt = max(1, -(-self.SM // pairs))
        self.pt = max(1, -(-self.SP // pairs))
        top = len(history) + len(free) + 40
        big = self.BIG
        self.eM = [max(0, v - self.mt) for v in range(top)]
        self.eP = [max(0, v - self.pt) for v in range(top)]
        self.fM = [big * e * (e + 1) // 2 + v * v for v, e in enumerate(self.eM)]
        self.fP = [3 * big * e * (e + 1) // 2 + 2 * v * v for v, e in enumerate(self.eP)]
        # pairs above the targets: key x*n+y (x<y) -> position in the list
        self.bad: list[int] = []
        self.bad_at: dict[int, int] = {}
        self.forbid = {min(a, b) * n + max(a, b) for a, b in forbid}
        self.fixedP = set()
        for games, _ in history:
            for g in games:
                self._add_game(g, 1)
        self.hist_bad = len(self.bad)
        self.games: list[list[Game]] = []

    # -- bookkeeping --------------------------------------------------------
    def _mark(self, k: int) -> None:
        x, y = divmod(k, self.n)
        bad = self.M[k] > self.mt or self.P[k] > (0 if k in self.forbid else self.pt)
        if bad:
            if k not in self.bad_at:
                self.bad_at[k] = len(self.bad)
                self.bad.append(k)
        elif k in self.bad_at:
            i = self.bad_at.pop(k)
            last = self.bad.pop()
            if last != k:
                self.bad[i] = last
                self.bad_at[last] = i

    def _add_game(self, g, d) -> None:
        n, M, P = self.n, self.M, self.P
        a, b, c, e = g
        for x, y in ((a, b), (a, c), (a, e), (b, c), (b, e), (c, e)):
            M[x * n + y] += d
            M[y * n + x] += d
        P[a * n + c] += d
        P[c * n + a] += d
        P[b * n + e] += d
        P[e * n + b] += d
        for x, y in ((a, b), (a, c), (a, e), (b, c), (b, e), (c, e)):
            self._mark(x * n + y if x < y else y * n + x)

    def _fP(self, k: int, v: int) -> int:
        return self.fP[v] + (10 * self.BIG * v if k in self.forbid else 0)

    def _poll(self, frac: float) -> None:
        if self.cancel is not None and self.cancel():
            raise Cancelled()
        if self.progress is not None:
            self.progress(min(1.0, max(0.0, frac)))

    # -- stage 2a: greedy start -------------------------------------------
    def greedy(self) -> None:
        n, M, P, fM, rng = self.n, self.M, self.P, self.fM, self.rng
        for ri, (playing, _) in enumerate(self.free):
            self._poll(0.2 * ri / max(1, len(self.free)))
            pinned: dict[int, list[int]] = {}
            pool = []
            for p in playing:
                if p in self.pins:
                    pinned.setdefault(self.pins[p], []).append(p)
                else:
                    pool.append(p)
            rng.shuffle(pool)
            games: list[Game] = []
            starts = [grp[:4] for _, grp in sorted(pinned.items())]
            for grp in [grp[4:] for _, grp in sorted(pinned.items())]:
                pool.extend(grp)  # more than four pinned to one table: cannot all sit there
            ngames = len(playing) // 4
            while len(games) < ngames:
                members = starts.pop(0) if starts else [pool.pop()]
                while len(members) < 4:
                    best = None
                    bi = -1
                    floor = len(members) * (fM[1] - fM[0])
                    for i, cand in enumerate(pool):
                        row = cand * n
                        c = 0
                        for m in members:
                            v = M[row + m]
                            c += fM[v + 1] - fM[v]
                        if best is None or c < best:
                            best, bi = c, i
                            if c <= floor:
                                break
                    members.append(pool.pop(bi))
                opts = []
                for s in SPLITS:
                    g = [members[s[0]], members[s[1]], members[s[2]], members[s[3]]]
                    k1 = min(g[0], g[2]) * n + max(g[0], g[2])
                    k2 = min(g[1], g[3]) * n + max(g[1], g[3])
                    pc = self._fP(k1, P[k1] + 1) - self._fP(k1, P[k1]) + self._fP(k2, P[k2] + 1) - self._fP(k2, P[k2])
                    opts.append((pc, g))
                g = min(opts, key=lambda o: o[0])[1]
                self._add_game(g, 1)
                games.append(g)
            self.games.append(games)

    def cost(self) -> int:
        """Σ over pairs x < y of fM[M] + fP[P] (+ the forbidden pairs' penalty).

        The pairs that never met (M = P = 0, nearly all of them in a big
        room) each add fM[0] + fP[0]: counted at once, and only the pairs
        that met are visited (found by C-level filtering of the counts), so
        a room of 1,140 players costs its ~30,000 meetings, not its 650,000
        pairs. The same integer as the sum over every pair."""
        n, M, P, fM, fP = self.n, self.M, self.P, self.fM, self.fP
        base = fM[0] + fP[0]
        total = n * (n - 1) // 2 * base
        for k in compress(range(n * n), map(or_, M, P)):
            x, y = divmod(k, n)
            if x < y:
                total += fM[M[k]] + fP[P[k]] - base
        big = 10 * self.BIG
        for k in self.forbid:
            total += big * P[k]
        return total

    def done(self) -> bool:
        """No pair above the least possible maxima (beyond what history forces)."""
        return len(self.bad) <= self.hist_bad

    # -- stage 2b: tabu search ----------------------------------------------
    def improve(self, budget: int) -> None:
        """Tabu search with the conflict-directed swap neighbourhood: take a
        pair above target, a round where they share a table, and try swapping
        either of them with every player of another table that round (or
        re-pairing that table); best non-tabu move, aspiration on a new best,
        a random shake of the best state after a long stall. ``budget``:
        swap evaluations."""
        if not self.games or budget <= 0 or not self.bad:
            return
        n, M, P, fM, rng = self.n, self.M, self.P, self.fM, self.rng
        fP = self._fP
        pins = self.pins
        R = len(self.games)
        where = []
        for gs in self.games:
            w = {}
            for gi, g in enumerate(gs):
                for si, p in enumerate(g):
                    w[p] = gi
            where.append(w)
        cost = self.cost()
        best_cost = cost
        best = [[g[:] for g in gs] for gs in self.games]
        tabu: dict[int, int] = {}
        spent = 0
        it = 0
        stall = 0
        stall_limit = 60 + 8 * n
        next_poll = 0
        while spent < budget:
            if len(self.bad) <= self.hist_bad:
                break
            it += 1
            if spent >= next_poll:
                self._poll(0.2 + 0.8 * spent / budget)
                next_poll = spent + 20000
            nb = len(self.bad)
            picks = self.bad if nb <= self.width else [self.bad[rng.randrange(nb)] for _ in range(self.width)]
            tasks = []
            for k in picks:
                x0, y0 = divmod(k, n)
                for r in range(R):
                    wr = where[r]
                    if x0 in wr and y0 in wr and wr[x0] == wr[y0]:
                        tasks.append((k, x0, y0, r))
            if not tasks:
                # pairs over target only through history: nothing to move here
                spent += 4 * len(self.games[0]) + 4
                continue
            moves = []
            for k, x0, y0, r in tasks:
                gs = self.games[r]
                wr = where[r]
                gi1 = wr[x0]
                g1 = gs[gi1]
                a, b, c, d = g1
                if P[k] > self.pt or k in self.forbid:
                    k1 = min(a, c) * n + max(a, c)
                    k2 = min(b, d) * n + max(b, d)
                    base = fP(k1, P[k1]) + fP(k2, P[k2])
                    rem = fP(k1, P[k1] - 1) + fP(k2, P[k2] - 1) - base
                    for s in SPLITS[1:]:
                        ng = [g1[s[0]], g1[s[1]], g1[s[2]], g1[s[3]]]
                        j1 = min(ng[0], ng[2]) * n + max(ng[0], ng[2])
                        j2 = min(ng[1], ng[3]) * n + max(ng[1], ng[3])
                        dl = rem + fP(j1, P[j1] + 1) - fP(j1, P[j1]) + fP(j2, P[j2] + 1) - fP(j2, P[j2])
                        moves.append((dl, rng.random(), r, "split", ng, gi1))
                for si, x in enumerate(g1):
                    if x != x0 and x != y0:
                        continue
                    if x in pins:
                        continue
                    xt = tabu.get(r * n + x, -1) > it
                    px = g1[si ^ 2]
                    rowx = x * n
                    others1 = [z for z in g1 if z != x]
                    out_x = 0
                    for z in others1:
                        v = M[rowx + z]
                        out_x += fM[v - 1] - fM[v]
                    kx = min(x, px) * n + max(x, px)
                    out_x += fP(kx, P[kx] - 1) - fP(kx, P[kx])
                    for gi2, g2 in enumerate(gs):
                        if gi2 == gi1:
                            continue
                        spent += 4
                        for sj, y in enumerate(g2):
                            if y in pins:
                                continue
                            rowy = y * n
                            dlt = out_x
                            for z in others1:
                                v = M[rowy + z]
                                dlt += fM[v + 1] - fM[v]
                            py = g2[sj ^ 2]
                            for w in g2:
                                if w != y:
                                    v = M[rowy + w]
                                    dlt += fM[v - 1] - fM[v]
                                    v = M[rowx + w]
                                    dlt += fM[v + 1] - fM[v]
                            j = min(y, px) * n + max(y, px)
                            dlt += fP(j, P[j] + 1) - fP(j, P[j])
                            j = min(y, py) * n + max(y, py)
                            dlt += fP(j, P[j] - 1) - fP(j, P[j])
                            j = min(x, py) * n + max(x, py)
                            dlt += fP(j, P[j] + 1) - fP(j, P[j])
                            if (xt or tabu.get(r * n + y, -1) > it) and cost + dlt >= best_cost:
                                continue
                            moves.append((dlt, rng.random(), r, "swap", (gi1, si), (gi2, sj)))
            spent += 1 + len(tasks)
            if not moves:
                stall += 1
                continue
            dlt, _, r, kind, m1, m2 = min(moves, key=lambda m: (m[0], m[1]))
            gs = self.games[r]
            if kind == "split":
                g1 = gs[m2]
                self._add_game(g1, -1)
                g1[:] = m1
                self._add_game(g1, 1)
            else:
                (gi1, si), (gi2, sj) = m1, m2
                g1, g2 = gs[gi1], gs[gi2]
                x, y = g1[si], g2[sj]
                self._add_game(g1, -1)
                self._add_game(g2, -1)
                g1[si], g2[sj] = y, x
                self._add_game(g1, 1)
                self._add_game(g2, 1)
                where[r][x], where[r][y] = gi2, gi1
                tenure = 3 + rng.randrange(10)
                tabu[r * n + x] = it + tenure
                tabu[r * n + y] = it + tenure
            cost += dlt
            if cost < best_cost:
                best_cost = cost
                best = [[g[:] for g in gs_] for gs_ in self.games]
                stall = 0
            else:
                stall += 1
                if stall > stall_limit:
                    # shake: back to the best state, then a few random swaps
                    self._load(best, where)
                    cost = best_cost
                    for _ in range(1 + rng.randrange(3)):
                        r = rng.randrange(R)
                        gs = self.games[r]
                        if len(gs) < 2:
                            continue
                        gi1, gi2 = rng.sample(range(len(gs)), 2)
                        si, sj = rng.randrange(4), rng.randrange(4)
                        g1, g2 = gs[gi1], gs[gi2]
                        if g1[si] in pins or g2[sj] in pins:
                            continue
                        self._add_game(g1, -1)
                        self._add_game(g2, -1)
                        g1[si], g2[sj] = g2[sj], g1[si]
                        self._add_game(g1, 1)
                        self._add_game(g2, 1)
                        where[r][g1[si]], where[r][g2[sj]] = gi1, gi2
                    cost = self.cost()
                    tabu.clear()
                    stall = 0
        if cost > best_cost:
            self._load(best, where)

    def _load(self, state: list[list[Game]], where: list[dict[int, int]]) -> None:
        for gs in self.games:
            for g in gs:
                self._add_game(g, -1)
        self.games = [[g[:] for g in gs] for gs in state]
        for r, gs in enumerate(self.games):
            for gi, g in enumerate(gs):
                self._add_game(g, 1)
                for p in g:
                    where[r][p] = gi

    def rounds(self) -> list[ERound]:
        return [(gs, out) for gs, (_, out) in zip(self.games, self.free)]
