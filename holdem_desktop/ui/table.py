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
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from holdem_desktop.engine.events import HandEnded, HandStarted
from holdem_desktop.i18n import amount
from holdem_desktop.i18n.chat import quick_phrases
from holdem_desktop.i18n.tournament import sitting_out
from holdem_desktop.i18n.translate import _, language, ngettext
from holdem_desktop.session import Session
from holdem_desktop.session.events import GameOver, GameStarted, PlayerOut, TurnStarted

from .action_bar import AMOUNT_BOX, AmountBox
from .action_panel import ActionPanel, Command
from .chat_zone import ChatZone, has_chat
from .desktop import Desktop
from .dialog import Dialog
from .draw import TableRenderer
from .keymap import ACTING, Key, KeyMap
from .motion import Motion
from .move_log import MoveLog
from .out_of_game import OutOfTheGame
from .pacing import Pacer
from .page import Page, Push, Replace, Transition
from .table_fields import TableFields
from .table_tabs import TabbedPage
from .table_texts import RoomInfo
from .widgets import Control, Role

__all__ = ["RoomInfo", "TableScreen"]

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


class TableScreen(TableFields, TabbedPage):
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
        self.move_log = MoveLog(  # (the computer's moves for you, as speech says them)
            self._name, seat, lambda: bool(getattr(session, "computer_plays", False)))
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
        if seat_listeners is not None:  # a room's table: the host may seat us, and we come back
            seat_listeners.append(self.reseat)
            session.back_listeners.append(self.take_up_hand)  # type: ignore[attr-defined]
        self.focus.id = self._game_focus()  # (a guest's New game is the host's to press)
        self.quietly: Callable[[], AbstractContextManager[object]] = nullcontext
        """The table's speech and sounds held for a while (the desktop's)."""
        self.spoken: Callable[[], None] = lambda: None
        """Say what the game set off without a key (the desktop's flush)."""
        self.out_of_game = OutOfTheGame(self, clock)
        """Once you are out of a game here: watch to the end, or the places."""

    @property
    def log(self) -> list[str]:
        """The Move log's lines as its filter shows them (at a table with no
        chat, always the moves), in the language chosen now."""
        if self.move_log.language != language():
            self._relanguage_log()
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

    def _relanguage_log(self) -> None:
        """Settings chose another language: the moves written again in it,
        each in its place among the chat lines (those are people's words)."""
        moves = len(self.move_log.lines)
        self.move_log.relanguage()
        written = self.move_log.lines
        seen = self._seen[0]  # the timeline holds the moves up to there
        start = seen - sum(not chat for chat, _t in self._timeline)
        if len(written) != moves or start < 0:  # (never expected: an event writes as
            self._timeline, self._seen = [], (0, 0)  # many lines in any language)
            return
        lines = iter(written[start:seen])
        self._timeline = [(chat, text if chat else next(lines)) for chat, text in self._timeline]

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
        if isinstance(event, PlayerOut) and self.room is None:
            self.out_of_game.player_out()
        if (isinstance(event, TurnStarted) and event.seat == self.seat and self.seat is not None) \
                or isinstance(event, HandEnded):  # a new decision: not one a key could answer yet
            self.guard_until = self.guard_clock() + TYPE_AHEAD_GUARD  # and again once
            self._new_decision = True  # it is said and drawn (see settled)
        if isinstance(event, GameOver):
            self.result = event
        elif isinstance(event, GameStarted):
            self.result = None
            self.out_of_game.game_started()

    def _released(self, event: object) -> None:
        """An event the picture shows now: its motion starts (the hand's end:
        the focus ring goes where the focus went)."""
        self.motion.on_event(event)
        if isinstance(event, HandEnded | HandStarted):
            self._ring_at = None

    # ------------------------------------------------------------------
    # Controls

    def controls(self) -> tuple[Control, ...]:
        tabs = self._tabs()
        if self.tab is not None:
            return tabs + self.tab.controls()
        return tabs + self.table_controls()

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
            self.say(self.panel.all_in_question(key=False))
        elif control.id.startswith("button:"):
            self.confirm_all_in = False
            return self._act(Command(control.id[7:]))
        elif control.id.startswith("preset:") or control.id == AMOUNT_BOX:
            self._amount(control)
        elif control.id == "room:invite" and self.room is not None:
            # Copied, it is said short: the line's 64-digit pin is for the clipboard,
            # not the ear; without a clipboard the whole invitation is said.
            code, invitation = self.room.now()
            if self.room.copy(invitation):
                self.say(_("Invitation to room {code} copied: paste it into a message to "
                           "your friends.").format(code=" ".join(code)))
            else:
                self.say(_("The clipboard is not available. The invitation: {text}").format(
                    text=invitation))
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
            self.say_focus(self.chat.step(direction))
            return True
        if control.id == "log" and self.log and self.reading_log:  # Up: older, Down: newer
            last = len(self.log) - 1
            k = last if self.log_index is None else self.log_index
            k = max(0, min(last, k - direction))
            self.log_index = k
            self.say_focus(self.log[k])
            return True
        return False

    def close(self) -> Transition | None:
        if self.tab is not None:
            self._toggle_tab(self.tab_id or "")
            return None
        if self._in_chat():  # Escape in the Chat zone: back where the chat key was pressed
            self._leave_chat()
            return None
        if self.focus.id == AMOUNT_BOX and self.amount_box.text:  # as in any field: cleared
            self.amount_box.text = ""  # first; a second Escape leaves, as ever
            self.say(_("Amount cleared."))
            return None
        return self._leave()

    def _leave(self) -> Transition | None:
        """Back to the start menu, once the player says so (Escape, Menu,
        Leave room): a room's seat is then played by the computer, a game
        here is saved for Continue."""
        if self.desktop is None:
            return None
        if self.room is not None:
            tournament = getattr(self.session, "tournament_table", None) is not None
            return self._ask(_("Leave the room?"), _("Leave the room"), self._gone,
                             cancel=_("Stay in the room"),
                             detail=sitting_out() if tournament and self.seat is not None
                             else _("The computer will play your seat.")
                             if self.seat is not None else "")  # (watching: no seat)
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
            return self.room.back() if self.room.back is not None else \
                Replace(self.desktop.menu())
        return Replace(self.desktop.menu(self.session))

    def on_key(self, key: Key) -> Transition | None:
        if key in ACTING and self.tab_id == "keys" and not self._back_under_keys(said=False):
            self.tab, self.tab_id = None, None  # a glance at the keys: play on (from a
            self.focus.id = self._before_keys  # tab: answered as there)
        if key in ACTING and self.tab is not None:
            self.say(_("Close the {tab} tab to play.").format(tab=self._tab_name(
                self.tab_id or "")))
        elif key is Key.ALL_IN:
            if not self.confirm_all_in and self.panel.why(Command.ALL_IN) is not None:
                return self._act(Command.ALL_IN)  # says why not: no "press A again" for nothing
            if not self.confirm_all_in:
                self.confirm_all_in = True
                self.say(self.panel.all_in_question(key=True))
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

    # ------------------------------------------------------------------
    # Picture

    def tick(self) -> None:
        self.out_of_game.tick()

    def tick_under(self) -> None:
        """Under a dialog (the bust-out one): the words held while the player
        only watches go to the voice once it has said the dialog's (queued
        behind them, never over the question); nothing else moves."""
        self.out_of_game.catch_up()

    def take_move(self) -> Transition | None:
        return self.out_of_game.take_move()
