"""Director constraints on a progressive rotation, and what they cost."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from euchre_tourney.rotation.designs import full_length
from euchre_tourney.rotation.model import Schedule


@dataclass(frozen=True)
class Constraints:
    """Director constraints, by player id and 1-based round / table numbers.

    ``pinned``: player → table number the player never leaves (mobility);
    ``apart``: pairs of players who must never partner (couples);
    ``sit_out``: round number → players who must sit out that round.
    """

    pinned: Mapping[int, int] = field(default_factory=dict)
    apart: Collection[tuple[int, int]] = ()
    sit_out: Mapping[int, Collection[int]] = field(default_factory=dict)

    def is_empty(self) -> bool:
        return not (self.pinned or self.apart or any(self.sit_out.values()))

    def violations(self, schedule: Schedule, name: Callable[[int], str] | None = None) -> list[str]:
        """Each broken constraint in ``schedule``, as a sentence. ``name(id)``
        gives a player's name ("Ann Lee is at table 3 …"); default "player 17"."""
        nm = name if name is not None else (lambda p: f"player {p}")
        pair = (lambda a, b: f"{name(a)} and {name(b)}") if name is not None else (lambda a, b: f"players {a} and {b}")
        out = []
        for rnd in schedule.rounds:
            for t in rnd.tables:
                for p in t.seats:
                    want = self.pinned.get(p)
                    if want is not None and want != t.number:
                        out.append(f"{nm(p)} is at table {t.number} in round {rnd.number}, not table {want}.")
                for a, b in t.partnerships:
                    if (a, b) in self._apart_set() or (b, a) in self._apart_set():
                        out.append(f"{pair(a, b)} partner in round {rnd.number}.")
            for p in self.sit_out.get(rnd.number, ()):
                if p not in rnd.sit_out and p not in rnd.absent:
                    out.append(f"{nm(p)} plays in round {rnd.number} but should sit out.")
        return out

    def _apart_set(self) -> set[tuple[int, int]]:
        return {(a, b) for a, b in self.apart}


def constraint_warnings(
    players: Collection[int] | int,
    rounds: int,
    constraints: Constraints | None,
    name: Callable[[int], str] | None = None,
) -> list[str]:
    """Plain-word warnings when ``constraints`` make the best schedule impossible
    (or impossible to honour) for these players and rounds; ``[]`` if none.
    ``name(id)`` gives a player's name for the messages ("Ann Lee is pinned to
    table 9 …"); by default players are called by id ("Player 17 …")."""
    if constraints is None:
        return []
    one = name if name is not None else (lambda p: f"Player {p}")
    some = (lambda ps: ", ".join(name(p) for p in ps)) if name is not None else (
        lambda ps: "Players " + ", ".join(map(str, ps)))
    ids = list(range(1, players + 1)) if isinstance(players, int) else list(players)
    n = len(ids)
    tables = n // 4
    out = []
    by_table: dict[int, list[int]] = {}
    for p, t in constraints.pinned.items():
        if p not in ids:
            out.append(f"Pinned player {name(p) if name is not None else p} is not in the event.")
            continue
        by_table.setdefault(t, []).append(p)
        if not 1 <= t <= tables:
            out.append(f"{one(p)} is pinned to table {t}, but there are only {tables} tables.")
    for t, ps in sorted(by_table.items()):
        if len(ps) > 4:
            out.append(f"{len(ps)} players are pinned to table {t}; only four fit.")
        if len(ps) > 1:
            out.append(
                f"{some(sorted(ps))} are all pinned to table {t}, so they meet every round "
                "they play: the least possible number of meetings cannot be reached."
            )
    if constraints.pinned and rounds > 1:
        out.append("A pinned player stays at one table all night (by request).")
    if constraints.apart and rounds >= full_length(n) and n % 4 in (0, 1):
        out.append(
            "Keeping a couple from partnering rules out a perfect full rotation (in one, every pair partners once)."
        )
    counts: dict[int, int] = {}
    for r, ps in constraints.sit_out.items():
        if not 1 <= r <= rounds:
            out.append(f"A sit-out is forced in round {r}, but the night has {rounds} rounds.")
        ps = [p for p in ps if p in ids]
        if len(ps) > n % 4:
            k = n % 4
            while k < len(ps):
                k += 4
            out.append(
                f"Round {r}: {len(ps)} forced sit-outs are more than the {n % 4} the count needs, "
                f"so {k} players sit out that round."
            )
        for p in ps:
            counts[p] = counts.get(p, 0) + 1
    fair = -(-(n % 4) * rounds // n) if n else 0
    for p, c in sorted(counts.items()):
        if c > max(fair, 1):
            out.append(f"{one(p)} is forced to sit out {c} times; sit-outs cannot be even.")
    return out
