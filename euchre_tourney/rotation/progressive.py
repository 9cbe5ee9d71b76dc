"""Progressive (individual) rotations: partners change every round.

:func:`progressive` uses a verified whist design (see :mod:`.designs`) for a
full-length night where one is known (:mod:`.full_nights`), a verified
meet-once start (packings and stored nights, :func:`.starts.golfer_start`) for
short nights or a stored night reaching the least possible "most meetings"
where that is two or more (:func:`.starts.stored_start`), and the local search of
:mod:`.engine` otherwise (rounds beyond a full rotation, starts that no
renaming fits to the requests). Director requests keep these starts where they
can: forced sit-outs by renaming players (a matching onto the start's
sit-outs), couples by choosing the split of a meet-once game in which they
oppose, pins by drawing starts until no round needs one table twice;
:func:`replan` re-optimizes the rounds still to play after arrivals and
departures, counting the rounds already played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from euchre_tourney.rotation.constraints import Constraints
from euchre_tourney.rotation.engine import Cancelled, Search, choose_sit_outs
from euchre_tourney.rotation.full_nights import full_length, whist_design
from euchre_tourney.rotation.model import Round, Schedule, Table
from euchre_tourney.rotation.quality import Quality, check, lower_bounds
from euchre_tourney.rotation.seating import seat_and_number
from euchre_tourney.rotation.shapes import ERound
from euchre_tourney.rotation.starts import golfer_rounds, golfer_start, stored_start

Progress = Callable[[float], None]
Cancel = Callable[[], bool]

#: swap evaluations the tabu search may spend at most (fixes run time and keeps
#: results independent of machine speed); it stops earlier at the lower bounds
WORK = 180_000


def budget(n: int, rounds: int) -> int:
    """Swap evaluations for ``n`` players over ``rounds`` free rounds."""
    return min(WORK, 800 * n * max(1, rounds))


def _ids(players: Sequence[int] | int) -> tuple[int, ...]:
    ids = tuple(range(1, players + 1)) if isinstance(players, int) else tuple(players)
    if len(set(ids)) != len(ids):
        raise ValueError("player ids must be distinct")
    return ids


def _key(q: Quality) -> tuple:
    return (
        q.sit_out_spread > 1,
        q.sit_out_prefix_spread > 1,
        q.partner_repeats,
        q.max_partnered,
        q.max_meetings,
        q.sit_out_prefix_spread > 1,
        q.consecutive_sit_outs,
        -q.min_meetings,
        q.max_at_one_table,
        q.ns_ew_spread,
    )


def _to_schedule(ids, rounds: list[ERound], seed, absent_by_round=None, first_rounds=()) -> Schedule:
    out = list(first_rounds)
    start = len(out)
    for i, (games, sit) in enumerate(rounds):
        absent = tuple(ids[p] for p in sorted(absent_by_round[i])) if absent_by_round else ()
        out.append(
            Round(
                number=start + i + 1,
                tables=tuple(Table(t + 1, *(ids[p] for p in g)) for t, g in enumerate(games)),
                sit_out=tuple(ids[p] for p in sit),
                absent=absent,
            )
        )
    return Schedule(players=tuple(ids), rounds=tuple(out), seed=seed)


def _relabel_for_sit_outs(n: int, rounds: list[ERound], forced: list[set[int]]) -> list[ERound] | None:
    """The same rounds with players renamed so that every forced sit-out
    (``forced[r]``: players who must sit out round r) sits out, or ``None``.

    Renaming keeps every property that counts pairs (meetings, partnerships,
    sit-out spread). Forced player f may take the place of label ℓ when ℓ sits
    out in every round f must; distinct forced players need distinct labels
    (a bipartite matching, Kuhn's augmenting paths)."""
    need: dict[int, set[int]] = {}
    for r, ps in enumerate(forced[: len(rounds)]):
        for p in ps:
            need.setdefault(p, set()).add(r)
    if any(ps for ps in forced[len(rounds):]):
        return None
    if not need:
        return rounds
    outs: list[set[int]] = [set() for _ in range(n)]
    for r, (_, sit) in enumerate(rounds):
        for p in sit:
            outs[p].add(r)
    label_of: dict[int, int] = {}
    owner: dict[int, int] = {}

    def augment(f: int, seen: set[int]) -> bool:
        # prefer f's own label: forced players already sitting out stay put
        for lab in sorted(range(n), key=lambda x: x != f):
            if lab in seen or not need[f] <= outs[lab]:
                continue
            seen.add(lab)
            if lab not in owner or augment(owner[lab], seen):
                owner[lab] = f
                label_of[f] = lab
                return True
        return False

    for f in sorted(need):
        if not augment(f, set()):
            return None
    # σ(label) = player: matched labels go to their forced players, the other
    # labels to the other players in order
    sigma = dict(owner)
    rest_players = [p for p in range(n) if p not in label_of]
    rest_labels = [x for x in range(n) if x not in owner]
    sigma.update(zip(rest_labels, rest_players))
    return [([[sigma[x] for x in g] for g in games], sorted(sigma[x] for x in sit)) for games, sit in rounds]


def _split_apart(rounds: list[ERound], forbid: set[tuple[int, int]]) -> list[ERound] | None:
    """Re-split games whose partner pairs are forbidden (couples) into a split
    where they oppose, or ``None`` when some game has no split free of
    forbidden pairs (possible only when forbidden pairs overlap, e.g. three
    players who may not partner one another). Only for starts whose games are
    unsplit (nobody meets twice, so any split keeps partners unique)."""
    bad = forbid | {(b, a) for a, b in forbid}
    out = []
    for games, sit in rounds:
        new = []
        for a, b, c, d in games:
            for g in ((a, b, c, d), (a, c, b, d), (a, b, d, c)):
                if (g[0], g[2]) not in bad and (g[1], g[3]) not in bad:
                    new.append(list(g))
                    break
            else:
                return None
        out.append((new, sit))
    return out


def _pins_fit(rounds: list[ERound], pins: dict[int, int]) -> bool:
    """True if in every round each game holds pinned players of at most one
    table and no pinned table is wanted by two games (so seating can honour
    every pin)."""
    for games, _ in rounds:
        used: set[int] = set()
        for g in games:
            want = {pins[p] for p in g if p in pins}
            if len(want) > 1 or want & used:
                return False
            used |= want
    return True


def _constrained_start(n, present, forced, rng, pins, forbid) -> list[ERound] | None:
    """A start in which nobody meets anyone twice (see ``golfer_start``),
    renamed to honour forced sit-outs and re-split to keep couples from
    partnering; ``None`` if no known start fits the constraints."""
    for _ in range(4 if pins or forbid else 1):
        start = golfer_start(n, len(present), rng)
        if start is None:
            return None
        if any(forced):
            start = _relabel_for_sit_outs(n, start, forced)
            if start is None:
                return None
        if forbid:
            start = _split_apart(start, forbid)
            if start is None:
                continue
        if not pins or _pins_fit(start, pins):
            return start
    return None


def _search(n, history, present_hist, present, forced, rng, pins, forbid, progress, cancel) -> list[ERound]:
    everyone = set(range(n))
    if not history and all(p == everyone for p in present):
        start = _constrained_start(n, present, forced, rng, pins, forbid)
        if start is not None:  # nobody meets anyone twice: no search can do better
            return start
        k = min(golfer_rounds(n), len(present) - 1)
        head = _constrained_start(n, present[:k], forced[:k], rng, pins, forbid) if k >= 2 else None
        if head is not None:  # the longest meet-once prefix, then search the rest counting it
            tail = _search(n, head, present[:k], present[k:], forced[k:], rng, pins, forbid, progress, cancel)
            return head + tail
    sit = choose_sit_outs(n, history, present_hist, present, forced, rng)
    free = [(sorted(pres - set(out)), out) for pres, out in zip(present, sit)]
    s = Search(n, history, free, rng, pins=pins, forbid=forbid, progress=progress, cancel=cancel)
    s.greedy()
    s.improve(budget(n, len(free)))
    return s.rounds()


#: renamed starts seated at most, until one reaches the least possible "most
#: rounds at one table" (the table walk's result depends on the names)
SEATINGS = 4


def _seated_start(ids, seed, rng, pins, forbid, draw: Callable[[], list[ERound] | None]) -> Schedule | None:
    """Seat starts from ``draw()`` (each call a fresh renaming) and return the
    best, stopping as soon as one reaches the table bound; None if ``draw``
    gives nothing."""
    n = len(ids)
    best = None
    for _ in range(SEATINGS):
        start = draw()
        if start is None:
            break
        cand = _to_schedule(ids, seat_and_number(n, [], start, rng, pins, apart=forbid), seed)
        q = check(cand)
        if best is None or _key(q) < best[0]:
            best = (_key(q), cand)
        if q.max_at_one_table <= q.bounds.max_at_one_table:
            break
    return None if best is None else best[1]


def _check_cancel(cancel):
    if cancel is not None and cancel():
        raise Cancelled()


def progressive(
    players: Sequence[int] | int,
    rounds: int,
    seed: int = 0,
    *,
    constraints: Constraints | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> Schedule:
    """Generate a progressive rotation.

    ``players``: the player ids (any distinct ints) or a count N meaning 1…N,
    at least 4. ``rounds``: at least 1. Each round seats all but N mod 4
    players (more only in rounds where ``constraints`` force extra sit-outs).

    A full-length night (N−1 rounds for N ≡ 0 mod 4, else N) with a known
    whist design is perfect (every pair partners once and opposes twice); other
    nights come from local search: no partner repeats while avoidable, the most
    meetings of a pair at or near ``ceil(6·T·R / C(N,2))``, sit-outs even and
    spread out, seats and tables balanced. ``progress(fraction)`` is called
    with 0…1; ``cancel()`` is polled and, if it returns True, :class:`Cancelled`
    is raised. Deterministic for a given ``seed``.

    Raises ``ValueError`` for fewer than 4 players, duplicate ids or fewer
    than 1 round.
    """
    ids = _ids(players)
    n = len(ids)
    if n < 4:
        raise ValueError("a progressive rotation needs at least 4 players")
    if rounds < 1:
        raise ValueError("a rotation needs at least 1 round")
    rng = random.Random(seed)
    cons = constraints if constraints is not None and not constraints.is_empty() else None
    index = {p: i for i, p in enumerate(ids)}
    pins = {index[p]: t for p, t in (cons.pinned.items() if cons else ()) if p in index}
    forbid = {
        (index[a], index[b]) for a, b in (cons.apart if cons else ()) if a in index and b in index and a != b
    }
    forced = [{index[p] for p in (cons.sit_out.get(r, ()) if cons else ()) if p in index} for r in range(1, rounds + 1)]
    _check_cancel(cancel)
    if progress:
        progress(0.0)

    L = full_length(n)
    everyone = set(range(n))
    candidates: list[Schedule] = []
    if rounds < L:
        # a meet-once start, when one is that long, beats any design prefix
        # (a cyclic design repeats meetings from round 2) and needs no search
        cand = _seated_start(
            ids, seed, rng, pins, forbid, lambda: _constrained_start(n, [everyone] * rounds, forced, rng, pins, forbid)
        )
        if cand is not None:
            candidates.append(cand)
    if rounds < L and not candidates and not forbid:
        # where pairs must meet twice or more, a stored night (found offline,
        # verified on loading) that reaches that least possible maximum with
        # no partner repeats
        lam = lower_bounds(n, rounds).max_meetings

        def stored() -> list[ERound] | None:
            start = stored_start(n, rounds, lam, rng) if lam >= 2 else None
            if start is not None and any(forced):
                start = _relabel_for_sit_outs(n, start, forced)
            return start if start is not None and (not pins or _pins_fit(start, pins)) else None

        cand = _seated_start(ids, seed, rng, pins, forbid, stored)
        if cand is not None:
            candidates.append(cand)
    drounds = None
    # a design's prefix is worth trying only for at least half a full rotation
    # (shorter prefixes of cyclic designs repeat meetings; building a design
    # can cost a second or two the first time)
    design = whist_design(n) if not forbid and not candidates and 2 * rounds >= L else None
    if design is not None:
        perm = list(range(n))
        rng.shuffle(perm)
        drounds = [([[perm[x] for x in g] for g in games], sorted(perm[x] for x in out)) for games, out in design]
        if any(forced[:L]):  # forced sit-outs: rename players so they sit out where the design has a sit-out
            drounds = _relabel_for_sit_outs(n, drounds[: min(rounds, L)], forced[: min(rounds, L)])
    if drounds is not None:
        take = drounds[: min(rounds, L)]
        seated = seat_and_number(n, [], take, rng, pins, apart=forbid)
        if rounds > L:
            more = _search(n, seated, [everyone] * L, [everyone] * (rounds - L), forced[L:], rng, pins, forbid,
                           progress, cancel)
            seated = seated + seat_and_number(n, seated, more, rng, pins, apart=forbid)
        cand = _to_schedule(ids, seated, seed)
        if not pins or not Constraints(pinned=cons.pinned).violations(cand):
            candidates.append(cand)
    if not candidates or (
        rounds <= 12 and drounds is not None and (rounds < L or check(candidates[0]).sit_out_prefix_spread > 1)
    ):
        found = _search(n, [], [], [everyone] * rounds, forced, rng, pins, forbid, progress, cancel)
        candidates.append(_to_schedule(ids, seat_and_number(n, [], found, rng, pins, apart=forbid), seed))
    if progress:
        progress(1.0)
    if len(candidates) == 1:  # nothing to choose between (checking it here would only cost time)
        return candidates[0]
    return min(candidates, key=lambda s: (len(cons.violations(s)) if cons else 0, _key(check(s))))


def replan(
    played: Schedule | Sequence[Round],
    players: Sequence[int],
    rounds: int,
    seed: int = 0,
    constraints: Constraints | None = None,
    *,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> Schedule:
    """Re-plan the rest of a night after arrivals and departures.

    ``played``: the rounds already played (a :class:`Schedule`, all of whose
    rounds count as played, or a sequence of its rounds). ``players``: the ids
    taking part from the next round on (late arrivals added, leavers left
    out). ``rounds``: the total for the night, played rounds included.

    Returns a schedule over everyone who ever took part: the played rounds
    keep their tables, seats and sit-outs (a late arrival is listed in their
    ``absent``), and rounds ``len(played)+1 … rounds`` are optimized counting
    every meeting, partnership, sit-out and table already played; leavers are
    ``absent`` from the new rounds. Raises ``ValueError`` if fewer than 4
    players remain or ``rounds`` is less than the rounds played.
    """
    old_rounds = list(played.rounds if isinstance(played, Schedule) else played)
    old_players = list(played.players) if isinstance(played, Schedule) else []
    for r in old_rounds:
        for p in r.players():
            if p not in old_players:
                old_players.append(p)
        for p in r.absent:
            if p not in old_players:
                old_players.append(p)
    now = list(_ids(list(players)))
    if len(now) < 4:
        raise ValueError("a progressive rotation needs at least 4 players")
    if rounds < len(old_rounds):
        raise ValueError("rounds must include the rounds already played")
    ids = tuple(old_players + [p for p in now if p not in old_players])
    n = len(ids)
    index = {p: i for i, p in enumerate(ids)}
    rng = random.Random(seed)
    cons = constraints if constraints is not None and not constraints.is_empty() else None
    pins = {index[p]: t for p, t in (cons.pinned.items() if cons else ()) if p in index}
    forbid = {(index[a], index[b]) for a, b in (cons.apart if cons else ()) if a in index and b in index and a != b}
    k = len(old_rounds)
    history: list[ERound] = []
    present_hist = []
    fixed_rounds = []
    for r in old_rounds:
        games = [[index[p] for p in t.seats] for t in sorted(r.tables, key=lambda t: t.number)]
        history.append((games, [index[p] for p in r.sit_out]))
        pres = {index[p] for p in r.players()}
        present_hist.append(pres)
        absent = tuple(p for p in ids if index[p] not in pres)
        fixed_rounds.append(Round(r.number, r.tables, r.sit_out, absent))
    remaining = rounds - k
    pres_now = {index[p] for p in now}
    forced = [
        {index[p] for p in (cons.sit_out.get(r, ()) if cons else ()) if p in index} & pres_now
        for r in range(k + 1, rounds + 1)
    ]
    new = _search(n, history, present_hist, [set(pres_now)] * remaining, forced, rng, pins, forbid, progress, cancel)
    seated = seat_and_number(n, history, new, rng, pins, apart=forbid)
    absent_new = [set(range(n)) - pres_now] * remaining
    return _to_schedule(ids, seated, seed, absent_new, fixed_rounds)
