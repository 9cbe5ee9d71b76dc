"""Exact (SAT) search for a column starter of Wh(8u) -- developer tool only
(nothing in the app imports this module). The design and its group G are
described in :mod:`euchre_tourney.rotation.designs.columns`.

Needs ``pip install python-sat`` (NOT a dependency of the package).
``python3 -m euchre_tourney.rotation.designs.search.whist_col_sat U W LEVELS COMPLETE [SOLVER]``
prints one ``(u, w, levels, holey, complete)`` literal for
``designs/data/column_starters.json``, after
rebuilding the design and checking it with ``designs.is_whist``. Exit
status 0 with a checked literal, 1 when the model is unsatisfiable, 2 for
bad arguments or a model that did not rebuild into a whist design.

* LEVELS: generators of the level group Λ, comma-separated digit strings
  (e.g. ``10576243``), or ``-`` for none. Every one must map each round of
  the stored Wh(8) onto itself and move every level; the eight level
  permutations that do so for the stored Wh(8) form (Z_2)^3.
* COMPLETE: one item per complete base round: ``-`` (the round's orbit has
  f·|Λ| rounds) or an involution λ of Λ that maps the round onto itself
  (its two base tables are then λ-images of each other: f·|Λ|/2 rounds).
  The orbits must add up to u − 1 rounds.

Wh(152): ``19 4 10576243 -`` (|G| = 342: 2 base tables per holey round,
one complete base round of 18 images; 1.7 million clauses) took 155 s with
CaDiCaL on this machine (193 s for an earlier copy of the model). Wh(56):
``7 2 10576243 -`` 4 s.

Encoding: each holey base round (column 0 away) has one P and one O Boolean
per orbit, under the stabilizer S of column 0, of pairs of players of
different columns (so the round is S-invariant by construction), with the
table rules of ``whist_sat`` (and no two players of one column at a table);
each complete base round has P and O per pair of levels (the same rules on
8 points; with λ, invariant under λ and never j with λ(j)) and a one-hot
offset per level (level 0 at offset 0; with λ, level λ(j) at j's offset),
and its pair of levels j, j' stands for the pair ((0, j), (off_j' − off_j,
j')). Every orbit of pairs under G needs exactly one P and two O among the
counted pairs: one per S-orbit in a holey round, every level pair of a
complete round (one per λ-orbit of level pairs with λ).
"""
import itertools
import sys
import time

from pysat.formula import IDPool
from pysat.solvers import Solver

from euchre_tourney.rotation.designs.columns import LEVELS, develop_columns, group, level_group
from euchre_tourney.rotation.designs.search.whist_sat import _cards, _table_rules, _tables


def orbit_ids(pairs, maps):
    """({(p, q): orbit id} for every image of ``pairs`` (p < q) under
    ``maps``, number of orbits)."""
    seen = {}
    nid = 0
    for p, q in pairs:
        if (p, q) in seen:
            continue
        for g in maps:
            a, b = g[p], g[q]
            seen[min(a, b), max(a, b)] = nid
        nid += 1
    return seen, nid


