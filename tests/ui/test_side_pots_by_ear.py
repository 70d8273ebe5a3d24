"""Side pots by ear and on the felt: once a betting round with an all-in
closes, P says the main pot and each side pot with who can win it ("you"
first), the Game state zone reads the same, and the felt shows the main and
side pots beside the total; while the round is still being bet, the total
alone (the bets are in front of the players, not in any pot yet).  The same
words on the phone's page, from a real room's tables."""

from __future__ import annotations

import os
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.actions import Action, ActionKind  # noqa: E402
from holdem_desktop.engine.events import StreetDealt  # noqa: E402
from holdem_desktop.engine.hand import Hand, HandConfig, Street  # noqa: E402
from holdem_desktop.engine.replay import to_phh  # noqa: E402
from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.engine.views import SeatView, seat_view  # noqa: E402
from holdem_desktop.i18n.phrases import pot_label  # noqa: E402
from holdem_desktop.net.protocol import Act, Hello, NewGame, NextHand, Welcome  # noqa: E402
from holdem_desktop.net.remote import RemoteTable  # noqa: E402
from holdem_desktop.net.room import Room  # noqa: E402
from holdem_desktop.server import web_view  # noqa: E402
from holdem_desktop.session import Session  # noqa: E402
from holdem_desktop.speech.announcer import Announcer, gathered_pots  # noqa: E402
from holdem_desktop.ui.action_panel import ActionPanel  # noqa: E402
from holdem_desktop.ui.move_log import MoveLog  # noqa: E402
from holdem_desktop.ui.pacing import picture  # noqa: E402
from holdem_desktop.ui.review import ReplayPage  # noqa: E402
from tests.driving import keys, window  # noqa: E402
from tests.engine.hand_helpers import stacked_deck  # noqa: E402


class Scripted:
    """A computer seat that plays a plan before the flop: ``short`` goes
    all-in, ``raise`` raises to 300 (then calls), ``fold`` checks or folds;
    after the flop each checks (or folds)."""

    def __init__(self, plan: str) -> None:
        self.plan = plan

    def decide(self, view: SeatView) -> Action:
        kinds = {a.kind for a in view.legal_actions}
        check_or_fold = Action.check() if ActionKind.CHECK in kinds else Action.fold()
        if view.street != Street.PREFLOP or self.plan == "fold":
            return check_or_fold
        if self.plan == "short":
            return Action.all_in()
        me = view.me
        assert me is not None
        if ActionKind.RAISE in kinds and me.bet + view.to_call < 300:
            return Action.raise_to(300)
        return Action.call() if ActionKind.CALL in kinds else check_or_fold


def rig(s: Session) -> None:
    """Seat 1 short (100 chips) and all-in, seat 2 raising to 300, seat 3 folding."""
    s.seats[1].controller, s.seats[1].chips = Scripted("short"), 100
    s.seats[2].controller = Scripted("raise")
    s.seats[3].controller = Scripted("fold")


def test_p_says_the_side_pot_and_who_can_win_it_once_the_round_closes(desktop):
    s = desktop.new_game("tournament", 4, "normal", "Mara")
    rig(s)
    app = window(desktop, s)
    screen = app.screen
    heard_before_the_flop = []
    for _ in range(10):
        if s.hand.street != Street.PREFLOP or s.hand.over:
            break
        screen.guard_until = 0.0
        keys(app, "p")
        heard_before_the_flop.append(screen.messages[-1])
        screen.guard_until = 0.0
        keys(app, "c")  # call the raise to 300
    assert s.hand.street == Street.FLOP and not s.hand.over
    # before the flop the bets were not gathered: the total alone
    assert heard_before_the_flop and all(re.fullmatch(r"Pot: [\d,]+\.", line)
                                         for line in heard_before_the_flop), heard_before_the_flop
    raiser = s.seats[2].name
    contributed = dict(zip(s.hand.seats, s.hand.contributed, strict=True))
    folded = contributed[3]  # the folder's blind, if any: dead money in the main pot
    main, side = 3 * 100 + folded, 2 * (300 - 100)
    # heard unasked once, when the flop is dealt, after the board
    pots = f"Main pot {main:,}; side pot {side:,}, you and {raiser}."
    heard = [t.text for t in desktop.speech.history]
    flop = [t for t in heard if " Flop: " in t or t.startswith("Flop: ")]
    assert len(flop) == 1 and re.search(r"Flop: [^.]*\. " + re.escape(pots), flop[0]), flop
    assert sum(t.count("side pot") for t in heard) == 1, heard
    screen.guard_until = 0.0
    keys(app, "p")
    said = screen.messages[-1]
    assert said == (f"Pot: {main + side:,}. Main pot {main:,}; side pot {side:,}, "
                    f"you and {raiser}."), said
    felt = next(c.label for c in screen.controls() if c.id == "pot")
    assert felt == f"Pot {main + side:,}: main pot {main:,}, side pot {side:,}"


