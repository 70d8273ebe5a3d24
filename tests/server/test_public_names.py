"""A newcomer never takes a computer's name, over a real server on loopback:
people whose names are a computer's at the table, or look like one (case,
a Cyrillic letter), press Play now; the computer is renamed, everyone
already there hears it before the person joins, and no two seats (nor a
seat and a watcher) are ever called alike, by the table each window gets."""

from __future__ import annotations

from holdem_desktop import __version__
from holdem_desktop.net.lobby_messages import PlayNow
from holdem_desktop.net.names import skeleton
from holdem_desktop.net.protocol import Table
from tests.net.test_host import Player, run_until

from .test_server import online


def distinct(table: Table) -> bool:
    called = [skeleton(name) for name in table.names + table.watchers if name]
    return len(called) == len(set(called))


def look_alike(name: str) -> str:
    """``name`` as another person might type it and a listener not tell
    apart: a digit for a letter ("0" for "o", "1" for "l"), "rn" for "m",
    else in capitals (the room takes each for the same name)."""
    for letter, twin in (("o", "0"), ("l", "1"), ("m", "rn")):
        if letter in name:
            return name.replace(letter, twin, 1)
    return name.upper()


def test_people_named_like_the_computers_rename_them_and_no_two_seats_sound_alike(served):
    ann = Player("Ann", served.port, 1, client=online(served),
                   first=PlayNow("Ann", __version__))
    players = [ann]
    try:
        run_until(players, lambda: ann.table is not None and ann.table.started, 10)
        assert ann.table is not None
        computers = [n for n, kind in zip(ann.table.names, ann.table.kinds, strict=True)
                     if kind == "computer"]
        first, second = computers[0], computers[1]
        room = served.server.lobby.rooms[ann.code]
        # Bo takes the first computer's very name; Cy one that looks like the second's
        bo = Player(first, served.port, 2, client=online(served),
                      first=PlayNow(first, __version__))
        players.append(bo)
        run_until(players, lambda: bo.code != "", 10)
        cy_name = look_alike(second)
        assert cy_name != second and skeleton(cy_name) == skeleton(second)
        cy = Player(cy_name, served.port, 3, client=online(served),
                      first=PlayNow(cy_name, __version__))
        players.append(cy)
        run_until(players, lambda: cy.code != "", 10)
        assert bo.code == cy.code == ann.code  # the same table: nobody was refused
        run_until(players, lambda: sum(1 for n in ann.heard if n.what == "joined") >= 2
                  and sum(1 for n in ann.heard if n.what == "renamed") >= 2, 20)
        said = [(n.what, n.names) for n in ann.heard if n.what in ("renamed", "joined")]
        renames = [names for what, names in said if what == "renamed"]
        assert [old for old, _new in renames] == [first, second], said
        # each rename came before the person it made room for joined
        assert said.index(("renamed", renames[0])) < said.index(("joined", (first,)))
        assert said.index(("renamed", renames[1])) < said.index(("joined", (cy_name,)))
        new_names = {new for _old, new in renames}
        assert not {skeleton(n) for n in new_names} & {skeleton(n) for n in (
            "Ann", first, second)}
        # Bo heard Cy's rename too (he was there), Cy heard none of his own
        run_until(players, lambda: ("renamed", renames[1]) in [(n.what, n.names)
                                                               for n in bo.heard], 20)
        assert ("renamed", renames[1]) in [(n.what, n.names) for n in bo.heard]
        assert not [n for n in cy.heard if n.what == "renamed"]
        # by every window's table, at every moment: no two names alike;
        # once the hand ends both take computers' seats, still all distinct
        run_until(players, lambda: bo.seat is not None and cy.seat is not None, 60)
        assert bo.seat is not None and cy.seat is not None
        run_until(players, lambda: all(p.table is not None and p.table.kinds[
            p.seat or 0] == "human" for p in players), 10)
        for p in players:
            assert p.tables and all(distinct(t) for t in p.tables), [
                (t.names, t.watchers) for t in p.tables if not distinct(t)]
        assert room.session is not None
        assert sorted(s.name for s in room.session.seats if s.name in (
            "Ann", first, cy_name)) == sorted(["Ann", first, cy_name])
    finally:
        for p in players:
            p.client.close()
