"""Fetch the game's typeface into ``assets/fonts/``: Atkinson Hyperlegible
(Braille Institute of America, 2020; SIL Open Font License 1.1), drawn for
readers with low vision, with every letter of Romanian (ș ț with the comma
below), Italian and Polish.

The files come from the Python package that republishes the family,
``fontpkg-atkinson-hyperlegible`` 1.6 on PyPI (font version 1.006), fetched
with pip itself; the wheel and each file are checked against the hashes
below, so the committed files can be rebuilt and verified byte for byte.

    python tools/fetch_font.py            # (re)write assets/fonts/
    python tools/fetch_font.py --check    # exit 1 if assets/fonts/ differs from BUILT

The licence (``OFL.txt``) ships beside the fonts, in the source tree, the
wheel and the packaged game alike.

The family lacks the card suits and the arrows (♠ ♥ ♦ ♣ ← ↑ → ↓), which a
room's, a player's or a chat line's name may hold: they drew as the box of
a missing letter.  They are added here to both weights, drawn from the same
Bézier outlines as the suits of the card art (tools/make_cards.py), the
arrows with the stroke of each weight's hyphen, at the letters' cap height,
with fontTools (``pip install fonttools==4.69.1``: the version the recorded
hashes were built with; another may write other bytes, which ``--check``
then tells).  The fonts keep their names (the licence reserves none) and
say the change in their version string.  Nothing in the build depends on
the time or the machine: the same wheel gives the same files.
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
FILES = {  # name in assets/fonts: (path in the wheel, sha256 there)
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
BUILT = {  # name in assets/fonts: sha256 once the suits and arrows are added
    "AtkinsonHyperlegible-Regular.ttf":
        "5367d1de1ede61939309eded21eb9d7814a29466468424dfcec2a1ce9cea33ab",
    "AtkinsonHyperlegible-Bold.ttf":
        "50233c652384f881bbef7f0b41d2fe9477e893d5cdee10f52fbbfc70f5948961",
    "OFL.txt": FILES["OFL.txt"][1],
}
FONTTOOLS = "4.69.1"
SUIT_PATHS: dict[str, list[tuple[float, ...]]] = {
    # tools/make_cards.py's suits: a start point, then cubic (6 numbers) and
    # straight (2 numbers) segments, in a 100 x 100 box, y pointing down
    "heart": [(50, 100), (38, 84, 0, 62, 0, 33), (0, 14, 12, 2, 27, 2),
              (39, 2, 47, 10, 50, 20), (53, 10, 61, 2, 73, 2), (88, 2, 100, 14, 100, 33),
              (100, 62, 62, 84, 50, 100)],
    "diamond": [(50, 0), (60, 17, 70, 33, 84, 50), (70, 67, 60, 83, 50, 100),
                (40, 83, 30, 67, 16, 50), (30, 33, 40, 17, 50, 0)],
    "spade": [(50, 0), (62, 18, 100, 36, 100, 62), (100, 78, 88, 88, 74, 88),
              (64, 88, 57, 83, 54, 77), (55, 87, 59, 94, 68, 100), (32, 100),
              (41, 94, 45, 87, 46, 77), (43, 83, 36, 88, 26, 88), (12, 88, 0, 78, 0, 62),
              (0, 36, 38, 18, 50, 0)],
    "club": [(47, 62), (47, 80, 43, 92, 32, 100), (68, 100), (57, 92, 53, 80, 53, 62)],
}
CLUB_DISCS = [(50, 25, 23.5), (24, 60, 23.5), (76, 60, 23.5)]
CLUB_FILLER = [(50, 30), (72, 62), (28, 62)]
ADDED = {0x2660: "spade", 0x2665: "heart", 0x2666: "diamond", 0x2663: "club",
         0x2190: "arrowleft", 0x2191: "arrowup", 0x2192: "arrowright", 0x2193: "arrowdown"}


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


def _contours(name: str, scale: float, x0: float) -> list[list[tuple[str, tuple[float, ...]]]]:
    """A suit's outline as pen calls, in font units (y up, on the baseline)."""
    def pt(x: float, y: float) -> tuple[float, float]:
        return (round(x0 + x * scale, 2), round((100 - y) * scale, 2))

    def path(points: list[tuple[float, ...]]) -> list[tuple[str, tuple[float, ...]]]:
        calls: list[tuple[str, tuple[float, ...]]] = [("moveTo", pt(*points[0]))]
        for seg in points[1:]:
            if len(seg) == 2:
                calls.append(("lineTo", pt(*seg)))
            else:
                calls.append(("curveTo", (*pt(*seg[0:2]), *pt(*seg[2:4]), *pt(*seg[4:6]))))
        return calls

    out = [path(SUIT_PATHS[name])]
    if name == "club":
        out.append(path([*CLUB_FILLER, CLUB_FILLER[0]]))
        k = 0.5523  # a quarter circle as one cubic
        for cx, cy, r in CLUB_DISCS:
            c = r * k
            out.append(path([(cx + r, cy), (cx + r, cy + c, cx + c, cy + r, cx, cy + r),
                             (cx - c, cy + r, cx - r, cy + c, cx - r, cy),
                             (cx - r, cy - c, cx - c, cy - r, cx, cy - r),
                             (cx + c, cy - r, cx + r, cy - c, cx + r, cy)]))
    return out


