"""One sentence per game event, for the Move log and for speech alike.

Every engine and session event has its sentence here (a test walks the
event types), in the third person for the Move log ("Ada calls 40") or in
the second person for the player it concerns ("You call 40").  Each
sentence is one gettext message with named placeholders, so translators
can reorder it; the hand and card names come from :mod:`.names`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    CardsShown,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RunoutStarted,
    StreetDealt,
)
from holdem_desktop.session.events import (
    BlindsUp,
    GameOver,
    GameStarted,
    HandStarting,
    PlayerOut,
    TurnStarted,
    WaitingForPlayers,
)

from .names import amount, cards_names, hand_name
from .translate import _, ngettext, pgettext

__all__ = ["Phrasing", "menu_refusal", "room_error", "room_problem", "sentence", "sizes_list"]


@dataclass(frozen=True)
class Phrasing:
    """How to say things: whose names, who "you" is (None: nobody, as in
    the Move log), whether suits are spoken, and full or brief."""

    name: Callable[[int], str]
    me: int | None = None
    suits: bool = True
    brief: bool = False

    def who(self, seats: tuple[int, ...] | list[int]) -> str:
        """Several players: "Ada and Bruno"; "you" (first) for the player."""
        ordered = sorted(seats, key=lambda s: s != self.me)
        names = [_("you") if s == self.me else self.name(s) for s in ordered]
        if len(names) == 1:
            return names[0]
        return _("{players} and {last}").format(players=", ".join(names[:-1]), last=names[-1])


def _action(e: ActionTaken, p: Phrasing) -> str:
    a = amount(e.amount)
    if e.seat == p.me:
        text = {
            ActionKind.FOLD: _("You fold."),
            ActionKind.CHECK: _("You check."),
            ActionKind.CALL: _("You call {amount}."),
            ActionKind.BET: _("You bet {amount}."),
            ActionKind.RAISE: _("You raise to {amount}."),
            ActionKind.ALL_IN: _("You go all-in, {amount}."),
        }[e.kind].format(amount=a)
        return text[:-1] + _(", all-in.") if e.all_in and e.kind is not ActionKind.ALL_IN \
            else text
    text = {
        ActionKind.FOLD: _("{player} folds."),
        ActionKind.CHECK: _("{player} checks."),
        ActionKind.CALL: _("{player} calls {amount}."),
        ActionKind.BET: _("{player} bets {amount}."),
        ActionKind.RAISE: _("{player} raises to {amount}."),
        ActionKind.ALL_IN: _("{player} goes all-in, {amount}."),
    }[e.kind].format(player=p.name(e.seat), amount=a)
    return text[:-1] + _(", all-in.") if e.all_in and e.kind is not ActionKind.ALL_IN else text


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


def _shown(e: CardsShown, p: Phrasing) -> str:
    cards = cards_names(e.cards, suits=p.suits)
    if e.seat == p.me:
        if e.value is None:
            return _("You show {cards}.").format(cards=cards)
        return _("You show {cards}: {hand}.").format(cards=cards, hand=hand_name(e.value))
    if e.value is None:
        return _("{player} shows {cards}.").format(player=p.name(e.seat), cards=cards)
    if p.brief:
        return _("{player} shows {hand}.").format(player=p.name(e.seat), hand=hand_name(e.value))
    return _("{player} shows {cards}: {hand}.").format(player=p.name(e.seat), cards=cards,
                                                      hand=hand_name(e.value))


def _pot(e: PotAwarded, p: Phrasing, pots: int) -> str:
    """``pots``: how many pots the hand has (a lone pot is just "the pot")."""
    which = (pgettext("the pot won", "the pot") if pots == 1 else _("the main pot")
             if e.index == 0 else
             _("side pot {number}").format(number=e.index))
    hand = hand_name(e.value) if e.value is not None else None
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
    if p.me is not None and winners == (p.me,):
        return _("You win the game!")
    if e.reason == "no_humans":
        return _("No player is left at the table: the computer players win.")
    return ngettext("Game over: {players} wins.", "Game over: {players} share first place.",
                    len(winners)).format(players=p.who(winners))


def _turn(e: TurnStarted, p: Phrasing) -> str:
    if e.seat == p.me:
        if e.to_call:
            return _("Your turn: {amount} to call.").format(amount=amount(e.to_call))
        return _("Your turn: you can check.")
    return _("{player} to act.").format(player=p.name(e.seat))


def sentence(event: object, p: Phrasing, *, pots: int = 1) -> str | None:
    """The sentence for ``event`` (None: it goes without saying, like the
    hole cards of another seat).  ``pots`` is the number of pots of the
    hand, for naming a pot award."""
    text = _sentence(event, p, pots)
    return text[:1].upper() + text[1:] if text else text  # "you and Radu" starts one too


def _sentence(event: object, p: Phrasing, pots: int) -> str | None:
    if isinstance(event, ActionTaken):
        return _action(event, p)
    if isinstance(event, BlindPosted):
        return _blind(event, p)
    if isinstance(event, StreetDealt):
        return _street(event, p)
    if isinstance(event, CardsShown):
        return _shown(event, p)
    if isinstance(event, PotAwarded):
        return _pot(event, p, pots)
    if isinstance(event, HoleCardsDealt):
        if event.seat != p.me or not event.cards:
            return None
        return _("You have {cards}.").format(cards=cards_names(event.cards, suits=p.suits))
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
    if isinstance(event, RunoutStarted):
        return _("{players} all-in: the cards are turned up and the board is dealt.").format(
            players=p.who(event.seats))
    if isinstance(event, HandStarting):
        level = event.blinds
        if event.button == p.me:
            text = _("Hand {number}. You deal. Blinds {small}/{big}.")
        else:
            text = _("Hand {number}. {dealer} deals. Blinds {small}/{big}.")
        return text.format(number=event.number, dealer=p.name(event.button),
                           small=amount(level[0]), big=amount(level[1]))
    if isinstance(event, BlindsUp):
        if event.ante:
            return _("Blinds go up to {small}/{big}, ante {ante}.").format(
                small=amount(event.blinds[0]), big=amount(event.blinds[1]),
                ante=amount(event.ante))
        return _("Blinds go up to {small}/{big}.").format(small=amount(event.blinds[0]),
                                                         big=amount(event.blinds[1]))
    if isinstance(event, PlayerOut):
        return _out(event, p)
    if isinstance(event, GameOver):
        return _game_over(event, p)
    if isinstance(event, GameStarted):
        text = (_("New game: {count} players, {chips} chips each. You deal first.")
                if event.button == p.me else
                _("New game: {count} players, {chips} chips each. {dealer} deals first."))
        return text.format(count=len(event.seats), chips=amount(event.stacks[0]),
                           dealer=p.name(event.button))
    if isinstance(event, TurnStarted):
        return _turn(event, p)
    if isinstance(event, WaitingForPlayers):
        return _("Waiting for {players}.").format(players=p.who(event.seats)) \
            if event.seats else _("Everyone is ready.")
    if isinstance(event, HandStarted | HandEnded):
        return None  # HandStarting says it; the pot awards say how it ended
    return None


def room_problem(reason: str, detail: str = "") -> str:
    """Why a room refused a player or a request, as a sentence to say."""
    texts = {
        "wrong_code": _("No room with that code answers at this address."),
        "room_full": _("That room is full."),
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
        "unknown_variant": _("The host plays a game this computer does not know ({name}); "
                             "both need the same version.").format(name=detail or "?"),
    }
    return texts.get(reason, _("The room refused that ({reason}).").format(reason=reason))


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
    return room_problem(reason)
