"""The captain's phone page (issue 30 item 2): ``/captain``.

A captain opens it with her PIN (made and shown by the director, revocable:
:func:`euchre_tourney.tournament.add_captain`). It shows, for each of her
sections only, the round being played there, her tables' hands in, the
disputed hands, and two buttons: lock the section's round and call time in
it. Every action names the section; one outside her sections is refused
(403) before anything runs, and her PIN is checked again at every request,
so a withdrawn PIN stops at once. The writes go through the same use cases
as the window (:func:`~euchre_tourney.tournament.lock_section_round`,
:func:`~euchre_tourney.tournament.call_section_time`) under the station
"captain Ann (phone)": the director's audit trail names her.

The pages' plumbing (forms, tokens, rates, the worker threads) is the app's
(:func:`.app.create_app` hands it over as ``kit``); this module adds routes.
"""

from __future__ import annotations

import secrets
from types import SimpleNamespace

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from euchre_tourney import tournament
from euchre_tourney.web.ops import run_write

__all__ = ["captain_routes", "captain_view"]


def _sections_words(names) -> str:
    """("A",) → "section A"; ("A", "B", "C") → "sections A, B and C"."""
    names = list(names)
    if len(names) <= 1:
        return "section " + "".join(names)
    return "sections " + ", ".join(names[:-1]) + " and " + names[-1]


def captain_view(session, event_id: int, names: tuple[str, ...]) -> dict:
    """What the captain's page shows of sections ``names``: for each, its
    title, status sentence, round being played, its tables' hands in that
    round (labels "B-3" → count), its disputed hands, its locked rounds and
    the round in which time was called."""
    secs = tournament.list_sections(session, event_id)
    locks = tournament.section_locks(session, event_id)
    disputed = tournament.disputed_hands(session, event_id)
    out = []
    for name in names:
        try:
            sec = tournament.section_named(secs, name)
        except tournament.NotFound:
            continue
        view = tournament.standings(session, event_id, section=sec.name)
        current = tournament.playing_round(session, event_id, sec.first_table + 1)  # as the section's phones see it
        progress = tournament.round_progress(session, event_id, current) if current else {}
        mine = {
            tournament.table_label(secs, t): n for t, n in progress.items()
            if (o := tournament.section_of_table(secs, t)) is not None and o.id == sec.id
        }
        out.append(
            {
                "name": sec.name,
                "title": sec.title,
                "status": view.status,
                "round": current,
                "progress": mine,
                "disputed": [
                    (r, tournament.table_label(secs, t), h) for r, t, h in disputed
                    if (o := tournament.section_of_table(secs, t)) is not None and o.id == sec.id
                ],
                "locked": sorted(locks.get(sec.name, ())),
                "called": sec.time_called_round,
            }
        )
    return {"event": tournament.get_event(session, event_id), "sections": out}


def captain_routes(db, event_id: int, kit: SimpleNamespace) -> list[Route]:
    """The ``/captain`` routes. ``kit``: the app's ``page``, ``token``,
    ``form_of``, ``refusal``, ``read``, ``run_in_threadpool``, ``invalidate``
    and ``room`` (its ``captain_sessions``: session id → PIN's captain id,
    and the PIN delay shared with the director's page)."""
    sessions: dict[str, str] = kit.room.__dict__.setdefault("captain_sessions", {})

    async def who(request: Request) -> tournament.CaptainView | None:
        """The captain of this browser's session, read afresh (a withdrawn PIN ends it)."""
        sid = request.cookies.get("captain", "")
        name = sessions.get(sid)
        if name is None:
            return None
        found = [c for c in await kit.read(tournament.captains, event_id) if c.name == name and not c.revoked]
        if not found:
            sessions.pop(sid, None)
            return None
        return found[0]

    async def show(request: Request, captain, message: str = "", status: int = 200) -> Response:
        data = await kit.read(captain_view, event_id, captain.sections)
        return kit.page(request, "captain.html", status=status, title=f"Captain {captain.name}", captain=captain,
                        data=data, message=message, csrf=kit.token("captain"))

    async def captain_get(request: Request) -> Response:
        captain = await who(request)
        if captain is None:
            return kit.page(request, "pin.html", title="Captain", csrf=kit.token("captain-pin"), message="",
                            action="/captain")
        return await show(request, captain)

    async def captain_post(request: Request) -> Response:
        captain = await who(request)
        if captain is None:
            values = await kit.form_of(request, "captain-pin")
            if isinstance(values, Response):
                return values
            wait = kit.room.pin_try()
            if wait > 0:
                return kit.refusal(request, "Too many wrong PINs for this event: try again in a moment.", 429)
            found = None
            try:
                found = await kit.read(tournament.check_captain_pin, event_id, values.get("pin", ""))
            finally:
                kit.room.pin_checked(found is not None)
            if found is None:
                return kit.page(request, "pin.html", status=403, title="Captain", csrf=kit.token("captain-pin"),
                                action="/captain",
                                message="That is not a captain's PIN (the director gives each captain hers).")
            sid = secrets.token_urlsafe(24)
            sessions[sid] = found.name
            response = RedirectResponse("/captain", status_code=303)
            response.set_cookie("captain", sid, max_age=12 * 3600, samesite="strict", httponly=True)
            return response
        values = await kit.form_of(request, "captain")
        if isinstance(values, Response):
            return values
        section = values.get("section", "")
        if not tournament.captain_may(captain, section):
            return kit.refusal(
                request, f"Section {section[:10]!s} is not yours: you run {_sections_words(captain.sections)}. "
                "Nothing was changed.", 403,
            )
        raw = values.get("round", "")
        if not (raw.isascii() and raw.isdigit() and 0 < len(raw) < 4):
            return await show(request, captain, "Choose a round.", 400)
        rnd = int(raw)
        station = tournament.captain_station(captain.name)
        action = values.get("action", "")
        try:
            if action == "lock":
                await kit.run_in_threadpool(lambda: run_write(
                    db, f"Lock round {rnd} of section {section}", tournament.lock_section_round, event_id, section,
                    rnd, True, station=station, event_id=event_id))
                message = f"Round {rnd} of section {section.upper()} is locked."
            elif action == "call-time":
                await kit.run_in_threadpool(lambda: run_write(
                    db, f"Call time in section {section}", tournament.call_section_time, event_id, section, rnd,
                    station=station, event_id=event_id))
                message = f"Time is called in round {rnd} of section {section.upper()}."
            else:
                return await show(request, captain, "Choose what to do.", 400)
        except tournament.TournamentError as exc:
            return await show(request, captain, exc.message, 409)
        kit.invalidate()
        return await show(request, captain, message)

    return [Route("/captain", captain_get, methods=["GET"]), Route("/captain", captain_post, methods=["POST"])]


