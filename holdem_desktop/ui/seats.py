"""The seats on the felt (issue 33, item 4): ten seats that breathe.

Each seat's box (name, chips, last action), its cards toward the table's
centre just clear of the box (yours as large as ever, an opponent's small,
its faces a little larger when it shows them), the dealer button beside the
box, and its bet in front of it on the way to the pot: on the line from the
seat to the centre, at the first place that covers nothing, so a bet is
always nearer its own seat than any other.  Chips are drawn as a stack whose
height grows with the amount, the amount beside it.  Nothing here decides
anything; it draws for :class:`~.draw.TableRenderer` and records where.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from holdem_desktop.engine.cards import card_text
from holdem_desktop.engine.views import PlayerView, SeatView
from holdem_desktop.i18n import amount

from .layout import TableLayout
from .motion import Motion, along
from .painter import Painter
from .plates import SeatPlate

__all__ = ["MINE", "OPPONENT_BACK", "OPPONENT_FACE", "Spot", "chips", "chips_rect",
           "draw_seat", "spots"]

MINE = 0.8
"""Your cards' width, as a fraction of a board card's."""
OPPONENT_BACK = 0.5
"""An opponent's face-down cards' width (small: they only say "in the hand")."""
OPPONENT_FACE = 0.62
"""An opponent's shown cards' width (still readable at a showdown)."""
STACK_MOST = 5
"""The most chips a stack is drawn with."""


@dataclass
class Spot:
    """Where one seat's things go on the felt."""

    box: pygame.Rect
    held: pygame.Rect
    """Its two cards."""
    button: pygame.Rect
    """The dealer button, when it is the dealer."""
    toward: tuple[float, float]
    """The unit step from the box toward the table's centre."""
    front: tuple[int, int]
    """The centre of its chips (a bet, a pot won)."""


def card_width(layout: TableLayout, me: bool, shows: bool) -> int:
    """The width of a seat's cards."""
    fraction = MINE if me else OPPONENT_FACE if shows else OPPONENT_BACK
    return round(layout.card_size[0] * fraction)


def spots(r: Painter, layout: TableLayout, view: SeatView | None,
          centres: dict[int, tuple[int, int]], center: tuple[int, int], me: int | None
          ) -> dict[int, Spot]:
    """Where each seat's box, cards, dealer button and chips go: the cards
    toward the centre just clear of the box (above it at the sides), the
    chips (a bet, a pot won) in front of the seat on the way to the centre,
    clear of every box, every seat's cards and the middle of the table."""
    s = layout.scale
    w, h = round(170 * s), round(80 * s)
    gap = 6 * s
    radius = round(13 * s)
    shown = {p.seat for p in view.players if p.shown} if view is not None else set()
    out: dict[int, Spot] = {}
    for seat, pos in centres.items():
        cw = card_width(layout, seat == me, seat in shown)
        ch = round(cw * 1.4)
        box = pygame.Rect(0, 0, w, h)
        box.center = pos
        dx, dy = center[0] - pos[0], center[1] - pos[1]
        norm = max(1.0, math.hypot(dx, dy))
        ux, uy = dx / norm, dy / norm
        if abs(ux) > 0.8:  # a seat at the side: cards above its box, clear of the board
            at = (pos[0] + ux * 12 * s, pos[1] - (h / 2 + ch / 2 + gap))
        else:  # toward the centre, just clear of the box
            reach = min((w / 2 + cw + 2 + gap) / abs(ux) if ux else math.inf,
                        (h / 2 + ch / 2 + gap) / abs(uy) if uy else math.inf)
            at = (pos[0] + ux * reach, pos[1] + uy * reach)
        held = pygame.Rect(round(at[0] - cw - 2), round(at[1] - ch / 2), 2 * cw + 4, ch)
        button = pygame.Rect(0, 0, 2 * radius, 2 * radius)  # beside the box, centre's side
        button.center = (box.right + radius + round(4 * s) if ux >= 0
                         else box.x - radius - round(4 * s), box.centery)
        out[seat] = Spot(box, held, button, (ux, uy), held.center)
    # The chips, as wide as the largest amount they could show (every chip at
    # the table) when the seat has no bet now (a pot it wins lands there).
    most = view.pot + sum(o.stack for o in view.players) if view is not None else 0
    widest = chips_rect(r, layout, amount(max(most, 1000)), (0, 0))
    bets = {o.seat: o.bet for o in view.players} if view is not None else {}
    middle = [r.drawn[k] for k in ("board", "pot", "street") if k in r.drawn]
    taken = [*middle, *(x.box for x in out.values()), *(x.held for x in out.values()),
             *(x.button for x in out.values())]
    markers = {seat: widest if not bets.get(seat) else
               chips_rect(r, layout, amount(bets[seat]), (0, 0)) for seat in out}
    key = (layout.width, layout.height, tuple((k, tuple(r_)) for k, r_ in markers.items()),
           tuple(tuple(t) for t in taken))
    fronts = _FRONTS.get(key)
    if fronts is None:  # searched once for a picture, not at every frame of a motion
        fronts = {seat: _front(spot.box.center, spot.toward, 4 * s, markers[seat], taken,
                               seat, out) for seat, spot in out.items()}
        _FRONTS.clear()
        _FRONTS[key] = fronts
    for seat, spot in out.items():
        spot.front = fronts[seat]
    return out


