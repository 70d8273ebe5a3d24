"""Hand review: the games played here (newest first), a game's hands (number,
your cards, result), and one hand replayed on the table drawing, step by
step, each step said in one short line.

In the replay, Right and Left step action by action, Down and Up street by
street, I reads the whole state at this step, E repeats the step's line,
the table's reading keys (Y, T, V, P, O, S, W, D, L, 1 to 7) read the hand
at this step in the table's words, Escape goes back; the keys that act say
they do nothing here.  The hand is the stored one, as you saw it: another
player's cards appear only when they were shown.  At the end the winning
hands are named with the kickers that decided."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import platformdirs
import pygame

from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    CardsShown,
    Event,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    Street,
    StreetDealt,
)
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.phh import PhhHand
from holdem_desktop.engine.replay import (
    NO_SMALL_BLIND_FIELD,
    ReplayError,
    hand_config,
    replay,
    stacked_deck,
)
from holdem_desktop.engine.views import PlayerView, SeatView, seat_view
from holdem_desktop.i18n import amount, cards_names
from holdem_desktop.i18n.phrases import Phrasing, Showdown, pot_label, sentence, side_pots
from holdem_desktop.i18n.records import game_label, hand_label, hand_result, step_of
from holdem_desktop.i18n.translate import _, pgettext
from holdem_desktop.resources import assets_dir
from holdem_desktop.session import Session
from holdem_desktop.store import HandStore
from holdem_desktop.store.stats import export_phh, game_hands, games, last_hand

from .card_page import CardPageRenderer, Row
from .draw import TableRenderer
from .form_page import ReadingPage
from .keymap import Key
from .page import Page, Pop, Push, Transition
from .plates import pot_results, seat_plates, winning_hands
from .reading import VIEW_KEYS, all_in_seats, chips_line, chips_part, view_answer
from .widgets import Control, Role

__all__ = ["ReplayPage", "ReviewPage", "Step", "Unwritten", "replay_last", "review_steps",
           "write_export"]


@dataclass(frozen=True)
class Step:
    """One step of a reviewed hand."""

    line: str
    """What is said."""
    street: int
    """0 pre-flop … 3 river; 4 the end."""
    actions: int
    """How many of the players' actions the table shows done."""


_BOARD = (0, 3, 4, 5)
"""Board cards out on each street."""


@dataclass(frozen=True)
class _Seat:
    name: str
    place: int | None = None


@dataclass(frozen=True)
class _Table:
    """The little of a Session the seat plates read."""

    seats: list[_Seat]
    game_over: bool = False


def _deal_end(events: Sequence[Event]) -> int:
    """Where the deal ends in ``events`` (after the blinds, antes and hole
    cards): a hand nobody acted in has its end told from there."""
    dealt = [k for k, e in enumerate(events)
             if isinstance(e, BlindPosted | AntePosted | HoleCardsDealt)]
    return dealt[-1] + 1 if dealt else len(events)


def _at_the_deal(view: SeatView) -> SeatView:
    """``view`` (its history cut at the deal) of a hand nobody acted in as
    it stood after the deal: such a hand is over once dealt, so its stacks,
    shown cards and street were the end's."""
    start: dict[int, int] = {}
    posted: dict[int, int] = {}
    for e in view.history:
        if isinstance(e, HandStarted):
            start = dict(zip(e.seats, e.stacks, strict=True))
        elif isinstance(e, BlindPosted | AntePosted):
            posted[e.seat] = posted.get(e.seat, 0) + e.amount
    players = tuple(dataclasses.replace(
        p, stack=start.get(p.seat, p.stack) - posted.get(p.seat, 0), bet=posted.get(p.seat, 0),
        in_pot=posted.get(p.seat, 0), shown=()) for p in view.players)
    return dataclasses.replace(view, players=players, street=Street.PREFLOP,
                               pot=sum(posted.values()), pots=(), over=False)


