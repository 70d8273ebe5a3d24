"""Opening the window: the start screen (or the saved game), the loop, and
the window's size kept for next time."""

from __future__ import annotations

import sys

from holdem_desktop.speech.speaker import Speaker
from holdem_desktop.ui.app import App, NoDisplay
from holdem_desktop.ui.menus import StartPage

from .desktop import Desktop

__all__ = ["play"]


def play(resume: bool = False, max_events: int | None = None,
         speaker: Speaker | None = None, variant: str | None = None) -> int:
    """Open the window on the start screen (on the saved game with ``resume``,
    on a new game of ``variant`` with it); ``speaker`` replaces the screen
    reader (tests)."""
    desktop = Desktop(speaker=speaker)
    screen = desktop.menu()
    if variant is not None:
        game = desktop.start_variant(variant)
        if isinstance(game, str):  # said, shown on the start screen, and on stderr
            print(game, file=sys.stderr)
            desktop.notices.append(game)
        else:
            screen = desktop.table(game)
    elif resume:
        got = desktop.continue_game()
        if isinstance(got, str):
            desktop.notices.append(got)
        else:
            screen = desktop.table(got)
    try:
        app = App(screen, (desktop.settings.window_width, desktop.settings.window_height),
                  desktop.keymap, after_input=desktop.flush, poll=desktop.poll,
                  moves=desktop.take_moves, toggle_speech=desktop.toggle_speech)
    except NoDisplay as problem:  # no window can open: say so, never run invisibly
        desktop.close()
        print(problem, file=sys.stderr)
        return problem.exit_code
    # The first words: where the player is (a continued game has said so
    # already), then what went wrong at start, as one sentence so that none
    # cuts off another.
    first = [app.where() + "."] if isinstance(screen, StartPage) else []
    if first or desktop.notices:
        app.screen.say(" ".join(first + desktop.notices))
    try:
        app.run(max_events)
    finally:
        desktop.close()
    desktop.prefs.keep_window_size(*app.surface.get_size())
    return 0
