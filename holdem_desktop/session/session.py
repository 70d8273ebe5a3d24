"""A game over many hands at one table.

The session deals hands one after another with the button moving, raises
the blinds on the variant's schedule (by hands, and by minutes through an
injectable clock), records eliminations and places, and ends the game.  It
asks each seat's controller for decisions: computer seats answer at once,
a human seat answers None, and :meth:`Session.run` returns so that the
caller (the pygame loop) is never blocked; the interface then calls
:meth:`Session.submit`.

Every event — the session's own and each hand's — goes to the listeners in
order; nothing but the engine changes the hand.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from holdem_desktop.engine.actions import Action, IllegalAction
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.snapshot import hand_from_json, hand_to_json
from holdem_desktop.engine.variant import BlindLevel, Variant
from holdem_desktop.engine.views import SeatView, decision_view, seat_view

from .controllers import Controller, HandWatcher, HumanController
from .events import BlindsUp, GameOver, GameStarted, HandStarting, PlayerOut, TurnStarted

__all__ = ["Session", "SessionError", "hand_config"]

Listener = Callable[[object], None]


class SessionError(Exception):
    """A request the session cannot carry out now; ``reason`` is
    machine-readable (``players``, ``not_started``, ``hand_in_progress``,
    ``no_hand``, ``game_over``, ``snapshot``)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}" + (f": {detail}" if detail else ""))
        self.reason = reason


@dataclass
class _Seat:
    name: str
    controller: Controller
    chips: int
    place: int | None = None


def hand_config(variant: Variant, level: BlindLevel, order: Sequence[int],
                stacks: Sequence[int]) -> HandConfig:
    """The hand the variant deals at ``level`` to the seats of ``order``
    (playing order, the button last) holding ``stacks``: heads-up the button
    posts the small blind; straddles never reach the button."""
    n = len(order)
    blinds: tuple[int, ...]
    if n == 2:
        blinds = (level.big, level.small)
    else:
        forced = list(level.blinds[:n - 1])
        blinds = tuple(forced + [0] * (n - len(forced)))
    return HandConfig.of_variant(variant, level, order, stacks, blinds)


