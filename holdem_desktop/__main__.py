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
from gettext import gettext as _
from pathlib import Path

from . import __version__


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


def play(resume: bool = False, max_events: int | None = None) -> int:
    """Open the window and play against computer players."""
    import platformdirs

    from .ai.character import random_characters
    from .audio.bank import SoundBank, SoundListener
    from .engine.variant import shipped_variant
    from .resources import assets_dir
    from .saves import SaveError, SeatPlan, autosave_path, load_game, save_game
    from .session import HumanController, Session
    from .session.history import HandHistoryWriter
    from .settings import load_settings, save_settings
    from .ui.app import App, TableScreen
    from .ui.draw import TableRenderer

    loaded = load_settings()
    settings = loaded.settings
    notices = [_("Your settings could not be read; the defaults are used.")
               for problem, _detail in loaded.problems if problem in ("corrupt", "unreadable")]
    session = None
    plans: list[SeatPlan] = []
    if resume:
        try:
            session, plans = load_game()
        except SaveError:
            notices.append(_("There is no saved game to continue; a new game starts."))
    if session is None:
        rng = random.Random()
        variant = shipped_variant(settings.variant)
        n = max(variant.min_players, min(variant.max_players, settings.players))
        characters = random_characters(rng, n - 1)
        plans = [SeatPlan("human")] + [SeatPlan(settings.strength, c) for c in characters]
        name = settings.player_name or _("Player")
        players = [(name, HumanController())] + [
            (c.name, plan.controller(random.Random(rng.random())))
            for c, plan in zip(characters, plans[1:], strict=True)]
        session = Session(variant, players)
        session.start()
    data = Path(platformdirs.user_data_dir("holdem-desktop", appauthor=False))
    HandHistoryWriter(session, data / "hands")
    bank = SoundBank(volume=settings.sound_volume, muted=not settings.sounds)
    session.subscribe(SoundListener(bank, 0))
    if not bank.available:
        notices.append(_("No sound device was found: the game runs silently."))
    deck = "four_color" if settings.four_color_deck else "classic"
    screen = TableScreen(session, 0, TableRenderer(assets_dir() / "cards" / deck))
    screen.on_hand_over = lambda: save_game(session, plans, autosave_path())
    for notice in notices:
        screen.say(notice)
    app = App(screen, (settings.window_width, settings.window_height))
    app.run(max_events)
    w, h = app.surface.get_size()
    save_settings(settings.updated(window_width=w, window_height=h))
    return 0


if __name__ == "__main__":
    sys.exit(main())
