"""Entry point: ``holdem-desktop`` or ``python -m holdem_desktop``.

``python -m holdem_desktop simulate --variant NAME --players N --hands H
--seed S [--out DIR]`` plays hands with a random legal policy (until the
computer players exist), optionally writes every hand as PHH, and prints
what happened.  The only module that knows every package.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from holdem_desktop.i18n.translate import _

from . import __version__

if TYPE_CHECKING:
    from .session import Session
    from .settings import Settings
    from .speech import SpeechOptions
    from .ui.page import Page


def _variant(name: str):  # type: ignore[no-untyped-def]
    from .engine.variant import load_variant, shipped_variant

    if name.endswith(".toml") or "/" in name or "\\" in name:
        return load_variant(name)
    return shipped_variant(name)


def simulate(args: argparse.Namespace) -> int:
    """Play ``args.hands`` hands with random legal actions and report on them."""
    from .ai.baselines import RandomPolicy
    from .engine.events import ActionTaken, HandEnded, PotAwarded
    from .engine.variant import VariantError
    from .session import GameOver, Session, SessionError
    from .session.history import HandHistoryWriter

    try:
        variant = _variant(args.variant)
    except VariantError as exc:
        print(_("Cannot use the variant {name}: {problem}").format(name=args.variant,
                                                                   problem=exc), file=sys.stderr)
        return 2
    except KeyError:
        from .engine.variant import shipped_variants

        print(_("There is no variant named {name}; the shipped ones are: {names}.").format(
            name=args.variant, names=", ".join(shipped_variants())), file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    players = [(_("Player {number}").format(number=i + 1),
                RandomPolicy(random.Random(rng.random()))) for i in range(args.players)]
    try:
        session = Session(variant, players, rng=random.Random(rng.random()))
    except SessionError as exc:
        print(_("Cannot seat {count} players: {problem}").format(count=args.players, problem=exc),
              file=sys.stderr)
        return 2
    stats = {"showdowns": 0, "all_ins": 0, "side_pots": 0, "split_pots": 0, "games": 0}
    hand_all_in = [False]

    def listen(event: object) -> None:
        if isinstance(event, ActionTaken) and event.all_in:
            hand_all_in[0] = True
        elif isinstance(event, PotAwarded):
            stats["side_pots"] += event.index > 0
            stats["split_pots"] += len(event.winners) > 1
        elif isinstance(event, HandEnded):
            stats["showdowns"] += event.showdown
            stats["all_ins"] += hand_all_in[0]
            hand_all_in[0] = False
        elif isinstance(event, GameOver):
            stats["games"] += 1

    session.subscribe(listen)
    if args.out:
        HandHistoryWriter(session, args.out)
    played = 0
    start = time.perf_counter()
    session.start()
    while played < args.hands:
        if session.game_over:
            session.new_game()
        session.next_hand()
        played += 1
    seconds = time.perf_counter() - start
    print(_("hands played: {n}").format(n=played))
    print(_("games finished: {n}").format(n=stats["games"]))
    print(_("showdowns: {n}").format(n=stats["showdowns"]))
    print(_("hands with an all-in: {n}").format(n=stats["all_ins"]))
    print(_("side pots: {n}").format(n=stats["side_pots"]))
    print(_("split pots: {n}").format(n=stats["split_pots"]))
    print(_("hands per second: {rate:.0f}").format(rate=played / seconds if seconds else 0.0))
    if args.out:
        print(_("hand histories written to {path}").format(path=args.out))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Start the game (``--continue`` for the autosaved one), or run a developer command."""
    parser = argparse.ArgumentParser(prog="holdem-desktop",
                                     description=_("Texas Hold'em for everyone, by ear or by eye."))
    commands = parser.add_subparsers(dest="command")
    sim = commands.add_parser("simulate", help=_("play hands with random legal actions"))
    sim.add_argument("--variant", default="tournament",
                     help=_("a shipped variant (tournament, pot_limit, fixed_limit, heads_up, "
                            "session) or a .toml file"))
    sim.add_argument("--players", type=int, default=6)
    sim.add_argument("--hands", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--out", default=None, help=_("folder for PHH hand histories"))
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help=_("go on with the autosaved game"))
    parser.add_argument("--version", action="version", version=f"Hold'em Desktop {__version__}")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return simulate(args)
    return play(resume=args.resume)


