"""The words of a table held while its player is away and it plays on
without them (speech/watching.py), unit by unit: which tables, what is
held, what is never left out, and the way back."""

from __future__ import annotations

from dataclasses import dataclass, field

from holdem_desktop.engine.events import HandStarted
from holdem_desktop.speech.watching import WatchVoice, played_on_without


@dataclass
class Shown:
    kinds: tuple[str, ...]
    places: tuple[int | None, ...] = ()


@dataclass
class Room:
    table: Shown
    computer_plays: bool = True
    tournament_table: int | None = None
    said: list[str] = field(default_factory=list)


def test_held_only_where_the_table_plays_on_without_the_player():
    alone = Shown(("computer", "computer", "computer"))
    assert played_on_without(Room(alone), 0)  # away, computers only: it plays on
    assert not played_on_without(Room(alone, computer_plays=False), 0)  # she plays
    assert not played_on_without(Room(alone), None)  # a watcher: not this rule
    friend = Shown(("computer", "human", "computer"), (None, None, None))
    assert not played_on_without(Room(friend), 0)  # a friend plays: her pace
    gone = Shown(("computer", "human", "computer"), (None, 2, None))
    assert played_on_without(Room(gone), 0)  # the friend is out of the game
    assert played_on_without(Room(friend, tournament_table=1), 0)  # a tournament plays on


def _started(n: int) -> HandStarted:
    return HandStarted(seats=(0, 1), stacks=(100 * n, 50), button=1, blinds=(5, 10),
                       antes=(0, 0))


def test_away_the_hands_wait_for_the_voice_and_back_says_the_rest_at_once():
    said: list[str] = []
    away, idle = [True], [False]
    voice = WatchVoice(said.append, lambda: idle[0], lambda: 0, lambda k: f"P{k}",
                       away=lambda: away[0])
    for n in (1, 2, 3, 4):
        voice(_started(n))
        voice.add(f"Hand {n}.")
        if n == 3:
            voice.news("Table 1 is broken.", "broken")  # (a tournament's news: never left out)
    # the hand she stepped away in is said as it comes (with what said she is away);
    # the next ones wait for the voice, which still speaks
    assert said == ["Hand 1."] and voice.release() is None
    idle[0] = True
    voice.release()
    assert said[1:] == ["2 hands went by meanwhile; chips now: P0 400 and P1 50.",
                        "Table 1 is broken.", "Hand 4."], said
    voice(_started(5))
    voice.add("Hand 5.")
    idle[0], away[0] = False, False  # back: her turn is said now, the voice busy or not
    voice.add("Your turn.")
    assert said[-2:] == ["Hand 5.", "Your turn."] and not voice.held
