"""Chat between two real windows (issue 24): each game process on its own
virtual screen (Xvfb, ``-displayfd``), a room between them on loopback; the
joiner (who typed the host's address with its pin) types a line by keys and
the host hears "Ada: …" through a private Speech Dispatcher."""

from __future__ import annotations

import re

from tests.desktop import virtual_screen, wait_for
from tests.net.test_room_windows import (
    create_room,
    host_pin,
    join_by_keys,
    keys,
    launch,
    needs_windows,
    typed,
)
from tests.speech.test_real_speech import speechd  # noqa: F401  (a fixture)

pytestmark = needs_windows


def test_the_joiner_types_a_line_and_the_host_hears_it_by_name(speechd, tmp_path):  # noqa: F811
    address, spoken = speechd
    nowhere = f"unix_socket:{tmp_path / 'none.sock'}"
    with virtual_screen() as host_screen, virtual_screen() as friend_screen:
        host, henv = launch(host_screen, tmp_path / "host", "Mara", address)
        friend = None
        try:
            code, port = create_room(host, henv, tmp_path / "host")
            friend, fenv = launch(friend_screen, tmp_path / "friend", "Ada", nowhere)
            # the address with the host's pin, as the invitation gives it: no question
            join_by_keys(fenv, code, f"127.0.0.1:{port}?pin={host_pin(tmp_path / 'host')}")
            assert wait_for(lambda: any("Ada joined the room." in s for s in spoken()), 20), \
                spoken()
            keys(fenv, "m")  # the chat field, from wherever Ada's focus is
            typed(fenv, "one more game?")
            keys(fenv, "Return")
            assert wait_for(lambda: [s for s in spoken() if re.fullmatch(
                r"Ada: one more game\?", s)], 20), (spoken()[-6:], (
                tmp_path / "friend" / "stderr.txt").read_text()[-2000:])
            # and a quick phrase by its key
            keys(fenv, "ctrl+4")
            assert wait_for(lambda: "Ada: Thanks" in spoken(), 20), spoken()
        finally:
            for game in (friend, host):
                if game is not None:
                    game.terminate()
                    game.wait(timeout=10)
    for who in ("host", "friend"):
        errors = (tmp_path / who / "stderr.txt").read_text()
        assert "Traceback" not in errors, errors