def _arrow(name: str, stroke: float) -> tuple[list[tuple[float, float]], int]:
    """An arrow as one polygon (font units) and its advance width: a shaft of
    the hyphen's stroke and a head three strokes wide each side."""
    length, head, half = 560.0, 250.0, max(200.0, 2.6 * stroke)
    t = stroke / 2
    right = [(0, -t), (length - head, -t), (length - head, -half), (length, 0),
             (length - head, half), (length - head, t), (0, t)]  # pointing right from 0
    if name in ("arrowright", "arrowleft"):  # at the height of the hyphen's middle
        axis, side, advance = 248.0, 70.0, round(length + 140)
        pts = [(side + (x if name == "arrowright" else length - x), axis + y) for x, y in right]
    else:  # standing on the baseline, as tall as the capitals and a little more
        advance = round(2 * half + 140)
        axis, bottom = advance / 2, 0.0
        pts = [(axis + y, bottom + (x if name == "arrowup" else length - x)) for x, y in right]
    return [(round(x, 2), round(y, 2)) for x, y in pts], advance


def add_symbols(data: bytes) -> bytes:
    """The font ``data`` with the suits and arrows added (see the docstring)."""
    import io

    from fontTools.pens.areaPen import AreaPen
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.pens.reverseContourPen import ReverseContourPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    cap = font["OS/2"].sCapHeight
    hyphen = font["glyf"]["hyphen"]
    stroke = float(hyphen.yMax - hyphen.yMin)
    order = font.getGlyphOrder()
    for code, name in sorted(ADDED.items()):
        pen = TTGlyphPen(None)
        if name in SUIT_PATHS:  # as tall as the capitals, 50 units each side
            scale = cap / 100
            inset = 16 * scale if name == "diamond" else 0.0  # its box is wider than it
            contours = _contours(name, scale, 50.0 - inset)
            advance = round(100 * scale - 2 * inset + 100)
        else:
            points, advance = _arrow(name, stroke)
            contours = [[("moveTo", points[0]), *(("lineTo", p) for p in points[1:])]]
        for calls in contours:  # every contour clockwise (TrueType's outside)
            rec = RecordingPen()
            for op, args in calls:
                getattr(rec, op)(*[args[i:i + 2] for i in range(0, len(args), 2)])
            rec.closePath()
            area = AreaPen()
            rec.replay(area)
            target = Cu2QuPen(pen, max_err=1.0, reverse_direction=False)
            rec.replay(ReverseContourPen(target) if area.value > 0 else target)
        glyph = pen.glyph()
        if name == "club":  # overlapping contours, filled as one shape
            glyph.flags[0] |= 0x40
        font["glyf"][name] = glyph
        glyph.recalcBounds(font["glyf"])
        font["hmtx"][name] = (advance, glyph.xMin)
        if name not in order:
            order.append(name)
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap[code] = name
    font.setGlyphOrder(order)
    font["maxp"].numGlyphs = len(order)
    os2 = font["OS/2"]
    os2.usLastCharIndex = min(0xFFFF, max(font.getBestCmap()))
    os2.recalcUnicodeRanges(font)
    names = font["name"]
    for record in names.names:
        if record.nameID == 5:
            record.string = (record.toUnicode()
                             + "; suits and arrows added by Hold'em Desktop")
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def build(files: dict[str, bytes]) -> dict[str, bytes]:
    """The files as they go into assets/fonts: each font with its symbols."""
    return {name: add_symbols(content) if name.endswith(".ttf") else content
            for name, content in files.items()}


def check_committed() -> list[str]:
    """What is wrong with the committed files (nothing: an empty list)."""
    wrong = []
    for name, digest in BUILT.items():
        path = FONTS / name
        if not path.is_file():
            wrong.append(f"{name}: missing")
        elif sha256(path.read_bytes()) != digest:
            wrong.append(f"{name}: differs from {PACKAGE} with the symbols added")
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
    import fontTools

    if fontTools.version != FONTTOOLS:
        print(f"fontTools {fontTools.version}, not {FONTTOOLS}: the files may differ from "
              "the recorded ones", file=sys.stderr)
    FONTS.mkdir(parents=True, exist_ok=True)
    differ = False
    for name, content in build(fetch()).items():
        (FONTS / name).write_bytes(content)
        print(f"wrote {FONTS / name}")
        if sha256(content) != BUILT[name]:
            differ = True
            print(f"{name}: sha256 {sha256(content)}, not the recorded one", file=sys.stderr)
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
