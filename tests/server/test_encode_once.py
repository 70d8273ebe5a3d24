"""One message sent to many connections (a list of tables to the lobby's
followers, a room's events to its members) is encoded once (issue 34's
bench: 500 followers each encoding the same list doubled the lobby's cost)."""

from __future__ import annotations

import json

from holdem_desktop.net.fast_json import fast_text
from holdem_desktop.net.lobby_messages import TableInfo, Tables
from holdem_desktop.server import service
from holdem_desktop.server.config import ServerConfig
from holdem_desktop.server.service import GameServer


def test_a_message_for_many_connections_is_encoded_once_until_the_next_delivery(
        tmp_path, monkeypatch):
    encoded: list[object] = []

    def counting(message):
        encoded.append(message)
        return fast_text(message)

    monkeypatch.setattr(service, "fast_text", counting)
    server = GameServer(ServerConfig(data=tmp_path))
    table = TableInfo("123456", "tournament", (10, 20), "normal", 6, 1, 5, 0, True)
    listed = Tables((table,), 1)
    texts = {server._text(listed) for _ in range(500)}  # one list, 500 followers
    assert encoded == [listed] and len(texts) == 1
    assert json.loads(texts.pop())["tables"][0]["code"] == "123456"
    same = Tables((table,), 1)  # equal, but another message: encoded for itself
    assert server._text(same) == server._text(listed) and encoded == [listed, same]
    server._deliver()  # the next delivery starts afresh: nothing is kept for ever
    server._text(listed)
    assert encoded == [listed, same, listed]
