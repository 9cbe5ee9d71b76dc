"""The command line: launches the app, and runs the headless commands.

``euchre-tourney`` (no command) opens the desktop app on the database named
by ``--database`` / ``EUCHRE_TOURNEY_DATABASE`` or the default file.
Headless commands (no Qt is imported for them)::

    euchre-tourney rotation --players N --rounds R [--seed S] [--format json|text]
    euchre-tourney rotation --kind teams --teams T --rounds R [--pairing round-robin|swiss|king] [--format json|text]
    euchre-tourney scorecards EVENT --out FILE.pdf [--page-size letter|a4]
    euchre-tourney tally-sheets EVENT --out FILE.pdf [--page-size letter|a4]
    euchre-tourney rotation-chart EVENT --out FILE.pdf [--page-size letter|a4]
    euchre-tourney standings EVENT [--format text|csv|json]
    euchre-tourney serve EVENT [--host H] [--port P] [--pin PIN] [--section NAME] [--expected-players N] [--url URL]
    euchre-tourney check [FILE]
    euchre-tourney publish [--event N | --season N | --all] OUT [--no-zip]
    euchre-tourney share-image (--event N | --season N) --out FILE.png [--size wide|square] [--theme light|dark]
    euchre-tourney mail-results EVENT [--yes] [--test]
    euchre-tourney club [--name TEXT] [--site-url URL] [--members on|off] [--smtp-host H] [--smtp-port P]
                        [--smtp-security ssl|starttls|none] [--smtp-user U] [--smtp-from ADDRESS] [--smtp-password]
    euchre-tourney --install-desktop | --uninstall-desktop

``--database URL`` may come before or after the command.

Every failure prints one line on standard error, never a traceback: exit
status 2 for bad input (a bad argument, an unknown event, a path that is not
a Euchre Tourney database: a folder, a missing file or folder, an empty,
random or truncated file, another program's database), 1 for the
environment (a locked or read-only file, a database from a newer version, a
server that does not answer, anything unexpected). Nothing is written then,
and the headless commands never create, initialise or change a file that
is not already this app's database.

``check`` lists every value in the file that cannot be true, one sentence a
line naming the event, season or bracket and the row
(:mod:`euchre_tourney.tournament.check`), and changes nothing: exit status
0 when it finds none, 1 when it finds some. A command that stops on such a
value says so in a sentence (the first problem, and ``check`` for the
rest), exit status 2; anything else unexpected is said in a sentence too,
exit status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn, TextIO

from euchre_tourney import __version__
from euchre_tourney.reports import REPORTS, report

EXIT_USAGE = 2
EXIT_ENVIRONMENT = 1


class UsageError(Exception):
    """A bad argument: reported as one line, exit status 2."""


class WindowProblem(Exception):
    """The window cannot open on this system: a paragraph naming the missing
    packages and their install command, printed as it is, exit status 1."""


class Failure(Exception):
    """A failure reported as one line with its own exit status."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not the usage block
        raise UsageError(message)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="euchre-tourney", description="Run a euchre club's tournament night.")
    p.add_argument("--version", action="version", version=f"euchre-tourney {__version__}")
    _add_database_option(p, None)
    desktop = p.add_mutually_exclusive_group()
    desktop.add_argument(
        "--install-desktop", action="store_true",
        help="add Euchre Tourney to your desktop's application menu (with its icon) and exit",
    )
    desktop.add_argument("--uninstall-desktop", action="store_true", help="remove what --install-desktop added and exit")
    # the window's own check for the bundle's smoke test (euchre_tourney/gui/selftest.py)
    p.add_argument("--self-test", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--section", dest="window_section", default=None, metavar="NAME",
                   help="open the window on one section of a night split into sections (a captain's laptop)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    r = sub.add_parser("rotation", help="print a rotation (no database needed)")
    r.add_argument("--kind", choices=("progressive", "teams"), default="progressive")
    r.add_argument("--players", type=_positive, help="players, numbered 1..N (progressive)")
    r.add_argument("--teams", type=_positive, help="teams, numbered 1..T (--kind teams)")
    r.add_argument("--rounds", type=_positive, required=True)
    r.add_argument("--seed", type=_int, default=0)
    r.add_argument("--format", choices=("json", "text"), default="json")
    r.add_argument(
        "--pairing",
        choices=("round-robin", "swiss", "king"),
        default="round-robin",
        help="team format (--kind teams): the whole round robin, or round 1 of a Swiss or king-of-the-hill night "
        "by seed (later rounds are paired from results, in the app)",
    )

    for rep in REPORTS:
        c = sub.add_parser(rep.name, help=rep.help)
        c.add_argument("event", metavar="EVENT", help="event id or exact name")
        c.add_argument("--out", required=True, metavar="FILE.pdf")
        c.add_argument("--page-size", choices=("letter", "a4"), default="letter")
        if rep.name != "phone-howto":
            c.add_argument("--section", default=None, metavar="NAME",
                           help="one section of a night split into sections (its tables, players or standings alone)")
        _add_database_option(c, argparse.SUPPRESS)

    pr = sub.add_parser("practice", help="open the practice table: play euchre against computer players (2 to 6 at the table)")
    # checked when given (not when the parser is built: the window's start does not load the rules)
    pr.add_argument("--rules", type=_game, default="north_american", metavar="GAME",
                    help="game: a rule preset (north_american, british ...) or a game for 2 to 6 players "
                         "(cutthroat, six_player_33 ...); a name it does not know lists them all")
    pr.add_argument("--seed", type=_int, default=None, help="seed of the deals (the same seed deals the same game)")

    sv = sub.add_parser("serve", help="serve an event's pages to the room's phones (table entry, players' view, projector)")
    sv.add_argument("event", metavar="EVENT", help="event id or exact name")
    sv.add_argument("--host", default="127.0.0.1",
                    help="the address to listen on: this machine's address on the room's network "
                    "(default 127.0.0.1, this machine only; 0.0.0.0 listens on every network, and says so)")
    sv.add_argument("--port", type=_positive, default=8765)
    sv.add_argument("--pin", default=None, help="set the director's PIN (4-12 digits) for the /director page")
    sv.add_argument("--section", default=None, metavar="NAME",
                    help="list only this section's tables (their QR addresses name this server); the players' "
                    "pages, standings and projector are served for the whole event whatever the section, and any "
                    "table's code works here (a section's phones can be moved to this server)")
    sv.add_argument("--expected-players", type=_positive, default=None, metavar="N",
                    help="the players the room may hold (default: those checked in to the event): sets how many "
                    "phones this server takes at once")
    sv.add_argument("--url", default=None, metavar="URL",
                    help="the address the QR codes carry (default http://HOST:PORT; give it when listening on "
                    "0.0.0.0 or behind another name)")
    _add_database_option(sv, argparse.SUPPRESS)

    ck = sub.add_parser("check", help="list every value in a club file that cannot be true (changes nothing)")
    ck.add_argument("file", nargs="?", default=None, metavar="FILE",
                    help="SQLite file path or database URL (default: --database, $EUCHRE_TOURNEY_DATABASE or the default file)")
    _add_database_option(ck, argparse.SUPPRESS)

    pb = sub.add_parser("publish", help="write the results as a web site any host can serve (a folder and a .zip)")
    scope = pb.add_mutually_exclusive_group()
    scope.add_argument("--event", metavar="N", help="one night (id or exact name)")
    scope.add_argument("--season", metavar="N", type=_positive, help="a season and its nights (season id)")
    scope.add_argument("--all", action="store_true", help="every night and season (the default)")
    pb.add_argument("out", metavar="OUT", help="the folder to write (made if missing); OUT.zip is written beside it")
    pb.add_argument("--no-zip", action="store_true", help="write the folder only")
    _add_database_option(pb, argparse.SUPPRESS)

    si = sub.add_parser("share-image", help="draw a night's or a season's top ten as a PNG to share")
    what = si.add_mutually_exclusive_group(required=True)
    what.add_argument("--event", metavar="N", help="a night (id or exact name)")
    what.add_argument("--season", metavar="N", type=_positive, help="a season (id)")
    si.add_argument("--out", required=True, metavar="FILE.png")
    si.add_argument("--size", choices=("wide", "square"), default="wide", help="wide: 1200×630 (a link card); square: 1080×1080")
    si.add_argument("--theme", choices=("light", "dark"), default="light")
    _add_database_option(si, argparse.SUPPRESS)

    mr = sub.add_parser("mail-results", help="e-mail each member who played a night their results (asks first)")
    mr.add_argument("event", metavar="EVENT", help="event id or exact name")
    mr.add_argument("--yes", action="store_true", help="send without asking")
    mr.add_argument("--test", action="store_true", help="send one message to the club's own address only, recording nothing")
    _add_database_option(mr, argparse.SUPPRESS)

    cl = sub.add_parser("club", help="show or change the club's settings (name, published site, mail server)")
    cl.add_argument("--name", help="the club's name")
    cl.add_argument("--site-url", help="the published site's address (linked from the e-mails)")
    cl.add_argument("--members", choices=("on", "off"), help="publish a page for each member (off by default)")
    cl.add_argument("--smtp-host")
    cl.add_argument("--smtp-port", type=_positive)
    cl.add_argument("--smtp-security", choices=("ssl", "starttls", "none"))
    cl.add_argument("--smtp-user")
    cl.add_argument("--smtp-from", metavar="ADDRESS", help="the address the results come from")
    cl.add_argument("--smtp-password", action="store_true",
                    help="ask for the mail server's password (kept in the system's keyring, never in the file)")
    _add_database_option(cl, argparse.SUPPRESS)

    s = sub.add_parser("standings", help="print an event's standings")
    s.add_argument("event", metavar="EVENT", help="event id or exact name")
    s.add_argument("--format", choices=("text", "csv", "json"), default="text")
    s.add_argument("--section", default=None, metavar="NAME",
                   help="one section's standings in a night split into sections (default: the whole night's)")
    _add_database_option(s, argparse.SUPPRESS)
    return p


def _game(text: str) -> str:
    """A game of the practice table: a four-seat preset or a game for 2 to 6 players."""
    from euchre_tourney.rules import PRESETS, tables

    if text not in PRESETS and text not in tables.TABLE_PRESETS:
        names = ", ".join([*sorted(PRESETS), *sorted(tables.TABLE_PRESETS)])
        raise argparse.ArgumentTypeError(f"no game {text!r}; choose one of {names}")
    return text


def _window_problem() -> None:
    """Before Qt is loaded: raise :class:`WindowProblem` (exit 1) naming the system
    packages the window lacks and the command that installs them
    (:func:`euchre_tourney.platform_check.startup_problem`)."""
    from euchre_tourney import platform_check

    problem = platform_check.startup_problem()
    if problem is not None:
        raise WindowProblem(problem)


def _practice(args, _out: TextIO) -> int:
    _window_problem()
    from euchre_tourney.gui import run_practice  # Qt only when the table is wanted

    return run_practice(args.rules, args.seed)


def _add_database_option(parser: argparse.ArgumentParser, default) -> None:
    # after the command too (``standings 1 --database P``); SUPPRESS there so an
    # absent option does not undo one given before the command
    parser.add_argument(
        "--database",
        metavar="URL",
        default=default,
        help="SQLite file path or SQLAlchemy URL (default: $EUCHRE_TOURNEY_DATABASE or a file in your data folder)",
    )


def main(argv: list[str] | None = None, stdout: TextIO | None = None) -> int:
    """Entry point of ``euchre-tourney`` and ``python -m euchre_tourney``; returns the exit status."""
    out = stdout or sys.stdout
    parser = build_parser()
    args = None
    try:
        args = parser.parse_args(argv)
        if args.install_desktop or args.uninstall_desktop:
            if args.command is not None:
                raise UsageError(f"--install-desktop and --uninstall-desktop take no command (got {args.command})")
            return _desktop(args, out)
        if args.command is None:
            _window_problem()
            from euchre_tourney.gui import run_app  # Qt only when the app is wanted

            return run_app(args.database, self_test=args.self_test, section=args.window_section)
        return _COMMANDS[args.command](args, out)
    except UsageError as exc:
        return _fail(str(exc), EXIT_USAGE)
    except WindowProblem as exc:  # a paragraph with the install command: printed as it is
        print(str(exc), file=sys.stderr)
        return 1
    except Failure as exc:
        return _fail(str(exc), exc.code)
    except (Exception, KeyboardInterrupt) as exc:  # never a traceback: one line, the kind of error included
        try:
            return _fail_with(exc, args)
        except Exception:  # the failure path needs the tournament package: importing it may be what failed
            print(f"euchre-tourney: error: Euchre Tourney could not start ({type(exc).__name__}: {' '.join(str(exc).split())}). "
                  "A package it needs may be too old or damaged: install it again.", file=sys.stderr)
            return EXIT_ENVIRONMENT


def _fail(message: str, code: int) -> int:
    from euchre_tourney.tournament import hide_password

    print("euchre-tourney: error: " + " ".join(hide_password(message).split()), file=sys.stderr)
    return code


READS_A_FILE = frozenset({"standings", "serve", "check", "publish", "share-image", "mail-results",
                          *(rep.name for rep in REPORTS)})
"""The commands that read the club's file (a bug there may be the file's: :func:`_fail_with`)."""


def _fail_with(exc: BaseException, args=None) -> int:
    """Any exception, through the one failure path
    (:func:`euchre_tourney.tournament.failure`): said in one line, logged.
    A bug (an exception of no known kind) is said in a sentence too: when
    the command read a club file that holds values that cannot be true
    (:func:`euchre_tourney.tournament.check.check_database`), the first of
    them and how to list the rest (exit 2); else that it was not expected
    (exit 1)."""
    from euchre_tourney.tournament import failure

    found = failure(exc)
    found.log(exc, "command line")
    if not found.unexpected:
        return _fail(found.message, found.exit_code)
    command = getattr(args, "command", None)
    what = f"“{command}”" if command else "the command"
    if command in READS_A_FILE:
        target = getattr(args, "file", None) or getattr(args, "database", None)
        problems, where = _problems_in(target)
        problems = sorted((p for p in problems if not p.fault), key=lambda p: not _names_event(p, args))
        if problems:
            more = len(problems) - 1
            rest = f" and {more} more problem{'s' if more != 1 else ''}" if more else ""
            return _fail(
                f"The file {where} holds data that cannot be true, so {what} cannot go on: {problems[0].sentence} "
                f"“euchre-tourney check {where}” lists it{rest}. Nothing was changed.",
                EXIT_USAGE,
            )
    return _fail(
        f"Euchre Tourney ran into a problem it did not expect while running {what} ({type(exc).__name__}: {exc}). "
        "Nothing was changed; please report it.",
        EXIT_ENVIRONMENT,
    )


def _names_event(problem, args) -> bool:
    """Whether ``problem`` is in the event the command names (its EVENT, by id or exact name)."""
    event = getattr(args, "event", None)
    if event is None:
        return False
    return str(problem.event_id) == event.strip() or f"“{event}”" in problem.where


def _problems_in(database: str | None) -> tuple[list, str]:
    """What :func:`~euchre_tourney.tournament.check.check_database` finds in
    ``database`` (read only), and the file as it is named; ``([], name)``
    when it cannot be read at all."""
    from euchre_tourney.tournament import check

    try:
        db = _open_read_only(database)
    except Failure:
        return [], database or "the club's file"
    try:
        with db.session() as session:
            return check.check_database(session), db.path or db.where
    except Exception:  # noqa: BLE001 - the error being said is the first one
        return [], db.path or db.where
    finally:
        db.dispose()


def _open_read_only(database: str | None):
    """The database opened read only; :class:`Failure` with the sentence if it cannot be."""
    from euchre_tourney import tournament

    try:
        return tournament.open_database(database, read_only=True)
    except (tournament.DatabaseError, ValueError) as exc:  # ValueError: a malformed URL
        found = tournament.failure(exc)
        found.log(exc, "opening the database")
        raise Failure(found.message, found.exit_code) from None


def _desktop(args, out: TextIO) -> int:
    from euchre_tourney import desktop

    if args.uninstall_desktop:
        removed = desktop.uninstall()
        out.write("".join(f"removed {p}\n" for p in removed) or "nothing to remove: the menu entry was not installed\n")
        return 0
    try:
        written = desktop.install()
    except OSError as exc:
        print(f"euchre-tourney: cannot install the menu entry: {exc.strerror or exc} ({exc.filename})", file=sys.stderr)
        return 1
    out.write("".join(f"wrote {p}\n" for p in written))
    out.write("Euchre Tourney is in your application menu (log out and in again if it does not show yet).\n")
    return 0


def _rotation(args, out: TextIO) -> int:
    from euchre_tourney import rotation

    if args.kind == "teams":
        if args.teams is None:
            raise UsageError("--kind teams needs --teams T")
        if args.players is not None:
            raise UsageError("--players is for progressive rotations; use --teams with --kind teams")
        if args.teams < 2:
            raise UsageError("a team tournament needs at least 2 teams")
        if args.pairing == "round-robin":
            schedule = rotation.team_rotation(args.teams, args.rounds, seed=args.seed)
        else:  # round 1 by seed, as the app pairs it: 1 v 2, 3 v 4, ...; the last seed has the bye
            from euchre_tourney.tournament import seed_pairing

            pairs, bye = seed_pairing(list(range(1, args.teams + 1)))
            tables = tuple(rotation.TeamTable(i + 1, a, b) for i, (a, b) in enumerate(pairs))
            schedule = rotation.TeamSchedule(args.teams, (rotation.TeamRound(1, tables, tuple(bye)),))
        text = rotation.teams_text(schedule) if args.format == "text" else None
        if text is not None and args.pairing != "round-robin":
            text += f"Rounds 2–{args.rounds}: paired from the results of the round before (in the app).\n"
    else:
        if args.players is None:
            raise UsageError("--players N is required")
        if args.teams is not None:
            raise UsageError("--teams is for --kind teams")
        if args.players < 4:
            raise UsageError("a progressive rotation needs at least 4 players")
        schedule = rotation.progressive(args.players, args.rounds, args.seed)
        text = rotation.schedule_text(schedule) if args.format == "text" else None
    if text is None:
        out.write(json.dumps(schedule.to_json()) + "\n")
    else:
        out.write(text if text.endswith("\n") else text + "\n")
    return 0


@contextmanager
def _open_event(args):
    """Yield ``(session, event)`` for the EVENT argument; :class:`UsageError`
    for a bad database or unknown event. The database is closed afterwards."""
    from euchre_tourney import tournament

    with _reading(args.database) as session:
        try:
            event = tournament.find_event(session, args.event)
        except tournament.TournamentError as exc:
            raise UsageError(exc.message) from None
        yield session, event


def _check_out_path(path_text: str) -> Path:
    path = Path(path_text).expanduser()
    if path.is_dir():
        raise UsageError(f"--out {path_text} is a folder; give a file name")
    if not path.parent.exists():
        raise UsageError(f"--out: the folder {path.parent} does not exist")
    return path


def _pdf(name: str):
    def run(args, out: TextIO) -> int:
        from euchre_tourney import tournament

        rep = report(name)
        path = _check_out_path(args.out)
        with _open_event(args) as (session, event):
            try:
                data = tournament.report_data(session, event.id, rep.name, getattr(args, "section", None))
            except tournament.TournamentError as exc:
                raise UsageError(exc.message) from None
            rep.write(data, path, page_size=args.page_size)  # whole or not at all (Report.write)
        out.write(f"wrote {path}\n")
        return 0

    return run


def _standings(args, out: TextIO) -> int:
    from euchre_tourney import tournament

    with _open_event(args) as (session, event):
        if event.kind == "team":
            return _team_standings(tournament.team_standings(session, event.id), args.format, out)
        try:
            view = tournament.standings(session, event.id, section=args.section)
        except tournament.TournamentError as exc:
            raise UsageError(exc.message) from None
    if args.format == "csv":
        out.write(tournament.standings_csv(view))
    elif args.format == "json":
        out.write(
            json.dumps(
                {
                    "event": view.event_name,
                    "tie_breaks": list(view.tie_breaks),
                    "sit_out_rule": view.sit_out_rule,
                    "status": view.status,
                    **({"section": view.section} if view.section else {}),
                    **({"sections": [{"section": n, "rounds_finished": a, "status": st} for n, a, st in view.section_status]}
                       if view.section_status and not view.section else {}),
                    "standings": [
                        {
                            "place": r.place,
                            "tied": r.tied,
                            "number": r.number,
                            "name": r.name,
                            "points": r.points,
                            "rounds_played": r.rounds_played,
                            "rounds_won": r.rounds_won,
                            "loners": r.loners,
                            "sit_outs": r.sit_outs,
                            "sit_out_credit": r.sit_out_credit,
                            "round_points": list(r.round_points),
                            **({"section": r.section} if r.section else {}),
                        }
                        for r in view.rows
                    ],
                },
                ensure_ascii=False,
            )
            + "\n"
        )
    else:
        out.write(standings_text(view))
    return 0


def _team_standings(view, fmt: str, out: TextIO) -> int:
    from euchre_tourney import tournament

    if fmt == "csv":
        out.write(tournament.team_standings_csv(view))
        return 0
    if fmt == "json":
        rows = [
            {
                "place": r.place, "tied": r.tied, "team": r.number, "name": r.name, "players": list(r.players),
                "wins": r.wins, "losses": r.losses, "ties": r.ties, "byes": r.byes, "score": r.score,
                "points_for": r.points_for, "points_against": r.points_against, "status": r.status,
                "rounds": list(r.round_results), **({"result": r.result} if view.bracket else {}),
            }
            for r in view.rows
        ]
        data = {"event": view.event_name, "tie_breaks": list(view.tie_breaks), "bye_rule": view.bye_rule, "standings": rows}
        if view.bracket:
            data["bracket"] = view.bracket
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
        return 0
    width = max([4] + [_cells(r.name) for r in view.rows])
    lines = [f"Team standings: {view.event_name}", ""]
    if view.bracket:  # a bracket night: where each team stands, then its places once the final is played
        lines[1:] = [view.bracket, ""]
        for r in view.rows:
            place = (f"={r.place}" if r.tied else str(r.place)) if r.place else ""
            lines.append(f"{place:>5}  {r.number:>4}  {_pad(r.name, width)}  {r.wins}-{r.losses}  {r.result}")
        out.write("\n".join(lines) + "\n")
        return 0
    lines.append(f"{'Place':>5}  {'No.':>4}  {'Team':<{width}}  {'Wins':>5}  {'W-L-T':>7}  {'Byes':>4}  {'For':>5}  {'Agst':>5}  {'+/-':>5}")
    for r in view.rows:
        place = f"={r.place}" if r.tied else str(r.place)
        wlt = f"{r.wins}-{r.losses}-{r.ties}"
        lines.append(
            f"{place:>5}  {r.number:>4}  {_pad(r.name, width)}  {r.score:>5g}  {wlt:>7}  {r.byes:>4}  "
            f"{r.points_for:>5}  {r.points_against:>5}  {r.difference:>+5d}"
        )
    lines += ["", "Ranked by: " + ", then ".join(view.tie_breaks).lower() + ".", tournament.BYE_RULES[view.bye_rule] + "."]
    out.write("\n".join(lines) + "\n")
    return 0


def _cells(text: str) -> int:
    """How many terminal columns ``text`` takes: a CJK character takes two
    (``wcwidth``); a character it cannot measure counts as one."""
    from wcwidth import wcswidth  # deferred on purpose: start-up time (only the text tables need it)

    width = wcswidth(text)
    return width if width >= 0 else len(text)


def _pad(text: str, width: int) -> str:
    """``text`` left-aligned in ``width`` terminal columns (wide characters counted as they show)."""
    return text + " " * max(0, width - _cells(text))


def standings_text(view) -> str:
    """Plain-text standings table."""
    width = max([4] + [_cells(r.name) for r in view.rows])
    lines = [f"Standings: {view.event_name}", ""]
    lines.append(f"{'Place':>5}  {'No.':>4}  {'Name':<{width}}  {'Points':>6}  {'Played':>6}  {'Won':>4}  {'Loners':>6}  Sit-outs")
    for r in view.rows:
        place = f"={r.place}" if r.tied else str(r.place)
        lines.append(
            f"{place:>5}  {r.number or '':>4}  {_pad(r.name, width)}  {r.points:>6}  {r.rounds_played:>6}  "
            f"{r.rounds_won:>4}  {r.loners:>6}  {r.sit_outs}"
        )
    lines += ["", "Ties are broken by: " + ", then ".join(view.tie_breaks).lower() + "."]
    return "\n".join(lines) + "\n"


@contextmanager
def _stopped_by_signals():
    """While serving, SIGINT (Ctrl+C) and SIGTERM stop ``serve`` (raised as
    ``KeyboardInterrupt`` in the main thread): put back even when the parent
    passed them ignored (a server started with ``&`` from a script or under
    ``nohup`` inherits SIGINT ignored, and Python then leaves Ctrl+C
    ignored: "Press Ctrl+C to stop" did nothing). The handlers there were
    are put back after. Only the main thread can set handlers: elsewhere
    (``main`` called from a thread) nothing is changed."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(_signum, _frame) -> NoReturn:
        raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)


def _serve(args, out: TextIO) -> int:
    from euchre_tourney import tournament
    from euchre_tourney.web import Capacity, PhoneServer, serving_collector, table_url

    try:
        db = tournament.open_database(args.database)
    except tournament.DatabaseError as exc:
        raise Failure(exc.message, exc.exit_code) from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    try:
        with db.session() as session:
            try:
                event = tournament.find_event(session, args.event)
                if args.pin is not None:
                    tournament.set_director_pin(session, event.id, args.pin)
                secrets = tournament.table_secrets(session, event.id)
                # --section: this server lists that section's tables alone (an unknown one: a sentence)
                tables = None if args.section is None else tournament.section_tables(session, event.id, args.section)
                secs = tournament.list_sections(session, event.id)  # a split night's tables are "B-7"
                players = args.expected_players or sum(e.checked_in for e in tournament.entrants(session, event.id))
            except tournament.TournamentError as exc:
                raise UsageError(exc.message) from None
        if tables is not None:
            secrets = {t: k for t, k in secrets.items() if t in tables}
        if args.url is not None and not re.fullmatch(r"https?://[^/\s]+/?", args.url):
            raise UsageError(f"--url must be an address such as http://192.168.1.20:8765, not {args.url!r}.")
        capacity = Capacity.for_room(players)
        server = PhoneServer(db, event.id, args.host, args.port, separate_process=False,  # no window to keep free
                             capacity=capacity, public_url=args.url)
        if args.host in ("0.0.0.0", "::"):
            out.write("Listening on EVERY network of this machine (--host {}): anyone on any of them can open "
                      "the players' pages.\n".format(args.host))
        try:
            server.start()
        except OSError as exc:
            raise Failure(str(exc), EXIT_ENVIRONMENT) from None
        serving_collector()  # (this process only serves from here on)
        try:
            with _stopped_by_signals():  # Ctrl+C and SIGTERM stop it, even if the parent ignored them
                out.write(f"Serving “{event.name}” at {server.url}/  (players' view; /projector for a TV; /director)\n")
                for table, secret in secrets.items():
                    out.write(f"  table {tournament.table_label(secs, table)}: {table_url(server.url, table, secret)}\n")
                if args.section is not None:
                    out.write(f"  (section {args.section}: {len(secrets)} tables listed; every table's code works here)\n")
                out.write(f"Ready for {players} players: up to {capacity.streams} pages following at once.\n")
                out.write("Press Ctrl+C to stop.\n")  # true from here on: the handlers are in place
                out.flush()
                while server.running:
                    server.wait(0.5)  # (wait for Ctrl+C)
        except KeyboardInterrupt:
            pass
        finally:
            server.stop()
        out.write("Stopped.\n")
        return 0
    finally:
        db.dispose()


def _check(args, out: TextIO) -> int:
    """``check [FILE]``: every value in the file that cannot be true, one
    sentence a line; 0 when none, 1 when some. Opens the file read only."""
    from euchre_tourney import tournament
    from euchre_tourney.tournament import check

    db = _open_read_only(args.file or args.database)
    try:
        with db.session() as session:
            problems = check.check_database(session)
            events, seasons = check.part_counts(session)
    except tournament.DatabaseError as exc:
        found = tournament.failure(exc)
        found.log(exc, "checking the database")
        raise Failure(found.message, found.exit_code) from None
    finally:
        db.dispose()
    where = tournament.hide_password(db.path or db.where)
    for p in problems:
        out.write(p.sentence + "\n")
    if problems:
        count = len(problems)
        out.write(f"{count} problem{'s' if count != 1 else ''} found in {where}. Nothing was changed.\n")
        return 1
    counted = f"{events} event{'s' if events != 1 else ''} and {seasons} season{'s' if seasons != 1 else ''}"
    out.write(f"No problems found in {where} ({counted} checked). Nothing was changed.\n")
    return 0


@contextmanager
def _reading(database: str | None):
    """A read session on the database (:class:`Failure` in words when it cannot be read)."""
    from euchre_tourney import tournament

    db = _open_read_only(database)
    try:
        with db.session() as session:
            yield session
    except tournament.DatabaseError as exc:
        found = tournament.failure(exc)
        found.log(exc, "reading the database")
        raise Failure(found.message, found.exit_code) from None
    finally:
        db.dispose()


def _open_for_writing(database: str | None):
    """The club's existing file opened to write (never a new one: it is
    checked read only first)."""
    from euchre_tourney import tournament

    _open_read_only(database).dispose()
    try:
        return tournament.open_database(database)
    except (tournament.DatabaseError, ValueError) as exc:
        found = tournament.failure(exc)
        found.log(exc, "opening the database")
        raise Failure(found.message, found.exit_code) from None


def _words(call):
    """Run ``call()``; a :class:`TournamentError` becomes a usage error in its words."""
    from euchre_tourney import tournament

    try:
        return call()
    except tournament.TournamentError as exc:
        raise UsageError(exc.message) from None


def _publish(args, out: TextIO) -> int:
    from euchre_tourney import publish, tournament

    folder = Path(args.out).expanduser()
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{args.out} is a file; give a folder to publish into")
    if not folder.parent.exists():
        raise UsageError(f"the folder {folder.parent} does not exist")
    with _reading(args.database) as session:
        if args.event is not None:
            event = _words(lambda: tournament.find_event(session, args.event))
            data = _words(lambda: tournament.site_data(session, [event.id], []))
        elif args.season is not None:
            data = _words(lambda: tournament.site_data(session, [], [args.season]))
        else:
            data = _words(lambda: tournament.site_data(session))
    try:
        report = publish.write_site(data, folder, zip_path=None if args.no_zip else "")
    except OSError as exc:
        raise Failure(f"The site could not be written to {folder}: {exc.strerror or exc}.", EXIT_ENVIRONMENT) from None
    out.write(report.text + "\n")
    if report.zip_path is not None:
        out.write(f"wrote {report.zip_path}\n")
    return 0


def _share_image(args, out: TextIO) -> int:
    from euchre_tourney import publish, tournament

    path = _check_out_path(args.out)
    with _reading(args.database) as session:
        club = tournament.club_settings(session).club_name
        if args.event is not None:
            event = _words(lambda: tournament.find_event(session, args.event))
            card = publish.night_card(club, tournament.night_page(session, event.id))
        else:
            data = _words(lambda: tournament.site_data(session, [], [args.season]))
            card = publish.season_card(club, data.seasons[0])
    png = publish.share_image(card, args.size, args.theme)
    publish.write_if_changed(path, png)
    out.write(f"wrote {path}\n")
    return 0


def _mail_results(args, out: TextIO) -> int:
    from euchre_tourney import publish, tournament

    with _reading(args.database) as session:
        event = _words(lambda: tournament.find_event(session, args.event))
        plan = _words(lambda: tournament.mail_plan(session, event.id))
    server = _words(lambda: publish.MailServer.of(plan.club))
    db = _open_for_writing(args.database)
    try:
        if args.test:
            to = _words(lambda: publish.send_test(db, event.id, server))
            out.write(f"sent a test message to {to}\n")
            return 0
        todo = plan.to_send
        out.write(f"{event.name}: {len(todo)} member{'s' if len(todo) != 1 else ''} to mail"
                  + (f", {len(plan.with_state('sent'))} already mailed" if plan.with_state("sent") else "")
                  + (f", {len(plan.without_address)} without an address" if plan.without_address else "") + ".\n")
        if not todo:
            out.write(publish.SendReport(already=[m.name for m in plan.with_state("sent")],
                                         without_address=[m.name for m in plan.without_address]).text + "\n")
            return 0
        if not args.yes:
            if not sys.stdin.isatty():
                raise UsageError("mail-results asks before sending: run it at a terminal, or add --yes")
            answer = input(f"Send {len(todo)} e-mail{'s' if len(todo) != 1 else ''} through {plan.club.smtp_host}? [y/N] ")
            if answer.strip().lower() not in ("y", "yes"):
                out.write("nothing sent\n")
                return 0
        report = _words(lambda: publish.send_results(db, event.id, server))
        out.write(report.text + "\n")
        return 1 if report.stopped else 0
    finally:
        db.dispose()


def _club(args, out: TextIO) -> int:
    from euchre_tourney import publish, tournament

    changes = {k: v for k, v in {
        "club_name": args.name, "site_url": args.site_url,
        "publish_members": None if args.members is None else args.members == "on",
        "smtp_host": args.smtp_host, "smtp_port": args.smtp_port, "smtp_security": args.smtp_security,
        "smtp_user": args.smtp_user, "smtp_from": args.smtp_from,
    }.items() if v is not None}
    if changes:
        db = _open_for_writing(args.database)
        try:
            view, _ = _words(lambda: tournament.operate(db, "Change the club's settings", tournament.set_club_settings, **changes))
        finally:
            db.dispose()
    else:
        with _reading(args.database) as session:
            view = tournament.club_settings(session)
    if args.smtp_password:
        import getpass

        _words(lambda: publish.set_smtp_password(view, getpass.getpass("The mail server's password: ")))
        out.write("the password is kept in the system's keyring\n")
    security = tournament.SMTP_SECURITIES[view.smtp_security]
    out.write(f"club name: {view.club_name or '(none)'}\nsite: {view.site_url or '(none)'}\n"
              f"member pages: {'on' if view.publish_members else 'off'}\n"
              f"mail server: {view.smtp_host or '(none)'}:{view.smtp_port}, {security}"
              + (f", user {view.smtp_user}" if view.smtp_user else "") + f"\nsent from: {view.smtp_from or '(none)'}\n")
    return 0


_COMMANDS = {
    "publish": _publish,
    "share-image": _share_image,
    "mail-results": _mail_results,
    "club": _club,
    "check": _check,
    "serve": _serve,
    "rotation": _rotation,
    **{rep.name: _pdf(rep.name) for rep in REPORTS},
    "standings": _standings,
    "practice": _practice,
}
