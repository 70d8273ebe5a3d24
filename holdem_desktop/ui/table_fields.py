"""The table's text fields (a module of :mod:`.table`): the typed amount box
and a room's chat field take typed characters, Backspace and Ctrl+A as
every other page's fields do (:class:`~.form_page.FormPage`): Ctrl+A, or
the focus brought to the field by a key, selects the whole text ("300,
selected"), typing or Backspace then replaces it, Left, Right, Home or End
unselect it; any other key, or a click, ends the selection.  An open
tab's page (Settings) answers for its own fields."""

from __future__ import annotations

from collections.abc import Callable

from holdem_desktop.i18n.translate import _

from .action_bar import AMOUNT_BOX, AmountBox
from .chat_zone import ChatZone
from .keymap import Key
from .page import Page, Transition
from .widgets import Control, Role

__all__ = ["CHAT_FIELD", "TableFields", "selects_text_at"]

CHAT_FIELD = "chat:field"
"""The id of a room's chat field."""


def selects_text_at(focus: str | None) -> bool:
    """Whether the table's control ``focus`` is a text field Ctrl+A selects in."""
    return focus in (AMOUNT_BOX, CHAT_FIELD)


class TableFields(Page):
    """Typing, erasing and selecting in the table's own text fields."""

    tab: Page | None
    chat: ChatZone | None
    amount_box: AmountBox
    on_refused: Callable[[], None]
    _echo: Callable[[str], None]

    def _field(self, control: Control) -> AmountBox | ChatZone | None:
        """The model of the table's text field ``control`` (None: not one)."""
        if self.tab is not None:
            return None
        if control.id == AMOUNT_BOX:
            return self.amount_box
        return self.chat if control.id == CHAT_FIELD else None

    def _unselect(self) -> None:
        self.amount_box.selected = False
        if self.chat is not None:
            self.chat.selected = False

    def type_text(self, control: Control, text: str) -> None:
        if self.tab is not None:
            self.tab.type_text(control, text)
        elif control.id == CHAT_FIELD and self.chat is not None:
            echo, refused = self.chat.type(text)
            if refused:
                self.on_refused()
            if echo:
                self._echo(echo)
        elif control.id == AMOUNT_BOX:
            self._echo(self.amount_box.type(text))

    def erase(self, control: Control) -> None:
        if self.tab is not None:
            self.tab.erase(control)
        elif control.id == CHAT_FIELD and self.chat is not None:
            self._echo(self.chat.erase())
        elif control.id == AMOUNT_BOX:
            self._echo(self.amount_box.erase())

    def select_all(self, control: Control) -> None:
        """Ctrl+A: the field's whole text selected, and said ("300, selected";
        "empty" when there is nothing to select)."""
        if self.tab is not None:
            self.tab.select_all(control)
            return
        field = self._field(control)
        if field is None:
            super().select_all(control)
            return
        field.selected = bool(control.value)
        self._echo(control.value + ", " + _("selected") if control.value else _("empty"))

    def describe(self, control: Control) -> str:
        """A field the keys bring the focus to (Tab, Shift+Tab, Home, End)
        has its whole text selected, as every field of the system and the
        game's other pages: typing replaces the old amount or line, and
        ", selected" is said after it (as Ctrl+A says it)."""
        text = super().describe(control)
        field = self._field(control)
        if field is not None and control.enabled and control.value:
            field.selected = True
            text += ", " + _("selected")
        return text

    def cursor(self, control: Control, key: str) -> None:
        """Left, Right, Home or End on the selected text unselect it and keep
        it ("Unselected, 300"); otherwise it is said how text is edited here."""
        if self.tab is not None:
            self.tab.cursor(control, key)
            return
        field = self._field(control)
        if field is not None and field.selected and key in ("left", "right", "home", "end"):
            field.selected = False
            self._echo(_("Unselected, {text}").format(text=control.value or _("empty")))
            return
        super().cursor(control, key)

    def selects_text(self) -> bool:
        """Ctrl+A selects text in the field in focus (or the open tab's)."""
        if self.tab is not None:
            return self.tab.selects_text()
        c = self.focused()
        return c is not None and c.role is Role.EDIT and selects_text_at(c.id)

    def press(self, key: Key) -> Transition | None:
        self._unselect()  # any other key ends the selection, as in a native field
        return super().press(key)

    def click(self, pos: tuple[int, int]) -> Transition | None:
        self._unselect()
        return super().click(pos)