class Desktop:
    """Everything the screens need from the rest of the program: games with
    computer players, the autosave, the settings, the sounds, the hand
    histories (the :class:`~holdem_desktop.ui.menus.Desktop` protocol)."""

    def __init__(self, rng: random.Random | None = None, speaker: Any = None) -> None:
        import platformdirs

        from .audio.bank import SoundBank, SoundListener
        from .i18n.translate import set_language
        from .settings import load_settings
        from .speech import Announcer, Speech
        from .speech.speaker import BackgroundSpeaker, auto_speaker
        from .ui.keymap import KeyMap

        loaded = load_settings()
        self.settings = loaded.settings
        self.keymap = KeyMap()
        language_ok = set_language(self.settings.language)
        self.notices = [_("Your settings could not be read; the defaults are used.")
                        for problem, _detail in loaded.problems
                        if problem in ("corrupt", "unreadable")]
        if not language_ok:
            self.notices.append(_language_missing(self.settings.language))
        self.data = Path(platformdirs.user_data_dir("holdem-desktop", appauthor=False))
        self.bank = SoundBank(volume=self.settings.sound_volume, muted=not self.settings.sounds,
                              together=0.08)
        if not self.bank.available:
            self.notices.append(_("No sound device was found: the game runs silently."))
        self.plans: dict[int, list[object]] = {}
        self.sounds: dict[int, SoundListener] = {}
        # The screen reader is found and started on a thread of its own: the
        # window never waits for it.
        self.speech = Speech(speaker if speaker is not None else BackgroundSpeaker(auto_speaker))
        self.speech.settings(self.settings.speech_rate, self.settings.speech_volume)
        self.announcers: dict[int, Announcer] = {}
        self.screen: Any = None
        """The table on show (it keeps the announcements for Repeat)."""
        self.rng = rng
        """Seeds new games when given (tests); real play shuffles from the OS."""
        self._unsaved: Session | None = None
        self.remote: Any = None
        """The room this window is joined to (a RemoteTable), if any."""
        self.server: Any = None
        self.beacon: Any = None
        self.tokens = _RoomTokens(self.data / "rooms.json")
        """Resume tokens of the rooms joined, kept on disk: coming back to a
        room, even after the game was closed, gives the seat back."""

    def say(self, text: str) -> None:
        """What the player asked for (focus, keys, refusals): spoken at once."""
        self.speech.say(text)

    def _announce(self, text: str) -> None:
        self.speech.announce(text)
        announce = getattr(self.screen, "announce", None)
        if announce is not None:
            announce(text)

    def flush(self) -> None:
        """After each input: say what it set off, as one announcement; then
        the autosave of a finished hand (a disk write, after the speech)."""
        session = getattr(self.screen, "session", None)
        announcer = self.announcers.get(id(session))
        if announcer is not None:
            announcer.flush()
        pending, self._unsaved = self._unsaved, None
        if pending is not None:
            self.save(pending)

    def _speech_options(self) -> SpeechOptions:
        from .speech import SpeechOptions

        s = self.settings
        return SpeechOptions(brief=s.verbosity == "brief", suits=s.speak_suits,
                             hints=s.beginner_hints)

    def change_settings(self, settings: Settings) -> None:
        from .i18n.translate import language, set_language
        from .settings import save_settings

        if settings.language != language() and not set_language(settings.language):
            self.say(_language_missing(settings.language))
        self.settings = settings
        self.bank.volume = settings.sound_volume
        self.bank.muted = not settings.sounds
        self.speech.settings(settings.speech_rate, settings.speech_volume)
        for announcer in self.announcers.values():
            announcer.set_options(self._speech_options())
        save_settings(settings)

    def has_saved_game(self) -> bool:
        from .saves import autosave_path

        return autosave_path().exists()

    def _wire(self, session: Session, plans: list[object]) -> Session:
        """A game on this computer: hand histories and autosave, speech, sounds."""
        from .session.history import HandHistoryWriter

        HandHistoryWriter(session, self.data / "hands")
        self.plans[id(session)] = plans
        self._outputs(session, 0)
        return session

    def _outputs(self, table: Any, seat: int | None) -> None:
        """Speech and sounds for the player at ``seat`` of ``table`` (a session,
        or a room's table)."""
        from .audio.bank import SoundListener
        from .speech import Announcer

        announcer = Announcer(seat, lambda k: table.seats[k].name, self._announce,
                              self._speech_options())
        table.subscribe(announcer)
        self.announcers[id(table)] = announcer
        listener = SoundListener(self.bank, seat)
        table.subscribe(listener)
        self.sounds[id(table)] = listener

    def new_game(self, variant: str, players: int, strength: str, name: str) -> Session:
        from .ai.character import random_characters
        from .engine.variant import shipped_variant
        from .saves import SeatPlan
        from .session import HumanController
        from .session import Session as _Session

        rng = self.rng or random.Random()
        v = shipped_variant(variant)
        n = max(v.min_players, min(v.max_players, players))
        characters = random_characters(rng, n - 1)
        plans = [SeatPlan("human")] + [SeatPlan(strength, c) for c in characters]
        seats = [(name, HumanController())] + [
            (c.name, plan.controller(random.Random(rng.random())))
            for c, plan in zip(characters, plans[1:], strict=True)]
        session = _Session(v, seats, rng=None if self.rng is None else random.Random(
            rng.random()))
        self._wire(session, list(plans))
        session.start()
        return session

    def continue_game(self) -> Session | str:
        from .saves import SaveError, load_game

        try:
            session, plans = load_game()
        except SaveError as exc:
            if exc.problem == "missing":
                return _("There is no saved game to continue.")
            return _("The saved game cannot be continued: {problem}.").format(problem=exc)
        self._wire(session, list(plans))
        if session.hand is not None and not session.hand.over:
            session.run()  # computer players to act go on at once; your turn is said
        return session

    def save(self, session: Session) -> None:
        from .saves import SaveError, autosave_path, save_game

        plans = self.plans.get(id(session))
        if plans is None:
            return
        try:
            save_game(session, plans, autosave_path())  # type: ignore[arg-type]
        except (OSError, SaveError) as exc:
            self.say(_("The game could not be saved: {problem}").format(problem=exc))

    def hand_over(self, session: Session) -> None:
        self._unsaved = session  # saved by flush(), once the player has heard the hand

    def table(self, session: Session) -> Page:
        from .resources import assets_dir
        from .ui.draw import TableRenderer
        from .ui.table import TableScreen

        deck = "four_color" if self.settings.four_color_deck else "classic"
        sounds = self.sounds.get(id(session))
        self.screen = TableScreen(session, 0, TableRenderer(assets_dir() / "cards" / deck),
                                  desktop=self, say=self.say,
                                  on_refused=sounds.refused if sounds else lambda: None)
        return self.screen

    def menu(self, session: Session | None = None) -> Page:
        from .ui.menus import StartPage

        if session is not None:
            self.save(session)
        self.close_room()
        self.screen = StartPage(self, self.say)
        return self.screen

    # ------------------------------------------------------------------
    # Rooms

    room_bind = "0.0.0.0"
    """Where a hosted room listens (tests use loopback)."""
    search_addresses: tuple[str, ...] = ("255.255.255.255",)
    """Where a joining player asks for rooms by code."""

    def create_room(self, variant: str, players: int, strength: str, name: str) -> Any:
        """Host a room: the server and the beacon on background threads, and
        this window joined to it over loopback like everyone else."""
        import secrets

        from .engine.variant import shipped_variant
        from .net.discovery import RoomBeacon
        from .net.host import RoomServer
        from .net.room import Room

        self.close_room()
        code = f"{secrets.randbelow(10**6):06d}"
        room = Room(shipped_variant(variant), code, size=players, strength=strength,
                    game_version=__version__, clock=time.monotonic)
        server = RoomServer(room, self.room_bind, 0)
        try:
            port = server.start()
        except OSError as exc:
            return _("The room could not be opened: {problem}").format(problem=exc)
        self.server = server
        try:
            self.beacon = RoomBeacon(code, port, name)
            self.beacon.start()
        except OSError:
            self.beacon = None  # no discovery: friends type the address
        return self._join("127.0.0.1", port, code, name)

    def join_room(self, code: str, address: str, name: str) -> Any:
        """Find the room with ``code`` (or go to ``address``) and join it."""
        from .i18n.phrases import room_problem
        from .net.discovery import find_room

        port = 0
        host = address
        if ":" in address:
            host, _sep, text = address.rpartition(":")
            port = int(text) if text.isdigit() else 0
        if not host or not port:
            found = find_room(code, addresses=(host,) if host else self.search_addresses)
            if found is None:
                return room_problem("not_found", code)
            host, port = found.host, found.port
        return self._join(host, port, code, name)

    def _join(self, host: str, port: int, code: str, name: str) -> Any:
        import queue

        import pygame

        from .engine.variant import shipped_variant
        from .i18n.phrases import room_problem
        from .net.client import Closed, RoomClient
        from .net.protocol import Hello, Refused, Welcome
        from .net.remote import RemoteTable

        client = RoomClient(host, port)
        try:
            client.connect()
        except (OSError, TimeoutError):
            return room_problem("unreachable", f"{host}:{port}")
        client.send(Hello(name, code, __version__, self.tokens.get(code, name)))
        try:
            reply = client.get(timeout=5)
        except queue.Empty:
            client.close()
            return room_problem("unreachable", f"{host}:{port}")
        if not isinstance(reply, Welcome):
            client.close()
            reason = reply.reason if isinstance(reply, Refused | Closed) else "closed"
            return room_problem(reason, getattr(reply, "detail", ""))
        self.tokens.put(code, name, reply.token)
        wake = pygame.event.custom_type()
        client.on_message = lambda: pygame.event.post(pygame.event.Event(wake))
        remote = RemoteTable(client, shipped_variant(reply.variant), reply)
        remote.on_error = lambda error: self.say(room_problem(error.reason))
        remote.on_closed = lambda reason: self.say(room_problem(reason))
        self.remote = remote
        self._outputs(remote, reply.seat)
        remote.pump()
        page = self._room_table(remote, host, port)
        if reply.spectator:
            self.say(_("A game is in progress: you listen until the next game."))
        return page

    def _room_table(self, remote: Any, host: str, port: int) -> Page:
        from .resources import assets_dir
        from .ui.draw import TableRenderer
        from .ui.table import RoomInfo, TableScreen

        address = host if host != "127.0.0.1" else _local_address()
        invitation = _("Join my Hold'em Desktop room: choose Rooms, then Join room, and type "
                       "the code {code}. If it is not found, the host address is "
                       "{address}:{port}.").format(code=remote.code, address=address, port=port)
        deck = "four_color" if self.settings.four_color_deck else "classic"
        sounds = self.sounds.get(id(remote))
        self.screen = TableScreen(
            remote, remote.seat,
            TableRenderer(assets_dir() / "cards" / deck), desktop=self, say=self.say,
            on_refused=sounds.refused if sounds else lambda: None,
            room=RoomInfo(remote.code, invitation, _copy_text, self.leave_room))
        return self.screen

    def leave_room(self) -> None:
        """Leave the room this window is in (a host's room closes with it)."""
        if self.remote is not None:
            self.remote.leave()
        self.close_room()

    def close_room(self) -> None:
        """Close the connection, and the server and beacon when hosting."""
        remote, self.remote = self.remote, None
        if remote is not None:
            remote.client.close(timeout=1)
        beacon, self.beacon = self.beacon, None
        if beacon is not None:
            beacon.stop()
        server, self.server = self.server, None
        if server is not None:
            server.stop(timeout=2)

    def poll(self) -> bool:
        """Read what a room sent; say it.  True when anything arrived."""
        if self.remote is None or not self.remote.pump():
            return False
        self.flush()
        return True


