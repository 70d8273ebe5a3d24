"""The start screen and the pages it opens: New game, How to play, Settings.

What the pages need from the rest of the program (starting a game with
computer players, the autosave, saving settings, sound volume) comes
through the :class:`Desktop` protocol, which :mod:`holdem_desktop.app` implements; the
pages themselves only know controls and the session they are handed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from holdem_desktop.engine.variant import (
    Variant,
    VariantError,
    adjust_variant,
    shipped_variant,
)
from holdem_desktop.i18n.names import amount, variant_name
from holdem_desktop.i18n.translate import _, ngettext, pgettext
from holdem_desktop.i18n.variant_problems import variant_problem
from holdem_desktop.session import Session
from holdem_desktop.session.variant_files import (
    GameEntry,
    copy_variant,
    find_game,
    level_clocks,
    list_games,
    stack_choices,
    user_variants_dir,
)
from holdem_desktop.settings import LANGUAGES, Settings
from holdem_desktop.store import HandStore

from .dialog import Dialog
from .forms import Field, Form, erased_echo, typed_echo
from .howto import how_to_play
from .keymap import Key, KeyMap
from .page import Page, Pop, Push, Quit, Replace, Transition
from .page_draw import PageRenderer
from .widgets import Control, Role

if TYPE_CHECKING:
    import pygame

    from .online import CertificateQuestion

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

    def new_game(self, variant: str | Variant, players: int, strength: str,
                 name: str) -> Session:
        """A started session: the player in seat 0, computer players elsewhere.
        ``variant`` is a shipped variant's key, or the rules themselves (a
        player's own file, or a game started with another stack or blind speed)."""

    def continue_game(self) -> Session | str:
        """The autosaved session, or why it cannot be continued."""

    def table(self, session: Session) -> Page:
        """The table screen for ``session``."""

    def menu(self, session: Session | None = None) -> Page:
        """The start screen (leaving ``session``'s table: it is saved first)."""

    def hand_over(self, session: Session) -> None:
        """A hand of ``session`` has ended (autosave)."""

    def create_room(self, variant: str | Variant, players: int, strength: str,
                    name: str) -> Page | str:
        """Host a room and sit at it: its table, or why it could not be opened
        (``variant`` as for :meth:`new_game`)."""

    def join_room(self, code: str, address: str, name: str
                  ) -> Page | str | CertificateQuestion:
        """Join the room with ``code`` (found on the network, or at ``address``,
        which may be an invitation line): its table, why not, or the
        :class:`~.online.CertificateQuestion` of a host reached by its address."""

    def trust_room_certificate(self, server: str, fingerprint: str) -> None:
        """The player trusts this certificate for the LAN host at ``server``."""

    def online_servers(self) -> list[str]:
        """The servers the player used, newest first (Play online)."""

    def join_online_room(self, server: str, code: str, name: str
                         ) -> Page | str | CertificateQuestion:
        """Join the room ``code`` on ``server`` (an address, or an invitation line
        that may carry the code): its table, why not, or a
        :class:`~.online.CertificateQuestion` to put to the player."""

    def create_online_room(self, server: str, variant: str | Variant, players: int,
                           strength: str, name: str) -> Page | str | CertificateQuestion:
        """Create a room on ``server`` and sit at it (answers as :meth:`join_online_room`)."""

    def trust_certificate(self, server: str, fingerprint: str) -> None:
        """The player trusts this certificate for ``server`` (pinned from now on)."""

    def forget_server(self, server: str) -> str:
        """Forget ``server`` and its pinned certificate; what to say."""

    def paste_text(self) -> str:
        """The text on the clipboard ("" when none)."""

    def speech_status(self) -> SpeechState:
        """Which voice speaks now."""

    def test_speech(self) -> str:
        """Say a sample through the voice in use; returns what was said."""

    def hand_store(self) -> HandStore | None:
        """The store of every hand played here (None: it could not be opened)."""

    def play_chart(self, values: Sequence[int]) -> bool:
        """Play a chart as a tone sweep; False when there is no sound."""

    def speaking(self) -> bool | None:
        """Whether the voice is still saying what it was given; None when it
        cannot tell (a screen reader)."""


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
        self._selected: str | None = None
        """The filled text field just arrived at (by keys, a click, or as the
        page opens): its text is selected, typing replaces it."""
        self._seen_focus: str | None = None

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

    def _replace_selected(self, control: Control) -> bool:
        """A filled field just arrived at is selected, as in a native dialog:
        the first key typed (or Backspace) replaces the whole text."""
        if self._selected != control.id or self.form is None:
            return False
        self._selected = None
        if self.form.values.get(control.id):
            self.form.values[control.id] = ""
            return True
        return False

    def type_text(self, control: Control, text: str) -> None:
        # Each character typed is echoed, as a screen reader does in a native field.
        self._replace_selected(control)
        typed = self.form.type_text(control.id, text) if self.form is not None else ""
        echo = typed_echo(typed, text)
        if echo:
            self._say(echo)

    def erase(self, control: Control) -> None:
        if self._replace_selected(control):
            self._say(_("empty"))
            return
        self._say(erased_echo(self.form.erase(control.id) if self.form is not None else ""))

    def describe(self, control: Control) -> str:
        text = control.spoken()
        self._selected = control.id if control.role is Role.EDIT and control.value else None
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

    def scroll(self, notches: int) -> bool:
        return self.renderer.scroll_by(notches)

    def scroll_click(self, pos: tuple[int, int]) -> bool:
        return self.renderer.scroll_to(pos)

    def click(self, pos: tuple[int, int]) -> Transition | None:
        if self.scroll_click(pos):  # on the scroll bar: the page moves there
            return None
        return super().click(pos)

    def notice(self) -> str:
        """A warning shown under the title (none by default)."""
        return ""

    def shown_notice(self) -> str:
        """The warning drawn under the title: :meth:`notice` (said as the
        page opens) and what else the eye should see there."""
        return self.notice()

    def draw_in(self, surface: pygame.Surface, area: pygame.Rect, focus_id: str | None) -> None:
        """Paint the page into ``area`` (a whole window, or a table's tab)."""
        controls = self.controls()
        if focus_id != self._seen_focus:  # the focus arrived (a click too): text selected
            self._seen_focus = focus_id
            c = next((c for c in controls if c.id == focus_id), None)
            self._selected = focus_id if c is not None and c.role is Role.EDIT and c.value \
                else None
        self.rects = self.renderer.draw(surface, area, self.title, controls, focus_id,
                                        self.status, self.subtitle, self.shown_notice(),
                                        selected=self._selected)


