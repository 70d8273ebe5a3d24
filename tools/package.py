"""Build the packaged game for this computer: one folder holding the
program, the card art, the sounds, the catalogs and the variant files,
named ``HoldemDesktop-<version>-<platform>``, and its archive (tar.gz on
Linux, zip on Windows and macOS).

    python -m pip install -e ".[package]"
    python tools/package.py                 # dist/HoldemDesktop-0.1.0-linux-x86_64/ and .tar.gz
    python tools/package.py --no-archive    # the folder only
    python tools/package.py --digest        # the hash of everything the build depends on

PyInstaller builds it (pygame-ce ships its hooks).  Speech on Linux goes
through the system's own Speech Dispatcher client (python3-speechd, which
is not on PyPI): the game loads it from the system's Python at run time
(:func:`holdem_desktop.speech.speaker.load_system_speechd`), so the bundle
carries the standard modules that client imports.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import os
import platform
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = "HoldemDesktop"
ENTRY = "tools/frozen_main.py"
"""The program's entry script, from the project's root."""

SPEECHD_IMPORTS = ("socket", "subprocess", "tempfile", "threading")
"""The standard modules the system's ``speechd`` client imports (its
``client.py``); PyInstaller cannot see them, since that client is read from
the system's folder only when the game starts."""

DEPENDENCIES = ("numpy", "pygame-ce", "accessible-output2", "babel", "platformdirs",
                "pyinstaller", "pyinstaller-hooks-contrib")
"""Installed distributions whose versions a bundle depends on (in its digest)."""


def platform_tag(system: str | None = None, machine: str | None = None) -> str:
    """``linux-x86_64``, ``windows-x86_64``, ``macos-arm64`` …"""
    system = platform.system() if system is None else system
    machine = platform.machine() if machine is None else machine
    name = {"Linux": "linux", "Windows": "windows", "Darwin": "macos"}.get(system,
                                                                          system.lower())
    arch = machine.lower()
    arch = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(arch, arch)
    return f"{name}-{arch}"


def bundle_name(version: str, tag: str) -> str:
    """The folder's (and the archive's) name."""
    return f"{APP}-{version}-{tag}"


