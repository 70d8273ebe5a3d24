"""One sentence per game event, for the Move log and for speech alike.

Every engine and session event has its sentence here (a test walks the
event types), in the third person for the Move log ("Ada calls 40") or in
the second person for the player it concerns ("You call 40").  Each
sentence is one gettext message with named placeholders, so translators
can reorder it; the hand and card names come from :mod:`.names`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.evaluator import HandValue, evaluate_hand
from holdem_desktop.engine.events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    CardsShown,
    DeadBlindPosted,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RunoutStarted,
    StreetDealt,
)
from holdem_desktop.engine.hand import Pot
from holdem_desktop.engine.views import SeatView
from holdem_desktop.session import Session, SessionError
from holdem_desktop.session.events import (
    BlindsUp,
    GameOver,
    GameStarted,
    HandStarting,
    PlayerOut,
    TurnStarted,
    WaitingForPlayers,
)
from holdem_desktop.session.rebuilt import EndedAway

from .names import amount, cards_names, chips, hand_name, players
from .translate import _, ngettext, pgettext

__all__ = ["Member", "Phrasing", "Showdown", "Standing", "all_in_to_call", "back_at_table",
           "beaten_hands", "finished", "lan_certificate_warning", "menu_refusal", "names_list",
           "ordinal", "pot_said", "room_error", "room_news", "room_people", "room_problem",
           "sentence", "sizes_list", "standings", "welcome_back", "where_it_stands", "you_have"]


@dataclass(frozen=True)
class Phrasing:
    """How to say things: whose names, who "you" is (None: nobody, as in
    the Move log), whether suits are spoken, and full or brief."""

    name: Callable[[int], str]
    me: int | None = None
    suits: bool = True
    brief: bool = False
    stand_in: bool = False
    """The computer plays the player's seat (they are away): its moves
    there are said as the computer's ("The computer checks for you.")."""

    def who(self, seats: tuple[int, ...] | list[int]) -> str:
        """Several players: "Ada and Bruno"; "you" (first) for the player."""
        ordered = sorted(seats, key=lambda s: s != self.me)
        return names_list([_("you") if s == self.me else self.name(s) for s in ordered])


def _action(e: ActionTaken, p: Phrasing) -> str:
    a = amount(e.amount)
    if e.seat == p.me and p.stand_in:
        text = {
            ActionKind.FOLD: _("The computer folds for you."),
            ActionKind.CHECK: _("The computer checks for you."),
            ActionKind.CALL: _("The computer calls {amount} for you."),
            ActionKind.BET: _("The computer bets {amount} for you."),
            ActionKind.RAISE: _("The computer raises to {amount} for you."),
            ActionKind.ALL_IN: _("The computer goes all-in for you, {amount}."),
        }[e.kind].format(amount=a)
    elif e.seat == p.me:
        text = {
            ActionKind.FOLD: _("You fold."),
            ActionKind.CHECK: _("You check."),
            ActionKind.CALL: _("You call {amount}."),
            ActionKind.BET: _("You bet {amount}."),
            ActionKind.RAISE: _("You raise to {amount}."),
            ActionKind.ALL_IN: _("You go all-in, {amount}."),
        }[e.kind].format(amount=a)
    else:
        text = {
            ActionKind.FOLD: _("{player} folds."),
            ActionKind.CHECK: _("{player} checks."),
            ActionKind.CALL: _("{player} calls {amount}."),
            ActionKind.BET: _("{player} bets {amount}."),
            ActionKind.RAISE: _("{player} raises to {amount}."),
            ActionKind.ALL_IN: _("{player} goes all-in, {amount}."),
        }[e.kind].format(player=p.name(e.seat), amount=a)
    return text[:-1] + _(", all-in.") if e.all_in and e.kind is not ActionKind.ALL_IN else text


def _ended_away(e: EndedAway, p: Phrasing) -> str:
    """A hand that ended while the link was down, and what it did to the
    player's chips when that is known."""
    if e.won is None or e.seat is None or e.seat != p.me:
        return _("Hand {number} ended while you were away.").format(number=e.number)
    if e.won > 0:
        text = _("Hand {number} ended while you were away: you won {amount}.")
    elif e.won < 0:
        text = _("Hand {number} ended while you were away: you lost {amount}.")
    else:
        text = _("Hand {number} ended while you were away: your chips did not change.")
    return text.format(number=e.number, amount=amount(abs(e.won)))


