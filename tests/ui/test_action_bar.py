"""A poker action bar (issue 33, item 3): Fold, Check / Call and Bet / Raise
as large buttons at the bottom right, the presets min, ½ pot, ¾ pot, pot and
all-in, a typed amount box, the slider with its smallest and largest
amount written at its ends, − and + beside it; the keys and the spoken
labels as they were, and a typed amount that is not allowed refused aloud
with nothing changed."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ai.baselines import AlwaysCall  # noqa: E402
from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.engine.actions import ActionKind  # noqa: E402
from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.session import HumanController, Session  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.action_bar import AMOUNT_BOX  # noqa: E402
from holdem_desktop.ui.action_panel import PRESETS, ActionPanel, Command, Preset  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.layout import TableLayout  # noqa: E402
from tests.driving import keys, typed  # noqa: E402
from tests.ui.tables import table  # noqa: E402

SIZES = [(1024, 640), (1366, 768), (1920, 1080)]
BIG = ("button:fold", "button:check_call", "button:bet_raise")


def _session(bots: int = 2) -> Session:
    players = [("You", HumanController())] + [(f"Bot {i}", AlwaysCall())
                                               for i in range(1, bots + 1)]
    s = Session(shipped_variant("tournament"), players, rng=random.Random(3),
                clock=lambda: 0.0)
    s.start()
    s.next_hand()
    return s


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 6, 10])
def test_the_bar_sits_at_the_bottom_right_with_three_large_buttons(n, size):
    pygame.display.init()
    screen, clock = table(n, "mid", None)
    clock.now = 100.0
    surface = pygame.Surface(size)
    screen.draw(surface)
    r, layout = screen.renderer, TableLayout(*size)
    rects = screen.rects
    big = [rects[k] for k in BIG]
    # In a row, in this order, at the bottom right of the window, right of the felt.
    assert [b.x for b in big] == sorted(b.x for b in big)
    assert len({b.y for b in big}) == 1 and len({b.h for b in big}) == 1
    assert all(b.x >= layout.felt.x + layout.felt.w and b.right <= size[0] for b in big)
    assert all(b.bottom <= size[1] and b.bottom >= size[1] - round(24 * layout.scale)
               for b in big)
    # Large: taller than every other button of the bar, and wider than a preset.
    others = [rects[k] for k in rects if k.startswith("preset:")
              or k in ("button:all_in", "button:next_hand")]
    assert min(b.h for b in big) >= 1.5 * max(o.h for o in others)
    presets = [rects["preset:" + p] for p in PRESETS]
    assert min(b.w for b in big) > max(p.w for p in presets)
    # The presets in a row above them, min first; the slider between − and +,
    # the amount box beside it; nothing of the bar covers anything else of it.
    assert [p.x for p in presets] == sorted(p.x for p in presets)
    assert max(p.bottom for p in presets) < big[0].top
    amounts = rects["amounts"]
    assert rects["button:decrease"].right < amounts.x < amounts.right \
        < rects["button:increase"].x
    assert rects[AMOUNT_BOX].right < rects["button:decrease"].x
    assert amounts.bottom < min(p.top for p in presets)
    bar = [k for k in rects if k.startswith(("preset:", "button:")) or k in (
        "amounts", AMOUNT_BOX)]
    assert [(a, b) for a in bar for b in bar if a < b and rects[a].colliderect(rects[b])] == []
    # The slider's ends: the smallest and the largest amount it steps through.
    steps, _chosen = screen.amount_steps()
    assert (r.painted["amounts:min"], r.painted["amounts:max"]) == (steps[0], steps[-1])
    # Decrease / Increase are small −, + buttons now, their spoken labels unchanged.
    labels = {c.id: c.label for c in screen.table_controls()}
    assert labels["button:decrease"] == "Decrease amount"
    assert labels["button:increase"] == "Increase amount"
    assert rects["button:decrease"].w < presets[0].w


def test_the_tab_order_keeps_the_seven_buttons_with_the_amount_controls_after_increase():
    screen, _clock = table(3, "mid", None)
    ids = [c.id for c in screen.table_controls() if c.zone == "actions"]
    assert ids == ["heading:actions", *("button:" + c for c in (
        Command.FOLD, Command.CHECK_CALL, Command.BET_RAISE, Command.DECREASE,
        Command.INCREASE)), AMOUNT_BOX, *("preset:" + p for p in PRESETS),
        "button:" + Command.ALL_IN, "button:" + Command.NEXT_HAND]


def test_presets_set_the_right_amounts():
    s = _session()
    panel = ActionPanel(s, 0)
    # Three players, blinds 10 / 20, the first to act faces 20: the pot after
    # the call is 50 (10 + 20 + 20); a raise of half of it makes 20 + 25,
    # on the 10-chip unit 50; the minimum raise is to 40.
    assert panel.preset(Preset.MIN).message == "Raise to 40"
    assert panel.preset(Preset.HALF_POT).message == "Raise to 50"
    assert panel.preset(Preset.THREE_QUARTERS_POT).message == "Raise to 60"
    assert panel.preset(Preset.POT).message == "Raise to 70"
    stack = s.view(0).me.stack
    # the whole stack says so (SPEC §5: the button carries what it does)
    assert panel.preset(Preset.ALL_IN).message == f"Raise to {stack:,}, all-in"
    # The keys step on from the chosen preset, down from all-in.
    assert panel.activate(Command.DECREASE).message == "Raise to 120"
    assert panel.preset(Preset.ALL_IN).done
    before = len(s.hand.actions)
    assert panel.activate(Command.BET_RAISE).done  # a preset only chose; the button acts
    seat, act = s.hand.actions[before]
    assert seat == 0 and act.kind is ActionKind.ALL_IN


def test_a_typed_amount_is_chosen_when_allowed_and_refused_otherwise():
    s = _session()
    panel = ActionPanel(s, 0)
    assert panel.type_amount("250").message == "Raise to 250"
    assert panel.activate(Command.DECREASE).message == "Raise to 120"  # back on the scale
    assert panel.activate(Command.INCREASE).message == "Raise to 250"  # kept this turn
    bet = panel.buttons()[2].label
    for text, said in (("35", "You can't raise less than 40."),
                       ("255", "You can't raise that amount: bets go in steps of 10."),
                       ("9000", "You can't raise more than 1,500."),
                       ("lots", "Type the amount in digits, for example 40.")):
        out = panel.type_amount(text)
        assert not out.done and out.message == said, text
        assert panel.buttons()[2].label == bet  # nothing changed
    assert panel.type_amount("1 200").message == "Raise to 1,200"  # as it is written


@pytest.fixture
def my_turn(player_home):
    """The real window at a table of four, played on (calling, dealing) until
    it is the player's turn with an amount to choose; its recording speaker."""
    speaker = RecordingSpeaker()
    desktop = Desktop(rng=random.Random(13), speaker=speaker)
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = App(desktop.table(session), keymap=desktop.keymap, after_input=desktop.flush)
    try:
        for _ in range(30):
            hand = session.hand
            if not hand.over and hand.to_act == 0 and app.screen.panel.amounts()[0]:
                break
            keys(app, "n" if hand.over else "c")
        assert app.screen.panel.amounts()[0], "never the player's turn with an amount"
        yield app, session, speaker
    finally:
        desktop.close()


