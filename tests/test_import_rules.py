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
        frozenset({"reportlab", "bidi", "arabic_reshaper"}),
    ),
    "gui": (
        frozenset({"rules", "play", "tournament", "reports", "resources", "desktop", "gui"}),
        frozenset({"PySide6", "platformdirs"}),
    ),
    # top-level modules: the command line launches the GUI, the rest is plain
    "cli": (
        frozenset({"rules", "play", "rotation", "store", "tournament", "reports", "resources", "desktop", "gui", "cli"}),
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
