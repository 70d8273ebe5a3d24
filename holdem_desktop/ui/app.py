"""The window and its event loop, with the table screen.

One place reads the pygame event queue: keys go through the :mod:`.keymap`
to commands, mouse clicks hit the action buttons, a resize re-lays out the
table.  The loop waits for events and redraws only when something changed,
so an idle table costs almost nothing.  Computer players act at once; the
picture and the Move log show what they did.

What a key press has to say (information keys, refusals) goes to
``on_message`` and is shown in the Game state zone; speech hooks in there
(the accessibility work).  Sounds and other outputs subscribe to the
session; this module never imports them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from gettext import gettext as _

import pygame

from holdem_desktop.engine.cards import cards_text
from holdem_desktop.engine.evaluator import evaluate_hand
from holdem_desktop.engine.events import HandEnded
from holdem_desktop.session import Session

from .action_panel import ActionPanel, Command
from .draw import TableRenderer
from .keymap import Key, KeyMap
from .layout import TableLayout
from .move_log import log_line

__all__ = ["App", "TableScreen"]

_KEY_TO_COMMAND = {
    Key.FOLD: Command.FOLD, Key.CHECK_CALL: Command.CHECK_CALL, Key.BET_RAISE: Command.BET_RAISE,
    Key.AMOUNT_UP: Command.INCREASE, Key.AMOUNT_DOWN: Command.DECREASE,
    Key.NEXT_HAND: Command.NEXT_HAND,
}


@dataclass
class TableScreen:
    """The table for one seat: the action buttons, the focus, the messages."""

    session: Session
    seat: int
    renderer: TableRenderer
    keymap: KeyMap = field(default_factory=KeyMap)
    on_message: Callable[[str], None] = lambda text: None
    on_hand_over: Callable[[], None] = lambda: None
    focus: int = 1
    log: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    confirm_all_in: bool = False
    zone: str | None = None
    """The zone heading in focus (None: the focus is on the action buttons)."""

    def __post_init__(self) -> None:
        self.panel = ActionPanel(self.session, self.seat)
        self.session.subscribe(self._listen)

    def _name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def _listen(self, event: object) -> None:
        line = log_line(event, self._name)
        if line:
            self.log.append(line)
        if isinstance(event, HandEnded):
            self.on_hand_over()

    def say(self, text: str) -> None:
        """Show (and hand on for speech) a message."""
        self.messages.append(text)
        self.on_message(text)

    # ------------------------------------------------------------------

    def press(self, key: Key) -> None:
        """Carry out a key command."""
        if key is not Key.ALL_IN:
            self.confirm_all_in = False
        buttons = self.panel.buttons()
        if key in (Key.NEXT_ZONE, Key.PREVIOUS_ZONE):
            self._move_zone(1 if key is Key.NEXT_ZONE else -1)
        elif key in (Key.NEXT_CONTROL, Key.PREVIOUS_CONTROL):
            step = 1 if key is Key.NEXT_CONTROL else -1
            if self.zone is None:
                self.focus = (self.focus + step) % len(buttons)
            self.zone = None
            b = buttons[self.focus]
            self.say(b.label + ("" if b.enabled else ", " + _("unavailable")))
        elif key is Key.ACTIVATE:
            if self.zone is not None:  # e.g. the cards: say the hand again
                self.say(self._zone_summary(self.zone))
            else:
                self._activate(buttons[self.focus].command)
        elif key is Key.ALL_IN:
            if not self.confirm_all_in:
                self.confirm_all_in = True
                self.say(_("Press A again to go all-in."))
            else:
                self.confirm_all_in = False
                self._activate(Command.ALL_IN)
        elif key in _KEY_TO_COMMAND:
            self._activate(_KEY_TO_COMMAND[key])
        elif key is Key.HELP:
            self.say("; ".join(f"{keys}: {text}" for keys, text in self.keymap.help_lines()))
        else:
            self.say(self._inform(key))

    ZONES = ("table", "hand", "actions", "state", "players", "log")

    def _move_zone(self, step: int) -> None:
        """Jump to the next or previous zone heading and say what it holds."""
        current = self.ZONES.index(self.zone) if self.zone else self.ZONES.index("actions")
        self.zone = self.ZONES[(current + step) % len(self.ZONES)]
        self.say(self._zone_summary(self.zone))
        if self.zone == "actions":
            self.zone = None  # the focus goes to the buttons themselves

    def _zone_summary(self, zone: str) -> str:
        s = self.session
        if zone == "actions":
            b = self.panel.buttons()[self.focus]
            return _("Actions, heading. {label}").format(label=b.label)
        if zone == "state":
            return _("Game state, heading. {lines}").format(lines=". ".join(self.state_lines()))
        if zone == "log":
            recent = ". ".join(self.log[-3:]) or _("empty")
            return _("Move log, heading. {lines}").format(lines=recent)
        if s.hand is None:
            return {"table": _("Table, heading."), "hand": _("Your hand, heading."),
                    "players": _("Players, heading.")}[zone]
        if zone == "table":
            return _("Table, heading. {board} {pot}").format(
                board=self._inform(Key.BOARD), pot=self._inform(Key.POT))
        if zone == "hand":
            return _("Your hand, heading. {cards}").format(cards=self._inform(Key.HAND_VALUE))
        return _("Players, heading. {chips}").format(chips=self._inform(Key.CHIPS))

    def click(self, pos: tuple[int, int]) -> None:
        """A mouse click: activate the button under the pointer."""
        for k, rect in enumerate(self.renderer.button_rects):
            if rect.collidepoint(pos):
                self.focus = k
                self._activate(self.panel.buttons()[k].command)
                return

    def _activate(self, command: Command) -> None:
        outcome = self.panel.activate(command)
        if outcome.message:
            self.say(outcome.message)

    def _inform(self, key: Key) -> str:
        s = self.session
        if s.hand is None:
            return _("No hand is being played yet: press N for the first hand.")
        view = s.view(self.seat)
        if key is Key.YOUR_CARDS:
            return _("Your cards: {cards}").format(cards=cards_text(view.hole, " ")) \
                if view.hole else _("You have no cards.")
        if key is Key.BOARD:
            return _("Board: {cards}").format(cards=cards_text(view.board, " ")) \
                if view.board else _("No cards on the board yet.")
        if key is Key.HAND_VALUE:
            if len(view.hole) + len(view.board) < 5:
                return _("Your cards: {cards}").format(cards=cards_text(view.hole, " "))
            value = evaluate_hand(view.hole + view.board)
            return _("Your hand: {cards}").format(cards=cards_text(value.cards, " "))
        if key is Key.POT:
            return _("Pot: {amount}").format(amount=f"{view.pot:,}")
        if key is Key.TO_CALL:
            return _("To call: {amount}").format(amount=f"{view.to_call:,}")
        if key is Key.CHIPS:
            return "; ".join(f"{self._name(p.seat)} {p.stack:,}" for p in view.players)
        if key is Key.WHOSE_TURN:
            if view.to_act is None:
                return _("Nobody is to act.")
            return _("{player} to act.").format(player=self._name(view.to_act))
        if key is Key.DEALER:
            return _("{player} deals.").format(player=self._name(view.button))
        if key is Key.BLINDS:
            level = s.blind_level()
            return _("Blinds {small}/{big}.").format(small=level.small, big=level.big)
        if key is Key.REPEAT:
            return self.messages[-1] if self.messages else _("Nothing to repeat yet.")
        if key.value.startswith("card_"):
            k = int(key.value.rsplit("_", 1)[1]) - 1
            cards = list(view.hole) + list(view.board)
            return cards_text(cards[k:k + 1]) if k < len(cards) else _("There is no card {n}."
                                                                         ).format(n=k + 1)
        return _("Not available yet.")

    # ------------------------------------------------------------------

    def state_lines(self) -> list[str]:
        """The Game state zone."""
        s = self.session
        lines = [_("Hand {number} · blinds {small}/{big}").format(
            number=s.hands_played + (0 if s.hand is None or s.hand.over else 1),
            small=s.blind_level().small, big=s.blind_level().big)]
        until = s.hands_until_next_level()
        if until is not None:
            lines.append(_("Blinds go up in {n} hands").format(n=until))
        if self.messages:
            lines.append(self.messages[-1][:60])
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the screen (changes nothing in the game)."""
        if self.session.hand is None:
            self.renderer.draw_message(surface, _("Press N to deal the first hand."))
            return
        self.renderer.draw(surface, self.session.view(self.seat), self._name,
                           self.panel.buttons(), focused=self.focus, log=self.log,
                           state=self.state_lines(), focused_zone=self.zone)