_FRONTS: dict[tuple[object, ...], dict[int, tuple[int, int]]] = {}
"""The chips' places of the last picture (see :func:`spots`)."""


_WAY = sorted(((k, j) for k in range(1, 120) for j in range(-6, 7)),
              key=lambda kj: (kj[0] + 6 * abs(kj[1]), abs(kj[1])))
"""The places :func:`_front` tries, in steps along the way to the centre
and to either side of it: the straight way first, a step aside costing
as much as three steps (of twice the length) further on."""


def _front(start: tuple[int, int], toward: tuple[float, float], step: float,
           marker: pygame.Rect, taken: list[pygame.Rect], seat: int,
           seats: dict[int, Spot]) -> tuple[int, int]:
    """The first place on the way from ``start`` toward the centre (or a
    little to either side of that way, when the board's words are in it)
    where ``marker`` covers nothing and lies nearer ``seat`` than any other
    of ``seats``."""
    ux, uy = toward
    px, py = -uy, ux
    for k, j in _WAY:
        q = (round(start[0] + (ux * k + px * j * 2) * step),
             round(start[1] + (uy * k + py * j * 2) * step))
        if marker.move(q).inflate(4, 4).collidelist(taken) < 0 and nearest(q, seats) == seat:
            return q
    return round(start[0] + ux * 30 * step), round(start[1] + uy * 30 * step)


def nearest(point: tuple[int, int], seats: dict[int, Spot]) -> int:
    """The seat whose box is nearest ``point`` (its edge, not its centre)."""
    def gap(spot: Spot) -> float:
        b = spot.box
        dx = max(b.x - point[0], 0, point[0] - b.right)
        dy = max(b.y - point[1], 0, point[1] - b.bottom)
        return math.hypot(dx, dy)

    return min(seats, key=lambda k: gap(seats[k]))


