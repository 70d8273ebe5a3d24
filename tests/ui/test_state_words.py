"""Read state where the desktop names its N key: the phone's page names
its button instead ("Press New game …": the page's Next hand button is
labelled New game while no game runs), the desktop keeps "Press N …"."""

from __future__ import annotations

from types import SimpleNamespace

from holdem_desktop.session import GameOver
from holdem_desktop.ui.state_words import read_state


class Panel:
    """An action panel whose Next hand can be used (the host's, a public table's)."""

    def why(self, command: object) -> None:
        return None


def seats() -> list[SimpleNamespace]:
    return [SimpleNamespace(name="Mara", place=1), SimpleNamespace(name="Ada", place=2)]


def name(seat: int) -> str:
    return ["Mara", "Ada"][seat]


def test_after_the_game_the_phone_names_its_new_game_button():
    over = SimpleNamespace(game_over=True, seats=seats())
    result = GameOver("last_standing", ((0, 1), (1, 2)))
    desktop = read_state(over, 0, None, name, Panel(), result, [0, 1])  # type: ignore[arg-type]
    phone = read_state(over, 0, None, name, Panel(), result, [0, 1],  # type: ignore[arg-type]
                       phone=True)
    assert desktop.endswith(" Press N to start a new game with the same players."), desktop
    assert phone.endswith(" Press New game to start a new game with the same players."), phone
    assert desktop.split(" Press ")[0] == phone.split(" Press ")[0]  # the same result first


def test_before_a_rooms_first_game_the_phone_names_its_new_game_button():
    room = SimpleNamespace(game_over=True, seats=seats(), hands_played=0, running=False,
                           who_is_here=lambda: "In the room: you (host) and Ada.")
    desktop = read_state(room, 0, None, name, Panel(), None, [0, 1])  # type: ignore[arg-type]
    phone = read_state(room, 0, None, name, Panel(), None, [0, 1],  # type: ignore[arg-type]
                       phone=True)
    assert desktop == "In the room: you (host) and Ada. Press N to start the game."
    assert phone == "In the room: you (host) and Ada. Press New game to start the game."
