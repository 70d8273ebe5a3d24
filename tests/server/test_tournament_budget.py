"""A server tick deals at most HANDS_PER_TICK hands of a tournament, and
reaches every table in turn (server/tournament_play.py).  Every room's own
tick calls its owner's turn: each of those with a full budget dealt 50
hands a table in one tick (thousands at a 1,000-entrant start, whose news
overflowed the people's connections: bench/tournament_server.py found the
six people dropped as ``unread``), and a budget smaller than the tables
went to the lowest-numbered tables, the others never dealt."""

from __future__ import annotations

from pathlib import Path

from holdem_desktop.server.tournament_play import HANDS_PER_TICK
from holdem_desktop.server.tournament_service import DeskFile

THREE_HUNDRED = '''
[[tournament]]
name = "Three hundred"
variant = "tournament"
players = 300
seats_per_table = 3
speed = "turbo"
computers_after = 0
'''


def test_a_server_tick_deals_its_budget_and_every_table_in_turn(tmp_path: Path):
    offers = tmp_path / "tournaments.toml"
    offers.write_text(THREE_HUNDRED, encoding="utf-8")
    desk = DeskFile(offers, tmp_path / "data")
    (key,) = desk.desk.entries
    desk.desk.register(key, "Ana")
    desk.desk.tick()  # the computers fill it: it starts, at 100 tables
    t = desk.desk.tournament(key)
    opened = set(t.tables)
    assert len(opened) == 100
    desk.tick()  # the tables open as rooms (of a lobby of their own), the first hands
    lobby = desk.plays[key].lobby
    assert lobby is not None and desk.hands == HANDS_PER_TICK
    dealt_at = {n for n in t.tables if t.tables[n].hands}
    for _tick in range(2):  # as the server's ticker: every room's tick, then the desk's
        before = desk.hands
        lobby.tick()
        desk.tick()
        assert 0 < desk.hands - before <= HANDS_PER_TICK
        dealt_at |= {n for n in t.tables if t.tables[n].hands}
    # after 150 hands every table was dealt one, or broken first
    assert dealt_at | (opened - set(t.tables)) == opened