def _before_the_end(view: SeatView, end: Sequence[Event], street: Street) -> SeatView:
    """``view`` (its history cut at the hand's last action) as it stood then:
    the hand was over once that action was taken, so its stacks, shown
    cards, pot and street were the end's.  ``end``: the events after it (the
    cards shown, the pots paid): undone, every chip paid is in the pot
    again.  The bet nobody called stays given back, as the table gives it
    back the moment the last action is taken (the step says so): the pot is
    what can be won."""
    back: dict[int, int] = {}
    for e in end:
        if isinstance(e, PotAwarded):
            for seat, share in zip(e.winners, e.shares, strict=True):
                back[seat] = back.get(seat, 0) + share
    shown = {e.seat for e in view.history if isinstance(e, CardsShown)}
    players = tuple(dataclasses.replace(
        p, stack=p.stack - back.get(p.seat, 0), shown=p.shown if p.seat in shown else ())
        for p in view.players)
    return dataclasses.replace(view, players=players, street=street, pot=sum(back.values()),
                               pots=(), over=False)


def review_steps(phh: PhhHand, hero: int | None, suits: bool = True) -> tuple[Hand, list[Step]]:
    """The hand replayed, and its steps: the deal, each action (the first of
    a street says the street's cards and the pot before it), the end."""
    full = replay(phh)
    ids = full.seats
    names = phh.players or tuple(f"p{i + 1}" for i in range(len(ids)))
    name_of = dict(zip(ids, names, strict=True))
    me = ids[hero] if hero is not None else None
    p = Phrasing(lambda s: name_of.get(s, "?"), me, suits)
    events = list(full.events)
    taken = [k for k, e in enumerate(events) if isinstance(e, ActionTaken)]
    last = taken[-1] if taken else _deal_end(events) - 1  # (no action: the deal, then the end)
    steps: list[Step] = []
    pot = 0
    pending: list[str] = []
    opening: list[str] = []
    if phh.hand is not None:
        opening.append(_("Hand {number}.").format(number=phh.hand))
    actions = 0
    for k, e in enumerate(events[:last + 1]):
        said = None if isinstance(e, BetReturned) else sentence(e, p)
        if isinstance(e, BlindPosted | AntePosted):
            pot += e.amount
        if isinstance(e, StreetDealt):
            pending = [said or "", _("Pot {amount}.").format(amount=amount(pot))]
            continue
        if isinstance(e, ActionTaken):
            if opening:  # the deal: a step of its own
                steps.append(Step(" ".join(opening), 0, 0))
                opening = []
            actions += 1
            pot += e.added
            steps.append(Step(" ".join([*pending, said or ""]).strip(), int(e.street), actions))
            pending = []
        elif said and k < (taken[0] if taken else len(events)):
            opening.append(said)
    if opening:  # a hand with no action at all (everyone all-in on the blinds)
        steps.append(Step(" ".join(opening), 0, 0))
    returned = [e for e in events[last + 1:] if isinstance(e, BetReturned)]
    if returned and steps and taken:  # the bet nobody called goes back with the last action
        back = " ".join(filter(None, (sentence(e, p) for e in returned)))
        steps[-1] = dataclasses.replace(steps[-1], line=f"{steps[-1].line} {back}".strip())
    show = Showdown()
    end: list[str] = []
    for e in events[last + 1:]:
        if (isinstance(e, BetReturned) and taken) or show.hold(e):
            continue
        said = sentence(e, p)
        if said:
            end.append(said)
    end += show.settle(p)
    if end:
        steps.append(Step(" ".join(end), 4, actions))
    return full, steps


def _hand_at(phh: PhhHand, full: Hand, actions: int) -> Hand:
    """The hand after its first ``actions`` actions."""
    if actions >= len(full.actions):
        return full
    hand = Hand(hand_config(phh), stacked_deck(phh))
    for seat, action in full.actions[:actions]:
        hand.apply(seat, action)
    return hand