class StartPage(_FormPage):
    """New game, Continue, Rooms, How to play, Settings, Quit."""

    title = "Hold'em Desktop"
    closable = False

    def __init__(self, desktop: Desktop, say: Callable[[str], None]) -> None:
        super().__init__(say)
        self.desktop = desktop
        self.subtitle = _("Texas Hold'em for everyone, by ear or by eye")
        if desktop.has_saved_game():  # the game to go on with comes first
            self.focus.id = "continue"

    def notice(self) -> str:
        """When nothing speaks, the start screen says so (and what to install);
        a saved game is mentioned, so that Enter goes on with it knowingly."""
        state = speech_state(self.desktop)
        lines = [state.text] if state is not None and state.silent else []
        if self.desktop.has_saved_game():
            lines.append(_("You have a saved game: Continue goes on with it."))
        return " ".join(lines)

    def shown_notice(self) -> str:
        """Also what went wrong at start (a broken variant file given with
        ``--variant``, settings that could not be read): said once when the
        window opened, and shown here, not only in the status line."""
        problems = [self.notice(), *getattr(self.desktop, "notices", ())]
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

    def on_key(self, key: Key) -> Transition | None:
        if key is Key.HELP:
            return Push(KeysPage(self.desktop.keymap, self._say))
        if key is Key.CLOSE:  # a stray Escape never closes the window
            return Push(Dialog(self, _("Quit Hold'em Desktop?"), _("Quit"), Quit,
                               cancel=_("Stay"), say=self._say))
        return None


def chosen_variant(game_id: str, folder: Path | None = None) -> Variant:
    """The variant of a game id from the settings (a shipped key or the
    player's own file); the default game when it is gone or broken."""
    try:
        return find_game(game_id, folder)
    except (KeyError, VariantError):
        return shipped_variant()


def copy_and_say(variant: Variant, folder: Path) -> str:
    """Copy ``variant``'s file to the player's ``folder``; what to say about it."""
    try:
        path = copy_variant(variant, folder)
    except OSError as exc:
        return _("The file could not be copied: {problem}").format(problem=exc.strerror or exc)
    return _("Copied to {path}. Edit the copy in a text editor; it is listed in New game "
             "as yours.").format(path=path)


