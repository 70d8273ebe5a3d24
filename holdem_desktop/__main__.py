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
        from .settings import load_settings
        from .speech import Announcer, Speech
        from .speech.speaker import BackgroundSpeaker, auto_speaker
        from .ui.keymap import KeyMap

        loaded = load_settings()
        self.settings = loaded.settings
        self.keymap = KeyMap()
        self.notices = [_("Your settings could not be read; the defaults are used.")
                        for problem, _detail in loaded.problems
                        if problem in ("corrupt", "unreadable")]
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
        from .settings import save_settings

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
        from .audio.bank import SoundListener
        from .session.history import HandHistoryWriter

        HandHistoryWriter(session, self.data / "hands")
        from .speech import Announcer

        announcer = Announcer(0, lambda seat: session.seats[seat].name, self._announce,
                              self._speech_options())
        session.subscribe(announcer)
        self.announcers[id(session)] = announcer
        listener = SoundListener(self.bank, 0)
        session.subscribe(listener)
        self.sounds[id(session)] = listener
        self.plans[id(session)] = plans
        return session

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
        self.screen = StartPage(self, self.say)
        return self.screen


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
              desktop.keymap, after_input=desktop.flush)
    for notice in desktop.notices:
        app.screen.say(notice)
    app.run(max_events)
    w, h = app.surface.get_size()
    save_settings(desktop.settings.updated(window_width=w, window_height=h))
    return 0


if __name__ == "__main__":
    sys.exit(main())
