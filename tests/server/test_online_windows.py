"""Two desktops in real windows, each on its own virtual screen, driven by
key presses only, play in a room on a ``holdem-desktop serve`` process over
``wss://`` with a self-signed certificate: the host creates the room on the
server, hears the unknown certificate and trusts it by keys; the friend
joins by the server and the code (through a TCP proxy the test controls)
and trusts it too; each hears the other by name through a private Speech
Dispatcher of their own.  Mid-hand, at the friend's decision, the proxy
cuts her link: she hears "Connection lost, reconnecting…", the link comes
back, she hears "Back at the table." with the hand as it stands (the same
cards) and her turn, and her call is played at the decision she left."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from holdem_desktop.server.store import last_save
from tests.desktop import virtual_screen, wait_for
from tests.net.test_room_windows import keys, launch, spoken_fingerprint, typed
from tests.speech.test_real_speech import missing, private_speechd

from .process import ServeProcess
from .proxy import Proxy

pytestmark = pytest.mark.skipif(
    bool(missing), reason="needs Debian packages xvfb xdotool speech-dispatcher "
    f"speech-dispatcher-espeak-ng espeak-ng python3-speechd (missing: {missing})")

Spoken = Callable[[], list[str]]


def heard(spoken: Spoken, pattern: str, since: int = 0) -> Callable[[], list[str]]:
    """What was said since ``since`` that matches ``pattern`` (a predicate for wait_for)."""
    return lambda: [s for s in spoken()[since:] if re.search(pattern, s)]


def the_game_saved(data: Path, code: str) -> object:
    """The game part of the room as the server saved it after the last action
    (its clock aside: the room is saved again when someone leaves or comes back)."""
    game = last_save(data / "rooms" / f"{code}.json")["game"]
    game["session"].pop("minutes_played")
    return game


def differences(a: object, b: object, at: str = "") -> list[str]:
    """Where two JSON values differ (paths), for a readable failure."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in sorted(a.keys() | b.keys())
                for d in differences(a.get(k), b.get(k), f"{at}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for k, (x, y) in enumerate(zip(a, b, strict=True))
                for d in differences(x, y, f"{at}[{k}]")]
    return [] if a == b else [f"{at}: {a!r} -> {b!r}"]


def trust_by_keys(env: dict[str, str], spoken: Spoken, server: str, fingerprint: str) -> None:
    """On the Unknown certificate page: hear it, read the fingerprint in
    groups, then Trust this certificate and connect."""
    assert wait_for(heard(spoken, rf"^Unknown certificate\. The server {re.escape(server)} "
                                  "shows a certificate"), 30), spoken()[-5:]
    groups = spoken_fingerprint(fingerprint)
    mark = len(spoken())
    keys(env, "Tab", "Tab")  # name, issuer, fingerprint
    assert wait_for(heard(spoken, "^Fingerprint: " + re.escape(groups) + "$", mark), 10), \
        spoken()[mark:]
    keys(env, "Tab", "Return")  # Trust this certificate and connect


def create_by_keys(env: dict[str, str], spoken: Spoken, port: int, fingerprint: str) -> str:
    """From the start screen: Rooms, Play online, the server's address, Create
    room on this server, Create, and Trust its certificate; the room's code."""
    # Rooms, Play online; the server; past the code, name and Join to Create
    # room on this server; Enter in the form: Create.
    keys(env, "Tab", "Tab", "Return", "Tab", "Tab", "Return")
    assert wait_for(heard(spoken, r"^Play online\."), 20), spoken()
    typed(env, f"127.0.0.1:{port}")
    keys(env, "Tab", "Tab", "Tab", "Tab", "Return")
    assert wait_for(heard(spoken, r"^Create room\."), 20), spoken()[-3:]
    keys(env, "Return")
    trust_by_keys(env, spoken, f"127.0.0.1:{port}", fingerprint)
    created = heard(spoken, r"Room created on the server\. Its code is ([\d ]{11})\.")
    assert wait_for(created, 30), spoken()[-5:]
    found = re.search(r"Its code is ([\d ]{11})\.", created()[0])
    assert found is not None
    return found.group(1).replace(" ", "")


