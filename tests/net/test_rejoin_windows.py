"""Issue 31, item 2, in real windows with real speech: two game processes,
each in a window of its own on its own virtual screen and with a Speech
Dispatcher of its own, a LAN room between them, driven by keys only.  On
the flop, on Ada's turn, her game is killed (the process gone): Mara hears
that the game waits for Ada.  A new window of Ada's, on the same data
folder (the seat's token kept on disk), joins by the code; through its
speech Ada hears "Back at the table." with the hand as it stands (her
cards, the board, the pot) and "Your turn", and her check is played."""

from __future__ import annotations

import re
import time

from tests.desktop import virtual_screen, wait_for
from tests.net.test_room_windows import (
    create_room,
    host_pin,
    join_by_keys,
    keys,
    launch,
    needs_windows,
)
from tests.server.test_online_windows import heard
from tests.speech.test_real_speech import private_speechd

pytestmark = needs_windows

TURN = r"(^|\. )Your turn"


def test_a_new_window_back_mid_hand_hears_the_hand_and_the_host_hears_the_wait(tmp_path):
    with private_speechd(tmp_path / "host-speech") as (host_voice, mara), \
            private_speechd(tmp_path / "friend-speech") as (friend_voice, ada), \
            virtual_screen() as host_screen, virtual_screen() as friend_screen:
        host, henv = launch(host_screen, tmp_path / "host", "Mara", host_voice)
        friend = again = None
        try:
            code, port = create_room(host, henv, tmp_path / "host")
            # the host's address with its pin, as the invitation gives it: no question
            address = f"127.0.0.1:{port}?pin={host_pin(tmp_path / 'host')}"
            friend, fenv = launch(friend_screen, tmp_path / "friend", "Ada", friend_voice)
            join_by_keys(fenv, code, address)
            assert wait_for(heard(mara, r"\bAda joined the room\."), 30), mara()[-5:]
            dealing = len(ada())
            keys(henv, "n")  # the host starts the game
            assert wait_for(heard(ada, "New game", dealing), 20), ada()[dealing:]
            hmark, fmark = len(mara()), len(ada())
            keys(henv, "n")
            keys(fenv, "n")  # both ready: the first hand is dealt
            assert wait_for(heard(ada, r"Hand 1\.", dealing), 30), ada()[dealing:]
            # Each checks or calls on their turn until Ada's turn on the flop.
            for _ in range(8):
                maras, adas = heard(mara, TURN, hmark), heard(ada, TURN, fmark)
                assert wait_for(lambda m=maras, a=adas: m() or a(), 30), \
                    (mara()[hmark:], ada()[fmark:])
                hers = bool(adas())
                flop = re.search(r"Flop: ([^.]*)\.", " ".join(ada()[dealing:]))
                if hers and flop is not None:
                    break
                hmark, fmark = len(mara()), len(ada())
                time.sleep(0.6)  # heard, then pressed (a quicker key is typed ahead, ignored)
                keys(fenv if hers else henv, "c")
            else:
                raise AssertionError(("never Ada's turn on the flop", ada()[dealing:]))
            blinds = re.search(r"Blinds ([\d,]+) and ([\d,]+)\.", " ".join(ada()[dealing:]))
            assert blinds is not None, ada()[dealing:]
            pot = 2 * int(blinds.group(2).replace(",", ""))  # called and checked to the flop
            mark = len(ada())
            keys(fenv, "y")  # her cards, before her game goes
            assert wait_for(heard(ada, r"^Your cards: ", mark), 10), ada()[mark:]
            cards = heard(ada, r"^Your cards: ", mark)()[0]

            gone = len(mara())
            friend.kill()  # the process is gone on her turn: no Leave, the socket drops
            friend.wait(timeout=10)
            waits = "The game waits for Ada, who is not connected."
            assert wait_for(heard(mara, re.escape(waits), gone), 20), mara()[gone:]
            assert not heard(mara, "Ada lost the connection", gone)(), mara()[gone:]

            # A new window on her data folder: the token there gives the seat back.
            back = len(ada())
            again, aenv = launch(friend_screen, tmp_path / "friend", "Ada", friend_voice,
                                 log="stderr-again.txt")
            join_by_keys(aenv, code, address)
            told = (rf"^Back at the table\. Hand 1\. {re.escape(cards)} "
                    rf"Board: {re.escape(flop.group(1))}\. Pot: {pot:,}\. "
                    r"(This betting round: Mara checks\. )?You have [\d,]+ chips\. "
                    r"Your turn: you can check\.$")
            assert wait_for(heard(ada, told, back), 90), "\n".join(ada()[back:][-6:])  # (its end)
            assert not heard(ada, r"^Table\.|You are back|In the room:", back)(), ada()[back:]
            assert wait_for(heard(mara, r"\bAda is back\.", gone), 20), mara()[gone:]
            # Her decision is still hers: her check is played, and Mara hears it.
            mark, hmark = len(ada()), len(mara())
            time.sleep(0.6)  # heard, then pressed
            keys(aenv, "c")
            assert wait_for(heard(ada, r"^You check\.", mark), 20), ada()[mark:]
            assert wait_for(heard(mara, r"\bAda checks\.", hmark), 20), mara()[hmark:]
        finally:
            for game in (again, friend, host):
                if game is not None and game.poll() is None:
                    game.terminate()
                    game.wait(timeout=10)
    for log in ("host/stderr.txt", "friend/stderr.txt", "friend/stderr-again.txt"):
        errors = (tmp_path / log).read_text()  # no window died on the way
        assert "Traceback" not in errors, errors
