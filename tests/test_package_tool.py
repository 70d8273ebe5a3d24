"""tools/package.py, the builder of the packaged game: its names, what it
puts in a bundle, the archive, and the digest that keys CI's cache.  (The
bundle itself is built and played by tools/smoke_bundle.py in .ci/run.)"""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import tarfile
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

import holdem_desktop

ROOT = Path(__file__).resolve().parents[1]
SPEECHD = Path("/usr/lib/python3/dist-packages/speechd")


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("package_tool", ROOT / "tools" / "package.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


package = load_tool()


@pytest.mark.parametrize(("system", "machine", "tag"), [
    ("Linux", "x86_64", "linux-x86_64"),
    ("Linux", "aarch64", "linux-arm64"),
    ("Windows", "AMD64", "windows-x86_64"),
    ("Windows", "ARM64", "windows-arm64"),
    ("Darwin", "arm64", "macos-arm64"),
    ("Darwin", "x86_64", "macos-x86_64"),
])
def test_the_platform_in_a_bundles_name(system, machine, tag):
    assert package.platform_tag(system, machine) == tag
    assert package.bundle_name("0.1.0", tag) == f"HoldemDesktop-0.1.0-{tag}"


def test_the_version_is_the_games():
    assert package.version() == holdem_desktop.__version__


def test_a_bundle_carries_every_asset_catalog_and_variant_where_the_game_looks():
    files = {(path.relative_to(ROOT).as_posix(), where) for path, where in package.data_files()}
    assert ("assets/cards/classic/As.png", "holdem_desktop/assets/cards/classic") in files
    assert ("assets/cards/four_color/back.png", "holdem_desktop/assets/cards/four_color") in files
    assert ("assets/sounds/pot_won.wav", "holdem_desktop/assets/sounds") in files
    assert ("assets/fonts/AtkinsonHyperlegible-Regular.ttf", "holdem_desktop/assets/fonts") in files
    assert ("assets/fonts/OFL.txt", "holdem_desktop/assets/fonts") in files
    assert ("holdem_desktop/variants/tournament.toml", "holdem_desktop/variants") in files
    languages = {where for path, where in files if path.endswith(".po")}
    assert languages == {f"holdem_desktop/locales/{code}/LC_MESSAGES"
                         for code in ("ro", "it", "pl")}
    # every card face and sound there is, nothing left behind
    wanted = {p.relative_to(ROOT).as_posix() for p in (ROOT / "assets").rglob("*")
              if p.suffix in (".png", ".wav", ".ttf") or p.name == "OFL.txt"}
    assert wanted <= {path for path, _ in files}


def test_the_command_line_adds_the_data_the_speech_client_needs_and_the_windows_layout():
    args = package.pyinstaller_args("HoldemDesktop", Path("dist"), Path("work"), "Linux")
    assert args[0].endswith("frozen_main.py") and Path(args[0]).is_file()
    hidden = {args[i + 1] for i, a in enumerate(args) if a == "--hidden-import"}
    assert hidden == set(package.SPEECHD_IMPORTS) | set(package.game_modules())
    data = [args[i + 1] for i, a in enumerate(args) if a == "--add-data"]
    assert len(data) == len(package.data_files())
    assert all(os.pathsep in d for d in data)
    assert "--contents-directory" not in args and "--windowed" not in args
    windows = package.pyinstaller_args("HoldemDesktop", Path("dist"), Path("work"), "Windows")
    assert windows[windows.index("--contents-directory") + 1] == "."
    assert "--windowed" in windows
    assert "--windowed" in package.pyinstaller_args("HoldemDesktop", Path("d"), Path("w"),
                                                    "Darwin")


def test_every_module_of_the_game_goes_into_the_bundle_installed_or_not():
    # the levels are imported by name (ai/players.py): nothing else makes
    # PyInstaller take them, and a Windows bundle built without them crashed
    # at New game
    modules = package.game_modules()
    assert {"holdem_desktop", "holdem_desktop.ai", "holdem_desktop.ai.easy",
            "holdem_desktop.ai.normal", "holdem_desktop.ai.hard", "holdem_desktop.__main__",
            "holdem_desktop.server.main"} <= set(modules)
    sources = list((ROOT / "holdem_desktop").rglob("*.py"))
    assert len(modules) == len(set(modules)) == len(sources)
    for name in modules:  # each one a module the game can import
        assert importlib.util.find_spec(name) is not None, name


@pytest.mark.skipif(not (SPEECHD / "client.py").is_file(),
                    reason="needs the Debian package python3-speechd")
def test_the_bundle_carries_every_module_the_systems_speech_client_imports():
    imported: set[str] = set()
    for source in SPEECHD.glob("*.py"):
        if source.name.startswith("_test"):
            continue
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    imported -= {"dummy_threading"}  # only tried when threading is missing
    always = {"sys", "os", "time"}  # in every frozen program (PyInstaller's bootstrap)
    assert imported - always <= set(package.SPEECHD_IMPORTS), imported


def test_the_archive_is_a_tar_gz_on_linux_and_a_zip_elsewhere(tmp_path):
    folder = tmp_path / "HoldemDesktop-0.1.0-test"
    (folder / "_internal").mkdir(parents=True)
    (folder / "HoldemDesktop").write_text("program")
    (folder / "_internal" / "data.txt").write_text("data")
    tgz = package.archive(folder, "Linux")
    assert tgz.name == "HoldemDesktop-0.1.0-test.tar.gz"
    with tarfile.open(tgz) as t:
        assert "HoldemDesktop-0.1.0-test/_internal/data.txt" in t.getnames()
    packed = package.archive(folder, "Windows")
    assert packed.name == "HoldemDesktop-0.1.0-test.zip"
    assert "HoldemDesktop-0.1.0-test/HoldemDesktop" in zipfile.ZipFile(packed).namelist()


def test_the_digest_follows_the_sources(tmp_path):
    root = tmp_path / "project"
    for part in ("holdem_desktop", "assets", "locales", "tools", "pyproject.toml"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, root / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, root / part)
    first = package.digest(root)
    assert package.digest(root) == first
    (root / "assets" / "sounds" / "pot_won.wav").write_bytes(b"changed")
    changed = package.digest(root)
    assert changed != first
    (root / "holdem_desktop" / "ui" / "app.py").write_text("# changed\n")
    assert package.digest(root) not in (first, changed)
