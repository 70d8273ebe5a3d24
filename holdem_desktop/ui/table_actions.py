"""The table's acting half (issue 33, item 3): what a button, a key, a
preset or the typed amount box does to the hand, and the amount scale as the
action bar shows it.  :class:`~.table.TableScreen` builds on it; the
type-ahead guard's length and the focus stay there."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from holdem_desktop.i18n import amount
from holdem_desktop.i18n.phrases import room_news
from holdem_desktop.i18n.table_news import sitting_out
from holdem_desktop.i18n.translate import _
from holdem_desktop.session import Session
from holdem_desktop.session.events import GameOver

from .action_bar import AMOUNT_BOX, AmountBox
from .action_panel import ActionPanel, Command, Preset
from .keymap import Key, KeyMap
from .page import Page, Transition
from .widgets import Control, Role

__all__ = ["ActingPage"]

_GUARDED = frozenset({Command.FOLD, Command.CHECK_CALL, Command.BET_RAISE, Command.ALL_IN,
                      Command.NEXT_HAND})
"""The commands the type-ahead guard holds back."""


class ActingPage(Page):
    """A page that acts on the hand through an :class:`ActionPanel`."""

    session: Session
    panel: ActionPanel
    amount_box: AmountBox
    keymap: KeyMap
    result: GameOver | None
    acted: bool
    guard_until: float
    guard_clock: Callable[[], float]
    on_refused: Callable[[], None]
    on_too_soon: Callable[[], None]

    def answers(self, key: Key) -> bool:
        return True  # at the table every key plays, reads, or says why it cannot now

    def _room_actions(self) -> list[Any]:
        """The Room zone's buttons now (the table has them)."""
        raise NotImplementedError

    def _ask(self, question: str, confirm: str, on_confirm: Callable[[], Transition | None],
             **how: Any) -> Transition:
        """A question in a dialog (the table asks it)."""
        raise NotImplementedError

    def _act(self, command: Command, *, asked: bool = False) -> Transition | None:
        """Do what a button does (``asked``: a new game the player said yes to)."""
        if command in _GUARDED and (self.typed_ahead or self.guard_clock() < self.guard_until):
            self.on_too_soon()  # typed ahead of the announcement: ignored
            return None
        if command in _GUARDED and command is not Command.NEXT_HAND \
                and any(a.key == "back" for a in self._room_actions()):
            self.on_refused()  # away (or sat out): say so, and the way back
            self.say(sitting_out() if getattr(self.session, "sat_out", False)
                     else room_news("away", (), you=True))  # (a stray key never takes it back)
            return None
        if command is Command.NEXT_HAND and self.session.game_over and self.result is not None \
                and self.panel.why(command) is None and not asked:
            chords = self.keymap.chords(Key.NEXT_HAND)  # a game's end is never left by a stray key
            return self._ask(
                _("Start a new game with the same players?"), _("New game"),
                lambda: self._act(Command.NEXT_HAND, asked=True), cancel=_("Not now"),
                detail=_("Press {key} again, or choose New game, to start it.").format(
                    key=str(chords[0]) if chords else "N"), again=Key.NEXT_HAND)
        was, self.acted = self.acted, True  # what it sets off is the player's own news
        outcome = self.panel.activate(command)
        if not outcome.done:
            self.acted = was
        if not outcome.done:
            self.on_refused()
        if outcome.message:
            self.say(outcome.message)
        return None

    def _amount(self, control: Control) -> None:
        """A preset, or Enter in the amount box: the amount is chosen (the
        typed one takes the focus to Bet / Raise), or why not is said."""
        if control.id == AMOUNT_BOX:
            outcome = self.amount_box.enter(self.panel)
        else:
            outcome = self.panel.preset(Preset(control.id[7:]))
        if not outcome.done:
            self.on_refused()
        elif control.id == AMOUNT_BOX:
            self.focus.id = "button:" + Command.BET_RAISE
            c = self.focused()
            outcome = outcome if c is None else type(outcome)(True, self.describe(c))
        if outcome.message:
            self.say(outcome.message)

    def editing(self) -> bool:
        c = self.focused()  # an amount box with no amount to choose takes no letters
        return c is not None and c.role is Role.EDIT and c.enabled

    def amount_steps(self) -> tuple[list[str], int | None]:
        """The amount scale's steps as the Actions zone shows them, and the
        chosen one (None: no amount to choose now)."""
        steps, index = self.panel.amounts()
        return [amount(step.to) for step in steps], (index if steps else None)
