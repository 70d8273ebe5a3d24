"""What each seat's box on the felt says: :class:`SeatPlate`.

Every seat of the game keeps its place on the felt for the whole game, so
a plate exists for every seat, in playing order from the player's own: one
in the hand shows its chips (or All-in) and its last action of the
street ("Call 40", "Raise to 120"; a fold or an all-in stays for the hand);
one that is out of the game says Out and is greyed.  Before a room's first
game nobody has chips yet: a seat says who plays it (Waiting, Computer), and
a free seat is drawn, greyed, as a Free seat.  At the hand's end the winners are marked, and
the winning hands named.  The table screen builds the plates; the renderer
only paints them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.events import (
    ActionTaken,
    BetReturned,
    HandStarted,
    PotAwarded,
    StreetDealt,
)
from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n import amount, hand_name
from holdem_desktop.i18n.phrases import beaten_hands
from holdem_desktop.i18n.translate import _, pgettext
from holdem_desktop.session import Session

__all__ = ["SeatPlate", "before_the_game", "last_actions", "pot_results", "seat_plates",
           "winners", "winning_hands"]


@dataclass(frozen=True)
class SeatPlate:
    """One seat's box on the felt."""

    seat: int
    name: str
    """"" for a room's empty seat once a game runs (nothing is drawn there)."""
    status: str
    """The second line: chips, All-in or Out."""
    action: str = ""
    """The third line: the last action, or what a winner won."""
    me: bool = False
    out: bool = False
    """Out of the game (greyed, no cards)."""
    folded: bool = False
    winner: bool = False


def last_actions(history: Sequence[object], amount: Callable[[int], str]) -> dict[int, str]:
    """Each seat's last action in ``history`` (a hand's events), as its box
    shows it: the current street's action ("Check", "Call 40", "Bet 60",
    "Raise to 120"), or for the whole hand a fold or an all-in."""
    out: dict[int, tuple[ActionKind, bool, str]] = {}
    put: dict[int, int] = {}
    for event in history:
        if isinstance(event, HandStarted):
            out = {}
        elif isinstance(event, StreetDealt):  # a new street: only folds and all-ins stay
            out = {s: a for s, a in out.items() if a[0] is ActionKind.FOLD or a[1]}
        elif isinstance(event, ActionTaken):
            out[event.seat] = (event.kind, event.all_in, _label(event, amount))
            put[event.seat] = event.amount
        elif isinstance(event, BetReturned) and event.seat in out:
            # an all-in nobody matched in full: the seat keeps chips, so it
            # is not All-in; it shows the bet that stood
            kind, all_in, _label_was = out[event.seat]
            if all_in or kind is ActionKind.ALL_IN:
                stood = put.get(event.seat, 0) - event.amount
                out[event.seat] = (ActionKind.BET, True, pgettext(  # stays, as all-ins do
                    "last action of a seat", "Bet {amount}").format(amount=amount(stood)))
    return {seat: label for seat, (_k, _a, label) in out.items()}


def _label(event: ActionTaken, amount: Callable[[int], str]) -> str:
    if event.all_in or event.kind is ActionKind.ALL_IN:
        return pgettext("last action of a seat", "All-in")
    if event.kind is ActionKind.FOLD:
        return pgettext("last action of a seat", "Fold")
    if event.kind is ActionKind.CHECK:
        return pgettext("last action of a seat", "Check")
    chips = amount(event.amount)
    if event.kind is ActionKind.CALL:
        return pgettext("last action of a seat", "Call {amount}").format(amount=chips)
    if event.kind is ActionKind.BET:
        return pgettext("last action of a seat", "Bet {amount}").format(amount=chips)
    return pgettext("last action of a seat", "Raise to {amount}").format(amount=chips)


def winners(history: Sequence[object]) -> dict[int, int]:
    """The chips each winner of the hand takes (every pot summed)."""
    won: dict[int, int] = {}
    for event in history:
        if isinstance(event, PotAwarded):
            for seat, share in zip(event.winners, event.shares, strict=True):
                won[seat] = won.get(seat, 0) + share
    return won


def winning_hands(history: Sequence[object], name: Callable[[int], str]) -> list[str]:
    """"Vera: flush, ace high" for each pot won at a showdown (a pot everyone
    else folded to names no hand), each winner once; the hand names a kicker
    only when it decides against the hands it beat."""
    lines: list[str] = []
    for event in history:
        if isinstance(event, PotAwarded) and event.value is not None:
            line = pgettext("winner on the table", "{players}: {hand}").format(
                players=", ".join(name(w) for w in event.winners),
                hand=hand_name(event.value, beaten_hands(event, history)))
            if line not in lines:
                lines.append(line)
    return lines


