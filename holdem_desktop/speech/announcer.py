"""Game events into announcements, by the rules of SPEC §5.

The announcer listens to the session and gathers the sentences of what
happens; the window calls :meth:`Announcer.flush` after each input it has
handled (computer players act at once, inside that input), so the player
hears one single announcement covering everything until their next turn:
"Ada calls 40. Bruno raises to 120. Your turn: 80 to call."  Its own turn
starting ends an announcement too.

The player's own move is said the moment it is made, not once the computer
players after it have all thought: with a ``grow`` callable, "You call 40."
starts the announcement at once and each thing that follows is added to
that same announcement as it happens (spoken as it grows, never cutting
itself off), until the announcement ends.

An all-in's run-out is said the same way, whoever made the last move: what
led to it ("Ada calls 1,420, all-in.") is said as soon as the cards are
turned up, and each street, the hands shown and the pots follow as they
come, each handed to the voice on its own, as one announcement (a room's
guest, whose run-out arrives all at once, hears it street by street as the
player whose call began it does).

- After the player folds, only the board, the cards shown, who wins, and
  what happens to the game (eliminations, blinds, the end) are said.
- Brief speech leaves out the blinds posted, the antes and the cards of a
  hand shown at showdown (the hand's name is kept).
- Beginner hints (a setting) follow the board cards: one card away from a
  flush or a straight; the best hand made only by the board.
- When the next hand waits for the player's own Next hand (a game on this
  computer between hands, a room's seat awaited), the end of the hand (or
  a room's new game) says so: "Press Next hand to deal."  Once a game;
  after every hand with beginner hints on.  Said nowhere else, a first
  hand's end was silence.
- With beginner hints, the player's first turn of each game begun here
  says the keys that act: nothing else at the table told a newcomer that
  C calls.
- When a street is dealt with a side pot more than before (a betting round
  with an all-in closed, and the betting goes on), the main pot and each side
  pot are said after the board, with who can win each: "Main pot 300; side
  pot 1, 400, you and Ida."  Not when the cards are simply run out (the
  hand is over as they are dealt, and the awards name the pots), nor to a
  player who folded.
- Otherwise a street dealt says the pot after its cards ("Flop: king of
  spades, king of hearts and two of clubs. Pot 60."), and the player's turn
  says it after what to call when it changed since it was last said (the
  blinds and antes posted count as said: the hand's start names them):
  "Tomek bets 40. Your turn: 40 to call. Pot 100."  Never twice in a row:
  a turn right after the street is dealt, or after everyone checked, says
  none.  Before, the pot was only heard with P, each street.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.events import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    CardsShown,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RunoutStarted,
    StreetDealt,
)
from holdem_desktop.engine.hand import Pot
from holdem_desktop.i18n.phrases import (
    Phrasing,
    Showdown,
    all_in_to_call,
    hand_starting,
    pot_said,
    sentence,
    side_pots,
)
from holdem_desktop.i18n.translate import _
from holdem_desktop.session.events import (
    BlindsUp,
    GameOver,
    GameStarted,
    HandStarting,
    PlayerOut,
    TurnStarted,
    WaitingForPlayers,
)

from .hints import board_plays, draws

__all__ = ["Announcer", "SpeechOptions", "gathered_pots", "next_hand_waits", "pot_now",
           "stack_now"]

_AFTER_FOLD = (StreetDealt, CardsShown, PotAwarded, PlayerOut, GameOver, BlindsUp,
               HandStarting, GameStarted, WaitingForPlayers)
"""What a player who folded still hears (in a room, who the next hand waits for)."""


@dataclass(frozen=True)
class SpeechOptions:
    """The speech settings that change what is said."""

    brief: bool = False
    suits: bool = True
    hints: bool = False


def gathered_pots(table: object) -> list[Pot]:
    """The pots as gathered now at ``table`` (a game's session, or a room's
    table with its own copy of the hand); none between hands."""
    hand = getattr(table, "hand", None)
    return hand.gathered_pots() if hand is not None else []


def pot_now(table: object) -> int | None:
    """All the chips put in the hand at ``table`` now, this round's bets
    included (a game's session, or a room's table with its own copy of the
    hand); None out of a hand."""
    hand = getattr(table, "hand", None)
    if hand is None or hand.over:
        return None
    total: int = hand.pot_total
    return total


def stack_now(table: object, seat: int) -> int | None:
    """``seat``'s chips behind at ``table`` now (a game's session, or a
    room's table with its own copy of the hand); None out of a hand."""
    hand = getattr(table, "hand", None)
    if hand is None or hand.over or seat not in hand.seats:
        return None
    stack: int = hand.stack(seat)
    return stack


def next_hand_waits(table: object, seat: int | None) -> bool:
    """Whether the next hand at ``table`` waits for ``seat``'s own Next hand
    now: a room's seat among those awaited; at a game on this computer, a
    player still in it, between hands of a game not over."""
    if seat is None:
        return False
    awaited = getattr(table, "awaited", None)
    if callable(awaited):
        return seat in awaited()
    hand = getattr(table, "hand", None)
    if getattr(table, "game_over", True) or (hand is not None and not hand.over):
        return False
    seats = getattr(table, "seats", ())
    return seat < len(seats) and getattr(seats[seat], "place", 0) is None


