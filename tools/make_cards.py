"""Generate the card art the table draws: two decks of 52 faces and a back, as PNG.

    python tools/make_cards.py              # write assets/cards/{classic,four_color}/
    python tools/make_cards.py --out DIR    # write somewhere else
    python tools/make_cards.py --check      # regenerate into a temporary folder and
                                            # exit 1 if a committed file differs

The art is drawn for low-vision players first: jumbo corner indices (rank and
suit, top left and rotated bottom right), ink colours with high contrast on
white, large pips, court cards as a big letter and suit instead of pictures.

Everything is vector geometry rasterised here with numpy: suits are closed
Bézier paths and circles, filled by scanline at 4×4 samples per pixel and
averaged down; rank text comes from pygame's bundled default font, rendered
at four times the size and averaged down the same way.  Only exact arithmetic
is used on the sample grids (no trigonometry) and the PNG files are encoded
here (IHDR, IDAT, IEND and nothing else: no time stamp, no text chunk), so the
same input gives byte-identical files.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import struct
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

import numpy as np

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "assets" / "cards"

W, H = 250, 350          # base size in pixels; the table scales down from here
SS = 4                   # samples per pixel along each axis
RADIUS = 16.0            # corner radius
BORDER = 2.0             # width of the dark outline

RANKS = "23456789TJQKA"
RANK_TEXT = {"T": "10"}

Color = tuple[int, int, int]
PAPER: Color = (255, 255, 255)
OUTLINE: Color = (38, 38, 44)

# Ink colours: each has a contrast ratio of at least 5.2 on white paper.  The four-colour
# set was chosen so that every pair stays apart (CIELAB ΔE ≥ 28) for normal vision and
# under simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009).
BLACK: Color = (20, 20, 24)
RED: Color = (216, 16, 16)
BLUE: Color = (24, 52, 228)
GREEN: Color = (0, 122, 92)
DECKS: dict[str, dict[str, Color]] = {
    "classic": {"s": BLACK, "h": RED, "d": RED, "c": BLACK},
    "four_color": {"s": BLACK, "h": RED, "d": BLUE, "c": GREEN},
}

# ---------------------------------------------------------------------------
# Suit geometry: closed paths of cubic Béziers (and circles) in a 100 × 100 box,
# y pointing down.

def _bezier_path(start: tuple[float, float], segments: Sequence[Sequence[float]],
                 steps: int = 24) -> np.ndarray:
    """A polygon through cubic segments (6 numbers) and straight ones (2 numbers)."""
    points = [start]
    x0, y0 = start
    ts = np.arange(1, steps + 1, dtype=np.float64) / steps
    for seg in segments:
        if len(seg) == 2:
            points.append((seg[0], seg[1]))
            x0, y0 = seg
            continue
        x1, y1, x2, y2, x3, y3 = seg
        u = 1.0 - ts
        bx = u * u * u * x0 + 3 * u * u * ts * x1 + 3 * u * ts * ts * x2 + ts * ts * ts * x3
        by = u * u * u * y0 + 3 * u * u * ts * y1 + 3 * u * ts * ts * y2 + ts * ts * ts * y3
        points.extend(zip(bx.tolist(), by.tolist(), strict=True))
        x0, y0 = x3, y3
    return np.array(points, dtype=np.float64)


class Shape:
    """A union of polygons (even-odd filled) and discs, in a 100 × 100 design box."""

    def __init__(self, polygons: Sequence[np.ndarray] = (),
                 discs: Sequence[tuple[float, float, float]] = (),
                 box: tuple[float, float] = (100.0, 100.0)) -> None:
        self.polygons = list(polygons)
        self.discs = list(discs)
        self.box = box

    def inside(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Which of the sample points (xs along a row, ys down a column) are inside."""
        grid = np.zeros((ys.size, xs.size), dtype=bool)
        for cx, cy, r in self.discs:
            dx2 = (xs - cx) ** 2
            dy2 = (ys - cy) ** 2
            grid |= (dy2[:, None] + dx2[None, :]) <= r * r
        for poly in self.polygons:
            grid |= _fill_polygon(poly, xs, ys)
        return grid


