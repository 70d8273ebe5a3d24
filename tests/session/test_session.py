from __future__ import annotations

import dataclasses
import json
import random

import pytest

from holdem_desktop.ai.baselines import AlwaysCall, AlwaysRaiseMax, RandomPolicy
from holdem_desktop.engine.actions import Action, ActionKind, IllegalAction
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.events import BlindPosted, HandEnded
from holdem_desktop.engine.variant import BlindSchedule, shipped_variant
from holdem_desktop.session import (
    BlindsUp,
    GameOver,
    GameStarted,
    HandStarting,
    HumanController,
    PlayerOut,
    Session,
    SessionError,
)


class Recorder:
    def __init__(self, session: Session) -> None:
        self.events: list[object] = []
        session.subscribe(self.events.append)

    def of(self, kind):
        return [e for e in self.events if isinstance(e, kind)]


class StackedRandom(random.Random):
    """A seeded generator whose shuffles deal prepared decks, in turn."""

    def __init__(self, seed: int, decks: list[list[int]]) -> None:
        super().__init__(seed)
        self.decks = decks

    def shuffle(self, x) -> None:  # type: ignore[override]
        if self.decks:
            x[:] = self.decks.pop(0)
        else:
            super().shuffle(x)


def deck_for(holes: list[str], board: str) -> list[int]:
    chosen = [c for h in holes for c in parse_cards(h)] + list(parse_cards(board))
    return chosen + [c for c in range(52) if c not in chosen]


def computer_table(n: int, seed: int, variant="tournament", policy=None):
    rng = random.Random(seed)
    players = [(f"Player {i + 1}", policy or RandomPolicy(random.Random(seed * 100 + i)))
               for i in range(n)]
    return Session(shipped_variant(variant), players, rng=rng, clock=lambda: 0.0)


def test_dealer_is_drawn_at_random_and_reproducibly():
    buttons = set()
    for seed in range(60):
        s = computer_table(6, seed)
        s.start()
        buttons.add(s.button)
    assert buttons == set(range(6))
    a, b = computer_table(6, 9), computer_table(6, 9)
    a.start()
    b.start()
    assert a.button == b.button


def test_button_moves_to_the_next_player_still_in_and_blinds_follow():
    s = computer_table(4, 1, policy=AlwaysCall())
    rec = Recorder(s)
    s.start()
    first = s.button
    s.next_hand()
    s.next_hand()
    starts = rec.of(HandStarting)
    assert [h.button for h in starts] == [first, (first + 1) % 4]
    posted = [e for e in rec.events if isinstance(e, BlindPosted)]
    sb, bb = (first + 1) % 4, (first + 2) % 4
    assert [(e.seat, e.amount) for e in posted[:2]] == [(sb, 10), (bb, 20)]


def test_blinds_go_up_every_ten_hands():
    s = computer_table(3, 2, policy=AlwaysCall())
    rec = Recorder(s)
    s.start()
    for _ in range(11):
        if s.game_over:
            break
        s.next_hand()
    ups = rec.of(BlindsUp)
    assert ups and ups[0].blinds == (20, 40) and ups[0].level == 1
    starts = rec.of(HandStarting)
    assert starts[0].hands_until_next_level == 10 and starts[9].hands_until_next_level == 1
    assert starts[10].blinds == (20, 40)


def test_blinds_go_up_by_minutes_through_the_clock():
    now = [0.0]
    base = shipped_variant("session")
    variant = dataclasses.replace(base, schedule=BlindSchedule(
        levels=(*base.schedule.levels, base.schedule.levels[0].scaled(2)),
        minutes_per_level=15, after_last="hold"))
    s = Session(variant, [("A", AlwaysCall()), ("B", AlwaysCall())], rng=random.Random(1),
                clock=lambda: now[0])
    rec = Recorder(s)
    s.start()
    s.next_hand()
    now[0] = 16 * 60.0
    s.next_hand()
    assert [u.blinds for u in rec.of(BlindsUp)] == [(20, 40)]


def test_heads_up_the_button_posts_the_small_blind():
    s = computer_table(2, 3, variant="heads_up", policy=AlwaysCall())
    rec = Recorder(s)
    s.start()
    s.next_hand()
    posted = {e.seat: e.amount for e in rec.of(BlindPosted)}
    assert posted[s.button] == 1 and posted[1 - s.button] == 2


