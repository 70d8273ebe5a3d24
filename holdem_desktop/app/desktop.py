"""The :class:`Desktop`: what the screens ask of the program (the
``ui.desktop.Desktop`` protocol), built from the services beside it."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

import platformdirs

from holdem_desktop.audio.bank import SoundBank
from holdem_desktop.engine.variant import Variant, VariantError, shipped_variants
from holdem_desktop.i18n.phrases import room_news, spectator_arrival
from holdem_desktop.i18n.translate import _
from holdem_desktop.i18n.variant_problems import variant_problem
from holdem_desktop.resources import assets_dir
from holdem_desktop.session import Session
from holdem_desktop.session.variant_files import variant_argument
from holdem_desktop.settings import APP, Settings
from holdem_desktop.speech import Speech, Status
from holdem_desktop.speech.speaker import Speaker
from holdem_desktop.ui.draw import TableRenderer
from holdem_desktop.ui.keymap import Key, KeyMap
from holdem_desktop.ui.menus import RoomsPage, StartPage
from holdem_desktop.ui.online import CertificateQuestion
from holdem_desktop.ui.page import Page, Push, Replace, Transition
from holdem_desktop.ui.table import RoomInfo, TableScreen

from .clipboard import copy_text
from .hands import Hands
from .local_game import LocalGames
from .outputs import Outputs
from .play_online import PlayOnline
from .records import Records
from .settings_service import SettingsService

if TYPE_CHECKING:
    from holdem_desktop.net.host import RoomServer
    from holdem_desktop.net.remote import RemoteTable

    from .rooms import Rooms
    from .tournament_return import RunningCheck

__all__ = ["Desktop"]


class Desktop(PlayOnline, Records):
    """Everything the screens need from the rest of the program: the
    settings, what the player hears, the games on this computer and the
    rooms.  ``speaker`` replaces the screen reader (tests); ``rng`` seeds
    new games (tests)."""

    def __init__(self, rng: random.Random | None = None, speaker: Speaker | None = None,
                 data: Path | None = None) -> None:
        self.prefs = SettingsService()
        self.keymap = KeyMap()
        self.data = data or Path(platformdirs.user_data_dir(APP, appauthor=False))
        self.outputs = Outputs(self.prefs.settings, speaker)
        self.hands = Hands(self.data, self.outputs.reply)  # (after what is being said)
        """Every hand played here, for the review and the statistics."""
        self.notices = self.prefs.notices + self.outputs.notices + self.hands.notices
        """What went wrong at start, said once the window is open."""
        if self.speech.muted:  # a launch with speech off: said once, with the way back
            self.speech.through_voice(self.speech_off_notice())
        self.games = LocalGames(self.data, self.outputs, rng, self.hands)
        self.games.transcript = self._transcript
        self._rooms: Rooms | None = None
        self.moves: list[Transition] = []
        """Screens the window must show without a key (a room that closed
        sends the player back to the Rooms page); the window takes them."""
        self.screen: Page | None = None
        """The screen on show."""
        self.running: RunningCheck | None = None  # (app/tournament_return.py)

    # ------------------------------------------------------------------
    # Settings and outputs

    @property
    def settings(self) -> Settings:
        """The settings in force."""
        return self.prefs.settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        """Put ``settings`` in force for this run (not saved, not applied:
        :meth:`change_settings` does both)."""
        self.prefs.settings = settings

    @property
    def speech(self) -> Speech:
        """The game's voice (its history serves Repeat and the tests)."""
        return self.outputs.speech

    @property
    def bank(self) -> SoundBank:
        """The sound bank."""
        return self.outputs.bank

    def say(self, text: str) -> None:
        """What the player asked for (focus, keys, refusals): spoken at once."""
        self.outputs.say(text)

    def speech_status(self) -> Status:
        """Which voice speaks now (Settings shows it; the start screen warns when none)."""
        return self.speech.status()

    def test_speech(self) -> str:
        """Say a sample through the voice in use (with speech off too, saying
        so and the key that brings it back); returns it."""
        return self.speech.test(self.speech_key())

    def speech_key(self) -> str:
        """The key that turns speech off and on, as the player's keyboard names it."""
        chords = self.keymap.chords(Key.SPEECH)
        return str(chords[0]) if chords else ""

    def speech_off_notice(self) -> str:
        """What is said as speech goes off, and at a launch with speech off."""
        return _("Speech is off. Press {key} to turn it back on.").format(key=self.speech_key())

    def change_settings(self, settings: Settings) -> None:
        """Keep, apply and save new settings.  Turning speech off is said
        first, with the way back, while the voice still speaks."""
        going_off = settings.speech_output == "off" != self.settings.speech_output
        if going_off:
            self.say(self.speech_off_notice())
        self.say(self.prefs.change(settings) or "")  # (a language that could not be loaded)
        self.outputs.apply(settings)

    def toggle_speech(self, then: Callable[[], str] = lambda: "") -> None:
        """The speech key: off (said first, and saved) or back on (to the voice
        chosen before, said at once, ``then`` after it: what nobody heard)."""
        if self.settings.speech_output == "off":
            self.change_settings(self.settings.updated(speech_output=self.outputs.speech_output))
            self.say(" ".join(p for p in (_("Speech on."), then()) if p))
        else:
            self.change_settings(self.settings.updated(speech_output="off"))

    def flush(self) -> None:
        """After each input: a failed settings save, after the key's words (never cut off);
        what it set off, as one announcement; then the autosave of a finished hand; last,
        the small files that could not be written (:mod:`.kept_files`)."""
        self.outputs.reply(unsaved := "" if self.speech.muted else self.prefs.take_pending() or "")
        if isinstance(self.screen, TableScreen):
            self.screen.messages += [unsaved] if unsaved else []  # (in Game state too)
            self.outputs.flush(self.screen.session)
            self.screen.acted = False
            self.games.record(self.screen.session)
        self.games.save_pending()
        if not self.speech.muted:  # (after the hand's words; in Game state too)
            self.outputs.kept.tell(self.outputs.reply, self.screen)

    # ------------------------------------------------------------------
    # Games on this computer

    def has_saved_game(self) -> bool:
        """Whether Continue has a game to go on with."""
        return self.games.has_saved()

    def new_game(self, variant: str | Variant, players: int, strength: str,
                 name: str) -> Session:
        """A started game: the player in seat 0, computer players elsewhere."""
        return self.games.new(variant, players, strength, name)

    def named_variant(self, name: str) -> Variant | str:
        """The variant a command line names (``--variant KEY``, ``my:FILE`` or
        a file's path), or why it cannot be played."""
        try:
            return variant_argument(name)
        except KeyError:
            return _("There is no variant named {name}; the shipped ones are: {names}.").format(
                name=name, names=", ".join(shipped_variants()))
        except VariantError as exc:
            return variant_problem(exc)

    def start_variant(self, name: str | Variant) -> Session | str:
        """A game of the variant a command line names (or of those rules), with
        the player's last choices of seats, strength and name; or why it
        cannot start."""
        rules = self.named_variant(name) if isinstance(name, str) else name
        if isinstance(rules, str):
            return rules
        s = self.settings
        return self.new_game(rules, s.players, s.strength, s.player_name or _("Player"))

    def continue_game(self) -> Session | str:
        """The autosaved game, or why it cannot be continued."""
        return self.games.resume()

    def save(self, session: Session) -> None:
        """Autosave ``session`` now."""
        self.games.save(session)

    def hand_over(self, session: Session) -> None:
        """A hand ended: saved once the player has heard it (see :meth:`flush`)."""
        self.games.hand_over(session)

    def _transcript(self, session: Session) -> tuple[list[str], list[str]]:
        """What the player of ``session`` heard, and its Move log (for the save)."""
        screen = self.screen
        if isinstance(screen, TableScreen) and screen.session is session:
            return list(screen.announcements), list(screen.log)
        said, log, _mark = self.games.restored.get(id(session), ([], [], 0))
        return said, log

    def table(self, session: Session) -> Page:
        """The table screen of a game on this computer; a new game's first
        hand is dealt as it opens, so the first key pressed acts on a hand.
        A continued game's screen has what was heard and the Move log back."""
        screen = self._show(session, 0)
        restored = self.games.restored.pop(id(session), None)
        if restored is not None:
            said, log, mark = restored
            since = [s.text for s in self.speech.history[mark:] if s.kind == "game"]
            screen.announcements[:0] = said + since
            screen.messages[:0] = said + since
            screen.move_log.put_back(log)
        if session.hand is None and not session.game_over:
            session.next_hand()
        # The deal's announcement (or Continue's welcome) says where the player
        # is and ends with their turn: the table's title is not said over it.
        screen.quiet_arrival = True
        return screen

    def menu(self, session: Session | None = None) -> Page:
        """The start screen (leaving ``session``'s table: it is saved first)."""
        if session is not None:
            self.save(session)
        self.close_room()
        self.outputs.shown = lambda text, more: None
        self.outputs.urgent = lambda: False
        self.screen = StartPage(self, self.say)
        return self.screen

    def _show(self, table: Session | RemoteTable, seat: int | None,
              room: RoomInfo | None = None) -> TableScreen:
        deck = "four_color" if self.settings.four_color_deck else "classic"
        # A room's table is shaped like a Session (net/remote.py): the
        # screen reads and acts on it the same way.
        screen = TableScreen(cast(Session, table), seat,
                             TableRenderer(assets_dir() / "cards" / deck), desktop=self,
                             say=self.say, on_refused=self.outputs.refused_cue(table), room=room,
                             on_too_soon=self.outputs.too_soon_cue(table))
        self.screen = screen
        self.outputs.shown, self.outputs.urgent = screen.announce, lambda: screen.acted
        screen.quietly, screen.spoken = self.outputs.quietly(table), self.flush
        self.outputs.watch_from(screen.out_of_game, table)  # (the words held while watching)
        return screen

    # ------------------------------------------------------------------
    # Rooms

    @property
    def rooms(self) -> Rooms:
        """The rooms, made on first use: the network modules (asyncio above
        all) add about 130 ms to the launch (measured with ``python -X importtime``),
        which a player who never opens a room should not wait for."""
        if self._rooms is None:
            from .rooms import Rooms  # late, for the launch time (above)

            self._rooms = Rooms(self.data, self.outputs, self.hands)
        return self._rooms

    @property
    def remote(self) -> RemoteTable | None:
        """The room this window is joined to, if any."""
        return self._rooms.remote if self._rooms is not None else None

    @property
    def server(self) -> RoomServer | None:
        """The room this window hosts, if any."""
        return self._rooms.server if self._rooms is not None else None

    @property
    def room_bind(self) -> str:
        """Where a hosted room listens (tests use loopback)."""
        return self.rooms.bind

    @room_bind.setter
    def room_bind(self, value: str) -> None:
        self.rooms.bind = value

    @property
    def search_addresses(self) -> tuple[str, ...]:
        """Where a joining player asks for rooms by code."""
        return self.rooms.search_addresses

    @search_addresses.setter
    def search_addresses(self, value: tuple[str, ...]) -> None:
        self.rooms.search_addresses = value

    def create_room(self, variant: str | Variant, players: int, strength: str,
                    name: str) -> Page | str:
        """Host a room and sit at it: its table, or why it could not be opened.
        The code is said at once, digit by digit, to pass on to friends."""
        page = self._room_table(self.rooms.create(variant, players, strength, name))
        if self.remote is not None and not isinstance(page, str):
            self.first_words(page, _(
                "Room created. Its code is {code}. Friends choose Rooms, then Join room, and "
                "type it.").format(code=" ".join(self.remote.code)))
        return page

    def join_room(self, code: str, address: str, name: str) -> Page | str | CertificateQuestion:
        """Join the room with ``code`` (found on the network, or at ``address``,
        an invitation line too), or the question of a host's certificate."""
        got = self.rooms.join(code, address, name)
        return got if isinstance(got, CertificateQuestion) else \
            self._tell_who_is_here(self._room_table(got))

    def _tell_who_is_here(self, page: Page | str) -> Page | str:
        """A player who joins a room hears who is in it, after the table's first
        words; one back at their seat in a game running, where it stands instead."""
        remote = self.remote
        if not isinstance(page, str) and remote is not None \
                and (remote.rejoined or remote.back_after_end):  # (the end heard, once)
            page.quiet_arrival = True  # said instead of the table's title
            remote.tell_where()  # (and whose turn it is)
        elif not isinstance(page, str) and remote is not None:  # seated in a game: said
            seated = room_news("seated", ("",)) if remote.seat is not None and remote.running \
                and remote.tournament_table is None and not remote.seated_said else ""
            self.outputs.tell(remote, " ".join(filter(None, (seated, remote.who_is_here()))))
        return page

    def _room_table(self, joined: RemoteTable | str) -> Page | str:
        if isinstance(joined, str):
            return joined
        room = RoomInfo(joined.code, self.rooms.invitation(joined), copy_text, self.leave_room,
                        self.rooms.fingerprint(joined),
                        lambda: (joined.code, self.rooms.invitation(joined)))  # (moved on)
        page = self._show(joined, joined.seat, room)
        table = joined.table
        arrival = spectator_arrival(joined.welcome.spectator, joined.public, self.rooms.watching,
                                    table is not None and table.started and not table.game_over)
        if arrival is not None:
            self.say(arrival)
        return page

    def leave_room(self) -> None:
        """Leave the room this window is in (a host's room closes with it)."""
        self.rooms.leave()

    def close(self) -> None:
        """The window closes: the game on show is saved as it stands (even
        mid-hand), and a room is left."""
        if isinstance(self.screen, TableScreen):
            self.games.record(self.screen.session)
        self.close_room()
        self.speech.close()  # lets go of the output (and of COM, on its thread)
        self.outputs.bank.close()  # and of the sound device
        self.hands.close()

    def close_room(self) -> None:
        """Close the room's connection, and its server when hosting."""
        if self._rooms is not None:
            self._rooms.close()

    def poll(self) -> bool:
        """Read what a room sent; say it.  True when anything arrived."""
        if self._rooms is None or not self._rooms.poll():
            return False
        self.flush()
        self._room_closed()
        return True

    def _room_closed(self) -> None:
        """The room closed this window's connection (the host removed the
        player, closed the room, the connection was lost): the table no
        longer pretends; the player hears why and is on the Rooms page."""
        from holdem_desktop.i18n.phrases import room_problem  # late, like the rooms

        remote = self.remote
        if remote is None or remote.closed is None or remote.closed == "left":
            return
        problem = room_problem(remote.closed)
        start = self.menu()  # closes the connection (and the server when hosting)
        start.quiet_arrival = True
        rooms = RoomsPage(self, self.say, reason=problem)
        rooms.quiet_arrival = True  # said here, as one sentence
        self.say(_("{problem} You are on the Rooms page.").format(problem=problem))
        self.moves += [Replace(start), Push(rooms)]

    def take_moves(self) -> list[Transition]:
        """The screens to show now (see :attr:`moves`), forgotten once taken."""
        moves, self.moves = self.moves, []
        return moves
