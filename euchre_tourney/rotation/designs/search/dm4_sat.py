"""Offline search for an (n, 4, 1) difference matrix over Z_n (developer tool:
not imported by the app; a found matrix goes into
``../data/difference_matrices.json``; ``../transversal.py`` re-verifies it and
turns it into an RTD(4, n)).

An (n, 4, 1) difference matrix — four rows of n entries whose pairwise
differences each run over Z_n once — develops into a TD(4, n) that is
resolvable (translation g gives one parallel class), i.e. an RTD(4, n): all
the mixed inflation needs (equivalently a TD(5, n)). Shape: rows 0, j and two
unknown permutations b, c with b − j, c − j, c − b permutations. No row can be
linear (λ·j) when 3 | n: Σ x² over Z_n is Q ≢ 0 (mod 3) and every pair of
rows h, k must have Σ r_h·r_k = Q/2, which forces λ ≡ 2 and λ ≡ 1 (mod 3).

SAT (python-sat, CaDiCaL): x[j][v] "b_j = v", y[j][v] "c_j = v", z[j][d]
"c_j − b_j = d"; exactly one per column, per value, per difference. Optional
symmetry: rows commute with a multiplier w (r(w·j) = w·r(j)).

Usage: python3 dm4_sat.py N W SECONDS      (W = 1: no symmetry)
Output: one Python literal line (n, [row0, row1, row2, row3]) or a message.

Results (2 shared cores): W = −1 (N − 1) solves n = 21 in 0.6 s and n = 33 in
3.7 s (the stored matrices). For n = 21, W = 2, 5, 8, 11, 17 are unsatisfiable
(< 1 s); W = 4, 16 trivially so (they fix 7·Z_21 ≅ Z_3 pointwise, which would
need a (3, 4, 1) difference matrix).
"""

import sys
import threading

from pysat.card import CardEnc, EncType
from pysat.solvers import Solver


def search(n: int, w: int, seconds: float):
    X = lambda j, v: j * n + v + 1
    Y = lambda j, v: n * n + j * n + v + 1
    Z = lambda j, d: 2 * n * n + j * n + d + 1
    clauses = []
    top = 3 * n * n

    def exactly_one(lits):
        nonlocal top
        clauses.append(list(lits))
        enc = CardEnc.atmost(lits=list(lits), bound=1, top_id=top, encoding=EncType.seqcounter)
        top = max(top, enc.nv)
        clauses.extend(enc.clauses)

    for V in (X, Y):
        for j in range(n):
            exactly_one([V(j, v) for v in range(n)])
        for v in range(n):
            exactly_one([V(j, v) for j in range(n)])
        for d in range(n):
            exactly_one([V(j, (j + d) % n) for j in range(n)])
        if w != 1:
            for j in range(n):
                for v in range(n):
                    clauses.append([-V(j, v), V(w * j % n, w * v % n)])
    for j in range(n):
        exactly_one([Z(j, d) for d in range(n)])
        for v in range(n):
            for d in range(n):
                clauses.append([-X(j, v), -Y(j, (v + d) % n), Z(j, d)])
    for d in range(n):
        exactly_one([Z(j, d) for j in range(n)])
    if w == 1:  # translate rows b, c: b_0 = c_0 = 0
        clauses += [[X(0, 0)], [Y(0, 0)]]
    with Solver(name="cadical153", bootstrap_with=clauses) as s:
        timer = threading.Timer(seconds, s.interrupt)
        timer.start()
        ok = s.solve_limited(expect_interrupt=True)
        timer.cancel()
        if not ok:
            return ok
        model = set(l for l in s.get_model() if l > 0)
    b = [next(v for v in range(n) if X(j, v) in model) for j in range(n)]
    c = [next(v for v in range(n) if Y(j, v) in model) for j in range(n)]
    return [[0] * n, list(range(n)), b, c]


def check(n, rows):
    return all(
        len({(x - y) % n for x, y in zip(rows[h], rows[k])}) == n
        for h in range(4)
        for k in range(h + 1, 4)
    )


if __name__ == "__main__":
    n, w, secs = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    rows = search(n, w, secs)
    if not rows:
        print("no solution" if rows is False else "timeout")
    else:
        assert check(n, rows)
        print((n, rows))