class ReplayPage(Page):
    """One stored hand on the table drawing, stepped through by keys."""

    def __init__(self, phh: PhhHand, hero: int | None, say: Callable[[str], None], *,
                 suits: bool = True, deck: str = "classic", title: str = "") -> None:
        super().__init__(say)
        self.phh = phh
        self.full, self.steps = review_steps(phh, hero, suits)
        self.hero_seat = self.full.seats[hero] if hero is not None else None
        self.suits = suits
        self.index = 0
        self.heard: list[str] = []
        """Every line said, in order (the Move log of the review)."""
        self.title = title or _("Hand review")
        self.renderer = TableRenderer(assets_dir() / "cards" / deck)
        names = phh.players or tuple(f"p{i + 1}" for i in range(len(self.full.seats)))
        self.names = dict(zip(self.full.seats, names, strict=True))
        self._views: dict[tuple[int, int], SeatView] = {}
        self.quiet_arrival = True  # what opens it says :meth:`arrive`
        self.focus.id = "next"

    # what is said -------------------------------------------------------------

    def arrive(self) -> str:
        """The first words: where the player is, then the first step."""
        return _("Hand review: {steps}. Right and Left step, Down and Up go by street, I "
                 "reads the state.").format(steps=step_of(1, len(self.steps))) + " " + \
            self._line()

    def _line(self) -> str:
        line = self.steps[self.index].line if self.steps else ""
        self.heard.append(line)
        return line

    def go(self, index: int) -> None:
        """Move to step ``index`` and say it (at either end, say so)."""
        if not self.steps:
            return
        index = max(0, min(len(self.steps) - 1, index))
        if index == self.index:
            self.say(_("The end of the hand.") if index == len(self.steps) - 1 else
                     _("The start of the hand."))
            return
        self.index = index
        self.say(self._line())

    def street(self, direction: int) -> None:
        """The first step of the next (1) or previous (-1) street."""
        now = self.steps[self.index].street
        if direction > 0:
            k = next((i for i in range(self.index + 1, len(self.steps))
                      if self.steps[i].street > now), len(self.steps) - 1)
        else:
            first = next(i for i in range(len(self.steps)) if self.steps[i].street == now)
            if first < self.index:  # back to this street's start first
                k = first
            else:
                before = self.steps[first - 1].street if first else now
                k = next((i for i in range(len(self.steps)) if self.steps[i].street == before),
                         0)
        self.go(k)

    def view(self) -> SeatView:
        """What the table shows at this step."""
        step = self.steps[self.index] if self.steps else Step("", 4, 0)
        key = (step.actions, step.street)
        if key not in self._views:
            hand = _hand_at(self.phh, self.full, step.actions)
            seat = self.hero_seat if self.hero_seat in hand.seats else None
            view = seat_view(hand, seat)
            if step.street < 4:  # as it stood at this action: the next street not yet dealt
                history = list(view.history)
                taken = [k for k, e in enumerate(history) if isinstance(e, ActionTaken)]
                cut = taken[step.actions - 1] + 1 if step.actions else \
                    (taken[0] if taken else _deal_end(history))
                while view.over and taken and cut < len(history) \
                        and isinstance(history[cut], BetReturned):  # given back with it
                    cut += 1
                view = dataclasses.replace(view, board=view.board[:_BOARD[step.street]],
                                           history=tuple(history[:cut]),
                                           street=Street(step.street))  # (not the next's)
                if not taken:
                    view = _at_the_deal(view)
                elif view.over:  # the hand's last action: as it stood before its end
                    view = _before_the_end(view, history[cut:], Street(step.street))
            self._views[key] = view
        return self._views[key]

    def read_state(self) -> str:
        """Everything at this step: the street, the board, the pot, each player."""
        v = self.view()
        parts = [step_of(self.index + 1, len(self.steps)) + "."]
        if v.hole:
            parts.append(_("Your cards: {cards}.").format(
                cards=cards_names(v.hole, suits=self.suits)))
        parts.append(_("Board: {cards}.").format(cards=cards_names(v.board, suits=self.suits))
                     if v.board else _("No cards on the board yet."))
        if not v.over:
            parts.append(_("Pot {amount}.").format(amount=amount(v.pot)))
            pots = side_pots(v.pots, Phrasing(lambda s: self.names.get(s, "?"), self.hero_seat,
                                              self.suits))
            if pots:
                parts.append(pots)
        for player in self._from_me(v):  # yours first, as the table reads them
            who = _("You") if player.seat == self.hero_seat else self.names[player.seat]
            if player.folded:
                parts.append(_("You have folded.") if player.seat == self.hero_seat
                             else _("{player}: folded.").format(player=who))
                continue
            # every chip in: "all-in", not "0" (at the end: the chips won or left)
            text = _("{player}: {chips}").format(player=who, chips=amount(player.stack)
                                                 if player.stack or v.over else _("all-in"))
            if player.bet:
                text += ", " + _("bet {amount}").format(amount=amount(player.bet))
            if player.shown and player.seat != self.hero_seat:
                text += ", " + cards_names(player.shown, suits=self.suits)
            parts.append(text + ".")
        if v.to_act is not None:
            parts.append(_("Your turn.") if v.to_act == self.hero_seat
                         else _("{player} to act.").format(player=self.names[v.to_act]))
        return " ".join(parts)

    # keys and controls --------------------------------------------------------

    def controls(self) -> tuple[Control, ...]:
        line = self.steps[self.index].line if self.steps else ""
        return (
            Control("previous", _("Previous action"), zone="actions"),
            Control("next", _("Next action"), zone="actions"),
            Control("previous_street", _("Previous street"), zone="actions"),
            Control("next_street", _("Next street"), zone="actions"),
            Control("state", _("Read state"), zone="actions"),
            Control("close", _("Close"), zone="actions"),
            Control("where", step_of(self.index + 1, len(self.steps)), Role.TEXT, "state"),
            Control("line", line, Role.TEXT, "state"),
        )

    def activate(self, control: Control) -> Transition | None:
        if control.id == "close":
            return Pop()
        return self.on_key({"previous": Key.STEP_BACK, "next": Key.STEP_FORWARD,
                            "previous_street": Key.AMOUNT_UP, "next_street": Key.AMOUNT_DOWN,
                            "state": Key.READ_STATE}.get(control.id, Key.REPEAT))

    def keys_here(self) -> dict[Key, str]:
        """The arrows step the hand here (F1 said they changed a choice or the amount)."""
        return {Key.STEP_FORWARD: _("Next action"), Key.STEP_BACK: _("Previous action"),
                Key.AMOUNT_DOWN: _("Next street"), Key.AMOUNT_UP: _("Previous street"),
                Key.READ_STATE: _("Read state")}

    hotkeys = frozenset({Key.READ_STATE, Key.REPEAT, Key.CHIPS, Key.BLINDS, *VIEW_KEYS})
    """Step, read the state, repeat, and the table's reading keys, which read
    the hand at this step (the keys that act do nothing here)."""

    def press(self, key: Key) -> Transition | None:
        if key in (Key.STEP_FORWARD, Key.STEP_BACK, Key.AMOUNT_UP, Key.AMOUNT_DOWN):
            return self.on_key(key)
        return super().press(key)

    def on_key(self, key: Key) -> Transition | None:
        if key is Key.STEP_FORWARD:
            self.go(self.index + 1)
        elif key is Key.STEP_BACK:
            self.go(self.index - 1)
        elif key is Key.AMOUNT_DOWN:
            self.street(1)
        elif key is Key.AMOUNT_UP:
            self.street(-1)
        elif key is Key.READ_STATE:
            self.say(self.read_state())
        elif key is Key.REPEAT:
            self.say(self.steps[self.index].line if self.steps else "")
        elif key in self.hotkeys:
            self.say(self.inform(key))
        return None

    def inform(self, key: Key) -> str:
        """What a table's reading key says of the hand at this step, in the
        table's words: Y adds the cards others have shown, P once the hand
        is over says who won (as the table's Read state does)."""
        v = self.view()
        name = self.names.__getitem__
        if key is Key.CHIPS:  # yours first, then the others in playing order
            return chips_line([(p.seat, p.stack) for p in self._from_me(v)], name,
                              self.hero_seat, all_in_seats(v))
        if key is Key.BLINDS:
            return self._blinds()
        said = view_answer(key, v, name, self.hero_seat, self.suits) or ""
        if key is Key.YOUR_CARDS:  # the cards shown, as the table says them
            said = " ".join([said, *(_("{player} shows {cards}.").format(
                player=self.names[p.seat], cards=cards_names(p.shown, suits=self.suits))
                for p in self._from_me(v) if p.shown and p.seat != self.hero_seat)])
        return said

    def _pot_words(self, v: SeatView) -> str:
        """The pot as the table shows it at this step: once the hand is over,
        who won what (never "Pot 0", the pot paid out)."""
        if not v.over or not any(isinstance(e, PotAwarded) for e in v.history):
            return pot_label(v)
        return pot_results(v.history, lambda s: _("you") if s == self.hero_seat
                           else self.names[s], self.hero_seat)

    def _from_me(self, v: SeatView) -> list[PlayerView]:
        """The players of the hand, yours first, then in playing order."""
        order = list(v.players)
        seats = [p.seat for p in order]
        k = seats.index(self.hero_seat) if self.hero_seat in seats else 0
        return order[k:] + order[:k]

    def _blinds(self) -> str:
        """The blinds of this hand, as the table says them (when the hand had
        no small blind, the blinds as they were posted)."""
        posted = sorted(b for b in hand_config(self.phh).blinds if b > 0)
        if len(posted) >= 2 and not self.phh.extra.get(NO_SMALL_BLIND_FIELD, False):
            return _("Blinds {small} and {big}.").format(small=amount(posted[0]),
                                                        big=amount(posted[1]))
        p = Phrasing(lambda s: self.names.get(s, "?"), self.hero_seat, self.suits)
        return " ".join(filter(None, (sentence(e, p) for e in self.full.events
                                      if isinstance(e, BlindPosted))))

    def draw(self, surface: pygame.Surface) -> None:
        v = self.view()
        order = list(v.players)
        seats = [p.seat for p in order]
        if self.hero_seat in seats:
            k = seats.index(self.hero_seat)
            seats = seats[k:] + seats[:k]
        table = _Table([_Seat(self.names.get(s, "")) for s in range(max(seats) + 1)])
        plates = seat_plates(cast(Session, table), self.hero_seat, v, seats)
        all_in = all_in_seats(v)  # (every chip in: "all-in", not "0", as the table says)
        title = [chips_part(self.names[p.seat], p.stack, p.seat in all_in)  # as the table: you
                 for p in self._from_me(v)]
        controls = self.controls()
        focused = self.focus.current(controls)
        pot = Control("pot", self._pot_words(v), Role.TEXT, "state")
        self.renderer.draw_table(surface, v, plates, title, (*controls, pot), (),
                                 focused.id if focused else None,
                                 [line for line in self.heard if line],
                                 winners=winning_hands(v.history, lambda s: self.names[s])
                                 if v.over else ())
        self.rects = dict(self.renderer.rects)


