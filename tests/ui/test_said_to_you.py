"""What the table says about the player themself, played by keys in the real
window: a call that takes every chip is said to be all-in before C is
pressed; the player who deals hears "You deal", not their own name; once out,
I says their place, not "0 chips"; A says at once why an all-in cannot be,
rather than asking for a second press; Up at the last step says how to bet
more; the first return to a table the program opened on says where the
player is; the hand review says "your turn" and "you have folded"; and a
stored game's variant is named in the player's language."""

from __future__ import annotations

import os
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.actions import Action  # noqa: E402
from holdem_desktop.engine.hand import Hand, HandConfig, Street  # noqa: E402
from holdem_desktop.engine.replay import to_phh  # noqa: E402
from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.i18n import records  # noqa: E402
from holdem_desktop.i18n.names import stored_variant_name  # noqa: E402
from holdem_desktop.i18n.translate import set_language  # noqa: E402
from holdem_desktop.net.protocol import Act, Hello, NewGame, NextHand, Welcome  # noqa: E402
from holdem_desktop.net.remote import RemoteTable  # noqa: E402
from holdem_desktop.net.room import Room  # noqa: E402
from holdem_desktop.speech.announcer import Announcer, gathered_pots, stack_now  # noqa: E402
from holdem_desktop.ui.review import ReplayPage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys, window  # noqa: E402
from tests.engine.hand_helpers import stacked_deck  # noqa: E402
from tests.ui.test_side_pots_by_ear import Scripted  # noqa: E402


def without_keys(text: str) -> str:
    """An announcement without the acting keys a beginner's first turn adds."""
    return text.split(" Keys: ")[0]


def press(app, *names: str) -> None:
    for name in names:
        app.screen.guard_until = 0.0
        keys(app, name)


def heard(desktop) -> list[str]:
    return [s.text for s in desktop.speech.history]


def test_a_call_that_takes_every_chip_is_said_all_in_at_the_turn(desktop):
    s = desktop.new_game("tournament", 4, "normal", "Mara")
    s.seats[0].chips = 45  # Mara, short: a raise to 300 puts her all-in to call
    for k in (1, 2, 3):
        s.seats[k].controller = Scripted("raise")
    app = window(desktop, s)
    for _ in range(6):  # call until the raise comes round to her
        hand = s.hand
        assert hand is not None and not hand.over and hand.street == Street.PREFLOP
        view = s.view(0)
        if view.to_call >= hand.stack(0):
            break
        press(app, "c")
    else:
        pytest.fail("no raise came round to the short stack")
    behind = s.hand.stack(0)
    turns = [t for t in heard(desktop) if "Your turn: " in t]
    assert turns and without_keys(turns[-1]).endswith(  # (the raises changed the pot)
        f"Your turn: {behind} to call, all-in. Pot {s.hand.pot_total}."), turns
    # the turns before, with chips left after calling, were said as they were
    assert all(", all-in." not in t for t in turns[:-1]), turns
    press(app, "o")
    assert app.screen.messages[-1] == f"To call: {behind}, all-in."
    mark = len(desktop.speech.history)
    press(app, "c")
    assert any(f"You call {behind}, all-in." in t for t in heard(desktop)[-3:]), heard(desktop)
    for _ in range(10):  # the hand played out: no hint while she has nothing to decide
        if s.hand is None or s.hand.over:
            break
        press(app, "n")
    after = " ".join(heard(desktop)[mark:])
    assert "Flop: " in after and "Hint:" not in after, after


def test_a_call_with_chips_left_is_said_as_before(desktop):
    s = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, s)
    view = s.view(0)
    if not view.to_call:  # (the big blind, checked round to: the first hand is not a call)
        press(app, "c")
        view = s.view(0)
    assert 0 < view.to_call < s.hand.stack(0)
    turn = [t for t in heard(desktop) if "Your turn: " in t][-1]
    turn = without_keys(turn).removesuffix(f" Pot {s.hand.pot_total}.")  # (when it changed)
    assert turn.endswith(f"Your turn: {view.to_call} to call."), turn
    press(app, "o")
    assert app.screen.messages[-1] == f"To call: {view.to_call}."


