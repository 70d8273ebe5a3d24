"""Opening the window: the start screen (or the saved game), the loop, and
the window's size kept for next time."""

from __future__ import annotations

import sys

from holdem_desktop.speech.speaker import Speaker
from holdem_desktop.ui.app import App, NoDisplay
from holdem_desktop.ui.dialog import Dialog
from holdem_desktop.ui.menus import NewGamePage, StartPage

from .desktop import Desktop
from .tournament_return import look_for_running, polled

__all__ = ["opening", "play"]


def play(resume: bool = False, max_events: int | None = None,
         speaker: Speaker | None = None, variant: str | None = None) -> int:
    """Open the window on the start screen (on the saved game with ``resume``,
    on a new game of ``variant`` with it); ``speaker`` replaces the screen
    reader (tests)."""
    desktop = Desktop(speaker=speaker)
    try:
        app = opening(desktop, resume=resume, variant=variant)
    except NoDisplay as problem:  # no window can open: say so, never run invisibly
        desktop.close()
        print(problem, file=sys.stderr)
        return problem.exit_code
    try:
        app.run(max_events)
    finally:
        desktop.close()
    unsaved = desktop.prefs.keep_window_size(*app.surface.get_size())
    if unsaved is not None:  # (the voice has closed with the window: written where it can be)
        print(unsaved, file=sys.stderr)
    return 0


def opening(desktop: Desktop, *, resume: bool = False, variant: str | None = None) -> App:
    """The window as it opens, its first words said: the start screen, the
    saved game (``resume``), or a new game of ``variant``.  A ``variant``
    given while a game is saved does not replace it unasked: New game opens
    on that variant with the question New game asks over it (Keep saved
    game in focus, Replace saved game starts it).  Raises :class:`NoDisplay`."""
    screen = desktop.menu()
    asking: NewGamePage | None = None
    if variant is not None:
        rules = desktop.named_variant(variant)
        if isinstance(rules, str):  # said, shown on the start screen, and on stderr
            print(rules, file=sys.stderr)
            desktop.notices.append(rules)
        elif desktop.has_saved_game():  # nothing is lost without a question
            asking = NewGamePage(desktop, desktop.say, named=rules)
        else:
            game = desktop.start_variant(rules)
            assert not isinstance(game, str)  # the rules were read already
            screen = desktop.table(game)
    elif resume:
        got = desktop.continue_game()
        if isinstance(got, str):
            desktop.notices.append(got)
        else:
            screen = desktop.table(got)
    desktop.running = look_for_running(desktop)  # registered from here, still running?
    app = App(screen, (desktop.settings.window_width, desktop.settings.window_height),
              desktop.keymap, after_input=desktop.flush, poll=polled(desktop),
              moves=desktop.take_moves, toggle_speech=desktop.toggle_speech)
    if asking is not None:  # New game on that variant, and over it the question
        app.stack += [asking, asking.replace_question()]
    # The first words: where the player is (a continued game has said so
    # already), on the first launch how to move, then what went wrong at
    # start, as one sentence so that none cuts off another.
    first = [app.where() + "."] if isinstance(app.screen, (StartPage, NewGamePage, Dialog)) \
        else []
    if isinstance(app.screen, StartPage) and desktop.prefs.first \
            and not desktop.has_saved_game():  # (the first launch: how to go about it)
        first.append(app.screen.first_launch())
    if first or desktop.notices:
        app.screen.say(" ".join(first + desktop.notices))
    if isinstance(app.screen, StartPage) and not app.screen.news_heard():
        app.screen.late = first[1:] + desktop.notices  # (said once speech is on)
    return app
