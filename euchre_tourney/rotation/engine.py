"""The local search behind :func:`progressive` and :func:`replan` (internal).

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
from math import comb

Game = list[int]
ERound = tuple[list[Game], list[int]]

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
    """Who plays with whom over the free rounds, counting fixed history."""

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
        M = [0] * nn
        P = [0] * nn
        for games, _ in history:
            for g in games:
                self._add_game(M, P, g, 1)
        for a, b in forbid:
            P[a * n + b] += 30
            P[b * n + a] += 30
        self.M, self.P = M, P
        self.forbid = forbid
        self.free = free  # (playing, sit_out) per free round
        pairs = comb(n, 2)
        tot_games = sum(len(g) for g, _ in history) + sum(len(p) // 4 for p, _ in free)
        self.SM = 6 * tot_games
        self.SP = 2 * tot_games
        self.mt = max(1, -(-self.SM // pairs))
        self.pt = max(1, -(-self.SP // pairs))
        top = len(history) + len(free) + 40
        self.fM = [v * v + 8 * max(0, v - self.mt) * (v - self.mt + 1) for v in range(top)]
        self.fP = [4 * v * v + 40 * max(0, v - self.pt) for v in range(top)]
        self.games: list[list[Game]] = []

    @staticmethod
    def _add_game(M, P, g, d):
        n = int(len(M) ** 0.5 + 0.5)
        a, b, c, e = g
        for x, y in ((a, b), (a, c), (a, e), (b, c), (b, e), (c, e)):
            M[x * n + y] += d
            M[y * n + x] += d
        P[a * n + c] += d
        P[c * n + a] += d
        P[b * n + e] += d
        P[e * n + b] += d

    def ideal(self) -> int:
        """Least possible Σ f + Σ g (balanced counts); ignores forbidden pairs."""
        pairs = comb(self.n, 2)
        q, r = divmod(self.SM, pairs)
        im = (pairs - r) * self.fM[q] + r * self.fM[q + 1]
        q, r = divmod(self.SP, pairs)
        ip = (pairs - r) * self.fP[q] + r * self.fP[q + 1]
        return im + ip

    def cost(self) -> int:
        n, M, P, fM, fP = self.n, self.M, self.P, self.fM, self.fP
        return sum(fM[M[x * n + y]] + fP[P[x * n + y]] for x in range(n) for y in range(x + 1, n))

    # -- stage 2a: greedy start -------------------------------------------
    def greedy(self) -> None:
        n, M, P, fM, fP, rng = self.n, self.M, self.P, self.fM, self.fP, self.rng
        for ri, (playing, _) in enumerate(self.free):
            self._poll(0.3 * ri / max(1, len(self.free)))
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
                a, b, c, d = members
                opts = []
                for s in SPLITS:
                    g = [members[s[0]], members[s[1]], members[s[2]], members[s[3]]]
                    pc = fP[P[g[0] * n + g[2]] + 1] - fP[P[g[0] * n + g[2]]] + fP[P[g[1] * n + g[3]] + 1] - fP[P[g[1] * n + g[3]]]
                    opts.append((pc, g))
                g = min(opts, key=lambda o: o[0])[1]
                self._add_game(M, P, g, 1)
                games.append(g)
            self.games.append(games)

    def _poll(self, frac: float) -> None:
        if self.cancel is not None and self.cancel():
            raise Cancelled()
        if self.progress is not None:
            self.progress(min(1.0, max(0.0, frac)))

    # -- stage 2b: tabu search ----------------------------------------------
    def improve(self, max_iters: int) -> None:
        if not self.games or max_iters <= 0:
            return
        n, M, P, fM, fP, rng = self.n, self.M, self.P, self.fM, self.fP, self.rng
        pins = self.pins
        cost = self.cost()
        ideal = self.ideal() if not self.forbid else -1
        best_cost = cost
        best = [[g[:] for g in gs] for gs in self.games]
        R = len(self.games)
        tabu: dict[tuple[int, int], int] = {}
        m1 = fM[1] - fM[0]
        p1 = fP[1] - fP[0]
        # where each player sits in each free round: (game index, seat)
        where = []
        for gs in self.games:
            w = {}
            for gi, g in enumerate(gs):
                for si, p in enumerate(g):
                    w[p] = (gi, si)
            where.append(w)
        quiet = 0
        for it in range(max_iters):
            if cost <= ideal:
                break
            if it % 256 == 0:
                self._poll(0.3 + 0.7 * it / max_iters)
            r = rng.randrange(R)
            gs = self.games[r]
            # pick the worst of a few sampled games
            gbest, gbad = None, -1
            for _ in range(4):
                g = gs[rng.randrange(len(gs))]
                a, b, c, d = g
                bad = 0
                for x, y in ((a, b), (a, c), (a, d), (b, c), (b, d), (c, d)):
                    v = M[x * n + y]
                    bad += fM[v] - fM[v - 1] - m1
                v = P[a * n + c]
                bad += fP[v] - fP[v - 1] - p1
                v = P[b * n + d]
                bad += fP[v] - fP[v - 1] - p1
                if bad > gbad:
                    gbest, gbad = g, bad
            if gbad <= 0:
                quiet += 1
                if quiet > 50 * R and ideal < 0:
                    break
                continue
            quiet = 0
            g1 = gbest
            gi1 = gs.index(g1)
            # the player with most excess in that game
            xs = []
            for si, x in enumerate(g1):
                e = 0
                row = x * n
                for y in g1:
                    if y != x:
                        v = M[row + y]
                        e += fM[v] - fM[v - 1]
                v = P[row + g1[si ^ 2]]
                e += fP[v] - fP[v - 1]
                xs.append((e, rng.random(), si))
            xs.sort(reverse=True)
            moves = []
            # re-pair partnerships of g1
            a, b, c, d = g1
            base_p = fP[P[a * n + c]] + fP[P[b * n + d]]
            repair = P[a * n + c] > 1 or P[b * n + d] > 1
            for s in SPLITS[1:] if repair else ():
                ng = [g1[s[0]], g1[s[1]], g1[s[2]], g1[s[3]]]
                # partnership change: remove a-c, b-d; add ng0-ng2, ng1-ng3
                d0 = -base_p + fP[P[a * n + c] - 1] + fP[P[b * n + d] - 1]
                d0 += fP[P[ng[0] * n + ng[2]] + 1] - fP[P[ng[0] * n + ng[2]]]
                d0 += fP[P[ng[1] * n + ng[3]] + 1] - fP[P[ng[1] * n + ng[3]]]
                moves.append((d0, rng.random(), ("split", ng)))
            for _, _, si in xs[:2]:
                x = g1[si]
                if x in pins:
                    continue
                if tabu.get((r, x), -1) > it:
                    continue
                px = g1[si ^ 2]
                rowx = x * n
                others1 = [z for z in g1 if z != x]
                out_x = 0
                for z in others1:
                    v = M[rowx + z]
                    out_x += fM[v - 1] - fM[v]
                v = P[rowx + px]
                out_x += fP[v - 1] - fP[v]
                for gi2, g2 in enumerate(gs):
                    if gi2 == gi1:
                        continue
                    for sj, y in enumerate(g2):
                        if y in pins:
                            continue
                        rowy = y * n
                        dlt = out_x
                        for z in others1:
                            v = M[rowy + z]
                            dlt += fM[v + 1] - fM[v]
                        v = P[rowy + px]
                        dlt += fP[v + 1] - fP[v]
                        py = g2[sj ^ 2]
                        for w in g2:
                            if w != y:
                                v = M[rowy + w]
                                dlt += fM[v - 1] - fM[v]
                                v = M[rowx + w]
                                dlt += fM[v + 1] - fM[v]
                        v = P[rowy + py]
                        dlt += fP[v - 1] - fP[v]
                        v = P[rowx + py]
                        dlt += fP[v + 1] - fP[v]
                        if tabu.get((r, y), -1) > it and cost + dlt >= best_cost:
                            continue
                        moves.append((dlt, rng.random(), ("swap", si, gi2, sj)))
                break
            if not moves:
                continue
            dlt, _, mv = min(moves, key=lambda m: (m[0], m[1]))
            if mv[0] == "split":
                self._add_game(M, P, g1, -1)
                g1[:] = mv[1]
                self._add_game(M, P, g1, 1)
                for si, p in enumerate(g1):
                    where[r][p] = (gi1, si)
            else:
                _, si, gi2, sj = mv
                g2 = gs[gi2]
                x, y = g1[si], g2[sj]
                self._add_game(M, P, g1, -1)
                self._add_game(M, P, g2, -1)
                g1[si], g2[sj] = y, x
                self._add_game(M, P, g1, 1)
                self._add_game(M, P, g2, 1)
                tenure = 4 + rng.randrange(8)
                tabu[(r, x)] = it + tenure
                tabu[(r, y)] = it + tenure
            cost += dlt
            if cost < best_cost:
                best_cost = cost
                best = [[g[:] for g in gs_] for gs_ in self.games]
        if cost > best_cost:
            for gs in self.games:
                for g in gs:
                    self._add_game(M, P, g, -1)
            self.games = best
            for gs in self.games:
                for g in gs:
                    self._add_game(M, P, g, 1)

    def rounds(self) -> list[ERound]:
        return [(gs, out) for gs, (_, out) in zip(self.games, self.free)]


def _match(T: int, ok: list[list[bool]], fixed: dict[int, int]) -> list[int] | None:
    """Kuhn's augmenting paths: game → table with ``ok[g][t]``; ``fixed`` games keep their table."""
    owner = [-1] * T
    for g, t in fixed.items():
        owner[t] = g
    match = [-1] * T
    for g, t in fixed.items():
        match[g] = t

    def augment(g: int, seen: list[bool]) -> bool:
        for t in range(T):
            if ok[g][t] and not seen[t] and (owner[t] == -1 or owner[t] not in fixed):
                seen[t] = True
                if owner[t] == -1 or augment(owner[t], seen):
                    owner[t] = g
                    match[g] = t
                    return True
        return False

    for g in range(T):
        if g in fixed:
            continue
        if not augment(g, [False] * T):
            return None
    return match


