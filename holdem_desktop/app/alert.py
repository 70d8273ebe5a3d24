"""The turn alert: when the player's turn comes while the game's window is
not in front (the player switched to another program), the taskbar or
dock is asked to draw attention to it until the window is brought back
(SDL's window flash: the taskbar button blinks on Windows, the dock icon
bounces on macOS, the window is marked urgent on most Linux desktops).  The
turn plays its attention cue then, not the usual chime
(:class:`~holdem_desktop.audio.bank.SoundListener` asks :meth:`TurnAlert.in_front`),
and the turn is said; the sound and the flash are what reach a player
listening or looking elsewhere.  Where the system offers no such request,
the sound alone does."""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable

import pygame

from holdem_desktop.session import TurnStarted

__all__ = ["TurnAlert", "ask_attention", "window_focused"]


def window_focused() -> bool:
    """Whether the game's window has the keyboard (is in front); True with
    no window at all (nothing can be in front of no window)."""
    return bool(not pygame.display.get_init() or pygame.display.get_surface() is None
                or pygame.key.get_focused())


def ask_attention() -> bool:
    """Ask the system to draw attention to the window until it is in front
    again; False where it cannot (no window, a driver without it)."""
    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        return False
    with contextlib.suppress(pygame.error, AttributeError), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # (the display's own window)
        pygame.Window.from_display_module().flash(pygame.FLASH_UNTIL_FOCUSED)
        return True
    return False


class TurnAlert:
    """A table's listener: the turn of the player at ``seat`` (None: a
    spectator, who has none) while the window is not in front asks for
    attention.  ``alerts`` counts the requests made."""

    def __init__(self, seat: int | None, *, focused: Callable[[], bool] | None = None,
                 attention: Callable[[], bool] | None = None) -> None:
        self.seat = seat
        self.focused = focused
        """Whether the window is in front (None: :func:`window_focused`)."""
        self.attention = attention
        """Asks for attention (None: :func:`ask_attention`)."""
        self.alerts = 0

    def in_front(self) -> bool:
        """Whether the game's window is in front now."""
        return bool((self.focused or window_focused)())

    def __call__(self, event: object) -> None:
        if not isinstance(event, TurnStarted) or self.seat is None or event.seat != self.seat:
            return
        if not self.in_front():
            self.alerts += 1
            (self.attention or ask_attention)()