def _blind(e: BlindPosted, p: Phrasing) -> str:
    if e.seat == p.me:
        text = (_("You post the small blind, {amount}.") if e.kind == 0 else
                _("You post the big blind, {amount}.") if e.kind == 1 else
                _("You post a straddle, {amount}."))
        return text.format(amount=amount(e.amount))
    text = (_("{player} posts the small blind, {amount}.") if e.kind == 0 else
            _("{player} posts the big blind, {amount}.") if e.kind == 1 else
            _("{player} posts a straddle, {amount}."))
    return text.format(player=p.name(e.seat), amount=amount(e.amount))


def _street(e: StreetDealt, p: Phrasing) -> str:
    cards = cards_names(e.cards, suits=p.suits)
    return {1: _("Flop: {cards}."), 2: _("Turn: {cards}."),
            3: _("River: {cards}.")}[int(e.street)].format(cards=cards)


def _shown(e: CardsShown, p: Phrasing, against: Sequence[HandValue] | None) -> str:
    cards = cards_names(e.cards, suits=p.suits)
    if e.seat == p.me:
        if e.value is None:
            return _("You show {cards}.").format(cards=cards)
        return _("You show {cards}: {hand}.").format(cards=cards,
                                                     hand=hand_name(e.value, against))
    if e.value is None:
        return _("{player} shows {cards}.").format(player=p.name(e.seat), cards=cards)
    if p.brief:
        return _("{player} shows {hand}.").format(player=p.name(e.seat),
                                                  hand=hand_name(e.value, against))
    return _("{player} shows {cards}: {hand}.").format(player=p.name(e.seat), cards=cards,
                                                      hand=hand_name(e.value, against))


def _pot(e: PotAwarded, p: Phrasing, pots: int, against: Sequence[HandValue] | None) -> str:
    """``pots``: how many pots the hand has (a lone pot is just "the pot", a
    lone side pot "the side pot": side pots are numbered only when there are
    several); ``against``: the losing hands shown for this pot."""
    which = (pgettext("the pot won", "the pot") if pots == 1 else _("the main pot")
             if e.index == 0 else _("the side pot") if pots == 2 else
             _("side pot {number}").format(number=e.index))
    hand = hand_name(e.value, against) if e.value is not None else None
    if len(e.winners) > 1:
        if len(set(e.shares)) == 1:
            text = (_("{players} split {which} of {amount}, {share} each, with {hand}.") if hand
                    else _("{players} split {which} of {amount}, {share} each."))
            return text.format(players=p.who(e.winners), which=which, amount=amount(e.amount),
                               share=amount(e.shares[0]), hand=hand)
        # The odd chips make the shares unequal: say who gets what.
        shares = ", ".join(_("{player} {amount}").format(player=p.who([w]), amount=amount(a))
                           for w, a in zip(e.winners, e.shares, strict=True))
        text = (_("{players} split {which} of {amount} with {hand}: {shares}.") if hand
                else _("{players} split {which} of {amount}: {shares}."))
        return text.format(players=p.who(e.winners), which=which, amount=amount(e.amount),
                           shares=shares, hand=hand)
    if e.winners[0] == p.me:
        text = (_("You win {which} of {amount} with {hand}.") if hand else
                _("You win {which} of {amount}."))
        return text.format(which=which, amount=amount(e.amount), hand=hand)
    text = (_("{player} wins {which} of {amount} with {hand}.") if hand else
            _("{player} wins {which} of {amount}."))
    return text.format(player=p.name(e.winners[0]), which=which, amount=amount(e.amount),
                       hand=hand)


def _out(e: PlayerOut, p: Phrasing) -> str:
    if e.seat == p.me:
        return (_("You are out, sharing place {place}.") if e.shared else
                _("You are out in place {place}.")).format(place=e.place)
    return (_("{player} is out, sharing place {place}.") if e.shared else
            _("{player} is out in place {place}.")).format(player=p.name(e.seat), place=e.place)


def _game_over(e: GameOver, p: Phrasing) -> str:
    winners = e.winners
    if e.reason == "no_humans":
        # (said to a player out too, with others still seated: no *person* plays on)
        head = _("No person is left playing at the table: the game ends.")
    elif p.me is not None and winners == (p.me,):
        head = _("You win the game!")
    else:
        head = ngettext("Game over: {players} wins.", "Game over: {players} share first place.",
                        len(winners)).format(players=p.who(winners))
    parts = [head]
    mine = dict(e.places).get(p.me) if p.me is not None else None
    if mine is not None and p.me not in winners:
        parts.append(finished(mine, len(e.places), shared=sum(
            1 for _seat, place in e.places if place == mine) > 1))
    if not p.brief:
        parts.append(standings(e, p))
    return " ".join(parts)