def pot_results(history: Sequence[object], name: Callable[[int], str],
                me: int | None = None) -> str:
    """Who won what, pot by pot: "Vera won 830.", "You won 830.", "Split
    pot: Ada 420, you 410." (``name`` gives "you" for the player, ``me``)."""
    out = []
    for e in history:
        if not isinstance(e, PotAwarded):
            continue
        if len(e.winners) > 1:
            shares = ", ".join(_("{player} {amount}").format(player=name(w), amount=amount(a))
                               for w, a in zip(e.winners, e.shares, strict=True))
            out.append(_("Split pot: {shares}.").format(shares=shares))
        elif e.winners[0] == me:
            out.append(_("You won {amount}.").format(amount=amount(e.amount)))
        else:
            out.append(_("{players} won {amount}.").format(players=name(e.winners[0]),
                                                           amount=amount(e.amount)))
    return " ".join(out)


def played_by(session: Session, seat: int) -> str:
    """Who played ``seat`` in the game the table shows: a room's table names
    the player of the game that ended, though another holds the seat now
    (``player_of``); elsewhere the seat's name."""
    of = getattr(session, "player_of", None)
    return str(of(seat)) if of is not None else session.seats[seat].name


def before_the_game(session: Session) -> bool:
    """A room's table before its first game: nobody has chips yet (a game
    on this computer starts as it opens)."""
    table = getattr(session, "table", None)  # a room's last table (None: not come yet)
    return getattr(session, "running", None) is False and table is not None \
        and not getattr(table, "started", True)


def _waiting_plates(session: Session, me: int | None, order: Sequence[int]) -> list[SeatPlate]:
    """The plates before a room's first game: who plays each seat, no chips."""
    kinds = getattr(getattr(session, "table", None), "kinds", ())
    out = []
    for seat in order:
        name = session.seats[seat].name
        kind = kinds[seat] if seat < len(kinds) else "human"
        if not name:
            out.append(SeatPlate(seat, pgettext("seat before the game", "Free seat"), "",
                                 out=True))
            continue
        status = pgettext("seat before the game", "Computer") if kind == "computer" else \
            pgettext("seat before the game", "Waiting")
        out.append(SeatPlate(seat, name, status, me=seat == me))
    return out


def knocked_out(session: Session, seat: int, view: SeatView | None) -> bool:
    """Whether ``seat`` is out of the game as ``view`` shows the hand: knocked
    out (a game that ends on its hand count, like the heads-up match, places
    players who still have chips: not out), and not still playing the hand
    that knocks it out."""
    in_hand = view is not None and not view.over \
        and any(p.seat == seat for p in view.players)
    return session.seats[seat].place is not None and session.chips(seat) == 0 \
        and not (session.game_over and session.seats[seat].place == 1) and not in_hand


def seat_plates(session: Session, me: int | None, view: SeatView | None,
                order: Sequence[int]) -> list[SeatPlate]:
    """The plates of the seats of ``order`` (yours first) at ``session``'s
    table, as ``me`` sees the hand of ``view``: a player out of the game says
    Out (never All-in) and shows no action; the winners of a finished hand
    say what they won."""
    if view is None and before_the_game(session):
        return _waiting_plates(session, me, order)
    in_hand = {p.seat: p for p in view.players} if view is not None else {}
    actions = last_actions(view.history, amount) if view is not None else {}
    won = winners(view.history) if view is not None and view.over else {}
    over = view is not None and view.over
    out = []
    for seat in order:
        name = played_by(session, seat)  # yours too: the gold name is you (as at any client)
        p = in_hand.get(seat)
        gone = knocked_out(session, seat, view)
        action = actions.get(seat, "")
        if gone:
            status, action = pgettext("seat of a player out of the game", "Out"), ""
        elif p is not None and p.folded:  # the stack, and "Fold" as its action (not twice)
            status = amount(p.stack)
        elif p is not None and p.all_in and p.stack == 0 and not over:
            status, action = _("All-in"), ""  # said once (chips given back: the stack)
        else:
            status = amount(p.stack if p is not None else session.chips(seat))
        if seat in won:
            action = pgettext("seat of a winner", "Wins {amount}").format(amount=amount(won[seat]))
        out.append(SeatPlate(seat, name, status, action, me=seat == me,
                             # the hand that knocks a seat out still shows its cards
                             out=(gone and p is None) or (view is not None and p is None),
                             folded=p is not None and p.folded, winner=seat in won))
    return out