def version(root: Path = ROOT) -> str:
    """The game's version, as ``holdem_desktop/__init__.py`` declares it."""
    for line in (root / "holdem_desktop" / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise ValueError("holdem_desktop/__init__.py declares no __version__")


def game_modules(root: Path = ROOT) -> list[str]:
    """Every module of the game, named from its source files: each goes into
    the bundle even when nothing imports it by name (ai/players.py imports
    the levels by their names).  Read from the files, not by importing the
    package (PyInstaller's ``--collect-submodules`` does, in a child process
    that found nothing when the game was not installed: the Windows bundle
    built under Wine then lacked every AI level)."""
    names = []
    for path in sorted((root / "holdem_desktop").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def data_files(root: Path = ROOT) -> list[tuple[Path, str]]:
    """(source, folder in the bundle) of every file the game reads: where
    ``pip install`` would put them, beside the package's modules."""
    assets, locales = root / "assets", root / "locales"
    found = [(path, f"holdem_desktop/assets/{path.parent.relative_to(assets).as_posix()}")
             for path in sorted([*assets.glob("cards/*/*.png"), *assets.glob("sounds/*.wav"),
                                 *assets.glob("fonts/*.ttf"), assets / "fonts" / "OFL.txt"])]
    found += [(path, f"holdem_desktop/locales/{path.parent.relative_to(locales).as_posix()}")
              for path in sorted(locales.glob("*/LC_MESSAGES/messages.po"))]
    found += [(path, "holdem_desktop/variants")
              for path in sorted((root / "holdem_desktop" / "variants").glob("*.toml"))]
    return found


def sources(root: Path = ROOT) -> list[Path]:
    """Every file a bundle is built from."""
    files = [p for p in (root / "holdem_desktop").rglob("*") if p.is_file()
             and "__pycache__" not in p.parts]
    files += [path for path, _ in data_files(root)]
    files += [root / "pyproject.toml", root / "tools" / "package.py", root / ENTRY]
    return sorted(set(files))


def digest(root: Path = ROOT) -> str:
    """A hash of the sources, this builder, the Python and the installed
    dependencies: a bundle built from the same digest is the same bundle."""
    h = hashlib.sha256()
    h.update(f"{sys.version}|{platform_tag()}\n".encode())
    for name in DEPENDENCIES:
        try:
            h.update(f"{name}=={importlib.metadata.version(name)}\n".encode())
        except importlib.metadata.PackageNotFoundError:
            h.update(f"{name} missing\n".encode())
    for path in sources(root):
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:16]


def pyinstaller_args(name: str, dist: Path, work: Path, system: str | None = None,
                     root: Path = ROOT) -> list[str]:
    """PyInstaller's command line for a one-folder build named ``name``."""
    system = platform.system() if system is None else system
    args = [str(root / ENTRY), "--name", name, "--onedir", "--noconfirm", "--log-level", "WARN",
            "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
            "--paths", str(root),
            # test tools and a GUI toolkit nothing in the game uses
            "--exclude-module", "tkinter", "--exclude-module", "pytest",
            "--exclude-module", "hypothesis"]
    for module in (*SPEECHD_IMPORTS, *game_modules(root)):
        args += ["--hidden-import", module]
    for path, where in data_files(root):
        args += ["--add-data", f"{path}{os.pathsep}{where}"]
    if system == "Windows":
        # accessible-output2 loads its screen-reader DLLs from beside the
        # program (platform_utils.paths.embedded_data_path), not from _internal/
        args += ["--contents-directory", ".", "--windowed"]
    elif system == "Darwin":
        args += ["--windowed", "--osx-bundle-identifier", "org.holdem-desktop.game"]
    return args


def archive(folder: Path, system: str | None = None) -> Path:
    """``folder`` packed beside itself: ``.tar.gz`` on Linux, ``.zip`` elsewhere."""
    system = platform.system() if system is None else system
    fmt = "gztar" if system == "Linux" else "zip"
    made = shutil.make_archive(str(folder), fmt, root_dir=folder.parent, base_dir=folder.name)
    return Path(made)


def build(out: Path, make_archive: bool = True) -> tuple[Path, Path | None]:
    """Build the bundle into ``out``; returns the folder and the archive."""
    import PyInstaller.__main__

    folder = out / bundle_name(version(), platform_tag())
    built = out / APP  # the program inside is HoldemDesktop(.exe)
    for old in (folder, built, out / f"{APP}.app"):
        if old.exists():
            shutil.rmtree(old)
    PyInstaller.__main__.run(pyinstaller_args(APP, out, out / "pyinstaller-work"))
    if platform.system() == "Darwin":
        # The .app is what a player opens; PyInstaller leaves the plain
        # folder beside it: ship the app inside a folder of the bundle's name.
        shutil.rmtree(built)
        built.mkdir()
        (out / f"{APP}.app").rename(built / "Hold'em Desktop.app")
    built.rename(folder)
    shutil.copy(ROOT / "LICENSE", folder / "LICENSE.txt")
    return folder, archive(folder) if make_archive else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "dist",
                    help="where the folder and the archive go (default: dist/)")
    ap.add_argument("--no-archive", action="store_true", help="build the folder only")
    ap.add_argument("--digest", action="store_true",
                    help="print the hash of everything a build depends on, and stop")
    args = ap.parse_args(argv)
    if args.digest:
        print(digest())
        return 0
    start = time.perf_counter()
    folder, packed = build(args.out.resolve(), make_archive=not args.no_archive)
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(f"built {folder} ({size / 2**20:.0f} MiB) in {time.perf_counter() - start:.0f} s")
    if packed is not None:
        print(f"archive {packed} ({packed.stat().st_size / 2**20:.0f} MiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
