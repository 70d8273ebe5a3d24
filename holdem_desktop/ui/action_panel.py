"""The Actions zone as data: seven buttons that never move (SPEC §5).

Fold · Check / "Call 40" · "Bet 60" / "Raise to 120" · Decrease amount ·
Increase amount · All-in · Next hand.  The amounts come from the engine's
legal actions through the amount scale; a turn starts at half pot.  An
inactive button still answers when activated: it says why, in the engine's
words turned into a sentence (:mod:`.reasons`).  The drawing code and the
speech read these buttons; neither decides anything itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from holdem_desktop.engine.actions import Action, ActionKind, IllegalAction
from holdem_desktop.engine.amounts import AmountStep, amount_scale, start_index
from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n.names import amount as amount_text
from holdem_desktop.i18n.phrases import public_spectator
from holdem_desktop.i18n.translate import _
from holdem_desktop.session import Session, SessionError

from .reasons import explain

__all__ = ["PRESETS", "ActionPanel", "Button", "Command", "Outcome", "Preset"]


class Command(StrEnum):
    """The action buttons, in their fixed order."""

    FOLD = "fold"
    CHECK_CALL = "check_call"
    BET_RAISE = "bet_raise"
    DECREASE = "decrease"
    INCREASE = "increase"
    ALL_IN = "all_in"
    NEXT_HAND = "next_hand"


class Preset(StrEnum):
    """The action bar's amount presets (they choose the amount, never act)."""

    MIN = "min"
    HALF_POT = "half_pot"
    THREE_QUARTERS_POT = "three_quarters_pot"
    POT = "pot"
    ALL_IN = "all_in"


PRESETS = tuple(Preset)
"""The presets, left to right."""


@dataclass(frozen=True)
class Button:
    """One button as it stands now."""

    command: Command
    label: str
    enabled: bool
    action: Action | None = None
    """What activating it does to the hand (None for the amount and Next hand buttons)."""


@dataclass(frozen=True)
class Outcome:
    """The result of activating a button: whether something happened, and a
    sentence to say (why not, or where the amount now stands)."""

    done: bool
    message: str | None = None



