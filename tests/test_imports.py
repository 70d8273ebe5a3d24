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


# Which package may import which (DESIGN.md): engine <- ai <- session <- the
# outputs (net, ui, speech, audio, i18n), which do not import each other;
# only __main__ knows them all.  i18n (the words for cards, hands and
# amounts) sits under the outputs that speak or show them, so the table and
# the speech name a card the same way.
ALLOWED = {
    "engine": set(),
    "ai": {"engine"},
    "session": {"engine", "ai"},
    "net": {"engine", "ai", "session", "i18n"},
    "ui": {"engine", "ai", "session", "i18n"},
    "speech": {"engine", "ai", "session", "i18n"},
    "audio": {"engine", "ai", "session"},
    "i18n": {"engine", "ai", "session"},
    "variants": set(),
}


def internal_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and node.module.startswith("holdem_desktop."):
                found.add(node.module.split(".")[1])
            elif node.level >= 2 and node.module:
                found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names
                      if a.name.startswith("holdem_desktop.")}
    return found


# Leaf modules any package may use: they import nothing of the game (the
# settings are plain data the table's Settings tab edits).
LEAVES = {"resources", "settings"}


def test_packages_import_only_downwards():
    for leaf in LEAVES:
        assert not internal_imports(PACKAGE / f"{leaf}.py"), leaf
    for package, allowed in ALLOWED.items():
        folder = PACKAGE / package
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.py")):
            wrong = internal_imports(path) - allowed - LEAVES - {package}
            assert not wrong, f"{package}/{path.name} imports {sorted(wrong)}"