def _game_label(game: GameEntry) -> str:
    v = game.variant
    assert v is not None
    if game.own:
        return _("{name} (yours, {file})").format(name=v.name, file=game.file_name)
    return variant_name(v.key, v.name)


def clock_label(clock: tuple[int | None, int | None]) -> str:
    """A blind speed in words: "every 10 hands", "every 15 minutes", or both."""
    hands, minutes = clock
    hands_part = "" if hands is None else ngettext(
        "every hand", "every {count} hands", hands).format(count=hands)
    minutes_part = "" if minutes is None else ngettext(
        "every minute", "every {count} minutes", minutes).format(count=minutes)
    if hands_part and minutes_part:
        return _("{hands} or {minutes}, whichever comes first").format(hands=hands_part,
                                                                       minutes=minutes_part)
    return hands_part or minutes_part


class NewGamePage(_FormPage):
    """The game (the shipped ones and the player's own files), number of
    players, starting stack, blind speed, computer strength, your name;
    Copy to my variants folder; Start.  A broken file of the player's is
    listed, with what is wrong, and cannot be chosen."""

    default = "start"

    form: Form

    def __init__(self, desktop: Desktop, say: Callable[[str], None], *,
                 room: bool = False, folder: Path | None = None,
                 server: str | None = None, named: Variant | None = None) -> None:
        super().__init__(say)
        self.room = room
        self.server = server
        """The server to create the room on (None: this computer hosts it)."""
        """Creating a room (2 to 6 seats, the host's own) rather than a game here."""
        self.title = _("Create room") if room else _("New game")
        self.desktop = desktop
        self.folder = folder if folder is not None else user_variants_dir()
        """The player's own variants folder."""
        s = desktop.settings
        self.named = named
        """The game the command line named (``--variant FILE``), chosen here
        and listed even when it is no file of the player's folder."""
        self._read_folder()
        key = s.variant if s.variant in self.variants else "tournament"
        if named is not None:  # opened with Start in focus (over a saved game, it asks)
            key = self._named_id(named)
            self.focus.id = "start"
        self.form = Form(self._fields(key), {
            "variant": key, "players": self._clamp(key, s.players), "strength": s.strength,
            "name": s.player_name or _("Player"), **self._defaults(key),
        }, self._changed)

    def _read_folder(self) -> None:
        """List the games again (the folder may have changed)."""
        games = list_games(self.folder)
        self.games = {g.id: g for g in games}
        self.variants: dict[str, Variant] = {g.id: g.variant for g in games
                                             if g.variant is not None}
        self.broken = [g for g in games if g.error is not None]
        if self.named is not None and not any(v is self.named for v in self.variants.values()):
            self._named_id(self.named)
        self._warning = ngettext(
            "{count} file in your variants folder cannot be used; it is listed below.",
            "{count} files in your variants folder cannot be used; they are listed below.",
            len(self.broken)).format(count=len(self.broken)) if self.broken else ""

    def _named_id(self, named: Variant) -> str:
        """The id of the game the command line named: the listed game of the
        same file, or a new entry for a file from elsewhere (kept listed)."""
        source = named.source.resolve() if named.source is not None else None
        for game_id, game in self.games.items():
            if game.variant is named or (
                    source is not None and game.path is not None and game.path.resolve() == source
                    and game.variant is not None and game.variant.key == named.key):
                self.variants[game_id] = named
                return game_id
        game_id = str(named.source) if named.source is not None else named.key
        self.games = {game_id: GameEntry(game_id, named, own=True, path=named.source),
                      **self.games}
        self.variants = {game_id: named, **self.variants}
        return game_id

    def notice(self) -> str:
        """Files of the player's that cannot be used (shown framed, said on
        opening)."""
        return self._warning

    def replace_question(self) -> Dialog:
        """The question asked before a new game would replace the saved one
        (Start game pressed over it, or ``--variant`` given while one is
        saved): Keep saved game has the focus, Replace saved game starts."""
        game = _game_label(self.games[self.form.values["variant"]])
        return Dialog(self, _("Replace your saved game?"), _("Replace saved game"),
                      self._start, cancel=_("Keep saved game"), say=self._say,
                      detail=_("A new game of {game} takes the place of the game you saved: "
                               "that game can no longer be continued.").format(game=game))

    def _defaults(self, key: str) -> dict[str, Any]:
        v = self.variants[key]
        clocks = level_clocks(v)
        return {"stack": v.starting_stack, "speed": clocks[0] if clocks else None}

    def _most(self, key: str) -> int:
        v = self.variants[key]
        return min(6, v.max_players) if self.room else v.max_players

    def _clamp(self, key: str, players: int) -> int:
        return max(self.variants[key].min_players, min(self._most(key), players))

    def _fields(self, key: str) -> list[Field]:
        v = self.variants[key]
        fields = [
            Field("variant", _("Game"), Role.CHOICE,
                  [(k, _game_label(self.games[k])) for k in self.variants]),
            Field("players", _("Players"), Role.CHOICE,
                  [(n, str(n)) for n in range(v.min_players, self._most(key) + 1)]),
            Field("stack", _("Starting stack"), Role.CHOICE,
                  [(n, amount(n)) for n in stack_choices(v)]),
        ]
        clocks = level_clocks(v)
        if clocks:
            fields.append(Field("speed", _("Blinds go up"), Role.CHOICE,
                                [(c, clock_label(c)) for c in clocks]))
        return [*fields,
                Field("strength", _("Computer players"), Role.CHOICE,
                      [("easy", _("Easy")), ("normal", _("Normal")), ("hard", _("Hard"))]),
                Field("name", _("Your name"), Role.EDIT, max_length=20)]

    def _changed(self, name: str, value: Any) -> None:
        if name == "variant":  # the seats, stack and blinds follow the game's own
            self.form.fields = self._fields(value)
            self.form.values["players"] = self._clamp(value, self.form.values["players"])
            self.form.values.update(self._defaults(value))

    def controls(self) -> tuple[Control, ...]:
        broken = [Control(f"broken:{g.id}", variant_problem(g.error), Role.TEXT, "form")
                  for g in self.broken if g.error is not None]
        return (*self.form.controls("form"), *broken,
                Control("copy", _("Copy this game to my variants folder"), zone="form"),
                Control("start", _("Create room") if self.room else _("Start game"),
                        zone="form"),
                Control("cancel", _("Cancel"), zone="form"))

    def describe(self, control: Control) -> str:
        if control.id.startswith("broken:"):
            return _("Cannot be used: {problem}").format(problem=control.label)
        return super().describe(control)

    def chosen(self) -> str | Variant:
        """The game to start: a shipped key as it is, or the rules (the player's
        own file, or another stack or blind speed)."""
        v = self.form.values
        game = self.games[v["variant"]]
        variant = self.variants[v["variant"]]
        own_clock = (variant.schedule.hands_per_level, variant.schedule.minutes_per_level)
        adjusted = adjust_variant(
            variant,
            starting_stack=v["stack"] if v["stack"] != variant.starting_stack else None,
            level_clock=v["speed"] if v.get("speed") not in (None, own_clock) else None)
        return game.id if not game.own and adjusted is variant else adjusted

    def _copy(self) -> None:
        said = copy_and_say(self.variants[self.form.values["variant"]], self.folder)
        self._read_folder()
        self.form.fields = self._fields(self.form.values["variant"])
        self.say(said)

    def activate(self, control: Control) -> Transition | None:
        if control.id == "cancel":
            return Pop()
        if control.id.startswith("broken:"):
            self.say(self.describe(control))
            return None
        if control.id == "copy":
            self._copy()
            return None
        if control.id != "start":
            self.adjust(control, 1)  # Enter steps a choice like Up
            return None
        if not self.room and self.desktop.has_saved_game():
            return Push(self.replace_question())  # a saved game is never lost unasked
        return self._start()

    def _start(self) -> Transition | None:
        """Start the game (or create the room) the form describes."""
        v = self.form.values
        name = str(v["name"]).strip() or _("Player")
        try:
            game = self.chosen()
        except VariantError as exc:
            self.say(variant_problem(exc))
            return None
        listed = v["variant"] if v["variant"] in {g.id for g in list_games(self.folder)} \
            else self.desktop.settings.variant  # a file from elsewhere is not remembered
        self.desktop.change_settings(self.desktop.settings.updated(
            variant=listed, players=v["players"], strength=v["strength"],
            player_name=name))
        if self.room and self.server is not None:  # on a server over the internet
            from .online import outcome

            server = self.server

            def attempt() -> Page | str | CertificateQuestion:
                return self.desktop.create_online_room(server, game, v["players"],
                                                       v["strength"], name)

            return outcome(attempt(), self.say, attempt, self.desktop.trust_certificate)
        if self.room:
            got = self.desktop.create_room(game, v["players"], v["strength"], name)
            if isinstance(got, str):
                self.say(got)
                return None
            return Replace(got)
        session = self.desktop.new_game(game, v["players"], v["strength"], name)
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
            Field("motion_pace", _("Animation pace"), Role.CHOICE,
                  [("off", pgettext("animation pace", "Off")),
                   ("quick", pgettext("animation pace", "Quick")),
                   ("natural", pgettext("animation pace", "Natural"))]),
            Field("verbosity", _("Speech detail"), Role.CHOICE,
                  [("full", _("Full")), ("brief", _("Brief"))]),
            Field("speak_suits", _("Speak card suits"), Role.CHECKBOX),
            Field("chat_speech", _("Speak chat"), Role.CHOICE,
                  [("always", _("Always")), ("not_my_turn", _("Not while it is my turn")),
                   ("never", _("Never (kept in the Chat zone)"))]),
            Field("speech_output", _("Speech"), Role.CHOICE,
                  [("auto", _("Automatic")), ("screen_reader", _("Screen reader only")),
                   ("system", _("System voice")), ("off", _("Off"))]),
            Field("speech_rate", _("Speech rate"), Role.SLIDER, shown=_percent),
            Field("speech_volume", _("Speech volume"), Role.SLIDER, shown=_percent),
        ], {
            "language": s.language, "beginner_hints": s.beginner_hints, "sounds": s.sounds,
            "sound_volume": round(s.sound_volume * 100), "four_color_deck": s.four_color_deck,
            "motion_pace": s.motion_pace,
            "verbosity": s.verbosity, "speak_suits": s.speak_suits,
            "chat_speech": s.chat_speech, "speech_output": s.speech_output,
            "speech_rate": s.speech_rate, "speech_volume": s.speech_volume,
        }, self._changed)

    def _changed(self, name: str, value: Any) -> None:
        if name == "sound_volume":
            value = value / 100
        self.desktop.change_settings(self.desktop.settings.updated(**{name: value}))
        if name == "language":  # the page speaks the new language at once
            self._build()

    def controls(self) -> tuple[Control, ...]:
        # The speech key may have turned speech off or on while the page is open.
        self.form.values["speech_output"] = self.desktop.settings.speech_output
        state = speech_state(self.desktop)
        speech = () if state is None else (
            Control("speech_status", state.text, Role.TEXT, "settings"),
            Control("test_speech", _("Test speech"), zone="settings"))
        folder = _("Your variants folder is {path}").format(path=user_variants_dir())
        return (*self.form.controls("settings"), *speech,
                Control("folder", folder, Role.TEXT, "settings"),
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
        if control.id in ("speech_status", "folder"):
            self.say(control.label)
            return None
        self.adjust(control, 1)
        return None


class ReadingPage(_FormPage):
    """Headings and paragraphs to read one by one (Up / Down or Tab); Close at the end."""

    def __init__(self, title: str, sections: Sequence[tuple[str, Sequence[str]]],
                 say: Callable[[str], None], zone: str = "help",
                 buttons: Sequence[Control] = ()) -> None:
        super().__init__(say)
        self.title = title
        items: list[Control] = []
        for k, (heading, paragraphs) in enumerate(sections):
            items.append(Control(f"h{k}", heading, Role.HEADING, zone))
            items += [Control(f"p{k}.{j}", text, Role.TEXT, zone)
                      for j, text in enumerate(paragraphs)]
        items += buttons
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
    """How to play, built from the variant's rules and the key map; Copy this
    game to my variants folder, and Close, at the end."""

    def __init__(self, desktop: Desktop, variant: Variant, say: Callable[[str], None], *,
                 folder: Path | None = None) -> None:
        self.variant = variant
        self.folder = folder if folder is not None else user_variants_dir()
        super().__init__(_("How to play"), [
            (s.heading, s.paragraphs)
            for s in how_to_play(variant, desktop.keymap, folder=self.folder)], say,
            buttons=[Control("copy", _("Copy this game to my variants folder"), zone="help")])

    def activate(self, control: Control) -> Transition | None:
        if control.id == "copy":
            self.say(copy_and_say(self.variant, self.folder))
            return None
        return super().activate(control)


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
            from .online import PlayOnlinePage  # it builds on the forms of this module

            return Push(PlayOnlinePage(self.desktop, self._say))
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

        from .online import outcome  # it builds on the forms of this module

        return outcome(attempt(), self.say, attempt, self.desktop.trust_room_certificate)
