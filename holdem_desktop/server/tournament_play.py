"""A running tournament's tables played on the server (issue 35 item 2, an
interim part; no I/O).

Every table of a running tournament is dealt by the core
(:meth:`~holdem_desktop.tournament.Tournament.deal`, made an engine hand by
``tournament/hands.py``), played to its end, and reported back
(:meth:`~holdem_desktop.tournament.Tournament.hand_ended`), which moves and
breaks tables between hands; so a tournament that starts always reaches its
places.  The computers decide at once.

Not here yet: a person's seat reached through a room.  Until the tables are
rooms of the server's kind, a person's seat sits out: it checks when it may
and folds otherwise, posting its blinds, as a public table does for a
player whose time ran out.  A hand interrupted by a restart is dealt again
from the same layout (the core saves the deal in progress)."""

from __future__ import annotations

import random

from holdem_desktop.ai.players import Player, create_player
from holdem_desktop.engine.actions import Action, ActionKind, IllegalAction
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.variant import Variant
from holdem_desktop.engine.views import seat_view
from holdem_desktop.session.controllers import HandWatcher
from holdem_desktop.tournament import Deal, Tournament
from holdem_desktop.tournament.core import RUNNING
from holdem_desktop.tournament.hands import hand_config

from .tournaments import COMPUTER

__all__ = ["HANDS_PER_TICK", "TablePlay"]

HANDS_PER_TICK = 50
"""The most hands one tournament plays in one tick of the server's clock (the
other rooms are not kept waiting)."""


class TablePlay:
    """One running tournament's tables, played by the server."""

    def __init__(self, tournament: Tournament, variant: Variant, *, level: str = "easy",
                 rng: random.Random | None = None) -> None:
        self.tournament = tournament
        self.variant = variant
        self.level = level
        self.rng = rng if rng is not None else random.SystemRandom()
        self.computers: dict[str, Player] = {}
        self.hands = 0

    def play(self, budget: int = HANDS_PER_TICK) -> int:
        """Play up to ``budget`` hands, table after table; the number played."""
        t = self.tournament
        played = 0
        while t.state == RUNNING and played < budget:
            dealt = False
            for number in sorted(t.tables):
                if t.state != RUNNING or played >= budget:
                    break
                if number not in t.tables:
                    continue  # broken by the last report
                table = t.tables[number]
                deal = table.playing if table.playing is not None else t.deal(number)
                if deal is None:
                    continue  # alone: waits for players moved in
                t.hand_ended(number, self._played(deal))
                played += 1
                dealt = True
            if not dealt:
                break
        self.hands += played
        return played

    def _played(self, deal: Deal) -> dict[str, int]:
        """The stacks after ``deal``'s hand, played to its end."""
        deck = list(range(52))
        self.rng.shuffle(deck)
        hand = Hand(hand_config(deal, self.variant), deck)
        while not hand.over:
            seat = hand.to_act
            assert seat is not None
            player = deal.player(seat)
            if player.startswith(COMPUTER):
                hand.apply(seat, self._computer(player).decide(seat_view(hand, seat)))
            else:
                try:
                    hand.apply(seat, Action(ActionKind.CHECK))
                except IllegalAction:
                    hand.apply(seat, Action(ActionKind.FOLD))
        for seat in hand.seats:
            computer = self.computers.get(deal.player(seat))
            if isinstance(computer, HandWatcher):
                computer.hand_over(seat_view(hand, seat))
        return {deal.player(s): c for s, c in zip(hand.seats, hand.stacks, strict=True)}

    def _computer(self, player: str) -> Player:
        if player not in self.computers:
            self.computers[player] = create_player(self.level,
                                                   random.Random(self.rng.randrange(2**63)))
        return self.computers[player]