def finished(place: int, players: int, *, shared: bool = False) -> str:
    """The player's own result: "You finished third of 6."."""
    text = (_("You share {place} place of {count}.") if shared else
            _("You finished {place} of {count}.")) if place <= 10 else (
        _("You share place {place} of {count}.") if shared else
        _("You finished in place {place} of {count}."))
    return text.format(place=ordinal(place) if place <= 10 else amount(place),
                       count=amount(players))


def ordinal(place: int) -> str:
    """A finishing place in words, 1 to 10: "first", "third"."""
    return (pgettext("finishing place", "first"), pgettext("finishing place", "second"),
            pgettext("finishing place", "third"), pgettext("finishing place", "fourth"),
            pgettext("finishing place", "fifth"), pgettext("finishing place", "sixth"),
            pgettext("finishing place", "seventh"), pgettext("finishing place", "eighth"),
            pgettext("finishing place", "ninth"), pgettext("finishing place", "tenth"))[place - 1]


def standings(e: GameOver, p: Phrasing) -> str:
    """Every player's place: "Places: 1, Vera; 2, Wiktor; 3, you and Ola."."""
    by_place: dict[int, list[int]] = {}
    for seat, place in sorted(e.places, key=lambda sp: (sp[1], sp[0])):
        by_place.setdefault(place, []).append(seat)
    items = [_("{place}, {players}").format(place=place, players=p.who(seats))
             for place, seats in sorted(by_place.items())]
    return _("Places: {standings}.").format(standings="; ".join(items))


def _turn(e: TurnStarted, p: Phrasing) -> str:
    if e.seat == p.me:
        if e.to_call:
            return _("Your turn: {amount} to call.").format(amount=amount(e.to_call))
        return _("Your turn: you can check.")
    return _("{player} to act.").format(player=p.name(e.seat))


def all_in_to_call(to_call: int) -> str:
    """The player's turn when calling takes every chip they have."""
    return _("Your turn: {amount} to call, all-in.").format(amount=amount(to_call))


def sentence(event: object, p: Phrasing, *, pots: int = 1,
             against: Sequence[HandValue] | None = None) -> str | None:
    """The sentence for ``event`` (None: it goes without saying, like the
    hole cards of another seat).  ``pots`` is the number of pots of the
    hand, for naming a pot award; ``against``, the other hands a shown or
    winning hand is compared with (its name gives only the kickers that
    decide; None: named on its own)."""
    text = _sentence(event, p, pots, against)
    return text[:1].upper() + text[1:] if text else text  # "you and Radu" starts one too


def beaten_hands(award: PotAwarded, history: Sequence[object]) -> list[HandValue]:
    """The hands the winners of ``award`` beat, as they stand on the final
    board (a hand shown at an all-in run-out was valued on the board of
    then), from the shown cards of ``history`` (one hand's events)."""
    shown: dict[int, tuple[int, ...]] = {}
    values: dict[int, HandValue] = {}
    board: tuple[int, ...] = ()
    for event in history:
        if isinstance(event, HandStarted):
            shown, values, board = {}, {}, ()
        elif isinstance(event, StreetDealt):
            board = event.board
        elif isinstance(event, CardsShown):
            shown[event.seat] = event.cards
            if event.value is not None:
                values[event.seat] = event.value
    out = []
    for seat in award.beaten:
        if seat in shown and len(shown[seat]) + len(board) >= 5:
            out.append(evaluate_hand(shown[seat] + board))
        elif seat in values:
            out.append(values[seat])
    return out


class Showdown:
    """Holds a hand's shown hands and pot awards until all of them are known,
    then names each one: a pot is "the main pot" only when side pots follow,
    and each hand is named with the kicker that decides against the others,
    if one does (the winner's "pair of aces, nine kicker" against the
    loser's "pair of aces, eight kicker" when the king is on the board;
    "pair of tens" when the tens beat a pair of twos).

    Feed it every event with :meth:`hold`; when it returns False, say the
    sentences :meth:`settle` gives, then the event's own."""

    def __init__(self) -> None:
        self.shows: list[CardsShown] = []
        self.awards: list[PotAwarded] = []
        self.values: dict[int, HandValue] = {}
        """The hands shown so far this hand, by seat."""
        self.seen: list[object] = []
        """This hand's shown cards and boards (for the hands a pot's winners beat)."""

    def hold(self, event: object) -> bool:
        """True when ``event`` waits to be named with the rest of the showdown."""
        if isinstance(event, HandStarted):
            self.values = {}
            self.seen = []
        if isinstance(event, CardsShown | StreetDealt):
            self.seen.append(event)
        if isinstance(event, CardsShown) and event.value is not None and not self.awards:
            self.shows.append(event)
            self.values[event.seat] = event.value
            return True
        if isinstance(event, PotAwarded):
            self.awards.append(event)
            return True
        return False

    def settle(self, p: Phrasing) -> list[str]:
        """The sentences of what was held, in order (shows, then pots)."""
        shows, self.shows = self.shows, []
        awards, self.awards = self.awards, []
        out = [sentence(e, p, against=[v for s, v in self.values.items() if s != e.seat])
               for e in shows]
        for a in awards:
            losers = beaten_hands(a, self.seen)
            out.append(sentence(a, p, pots=len(awards), against=losers))
        return [t for t in out if t]


