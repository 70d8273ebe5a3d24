"""The table screen for one seat: zones of controls, hotkeys, tabs, messages.

Controls, in focus order: the tabs How to play and Settings (top right),
then the zones of SPEC §5 — Table (board cards, pot, dealer), Your hand
(your cards), Actions (the seven fixed buttons, the typed amount and the
presets: the action bar of :mod:`.action_bar`), Game state (its lines),
Players (one per seat, also their boxes on the felt) and Move log (a list
read with Up / Down).  Each zone starts with its heading.  An open tab
shows its page in place of the table, its Close button last; activating
the tab again or Escape closes it.

What a key press has to say (information keys, refusals, the focused
control) goes to ``say``: it is shown in the Game state zone and kept in a
history to step through; speech hooks in there.  Sounds and other outputs
subscribe to the session; this module never imports them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from holdem_desktop.engine.events import HandEnded, HandStarted, PotAwarded
from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n import amount, card_name, cards_names
from holdem_desktop.i18n.chat import quick_phrases
from holdem_desktop.i18n.names import hand_now, seat_line
from holdem_desktop.i18n.phrases import Phrasing, sentence, standings, you_have
from holdem_desktop.i18n.translate import _, ngettext, pgettext
from holdem_desktop.resources import assets_dir
from holdem_desktop.session import Session, SessionError, WaitingForPlayers
from holdem_desktop.session.events import GameOver, GameStarted, TurnStarted

from .action_bar import AMOUNT_BOX, AmountBox, action_controls
from .action_panel import ActionPanel, Command
from .chat_zone import ChatZone, draw_chat, has_chat
from .desktop import Desktop
from .dialog import Dialog
from .draw import TableRenderer
from .help_pages import HelpPage, KeysPage
from .howto import rules_now
from .keymap import ACTING, Key, KeyMap, describe
from .motion import Motion
from .move_log import MoveLog
from .pacing import Pacer, picture
from .page import Page, Pop, Push, Replace, Transition
from .plates import SeatPlate, before_the_game, pot_results, seat_plates, winning_hands
from .settings_page import SettingsPage
from .table_actions import ActingPage
from .trust import grouped
from .widgets import Control, Role

__all__ = ["RoomInfo", "TableScreen"]

_TITLE_CONTROLS = 3
"""The title line's controls, first in the Tab order: Menu, How to play,
Settings."""


@dataclass(frozen=True)
class RoomInfo:
    """The room a table is in: its code, the invitation to share, and how
    to copy text and to leave."""

    code: str
    invitation: str
    copy: Callable[[str], bool]
    leave: Callable[[], None]
    fingerprint: str = ""
    """The SHA-256 fingerprint of the room's certificate (``AB:CD:…``), for a
    friend who joins by address to compare ("" when none)."""

_QUICK = {Key.QUICK_1: 0, Key.QUICK_2: 1, Key.QUICK_3: 2, Key.QUICK_4: 3}
"""The quick phrase of each key, by its place in ``quick_phrases()``."""
_KEY_TO_COMMAND = {
    Key.FOLD: Command.FOLD, Key.CHECK_CALL: Command.CHECK_CALL, Key.BET_RAISE: Command.BET_RAISE,
    Key.NEXT_HAND: Command.NEXT_HAND,
}
ZONES = ("table", "hand", "actions", "state", "players", "log")

TYPE_AHEAD_GUARD = 0.3
"""Seconds after a new decision of the player's was set up (their turn, or a
hand's end with Next hand) and its announcement handed to the voice and
drawn, during which an acting key is ignored, with the "too soon" cue: it
was pressed before that announcement could be heard (it starts speaking
some 12 ms after it is handed over, and even the quickest person reacts to
a sound in about 150-200 ms), so it was meant for the decision before.
Keys pressed while the window was still busy with the previous one are
handled inside the guard too.  A deliberate press after hearing it still
acts; four quick presses never play four streets."""


class TableScreen(ActingPage):
    """The table as seen and played from ``seat``."""

    def __init__(self, session: Session, seat: int | None, renderer: TableRenderer, *,
                 desktop: Desktop | None = None, keymap: KeyMap | None = None,
                 say: Callable[[str], None] = lambda text: None,
                 clock: Callable[[], float] = time.monotonic,
                 on_refused: Callable[[], None] = lambda: None,
                 room: RoomInfo | None = None,
                 on_too_soon: Callable[[], None] = lambda: None) -> None:
        super().__init__(say)
        self.title = _("Table")
        self.room = room
        """The room this table is in (None: a game on this computer)."""
        self.session = session
        self.seat = seat
        self.renderer = renderer
        self.desktop = desktop
        self.keymap = keymap or (desktop.keymap if desktop else KeyMap())
        self._out = say
        self.say = self._say
        self.panel = ActionPanel(session, seat, amount)
        self.amount_box = AmountBox()
        """The action bar's typed amount."""
        self.move_log = MoveLog(self._name, seat)
        self.log_filter = "all"
        """What the Move log shows: ``all`` (in a room, the moves and what people
        said, in the order they came), ``game`` (moves only), ``chat``."""
        self._timeline: list[tuple[bool, str]] = []
        """(said, line) of the moves and chat lines, in the order they came."""
        self._seen = (0, 0)
        """How many moves and chat lines the timeline holds."""
        self.log_index: int | None = None
        """The Move log line in focus (None: the newest)."""
        self.reading_log = False
        """Whether Up / Down go through the Move log's lines (Enter on the log
        starts it; elsewhere they always choose the amount)."""
        self.messages: list[str] = []
        """Everything shown in the Game state zone, newest last."""
        self.announcements: list[str] = []
        """The game's announcements, for Repeat and the history keys."""
        self.history_index: int | None = None
        self.confirm_all_in = False
        self._before_keys: str | None = None
        """Where the focus was when a tab (F1's key list, How to play,
        Settings) opened over the table."""
        self._at_table: str | None = None
        """The table's control the focus was on before the last key (not a
        title line's tab): where closing a tab opened from there goes back to."""
        self.acted = False
        """Whether the player's own move (or Next hand) was made since the
        last announcement (it then cuts off a read-out)."""
        self.result: GameOver | None = None
        """How the last game ended (None while one is being played)."""
        self.tab: Page | None = None
        self.tab_id: str | None = None
        self.motion = Motion(clock)
        self.pacer = Pacer(clock, seat, self._pace, self._released)
        """The picture of the hand, event by event, that the felt and the side
        panel show (speech and the keys are never held)."""
        self._ring_at: str | None = None
        """Where the focus ring stays drawn while the felt still plays a hand
        whose end has moved the focus to Next hand."""
        self._message_mark = 0
        """The pacer's number of the last event the last message tells of (the
        Game state shows it once the picture has come that far)."""
        self._header: tuple[object, list[str]] | None = None
        """The start of the hand being played, and the Game state's first
        lines as they were during it (shown while the felt still plays it)."""
        self.on_refused = on_refused
        """Called when a press cannot act (the error cue; the reason is said)."""
        self.on_too_soon = on_too_soon
        """Called when an acting key comes too soon after a new decision was
        set up (the "too soon" cue; nothing is said over the announcement)."""
        self.guard_clock: Callable[[], float] = time.monotonic
        self.guard_until = 0.0
        """Until when acting keys are taken for type-ahead (:data:`TYPE_AHEAD_GUARD`)."""
        self._new_decision = False
        """A decision was set up since the window last settled."""
        idle = session.hand is None or session.hand.over
        self.focus.id = "button:" + (Command.NEXT_HAND if idle else Command.CHECK_CALL)
        self._said_at = 0
        """How many Move log lines there were when the last message was said."""
        self.chat = ChatZone(session) if has_chat(session) else None
        """The Chat zone (a room's table only)."""
        session.subscribe(self._listen)
        seat_listeners = getattr(session, "seat_listeners", None)
        if seat_listeners is not None:  # a room's table: the host may seat us
            seat_listeners.append(self.reseat)
        self.focus.id = self._game_focus()  # (a guest's New game is the host's to press)

    @property
    def log(self) -> list[str]:
        """The Move log's lines as its filter shows them (at a table with no
        chat, always the moves)."""
        if self.chat is None or self.log_filter == "game":
            return self.move_log.lines
        moves, said = self._seen
        table = self.chat.table
        total = getattr(table, "chat_total", len(table.chat_lines))
        if len(self.move_log.lines) > moves or total > said:
            self._timeline += [(False, t) for t in self.move_log.lines[moves:]]
            new = list(table.chat_lines)[len(table.chat_lines) - min(total - said,
                                                                     len(table.chat_lines)):]
            self._timeline += [(True, line.spoken) for line in new]
            self._seen = (len(self.move_log.lines), total)
        if self.log_filter == "chat":
            return [t for chat, t in self._timeline if chat]
        return [t for _chat, t in self._timeline]

    def _log_filter_text(self) -> str:
        return {"all": _("moves and chat"), "game": _("moves only"),
                "chat": _("chat only")}[self.log_filter]

    def reseat(self, seat: int | None) -> None:
        """The room gave this window another seat (a listener seated at a new
        game): the buttons, Your hand and the Players zone follow it."""
        self.seat = seat
        self.panel = ActionPanel(self.session, seat, amount)
        self.move_log.reseat(seat)

    def settled(self) -> bool:
        """The new decision's announcement is with the voice and the window
        drawn: the guard runs from now, and True says that the keys already
        waiting were pressed before it (the window marks them ``typed_ahead``)."""
        if not self._new_decision:
            return False
        self._new_decision = False
        self.guard_until = self.guard_clock() + TYPE_AHEAD_GUARD
        return TYPE_AHEAD_GUARD > 0

    def _room_actions(self) -> list[Any]:
        """The Room zone's buttons a room's table offers now (Away, Back, and
        the host's Start without, Play for, Remove)."""
        actions = getattr(self.session, "room_actions", None)
        return list(actions()) if actions is not None else []

    # ------------------------------------------------------------------
    # Listening and talking

    def _name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def _pace(self) -> str:
        """The animation pace setting (off without a desktop: tests, tools)."""
        return self.desktop.settings.motion_pace if self.desktop is not None else "off"

    def any_input(self) -> None:
        """Any key or click: the felt's picture catches up at once."""
        if self.pacer.skip():
            self.motion.finish()

    def _listen(self, event: object) -> None:
        # The focus follows the hand at once (the keys and speech read the game
        # as it is): to the actions when one is dealt, to Next hand when it
        # ends (unless the player put it somewhere still usable); the ring is
        # drawn where it was until the felt has ended the hand too.
        if isinstance(event, HandStarted) and self.focus.id == "button:" + Command.NEXT_HAND:
            self.focus.id = "button:" + Command.CHECK_CALL
        elif isinstance(event, HandEnded) and self.focus.id is not None \
                and self.focus.id.startswith(("button:", "preset:", AMOUNT_BOX)) \
                and self.focus.id != "button:" + Command.NEXT_HAND:
            self._ring_at = self.focus.id
            self.focus.id = "button:" + Command.NEXT_HAND
        self.pacer.add(event)
        self.move_log.add(event, self.pacer.added)  # written now, shown with the felt
        if isinstance(event, HandStarted):
            self._header_lines()  # kept for the felt, should the hand end before a frame
        if isinstance(event, HandEnded) and self.desktop is not None:
            self.desktop.hand_over(self.session)
        if (isinstance(event, TurnStarted) and event.seat == self.seat and self.seat is not None) \
                or isinstance(event, HandEnded):  # a new decision: not one a key could answer yet
            self.guard_until = self.guard_clock() + TYPE_AHEAD_GUARD  # and again once
            self._new_decision = True  # it is said and drawn (see settled)
        if isinstance(event, GameOver):
            self.result = event
        elif isinstance(event, GameStarted):
            self.result = None

    def _released(self, event: object) -> None:
        """An event the picture shows now: its motion starts (the hand's end:
        the focus ring goes where the focus went)."""
        self.motion.on_event(event)
        if isinstance(event, HandEnded | HandStarted):
            self._ring_at = None

    def _say(self, text: str) -> None:
        """Show (and hand on for speech) a message the player asked for."""
        self._message_mark = 0  # the answer to a key: shown at once
        self.messages.append(text)
        self._said_at = len(self.log)
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

    # ------------------------------------------------------------------
    # Controls

    @property
    def suits(self) -> bool:
        """Whether card names say their suit (a speech setting)."""
        return self.desktop is None or self.desktop.settings.speak_suits

    def _view(self) -> SeatView | None:
        if self.session.hand is None:
            return None
        try:
            return self.session.view(self.seat)
        except SessionError:  # a room's view not arrived yet: drawn as between hands
            return None

    def controls(self) -> tuple[Control, ...]:
        tabs = self._tabs()
        if self.tab is not None:
            return tabs + self.tab.controls()
        return tabs + self.table_controls()

    def _tabs(self) -> tuple[Control, ...]:
        """The title line's controls: Menu and the tabs."""
        return (
            # the mouse's way out, as Escape is the keyboard's (drawn left of the tabs)
            Control("menu", _("Menu"), Role.BUTTON, "tabs"),
            Control("tab:help", _("How to play"), Role.TAB, "tabs",
                    value=_("open") if self.tab_id == "help" else _("closed")),
            Control("tab:settings", _("Settings"), Role.TAB, "tabs",
                    value=_("open") if self.tab_id == "settings" else _("closed")),
        )

    def table_controls(self, shown: SeatView | None = None) -> tuple[Control, ...]:
        """The table's own controls, zone by zone: as the game stands (for
        the keys and speech), or as the felt's picture ``shown`` has the hand
        while it is behind the game (for the eye)."""
        view = self._view() if shown is None else shown
        out = [Control("heading:table", _("Table"), Role.HEADING, "table")]
        if view is not None:
            names = (_("Flop card 1"), _("Flop card 2"), _("Flop card 3"), _("Turn card"),
                     _("River card"))
            out += [Control(f"board:{k}", _("{position}: {card}").format(
                position=names[k], card=card_name(c, suits=self.suits)), Role.CARD, "table")
                    for k, c in enumerate(view.board)]
            if not view.board:
                out.append(Control("board:none", _("No cards on the board yet"), Role.TEXT,
                                   "table"))
            out.append(Control("pot", self.pot_text(view), Role.TEXT, "table"))
            out.append(Control("dealer", _("{player} deals").format(
                player=self._name(view.button)), Role.TEXT, "table"))
        out.append(Control("heading:hand", _("Your hand"), Role.HEADING, "hand"))
        if view is not None and view.hole:
            out += [Control(f"hole:{k}", card_name(c, suits=self.suits), Role.CARD, "hand")
                    for k, c in enumerate(view.hole)]
        else:
            out.append(Control("hole:none", _("You have no cards"), Role.TEXT, "hand"))
        out.append(Control("heading:actions", _("Actions"), Role.HEADING, "actions"))
        out += action_controls(self.panel, shown, self.amount_box, amount)
        out.append(Control("heading:state", _("Game state"), Role.HEADING, "state"))
        out += [Control(f"state:{k}", line, Role.TEXT, "state")
                for k, line in enumerate(self.state_lines(shown))]
        out.append(Control("heading:players", _("Players"), Role.HEADING, "players"))
        out += [Control(f"player:{seat}", self.player_text(seat, shown), Role.TEXT, "players")
                for seat in self._occupied()]
        out.append(Control("heading:log", _("Move log"), Role.HEADING, "log"))
        if self.chat is not None:
            out.append(Control("log:filter", _("Move log shows"), Role.CHOICE, "log",
                               value=self._log_filter_text()))
        out.append(Control("log", self._log_selected() or _("empty"), Role.LIST, "log"))
        if self.room is not None:
            digits = " ".join(self.room.code)  # read digit by digit
            out += [Control("heading:room", _("Room"), Role.HEADING, "room"),
                    Control("room:code", _("Room code {code}").format(code=digits), Role.TEXT,
                            "room"),
                    Control("room:invite", _("Copy invitation"), Role.BUTTON, "room")]
            if self.room.fingerprint:
                out.append(Control("room:fingerprint", _("Certificate fingerprint: {fingerprint}")
                                   .format(fingerprint=self.room.fingerprint),
                                   Role.TEXT, "room"))
            out += [Control("room:do:" + a.key, a.label, Role.BUTTON, "room")
                    for a in self._room_actions()]
            out.append(Control("room:leave", _("Leave room"), Role.BUTTON, "room"))
        if self.chat is not None:
            out += self.chat.controls()
        return tuple(out)

    def pot_text(self, view: SeatView) -> str:
        """The pot, or when the hand is over who won it."""
        if not view.over or not any(isinstance(e, PotAwarded) for e in view.history):
            return _("Pot {amount}").format(amount=amount(view.pot))
        return pot_results(view.history, self._who, self.seat)

    def _who(self, seat: int) -> str:
        """A player as the results name them: "you" for the player."""
        return _("you") if seat == self.seat else self._name(seat)

    def _shown_name(self, seat: int) -> str:
        """A player's name as the felt shows it: "You" for the player."""
        return pgettext("the player, on the screen", "You") if seat == self.seat \
            else self._name(seat)

    def _occupied(self) -> list[int]:
        """The seats someone sits in, yours first (a room's empty seats have no name)."""
        return [seat for seat in self._seats_from_me() if self._name(seat)]

    def _seats_from_me(self) -> list[int]:
        n = self.session.n
        first = self.seat or 0  # a listener without a seat: from seat 0
        return [(first + k) % n for k in range(n)]

    def player_text(self, seat: int, shown: SeatView | None = None) -> str:
        """One player, as the Players zone reads them (``shown``: as the
        felt's picture has them, still playing the hand it shows)."""
        s = self.session
        name = self._name(seat)
        place = s.seats[seat].place
        view = self._view() if shown is None else shown
        if place is not None and not (shown is not None
                                      and seat in {p.seat for p in shown.players}):
            if s.game_over:
                return _("{player}, place {place}").format(player=name, place=place)
            return _("{player}, out in place {place}").format(player=name, place=place)
        chips = s.chips(seat)
        if view is None or seat not in {p.seat for p in view.players}:
            return self._with_chips(name, chips)
        return seat_line(name, seat, view, suits=self.suits)

    @staticmethod
    def _with_chips(name: str, count: int) -> str:
        return ngettext("{player}, {chips} chip", "{player}, {chips} chips", count).format(
            player=name, chips=amount(count))

    def _log_selected(self) -> str:
        if not self.log:
            return ""
        k = len(self.log) - 1 if self.log_index is None else self.log_index
        return self.log[k]

    def hand_text(self) -> str:
        """Your current hand: "pair of nines, ace kicker" (your cards before the flop)."""
        view = self._view()
        return hand_now(view.hole, view.board) if view is not None else hand_now((), ())

    def describe(self, control: Control) -> str:
        if control.role is Role.CARD:  # the card, then your current hand
            return _("{card}. Your hand: {hand}").format(card=control.spoken(),
                                                         hand=self.hand_text())
        if control.id == "room:fingerprint" and self.room is not None:  # spelled, to compare
            return _("Certificate fingerprint: {groups}").format(groups=grouped(
                self.room.fingerprint))
        if control.role is Role.TEXT:
            return control.label
        if control.role is Role.LIST:
            return _("Move log, {line}; Enter reads it line by line.").format(line=control.label)
        return control.spoken()

    # ------------------------------------------------------------------
    # Keys

    def press(self, key: Key) -> Transition | None:
        if self.tab is None and self.focus.id and self.focus.id != "menu" \
                and not self.focus.id.startswith("tab:"):
            self._at_table = self.focus.id  # where a tab closed goes back to
        if key is not Key.ALL_IN and not (key in (Key.ACTIVATE, Key.SELECT)
                                          and self.focus.id == "button:" + Command.ALL_IN):
            self.confirm_all_in = False  # (the All-in button pressed twice confirms too)
        if self.tab is None:
            on_log = self.focus.id == "log"
            if self.reading_log and (not on_log or key not in (
                    Key.AMOUNT_UP, Key.AMOUNT_DOWN, Key.ACTIVATE, Key.SELECT, Key.CLOSE)):
                self.reading_log = False  # any other key ends the reading
            if key in (Key.NEXT_CONTROL, Key.PREVIOUS_CONTROL, Key.STEP_FORWARD,
                       Key.STEP_BACK, Key.NEXT_ZONE, Key.PREVIOUS_ZONE) and on_log:
                self.log_index = None
            if key in (Key.AMOUNT_UP, Key.AMOUNT_DOWN) and not self.reading_log \
                    and not self._in_chat():
                return self.on_key(key)  # at the table Up / Down always choose the amount
            if key is Key.CLOSE and self.reading_log:
                self.reading_log = False
                self.say(_("Stopped reading the Move log."))
                return None
        moved = super().press(key)
        if self.tab is None and self.focus.id == "log" and self.log_index is None and self.log:
            self.log_index = len(self.log) - 1  # the focused line stays while new ones arrive
        return moved

    def _in_chat(self) -> bool:
        """Whether the focus is in the Chat zone (Up and Down are its own there)."""
        return self.chat is not None and self.tab is None and self.focus.id is not None \
            and self.focus.id.startswith(("chat:", "heading:chat"))

    def open_chat(self) -> None:
        """The chat key: the field, from wherever the focus was (kept for Escape)."""
        if self.chat is None:
            self.say(_("Chat is for rooms: there is nobody to talk to at this table."))
            return
        if self.tab is not None:
            self.tab, self.tab_id = None, None
        if not self._in_chat():
            self.chat.back_to = self.focus.id
        self.chat.opened([c.name for c in self.keymap.chords(Key.CHAT)], time.monotonic())
        self.focus.id = "chat:field"
        self.say(_("Chat. Type a line; Enter sends it, Escape goes back, Up recalls your "
                   "lines.") + (" " + self.chat.text if self.chat.text else ""))

    def _leave_chat(self, spoken: str = "") -> None:
        """Back to where the focus was before the chat key."""
        assert self.chat is not None
        back, self.chat.back_to = self.chat.back_to, None
        self.focus.id = back or "button:" + Command.CHECK_CALL
        c = self.focused()
        where = self.describe(c) if c is not None else ""
        self.say(" ".join(t for t in (spoken, where) if t))

    def _chat_activate(self, control: Control) -> None:
        assert self.chat is not None
        # "Sent." is the room's to say, once it has relayed the line (it may
        # refuse it: too fast, muted ...): see RemoteTable.on_answer.
        if control.id == "chat:field":
            line = self.chat.send()
            if not line:
                self.say(_("Type something to say first."))
            elif self.chat.back_to is not None:
                self._leave_chat()
        elif control.id.startswith("chat:quick:"):
            self.chat.quick(control.id[11:])
        elif control.id.startswith("chat:do:"):
            done = self.chat.act(control.id[8:])
            if done is None:
                self.on_refused()
                self.say(_("{action} is not available now.").format(action=control.label))
            else:
                self.say(_("Done: {action}.").format(action=done))
        else:
            self.say(self.describe(control))

    def default_button(self) -> str | None:
        """An open tab's default button (Settings: Close)."""
        return self.tab.default_button() if self.tab is not None else None

    def use(self, control: Control) -> Transition | None:
        if not control.enabled:
            self.on_refused()
        return super().use(control)

    def activate(self, control: Control) -> Transition | None:
        if control.id == "menu":
            return self._leave()
        if control.id.startswith("tab:"):
            self._toggle_tab(control.id[4:])
            return None
        if self.tab is not None:
            return self._from_tab(self.tab.activate(control))
        if control.id.startswith("chat:") and self.chat is not None:
            self._chat_activate(control)
        elif control.id == "button:" + Command.ALL_IN and not self.confirm_all_in:
            # As the A key: a click or Enter on All-in asks once more first.
            self.confirm_all_in = True
            self.say(_("Press All-in again to go all-in."))
        elif control.id.startswith("button:"):
            self.confirm_all_in = False
            return self._act(Command(control.id[7:]))
        elif control.id.startswith("preset:") or control.id == AMOUNT_BOX:
            self._amount(control)
        elif control.id == "room:invite" and self.room is not None:
            # Copied, it is said short: the line's 64-digit pin is for the clipboard,
            # not the ear; without a clipboard the whole invitation is said.
            if self.room.copy(self.room.invitation):
                self.say(_("Invitation to room {code} copied: paste it into a message to "
                           "your friends.").format(code=" ".join(self.room.code)))
            else:
                self.say(_("The clipboard is not available. The invitation: {text}").format(
                    text=self.room.invitation))
        elif control.id.startswith("room:do:"):
            return self._room_action(control.id[8:], control.label)
        elif control.id == "room:leave" and self.room is not None:
            return self._leave()
        elif control.role is Role.CARD:
            self.say(_("Your hand: {hand}").format(hand=self.hand_text()))
        elif control.id == "log":
            self.reading_log = not self.reading_log
            self.say(_("Reading the Move log: Up and Down go through its lines; Enter or "
                       "Escape stops.") if self.reading_log else
                     _("Stopped reading the Move log."))
        else:
            self.say(self.describe(control))
        return None

    def _room_action(self, key: str, label: str, *, asked: bool = False) -> Transition | None:
        """A Room zone button: done at once (the room says what happened to
        everyone), or once answered yes when it asks first (``asked``)."""
        action = next((a for a in self._room_actions() if a.key == key), None)
        if action is None:
            self.on_refused()
            self.say(_("{action} is not available now.").format(action=label))
            return None
        if action.confirm and not asked:
            name = key[7:] if key.startswith("remove:") else ""
            question, detail = (_("{action}?").format(action=label), "")
            if name:
                question = _("Remove {player} from the room?").format(player=name)
                detail = _("{player} cannot join this room again unless you let them back "
                           "in.").format(player=name)
            return self._ask(question, label, lambda: self._room_action(key, label, asked=True),
                             detail=detail)
        action.run()
        return None

    def adjust(self, control: Control, direction: int) -> bool:
        if self.tab is not None and control.zone != "tabs":
            return self.tab.adjust(control, direction)
        if control.id == "log:filter" and self.chat is not None:
            order = ("all", "game", "chat")
            self.log_filter = order[(order.index(self.log_filter) + direction) % len(order)]
            self.log_index = None
            count = len(self.log)
            self.say(ngettext("{shown}, {count} line", "{shown}, {count} lines", count).format(
                shown=self._log_filter_text(), count=count))
            return True
        if control.id == "chat:field" and self.chat is not None:  # recall the lines sent
            self.say(self.chat.step(direction))
            return True
        if control.id == "log" and self.log and self.reading_log:  # Up: older, Down: newer
            last = len(self.log) - 1
            k = last if self.log_index is None else self.log_index
            k = max(0, min(last, k - direction))
            self.log_index = k
            self.say(self.log[k])
            return True
        return False

    def type_text(self, control: Control, text: str) -> None:
        if self.tab is not None:
            self.tab.type_text(control, text)
        elif control.id == "chat:field" and self.chat is not None:
            echo, refused = self.chat.type(text)
            if refused:
                self.on_refused()
            if echo:
                self.say(echo)
        elif control.id == AMOUNT_BOX:
            self.say(self.amount_box.type(text))

    def erase(self, control: Control) -> None:
        if self.tab is not None:
            self.tab.erase(control)
        elif control.id == "chat:field" and self.chat is not None:
            self.say(self.chat.erase())
        elif control.id == AMOUNT_BOX:
            self.say(self.amount_box.erase())

    def close(self) -> Transition | None:
        if self.tab is not None:
            self._toggle_tab(self.tab_id or "")
            return None
        if self._in_chat():  # Escape in the Chat zone: back where the chat key was pressed
            self._leave_chat()
            return None
        return self._leave()

    def _leave(self) -> Transition | None:
        """Back to the start menu, once the player says so (Escape, Menu,
        Leave room): a room's seat is then played by the computer, a game
        here is saved for Continue."""
        if self.desktop is None:
            return None
        if self.room is not None:
            return self._ask(_("Leave the room?"), _("Leave the room"), self._gone,
                             cancel=_("Stay in the room"),
                             detail=_("The computer will play your seat."))
        return self._ask(_("Leave the table?"), _("Leave the table"), self._gone,
                         cancel=_("Stay at the table"),
                         detail=_("Your game is saved: Continue on the start screen brings "
                                  "you back to it."))

    def _ask(self, question: str, confirm: str, on_confirm: Callable[[], Transition | None],
             **how: Any) -> Transition:
        """A question in a dialog over the table (said, never written in Game state)."""
        return Push(Dialog(self, question, confirm, on_confirm, say=self._out, **how))

    def _gone(self) -> Transition | None:
        """Leave for the start menu (the room left, or the game saved)."""
        assert self.desktop is not None
        self.tab, self.tab_id = None, None
        if self.room is not None:
            self.room.leave()
            return Replace(self.desktop.menu())
        return Replace(self.desktop.menu(self.session))

    def _toggle_tab(self, which: str) -> None:
        if self.tab_id == which:
            self.tab, self.tab_id = None, None
            # back to where the focus was before the tab opened (a tab's own
            # button would open it again with Enter: then the game's focus)
            before = self._before_keys
            if not before or before == "menu" or before.startswith("tab:"):
                before = self._at_table  # the control the player left for the tab
            usable = {c.id for c in self.table_controls() if c.enabled}
            self.focus.id = before if before in usable else self._game_focus()
            self.say(_("{tab} closed").format(tab=self._tab_name(which)))
            return
        if self.tab is None:
            self._before_keys = self.focus.id
        if which == "keys":  # F1: the key list to look at, and all of it said at once
            self.tab, self.tab_id = KeysPage(self.keymap, self.say), which
            self.focus.id = self.tab.controls()[0].id
            self.say(_("{tab} open. {control}").format(
                tab=self._tab_name(which), control="; ".join(
                    f"{keys}: {text}" for keys, text in self.keymap.help_lines())))
            return
        if self.desktop is None:
            self.say(_("This tab is not available here."))
            return
        self.tab_id = which
        self.tab = (HelpPage(self.desktop, self.session.variant, self.say) if which == "help"
                    else SettingsPage(self.desktop, self.say))
        first = self.tab.controls()[0]
        self.focus.id = first.id
        self.say(_("{tab} open. {control}").format(tab=self._tab_name(which),
                                                   control=self.tab.describe(first)))

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

    def on_key(self, key: Key) -> Transition | None:
        if key in ACTING and self.tab_id == "keys":  # a glance at the keys: play on
            self.tab, self.tab_id = None, None
            self.focus.id = self._before_keys
        if key in ACTING and self.tab is not None:
            self.say(_("Close the {tab} tab to play.").format(tab=self._tab_name(
                self.tab_id or "")))
        elif key is Key.ALL_IN:
            if not self.confirm_all_in:
                self.confirm_all_in = True
                self.say(_("Press A again to go all-in."))
            else:
                self.confirm_all_in = False
                return self._act(Command.ALL_IN)
        elif key in (Key.AMOUNT_UP, Key.AMOUNT_DOWN):
            return self._act(Command.INCREASE if key is Key.AMOUNT_UP else Command.DECREASE)
        elif key in _KEY_TO_COMMAND:
            return self._act(_KEY_TO_COMMAND[key])
        elif key is Key.HELP:
            self._toggle_tab("keys")
        elif key is Key.CHAT:
            self.open_chat()
        elif key in _QUICK:
            if self.chat is None:
                self.say(_("Chat is for rooms: there is nobody to talk to at this table."))
            else:
                self.chat.quick(quick_phrases()[_QUICK[key]][0])  # the room says "Sent"
        elif key in (Key.HISTORY_BACK, Key.HISTORY_FORWARD):
            self._history(-1 if key is Key.HISTORY_BACK else 1)
        elif key in (Key.REPLAY_LAST_HAND, Key.HAND_REVIEW):
            return self._review(key)
        elif key is not Key.CLOSE:
            self.say(self.inform(key))
        return None

    def _review(self, key: Key) -> Transition | None:
        """The stored hands' pages over the table (the game waits under them)."""
        from .records_pages import last_hand_page, records_page  # on first use

        if key is Key.HAND_REVIEW:
            return Push(records_page(self.desktop, "review", self._out))
        page = last_hand_page(self.desktop, self._out)
        if isinstance(page, str):
            self.say(page)
            return None
        return Push(page)

    def _history(self, step: int) -> None:
        """Step back (-1) or forth (1) through the game's announcements."""
        if not self.announcements:
            self._out(_("No announcements yet."))
            return
        last = len(self.announcements) - 1
        k = last if self.history_index is None else self.history_index
        k = max(0, min(last, k + step))
        edge = k == self.history_index
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
        if view is None:
            return _("No hand is being played yet: press N for the first hand.")
        if key is Key.YOUR_CARDS:
            if not view.hole:
                return _("You have no cards.")
            return _("Your cards: {cards}.").format(
                cards=cards_names(view.hole, suits=self.suits))
        if key is Key.BOARD:
            if not view.board:
                return _("No cards on the board yet.")
            return _("Board: {cards}.").format(cards=cards_names(view.board, suits=self.suits))
        if key is Key.HAND_VALUE:
            return _("Your hand: {hand}.").format(hand=self.hand_text())
        if key is Key.POT:
            return _("Pot: {amount}.").format(amount=amount(view.pot))
        if key is Key.TO_CALL:
            if not view.to_call:
                return _("Nothing to call.")
            return _("To call: {amount}.").format(amount=amount(view.to_call))
        if key is Key.CHIPS:  # yours first, as "you"
            return "; ".join(_("{player} {chips}").format(
                player=_("You") if seat == self.seat else self._name(seat),
                chips=amount(s.chips(seat))) for seat in self._occupied())
        if key is Key.WHOSE_TURN:
            if view.to_act is None:
                return _("Nobody is to act.")
            if view.to_act == self.seat:
                return _("Your turn.")
            return _("{player} to act.").format(player=self._name(view.to_act))
        if key is Key.DEALER:
            return _("{player} deals.").format(player=self._name(view.button))
        if key.value.startswith("card_"):
            k = int(key.value.rsplit("_", 1)[1]) - 1
            cards = list(view.hole) + list(view.board)
            if k < len(cards):
                return card_name(cards[k], suits=self.suits)
            return _("There is no card {n}.").format(n=k + 1)
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
        return out

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
            parts.append(you_have(s.chips(self.seat)))
            parts += [self.player_text(seat) + "." for seat in self._occupied()
                      if seat != self.seat]
        else:
            parts += [self.player_text(seat) + "." for seat in self._occupied()]
        if view is not None:
            parts.append(self.inform(Key.DEALER))
        blinds = self._blinds()
        number = s.hands_played + (0 if s.hand is None or s.hand.over else 1)
        parts += [blinds[0], _("Hand {number}.").format(number=number), *blinds[1:]]
        awaited = getattr(s, "awaited", None)  # a room: who the next hand waits for
        seats = tuple(awaited()) if awaited is not None else ()
        if seats:
            parts.append(sentence(WaitingForPlayers(seats), Phrasing(self._name, self.seat))
                         or "")
        parts += rules_now(s.variant, s.hands_played)
        return " ".join(parts)

    # ------------------------------------------------------------------
    # Picture

    def state_lines(self, shown: SeatView | None = None) -> list[str]:
        """The Game state zone (``shown``: the felt's picture, behind the
        game: the hand, whose turn and the last announcement as it has them)."""
        s = self.session
        if shown is not None and s.hand is not None and s.hand.over \
                and self._header is not None and self._header[0] is self.pacer.started:
            lines = list(self._header[1])  # the hand the felt still plays
        else:
            lines = self._header_lines()
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
        if until is not None:
            lines.append(ngettext("Blinds go up in {n} hand", "Blinds go up in {n} hands",
                                  until).format(n=until))
        if s.hand is not None and not s.hand.over and self.pacer.started is not None:
            self._header = (self.pacer.started, list(lines))
        return lines

    def animating(self, now: float) -> bool:
        return self.tab is None and (self.pacer.pending or self.motion.active(now))

    def _picture(self) -> SeatView | None:
        """The hand as the felt shows it now: as far as the paced events go."""
        view = self._view()
        behind = self._behind(view)
        return view if behind is None else behind

    def _behind(self, view: SeatView | None) -> SeatView | None:
        """The felt's picture of ``view`` (the hand as it is) while the felt is
        behind it; None when it is not."""
        if view is None or not self.pacer.paces(view):
            return None
        shown = picture(view, self.pacer.shown, self.pacer.next_actor())
        return None if shown is view else shown

    def _drawn_log(self, shown: SeatView | None) -> list[str]:
        """The Move log as the side panel shows it: without the lines of what
        the felt has not shown yet (``shown``: its picture, when it is behind)."""
        log = self.log
        hidden = self.move_log.unshown(self.pacer.released) if shown is not None else 0
        if not hidden or (self.chat is not None and self.log_filter == "chat"):
            return log
        if self.chat is None or self.log_filter == "game":
            return log[:-hidden]
        out: list[str] = []
        for chat, line in reversed(self._timeline):  # the newest moves wait; chat does not
            if not chat and hidden:
                hidden -= 1
                continue
            out.append(line)
        return out[::-1]

    def scroll(self, notches: int) -> bool:
        return self.tab.scroll(notches) if self.tab is not None else False

    def click(self, pos: tuple[int, int]) -> Transition | None:
        """A click: on a step of the amount scale it chooses that amount;
        elsewhere it focuses and activates what is under the pointer."""
        if self.tab is not None and self.tab.scroll_click(pos):
            return None
        if self.tab is None:
            for key, rect in self.rects.items():
                if key.startswith("amount:") and rect.collidepoint(pos):
                    outcome = self.panel.choose(int(key[7:]))
                    if not outcome.done:
                        self.on_refused()
                    if outcome.message:
                        self.say(outcome.message)
                    return None
            field = self.rects.get("chat:field")
            if self.chat is not None and field is not None and field.collidepoint(pos):
                self.focus.id = "chat:field"  # a click puts the caret there; Enter sends
                c = self.focused()
                self.say(self.describe(c) if c is not None else "")
                return None
        result = super().click(pos)
        if self.focus.id != "log":
            self.log_index = None  # not reading the Move log: it follows the newest line
        return result

    def title_parts(self, view: SeatView | None = None) -> list[str]:
        """The title line: every player's chips, yours first (a room's empty
        seats are left out); as ``view``, the felt's picture, has them."""
        if view is None and before_the_game(self.session):  # nobody has chips yet
            return [self._shown_name(seat) for seat in self._occupied()]
        stacks = {p.seat: p.stack for p in view.players} if view is not None else {}
        return [_("{player} {chips}").format(
            player=self._shown_name(seat),
            chips=amount(stacks.get(seat, self.session.chips(seat))))
            for seat in self._occupied()]

    def plates(self, view: SeatView | None = None) -> list[SeatPlate]:
        """Every seat's box on the felt, yours first (at the bottom) and the
        others in playing order: the same places for the whole game (of
        ``view``, the felt's picture, or else the hand as it is)."""
        return seat_plates(self.session, self.seat, view or self._view(),
                           self._seats_from_me())

    def winner_lines(self, view: SeatView | None = None) -> list[str]:
        """The winning hands, shown on the felt at the hand's end."""
        view = view or self._view()
        if view is None or not view.over:
            return []
        return winning_hands(view.history, self._shown_name)

    def draw(self, surface: pygame.Surface) -> None:
        if self.desktop is not None:  # the four-colour deck setting applies at once
            deck = "four_color" if self.desktop.settings.four_color_deck else "classic"
            self.renderer.use_deck(assets_dir() / "cards" / deck)
        tabs = self._tabs()
        if self.tab is not None:
            focused = self.focus.current(tabs + self.tab.controls())
            focus_id = focused.id if focused else None
            self.renderer.draw_frame(surface, self.title_parts(), tabs, focus_id)
            rects = dict(self.renderer.rects)
            draw_in = getattr(self.tab, "draw_in", None)
            if draw_in is not None:
                draw_in(surface, self.renderer.below_title(surface), focus_id)
                rects.update(self.tab.rects)
            self.rects = rects
            return
        self.pacer.tick()
        real = self._view()
        shown = self._behind(real)
        controls = tabs + self.table_controls(shown)  # built once a frame
        if shown is None:
            focused = self.focus.current(controls)
            focus_id = focused.id if focused else None
        else:  # the picture's controls never move the focus the keys use
            focus_id = self._ring_at or self.focus.id
        label = next((c.label for c in controls if c.id == "button:" + Command.NEXT_HAND),
                     _("Next hand"))  # the felt names the button it means
        self.renderer.idle = _("Press N or {button} to begin.").format(button=label)
        view = real if shown is None else shown
        log = self._drawn_log(shown)
        index = self.log_index if self.log_index is not None and self.log_index < len(log) \
            else None
        self.renderer.draw_table(surface, view, self.plates(view),
                                 self.title_parts(view if self.pacer.pending else None),
                                 controls[_TITLE_CONTROLS:], tabs, focus_id, log, index,
                                 self.motion, self.banner() if not self.pacer.pending else [],
                                 winners=self.winner_lines(view),
                                 amounts=self.amount_steps() if shown is None else ([], None),
                                 lit=self.pacer.lit(view))
        self.rects = dict(self.renderer.rects)
        if self.chat is not None and self._in_chat():  # the Chat zone, over the felt
            self.rects.update(draw_chat(surface, self.chat, [
                c for c in controls if c.zone == "chat"], focus_id, self.renderer.palette))