def build(u, w, levels, complete):
    """(maps of G, holey P/O dicts, complete (P, O, Z) triples, clauses);
    ``complete``: per complete base round None or its involution λ."""
    G = group(u, w, levels)
    S = G[::u]
    n = LEVELS * u
    col = lambda p: p % u
    key = lambda x, y: (min(x, y), max(x, y))
    orb, norb = orbit_ids([(p, q) for p, q in itertools.combinations(range(n), 2) if col(p) != col(q)], G)
    pool = IDPool(); cl = []
    card = _cards(pool, cl)
    cover_p, cover_o = {}, {}

    def cover(pq, a, b):
        cover_p.setdefault(orb[pq], []).append(a)
        cover_o.setdefault(orb[pq], []).append(b)

    pts = [p for p in range(n) if col(p) != 0]
    sorb, _ = orbit_ids([(p, q) for p, q in itertools.combinations(pts, 2) if col(p) != col(q)], S)
    xs, seen = [], set()
    for p in pts:
        if p not in seen:
            xs.append(p); seen.update(s[p] for s in S)
    holey = []
    for r in range(7):  # one holey base round per round of Wh(8)
        P = {pq: pool.id(('P', r, o)) for pq, o in sorb.items()}
        O = {pq: pool.id(('O', r, o)) for pq, o in sorb.items()}
        counted = set()
        for pq, o in sorb.items():
            if o not in counted:
                counted.add(o)
                cl.append([-P[pq], -O[pq]])
                cover(pq, P[pq], O[pq])
        _table_rules(pts, xs, P, O, key, card, cl, apart=lambda y, z: col(y) == col(z))
        holey.append((P, O))
    fixed = []
    lv = list(range(LEVELS))
    for k, lam in enumerate(complete):
        Pk, Ok = {}, {}
        for j, jj in itertools.combinations(lv, 2):
            Pk[j, jj] = a = pool.id(('Pf', k, j, jj)); Ok[j, jj] = b = pool.id(('Of', k, j, jj))
            cl.append([-a, -b])
        if lam is not None:
            for j, jj in itertools.combinations(lv, 2):
                img = key(lam[j], lam[jj])
                if img == (j, jj):  # j and λ(j) sit at different tables
                    cl.extend([[-Pk[j, jj]], [-Ok[j, jj]]])
                else:
                    for V in (Pk, Ok):
                        cl.extend([[-V[j, jj], V[img]], [V[j, jj], -V[img]]])
        _table_rules(lv, lv, Pk, Ok, key, card, cl)
        Z = {(j, x): pool.id(('Z', k, j, x)) for j in lv for x in range(u)}
        for j in lv:
            card([Z[j, x] for x in range(u)], 1)
            if lam is not None:
                cl.extend([-Z[j, x], Z[lam[j], x]] for x in range(u))
        cl.append([Z[0, 0]])
        for j, jj in itertools.combinations(lv, 2):
            counted = lam is None or (j, jj) <= key(lam[j], lam[jj])
            for d in range(u):
                D = pool.id(('D', k, j, jj, d))
                for x in range(u):
                    cl.append([-Z[j, x], -Z[jj, (x + d) % u], D])
                    cl.append([-D, -Z[j, x], Z[jj, (x + d) % u]])
                if d == 0:
                    cl.extend([[-D, -Pk[j, jj]], [-D, -Ok[j, jj]]])
                    continue
                if counted:  # the round's images cover the orbit of ((0, j), (d, jj))
                    cp = pool.id(('cp', k, j, jj, d)); co = pool.id(('co', k, j, jj, d))
                    cl.extend([[-cp, D], [-cp, Pk[j, jj]], [cp, -D, -Pk[j, jj]]])
                    cl.extend([[-co, D], [-co, Ok[j, jj]], [co, -D, -Ok[j, jj]]])
                    cover(key(j * u, jj * u + d), cp, co)
        fixed.append((Pk, Ok, Z))
    for o in range(norb):
        card(cover_p.get(o, []), 1)
        card(cover_o.get(o, []), 2)
    return G, holey, fixed, cl


def decode(u, G, holey, fixed, model):
    """(holey base tables: one per S-orbit of tables, complete base
    tables) read off a model."""
    on = {l for l in model if l > 0}
    pts = [p for p in range(LEVELS * u) if p % u]
    holey_out = []
    for P, O in holey:
        seen, base = set(), []
        for t in _tables(pts, P, O, on):
            if frozenset(t) not in seen:
                base.append(t)
                seen.update(frozenset(s[p] for p in t) for s in G[::u])
        holey_out.append(base)
    complete_out = []
    for Pk, Ok, Z in fixed:
        off = {j: next(x for x in range(u) if Z[j, x] in on) for j in range(LEVELS)}
        complete_out.append([[j * u + off[j] for j in t] for t in _tables(list(range(LEVELS)), Pk, Ok, on)])
    return holey_out, complete_out


if __name__ == "__main__":
    from euchre_tourney.rotation import whist_design
    from euchre_tourney.rotation.designs import is_whist

    u, w = int(sys.argv[1]), int(sys.argv[2])
    perm = lambda s: [int(c) for c in s]
    levels = [] if sys.argv[3] == "-" else [perm(s) for s in sys.argv[3].split(",")]
    complete = [None if s == "-" else perm(s) for s in sys.argv[4].split(",")]
    solver = sys.argv[5] if len(sys.argv) > 5 else "cadical153"
    lam_ok = lambda lam: lam in level_group(levels) and lam != list(range(LEVELS)) and [lam[j] for j in lam] == list(range(LEVELS))
    if any(lam is not None and not lam_ok(lam) for lam in complete):
        print("COMPLETE: each item is '-' or an involution of the level group", file=sys.stderr)
        raise SystemExit(2)
    t = time.time()
    G, holey, fixed, cl = build(u, w, levels, complete)
    print(f"# Wh({8 * u}) over Z_{u}, w = {w}: |G| = {len(G)}; {len(cl)} clauses, built {time.time() - t:.1f}s", file=sys.stderr, flush=True)
    with Solver(name=solver, bootstrap_with=cl) as sat:
        ok = sat.solve()
        print(f"# solved {ok} {time.time() - t:.1f}s", file=sys.stderr, flush=True)
        if not ok:
            raise SystemExit(1)
        hb, cb = decode(u, G, holey, fixed, sat.get_model())
    rounds = develop_columns(u, w, levels, hb, cb, whist_design(8))
    ok = is_whist(8 * u, rounds)
    print(f"# {len(rounds)} rounds, whist: {ok}", file=sys.stderr, flush=True)
    if not ok:
        raise SystemExit(2)
    print(repr((u, w, levels, hb, cb)), flush=True)
