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
# only app (the composition root) knows them all, and __main__ only calls
# it.  i18n (the words for cards, hands and amounts) sits under the outputs
# that speak or show them, so the table and the speech name a card the same
# way.
ALLOWED = {
    "engine": set(),
    "ai": {"engine"},
    "session": {"engine", "ai"},
    # the tournament over many tables: pure, it plays no hand and says no word
    "tournament": {"engine"},
    "net": {"engine", "ai", "session", "i18n"},
    # the headless server: the rooms (net) and their saves, never a window,
    # a sound or a voice (tests/server proves pygame is never imported); a web
    # page's player is worded by the desktop's own announcer, action buttons
    # and Move log (server/web.py), which import no window or voice, and its
    # cues chosen by the desktop's sound listener, on a bank with no device
    # (server/web_sounds.py: audio/ imports pygame only to open one)
    "server": {"engine", "ai", "session", "net", "i18n", "saves", "speech", "ui",
               "tournament", "audio"},
    "ui": {"engine", "ai", "session", "i18n", "store"},
    "speech": {"engine", "ai", "session", "i18n"},
    "audio": {"engine", "ai", "session"},
    "i18n": {"engine", "ai", "session"},
    "variants": set(),
    "store": {"engine", "ai", "session"},
    "app": {"engine", "ai", "session", "net", "ui", "speech", "audio", "i18n", "saves", "store"},
}


def internal_imports(path: Path) -> set[str]:
    # a relative import reaches the top of the package at level 1 from a
    # module of the package itself, at level 2 from one of its packages
    top = 1 if path.parent == PACKAGE else 2
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and node.module.startswith("holdem_desktop."):
                found.add(node.module.split(".")[1])
            elif node.level >= top and node.module:
                found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names
                      if a.name.startswith("holdem_desktop.")}
    return found


# Leaf modules any package may use: they import nothing of the game (the
# settings are plain data the table's Settings tab edits).
LEAVES = {"resources", "settings"}


def test_the_tournament_core_uses_the_standard_library_only():
    stdlib = set(sys.stdlib_module_names) | {"__future__", "holdem_desktop"}
    for path in sorted((PACKAGE / "tournament").rglob("*.py")):
        outside = imported_roots(path) - stdlib
        assert not outside, f"tournament/{path.name} imports {sorted(outside)}"


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


def test_nothing_below_the_composition_root_imports_it():
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "app" or path.name == "__main__.py":
            continue
        assert "app" not in internal_imports(path), f"{path.relative_to(PACKAGE)} imports app"


def test_the_entry_point_only_chooses_a_command():
    # argument parsing and the choice of command: the game is put together in app
    assert internal_imports(PACKAGE / "__main__.py") <= {"app", "i18n", "simulate", "stats_cli",
                                                         "server"}
    assert len((PACKAGE / "__main__.py").read_text(encoding="utf-8").splitlines()) <= 60


def test_the_protocol_core_does_no_io():
    io = {"socket", "asyncio", "selectors", "ssl", "socketserver", "threading"}
    for name in ("protocol.py", "wire.py"):
        used = imported_roots(PACKAGE / "net" / name) & io
        assert not used, f"net/{name} imports {sorted(used)}"


def imported_names(path: Path, module: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == module:
            names |= {a.name for a in node.names}
    return names


def test_the_composition_root_stays_small_and_typed():
    for path in sorted((PACKAGE / "app").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 400, f"app/{path.name} is over 400 lines"
        assert "Any" not in imported_names(path, "typing"), f"app/{path.name} uses Any"


def ui_imports(path: Path) -> set[str]:
    """The modules of ui/ that ``path`` imports anywhere in it: at the top,
    inside a function ("on first use") or for the type checker alone."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[2] for a in node.names
                          if a.name.startswith("holdem_desktop.ui.")}
            continue
        module = node.module or ""
        if node.level == 1 or module == "holdem_desktop.ui":
            found |= {a.name for a in node.names} if not module or node.level == 0 \
                else {module.split(".")[0]}
        elif node.level == 0 and module.startswith("holdem_desktop.ui."):
            found.add(module.split(".")[2])
    return found & {p.stem for p in (PACKAGE / "ui").glob("*.py")}


def import_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports in ``graph`` (module -> modules it imports), or None."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done

    def walk(module: str, path: list[str]) -> list[str] | None:
        state[module] = 1
        for used in sorted(graph[module]):
            if state.get(used) == 1:
                return [*path[path.index(used):], used]
            if used not in state:
                found = walk(used, [*path, used])
                if found:
                    return found
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = walk(module, [module])
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_circle():
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert import_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_ui_pages_only_import_downwards():
    # the pages import the Desktop protocol and their base classes from modules
    # of their own, never the start screen that opens them: no circle, not even
    # through an import inside a function or one for the type checker alone
    graph = {p.stem: ui_imports(p) - {p.stem} for p in (PACKAGE / "ui").glob("*.py")}
    assert {"desktop", "form_page", "new_game"} <= graph["online"]  # the finder reads them
    assert import_cycle(graph) is None, " -> ".join(import_cycle(graph) or [])
    assert not {m for m, used in graph.items() if "menus" in used}, "only the program opens menus"


SERVER_BORROWS = {"speech": {"announcer"},
                  "ui": {"action_panel", "reasons", "move_log", "howto", "keymap", "reading",
                         "state_words"}}
"""The only modules of speech/ and ui/ the server may import: the words and
rules a web page's player shares with the desktop, no window and no voice."""


def test_the_server_borrows_only_the_desktops_words():
    for path in sorted((PACKAGE / "server").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                parts = node.module.split(".")
                if len(parts) > 1 and parts[1] in SERVER_BORROWS:
                    assert len(parts) == 3 and parts[2] in SERVER_BORROWS[parts[1]], \
                        f"server/{path.name} imports {node.module}"
