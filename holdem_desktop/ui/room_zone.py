"""The Room zone at the bottom of the table's zones panel: its heading, the
room's code, the certificate's fingerprint (written as the server prints
it, in full), then its buttons (Copy invitation, Away, Remove…, Leave room).

Its words are never smaller than the table's body text: a line too long
wraps (a fingerprint breaks after a colon), a button whose label is too
long for half the width takes the whole row.  The Move log gives it room
down to three lines; when the zone is still taller than that, it shows
whole rows only (never half a button), scrolls a row at a time to bring
the focused control wholly in view when the focus comes to it, and with
the mouse wheel over it (a bar at the panel's edge shows where it is).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

import pygame

from .layout import BODY, TableLayout
from .lines import break_lines
from .painter import Painter
from .widgets import Control, Role

__all__ = ["draw_room", "scroll_room"]

_SCROLL: WeakKeyDictionary[Painter, int] = WeakKeyDictionary()
"""The first row each renderer's Room zone shows (kept from frame to frame)."""
_SHOWN: WeakKeyDictionary[Painter, tuple[pygame.Rect, int, int, str | None]] = \
    WeakKeyDictionary()
"""Each renderer's Room zone as last drawn: where its view is, how far it
can scroll (in rows), a wheel notch's step, and the focus it last followed."""


def scroll_room(r: Painter, notches: int, pointer: tuple[int, int]) -> bool:
    """The mouse wheel turned ``notches`` down (negative: up) with the
    pointer at ``pointer``: over the Room zone, it scrolls (True when it
    moved; the focus stays where it is)."""
    shown = _SHOWN.get(r)
    if shown is None or not shown[0].collidepoint(pointer):
        return False
    _view, most, step, _followed = shown  # (the view scrolls a whole row at a time)
    before = _SCROLL.get(r, 0)
    _SCROLL[r] = max(0, min(most, before + notches * step))
    return _SCROLL[r] != before


@dataclass
class _Row:
    cells: list[tuple[Control, list[str]]]
    height: int


def _rows(controls: Sequence[Control], font: pygame.font.Font, width: int, gap: int,
          pad: int) -> list[_Row]:
    """The zone's rows: a text to a row, buttons two to a row when both
    labels fit half the width on one line, else one, its label wrapped."""
    line = font.get_linesize()
    half = (width - gap) // 2 - 2 * pad
    rows: list[_Row] = []
    buttons = [c for c in controls if c.role is Role.BUTTON]
    for c in controls:
        if c.role is Role.TEXT:
            lines = break_lines(font, c.label, width - 2 * pad)
            rows.append(_Row([(c, lines)], len(lines) * line + 2 * pad))
    k = 0
    while k < len(buttons):
        pair = buttons[k:k + 2]
        if len(pair) == 2 and all(font.size(b.label)[0] <= half for b in pair):
            rows.append(_Row([(b, [b.label]) for b in pair], line + 2 * pad))
            k += 2
            continue
        lines = break_lines(font, buttons[k].label, width - 2 * pad)
        rows.append(_Row([(buttons[k], lines)], len(lines) * line + 2 * pad))
        k += 1
    return rows


def draw_room(r: Painter, surface: pygame.Surface, layout: TableLayout,
              controls: Sequence[Control], bottom: int, lowest: int,
              focus_id: str | None) -> int:
    """Paint the Room zone between ``lowest`` and ``bottom`` (as low as it
    can); record each control's box in ``r.rects`` (those in view) and its
    lines in ``r.painted``; returns its top."""
    if not controls:
        return bottom
    p = r.palette
    s = layout.scale
    panel = layout.panel
    x = panel.x + round(16 * s)
    width = panel.w - round(32 * s)
    font = r.font(round(BODY * s))
    gap, pad = round(6 * s), max(4, round(6 * s))
    heading = next((c for c in controls if c.role is Role.HEADING), None)
    heading_h = round(34 * s) if heading is not None else 0
    rows = _rows(controls, font, width, gap, pad)
    # Where each row lies in the zone; the view shows whole rows only, from
    # the first it is scrolled to (a row at a time), and follows the focus.
    ys, y = [], 0
    for row in rows:
        ys.append(y)
        y += row.height + gap
    ends = [y0 + row.height for y0, row in zip(ys, rows, strict=True)]
    top = max(lowest, bottom - heading_h - ends[-1])
    view = pygame.Rect(x - 8, top + heading_h, width + 16, bottom - top - heading_h)

    def last(first: int) -> int:  # the last row wholly in view from ``first``
        return max([k for k in range(first, len(rows)) if ends[k] - ys[first] <= view.h],
                   default=first)

    most = next(k for k in range(len(rows)) if ends[-1] - ys[k] <= view.h or k == len(rows) - 1)
    if most:  # no room left empty under the last whole row: the Move log has it
        used = min(view.h, max(ends[last(k)] - ys[k] for k in range(most + 1)))
        top, view.y, view.h = top + view.h - used, view.y + view.h - used, used
    if heading is not None:
        r.rects[heading.id] = r._text(surface, heading.label, (x, top), round(28 * s), p.heading)
    first = min(_SCROLL.get(r, 0), most)
    at = next((k for k, row in enumerate(rows) if any(c.id == focus_id for c, _l in row.cells)),
              None)
    followed = _SHOWN[r][3] if r in _SHOWN else None
    if at is not None and focus_id != followed:  # the focus came here: brought wholly in view
        first = min(first, at)
        while first < at and last(first) < at:
            first += 1
    _SCROLL[r] = first = max(0, min(first, most))
    _SHOWN[r] = (view, most, 1, focus_id)  # the wheel: a row a notch
    clip = surface.get_clip()
    surface.set_clip(view.clip(clip))  # (a single row taller than the view: cut at its foot)
    line = font.get_linesize()
    for k in range(first, last(first) + 1):
        row = rows[k]
        cw = (width - gap * (len(row.cells) - 1)) // len(row.cells)
        for j, (c, lines) in enumerate(row.cells):
            box = pygame.Rect(x + j * (cw + gap), view.y + ys[k] - ys[first], cw, row.height)
            button = c.role is Role.BUTTON
            pygame.draw.rect(surface, p.button if button else p.background, box,
                             border_radius=8)
            for n, text in enumerate(lines):
                ty = box.y + pad + n * line
                if button:
                    r._text(surface, text, (box.centerx, ty), round(BODY * s), p.text,
                            "midtop")
                else:
                    r._text(surface, text, (box.x + pad, ty), round(BODY * s), p.gold)
            r.rects[c.id] = box.clip(view)
            r.painted[c.id] = "\n".join(lines)
    surface.set_clip(clip)
    if most:  # a bar at the right edge: where the view is in the zone, how much it shows
        track = pygame.Rect(panel.x + panel.w - round(9 * s), view.y, max(4, round(5 * s)),
                            view.h)
        pygame.draw.rect(surface, p.button_off, track, border_radius=2)
        whole_h = ends[-1]
        shown_h = ends[last(first)] - ys[first]
        thumb = pygame.Rect(track.x, track.y + track.h * ys[first] // whole_h, track.w,
                            max(12, track.h * shown_h // whole_h))
        pygame.draw.rect(surface, p.heading, thumb, border_radius=2)
        r.drawn["room:scroll"] = track
    return top


def room_view(r: Painter) -> pygame.Rect | None:
    """Where the Room zone's controls were shown in the last frame (under
    its heading), if it was drawn."""
    shown = _SHOWN.get(r)
    return None if shown is None else shown[0]