def _sentence(event: object, p: Phrasing, pots: int,
              against: Sequence[HandValue] | None) -> str | None:
    if isinstance(event, ActionTaken):
        return _action(event, p)
    if isinstance(event, BlindPosted):
        return _blind(event, p)
    if isinstance(event, StreetDealt):
        return _street(event, p)
    if isinstance(event, CardsShown):
        return _shown(event, p, against)
    if isinstance(event, PotAwarded):
        return _pot(event, p, pots, against)
    if isinstance(event, HoleCardsDealt):
        if event.seat != p.me or not event.cards:
            return None
        return _("You have {cards}.").format(cards=cards_names(event.cards, suits=p.suits))
    if isinstance(event, DeadBlindPosted):  # an ante of a kind: before the antes' words
        if event.seat == p.me:
            return _("You post the small blind you missed, dead, {amount}.").format(
                amount=amount(event.amount))
        return _("{player} posts the small blind they missed, dead, {amount}.").format(
            player=p.name(event.seat), amount=amount(event.amount))
    if isinstance(event, AntePosted):
        if event.seat == p.me:
            return _("You post an ante of {amount}.").format(amount=amount(event.amount))
        return _("{player} posts an ante of {amount}.").format(player=p.name(event.seat),
                                                              amount=amount(event.amount))
    if isinstance(event, BetReturned):
        if event.seat == p.me:
            return _("{amount} comes back to you, uncalled.").format(
                amount=amount(event.amount))
        return _("{amount} goes back to {player}, uncalled.").format(
            amount=amount(event.amount), player=p.name(event.seat))
    if isinstance(event, RunoutStarted):  # named: only the players who are all-in
        all_in = event.all_in or event.seats
        if tuple(all_in) == (p.me,):  # (not "All-in: you.", which some languages cannot say)
            return _("You are all-in. The cards are turned up and the board is dealt.")
        return _("All-in: {players}. The cards are turned up and the board is dealt.").format(
            players=p.who(all_in))
    if isinstance(event, HandStarting):
        return hand_starting(event, p)
    if isinstance(event, BlindsUp):
        if event.ante:
            return _("Blinds go up to {small} and {big}, ante {ante}.").format(
                small=amount(event.blinds[0]), big=amount(event.blinds[1]),
                ante=amount(event.ante))
        return _("Blinds go up to {small} and {big}.").format(small=amount(event.blinds[0]),
                                                         big=amount(event.blinds[1]))
    if isinstance(event, EndedAway):
        return _ended_away(event, p)
    if isinstance(event, PlayerOut):
        return _out(event, p)
    if isinstance(event, GameOver):
        return _game_over(event, p)
    if isinstance(event, GameStarted):  # (who deals is said with the first hand, next)
        return _("New game: {players}, {chips} each.").format(
            players=players(len(event.seats)), chips=chips(event.stacks[0]))
    if isinstance(event, TurnStarted):
        return _turn(event, p)
    if isinstance(event, WaitingForPlayers):
        return _waiting(event.seats, p)
    if isinstance(event, HandStarted | HandEnded):
        return None  # HandStarting says it; the pot awards say how it ended
    return None


def _waiting(seats: tuple[int, ...], p: Phrasing) -> str:
    """Who the next hand waits for; "you" in sentences of their own, for
    the languages where it takes another form after "for" ("na ciebie")."""
    others = [s for s in seats if s != p.me]
    if not seats:
        return _("Everyone is ready.")
    if len(others) == len(seats):
        return _("Waiting for {players}.").format(players=p.who(others))
    if not others:
        return _("Waiting for you.")
    return _("Waiting for you, and for {players}.").format(players=p.who(others))


def hand_starting(event: HandStarting, p: Phrasing, blinds: bool = True) -> str:
    """"Hand 5. Luca deals. Blinds 10 and 20." (``blinds`` False: without the
    blinds, just said by "Blinds go up to…")."""
    if not blinds:
        text = (_("Hand {number}. You deal.") if event.button == p.me else
                _("Hand {number}. {dealer} deals."))
    elif event.button == p.me:
        text = _("Hand {number}. You deal. Blinds {small} and {big}.")
    else:
        text = _("Hand {number}. {dealer} deals. Blinds {small} and {big}.")
    return text.format(number=event.number, dealer=p.name(event.button),
                       small=amount(event.blinds[0]), big=amount(event.blinds[1]))


