"""Screens and how they change, the tcod-tutorial way.

A screen answers key commands, typed text and clicks, and draws itself
without changing anything.  What it asks of the window comes back as data
(:class:`Push`, :class:`Pop`, :class:`Replace`, :class:`Quit`), applied in
one place (:class:`~holdem_desktop.ui.app.App`).

:class:`Page` is the common behaviour of every screen made of controls:
Tab / Shift+Tab through the controls, the zone keys through the headings,
Enter or Space activates, Up / Down change a slider (Up raises it) or a
choice (a combo box: Down the next item, Up the one before), Right / Left
step either (Right as Down in a combo box, as Up on a slider),
Escape closes, the mouse focuses and activates what it clicks, and every
focus change is said.  Subclasses say what their controls are and what
activating one does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem_desktop.i18n.translate import _

from .keymap import Key
from .widgets import Control, Focus, Role

if TYPE_CHECKING:
    import pygame

__all__ = ["Page", "Pop", "Push", "Quit", "Replace", "Transition"]


@dataclass(frozen=True)
class Push:
    """Open ``screen`` over the current one."""

    screen: Page


@dataclass(frozen=True)
class Pop:
    """Close the current screen, back to the one under it."""


@dataclass(frozen=True)
class Replace:
    """Close every screen and show ``screen``."""

    screen: Page


@dataclass(frozen=True)
class Quit:
    """Close the window."""


Transition = Push | Pop | Replace | Quit


_FOCUS_KEYS = frozenset({Key.NEXT_CONTROL, Key.PREVIOUS_CONTROL, Key.NEXT_ZONE,
                         Key.PREVIOUS_ZONE, Key.ACTIVATE, Key.SELECT, Key.STEP_FORWARD,
                         Key.STEP_BACK, Key.AMOUNT_UP, Key.AMOUNT_DOWN, Key.CLOSE,
                         Key.FIRST_CONTROL, Key.LAST_CONTROL})
"""The keys that act on the focused control (every other key is the page's own)."""


FIELDS = frozenset({Role.CHOICE, Role.SLIDER, Role.CHECKBOX, Role.EDIT})
"""The roles of a form's fields (the rest are buttons, text and headings)."""


class Page:
    """A screen of focusable controls."""

    title: str = ""
    closable: bool = True
    """Whether Escape closes it (the start screen asks instead)."""
    quiet_arrival: bool = False
    """Set when what opened the page has already said where the player is
    (a new game's deal, a continued game's welcome): its title and focus are
    then not said over it."""
    opening: str = ""
    """Said before the page's own words as the window opens it, once (a
    room's code as the room is created: what the player needs first); a
    page opened quietly (:attr:`quiet_arrival`) says none."""
    news_told: bool = False
    """Set by the window once it has said the page's :meth:`news` and it
    could be heard (:meth:`news_heard`)."""
    typed_ahead: bool = False
    """Set by the window while it hands over a key pressed before the last
    decision could be heard (see :meth:`settled`)."""
    default: str | None = None
    """The id of the button Enter presses from any field (a form's Start,
    Join or Close), as in every desktop dialog."""
    hotkeys: frozenset[Key] = frozenset()
    """The keys past those of the focus that :meth:`on_key` answers here
    (see :meth:`answers`)."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.focus = Focus()
        self.rects: dict[str, pygame.Rect] = {}
        """Where each control was drawn in the last frame (for the mouse)."""

    # What subclasses provide ---------------------------------------------

    def controls(self) -> tuple[Control, ...]:
        """The controls, in focus order."""
        return ()

    def activate(self, control: Control) -> Transition | None:
        """Enter, Space or a click on an enabled control."""
        return None

    def adjust(self, control: Control, direction: int) -> bool:
        """Step the focused control: +1 raises a slider or goes to a choice's
        next item (Up on a slider, Down on a choice, Right on either), -1 the
        other way; False: not handled."""
        return False

    def type_text(self, control: Control, text: str) -> None:
        """Characters typed into a focused edit field."""

    def erase(self, control: Control) -> None:
        """Backspace in a focused edit field."""

    def cursor(self, control: Control, key: str) -> None:
        """A key that moves a cursor or deletes at it in other programs' text
        boxes (``key``: "left", "right", "home", "end" or "delete"), in a
        focused edit field: there is no cursor to move, so it is said how
        text is edited here (not silent)."""
        self.say(_("Text is typed and erased at its end: Backspace erases the "
                   "last character."))

    def select_all(self, control: Control) -> None:
        """Ctrl+A in a focused edit field: where there is no selection, it is
        said how text is edited here (not silent)."""
        self.cursor(control, "select all")

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the screen (changes nothing)."""

    def animating(self, now: float) -> bool:
        """Whether the picture is still moving (the window then keeps drawing)."""
        return False

    def tick(self) -> None:
        """A page's own timed work, at each turn of the window's loop (every
        16 ms while :meth:`animating`): Statistics plays the chart's tone
        once its words are said."""

    def tick_under(self) -> None:
        """At each turn of the window's loop while a dialog is open over this
        page: what of its timed work goes on under a dialog (the table: the
        words held for the voice, once it has said the dialog's); none by
        default."""

    def description(self) -> str:
        """What is said after the title as the page opens, before its focus
        (a dialog's static text, as a screen reader reads it): none unless
        the page tells the player something there they need."""
        return ""

    def news(self) -> str:
        """What is said the first time the window says where the player is on
        this page, and not on each return to it from a page opened over it
        (the start screen's saved game): none by default."""
        return ""

    def news_heard(self) -> bool:
        """Whether :meth:`news` said now reaches the player: always, but on a
        page that knows speech is off (its news then waits to be said once
        speech is back on, see :meth:`~.app.App.where`)."""
        return True

    def take_move(self) -> Transition | None:
        """Where the page asks the window to go by itself, without a key (the
        table's offer once you are out); None: nowhere."""
        return None

    def on_key(self, key: Key) -> Transition | None:
        """A command the page itself does not know (hotkeys of the table)."""
        return None

    def keys_here(self) -> dict[Key, str]:
        """Keys that do something of their own on this page, and what (F1 lists
        them first); none by default."""
        return {}

    def selects_text(self) -> bool:
        """Whether Ctrl+A selects a text field's whole text on this page (F1
        then lists it); not by default."""
        return False

    def answers(self, key: Key) -> bool:
        """Whether ``key`` does something on this page: the focus's keys, and
        its :attr:`hotkeys`.  Any other is said to do nothing here (and F1
        opens the list of keys), by the window, rather than pass in silence."""
        return key in _FOCUS_KEYS or key in self.hotkeys

    def settled(self) -> bool:
        """The window has handled an input and drawn the result (the table
        starts its type-ahead guard then); True: the keys waiting now were
        pressed before what was just set up could be heard."""
        return False

    # The common behaviour ------------------------------------------------

    def focused(self) -> Control | None:
        """The control with the focus."""
        return self.focus.current(self.controls())

    def editing(self) -> bool:
        """Whether typed characters go into a text field now."""
        c = self.focused()
        return c is not None and c.role is Role.EDIT

    def press(self, key: Key) -> Transition | None:
        """Carry out a key command."""
        if key not in _FOCUS_KEYS:  # hotkeys: no need to build the controls
            return self.on_key(key)
        controls = self.controls()
        if key in (Key.STEP_FORWARD, Key.STEP_BACK):
            c = self.focus.current(controls)
            direction = 1 if key is Key.STEP_FORWARD else -1
            if c is not None and c.role in (Role.CHOICE, Role.SLIDER) and \
                    self.adjust(c, direction):
                return None  # a choice drawn as ‹ value › changes with Left and Right
            key = Key.NEXT_CONTROL if direction > 0 else Key.PREVIOUS_CONTROL
        if key in (Key.NEXT_CONTROL, Key.PREVIOUS_CONTROL):
            c = self.focus.step(controls, 1 if key is Key.NEXT_CONTROL else -1)
            if c is not None:
                self.say_focus(self.describe(c))
            return None
        if key in (Key.NEXT_ZONE, Key.PREVIOUS_ZONE):
            c = self.focus.step(controls, 1 if key is Key.NEXT_ZONE else -1, headings=True)
            if c is not None:
                self.say_focus(self.describe(c))
            return None
        c = self.focus.current(controls)
        if key in (Key.FIRST_CONTROL, Key.LAST_CONTROL) and c is not None:
            # Home / End: the zone's first or last control, as in a list or menu
            zone = [x for x in controls if x.zone == c.zone and x.role is not Role.HEADING] or [c]
            end = zone[0] if key is Key.FIRST_CONTROL else zone[-1]
            self.say_focus(self.describe(self.focus.set(controls, end.id) or c))
            return None
        if key is Key.ACTIVATE and c is not None and c.role in FIELDS:
            default = next((d for d in controls if d.id == self.default_button()), None)
            if default is not None:
                return self.use(default)
        if key is Key.SELECT and c is not None and c.role in FIELDS:
            self.adjust(c, 1)  # Space ticks a box or steps a choice
            return None
        if key in (Key.ACTIVATE, Key.SELECT) and c is not None:
            return self.use(c)
        if key in (Key.AMOUNT_UP, Key.AMOUNT_DOWN) and c is not None:
            direction = 1 if key is Key.AMOUNT_UP else -1
            if c.role is Role.CHOICE:  # a combo box: Down goes down its list
                direction = -direction
            if self.adjust(c, direction):
                return None
            if c.role in (Role.TEXT, Role.HEADING):  # read on, line by line, like a document
                k = next(i for i, x in enumerate(controls) if x.id == c.id)
                nxt = controls[max(0, min(len(controls) - 1, k - direction))]
                self.focus.set(controls, nxt.id)
                self.say_focus(self.describe(nxt))
                return None
            if c.role is Role.BUTTON:  # a menu's buttons: Down the next, Up the one before
                moved = self.focus.step(controls, -direction)
                if moved is not None:
                    self.say_focus(self.describe(moved))
                return None
        if key is Key.CLOSE and self.closable:
            return self.close()
        return self.on_key(key)

    def default_button(self) -> str | None:
        """The button Enter presses from a field (see :attr:`default`)."""
        return self.default

    def say_focus(self, text: str) -> None:
        """Say the control the keys moved the focus to (the table says it
        without showing it as the game's news: the highlight shows it)."""
        self.say(text)

    def describe(self, control: Control) -> str:
        """What is said when ``control`` gets the focus."""
        return control.spoken()

    def use(self, control: Control) -> Transition | None:
        """Activate ``control``, or say why it cannot be used."""
        if not control.enabled:
            self.say(control.reason or _("{label} is unavailable.").format(label=control.label))
            return None
        return self.activate(control)

    def close(self) -> Transition | None:
        """Escape, or a Close button."""
        return Pop()

    def any_input(self) -> None:
        """Called before each key press or click is handled (a table's
        animations catch up then)."""

    def scroll(self, notches: int) -> bool:
        """The mouse wheel turned ``notches`` down (negative: up); True when
        the page moved (a page that fits does not)."""
        return False

    def scroll_click(self, pos: tuple[int, int]) -> bool:
        """A click at ``pos`` on the page's scroll bar moves the page there
        (True); anywhere else it is not for the bar (False)."""
        return False

    def click(self, pos: tuple[int, int]) -> Transition | None:
        """A left click: focus the control under the pointer and activate it."""
        controls = self.controls()
        for c in controls:
            rect = self.rects.get(c.id)
            if rect is not None and rect.collidepoint(pos):
                self.focus.set(controls, c.id)
                if c.role in (Role.CHOICE, Role.SLIDER):
                    # The right half steps up, the left half down.
                    self.adjust(c, 1 if pos[0] >= rect.centerx else -1)
                    return None
                return self.use(c)
        return None