def test_the_page_of_a_rooms_table_says_the_all_in_call_too():
    """Wired as the server's page wires its announcer (server/web.py): the
    room's hand as the client copies it tells the chips behind."""
    said: list[str] = []
    heard: list[Announcer] = []

    def announcer(remote: RemoteTable) -> Announcer:
        heard.append(Announcer(0, lambda k: remote.seats[k].name, said.append,
                               pots=lambda: gathered_pots(remote),
                               stack=lambda seat: stack_now(remote, seat)))
        return heard[0]

    def rig(session) -> None:  # type: ignore[no-untyped-def]
        session.seats[0].chips = 45
        for k in (1, 2, 3):
            session.seats[k].controller = Scripted("raise")

    room, remote, _sent = _room_page_player(rig, announcer)
    session = room.session
    assert session is not None
    for _ in range(6):
        feed(room, remote)
        heard[0].flush()
        hand = session.hand
        assert hand is not None and not hand.over
        if session.view(0).to_call >= hand.stack(0):
            break
        room.receive("h", Act(Action.call().kind, 0, *room.decision))
    else:
        pytest.fail("no raise came round to the short stack")
    behind = session.hand.stack(0)
    assert stack_now(remote, 0) == behind  # the client's copy agrees with the room's
    assert without_keys(said[-1]).endswith(f"Your turn: {behind} to call, all-in."), said


def test_the_player_who_deals_hears_you_deal(desktop):
    s = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, s)
    seen = set()
    for _ in range(8):
        assert s.hand is not None
        mine = s.hand.seats[-1] == 0  # the button acts last before the flop
        press(app, "d")
        said = app.screen.messages[-1]
        dealer = next(c.label for c in app.screen.controls() if c.id == "dealer")
        if mine:
            assert (said, dealer) == ("You deal.", "You deal")
        else:
            name = s.seats[s.hand.seats[-1]].name
            assert (said, dealer) == (f"{name} deals.", f"{name} deals")
        assert "Mara deals" not in said
        seen.add(mine)
        if seen == {True, False}:
            break
        while s.hand is not None and not s.hand.over and s.waiting_for == 0:
            press(app, "f")
        press(app, "n")
    assert seen == {True, False}


def test_once_out_read_everything_says_the_place_not_zero_chips(desktop):
    s = desktop.new_game("tournament", 4, "normal", "Mara")
    s.seats[0].chips = 60
    app = window(desktop, s)
    for _ in range(40):  # all-in whenever it is her turn, until she is out
        if s.seats[0].place is not None:
            break
        if s.hand is not None and not s.hand.over and s.waiting_for == 0:
            press(app, "a", "a")
        else:
            press(app, "n")
    place = s.seats[0].place
    assert place is not None, "still in after 40 presses"
    table = next(p for p in app.stack if isinstance(p, TableScreen))
    said = table.read_state()
    assert f"You are out in place {place}." in said, said
    assert "You have 0 chips" not in said


def test_a_says_why_at_once_when_no_all_in_can_be_made(desktop):
    s = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, s)
    while s.waiting_for == 0:  # out of the hand: no all-in to make
        press(app, "f")
    assert s.waiting_for != 0
    before = len(desktop.speech.history)
    press(app, "a")
    said = app.screen.messages[-1]
    assert "Press A again" not in said
    assert said.startswith("You can't go all-in"), said
    assert not app.screen.confirm_all_in
    assert len(desktop.speech.history) > before
    # on the player's own turn the second press is still asked for
    press(app, "n")
    while s.hand is not None and not s.hand.over and s.waiting_for != 0:
        press(app, "n")
    if s.waiting_for == 0:
        press(app, "a")
        assert app.screen.messages[-1].startswith("Press A again to go all-in, ")


