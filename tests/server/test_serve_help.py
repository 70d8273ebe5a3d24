"""``holdem-desktop serve --help`` (issue 33, item 11): it names itself as
it was called (not holdem-server), and every option says what it does and
in what unit (a count, seconds, a file...), with its default where it has
one; a bad setting's message starts with the same name.  Run as a player
runs it: the real command in a process of its own."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from holdem_desktop.server.config import _parser
from holdem_desktop.server.main import main as serve

ROOT = Path(__file__).resolve().parents[2]
UNITS = {"COUNT", "SECONDS", "PORT", "FILE", "FOLDER", "ADDRESS", "URL", "HOST:PORT", "HEADER"}


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "holdem_desktop", *args], env=env,
                          capture_output=True, text=True, timeout=60, check=False)


def test_serve_help_names_itself_and_explains_every_option():
    done = _run("serve", "--help")
    assert done.returncode == 0
    assert done.stdout.startswith("usage: holdem-desktop serve ")
    assert "holdem-server" not in done.stdout
    # tournaments are opt-in, their tables rooms (issue 35)
    flat = " ".join(done.stdout.split())
    assert ("--tournaments FILE a TOML file of the tournaments this server offers "
            "(each table a room where people play and others watch)") in flat
    options = [a for a in _parser()._actions if a.option_strings and a.dest != "help"]
    assert len(options) >= 24  # (the issue counted 24; every one is checked)
    for action in options:
        assert action.help, action.option_strings
        assert action.option_strings[0] in done.stdout
        if action.nargs == 0:  # a switch: no value, no unit
            continue
        shown = action.metavar or action.dest.upper()  # (argparse names --port PORT)
        assert shown in UNITS, (action.option_strings, shown)
        if action.type in (int, float) and action.dest != "port":
            assert re.search(r"\(default: [0-9.]+\)", action.help), action.option_strings


def test_a_bad_setting_is_reported_under_the_same_name(tmp_path):
    done = _run("serve", "--config", str(tmp_path / "missing.toml"))
    assert done.returncode == 2
    assert done.stderr.startswith("holdem-desktop serve: The settings file ")


def test_holdem_server_keeps_its_own_name(capsys):
    with pytest.raises(SystemExit):
        serve(["--help"])
    assert capsys.readouterr().out.startswith("usage: holdem-server ")
