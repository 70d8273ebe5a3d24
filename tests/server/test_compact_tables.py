"""Through the server, over WSS (issue 38): within a hand a table leaves
out the history its connection's previous table carried, every
connection's first table (and any after a welcome) is whole, and the
players, who rebuild each table, play on as before."""

from __future__ import annotations

from .test_one_write import played_writes


def test_tables_leave_out_the_history_already_sent_and_the_players_play_on(
        served, monkeypatch):
    streams: dict[int, list[dict]] = {}  # each connection's messages, in order
    for transport, found, _ in played_writes(served, monkeypatch, 3):  # (they rebuild, play on)
        streams.setdefault(transport, []).extend(found)
    rooms = [s for s in streams.values() if any(m["type"] == "welcome" for m in s)]
    assert len(rooms) == 2
    short = later = 0
    for stream in rooms:
        held: list = []
        whole_next = True  # a connection's first table, and the first after a welcome
        for message in stream:
            if message["type"] == "welcome":
                whole_next = True
            if message["type"] != "table":
                continue
            start, view = message["history_from"], message["view"]
            assert not (whole_next and start), message
            later += not whole_next
            whole_next = False
            assert start <= len(held)
            short += start > 0
            held = held[:start] + view["history"] if view else []
    # (most tables within a hand are short; a hand's first is whole: how many depends
    # on how long the three hands ran)
    assert short >= 5 and short * 3 >= later, (short, later)
