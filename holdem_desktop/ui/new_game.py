"""New game (and Create room, here or on a server): the game, the players,
the stack, the blind speed, the computer players, your name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from holdem_desktop.engine.variant import Variant, VariantError, adjust_variant
from holdem_desktop.i18n.names import amount, variant_name
from holdem_desktop.i18n.translate import _, ngettext
from holdem_desktop.i18n.variant_problems import variant_problem
from holdem_desktop.session.variant_files import (
    GameEntry,
    level_clocks,
    list_games,
    stack_choices,
    user_variants_dir,
)
from holdem_desktop.settings import blind_speed_of, blind_speed_text

from .desktop import CertificateQuestion, Desktop
from .dialog import Dialog
from .form_page import FormPage
from .forms import Field, Form
from .help_pages import copy_and_say
from .page import Page, Pop, Push, Replace, Transition
from .trust import outcome
from .widgets import Control, Role

__all__ = ["NewGamePage", "clock_label"]


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


class NewGamePage(FormPage):
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
            "name": s.player_name or _("Player"),
            **self._defaults(key, blind_speed_of(s.blind_speed)),
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

    def _defaults(self, key: str,
                  speed: tuple[int | None, int | None] | None = None) -> dict[str, Any]:
        """The game's own stack and blind speed (``speed`` instead, the one
        remembered, when the game offers it)."""
        v = self.variants[key]
        clocks = level_clocks(v)
        own = (v.schedule.hands_per_level, v.schedule.minutes_per_level)
        return {"stack": v.starting_stack,
                "speed": (speed if speed in clocks else own) if clocks else None}

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
            self.adjust(control, 1)  # Enter steps a choice to its next item, like Down
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
        speed = v.get("speed")  # (a game whose blinds never go up keeps the one remembered)
        self.desktop.change_settings(self.desktop.settings.updated(
            variant=listed, players=v["players"], strength=v["strength"], player_name=name,
            blind_speed=self.desktop.settings.blind_speed if speed is None
            else blind_speed_text(speed)))
        if self.room and self.server is not None:  # on a server over the internet
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


