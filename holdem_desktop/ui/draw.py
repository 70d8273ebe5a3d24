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

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from holdem_desktop.engine.cards import card_text
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n import amount
from holdem_desktop.i18n.translate import _
from holdem_desktop.resources import assets_dir

from .action_bar import bar_height, draw_action_bar
from .layout import BODY, Rect, TableLayout, seat_positions
from .lines import newest_rows, words
from .motion import Motion, along
from .plates import SeatPlate
from .rings import draw_ring
from .room_zone import draw_room
from .seats import chips, chips_rect, draw_seat, spots
from .widgets import Control

__all__ = ["Palette", "TableRenderer", "font", "wrap"]


@dataclass(frozen=True)
class Palette:
    """Colours of the table (high contrast on a dark room)."""

    background: tuple[int, int, int] = (16, 24, 32)
    felt: tuple[int, int, int] = (16, 76, 50)
    felt_light: tuple[int, int, int] = (20, 88, 58)
    """The middle of the felt: dark enough for the gold pot (5.5:1) and the
    white seat names (7.4:1) to read on it."""
    felt_text: tuple[int, int, int] = (200, 230, 210)
    """Quiet words on the felt (the street's name): 6.3:1 on it."""
    slot: tuple[int, int, int] = (170, 215, 190)
    """The outline of a board card still to come: 5.3:1 on the felt."""
    rail: tuple[int, int, int] = (92, 56, 30)
    rail_edge: tuple[int, int, int] = (150, 104, 60)
    text: tuple[int, int, int] = (240, 240, 235)
    dim: tuple[int, int, int] = (150, 160, 165)
    seat: tuple[int, int, int] = (28, 36, 46)
    seat_out: tuple[int, int, int] = (22, 26, 30)
    """A seat whose player is out of the game (greyed)."""
    seat_won: tuple[int, int, int] = (70, 58, 18)
    """The box of a hand's winner (lit, with a gold outline)."""
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
        self._lit: set[int] = set()
        """The winning five cards of the frame being drawn."""
        self.idle = _("Press N to deal the first hand.")
        """What the felt says before the first hand (the screen names its button)."""
        self.rects: dict[str, pygame.Rect] = {}
        """Where each control (by id) was drawn in the last frame."""
        self.drawn: dict[str, pygame.Rect] = {}
        """Where each thing on the table was drawn in the last frame (seat
        boxes, cards, bets, the dealer button, the pot, moving chips, the
        banner, the zones panel), none of which may cover another."""
        self.turns: list[int] = []
        """The seats drawn with the "to act" frame in the last frame."""
        self.painted: dict[str, str] = {}
        """The words painted in the zones panel in the last frame, by control
        id (the buttons and the Game state's lines)."""
        self.painted_log: list[str] = []
        """The Move log's lines painted in the last frame (the newest last)."""
        self.title_rows: list[tuple[str, int]] = []
        """The title line's rows painted in the last frame, with their size."""
        self.focus_id: str | None = None
        """The control the frame being painted has the focus on."""

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
        if rect is not None:  # a heading's words get room inside the ring, as a button's do
            pad = (16, 8) if (focus_id or "").startswith("heading:") else (0, 0)
            draw_ring(surface, self.palette.focus, rect.inflate(10 + pad[0], 8 + pad[1]))

    # ------------------------------------------------------------------

    def draw_frame(self, surface: pygame.Surface, title: Sequence[str],
                   tabs: Sequence[Control], focus_id: str | None) -> None:
        """The background, the title line and the tabs (an open tab's page
        fills the rest)."""
        layout = TableLayout(*surface.get_size())
        set_text_scale(surface.get_size())
        surface.fill(self.palette.background)
        self.rects = {}
        self._title(surface, layout, title, tabs)
        self._ring(surface, focus_id)

    def draw_table(self, surface: pygame.Surface, view: SeatView | None,
                   plates: Sequence[SeatPlate], title: Sequence[str],
                   controls: Sequence[Control], tabs: Sequence[Control],
                   focus_id: str | None, log: Sequence[str] = (),
                   log_index: int | None = None, motion: Motion | None = None,
                   banner: Sequence[str] = (), *, winners: Sequence[str] = (),
                   amounts: tuple[Sequence[str], int | None] = ((), None),
                   lit: Sequence[int] = ()) -> None:
        """A whole frame of the table; the focus ring goes around ``focus_id``.
        ``plates``: every seat's box, the player's own first (at the bottom);
        ``banner``: lines shown over the felt (the game's end), the first as
        its heading; ``winners``: the winning hands, shown under the board;
        ``amounts``: the amount scale's steps and the chosen one, shown in
        the Actions zone; ``lit``: the winning five cards, outlined in gold
        on the board and in the winner's hand."""
        layout = TableLayout(*surface.get_size())
        set_text_scale(surface.get_size())  # (bold follows the frame's own scale)
        surface.fill(self.palette.background)
        self.rects = {}
        self.drawn = {}
        self.turns = []
        self.painted = {}
        self.painted_log = []
        self._lit = set(lit)
        self.focus_id = focus_id
        self._title(surface, layout, title, tabs)
        pot = next((c.label for c in controls if c.id == "pot"), "")
        self._felt(surface, layout, view, plates, pot, motion, winners, bool(banner))
        self._panel(surface, layout, controls, log, log_index, amounts)
        if banner:
            self._banner(surface, layout, banner)
        self._ring(surface, focus_id)

    def _banner(self, surface: pygame.Surface, layout: TableLayout,
                lines: Sequence[str]) -> None:
        """The game's end over the felt, covering no seat and no card (the
        last board stays to be seen).  Its text keeps its size at every table
        (never below :data:`BANNER_BODY`, the table's normal size): the
        banner is placed in the middle, or above or below the board, its
        heading smaller before its body ever is; at a crowded table the
        heading goes above the board and the standings below it."""
        s = layout.scale
        felt = pygame.Rect(layout.felt.x, layout.felt.y, layout.felt.w, layout.felt.h)
        taken = [r for k, r in self.drawn.items() if k not in ("title", "panel")]
        middle = [r for k, r in self.drawn.items() if k in ("board", "pot", "street")]
        above = min((r.top for r in middle), default=felt.centery)
        below = max((r.bottom for r in middle), default=felt.centery)
        gap = round(8 * s)
        body = self.font(round(BANNER_BODY * s))

        def free(box: pygame.Rect) -> bool:
            return box.collidelist(taken) < 0 and felt.contains(box)

        def place(box: pygame.Rect, centres: Sequence[tuple[int, int]]) -> bool:
            for centre in centres:
                box.center = centre
                if free(box):
                    return True
            return False

        fractions = (0.62, 0.58, 0.54, 0.50, 0.46, 0.42, 0.38)
        # Of the boxes that fit, the one of fewest lines (a heading broken
        # over three lines reads worse than a smaller one on one), then the
        # larger heading, then the wider box.
        best: tuple[tuple[int, int, float], pygame.Rect, list[Any]] | None = None
        for heading_size in (40, 34, BANNER_BODY + 4):
            heading = self.font(round(heading_size * s))
            for fraction in fractions:
                width = round(felt.w * fraction)
                rows = self._banner_rows(lines, heading, body, width - 2 * round(16 * s))
                rank = (len(rows), -heading_size, -fraction)
                if best is not None and rank >= best[0]:
                    continue
                box = pygame.Rect(0, 0, width, self._rows_height(rows, s))
                if place(box, (felt.center, (felt.centerx, above - gap - box.h // 2),
                               (felt.centerx, below + gap + box.h // 2))):
                    best = (rank, box, rows)
        if best is not None:
            self._banner_box(surface, best[1], best[2], s, "banner")
            return
        # Crowded: the heading above the board, the standings below it.
        heading = self.font(round((BANNER_BODY + 4) * s))
        for fraction in fractions:
            width = round(felt.w * fraction)
            inner = width - 2 * round(16 * s)
            top = self._banner_rows(lines[:1], heading, body, inner)
            rest = self._banner_rows(lines[1:], None, body, inner)
            high = pygame.Rect(0, 0, width, self._rows_height(top, s))
            low = pygame.Rect(0, 0, width, self._rows_height(rest, s))
            if place(high, ((felt.centerx, above - gap - high.h // 2),)) and place(
                    low, ((felt.centerx, below + gap + low.h // 2),)):
                self._banner_box(surface, high, top, s, "banner:heading")
                self._banner_box(surface, low, rest, s, "banner")
                return
        # Nowhere free (a window far smaller than the game supports): the text
        # keeps its size, over the middle of the felt.
        heading = self.font(round(40 * s))
        width = round(felt.w * fractions[0])
        rows = self._banner_rows(lines, heading, body, width - 2 * round(16 * s))
        box = pygame.Rect(0, 0, width, self._rows_height(rows, s))
        box.center = felt.center
        self._banner_box(surface, box, rows, s, "banner")

    def _banner_rows(self, lines: Sequence[str], heading: pygame.font.Font | None,
                     body: pygame.font.Font, width: int
                     ) -> list[tuple[pygame.font.Font, tuple[int, int, int], str]]:
        """The banner's lines wrapped to ``width``: the first as the heading
        (when there is a ``heading`` font)."""
        p = self.palette
        rows = []
        if heading is not None and lines:
            rows = [(heading, p.gold, t) for t in wrap(heading, lines[0], width)]
            lines = lines[1:]
        for line in lines:
            rows += [(body, p.text, t) for t in wrap(body, line, width)]
        return rows

    @staticmethod
    def _rows_height(rows: Sequence[tuple[pygame.font.Font, Any, str]], s: float) -> int:
        return sum(f.get_linesize() for f, _c, _t in rows) + round(28 * s)

    def _banner_box(self, surface: pygame.Surface, box: pygame.Rect,
                    rows: Sequence[tuple[pygame.font.Font, tuple[int, int, int], str]],
                    s: float, key: str) -> None:
        p = self.palette
        pygame.draw.rect(surface, p.panel, box, border_radius=14)
        pygame.draw.rect(surface, p.gold, box, width=3, border_radius=14)
        y = box.y + round(14 * s)
        for f, colour, text in rows:
            image = f.render(text, True, colour)
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += f.get_linesize()
        self.drawn[key] = box
        if key == "banner":
            self.rects["banner"] = box

    def _title(self, surface: pygame.Surface, layout: TableLayout, title: Sequence[str],
               tabs: Sequence[Control]) -> None:
        p = self.palette
        rect = layout.title
        s = layout.scale
        bar = pygame.Rect(rect.x, rect.y, rect.w, rect.h)
        pygame.draw.rect(surface, p.panel, bar)
        self.drawn["title"] = bar
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
        # Everyone's chips, never smaller than the table's body text: on two
        # lines when one is too narrow (ten players in a small window).
        size = round(26 * s)
        room = right - round(32 * s)
        body = round(BODY * s)
        text = "   ·   ".join(title)
        while size > body and self.font(size).size(text)[0] > room:
            size -= 1
        rows = [text]
        if self.font(size).size(text)[0] > room and len(title) > 1:
            half = (len(title) + 1) // 2
            rows = ["  ·  ".join(title[:half]), "  ·  ".join(title[half:])]
        line = self.font(size).get_linesize()
        y = rect.h // 2 - line * (len(rows) - 1) // 2
        drawn = [self._fit(surface, row, (16, y + k * line), size, p.text, room, "midleft")
                 for k, row in enumerate(rows)]
        self.rects["heading:players"] = drawn[0].unionall(drawn[1:])
        self.title_rows = [(row, size) for row in rows]

    def _felt(self, surface: pygame.Surface, layout: TableLayout, view: SeatView | None,
              plates: Sequence[SeatPlate], pot: str, motion: Motion | None,
              winners: Sequence[str], ended: bool) -> None:
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
        if view is None and not plates:
            self.rects["board:none"] = self._text(surface, self.idle, (cx, cy), round(34 * s),
                                                  p.text, "center")
            return
        if view is not None and ended:  # the last board stays to be seen, bare: the
            # banner says how the game ended
            self._board(surface, layout, view, (cx, cy), "", motion, (), bare=True)
        elif view is not None:
            self._board(surface, layout, view, (cx, cy), pot, motion, winners)
        elif view is None:
            self.rects["board:none"] = self._text(surface, self.idle, (cx, cy), round(34 * s),
                                                  p.text, "center")
        room = pygame.Rect(felt.x, felt.y, felt.w, felt.h).inflate(-round(180 * s),
                                                                   -round(90 * s))
        count = max(2, min(10, len(plates)))
        positions = seat_positions(count, Rect(room.x, room.y, room.w, room.h), margin=0.0)
        in_hand = {pl.seat: pl for pl in view.players} if view is not None else {}
        # A room's empty seat keeps its place, drawn as nothing.
        me = next((pl.seat for pl in plates if pl.me), None)
        places = spots(self, layout, view, {pl.seat: pos for pl, pos in zip(plates, positions,
                                                                            strict=False)
                                            if pl.name}, (cx, cy), me)
        fronts = {}
        for plate in plates:
            if plate.seat in places:
                draw_seat(self, surface, layout, view, plate, in_hand.get(plate.seat),
                          places[plate.seat], (cx, cy), motion)
                fronts[plate.seat] = places[plate.seat].front
        if motion is not None and motion.awards:  # pots sliding to their winners
            t = motion.progress("award")
            taken = [r for k, r in self.drawn.items()
                     if k in ("board", "pot", "street") or k.startswith(("seat:", "cards:"))]
            for seat, share in motion.awards:
                if t is None or seat not in fronts:
                    continue
                text = amount(share)
                # On the way from the middle to the winner's front, from the
                # first point after which it covers nothing (the board, the
                # pot's words, a seat box, a card).
                way = [along((cx, cy), fronts[seat], k / 24) for k in range(25)]
                free = [chips_rect(self, layout, text, q).collidelist(taken) < 0 for q in way]
                start = next((way[k] for k in range(25) if all(free[k:])), fronts[seat])
                self.drawn[f"award:{seat}"] = chips(
                    surface=surface, r=self, layout=layout, text=text,
                    at=along(start, fronts[seat], t), colour=p.gold, count=share)

    def _board(self, surface: pygame.Surface, layout: TableLayout, view: SeatView,
               centre: tuple[int, int], pot: str, motion: Motion | None,
               winners: Sequence[str], bare: bool = False) -> None:
        """The board's five slots, the pot above them, the street (or the
        winning hands) below; ``bare``: the cards alone."""
        p = self.palette
        s = layout.scale
        cx, cy = centre
        cw, _ch = layout.card_size
        gap = round(cw * 0.15)
        total = 5 * cw + 4 * gap
        slots = pygame.Rect(cx - total // 2, cy - round(cw * 0.7), total, round(cw * 1.4))
        # dealt cards slide along the board's own row from just right of it:
        # over slots still empty, never over a card already dealt
        deck = (slots.right + gap, slots.y)
        for k in range(5):
            x = slots.x + k * (cw + gap)
            if k < len(view.board):
                at = along(deck, (x, slots.y), motion.progress(f"board:{k}") if motion else None)
                surface.blit(self.card(card_text(view.board[k]), cw), at)
                self.rects[f"board:{k}"] = pygame.Rect(x, slots.y, cw, slots.h)
                if view.board[k] in self._lit:
                    self._light(surface, pygame.Rect(at, (cw, slots.h)), s)
            else:
                pygame.draw.rect(surface, p.slot, pygame.Rect(x, slots.y, cw, slots.h),
                                 width=2, border_radius=6)
        self.drawn["board"] = slots
        if not view.board:
            self.rects["board:none"] = slots
        if bare:
            return
        size = round(30 * s)
        width = round(cw * 6.5)
        lines = wrap(self.font(size), pot, width)
        y = slots.y - round(6 * s) - self.font(size).get_linesize() * len(lines)
        top = y
        drawn = [self._text(surface, line, (cx, y + k * self.font(size).get_linesize()), size,
                            p.gold, "midtop") for k, line in enumerate(lines)]
        y += self.font(size).get_linesize() * len(lines)
        # As wide as the board or its words (the seats' chips may come beside it)
        used = max([slots.w, *(r.w for r in drawn)])
        self.rects["pot"] = self.drawn["pot"] = pygame.Rect(cx - used // 2, top, used, y - top)
        y = slots.bottom + round(6 * s)
        if winners:  # the winning hands, where the street's name was
            size = round(24 * s)
            rows = [t for w in winners for t in wrap(self.font(size), w, width)]
            colour = p.gold
        else:
            size = round(22 * s)
            rows = [{Street.PREFLOP: _("Pre-flop"), Street.FLOP: _("Flop"),
                     Street.TURN: _("Turn"), Street.RIVER: _("River"),
                     Street.SHOWDOWN: _("Showdown")}[view.street]]
            colour = p.felt_text
        top = y
        drawn = [self._text(surface, row, (cx, y + k * self.font(size).get_linesize()), size,
                            colour, "midtop") for k, row in enumerate(rows)]
        y += self.font(size).get_linesize() * len(rows)
        used = max([slots.w, *(r.w for r in drawn)])
        self.drawn["street"] = pygame.Rect(cx - used // 2, top, used, y - top)

    def _light(self, surface: pygame.Surface, card: pygame.Rect, s: float) -> None:
        """A winning card: a gold frame around it (drawn on the card's edge,
        so it covers nothing beside it)."""
        pygame.draw.rect(surface, self.palette.gold, card, width=max(3, round(4 * s)),
                         border_radius=max(4, round(6 * s)))

    def _fit(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
             color: tuple[int, int, int], width: int, anchor: str) -> pygame.Rect:
        """``text`` at ``pos``, in a smaller size (down to two thirds) when it
        is wider than ``width``, shortened with "…" when even that is too wide."""
        smallest = max(10, size * 2 // 3)
        while size > smallest and self.font(size).size(text)[0] > width:
            size -= 1
        while len(text) > 2 and self.font(size).size(text)[0] > width:
            text = text[:-2] + "…"
        return self._text(surface, text, pos, size, color, anchor)

    def _room(self, surface: pygame.Surface, layout: TableLayout,
              controls: Sequence[Control], bottom: int, lowest: int = 0) -> int:
        """The Room zone at the bottom of the zones panel, no higher than
        ``lowest`` (ui/room_zone.py); returns its top."""
        return draw_room(self, surface, layout, controls, bottom, lowest, self.focus_id)

    def _panel(self, surface: pygame.Surface, layout: TableLayout,
               controls: Sequence[Control], log: Sequence[str],
               log_index: int | None,
               amounts: tuple[Sequence[str], int | None] = ((), None)) -> None:
        p = self.palette
        panel = layout.panel
        s = layout.scale
        whole = pygame.Rect(panel.x, panel.y, panel.w, panel.h)
        pygame.draw.rect(surface, p.panel, whole)
        self.drawn["panel"] = whole
        x = panel.x + round(16 * s)
        y = panel.y + round(12 * s)
        width = panel.w - round(32 * s)
        by_zone: dict[str, list[Control]] = {}
        for c in controls:
            by_zone.setdefault(c.zone, []).append(c)
        # The action bar at the bottom right (its own module); the zones above it.
        bar_top = panel.y + panel.h - round(10 * s) - bar_height(layout)
        draw_action_bar(self, surface, layout, by_zone.get("actions", []), amounts, bar_top)
        y += round(10 * s)
        self.rects["heading:state"] = self._text(surface, _("Game state"), (x, y),
                                                 round(28 * s), p.heading)
        y += round(32 * s)
        rows_left = max(3, (panel.h // 3) // round(24 * s))  # a third of the panel
        for c in by_zone.get("state", []):
            if c.id.startswith("heading:") or rows_left <= 0:
                continue
            size = round(BODY * s)
            lines = newest_rows(self.font(size), c.label, width, rows_left)
            rows_left -= len(lines)
            drawn = [self._text(surface, line, (x, y + k * round(24 * s)), size, p.text)
                     for k, line in enumerate(lines)]
            self.rects[c.id] = drawn[0].unionall(drawn[1:])
            self.painted[c.id] = "\n".join(lines)
            y += round(24 * s) * len(lines)
        y += round(10 * s)
        self.rects["heading:log"] = self._text(surface, _("Move log"), (x, y), round(28 * s),
                                               p.heading)
        y += round(32 * s)
        line_h = round(22 * s)
        bottom = self._room(surface, layout, by_zone.get("room", []),
                            bar_top - round(12 * s), lowest=y + 3 * line_h + 8)
        size = round(20 * s)
        area = pygame.Rect(x - 4, y - 2, width + 8, max(line_h, bottom - y - 8))
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
        self.painted_log = [log[k] for k, _wrapped in shown]
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


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}

FONT_FILES = {False: "AtkinsonHyperlegible-Regular.ttf", True: "AtkinsonHyperlegible-Bold.ttf"}
"""The game's typeface, in ``assets/fonts`` (tools/fetch_font.py; its licence,
OFL.txt, beside it): Atkinson Hyperlegible, drawn for low vision, evenly
spaced, with every letter of Romanian, Italian and Polish."""

BOLD_FROM = 30
"""Sizes from this up (titles, headings, the banner) are drawn bold."""

BANNER_BODY = 26
"""The size of the game-over banner's text (before the layout's scale): the
table's normal reading size, which the banner never goes below."""

_SCALE = 0.6875
"""The sizes the screens ask for are pygame's default font's, whose pixel
size is this fraction of the asked one: the bundled font keeps it, so the
layouts keep their widths."""


_BOLD_SCALE = [1.0]
"""The window's scale above its design size (1280x800; never under 1): a
size is bold when it is a heading's at that scale, so that an enlarged
window does not turn its body text bold too."""


def set_text_scale(size: tuple[int, int]) -> None:
    """The window is now ``size``: which sizes are headings' (bold) follows it."""
    _BOLD_SCALE[0] = max(1.0, min(size[0] / 1280, size[1] / 800))


def font(size: int) -> pygame.font.Font:
    """The game's font at ``size`` (in the layouts' units), loaded once per
    size and weight for every screen."""
    bold = size >= BOLD_FROM * _BOLD_SCALE[0]
    if (size, bold) not in _FONTS:
        if not pygame.font.get_init():
            pygame.font.init()
        path = assets_dir() / "fonts" / FONT_FILES[bold]
        _FONTS[(size, bold)] = pygame.font.Font(str(path), max(6, round(size * _SCALE)))
    return _FONTS[(size, bold)]


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels (words kept whole)."""
    lines: list[str] = []
    line = ""
    for word in words(text):
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line else lines or [""]
