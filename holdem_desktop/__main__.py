"""Entry point: ``holdem-desktop`` or ``python -m holdem_desktop``.

Parses the command line and chooses the command: play (the default),
``--continue``, ``stats`` (the stored hands' figures), ``serve`` (rooms for
players anywhere) or ``simulate``; the game is built in :mod:`holdem_desktop.app`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from holdem_desktop import __version__
from holdem_desktop.i18n.translate import _


def main(argv: Sequence[str] | None = None) -> int:
    """Start the game (``--continue`` for the autosaved one), or run a developer command."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] in (["stats"], ["serve"]):  # their own options, in their own modules
        if args_list[0] == "stats":
            from holdem_desktop.stats_cli import main as command
            return command(args_list[1:])
        from holdem_desktop.server.main import main as serve  # headless: no pygame at all
        return serve(args_list[1:], prog="holdem-desktop serve")  # named as it was called
    parser = argparse.ArgumentParser(prog="holdem-desktop",
                                     description=_("Texas Hold'em for everyone, by ear or by eye."))
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("stats", help=_("the figures of the hands stored on this computer"))
    commands.add_parser("serve", help=_("host rooms for players anywhere (see serve --help)"))
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
    parser.add_argument("--variant", default=None,
                        help=_("start a game of this variant at once: a shipped one (tournament, "
                               "pot_limit, fixed_limit, heads_up, session), one of yours "
                               "(my:FILE) or a .toml file"))
    parser.add_argument("--version", action="version", version=f"Hold'em Desktop {__version__}")
    args = parser.parse_args(args_list)
    # Each command loads only what it uses (measured: the game's modules
    # take ~270 ms to import, simulate's ~160, --version's ~120).
    if args.command == "simulate":
        from holdem_desktop.simulate import simulate

        return simulate(args)
    from holdem_desktop.app import play

    return play(resume=args.resume, variant=args.variant)


if __name__ == "__main__":
    sys.exit(main())
