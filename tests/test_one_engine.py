"""One engine family, one seat model (issue 33, "How it is checked"): the
import test forbids a second engine or seat type outside the protocol.

Parsed with ``ast``, as tests/test_import_rules.py does:

* every class anywhere in the package that has both ``legal_actions`` and
  ``apply`` is one of :data:`euchre_tourney.play.protocol.ENGINES` (the
  engines every game of ``protocol.GAMES`` is played by), a
  ``typing.Protocol`` (a description, not an engine), or a wrapper whose
  ``legal_actions`` and ``apply`` hand the call on to an engine (they call
  ``.legal_actions(`` / ``.apply(`` of something that is not ``self``) --
  a session, never a second state machine;
* the only enumerations of seats or sides are ``rules.seats.Seat`` and
  ``rules.scoring.Side``: no other ``Enum`` (``IntEnum``, ``StrEnum`` ...)
  named after seats, sides, positions or teams, and no ``IntEnum`` at all
  outside ``rules/seats.py``;
* every game of ``protocol.GAMES`` is dealt by an engine of ``ENGINES``
  and is an ``EuchreHand`` / ``EuchreGame``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from euchre_tourney.play import protocol

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_tourney"
SEAT_NAMES = re.compile(r"(Seat|Side|Position|Team|Partnership)s?$")
SEAT_TYPES = {("rules/seats.py", "Seat"), ("rules/scoring.py", "Side")}


def _classes(root: Path = PACKAGE):
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                yield path.relative_to(root).as_posix(), node


def _base_names(node: ast.ClassDef) -> set[str]:
    names = set()
    for b in node.bases:
        if isinstance(b, ast.Name):
            names.add(b.id)
        elif isinstance(b, ast.Attribute):
            names.add(b.attr)
        elif isinstance(b, ast.Subscript) and isinstance(b.value, (ast.Name, ast.Attribute)):
            names.add(b.value.id if isinstance(b.value, ast.Name) else b.value.attr)
    return names


def _methods(node: ast.ClassDef) -> dict[str, ast.FunctionDef]:
    return {f.name: f for f in node.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _hands_on(method: ast.FunctionDef) -> bool:
    """The method calls the same-named method of something else (``x.apply(``
    with ``x`` not bare ``self``): it wraps an engine."""
    for sub in ast.walk(method):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr == method.name:
            target = sub.func.value
            if not (isinstance(target, ast.Name) and target.id == "self"):
                return True
    return False


def _engine_problems(root: Path = PACKAGE, engines: set[tuple[str, str]] | None = None) -> list[str]:
    if engines is None:
        engines = {(c.__module__.removeprefix("euchre_tourney.").replace(".", "/") + ".py", c.__name__) for c in protocol.ENGINES}
    problems = []
    for where, node in _classes(root):
        methods = _methods(node)
        if "legal_actions" not in methods or "apply" not in methods:
            continue
        if (where, node.name) in engines or "Protocol" in _base_names(node):
            continue
        if _hands_on(methods["legal_actions"]) and _hands_on(methods["apply"]):
            continue
        problems.append(
            f"{where}:{node.lineno} class {node.name} plays euchre (legal_actions and apply) but is not an engine "
            "of play.protocol.ENGINES nor a wrapper of one: implement EuchreHand/EuchreGame in the one engine family"
        )
    return problems


def _seat_type_problems(root: Path = PACKAGE) -> list[str]:
    problems = []
    for where, node in _classes(root):
        bases = _base_names(node)
        if not any(b.endswith("Enum") or b in ("Flag", "IntFlag") for b in bases):
            continue
        if (where, node.name) in SEAT_TYPES:
            continue
        if "IntEnum" in bases:
            problems.append(f"{where}:{node.lineno} IntEnum {node.name}: the one int enumeration is rules.Seat")
        elif SEAT_NAMES.search(node.name):
            problems.append(f"{where}:{node.lineno} enum {node.name}: seats and sides are rules.Seat and rules.Side")
    return problems


def test_no_second_engine_outside_the_protocol():
    problems = _engine_problems()
    assert not problems, "\n".join(problems)


def test_no_second_seat_type():
    problems = _seat_type_problems()
    assert not problems, "\n".join(problems)


def test_the_engines_play_every_game():
    assert protocol.GAMES
    for key, rules in protocol.GAMES.items():
        hand = protocol.new_hand(rules, 0, 1)
        game = protocol.new_game(rules, 0, 1)
        assert type(hand) in protocol.ENGINES and type(game) in protocol.ENGINES, key
        assert isinstance(hand, protocol.EuchreHand) and isinstance(game, protocol.EuchreGame), key
        general = protocol.new_hand(rules, 0, 1, general=True)
        assert isinstance(general, protocol.EuchreHand) and type(general) in protocol.ENGINES


def test_the_checks_catch_a_planted_engine_and_seat_type(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "play").mkdir(parents=True)
    (pkg / "play" / "other.py").write_text(
        "from enum import IntEnum, Enum\n"
        "class Chair(IntEnum):\n    A = 0\n"
        "class TableSide(Enum):\n    X = 'x'\n"
        "class MyHand:\n"
        "    def legal_actions(self):\n        return self._legal\n"
        "    def apply(self, a):\n        self._legal = []\n"
        "class Session:\n"
        "    def legal_actions(self):\n        return self.game.legal_actions()\n"
        "    def apply(self, a):\n        self.game.apply(a)\n"
        "class Sneaky:\n"
        "    def legal_actions(self):\n        return self.legal_actions()\n"
        "    def apply(self, a):\n        self.apply(a)\n",
        encoding="utf-8",
    )
    engines = _engine_problems(pkg, engines=set())
    assert len(engines) == 2 and "MyHand" in engines[0] and "Sneaky" in engines[1]
    seats = _seat_type_problems(pkg)
    assert len(seats) == 2 and "Chair" in seats[0] and "TableSide" in seats[1]


@pytest.mark.parametrize("engine", protocol.ENGINES, ids=lambda c: c.__name__)
def test_every_engine_is_found_by_its_path(engine):
    where = engine.__module__.removeprefix("euchre_tourney.").replace(".", "/") + ".py"
    assert (PACKAGE / where).is_file()
    assert any(w == where and n.name == engine.__name__ for w, n in _classes())
