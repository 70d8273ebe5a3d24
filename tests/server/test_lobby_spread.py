"""The lobby's followers get their lists a share at a time (issue 34: 500
followers' lists leaving in one turn of the loop held every room's messages
up): each follower still hears at most one list a second, and every change,
with its own filters; a turn never sends more than its share."""

from __future__ import annotations

import itertools

from holdem_desktop.net.lobby_messages import LobbyList, TableInfo, Tables
from holdem_desktop.server.tables import SLICE, UPDATE_EVERY, PublicTables
from tests.clock import Clock

FOLLOWERS = 500


def table(code: str, variant: str, people: int, watchers: int = 0) -> TableInfo:
    return TableInfo(code, variant, (10, 20), "normal", 6, people, 6 - people, watchers, True)


def test_500_followers_hear_every_change_spread_over_the_second_at_most_once_a_second():
    clock = Clock()
    tables = PublicTables({}, clock)
    tables.elsewhere = {"100001": table("100001", "session", 1),
                        "100002": table("100002", "tournament", 1)}
    for k in range(FOLLOWERS):  # all arrive at once: in step, as the bench's do
        variant = "tournament" if k % 5 == 0 else ""
        assert tables.ask(f"c{k}", LobbyList(variant=variant)).total == (1 if variant else 2)
    sent: dict[str, list[float]] = {f"c{k}": [clock.now] for k in range(FOLLOWERS)}
    most = 0
    start = clock.now
    for turn in range(int(10 / SLICE)):  # ten seconds; the session table changes all along
        clock.now = start + (turn + 1) * SLICE
        tables.elsewhere["100001"] = table("100001", "session", 1 + turn % 5, turn)
        out = tables.updates()
        most = max(most, len(out))
        for conn, listed in out:
            assert isinstance(listed, Tables)
            sent[conn].append(clock.now)
            session = next(t for t in listed.tables if t.code == "100001")
            assert 0 <= turn - session.watchers <= 5  # read again at most 0.25 s before
            if conn in ("c0", "c5"):  # a tournament filter: never the session's table
                assert [t.variant for t in listed.tables] == ["tournament"]
    # the tournament filter's list never changed: nothing more was sent
    assert all(len(sent[f"c{k}"]) == 1 for k in range(0, FOLLOWERS, 5))
    others = [times for k, times in enumerate(sent.values()) if k % 5]
    gaps = [b - a for times in others for a, b in itertools.pairwise(times)]
    assert min(gaps) >= UPDATE_EVERY - 1e-9  # at most one list a second each
    # arriving in step, the first lists are spread over a second; then each
    # follower hears the change a second after the last, give or take a slice
    assert max(times[1] - times[0] for times in others) <= 2 * UPDATE_EVERY
    later = [b - a for times in others for a, b in itertools.pairwise(times[1:])]
    assert later and max(later) <= UPDATE_EVERY + 2 * SLICE + 1e-9
    assert all(len(times) >= 9 for times in others)  # ~one a second for ten seconds
    # spread: a turn sends the followers' share of its slice, not all of them at once
    assert most <= FOLLOWERS * SLICE / UPDATE_EVERY + 2, most


def test_a_follower_hears_the_last_change_once_the_tables_are_read_again():
    clock = Clock()
    tables = PublicTables({}, clock)
    tables.ask("c1", LobbyList())
    tables.elsewhere = {"100001": table("100001", "session", 1)}
    clock.now += UPDATE_EVERY
    first = tables.updates()
    assert first and first[0][1].tables[0].people == 1
    tables.elsewhere["100001"] = table("100001", "session", 3)
    clock.now += UPDATE_EVERY  # the next second: the change, once
    assert [(conn, listed.tables[0].people) for conn, listed in tables.updates()] == [("c1", 3)]
    assert tables.updates() == []
