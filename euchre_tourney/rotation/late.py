"""Late arrivals and departures that disturb as few seats as possible.

:func:`keep_seats` changes a planned night only where the new set of players
forces it: in every round still to play, a player who left is replaced from
that round's sit-outs first (then from the newcomers); a late arrival takes a
sit-out slot, and swaps into an existing seat only when the sit-out balance
needs it (the player whose seat it takes sits out instead). Tables are
dissolved or opened only when the number of tables must change. Among the
equally fair choices the one adding the fewest repeated partners and meetings
is taken. :func:`future_changes` counts who is affected, so the director can
be told before confirming. The alternative, re-optimizing every later round,
is :func:`~euchre_tourney.rotation.progressive.replan`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from euchre_tourney.rotation.model import Round, Schedule, Table

SEATS = 4


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


class _History:
    """Meetings, partnerships and sit-outs counted over the rounds so far,
    and the meetings and partnerships still planned in later rounds (so a
    change now does not create a repeat with a table kept later)."""

    def __init__(self) -> None:
        self.meet: Counter = Counter()
        self.partner: Counter = Counter()
        self.sat: Counter = Counter()
        self.last_sat: set[int] = set()

    def add(self, rnd: Round, sign: int = 1) -> None:
        for t in rnd.tables:
            s = t.seats
            for i in range(SEATS):
                for j in range(i + 1, SEATS):
                    self.meet[_pair(s[i], s[j])] += sign
            for a, b in t.partnerships:
                self.partner[_pair(a, b)] += sign
        if sign > 0:
            self.sat.update(rnd.sit_out)
            self.last_sat = set(rnd.sit_out)

    def fit(self, player: int, seats: Sequence[int | None], at: int) -> int:
        """Cost of putting ``player`` in seat index ``at`` of a table whose
        other seats hold ``seats`` (None: empty): a repeated partner weighs
        more than repeated meetings."""
        cost = 0
        for i, other in enumerate(seats):
            if i == at or other is None:
                continue
            m = self.meet[_pair(player, other)]
            cost += m * m
            if i == (at + 2) % SEATS:
                cost += 100 * self.partner[_pair(player, other)]
        return cost


def _sit_out_count(present: int, forced: int) -> int:
    k = max(present % SEATS, forced)
    while (present - k) % SEATS:
        k += 1
    return k


def _adjust_round(
    old: Round, present: set[int], hist: _History, forced: set[int], rng: random.Random
) -> Round:
    n_sit = _sit_out_count(len(present), len(forced & present))
    n_tables = (len(present) - n_sit) // SEATS
    # with fewer tables, the tables with the fewest players left are dissolved
    # (their players wait with the sit-outs); the rest keep their numbers
    def here(t: Table) -> int:
        return sum(p in present and p not in forced for p in t.seats)

    by_size = sorted(range(len(old.tables)), key=lambda i: (-here(old.tables[i]), old.tables[i].number))
    kept = sorted(by_size[:n_tables])
    seated_keep = {p for i in kept for p in old.tables[i].seats if p in present and p not in forced}
    pool = [p for p in sorted(present) if p not in seated_keep]  # sit-outs, newcomers, forced, dissolved

    # who sits out: the forced, then the fewest sit-outs so far, not twice
    # running, and among those a player not seated already (no seat moves)
    def sit_key(p: int) -> tuple:
        return (p not in forced, hist.sat[p], p in hist.last_sat, p in seated_keep, rng.random())

    sit = set(sorted(present, key=sit_key)[:n_sit])
    # a seated player displaced to sit out frees a seat; keep the tie among
    # equally fair seated players for the seat that suits the movers best
    must_play = [p for p in pool if p not in sit]
    displaced = [p for p in sit if p in seated_keep]
    if displaced and must_play:
        level = max(sit_key(p)[:4] for p in displaced)
        fixed = [p for p in displaced if sit_key(p)[:4] != level]
        ties = [p for p in seated_keep if sit_key(p)[:4] == level]
        seat_of = {p: (ti, i) for ti, t in enumerate(old.tables) for i, p in enumerate(t.seats)}

        def cost(x: int) -> int:
            ti, i = seat_of[x]
            return min(hist.fit(m, old.tables[ti].seats, i) for m in must_play)

        ranked = sorted(ties, key=lambda x: (cost(x), rng.random()))
        sit = (sit - set(displaced)) | set(fixed) | set(ranked[: len(displaced) - len(fixed)])
    playing = present - sit

    tables = [[p if p in playing else None for p in t.seats] for t in old.tables]
    to_seat = [p for p in sorted(playing) if not any(p in tables[i] for i in kept)]
    layout = [tables[i] for i in kept]
    while len(layout) < n_tables:
        layout.append([None] * SEATS)
    rng.shuffle(to_seat)
    holes = [(ti, i) for ti, t in enumerate(layout) for i in range(SEATS) if t[i] is None]
    # fill the holes of kept tables first (fewest empty seats first), each
    # with the waiting player who repeats the fewest partners and meetings
    holes.sort(key=lambda h: (sum(x is None for x in layout[h[0]]), h))
    for ti, i in holes:
        p = min(to_seat, key=lambda q: hist.fit(q, layout[ti], i))
        to_seat.remove(p)
        layout[ti][i] = p
    assert not to_seat
    filled = {ti for ti, _ in holes}
    _resplit(layout, filled, hist)
    # a repeated partner left at a table that took someone in: swap the
    # newcomer there with one seated elsewhere when that removes it (four
    # more cards change, worth it only to avoid a repeated partner)
    for ti, i in holes:
        if _repeats(layout[ti], hist) == 0:
            continue
        best = None
        for tj, other in enumerate(layout):
            for j in range(SEATS):
                if tj == ti:
                    continue
                a, b = list(layout[ti]), list(other)
                a[i], b[j] = b[j], a[i]
                now = _repeats(layout[ti], hist) + _repeats(other, hist)
                after = (_best_split(a, hist)[0] + _best_split(b, hist)[0], _cost(a, hist) + _cost(b, hist))
                if after[0] < now and (best is None or after < best[0]):
                    best = (after, tj, j)
        if best is not None:
            _, tj, j = best
            layout[ti][i], layout[tj][j] = layout[tj][j], layout[ti][i]
            filled.add(tj)
            _resplit(layout, filled, hist)
    # kept tables keep their numbers where they still exist; the rest take the free ones
    numbers = [old.tables[i].number for i in kept] + [0] * (n_tables - len(kept))
    free = iter(n for n in range(1, n_tables + 1) if n not in numbers)
    numbers = [n if 1 <= n <= n_tables else next(free) for n in numbers]
    out = sorted((Table(num, *t) for num, t in zip(numbers, layout)), key=lambda t: t.number)
    return Round(old.number, tuple(out), tuple(sorted(sit)), ())


def _repeats(t: Sequence[int], hist: _History) -> int:
    """Repeated partnerships at a table: N–S and E–W already partnered."""
    return hist.partner[_pair(t[0], t[2])] + hist.partner[_pair(t[1], t[3])]


def _cost(t: Sequence[int], hist: _History) -> int:
    return sum(hist.meet[_pair(t[i], t[j])] ** 2 for i in range(SEATS) for j in range(i + 1, SEATS))


def _best_split(t: Sequence[int], hist: _History) -> tuple[int, list[int]]:
    """The seating of a table's four players (first player stays put; the
    given one preferred on ties) with the fewest repeated partners."""
    a, b, c, d = t
    return min(((_repeats(s, hist), k, s) for k, s in enumerate(([a, b, c, d], [a, b, d, c], [a, c, b, d]))))[::2]


def _resplit(layout: list[list[int]], tables: Iterable[int], hist: _History) -> None:
    """Re-split tables that took someone in where that avoids a repeated
    partner (their four players' cards change anyway; the table stays)."""
    for ti in tables:
        layout[ti] = _best_split(layout[ti], hist)[1]


def keep_seats(
    planned: Schedule,
    played: int,
    players: Iterable[int],
    seed: int = 0,
    sit_out: Mapping[int, Iterable[int]] | None = None,
) -> Schedule:
    """Re-plan the rounds after ``played`` for ``players`` moving as few seats as possible.

    ``planned``: the night as planned (rounds 1…R). ``played``: how many of its
    rounds are played (0…R−1); they are kept exactly. ``players``: the ids
    taking part from round ``played+1`` on (late arrivals added, leavers left
    out). ``sit_out``: optional forced sit-outs, round number → ids.

    Returns a schedule over everyone who ever took part with the same number
    of rounds; later rounds list every present player once (seated or sitting
    out, ``N mod 4`` sitting out unless forced) and others as ``absent``.
    Raises ``ValueError`` for fewer than 4 players or ``played`` out of range.
    """
    now = list(dict.fromkeys(players))
    if len(now) < SEATS:
        raise ValueError("a progressive rotation needs at least 4 players")
    if not 0 <= played < len(planned.rounds):
        raise ValueError("there must be a round left to re-plan")
    ids = list(planned.players)
    ids += [p for p in now if p not in ids]
    present = set(now)
    rng = random.Random(seed)
    hist = _History()
    rounds: list[Round] = []
    for r in planned.rounds[:played]:
        hist.add(r)
        here = set(r.players())
        rounds.append(Round(r.number, r.tables, r.sit_out, tuple(p for p in ids if p not in here)))
    forced_all = sit_out or {}
    for r in planned.rounds[played:]:  # the plan still stands for those present
        hist.add(_only(r, present), 1)
    for r in planned.rounds[played:]:
        hist.add(_only(r, present), -1)
        forced = set(forced_all.get(r.number, ())) & present
        new = _adjust_round(r, present, hist, forced, rng)
        new = Round(new.number, new.tables, new.sit_out, tuple(p for p in ids if p not in present))
        hist.add(new)
        rounds.append(new)
    return Schedule(players=tuple(ids), rounds=tuple(rounds), kind=planned.kind, seed=planned.seed)


def _only(rnd: Round, present: set[int]) -> Round:
    """The round's tables whose four players are all still present."""
    return Round(rnd.number, tuple(t for t in rnd.tables if set(t.seats) <= present))


def _where(rnd: Round, p: int):
    """What a player's card says for one round: table, seat, partner and
    opponents; ("out",) sitting out; None absent."""
    for t in rnd.tables:
        if p in t.seats:
            return (t.number, t.seat_of(p), t.partner_of(p), t.opponents_of(p))
    return ("out",) if p in rnd.sit_out else None


def future_changes(old: Schedule, new: Schedule, played: int) -> dict[int, int]:
    """Player id → how many of rounds ``played+1…`` changed on their card
    (table, seat, partner, opponents or sitting out), for the players present
    in ``new``'s later rounds whose card changed at all (a newcomer counts
    every round they now play or sit out)."""
    out: dict[int, int] = {}
    for o, n in zip(old.rounds[played:], new.rounds[played:]):
        for p in n.players():
            if _where(o, p) != _where(n, p):
                out[p] = out.get(p, 0) + 1
    return out
