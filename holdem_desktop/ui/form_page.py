"""The base of the pages drawn as one column of controls: :class:`FormPage`
(fields, buttons, a status line) and :class:`ReadingPage` (headings and
paragraphs to read one by one)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from holdem_desktop.i18n.translate import _

from .forms import Form, erased_echo, typed_echo
from .keymap import Key
from .page import Page, Transition
from .page_draw import PageRenderer
from .widgets import Control, Role

if TYPE_CHECKING:
    import pygame

__all__ = ["FormPage", "ReadingPage"]


class FormPage(Page):
    """A page drawn as one column of controls with a status line."""

    says_subtitle = False
    """Whether the words under the title are said as the page opens: set
    where they hold what the player needs (the server Sign in is for, keys
    of the page's own), not where they are a tagline or repeat the buttons."""

    def __init__(self, say: Callable[[str], None], renderer: PageRenderer | None = None) -> None:
        super().__init__(say)
        self.renderer = renderer or PageRenderer()
        self.status = ""
        self.subtitle = ""
        self.form: Form | None = None
        """The page's fields, if it has any (Up / Down step them, typing fills them)."""
        self._say = say
        self.say = self._remember
        self._hinted: set[Role] = set()
        """The kinds of field whose keys this page has told (once is enough)."""
        self._selected: str | None = None
        """The filled text field just arrived at (by keys, a click, or as the
        page opens): its text is selected, typing replaces it."""
        self._seen_focus: str | None = None

    def _remember(self, text: str) -> None:
        self.status = text
        self._say(text)

    def adjust(self, control: Control, direction: int) -> bool:
        if control.role is Role.EDIT:  # Up / Down read the whole text, as in any field
            self._say(_("{label}: {text}").format(label=control.label,
                                                  text=self.text_said(control))
                      + self._selection_said(control))
            return True
        said = self.form.adjust(control.id, direction) if self.form else None
        if said is not None:
            where = self.form.position(control.id) if self.form else None
            if where is not None:  # where the choice is now, as a list box says it
                said += ", " + _("{k} of {n}").format(k=where[0], n=where[1])
            self.say(said)
        return said is not None

    def text_said(self, control: Control) -> str:
        """A text field's text as it is said (a password field says its length)."""
        return control.value or _("empty")

    def _selection_said(self, control: Control) -> str:
        """", selected" after a field's text while it is selected (typing
        replaces it), as a screen reader says it in a native field."""
        return ", " + _("selected") if self._is_selected(control) else ""

    def _is_selected(self, control: Control) -> bool:
        return self._selected == control.id and self.form is not None \
            and bool(self.form.values.get(control.id))

    def _erase_selected(self, control: Control) -> bool:
        """Backspace on the selected text erases it all, and says what went
        (not only "empty", which would hide that the whole text is gone)."""
        if not self._is_selected(control):
            return False
        gone = self.text_said(control)
        self._replace_selected(control)
        self.say(_("{text} erased, empty").format(text=gone))  # (the status line too)
        return True

    def cursor(self, control: Control, key: str) -> None:
        # Left, Right, Home or End on the selected text unselect it and keep
        # it, as in a native field: typing appends again, Backspace erases
        # its last character.  (Delete, and any key with nothing selected,
        # says how text is edited here.)  Said on the status line too, where
        # "selected" was shown.
        if key in ("left", "right", "home", "end") and self._is_selected(control):
            self._selected = None
            self.say(_("Unselected, {text}").format(text=self.text_said(control)))
            return
        super().cursor(control, key)

    def select_all(self, control: Control) -> None:
        """Ctrl+A selects the field's whole text, as in a native field:
        typing (or Backspace) then replaces it ("123, selected")."""
        if self.form is None:
            super().select_all(control)
            return
        self._selected = control.id
        self.say(self.text_said(control) + self._selection_said(control))

    def _replace_selected(self, control: Control) -> bool:
        """A filled field just arrived at is selected, as in a native dialog:
        the first key typed (or Backspace) replaces the whole text."""
        if self._selected != control.id or self.form is None:
            return False
        self._selected = None
        if self.form.values.get(control.id):
            self.form.values[control.id] = ""
            return True
        return False

    def type_text(self, control: Control, text: str) -> None:
        # Each character typed is echoed, as a screen reader does in a native field.
        self._replace_selected(control)
        typed = self.form.type_text(control.id, text) if self.form is not None else ""
        echo = typed_echo(typed, text)
        if echo:
            self._say(echo)

    def erase(self, control: Control) -> None:
        if self._erase_selected(control):
            return
        self._say(erased_echo(self.form.erase(control.id) if self.form is not None else ""))

    def describe(self, control: Control) -> str:
        text = control.spoken()
        self._selected = control.id if control.role is Role.EDIT and control.value else None
        text += self._selection_said(control)
        where = self.form.position(control.id) if self.form is not None else None
        if where is not None:
            text += ", " + _("{k} of {n}").format(k=where[0], n=where[1])
        hints = {Role.CHOICE: _("Down chooses the next, Up the one before."),
                 Role.SLIDER: _("Up and Down change it."),
                 Role.CHECKBOX: _("Space ticks it."), Role.EDIT: _("Type to fill it.")}
        if control.role in hints and control.role not in self._hinted:
            self._hinted.add(control.role)
            text += "; " + hints[control.role]
        return text

    def keys_here(self) -> dict[Key, str]:
        """Up and Down on a page of combo boxes (and sliders): F1 says which
        way each goes, since at the table they choose the amount."""
        roles = {c.role for c in self.controls()}
        if Role.CHOICE not in roles:
            return {}
        if Role.SLIDER in roles:
            return {Key.AMOUNT_DOWN: _("The next item of a combo box; a slider lower"),
                    Key.AMOUNT_UP: _("The item before in a combo box; a slider higher")}
        return {Key.AMOUNT_DOWN: _("The next item of a combo box"),
                Key.AMOUNT_UP: _("The item before in a combo box")}

    def selects_text(self) -> bool:
        """A form with a text field: Ctrl+A selects its text (:meth:`select_all`)."""
        return self.form is not None and any(c.role is Role.EDIT for c in self.controls())

    def draw(self, surface: pygame.Surface) -> None:
        c = self.focused()
        self.draw_in(surface, surface.get_rect(), c.id if c else None)

    def scroll(self, notches: int) -> bool:
        return self.renderer.scroll_by(notches)

    def scroll_click(self, pos: tuple[int, int]) -> bool:
        return self.renderer.scroll_to(pos)

    def click(self, pos: tuple[int, int]) -> Transition | None:
        if self.scroll_click(pos):  # on the scroll bar: the page moves there
            return None
        return super().click(pos)

    def description(self) -> str:
        return self.subtitle if self.says_subtitle else ""

    def notice(self) -> str:
        """A warning shown under the title (none by default)."""
        return ""

    def shown_notice(self) -> str:
        """The warning drawn under the title: :meth:`notice` (said as the
        page opens) and what else the eye should see there."""
        return self.notice()

    def draw_in(self, surface: pygame.Surface, area: pygame.Rect, focus_id: str | None) -> None:
        """Paint the page into ``area`` (a whole window, or a table's tab)."""
        controls = self.controls()
        if focus_id != self._seen_focus:  # the focus arrived (a click too): text selected
            self._seen_focus = focus_id
            c = next((c for c in controls if c.id == focus_id), None)
            self._selected = focus_id if c is not None and c.role is Role.EDIT and c.value \
                else None
        self.rects = self.renderer.draw(surface, area, self.title, controls, focus_id,
                                        self.status, self.subtitle, self.shown_notice(),
                                        selected=self._selected)


class ReadingPage(FormPage):
    """Headings and paragraphs to read one by one (Up / Down or Tab); Close at the end."""

    def __init__(self, title: str, sections: Sequence[tuple[str, Sequence[str]]],
                 say: Callable[[str], None], zone: str = "help",
                 buttons: Sequence[Control] = ()) -> None:
        super().__init__(say)
        self.title = title
        items: list[Control] = []
        for k, (heading, paragraphs) in enumerate(sections):
            items.append(Control(f"h{k}", heading, Role.HEADING, zone))
            items += [Control(f"p{k}.{j}", text, Role.TEXT, zone)
                      for j, text in enumerate(paragraphs)]
        items += buttons
        items.append(Control("close", _("Close"), zone=zone))
        self._controls = tuple(items)

    def controls(self) -> tuple[Control, ...]:
        return self._controls

    def keys_here(self) -> dict[Key, str]:
        """Up and Down read the page line by line (F1 said they chose the
        amount, at the table)."""
        return {Key.AMOUNT_DOWN: _("The next line"), Key.AMOUNT_UP: _("The line before")}

    def describe(self, control: Control) -> str:
        # Paragraphs are read as they are, without "text" after each one.
        return control.label if control.role is Role.TEXT else control.spoken()

    def activate(self, control: Control) -> Transition | None:
        if control.id == "close":
            return self.close()
        self.say(control.label)
        return None


