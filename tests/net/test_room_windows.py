"""Two game processes, each in a real window on its own virtual screen, a
room between them on loopback, driven by key presses only: the friend joins
by the code and the host's address, hears the host's certificate (the room
speaks TLS) and trusts it by keys, leaves in the middle of a hand, joins
again (not asked again) and has the seat back, the hand as it stands, and
her turn (heard through a private Speech Dispatcher)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from holdem_desktop.net.tls import fingerprint_of_file
from tests.desktop import focus_window, virtual_screen, wait_for
from tests.speech.test_real_speech import missing as speech_missing
from tests.speech.test_real_speech import speechd  # noqa: F401  (a fixture)

missing = [*speech_missing, *(t for t in ("ss",) if shutil.which(t) is None)]
needs_windows = pytest.mark.skipif(
    bool(missing), reason="needs Debian packages xvfb xdotool speech-dispatcher "
    f"speech-dispatcher-espeak-ng espeak-ng python3-speechd iproute2 (missing: {missing})")
"""The mark of the tests of room windows with real speech (skipped, saying
what is missing, on a machine without the packages)."""
pytestmark = needs_windows


def launch(display: str, home, name: str, speech: str, *, log: str = "stderr.txt"
           ) -> tuple[subprocess.Popen, dict]:
    """The game in a real window on ``display``, its folders in ``home`` (a
    second launch there finds the first one's data: its rooms' tokens), its
    errors in ``home``/``log``."""
    config = home / "config" / "holdem-desktop"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text(json.dumps(
        {"player_name": name, "players": 2, "strength": "easy", "sounds": False}))
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", SPEECHD_ADDRESS=speech,
               SPEECHD_CMD=str(home / "never-spawn"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"))
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen([sys.executable, "-m", "holdem_desktop"], env=env,
                            stdout=subprocess.DEVNULL,
                            stderr=(home / log).open("w"))  # read on a failure
    focus_window(game.pid, env)  # (keys sent from now on wait in the window's queue)
    return game, env


def keys(env: dict, *names: str) -> None:
    subprocess.run(["xdotool", "key", "--delay", "150", *names], env=env, timeout=30)


def typed(env: dict, text: str) -> None:
    subprocess.run(["xdotool", "type", "--delay", "80", text], env=env, timeout=30)


def listening_port(pid: int) -> int | None:
    """The TCP port process ``pid`` listens on (the room's server)."""
    out = subprocess.run(["ss", "-Hltnp"], capture_output=True, text=True, timeout=10).stdout
    for line in out.splitlines():
        if f"pid={pid}," in line:
            return int(line.split()[3].rsplit(":", 1)[1])
    return None


def create_room(host: subprocess.Popen, henv: dict, home) -> tuple[str, int]:
    """The host's window creates a room by keys (Rooms, Create room, Create):
    its code (from the tokens the window keeps) and the port it listens on."""
    keys(henv, "Tab", "Tab", "Return", "Return", "Return")
    tokens = home / "data" / "holdem-desktop" / "rooms.json"
    assert wait_for(tokens.exists, 20), "the host's room did not open"
    code = next(iter(json.loads(tokens.read_text()))).split("/")[0]
    assert wait_for(lambda: listening_port(host.pid) is not None, 10)
    port = listening_port(host.pid)
    assert port is not None
    return code, port


def host_pin(home) -> str:
    """The fingerprint of the certificate the host's game made and keeps."""
    return fingerprint_of_file(home / "data" / "holdem-desktop" / "room_certificate"
                               / "cert.pem")


def join_by_keys(env: dict, code: str, address: str) -> None:
    """From the start screen: Rooms, Join room, the code, the host's address,
    and Enter in the field: Join."""
    keys(env, "Tab", "Tab", "Return", "Tab", "Return")  # Rooms, Join room
    typed(env, code)
    keys(env, "Tab")
    typed(env, address)
    keys(env, "Return")  # Enter in a field: Join


def stop(*games: subprocess.Popen | None) -> None:
    """End the game processes started (None: one that never was)."""
    for game in games:
        if game is not None:
            game.terminate()
            game.wait(timeout=10)


def no_traceback(tmp_path) -> None:
    """Neither the host's window nor the friend's died on the way."""
    for who in ("host", "friend"):
        errors = (tmp_path / who / "stderr.txt").read_text()
        assert "Traceback" not in errors, errors


@contextmanager
def room_of_two(tmp_path, host_speech: str, friend_speech: str) -> Iterator[tuple[dict, dict]]:
    """Two game windows, each on a virtual screen of its own, speaking to
    ``host_speech`` and ``friend_speech`` (Speech Dispatcher addresses):
    Mara's creates a room by keys, Ada's joins it by keys with the address
    and the host's pin, as an invitation gives them (no question).  Yields
    their environments once Ada is in; both are stopped afterwards, and
    neither may have died on the way."""
    with virtual_screen() as host_screen, virtual_screen() as friend_screen:
        host, henv = launch(host_screen, tmp_path / "host", "Mara", host_speech)
        friend = None
        try:
            code, port = create_room(host, henv, tmp_path / "host")
            friend, fenv = launch(friend_screen, tmp_path / "friend", "Ada", friend_speech)
            join_by_keys(fenv, code, f"127.0.0.1:{port}?pin={host_pin(tmp_path / 'host')}")
            yield henv, fenv
        finally:
            stop(friend, host)
    no_traceback(tmp_path)


def spoken_fingerprint(pin: str) -> str:
    """A fingerprint ("7D:15:D2:04:…") as the certificate page says it: each
    pair spelled, four pairs to a sentence ("7 D, 1 5, D 2, 0 4. …"), so a
    voice does not read "15" as fifteen or "7D:15" as a time of day."""
    pairs = [" ".join(pair) for pair in pin.split(":")]
    return " ".join(", ".join(pairs[k:k + 4]) + "." for k in range(0, len(pairs), 4))


def trust_host_by_keys(env: dict, spoken, address: str, pin: str) -> None:
    """On the Unknown certificate page: hear it, read the fingerprint in
    groups (the host reads theirs from the Room zone), then Trust by keys."""
    start = r"^Unknown certificate\. The room's host at " + re.escape(address) + " shows"
    assert wait_for(lambda: [s for s in spoken() if re.search(start, s)], 30), spoken()[-5:]
    groups = spoken_fingerprint(pin)
    mark = len(spoken())
    keys(env, "Tab", "Tab")  # name, issuer, fingerprint
    assert wait_for(lambda: "Fingerprint: " + groups in spoken()[mark:], 10), spoken()[mark:]
    keys(env, "Tab", "Return")  # Trust this certificate and connect


def test_a_friend_leaves_mid_game_and_comes_back_to_the_same_seat(speechd, tmp_path):  # noqa: F811
    address, spoken = speechd
    nowhere = f"unix_socket:{tmp_path / 'none.sock'}"
    with virtual_screen() as host_screen, virtual_screen() as friend_screen:
        host, henv = launch(host_screen, tmp_path / "host", "Mara", nowhere)
        friend = None
        try:
            code, port = create_room(host, henv, tmp_path / "host")

            friend, fenv = launch(friend_screen, tmp_path / "friend", "Ada", address)

            def join() -> None:
                join_by_keys(fenv, code, f"127.0.0.1:{port}")

            join()
            trust_host_by_keys(fenv, spoken, f"127.0.0.1:{port}", host_pin(tmp_path / "host"))
            assert wait_for(lambda: any(s.startswith("Table.") for s in spoken()), 20), spoken()
            started = len(spoken())
            keys(henv, "n")  # the host starts the game: the friend hears it
            if not wait_for(lambda: any("New game" in s for s in spoken()[started:]), 8):
                # (CI once: nothing in 20 s. A press inside the host's type-ahead guard,
                # set up again as Ada arrived there, is dropped with the "too soon" cue;
                # a player presses again. Had the first one counted after all, this one
                # only says the host is ready, as the next press below does.)
                keys(henv, "n")
            assert wait_for(lambda: any("New game" in s for s in spoken()[started:]), 20), \
                spoken()[started:]
            keys(henv, "n")
            keys(fenv, "n")  # both ready: the first hand is dealt
            assert wait_for(lambda: any("Hand 1." in s for s in spoken()), 20), spoken()

            def said(pattern: str, since: int):
                return lambda: [s for s in spoken()[since:] if re.search(pattern, s)]

            # The hand is left waiting on Mara (whose window nobody plays for): if
            # Ada is to act first she calls, then it is Mara's turn.
            assert wait_for(said(r"Your turn|Mara to act", 0), 20), spoken()
            if "Your turn" in said(r"Your turn|Mara to act", 0)()[-1]:
                mark = len(spoken())
                time.sleep(0.6)  # heard before pressed (see below)
                keys(fenv, "c")
                assert wait_for(said(r"Mara to act", mark), 20), spoken()[mark:]

            left = len(spoken())
            keys(fenv, "Escape", "Tab", "Return")  # Leave the room (its dialog), mid-game
            assert wait_for(lambda: any("New game" in s for s in spoken()[left:]), 20), \
                spoken()[left:]
            before = len(spoken())
            join()  # the certificate trusted: no question this time
            # Issue 31.2: back at the table, where the hand stands and whose turn it is
            # (Mara's: Ada left while the hand waited for her), as one announcement.
            assert wait_for(said(r"^Back at the table\. Hand 1\. Your cards: .*\. "
                                 r"No cards on the board yet\. Pot: [\d,]+\. .*"
                                 r"You have [\d,]+ chips\. Mara to act\.$", before), 20), \
                spoken()[before:]
            mark = len(spoken())
            keys(fenv, "i")  # Read state: a player's, with chips of her own
            assert wait_for(said(r"You have [\d,]+ chips?\.", mark), 10), spoken()[mark:]
            # Issue 28.1: the hand as it stands, at once (not "No hand is being played").
            mark = len(spoken())
            keys(fenv, "y")
            assert wait_for(said(r"^Your cards: ", mark), 10), spoken()[mark:]
            # Mara plays on; Ada's turn comes and her own call or check is played.
            mark = len(spoken())
            for _ in range(4):
                keys(henv, "c")
                if wait_for(said(r"Your turn", mark), 5):
                    break
            assert said(r"Your turn", mark)(), spoken()[mark:]
            time.sleep(0.6)  # Ada hears her turn first (a quicker press is typed ahead, ignored)
            keys(fenv, "c")
            assert wait_for(said(r"\bYou (check|call)", mark), 10), spoken()[mark:]
            heard = spoken()[before:]
            assert not any("you listen until the next game" in s or "You are watching" in s
                           or "No hand is being played" in s or "Unknown certificate" in s
                           or "You are back" in s for s in heard), heard
        finally:
            stop(friend, host)
    no_traceback(tmp_path)
