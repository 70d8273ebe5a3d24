"""What the player hears: the screen reader (through :class:`Speech`), the
announcers that turn a table's events into sentences, and the sounds."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Protocol

from holdem_desktop.audio.bank import TOGETHER, SoundBank, SoundListener
from holdem_desktop.audio.chart import play_chart
from holdem_desktop.i18n.translate import _
from holdem_desktop.settings import Settings
from holdem_desktop.speech import Announcer, Speech, SpeechOptions, start_voice
from holdem_desktop.speech.announcer import gathered_pots, next_hand_waits, pot_now, stack_now
from holdem_desktop.speech.chat import ChatVoice
from holdem_desktop.speech.speaker import Speaker
from holdem_desktop.speech.watching import WatchVoice, played_on_without

from .alert import TurnAlert
from .kept_files import KeptFiles

if TYPE_CHECKING:
    from holdem_desktop.ui.out_of_game import OutOfTheGame

__all__ = ["Outputs", "Table", "speech_options"]


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class Table(Protocol):
    """What the outputs listen to: a game on this computer (a ``Session``)
    or a room's table (a ``RemoteTable``)."""

    @property
    def seats(self) -> Sequence[_Named]: ...

    def subscribe(self, listener: Callable[[object], None]) -> None: ...


def speech_options(settings: Settings) -> SpeechOptions:
    """The settings that change what is said."""
    return SpeechOptions(brief=settings.verbosity == "brief", suits=settings.speak_suits,
                         hints=settings.beginner_hints)


