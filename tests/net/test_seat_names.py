"""A newcomer never takes a computer's name, in the room core (no sockets):
a private room's watcher named like a computer of the running game renames
it too; a seat a person took keeps refusing their name; two renames held
by the news gate are never folded into one line; and when every
character's name is taken a numbered one is made."""

from __future__ import annotations

import random

from holdem_desktop.ai.character import NAMES
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.i18n.chat import chat_news
from holdem_desktop.net.chat import fold
from holdem_desktop.net.names import skeleton
from holdem_desktop.net.protocol import NewGame, News, Refused
from holdem_desktop.net.room import Room
from holdem_desktop.net.seat_names import computer_name
from tests.clock import Clock
from tests.net.conftest import CORE_CODE as CODE

from .test_room import join, last_table, to


def private() -> Room:
    return Room(shipped_variant("session"), CODE, size=4, game_version="1",
                rng=random.Random(5), clock=Clock())


def test_a_watcher_named_like_a_computer_renames_it_in_a_private_room_too():
    room = private()
    join(room, "h", "Mara")
    room.receive("h", NewGame())
    out = room.take()
    names = last_table(out, "h").names
    computer = names[1]
    out = join(room, "w", computer.lower())  # watching: the game runs
    heard = [m for m in to(out, "h") if isinstance(m, News)]
    assert heard[0].what == "renamed" and heard[0].names[0] == computer
    new = heard[0].names[1]
    assert heard[1] == News("joined", (computer.lower(),))
    table = last_table(out, "w")
    assert table.names[1] == new and skeleton(new) not in {
        skeleton(n) for n in (*names, computer)}
    assert chat_news("renamed", heard[0].names) == (
        f"The computer player {computer} is called {new} from now on: a person named "
        f"{computer} is here.")


def test_a_persons_seat_keeps_their_name_against_newcomers():
    room = private()
    join(room, "h", "Mara")
    join(room, "a", "Ada")
    room.receive("h", NewGame())
    room.take()
    ada = next(m for m in room.members if m.name == "Ada")
    room.members.remove(ada)  # forgotten: the computer plays her seat as "Ada"
    out = join(room, "x", "ADA")
    assert [m.reason for m in to(out, "x") if isinstance(m, Refused)] == ["name_taken"]
    assert room.session is not None and room.session.seats[ada.seat or 0].name == "Ada"


def test_renames_held_together_are_never_folded_into_one_line():
    held = [News("renamed", ("Ada", "Zoe")), News("joined", ("ADA",)),
            News("renamed", ("Olga", "Vera")), News("joined", ("0lga",))]
    assert fold(held) == [News("renamed", ("Ada", "Zoe")), News("renamed", ("Olga", "Vera")),
                          News("joined", ("ADA", "0lga"))]


def test_a_numbered_name_when_every_characters_name_is_taken():
    taken = {skeleton(n) for n in NAMES}
    name = computer_name(random.Random(1), taken)
    assert name == f"{NAMES[0]} 2" and skeleton(name) not in taken
    assert computer_name(random.Random(1), set()) in NAMES
