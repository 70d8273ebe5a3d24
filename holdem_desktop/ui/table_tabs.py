"""The table's tabs (a module of :mod:`.table`): How to play, Settings and
F1's key list, each shown in place of the table; opening one, closing it
and where the focus goes back to then."""

from __future__ import annotations

from holdem_desktop.i18n.translate import _

from .action_panel import Command
from .help_pages import HelpPage, table_keys
from .page import Page, Pop, Transition
from .settings_page import SettingsPage
from .table_picture import PicturedPage

__all__ = ["TabbedPage"]


class TabbedPage(PicturedPage):
    """The table with a tab over it (or none: :attr:`tab` None)."""

    _before_keys: str | None
    _at_table: str | None
    _under_keys: tuple[Page, str, str | None] | None = None
    """The tab F1's key list was opened from (Settings, How to play), its id
    and its focus then: closing the list goes back there, not to the table."""

    def _toggle_tab(self, which: str) -> None:
        if self.tab_id == which and which == "keys" and self._back_under_keys():
            return
        if self.tab_id == which:
            self.tab, self.tab_id = None, None
            # back to where the focus was before the tab opened (a tab's own
            # button would open it again with Enter: then the game's focus)
            before = self._before_keys
            if not before or before == "menu" or before.startswith("tab:"):
                before = self._at_table  # the control the player left for the tab
            usable = {c.id for c in self.table_controls() if c.enabled}
            self.focus.id = before if before in usable else self._game_focus()
            self.say_focus(_("{tab} closed").format(tab=self._tab_name(which)))
            return
        if self.tab is None:
            self._before_keys = self.focus.id
        if which == "keys":  # F1: the keys of the tab or zone in focus; how many said
            self._under_keys = (self.tab, self.tab_id or "", self.focus.id) \
                if self.tab is not None else None
            self.tab, said = table_keys(self.tab, self.focus.id, self.keymap, self.say_focus,
                                        self.room is not None)  # (a game here: no talking)
            self.tab_id, self.focus.id = which, self.tab.controls()[0].id
            self.say_focus(_("{tab} open. {control}").format(tab=self._tab_name(which),
                                                             control=said))
            return
        if self.desktop is None:
            self.say(_("This tab is not available here."))
            return
        self.tab_id = which
        self.tab = (HelpPage(self.desktop, self.session.variant, self.say_focus)
                    if which == "help" else SettingsPage(self.desktop, self.say_focus))
        first = self.tab.controls()[0]
        self.focus.id = first.id
        self.say_focus(_("{tab} open. {control}").format(tab=self._tab_name(which),
                                                         control=self.tab.describe(first)))

    def _back_under_keys(self, said: bool = True) -> bool:
        """The key list closes back to the tab it was opened from, its focus
        where it was (said, unless ``said`` is False); False: it was opened
        at the table."""
        under, self._under_keys = self._under_keys, None
        if under is None:
            return False
        self.tab, self.tab_id, self.focus.id = under
        if said:
            c = self.focused()
            self.say_focus(_("{tab} closed. {page}: {control}").format(
                tab=self._tab_name("keys"), page=self._tab_name(self.tab_id),
                control=self.tab.describe(c) if c is not None else ""))
        return True

    def _game_focus(self) -> str:
        """Where the focus goes at the table when it has nowhere better: the
        action the hand calls for (Next hand between hands), else the first
        action the player can take, else the Room zone's code, else the Move
        log; never a button that cannot be pressed, nor a tab that Enter
        would open again."""
        idle = self.session.hand is None or self.session.hand.over
        wanted = "button:" + (Command.NEXT_HAND if idle else Command.CHECK_CALL)
        controls = self.table_controls()
        usable = [c.id for c in controls if c.enabled and c.id.startswith("button:")]
        if wanted in usable or not any(c.id == wanted for c in controls):
            return wanted
        return next(iter(usable), "room:code" if self.room is not None else "log")

    @staticmethod
    def _tab_name(which: str) -> str:
        return {"help": _("How to play"), "keys": _("Keys")}.get(which) or _("Settings")

    def _from_tab(self, outcome: Transition | None) -> Transition | None:
        if isinstance(outcome, Pop):  # the tab's Close button
            self._toggle_tab(self.tab_id or "")
            return None
        return outcome
