"""Drawing the table screen from what the player may see.

:class:`TableRenderer` paints one frame: the title line with everyone's
chips (yours first), the felt with the seats, cards, bets, pot and dealer
button, and the zones panel (Actions, Game state, Move log).  It reads a
:class:`~holdem_desktop.engine.views.SeatView` and the action buttons and
changes nothing; the card art comes from ``assets/cards``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from gettext import gettext as _
from pathlib import Path

import pygame

from holdem_desktop.engine.cards import card_text
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.views import PlayerView, SeatView

from .action_panel import Button
from .layout import Rect, TableLayout, seat_positions

__all__ = ["Palette", "TableRenderer"]


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
    seat_turn: tuple[int, int, int] = (250, 200, 60)
    gold: tuple[int, int, int] = (245, 205, 90)
    panel: tuple[int, int, int] = (24, 32, 42)
    heading: tuple[int, int, int] = (130, 200, 255)
    button: tuple[int, int, int] = (44, 70, 98)
    button_off: tuple[int, int, int] = (40, 44, 50)
    focus: tuple[int, int, int] = (255, 214, 0)


class TableRenderer:
    """Paints the table for one seat."""

    def __init__(self, cards_dir: Path, palette: Palette | None = None) -> None:
        self.cards_dir = cards_dir
        self.palette = palette or Palette()
        self._images: dict[tuple[str, int], pygame.Surface] = {}
        self._fonts: dict[int, pygame.font.Font] = {}
        self.button_rects: list[pygame.Rect] = []
        """Where the action buttons were drawn in the last frame (for the mouse)."""
        self.zone_rects: dict[str, pygame.Rect] = {}
        """Where each zone (table, hand, actions, state, players, log) was drawn."""

    # ------------------------------------------------------------------

    def font(self, size: int) -> pygame.font.Font:
        """The game's font at ``size`` pixels (pygame's bundled default font)."""
        if size not in self._fonts:
            if not pygame.font.get_init():
                pygame.font.init()
            self._fonts[size] = pygame.font.Font(None, size)
        return self._fonts[size]

    def card(self, name: str, width: int) -> pygame.Surface:
        """A card image (``"As"`` or ``"back"``) scaled to ``width``, cached."""
        key = (name, width)
        if key not in self._images:
            image = pygame.image.load(str(self.cards_dir / f"{name}.png"))
            height = round(width * image.get_height() / image.get_width())
            self._images[key] = pygame.transform.smoothscale(image, (width, height))
        return self._images[key]

    def draw_message(self, surface: pygame.Surface, text: str) -> None:
        """A screen with one centred line (before the first hand)."""
        surface.fill(self.palette.background)
        self._text(surface, text, (surface.get_width() // 2, surface.get_height() // 2), 40,
                   self.palette.text, "center")

    def _text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              color: tuple[int, int, int], anchor: str = "topleft") -> pygame.Rect:
        image = self.font(size).render(text, True, color)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect

    # ------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: SeatView, names: Callable[[int], str],
             buttons: Sequence[Button] = (), focused: int | None = None,
             log: Sequence[str] = (), state: Sequence[str] = (),
             amount: Callable[[int], str] = lambda a: f"{a:,}",
             focused_zone: str | None = None) -> None:
        """Paint a whole frame for ``view``; the focus ring goes around button
        ``focused`` or, when given, around the zone ``focused_zone``."""
        p = self.palette
        layout = TableLayout(*surface.get_size())
        surface.fill(p.background)
        self.zone_rects = {}
        self._title(surface, layout, view, names, amount)
        self._felt(surface, layout, view, names, amount)
        self._panel(surface, layout, buttons, None if focused_zone else focused, state, log)
        if focused_zone in self.zone_rects:
            pygame.draw.rect(surface, p.focus, self.zone_rects[focused_zone].inflate(12, 10),
                             width=4, border_radius=10)

    def _title(self, surface: pygame.Surface, layout: TableLayout, view: SeatView,
               names: Callable[[int], str], amount: Callable[[int], str]) -> None:
        p = self.palette
        rect = layout.title
        pygame.draw.rect(surface, p.panel, pygame.Rect(rect.x, rect.y, rect.w, rect.h))
        order = self._from_me(view)
        parts = [f"{names(pl.seat)} {amount(pl.stack + pl.in_pot if not view.over else pl.stack)}"
                 for pl in order]
        self.zone_rects["players"] = self._text(
            surface, "   ·   ".join(parts), (16, rect.h // 2), round(26 * layout.scale), p.text,
            "midleft")

    @staticmethod
    def _from_me(view: SeatView) -> list[PlayerView]:
        players = list(view.players)
        seats = sorted(players, key=lambda pl: pl.seat)
        if view.seat is None:
            return seats
        k = next((i for i, pl in enumerate(seats) if pl.seat == view.seat), 0)
        return seats[k:] + seats[:k]

    def _felt(self, surface: pygame.Surface, layout: TableLayout, view: SeatView,
              names: Callable[[int], str], amount: Callable[[int], str]) -> None:
        p = self.palette
        felt = layout.felt
        s = layout.scale
        inner = pygame.Rect(felt.x, felt.y, felt.w, felt.h).inflate(-round(120 * s),
                                                                    -round(110 * s))
        pygame.draw.ellipse(surface, p.rail_edge, inner.inflate(round(30 * s), round(30 * s)))
        pygame.draw.ellipse(surface, p.rail, inner.inflate(round(24 * s), round(24 * s)))
        pygame.draw.ellipse(surface, p.felt, inner)
        self.zone_rects["table"] = inner.inflate(-inner.w // 3, -inner.h // 3)
        pygame.draw.ellipse(surface, p.felt_light, inner.inflate(-inner.w // 3, -inner.h // 3))
        cx, cy = inner.center
        cw, _ch = layout.card_size
        # Board: five slots, dealt cards face up.
        gap = round(cw * 0.15)
        total = 5 * cw + 4 * gap
        for k in range(5):
            x = cx - total // 2 + k * (cw + gap)
            y = cy - round(cw * 0.7)
            if k < len(view.board):
                surface.blit(self.card(card_text(view.board[k]), cw), (x, y))
            else:
                pygame.draw.rect(surface, p.felt, pygame.Rect(x, y, cw, round(cw * 1.4)),
                                 width=3, border_radius=6)
        pot = _("Pot {amount}").format(amount=amount(view.pot)) if view.pot else ""
        if pot:
            self._text(surface, pot, (cx, cy - round(cw * 0.95)), round(30 * s), p.gold,
                       "midbottom")
        street = {Street.PREFLOP: _("Pre-flop"), Street.FLOP: _("Flop"), Street.TURN: _("Turn"),
                  Street.RIVER: _("River"), Street.SHOWDOWN: _("Showdown")}[view.street]
        self._text(surface, street, (cx, cy + round(cw * 0.85)), round(22 * s), p.dim, "midtop")
        order = self._from_me(view)
        room = pygame.Rect(felt.x, felt.y, felt.w, felt.h).inflate(-round(180 * s),
                                                                   -round(90 * s))
        positions = seat_positions(len(order), Rect(room.x, room.y, room.w, room.h),
                                   margin=0.0)
        for pl, pos in zip(order, positions, strict=True):
            self._seat(surface, layout, view, pl, pos, (cx, cy), names, amount)

    def _seat(self, surface: pygame.Surface, layout: TableLayout, view: SeatView,
              pl: PlayerView, pos: tuple[int, int], center: tuple[int, int],
              names: Callable[[int], str], amount: Callable[[int], str]) -> None:
        p = self.palette
        s = layout.scale
        w, h = round(170 * s), round(64 * s)
        box = pygame.Rect(0, 0, w, h)
        box.center = pos
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
            for k, nm in enumerate(names_):
                image = self.card(nm, cw)
                x = round(cards_at[0] - cw - 2 + k * (cw + 4))
                surface.blit(image, (x, round(cards_at[1] - ch / 2)))
            if me:
                self.zone_rects["hand"] = pygame.Rect(round(cards_at[0] - cw - 2),
                                                      round(cards_at[1] - ch / 2), 2 * cw + 4, ch)
        # The bet in front of the cards, further toward the centre.
        if pl.bet:
            bx = round(cards_at[0] + ux * (cw + 26 * s))
            by = round(cards_at[1] + uy * (ch / 2 + 18 * s))
            pygame.draw.circle(surface, p.gold, (bx - round(14 * s), by), round(9 * s))
            self._text(surface, amount(pl.bet), (bx, by), round(22 * s), p.text, "midleft")
        if pl.seat == view.button:
            dx, dy = box.right + round(4 * s), box.y
            pygame.draw.circle(surface, (245, 245, 245), (dx, dy), round(13 * s))
            self._text(surface, "D", (dx, dy), round(22 * s), (20, 20, 20), "center")

    def _panel(self, surface: pygame.Surface, layout: TableLayout, buttons: Sequence[Button],
               focused: int | None, state: Sequence[str], log: Sequence[str]) -> None:
        p = self.palette
        panel = layout.panel
        s = layout.scale
        pygame.draw.rect(surface, p.panel, pygame.Rect(panel.x, panel.y, panel.w, panel.h))
        x = panel.x + round(16 * s)
        y = panel.y + round(12 * s)
        self.zone_rects["actions"] = self._text(surface, _("Actions"), (x, y), round(28 * s),
                                                p.heading)
        y += round(34 * s)
        bw = panel.w - round(32 * s)
        bh = round(36 * s)
        self.button_rects = []
        for k, b in enumerate(buttons):
            rect = pygame.Rect(x, y, bw, bh)
            self.button_rects.append(rect)
            pygame.draw.rect(surface, p.button if b.enabled else p.button_off, rect,
                             border_radius=8)
            if focused == k:
                pygame.draw.rect(surface, p.focus, rect.inflate(6, 6), width=4, border_radius=10)
            self._text(surface, b.label, (rect.x + round(12 * s), rect.centery), round(24 * s),
                       p.text if b.enabled else p.dim, "midleft")
            y += bh + round(6 * s)
        y += round(10 * s)
        self.zone_rects["state"] = self._text(surface, _("Game state"), (x, y), round(28 * s),
                                              p.heading)
        y += round(32 * s)
        for line in state:
            self._text(surface, line, (x, y), round(22 * s), p.text)
            y += round(24 * s)
        y += round(10 * s)
        self.zone_rects["log"] = self._text(surface, _("Move log"), (x, y), round(28 * s),
                                            p.heading)
        y += round(32 * s)
        room = max(0, (panel.y + panel.h - y - round(10 * s)) // round(22 * s))
        for line in list(log)[-room:] if room else []:
            self._text(surface, line, (x, y), round(20 * s), p.dim)
            y += round(22 * s)
