"""A room's hands are stored from this window's seat alone: its own cards,
the cards shown at the table, never another seat's unseen cards (the host
knows them; this window never receives them)."""

from __future__ import annotations

from holdem_desktop.app.hands import Hands
from holdem_desktop.engine.phh import DealHole, ShowOrMuck, loads_all
from holdem_desktop.store.stats import export_phh, my_stats
from tests.net.conftest import clock, served  # noqa: F401  (fixtures)
from tests.net.test_room_life import (  # noqa: F401  (a fixture too)
    Window,
    close_windows,
    run_until,
)


def test_a_room_hand_stores_only_what_that_seat_saw(served, tmp_path):  # noqa: F811
    server = served(3)  # Mara, Ada and a computer
    room = server.room
    mara, ada = Window("Mara", server), Window("Ada", server)
    said: list[str] = []
    stores = {w.name: Hands(tmp_path / w.name, said.append) for w in (mara, ada)}
    for w in (mara, ada):
        stores[w.name].record_room(w.remote)
    truth: list[dict[str, tuple]] = []  # each hand's real hole cards, from the host's side

    def hands_done() -> bool:
        s = room.session
        if s is not None and s.hand is not None and s.hand.over and \
                len(truth) < s.hands_played:
            truth.append({s.seats[seat].name: tuple(s.hand.hole[i])
                          for i, seat in enumerate(s.hand.seats)})
        return s is not None and s.hands_played >= 6 and len(truth) >= 6

    mara.remote.new_game()
    assert run_until([mara, ada], hands_done, 60)
    assert run_until([mara, ada], lambda: all(
        len(h.store.query("SELECT id FROM hands")) >= 6 for h in stores.values()), 10)
    assert not said
    for name, hands in stores.items():
        assert hands.store is not None
        stored = loads_all(export_phh(hands.store))
        kinds = dict(hands.store.query("SELECT name, kind FROM seats"))
        assert kinds[name] == "human" and kinds["Ada" if name == "Mara" else "Mara"] == "friend"
        assert "computer" in kinds.values()
        hidden = 0
        for (_n, phh), real in zip(stored, truth, strict=False):
            shown = {a.player for a in phh.actions if isinstance(a, ShowOrMuck) and a.cards}
            for a in phh.actions:
                if not isinstance(a, DealHole):
                    continue
                who = phh.players[a.player]
                if who == name or a.player in shown:
                    assert a.cards == real[who]
                else:
                    assert a.cards is None  # never a card this seat did not see
                    hidden += 1
        assert hidden >= 2  # (players who only check and call show down often)
        friend = "Ada" if name == "Mara" else "Mara"
        against = {a.who: a for a in my_stats(hands.store).against}
        assert against[friend].friend and against[friend].hands >= 6
        mine = hands.store.query("SELECT sum(hero_net) FROM hands")[0][0]
        assert against[friend].net == mine  # the friend sat in every hand
    for hands in stores.values():
        hands.close()