class ActionPanel:
    """The action buttons of ``seat`` at ``session``'s table."""

    def __init__(self, session: Session, seat: int | None,
                 amount: Callable[[int], str] = amount_text) -> None:
        self.session = session
        self.seat = seat
        self.amount = amount
        self._turn: tuple[int, int, int] | None = None
        self._index = 0
        self._typed: AmountStep | None = None
        """An amount typed or chosen by the All-in preset this turn, off the
        scale's stops (it joins the scale until the turn ends)."""

    # ------------------------------------------------------------------

    def all_in_question(self, key: bool) -> str:
        """What a first press of All-in (``key``: the A key) says: how to go
        all-in, and for how much ("Press A again to go all-in, 1,500.")."""
        view = self._view()
        top = max((a.max_amount for a in view.legal_actions if a.kind is ActionKind.ALL_IN),
                  default=0) if view is not None else 0
        if not top:
            return (_("Press A again to go all-in.") if key
                    else _("Press All-in again to go all-in."))
        return (_("Press A again to go all-in, {amount}.") if key else
                _("Press All-in again to go all-in, {amount}.")).format(amount=self.amount(top))

    def _view(self) -> SeatView | None:
        hand = self.session.hand
        if hand is None or self.seat not in hand.seats:
            return None
        try:
            return self.session.view(self.seat)
        except SessionError:  # a room's view not arrived yet
            return None

    def _scale(self, view: SeatView | None) -> tuple[AmountStep, ...]:
        if view is None or not view.legal_actions:
            return ()
        scale = amount_scale(view)
        hand = self.session.hand
        assert hand is not None
        turn = (self.session.game, self.session.hands_played, len(hand.actions))
        if turn != self._turn:  # a new turn starts at half pot
            self._turn = turn
            self._typed = None
            self._index = start_index(scale)
        if self._typed is not None and all(st.to != self._typed.to for st in scale):
            scale = tuple(sorted((*scale, self._typed), key=lambda st: st.to))
        self._index = max(0, min(self._index, len(scale) - 1))
        return scale

    def _name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def buttons(self, shown: SeatView | None = None) -> tuple[Button, ...]:
        """The seven buttons, in order; as the felt shows the hand when it is
        behind the game (``shown``, its picture: nothing to act on yet, and
        no next hand before the felt has ended this one)."""
        view = self._view() if shown is None else shown
        legal = {a.kind: a for a in view.legal_actions} if view else {}
        scale = self._scale(view)
        out = [Button(Command.FOLD, _("Fold"), ActionKind.FOLD in legal, Action.fold())]
        if ActionKind.CALL in legal:
            call = legal[ActionKind.CALL].min_amount
            out.append(Button(Command.CHECK_CALL, _("Call {amount}").format(
                amount=self.amount(call)), True, Action.call()))
        elif ActionKind.CHECK in legal:
            out.append(Button(Command.CHECK_CALL, _("Check"), True, Action.check()))
        elif view is not None and view.to_call > 0:
            out.append(Button(Command.CHECK_CALL, _("Call {amount}").format(
                amount=self.amount(view.to_call)), False, Action.call()))
        else:
            out.append(Button(Command.CHECK_CALL, _("Check"), False, Action.check()))
        out.append(self._bet_button(view, scale))
        out.append(Button(Command.DECREASE, _("Decrease amount"), bool(scale) and self._index > 0))
        out.append(Button(Command.INCREASE, _("Increase amount"),
                          bool(scale) and self._index < len(scale) - 1))
        if ActionKind.ALL_IN in legal:
            out.append(Button(Command.ALL_IN, _("All-in {amount}").format(
                amount=self.amount(legal[ActionKind.ALL_IN].max_amount)), True, Action.all_in()))
        else:
            out.append(Button(Command.ALL_IN, _("All-in"), False, Action.all_in()))
        if shown is not None:
            out.append(Button(Command.NEXT_HAND, _("Next hand"), False))
        else:
            out.append(Button(Command.NEXT_HAND,
                              _("New game") if self.session.game_over else _("Next hand"),
                              self._next_hand_refusal() is None))
        return tuple(out)

    def _bet_button(self, view: SeatView | None, scale: tuple[AmountStep, ...]) -> Button:
        facing = view is not None and (view.to_call > 0 or any(
            p.bet > 0 for p in view.players))
        if not scale:
            label = _("Raise") if facing else _("Bet")
            kind = ActionKind.RAISE if facing else ActionKind.BET
            return Button(Command.BET_RAISE, label, False, Action(kind, 0))
        stop = scale[self._index]
        amount = self.amount(stop.to)
        raising = facing or stop.kind is ActionKind.RAISE
        all_in = stop.kind is ActionKind.ALL_IN or any(  # the whole stack: said so
            a.kind is ActionKind.ALL_IN and a.max_amount == stop.to
            for a in (view.legal_actions if view is not None else ()))
        if all_in:
            label = (_("Raise to {amount}, all-in") if raising else _("Bet {amount}, all-in"))
        else:
            label = _("Raise to {amount}") if raising else _("Bet {amount}")
        return Button(Command.BET_RAISE, label.format(amount=amount), True, stop.action())

    def _next_hand_refusal(self) -> str | None:
        s = self.session
        if s.hand is not None and not s.hand.over:
            return _("The hand is still being played.")
        if s.game_over and not (s.is_host or getattr(s, "public", False)):  # a room's guest
            return _("The player who created the room starts the next game.")
        return None

    # ------------------------------------------------------------------

    def why(self, command: Command) -> str | None:
        """Why the button cannot be used now, in a sentence (None: it can)."""
        if getattr(self.session, "resuming", False) and command not in (
                Command.DECREASE, Command.INCREASE):  # (a press would go nowhere, unheard)
            return _("The connection is being restored: press again once you are back at "
                     "the table.")
        if command is Command.NEXT_HAND:
            return self._next_hand_refusal()
        if command in (Command.DECREASE, Command.INCREASE):
            scale = self._scale(self._view())
            if not scale:
                return _("There is no amount to choose now.")
            if command is Command.DECREASE and self._index == 0:
                return _("This is already the smallest amount.")
            if command is Command.INCREASE and self._index >= len(scale) - 1:
                view = self._view()
                top = max((a.max_amount for a in view.legal_actions
                           if a.kind is ActionKind.ALL_IN), default=0) if view else 0
                if top > scale[-1].to:  # the steps end before the stack does
                    return _("This is the largest step. For more, type an amount in the "
                             "amount box, or press A to go all-in.")
                return _("This is already the largest amount.")
            return None
        if self.seat is None and getattr(self.session, "watch_only", False):
            return public_spectator(True)  # (Watch at a public table: never a seat, any hand)
        button = next(b for b in self.buttons() if b.command is command)
        assert button.action is not None
        hand = self.session.hand
        if hand is None:
            return _("No hand is being played yet: press Next hand.")
        if hand.over:
            return explain(button.action.kind, IllegalAction("hand_over"), self._name,
                           self.amount)
        if self.seat is None:
            return _("You are listening to this game; you play from the next one.")
        if self.seat not in hand.seats or hand.folded[hand.index_of(self.seat)]:
            return _("You are not in this hand.")
        try:
            hand.verify(self.seat, button.action)
        except IllegalAction as exc:
            return explain(button.action.kind, exc, self._name, self.amount)
        return None

    def activate(self, command: Command) -> Outcome:
        """Press a button: act, or say why not.  While the computer plays
        the player's seat in a room (they stepped away, or sat out after
        their time ran out), Next hand brings them back, as a poker
        client's "I'm back" does (the room says so), and between hands also
        says they are ready for the next."""
        if command is Command.NEXT_HAND and self.seat is not None \
                and getattr(self.session, "computer_plays", False):
            self.session.back()  # type: ignore[attr-defined]
            if self._next_hand_refusal() is None and not self.session.game_over:
                self.session.next_hand()
            return Outcome(True)
        why = self.why(command)
        if why is not None:
            return Outcome(False, why)
        if command is Command.NEXT_HAND:
            if self.session.game_over:
                self.session.new_game()
                if self.session.game_over:  # a room: the host asked, the host deals
                    # (the way to its first hand follows, as the room's game starts)
                    if not getattr(self.session, "game", 1):  # the room's first game
                        return Outcome(True, _("The game starts."))
                    return Outcome(True, _("A new game starts with the same players."))
                self.session.next_hand()  # on this computer the first hand is dealt at once
                return Outcome(True)
            self.session.next_hand()
            return Outcome(True)
        if command in (Command.DECREASE, Command.INCREASE):
            return self._step(-1 if command is Command.DECREASE else 1)
        button = next(b for b in self.buttons() if b.command is command)
        assert button.action is not None
        assert self.seat is not None  # why() refused a listener
        self.session.submit(self.seat, button.action)
        return Outcome(True)

    def amounts(self) -> tuple[tuple[AmountStep, ...], int]:
        """The amount scale's steps now (empty when there is no amount to
        choose) and the index of the chosen one."""
        scale = self._scale(self._view())
        return scale, self._index

    def choose(self, index: int) -> Outcome:
        """Choose the amount scale's step ``index`` (a click on it)."""
        scale = self._scale(self._view())
        if not scale:
            return Outcome(False, _("There is no amount to choose now."))
        self._index = max(0, min(index, len(scale) - 1))
        return self._step(0)

    def _step(self, direction: int) -> Outcome:
        # why() has checked that the step stays on the scale.
        self._index += direction
        bet = next(b for b in self.buttons() if b.command is Command.BET_RAISE)
        return Outcome(True, bet.label)

    # ------------------------------------------------------------------
    # The action bar's presets and typed amount

    def _stop_of(self, preset: Preset, view: SeatView | None,
                 scale: tuple[AmountStep, ...]) -> AmountStep | None:
        """The stop ``preset`` chooses now (None: none)."""
        if not scale:
            return None
        if preset is Preset.MIN:
            return scale[0]
        if preset is Preset.ALL_IN:
            legal = {a.kind: a for a in view.legal_actions} if view else {}
            if ActionKind.ALL_IN not in legal:
                return None
            top = legal[ActionKind.ALL_IN].max_amount
            return next((st for st in scale if st.to == top),
                        AmountStep(("all_in",), ActionKind.ALL_IN, top))
        return next((st for st in scale if preset.value in st.steps), None)

    def preset_amounts(self) -> dict[Preset, int | None]:
        """The amount each preset would choose now (None: it cannot now)."""
        view = self._view()
        scale = self._scale(view)
        stops = {p: self._stop_of(p, view, scale) for p in PRESETS}
        return {p: stop.to if stop is not None else None for p, stop in stops.items()}

    def preset(self, preset: Preset) -> Outcome:
        """Choose the amount of ``preset``: says the bet button's new label."""
        view = self._view()
        scale = self._scale(view)
        if not scale:
            return Outcome(False, _("There is no amount to choose now."))
        stop = self._stop_of(preset, view, scale)
        if stop is None:
            return Outcome(False, _("That amount is not one you can choose now."))
        return self._choose_stop(stop)

    def _choose_stop(self, stop: AmountStep) -> Outcome:
        scale = self._scale(self._view())
        if all(st.to != stop.to for st in scale):
            self._typed = stop
            scale = self._scale(self._view())
        self._index = next(k for k, st in enumerate(scale) if st.to == stop.to)
        return self._step(0)

    def type_amount(self, text: str) -> Outcome:
        """Choose a typed amount (the total a bet or raise makes): refused
        with a sentence saying why, changing nothing, when it is not a
        number or not an amount the engine allows now."""
        view = self._view()
        scale = self._scale(view)
        if not scale or view is None:
            return Outcome(False, _("There is no amount to choose now."))
        digits = "".join(ch for ch in text if not ch.isspace() and ch not in ",.'\u00a0\u202f")
        if not digits.isdigit():
            return Outcome(False, _("Type the amount in digits, for example {amount}.").format(
                amount=self.amount(scale[0].to)))
        value = int(digits)
        legal = {a.kind: a for a in view.legal_actions}
        all_in = legal.get(ActionKind.ALL_IN)
        kind = ActionKind.BET if ActionKind.BET in legal else ActionKind.RAISE
        if all_in is not None and value == all_in.max_amount:
            action = Action.all_in()
            stop = AmountStep(("typed",), ActionKind.ALL_IN, value)
        else:
            action = Action(kind, value)
            stop = AmountStep(("typed",), kind, value)
        hand = self.session.hand
        assert hand is not None and self.seat is not None
        try:
            hand.verify(self.seat, action)
        except IllegalAction as exc:
            return Outcome(False, explain(kind, exc, self._name, self.amount))
        return self._choose_stop(stop)