def room_problem(reason: str, detail: str = "") -> str:
    """Why a room refused a player or a request, as a sentence to say."""
    if reason == "sat_out":
        from .table_news import sat_out_closed  # (it imports this module)

        return sat_out_closed()
    if reason == "bad_name" and detail:
        names = {
            "empty": _("Type a name first."),
            "too_long": _("That name is too long: at most 20 characters."),
            "control": _("That name holds a tab, a line break or another character that "
                         "cannot be shown: choose another."),
            "invisible": _("That name holds a character that cannot be seen or heard: "
                           "choose another."),
            "mixed_scripts": _("That name mixes letters of different alphabets: choose "
                               "another."),
            "looks_like_another": _("That name looks like the name of someone in the room: "
                                    "choose another."),
            "reserved": _("That name is reserved by an account on this server: sign in with "
                          "it, or choose another."),
            "banned": _("That name is banned on this server: choose another."),
        }
        if detail in names:
            return names[detail]
    texts = {
        "wrong_code": _("No room with that code answers at this address."),
        "room_full": _("That room is full."),
        "no_table": _("That table is no longer open."),
        "wrong_version": _("The host plays another version of the game ({version}); both "
                           "need the same version.").format(version=detail or "?"),
        "bad_name": _("That name cannot be used: choose another."),
        "name_taken": _("Someone in that room already has this name: choose another."),
        "rate_limited": _("Too many wrong codes from this computer: wait a minute."),
        "bad_token": _("That name is taken in this room."),
        "not_found": _("No room with code {code} was found on this network. Check the code, "
                       "or type the host's address.").format(code=detail),
        "unreachable": _("The host at {address} does not answer.").format(address=detail),
        "not_your_turn": _("It is not your turn."),
        "not_host": _("Only the player who created the room can start a new game."),
        "game_running": _("A game is already running."),
        "hand_running": _("The hand is still being played."),
        "hand_over": _("The hand is over."),
        "no_game": _("No game is running: the host starts one with New game."),
        "not_playing": _("You are not playing in this game; you listen until the next one."),
        "not_joined": _("You are not in the room."),
        "malformed": _("The host could not read a message from this computer."),
        "left": _("You left the room."),
        "closed": _("The connection to the room was lost."),
        "refused": _("The connection to the room was lost."),
        "flooding": _("The host closed the connection: too many messages."),
        "abuse": _("The host closed the connection: too many unreadable messages."),
        "idle": _("The host closed an idle connection."),
        "replaced": _("You joined this room again from another connection."),
        "host_closed": _("The host closed the room."),
        "removed": _("The host removed you from the room; you cannot join it again unless "
                     "the host lets you back in."),
        "not_removed": _("Nobody of that name is kept out of the room."),
        "busy": _("The host has too many connections waiting: try again in a moment."),
        "crowded": _("The host has too many connections waiting: try again in a moment."),
        "hello_timeout": _("The host closed the connection: the game did not say hello in "
                           "time."),
        "frame_timeout": _("The host closed the connection: a message took too long to "
                           "arrive."),
        "stale_action": _("That answer came too late: the table had moved on."),
        "away": _("The computer plays your seat: press Back to play again."),
        "already_away": _("The computer already plays that seat."),
        "not_away": _("You are playing your seat already."),
        "no_player": _("No person plays that seat."),
        "no_member": _("Nobody of that name is in the room."),
        "nobody_awaited": _("Nobody is awaited."),
        "too_soon": ngettext("Wait a little longer: you can start without them in "
                             "{seconds} second.",
                             "Wait a little longer: you can start without them in "
                             "{seconds} seconds.", int(detail) if detail.isdigit() else 2
                             ).format(seconds=detail or "?"),
        "lost": _("The connection to the room could not be restored."),
        "certificate": _("The server's certificate changed while the game reconnected, so "
                         "it did not connect."),
        "server_full": _("That server holds all the rooms it can: try again later."),
        "bad_rules": _("That server cannot host this game."),
        "idle_room": _("The server closed the room: nobody had been in it for a long time."),
        "banned": _("The server's operator banned this name or this address."),
        "unknown_variant": _("The host plays a game this computer does not know ({name}); "
                             "both need the same version.").format(name=detail or "?"),
    }
    return texts.get(reason, _("The room refused that ({reason}).").format(reason=reason))


