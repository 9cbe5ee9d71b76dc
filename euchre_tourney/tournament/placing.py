"""Placing standings rows: shared places for ties, rounding of averages
(the standings of :mod:`.standings`, at tables of any size)."""

from __future__ import annotations

from collections import defaultdict

from euchre_tourney.tournament.identity import collation_key
from euchre_tourney.tournament.readmodels import StandingRow


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded half up (both ≥ 0, denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


def place_standing_rows(rows) -> list[StandingRow]:
    """Standings rows, best first, with their places: ``rows`` are (key,
    fields) pairs, the key a tuple of the tie-break values (higher is
    better), ``fields`` a :class:`StandingRow`'s after ``place`` and
    ``tied`` (player id, number, name, ...). Equal keys share the place
    (``tied``), in the order of their names (:func:`collation_key`), then
    numbers. Each row is made once, with its place (the standings of 2,000
    players after every change: a row made and made again with its place
    was a fifth of the time)."""
    rows = sorted(rows, key=lambda kr: (-kr[0][0], -kr[0][1], -kr[0][2], collation_key(kr[1][2]), kr[1][1] or 0)
                  if len(kr[0]) == 3 else (tuple(-k for k in kr[0]), collation_key(kr[1][2]), kr[1][1] or 0))
    counts: dict[tuple, int] = defaultdict(int)
    for key, _ in rows:
        counts[key] += 1
    out: list[StandingRow] = []
    place = 0
    previous = None
    for i, (key, fields) in enumerate(rows, start=1):
        if key != previous:
            place = i
            previous = key
        out.append(StandingRow(place, counts[key] > 1, *fields))
    return out
