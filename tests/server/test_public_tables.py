"""The lobby's public tables over a real server on loopback (wss://): Play
now seats a player at once with computers in the other seats, a second one
joins the same table and takes a computer's seat between hands, the list
follows what happens no faster than once a second, Watch never seats; and
an attack per lobby message: spam, oversized filters, a private room's code
through the lobby, Play now floods that would open tables without bound;
and the turn clock over the network, which a reconnection does not reset."""

from __future__ import annotations

import itertools
import json
import queue
import time

from holdem_desktop import __version__
from holdem_desktop.net import public_table
from holdem_desktop.net.client import Closed
from holdem_desktop.net.lobby_messages import JoinTable, LobbyList, PlayNow, Tables
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import (
    Create,
    Error,
    Hello,
    News,
    NextHand,
    Refused,
    Table,
    Welcome,
)
from tests.net.test_host import Player, run_until

from .test_server import ask, creator, next_message, online


def follower(served, request: LobbyList | None = None) -> OnlineClient:
    client = online(served)
    client.connect()
    client.send(request or LobbyList())
    return client


def tables_now(client: OnlineClient, seconds: float = 10.0) -> Tables:
    got = next_message(client, (Tables,), seconds)
    assert isinstance(got, Tables), got
    return got


def player(served, name: str, seed: int, first) -> Player:
    return Player(name, served.port, seed, client=online(served), first=first)


def test_play_now_seats_at_once_with_computers_and_a_second_person_replaces_one(served):
    watching = follower(served)
    assert tables_now(watching) == Tables((), 0)  # no public table yet
    ann = player(served, "Ann", 1, PlayNow("Ann", __version__))
    players = [ann]
    try:
        run_until(players, lambda: ann.table is not None and ann.table.started, 10)
        assert ann.seat == 0 and not ann.is_host  # seated at once; nobody hosts it
        table = ann.table
        assert table is not None and table.kinds == ("human",) + ("computer",) * 5
        room = served.server.lobby.rooms[ann.code]
        assert room.public and room.host is None and room.variant.key == "session"
        # the follower hears the new table: one person, five computers
        listed = tables_now(watching)
        assert [(t.code, t.people, t.computers, t.free, t.running, t.speed, t.blinds)
                for t in listed.tables] == [(ann.code, 1, 5, 5, True, "normal", (10, 20))]
        # Bo presses Play now too: the same table (a free seat), a watcher
        # until the hand ends, then in a computer's seat with its chips
        run_until(players, lambda: room.session is not None and room.session.hand is not None
                  and not room.session.hand.over, 10)
        bo = player(served, "Bo", 2, PlayNow("Bo", __version__))
        players.append(bo)
        run_until(players, lambda: bo.code != "", 10)
        assert bo.code == ann.code
        run_until(players, lambda: bo.seat is not None, 30)
        assert bo.seat is not None and bo.seat != ann.seat
        assert room.session is not None and room.session.seats[bo.seat].name == "Bo"
        run_until(players, lambda: bo.table is not None and bo.table.kinds[bo.seat] == "human"
                  and room.session.hands_played >= 2, 60)
        assert room.session.hands_played >= 2
        assert not [e for p in players for e in p.errors
                    if e.reason not in ("hand_running", "hand_over")]
        listed = tables_now(watching)
        while listed.tables[0].people != 2:
            listed = tables_now(watching)
        assert (listed.tables[0].people, listed.tables[0].computers) == (2, 4)
    finally:
        watching.close()
        for p in players:
            p.client.close()
    log = (served.data / "log" / "server.log").read_text(encoding="utf-8")
    assert f"{ann.code}  created public" in log and "Ann" not in log


def lists(client: OnlineClient, seconds: float, until=None, players: tuple = ()
          ) -> list[tuple[float, Tables]]:
    """The lists ``client`` hears within ``seconds`` (with when each came),
    or until one satisfies ``until``; ``players`` play on meanwhile."""
    got: list[tuple[float, Tables]] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end and not (got and until is not None and until(got[-1][1])):
        for p in players:
            p.pump()
        try:
            message = client.get(timeout=0.05 if players else 0.2)
        except queue.Empty:
            continue
        if isinstance(message, Tables):
            got.append((time.monotonic(), message))
    return got