def _fill_polygon(poly: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Even-odd scanline fill of one polygon at the sample points."""
    x1, y1 = poly[:, 0], poly[:, 1]
    x2, y2 = np.roll(x1, -1), np.roll(y1, -1)
    out = np.zeros((ys.size, xs.size), dtype=bool)
    for row, y in enumerate(ys):
        crossing = (y1 > y) != (y2 > y)
        if not crossing.any():
            continue
        ax, ay, bx, by = x1[crossing], y1[crossing], x2[crossing], y2[crossing]
        cross_x = np.sort(ax + (y - ay) * (bx - ax) / (by - ay))
        out[row] = np.searchsorted(cross_x, xs) % 2 == 1
    return out


def _heart() -> Shape:
    path = _bezier_path((50, 100), [
        (38, 84, 0, 62, 0, 33), (0, 14, 12, 2, 27, 2), (39, 2, 47, 10, 50, 20),
        (53, 10, 61, 2, 73, 2), (88, 2, 100, 14, 100, 33), (100, 62, 62, 84, 50, 100),
    ])
    return Shape([path], box=(100, 100))


def _diamond() -> Shape:
    path = _bezier_path((50, 0), [
        (60, 17, 70, 33, 84, 50), (70, 67, 60, 83, 50, 100),
        (40, 83, 30, 67, 16, 50), (30, 33, 40, 17, 50, 0),
    ])
    return Shape([path], box=(100, 100))


def _spade() -> Shape:
    path = _bezier_path((50, 0), [
        (62, 18, 100, 36, 100, 62), (100, 78, 88, 88, 74, 88), (64, 88, 57, 83, 54, 77),
        (55, 87, 59, 94, 68, 100), (32, 100),
        (41, 94, 45, 87, 46, 77), (43, 83, 36, 88, 26, 88), (12, 88, 0, 78, 0, 62),
        (0, 36, 38, 18, 50, 0),
    ])
    return Shape([path], box=(100, 100))


def _club() -> Shape:
    stem = _bezier_path((47, 62), [(47, 80, 43, 92, 32, 100), (68, 100),
                                   (57, 92, 53, 80, 53, 62)])
    filler = np.array([(50, 30), (72, 62), (28, 62)], dtype=np.float64)
    return Shape([stem, filler], discs=[(50, 25, 23.5), (24, 60, 23.5), (76, 60, 23.5)],
                 box=(100, 100))


def _crown(peaks: int, balls: bool = True) -> Shape:
    """A crown of ``peaks`` points (tipped with balls) over a band: 100 × 80."""
    xs = np.linspace(6.0, 94.0, peaks)
    middle = (peaks - 1) / 2
    points: list[tuple[float, float]] = [(12.0, 58.0)]
    discs = []
    for i, x in enumerate(xs):
        tip = 10.0 + 16.0 * abs(i - middle) / max(middle, 1.0)
        if i:
            points.append(((xs[i - 1] + x) / 2, 42.0))
        points.append((float(x), tip))
        if balls:
            discs.append((float(x), tip - 2.0, 7.0))
    points.append((88.0, 58.0))
    body = np.array(points, dtype=np.float64)
    band = _bezier_path((12, 63), [(50, 60), (88, 63), (88, 80), (50, 77), (12, 80)], steps=1)
    return Shape([body, band], discs=discs, box=(100, 80))


SHAPES: dict[str, Callable[[], Shape]] = {
    "h": _heart, "d": _diamond, "s": _spade, "c": _club,
    "K": lambda: _crown(5), "Q": lambda: _crown(3), "J": lambda: _crown(4, balls=False),
}


@cache
def suit_coverage(suit: str, width: int) -> np.ndarray:
    """Coverage (0..1 floats, rows × columns) of a suit symbol ``width`` pixels wide."""
    shape = SHAPES[suit]()
    bw, bh = shape.box
    scale = width / bw
    height = round(bh * scale)
    n = SS
    xs = (np.arange(width * n, dtype=np.float64) + 0.5) / (n * scale)
    ys = (np.arange(height * n, dtype=np.float64) + 0.5) / (n * scale)
    return _downsample(shape.inside(xs, ys))


def _downsample(samples: np.ndarray) -> np.ndarray:
    """Average SS × SS blocks of boolean or 0..255 samples into 0..1 coverage."""
    h, w = samples.shape
    ph, pw = -h % SS, -w % SS
    if ph or pw:
        samples = np.pad(samples, ((0, ph), (0, pw)))
    h, w = samples.shape
    blocks = samples.reshape(h // SS, SS, w // SS, SS).astype(np.int64).sum(axis=(1, 3))
    full = SS * SS * (255 if samples.dtype != bool else 1)
    return blocks / full


# ---------------------------------------------------------------------------
# Rank text from pygame's bundled default font.

@cache
def _font(cap_height: int) -> tuple[pygame.font.Font, int]:
    """The default font sized so that a capital is ``cap_height`` samples tall, and its
    capital top line (in rendered rows)."""
    size = cap_height
    for _ in range(8):
        font = pygame.font.Font(None, size)
        top, bottom = _ink_rows(font.render("H", True, (255, 255, 255)))
        ink = bottom - top
        if ink == cap_height:
            break
        size = max(8, round(size * cap_height / ink))
    font = pygame.font.Font(None, size)
    top, _ = _ink_rows(font.render("H", True, (255, 255, 255)))
    return font, top


def _ink_rows(surface: pygame.Surface) -> tuple[int, int]:
    alpha = pygame.surfarray.array_alpha(surface).T
    rows = np.flatnonzero(alpha.max(axis=1) > 127)
    return int(rows[0]), int(rows[-1]) + 1


TEXT_PAD = 2             # rows kept above the capital line, for round letters' overshoot


@cache
def text_coverage(text: str, cap_height: int, max_width: float = 1e9) -> np.ndarray:
    """Coverage of ``text`` whose capitals are ``cap_height`` pixels tall, starting
    ``TEXT_PAD`` pixels above the capital line; squeezed sideways (never stretched) to
    fit ``max_width`` pixels."""
    font, top = _font(cap_height * SS)
    glyphs = []
    for ch in text:
        alpha = pygame.surfarray.array_alpha(font.render(ch, True, (255, 255, 255))).T
        cols = np.flatnonzero(alpha.max(axis=0) > 0)
        glyphs.append(alpha[:, cols[0]:cols[-1] + 1])
    gap = round(cap_height * SS * 0.06)
    rows = max(g.shape[0] for g in glyphs)
    parts = []
    for i, g in enumerate(glyphs):
        if i:
            parts.append(np.zeros((rows, gap), dtype=g.dtype))
        parts.append(np.pad(g, ((0, rows - g.shape[0]), (0, 0))))
    alpha = np.concatenate(parts, axis=1)[top - TEXT_PAD * SS:]
    rows_with_ink = np.flatnonzero(alpha.max(axis=1) > 0)
    alpha = alpha[: max(rows_with_ink[-1] + 1, (cap_height + TEXT_PAD) * SS)]
    width = alpha.shape[1]
    limit = int(max_width * SS)
    if width > limit:
        pick = ((np.arange(limit) + 0.5) * width / limit).astype(np.int64)
        alpha = alpha[:, pick]
    return _downsample(alpha)


# ---------------------------------------------------------------------------
# Compositing.

class Canvas:
    """An opaque RGB picture in floats, painted with coverage masks."""

    def __init__(self, w: int, h: int, color: Color) -> None:
        self.rgb = np.empty((h, w, 3), dtype=np.float64)
        self.rgb[:] = color

    def paint(self, coverage: np.ndarray, color: Color, x: float, y: float,
              flip: bool = False) -> None:
        """Paint ``color`` through ``coverage`` with its top-left corner at (x, y)
        (rounded to whole pixels); ``flip`` turns it upside down."""
        if flip:
            coverage = coverage[::-1, ::-1]
        x0, y0 = round(x), round(y)
        h, w = coverage.shape
        region = self.rgb[y0:y0 + h, x0:x0 + w]
        a = coverage[: region.shape[0], : region.shape[1], None]
        region *= 1.0 - a
        region += a * np.asarray(color, dtype=np.float64)

    def paint_centered(self, coverage: np.ndarray, color: Color, cx: float, cy: float,
                       flip: bool = False) -> None:
        h, w = coverage.shape
        self.paint(coverage, color, cx - w / 2, cy - h / 2, flip)

    def paint_mirrored(self, coverage: np.ndarray, color: Color, x: float, y: float) -> None:
        """Paint at (x, y) and again turned half a circle about the picture's centre."""
        h, w = coverage.shape
        self.paint(coverage, color, x, y)
        W_, H_ = self.rgb.shape[1], self.rgb.shape[0]
        self.paint(coverage, color, W_ - round(x) - w, H_ - round(y) - h, flip=True)


def rounded_rect_coverage(w: float, h: float, radius: float, inset: float = 0.0,
                          width: int = W, height: int = H) -> np.ndarray:
    """Coverage of a rounded rectangle (w × h, corner radius) inset by ``inset`` in a
    ``width`` × ``height`` picture."""
    xs = (np.arange(width * SS, dtype=np.float64) + 0.5) / SS
    ys = (np.arange(height * SS, dtype=np.float64) + 0.5) / SS
    r = radius - inset
    x0, y0, x1, y1 = inset, inset, w - inset, h - inset
    cx = np.clip(xs, x0 + r, x1 - r)
    cy = np.clip(ys, y0 + r, y1 - r)
    inside_x = (xs >= x0) & (xs <= x1)
    inside_y = (ys >= y0) & (ys <= y1)
    dx2 = (xs - cx) ** 2
    dy2 = (ys - cy) ** 2
    grid = (dy2[:, None] + dx2[None, :]) <= r * r
    grid &= inside_y[:, None] & inside_x[None, :]
    return _downsample(grid)


def frame_coverage(x: float, y: float, w: float, h: float, radius: float,
                   line: float) -> tuple[np.ndarray, np.ndarray]:
    """(fill, outline) coverages of a rounded frame, each cropped to w × h pixels."""
    iw, ih = int(np.ceil(w)), int(np.ceil(h))
    outer = rounded_rect_coverage(w, h, radius, 0.0, iw, ih)
    inner = rounded_rect_coverage(w, h, radius, line, iw, ih)
    return inner, np.clip(outer - inner, 0.0, 1.0)


@cache
def card_outline() -> tuple[np.ndarray, np.ndarray]:
    """(alpha of the card, coverage of its dark border)."""
    outer = rounded_rect_coverage(W, H, RADIUS)
    inner = rounded_rect_coverage(W, H, RADIUS, BORDER)
    return outer, np.clip(outer - inner, 0.0, 1.0)


def finish(canvas: Canvas) -> np.ndarray:
    """Add the card's border and its transparent outside: an RGBA uint8 array."""
    alpha, border = card_outline()
    canvas.paint(border, OUTLINE, 0, 0)
    rgba = np.zeros((H, W, 4), dtype=np.uint8)
    rgba[..., :3] = np.clip(np.rint(canvas.rgb), 0, 255).astype(np.uint8)
    rgba[..., 3] = np.rint(alpha * 255).astype(np.uint8)
    rgba[rgba[..., 3] == 0] = 0
    return rgba


# ---------------------------------------------------------------------------
# Faces.

INDEX_X = 34             # centre line of the corner index
INDEX_TOP = 14
INDEX_CAP = 62           # height of the corner rank
INDEX_MAX_W = 54
INDEX_SUIT = 44          # width of the corner suit
PIP = 40                 # width of a pip on number cards
ACE_PIP = 112
PIP_COLS = (87.0, 125.0, 163.0)
PIP_TOP, PIP_BOTTOM = 57.0, H - 57.0

# Rows (0 top … 1 bottom) and columns (0 left, 1 middle, 2 right) of the pips.
LAYOUTS: dict[int, list[tuple[int, float]]] = {
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: [(0, 0), (2, 0), (0, 1), (2, 1)],
    5: [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    6: [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    7: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    8: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
    9: [(0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3),
        (0, 1), (2, 1)],
    10: [(0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3), (0, 2 / 3), (2, 2 / 3),
         (1, 5 / 6), (0, 1), (2, 1)],
}


def _tint(color: Color, amount: float) -> Color:
    """``color`` mixed into white paper: 0 is paper, 1 is the colour."""
    r, g, b = (round(255 - (255 - c) * amount) for c in color)
    return (r, g, b)


def draw_index(canvas: Canvas, rank: str, suit: str, ink: Color) -> None:
    text = text_coverage(RANK_TEXT.get(rank, rank), INDEX_CAP, INDEX_MAX_W)
    canvas.paint_mirrored(text, ink, INDEX_X - text.shape[1] / 2, INDEX_TOP - TEXT_PAD)
    pip = suit_coverage(suit, INDEX_SUIT)
    y = INDEX_TOP + INDEX_CAP + 12
    canvas.paint_mirrored(pip, ink, INDEX_X - pip.shape[1] / 2, y)


def draw_pips(canvas: Canvas, count: int, suit: str, ink: Color) -> None:
    pip = suit_coverage(suit, PIP)
    for col, row in LAYOUTS[count]:
        cx = PIP_COLS[col]
        cy = PIP_TOP + row * (PIP_BOTTOM - PIP_TOP)
        canvas.paint_centered(pip, ink, cx, cy, flip=row > 0.5)


def ring_coverage(diameter: int, line: float) -> np.ndarray:
    n = diameter * SS
    c = (np.arange(n, dtype=np.float64) + 0.5) / SS - diameter / 2
    d2 = c[:, None] ** 2 + c[None, :] ** 2
    r = diameter / 2
    return _downsample((d2 <= r * r) & (d2 >= (r - line) ** 2))


def draw_ace(canvas: Canvas, suit: str, ink: Color) -> None:
    pip = suit_coverage(suit, ACE_PIP)
    canvas.paint_centered(ring_coverage(156, 78.0), _tint(ink, 0.08), W / 2, H / 2)
    canvas.paint_centered(ring_coverage(156, 2.0), ink, W / 2, H / 2)
    canvas.paint_centered(ring_coverage(146, 1.0), ink, W / 2, H / 2)
    canvas.paint_centered(pip, ink, W / 2, H / 2)


def draw_court(canvas: Canvas, rank: str, suit: str, ink: Color) -> None:
    fx, fy, fw, fh = 66.0, 20.0, 118.0, H - 40.0
    fill, line = frame_coverage(fx, fy, fw, fh, 10.0, 2.5)
    canvas.paint(fill, _tint(ink, 0.08), fx, fy)
    canvas.paint(line, ink, fx, fy)
    _, inner_line = frame_coverage(fx + 5, fy + 5, fw - 10, fh - 10, 6.0, 1.0)
    canvas.paint(inner_line, ink, fx + 5, fy + 5)
    crown = suit_coverage(rank, 60)
    canvas.paint_mirrored(crown, ink, W / 2 - crown.shape[1] / 2, fy + 14)
    letter = text_coverage(rank, 52)
    canvas.paint_mirrored(letter, ink, W / 2 - letter.shape[1] / 2,
                          fy + 14 + 48 + 8 - TEXT_PAD)
    pip = suit_coverage(suit, 40)
    canvas.paint_centered(pip, ink, W / 2, H / 2)


def draw_face(rank: str, suit: str, palette: dict[str, Color]) -> np.ndarray:
    ink = palette[suit]
    canvas = Canvas(W, H, PAPER)
    value = RANKS.index(rank) + 2
    if rank == "A":
        draw_ace(canvas, suit, ink)
    elif value <= 10:
        draw_pips(canvas, value, suit, ink)
    else:
        draw_court(canvas, rank, suit, ink)
    draw_index(canvas, rank, suit, ink)
    return finish(canvas)


# ---------------------------------------------------------------------------
# The back.

BACK_FIELD: Color = (20, 40, 92)
BACK_LATTICE: Color = (46, 80, 156)
BACK_GOLD: Color = (218, 184, 108)
BACK_MARGIN = 11.0


def _lattice(w: int, h: int, period: float) -> tuple[np.ndarray, np.ndarray]:
    """(lines, knots): a lattice of lozenges centred in a w × h field, as coverages."""
    xs = (np.arange(w * SS, dtype=np.float64) + 0.5) / SS - w / 2
    ys = (np.arange(h * SS, dtype=np.float64) + 0.5) / SS - h / 2
    u = (ys[:, None] + xs[None, :] * 1.5) / period + 0.5
    v = (ys[:, None] - xs[None, :] * 1.5) / period + 0.5
    du = np.abs(u - np.floor(u) - 0.5)
    dv = np.abs(v - np.floor(v) - 0.5)
    lines = (du > 0.43) | (dv > 0.43)
    knots = (du < 0.09) & (dv < 0.09)
    return _downsample(lines), _downsample(knots)


def draw_back() -> np.ndarray:
    canvas = Canvas(W, H, PAPER)
    m = BACK_MARGIN
    fw, fh = W - 2 * m, H - 2 * m
    field, line = frame_coverage(m, m, fw, fh, RADIUS - 6, 2.0)
    canvas.paint(field, BACK_FIELD, m, m)
    canvas.paint(line, BACK_GOLD, m, m)
    inset = 7.0
    iw, ih = fw - 2 * inset, fh - 2 * inset
    inner, inner_line = frame_coverage(m + inset, m + inset, iw, ih, 5.0, 1.0)
    lines, knots = _lattice(int(iw), int(ih), 26.0)
    canvas.paint(lines * inner, BACK_LATTICE, m + inset, m + inset)
    canvas.paint(knots * inner, BACK_GOLD, m + inset, m + inset)
    canvas.paint(inner_line, BACK_GOLD, m + inset, m + inset)
    # The medallion: a gold-ringed disc holding the four suits.
    canvas.paint_centered(ring_coverage(112, 56.0), BACK_FIELD, W / 2, H / 2)
    canvas.paint_centered(ring_coverage(104, 2.5), BACK_GOLD, W / 2, H / 2)
    canvas.paint_centered(ring_coverage(94, 1.0), BACK_GOLD, W / 2, H / 2)
    size = 24
    for suit, dx, dy in (("s", 0, -21), ("h", 21, 0), ("c", 0, 21), ("d", -21, 0)):
        canvas.paint_centered(suit_coverage(suit, size), BACK_GOLD, W / 2 + dx, H / 2 + dy)
    return finish(canvas)


# ---------------------------------------------------------------------------
# PNG writing: deterministic, no ancillary chunks.

def png_bytes(rgba: np.ndarray) -> bytes:
    """Encode an (h, w, 4) uint8 array as PNG, choosing a filter per row."""
    h, w, _ = rgba.shape
    cur = rgba.reshape(h, w * 4).astype(np.int16)
    up = np.zeros_like(cur)
    up[1:] = cur[:-1]
    left = np.zeros_like(cur)
    left[:, 4:] = cur[:, :-4]
    upleft = np.zeros_like(cur)
    upleft[1:, 4:] = cur[:-1, :-4]
    p = left + up - upleft
    pa, pb, pc = np.abs(p - left), np.abs(p - up), np.abs(p - upleft)
    paeth = np.where((pa <= pb) & (pa <= pc), left, np.where(pb <= pc, up, upleft))
    candidates = np.stack([
        cur, cur - left, cur - up, cur - (left + up) // 2, cur - paeth,
    ]) & 0xFF
    signed = np.where(candidates > 127, 256 - candidates, candidates)
    choice = signed.sum(axis=2).argmin(axis=0)
    rows = candidates[choice, np.arange(h)].astype(np.uint8)
    raw = np.concatenate([choice.astype(np.uint8)[:, None], rows], axis=1).tobytes()

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# ---------------------------------------------------------------------------

def card_names() -> list[str]:
    """The file stems of one deck: ``2c`` … ``As`` and ``back``."""
    return [r + s for s in "shdc" for r in reversed(RANKS)] + ["back"]


def generate(out: Path) -> list[Path]:
    """Write both decks under ``out``; return the files written."""
    pygame.font.init()
    written = []
    back = png_bytes(draw_back())
    for deck, palette in DECKS.items():
        folder = out / deck
        folder.mkdir(parents=True, exist_ok=True)
        for name in card_names():
            data = back if name == "back" else png_bytes(draw_face(name[0], name[1], palette))
            path = folder / f"{name}.png"
            path.write_bytes(data)
            written.append(path)
    return written


def check(committed: Path) -> list[str]:
    """Regenerate into a temporary folder; the relative paths that differ or are missing."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = generate(Path(tmp))
        problems = []
        for path in fresh:
            rel = path.relative_to(tmp)
            old = committed / rel
            if not old.exists():
                problems.append(f"missing: {rel}")
            elif not filecmp.cmp(path, old, shallow=False):
                problems.append(f"differs: {rel}")
        expected = {p.relative_to(tmp) for p in fresh}
        for old in sorted(committed.glob("*/*.png")):
            if old.relative_to(committed) not in expected:
                problems.append(f"unexpected: {old.relative_to(committed)}")
        return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="folder to write the decks into (default: assets/cards)")
    parser.add_argument("--check", action="store_true",
                        help="regenerate into a temporary folder and exit 1 if a file differs")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.check:
        problems = check(args.out)
        for line in problems:
            print(line, file=sys.stderr)
        if problems:
            print(f"{len(problems)} card file(s) out of date: run python tools/make_cards.py",
                  file=sys.stderr)
            return 1
        print(f"card art up to date ({time.perf_counter() - start:.1f} s)")
        return 0
    files = generate(args.out)
    total = sum(p.stat().st_size for p in files)
    print(f"wrote {len(files)} files, {total / 1024:.0f} KiB, "
          f"in {time.perf_counter() - start:.1f} s to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