def draw_seat(r: Painter, surface: pygame.Surface, layout: TableLayout,
              view: SeatView | None, plate: SeatPlate, pl: PlayerView | None, spot: Spot,
              center: tuple[int, int], motion: Motion | None) -> None:
    """One seat: its box (name, chips, last action), its cards, its bet, the
    dealer button."""
    p = r.palette
    s = layout.scale
    box, held, button, front = spot.box, spot.held, spot.button, spot.front
    ux, uy = spot.toward
    w = box.w
    r.rects[f"player:{plate.seat}"] = r.drawn[f"seat:{plate.seat}"] = box
    # Whose turn it is on the felt wears the frame: one seat, or none.
    turn = view is not None and not view.over and view.to_act == plate.seat
    if turn:
        r.turns.append(plate.seat)
    # who has just acted: its action written brighter, a moment
    acted = motion is not None and motion.progress(f"acted:{plate.seat}") is not None
    fill = p.seat_out if plate.out else p.seat_won if plate.winner else p.seat
    pygame.draw.rect(surface, fill, box, border_radius=12)
    edge, thick = ((p.gold, 4) if plate.winner else (p.seat_turn, 3) if turn else
                   (p.dim, 1))
    pygame.draw.rect(surface, edge, box, width=thick, border_radius=12)
    dim = plate.out or plate.folded
    name_colour = p.dim if plate.out else p.gold if plate.me else p.text
    r._fit(surface, plate.name, (box.centerx, box.y + round(5 * s)), round(24 * s),
           name_colour, w - round(12 * s), "midtop")
    r._fit(surface, plate.status, (box.centerx, box.centery + round(3 * s)),
           round(22 * s), p.dim if dim else p.text, w - round(12 * s), "center")
    if plate.action:
        r._fit(surface, plate.action, (box.centerx, box.bottom - round(5 * s)),
               round(20 * s), p.gold if plate.winner else p.text if acted else p.heading,
               w - round(12 * s), "midbottom")
    cw, ch = (held.w - 4) // 2, held.h
    if view is None or pl is None or plate.out:
        return
    me = plate.me
    cards = view.hole if me else pl.shown
    if not pl.folded or pl.shown:
        names_ = [card_text(c) for c in cards] if cards else (["back", "back"]
                                                               if not view.over else [])
        t = motion.progress(f"hole:{pl.seat}") if motion else None
        for k, nm in enumerate(names_):
            x, y = held.x + k * (cw + 4), held.y
            surface.blit(r.card(nm, cw), along(center, (x, y), t))
            if cards and k < len(cards) and cards[k] in r._lit and t is None:
                r._light(surface, pygame.Rect(x, y, cw, ch), s)
            if me:
                r.rects[f"hole:{k}"] = pygame.Rect(x, y, cw, ch)
        if names_:
            r.drawn[f"cards:{pl.seat}"] = held
    if me and not view.hole:
        r.rects["hole:none"] = box
    # The bet in front of the seat, on the way to the pot.
    if pl.bet:
        t = motion.progress(f"bet:{pl.seat}") if motion else None
        # Placed: a short slide into its spot (never over the cards).
        bx, by = along((front[0] + ux * 16 * s, front[1] + uy * 16 * s), front, t)
        r.drawn[f"bet:{pl.seat}"] = chips(r, surface, layout, amount(pl.bet), (bx, by),
                                          p.text, pl.bet)
    if pl.seat == view.button:
        pygame.draw.circle(surface, (245, 245, 245), button.center, button.w // 2)
        r._text(surface, "D", button.center, round(22 * s), (20, 20, 20), "center")
        r.rects["dealer"] = r.drawn["dealer"] = button


def chips_rect(r: Painter, layout: TableLayout, text: str,
               at: tuple[int, int]) -> pygame.Rect:
    """Where :func:`chips` draws a stack and ``text`` centred at ``at``."""
    s = layout.scale
    radius = round(11 * s)
    tw, th = r.font(round(22 * s)).size(text)
    w = 2 * radius + round(5 * s) + tw
    h = max(_stack_height(layout, STACK_MOST), th)
    return pygame.Rect(at[0] - w // 2, at[1] - h // 2, w, h)


def _stack_height(layout: TableLayout, count: int) -> int:
    s = layout.scale
    return round(11 * s) + (count - 1) * max(2, round(4 * s)) + 2


def stack_size(chips_count: int) -> int:
    """How many chips a stack of ``chips_count`` is drawn with: one more for
    every tenfold (1 under 10, 2 under 100 ... at most :data:`STACK_MOST`)."""
    return max(1, min(STACK_MOST, len(str(max(1, chips_count)))))


def chips(r: Painter, surface: pygame.Surface, layout: TableLayout, text: str,
          at: tuple[int, int], colour: tuple[int, int, int], count: int = 0) -> pygame.Rect:
    """A stack of chips with its amount beside it, centred at ``at``; returns
    its rect (``count``: the chips it stands for, the stack's height)."""
    s = layout.scale
    rect = chips_rect(r, layout, text, at)
    radius = round(11 * s)
    n = stack_size(count or int("".join(ch for ch in text if ch.isdigit()) or 1))
    rise = max(2, round(4 * s))
    disc = pygame.Rect(0, 0, 2 * radius, round(11 * s))
    base = rect.centery + _stack_height(layout, n) // 2 - disc.h // 2 - 1
    for k in range(n):  # from the bottom chip up
        disc.center = (rect.x + radius, base - k * rise)
        pygame.draw.ellipse(surface, (150, 110, 30), disc.move(0, 1))
        pygame.draw.ellipse(surface, r.palette.gold, disc)
        pygame.draw.ellipse(surface, (120, 84, 20), disc, width=1)
    r._text(surface, text, (rect.right, rect.centery), round(22 * s), colour, "midright")
    return rect
