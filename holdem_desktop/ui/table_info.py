"""The table's information keys and Read state (issue 33: a module of
:mod:`.table`): what each key answers, the announcements kept and stepped
through, the Game state's lines, the banner at a game's end."""

from __future__ import annotations

from collections.abc import Callable

from holdem_desktop.engine.variant import BlindLevel
from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n import amount
from holdem_desktop.i18n.phrases import Phrasing, sentence, standings
from holdem_desktop.i18n.translate import _

from .action_panel import Command
from .keymap import Key, describe
from .pacing import Pacer
from .reading import all_in_seats, chips_line, view_answer
from .state_words import blinds_lines, blinds_rise, header_lines, read_state
from .table_texts import TableTexts

__all__ = ["InformingPage"]


class InformingPage(TableTexts):
    """The table's answers to the information keys, and what it has said."""

    _out: Callable[[str], None]
    announcements: list[str]
    messages: list[str]
    history_index: int | None
    pacer: Pacer
    _said_at: int
    _message_mark: int
    _header: tuple[object, list[str]] | None

    def _say(self, text: str) -> None:
        """Show (and hand on for speech) a message the player asked for."""
        self._message_mark = 0  # the answer to a key: shown at once
        self.messages.append(text)
        self._said_at = len(self.log)
        self._out(text)

    def say_focus(self, text: str) -> None:
        """The control the focus moved to, a tab opened or closed, a line of
        the Move log read: said, not shown in the Game state zone (which
        shows the game and the answers to the information keys; the focus
        is shown by its highlight)."""
        self._out(text)

    def _echo(self, text: str) -> None:
        """Say what was typed or erased in a box, which shows it itself: not a
        message of the game for the Game state zone."""
        self._out(text)

    def announce(self, text: str, more: bool = False) -> None:
        """A game announcement (already spoken by the speech): shown in the
        Game state zone and kept for Repeat and the history keys; with
        ``more``, the rest of the last one (said as it happened)."""
        if more and self.announcements:
            last = self.announcements[-1]
            text = f"{last} {text}"
            self.announcements[-1] = text
            if self.messages and self.messages[-1] == last:
                self.messages[-1] = text
            else:
                self.messages.append(text)
        else:
            self.announcements.append(text)
            self.messages.append(text)
        self.history_index = None
        self._said_at = len(self.log)
        self._message_mark = self.pacer.added  # spoken now, shown with the felt

    def _history(self, step: int) -> None:
        """Step back (-1) or forth (1) through the game's announcements."""
        if not self.announcements:
            self._out(_("No announcements yet."))
            return
        last = len(self.announcements) - 1
        start = last if self.history_index is None else self.history_index
        k = max(0, min(last, start + step))
        edge = k == start  # (the first step too: one announcement is the oldest)
        self.history_index = k
        text = self.announcements[k]
        if edge:
            text = (_("Oldest: {text}") if step < 0 else _("Newest: {text}")).format(text=text)
        self._out(text)  # not added to the history itself

    def inform(self, key: Key) -> str:
        """The answer of an information key (never acts)."""
        s = self.session
        if key is Key.REPEAT:
            return self.announcements[-1] if self.announcements else \
                _("Nothing to repeat yet.")
        if key is Key.READ_STATE:
            return self.read_state()
        if key is Key.BLINDS:
            return " ".join(self._blinds())
        if key is Key.WHO_IS_HERE:
            return self.who_is_here()
        if key is Key.TIME_LEFT:
            ask = getattr(self.session, "time_left", None)
            return ask() if callable(ask) else _("This game has no clock: take the time you "
                                                 "need.")
        view = self._view()
        if key is Key.CHIPS:  # yours first, as "you" (before the first hand too,
            # as the title line shows them)
            return chips_line([(seat, s.chips(seat)) for seat in self._occupied()], self._name,
                              self.me, all_in_seats(self._view()))
        if view is None:
            return _("No hand is being played yet: press N for the first hand.")
        said = view_answer(key, view, self._name, self.me, self.suits)
        if said is not None:
            return said
        return _("{what}: not available yet.").format(what=describe(key))

    def who_is_here(self) -> str:
        """Who is in the room (a game here on this computer has nobody else)."""
        who = getattr(self.session, "who_is_here", None)
        if who is None:
            return _("This is not a room: you play against computer players here.")
        return str(who())

    def _blinds(self) -> list[str]:
        """The blinds, and when they go up (when they do)."""
        return blinds_lines(self.session)

    def _blinds_rise(self) -> tuple[BlindLevel, float] | None:
        """The next level's blinds and the seconds until a tournament's clock
        raises them (None: no clock does, or the game is over)."""
        return blinds_rise(self.session)

    def banner(self) -> list[str]:
        """What the felt shows over the table when the game has ended."""
        result = self.result
        if not self.session.game_over or result is None:
            return []
        me = Phrasing(self._name, self.me, self.suits, brief=True)
        lines = [sentence(result, me) or "", standings(result, me)]
        why = self.panel.why(Command.NEXT_HAND)
        lines.append(why or _("Press N to start a new game with the same players."))
        return lines

    def read_state(self) -> str:
        """Everything, in the order of SPEC §5 (see :func:`.state_words.read_state`:
        the phone's page says the same)."""
        return read_state(self.session, self.me, self._view(), self._name, self.panel,
                          self.result, self._occupied(), suits=self.suits)

    def state_lines(self, shown: SeatView | None = None) -> list[str]:
        """The Game state zone (``shown``: the felt's picture, behind the
        game: the hand, whose turn and the last announcement as it has them)."""
        s = self.session
        if shown is not None and s.hand is not None and s.hand.over \
                and self._header is not None and self._header[0] is self.pacer.started:
            lines = list(self._header[1])  # the hand the felt still plays
        else:
            lines = self._header_lines()
        if getattr(s, "resuming", False):  # (said when it fell: shown until back)
            lines.append(_("Connection lost, reconnecting…"))
        view = self._view() if shown is None else shown
        if view is not None and not view.over and view.to_act is not None:
            if view.to_act == self.seat:
                lines.append(_("Your turn, {amount} to call").format(amount=amount(view.to_call))
                             if view.to_call else _("Your turn"))
            else:
                lines.append(_("{player} to act").format(player=self._name(view.to_act)))
        if self.messages and self._said_at == len(self.log) \
                and (shown is None or self._message_mark <= self.pacer.released) \
                and self.messages[-1] not in lines:  # nothing happened since; not twice
            lines.append(self.messages[-1])
        return lines

    def _header_lines(self) -> list[str]:
        """The Game state's first lines: the hand's number, the blinds and
        when they go up (kept for the hand being played, see :attr:`_header`)."""
        s = self.session
        lines = header_lines(s)
        if s.hand is not None and not s.hand.over and self.pacer.started is not None:
            self._header = (self.pacer.started, list(lines))
        return lines