def seat_and_number(
    n: int,
    history: list[ERound],
    new: list[ERound],
    rng: random.Random,
    pins: dict[int, int] | None = None,
    passes: int = 4,
) -> list[ERound]:
    """Orient (which partnership sits North–South, who sits North) and order the
    games of the ``new`` rounds so that list position = table number − 1.

    Balances each player's N–S vs E–W rounds (greedy, then flip passes) and
    spreads players over the tables (counting ``history``, whose order is
    kept): each round's games go to tables by a bipartite matching that keeps
    every player's most visits of one table as low as possible. Pinned
    players' games go to their table when that table exists in the round.
    """
    pins = pins or {}
    ns = [0] * n
    north = [0] * n
    at = [[0] * max(1, n // 4 + 1) for _ in range(n)]
    width = len(at[0])
    for games, _ in history:
        for t, (a, b, c, d) in enumerate(games):
            ns[a] += 1
            ns[c] += 1
            ns[b] -= 1
            ns[d] -= 1
            north[a] += 1
            north[b] += 1
            if t < width:
                for p in (a, b, c, d):
                    at[p][t] += 1
    games_all = []
    for games, _ in new:
        for g in games:
            a, b, c, d = g
            if ns[b] + ns[d] < ns[a] + ns[c]:
                a, b, c, d = b, c, d, a
            ns[a] += 1
            ns[c] += 1
            ns[b] -= 1
            ns[d] -= 1
            g[:] = [a, b, c, d]
            games_all.append(g)
    for _ in range(passes):
        changed = False
        for g in games_all:
            a, b, c, d = g
            # flipping moves a, c to E–W (−2 each) and b, d to N–S (+2 each)
            now = ns[a] ** 2 + ns[b] ** 2 + ns[c] ** 2 + ns[d] ** 2
            alt = (ns[a] - 2) ** 2 + (ns[c] - 2) ** 2 + (ns[b] + 2) ** 2 + (ns[d] + 2) ** 2
            if alt < now:
                ns[a] -= 2
                ns[c] -= 2
                ns[b] += 2
                ns[d] += 2
                g[:] = [b, c, d, a]
                changed = True
        if not changed:
            break
    out: list[ERound] = []
    for games, sit in new:
        oriented = []
        for g in games:
            a, b, c, d = g
            if north[c] < north[a]:
                a, c = c, a
            if north[d] < north[b]:
                b, d = d, b
            north[a] += 1
            north[b] += 1
            oriented.append([a, b, c, d])
        T = len(oriented)
        fixed: dict[int, int] = {}
        used = set()
        for gi, g in enumerate(oriented):
            want = next((pins[p] - 1 for p in g if p in pins and 0 <= pins[p] - 1 < T), None)
            if want is not None and want not in used:
                fixed[gi] = want
                used.add(want)
        match = None
        top = [max(at[p][t] for p in g) for g in oriented for t in range(T)] if T else []
        cap = min(top) + 1 if top else 1
        while match is None and T:
            ok = [[max(at[p][t] for p in g) < cap for t in range(T)] for g in oriented]
            match = _match(T, ok, fixed)
            cap += 1
        slots: list = [None] * T
        order = list(range(T))
        for gi in order:
            slots[match[gi]] = oriented[gi]
        for t, g in enumerate(slots):
            if t < width:
                for p in g:
                    at[p][t] += 1
        out.append((slots, list(sit)))
    # improvement passes: swap two tables' numbers in a round when that lowers
    # Σ visits² (the round's own visits taken out first)
    pinned_t = set(pins.values())
    for _ in range(passes):
        changed = False
        for slots, _ in out:
            T = len(slots)
            for t1 in range(T):
                for t2 in range(t1 + 1, T):
                    if (t1 + 1) in pinned_t or (t2 + 1) in pinned_t:
                        continue
                    g1, g2 = slots[t1], slots[t2]
                    now = sum((at[p][t1] - 1) ** 2 - (at[p][t1]) ** 2 for p in g1)
                    now += sum((at[p][t2] - 1) ** 2 - (at[p][t2]) ** 2 for p in g2)
                    # gain of moving g1 to t2 and g2 to t1
                    alt = sum(at[p][t2] * 2 + 1 for p in g1) + sum(at[p][t1] * 2 + 1 for p in g2)
                    cur = sum(at[p][t1] * 2 - 1 for p in g1) + sum(at[p][t2] * 2 - 1 for p in g2)
                    if alt < cur:
                        for p in g1:
                            at[p][t1] -= 1
                            at[p][t2] += 1
                        for p in g2:
                            at[p][t2] -= 1
                            at[p][t1] += 1
                        slots[t1], slots[t2] = g2, g1
                        changed = True
        if not changed:
            break
    return out
