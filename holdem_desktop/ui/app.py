"""The window and its event loop, over a stack of screens.

One place reads the pygame event queue: keys go through the :mod:`.keymap`
to commands, typed text goes to a focused text field, mouse clicks go to
the screen, a resize re-lays the screen out.  What a screen asks for (open
a page, close it, replace everything, quit) comes back as a
:class:`~holdem_desktop.ui.page.Transition` and is applied here only.  The
loop sleeps until an event (:mod:`.waiting`: SDL's blocking wait, not
pygame's polling one) and redraws only when something changed or moves,
so an idle table costs almost nothing; computer players act at once.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import pygame

from holdem_desktop.i18n.translate import _

from .draw import set_text_scale
from .keymap import Key, KeyMap, key_name
from .layout import TableLayout
from .page import Page, Pop, Push, Quit, Replace, Transition
from .waiting import wait
from .window import (
    HEADLESS_DRIVERS,
    Area,
    display_scale,
    fit_window,
    place_window,
    scaled_frame,
    work_area,
)

__all__ = ["HEADLESS_DRIVERS", "App", "NoDisplay", "fit_window"]


# Keys that still move and act while a text field has the focus (the
# others type their character).
_EDITING_KEYS = {"tab", "return", "escape", "up", "down", "f1", "f2", "page up", "page down"}
_CURSOR_KEYS = {"left", "right", "home", "end", "delete"}
"""Keys that move a cursor or delete at it, in other programs' text boxes."""
_KEYPAD = {"enter": "return", **{f"[{n}]": str(n) for n in range(10)}}
"""The numeric keypad's keys that are the main keyboard's (with NumLock on,
NVDA and JAWS pass them on to the game)."""
_ALTGR = pygame.KMOD_RALT | pygame.KMOD_MODE
"""AltGr, which Windows sends as Ctrl+Alt: held, Ctrl is not."""

_US_PLACES = {
    **{getattr(pygame, f"KSCAN_{n}"): str(n) for n in range(10)},
    pygame.KSCAN_MINUS: "-", pygame.KSCAN_EQUALS: "=", pygame.KSCAN_LEFTBRACKET: "[",
    pygame.KSCAN_RIGHTBRACKET: "]", pygame.KSCAN_BACKSLASH: "\\", pygame.KSCAN_SEMICOLON: ";",
    pygame.KSCAN_APOSTROPHE: "'", pygame.KSCAN_GRAVE: "`", pygame.KSCAN_COMMA: ",",
    pygame.KSCAN_PERIOD: ".", pygame.KSCAN_SLASH: "/",
}
"""The US keyboard's digits and signs by their key's place (scancode).  SDL
names a key by what it types in the player's layout: on an Italian keyboard
the keys at "[" and "]" type "è" and "+", on a Romanian one "ă" and "î", on
a French one the digits need Shift.  A key that does nothing by its own
character does what the key at its place on a US keyboard does, so the keys
F1 lists are all reachable (an Italian keyboard types "[" with AltGr,
which Windows sends as Ctrl+Alt: see :data:`_ALTGR`).  Letters are left
out: a layout puts each letter where its typists look for it (a German "z"
is where a US "y" is)."""


class NoDisplay(RuntimeError):
    """No window can be opened: no display server to show it.  ``str()`` is
    the player's message (spoken and printed); ``detail`` what SDL said;
    ``exit_code`` the program's exit status for it."""

    exit_code = 3

    def __init__(self, detail: str) -> None:
        super().__init__(_("Hold'em Desktop found no display to open its window on. Start it "
                           "from a desktop session (on Linux, one that sets DISPLAY or "
                           "WAYLAND_DISPLAY)."))
        self.detail = detail


def _requested_drivers() -> list[str]:
    """The video drivers asked for by name (``SDL_VIDEODRIVER``, a comma list)."""
    return [d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",")
            if d.strip()]


def open_display() -> None:
    """Start SDL's video; raise :class:`NoDisplay` when there is no display,
    including when SDL fell back to drawing in memory without being asked
    to (tests and benchmarks ask for the dummy driver by name).

    On Windows the window is drawn in the screen's own pixels: SDL leaves a
    program unaware of the desktop's scale (125 %, 150 %, 200 %) unless
    asked, and Windows then stretches the window as a picture, blurring
    every letter and card.  Asked, the table is laid out by the window's
    size in pixels, as large as before, and sharp (a player's own
    ``SDL_WINDOWS_DPI_AWARENESS`` is kept)."""
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise NoDisplay(str(exc)) from None
    driver = (pygame.display.get_driver() or "").lower()
    if driver in HEADLESS_DRIVERS and driver not in _requested_drivers():
        pygame.display.quit()
        raise NoDisplay(f"SDL fell back to its {driver} video driver")


