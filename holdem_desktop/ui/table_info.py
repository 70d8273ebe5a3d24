"""The table's information keys and Read state (issue 33: a module of
:mod:`.table`): what each key answers, the announcements kept and stepped
through, the Game state's lines, the banner at a game's end."""

from __future__ import annotations

from collections.abc import Callable

from holdem_desktop.engine.variant import BlindLevel
from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n import amount, cards_names
from holdem_desktop.i18n.phrases import Phrasing, sentence, standings, you_have
from holdem_desktop.i18n.tournament import blinds_go_up, blinds_go_up_line
from holdem_desktop.i18n.translate import _, ngettext
from holdem_desktop.session import WaitingForPlayers

from .action_panel import Command
from .howto import rules_now
from .keymap import Key, describe
from .pacing import Pacer
from .reading import chips_line, view_answer
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
                              self.seat)
        if view is None:
            return _("No hand is being played yet: press N for the first hand.")
        said = view_answer(key, view, self._name, self.seat, self.suits)
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
        level = self.session.blind_level()
        out = [_("Blinds {small} and {big}.").format(small=amount(level.small),
                                                  big=amount(level.big))]
        until = self.session.hands_until_next_level()
        if until is not None:
            out.append(ngettext("The blinds go up in {n} hand.",
                                "The blinds go up in {n} hands.", until).format(n=until))
        rise = self._blinds_rise()
        if rise is not None:  # (a tournament's table: its clock raises them)
            out.append(blinds_go_up(rise[0].blinds, rise[0].ante, rise[1]))
        return out

    def _blinds_rise(self) -> tuple[BlindLevel, float] | None:
        """The next level's blinds and the seconds until a tournament's clock
        raises them (None: no clock does, or the game is over)."""
        rise = getattr(self.session, "blinds_rise", None)
        return None if rise is None or self.session.game_over else rise()

    def banner(self) -> list[str]:
        """What the felt shows over the table when the game has ended."""
        result = self.result
        if not self.session.game_over or result is None:
            return []
        me = Phrasing(self._name, self.seat, self.suits, brief=True)
        lines = [sentence(result, me) or "", standings(result, me)]
        why = self.panel.why(Command.NEXT_HAND)
        lines.append(why or _("Press N to start a new game with the same players."))
        return lines

    def read_state(self) -> str:
        """Everything, in the order of SPEC §5: whose turn and the amount to
        call, your cards and hand, the board, the pot, your chips then each
        player's in playing order after you, the dealer, the blinds, the hand
        number and when the blinds go up."""
        s = self.session
        if s.game_over and self.result is not None:  # the game's result, not an empty table
            ended = sentence(self.result, Phrasing(self._name, self.seat, self.suits))
            why = self.panel.why(Command.NEXT_HAND)
            return " ".join([ended or "", why or _("Press N to start a new game with the same "
                                                   "players.")])
        view = self._view()
        if view is None and getattr(s, "who_is_here", None) is not None \
                and s.hands_played == 0 and not getattr(s, "running", False):
            # a room before its first game: who is here, and what starts it
            why = self.panel.why(Command.NEXT_HAND)
            return " ".join([self.who_is_here(), why or _("Press N to start the game.")])
        parts = []
        if view is not None:
            parts.append(self.inform(Key.WHOSE_TURN))
            if view.to_act == self.seat and view.to_call:
                parts.append(self.inform(Key.TO_CALL))
            if view.hole:
                parts.append(_("Your cards: {cards}; your hand: {hand}.").format(
                    cards=cards_names(view.hole, suits=self.suits), hand=self.hand_text()))
            parts.append(self.inform(Key.BOARD))
            parts.append(self.pot_text(view) if view.over else self.inform(Key.POT))
        if self.seat is not None:
            place = s.seats[self.seat].place
            parts.append(you_have(s.chips(self.seat)) if place is None
                         else _("You finished in place {place}.").format(place=place)
                         if s.game_over else _("You are out in place {place}.").format(place=place))
            parts += [self.player_text(seat) + "." for seat in self._occupied()
                      if seat != self.seat]
        else:
            parts += [self.player_text(seat) + "." for seat in self._occupied()]
        if view is not None and view.button == self.seat:  # (another's line says "dealer")
            parts.append(self.inform(Key.DEALER))
        blinds = self._blinds()
        number = s.hands_played + (0 if s.hand is None or s.hand.over else 1)
        parts += [blinds[0], _("Hand {number}.").format(number=number) if number
                  else _("The first hand is not dealt yet."), *blinds[1:]]  # (not "Hand 0.")
        awaited = getattr(s, "awaited", None)  # a room: who the next hand waits for
        seats = tuple(awaited()) if awaited is not None else ()
        if seats:
            parts.append(sentence(WaitingForPlayers(seats), Phrasing(self._name, self.seat))
                         or "")
        parts += rules_now(s.variant, s.hands_played)
        return " ".join(parts)

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
        level = s.blind_level()
        number = s.hands_played + (0 if s.hand is None or s.hand.over else 1)
        if number == 0:  # no hand yet: not "Hand 0", and no blinds of nothing
            lines = [_("First hand: blinds {small} and {big}").format(
                small=amount(level.small), big=amount(level.big)) if level.big else
                _("The game has not started yet.")]
        else:
            lines = [_("Hand {number}, blinds {small} and {big}").format(
                number=number, small=amount(level.small), big=amount(level.big))]
        until = s.hands_until_next_level()
        if until is not None and not s.game_over:  # (no hand after the last)
            lines.append(ngettext("Blinds go up in {n} hand", "Blinds go up in {n} hands",
                                  until).format(n=until))
        rise = self._blinds_rise()
        if rise is not None:
            lines.append(blinds_go_up_line(rise[0].blinds, rise[1]))
        if s.hand is not None and not s.hand.over and self.pacer.started is not None:
            self._header = (self.pacer.started, list(lines))
        return lines