def pot_label(view: SeatView) -> str:
    """The pot as the felt (and a page's pot zone) shows it: the total, and
    the main and side pots once gathered."""
    if len(view.pots) < 2:
        return _("Pot {amount}").format(amount=amount(view.pot))
    sides = [amount(pot.amount) for pot in view.pots[1:]]
    return ngettext("Pot {amount}: main pot {main}, side pot {sides}",
                    "Pot {amount}: main pot {main}, side pots {sides}",
                    len(sides)).format(amount=amount(view.pot),
                                       main=amount(view.pots[0].amount), sides=", ".join(sides))


def pot_said(total: int) -> str:
    """The pot as a street dealt, or the player's turn, says it: "Pot 60."."""
    return _("Pot {amount}.").format(amount=amount(total))


def pot_line(view: SeatView, p: Phrasing) -> str:
    """The pot as the P key says it: the total, then (once side pots are
    gathered) :func:`side_pots`."""
    pot = _("Pot: {amount}.").format(amount=amount(view.pot))
    pots = side_pots(view.pots, p)
    return f"{pot} {pots}" if pots else pot


def side_pots(pots: Sequence[Pot], p: Phrasing) -> str:
    """The main pot and each side pot as gathered (a view's ``pots``), each
    side pot with who can win it ("you" first): "Main pot 600; side pot 640,
    Ada and Bruno."; numbered when there are several, as the awards name
    them: "Main pot 600; side pot 1, 640, Ada and Bruno; side pot 2, 200,
    Ada." Empty while there is one pot or none: the total says it all."""
    if len(pots) < 2:
        return ""
    parts = [_("Main pot {amount}").format(amount=amount(pots[0].amount))]
    if len(pots) == 2:
        parts.append(_("side pot {amount}, {players}").format(
            amount=amount(pots[1].amount), players=p.who(pots[1].eligible)))
    else:
        parts += [_("side pot {number}, {amount}, {players}").format(
            number=k, amount=amount(pot.amount), players=p.who(pot.eligible))
            for k, pot in enumerate(pots[1:], start=1)]
    return _("{pots}.").format(pots="; ".join(parts))


def you_have(count: int) -> str:
    """The player's own chips, as Read state and Continue say them."""
    return ngettext("You have {chips} chip.", "You have {chips} chips.", count).format(
        chips=amount(count))


class Standing(Protocol):
    """A game as :func:`where_it_stands` reads it: a game on this computer
    (a ``Session``) or a room's table (a ``RemoteTable``, shaped like one)."""

    @property
    def seats(self) -> Sequence[_Named]: ...

    @property
    def hands_played(self) -> int: ...

    def chips(self, seat: int) -> int: ...

    def view(self, seat: int | None) -> SeatView: ...


class _Named(Protocol):
    @property
    def name(self) -> str: ...


def welcome_back(session: Session, seat: int, suits: bool = True) -> str:
    """What a continued game says first: where it stands for the player at
    ``seat`` (the turn, if it is theirs, follows as the game's own sentence)."""
    if session.game_over:
        return _("Welcome back. This game is over: choose New game to play again.")
    return " ".join((_("Welcome back."), *where_it_stands(session, seat, suits)))


def back_at_table(table: Standing, seat: int | None, running: bool, suits: bool = True,
                  stand_ins: Collection[int] = ()) -> str:
    """What a player who comes back to a room's table hears first (a new
    connection that took the seat back, or joining again with the seat's
    token): where the game stands for them when it runs and they play in it
    (whose turn it is follows as the game's own sentence); ``stand_ins``:
    the hand's moves the computer made for them while they were away."""
    back = _("Back at the table.")
    if seat is None or not running:
        return back
    return " ".join((back, *where_it_stands(table, seat, suits, stand_ins)))