def test_updates_are_coalesced_to_one_a_second_and_filters_apply(served):
    quick = follower(served, LobbyList(variant="tournament"))
    assert tables_now(quick) == Tables((), 0)
    watching = follower(served)
    assert tables_now(watching).total == 0
    players = []
    try:
        # four people press Play now one after the other: one table (a free
        # seat is taken before another opens), which changes at every arrival
        for k in range(4):
            players.append(player(served, f"P{k}", k, PlayNow(f"P{k}", __version__,
                                                              speed="relaxed")))
        run_until(players, lambda: all(p.code for p in players), 10)
        assert len({p.code for p in players}) == 1
        heard = lists(watching, 30, until=lambda t: t.total == 1 and t.tables[0].people == 4,
                      players=tuple(players))  # the last may wait for the hand to end
        assert heard and heard[-1][1].tables[0].people == 4, heard
        assert heard[-1][1].tables[0].speed == "relaxed"
        gaps = [b[0] - a[0] for a, b in itertools.pairwise(heard)]
        assert all(gap >= 0.7 for gap in gaps), gaps  # at most one list a second
        # the filter on tournament hears nothing of a session table
        assert lists(quick, 1.5) == []
    finally:
        quick.close()
        watching.close()
        for p in players:
            p.client.close()


def test_watch_never_seats_and_join_takes_a_seat_between_hands(served):
    ann = player(served, "Ann", 1, PlayNow("Ann", __version__, variant="tournament"))
    players = [ann]
    try:
        run_until(players, lambda: ann.table is not None and ann.table.started, 10)
        eve = player(served, "Eve", 3, JoinTable("Eve", __version__, ann.code, watch=True))
        cy = player(served, "Cy", 4, JoinTable("Cy", __version__, ann.code))
        players += [eve, cy]
        room = served.server.lobby.rooms[ann.code]
        run_until(players, lambda: cy.seat is not None and room.session is not None
                  and room.session.hands_played >= 3, 60)
        assert cy.seat is not None and eve.seat is None and eve.code == ann.code
        assert eve.table is not None and "Eve" in eve.table.watchers
    finally:
        for p in players:
            p.client.close()


def test_a_private_room_is_never_reached_through_the_lobby(served):
    mara = creator(served)
    try:
        run_until([mara], lambda: mara.code != "", 10)
        private = served.server.lobby.rooms[mara.code]
        assert not private.public
        listing = follower(served)
        assert tables_now(listing) == Tables((), 0)  # not listed
        listing.close()
        # joining or watching its code through the lobby: refused as no table,
        # and counted as a wrong code, so codes cannot be walked this way either
        for watch in (False, True, False, True, False):
            assert ask(served, JoinTable("Ida", __version__, mara.code, watch)) \
                == Refused("no_table")
        assert ask(served, JoinTable("Ida", __version__, mara.code)) == Refused("rate_limited")
        assert len(private.members) == 1
    finally:
        mara.client.close()


def test_lobby_spam_and_oversized_filters_are_refused_to_the_sender_alone(make_server):
    served = make_server(rate=40.0, burst=80.0)
    ann = player(served, "Ann", 1, PlayNow("Ann", __version__))
    spammer = online(served)
    spammer.connect()
    try:
        run_until([ann], lambda: ann.table is not None and ann.table.started, 10)
        for _ in range(30):
            spammer.send(LobbyList(follow=False))
        answers: list[object] = []
        end = time.monotonic() + 5
        while time.monotonic() < end and len(answers) < 30:
            try:
                answers.append(spammer.get(timeout=0.5))
            except queue.Empty:
                continue
        listed = [a for a in answers if isinstance(a, Tables)]
        refused = [a for a in answers if a == Error("too_fast", {})]
        assert 5 <= len(listed) <= 7 and len(refused) >= 23, answers
        # oversized and ill-formed filters: malformed, to the sender alone
        for bad in ({"variant": "x" * 65}, {"speed": "warp"}, {"variant": " session"},
                    {"variant": "a\u202eb"}, {"follow": "yes"}, {"extra": 1}):
            spammer.send_bytes(json.dumps({"v": 1, "type": "lobby", **bad}).encode())
            got = next_message(spammer, (Error,))
            assert isinstance(got, Error) and got.reason == "malformed", (bad, got)
        spammer.send_bytes(json.dumps({"v": 1, "type": "join_table", "name": "x",
                                       "game_version": __version__, "code": "12345"}).encode())
        assert next_message(spammer, (Error,)) == Error("malformed",
                                                        {"reason": "bad_field"})
        # Ann played on, heard nothing of it
        hands = ann.table.hands_played if ann.table else 0
        run_until([ann], lambda: ann.table is not None and ann.table.hands_played > hands, 30)
        assert not ann.errors and not ann.closed
    finally:
        spammer.close()
        ann.client.close()


def flood(served, times: int) -> tuple[list[object], list[OnlineClient]]:
    """Play now ``times`` from one address (heads-up: two seats a table), each
    welcomed connection kept open; the answers in order."""
    answers: list[object] = []
    kept = []
    for k in range(times):
        client = online(served)
        client.connect()
        client.send(PlayNow(f"P{k}", __version__, variant="heads_up"))
        got = next_message(client, (Welcome, Refused))
        answers.append(got)
        if isinstance(got, Welcome):
            kept.append(client)
        else:
            client.close()
    return answers, kept