def test_a_human_seat_waits_without_blocking_and_illegal_input_changes_nothing():
    players = [("You", HumanController()), ("Bot 1", AlwaysCall()), ("Bot 2", AlwaysCall())]
    s = Session(shipped_variant("tournament"), players, rng=random.Random(5), clock=lambda: 0.0)
    s.start()
    s.next_hand()
    assert s.waiting_for == 0
    view = s.view(0)
    assert view.legal_actions and view.seat == 0
    before = s.view(0)
    kinds = {a.kind for a in view.legal_actions}
    wrong = Action.check() if ActionKind.CHECK not in kinds else Action.call()
    with pytest.raises(IllegalAction):
        s.submit(0, wrong)
    assert s.view(0) == before
    with pytest.raises(IllegalAction):
        s.submit(1, Action.call())
    with pytest.raises(SessionError):
        s.next_hand()
    while s.waiting_for == 0:
        legal = {a.kind: a for a in s.view(0).legal_actions}
        s.submit(0, Action.check() if ActionKind.CHECK in legal else Action.call())
    assert s.hand.over and s.waiting_for is None


def test_simultaneous_busts_ranked_by_chips_at_start_and_equal_chips_share():
    # Seats 0..3, the button drawn; hand 1: everyone all-in, seat 0 (the
    # biggest stack) wins with aces; the three others bust together.
    variant = dataclasses.replace(shipped_variant("tournament"), starting_stack=1000)
    players = [(f"P{i}", AlwaysRaiseMax()) for i in range(4)]
    rng = StackedRandom(0, [])
    s = Session(variant, players, rng=rng, clock=lambda: 0.0)
    rec = Recorder(s)
    s.start()
    s.seats[1].chips, s.seats[2].chips, s.seats[3].chips = 300, 300, 200
    s.seats[0].chips = 3200
    order = s._playing_order(s.in_game())
    holes = {0: "AhAd", 1: "7c2d", 2: "7d2c", 3: "8s3h"}
    rng.decks.append(deck_for([holes[seat] for seat in order], "KsQs9h5c4d"))
    s.next_hand()
    outs = {e.seat: (e.place, e.shared) for e in rec.of(PlayerOut)}
    assert outs == {1: (2, True), 2: (2, True), 3: (4, False)}
    over = rec.of(GameOver)[0]
    assert over.reason == "last_standing" and over.winners == (0,)
    assert dict(over.places) == {0: 1, 1: 2, 2: 2, 3: 4}
    with pytest.raises(SessionError):
        s.next_hand()


def test_heads_up_ten_hands_ends_after_ten_hands_bigger_stack_wins():
    s = computer_table(2, 4, variant="heads_up", policy=AlwaysCall())
    rec = Recorder(s)
    s.start()
    while not s.game_over:
        s.next_hand()
    over = rec.of(GameOver)[0]
    hands = len(rec.of(HandEnded))
    assert hands <= 10
    if over.reason == "hands":
        assert hands == 10
        chips = [s.seats[i].chips for i in range(2)]
        if chips[0] == chips[1]:
            assert over.winners == (0, 1)  # a draw
        else:
            assert over.winners == (chips.index(max(chips)),)
    assert sum(st.chips for st in s.seats) == 200


def test_a_whole_tournament_conserves_chips_and_ranks_everyone():
    s = computer_table(6, 11)
    rec = Recorder(s)
    s.start()
    hands = 0
    while not s.game_over and hands < 3000:
        s.next_hand()
        hands += 1
        assert sum(s.seats[i].chips for i in range(6)) == 9000
    over = rec.of(GameOver)[0]
    places = sorted(p for _, p in over.places)
    assert places.count(1) == 1
    # Each place is one more than the number of players who did better.
    assert all(p == 1 + sum(q < p for q in places) for p in places)
    assert sum(e.shared for e in rec.of(PlayerOut)) == sum(places.count(p) > 1 for p in places)
    assert rec.of(GameStarted)[0].stacks == (1500,) * 6


def test_new_game_keeps_the_players_and_refuses_during_a_hand():
    players = [("You", HumanController()), ("Bot", AlwaysCall())]
    s = Session(shipped_variant("tournament"), players, rng=random.Random(2), clock=lambda: 0.0)
    s.start()
    s.next_hand()
    with pytest.raises(SessionError):
        s.new_game()
    while s.waiting_for == 0:
        legal = {a.kind for a in s.view(0).legal_actions}
        s.submit(0, Action.fold() if ActionKind.FOLD in legal else Action.check())
    s.new_game()
    assert s.game == 2 and s.n == 2 and all(st.chips == 1500 for st in s.seats)


def test_wrong_number_of_players_is_refused():
    with pytest.raises(SessionError) as err:
        Session(shipped_variant("heads_up"), [("A", AlwaysCall())] * 3)
    assert err.value.reason == "players"


