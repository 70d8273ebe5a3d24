"""A tournament's table as the window holds it (issue 35): its hands may
have no small blind (its player moved or out), and the mirror of the
betting still knows who acts and for how much (else the Desktop could not
act: "No hand is being played yet"); a move between tables is a welcome at
a new code, after which nothing of the old table is kept; ``tournament_seat``
names the table, and a computer's id is said as "Computer 3"."""

from __future__ import annotations

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.events import BlindPosted, HandStarted
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.protocol import Events, Table, Welcome
from holdem_desktop.net.remote import RemoteTable
from holdem_desktop.net.tournament_tables import TournamentSeat
from holdem_desktop.session.events import HandStarting

TOKEN = "ab" * 16


def table(names: tuple[str, ...], hand: int = 0) -> Table:
    n = len(names)
    return Table(view=None, names=names, chips=(1500,) * n, places=(None,) * n,
                 kinds=("human",) + ("computer",) * (n - 1), connected=(True,) + (False,) * (n - 1),
                 hands_played=hand, level=0, blinds=(10, 20), ante=0,
                 hands_until_next_level=None, game_over=False, started=True, waiting_for=())


def test_a_hand_without_a_small_blind_is_mirrored_and_a_move_starts_afresh():
    heard: list[str] = []
    welcome = Welcome(0, TOKEN, "111111", ("Mara", "computer:1", "computer:2"), "tournament",
                      False, 0)
    remote = RemoteTable(object(), shipped_variant("tournament"), welcome)  # type: ignore[arg-type]
    remote.on_news = heard.append
    remote.handle(table(("Mara", "computer:1", "computer:2")))
    remote.handle(TournamentSeat("t1", "Mara", 2, "111111", TOKEN))
    assert remote.tournament_table == 2 and not remote.is_host
    assert [s.name for s in remote.seats] == ["Mara", "Computer 1", "Computer 2"]
    # heads-up, button at seat 0 (Mara) who owes no small blind (she has just
    # moved in: never a blind twice), seat 2 posts the big blind alone
    remote.handle(Events((HandStarting(5, 0, 0, (10, 20), 0, None),
                          HandStarted((2, 0), (1500, 1500), 0, (20, 0), (0, 0)),
                          BlindPosted(2, 20, 1, False))))
    assert remote.hand is not None, "the hand was not mirrored"
    assert remote.hand.to_act == 0
    legal = {a.kind: a for a in remote.hand.legal_actions()}
    assert legal[ActionKind.CALL].min_amount == 20, legal  # her call is 20, not 10
    # moved: a welcome at another table's code, on the same connection
    remote.handle(Welcome(1, TOKEN, "222222", ("computer:5", "Mara"), "tournament", False, 0))
    assert remote.code == "222222" and remote.seat == 1
    assert remote.table is None and remote.hand is None  # nothing of the old table
    assert [s.name for s in remote.seats] == ["Computer 5", "Mara"]
    assert heard == []  # ("You have a seat" is not said: the move says where, in its words)
    remote.handle(TournamentSeat("t1", "Mara", 1, "222222", TOKEN))
    assert remote.tournament_table == 1


def test_who_is_here_at_a_tournament_table_names_no_host():
    """A tournament's table has no host (its welcome's host seat is 0 all
    the same): Mara at seat 0 heard "In the room: you (host)." with U."""
    welcome = Welcome(0, TOKEN, "111111", ("Mara", "computer:1", "Bo"), "tournament", False, 0)
    remote = RemoteTable(object(), shipped_variant("tournament"), welcome)  # type: ignore[arg-type]
    remote.handle(TournamentSeat("t1", "Mara", 2, "111111", TOKEN))
    remote.handle(table(("Mara", "computer:1", "Bo")))
    assert remote.who_is_here() == "In the room: you. The computer plays 2 seats."
    bo = Welcome(2, TOKEN, "111111", ("Mara", "computer:1", "Bo"), "tournament", False, 0)
    remote = RemoteTable(object(), shipped_variant("tournament"), bo)  # type: ignore[arg-type]
    remote.handle(TournamentSeat("t1", "Bo", 2, "111111", TOKEN))
    shown = table(("Mara", "computer:1", "Bo"))
    remote.handle(Table(**{**shown.__dict__, "kinds": ("human", "computer", "human"),
                           "connected": (True, False, True)}))
    assert "host" not in remote.who_is_here(), remote.who_is_here()