def _language_missing(code: str) -> str:
    return _("The {language} translation could not be loaded; the game speaks English.").format(
        language={"ro": "Română", "it": "Italiano", "pl": "Polski"}.get(code, code))


class _RoomTokens:
    """Resume tokens by room code and name, in a small JSON file (the newest
    twenty); a file that cannot be read or written only costs the seat."""

    def __init__(self, path: Path) -> None:
        import json

        self.path = path
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            self.tokens = {str(k): str(v) for k, v in data.items()} if isinstance(
                data, dict) else {}
        except (OSError, ValueError):
            self.tokens = {}

    def get(self, code: str, name: str) -> str | None:
        """The token for ``name`` in room ``code``, if we have one."""
        return self.tokens.get(f"{code}/{name.casefold()}")

    def put(self, code: str, name: str, token: str) -> None:
        """Remember a token (and save)."""
        import contextlib
        import json

        from .settings import write_atomic

        key = f"{code}/{name.casefold()}"
        self.tokens.pop(key, None)
        self.tokens[key] = token
        self.tokens = dict(list(self.tokens.items())[-20:])
        with contextlib.suppress(OSError):
            write_atomic(self.path, json.dumps(self.tokens) + "\n")


def _local_address() -> str:
    """This computer's address on the LAN, as others would type it."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a UDP "connect" sends nothing: it picks a route
            return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def _copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when there is no clipboard."""
    try:
        import pygame

        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
        return True
    except Exception:
        return False


def play(resume: bool = False, max_events: int | None = None, speaker: Any = None) -> int:
    """Open the window on the start screen (on the saved game with ``resume``);
    ``speaker`` replaces the screen reader (tests)."""
    from .settings import save_settings
    from .ui.app import App

    desktop = Desktop(speaker=speaker)
    screen = desktop.menu()
    if resume:
        got = desktop.continue_game()
        if isinstance(got, str):
            desktop.notices.append(got)
        else:
            screen = desktop.table(got)
    app = App(screen, (desktop.settings.window_width, desktop.settings.window_height),
              desktop.keymap, after_input=desktop.flush, poll=desktop.poll)
    for notice in desktop.notices:
        app.screen.say(notice)
    try:
        app.run(max_events)
    finally:
        desktop.close_room()
    w, h = app.surface.get_size()
    save_settings(desktop.settings.updated(window_width=w, window_height=h))
    return 0


if __name__ == "__main__":
    sys.exit(main())
