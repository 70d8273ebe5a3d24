"""``holdem-desktop stats``: the statistics of the hands stored on this
computer, on the command line — ``--import DIR`` reads every PHH file under
DIR into the store first; ``--json`` prints every player's figures as JSON,
``--csv`` as CSV, ``--export FILE`` writes every stored hand as PHH."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import platformdirs

from holdem_desktop.i18n.records import store_problem
from holdem_desktop.i18n.translate import _
from holdem_desktop.settings import APP, load_settings
from holdem_desktop.store import HandStore, store_path
from holdem_desktop.store.stats import export_phh, import_phh, my_stats, player_stats, stats_csv

__all__ = ["main", "stats"]


def main(argv: list[str]) -> int:
    """``holdem-desktop stats [options]``; output cut short (``| head``) is no error."""
    try:
        return _main(argv)
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (Python's advice for a closed pipe)
        return 0


def _main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="holdem-desktop stats", description=_(
        "The figures of the hands stored on this computer."))
    parser.add_argument("--import", dest="folder", default=None, metavar="DIR",
                        help=_("first read every PHH hand history under DIR into the store"))
    parser.add_argument("--me", default=None,
                        help=_("your name in the imported hands (default: your player name)"))
    parser.add_argument("--json", action="store_true",
                        help=_("print every player's figures as JSON"))
    parser.add_argument("--csv", action="store_true",
                        help=_("print every player's figures as CSV"))
    parser.add_argument("--export", default=None, metavar="FILE",
                        help=_("write every stored hand to FILE as PHH"))
    parser.add_argument("--data", default=None, help=argparse.SUPPRESS)
    return stats(parser.parse_args(argv))


def _notice(reason: str) -> None:
    print(store_problem(reason), file=sys.stderr)


def stats(args: argparse.Namespace) -> int:
    """Run the ``stats`` command."""
    data = Path(args.data) if args.data else Path(platformdirs.user_data_dir(APP,
                                                                             appauthor=False))
    store = HandStore(store_path(data), _notice)
    try:
        if args.folder is not None:
            folder = Path(args.folder)
            if not folder.is_dir():
                print(_("There is no folder {path}.").format(path=folder), file=sys.stderr)
                return 2
            me = args.me if args.me is not None else load_settings().settings.player_name or None
            done = import_phh(store, folder, me)
            for problem in done.problems:
                print(problem, file=sys.stderr)
            print(_("Imported {hands} hands from {files} files ({skipped} already stored).")
                  .format(hands=done.hands, files=done.files, skipped=done.skipped),
                  file=sys.stderr if args.json or args.csv else sys.stdout)
        players = player_stats(store)
        if args.export is not None:
            Path(args.export).write_text(export_phh(store), encoding="utf-8")
        if args.json:
            print(json.dumps({"players": {name: f.as_json() for name, f in players.items()}},
                             ensure_ascii=False))
        elif args.csv:
            sys.stdout.write(stats_csv(players))
        elif args.folder is None and args.export is None:
            mine = my_stats(store).overall
            if not mine.hands:
                print(_("No hand of yours is stored yet (import with --me NAME to find you "
                        "in hand histories)."))
                return 0
            print(_("hands played: {n}").format(n=mine.hands))
            print(_("VPIP {vpip}%, PFR {pfr}%, aggression {af}").format(
                vpip=mine.vpip, pfr=mine.pfr, af=mine.aggression))
            print(_("result: {net} chips, {bb} big blinds per 100 hands").format(
                net=mine.net, bb=mine.bb_per_100))
    finally:
        store.close()
    return 0
