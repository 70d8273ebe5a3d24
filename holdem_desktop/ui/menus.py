"""The start screen and the pages it opens: New game, How to play, Settings.

What the pages need from the rest of the program (starting a game with
computer players, the autosave, saving settings, sound volume) comes
through the :class:`Desktop` protocol, which :mod:`holdem_desktop.app` implements; the
pages themselves only know controls and the session they are handed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from holdem_desktop.engine.variant import Variant, shipped_variant, shipped_variants
from holdem_desktop.i18n.names import variant_name
from holdem_desktop.i18n.translate import _
from holdem_desktop.session import Session
from holdem_desktop.settings import LANGUAGES, Settings

from .forms import Field, Form
from .howto import how_to_play
from .keymap import Key, KeyMap
from .page import Page, Pop, Push, Quit, Replace, Transition
from .page_draw import PageRenderer
from .widgets import Control, Role

if TYPE_CHECKING:
    import pygame

__all__ = ["Desktop", "HelpPage", "JoinRoomPage", "KeysPage", "NewGamePage", "ReadingPage",
           "RoomsPage", "SettingsPage", "SpeechState", "StartPage"]


class SpeechState(Protocol):
    """Which voice speaks, as the speech layer describes it."""

    @property
    def text(self) -> str:
        """One sentence: "Speech: NVDA", "Speech: none found. Install…"."""

    @property
    def silent(self) -> bool:
        """Nothing speaks, and the player did not turn speech off."""


class Desktop(Protocol):
    """The program around the pages (implemented by :class:`holdem_desktop.app.Desktop`)."""

    keymap: KeyMap

    @property
    def settings(self) -> Settings:
        """The settings in force."""

    def change_settings(self, settings: Settings) -> None:
        """Keep and apply new settings (saved at once)."""

    def has_saved_game(self) -> bool:
        """Whether Continue has a game to go on with."""

    def new_game(self, variant: str, players: int, strength: str, name: str) -> Session:
        """A started session: the player in seat 0, computer players elsewhere."""

    def continue_game(self) -> Session | str:
        """The autosaved session, or why it cannot be continued."""

    def table(self, session: Session) -> Page:
        """The table screen for ``session``."""

    def menu(self, session: Session | None = None) -> Page:
        """The start screen (leaving ``session``'s table: it is saved first)."""

    def hand_over(self, session: Session) -> None:
        """A hand of ``session`` has ended (autosave)."""

    def create_room(self, variant: str, players: int, strength: str, name: str) -> Page | str:
        """Host a room and sit at it: its table, or why it could not be opened."""

    def join_room(self, code: str, address: str, name: str) -> Page | str:
        """Join the room with ``code`` (found on the network, or at ``address``):
        its table, or why not."""

    def speech_status(self) -> SpeechState:
        """Which voice speaks now."""

    def test_speech(self) -> str:
        """Say a sample through the voice in use; returns what was said."""


def speech_state(desktop: Desktop) -> SpeechState | None:
    """The desktop's speech status (None from a desktop that cannot tell yet)."""
    ask = getattr(desktop, "speech_status", None)
    return ask() if callable(ask) else None


class _FormPage(Page):
    """A page drawn as one column of controls with a status line."""

    def __init__(self, say: Callable[[str], None], renderer: PageRenderer | None = None) -> None:
        super().__init__(say)
        self.renderer = renderer or PageRenderer()
        self.status = ""
        self.subtitle = ""
        self.form: Form | None = None
        """The page's fields, if it has any (Up / Down step them, typing fills them)."""
        self._say = say
        self.say = self._remember
        self._hinted: set[Role] = set()
        """The kinds of field whose keys this page has told (once is enough)."""

    def _remember(self, text: str) -> None:
        self.status = text
        self._say(text)

    def adjust(self, control: Control, direction: int) -> bool:
        if control.role is Role.EDIT:  # Up / Down read the whole text, as in any field
            self._say(_("{label}: {text}").format(label=control.label,
                                                  text=control.value or _("empty")))
            return True
        said = self.form.adjust(control.id, direction) if self.form else None
        if said is not None:
            where = self.form.position(control.id) if self.form else None
            if where is not None:  # where the choice is now, as a list box says it
                said += ", " + _("{k} of {n}").format(k=where[0], n=where[1])
            self.say(said)
        return said is not None

    def type_text(self, control: Control, text: str) -> None:
        # Each character typed is echoed, as a screen reader does in a native field.
        typed = self.form.type_text(control.id, text) if self.form is not None else ""
        if typed:
            self._say(_("space") if typed == " " else typed)
        elif text:
            self._say(_("The field is full."))

    def erase(self, control: Control) -> None:
        erased = self.form.erase(control.id) if self.form is not None else ""
        self._say(_("{character} erased").format(
            character=_("space") if erased == " " else erased) if erased else _("empty"))

    def describe(self, control: Control) -> str:
        text = control.spoken()
        where = self.form.position(control.id) if self.form is not None else None
        if where is not None:
            text += ", " + _("{k} of {n}").format(k=where[0], n=where[1])
        hints = {Role.CHOICE: _("Up and Down change it."),
                 Role.SLIDER: _("Up and Down change it."),
                 Role.CHECKBOX: _("Space ticks it."), Role.EDIT: _("Type to fill it.")}
        if control.role in hints and control.role not in self._hinted:
            self._hinted.add(control.role)
            text += "; " + hints[control.role]
        return text

    def draw(self, surface: pygame.Surface) -> None:
        c = self.focused()
        self.draw_in(surface, surface.get_rect(), c.id if c else None)

    def notice(self) -> str:
        """A warning shown under the title (none by default)."""
        return ""

    def draw_in(self, surface: pygame.Surface, area: pygame.Rect, focus_id: str | None) -> None:
        """Paint the page into ``area`` (a whole window, or a table's tab)."""
        self.rects = self.renderer.draw(surface, area, self.title, self.controls(), focus_id,
                                        self.status, self.subtitle, self.notice())


class StartPage(_FormPage):
    """New game, Continue, Rooms, How to play, Settings, Quit."""

    title = "Hold'em Desktop"
    closable = False

    def __init__(self, desktop: Desktop, say: Callable[[str], None]) -> None:
        super().__init__(say)
        self.desktop = desktop
        self.subtitle = _("Texas Hold'em for everyone, by ear or by eye")
        self._quitting = False

    def notice(self) -> str:
        """When nothing speaks, the start screen says so (and what to install)."""
        state = speech_state(self.desktop)
        return state.text if state is not None and state.silent else ""

    def controls(self) -> tuple[Control, ...]:
        saved = self.desktop.has_saved_game()
        return (
            Control("new", _("New game"), zone="menu"),
            Control("continue", _("Continue"), zone="menu", enabled=saved,
                    reason=None if saved else _("There is no saved game to continue.")),
            Control("rooms", _("Rooms"), zone="menu"),
            Control("help", _("How to play"), zone="menu"),
            Control("settings", _("Settings"), zone="menu"),
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
        if control.id == "help":
            return Push(HelpPage(self.desktop, shipped_variant(self.desktop.settings.variant),
                                 self._say))
        if control.id == "settings":
            return Push(SettingsPage(self.desktop, self._say))
        if control.id == "quit":
            return Quit()
        return None

    def on_key(self, key: Key) -> Transition | None:
        if key is Key.HELP:
            return Push(KeysPage(self.desktop.keymap, self._say))
        if key is Key.CLOSE:
            if self._quitting:
                return Quit()
            self._quitting = True
            self.say(_("Press Escape again to quit."))
            return None
        self._quitting = False
        return None

    def press(self, key: Key) -> Transition | None:
        if key is not Key.CLOSE:
            self._quitting = False
        return super().press(key)


def _variant_label(v: Variant) -> str:
    return variant_name(v.key, v.name)


class NewGamePage(_FormPage):
    """Variant, number of players, computer strength, your name; Start."""

    default = "start"

    form: Form

    def __init__(self, desktop: Desktop, say: Callable[[str], None], *,
                 room: bool = False) -> None:
        super().__init__(say)
        self.room = room
        """Creating a room (2 to 6 seats, the host's own) rather than a game here."""
        self.title = _("Create room") if room else _("New game")
        self.desktop = desktop
        s = desktop.settings
        self.variants = shipped_variants()
        key = s.variant if s.variant in self.variants else "tournament"
        self.form = Form(self._fields(key), {
            "variant": key, "players": self._clamp(key, s.players), "strength": s.strength,
            "name": s.player_name or _("Player"),
        }, self._changed)

    def _most(self, key: str) -> int:
        v = self.variants[key]
        return min(6, v.max_players) if self.room else v.max_players

    def _clamp(self, key: str, players: int) -> int:
        return max(self.variants[key].min_players, min(self._most(key), players))

    def _fields(self, key: str) -> list[Field]:
        v = self.variants[key]
        return [
            Field("variant", _("Game"), Role.CHOICE,
                  [(k, _variant_label(x)) for k, x in self.variants.items()]),
            Field("players", _("Players"), Role.CHOICE,
                  [(n, str(n)) for n in range(v.min_players, self._most(key) + 1)]),
            Field("strength", _("Computer players"), Role.CHOICE,
                  [("easy", _("Easy")), ("normal", _("Normal")), ("hard", _("Hard"))]),
            Field("name", _("Your name"), Role.EDIT, max_length=20),
        ]

    def _changed(self, name: str, value: Any) -> None:
        if name == "variant":  # the number of seats follows the game's limits
            self.form.fields = self._fields(value)
            self.form.values["players"] = self._clamp(value, self.form.values["players"])

    def controls(self) -> tuple[Control, ...]:
        return (*self.form.controls("form"),
                Control("start", _("Create room") if self.room else _("Start game"),
                        zone="form"),
                Control("cancel", _("Cancel"), zone="form"))


    def activate(self, control: Control) -> Transition | None:
        if control.id == "cancel":
            return Pop()
        if control.id != "start":
            self.adjust(control, 1)  # Enter steps a choice like Up
            return None
        v = self.form.values
        name = str(v["name"]).strip() or _("Player")
        self.desktop.change_settings(self.desktop.settings.updated(
            variant=v["variant"], players=v["players"], strength=v["strength"],
            player_name=name))
        if self.room:
            got = self.desktop.create_room(v["variant"], v["players"], v["strength"], name)
            if isinstance(got, str):
                self.say(got)
                return None
            return Replace(got)
        session = self.desktop.new_game(v["variant"], v["players"], v["strength"], name)
        return Replace(self.desktop.table(session))


def _percent(value: int) -> str:
    return _("{value} percent").format(value=value)


class SettingsPage(_FormPage):
    """Every setting, applied and saved at once; Close at the end."""

    default = "close"

    form: Form

    def __init__(self, desktop: Desktop, say: Callable[[str], None]) -> None:
        super().__init__(say)
        self.desktop = desktop
        self._build()

    def _build(self) -> None:
        """The fields, in the language in use (built again when it changes)."""
        self.title = _("Settings")
        s = self.desktop.settings
        names = {"en": "English", "ro": "Română", "it": "Italiano", "pl": "Polski"}
        self.form = Form([
            Field("language", _("Language"), Role.CHOICE, [(c, names[c]) for c in LANGUAGES]),
            Field("beginner_hints", _("Beginner hints"), Role.CHECKBOX),
            Field("sounds", _("Sounds"), Role.CHECKBOX),
            Field("sound_volume", _("Sound volume"), Role.SLIDER, shown=_percent),
            Field("four_color_deck", _("Four-colour deck"), Role.CHECKBOX),
            Field("verbosity", _("Speech detail"), Role.CHOICE,
                  [("full", _("Full")), ("brief", _("Brief"))]),
            Field("speak_suits", _("Speak card suits"), Role.CHECKBOX),
            Field("speech_output", _("Speech"), Role.CHOICE,
                  [("auto", _("Automatic")), ("screen_reader", _("Screen reader only")),
                   ("system", _("System voice")), ("off", _("Off"))]),
            Field("speech_rate", _("Speech rate"), Role.SLIDER, shown=_percent),
            Field("speech_volume", _("Speech volume"), Role.SLIDER, shown=_percent),
        ], {
            "language": s.language, "beginner_hints": s.beginner_hints, "sounds": s.sounds,
            "sound_volume": round(s.sound_volume * 100), "four_color_deck": s.four_color_deck,
            "verbosity": s.verbosity, "speak_suits": s.speak_suits,
            "speech_output": s.speech_output,
            "speech_rate": s.speech_rate, "speech_volume": s.speech_volume,
        }, self._changed)

    def _changed(self, name: str, value: Any) -> None:
        if name == "sound_volume":
            value = value / 100
        self.desktop.change_settings(self.desktop.settings.updated(**{name: value}))
        if name == "language":  # the page speaks the new language at once
            self._build()

    def controls(self) -> tuple[Control, ...]:
        state = speech_state(self.desktop)
        speech = () if state is None else (
            Control("speech_status", state.text, Role.TEXT, "settings"),
            Control("test_speech", _("Test speech"), zone="settings"))
        return (*self.form.controls("settings"), *speech,
                Control("close", _("Close"), zone="settings"))

    def describe(self, control: Control) -> str:
        # The voice in use is read as it is, without "text" after it.
        return control.label if control.role is Role.TEXT else super().describe(control)

    def activate(self, control: Control) -> Transition | None:
        if control.id == "close":
            return self.close()
        if control.id == "test_speech":
            self.status = self.desktop.test_speech()
            return None
        if control.id == "speech_status":
            self.say(control.label)
            return None
        self.adjust(control, 1)
        return None


class ReadingPage(_FormPage):
    """Headings and paragraphs to read one by one (Up / Down or Tab); Close at the end."""

    def __init__(self, title: str, sections: Sequence[tuple[str, Sequence[str]]],
                 say: Callable[[str], None], zone: str = "help") -> None:
        super().__init__(say)
        self.title = title
        items: list[Control] = []
        for k, (heading, paragraphs) in enumerate(sections):
            items.append(Control(f"h{k}", heading, Role.HEADING, zone))
            items += [Control(f"p{k}.{j}", text, Role.TEXT, zone)
                      for j, text in enumerate(paragraphs)]
        items.append(Control("close", _("Close"), zone=zone))
        self._controls = tuple(items)

    def controls(self) -> tuple[Control, ...]:
        return self._controls

    def describe(self, control: Control) -> str:
        # Paragraphs are read as they are, without "text" after each one.
        return control.label if control.role is Role.TEXT else control.spoken()

    def activate(self, control: Control) -> Transition | None:
        if control.id == "close":
            return self.close()
        self.say(control.label)
        return None


class HelpPage(ReadingPage):
    """How to play, built from the variant's rules and the key map."""

    def __init__(self, desktop: Desktop, variant: Variant, say: Callable[[str], None]) -> None:
        super().__init__(_("How to play"), [(s.heading, s.paragraphs)
                                             for s in how_to_play(variant, desktop.keymap)], say)


class KeysPage(ReadingPage):
    """F1: every key, in three headed parts, to read or to look at."""

    def __init__(self, keymap: KeyMap, say: Callable[[str], None]) -> None:
        sections = [(heading, [_("{keys}: {action}").format(keys=keys, action=action)
                               for keys, action in items])
                    for heading, items in keymap.help_sections()]
        super().__init__(_("Keys"), sections, say, zone="keys")

    def on_key(self, key: Key) -> Transition | None:
        return self.close() if key is Key.HELP else None  # F1 again closes it


class RoomsPage(_FormPage):
    """Play with friends on the local network: create a room, or join one."""

    def __init__(self, desktop: Desktop, say: Callable[[str], None]) -> None:
        super().__init__(say)
        self.title = _("Rooms")
        self.desktop = desktop
        self.subtitle = _("Friends on the same network join your room by its 6-digit code.")

    def controls(self) -> tuple[Control, ...]:
        return (Control("create", _("Create room"), zone="rooms"),
                Control("join", _("Join room"), zone="rooms"),
                Control("back", _("Back"), zone="rooms"))

    def activate(self, control: Control) -> Transition | None:
        if control.id == "create":
            return Push(NewGamePage(self.desktop, self._say, room=True))
        if control.id == "join":
            return Push(JoinRoomPage(self.desktop, self._say))
        return Pop()


class JoinRoomPage(_FormPage):
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
            Field("address", _("Host address (if the room is not found)"), Role.EDIT,
                  max_length=64),
            Field("name", _("Your name"), Role.EDIT, max_length=20),
        ], {"code": "", "address": "", "name": desktop.settings.player_name or _("Player")})

    def controls(self) -> tuple[Control, ...]:
        return (*self.form.controls("form"),
                Control("join", _("Join"), zone="form"),
                Control("cancel", _("Cancel"), zone="form"))

    def type_text(self, control: Control, text: str) -> None:
        if control.id == "code":
            text = "".join(ch for ch in text if ch.isdigit())
        super().type_text(control, text)

    def activate(self, control: Control) -> Transition | None:
        if control.id == "cancel":
            return Pop()
        if control.id != "join":
            return None
        v = self.form.values
        code = str(v["code"])
        if len(code) != 6:
            self.say(_("A room code has 6 digits."))
            return None
        self.say(_("Looking for room {code}…").format(code=code))
        got = self.desktop.join_room(code, str(v["address"]).strip(),
                                     str(v["name"]).strip() or _("Player"))
        if isinstance(got, str):
            self.say(got)
            return None
        return Replace(got)
