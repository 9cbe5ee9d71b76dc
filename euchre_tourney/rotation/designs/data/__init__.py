"""Every stored starter and short night, as JSON files beside this module,
read the first time a construction asks for one (never at import) and
verified by that construction before use: a bad entry only makes its size
fall back (to another construction or the local search), it never reaches a
schedule.

Each file is an object with one entry a line; :func:`table` turns it into
the dictionary its construction reads. The files and where they came from
(the tools are in ``../search/``, see its README):

``whist_starters.json`` — cyclic whist starters, keys ``"KIND N"``; a
starter is a list of tables (North, East, South, West), −1 for ∞. Developed
and re-checked by :mod:`..cyclic`. Found by ``whist_search.c`` and
``whist_symsearch.c`` (annealing, the latter with a multiplier symmetry),
``starter_search.py``, ``whist_pm_search.py`` and ``whist_sat.py``.

* Symmetric starters ``rot 76`` and ``cyc1 77``: every table has the form
  (a, b, −a, −b) (∞ table (∞, x, 0, −x)), which reduces the search to
  pairing the classes {±u} so that the classes of a ± b (and x) cover every
  class once; found in under a second by randomized depth-first search. The
  form is impossible when 3 | n for cyc1, and for rot unless
  x² ≡ Σ u² (mod n − 1) has a solution (not for prime n − 1).
* Where the other three players of the ∞ table form an arithmetic
  progression (e.g. (∞, 1, 0, 2), (∞, x, 0, −x)), the ghost night Wh(n) − ∞
  on n − 1 players can be ordered so that nobody sits out twice before
  everyone has once (:func:`..cyclic.ap_order`); the starters for 24 (by
  ``whist_search rot 24 1 2000000000 12 1``, ∞ table fixed), 36 (by
  ``whist_sat rot 36 cadical153 1 ap``, 6 minutes) and 40 (symmetric,
  x = 13 = 39/3, by ``whist_pm_search.py 39 rot``) were chosen for that.
* Wh(93) and Wh(129) (cyc1 over Z_93, Z_129) have a multiplier symmetry of
  order 2: x ↦ 61x (61 ≡ 1 mod 3, ≡ −1 mod 31), resp. x ↦ 85x (≡ 1 mod 3,
  ≡ −1 mod 43) maps the starter to itself. Pairs at difference n/3 rule out
  every multiplier that moves Z_{n/3} by more than a sign (they would come
  in orbits too long for one partnership and two oppositions), and −1 itself
  fails a count mod 3. Found by ``whist_sat.py cyc1 93 cadical153 61``
  (about 20 minutes) and ``whist_sat.py cyc1 129 kissat404 85`` (about 13
  minutes).
* Kind ``rot1`` (v ≡ 1 mod 4, players Z_{v−1} ∪ {∞}, one fixed round of the
  cosets of the subgroup of order 4; developed and checked by
  :func:`..cyclic.whist_rot1`) is for v = 3p, where Z_v has no useful
  multiplier: Wh(57) over Z_56 was found by
  ``whist_symsearch rot1 57 9 1 60 1.0`` (multiplier 9, order 3, fixing
  7Z_56) in 1.4 s; Wh(177) over Z_176 by
  ``whist_symsearch rot1 177 49 1 120 2.0`` (multiplier 49, order 5, fixing
  11Z_176) in 8.5 s.

``column_starters.json`` — column starters of Wh(8u), keyed by 8u:
``[u, w, level generators, holey base rounds, complete base rounds]``; see
:mod:`..columns` (``whist_col_sat.py``).

``difference_matrices.json`` — (n, 4, 1) difference matrices over Z_n,
rows 0…3 as lists of n entries (``dm4_sat.py``, multiplier −1 symmetry);
rows 0 and 1 are 0 and j. See :mod:`..transversal`.

``near_whist.json`` — near-whist data (:mod:`..near_whist`): ``"cyc2 N"``
cyclic starters over Z_N (sit-outs {0, N/2}) as whitespace-separated
(north, east, south, west) quadruples; ``"bi N"`` the two bi-cyclic starter
rounds; ``"explicit N"`` whole designs, one string per round,
``"games / sit-outs"`` (``nwh_sat.py``).

``resolvable.json`` — base data of the resolvable (v, 4, 1) designs,
keyed ``"KIND r"`` with r = (v − 1)/3, KIND one of ``pm_pairs``, ``cyc``,
``pm_group``, ``sigma``, ``full`` (:mod:`..resolvable` explains each;
``rbibd_search.py``, ``rbibd_search.c``).

``short_nights.json`` — short-night schedules, keyed by N:
``{"lam": λ, "rounds": [...]}``, a night for N players in which no pair
shares a table more than λ times and no pair partners twice, with N mod 4
sit-outs a round, everyone sitting out once before anyone twice and nobody
two rounds running. Found by ``golfer_search.c`` (tabu search with the
social-golfer conflict-directed swap neighbourhood; sit-outs in cyclic
order), ``golfer_sat.py`` (SAT), ``golfer_cyclic.py`` (SAT for a night with
a cyclic automorphism: 44 × 13 over Z_11, 42 × 12 over Z_6; nobody sits out
twice), ``golfer_sat.py --free`` (SAT with the sit-outs as variables: 11 × 8)
and ``golfer_derive.py`` (43 and 45 players from the 44-player night: a
ghost, a newcomer); written by ``golfer_store.py``. Encoding: one string a
round, player i written as ``ALPHABET[i]``; the first 4·(N div 4)
characters are the tables seated North, East, South, West (partners
North–South and East–West), the rest the round's sit-outs. Verified by
:func:`euchre_tourney.rotation.starts.verify_night` before use.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: the short-night encoding: player i is ALPHABET[i]
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/"


def _key(text: str):
    """``"12"`` → 12, ``"rot 12"`` → ``("rot", 12)``."""
    parts = text.split()
    return int(parts[0]) if len(parts) == 1 else (parts[0], int(parts[1]))


def _tuples(x):
    """Lists nested in ``x`` as tuples (as the constructions' tables had them)."""
    return tuple(_tuples(y) for y in x) if isinstance(x, list) else x


#: the names of the files read so far, in order (each is read once)
READ: list[str] = []


@lru_cache(maxsize=None)
def raw(name: str) -> dict:
    """The file ``name``.json as a dict with its keys decoded (``"N"`` → N,
    ``"KIND N"`` → (KIND, N)). Read once; the same dict is returned each call
    (tests alter it with ``monkeypatch.setitem`` to plant a bad entry).
    Raises ``FileNotFoundError`` for an unknown name."""
    text = (HERE / f"{name}.json").read_text(encoding="utf-8")
    READ.append(name)
    return {_key(k): v for k, v in json.loads(text).items()}


def table(name: str, kind: str | None = None) -> dict:
    """The entries of ``name``.json, or of one ``kind`` of it (keys
    ``"kind N"``), keyed by N. The same dict each call (see :func:`raw`);
    for ``kind`` a dict built once and cached likewise."""
    if kind is None:
        return raw(name)
    return _kind(name, kind)


@lru_cache(maxsize=None)
def _kind(name: str, kind: str) -> dict:
    data = {n: v for (k, n), v in raw(name).items() if k == kind}
    if name == "resolvable":  # lists of tuples (blocks, pairs), as the developments read them
        data = {n: [_tuples(b) for b in v] if kind != "pm_group" else (tuple(v[0]), [_tuples(b) for b in v[1]])
                for n, v in data.items()}
    return data
