"""Prize categories of a progressive event, computed from its standings.

A club gives prizes for: high score, second, third, low score, most loners,
and "closest to N" (a number the director picks before the night, so a
middling player can win too). The director chooses which categories the
event has (``Event.prizes_json``; :data:`DEFAULT_PRIZES` until changed).

**Who wins.** Prizes follow the standings exactly as printed, tie-breaks
included (total points, rounds won, loners made):

* *high score*, *second*, *third*: the players of the 1st, 2nd and 3rd
  place group of the standings (a shared place is one group, so two players
  level on every tie-break share first and the next player is second);
* *low score*: the fewest points among players who played a round and
  whose tables are all in (a player waiting for this round's table is not
  low, only behind);
* *most loners*: the most loners made (none while nobody made one);
* *closest to N*: the smallest distance from N points.

Ties are never broken by chance: every player level for a prize is listed
and the prize is marked shared ("shared by 2"). Prizes use only finished
tables (see :mod:`.standings`), so they are honest mid-event too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlmodel import Session

from euchre_tourney.tournament.common import load_event
from euchre_tourney.tournament.errors import TournamentError
from euchre_tourney.tournament.readmodels import StandingRow
from euchre_tourney.tournament.unit_of_work import write_use_case

PRIZE_KINDS = {
    "high": "High score",
    "second": "Second",
    "third": "Third",
    "low": "Low score",
    "loners": "Most loners",
    "closest": "Closest to",
}
"""Prize category key → its title (``closest`` adds " N")."""

DEFAULT_PRIZES: tuple[tuple[str, int | None], ...] = (
    ("high", None), ("second", None), ("third", None), ("low", None), ("loners", None),
)
"""The categories of an event whose director has not chosen any."""


@dataclass(frozen=True, slots=True)
class PrizeView:
    """One prize: ``title`` ("Closest to 40"), the ``winners`` (names, with
    their number in the event: "Ann Lee (7)"), ``shared`` when more than
    one, and ``detail`` ("41 points", "3 loners"); ``winners`` is empty while
    nobody qualifies (e.g. no loner made yet)."""

    kind: str
    title: str
    winners: tuple[str, ...]
    detail: str
    shared: bool
    target: int | None = None

    @property
    def text(self) -> str:
        """One line: "High score: Ann Lee (7) — 41 points"; "… shared by 2"."""
        if not self.winners:
            return f"{self.title}: not yet won"
        share = f" (shared by {len(self.winners)})" if self.shared else ""
        return f"{self.title}: {', '.join(self.winners)} — {self.detail}{share}"


def _who(rows) -> tuple[str, ...]:
    return tuple(f"{r.name} ({r.number})" if r.number else r.name for r in rows)


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def compute_prizes(rows: tuple[StandingRow, ...] | list[StandingRow], categories=DEFAULT_PRIZES) -> tuple[PrizeView, ...]:
    """The prizes for standings ``rows`` (best first, as
    :func:`~.standings.compute_standings` returns them) and ``categories``
    (``(kind, target)`` pairs; ``target`` only for ``"closest"``)."""
    out = []
    groups: list[list[StandingRow]] = []
    for r in rows:
        if groups and groups[-1][0].place == r.place:
            groups[-1].append(r)
        else:
            groups.append([r])
    played = [r for r in rows if r.rounds_played]
    for kind, target in categories:
        title = PRIZE_KINDS[kind] + (f" {target}" if kind == "closest" else "")
        winners: list[StandingRow] = []
        detail = ""
        if kind in ("high", "second", "third"):
            index = ("high", "second", "third").index(kind)
            if index < len(groups) and played:
                winners = groups[index]
                detail = _points(winners[0].points)
        elif kind == "low" and (settled := _tables_all_in(played)):
            low = min(r.points for r in settled)
            winners = [r for r in settled if r.points == low]
            detail = _points(low)
        elif kind == "loners":
            most = max((r.loners for r in rows), default=0)
            if most:
                winners = [r for r in rows if r.loners == most]
                detail = f"{most} loner" + ("" if most == 1 else "s")
        elif kind == "closest" and played:
            gap = min(abs(r.points - target) for r in played)
            winners = [r for r in played if abs(r.points - target) == gap]
            detail = _points(winners[0].points) if len({r.points for r in winners}) == 1 else (
                " / ".join(_points(p) for p in sorted({r.points for r in winners}))
            )
        out.append(PrizeView(kind, title, _who(winners), detail, len(winners) > 1, target))
    return tuple(out)


def _tables_all_in(rows: list[StandingRow]) -> list[StandingRow]:
    """The players with no table still to come in: none of their rounds is
    empty while another player already has points in it (a round under way).
    Their low total is theirs; the others' would only grow."""
    under_way = {i for r in rows for i, points in enumerate(r.round_points) if points is not None}
    return [r for r in rows if all(r.round_points[i] is not None for i in under_way)]


def prize_categories(session: Session, event_id: int) -> tuple[tuple[str, int | None], ...]:
    """The event's prize categories, ``(kind, target)`` pairs in order."""
    return parse_categories(load_event(session, event_id).prizes_json)


def parse_categories(text: str) -> tuple[tuple[str, int | None], ...]:
    """``Event.prizes_json`` as ``(kind, target)`` pairs ("" → the default)."""
    if not text:
        return DEFAULT_PRIZES
    try:
        return tuple((d["kind"], d.get("target")) for d in json.loads(text))
    except (ValueError, KeyError, TypeError):
        return DEFAULT_PRIZES


@write_use_case
def set_prize_categories(session: Session, event_id: int, categories) -> tuple[tuple[str, int | None], ...]:
    """Choose the event's prize categories (``(kind, target)`` pairs, each
    kind at most once; "closest" needs a whole-number target 0–999); commit.
    :class:`TournamentError` in the director's words otherwise."""
    event = load_event(session, event_id)
    cleaned = []
    seen = set()
    for kind, target in categories:
        if kind not in PRIZE_KINDS:
            raise TournamentError(f"There is no prize called {kind!r}: choose from {', '.join(PRIZE_KINDS.values())}.")
        if kind in seen:
            raise TournamentError(f"The prize “{PRIZE_KINDS[kind]}” is listed twice.")
        seen.add(kind)
        if kind == "closest":
            if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target <= 999:
                raise TournamentError("“Closest to” needs a number of points from 0 to 999.")
        else:
            target = None
        cleaned.append({"kind": kind, "target": target} if target is not None else {"kind": kind})
    event.prizes_json = json.dumps(cleaned)
    session.add(event)
    session.commit()
    return parse_categories(event.prizes_json)
