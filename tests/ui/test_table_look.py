"""A table that looks finished (issue 19, item 6): every seat keeps its
place, nothing covers a seat box or a card at 2–10 players and at the
smallest window, the winner is lit with the winning hand named, each seat
shows its last action, the Move log follows the newest line, and the amount
is a control of its own."""

from __future__ import annotations

import itertools
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.actions import ActionKind  # noqa: E402
from holdem_desktop.engine.events import ActionTaken, Street, StreetDealt  # noqa: E402
from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.i18n.translate import set_language  # noqa: E402
from holdem_desktop.net.protocol import Table, Welcome  # noqa: E402
from holdem_desktop.net.remote import RemoteTable  # noqa: E402
from holdem_desktop.resources import assets_dir  # noqa: E402
from holdem_desktop.ui.action_panel import Command  # noqa: E402
from holdem_desktop.ui.draw import TableRenderer  # noqa: E402
from holdem_desktop.ui.keymap import Key  # noqa: E402
from holdem_desktop.ui.layout import TableLayout  # noqa: E402
from holdem_desktop.ui.plates import last_actions  # noqa: E402
from holdem_desktop.ui.table import RoomInfo, TableScreen  # noqa: E402
from tests.ui.tables import NAMES, table  # noqa: E402

SMALLEST = (TableLayout.MIN_WIDTH, TableLayout.MIN_HEIGHT)
SIZES = [SMALLEST, (1280, 800)]
ROOM = RoomInfo("482915", "Join my table: 482915", lambda text: True, lambda: None)


@pytest.fixture(scope="module")
def renderer():
    pygame.display.init()
    yield TableRenderer(assets_dir() / "cards" / "classic")
    pygame.display.quit()


def overlaps(rects: dict[str, pygame.Rect], skip: set[str] = frozenset()) -> list[tuple]:
    return [(a, b) for a, b in itertools.combinations(rects, 2)
            if a not in skip and b not in skip and rects[a].colliderect(rects[b])]


def panel_controls(screen: TableScreen) -> dict[str, pygame.Rect]:
    """The zones panel's controls as drawn (the amount steps apart: they
    lie inside the amount control)."""
    panel = screen.renderer.drawn["panel"]
    return {k: r for k, r in screen.rects.items()
            if panel.contains(r) and not k.startswith("amount:")}


def draw(screen: TableScreen, size: tuple[int, int], when: float, clock) -> pygame.Surface:
    clock.now = when
    surface = pygame.Surface(size)
    screen.draw(surface)
    return surface


# With two players, one out ends the game: that is the "over" case.
CASES = [(state, n) for state in ("mid", "showdown", "out", "me_out", "over")
         for n in range(2, 11) if n >= 3 or state not in ("out", "me_out")]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("state", "n"), CASES)
def test_nothing_covers_a_seat_box_or_a_card(renderer, n, state, size):
    screen, clock = table(n, state, renderer)
    screen.room = ROOM  # the Room zone too, as in a room
    layout = TableLayout(*size)
    felt = pygame.Rect(layout.felt.x, layout.felt.y, layout.felt.w, layout.felt.h)
    # While things move (bets placed, a pot sliding to its winner): no chip
    # covers a seat box or a card.
    for when in (0.0, 0.1, 0.2, 0.3, 0.45, 0.6):
        draw(screen, size, when, clock)
        d = renderer.drawn
        moving = [k for k in d if k.startswith(("award:", "bet:"))]
        fixed = [k for k in d if k.startswith(("seat:", "cards:", "board"))]
        assert [(a, b) for a in moving for b in fixed
                if a != b and d[a].colliderect(d[b])] == [], when
    # At rest: no two things drawn on the table touch, all of them on the felt.
    draw(screen, size, 100.0, clock)
    d = dict(renderer.drawn)
    assert overlaps(d) == []
    assert all(felt.contains(r) for k, r in d.items() if k not in ("title", "panel"))
    seats = [k for k in d if k.startswith("seat:")]
    assert len(seats) == n  # every seat, out or not, keeps a box
    assert overlaps(panel_controls(screen)) == []
    for key in ("room:code", "room:invite", "room:leave", "button:next_hand", "amounts",
                "log"):
        assert d["panel"].contains(screen.rects[key]), key
    if state == "over":
        assert "banner" in d
    if state == "showdown":
        assert any(k.startswith("award:") for k in renderer.drawn) is False  # arrived


def test_seats_keep_their_places_when_players_go_out(renderer):
    screen, clock = table(6, "mid", renderer)
    draw(screen, (1280, 800), 100.0, clock)
    before = {k: r.center for k, r in renderer.drawn.items() if k.startswith("seat:")}
    screen, clock = table(6, "out", renderer)
    draw(screen, (1280, 800), 100.0, clock)
    after = {k: r.center for k, r in renderer.drawn.items() if k.startswith("seat:")}
    assert before == after and len(after) == 6
    plates = screen.plates()
    out = [p for p in plates if screen.session.seats[p.seat].place is not None]
    assert out and all(p.status == "Out" and not p.action for p in out)
    # greyed, without cards, unless this is the hand that knocked them out
    view = screen._view()
    dealt = {p.seat for p in view.players} if view is not None else set()
    assert all(p.out == (p.seat not in dealt) for p in out)
    assert [p.seat for p in plates] == list(range(6))  # yours first, then playing order