class Broken:
    def decide(self, view):
        return Action.raise_to(1)  # never legal


def test_a_faulty_computer_player_cannot_stall_the_table():
    s = Session(shipped_variant("tournament"), [("A", Broken()), ("B", Broken())],
                rng=random.Random(1), clock=lambda: 0.0)
    s.start()
    s.next_hand()
    assert s.hand.over


class Deterministic:
    """Decides from the view alone, so a restored table decides the same."""

    def decide(self, view):
        rng = random.Random(len(view.history) * 7919 + (view.seat or 0) + view.pot)
        legal = {a.kind: a for a in view.legal_actions}
        roll = rng.random()
        for kind in (ActionKind.BET, ActionKind.RAISE):
            if kind in legal and roll < 0.2:
                return Action(kind, legal[kind].min_amount)
        if ActionKind.FOLD in legal and roll > 0.7:
            return Action.fold()
        return Action.check() if ActionKind.CHECK in legal else Action.call()


def test_session_snapshot_restore_continue_equals_continuing():
    def table():
        return Session(shipped_variant("tournament"),
                       [(f"P{i}", Deterministic()) for i in range(4)],
                       rng=random.Random(8), clock=lambda: 0.0)

    a = table()
    a.start()
    for _ in range(7):
        a.next_hand()
    assert not a.game_over
    data = json.loads(json.dumps(a.to_json()))
    b = Session.from_json(data, shipped_variant("tournament"), [Deterministic()] * 4,
                          clock=lambda: 0.0)
    rec_a, rec_b = Recorder(a), Recorder(b)
    for _ in range(20):
        if a.game_over:
            break
        a.next_hand()
        b.next_hand()
    assert rec_a.events == rec_b.events
    assert [st.chips for st in a.seats] == [st.chips for st in b.seats]
    with pytest.raises(SessionError):
        Session.from_json({"format": 2}, shipped_variant("tournament"), [Deterministic()] * 4)


def test_every_finished_hand_is_written_as_phh_and_replays(tmp_path):
    from holdem_desktop.engine.phh import load_path
    from holdem_desktop.engine.replay import replay
    from holdem_desktop.session.history import HandHistoryWriter

    s = computer_table(4, 21)
    writer = HandHistoryWriter(s, tmp_path)
    finals = []
    s.subscribe(lambda e: finals.append(e.stacks) if isinstance(e, HandEnded) else None)
    s.start()
    while not s.game_over:
        s.next_hand()
    s.new_game()
    s.next_hand()
    hands = [h for p in writer.paths for _, h in load_path(p)]
    assert len(writer.paths) == 2 and len(hands) == len(finals)
    for phh, stacks in zip(hands, finals, strict=True):
        assert tuple(replay(phh).stacks) == stacks == tuple(phh.finishing_stacks)
    assert hands[0].players and hands[0].hand == 1


def test_ending_a_game_early_ranks_the_players_still_in_by_chips():
    s = computer_table(4, 3, policy=AlwaysCall())
    heard = Recorder(s)
    s.start()
    s.next_hand()  # computer players only: the hand is played to its end
    s.end("no_humans")
    over = heard.events[-1]
    assert isinstance(over, GameOver) and over.reason == "no_humans" and s.game_over
    chips = {k: s.chips(k) for k in range(4)}
    for seat, place in over.places:
        assert place == 1 + sum(1 for c in chips.values() if c > chips[seat])
    s.end("no_humans")  # a second end changes nothing
    assert heard.events[-1] is over


class Watching(AlwaysCall):
    """Calls everything and keeps the hand-end views it is given."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def hand_over(self, view) -> None:
        self.seen.append(view)


def test_controllers_that_watch_see_each_finished_hand_once_from_their_seat():
    watchers = [Watching() for _ in range(3)]
    players = [(f"Bot {i}", w) for i, w in enumerate(watchers)]
    players.append(("Plain", AlwaysCall()))  # no hand_over: never asked
    s = Session(shipped_variant("tournament"), players, rng=random.Random(8), clock=lambda: 0.0)
    s.start()
    for _ in range(4):
        s.next_hand()
    for seat, w in enumerate(watchers):
        assert len(w.seen) == 4
        assert all(v.over and v.seat == seat for v in w.seen)
        assert all(isinstance(v.history[-1], HandEnded) for v in w.seen)
        # Each seat sees its own cards, nobody else's unless shown.
        assert all(len(v.hole) == 2 for v in w.seen)
