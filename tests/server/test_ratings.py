"""Ratings over a real server on loopback: two signed-in players at one
public table play its game to the end; each is rated by the places
(OpenSkill), and told their new rating at the table, after the game's end;
the leaderboard and each one's own rating say so, while a guest cannot ask
for a rating of their own."""

from __future__ import annotations

import queue

from holdem_desktop import __version__
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.net.account_messages import (
    AskLeaderboard,
    AskRating,
    Leaderboard,
    Rating,
    Result,
    Standing,
)
from holdem_desktop.net.lobby_messages import PlayNow
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Act, Error, Table
from holdem_desktop.server.accounts import AccountStore, Seat, tenths
from tests.net.test_host import Player, run_until

from .test_accounts import signed_in
from .test_server import next_message


class Shover(Player):
    """Goes all in whenever it may (a game ends in a few hands) -- unless
    told to wait: then it checks or folds, so that the computer keeping a
    seat warm cannot end the game before the second person takes that seat
    (which happens only between hands)."""

    waiting = False

    def _play(self, t: Table) -> None:
        view = t.view
        if view is not None and not view.over and view.to_act == self.seat and view.legal_actions:
            moment = (t.hands_played, len(view.history))
            if moment != self.acted_at:
                self.acted_at = moment
                kinds = {a.kind: a for a in view.legal_actions}
                pick = (kinds.get(ActionKind.CHECK) or kinds.get(ActionKind.FOLD)
                        if self.waiting else
                        kinds.get(ActionKind.ALL_IN) or kinds.get(ActionKind.CALL)
                        or kinds.get(ActionKind.CHECK))
                assert pick is not None
                self.client.send(Act(pick.kind, pick.max_amount, t.hand, t.decision))
            return
        super()._play(t)


class Seen(queue.Queue):  # type: ignore[type-arg]
    """A client's inbox that also keeps every message put in it, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[object] = []

    def put(self, item: object, block: bool = True, timeout: float | None = None) -> None:
        self.seen.append(item)
        super().put(item, block, timeout)


def signed_player(served, name: str, token: str, seed: int) -> Shover:
    client = OnlineClient("127.0.0.1", served.port, pin=served.fingerprint, session=token)
    client.inbox = Seen()
    return Shover(name, served.port, seed, client=client,
                  first=PlayNow(name, __version__, "heads_up"))


def ask(served, token: str, message: object) -> object:
    client = OnlineClient("127.0.0.1", served.port, pin=served.fingerprint, session=token)
    client.connect()
    try:
        client.send(message)  # type: ignore[arg-type]
        return next_message(client, (Rating, Leaderboard, Error))
    finally:
        client.close()


def test_two_signed_in_players_are_rated_by_their_places_at_the_end_of_a_public_game(served):
    ann, bo = signed_in(served, "Ann"), signed_in(served, "Bo")
    a = signed_player(served, "Ann", ann.token, 1)
    a.waiting = True  # a computer holds Bo's seat until Bo comes
    players = [a]
    try:
        run_until(players, lambda: a.table is not None and a.table.started, 10)
        b = signed_player(served, "Bo", bo.token, 2)
        players.append(b)
        run_until(players, lambda: b.code == a.code and b.seat is not None
                  and b.table is not None and b.table.kinds == ("human", "human"), 60)
        assert b.table is not None and b.table.kinds == ("human", "human")
        a.waiting = False
        run_until(players, lambda: a.table is not None and a.table.game_over, 120)
        table = a.table
        assert table is not None and table.game_over
        places = {table.names[k]: table.places[k] for k in range(2)}
        assert sorted(places.values()) == [1, 2]
        winner, loser = sorted(places, key=lambda n: places[n])
        run_until(players, lambda: "rated 2" in (
            served.data / "log" / "server.log").read_text(), 10)
        # each one's table connection is told their new rating unasked, once,
        # after the table that ended the game
        run_until(players, lambda: all(any(isinstance(m, Rating) for m in p.client.inbox.seen)
                                       for p in players), 10)
        told = {}
        for p in players:
            seen = p.client.inbox.seen
            k = next(k for k, m in enumerate(seen) if isinstance(m, Rating))
            assert any(isinstance(m, Table) and m.game_over for m in seen[:k]), seen[k - 3:k]
            assert sum(isinstance(m, Rating) for m in seen) == 1
            told[p.name] = seen[k]
    finally:
        for p in players:
            p.client.close()
    tokens = {"Ann": ann.token, "Bo": bo.token}
    mine = {name: ask(served, tokens[name], AskRating()) for name in tokens}
    for name, rating in mine.items():
        assert isinstance(rating, Rating) and rating.games == 1, rating
        assert rating.results == (Result(places[name], 2, rating.rating),)  # from 0.0
    assert mine[winner].rating > 0 > mine[loser].rating
    assert told == mine  # (the rating told at the table is the one kept)
    assert (mine[winner].rank, mine[loser].rank) == (1, 2)
    board = ask(served, ann.token, AskLeaderboard())
    assert board == Leaderboard((Standing(1, winner, mine[winner].rating, 1),
                                 Standing(2, loser, mine[loser].rating, 1)), 2)
    # a guest asks the leaderboard too; its own rating needs an account
    client = OnlineClient("127.0.0.1", served.port, pin=served.fingerprint)
    client.connect()
    try:
        client.send(AskRating())
        assert next_message(client, (Rating, Error)) == Error("not_signed_in", {})
    finally:
        client.close()


def test_a_game_is_rated_once_by_openskill_from_the_ratings_kept(tmp_path):
    from openskill.models import PlackettLuce

    store = AccountStore(tmp_path / "accounts.sqlite")
    for name in ("Ann", "Bo"):
        assert store.create(name, "scrypt$1$1$1$00$00")
    seats = [Seat("Ann", 2), Seat(None, 1), Seat("Bo", 3), Seat(None, 4)]
    changes = store.rate("g1", seats)
    assert store.rate("g1", seats) == {}  # the same game again: nothing
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in seats], ranks=[2, 1, 3, 4])
    assert changes == {"Ann": tenths(expected[0][0].ordinal()),
                       "Bo": tenths(expected[2][0].ordinal())}
    assert store.rating("Ann").games == 1 and store.leaderboard().total == 2
    # the second game starts from the first's ratings
    again = store.rate("g2", [Seat("Bo", 1), Seat("Ann", 2)])
    assert again["Bo"] > 0 > again["Ann"]
    assert [r.change for r in store.rating("Ann").results] == [again["Ann"], changes["Ann"]]


def test_leaving_while_ahead_never_wins_a_rating():
    from types import SimpleNamespace as NS

    from holdem_desktop.server.account_desk import ranked_seats

    # Ann went out 4th; Bo left his seat to the computer with the most chips;
    # the room ended the game with nobody left, the seats still in by chips
    seats = [NS(name="Ann", place=4, chips=0), NS(name="Bo", place=1, chips=3000),
             NS(name="Cy", place=2, chips=2000), NS(name="Di", place=3, chips=1000)]
    members = [NS(seat=0, left=True), NS(seat=1, left=True)]
    room = NS(session=NS(seats=seats, result=NS(reason="no_humans")), members=members)
    got = ranked_seats(room, {"ann": "Ann", "bo": "Bo"})
    assert got == [Seat("Ann", 4), Seat("Bo", 3), Seat(None, 1), Seat(None, 2)]
    # a game played to its end keeps the session's places
    room.session.result = NS(reason="hands")
    assert [seat.place for seat in ranked_seats(room, {})] == [4, 1, 2, 3]
