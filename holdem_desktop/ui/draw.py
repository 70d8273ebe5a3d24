"""Drawing the table screen from what the player may see.

:class:`TableRenderer` paints one frame: the title line with everyone's
chips (yours first) and the tabs, the felt with the seats, cards, bets,
pot and dealer button, and the zones panel (Actions, Game state, Move log).
It reads a :class:`~holdem_desktop.engine.views.SeatView` and the screen's
controls and changes nothing; it records where each control was drawn
(:attr:`TableRenderer.rects`, for the mouse and the focus ring).  Things
that just happened slide into place (:mod:`.motion`).  The card art comes
from ``assets/cards``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from holdem_desktop.engine.cards import card_text
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.views import PlayerView, SeatView
from holdem_desktop.i18n import amount
from holdem_desktop.i18n.translate import _

from .layout import Rect, TableLayout, seat_positions
from .motion import Motion
from .widgets import Control, Role

__all__ = ["Palette", "TableRenderer", "font", "wrap"]


@dataclass(frozen=True)
class Palette:
    """Colours of the table (high contrast on a dark room)."""

    background: tuple[int, int, int] = (16, 24, 32)
    felt: tuple[int, int, int] = (22, 102, 66)
    felt_light: tuple[int, int, int] = (30, 124, 80)
    rail: tuple[int, int, int] = (92, 56, 30)
    rail_edge: tuple[int, int, int] = (150, 104, 60)
    text: tuple[int, int, int] = (240, 240, 235)
    dim: tuple[int, int, int] = (150, 160, 165)
    seat: tuple[int, int, int] = (28, 36, 46)
    seat_turn: tuple[int, int, int] = (110, 215, 255)
    """Whose turn it is (cyan, never mistaken for the yellow focus ring)."""
    gold: tuple[int, int, int] = (245, 205, 90)
    panel: tuple[int, int, int] = (24, 32, 42)
    heading: tuple[int, int, int] = (130, 200, 255)
    button: tuple[int, int, int] = (44, 70, 98)
    button_off: tuple[int, int, int] = (40, 44, 50)
    focus: tuple[int, int, int] = (255, 214, 0)
    warning: tuple[int, int, int] = (255, 150, 110)
    """A notice that something is missing (no voice found)."""


class TableRenderer:
    """Paints the table for one seat."""

    def __init__(self, cards_dir: Path, palette: Palette | None = None) -> None:
        self.cards_dir = cards_dir
        self.palette = palette or Palette()
        self._images: dict[tuple[str, int], pygame.Surface] = {}
        self.rects: dict[str, pygame.Rect] = {}
        """Where each control (by id) was drawn in the last frame."""

    # ------------------------------------------------------------------

    @staticmethod
    def font(size: int) -> pygame.font.Font:
        """The game's font at ``size`` pixels."""
        return font(size)

    def card(self, name: str, width: int) -> pygame.Surface:
        """A card image (``"As"`` or ``"back"``) scaled to ``width``, cached."""
        key = (name, width)
        if key not in self._images:
            image = pygame.image.load(str(self.cards_dir / f"{name}.png"))
            height = round(width * image.get_height() / image.get_width())
            self._images[key] = pygame.transform.smoothscale(image, (width, height))
        return self._images[key]


    def _text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              color: tuple[int, int, int], anchor: str = "topleft") -> pygame.Rect:
        image = self.font(size).render(text, True, color)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect

    @staticmethod
    def below_title(surface: pygame.Surface) -> pygame.Rect:
        """The area under the title line (where an open tab is shown)."""
        top = TableLayout(*surface.get_size()).title.h
        return pygame.Rect(0, top, surface.get_width(), surface.get_height() - top)

    def _ring(self, surface: pygame.Surface, focus_id: str | None) -> None:
        rect = self.rects.get(focus_id or "")
        if rect is not None:
            pygame.draw.rect(surface, self.palette.focus, rect.inflate(10, 8), width=4,
                             border_radius=10)

    # ------------------------------------------------------------------

    def draw_frame(self, surface: pygame.Surface, title: Sequence[str],
                   tabs: Sequence[Control], focus_id: str | None) -> None:
        """The background, the title line and the tabs (an open tab's page
        fills the rest)."""
        layout = TableLayout(*surface.get_size())
        surface.fill(self.palette.background)
        self.rects = {}
        self._title(surface, layout, title, tabs)
        self._ring(surface, focus_id)

    def draw_table(self, surface: pygame.Surface, view: SeatView | None,
                   names: Callable[[int], str], title: Sequence[str],
                   controls: Sequence[Control], tabs: Sequence[Control],
                   focus_id: str | None, log: Sequence[str] = (),
                   log_index: int | None = None, motion: Motion | None = None,
                   banner: Sequence[str] = ()) -> None:
        """A whole frame of the table; the focus ring goes around ``focus_id``;
        ``banner``: lines shown over the felt (the game's end), the first as
        its heading."""
        layout = TableLayout(*surface.get_size())
        surface.fill(self.palette.background)
        self.rects = {}
        self._title(surface, layout, title, tabs)
        pot = next((c.label for c in controls if c.id == "pot"), "")
        self._felt(surface, layout, view, names, pot, motion)
        self._panel(surface, layout, controls, log, log_index)
        self._room(surface, layout, [c for c in controls if c.zone == "room"])
        if banner:
            self._banner(surface, layout, banner)
        self._ring(surface, focus_id)

    def _banner(self, surface: pygame.Surface, layout: TableLayout,
                lines: Sequence[str]) -> None:
        p = self.palette
        s = layout.scale
        felt = pygame.Rect(layout.felt.x, layout.felt.y, layout.felt.w, layout.felt.h)
        width = round(felt.w * 0.62)
        heading = self.font(round(40 * s))
        body = self.font(round(26 * s))
        rows = [(heading, p.gold, t) for t in wrap(heading, lines[0], width - round(40 * s))]
        for line in lines[1:]:
            rows += [(body, p.text, t) for t in wrap(body, line, width - round(40 * s))]
        height = sum(f.get_linesize() for f, _c, _t in rows) + round(36 * s)
        box = pygame.Rect(0, 0, width, height)
        box.center = felt.center
        pygame.draw.rect(surface, p.panel, box, border_radius=14)
        pygame.draw.rect(surface, p.gold, box, width=3, border_radius=14)
        y = box.y + round(18 * s)
        for f, colour, text in rows:
            image = f.render(text, True, colour)
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += f.get_linesize()
        self.rects["banner"] = box

    def _title(self, surface: pygame.Surface, layout: TableLayout, title: Sequence[str],
               tabs: Sequence[Control]) -> None:
        p = self.palette
        rect = layout.title
        s = layout.scale
        pygame.draw.rect(surface, p.panel, pygame.Rect(rect.x, rect.y, rect.w, rect.h))
        right = rect.w - round(10 * s)
        for tab in reversed(tabs):  # the tabs at the top right
            size = round(24 * s)
            w = self.font(size).size(tab.label)[0] + round(28 * s)
            box = pygame.Rect(right - w, round(6 * s), w, rect.h - round(12 * s))
            opened = tab.value == _("open")
            pygame.draw.rect(surface, p.gold if opened else p.button, box, border_radius=8)
            self._text(surface, tab.label, box.center, size,
                       (20, 20, 20) if opened else p.text, "center")
            self.rects[tab.id] = box
            right = box.x - round(8 * s)
        text = "   ·   ".join(title)
        size = round(26 * s)
        room = right - round(32 * s)
        while size > 12 and self.font(size).size(text)[0] > room:
            size -= 1
        self.rects["heading:players"] = self._text(surface, text, (16, rect.h // 2), size,
                                                   p.text, "midleft")

    def _felt(self, surface: pygame.Surface, layout: TableLayout, view: SeatView | None,
              names: Callable[[int], str], pot: str, motion: Motion | None) -> None:
        p = self.palette
        felt = layout.felt
        s = layout.scale
        inner = pygame.Rect(felt.x, felt.y, felt.w, felt.h).inflate(-round(120 * s),
                                                                    -round(110 * s))
        pygame.draw.ellipse(surface, p.rail_edge, inner.inflate(round(30 * s), round(30 * s)))
        pygame.draw.ellipse(surface, p.rail, inner.inflate(round(24 * s), round(24 * s)))
        pygame.draw.ellipse(surface, p.felt, inner)
        pygame.draw.ellipse(surface, p.felt_light, inner.inflate(-inner.w // 3, -inner.h // 3))
        self.rects["heading:table"] = self._text(
            surface, _("Table"), (felt.x + round(14 * s), felt.y + round(10 * s)),
            round(26 * s), p.heading)
        cx, cy = inner.center
        if view is None:
            self.rects["board:none"] = self._text(
                surface, _("Press N to deal the first hand."), (cx, cy), round(34 * s), p.text,
                "center")
            return
        cw, _ch = layout.card_size
        deck = (cx, inner.y + round(20 * s))
        # Board: five slots, dealt cards face up.
        gap = round(cw * 0.15)
        total = 5 * cw + 4 * gap
        slots = pygame.Rect(cx - total // 2, cy - round(cw * 0.7), total, round(cw * 1.4))
        for k in range(5):
            x = slots.x + k * (cw + gap)
            if k < len(view.board):
                at = _along(deck, (x, slots.y), motion.progress(f"board:{k}") if motion else None)
                surface.blit(self.card(card_text(view.board[k]), cw), at)
                self.rects[f"board:{k}"] = pygame.Rect(x, slots.y, cw, slots.h)
            else:
                pygame.draw.rect(surface, p.felt, pygame.Rect(x, slots.y, cw, slots.h),
                                 width=3, border_radius=6)
        if not view.board:
            self.rects["board:none"] = slots
        self.rects["pot"] = self._text(surface, pot, (cx, cy - round(cw * 0.95)), round(30 * s),
                                       p.gold, "midbottom")
        street = {Street.PREFLOP: _("Pre-flop"), Street.FLOP: _("Flop"), Street.TURN: _("Turn"),
                  Street.RIVER: _("River"), Street.SHOWDOWN: _("Showdown")}[view.street]
        self._text(surface, street, (cx, cy + round(cw * 0.85)), round(22 * s), p.dim, "midtop")
        order = self._from_me(view)
        room = pygame.Rect(felt.x, felt.y, felt.w, felt.h).inflate(-round(180 * s),
                                                                   -round(90 * s))
        positions = seat_positions(len(order), Rect(room.x, room.y, room.w, room.h),
                                   margin=0.0)
        centres = {}
        for pl, pos in zip(order, positions, strict=True):
            centres[pl.seat] = self._seat(surface, layout, view, pl, pos, (cx, cy), names,
                                          motion)
        if motion is not None and motion.awards:  # pots sliding to their winners
            t = motion.progress("award")
            for seat, share in motion.awards:
                if t is None or seat not in centres:
                    continue
                x, y = _along((cx, cy - round(cw * 1.1)), centres[seat], t)
                pygame.draw.circle(surface, p.gold, (x, y), round(14 * s))
                self._text(surface, amount(share), (x + round(18 * s), y), round(24 * s),
                           p.gold, "midleft")

    @staticmethod
    def _from_me(view: SeatView) -> list[PlayerView]:
        seats = sorted(view.players, key=lambda pl: pl.seat)
        if view.seat is None:
            return seats
        k = next((i for i, pl in enumerate(seats) if pl.seat == view.seat), 0)
        return seats[k:] + seats[:k]

    def _seat(self, surface: pygame.Surface, layout: TableLayout, view: SeatView,
              pl: PlayerView, pos: tuple[int, int], center: tuple[int, int],
              names: Callable[[int], str], motion: Motion | None) -> tuple[int, int]:
        """One seat: its box, its cards toward the centre, its bet, the dealer
        button; returns the box centre."""
        p = self.palette
        s = layout.scale
        w, h = round(170 * s), round(64 * s)
        box = pygame.Rect(0, 0, w, h)
        box.center = pos
        self.rects[f"player:{pl.seat}"] = box
        turn = view.to_act == pl.seat and not view.over
        pygame.draw.rect(surface, p.seat, box, border_radius=12)
        pygame.draw.rect(surface, p.seat_turn if turn else p.dim, box, width=3 if turn else 1,
                         border_radius=12)
        me = pl.seat == view.seat
        self._text(surface, names(pl.seat), (box.centerx, box.y + round(8 * s)),
                   round(24 * s), p.gold if me else p.text, "midtop")
        status = (_("Folded") if pl.folded else _("All-in") if pl.all_in else amount(pl.stack))
        self._text(surface, status, (box.centerx, box.bottom - round(8 * s)), round(22 * s),
                   p.dim if pl.folded else p.text, "midbottom")
        # Hole cards on the table side of the name box (toward the centre):
        # own and shown cards face up, others' backs.
        cw = round(layout.card_size[0] * 0.8)
        ch = round(cw * 1.4)
        dx, dy = center[0] - pos[0], center[1] - pos[1]
        norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / norm, dy / norm
        if abs(ux) > 0.8:  # a seat at the side: cards above its box, clear of the board
            cards_at = (pos[0] + ux * 12 * s, pos[1] - (h / 2 + ch / 2 + 6 * s))
        else:
            cards_at = (pos[0] + ux * (w / 2 + cw + 8 * s),
                        pos[1] + uy * (h / 2 + ch / 2 + 6 * s))
        cards = view.hole if me else pl.shown
        if not pl.folded or pl.shown:
            names_ = [card_text(c) for c in cards] if cards else (["back", "back"]
                                                                   if not view.over else [])
            t = motion.progress(f"hole:{pl.seat}") if motion else None
            for k, nm in enumerate(names_):
                x = round(cards_at[0] - cw - 2 + k * (cw + 4))
                y = round(cards_at[1] - ch / 2)
                surface.blit(self.card(nm, cw), _along(center, (x, y), t))
                if me:
                    self.rects[f"hole:{k}"] = pygame.Rect(x, y, cw, ch)
        if me and not view.hole:
            self.rects["hole:none"] = box
        # The bet in front of the cards, further toward the centre.
        if pl.bet:
            bx = round(cards_at[0] + ux * (cw + 26 * s))
            by = round(cards_at[1] + uy * (ch / 2 + 18 * s))
            t = motion.progress(f"bet:{pl.seat}") if motion else None
            bx, by = _along(box.center, (bx, by), t)
            pygame.draw.circle(surface, p.gold, (bx - round(14 * s), by), round(9 * s))
            self._text(surface, amount(pl.bet), (bx, by), round(22 * s), p.text, "midleft")
        if pl.seat == view.button:  # the dealer button, just outside the box's right side
            r = round(13 * s)
            dx, dy = box.right + r + round(4 * s), box.centery
            pygame.draw.circle(surface, (245, 245, 245), (dx, dy), r)
            self._text(surface, "D", (dx, dy), round(22 * s), (20, 20, 20), "center")
            self.rects["dealer"] = pygame.Rect(dx - r, dy - r, 2 * r, 2 * r)
        return box.center

    def _room(self, surface: pygame.Surface, layout: TableLayout,
              controls: Sequence[Control]) -> None:
        """The Room zone, in the felt's top right corner: the code and its buttons."""
        if not controls:
            return
        p = self.palette
        s = layout.scale
        felt = layout.felt
        right = felt.x + felt.w - round(12 * s)
        y = felt.y + round(10 * s)
        for c in controls:
            if c.role is Role.HEADING:
                continue
            size = round(22 * s)
            w = self.font(size).size(c.label)[0] + round(20 * s)
            box = pygame.Rect(right - w, y, w, round(30 * s))
            if c.role is Role.BUTTON:
                pygame.draw.rect(surface, p.button, box, border_radius=8)
            else:
                pygame.draw.rect(surface, p.panel, box, border_radius=8)
            self._text(surface, c.label, box.center, size, p.gold if c.role is Role.TEXT
                       else p.text, "center")
            self.rects[c.id] = box
            y += box.h + round(6 * s)
        self.rects["heading:room"] = self.rects[controls[1].id] if len(controls) > 1 else \
            pygame.Rect(right, felt.y, 1, 1)

    def _panel(self, surface: pygame.Surface, layout: TableLayout,
               controls: Sequence[Control], log: Sequence[str],
               log_index: int | None) -> None:
        p = self.palette
        panel = layout.panel
        s = layout.scale
        pygame.draw.rect(surface, p.panel, pygame.Rect(panel.x, panel.y, panel.w, panel.h))
        x = panel.x + round(16 * s)
        y = panel.y + round(12 * s)
        width = panel.w - round(32 * s)
        by_zone: dict[str, list[Control]] = {}
        for c in controls:
            by_zone.setdefault(c.zone, []).append(c)
        self.rects["heading:actions"] = self._text(surface, _("Actions"), (x, y), round(28 * s),
                                                   p.heading)
        y += round(34 * s)
        bh = round(36 * s)
        for c in by_zone.get("actions", []):
            if c.id.startswith("heading:"):
                continue
            rect = pygame.Rect(x, y, width, bh)
            self.rects[c.id] = rect
            pygame.draw.rect(surface, p.button if c.enabled else p.button_off, rect,
                             border_radius=8)
            self._text(surface, c.label, (rect.x + round(12 * s), rect.centery), round(24 * s),
                       p.text if c.enabled else p.dim, "midleft")
            y += bh + round(6 * s)
        y += round(10 * s)
        self.rects["heading:state"] = self._text(surface, _("Game state"), (x, y),
                                                 round(28 * s), p.heading)
        y += round(32 * s)
        for c in by_zone.get("state", []):
            if c.id.startswith("heading:"):
                continue
            size = round(22 * s)
            text = c.label
            while len(text) > 4 and self.font(size).size(text)[0] > width:
                text = text[:-4] + "…"
            self.rects[c.id] = self._text(surface, text, (x, y), size, p.text)
            y += round(24 * s)
        y += round(10 * s)
        self.rects["heading:log"] = self._text(surface, _("Move log"), (x, y), round(28 * s),
                                               p.heading)
        y += round(32 * s)
        line_h = round(22 * s)
        size = round(20 * s)
        area = pygame.Rect(x - 4, y - 2, width + 8, max(line_h, panel.y + panel.h - y - 8))
        self.rects["log"] = area
        rows = max(1, area.h // line_h)
        last = len(log) - 1 if log_index is None else log_index
        # Long lines wrap; the lines that fit end with the newest (or the selected) one.
        shown: list[tuple[int, list[str]]] = []
        used = 0
        for k in range(last, -1, -1):
            wrapped = wrap(self.font(size), log[k], width)
            if used + len(wrapped) > rows:
                break
            shown.insert(0, (k, wrapped))
            used += len(wrapped)
        for k, wrapped in shown:
            if k == log_index:
                pygame.draw.rect(surface, p.button, (x - 4, y - 1, width + 8,
                                                     line_h * len(wrapped)))
            for text in wrapped:
                self._text(surface, text, (x, y), size, p.text if k == log_index else p.dim)
                y += line_h

    def use_deck(self, cards_dir: Path) -> None:
        """Draw cards from ``cards_dir`` from now on (the four-colour setting)."""
        if cards_dir != self.cards_dir:
            self.cards_dir = cards_dir
            self._images.clear()


_FONTS: dict[int, pygame.font.Font] = {}


def font(size: int) -> pygame.font.Font:
    """The game's font at ``size`` pixels (pygame's bundled default font),
    loaded once per size for every screen."""
    if size not in _FONTS:
        if not pygame.font.get_init():
            pygame.font.init()
        _FONTS[size] = pygame.font.Font(None, size)
    return _FONTS[size]


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels (words kept whole)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line else lines or [""]


def _along(start: tuple[float, float], end: tuple[int, int],
           t: float | None) -> tuple[int, int]:
    """The point ``t`` of the way from ``start`` to ``end`` (at ``end`` when None)."""
    if t is None:
        return end
    return (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