def test_a_typed_amount_through_the_real_window(my_turn):
    app, session, speaker = my_turn
    screen = app.screen
    steps = screen.panel.amounts()[0]
    assert steps
    screen.guard_until = 0.0
    screen.focus.id = "button:increase"
    keys(app, "tab")
    assert screen.focused().id == AMOUNT_BOX
    assert speaker.calls[-1][0].startswith("Type an amount, edit, ")
    # Letters go into the box: F folds nothing there.
    acted = len(session.hand.actions)
    typed(app, "f")
    keys(app, "return")
    low = steps[0].to
    verb = "raise" if steps[0].kind is ActionKind.RAISE else "bet"
    assert speaker.calls[-1][0] == f"Type the amount in digits, for example {low:,}."
    assert len(session.hand.actions) == acted
    keys(app, "backspace")
    # Too little: said, and nothing changes.
    label = screen.panel.buttons()[2].label
    typed(app, str(low - 1))
    keys(app, "return")
    assert speaker.calls[-1][0] == f"You can't {verb} less than {low:,}."
    assert screen.panel.buttons()[2].label == label and screen.focused().id == AMOUNT_BOX
    assert len(session.hand.actions) == acted
    for _ in range(len(str(low - 1))):
        keys(app, "backspace")
    # Allowed: chosen, and the focus goes to Bet / Raise to press it.
    want = low + session.view(0).chip_unit * 3
    typed(app, str(want))
    keys(app, "return")
    word = "Raise to" if verb == "raise" else "Bet"
    assert speaker.calls[-1][0] == f"{word} {want:,}, button"
    assert screen.focused().id == "button:bet_raise"
    keys(app, "return")
    mine = [a for seat, a in session.hand.actions[acted:] if seat == 0]
    assert mine and mine[0].amount == want


