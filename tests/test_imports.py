"""Which way imports go (DESIGN.md): the engine uses the standard library only,
plus numpy in the modules that the evaluation issue allows (batched
evaluation, equity, ranges)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "holdem_desktop"
NUMPY_ALLOWED = {"batch.py", "equity.py", "ranges.py"}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_engine_imports_only_the_standard_library_and_numpy():
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in sorted((PACKAGE / "engine").rglob("*.py")):
        outside = imported_roots(path) - stdlib
        allowed = {"numpy"} if path.name in NUMPY_ALLOWED else set()
        assert outside <= allowed, f"{path.name} imports {sorted(outside - allowed)}"
