"""The layout issue 17 asked for, kept: the modules of ``rotation/designs/``
import downward only, no runtime module of ``rotation`` imports inside a
function, nothing at runtime imports the offline search tools, and the round
and table aliases are declared in ``rotation/shapes.py`` alone."""

from __future__ import annotations

import ast
from pathlib import Path

ROTATION = Path(__file__).resolve().parents[2] / "euchre_tourney" / "rotation"
DESIGNS = ROTATION / "designs"
#: each module may import only the ones before it (and ``data``, ``shapes``)
ORDER = ["fields", "verify", "transversal", "cyclic", "inflation", "near_whist", "columns", "resolvable"]


def _runtime_modules():
    return sorted(p for p in ROTATION.rglob("*.py") if "search" not in p.relative_to(ROTATION).parts)


def _imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_design_modules_import_downward_only():
    prefix = "euchre_tourney.rotation.designs."
    for i, name in enumerate(ORDER):
        used = {n[len(prefix):].split(".")[0] for n in _imported(DESIGNS / f"{name}.py") if n.startswith(prefix)}
        assert used <= set(ORDER[:i]) | {"data"}, (name, used - set(ORDER[:i]))
        # besides: the data package (through the face's name) and the shapes module, nothing of the app
        outside = {n for n in _imported(DESIGNS / f"{name}.py") if n.startswith("euchre_tourney.")
                   and not n.startswith((prefix, "euchre_tourney.rotation.shapes"))}
        assert outside <= {"euchre_tourney.rotation.designs", "euchre_tourney.rotation.designs.data"}, (name, outside)
    assert not {n for n in _imported(DESIGNS / "data" / "__init__.py") if n.startswith("euchre_tourney")}


def test_no_runtime_module_imports_inside_a_function():
    found = []
    for path in _runtime_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found += [f"{path.name}:{n.lineno}" for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not found


def test_nothing_at_runtime_imports_the_search_tools():
    for path in _runtime_modules():
        assert not any(".search" in n or n.startswith("pysat") for n in _imported(path)), path


def test_round_and_table_aliases_live_in_shapes_alone():
    aliases = []
    for path in _runtime_modules():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript)
                    and isinstance(node.value.value, ast.Name) and node.value.value.id in ("tuple", "list")):
                aliases.append(f"{path.name}:{node.targets[0].id}")
    assert aliases and all(a.startswith("shapes.py:") for a in aliases), aliases