def test_presets_by_keyboard_choose_and_never_act(my_turn):
    app, session, speaker = my_turn
    screen = app.screen
    steps = screen.panel.amounts()[0]
    screen.focus.id = AMOUNT_BOX
    acted = len(session.hand.actions)
    keys(app, "tab")  # Min
    assert screen.focused().id == "preset:min"
    assert speaker.calls[-1][0] == f"Amount: minimum, button, {steps[0].to:,}"
    keys(app, "return")
    bet = next(c.label for c in screen.table_controls() if c.id == "button:bet_raise")
    assert bet.endswith(f"{steps[0].to:,}") and speaker.calls[-1][0] == bet
    keys(app, "tab", "tab", "tab", "tab")  # All-in
    assert screen.focused().id == "preset:all_in"
    keys(app, "space")
    stack = session.view(0).me.stack + session.view(0).me.bet
    assert speaker.calls[-1][0].endswith(f"{stack:,}, all-in")
    assert len(session.hand.actions) == acted  # chosen, not played
    keys(app, "tab")
    assert screen.focused().id == "button:all_in"


def test_escape_in_the_amount_box_clears_it_first(my_turn):
    # Issue 33, 10: as in any text field, the first Escape clears what was
    # typed (and says so); only an Escape in an empty box leaves, as before.
    app, _session, speaker = my_turn
    screen = app.screen
    screen.guard_until = 0.0
    screen.focus.id = AMOUNT_BOX
    typed(app, "120")
    keys(app, "escape")
    assert screen.amount_box.text == "" and app.screen is screen
    assert speaker.calls[-1][0] == "Amount cleared."
    assert screen.focused().id == AMOUNT_BOX  # still there, to type again
    keys(app, "escape")  # empty: Escape asks to leave the table, as it always did
    assert app.screen is not screen and "Leave" in " ".join(
        c.label for c in app.screen.controls())


def test_typed_characters_are_said_and_not_shown_as_game_state(my_turn):
    # Each character typed (or erased) in a box is echoed aloud; the box
    # itself shows it, so the Game state zone keeps what it said (it showed
    # "1", then "12", as if they were news of the game).
    app, _session, speaker = my_turn
    screen = app.screen
    screen.guard_until = 0.0
    before = screen.state_lines()
    screen.focus.id = AMOUNT_BOX
    typed(app, "12")
    assert speaker.calls[-1][0] == "2"  # said
    keys(app, "backspace")
    assert speaker.calls[-1][0] == "1"
    assert screen.state_lines() == before
    screen.focus.id = "button:fold"
    keys(app, "o")  # a key's answer is still shown there
    assert screen.state_lines()[-1] == speaker.calls[-1][0]