class Announcer:
    """Announcements for the player at ``seat`` (None: a spectator)."""

    def __init__(self, seat: int | None, name: Callable[[int], str],
                 announce: Callable[[str], None],
                 options: SpeechOptions | None = None,
                 grow: Callable[[str], None] | None = None,
                 begin: Callable[[str], None] | None = None,
                 stand_in: Callable[[], bool] = lambda: False,
                 pots: Callable[[], Sequence[Pot]] = lambda: (),
                 stack: Callable[[int], int | None] = lambda seat: None,
                 waits: Callable[[], bool] = lambda: False,
                 pot: Callable[[], int | None] = lambda: None) -> None:
        self.seat = seat
        self.pot = pot
        """All the chips in the hand now (:func:`pot_now` of the table; None:
        not known, and the pot is not said)."""
        self._pot_said: int | None = None
        """The pot as the player last heard it this hand (the blinds and antes
        posted, the street's pot, the pot at their turn); None: this hand
        began before this announcer listened (a game continued, a room
        rejoined), and the welcome back named the pot."""
        self.waits = waits
        """Whether the next hand waits for this player's Next hand now (see
        :func:`next_hand_waits`)."""
        self._prompt = False
        """Whether a hand ended (or a game started) since the way to the
        next hand was last said."""
        self._prompted = False
        """Whether the way to the next hand was said in this game."""
        self._keys_told = True
        """Whether the acting keys were said (beginner hints) in this game
        (or need not be: a game continued, or a room rejoined, was not begun
        here; the player has played it before)."""
        self.pots = pots
        self.stack = stack
        """A seat's chips behind now (:func:`stack_now` of the table; None:
        not known): a call that takes them all is said so at the turn."""
        """The pots as gathered now (:meth:`Hand.gathered_pots` of the table's
        hand: the game's, or a room's copy kept from its events)."""
        self._sides = 0
        """The side pots already said this hand."""
        self._turned_up = False
        """Whether the hand's cards were turned up (an all-in's run-out): the
        streets dealt after it come with no hint, there is nothing to decide."""
        self.stand_in = stand_in
        """Whether the computer plays the player's seat now (away, in a
        room): its moves there are said as the computer's, and never cut
        anything off."""
        self.name = name
        self.announce = announce
        self.begin = begin or announce
        """Starts the announcement of the player's own move: it cuts off a
        read-out or a chat line being said (the move is never kept waiting
        behind them), in a room too, where the move comes back from the host
        after the key press has long been handled."""
        self.grow = grow
        """Adds to the announcement begun by the player's own move (None:
        everything waits for :meth:`flush`)."""
        self.live = False
        """Whether an announcement begun by the player's own move (or an
        all-in's run-out) is growing."""
        self._running_out = False
        """Whether :attr:`live` was begun by a run-out (it ends with its hand)."""
        self._fresh = False
        """Whether the next words said while :attr:`live` begin the
        announcement (a run-out with nothing said before it)."""
        self.options = options or SpeechOptions()
        self.pending: list[str] = []
        self._showdown = Showdown()
        self.folded = False
        self.hole: tuple[int, ...] = ()
        self._blinds_up = False
        """Whether the last event said was "Blinds go up to…"."""

    def set_options(self, options: SpeechOptions) -> None:
        """New speech settings (from the next sentence on)."""
        self.options = options

    @property
    def phrasing(self) -> Phrasing:
        """How sentences are made now."""
        o = self.options
        return Phrasing(self.name, self.seat, o.suits, o.brief, self.stand_in())

    # ------------------------------------------------------------------

    def __call__(self, event: object) -> None:
        """Listen to one session or hand event."""
        if isinstance(event, GameStarted):
            self._prompt, self._prompted, self._keys_told = True, False, False
        elif isinstance(event, HandEnded):
            self._prompt = True
        elif isinstance(event, HandStarting | HandStarted):
            self._prompt = False
            if self._running_out:  # (the run-out's announcement ends with its hand)
                self._speak_now()
                self.live = self._running_out = self._fresh = False
        if isinstance(event, RunoutStarted):
            self._run_out()
        if isinstance(event, HandStarted):
            self._pot_said = 0
        elif isinstance(event, BlindPosted | AntePosted) and self._pot_said is not None:
            self._pot_said += event.amount  # (named as the hand starts)
        if self._showdown.hold(event):  # named together, once the showdown is known
            return
        self._settle_awards()
        if isinstance(event, HandStarted):
            self.folded = False
            self.hole = ()
            self._sides = 0
            self._turned_up = False
        elif isinstance(event, CardsShown):
            self._turned_up = True  # an all-in's run-out (or the showdown): no more betting
        elif isinstance(event, HoleCardsDealt) and event.seat == self.seat:
            self.hole = event.cards
        if self.folded and not isinstance(event, _AFTER_FOLD):
            return
        if self._skip(event):
            return
        if isinstance(event, TurnStarted) and event.seat == self.seat and event.to_call \
                and self.seat is not None and (behind := self.stack(self.seat)) is not None \
                and 0 < behind <= event.to_call:
            text: str | None = all_in_to_call(event.to_call)  # (calling is everything)
        elif isinstance(event, HandStarting) and self._blinds_up:
            text = hand_starting(event, self.phrasing, blinds=False)  # (just said)
        else:
            text = sentence(event, self.phrasing)
        self._blinds_up = isinstance(event, BlindsUp)
        if text:
            self.pending.append(text)
        if isinstance(event, StreetDealt) and not self.folded:
            sides = self._side_pots()  # (the main and side pots say it all)
            if sides:
                self._pot_said = self.pot()
            self.pending += sides or self._pot_now(again=True)
            if self.options.hints and not self._turned_up and not self._all_in():
                self.pending += self._hints(event.board)  # (a hint is for a decision)
        own = isinstance(event, ActionTaken) and event.seat == self.seat
        if isinstance(event, ActionTaken) and own and event.kind is ActionKind.FOLD:
            self.folded = True
        if isinstance(event, TurnStarted) and event.seat == self.seat:
            if not self.stand_in():
                self.pending += self._pot_now()
            if self.options.hints and not self._keys_told and not self.stand_in():
                self._keys_told = True
                self.pending.append(_("Keys: C checks or calls, F folds, R bets or raises, "
                                      "A goes all-in; F1 lists every key."))
            self.flush()
        elif own and self.grow is not None and not self.live and not self.stand_in():
            self._speak_now(own=True)  # "You call 40." at once, before the others think
            self.live = True
        elif self.live:
            self._speak_now()

    def _run_out(self) -> None:
        """The cards are turned up for an all-in's run-out: what led to it
        is said now, and the rest as it comes (see the module's text)."""
        if self.live or self.grow is None:
            return  # (the player's own move began it: it grows already)
        self._fresh = not self.pending
        self._speak_now()
        self.live = self._running_out = True

    def _all_in(self) -> bool:
        """Whether the player has no chip left to bet in this hand."""
        return self.seat is not None and self.stack(self.seat) == 0

    def _speak_now(self, own: bool = False) -> None:
        """Say what is gathered now: the start of the announcement (``own``:
        begun by the player's own move), or more of it."""
        if not self.pending:
            return
        text = " ".join(t for t in self.pending if t)
        self.pending = []
        if self.live and self.grow is not None and not self._fresh:
            self.grow(text)
        elif own:
            self.begin(text)
        else:
            self.announce(text)
        self._fresh = False

    def _skip(self, event: object) -> bool:
        brief = self.options.brief
        if isinstance(event, BlindPosted | AntePosted):
            return brief and event.seat != self.seat
        if isinstance(event, TurnStarted):  # someone else's turn: only in full speech
            return event.seat != self.seat and brief
        return isinstance(event, HandEnded)

    def _side_pots(self) -> list[str]:
        """The pots, when the street just dealt has a side pot more than
        the last (see the module's docstring)."""
        pots = self.pots()
        if len(pots) - 1 <= self._sides:
            return []
        self._sides = len(pots) - 1
        return [side_pots(pots, self.phrasing)]

    def _pot_now(self, again: bool = False) -> list[str]:
        """The pot, when it changed since the player last heard it (``again``:
        said even so, a street being dealt); none in an all-in's run-out."""
        total = self.pot()
        if self._pot_said is None:  # the welcome back said it
            self._pot_said = total
        if total is None or self._turned_up or (total == self._pot_said and not again):
            return []
        self._pot_said = total
        return [pot_said(total)]

    def _settle_awards(self) -> None:
        self.pending += self._showdown.settle(self.phrasing)

    def _hints(self, board: tuple[int, ...]) -> list[str]:
        if len(self.hole) != 2:
            return []
        out = []
        flush, straight = draws(self.hole, board)
        if flush:
            out.append(_("Hint: one more card of the same suit makes you a flush."))
        if straight:
            out.append(_("Hint: one more card in sequence makes you a straight."))
        if board_plays(self.hole, board):
            out.append(_("Hint: your best hand is made only of the board's cards."))
        return out

    def flush(self) -> str | None:
        """Say everything gathered since the last announcement, as one (or
        the rest of the one the player's move began, which then ends);
        returns what was said now."""
        self._settle_awards()
        if self._prompt and self.waits() and (self.options.hints or not self._prompted):
            self.pending.append(_("Press Next hand to deal."))
            self._prompt, self._prompted = False, True
        if not self.pending:
            self.live = self._running_out = self._fresh = False
            return None
        text = " ".join(t for t in self.pending if t)
        self._speak_now()
        self.live = self._running_out = self._fresh = False
        return text