Unwritten = Callable[[Path, OSError], str]
"""Where a page tells that the file it was asked to write (an export) could not
be (said after what is being said); returns what is told."""


def write_export(path: Path, text: str, unwritten: Unwritten | None,
                 say: Callable[[str], None], failed: str) -> str | None:
    """Write an export the player asked for; None when written, else what the
    page shows: told by ``unwritten`` after what is being said (a page
    without the app around it says ``failed``, its ``{problem}`` filled)."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:  # told after what is being said (and in Game state)
        if unwritten is not None:
            return unwritten(path, exc)  # (shown, not said over)
        words = failed.format(problem=exc.strerror or exc)
        say(words)
        return words
    return None


def documents() -> Path:
    """Where exported files go: the player's documents folder (home if none)."""
    try:
        folder = Path(platformdirs.user_documents_dir())
    except Exception:  # no such folder known on this system
        folder = Path.home()
    return folder if folder.is_dir() else Path.home()


def _cards(text: str) -> Sequence[int]:
    try:
        return parse_cards(text) if text else ()
    except ValueError:
        return ()


def hero_index(store: HandStore, hand_id: int) -> int | None:
    """Your player index in a stored hand (None: you were not in it)."""
    rows = store.query("SELECT hero FROM hands WHERE id = ?", (hand_id,))
    return rows[0][0] if rows and isinstance(rows[0][0], int) else None