def test_your_own_seat_stays_at_the_bottom_once_you_are_out(renderer):
    screen, clock = table(5, "me_out", renderer)
    draw(screen, (1024, 640), 100.0, clock)
    d = renderer.drawn
    mine = d["seat:0"]
    assert mine.centery == max(d[f"seat:{k}"].centery for k in range(5))
    plate = screen.plates()[0]
    assert plate.me and plate.out and plate.status == "Out" and plate.name == "Mara"
    assert "cards:0" not in d
    # the title bar says so too, as the seat does (it said "Mara 0")
    assert screen.title_parts()[0] == "Mara out"


def test_the_title_bar_agrees_with_the_seats(renderer):
    screen, _clock = table(6, "out", renderer)
    title = screen.title_parts()
    for plate, part in zip(screen.plates(), title, strict=True):
        if plate.status == "Out":
            assert part == f"{plate.name} out"
        else:  # chips as the title bar reads them
            assert part.startswith(plate.name + " ") and not part.endswith(" out"), part


def test_out_is_never_all_in(renderer):
    screen, _clock = table(4, "over", renderer)
    statuses = {p.seat: p.status for p in screen.plates()}
    winner = screen.session.result.winners[0]
    assert statuses.pop(winner) not in ("Out", "All-in")
    assert set(statuses.values()) == {"Out"}


def test_the_winner_is_lit_and_the_winning_hand_named(renderer):
    screen, clock = table(6, "showdown", renderer)
    surface = draw(screen, (1280, 800), 100.0, clock)
    plates = {p.seat: p for p in screen.plates()}
    won = [p for p in plates.values() if p.winner]
    assert won and all(p.action.startswith("Wins ") for p in won)
    assert not any(p.winner for p in plates.values() if p not in won)
    lines = screen.winner_lines()
    assert lines and any(lines[0].startswith(NAMES[p.seat] + ": ") for p in won)
    # The winner's box is outlined in gold, another box is not.
    box = renderer.drawn[f"seat:{won[0].seat}"]
    gold = renderer.palette.gold
    edge = [surface.get_at((x, box.centery))[:3] for x in range(box.x, box.x + 4)]
    assert gold in edge
    other = next(p.seat for p in plates.values() if not p.winner)
    box = renderer.drawn[f"seat:{other}"]
    assert gold not in [surface.get_at((x, box.centery))[:3] for x in range(box.x, box.x + 4)]


def test_each_seat_shows_its_last_action_of_the_street(renderer):
    screen, _clock = table(6, "mid", renderer)
    view = screen.session.view(0)
    assert view.board  # on the flop: only folds and all-ins stay from before it
    plates = {p.seat: p for p in screen.plates()}
    flop = [e for e in view.history if isinstance(e, ActionTaken)
            and e.street is not Street.PREFLOP]
    assert any(p.folded for p in view.players)
    for p in view.players:
        if p.folded:
            assert plates[p.seat].action == "Fold" and plates[p.seat].status == f"{p.stack:,}"
        elif p.all_in:  # said once, as its status
            assert plates[p.seat].action == "" and plates[p.seat].status == "All-in"
        elif not any(e.seat == p.seat for e in flop):
            assert plates[p.seat].action == ""


def test_last_actions_in_words():
    def act(seat, kind, amount=0, all_in=False, street=Street.PREFLOP):
        return ActionTaken(seat, kind, amount, amount, all_in, street)

    history = [act(1, ActionKind.RAISE, 60), act(2, ActionKind.CALL, 60),
               act(3, ActionKind.FOLD), act(4, ActionKind.ALL_IN, 1500, True),
               act(5, ActionKind.CALL, 1480, True)]
    assert last_actions(history, str) == {1: "Raise to 60", 2: "Call 60", 3: "Fold",
                                          4: "All-in", 5: "All-in"}
    history += [StreetDealt(Street.FLOP, (1, 2, 3), (1, 2, 3)),
                act(1, ActionKind.CHECK, street=Street.FLOP),
                act(2, ActionKind.BET, 40, street=Street.FLOP)]
    assert last_actions(history, str) == {1: "Check", 2: "Bet 40", 3: "Fold", 4: "All-in",
                                          5: "All-in"}
    set_language("pl")
    assert last_actions(history, str)[3] != "Fold"