def where_it_stands(table: Standing, seat: int, suits: bool = True,
                    stand_ins: Collection[int] = ()) -> list[str]:
    """A running game as it stands for the player at ``seat``, in sentences:
    between hands, the hands played, their chips and how to go on; in a hand,
    its number, their cards (or that they folded), the board, the pot, this
    betting round's moves (those of ``stand_ins``, by their order in the
    hand, said as the computer's for them) and their chips."""
    have = you_have(table.chips(seat))
    try:
        view: SeatView | None = table.view(seat)
    except SessionError:  # no hand dealt yet
        view = None
    if view is None or view.over:
        played = ngettext("{n} hand played.", "{n} hands played.",
                          table.hands_played).format(n=table.hands_played)
        return [played, have, _("Press Next hand to deal.")]
    where = _("Hand {number}.").format(number=table.hands_played + 1)
    # The hand as it stands: the board, the pot, and this betting round's moves.
    board = (_("Board: {cards}.").format(cards=cards_names(view.board, suits=suits))
             if view.board else _("No cards on the board yet."))
    p = Phrasing(lambda k: table.seats[k].name, seat if view.seat is not None else None, suits)
    start = max((k for k, e in enumerate(view.history) if isinstance(e, StreetDealt)),
                default=-1)
    made = [k for k, e in enumerate(view.history) if isinstance(e, ActionTaken)]
    by_computer = replace(p, stand_in=True)
    moves = [sentence(view.history[k], by_computer if n in stand_ins else p)
             for n, k in enumerate(made) if k > start]
    said = [board, _("Pot: {amount}.").format(amount=amount(view.pot))]
    if moves:
        said.append(_("This betting round: {moves}").format(
            moves=" ".join(m for m in moves if m)))
    if view.seat is None or not view.hole:
        return [where, *said]
    if view.player(seat).folded:
        return [where, _("You have folded."), *said, have]
    return [where, _("Your cards: {cards}.").format(cards=cards_names(view.hole, suits=suits)),
            *said, have]


def names_list(names: tuple[str, ...] | list[str]) -> str:
    """Names said together: "Ada", "Ada and Bruno", "Ada, Bruno and Chiara"."""
    if len(names) <= 1:
        return "".join(names)
    return _("{players} and {last}").format(players=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True)
class Member:
    """A person in a room, as :func:`room_people` names them."""

    name: str
    you: bool = False
    host: bool = False
    away: bool = False
    """The computer plays their seat (they chose Away, or the host Play for)."""
    gone: bool = False
    """Not connected (they left, or their connection dropped): the seat
    waits for them (before a game, until it starts)."""


def _member(m: Member) -> str:
    notes = [pgettext("room member", "host")] if m.host else []
    if m.away:
        notes.append(pgettext("room member", "away"))
    if m.gone:
        notes.append(pgettext("room member", "not here"))
    who = pgettext("room member", "you") if m.you else m.name
    return _("{name} ({notes})").format(name=who, notes=", ".join(notes)) if notes else who


def room_people(seated: Sequence[Member], watchers: Sequence[Member], computers: int,
                free: int | None) -> str:
    """Who is in a room, said to a player who joins it and by the Who is
    here key: the people at the seats in seat order, those watching, the
    seats the computer plays and, before the first game (``free`` not
    None), the seats still free."""
    parts = []
    if seated:
        parts.append(_("In the room: {people}.").format(
            people=names_list([_member(m) for m in seated])))
    if watchers:
        parts.append(_("Watching: {people}.").format(
            people=names_list([_member(m) for m in watchers])))
    if computers:
        parts.append(ngettext("The computer plays {count} seat.",
                              "The computer plays {count} seats.", computers).format(
                                  count=computers))
    if free is not None:
        parts.append(ngettext(
            "{count} seat free: a computer player takes it when the game starts.",
            "{count} seats free: computer players take them when the game starts.",
            free).format(count=free) if free else _("Every seat is taken."))
    return " ".join(parts)


def public_spectator(watching: bool) -> str:
    """Said on arriving at a server's public table without a seat (``watching``:
    the player chose Watch)."""
    if watching:
        return _("You are watching this table: you never take a seat here.")
    return _("A hand is being played: you take a computer's seat when it ends.")


