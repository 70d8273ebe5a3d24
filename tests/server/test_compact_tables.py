"""Through the server, over WSS (issue 38): within a hand a table leaves
out the history its connection's previous table carried, every
connection's first table (and any after a welcome) is whole, and the
players, who rebuild each table, play on as before."""

from __future__ import annotations

import threading
from asyncio import sslproto

from tests.net.test_host import Player

from .test_one_write import server_frames
from .test_server import play_hands


def test_tables_leave_out_the_history_already_sent_and_the_players_play_on(
        served, monkeypatch):
    streams: dict[int, list[dict]] = {}  # each connection's messages, in order
    lock = threading.Lock()
    real = sslproto._SSLProtocolTransport.write

    def write(self, data):  # every TLS write of this process: the server's are kept
        found = server_frames(bytes(data))
        if found:
            with lock:
                streams.setdefault(id(self), []).extend(found)
        return real(self, data)

    monkeypatch.setattr(sslproto._SSLProtocolTransport, "write", write)
    players: list[Player] = []
    try:
        play_hands(served, players, 3)  # they rebuild every table and play on
    finally:
        for p in players:
            p.client.close()
    with lock:
        rooms = [s for s in streams.values() if any(m["type"] == "welcome" for m in s)]
    assert len(rooms) == 2
    short = 0
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
            whole_next = False
            assert start <= len(held)
            short += start > 0
            held = held[:start] + view["history"] if view else []
    assert short > 10