class Outputs:
    """Speech and sounds for the tables this window shows."""

    def __init__(self, settings: Settings, speaker: Speaker | None = None) -> None:
        self.bank = SoundBank(volume=settings.sound_volume, muted=not settings.sounds,
                              together=TOGETHER)
        self.notices: list[str] = []
        self.kept = KeptFiles()
        """The small files kept beside the settings (a seat's token, a hand's
        history): a write that fails is said once (:mod:`.kept_files`)."""
        if not self.bank.available:
            self.notices.append(_("No sound device was found: the game runs silently."))
        # The voice (the screen reader, else the system's) is found and
        # started on a thread of its own: the window never waits for it.
        self._own_voice = speaker is None
        """False when a speaker was given (tests): the settings never replace it."""
        self.speech_output = "auto" if settings.speech_output == "off" else settings.speech_output
        """The voice running: with speech off it still runs, muted, so that the
        way back is spoken at once (the automatic one after a launch with speech off)."""
        self.speech = Speech(speaker if speaker is not None else start_voice(self.speech_output))
        self.speech.muted = settings.speech_output == "off"
        self.speech.settings(settings.speech_rate, settings.speech_volume)
        self.options = speech_options(settings)
        self.announcers: dict[int, Announcer] = {}
        self.watches: dict[int, WatchVoice] = {}
        """A room table's words held while its player only watches
        (:mod:`holdem_desktop.speech.watching`)."""
        self.sounds: dict[int, SoundListener] = {}
        self.alerts: dict[int, TurnAlert] = {}
        """Each table's turn alert (the window not in front: :mod:`.alert`)."""
        self.urgent: Callable[[], bool] = lambda: False
        """Whether what is announced now was set off by the player's own move
        (it then cuts off a read-out the player asked for)."""
        self.shown: Callable[[str, bool], None] = lambda text, more: None
        """The table on show keeps each announcement (for Repeat and history);
        with ``more``, ``text`` adds to the last one."""
        self.chat_speech = settings.chat_speech
        self.voices: dict[int, ChatVoice] = {}
        """Each room table's chat lines waiting to be said."""

    def say(self, text: str) -> None:
        """What the player asked for (focus, keys, refusals): spoken at once."""
        self.speech.say(text)

    def play_chart(self, values: Sequence[int]) -> bool:
        """Play a chart as a tone sweep at the sounds' volume; False when silent."""
        if not self.bank.available or self.bank.muted:
            return False
        return play_chart(values, volume=self.bank.volume)

    def reply(self, text: str) -> None:
        """A late answer to what the player did (the room's "Sent." for a
        chat line, or its refusal): said after what is being said."""
        self.speech.reply(text)

    def announce(self, text: str, own: bool = False) -> None:
        """A game announcement: queued behind the last one, and kept by the
        table; begun by the player's own move (``own``, or what a key of
        theirs set off at once), it cuts off a read-out or a chat line."""
        self.speech.announce(text, urgent=own or self.urgent())
        self.shown(text, False)

    def grow(self, text: str) -> None:
        """More of the announcement the player's own move began, said as it happens."""
        self.speech.grow(text)
        self.shown(text, True)

    def attach(self, table: Table, seat: int | None, room: bool = False) -> None:
        """Speech and sounds for the player at ``seat`` of ``table`` (a
        ``room``'s: while the player only watches, or is away while it plays
        on without them, its hands are said as the voice can follow them,
        :mod:`~holdem_desktop.speech.watching`)."""
        watch: WatchVoice | None = None
        announcer = Announcer(seat, lambda k: table.seats[k].name,
                              lambda text: watch.add(text) if watch else self.announce(text),
                              self.options,
                              grow=lambda text: watch.more(text, self.grow) if watch
                              else self.grow(text),
                              begin=lambda text: self.announce(text, True),
                              stand_in=lambda: bool(getattr(table, "computer_plays", False)),
                              pots=lambda: gathered_pots(table),
                              stack=lambda seat: stack_now(table, seat),
                              waits=lambda: next_hand_waits(table, announcer.seat),
                              pot=lambda: pot_now(table))
        if room:
            watch = WatchVoice(self.announce, self.speech.idle, lambda: announcer.seat,
                               lambda k: table.seats[k].name, announcer.flush,
                               lambda: getattr(table, "tournament_table", None) is not None,
                               lambda: played_on_without(table, announcer.seat))
            self.watches[id(table)] = watch
            table.subscribe(watch)  # (before the announcer: it sees where a hand begins)
        table.subscribe(announcer)
        self.announcers[id(table)] = announcer
        alert = TurnAlert(seat)  # the turn while the window is not in front
        listener = SoundListener(self.bank, seat, in_front=alert.in_front)
        table.subscribe(listener)
        self.sounds[id(table)] = listener
        table.subscribe(alert)
        self.alerts[id(table)] = alert

    def follow(self, table: object, seat: int | None) -> None:
        """The player was given ``seat`` at ``table`` (a room's new game):
        what is said and played follows it."""
        announcer = self.announcers.get(id(table))
        if announcer is not None:
            announcer.seat = seat
        sounds = self.sounds.get(id(table))
        if sounds is not None:
            sounds.seat = seat
        alert = self.alerts.get(id(table))
        if alert is not None:
            alert.seat = seat

    def quietly(self, table: Table) -> Callable[[], AbstractContextManager[None]]:
        """A hold on ``table``'s speech, sounds and turn alert: what it sets
        off inside is neither said nor played (the rest of a game played out
        straight to the places)."""
        ours = [d.get(id(table)) for d in (self.announcers, self.sounds, self.alerts,
                                            self.watches)]

        @contextmanager
        def held() -> Iterator[None]:
            listeners: list[object] = getattr(table, "listeners", [])
            before = list(listeners)
            listeners[:] = [x for x in before if x not in ours]
            try:
                yield
            finally:  # back as they were, in their order
                listeners[:] = before + [x for x in listeners if x not in before]
        return held

    def refused_cue(self, table: object) -> Callable[[], None]:
        """The error cue of ``table``'s sounds (nothing when it has none)."""
        sounds = self.sounds.get(id(table))
        return sounds.refused if sounds is not None else lambda: None

    def too_soon_cue(self, table: object) -> Callable[[], None]:
        """The "too soon" cue of ``table``'s sounds (a key typed ahead, ignored)."""
        sounds = self.sounds.get(id(table))
        return sounds.too_soon if sounds is not None else lambda: None

    def cue(self, cue: str) -> None:
        """A sound cue the room's news calls for (the time bank starting)."""
        self.bank.play(cue)

    def tell(self, table: object, text: str) -> None:
        """Add ``text`` to what ``table``'s next announcement says (after the
        words of the screen that is opening, never cutting them off); while
        the table's words are held (the player only watches, or is away),
        said at once: the room's news is never held back, nor left out with
        a hand gone by (the hand's words before it stay in their hand)."""
        announcer = self.announcers.get(id(table))
        watch = self.watches.get(id(table))
        if watch is not None and watch.watching():
            if announcer is not None:
                announcer.flush()
            self.announce(text)
        elif announcer is not None:
            announcer.pending.append(text)
        else:
            self.announce(text)

    def news(self, table: object, text: str, what: str) -> None:
        """A sentence of a tournament's news at ``table``, after its hand's
        words (held with them while the player only watches)."""
        watch = self.watches.get(id(table))
        if watch is not None:
            watch.news(text, what)
        else:
            self.announce(text)

    def release(self, table: object, now: bool = False, out: bool = False) -> None:
        """What ``table``'s words held while the player only watches, to the
        voice once it has said the rest (``now``: at once); ``out``: the
        player is out of the game there (a tournament's news said so), and
        only watches from now on."""
        watch = self.watches.get(id(table))
        if watch is not None:
            watch.release(now)
            watch.out = watch.out or out

    def watch_from(self, out_of_game: OutOfTheGame, table: object) -> None:
        """``table``'s screen, at each turn while it is on top (never over a
        dialog's words), hands the words held while the player only watches
        to the voice as it can take them, and asks whether all are said
        (:class:`~holdem_desktop.ui.out_of_game.OutOfTheGame`)."""
        out_of_game.catch_up = lambda: self.release(table)
        out_of_game.said = lambda: self.said(table)

    def said(self, table: object) -> bool:
        """Whether every word of ``table`` is with the voice, and said."""
        watch = self.watches.get(id(table))
        return (watch is None or not watch.held) and self.speech.idle()

    def flush(self, table: object) -> None:
        """Say what the last input set off at ``table``, as one announcement;
        then the chat lines that arrived meanwhile, queued behind it (never
        while the player's own move is on its way to the room: they follow it)."""
        announcer = self.announcers.get(id(table))
        if announcer is not None:
            announcer.flush()
        voice = self.voices.get(id(table))
        if voice is not None:
            voice.release(bool(getattr(table, "my_turn", False)),
                          bool(getattr(table, "moving", False)))

    def chat(self, table: object, text: str) -> None:
        """A chat line at ``table`` ("Ana: one more game?"): said with a soft
        cue after the game's announcement of the moment, when the setting
        lets it (see :mod:`holdem_desktop.speech.chat`)."""
        voice = self.voices.get(id(table))
        if voice is None:
            voice = self.voices[id(table)] = ChatVoice(
                self.speech.chat, lambda: self.bank.play("chat"), self.chat_speech)
        voice.add(text, after_move=bool(getattr(table, "moving", False)))

    def apply(self, settings: Settings) -> None:
        """New settings: the voice, volumes, mute, speech rate and what is said."""
        off = settings.speech_output == "off"
        if self._own_voice and not off and settings.speech_output != self.speech_output:
            self.speech_output = settings.speech_output
            self.speech.use(start_voice(settings.speech_output))  # rate and volume carry over
        self.speech.muted = off
        self.bank.volume = settings.sound_volume
        self.bank.muted = not settings.sounds
        self.speech.settings(settings.speech_rate, settings.speech_volume)
        self.options = speech_options(settings)
        self.chat_speech = settings.chat_speech
        for voice in self.voices.values():
            voice.mode = settings.chat_speech
        for announcer in self.announcers.values():
            announcer.set_options(self.options)
