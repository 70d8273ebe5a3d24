"""Sitting out over a real server on loopback: a player lets her clock run
out, drops the connection and comes back with her token, lets it run out
again: the count survived the reconnection, so she is sat out (and hears
it); coming back once more over a new connection does not bring her back
either: only Back does."""

from __future__ import annotations

import time

from holdem_desktop import __version__
from holdem_desktop.net import public_table
from holdem_desktop.net.lobby_messages import PlayNow
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Back, Hello, News, NextHand, Table, Welcome

from .test_server import next_message, online


def until_news(client: OnlineClient, seat: int, what: tuple[str, ...], seconds: float = 30
               ) -> tuple[News, Table | None]:
    """Read on (pressing Next hand whenever the table waits for ``seat``,
    never deciding) until a news of ``what`` comes; with the last table."""
    end = time.monotonic() + seconds
    table = None
    while time.monotonic() < end:
        got = next_message(client, (News, Table), end - time.monotonic())
        if isinstance(got, News) and got.what in what:
            return got, table
        if isinstance(got, Table):
            table = got
            if got.started and not got.game_over and seat in got.waiting_for:
                client.send(NextHand())
    raise AssertionError(f"no news {what} within {seconds} s")


def test_reconnecting_between_timeouts_does_not_dodge_sitting_out(served, monkeypatch):
    # (2 s a decision: time enough to come back before her next turn ends)
    monkeypatch.setitem(public_table.SPEED_TIMES, "normal", public_table.Speed(2.0, 0.0, 0.0, 0.0))
    ann = online(served)
    ann.connect()
    ann.send(PlayNow("Ann", __version__))
    welcome = next_message(ann, (Welcome,))
    assert isinstance(welcome, Welcome) and welcome.seat is not None
    seat = welcome.seat
    ann.send(NextHand())
    news, _table = until_news(ann, seat, ("timed_out_check", "timed_out_fold"))
    assert news.names == ("Ann",)
    ann.close()  # she drops and comes back with her token
    clients = [ann]
    try:
        again = online(served)
        clients.append(again)
        again.connect()
        again.send(Hello("Ann", welcome.code, __version__, welcome.token))
        assert isinstance(next_message(again, (Welcome,)), Welcome)
        news, _table = until_news(again, seat, ("sat_out",))
        assert news.names == ("Ann",)  # her second timeout in a row, across connections
        room = served.server.lobby.rooms[welcome.code]
        assert room.members[0].sat_out is not None
        again.close()  # and again: still sat out, her seat shown as the computer's
        third = online(served)
        clients.append(third)
        third.connect()
        third.send(Hello("Ann", welcome.code, __version__, welcome.token))
        assert isinstance(next_message(third, (Welcome,)), Welcome)
        table = next_message(third, (Table,))
        assert isinstance(table, Table) and table.kinds[seat] == "computer"
        assert room.members[0].sat_out is not None
        # (a long clock from now on: she is not sat out again while we look)
        monkeypatch.setitem(public_table.SPEED_TIMES, "normal",
                            public_table.Speed(60.0, 0.0, 0.0, 0.0))
        third.send(Back())  # only Back brings her back: her seat is hers again
        end = time.monotonic() + 10
        while time.monotonic() < end and not (isinstance(table, Table)
                                              and table.kinds[seat] == "human"):
            table = next_message(third, (Table,), end - time.monotonic())
        assert isinstance(table, Table) and table.kinds[seat] == "human"
        assert room.members[0].sat_out is None
    finally:
        for client in clients:
            client.close()