def test_up_at_the_last_step_says_how_to_bet_more(desktop):
    s = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, s)
    assert s.waiting_for == 0
    said = []
    for _ in range(20):
        press(app, "up")
        said.append(app.screen.messages[-1])
        if "largest" in said[-1]:
            break
    top = said[-1]
    assert top == ("This is the largest step. For more, type an amount in the amount box, "
                   "or press A to go all-in."), said
    bet = next(c.label for c in app.screen.controls() if c.id == "button:bet_raise")
    raised = int(re.sub(r"\D", "", bet))
    assert raised < s.hand.stack(0) + s.view(0).me.bet  # the steps end before the stack


def test_the_first_return_to_a_table_the_program_opened_on_is_said(desktop):
    s = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, s)  # the program opens straight on the table (--continue, --variant)
    press(app, "g")
    assert app.screen is not app.stack[0]
    before = len(desktop.speech.history)
    press(app, "escape")
    assert isinstance(app.screen, TableScreen)
    new = heard(desktop)[before:]
    assert new and new[-1].startswith("Table. "), new


def _reviewed() -> ReplayPage:
    cfg = HandConfig(stacks=(1000, 1000, 1000, 1000), blinds=(10, 20, 0, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhAd", "7c2d", "KsKd", "QcJc"], "Ac 9s 4c 3h 8d"))
    hand.apply(2, Action.raise_to(60))  # Ida
    hand.apply(3, Action.call())        # Tom
    hand.apply(0, Action.call())        # Ann
    hand.apply(1, Action.fold())        # Mara (you)
    while not hand.over:
        hand.apply(hand.to_act, Action.check())
    phh = to_phh(hand, players=["Ann", "Mara", "Ida", "Tom"], hand_number=3, table="Tournament")
    return ReplayPage(phh, 1, lambda text: None)


@pytest.mark.parametrize(("language", "turn", "folded"), [
    ("en", "Your turn.", "You have folded."),
    ("it", "Tocca a te.", "Hai passato."),
])
def test_the_hand_review_says_your_turn_and_that_you_folded(language, turn, folded):
    set_language(language)
    try:
        page = _reviewed()
        states = []
        while True:
            states.append(page.read_state())
            if page.index + 1 >= len(page.steps):
                break
            page.go(page.index + 1)
        mine = [t for t in states if t.endswith(f" {turn}")]
        assert mine, states
        gone = [t for t in states if f" {folded} " in t]
        assert gone, states
        for text in states:  # never "You" put in another player's sentence
            assert not re.search(r"\b(You|Tu) (to act|e la rând)", text), text
            assert "Tocca a Tu" not in text and "Tu: ha passato" not in text, text
    finally:
        set_language("en")


@pytest.mark.parametrize(("language", "name"), [
    ("en", "Tournament"), ("ro", "Turneu"), ("it", "Torneo"), ("pl", "Turniej")])
def test_a_stored_games_variant_is_named_in_the_players_language(language, name):
    set_language(language)
    try:
        assert stored_variant_name("Tournament") == name
        assert stored_variant_name("My friday game") == "My friday game"  # a file's own name
        label = records.game_label("Tournament", "local", 1_700_000_000.0, 12, 300, 2)
        assert label.startswith(f"{name}, "), label
        assert "Tournament" not in label or language == "en"
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "ro", "it", "pl"])
def test_the_action_bars_labels_show_whole_in_every_language(desktop, monkeypatch, language):
    """No label of the action bar is cut with "…" at the window's size (the
    Romanian all-in preset was "Toate j…")."""
    from holdem_desktop.ui.draw import TableRenderer

    cut: list[str] = []
    real = TableRenderer._fit

    def fit(self, surface, text, pos, size, color, width, anchor):  # type: ignore[no-untyped-def]
        drawn = real(self, surface, text, pos, size, color, width, anchor)
        if self.font(max(10, size * 2 // 3)).size(text)[0] > width:
            cut.append(text)
        return drawn

    monkeypatch.setattr(TableRenderer, "_fit", fit)
    desktop.change_settings(desktop.settings.updated(language=language))
    try:
        s = desktop.new_game("tournament", 6, "normal", "Mara")
        app = window(desktop, s)
        app.frame()
        bar = {c.label for c in app.screen.controls() if c.id.startswith(("button:", "preset:"))}
        from holdem_desktop.ui.action_bar import preset_short
        from holdem_desktop.ui.action_panel import PRESETS
        bar |= {preset_short(p) for p in PRESETS}
        assert not [t for t in cut if t in bar], cut
    finally:
        set_language("en")


def _room_page_player(before_deal=lambda session: None, listener=None):  # type: ignore[no-untyped-def]
    """A room's table as a client holds it (the room core: the same as the
    server's), the player Mara seated; ``before_deal(session)`` rigs the
    game before the first hand, ``listener`` hears the client's events."""
    room = Room(shipped_variant("tournament"), "428913", size=4, game_version="1",
                rng=random.Random(5), clock=lambda: 1000.0, strength="easy")
    room.connect("h", "127.0.0.2")
    room.receive("h", Hello("Mara", "428913", "1", None))
    welcome = next(m for c, m in room.take() if isinstance(m, Welcome))
    sent: list[object] = []

    class Client:
        def send(self, message: object) -> None:
            sent.append(message)

    remote = RemoteTable(Client(), shipped_variant("tournament"), welcome)
    remote.name = "Mara"
    if listener is not None:
        remote.subscribe(listener(remote))
    room.receive("h", NewGame())
    assert room.session is not None
    before_deal(room.session)
    room.receive("h", NextHand())
    feed(room, remote)
    return room, remote, sent


def feed(room: Room, remote: RemoteTable) -> None:
    for conn, message in room.take():
        if conn == "h":
            remote.handle(message)


def test_a_key_pressed_while_the_connection_is_restored_is_said_and_sends_nothing():
    from holdem_desktop.ui.action_panel import ActionPanel, Command

    _room, remote, sent = _room_page_player()
    panel = ActionPanel(remote, 0)  # type: ignore[arg-type]
    assert remote.seat == 0 and remote.my_turn
    remote.resuming = True  # the link dropped; the seat is being taken back
    outcome = panel.activate(Command.CHECK_CALL)
    assert not outcome.done
    assert outcome.message == ("The connection is being restored: press again once you are "
                               "back at the table.")
    assert sent == []
    assert panel.why(Command.INCREASE) is None  # (choosing an amount sends nothing)
    remote.resuming = False
    assert panel.activate(Command.CHECK_CALL).done and len(sent) == 1


def test_news_of_the_player_watching_is_said_to_them_as_you():
    from holdem_desktop.net.protocol import News

    _room, remote, _sent = _room_page_player()
    heard: list[str] = []
    remote.on_news = heard.append
    remote.seat = None  # (listening: a tournament's player knocked out, a watcher)
    remote._echo_back = True  # (as after a connection back: "Back at the table." was said)
    remote.handle(News("back", ("Mara",)))  # the room says so to everyone: not to her again
    remote.handle(News("back", ("Ada",)))
    assert heard == ["Ada is back."], heard


def test_who_is_here_says_you_among_those_watching_with_a_seat_number_kept():
    import dataclasses

    _room, remote, _sent = _room_page_player()
    assert remote.table is not None
    remote.table = dataclasses.replace(remote.table, watchers=("Mara",),
                                       kinds=("computer", *remote.table.kinds[1:]),
                                       connected=(False, *remote.table.connected[1:]))
    said = remote.who_is_here()
    assert "Mara" not in said and "you" in said, said


def test_the_tournaments_places_say_you_for_the_player():
    from holdem_desktop.i18n import tournament as words

    places = [("computer:9", 1), ("Ada", 2), ("Mara", 5)]
    assert words.ranking(places, me="Mara") == "Places: 1, Computer 9; 2, Ada; 5, you."
    assert words.ranking(places) == "Places: 1, Computer 9; 2, Ada; 5, Mara."
