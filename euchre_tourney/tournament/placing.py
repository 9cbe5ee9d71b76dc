"""Placing standings rows: shared places for ties, rounding of averages
(the four-seat standings of :mod:`.standings` and the tables of six of
:mod:`.side_games`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from euchre_tourney.tournament.identity import collation_key
from euchre_tourney.tournament.readmodels import StandingRow


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded half up (both ≥ 0, denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


def place_rows(rows) -> list[StandingRow]:
    """``rows``: (key, :class:`StandingRow`) pairs, the key a tuple of the
    tie-break values (higher is better). Returns the rows best first with
    their places; rows of equal keys share the place (``tied``)."""
    rows = sorted(rows, key=lambda kr: (tuple(-k for k in kr[0]), collation_key(kr[1].name), kr[1].number or 0))
    out: list[StandingRow] = []
    counts: dict[tuple, int] = defaultdict(int)
    for key, _ in rows:
        counts[key] += 1
    place = 0
    previous = None
    for i, (key, row) in enumerate(rows, start=1):
        if key != previous:
            place = i
            previous = key
        out.append(_placed(row, place, counts[key] > 1))
    return out


def place_standing_rows(rows) -> list[StandingRow]:
    """:func:`place_rows` of rows not made yet: ``rows`` are (key, fields)
    pairs, ``fields`` a :class:`StandingRow`'s after ``place`` and ``tied``
    (player id, number, name, ...). The same order and places; each row
    made once, with its place (the standings of 2,000 players after every
    change: a row made and made again with its place was a fifth of the
    time)."""
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


def _placed(row, place: int, tied: bool):
    """``row`` with its place (``dataclasses.replace``, written out for a
    :class:`StandingRow`: the standings of 2,000 players place 4,000 rows
    after every change, and ``replace`` costs ten times as much)."""
    if type(row) is not StandingRow:
        return replace(row, place=place, tied=tied)
    return StandingRow(place, tied, row.player_id, row.number, row.name, row.points, row.rounds_played,
                       row.rounds_won, row.loners, row.sit_outs, row.sit_out_credit, row.round_points, row.section)
