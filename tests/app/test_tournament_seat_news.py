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
        self.outputs = SimpleNamespace(announce=self.said.append, flush=lambda table: None,
                                       news=lambda table, text, what: self.said.append(text),
                                       release=lambda table, now=False, out=False: None)
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
    early = [TournamentNews("k", "Mara", "left", left=11, entrants=12),
             TournamentNews("k", "Mara", "broken", 2, yours=True),
             TournamentNews("k", "Mara", "left", left=10, entrants=12),
             TournamentNews("k", "Mara", "moved", 1, 5, 3, 6),
             TournamentNews("k", "Mara", "left", left=9, entrants=12)]
    heard: list[object] = []
    rooms = Rooms(list(early))
    got = take_seat(rooms, "127.0.0.1:1", TournamentSeat("k", "Mara", 1, "111111", "0" * 32), "",
                    lambda remote: heard.append)
    assert got is rooms.table
    assert rooms.said == ["Your tournament has started. Your table, table 2, is broken. "
                          "You were moved to table 1. 9 players left of 12. "
                          "You sit at table 1, seat 6."], rooms.said  # (the last count only)
    assert heard == early  # (the end's dialog and page still hear each)
    # news after the seat: said as it comes, a move in the present
    got.on_tournament(TournamentNews("k", "Mara", "moved", 3, 0, 0, 6))
    assert rooms.said[-1] == "You move to table 3, seat 1, you have the button."


def test_a_player_out_is_said_after_the_end_of_the_hand_that_put_them_out(monkeypatch):
    # The server sends the hand's end, then the news it made, then the next
    # hand: at the table the news is said after that end ("Computer 1 wins
    # the pot"), never before it nor inside the next hand's announcement.
    import os
    import random

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from holdem_desktop.app.outputs import Outputs
    from holdem_desktop.engine.actions import Action
    from holdem_desktop.engine.hand import Hand
    from holdem_desktop.engine.variant import BlindLevel, shipped_variant
    from holdem_desktop.net.protocol import Events, Welcome
    from holdem_desktop.net.remote import RemoteTable
    from holdem_desktop.session.events import HandStarting
    from holdem_desktop.session.session import hand_config
    from holdem_desktop.settings import Settings
    from holdem_desktop.speech import RecordingSpeaker

    variant = shipped_variant("tournament")
    names = ("Mara", "computer:1", "computer:2")
    remote = RemoteTable(object(), variant,  # type: ignore[arg-type]
                         Welcome(0, "ab" * 16, "111111", names, "tournament", False, 0))
    outputs = Outputs(Settings(), RecordingSpeaker())
    outputs.attach(remote, 0)
    rooms = Rooms([])
    rooms.outputs = outputs  # type: ignore[assignment]
    rooms.online_table = lambda where, first, name: remote  # type: ignore[method-assign]
    take_seat(rooms, "127.0.0.1:1", TournamentSeat("k", "Mara", 1, "111111", "ab" * 16), None)
    # Computer 2 all-in for its last 20 chips in the big blind, Mara folds,
    # Computer 1 calls and wins: Computer 2 is out
    for seed in range(100):
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        hand = Hand(hand_config(variant, BlindLevel((10, 20), 0), [1, 2, 0], [1500, 20, 1500]),
                    deck)
        events = [HandStarting(4, 0, 0, (10, 20), 0, None), *hand.events]
        events += hand.apply(0, Action.fold())
        events += hand.apply(1, Action.call())
        if hand.over and hand.stack(2) == 0:
            break
    remote.handle(TournamentSeat("k", "Mara", 1, "111111", "ab" * 16))
    remote.handle(Events(tuple(events)))
    remote.handle(TournamentNews("k", "Mara", "left", left=2, entrants=3))
    outputs.flush(remote)  # (the window's flush after what arrived)
    said = [s.text for s in outputs.speech.history]
    end = next(k for k, s in enumerate(said) if "Computer 1 wins the pot of 40" in s)
    assert said.index("2 players left of 3.") > end, said
