"""The layer rules of DESIGN.md, checked by parsing every module with ast."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_tourney"

# package -> project packages it may import (stdlib is always allowed)
ALLOWED = {
    "rules": {"rules"},
    "play": {"rules", "play"},
    "rotation": {"rotation"},
    "store": {"rules", "store"},
    "tournament": {"rules", "rotation", "store", "tournament"},
    "reports": {"rules", "tournament", "reports", "resources"},
    "gui": {"rules", "play", "rotation", "store", "tournament", "reports", "gui", "resources", "desktop"},
}
THIRD_PARTY_FORBIDDEN = {
    "rules": {"PySide6", "sqlmodel", "sqlalchemy", "alembic", "reportlab", "numpy"},
    "play": {"PySide6", "sqlmodel", "sqlalchemy", "alembic", "reportlab", "numpy"},
    "rotation": {"PySide6", "sqlmodel", "sqlalchemy", "alembic", "reportlab"},
    "store": {"PySide6", "reportlab"},
    "tournament": {"PySide6", "reportlab"},
    "reports": {"PySide6", "sqlmodel", "sqlalchemy", "alembic"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            if node.module == "euchre_tourney":
                names.update(f"euchre_tourney.{alias.name}" for alias in node.names)
    return names


def _modules(layer: str):
    return sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_design_allows(layer):
    files = _modules(layer)
    assert files, f"no modules found in {layer}"
    problems = []
    for path in files:
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] == "euchre_tourney" and len(parts) > 1:
                if parts[1] not in ALLOWED[layer] and not parts[1].startswith("__"):
                    problems.append(f"{path.relative_to(PACKAGE)} imports {name}")
            elif parts[0] in THIRD_PARTY_FORBIDDEN.get(layer, ()):
                problems.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert not problems, "\n".join(problems)


def test_cli_does_not_import_qt_at_module_level():
    tree = ast.parse((PACKAGE / "cli.py").read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    names = {a.name for n in top if isinstance(n, ast.Import) for a in n.names} | {
        n.module for n in top if isinstance(n, ast.ImportFrom) and n.module
    }
    assert not any(n.startswith(("PySide6", "euchre_tourney.gui")) for n in names)


def test_checker_flags_a_forbidden_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import PySide6\nfrom euchre_tourney.store import Player\n")
    assert {"PySide6", "euchre_tourney.store"} <= _imports(bad)