class Session:
    """One table: players, the variant, and the game in progress."""

    is_host = True
    """Whoever plays at a session on this computer starts its games (a room's
    guests do not: see ``net.remote``)."""

    def __init__(self, variant: Variant, players: Sequence[tuple[str, Controller]], *,
                 rng: random.Random | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if not variant.min_players <= len(players) <= variant.max_players:
            raise SessionError("players", f"{variant.name} seats {variant.min_players} to "
                                          f"{variant.max_players} players, not {len(players)}")
        self.variant = variant
        self.rng: random.Random = rng if rng is not None else random.SystemRandom()
        self.clock = clock
        self.seats = [_Seat(name, ctrl, variant.starting_stack) for name, ctrl in players]
        self.listeners: list[Listener] = []
        self.game = 0
        self.hand: Hand | None = None
        self.hands_played = 0
        self.button: int | None = None
        self.level = 0
        self.started_at = 0.0
        self.result: GameOver | None = None
        self._started = False
        self._hand_counted: Hand | None = None  # the finished hand already scored

    # ------------------------------------------------------------------
    # Queries

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def game_over(self) -> bool:
        """True once the game has ended (``result`` says how)."""
        return self.result is not None

    @property
    def minutes_played(self) -> float:
        """Minutes since the game started, by the session's clock."""
        return max(0.0, (self.clock() - self.started_at) / 60.0)

    def chips(self, seat: int) -> int:
        """Chips of ``seat`` (its stack during a hand)."""
        if self.hand is not None and not self.hand.over and seat in self.hand.seats:
            return self.hand.stack(seat)
        return self.seats[seat].chips

    def in_game(self) -> list[int]:
        """Seats that still have chips (are not out)."""
        return [s for s, st in enumerate(self.seats) if st.place is None]

    @property
    def waiting_for(self) -> int | None:
        """The seat whose decision the session is waiting for, if any."""
        if self.hand is None or self.hand.over:
            return None
        return self.hand.to_act

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see of the current hand (None: a spectator)."""
        if self.hand is None:
            raise SessionError("no_hand")
        if seat is not None and seat not in self.hand.seats:
            seat = None  # out of the game: watches and listens like a spectator
        return seat_view(self.hand, seat)

    def blind_level(self, index: int | None = None) -> BlindLevel:
        """The blinds of level ``index`` (default: the current level)."""
        return self.variant.schedule.level(self.level if index is None else index)

    def hands_until_next_level(self) -> int | None:
        """Hands until the blinds go up by the hands clock (None: not by hands)."""
        return self.variant.schedule.hands_until_next_level(self.hands_played,
                                                             self.minutes_played)

    # ------------------------------------------------------------------
    # Driving the game

    def subscribe(self, listener: Listener, *, first: bool = False) -> None:
        """Call ``listener(event)`` for every session and hand event from now
        on; ``first``: before every listener so far (the hand history: on
        disk before anyone else hears that a hand ended)."""
        if first:
            self.listeners.insert(0, listener)
        else:
            self.listeners.append(listener)

    def _emit(self, events: Sequence[object]) -> None:
        for event in events:
            for listener in list(self.listeners):
                listener(event)

    def start(self) -> None:
        """Start a game: every seat gets the starting stack and the dealer is drawn."""
        self.game += 1
        for st in self.seats:
            st.chips = self.variant.starting_stack
            st.place = None
        self.hand = None
        self.hands_played = 0
        self.level = 0
        self.result = None
        self.started_at = self.clock()
        self.button = self.rng.randrange(self.n)
        self._started = True
        self._emit([GameStarted(self.game, tuple(range(self.n)),
                                tuple(st.name for st in self.seats),
                                tuple(st.chips for st in self.seats), self.button)])

    def new_game(self) -> None:
        """Start another game with the same players (refused during a hand)."""
        if self.hand is not None and not self.hand.over:
            raise SessionError("hand_in_progress")
        self.start()

    def next_hand(self) -> None:
        """Deal the next hand and play the computer seats until a human must act."""
        if not self._started:
            raise SessionError("not_started")
        if self.result is not None:
            raise SessionError("game_over")
        if self.hand is not None and not self.hand.over:
            raise SessionError("hand_in_progress")
        active = self.in_game()
        assert self.button is not None
        if self.hands_played > 0 or self.seats[self.button].place is not None:
            self.button = self._next_active(self.button)
        level = self.variant.schedule.level_index(self.hands_played, self.minutes_played)
        events: list[object] = []
        if level != self.level:
            self.level = level
            lv = self.blind_level()
            events.append(BlindsUp(level, lv.blinds, lv.ante))
        lv = self.blind_level()
        order = self._playing_order(active)
        config = self._config(order, lv)
        deck = list(range(52))
        self.rng.shuffle(deck)
        self.hand = Hand(config, deck)
        events.append(HandStarting(self.hands_played + 1, self.button, self.level, lv.blinds,
                                   lv.ante, self.hands_until_next_level()))
        events.extend(self.hand.events)
        self._emit(events)
        self.run()

    def submit(self, seat: int, action: Action) -> None:
        """A decision for ``seat`` (a human's).  Raises
        :class:`~holdem_desktop.engine.actions.IllegalAction` and changes
        nothing when it is not allowed; otherwise plays on."""
        if self.hand is None or self.hand.over:
            raise IllegalAction("hand_over")
        self._emit(self.hand.apply(seat, action))
        self.run()

    def run(self) -> None:
        """Let computer seats act until a human must decide or the hand ends."""
        hand = self.hand
        if hand is None:
            return
        while not hand.over:
            seat = hand.to_act
            assert seat is not None
            controller = self.seats[seat].controller
            if type(controller) is HumanController:  # a person decides: say so and wait
                # (no view made here: the room makes the members' views of
                # this state when it sends them)
                self._emit([TurnStarted(seat, hand.to_call(seat))])
                return
            # (a view for the decision alone, its costly parts made only if
            # read: no member is sent the states the computers act in)
            view = decision_view(hand, seat)
            action = controller.decide(view)
            if action is None:  # a person decides: say so and wait
                self._emit([TurnStarted(seat, view.to_call)])
                return
            try:
                events = hand.apply(seat, action)
            except IllegalAction:
                # A faulty computer player must not stall or crash the table.
                fallback = Action.check() if hand.can(seat, Action.check()) else Action.fold()
                events = hand.apply(seat, fallback)
            self._emit(events)
        if self._hand_counted is not hand:
            self._end_hand(hand)

    # ------------------------------------------------------------------
    # Internals

    def _next_active(self, seat: int) -> int:
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if self.seats[s].place is None:
                return s
        raise AssertionError("nobody left in the game")  # pragma: no cover

    def _playing_order(self, active: list[int]) -> list[int]:
        assert self.button is not None
        start = active.index(self.button)
        return active[start + 1:] + active[:start + 1]

    def _config(self, order: list[int], level: BlindLevel) -> HandConfig:
        return hand_config(self.variant, level, order, [self.seats[s].chips for s in order])

    def _end_hand(self, hand: Hand) -> None:
        self._hand_counted = hand
        for s in hand.seats:  # computer players learn from what their seat saw
            controller = self.seats[s].controller
            if _watches(type(controller)):
                cast(HandWatcher, controller).hand_over(seat_view(hand, s))
        self.hands_played += 1
        start = dict(zip(hand.seats, hand.config.stacks, strict=True))
        for s, chips in zip(hand.seats, hand.stacks, strict=True):
            self.seats[s].chips = chips
        events: list[object] = []
        busted = [s for s in hand.seats if self.seats[s].chips == 0]
        remaining = len(self.in_game()) - len(busted)
        # Simultaneous busts: more chips at the start of the hand, better place.
        busted.sort(key=lambda s: -start[s])
        for s in busted:
            better = sum(1 for o in busted if start[o] > start[s])
            shared = sum(1 for o in busted if start[o] == start[s]) > 1
            self.seats[s].place = remaining + 1 + better
            events.append(PlayerOut(s, remaining + 1 + better, shared))
        alive = self.in_game()
        if len(alive) == 1:
            self.seats[alive[0]].place = 1
            events.append(self._game_over("last_standing"))
        else:
            end = self.variant.end
            minutes = self.minutes_played
            if end.is_reached(self.hands_played, minutes):
                hands_hit = end.hands is not None and self.hands_played >= end.hands
                ranked = sorted(alive, key=lambda s: -self.seats[s].chips)
                for s in ranked:
                    self.seats[s].place = 1 + sum(1 for o in alive
                                                  if self.seats[o].chips > self.seats[s].chips)
                events.append(self._game_over("hands" if hands_hit else "minutes"))
        self._emit(events)

    def end(self, reason: str) -> None:
        """End the game now (between hands; a room ends it with ``no_humans``
        when no person is left in it): the players still in are ranked by
        their chips, equal chips sharing a place."""
        if self.result is not None:
            return
        if self.hand is not None and not self.hand.over:
            raise SessionError("hand_in_progress")
        alive = self.in_game()
        for s in alive:
            self.seats[s].place = 1 + sum(1 for o in alive
                                          if self.seats[o].chips > self.seats[s].chips)
        self._emit([self._game_over(reason)])

    def _game_over(self, reason: str) -> GameOver:
        places = tuple((s, st.place if st.place is not None else 0)
                       for s, st in enumerate(self.seats))
        self.result = GameOver(reason, places)
        return self.result

    # ------------------------------------------------------------------
    # Snapshot / restore

    def to_json(self, *, with_rng: bool = True,
                hand_data: dict[str, Any] | None = None) -> dict[str, Any]:
        """The whole game as JSON-ready data (controllers are not saved: the
        caller gives them again on restore).  ``with_rng=False`` leaves out
        the random generator's state, the last key (a caller that saves
        often adds it itself: it changes only when cards are shuffled);
        ``hand_data``: the hand's :func:`hand_to_json`, when the caller
        keeps it (extended with each action, not made again)."""
        data = self._data(hand_data)
        if with_rng:
            data["rng"] = self.rng_data()
        return data

    def rng_data(self) -> Any:
        """The random generator's state as JSON-ready data (None: it has none)."""
        try:
            return _json_state(self.rng.getstate())
        except NotImplementedError:  # SystemRandom has no state
            return None

    def _data(self, hand_data: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "format": 1,
            "variant": self.variant.key,
            "names": [st.name for st in self.seats],
            "chips": [st.chips for st in self.seats],
            "places": [st.place for st in self.seats],
            "game": self.game,
            "hands_played": self.hands_played,
            "button": self.button,
            "level": self.level,
            "minutes_played": self.minutes_played,
            "started": self._started,
            "result": None if self.result is None else {
                "reason": self.result.reason, "places": [list(p) for p in self.result.places]},
            "hand": None if self.hand is None else hand_data or hand_to_json(self.hand),
            "hand_counted": self.hand is not None and self._hand_counted is self.hand,
        }

    @classmethod
    def from_json(cls, data: Any, variant: Variant, controllers: Sequence[Controller], *,
                  rng: random.Random | None = None,
                  clock: Callable[[], float] = time.monotonic) -> Session:
        """Rebuild a session from :meth:`to_json` data; raises :class:`SessionError`."""
        try:
            if data["format"] != 1 or data["variant"] != variant.key:
                raise ValueError("format or variant does not match")
            names = [str(x) for x in data["names"]]
            if len(names) != len(controllers):
                raise ValueError("one controller per seat is needed")
            session = cls(variant, list(zip(names, controllers, strict=True)), rng=rng,
                          clock=clock)
            for st, chips, place in zip(session.seats, data["chips"], data["places"],
                                        strict=True):
                st.chips = int(chips)
                st.place = None if place is None else int(place)
            session.game = int(data["game"])
            session.hands_played = int(data["hands_played"])
            session.button = None if data["button"] is None else int(data["button"])
            session.level = int(data["level"])
            session.started_at = clock() - 60.0 * float(data["minutes_played"])
            session._started = bool(data["started"])
            if data["result"] is not None:
                session.result = GameOver(str(data["result"]["reason"]),
                                          tuple((int(a), int(b))
                                                for a, b in data["result"]["places"]))
            if data["hand"] is not None:
                session.hand = hand_from_json(data["hand"])
                if data["hand_counted"]:
                    session._hand_counted = session.hand
            if data["rng"] is not None and rng is None:
                session.rng = random.Random()
                session.rng.setstate(_tuple_state(data["rng"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise SessionError("snapshot", str(exc)) from None
        return session


def _json_state(state: Any) -> Any:
    if isinstance(state, tuple):  # (the generator's 625 ints: not a call for each)
        return [_json_state(x) if isinstance(x, tuple) else x for x in state]
    return state


def _tuple_state(state: Any) -> Any:
    if isinstance(state, list):
        return tuple(_tuple_state(x) for x in state)
    return state


@functools.lru_cache(maxsize=64)
def _watches(kind: type) -> bool:
    """Whether controllers of ``kind`` watch hands (:class:`HandWatcher`),
    asked of each class once: ``isinstance`` against a runtime protocol looks
    its members up every time (a hundredth of a server's CPU, issue 38)."""
    return issubclass(kind, HandWatcher)