def test_two_windows_play_on_a_server_and_the_friend_comes_back_after_a_cut(tmp_path: Path) -> None:
    data = tmp_path / "server"
    serve = ServeProcess("--bind", "127.0.0.1", "--port", "0", "--self-signed",
                         "--data", str(data))
    proxy: Proxy | None = None
    host = friend = None
    try:
        port = serve.wait_ready()
        proxy = Proxy(port)  # the friend's link, which the test cuts and restores
        with private_speechd(tmp_path / "host-speech") as (host_voice, host_heard), \
                private_speechd(tmp_path / "friend-speech") as (friend_voice, friend_heard), \
                virtual_screen() as host_screen, virtual_screen() as friend_screen:
            try:
                host, henv = launch(host_screen, tmp_path / "host", "Mara", host_voice)
                code = create_by_keys(henv, host_heard, port, serve.fingerprint)

                friend, fenv = launch(friend_screen, tmp_path / "friend", "Ada", friend_voice)
                keys(fenv, "Tab", "Tab", "Return", "Tab", "Tab", "Return")  # Rooms, Play online
                assert wait_for(heard(friend_heard, r"^Play online\."), 20), friend_heard()
                typed(fenv, f"127.0.0.1:{proxy.port}")
                keys(fenv, "Tab")
                typed(fenv, code)
                keys(fenv, "Return")  # Enter in a field: Join room
                trust_by_keys(fenv, friend_heard, f"127.0.0.1:{proxy.port}", serve.fingerprint)
                assert wait_for(heard(friend_heard, r"^Table\."), 30), friend_heard()[-5:]
                # Mara hears Ada by name (and Ada Mara, below, once the cards are dealt)
                assert wait_for(heard(host_heard, r"\bAda joined the room\."), 30), \
                    host_heard()[-5:]

                mark = len(friend_heard())
                keys(henv, "n")  # the host starts the game: the friend hears it
                assert wait_for(heard(friend_heard, "New game", mark), 20), friend_heard()[mark:]
                keys(henv, "n")
                keys(fenv, "n")  # both ready: the first hand is dealt
                assert wait_for(heard(friend_heard, r"Hand 1\."), 30), friend_heard()[mark:]
                assert wait_for(heard(friend_heard, r"\bMara\b", mark), 20), friend_heard()[mark:]

                # Until it is Ada's turn: when Mara is to act first, she calls.
                turn = heard(friend_heard, r"Your turn|Mara to act")
                assert wait_for(turn, 30), friend_heard()[mark:]
                if "Your turn" not in turn()[-1]:
                    assert wait_for(heard(host_heard, r"Your turn"), 20), host_heard()[-5:]
                    mark = len(friend_heard())
                    time.sleep(0.6)  # type-ahead guard (0.3 s, ui/table.py): heard, then pressed
                    keys(henv, "c")
                    assert wait_for(heard(friend_heard, r"^Mara (calls|checks)", mark), 20), \
                        friend_heard()[mark:]
                    assert wait_for(heard(friend_heard, r"Your turn", mark), 20), \
                        friend_heard()[mark:]
                mark = len(friend_heard())
                keys(fenv, "y")  # her cards, before the cut
                assert wait_for(heard(friend_heard, r"^Your cards: ", mark), 10), \
                    friend_heard()[mark:]
                cards = heard(friend_heard, r"^Your cards: ", mark)()[0]
                assert wait_for(lambda: (data / "rooms" / f"{code}.json").exists(), 10)
                decision = the_game_saved(data, code)

                decided = re.findall(r"Your turn: [^.]*\.", " ".join(friend_heard()))[-1]
                cut = len(friend_heard())
                proxy.cut()
                assert wait_for(heard(friend_heard, "^Connection lost, reconnecting…$", cut), 20), \
                    friend_heard()[cut:]
                proxy.restore()
                # back at the table: the hand as it stands, with the same cards, and
                # the decision she was at said again, as one announcement
                back = heard(friend_heard, r"^Back at the table\. Hand 1\. "
                             + re.escape(cards) + r" .* Pot: [\d,]+\. .*"
                             + re.escape(decided) + "$", cut)
                assert wait_for(back, 40), (cards, decided, friend_heard()[cut:])
                # nothing was played meanwhile
                assert not differences(decision, the_game_saved(data, code)), \
                    differences(decision, the_game_saved(data, code))
                mark = len(friend_heard())
                keys(fenv, "y")
                assert wait_for(heard(friend_heard, r"^Your cards: ", mark), 10), \
                    friend_heard()[mark:]
                assert heard(friend_heard, r"^Your cards: ", mark)()[0] == cards
                # her decision is still hers: her call (or check) is played at it, and
                # Mara hears it by name
                host_mark = len(host_heard())
                time.sleep(0.6)  # type-ahead guard (0.3 s, ui/table.py): heard, then pressed
                keys(fenv, "c")
                assert wait_for(heard(friend_heard, r"\bYou (check|call)", mark), 20), \
                    friend_heard()[mark:]
                assert wait_for(heard(host_heard, r"^Ada (checks|calls)", host_mark), 20), \
                    host_heard()[host_mark:]
                assert the_game_saved(data, code) != decision
                after_cut = friend_heard()[cut:]
                assert not any(re.search(r"Hand 2\.|No hand is being played|You are watching"
                                         r"|You are back", s)
                               for s in after_cut), after_cut
            finally:
                for game in (friend, host):
                    if game is not None:
                        game.terminate()
                        game.wait(timeout=10)
    finally:
        if proxy is not None:
            proxy.close()
        serve.stop()
    for who in ("host", "friend"):  # neither window died on the way
        errors = (tmp_path / who / "stderr.txt").read_text()
        assert "Traceback" not in errors, errors
    assert not [e for e in serve.errors if "Traceback" in e], serve.errors
