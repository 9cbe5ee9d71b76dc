"""Write ``../data/short_nights.json`` from search results
(developer tool; nothing in the app imports this module).

Usage: python3 golfer_store.py FILE...   where each FILE is named
``*_N_R_LAM_PI.txt`` and holds the output of ``golfer_search.c`` or
``golfer_sat.py`` (one line a round: 4T seated players N E S W by table,
then the sit-outs). Every file is checked by the runtime's own verifier
(``rotation.starts.verify_night``) before it is written; the longest
verified schedule per (N, LAM) is kept. The data file is written anew with
the nights found (pass the files of the nights to keep as well); no code
module is ever written.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

#: the data file the runtime reads (``rotation.designs.data``, ``short_nights``)
OUT = Path(__file__).resolve().parents[1] / "data" / "short_nights.json"


def write_nights(found: dict[int, tuple[int, tuple[str, ...]]], out: Path = OUT) -> None:
    """Write ``{N: (lam, rows)}`` as the JSON data file, one night a line
    (``{"N": {"lam": lam, "rounds": [...]}}``, sizes increasing)."""
    lines = [f"  {json.dumps(str(n))}: " + json.dumps({"lam": found[n][0], "rounds": list(found[n][1])},
                                                     separators=(",", ":"))
             for n in sorted(found)]
    out.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def _assignment(cost: list[list[int]]) -> list[int]:
    """Minimum-cost perfect matching row → column of a square matrix
    (Hungarian method with potentials, O(T³)); returns col[row]."""
    T = len(cost)
    INF = float("inf")
    u = [0.0] * (T + 1)
    v = [0.0] * (T + 1)
    way = [0] * (T + 1)
    match = [0] * (T + 1)  # match[col] = row (1-based), 0 = free
    for i in range(1, T + 1):
        match[0] = i
        j0 = 0
        minv = [INF] * (T + 1)
        used = [False] * (T + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = match[j0], INF, 0
            for j in range(1, T + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j], way[j] = cur, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(T + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    col = [0] * T
    for j in range(1, T + 1):
        col[match[j] - 1] = j - 1
    return col


def balance_tables(n: int, rows: list[list[int]], seed: int = 1, restarts: int = 3000) -> list[list[int]]:
    """The same rounds with the games of each round reordered (table order)
    so that no player sits at one table more than ⌈most games / tables⌉
    times (the checker's bound), as far as an iterated block coordinate descent
    gets: each round in turn gets the best order given the others (an
    assignment problem, since the cost Σ 100·excess + visits² splits over
    games), then two rounds are re-drawn at random and it descends again. The app's seating keeps an input order that already
    reaches the bound."""
    import random

    rng = random.Random(seed)
    T = n // 4
    R = len(rows)
    games = [[row[4 * t: 4 * t + 4] for t in range(T)] for row in rows]
    played = [0] * n
    for gs in games:
        for g in gs:
            for p in g:
                played[p] += 1
    cap = -(-max(played) // T)  # the checker's bound: the most games over the tables

    def f(v):
        return 100 * max(0, v - cap) + v * v

    def descend(order, cnt):
        improved = True
        while improved:
            improved = False
            for r in rng.sample(range(R), R):
                for gi, g in enumerate(games[r]):
                    for p in g:
                        cnt[p][order[r][gi]] -= 1
                cost = [[sum(f(cnt[p][t] + 1) - f(cnt[p][t]) for p in g) for t in range(T)] for g in games[r]]
                new = _assignment(cost)
                if sum(cost[gi][new[gi]] for gi in range(T)) < sum(cost[gi][order[r][gi]] for gi in range(T)):
                    order[r] = new
                    improved = True
                for gi, g in enumerate(games[r]):
                    for p in g:
                        cnt[p][order[r][gi]] += 1
        return sum(f(v) for row in cnt for v in row)

    def counts(order):
        cnt = [[0] * T for _ in range(n)]
        for r in range(R):
            for gi, g in enumerate(games[r]):
                for p in g:
                    cnt[p][order[r][gi]] += 1
        return cnt

    # the input order is kept unless the search beats it (re-storing an entry
    # leaves it unchanged)
    given = sum(max(0, v - cap) for row in counts([list(range(T)) for _ in range(R)]) for v in row)
    if given == 0:
        return [list(row) for row in rows]
    # iterated local search: descend, then re-draw the orders of two rounds
    order = [rng.sample(range(T), T) for _ in range(R)]  # order[r][game] = table
    cnt = counts(order)
    cur = descend(order, cnt)
    best = (sum(max(0, v - cap) for row in cnt for v in row), [o[:] for o in order])
    since = 0
    for _ in range(restarts):
        if best[0] == 0 or since > 300:
            break
        since += 1
        trial = [o[:] for o in order]
        for r in rng.sample(range(R), min(2, R)):
            trial[r] = rng.sample(range(T), T)
        tc = counts(trial)
        c = descend(trial, tc)
        if c <= cur:
            order, cur = trial, c
            over = sum(max(0, v - cap) for row in tc for v in row)
            if over < best[0]:
                best = (over, [o[:] for o in order])
                since = 0
    over, order = best
    print(f"{n}: table excess {over} (given {given})", file=sys.stderr)
    if over >= given:
        return [list(row) for row in rows]
    out = []
    for r, row in enumerate(rows):
        by_table = [None] * T
        for gi, t in enumerate(order[r]):
            by_table[t] = games[r][gi]
        out.append([p for g in by_table for p in g] + row[4 * T:])
    return out


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[4]))  # this checkout's package
    found: dict[int, tuple[int, tuple[str, ...]]] = {}
    # imported here, once sys.path points at this checkout (a script, not a module of the app)
    from euchre_tourney.rotation.designs import data
    from euchre_tourney.rotation.testing import ALPHABET as alphabet
    from euchre_tourney.rotation.testing import verify_night as verify

    current = {n: (e["lam"], tuple(e["rounds"])) for n, e in data.table("short_nights").items()}
    for name in sys.argv[1:]:
        mt = re.search(r"_(\d+)_(\d+)_(\d+)_(\d+)\.txt$", name)
        if not mt:
            raise SystemExit(f"bad file name {name}")
        n, r, lam, pi = map(int, mt.groups())
        rows = [list(map(int, line.split())) for line in Path(name).read_text().splitlines() if line.strip()]
        if len(rows) != r or pi != 1:
            raise SystemExit(f"{name}: {len(rows)} rounds, pi {pi}")
        enc = tuple("".join(alphabet[p] for p in row) for row in rows)
        if current.get(n) != (lam, enc):  # an entry stored already is kept as it is
            rows = balance_tables(n, rows)
            enc = tuple("".join(alphabet[p] for p in row) for row in rows)
        if verify(n, lam, enc) is None:
            raise SystemExit(f"{name}: does not verify")
        old = found.get(n)
        if old is None or (lam, -len(enc)) < (old[0], -len(old[1])):
            found[n] = (lam, enc)
    write_nights(found)
    print(f"wrote {OUT}: " + ", ".join(f"{n}×{len(found[n][1])} (lam {found[n][0]})" for n in sorted(found)))


if __name__ == "__main__":
    main()