def room_news(what: str, names: tuple[str, ...], *, you: bool = False) -> str:
    """What happened to people in a room, said to everyone: ``what`` is a
    :class:`~holdem_desktop.net.protocol.News` word.  With ``you`` the news
    is about the player hearing it: said to them, with their way back."""
    back = _("To play again, press Next hand, or activate Back in the Room zone.")
    clock = {
        "clock_warning": _("Your time is nearly up: decide now, or the game checks or folds "
                           "for you."),
        "timed_out_check": _("Your time ran out: the game checked for you."),
        "timed_out_fold": _("Your time ran out: the game folded for you."),
    }
    if you and what in clock:
        return clock[what]
    yours = {
        "away": _("You are away: the computer plays your seat."),
        "computer_plays": _("You have been away too long: the computer plays your seat."),
        "play_for": _("At the host's request, the computer plays your seat."),
        "started_without": _("The next hand starts without you: the computer plays your seat."),
        "back": _("You are back: you play your seat again."),
    }
    if you and what in yours:
        return yours[what] if what == "back" else f"{yours[what]} {back}"
    who = names_list(names)
    if what == "turn_waits":
        return ngettext("The game waits for {name}, who is not connected.",
                        "The game waits for {name}, who are not connected.",
                        len(names)).format(name=who)
    if what == "all_away":
        return ngettext("{name} is away, so no hand is dealt: the next one waits until "
                        "someone presses Back.",
                        "Everyone playing is away ({name}), so no hand is dealt: the next "
                        "one waits until someone presses Back.", len(names)).format(name=who)
    texts = {
        "joined": _("{name} joined the room."),
        "left": _("{name} left the room."),
        "left_seat": _("{name} left; the computer plays in their place."),
        "lost": _("{name} lost the connection."),
        "back": _("{name} is back."),
        "computer_plays": _("{name} has been away too long; the computer plays in their "
                            "place."),
        "away": _("{name} is away; the computer plays in their place."),
        "play_for": _("At the host's request, the computer plays for {name}."),
        "removed": _("The host removed {name} from the room."),
        "started_without": _("The next hand starts without {name}; the computer plays in "
                             "their place."),
        "seated": _("You have a seat for this game."),
        "let_back": _("{name} may join the room again."),
        "clock_warning": _("{name}'s time is nearly up."),
        "time_bank": _("{name}'s time bank is running."),
        "timed_out_check": _("{name}'s time ran out: the game checked for them."),
        "timed_out_fold": _("{name}'s time ran out: the game folded for them."),
    }
    return texts[what].format(name=who)


def sizes_list(allowed: Sequence[int], all_in: int | None,
               fmt: Callable[[int], str] = amount) -> str:
    """The bet sizes a variant allows now, as words: "4, 6 or all-in for 100"
    (``all_in`` None: going all-in is not one of them)."""
    items = [fmt(a) for a in allowed]
    if all_in is not None:
        items.append(_("all-in for {amount}").format(amount=fmt(all_in)))
    if len(items) < 2:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def menu_refusal(amount_given: int, allowed: Sequence[int], all_in: int | None,
                 fmt: Callable[[int], str] = amount) -> str:
    """Why an amount outside the variant's fixed sizes is refused, naming the
    sizes allowed (the engine's ``amount_not_in_menu``)."""
    sizes = sizes_list(allowed, all_in, fmt)
    if not sizes:
        return _("{amount} is not one of this game's sizes.").format(amount=fmt(amount_given))
    return _("{amount} is not one of this game's sizes; you can choose {sizes}.").format(
        amount=fmt(amount_given), sizes=sizes)


def _int_list(value: object) -> tuple[int, ...]:
    """Amounts the host sent as ``"4,6"`` (see ``net.protocol.error_data``)."""
    if isinstance(value, int):
        return (value,)
    if not isinstance(value, str):
        return ()
    parts = [p.strip() for p in value.split(",")]
    return tuple(int(p) for p in parts if p.isdigit())


def room_error(reason: str, data: Mapping[str, int | str]) -> str:
    """What the host's refusal of a request says, with the numbers it sent
    (a refused amount names the sizes allowed); otherwise :func:`room_problem`."""
    if reason == "amount_not_in_menu":
        given = data.get("amount")
        all_in = data.get("all_in")
        return menu_refusal(given if isinstance(given, int) else 0,
                            _int_list(data.get("allowed")),
                            all_in if isinstance(all_in, int) else None)
    return room_problem(reason, str(data.get("seconds", "")))


def lan_certificate_warning(source: str, where: str) -> str:
    """What to say when a LAN host shows another certificate than the pinned one."""
    if source == "trusted":
        return _("Warning: the host at {address} shows another certificate than the one you "
                 "trusted before. Someone on the network may be pretending to be the host, so "
                 "the game did not connect. If the host's game was installed again, or another "
                 "computer has this address now, ask the host for the invitation and paste "
                 "it as the host address.").format(address=where)
    if source == "invitation":
        return _("Warning: the host at {address} shows another certificate than the one in "
                 "the invitation. Someone on the network may be pretending to be the host, so "
                 "the game did not connect.").format(address=where)
    return _("Warning: the room at {address} shows another certificate than the one it "
             "announced. Someone on the network may be pretending to be the host, so the "
             "game did not connect.").format(address=where)


def spectator_arrival(spectator: bool, public: bool, watching: bool,
                      playing: bool) -> str | None:
    """Said first to a player arriving in a room without a seat (None:
    seated), on a desktop and a web page alike: at a server's public table
    (``watching``: they chose Watch), or in a room whose game is ``playing``
    or not yet started."""
    if not spectator:
        return None
    if public:
        return public_spectator(watching)
    if playing:
        return _("A game is in progress: you listen until the next game.")
    return _("You are watching: at the next game you take a free seat, if there is one.")