def open_hand(store: HandStore, hand_id: int, say: Callable[[str], None], *,
              suits: bool = True, deck: str = "classic") -> ReplayPage | str:
    """The replay of stored hand ``hand_id``, or why it cannot be shown."""
    phh = store.hand(hand_id)
    if phh is None:
        return _("This hand cannot be read back.")
    try:
        return ReplayPage(phh, hero_index(store, hand_id), say, suits=suits, deck=deck)
    except (ReplayError, ValueError):
        return _("This hand cannot be replayed.")


def replay_last(store: HandStore | None, say: Callable[[str], None], *, suits: bool = True,
                deck: str = "classic") -> ReplayPage | str:
    """The replay of the last hand stored, or why there is none."""
    hand_id = last_hand(store) if store is not None else None
    if store is None or hand_id is None:
        return _("No hand has been played yet.")
    return open_hand(store, hand_id, say, suits=suits, deck=deck)


class ReviewPage(ReadingPage):
    """The games played here, newest first; a game opens its hands; a hand
    opens its replay."""

    def __init__(self, store: HandStore | None, say: Callable[[str], None], *,
                 game: int | None = None, suits: bool = True, deck: str = "classic",
                 unwritten: Unwritten | None = None) -> None:
        self.store = store
        self.unwritten = unwritten
        """Where an export that could not be written is told (None: said here)."""
        self.game = game
        self.suits = suits
        self.deck = deck
        buttons: list[Control] = []
        rows: dict[str, Row] = {}
        if store is not None and game is None:
            buttons = [Control(f"game:{g.id}", game_label(g.variant, g.kind, g.started, g.hands,
                                                          g.net, g.place), zone="review")
                       for g in games(store)]
            heading = _("Games, newest first")
        elif store is not None and game is not None:
            hands = game_hands(store, game)
            buttons = [Control(f"hand:{h.id}", hand_label(h.number, _cards(h.cards), h.net),
                               zone="review") for h in hands]
            rows = {f"hand:{h.id}": Row(str(h.number), _cards(h.cards), _cards(h.board),
                                        hand_result(h.net) if h.cards else "", amount(h.pot))
                    for h in hands}
            buttons.append(Control("export", _("Export this game as PHH"), zone="review"))
            heading = _("Hands of this game")
        else:
            heading = _("Games, newest first")
        empty = [] if buttons else [_("No hand has been played yet.")]
        super().__init__(_("Hand review") if game is None else _("Hands"),
                         [(heading, empty)], say, zone="review", buttons=buttons)
        if rows:  # a game's hands: a table, each row a hand's cards, board, result and pot
            self.renderer = renderer = CardPageRenderer(deck)
            renderer.rows = rows
            renderer.columns = (pgettext("column", "Hand"), pgettext("column", "Your cards"),
                                pgettext("column", "Board"), pgettext("column", "Result"),
                                pgettext("column", "Pot"))
        if buttons:  # arriving on the newest game (or the first hand), not the heading
            self.focus.id = buttons[0].id

    def activate(self, control: Control) -> Transition | None:
        if self.store is not None and control.id == "export" and self.game is not None:
            path = documents() / f"holdem-game-{self.game}.phhs"
            problem = write_export(path, export_phh(self.store, self.game), self.unwritten,
                                   self.say, _("The hands could not be written: {problem}"))
            if problem is not None:
                self.status = problem
                return None
            self.say(_("The game's hands were written to {path}.").format(path=path))
            return None
        if self.store is not None and control.id.startswith("game:"):
            return Push(ReviewPage(self.store, self.say, game=int(control.id[5:]),
                                   suits=self.suits, deck=self.deck, unwritten=self.unwritten))
        if self.store is not None and control.id.startswith("hand:"):
            page = open_hand(self.store, int(control.id[5:]), self._say, suits=self.suits,
                             deck=self.deck)
            if isinstance(page, str):
                self.say(page)
                return None
            self._say(page.arrive())
            return Push(page)
        return super().activate(control)
