"""The layer rules of DESIGN.md as an allowlist, checked by parsing every
module with ``ast`` (mpvQC's ``test/test_import_rules.py`` is the model).

Each layer names everything it may import: the project's packages and the
third-party distributions; the standard library is always allowed. A module
reaches another package only through that package's face (its
``__init__``): ``from euchre_tourney.tournament import scorecards``, never
``from euchre_tourney.tournament.schedule import ...``. Imports inside
functions count as much as those at the top.

Where this is stricter than DESIGN.md's table: the GUI reaches the database
and the rotation only through ``tournament`` (DESIGN.md: "the GUI is a thin
layer over operations in tournament").
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_tourney"
STDLIB = frozenset(sys.stdlib_module_names)

LAYERS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # layer: (project packages, third-party distributions) it may import
    "rules": (frozenset({"rules"}), frozenset()),
    "play": (frozenset({"rules", "play"}), frozenset()),
    "rotation": (frozenset({"rotation"}), frozenset({"numpy"})),
    "store": (frozenset({"rules", "store"}), frozenset({"sqlmodel", "sqlalchemy", "alembic", "platformdirs"})),
    "tournament": (frozenset({"rules", "rotation", "store", "tournament"}), frozenset({"sqlmodel", "sqlalchemy", "pyuca", "openskill"})),
    "reports": (
        frozenset({"rules", "tournament", "reports", "resources"}),
        frozenset({"reportlab", "bidi", "arabic_reshaper", "segno"}),  # segno: the tally sheets' QR codes
    ),
    # the pages served to the room's phones (DESIGN.md's web row): no business rule of its own
    "publish": (
        frozenset({"rules", "tournament", "reports", "resources", "publish"}),
        frozenset({"jinja2", "PIL", "keyring"}),
    ),
    "web": (
        frozenset({"rules", "tournament", "web"}),
        frozenset({"starlette", "uvicorn", "anyio", "jinja2", "segno"}),
    ),
    # the first look at the SQLite file, read-only, before the database layer loads (the window's first second)
    "glance": (frozenset({"glance"}), frozenset({"platformdirs"})),
    "gui": (
        frozenset({"rules", "play", "tournament", "reports", "resources", "desktop", "gui", "web", "publish", "glance"}),
        frozenset({"PySide6", "platformdirs"}),
    ),
    # top-level modules: the command line launches the GUI, the rest is plain
    "cli": (
        frozenset({"rules", "play", "rotation", "store", "tournament", "reports", "resources", "desktop", "gui", "web", "publish", "cli"}),
        frozenset({"platformdirs", "wcwidth"}),
    ),
    "desktop": (frozenset({"resources", "desktop"}), frozenset({"platformdirs"})),
    "resources": (frozenset({"resources"}), frozenset()),
}
TOP_LEVEL = {
    "cli.py": "cli",
    "__main__.py": "cli",
    "__init__.py": "resources",
    "resources.py": "resources",
    "desktop.py": "desktop",
    "platform_check.py": "desktop",  # the system's packages for the window, checked before Qt loads: stdlib only
}
OFFLINE_TOOLS = ("rotation/tools", "rotation/designs/search")
"""Developer-only search tools: not in the wheel, never imported by the app
(they declare their own needs, e.g. ``python-sat``)."""


def _layer_of(path: Path, root: Path = PACKAGE) -> str | None:
    rel = path.relative_to(root)
    if any(rel.as_posix().startswith(t + "/") for t in OFFLINE_TOOLS):
        return None
    if len(rel.parts) == 1:
        return TOP_LEVEL.get(rel.name, "cli")
    return rel.parts[0]


def _imports(path: Path) -> list[tuple[int, str]]:
    """``(line, dotted name)`` of every absolute import, including each name
    imported from the project's top package (``from euchre_tourney import
    tournament`` gives ``euchre_tourney.tournament``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
            if node.module == "euchre_tourney":
                out.extend((node.lineno, f"euchre_tourney.{alias.name}") for alias in node.names)
    return out


def _problems(path: Path, layer: str, root: Path = PACKAGE) -> list[str]:
    packages, third_party = LAYERS[layer]
    where = path.relative_to(root)
    problems = []
    for line, name in _imports(path):
        parts = name.split(".")
        if parts[0] == "euchre_tourney":
            if len(parts) == 1 or parts[1].startswith("__"):
                continue
            target = parts[1]
            target_layer = TOP_LEVEL.get(target + ".py", target)
            if target_layer not in packages and target not in packages:
                problems.append(f"{where}:{line} imports {name}: {layer} may not import {target}")
            elif len(parts) > 2 and target != layer and (root / target).is_dir():
                problems.append(f"{where}:{line} imports {name}: reach {target} through its face (euchre_tourney.{target})")
        elif parts[0] not in STDLIB and parts[0] not in third_party:
            problems.append(f"{where}:{line} imports {name}: {layer} may not import {parts[0]}")
    return problems


