"""The Room zone at the bottom of the table's zones panel: its heading, the
room's code, the certificate's fingerprint (written as the server prints
it, in full), then its buttons (Copy invitation, Away, Remove…, Leave room).

Its words are never smaller than the table's body text: a line too long
wraps (a fingerprint breaks after a colon), a button whose label is too
long for half the width takes the whole row, and when the zone is taller
than the room the Move log leaves it, it scrolls to bring the focused
control in view when the focus comes to it, and with the mouse wheel over
it (a thin bar shows where it is).
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
"""How far each renderer's Room zone is scrolled (kept from frame to frame)."""
_SHOWN: WeakKeyDictionary[Painter, tuple[pygame.Rect, int, int, str | None]] = \
    WeakKeyDictionary()
"""Each renderer's Room zone as last drawn: where its view is, how far it
can scroll, a wheel notch's step, and the focus it last followed."""


def scroll_room(r: Painter, notches: int, pointer: tuple[int, int]) -> bool:
    """The mouse wheel turned ``notches`` down (negative: up) with the
    pointer at ``pointer``: over the Room zone, it scrolls (True when it
    moved; the focus stays where it is)."""
    shown = _SHOWN.get(r)
    if shown is None or not shown[0].collidepoint(pointer):
        return False
    _view, most, step, _followed = shown
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
    whole = heading_h + sum(row.height + gap for row in rows)
    top = max(lowest, bottom - whole)
    if heading is not None:
        r.rects[heading.id] = r._text(surface, heading.label, (x, top), round(28 * s), p.heading)
    view = pygame.Rect(x - 8, top + heading_h, width + 16, bottom - top - heading_h)
    # Where each row lies before scrolling; then the scroll that shows the focus.
    ys, y = [], 0
    for row in rows:
        ys.append(y)
        y += row.height + gap
    most = max(0, y - gap - view.h)
    scroll = min(_SCROLL.get(r, 0), most)
    at = next((k for k, row in enumerate(rows) if any(c.id == focus_id for c, _l in row.cells)),
              None)
    followed = _SHOWN[r][3] if r in _SHOWN else None
    if at is not None and focus_id != followed:  # the focus came here: brought into view
        scroll = min(max(scroll, ys[at] + rows[at].height - view.h), ys[at])
    _SCROLL[r] = scroll = max(0, min(scroll, most))
    _SHOWN[r] = (view, most, max(1, font.get_linesize() // 3), focus_id)  # the wheel: 1 line
    clip = surface.get_clip()
    surface.set_clip(view.clip(clip))
    line = font.get_linesize()
    for row, y0 in zip(rows, ys, strict=True):
        cw = (width - gap * (len(row.cells) - 1)) // len(row.cells)
        for k, (c, lines) in enumerate(row.cells):
            box = pygame.Rect(x + k * (cw + gap), view.y + y0 - scroll, cw, row.height)
            button = c.role is Role.BUTTON
            pygame.draw.rect(surface, p.button if button else p.background, box,
                             border_radius=8)
            for j, text in enumerate(lines):
                ty = box.y + pad + j * line
                if button:
                    r._text(surface, text, (box.centerx, ty), round(BODY * s), p.text,
                            "midtop")
                else:
                    r._text(surface, text, (box.x + pad, ty), round(BODY * s), p.gold)
            shown = box.clip(view)
            # what is wholly in view can be clicked (and the focused control,
            # even taller than the view, wears the ring)
            if shown == box or (c.id == focus_id and shown.h > 0):
                r.rects[c.id] = shown
                r.painted[c.id] = "\n".join(lines)
    surface.set_clip(clip)
    if most:  # a thin bar at the right edge: where the view is in the zone
        track = pygame.Rect(panel.x + panel.w - round(8 * s), view.y, max(3, round(4 * s)),
                            view.h)
        pygame.draw.rect(surface, p.button_off, track)
        whole_h = y - gap
        thumb = pygame.Rect(track.x, track.y + track.h * scroll // whole_h, track.w,
                            max(12, track.h * view.h // whole_h))
        pygame.draw.rect(surface, p.dim, thumb)
        r.drawn["room:scroll"] = track
    return top
