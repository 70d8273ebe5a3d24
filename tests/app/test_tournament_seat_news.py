"""What is said when the Desktop takes a tournament seat (issue 35) with the
news kept for the player on their way (a move made while they were away,
their table broken): one account in order, what happened first and in the
past tense, then where they sit now; never "You move to table 1" after
"You sit at table 1"."""

from __future__ import annotations

from types import SimpleNamespace

from holdem_desktop.app.online import Invitation
from holdem_desktop.app.tournament_seat import take_seat
from holdem_desktop.net.tournament_messages import TournamentNews
from holdem_desktop.net.tournament_tables import TournamentSeat


class Rooms:
    """The part of the Desktop's rooms :func:`take_seat` uses, the table's
    connection made at once with the news that came with its welcome."""

    def __init__(self, early: list[TournamentNews]) -> None:
        self.said: list[str] = []
        self.outputs = SimpleNamespace(announce=self.said.append)
        self.tokens = SimpleNamespace(put=lambda *a: None)
        self.watching = True
        self.table = SimpleNamespace(tournament_table=None, is_host=False, newcomer=False,
                                     seat=5, code="111111", token="t", early_news=early,
                                     on_tournament=early.append)

    def where(self, server: str) -> Invitation:
        return Invitation("127.0.0.1", 1)

    def online_table(self, where, first, name):
        return self.table


def test_the_news_of_the_way_is_said_before_the_seat_and_in_the_past():
    early = [TournamentNews("k", "Mara", "broken", 2, yours=True),
             TournamentNews("k", "Mara", "moved", 1, 5, 3, 6),
             TournamentNews("k", "Mara", "left", left=9, entrants=12)]
    heard: list[object] = []
    rooms = Rooms(list(early))
    got = take_seat(rooms, "127.0.0.1:1", TournamentSeat("k", "Mara", 1, "111111", "0" * 32), "",
                    lambda remote: heard.append)
    assert got is rooms.table
    assert rooms.said == ["Your tournament has started. Your table, table 2, is broken. "
                          "You were moved to table 1. 9 players left of 12. "
                          "You sit at table 1, seat 6."], rooms.said
    assert heard == early  # (the end's dialog and page still hear each)
    # news after the seat: said as it comes, a move in the present
    got.on_tournament(TournamentNews("k", "Mara", "moved", 3, 0, 0, 6))
    assert rooms.said[-1] == "You move to table 3, seat 1, you have the button."
