"""Away at a tournament's table, on the real Desktop over a real server on
loopback (dummy video driver, a recording voice that says how long it
speaks, key events).

Ann is taken to her table and steps away there (the Room zone's Away): the
computer plays her seat, and the table plays on without waiting for her, a
hand in a few milliseconds.  She hears the hands as her voice can follow
them, as a player who only watches does (speech/watching.py): never more
than one hand's words at once (once, "Hand 42 … Hand 43 …" came as one
utterance), the hands that went by meanwhile summed up with the chips.
Then she is back (Back): nothing is held any more, and her own turn is said
at once, however busy the voice."""

from __future__ import annotations

import random
import re

import pytest

pygame = pytest.importorskip("pygame")

from holdem_desktop.net.tournament_messages import TournamentEntry  # noqa: E402
from holdem_desktop.server.tournament_play import TablePlay  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402

from .test_lobby_desktop import lobby_by_keys, my_turn, wait_for  # noqa: E402
from .test_tournament_desktop import SEED  # noqa: E402
from .test_tournament_play import tournament_served  # noqa: E402
from .test_tournament_watching_desktop import Voice, turns  # noqa: E402


class HersOnly(TablePlay):
    """Only Ann's table deals, a hand at each of the server's turns (the
    other table waits), and none once :attr:`cap` hands are dealt: its
    computers play on while she is away, a dozen hands in a moment, and the
    tournament is still on when she is back (the tables would otherwise
    play it to its end in a second or two)."""

    cap: int | None = None

    def play(self, budget: int = 50, until=None, only=None) -> int:
        if self.cap is not None and self.hands >= self.cap:
            if self.lobby is not None:
                self._flush()
            return 0
        where = self.tournament.where.get("Ann")
        if where is None or where[0] not in self.rooms:
            return super().play(budget, until, only)
        mine = self.rooms[where[0]]
        return 0 if only not in (None, mine) else super().play(1, until, mine)


def press(app, control: str) -> None:
    """Enter on the table's control ``control`` (a Room zone's button)."""
    page = app.screen
    assert isinstance(page, TableScreen)
    assert any(c.id == control for c in page.controls()), [c.id for c in page.controls()]
    page.focus.id = control
    keys(app, "return")


def test_away_she_hears_the_hands_as_she_can_follow_and_back_at_once(desktop, make_server,
                                                                     tmp_path):
    desktop.speech.speaker = voice = Voice()
    served, desk, key, t = tournament_served(make_server, tmp_path, SEED)
    desk.plays[key] = play = HersOnly(t, desk.desk.variants["tournament"],
                                      rng=random.Random(SEED))
    app = lobby_by_keys(desktop, served)
    app.moves = desktop.take_moves  # (as the program's window: app/play.py)
    app.screen.feed.client.send(TournamentEntry(key, "Ann"))  # type: ignore[attr-defined]
    wait_for(app, [], lambda: desktop.remote is not None and desktop.remote.seat is not None
             and isinstance(app.screen, TableScreen)
             and any(c.id == "room:do:away" for c in app.screen.controls()), 30.0)
    remote = desktop.remote
    mark = len(voice.calls)
    play.cap = play.hands + 12  # (a dozen hands, then the table waits for the test)
    press(app, "room:do:away")  # the computer plays her seat: the table plays on
    start = remote.hands_played

    def after() -> list[str]:
        return [s for s, _ in voice.calls[mark:]]

    # the dozen hands dealt, and every word of them with the voice, and said
    turns(app, lambda: play.hands >= play.cap and remote.hands_played >= start + 8
          and desktop.outputs.said(remote), 60.0)
    hands = [re.findall(r"\bHand \d+\.", s) for s in after()]
    assert all(len(h) <= 1 for h in hands), [s[:200] for s in after()]  # one hand at a time
    assert re.search(r"\d+ hands? went by meanwhile; chips now: [\w ]+ [\d,]+(, | and )",
                     " ".join(after())), [s[:200] for s in after()]
    # -- back: nothing held, her turn said at once however long the voice speaks
    voice.cps = 1.0  # (a voice that never catches up from here)
    mark = len(voice.calls)
    press(app, "room:do:back")
    play.cap = None
    watch = desktop.outputs.watches[id(remote)]
    turns(app, lambda: not watch.held, 5.0)

    def her_turn() -> bool:
        t = remote.table
        if t is not None and remote.seat in t.waiting_for:
            keys(app, "n")  # (ready for the next hand)
        return my_turn(remote)

    turns(app, her_turn, 60.0)
    app.run(max_events=1)
    assert any("Your turn" in s for s in after()), after()[-3:]
