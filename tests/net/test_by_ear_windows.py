"""Issue 31, items 1 and 3, in one run of two real windows: each game
process on its own virtual screen (Xvfb, ``-displayfd``), a room between
them on loopback, driven by key presses only (xdotool); the host (Mara)
heard through a private Speech Dispatcher, whose log says what it was
told to say and each order to stop speaking (the interrupt reaching the
real output).

- Item 3: the chat field echoes each letter typed and erased; "Sent." is
  said once the room relayed a line, and a flood of quick phrases hears
  "Sent" only for those the room relayed, the refusal for the others.
- Item 1: Mara's own move cuts off the read-out she asked for (I, then
  C) and a friend's chat line being said: a cancel reaches Speech
  Dispatcher right before "You call …" / "You check.".
"""

from __future__ import annotations

import re
import subprocess
import time

from tests.desktop import wait_for
from tests.net.test_room_windows import keys, needs_windows, room_of_two, typed
from tests.speech.test_real_speech import heard, speechd  # noqa: F401  (a fixture)

pytestmark = needs_windows

MOVE = re.compile(r"^You (call [\d,]+|check)\.")
REFUSED = ("Slow down", "You are sending too much", "The room is busy", "You just said that")


def cut_before(log: list[tuple[str, str]], said: int) -> bool:
    """Whether Speech Dispatcher was told to stop speaking right before the
    message at ``said`` (nothing queued in between)."""
    return said > 0 and log[said - 1] == ("cancel", "")


def test_a_room_by_ear_echo_sent_and_my_move_cutting_in(speechd, tmp_path):  # noqa: F811
    address, spoken = speechd
    home = tmp_path / "speechd"
    nowhere = f"unix_socket:{tmp_path / 'none.sock'}"

    def since(mark: int) -> list[str]:
        return spoken()[mark:]

    with room_of_two(tmp_path, address, nowhere) as (henv, fenv):
        assert wait_for(lambda: any("Ada joined the room." in s for s in spoken()), 20), \
            spoken()[-5:]

        # -- item 3: the chat field echoes; "Sent." once the room has the line
        mark = len(spoken())
        keys(henv, "m")
        assert wait_for(lambda: any(s.startswith("Chat. Type a line") for s in since(mark)),
                        10), since(mark)
        subprocess.run(["xdotool", "type", "--delay", "250", "hey"], env=henv, timeout=30)
        keys(henv, "BackSpace")
        assert wait_for(lambda: "y erased" in since(mark), 10), since(mark)
        # each letter echoed (one the next cuts off before it is handed to the voice
        # may be dropped, as a screen reader cuts it off)
        echoed = [s for s in since(mark) if s in ("h", "e", "y", "y erased")]
        assert len(echoed) >= 3 and echoed[-1] == "y erased", since(mark)
        assert echoed[:-1] == [c for c in "hey" if c in echoed[:-1]], echoed
        typed(henv, "llo")
        mark = len(spoken())
        keys(henv, "Return")
        assert wait_for(lambda: "Sent." in since(mark), 10), since(mark)

        # a flood of quick phrases, as fast as the keys go: each answered once, truly
        mark = len(spoken())
        quick = ["ctrl+1", "ctrl+2", "ctrl+3", "ctrl+4", "ctrl+1", "ctrl+2", "ctrl+3"]
        subprocess.run(["xdotool", "key", "--delay", "40", *quick], env=henv, timeout=30)

        def answers() -> list[str]:
            return [s for s in since(mark) if s.startswith(("Sent", *REFUSED))]

        assert wait_for(lambda: len(answers()) >= 7, 20), since(mark)
        sent = [s for s in answers() if s.startswith("Sent")]
        refused = [s for s in answers() if s.startswith(REFUSED)]
        assert len(answers()) == 7 and len(sent) + len(refused) == 7, answers()
        assert 1 <= len(sent) <= 4 and refused, answers()  # the flood limit said so
        assert answers()[:len(sent)] == sent  # the first ones went, then the refusals
        assert any(s.startswith("You are sending too much") for s in refused), refused

        # -- item 1: the game; Mara's own moves cut in
        mark = len(spoken())
        keys(henv, "n")  # New game (the host)
        assert wait_for(lambda: any("New game" in s for s in since(mark)), 20), since(mark)
        keys(henv, "n")
        keys(fenv, "n")  # both ready: the first hand is dealt
        assert wait_for(lambda: any("Hand 1." in s for s in since(mark)), 20), since(mark)

        answered = [-1]  # the last "Ada to act." her window has answered

        def turn(mark: int) -> None:
            """Play Ada's turns (the host hears "Ada to act.") until Mara's
            ("Your turn", said from ``mark`` on)."""

            def where() -> tuple[int, int]:
                said = spoken()
                mine = max((k for k, s in enumerate(said) if k >= mark
                            and "Your turn" in s), default=-1)
                ada = max((k for k, s in enumerate(said) if "Ada to act" in s), default=-1)
                return mine, ada

            for _ in range(10):
                assert wait_for(lambda: max(where()) > answered[0], 20), spoken()[-8:]
                mine, ada = where()
                time.sleep(0.6)  # heard before pressed (an acting key within 0.3 s
                if mine > ada:  # of a new decision is taken as typed ahead)
                    return
                answered[0] = ada
                before = len(spoken())
                for _press in range(3):  # (a press her busy window took for type-ahead
                    keys(fenv, "c")      # is ignored: pressed again, answered once)
                    if wait_for(lambda before=before: len(spoken()) > before, 5):
                        break
            raise AssertionError(spoken()[mark:])

        def my_move_cuts_off(what: str) -> int:
            """Mara calls or checks: her move is the next thing said, right
            after an order to stop saying ``what`` (the last thing said
            before), none other between; returns where it was spoken."""
            mark, told = len(spoken()), len(heard(home))
            assert what in heard(home)[told - 1][1], heard(home)[told - 3:]
            keys(henv, "c")
            assert wait_for(lambda: any(MOVE.match(s) for s in since(mark)), 20), since(mark)
            log = heard(home)
            said = next(k for k in range(told, len(log)) if log[k][0] == "say"
                        and MOVE.match(log[k][1]))
            assert said == told + 1 and cut_before(log, said), log[told - 2:said + 1]
            return mark

        turn(mark)
        mark = len(spoken())
        keys(henv, "i")  # Read state: a long read-out
        assert wait_for(lambda: any("Your cards: " in s and len(s) > 100
                                    for s in since(mark)), 10), since(mark)
        time.sleep(1.1)  # as the player did: the move 1.1 s after asking
        mark = my_move_cuts_off("Your cards: ")  # the read-out is cut off

        # Ada's chat line is being said when Mara's move comes: it is cut off too
        turn(mark)  # (what followed the move, said as it grew, counts)
        mark = len(spoken())
        keys(fenv, "m")
        typed(fenv, "your turn")
        keys(fenv, "Return")
        assert wait_for(lambda: "Ada: your turn" in since(mark), 20), since(mark)
        my_move_cuts_off("Ada: your turn")