def test_the_page_says_the_side_pots_of_a_real_rooms_table():
    """A room as the server holds it (the same core): the page's Game state
    and its pot zone, built from the tables the room sends, say the side
    pot and who can win it, the player as "you"."""
    room = Room(shipped_variant("tournament"), "428913", size=4, game_version="1",
                rng=random.Random(5), clock=lambda: 1000.0, strength="easy")
    room.connect("h", "127.0.0.2")
    room.receive("h", Hello("Mara", "428913", "1", None))
    welcome = next(m for c, m in room.take() if isinstance(m, Welcome))
    remote = RemoteTable(object(), shipped_variant("tournament"), welcome)
    heard: list[str] = []  # wired as the server's page wires its announcer (server/web.py)
    announcer = Announcer(0, lambda k: remote.seats[k].name, heard.append,
                          pots=lambda: gathered_pots(remote))
    remote.subscribe(announcer)
    room.receive("h", NewGame())
    session = room.session
    assert session is not None

    def feed() -> None:
        for conn, message in room.take():
            if conn == "h":
                remote.handle(message)

    assert session.hand is None  # (dealt when the people press Next hand)
    rig(session)
    room.receive("h", NextHand())
    feed()
    for _ in range(10):
        hand = session.hand
        assert hand is not None and not hand.over
        if hand.street != Street.PREFLOP:
            break
        assert session.waiting_for == 0
        room.receive("h", Act(ActionKind.CALL, 0, *room.decision))
        feed()
        announcer.flush()
    assert remote.table is not None and remote.table.view is not None
    view = remote.table.view
    assert view.street == Street.FLOP
    folded = dict(zip(session.hand.seats, session.hand.contributed, strict=True))[3]
    main, side = 3 * 100 + folded, 2 * (300 - 100)
    raiser = remote.seats[2].name
    assert any(f"Main pot {main:,}; side pot {side:,}, you and {raiser}." in line
               for line in heard), heard  # the page's speech, unasked, at the flop
    said = web_view.read_state(remote, ActionPanel(remote, 0))  # type: ignore[arg-type]
    assert f" Pot: {main + side:,}. Main pot {main:,}; side pot {side:,}, you and {raiser}. " \
        in said, said
    log = MoveLog("Mara", 0)
    shown = web_view.table_view(remote, ActionPanel(remote, 0), log)  # type: ignore[arg-type]
    assert shown["pot"] == f"Pot {main + side:,}: main pot {main:,}, side pot {side:,}"


def test_hand_review_reads_the_side_pot_at_the_flop():
    """A stored hand replayed step by step: at the flop's first step the
    review's I reads the main pot and the side pot with who can win it, and
    its felt shows them beside the total."""
    cfg = HandConfig(stacks=(100, 1000, 1000, 1000), blinds=(10, 20, 0, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhAd", "7c2d", "KsKd", "QcJc"], "Ac 9s 4c 3h 8d"))
    hand.apply(2, Action.raise_to(300))  # Ida
    hand.apply(3, Action.fold())         # Tom
    hand.apply(0, Action.all_in())       # Ann, 100
    hand.apply(1, Action.call())         # Mara (you), 300
    while not hand.over:
        hand.apply(hand.to_act, Action.check())
    phh = to_phh(hand, players=["Ann", "Mara", "Ida", "Tom"], hand_number=3, table="Tournament")
    page = ReplayPage(phh, 1, lambda text: None)
    while page.view().street == Street.PREFLOP:
        page.go(page.index + 1)
    said = page.read_state()
    assert " Pot 700. Main pot 300; side pot 400, you and Ida. " in said, said
    drawn = []
    page.renderer.draw_table = lambda surface, view, plates, title, controls, *rest, **kw: \
        drawn.extend(c.label for c in controls if c.id == "pot")  # what the felt is given
    page.draw(pygame.Surface((1366, 768)))
    assert drawn == ["Pot 700: main pot 300, side pot 400"]


@pytest.mark.parametrize(("seat", "folds"), [(1, False), (3, True)])
def test_no_side_pot_is_announced_when_the_cards_are_run_out_or_after_a_fold(seat, folds):
    """Everyone all-in before the flop: the cards are run out and the awards
    name the pots, so no pots are said at the streets; a player who folded
    hears the board but not the pots."""
    cfg = HandConfig(stacks=(100, 1000 if folds else 300, 1000, 1000), blinds=(10, 20, 0, 0),
                     min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhAd", "7c2d", "KsKd", "QcJc"], "Ac 9s 4c 3h 8d"))
    heard: list[str] = []
    announcer = Announcer(seat, lambda k: "ABCD"[k], heard.append,
                          pots=lambda: hand.gathered_pots())
    events = list(hand.events)
    moves = [(2, Action.raise_to(300)), (3, Action.fold()), (0, Action.all_in())]
    moves += ([(1, Action.raise_to(600)), (2, Action.call())] if folds  # a side pot, seat 3 out
              else [(1, Action.all_in())])  # all in: the cards are run out
    for who, action in moves:
        for e in events:
            announcer(e)
        events = hand.apply(who, action)
    for e in events:
        announcer(e)
    announcer.flush()
    text = " ".join(heard)
    assert "Flop: " in text and "Main pot" not in text and "; side pot " not in text, text
    assert len(hand.gathered_pots()) == (2 if folds else 0)  # (a side pot was there to say)


def test_the_felt_shows_no_side_pot_before_it_shows_the_flop():
    """The felt plays the hand's events at a pace behind the game: while it
    still shows the bets before the flop, its pot is the total it shows,
    with no side pot the game gathered after them; once it reaches the
    flop, the main and side pots."""
    cfg = HandConfig(stacks=(100, 1000, 1000, 1000), blinds=(10, 20, 0, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhAd", "7c2d", "KsKd", "QcJc"], "Ac 9s 4c 3h 8d"))
    for seat, action in ((2, Action.raise_to(300)), (3, Action.fold()), (0, Action.all_in()),
                         (1, Action.call())):
        hand.apply(seat, action)
    view = seat_view(hand, 1)
    assert len(view.pots) == 2
    flop = next(k for k, e in enumerate(view.history) if isinstance(e, StreetDealt))
    behind = picture(view, flop)  # the last call shown, the flop not yet
    assert behind.street == Street.PREFLOP and behind.pots == ()
    assert pot_label(behind) == "Pot 700"
    caught_up = picture(view, flop + 1)
    assert caught_up.pots == view.pots
    assert pot_label(caught_up) == "Pot 700: main pot 300, side pot 400"
