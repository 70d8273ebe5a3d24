"""The table's picture (issue 33: a module of :mod:`.table`): the felt
drawn as far as its pace has come, the side panel's Move log without what
the felt has not shown yet, the mouse on it."""

from __future__ import annotations

import time

import pygame

from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n.translate import _
from holdem_desktop.resources import assets_dir

from .action_panel import Command
from .chat_zone import draw_chat
from .draw import TableRenderer
from .keymap import Key
from .motion import Motion
from .move_log import MoveLog
from .pacing import picture
from .page import Transition
from .room_zone import scroll_room
from .table_info import InformingPage
from .widgets import Control

__all__ = ["PicturedPage"]

_TITLE_CONTROLS = 3
"""The title line's controls, first in the Tab order: Menu, How to play,
Settings."""


class PicturedPage(InformingPage):
    """The table drawn: the felt at its pace, the zones, a tab over them."""

    renderer: TableRenderer
    motion: Motion
    move_log: MoveLog
    log_filter: str
    _timeline: list[tuple[bool, str]]
    _seen: tuple[int, int]
    _ring_at: str | None

    def take_up_hand(self) -> None:
        """Back at a room's table (a new connection, a new window): the Move
        log holds this hand's moves as if the player had been there all along
        (see :meth:`MoveLog.take_up`), each once; the chat lines stay where
        they came among the moves that are the same."""
        hand_so_far = getattr(self.session, "hand_so_far", None)
        if hand_so_far is None:
            return
        before = list(self.move_log.lines)
        hands = getattr(self.session, "hands_so_far", None)
        for hand in hands() if hands is not None else [hand_so_far()]:
            self.move_log.take_up(hand)  # (the one that ended while away first)
        after = self.move_log.lines
        same = next((k for k, (a, b) in enumerate(zip(before, after, strict=False)) if a != b),
                    min(len(before), len(after)))
        if same < self._seen[0]:  # lines written again: the timeline takes them from there
            moves, timeline = 0, []
            for chat, line in self._timeline:
                if chat or moves < same:
                    timeline.append((chat, line))
                moves += not chat
            self._timeline, self._seen = timeline, (same, self._seen[1])
            self.log_index = None

    # the Chat zone (a room's), over the felt ------------------------------------

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

    # the felt and the zones ------------------------------------------------------

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
        if self.tab is not None:
            return self.tab.scroll(notches)
        return scroll_room(self.renderer, notches, pygame.mouse.get_pos())  # over the Room zone

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
        if self.chat is not None and self._in_chat():  # the Chat zone, over the Move log
            chat = draw_chat(surface, self.chat, [c for c in controls if c.zone == "chat"],
                             focus_id, self.renderer.palette,
                             top=self.rects["heading:log"].top - 6,
                             bottom=self.rects["heading:actions"].top - 6)
            self.rects = {k: r for k, r in self.rects.items()  # none clicked under it
                          if not r.colliderect(chat["chat"])} | chat
