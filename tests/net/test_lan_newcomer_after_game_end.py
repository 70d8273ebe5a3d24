"""Zoe joins a LAN room by its code after its game ended, and is given the
seat of Mara, who won that game and has gone.  Her window must not tell
her that game's result as hers: she heard "Back at the table. You win the
game! Places: 1, you; 2, Ada." (the room sent her the result with Mara's
seat), her table showed it as hers, and she had never sat there.  Now she
hears who is here, as anyone joining between games does, and Game state
says nothing of a result that was not hers."""

from __future__ import annotations

import random

from holdem_desktop import __version__
from holdem_desktop.net.protocol import Hello
from holdem_desktop.net.room import GRACE
from holdem_desktop.ui.app import App
from holdem_desktop.ui.table import TableScreen
from tests.driving import keys
from tests.server.conftest import desktop, said, settle  # noqa: F401  (desktop: a fixture)

from .conftest import ROOM_CODE, lan_client
from .test_lan_reconnect_ended import Folder
from .test_lan_reconnect_game_end import ONE_HAND, WON, ends, lan, seated
from .test_lan_reconnect_log import until


def test_a_newcomer_in_the_winners_seat_is_not_told_the_result_as_theirs(
        desktop, served, clock):  # noqa: F811
    from holdem_desktop.app import Desktop
    from holdem_desktop.speech import RecordingSpeaker

    server = served(size=2, variant=ONE_HAND)
    room = server.room
    ada = Folder("Ada", server.port, 1, client=lan_client(server),
                 first=Hello("Ada", ROOM_CODE, __version__))
    address = lan(server.port, server)
    _table, app, remote = seated(desktop, server, ada, address)
    start = len(said(desktop))
    remote.next_hand()
    ada.fold = True
    assert until(app, lambda: ends(said(desktop)[start:]), (ada,))
    assert ends(said(desktop)[start:])[0].endswith(WON)  # Mara heard it: her game
    mara = remote.seat
    desktop.close_room()  # Mara goes; her seat is free once the grace is over
    assert until(app, lambda: all(m.conn is None for m in room.members if m.seat == mara))
    clock.now += GRACE + 1
    assert until(app, lambda: all(m.seat != mara for m in room.members), (ada,))
    zoe = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    zoe.settings = zoe.settings.updated(player_name="Zoe", players=2, strength="easy")
    try:
        page = zoe.join_room(ROOM_CODE, address, "Zoe")
        assert isinstance(page, TableScreen), page
        assert zoe.remote.seat == mara  # the winner's seat
        app = App(page, keymap=zoe.keymap, after_input=zoe.flush, poll=zoe.poll)
        zoe.flush()  # (as after the key that joined)
        settle(app, [ada], 0.3)
        heard = said(zoe)
        assert not ends(heard) and not any("win" in line for line in heard), heard
        assert not any(line.startswith("Back at the table.") for line in heard), heard
        assert heard == ["In the room: Ada (host) and you."], heard
        assert page.result is None and not ends(page.log)
        start = len(said(zoe))
        keys(app, "i")  # Game state: nothing of the game that was not hers
        state = " ".join(said(zoe)[start:])
        assert "Places:" not in state and "win" not in state, state
    finally:
        zoe.close_room()
