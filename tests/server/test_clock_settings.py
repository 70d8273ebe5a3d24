"""The public tables' clocks from the server's settings file (issue 34,
item 3's leftovers): a real ``serve`` process with ``clock_normal`` gives
each decision that base time and bank; a setting that cannot be used stops
the server at once and says which."""

from __future__ import annotations

import time

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.lobby_messages import PlayNow
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import NextHand, Table, Welcome
from holdem_desktop.server.config import ConfigError, parse_config

from .process import ServeProcess
from .test_server import next_message


def test_a_public_tables_clock_follows_the_settings_file(tmp_path):
    settings = tmp_path / "server.toml"
    settings.write_text("clock_normal = [7, 3, 0, 3]\n", encoding="utf-8")
    serve = ServeProcess("--config", str(settings), "--bind", "127.0.0.1", "--port", "0",
                         "--insecure", "--data", str(tmp_path / "data"))
    try:
        port = serve.wait_ready()
        ann = OnlineClient("127.0.0.1", port, tls=False)
        ann.connect()
        ann.send(PlayNow("Ann", __version__))
        welcome = next_message(ann, (Welcome,))
        assert isinstance(welcome, Welcome) and welcome.public
        ann.send(NextHand())
        end = time.monotonic() + 20
        table = None
        while time.monotonic() < end and table is None:
            got = next_message(ann, (Table,))
            if isinstance(got, Table) and got.view is not None and not got.view.over:
                if got.view.to_act == welcome.seat:
                    table = got
            elif isinstance(got, Table) and got.view is not None:
                ann.send(NextHand())
        assert table is not None and (table.clock, table.bank) == (10, 3), table
        ann.close()
    finally:
        assert serve.stop() == 0


@pytest.mark.parametrize("value", ["[30, 60, 5]", "[0, 60, 5, 120]", '["30", 60, 5, 120]',
                                   "[30, -1, 5, 120]"])
def test_a_clock_that_cannot_be_used_is_refused(tmp_path, value):
    settings = tmp_path / "server.toml"
    settings.write_text(f"clock_relaxed = {value}\ninsecure = true\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="clock_relaxed: not four numbers"):
        parse_config(["--config", str(settings)])
