"""Zoe joins a LAN room by its code after its game ended, and is given the
seat of Mara, who won that game and has gone.  Her window must not tell
her that game's result as hers: she heard "Back at the table. You win the
game! Places: 1, you; 2, Ada." (the room sent her the result with Mara's
seat), her table showed it as hers, and she had never sat there.  Now she
hears who is here, as anyone joining between games does; Game state and
the other keys, the Players zone and the felt tell her of that game what
a listener learns, its players named ("Mara won 20. Mara, place 1."): they
said "You won 20. You finished in place 1.".  And the one who stayed keeps
hearing the winner by name, not the newcomer's ("Game over: Zoe wins.")."""

from __future__ import annotations

import random

from holdem_desktop import __version__
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.net.protocol import Act, Hello, Table
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
        # Game state and the other keys: of that game, what a listener learns,
        # its players named (she heard "You won 20. You finished in place 1.")
        answers = {key: " ".join(pressed(zoe, app, key)) for key in "ispd"}
        assert answers["i"].startswith("Nobody is to act. No cards on the board yet. "
                                       "Mara won 20. Mara, place 1. Ada, place 2. "), answers
        assert (answers["s"], answers["p"], answers["d"]) == (
            "Mara 1,510; Ada 1,490", "Mara won 20.", "Ada deals."), answers
        for text in answers.values():
            assert "You " not in text and "you" not in text and "Zoe" not in text, answers
        # the table shows the same: Players, the pot, the felt's seats, the title
        lines = {c.id: c.label for c in page.controls()}
        assert (lines["pot"], lines[f"player:{mara}"], lines[f"player:{ada.seat}"]) == (
            "Mara won 20.", "Mara, place 1", "Ada, place 2"), lines
        plates = {p.seat: p for p in page.plates()}
        assert (plates[mara].name, plates[mara].me, plates[mara].action) == (
            "Mara", False, "Wins 20"), plates
        assert page.title_parts() == ["Mara 1,510", "Ada 1,490"]
        assert page.banner() == []
    finally:
        zoe.close_room()


def pressed(d, app: App, key: str) -> list[str]:
    """What the window says for ``key``."""
    start = len(said(d))
    keys(app, key)
    return said(d)[start:]


class Raiser(Folder):
    """Ada: raises to 60 on her turn while ``raises`` (Mara folds to it)."""

    raises = False

    def _play(self, t: Table) -> None:
        view = t.view
        if self.raises and view is not None and not view.over and view.to_act == self.seat:
            moment = (t.hands_played, len(view.history))
            if moment != self.acted_at:
                self.acted_at = moment
                self.client.send(Act(ActionKind.RAISE, 60, t.hand, t.decision))
            return
        super()._play(t)


def test_who_stayed_hears_the_winner_by_name_after_a_newcomer_takes_the_seat(
        desktop, served, clock):  # noqa: F811
    """Mara (the host) folds, Ada wins the game and goes; Zoe joins and is
    given Ada's seat.  Mara's Game state, Players zone, felt and banner
    still name Ada the winner: they said "Game over: Zoe wins." and
    "Zoe, place 1", of a game Zoe never played."""
    from holdem_desktop.app import Desktop
    from holdem_desktop.speech import RecordingSpeaker

    server = served(size=2, variant=ONE_HAND)
    room = server.room
    address = lan(server.port, server)
    page = desktop.join_room(ROOM_CODE, address, "Mara")
    assert isinstance(page, TableScreen), page
    app = App(page, keymap=desktop.keymap, after_input=desktop.flush, poll=desktop.poll)
    remote = desktop.remote
    assert until(app, lambda: remote.seat is not None)
    ada = Raiser("Ada", server.port, 1, client=lan_client(server),
                 first=Hello("Ada", ROOM_CODE, __version__))
    assert until(app, lambda: ada.seat is not None, (ada,))
    ada.deal = ada.raises = True
    remote.new_game()
    assert until(app, lambda: remote.running, (ada,))
    start = len(said(desktop))
    remote.next_hand()
    assert until(app, lambda: remote.my_turn, (ada,))
    keys(app, "f")
    assert until(app, lambda: ends(said(desktop)[start:]), (ada,))
    lost = "Game over: Ada wins. You finished second of 2. Places: 1, Ada; 2, you."
    assert ends(said(desktop)[start:])[0].endswith(lost)
    seat = ada.seat
    ada.client.close()  # Ada goes; her seat is free once the grace is over
    assert until(app, lambda: all(m.conn is None for m in room.members if m.seat == seat))
    clock.now += GRACE + 1
    assert until(app, lambda: all(m.seat != seat for m in room.members))
    zoe = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    zoe.settings = zoe.settings.updated(player_name="Zoe", players=2, strength="easy")
    try:
        assert isinstance(zoe.join_room(ROOM_CODE, address, "Zoe"), TableScreen)
        assert zoe.remote.seat == seat  # the winner's seat
        assert until(app, lambda: remote.table.names[seat] == "Zoe")
        settle(app, [], 0.2)
        state = " ".join(pressed(desktop, app, "i"))
        assert state == f"{lost} Press N to start a new game with the same players.", state
        assert " ".join(pressed(desktop, app, "s")) == "You 1,490; Ada 1,510"
        lines = {c.id: c.label for c in page.controls()}
        assert (lines["pot"], lines[f"player:{seat}"]) == ("Ada won 20.", "Ada, place 1"), lines
        assert {p.seat: p.name for p in page.plates()}[seat] == "Ada"
        assert page.banner()[:2] == ["Game over: Ada wins. You finished second of 2.",
                                     "Places: 1, Ada; 2, you."], page.banner()
        assert page.title_parts() == ["Mara 1,490", "Ada 1,510"]
        assert "Zoe" in " ".join(pressed(desktop, app, "u"))  # (who is here: Zoe, now)
    finally:
        zoe.close_room()