def test_the_move_log_follows_the_newest_line_unless_you_read_it(renderer):
    screen, clock = table(4, "mid", renderer)
    said: list[str] = []
    screen._out = said.append

    def highlighted(surface: pygame.Surface) -> list[int]:
        log = renderer.rects["log"]
        return [y for y in range(log.y, log.bottom)
                if surface.get_at((log.x + 2, y))[:3] == renderer.palette.button]

    screen.focus.id = "log"
    screen.log_index = 0  # reading the first line: it is drawn, marked, at the top
    rows = highlighted(draw(screen, (1280, 800), 100.0, clock))
    assert rows and rows[0] <= renderer.rects["log"].y + 4
    screen.click(screen.rects["player:1"].center)  # leaving the log by the mouse
    assert screen.focus.id == "player:1" and screen.log_index is None
    assert highlighted(draw(screen, (1280, 800), 100.0, clock)) == []  # the newest again


def test_the_amount_is_shown_and_chosen_by_mouse(renderer):
    screen, clock = table(3, "mid", renderer)
    assert screen.session.waiting_for == 0
    steps, chosen = screen.amount_steps()
    assert len(steps) >= 2 and chosen is not None
    draw(screen, (1024, 640), 100.0, clock)
    amounts = screen.rects["amounts"]
    bet = screen.rects["button:bet_raise"]
    # in the action bar: under All-in, above the large Bet / Raise button
    assert amounts.top > screen.rects["button:all_in"].bottom and amounts.bottom < bet.top
    target = len(steps) - 1 if chosen != len(steps) - 1 else 0
    said: list[str] = []
    screen._out = said.append
    screen.click(screen.rects[f"amount:{target}"].center)
    assert screen.amount_steps()[1] == target
    label = next(b.label for b in screen.panel.buttons() if b.command is Command.BET_RAISE)
    assert steps[target] in label and said[-1] == label
    # The keys still step the same scale.
    screen.press(Key.AMOUNT_DOWN if target else Key.AMOUNT_UP)
    assert screen.amount_steps()[1] == (target - 1 if target else 1)


def test_empty_room_seats_are_left_out_of_the_title_and_shown_free_on_the_felt(renderer):
    welcome = Welcome(0, "0" * 32, "482915", ("Mara", "", "Ada", ""), "tournament", False, 0)
    remote = RemoteTable(object(), shipped_variant("tournament"), welcome)
    remote.handle(Table(view=None, names=("Mara", "", "Ada", ""), chips=(1500, 0, 1500, 0),
                        places=(None, None, None, None),
                        kinds=("human", "empty", "computer", "empty"),
                        connected=(True, False, True, False), hands_played=0, level=0,
                        blinds=(10, 20), ante=0, hands_until_next_level=10, game_over=False,
                        started=False, waiting_for=()))
    screen = TableScreen(remote, 0, renderer, room=ROOM)
    # your own name on screen, as the others' (issue 33, 10: "You" is for sentences);
    # before the first game nobody has chips to show
    assert screen.title_parts() == ["Mara", "Ada"]
    # ...and out of what is said: no ", 0 chips." for a seat nobody sits in; before
    # the room's first game Read state says who is here, the empty seats as free
    state = screen.inform(Key.READ_STATE)
    assert ", 0 chips" not in state and state.startswith("In the room: you (host) and Ada")
    assert "2 seats free" in state
    players = [c.label for c in screen.table_controls() if c.id.startswith("player:")]
    assert len(players) == 2 and not any(p.startswith(",") for p in players)
    screen.draw(pygame.Surface(SMALLEST))
    # every seat drawn: the free ones greyed, named Free seat (issue 33, 5)
    assert sorted(k for k in renderer.drawn if k.startswith("seat:")) == [
        "seat:0", "seat:1", "seat:2", "seat:3"]
    assert [(p.name, p.status, p.out) for p in screen.plates()] == [
        ("Mara", "Waiting", False), ("Free seat", "", True), ("Ada", "Computer", False),
        ("Free seat", "", True)]


def test_a_rooms_hand_whose_view_has_not_arrived_yet_is_drawn_without_it(renderer):
    # Over a real network a hand's first events can arrive a moment before
    # the table that carries this seat's view: the window must not fall over.
    from holdem_desktop.engine.hand import Hand
    from holdem_desktop.engine.variant import BlindLevel
    from holdem_desktop.session import hand_config

    welcome = Welcome(0, "0" * 32, "482915", ("Mara", "Ada"), "tournament", False, 0)
    remote = RemoteTable(object(), shipped_variant("tournament"), welcome)
    remote.handle(Table(view=None, names=("Mara", "Ada"), chips=(1500, 1500),
                        places=(None, None), kinds=("human", "human"),
                        connected=(True, True), hands_played=0, level=0,
                        blinds=(10, 20), ante=0, hands_until_next_level=10, game_over=False,
                        started=True, waiting_for=()))
    config = hand_config(shipped_variant("tournament"), BlindLevel((10, 20)), (1, 0),
                         (1500, 1500))
    remote.hand = Hand(config, list(range(52)))  # the mirror, from the first events
    screen = TableScreen(remote, 0, renderer, room=ROOM)
    screen.draw(pygame.Surface(SMALLEST))
    assert screen.read_state()  # and what is said does not fall over either
