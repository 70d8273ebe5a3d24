"""The start screen and the pages only it opens: Rooms and Join room.

The pages it opens beside them live in modules of their own (New game,
Settings, How to play and the keys, Play online, the certificate question,
Hand review and Statistics); what they need from the rest of the program
comes through the :class:`~.desktop.Desktop` protocol.  They are named here
too, as before.  Pages only import downwards: nothing imports this module
but the program around it (tests/test_imports.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from holdem_desktop.i18n.translate import _

from .desktop import CertificateQuestion, Desktop, SpeechState, speech_state
from .dialog import Dialog
from .form_page import FormPage, ReadingPage
from .forms import Field, Form
from .help_pages import HelpPage, KeysPage, chosen_variant
from .keymap import Key
from .new_game import NewGamePage
from .online import PlayOnlinePage
from .page import Page, Pop, Push, Quit, Replace, Transition
from .settings_page import SettingsPage
from .trust import outcome
from .widgets import Control, Role

if TYPE_CHECKING:
    import pygame

__all__ = ["Desktop", "FormPage", "HelpPage", "JoinRoomPage", "KeysPage", "NewGamePage",
           "ReadingPage", "RoomsPage", "SettingsPage", "SpeechState", "StartPage"]


class StartPage(FormPage):
    """New game, Continue, Rooms, How to play, Settings, Quit."""

    title = "Hold'em Desktop"
    closable = False

    def __init__(self, desktop: Desktop, say: Callable[[str], None]) -> None:
        super().__init__(say)
        self.desktop = desktop
        if desktop.has_saved_game():  # the game to go on with comes first
            self.focus.id = "continue"
        self.late: list[str] = []
        """What was said after where the player is as the window opened (what
        went wrong at start) while speech was off: said with :meth:`news`
        once speech is back on."""

    def draw_in(self, surface: pygame.Surface, area: pygame.Rect, focus_id: str | None) -> None:
        # in the language in use now (Settings may have changed it since)
        self.subtitle = _("Texas Hold'em for everyone, by ear or by eye")
        super().draw_in(surface, area, focus_id)

    def notice(self) -> str:
        """When nothing speaks, the start screen says so (and what to install)."""
        state = speech_state(self.desktop)
        return state.text if state is not None and state.silent else ""

    def news(self) -> str:
        """A saved game is mentioned, so that Enter goes on with it knowingly:
        as the window opens and after leaving a table (this page is new
        then), not again on coming back from Rooms or How to play; said with
        speech off, it is said once speech is back on (F2 here, or on coming
        back from Settings), with what went wrong at start."""
        return " ".join(p for p in (self._saved(), *self.late) if p)

    def news_heard(self) -> bool:
        return self.desktop.settings.speech_output != "off"

    def _saved(self) -> str:
        return _("You have a saved game: Continue goes on with it.") \
            if self.desktop.has_saved_game() else ""

    def first_launch(self) -> str:
        """Said once, after where the player is, on the game's first launch:
        how to move and choose here, and the key that lists every key (the
        start screen said only "New game, button")."""
        keymap = self.desktop.keymap

        def key(k: Key) -> str:
            return str(next(iter(keymap.chords(k)), "?"))

        return _("Move with the arrow keys or {tab}, choose with {enter}; {help} lists "
                 "every key.").format(tab=key(Key.NEXT_CONTROL), enter=key(Key.ACTIVATE),
                                      help=key(Key.HELP))

    def shown_notice(self) -> str:
        """Also the saved game, and what went wrong at start (a broken variant
        file given with ``--variant``, settings that could not be read): said
        once, and shown here all the while, not only in the status line."""
        problems = [self.notice(), self._saved(), *getattr(self.desktop, "notices", ())]
        return " ".join(dict.fromkeys(p for p in problems if p))

    def controls(self) -> tuple[Control, ...]:
        saved = self.desktop.has_saved_game()
        return (
            Control("new", _("New game"), zone="menu"),
            Control("continue", _("Continue"), zone="menu", enabled=saved,
                    reason=None if saved else _("There is no saved game to continue.")),
            Control("rooms", _("Rooms"), zone="menu"),
            Control("help", _("How to play"), zone="menu"),
            Control("settings", _("Settings"), zone="menu"),
            Control("review", _("Hand review"), zone="menu"),
            Control("statistics", _("Statistics"), zone="menu"),
            Control("quit", _("Quit"), zone="menu"),
        )

    def activate(self, control: Control) -> Transition | None:
        if control.id == "new":
            return Push(NewGamePage(self.desktop, self._say))
        if control.id == "continue":
            got = self.desktop.continue_game()
            if isinstance(got, str):
                self.say(got)
                return None
            return Replace(self.desktop.table(got))
        if control.id == "rooms":
            return Push(RoomsPage(self.desktop, self._say))
        if control.id in ("review", "statistics"):
            from .records_pages import records_page  # the store's pages, on first use

            return Push(records_page(self.desktop, control.id, self._say))
        if control.id == "help":
            return Push(HelpPage(self.desktop, chosen_variant(self.desktop.settings.variant),
                                 self._say))
        if control.id == "settings":
            return Push(SettingsPage(self.desktop, self._say))
        if control.id == "quit":
            return Quit()
        return None

    hotkeys = frozenset({Key.HELP})

    def on_key(self, key: Key) -> Transition | None:
        if key is Key.HELP:
            return Push(KeysPage(self.desktop.keymap, self._say))
        if key is Key.CLOSE:  # a stray Escape never closes the window
            return Push(Dialog(self, _("Quit Hold'em Desktop?"), _("Quit"), Quit,
                               cancel=_("Stay"), say=self._say))
        return None


class RoomsPage(FormPage):
    """Play with friends on the local network: create a room, or join one."""

    def __init__(self, desktop: Desktop, say: Callable[[str], None], reason: str = "") -> None:
        super().__init__(say)
        self.title = _("Rooms")
        self.desktop = desktop
        self.subtitle = reason or _("Friends on the same network join your room by its "
                                    "6-digit code.")
        """Under the title: why the player is back here when a room closed."""

    def controls(self) -> tuple[Control, ...]:
        return (Control("create", _("Create room"), zone="rooms"),
                Control("join", _("Join room"), zone="rooms"),
                Control("online", _("Play online"), zone="rooms"),
                Control("back", _("Back"), zone="rooms"))

    def activate(self, control: Control) -> Transition | None:
        if control.id == "create":
            return Push(NewGamePage(self.desktop, self._say, room=True))
        if control.id == "join":
            return Push(JoinRoomPage(self.desktop, self._say))
        if control.id == "online":
            return Push(PlayOnlinePage(self.desktop, self._say))
        return Pop()


class JoinRoomPage(FormPage):
    """The room's code, the host's address where the network hides rooms,
    your name; Join."""

    default = "join"

    form: Form

    def __init__(self, desktop: Desktop, say: Callable[[str], None]) -> None:
        super().__init__(say)
        self.title = _("Join room")
        self.desktop = desktop
        self.form = Form([
            Field("code", _("Room code"), Role.EDIT, max_length=6),
            Field("address", _("Host address or invitation (if the room is not found)"),
                  Role.EDIT, max_length=200),
            Field("name", _("Your name"), Role.EDIT, max_length=20),
        ], {"code": desktop.settings.room_code, "address": desktop.settings.room_address,
            "name": desktop.settings.player_name or _("Player")})

    def controls(self) -> tuple[Control, ...]:
        return (*self.form.controls("form"),
                Control("join", _("Join"), zone="form"),
                Control("paste", _("Paste invitation"), zone="form"),
                Control("cancel", _("Cancel"), zone="form"))

    def type_text(self, control: Control, text: str) -> None:
        if control.id == "code":
            text = "".join(ch for ch in text if ch.isdigit())
        super().type_text(control, text)

    def activate(self, control: Control) -> Transition | None:
        if control.id == "cancel":
            return Pop()
        v = self.form.values
        if control.id == "paste":  # the line fills the address, and the code it carries
            text = self.desktop.paste_text().strip()
            found = re.search(r"holdem-lan://\S+", text)
            if found is None:
                self.say(_("The clipboard holds no invitation to a room on the network."))
                return None
            line = found.group(0)
            v["address"] = line
            carried = re.search(r"/([0-9]{6})(?:\?|$)", line)
            if carried is not None:
                v["code"] = carried.group(1)
            self.say(_("Invitation pasted: room {code}.").format(
                code=" ".join(str(v["code"]))))
            return None
        if control.id != "join":
            return None
        code = str(v["code"])
        if len(code) != 6:
            self.say(_("A room code has 6 digits."))
            return None
        address = str(v["address"]).strip()
        name = str(v["name"]).strip() or _("Player")
        self.desktop.change_settings(self.desktop.settings.updated(  # the form keeps them
            room_code=code, room_address=address, player_name=name))
        self.say(_("Looking for room {code}…").format(code=code))

        def attempt() -> Page | str | CertificateQuestion:
            return self.desktop.join_room(code, address, name)

        return outcome(attempt(), self.say, attempt, self.desktop.trust_room_certificate)