class App:
    """The window: reads events, hands them to the screen, redraws on change."""

    def __init__(self, screen: TableScreen, size: tuple[int, int] = (1280, 800),
                 keymap: KeyMap | None = None) -> None:
        self.screen = screen
        self.keymap = keymap or screen.keymap
        pygame.display.init()
        pygame.font.init()
        w = max(size[0], TableLayout.MIN_WIDTH)
        h = max(size[1], TableLayout.MIN_HEIGHT)
        self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        pygame.display.set_caption(_("Hold'em Desktop"))
        self.running = True
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """One pygame event."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            mods = pygame.key.get_mods() | getattr(event, "mod", 0)
            key = self.keymap.lookup(pygame.key.name(event.key),
                                     shift=bool(mods & pygame.KMOD_SHIFT),
                                     ctrl=bool(mods & pygame.KMOD_CTRL))
            if key is not None:
                self.screen.press(key)
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.screen.click(event.pos)
            self.dirty = True
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            w = max(self.surface.get_width(), TableLayout.MIN_WIDTH)
            h = max(self.surface.get_height(), TableLayout.MIN_HEIGHT)
            if (w, h) != self.surface.get_size():
                self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self.dirty = True
        elif event.type in (pygame.WINDOWEXPOSED, pygame.ACTIVEEVENT):
            self.dirty = True

    def frame(self) -> None:
        """Redraw if something changed."""
        if self.dirty:
            self.screen.draw(self.surface)
            pygame.display.flip()
            self.dirty = False

    def run(self, max_events: int | None = None) -> None:
        """Wait for events until the window closes.  With ``max_events`` (tests,
        benchmarks) it also stops after that many key presses, clicks or quits,
        or as soon as no event is waiting."""
        handled = 0
        self.frame()
        while self.running and (max_events is None or handled < max_events):
            event = pygame.event.poll() if max_events is not None else pygame.event.wait(500)
            if event.type == pygame.NOEVENT:
                if max_events is not None:
                    break
                continue
            self.handle(event)
            handled += event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.QUIT)
            self.frame()
