"""The Chat zone of a room's table: the field to type a line in, the quick
phrases, a button to mute (or hear again) each other person -- the host's
also for everyone -- and the lines said so far (who, what, when), newest
last.

The table's chat key (M) opens the field from anywhere at the table and
remembers where the focus was; Enter sends the line and Escape goes back
there.  Up and Down in the field recall the lines sent before (as in
PokerTH).  Tab from the field reaches the quick phrases ("Nice hand" ...),
also on Ctrl+1 to Ctrl+4 from anywhere at the table; a phrase is sent by
its id, and each receiver hears it in their own language.  Up and Down on
the lines read them one by one.

The table (a room's ``RemoteTable``) is reached by duck typing: it has
``chat_lines`` (each with ``name``, ``text``, ``at``, ``own``), ``chat``
and ``quick``; this module never imports the network.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from holdem_desktop.i18n.chat import quick_phrases
from holdem_desktop.i18n.translate import _

from . import rings
from .draw import Palette, font, wrap
from .forms import erased_echo, typed_echo
from .layout import TableLayout
from .widgets import Control, Role

__all__ = ["LINE_LENGTH", "RECALL", "SHOWN", "ChatZone", "draw_chat", "has_chat"]

LINE_LENGTH = 200
"""Characters a line may hold (the room's cap; typing stops there)."""
RECALL = 20
"""Lines sent that Up and Down recall."""
SHOWN = 100
"""Lines of the Chat zone (the newest)."""
SWALLOW = 0.25
"""Seconds after the chat key within which its own character is dropped."""


def has_chat(table: object) -> bool:
    """Whether ``table`` is a room's table people talk at."""
    return hasattr(table, "chat_lines") and hasattr(table, "chat")


class ChatZone:
    """The chat field and lines of one table."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.text = ""
        self.sent: list[str] = []
        self.recall: int | None = None
        """Which sent line the field shows (None: what is being typed)."""
        self.draft = ""
        """What was being typed before Up recalled older lines."""
        self.back_to: str | None = None
        """The control the focus was on when the chat key opened the field."""
        self.selected = False
        """The field's whole text is selected (Ctrl+A): typing or Backspace replaces it."""
        self.swallow: tuple[str, float] | None = None
        """The chat key's own character, and when it opened the field: the
        window delivers the key press and then the character it types, which
        must not land in the field it has just opened."""

    def opened(self, keys: list[str], now: float) -> None:
        """The chat key (one of ``keys``, by name) opened the field at ``now``."""
        chars = "".join(k for k in keys if len(k) == 1)
        self.swallow = (chars, now) if chars else None

    # ------------------------------------------------------------------

    def controls(self) -> list[Control]:
        """The zone: heading, field, quick phrases, then the lines."""
        out = [Control("heading:chat", _("Chat"), Role.HEADING, "chat"),
               Control("chat:field", _("Say at the table"), Role.EDIT, "chat",
                       value=self.text, selected=self.selected and bool(self.text))]
        out += [Control(f"chat:quick:{pid}", words, Role.BUTTON, "chat")
                for pid, words in quick_phrases()]
        actions = getattr(self.table, "chat_actions", None)
        out += [Control("chat:do:" + act.key, act.label, Role.BUTTON, "chat")
                for act in (actions() if actions is not None else [])]
        lines = list(self.table.chat_lines)[-SHOWN:]
        if not lines:
            out.append(Control("chat:none", _("Nobody has said anything yet."), Role.TEXT,
                               "chat"))
        first = len(self.table.chat_lines) - len(lines)
        out += [Control(f"chat:line:{first + k}", self.line_text(line), Role.TEXT, "chat")
                for k, line in enumerate(lines)]
        return out

    @staticmethod
    def line_text(line: Any) -> str:
        """A line as the zone reads it: who, what, when."""
        when = time.strftime("%H:%M", time.localtime(line.at))
        if line.own:
            return _("You: {text}, {time}").format(text=line.text, time=when)
        return _("{name}: {text}, {time}").format(name=line.name, text=line.text, time=when)

    # ------------------------------------------------------------------

    def type(self, text: str, now: float | None = None) -> tuple[str, bool]:
        """Characters typed into the field: what to say (the characters that
        went in, echoed as every text field does, or why they did not fit),
        and whether they did not fit."""
        swallow, self.swallow = self.swallow, None
        if swallow is not None and len(text) == 1 and text.lower() in swallow[0] \
                and (time.monotonic() if now is None else now) - swallow[1] < SWALLOW:
            return "", False  # the chat key's own character, not a line's first letter
        self.recall = None
        if self.selected:  # the selected text is replaced
            self.text, self.selected = "", False
        room = LINE_LENGTH - len(self.text)
        typed = text[:max(0, room)]
        self.text += typed
        if len(text) > room:
            return _("That line is too long: at most 200 characters."), True
        return typed_echo(typed, text), False

    def erase(self) -> str:
        """Backspace; what to say (the character erased, or that it is empty;
        the selected text: all of it, and what went)."""
        self.recall = None
        selected, self.selected = self.selected, False
        if selected and self.text:
            gone, self.text = self.text, ""
            return _("{text} erased, empty").format(text=gone)
        erased, self.text = self.text[-1:], self.text[:-1]
        return erased_echo(erased)

    def step(self, direction: int) -> str:
        """Up (+1: an older line sent) or Down (-1: a newer one, then the
        draft); what the field holds now, to say."""
        if not self.sent:
            return _("No lines sent yet.")
        if self.recall is None:
            if direction < 0:
                return self.text or _("empty")
            self.draft, self.recall = self.text, len(self.sent) - 1
        else:
            self.recall += -direction
            if self.recall >= len(self.sent):
                self.recall = None
                self.text = self.draft
                return self.text or _("empty")
            self.recall = max(0, self.recall)
        self.text = self.sent[self.recall]
        return self.text

    def send(self) -> str:
        """Enter: the line goes to the room (it says why if it refuses it)."""
        line = self.text.strip()
        self.text, self.recall, self.draft = "", None, ""
        if not line:
            return ""
        if line in self.sent:
            self.sent.remove(line)
        self.sent.append(line)
        del self.sent[:-RECALL]
        self.table.chat(line)
        return line

    def quick(self, phrase: str) -> None:
        """A quick phrase, by id."""
        self.table.quick(phrase)

    def act(self, key: str) -> str | None:
        """A mute button of the zone (by its key); the label of what was done,
        or None when that button is gone."""
        actions = getattr(self.table, "chat_actions", None)
        found = next((a for a in (actions() if actions is not None else []) if a.key == key),
                     None)
        if found is None:
            return None
        found.run()
        return str(found.label)


def draw_chat(surface: pygame.Surface, zone: ChatZone, controls: list[Control],
              focus_id: str | None, palette: Palette | None = None, *,
              top: int | None = None, bottom: int | None = None) -> dict[str, pygame.Rect]:
    """The Chat zone while the focus is in it, in the side panel between
    ``top`` (the Move log's heading) and ``bottom`` (the Actions zone's), over
    the Move log and Room zones, as PokerTH's chat shares its log's box: the
    felt (your seat, cards and bet, the board, the pot) and the actions stay
    in sight.  The field (with a caret), the buttons (the quick phrases, the
    mutes; the rows around the focused one when they are too many) and the
    newest lines, wrapped (the focused one lit); returns where each control
    was drawn (and the zone's box as ``"chat"``: the controls under it are
    not shown), for the mouse and the focus ring, which is drawn here too."""
    p = palette or Palette()
    layout = TableLayout(*surface.get_size())
    s = layout.scale
    panel = layout.panel
    top = panel.y + round(140 * s) if top is None else top
    bottom = panel.y + panel.h - round(200 * s) if bottom is None else bottom
    box = pygame.Rect(panel.x + round(8 * s), top, panel.w - round(16 * s), bottom - top)
    pygame.draw.rect(surface, p.panel, box.inflate(round(16 * s), 0))
    pygame.draw.rect(surface, p.heading, box, width=2, border_radius=round(10 * s))
    rects: dict[str, pygame.Rect] = {"chat": box}
    pad = round(14 * s)  # (room for the focus ring inside the box)
    x, y, width = box.x + pad, box.y + pad, box.w - 2 * pad
    big, small = font(round(26 * s)), font(round(22 * s))
    title = big.render(_("Chat"), True, p.heading)
    rects["heading:chat"] = surface.blit(title, (x, y))
    y += title.get_height() + round(4 * s)
    field = pygame.Rect(x, y, width, round(36 * s))
    pygame.draw.rect(surface, p.seat, field, border_radius=round(6 * s))
    marked = zone.selected and bool(zone.text) and focus_id == "chat:field"
    shown = zone.text + ("|" if focus_id == "chat:field" and not marked and rings.shown()
                         else "")
    while len(shown) > 1 and small.size(shown)[0] > width - 2 * pad:
        shown = shown[1:]  # the end of a long line, where the caret is
    text = small.render(shown or _("Say at the table"), True, p.text if shown else p.dim)
    place = text.get_rect(midleft=(field.x + pad, field.centery))
    if marked:  # the whole text selected (Ctrl+A): typing replaces it
        pygame.draw.rect(surface, p.button, place.inflate(6, 4), border_radius=3)
    surface.blit(text, place)
    rects["chat:field"] = field
    y = field.bottom + round(8 * s)
    # The buttons flow in rows, in a strip of at most half the room left
    # (the lines said keep the rest, three at least: with six people the
    # host's mute buttons alone would fill the box); the rows shown are
    # those up to the focused button, a bar beside them when some are hidden.
    rows: list[list[tuple[Control, int]]] = [[]]
    used = 0
    for c in controls:
        if not c.id.startswith(("chat:quick:", "chat:do:")):
            continue
        w = min(width, small.size(c.label)[0] + 2 * pad)
        if rows[-1] and used + round(8 * s) + w > width:
            rows.append([])
            used = 0
        used += (round(8 * s) if rows[-1] else 0) + w
        rows[-1].append((c, w))
    step, line = round(36 * s), small.get_linesize()
    left = box.bottom - pad - y
    room = max(1, min(len(rows), (left - 3 * line) // step, left // 2 // step))
    at = next((k for k, row in enumerate(rows) if any(c.id == focus_id for c, _w in row)), 0)
    first = max(0, min(at - room + 1, len(rows) - room))
    if len(rows) > room:  # at the box's right edge: where the strip is, how much it shows
        track = pygame.Rect(box.right - round(9 * s), y, max(4, round(5 * s)),
                            room * step - round(6 * s))
        pygame.draw.rect(surface, p.button_off, track, border_radius=2)
        thumb = pygame.Rect(track.x, track.y + track.h * first // len(rows), track.w,
                            max(12, track.h * room // len(rows)))
        pygame.draw.rect(surface, p.heading, thumb, border_radius=2)
    for row in rows[first:first + room]:
        bx = x
        for c, w in row:
            button = pygame.Rect(bx, y, w, round(30 * s))
            pygame.draw.rect(surface, p.button, button, border_radius=round(6 * s))
            label = c.label
            while len(label) > 2 and small.size(label)[0] > w - 2 * pad:
                label = label[:-2] + "…"
            image = small.render(label, True, p.text)
            surface.blit(image, image.get_rect(center=button.center))
            rects[c.id] = button
            bx = button.right + round(8 * s)
        y += step
    lines = [c for c in controls if c.id.startswith(("chat:line:", "chat:none"))]
    rows_left = max(1, (box.bottom - pad - y) // line)
    focused = next((k for k, c in enumerate(lines) if c.id == focus_id), len(lines) - 1)
    # the newest lines that fit, wrapped, up to the focused one
    shown_lines: list[tuple[int, list[str]]] = []
    for k in range(focused if focused < len(lines) - 1 else len(lines) - 1, -1, -1):
        parts = wrap(small, lines[k].label, width)
        if shown_lines and sum(len(w) for _k, w in shown_lines) + len(parts) > rows_left:
            break
        shown_lines.insert(0, (k, parts[:rows_left]))
    for k, parts in shown_lines:
        c = lines[k]
        colour = p.text if c.id == focus_id or k == len(lines) - 1 else p.dim
        drawn = [surface.blit(small.render(part, True, colour), (x, y + n * line))
                 for n, part in enumerate(parts)]
        rects[c.id] = drawn[0].unionall(drawn[1:])
        y += line * len(parts)
    ring = rects.get(focus_id or "")
    if ring is not None:
        rings.draw_ring(surface, p.focus, ring.inflate(8, 6), width=3, radius=8)
    return rects
