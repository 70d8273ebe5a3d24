"""A question to answer before anything else: the confirmation dialog.

It opens over the screen that asks (pushed on the window's stack), drawn as
a box in the middle of that screen dimmed, with the question, a line on
what the answer does, and two buttons named for what they do ("Keep saved
game", "Replace saved game").  The safe answer has the focus first, so an
Enter pressed twice in a hurry never does what cannot be undone.  It is
said as it opens: the question, then the focused button.  Tab, Shift+Tab
and the arrow keys move between its two buttons only; Enter or Space
answers with the focused one; Escape cancels; a click on a button answers
with it, anywhere else does nothing.  The key that asked answers yes when
pressed again, where it always did (N at a game's end: N, N).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from holdem_desktop.i18n.translate import _

from .draw import Palette, font, wrap
from .keymap import Key
from .page import Page, Pop, Transition
from .rings import hidden
from .widgets import Control, Role

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Dialog", "draw_dialog"]

CANCEL = "dialog:cancel"
CONFIRM = "dialog:confirm"


class Dialog(Page):
    """A yes-or-no question over ``under``; ``on_confirm`` does what yes
    means and returns where the window goes (None: back to ``under``, which
    then arrives quietly: what was done speaks for itself)."""

    def __init__(self, under: Page, question: str, confirm: str,
                 on_confirm: Callable[[], Transition | None], *, cancel: str = "",
                 detail: str = "", again: Key | None = None,
                 say: Callable[[str], None] | None = None,
                 on_cancel: Callable[[], None] | None = None) -> None:
        super().__init__(say or under.say)  # (the voice: not the status line under the box)
        self.under = under
        self.question = question
        self.detail = detail
        """What the answer does, under the question."""
        self.labels = {CANCEL: cancel or _("Cancel"), CONFIRM: confirm}
        self.on_confirm = on_confirm
        self.again = again
        """The key that asked: pressed again, it answers yes."""
        self.on_cancel = on_cancel
        """What the other answer (or Escape) does, if anything."""
        self.focus.id = CANCEL  # the safe answer first

    def controls(self) -> tuple[Control, ...]:
        return tuple(Control(key, label, Role.BUTTON, "dialog")
                     for key, label in self.labels.items())

    def notice(self) -> str:
        """The question and what the answer does: said as the dialog opens,
        before the focused button (the window's :meth:`~.App.where`)."""
        return " ".join(t for t in (self.question, self.detail) if t)

    def tick(self) -> None:
        self.under.tick_under()  # (the table's held words go on, behind the question)

    def activate(self, control: Control) -> Transition | None:
        if control.id == CONFIRM:
            return self._confirm()
        return self.close()

    def close(self) -> Transition | None:
        if self.on_cancel is not None:
            self.on_cancel()
        return super().close()

    def _confirm(self) -> Transition | None:
        outcome = self.on_confirm()
        if outcome is None:
            self.under.quiet_arrival = True
            return Pop()
        return outcome

    def answers(self, key: Key) -> bool:
        return True  # any other key: the question again (see on_key)

    def on_key(self, key: Key) -> Transition | None:
        if self.again is not None and key is self.again:
            return self._confirm()
        focused = self.focused()  # any other key: the question again, and how to answer
        self.say(" ".join([self.notice(), self.describe(focused) + "." if focused else "",
                           _("Tab moves between the answers, Enter chooses, Escape "
                             "cancels.")]))
        return None

    def any_input(self) -> None:
        self.under.any_input()

    def animating(self, now: float) -> bool:
        return self.under.animating(now)

    def draw(self, surface: pygame.Surface) -> None:
        with hidden():  # only the dialog's focused control wears a ring
            self.under.draw(surface)
        palette = getattr(getattr(self.under, "renderer", None), "palette", None)
        focused = self.focused()
        self.rects = draw_dialog(surface, self.question, self.detail, self.controls(),
                                 focused.id if focused else None, palette or Palette())


def draw_dialog(surface: pygame.Surface, question: str, detail: str,
                buttons: Sequence[Control], focus_id: str | None,
                palette: Palette) -> dict[str, pygame.Rect]:
    """Dim ``surface`` and paint the dialog's box in its middle: the
    question, the detail, the buttons side by side (one above the other
    when they do not fit), the focus ring; returns where each button went
    (and the box, as ``"dialog"``).  Text keeps its size and wraps."""
    p = palette
    w, h = surface.get_size()
    s = max(0.8, min(w / 1280, h / 800))
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, 0))
    pad = round(28 * s)
    title_font, body_font, button_font = font(round(36 * s)), font(round(27 * s)), \
        font(round(28 * s))
    bh = round(54 * s)
    gap = round(20 * s)
    widths = [max(round(220 * s), button_font.size(b.label)[0] + 2 * round(22 * s))
              for b in buttons]
    natural = max(title_font.size(question)[0], body_font.size(detail)[0],
                  sum(widths) + gap * (len(widths) - 1)) + 2 * pad
    width = max(min(round(520 * s), w - round(40 * s)),
                min(natural, w - round(80 * s), round(760 * s)))
    inner = width - 2 * pad
    title = wrap(title_font, question, inner)
    body = wrap(body_font, detail, inner) if detail else []
    side_by_side = sum(widths) + gap * (len(widths) - 1) <= inner
    rows = 1 if side_by_side else len(buttons)
    height = (pad + len(title) * title_font.get_linesize() + round(12 * s)
              + len(body) * body_font.get_linesize() + round(24 * s)
              + rows * bh + (rows - 1) * gap + pad)
    box = pygame.Rect(0, 0, width, min(height, h - round(20 * s)))
    box.center = (w // 2, h // 2)
    pygame.draw.rect(surface, p.panel, box, border_radius=14)
    pygame.draw.rect(surface, p.gold, box, width=3, border_radius=14)
    y = box.y + pad
    for line in title:
        image = title_font.render(line, True, p.gold)
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += title_font.get_linesize()
    y += round(12 * s)
    for line in body:
        image = body_font.render(line, True, p.text)
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += body_font.get_linesize()
    y = max(y + round(24 * s), box.bottom - pad - rows * bh - (rows - 1) * gap)
    rects: dict[str, pygame.Rect] = {"dialog": box}
    if side_by_side:
        x = box.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        places = []
        for bw in widths:
            places.append(pygame.Rect(x, y, bw, bh))
            x += bw + gap
    else:
        places = [pygame.Rect(box.x + pad, y + k * (bh + gap), inner, bh)
                  for k in range(len(buttons))]
    for b, rect in zip(buttons, places, strict=True):
        pygame.draw.rect(surface, p.button, rect, border_radius=8)
        image = button_font.render(b.label, True, p.text)
        surface.blit(image, image.get_rect(center=rect.center))
        rects[b.id] = rect
        if b.id == focus_id:
            pygame.draw.rect(surface, p.focus, rect.inflate(10, 8), width=4, border_radius=10)
    return rects