class App:
    """The window: reads events, hands them to the screen, redraws on change.
    Raises :class:`NoDisplay` when there is no display to open it on."""

    def __init__(self, screen: Page, size: tuple[int, int] = (1280, 800),
                 keymap: KeyMap | None = None,
                 after_input: Callable[[], None] = lambda: None,
                 poll: Callable[[], bool] = lambda: False,
                 moves: Callable[[], list[Transition]] = list,
                 toggle_speech: Callable[[Callable[[], str]], None] | None = None) -> None:
        self.stack: list[Page] = [screen]
        if screen is not None:  # (it said itself as it opened: the flag is for an arrival by
            screen.quiet_arrival = False  # a move; left set, the first return to it was silent)
        self.keymap = keymap or KeyMap()
        self.after_input = after_input
        """Called after each input is handled (the game's announcement of
        everything that input set off is spoken then)."""
        self.poll = poll
        """Called on every turn of the loop (what a room's host sent is read
        then); True when something changed."""
        self.moves = moves
        """Called on every turn of the loop, after :attr:`poll`: screens to
        show without a key (a room that closed sends the player back to the
        Rooms page; a tournament's end opens its ranking)."""
        self.toggle_speech = toggle_speech
        """Speech off or on (:attr:`Key.SPEECH`, on every screen); given what
        to say after "Speech on." (the page's news nobody heard, with where
        the player is)."""
        open_display()
        pygame.font.init()
        self.area: Area | None = work_area()
        """The screen's work area the window fits in (None: no screen known)."""
        frame = scaled_frame(display_scale())  # (a scaled Windows desktop: a larger title bar)
        w, h = fit_window(size, self.area, frame)
        try:
            self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        except pygame.error as exc:
            pygame.display.quit()
            raise NoDisplay(str(exc)) from None
        at = place_window((w, h), self.area, frame)
        if at is not None:  # centred in the work area, its title bar on the screen
            pygame.display.set_window_position(at)
        set_text_scale(self.surface.get_size())
        pygame.display.set_caption(_("Hold'em Desktop"))
        self.running = True
        self.dirty = True
        self._moving = False
        """Whether the screen was moving at the last frame."""

    @property
    def screen(self) -> Page:
        """The screen on top (the one the player sees and talks to)."""
        return self.stack[-1]

    def apply(self, transition: Transition | None) -> None:
        """Carry out what a screen asked for."""
        if isinstance(transition, Push):
            self.stack.append(transition.screen)
        elif isinstance(transition, Pop):
            if len(self.stack) > 1:
                self.stack.pop()
        elif isinstance(transition, Replace):
            self.stack = [transition.screen]
        elif isinstance(transition, Quit):
            self.running = False
        if transition is not None and not isinstance(transition, Quit):
            first, self.screen.opening = self.screen.opening, ""
            if self.screen.quiet_arrival:  # the game has just said where the player is
                self.screen.quiet_arrival = False
                return
            # a page opened says its description; one come back to does not again
            where = self.where(arriving=isinstance(transition, Push | Replace))
            where = " ".join(filter(None, (first, where)))  # (what the player needs first)
            if where:
                self.screen.say(where)

    def where(self, arriving: bool = False) -> str:
        """The screen's title and its focused control, as said on arriving
        there; ``arriving``: the page has just opened, and its
        :meth:`~.page.Page.description` is said between them.  The page's
        :meth:`~.page.Page.news` comes with the first of these only."""
        c = self.screen.focused()
        if c is None:
            return ""
        title = getattr(self.screen, "title", "")
        spoken = self.screen.describe(c)
        news = "" if self.screen.news_told else self.screen.news()
        self.screen.news_told = self.screen.news_heard()  # (speech off: said again once on)
        if news:
            spoken = f"{news} {spoken}"
        notice = getattr(self.screen, "notice", None)  # a page's warning, said as it opens
        warning = notice() if callable(notice) else ""
        if warning:
            spoken = f"{warning} {spoken}"
        described = self.screen.description() if arriving else ""
        if described:
            spoken = f"{described} {spoken}"
        return f"{title}. {spoken}" if title else spoken

    def _unheard(self) -> str:
        """Speech has just come back on: where the player is, with the page's
        news, if it was said while speech was off (the start screen's saved
        game); else nothing."""
        return self.where() if not self.screen.news_told and self.screen.news() else ""

    def _key(self, event: pygame.event.Event) -> None:
        mods = pygame.key.get_mods() | getattr(event, "mod", 0)
        name = pygame.key.name(event.key)
        name = _KEYPAD.get(name, name)
        screen = self.screen
        if screen.editing() and name not in _EDITING_KEYS:
            c = screen.focused()
            if name == "backspace" and c is not None:
                screen.erase(c)
            elif name == "a" and mods & pygame.KMOD_CTRL and not mods & _ALTGR \
                    and c is not None:  # select all (no character arrives)
                screen.select_all(c)
            elif name in _CURSOR_KEYS and c is not None:  # (said, not silent)
                screen.cursor(c, name)
            return  # the character arrives as TEXTINPUT
        shift = bool(mods & pygame.KMOD_SHIFT)
        ctrl = bool(mods & pygame.KMOD_CTRL) and not mods & _ALTGR
        key = self.keymap.lookup(name, shift=shift, ctrl=ctrl)
        place = _US_PLACES.get(getattr(event, "scancode", -1))
        if key is None and place is not None and place != name:  # another layout's key
            key = self.keymap.lookup(place, shift=shift, ctrl=ctrl)
            name = place if key is not None else name
        if key is Key.SPEECH and self.toggle_speech is not None:
            self.toggle_speech(self._unheard)
        elif key is Key.HELP and not screen.answers(key):  # F1 lists the keys everywhere
            from .help_pages import keys_for  # (it imports the pages' modules)

            self.apply(Push(keys_for(screen, self.keymap, screen.say)))
        elif key is not None and not screen.answers(key):
            screen.say(_("The key {key} does nothing here; F1 lists every key.").format(
                key=key_name(name)))
        elif key is not None:
            screen.typed_ahead = bool(getattr(event, "ahead", False))
            try:
                self.apply(screen.press(key))
            finally:
                screen.typed_ahead = False
        elif name and name != "unknown" and not name.startswith(("left ", "right ")) \
                and name not in ("caps lock", "numlock", "scroll lock"):
            screen.say(_("The key {key} does nothing here; F1 lists every key.").format(
                key=key_name(name)))

    def handle(self, event: pygame.event.Event) -> None:
        """One pygame event."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            self.screen.any_input()
            self._key(event)
            self.dirty = True
        elif event.type == pygame.TEXTINPUT and self.screen.editing():
            c = self.screen.focused()
            if c is not None:
                self.screen.type_text(c, event.text)
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.screen.any_input()
            self.apply(self.screen.click(event.pos))
            self.dirty = True
        elif event.type == pygame.MOUSEWHEEL:  # up (y > 0) shows what is above
            if self.screen.scroll(-3 * int(event.y)):
                self.dirty = True
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            # never under the layouts' smallest size, unless the work area is smaller
            w, h = fit_window(self.surface.get_size(), None) if self.area is None else (
                max(self.surface.get_width(), min(TableLayout.MIN_WIDTH, self.area.w)),
                max(self.surface.get_height(), min(TableLayout.MIN_HEIGHT, self.area.h)))
            if (w, h) != self.surface.get_size():
                self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            set_text_scale(self.surface.get_size())
            self.dirty = True
        elif event.type in (pygame.WINDOWEXPOSED, pygame.ACTIVEEVENT):
            self.dirty = True

    def frame(self) -> None:
        """Redraw if something changed or is moving, and once more when it has
        stopped (the last frame shows everything come to rest)."""
        moving = self.screen.animating(time.monotonic())
        if self.dirty or moving or self._moving:
            self.screen.draw(self.surface)
            pygame.display.flip()
            self.dirty = False
        self._moving = moving

    def _settle(self) -> None:
        """After a frame: when the screen has just set up a decision, the key
        presses already waiting were made before it could be heard; they are
        marked so (handed over with ``typed_ahead``), however long drawing took."""
        if not self.screen.settled():
            return
        for event in pygame.event.get(pygame.KEYDOWN):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {**event.dict, "ahead": True}))

    def run(self, max_events: int | None = None) -> None:
        """Wait for events until the window closes.  With ``max_events`` (tests,
        benchmarks) it also stops after that many key presses, clicks or quits,
        or as soon as no event is waiting."""
        handled = 0
        self.frame()
        while self.running and (max_events is None or handled < max_events):
            if max_events is not None:
                event = pygame.event.poll()
            else:  # sleep until an event, or the next frame of an animation
                moving = self.screen.animating(time.monotonic())
                event = wait(16 if moving else 1000)
            if self.poll():
                self.dirty = True
            for move in self.moves():  # (asked by a network's callback too: every turn)
                self.apply(move)
                self.dirty = True
            self.screen.tick()
            asked = self.screen.take_move()  # (the table's offer once you are out)
            if asked is not None:
                self.apply(asked)
                self.dirty = True
            if event.type == pygame.NOEVENT:
                if max_events is not None:
                    break
                self.frame()
                self._settle()
                continue
            self.handle(event)
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.TEXTINPUT):
                self.after_input()
            handled += event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.QUIT)
            self.frame()
            self._settle()
