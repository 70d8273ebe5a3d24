"""The invitation travels by the real clipboard: two game windows on one
virtual screen (so one X server, one clipboard), each with a private Speech
Dispatcher.  The host creates a room on a ``serve`` process and presses
Copy invitation in the table's Room zone; the friend presses Paste
invitation on the Play online page and Join room, and sits at the table
without typing the server, the code or the certificate's fingerprint: the
pin came with the invitation, so no certificate question is asked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.desktop import virtual_screen, wait_for
from tests.net.test_room_windows import keys, launch
from tests.speech.test_real_speech import missing, private_speechd

from .process import ServeProcess
from .test_online_windows import create_by_keys, heard

pytestmark = pytest.mark.skipif(
    bool(missing), reason="needs Debian packages xvfb xdotool speech-dispatcher "
    f"speech-dispatcher-espeak-ng espeak-ng python3-speechd (missing: {missing})")

Spoken = Callable[[], list[str]]


def test_a_friend_joins_by_the_invitation_pasted_from_the_clipboard(tmp_path: Path) -> None:
    serve = ServeProcess("--bind", "127.0.0.1", "--port", "0", "--self-signed",
                         "--data", str(tmp_path / "server"))
    host = friend = None
    try:
        port = serve.wait_ready()
        with private_speechd(tmp_path / "host-speech") as (host_voice, host_heard), \
                private_speechd(tmp_path / "friend-speech") as (friend_voice, friend_heard), \
                virtual_screen() as screen:
            try:
                host, henv = launch(screen, tmp_path / "host", "Mara", host_voice)
                code = create_by_keys(henv, host_heard, port, serve.fingerprint)

                # The Room zone by its heading (H goes from zone to zone), then
                # past the room code to Copy invitation.
                for _ in range(12):
                    mark = len(host_heard())
                    keys(henv, "h")
                    if wait_for(heard(host_heard, r"^Room\b", mark), 5):
                        break
                else:
                    raise AssertionError(host_heard()[-12:])
                mark = len(host_heard())
                keys(henv, "Tab", "Tab", "Return")
                # said short (the pin is for the clipboard, not the ear); what the
                # clipboard holds is what the friend's window pastes, below
                spaced = " ".join(code)
                assert wait_for(heard(host_heard, rf"^Invitation to room {spaced} copied: ",
                                      mark), 10), host_heard()[mark:]

                # The friend's window on the same screen: the same clipboard.
                friend, fenv = launch(screen, tmp_path / "friend", "Ada", friend_voice)
                keys(fenv, "Tab", "Tab", "Return", "Tab", "Tab", "Return")  # Play online
                assert wait_for(heard(friend_heard, r"^Play online\."), 20), friend_heard()
                mark = len(friend_heard())
                # server, code, name, Join room, Create room, Paste invitation
                keys(fenv, "Tab", "Tab", "Tab", "Tab", "Tab", "Return")
                pasted = heard(friend_heard, r"^Invitation pasted: ", mark)
                assert wait_for(pasted, 10), friend_heard()[mark:]
                assert pasted()[0] == f"Invitation pasted: holdem://127.0.0.1:{port}/{code}", \
                    pasted()[0]
                mark = len(friend_heard())
                keys(fenv, "shift+Tab", "shift+Tab", "shift+Tab", "Return")  # Join room
                assert wait_for(heard(friend_heard, r"^Table\.", mark), 30), \
                    friend_heard()[mark:]
                assert not heard(friend_heard, r"^Unknown certificate", mark)(), \
                    friend_heard()[mark:]
                assert wait_for(heard(host_heard, r"\bAda joined the room\."), 30), \
                    host_heard()[-5:]
            finally:
                for game in (friend, host):
                    if game is not None:
                        game.terminate()
                        game.wait(timeout=10)
    finally:
        serve.stop()
    for who in ("host", "friend"):
        errors = (tmp_path / who / "stderr.txt").read_text()
        assert "Traceback" not in errors, errors
