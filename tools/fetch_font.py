"""Fetch the game's typeface into ``assets/fonts/``: Atkinson Hyperlegible
(Braille Institute of America, 2020; SIL Open Font License 1.1), drawn for
readers with low vision, with every letter of Romanian (ș ț with the comma
below), Italian and Polish.

The files come from the Python package that republishes the family,
``fontpkg-atkinson-hyperlegible`` 1.6 on PyPI (font version 1.006), fetched
with pip itself; the wheel and each file are checked against the hashes
below, so the committed files can be rebuilt and verified byte for byte.

    python tools/fetch_font.py            # (re)write assets/fonts/
    python tools/fetch_font.py --check    # exit 1 if assets/fonts/ differs

The licence (``OFL.txt``) ships beside the fonts, in the source tree, the
wheel and the packaged game alike.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FONTS = ROOT / "assets" / "fonts"
PACKAGE = "fontpkg-atkinson-hyperlegible==1.6"
WHEEL_SHA256 = "a179813cdb326822cfdef2c84a64629287c7cf72557bbca0e6150a0cbb52cffc"
FILES = {  # name in assets/fonts: (path in the wheel, sha256)
    "AtkinsonHyperlegible-Regular.ttf": (
        "fontpkg_atkinson_hyperlegible/files/AtkinsonHyperlegible-Regular.ttf",
        "7fb917c89019896d0b52ee84b7cbb3304c18cb90b19a62f5e32712bd23e97669"),
    "AtkinsonHyperlegible-Bold.ttf": (
        "fontpkg_atkinson_hyperlegible/files/AtkinsonHyperlegible-Bold.ttf",
        "5a3b0c8cc8ca545155150b4512a1fa248298df121c50d6557e651e61fbdab92f"),
    "OFL.txt": (
        "fontpkg_atkinson_hyperlegible/LICENSE",
        "f32d22b3908fcad2c86a74000614ec22e6a7f66ea7e867e616026a27aebdc143"),
}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fetch() -> dict[str, bytes]:
    """The files, from the wheel pip downloads, every hash checked."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                        "--only-binary", ":all:", "-d", tmp, PACKAGE], check=True, timeout=300)
        wheel = next(Path(tmp).glob("*.whl"))
        data = wheel.read_bytes()
        if sha256(data) != WHEEL_SHA256:
            raise SystemExit(f"{wheel.name}: unexpected sha256 {sha256(data)}")
        out = {}
        with zipfile.ZipFile(wheel) as z:
            for name, (inner, digest) in FILES.items():
                content = z.read(inner)
                if sha256(content) != digest:
                    raise SystemExit(f"{inner}: unexpected sha256 {sha256(content)}")
                out[name] = content
        return out


def check_committed() -> list[str]:
    """What is wrong with the committed files (nothing: an empty list)."""
    wrong = []
    for name, (_inner, digest) in FILES.items():
        path = FONTS / name
        if not path.is_file():
            wrong.append(f"{name}: missing")
        elif sha256(path.read_bytes()) != digest:
            wrong.append(f"{name}: differs from {PACKAGE}")
    return wrong


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="only check the committed files against the recorded hashes")
    args = ap.parse_args()
    if args.check:
        wrong = check_committed()
        for line in wrong:
            print(line, file=sys.stderr)
        return 1 if wrong else 0
    FONTS.mkdir(parents=True, exist_ok=True)
    for name, content in fetch().items():
        (FONTS / name).write_bytes(content)
        print(f"wrote {FONTS / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
