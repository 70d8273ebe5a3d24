"""The news of a tournament's end tells a person who shares their place
that they share it (``shared``), as the news of their bust-out did: the
final ranking said "You finished fifth of 12." to a player who had just
heard "You share fifth place of 12." (out in the same hand as another,
with as many chips at its start)."""

from __future__ import annotations

from types import SimpleNamespace

from holdem_desktop.server.tournament_news import Followers
from holdem_desktop.tournament.events import TournamentOver


def test_the_end_says_a_shared_place_is_shared():
    ranking = (("Di", 1), ("Cy", 2), ("Ann", 3), ("Bo", 3))
    t = SimpleNamespace(registered=[n for n, _ in ranking], places=dict(ranking), where={},
                        structure=SimpleNamespace(seats_per_table=6))
    desk = SimpleNamespace(listeners=[], tournament=lambda key: t)
    followers = Followers(desk)  # type: ignore[arg-type]
    for name in ("Ann", "Cy"):
        followers.conns[("k", name)] = f"c-{name}"
    followers.heard("k", TournamentOver(ranking))
    over = {n.name: n for _, n in followers.outbox if n.what == "over"}
    assert (over["Ann"].place, over["Ann"].shared) == (3, True)
    assert (over["Cy"].place, over["Cy"].shared) == (2, False)
