"""The installed game carries everything it needs: every package, the
variant files, the card art and the sounds."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _sources(tmp_path: Path) -> Path:
    """A copy of the checkout to build from: setuptools writes its build and
    egg-info folders into the tree it builds, and in CI another suite runs
    this test in the same checkout at the same time (the Windows one, under
    Wine, beside the newest CPython's); the copy leaves out only what is not
    the project's (Git, the venvs, the tools' caches, builds) — its
    ``__pycache__`` folders stay, for the sdist to show it leaves them out."""
    copy = tmp_path / "src"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".git", ".venv", ".ci-venv*", "build", "dist", "*.egg-info", ".hypothesis",
        ".mypy_cache", ".pytest_cache", ".ruff_cache", "hands", "HoldemDesktop-*"))
    return copy


def test_every_package_is_listed_for_installation():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "holdem_desktop").rglob("__init__.py")}
    assert found | {"holdem_desktop.assets", "holdem_desktop.locales"} == listed


def test_the_wheel_holds_assets_and_variants(tmp_path):
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                          "-q", "-w", str(tmp_path), str(_sources(tmp_path))],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    wheel = next(tmp_path.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "holdem_desktop/variants/tournament.toml" in names
    assert "holdem_desktop/assets/sounds/pot_won.wav" in names
    assert "holdem_desktop/assets/cards/classic/As.png" in names
    assert "holdem_desktop/assets/cards/four_color/back.png" in names
    assert "holdem_desktop/assets/fonts/AtkinsonHyperlegible-Regular.ttf" in names
    assert "holdem_desktop/assets/fonts/AtkinsonHyperlegible-Bold.ttf" in names
    assert "holdem_desktop/assets/fonts/OFL.txt" in names  # the font's licence beside it
    assert "holdem_desktop/audio/bank.py" in names
    assert "holdem_desktop/locales/messages.pot" in names


def test_the_source_distribution_holds_the_tests_the_tools_and_the_licence(tmp_path):
    out = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path),
                          str(_sources(tmp_path))], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "License classifiers are deprecated" not in out.stderr + out.stdout
    assert "project.license as a TOML table is deprecated" not in out.stderr + out.stdout
    sdist = next(tmp_path.glob("*.tar.gz"))
    with tarfile.open(sdist) as t:
        names = {name.split("/", 1)[1] for name in t.getnames() if "/" in name}
        info = t.extractfile(next(n for n in t.getnames() if n.endswith("/PKG-INFO")
                                  and n.count("/") == 1))
        assert info is not None
        metadata = info.read().decode()
    for wanted in ("LICENSE", "tests/conftest.py", "tests/desktop.py", "tests/net/__init__.py",
                   "tests/ui/test_app.py", "tools/make_cards.py", "tools/make_sounds.py",
                   "tools/package.py", "tools/frozen_main.py", "babel.cfg",
                   "locales/messages.pot", "assets/sounds/pot_won.wav",
                   "tools/fetch_font.py", "assets/fonts/OFL.txt"):
        assert wanted in names, wanted
    assert not any("__pycache__" in name for name in names)
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Programming Language :: Python :: 3.13" in metadata