def test_play_now_floods_open_tables_within_bounds(make_server):
    # a table is filled (its seats, then its watchers' places) before another
    # opens; past max_public the server is full, whatever the address
    served = make_server(max_public=2, max_watchers=1)
    answers, kept = flood(served, 12)
    try:
        public = [r for r in served.server.lobby.rooms.values() if r.public]
        assert len(public) == 2 and served.health()["rooms"] == 2
        assert [isinstance(a, Welcome) for a in answers] == [True] * 4 + [False] * 8, answers
        assert set(answers[4:]) == {Refused("server_full")}
    finally:
        for client in kept:
            client.close()
    # one address opens at most room_creations tables an hour, Play now or Create
    served = make_server(max_public=50, max_watchers=1, room_creations=2)
    answers, kept = flood(served, 12)
    try:
        assert len([r for r in served.server.lobby.rooms.values() if r.public]) == 2
        assert [isinstance(a, Welcome) for a in answers] == [True] * 4 + [False] * 8, answers
        assert set(answers[4:]) == {Refused("rate_limited")}
    finally:
        for client in kept:
            client.close()


def test_lobby_requests_inside_a_room_and_a_bad_variant_are_refused(served):
    assert ask(served, PlayNow("Ann", "0.0.1")) == Refused("wrong_version", __version__)
    assert ask(served, PlayNow("Ann", __version__, variant="mine")) == Refused("bad_rules",
                                                                                "variant")
    assert ask(served, PlayNow("", __version__)) == Refused("bad_name", "empty")
    assert not served.server.lobby.rooms  # nothing opened for any of them
    mara = creator(served)
    try:
        run_until([mara], lambda: mara.code != "", 10)
        for message in (LobbyList(), PlayNow("Mara", __version__),
                        JoinTable("Mara", __version__, mara.code)):
            mara.client.send(message)
            assert next_message(mara.client, (Error,)) == Error("already_joined", {})
    finally:
        mara.client.close()


def test_a_lobby_follower_stays_past_the_hello_deadline_and_a_silent_one_does_not(make_server):
    served = make_server(hello_deadline=0.5)
    watching = follower(served)
    silent = online(served)
    silent.connect()
    try:
        assert tables_now(watching).total == 0
        assert isinstance(next_message(silent, (Closed,), 10), Closed)
        Player("Ann", served.port, 1, client=online(served),
               first=Create("Ann", __version__, "tournament", 2, "easy")).client.close()
        ann = player(served, "Ann", 1, PlayNow("Ann", __version__))
        run_until([ann], lambda: ann.code != "", 10)
        listed = tables_now(watching)  # long past the deadline, still following
        assert listed.total == 1 and listed.tables[0].code == ann.code
        ann.client.close()
    finally:
        watching.close()
        silent.close()


def test_the_clock_runs_out_over_the_network_and_a_reconnection_gives_no_time_back(
        served, monkeypatch):
    monkeypatch.setitem(public_table.SPEED_TIMES, "normal", public_table.Speed(3.0, 1.0, 0.0, 1.0))
    ann = online(served)
    ann.connect()
    ann.send(PlayNow("Ann", __version__))
    welcome = next_message(ann, (Welcome,))
    assert isinstance(welcome, Welcome) and welcome.public
    ann.send(NextHand())
    # her turn comes (the computers act at once): the table says her 4 s
    end = time.monotonic() + 15
    table = None
    while time.monotonic() < end:
        got = next_message(ann, (Table,))
        if isinstance(got, Table) and got.view is not None and not got.view.over \
                and got.view.to_act == welcome.seat:
            table = got
            break
        if isinstance(got, Table) and got.view is not None and got.view.over:
            ann.send(NextHand())
    assert table is not None and table.clock == 4 and table.bank == 1
    turn_at = time.monotonic()
    # she drops and comes back at once with her token: the clock goes on
    ann.close()
    again = online(served)
    again.connect()
    again.send(Hello("Ann", welcome.code, __version__, welcome.token))
    assert isinstance(next_message(again, (Welcome,)), Welcome)
    try:
        heard = []
        while time.monotonic() - turn_at < 15:
            got = next_message(again, (News,))
            if isinstance(got, News):
                heard.append((time.monotonic() - turn_at, got.what))
                if got.what.startswith("timed_out"):
                    break
        # (her warning came at once, 4 s being under the 10 s of the warning:
        # on the old connection or the new one, as the drop fell)
        assert heard and heard[-1][1] in ("timed_out_check", "timed_out_fold"), heard
        assert heard[-1][0] < 4 + 1.5, heard  # her 4 s from the turn, not from the return
    finally:
        again.close()
