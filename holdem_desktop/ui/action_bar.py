"""The Actions zone as a poker client's action bar (issue 33, item 3).

At the bottom right of the window, as PokerStars and GGPoker have it: the
three large buttons Fold, Check / Call and Bet / Raise along the bottom; above
them the amount presets (min, ½ pot, ¾ pot, pot, all-in); above those the
typed amount box and the amount slider with its smallest and largest amount
at its ends, − and + beside it (the Decrease / Increase amount buttons); at
the top All-in and Next hand.  Another page's buttons in the zone (the
hand replay's) are a grid of two columns in its place.  The controls keep
their ids, labels, keys and speech (:mod:`.action_panel` decides
everything); the presets and the amount box are controls of the same
zone, after Increase amount in the Tab order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n.translate import _, pgettext

from .action_panel import PRESETS, ActionPanel, Command, Outcome, Preset
from .layout import BODY, TableLayout
from .lines import break_lines
from .painter import Painter
from .widgets import Control, Role

__all__ = ["AMOUNT_BOX", "AmountBox", "action_controls", "draw_action_bar"]

AMOUNT_BOX = "amount_box"
"""The id of the typed amount box."""

def preset_label(preset: Preset) -> str:
    """A preset as it is said."""
    return {Preset.MIN: _("Amount: minimum"), Preset.HALF_POT: _("Amount: half the pot"),
            Preset.THREE_QUARTERS_POT: _("Amount: three quarters of the pot"),
            Preset.POT: _("Amount: the pot"), Preset.ALL_IN: _("Amount: all-in")}[preset]


def preset_short(preset: Preset) -> str:
    """A preset as its button shows it."""
    return {Preset.MIN: _("Min"), Preset.HALF_POT: _("½ pot"),
            Preset.THREE_QUARTERS_POT: _("¾ pot"), Preset.POT: _("Pot"),
            Preset.ALL_IN: pgettext("preset button", "All-in")}[preset]  # (short: a fifth)


class AmountBox:
    """The typed amount: what has been typed so far (Enter chooses it)."""

    def __init__(self) -> None:
        self.text = ""
        self.selected = False
        """Its whole text is selected (Ctrl+A): typing or Backspace replaces it."""

    def type(self, text: str) -> str:
        """Characters typed (in place of the selected text): said back."""
        if self.selected:
            self.text, self.selected = "", False
        self.text += text
        return text

    def erase(self) -> str:
        """Backspace (all of the selected text): what went, or what is left, is said."""
        selected, self.selected = self.selected, False
        if selected and self.text:
            gone, self.text = self.text, ""
            return _("{text} erased, empty").format(text=gone)
        self.text = self.text[:-1]
        return self.text or _("empty")

    def enter(self, panel: ActionPanel) -> Outcome:
        """Enter: choose the typed amount, or say why not (nothing changes,
        and what was typed stays to be corrected)."""
        if not self.text.strip():
            return Outcome(False, _("Type an amount in digits, then press Enter."))
        outcome = panel.type_amount(self.text)
        if outcome.done:
            self.text = ""
        return outcome


def action_controls(panel: ActionPanel, shown: SeatView | None, box: AmountBox,
                    amount: Callable[[int], str]) -> list[Control]:
    """The Actions zone's controls after its heading: the seven buttons with
    the amount box and the presets after Increase amount (``shown``: the
    felt's picture while it is behind the game; ``amount`` formats chips)."""
    out: list[Control] = []
    steps, index = panel.amounts() if shown is None else ((), 0)
    for b in panel.buttons(shown):
        out.append(Control("button:" + b.command, b.label, Role.BUTTON, "actions",
                           enabled=b.enabled,
                           reason=None if b.enabled else panel.why(b.command)))
        if b.command is not Command.INCREASE:
            continue
        none = _("There is no amount to choose now.")
        chosen = amount(steps[index].to) if steps else ""
        out.append(Control(AMOUNT_BOX, _("Type an amount"), Role.EDIT, "actions",
                           enabled=bool(steps), reason=None if steps else none,
                           value=box.text or chosen, selected=box.selected and bool(steps)))
        presets = panel.preset_amounts() if steps else {}
        for preset in PRESETS:
            value = presets.get(preset)
            out.append(Control("preset:" + preset, preset_label(preset), Role.BUTTON,
                               "actions", enabled=value is not None,
                               reason=None if value is not None else none if not steps else
                               _("That amount is not one you can choose now."),
                               value=amount(value) if value is not None else None))
    return out


def bar_height(layout: TableLayout) -> int:
    """The action bar's height, its heading included."""
    s = layout.scale
    return round((34 + 36 + 58 + 36 + 64 + 4 * 6 + 6) * s)


def draw_action_bar(r: Painter, surface: pygame.Surface, layout: TableLayout,
                    controls: Sequence[Control], amounts: tuple[Sequence[str], int | None],
                    top: int) -> int:
    """Draw the bar from ``top`` (its heading first); returns its bottom."""
    p = r.palette
    s = layout.scale
    panel = layout.panel
    x = panel.x + round(16 * s)
    width = panel.w - round(32 * s)
    gap = round(6 * s)
    by_id = {c.id: c for c in controls}
    body = round(BODY * s)
    r.rects["heading:actions"] = r._text(surface, _("Actions"), (x, top), round(28 * s),
                                         p.heading)
    y = top + round(34 * s)

    def button(key: str, box: pygame.Rect, text: str | None = None, size: int = 24) -> None:
        c = by_id.get(key)
        if c is None:
            return
        r.rects[c.id] = box
        pygame.draw.rect(surface, p.button if c.enabled else p.button_off, box, border_radius=8)
        label = c.label if text is None else text
        colour = p.text if c.enabled else p.dim
        lines = _lines(r, label, round(size * s), box.w - round(14 * s), box.h)
        line_h = r.font(round(size * s)).get_linesize()
        cy = box.centery - line_h * (len(lines) - 1) // 2
        for k, line in enumerate(lines):
            r._fit(surface, line, (box.centerx, cy + k * line_h), round(size * s), colour,
                   box.w - round(14 * s), "center")
        if c.id.startswith("button:"):
            r.painted[c.id] = c.label

    if not any(c.id.startswith("button:") for c in controls):
        # Another page's own buttons in this zone (the hand replay's): a grid
        # of two columns filling the bar, in the Tab order, with no amounts.
        rows = max(1, -(-len(controls) // 2))
        room = bar_height(layout) - round(34 * s) - round(6 * s)
        h = min(round(44 * s), (room - gap * (rows - 1)) // rows)
        half = (width - gap) // 2
        for k, c in enumerate(controls):
            box = pygame.Rect(x + (k % 2) * (half + gap), y + (k // 2) * (h + gap),
                              half if k % 2 == 0 else width - half - gap, h)
            button(c.id, box)
            r.painted[c.id] = c.label
        return y + rows * (h + gap) - gap
    # All-in and Next hand
    half = (width - gap) // 2
    h = round(36 * s)
    button("button:" + Command.ALL_IN, pygame.Rect(x, y, half, h))
    button("button:" + Command.NEXT_HAND, pygame.Rect(x + half + gap, y, width - half - gap, h))
    y += h + gap
    # The amount box, then − slider +
    h = round(58 * s)
    box_w = round(width * 0.3)
    area = pygame.Rect(x + box_w + gap, y, width - box_w - gap, h)
    _amount_box(r, surface, by_id.get(AMOUNT_BOX), pygame.Rect(x, y, box_w, h), body)
    step = round(30 * s)
    button("button:" + Command.DECREASE, pygame.Rect(area.x, y, step, h), "−", 30)
    button("button:" + Command.INCREASE, pygame.Rect(area.right - step, y, step, h), "+", 30)
    _slider(r, surface, layout, pygame.Rect(area.x + step + gap, y, area.w - 2 * (step + gap),
                                            h), amounts, body)
    y += h + gap
    # The presets
    h = round(36 * s)
    n = len(PRESETS)
    w = (width - gap * (n - 1)) // n
    for k, preset in enumerate(PRESETS):
        button("preset:" + preset, pygame.Rect(x + k * (w + gap), y, w, h),
               preset_short(preset))
    y += h + gap
    # Fold, Check / Call, Bet / Raise: large, at the bottom right
    h = round(64 * s)
    w = (width - 2 * gap) // 3
    for k, command in enumerate((Command.FOLD, Command.CHECK_CALL, Command.BET_RAISE)):
        button("button:" + command, pygame.Rect(x + k * (w + gap), y, w, h), None, 26)
    return y + h


def _lines(r: Painter, text: str, size: int, width: int, height: int) -> list[str]:
    """``text`` on one line, or on two (a large button's "Raise to" / "120")."""
    font = r.font(size)
    if font.size(text)[0] <= width:
        return [text]
    lines = break_lines(font, text, width)
    if len(lines) > 2 or font.get_linesize() * len(lines) > height:
        return [text]  # shrunk or shortened by _fit
    return lines


def _amount_box(r: Painter, surface: pygame.Surface, c: Control | None,
                box: pygame.Rect, size: int) -> None:
    if c is None:
        return
    p = r.palette
    r.rects[c.id] = box
    pygame.draw.rect(surface, p.background, box, border_radius=8)
    pygame.draw.rect(surface, p.dim if c.enabled else p.button_off, box, width=2,
                     border_radius=8)
    r._fit(surface, _("Amount"), (box.centerx, box.y + round(box.h * 0.08)), size,
           p.dim, box.w - 8, "midtop")
    drawn = r._fit(surface, c.value or "–", (box.centerx, box.bottom - round(box.h * 0.1)),
                   size + 2, p.gold if c.enabled else p.dim, box.w - 8, "midbottom")
    if c.selected and c.value:  # the whole text selected (Ctrl+A), as a text box shows it
        pygame.draw.rect(surface, p.button, drawn.inflate(6, 2), border_radius=3)
        r._fit(surface, c.value, (box.centerx, box.bottom - round(box.h * 0.1)), size + 2,
               p.text, box.w - 8, "midbottom")
    r.painted[c.id] = c.value or ""


def _slider(r: Painter, surface: pygame.Surface, layout: TableLayout,
            area: pygame.Rect, amounts: tuple[Sequence[str], int | None], size: int) -> None:
    """The amount scale's stops on a track, the chosen one marked, the
    smallest and the largest amount written under its ends; each stop is
    clickable (``amount:k``)."""
    p = r.palette
    s = layout.scale
    steps, chosen = amounts
    pygame.draw.rect(surface, p.background, area, border_radius=8)
    r.rects["amounts"] = area
    pad = round(14 * s)
    cy = area.y + round(area.h * 0.36)
    track = pygame.Rect(area.x + pad, cy - 1, area.w - 2 * pad, 3)
    pygame.draw.rect(surface, p.dim if steps else p.button_off, track)
    if not steps:
        return
    ends = (steps[0], steps[-1])
    r.painted["amounts:min"], r.painted["amounts:max"] = ends
    r._text(surface, ends[0], (area.x + round(6 * s), area.bottom - round(3 * s)), size,
            p.text, "bottomleft")
    r._text(surface, ends[1], (area.right - round(6 * s), area.bottom - round(3 * s)), size,
            p.text, "bottomright")
    n = len(steps)
    for k in range(n):
        tx = track.x + (track.w * k // (n - 1) if n > 1 else track.w // 2)
        hit = pygame.Rect(0, 0, max(8, track.w // max(1, n - 1)), area.h)
        hit.center = (tx, area.centery)
        r.rects[f"amount:{k}"] = hit.clip(area)
        if k == chosen:
            pygame.draw.circle(surface, p.gold, (tx, cy), round(10 * s))
            pygame.draw.circle(surface, p.text, (tx, cy), round(10 * s), width=2)
        else:
            pygame.draw.circle(surface, p.text, (tx, cy), round(5 * s))