def _modules(root: Path = PACKAGE):
    for path in sorted(root.rglob("*.py")):
        layer = _layer_of(path, root)
        if layer is not None:
            yield path, layer


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_layer_imports_only_what_design_allows(layer):
    files = [p for p, lay in _modules() if lay == layer]
    assert files, f"no modules found in {layer}"
    problems = [msg for path in files for msg in _problems(path, layer)]
    assert not problems, "\n".join(problems)


def test_every_module_belongs_to_a_layer():
    for path, layer in _modules():
        assert layer in LAYERS, f"{path.relative_to(PACKAGE)} is in no layer of DESIGN.md"


def test_cli_does_not_import_qt_at_module_level():
    tree = ast.parse((PACKAGE / "cli.py").read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    names = {a.name for n in top if isinstance(n, ast.Import) for a in n.names} | {
        n.module for n in top if isinstance(n, ast.ImportFrom) and n.module
    }
    assert not any(n.startswith(("PySide6", "euchre_tourney.gui")) for n in names)


def test_the_checker_catches_planted_violations(tmp_path):
    """The checker itself, on a planted package: every kind of violation is
    reported, and clean imports are not."""
    root = tmp_path / "euchre_tourney"
    for layer in ("rules", "play", "tournament", "gui"):
        (root / layer).mkdir(parents=True)
    (root / "rules" / "bad.py").write_text("import PySide6\nimport sqlmodel\nfrom euchre_tourney.play import Hand\n")
    (root / "play" / "deep.py").write_text(
        "from euchre_tourney.rules.cards import TRUMP_TABLES\nfrom euchre_tourney.rules import Seat\nimport random\n"
    )
    (root / "gui" / "page.py").write_text(
        "def later():\n    from euchre_tourney.store import Database\n"
        "from euchre_tourney import tournament\nfrom euchre_tourney.gui.models import X\nimport PySide6.QtCore\n"
    )
    (root / "tournament" / "ok.py").write_text("import sqlalchemy\nfrom euchre_tourney.tournament.errors import E\n")
    found = {
        p.relative_to(root).as_posix(): _problems(p, _layer_of(p, root), root) for p, _ in _modules(root)
    }
    assert len(found["rules/bad.py"]) == 3
    assert any("may not import PySide6" in m for m in found["rules/bad.py"])
    assert any("rules may not import play" in m for m in found["rules/bad.py"])
    assert found["play/deep.py"] == [
        "play/deep.py:1 imports euchre_tourney.rules.cards: reach rules through its face (euchre_tourney.rules)"
    ]
    assert found["gui/page.py"] == ["gui/page.py:2 imports euchre_tourney.store: gui may not import store"]
    assert found["tournament/ok.py"] == []


# no import cycle anywhere in the package ------------------------------------------------------


def _module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _run_nodes(tree: ast.AST):
    """Every node of ``tree`` but those in the body of an ``if TYPE_CHECKING:``
    block (the block's test and its ``else`` are run, so they are kept): one
    walk, where a set of the excluded nodes' ids made a second walk of every
    module (the cycle check took 1.6 CPU-s)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo.append(node.test)
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))


def _import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module → the project modules it imports (at the top or inside a
    function; ``from a.b import c`` means the module ``a.b.c`` when it is one,
    else ``a.b``; relative imports resolved). A submodule's implicit import of
    its parent package is not an edge (every package's face would be in a
    circle with its own parts), nor is an import under ``if TYPE_CHECKING:``
    (never run: a name for a type annotation)."""
    paths = {_module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _run_nodes(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths else base for alias in node.names]
            else:
                continue
            for target in targets:
                while target and target not in paths:  # a name inside a module: the module
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    edges.add(target)
        graph[name] = edges
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_anywhere_in_the_package():
    """Issue 21 item 7: modules import downward only; an import inside a
    function counts as much as one at the top."""
    cycles = _cycles(_import_graph())
    assert cycles == [], "import cycles:\n" + "\n".join(" ↔ ".join(c) for c in cycles)


def test_the_cycle_check_catches_a_planted_cycle(tmp_path):
    root = tmp_path / "euchre_tourney"
    (root / "gui" / "practice").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "gui" / "__init__.py").write_text("")
    (root / "gui" / "practice" / "__init__.py").write_text("from .table import PracticeWindow\n")
    (root / "gui" / "app.py").write_text("from euchre_tourney.gui.main_window import MainWindow\n")
    (root / "gui" / "main_window.py").write_text("def later():\n    from euchre_tourney.gui.practice import table\n")
    (root / "gui" / "practice" / "table.py").write_text("def run():\n    from euchre_tourney.gui.app import make\n")
    (root / "gui" / "settings.py").write_text("import json\n")
    assert _cycles(_import_graph(root)) == [
        ["euchre_tourney.gui.app", "euchre_tourney.gui.main_window", "euchre_tourney.gui.practice.table"]
    ]
    (root / "gui" / "practice" / "table.py").write_text(
        "from typing import TYPE_CHECKING\nfrom euchre_tourney.gui import settings\n"
        "if TYPE_CHECKING:\n    from euchre_tourney.gui.app import make\n"
    )
    assert _cycles(_import_graph(root)) == []


ENTRY_POINTS = frozenset({"operate", "perform", "start_operation", "run_write", "director_call"})
"""The calls through which the GUI and the web pages may run a write use
case: ``tournament.operate(db, label, use_case, …)``, ``ctx.operate(label,
use_case, …)``, its worker-thread half ``ctx.perform(label, use_case, …)``
and ``ctx.start_operation(label, use_case, …)`` (``perform`` in a worker
thread, for a rotation search); the web layer's door ``web.run_write(db,
label, use_case, …, station=…)`` and ``web.director_call(db, use_case, …)``,
both ``tournament.operate`` under a station's name, off the undo stack."""


DEFERRED_WRITES = frozenset({"_parse_table_action"})
"""Functions that only *name* a write use case for their caller to run
through an entry point: the phone form's parser (``web/app.py``) returns
``(use case, args, kwargs)``, which ``table_post`` runs through ``run_write``."""


def _entry_point_arguments(tree: ast.AST) -> set[int]:
    """ids of the nodes inside the positional arguments of an entry point
    call, and inside the return values of :data:`DEFERRED_WRITES`."""
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in DEFERRED_WRITES:
            for ret in ast.walk(node):
                if isinstance(ret, ast.Return) and ret.value is not None:
                    allowed.update(id(n) for n in ast.walk(ret.value))
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ENTRY_POINTS:
                allowed.update(id(n) for arg in node.args for n in ast.walk(arg))
    return allowed


def _tournament_names(tree: ast.AST, writes: frozenset[str]) -> tuple[set[str], set[str]]:
    """The names a module binds to the ``tournament`` package (``from
    euchre_tourney import tournament as T``) and the write use cases it
    imports by name (``from euchre_tourney.tournament import record_hand``)."""
    modules, functions = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            for alias in node.names:
                if node.module == "euchre_tourney" and alias.name == "tournament":
                    modules.add(alias.asname or alias.name)
                elif (node.module or "").startswith("euchre_tourney.tournament") and alias.name in writes:
                    functions.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "euchre_tourney.tournament" and alias.asname:
                    modules.add(alias.asname)
    return modules, functions


def _write_calls(path: Path, writes: frozenset[str]) -> list[str]:
    """Every use of a write use case in ``path`` that is not an argument of
    an entry point call (``operate``/``perform``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    allowed = _entry_point_arguments(tree)
    modules, functions = _tournament_names(tree, writes)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
            name = node.attr
        elif isinstance(node, ast.Name) and node.id in functions:
            name = node.id
        else:
            continue
        if name in writes and id(node) not in allowed:
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} uses {name} outside the unit of work (operate)")
    return found


def test_gui_and_web_run_write_use_cases_only_through_the_unit_of_work():
    from euchre_tourney.tournament import WRITE_USE_CASES

    writes = frozenset(WRITE_USE_CASES)
    assert {"record_hand", "create_event", "import_players", "import_teams_csv", "lock_round"} <= writes
    files = [p for folder in ("gui", "web") for p in sorted((PACKAGE / folder).rglob("*.py"))]
    assert files
    problems = [msg for path in files for msg in _write_calls(path, writes)]
    assert not problems, "\n".join(problems)


def test_the_entry_point_rule_catches_a_direct_write(tmp_path):
    bad = PACKAGE / "gui" / "_probe_for_test.py"
    source = (
        "from euchre_tourney import tournament\n"
        "def f(ctx):\n"
        "    ctx.run(tournament.record_hand, 1, 1, 1, 1, None)\n"
        "    ctx.operate('Save', tournament.record_hand, 1, event_id=1)\n"
    )
    try:
        bad.write_text(source, encoding="utf-8")
        problems = _write_calls(bad, frozenset({"record_hand"}))
    finally:
        bad.unlink()
    assert problems == ["gui/_probe_for_test.py:3 uses record_hand outside the unit of work (operate)"]


def test_every_use_case_that_commits_is_marked_as_a_write():
    """A new use case that commits cannot slip past the rule above: every
    public function of ``tournament`` whose body calls ``.commit()`` is in
    ``WRITE_USE_CASES``."""
    from euchre_tourney import tournament
    from euchre_tourney.tournament import WRITE_USE_CASES

    unmarked = []
    for path in sorted((PACKAGE / "tournament").glob("*.py")):
        if path.name in ("undo.py", "unit_of_work.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_") and node.name in tournament.__all__:
                commits = any(
                    isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "commit"
                    for n in ast.walk(node)
                )
                if commits and node.name not in WRITE_USE_CASES:
                    unmarked.append(f"tournament/{path.name}: {node.name}")
    assert not unmarked, "write use cases not marked @write_use_case:\n" + "\n".join(unmarked)
