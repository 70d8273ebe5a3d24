"""The words of a tournament over many tables (issue 35): moves, a table
broken, the final table, the players left, your place and the average
stack, the next blind level and when, the winner and the places.

The functions take plain values (names, table numbers, 0-based seats as
the tournament core counts them, said from 1), so that whoever hears the
core's events (the server, a table's window) says them the same way."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from .names import amount
from .phrases import finished, names_list
from .translate import _, ngettext

__all__ = ["COMPUTER", "blinds_go_up", "blinds_go_up_line", "button_from_you", "comes_to_seat",
           "final_table", "leaves_table", "moved_away", "moved_in", "next_level", "player_name",
           "players_left", "ranking",
           "sitting_out", "table_broken", "table_title", "tournament_won", "you_finished",
           "you_move", "you_were_moved", "your_standing", "your_table", "yours_started"]

COMPUTER = "computer:"
"""The start of a computer player's id in a server's tournament ("computer:3")."""


def player_name(player: str) -> str:
    """A player of a tournament as said: a computer's id ("computer:3") as
    "Computer 3", a person's name as it is."""
    if player.startswith(COMPUTER):
        return _("Computer {number}").format(number=player[len(COMPUTER):])
    return player


def button_from_you(seat: int, button: int, size: int) -> str:
    """Where the button is from ``seat`` at a table of ``size`` seats, the
    nearer way round, counting every seat (empty ones too): "the button is
    two seats to your right" (the button acts before you)."""
    behind = (seat - button) % size  # seats from the button clockwise to you
    if behind == 0:
        return _("you have the button")
    if behind <= size // 2:
        return ngettext("the button is {n} seat to your right",
                        "the button is {n} seats to your right", behind).format(n=behind)
    ahead = size - behind
    return ngettext("the button is {n} seat to your left",
                    "the button is {n} seats to your left", ahead).format(n=ahead)


def you_move(table: int, seat: int, button: int | None, size: int) -> str:
    """"You move to table 3, seat 5, the button is two seats to your right."."""
    if button is None:
        return _("You move to table {table}, seat {seat}, and wait there for players.").format(
            table=table, seat=seat + 1)
    return _("You move to table {table}, seat {seat}, {button}.").format(
        table=table, seat=seat + 1, button=button_from_you(seat, button, size))


def you_were_moved(table: int) -> str:
    """A move made while you were on your way to your seat, said before
    where you sit now: "You were moved to table 3."."""
    return _("You were moved to table {table}.").format(table=table)


def table_broken(table: int, yours: bool) -> str:
    """A table is broken (its players are moved to the others)."""
    if yours:
        return _("Your table, table {table}, is broken.").format(table=table)
    return _("Table {table} is broken.").format(table=table)


def moved_away(player: str, table: int) -> str:
    """Said at the table a player leaves."""
    return _("{player} moves to table {table}.").format(player=player, table=table)


def moved_in(player: str, from_table: int, seat: int) -> str:
    """Said at the table a player joins."""
    return _("{player} comes from table {table} to seat {seat}.").format(
        player=player, table=from_table, seat=seat + 1)


def comes_to_seat(player: str, seat: int) -> str:
    """Said at a table a player was moved to between its hands (the table
    they come from is theirs to hear): "Computer 5 comes to seat 2."."""
    return _("{player} comes to seat {seat}.").format(player=player_name(player), seat=seat + 1)


def leaves_table(player: str) -> str:
    """Said at a table a player was moved away from between its hands."""
    return _("{player} leaves this table.").format(player=player_name(player))


def final_table(count: int) -> str:
    """Every player left sits at one table."""
    return ngettext("The final table: {count} player left.",
                    "The final table: {count} players left.", count).format(count=count)


def players_left(left: int, entrants: int) -> str:
    """"12 players left of 40."."""
    return ngettext("{left} player left of {entrants}.", "{left} players left of {entrants}.",
                    left).format(left=left, entrants=entrants)


def your_standing(rank: int, left: int, chips: int, average: int) -> str:
    """Your place by chips among the players left, and the average stack."""
    return _("You are number {rank} of {left} by chips, with {chips}; the average stack is "
             "{average}.").format(rank=rank, left=left, chips=amount(chips),
                                  average=amount(average))


def next_level(blinds: Sequence[int], ante: int, seconds: float | None) -> str:
    """The next blind level and when (``seconds``; None: the blinds no
    longer go up), in whole minutes rounded up."""
    if seconds is None:
        return _("The blinds no longer go up.")
    minutes = max(1, math.ceil(seconds / 60.0))
    small, big = amount(blinds[0]), amount(blinds[1])
    if ante:
        return ngettext("Next level: blinds {small} and {big}, ante {ante}, in {minutes} minute.",
                        "Next level: blinds {small} and {big}, ante {ante}, in {minutes} "
                        "minutes.", minutes).format(small=small, big=big, ante=amount(ante),
                                                    minutes=minutes)
    return ngettext("Next level: blinds {small} and {big} in {minutes} minute.",
                    "Next level: blinds {small} and {big} in {minutes} minutes.",
                    minutes).format(small=small, big=big, minutes=minutes)


def blinds_go_up(blinds: Sequence[int], ante: int, seconds: float) -> str:
    """When a tournament's clock raises the blinds at a table and to what,
    said after its blinds as the other tables' "The blinds go up in 4
    hands." is: "The blinds go up to 30 and 60 in 4 minutes." (whole
    minutes rounded up; ``seconds`` 0: the next hand is dealt at them)."""
    small, big = amount(blinds[0]), amount(blinds[1])
    if seconds <= 0 and ante:
        return _("The blinds go up to {small} and {big}, ante {ante}, from the next "
                 "hand.").format(small=small, big=big, ante=amount(ante))
    if seconds <= 0:
        return _("The blinds go up to {small} and {big} from the next hand.").format(
            small=small, big=big)
    minutes = max(1, math.ceil(seconds / 60.0))
    if ante:
        return ngettext("The blinds go up to {small} and {big}, ante {ante}, in {minutes} "
                        "minute.",
                        "The blinds go up to {small} and {big}, ante {ante}, in {minutes} "
                        "minutes.", minutes).format(small=small, big=big, ante=amount(ante),
                                                    minutes=minutes)
    return ngettext("The blinds go up to {small} and {big} in {minutes} minute.",
                    "The blinds go up to {small} and {big} in {minutes} minutes.",
                    minutes).format(small=small, big=big, minutes=minutes)


def blinds_go_up_line(blinds: Sequence[int], seconds: float) -> str:
    """The same as a line of the Game state zone, beside the other tables'
    "Blinds go up in 4 hands": "Blinds go up to 30 and 60 in 4 minutes"."""
    small, big = amount(blinds[0]), amount(blinds[1])
    if seconds <= 0:
        return _("Blinds go up to {small} and {big} from the next hand").format(
            small=small, big=big)
    minutes = max(1, math.ceil(seconds / 60.0))
    return ngettext("Blinds go up to {small} and {big} in {minutes} minute",
                    "Blinds go up to {small} and {big} in {minutes} minutes",
                    minutes).format(small=small, big=big, minutes=minutes)


def tournament_won(winner: str, you: bool) -> str:
    """The last player standing."""
    if you:
        return _("You win the tournament!")
    return _("{player} wins the tournament.").format(player=player_name(winner))


def you_finished(place: int, entrants: int, shared: bool) -> str:
    """Your own place at the end: "You finished third of 40."."""
    return finished(place, entrants, shared=shared)


def ranking(places: Sequence[tuple[str, int]], limit: int = 10, me: str = "",
            total: int = 0) -> str:
    """The first ``limit`` places: "Places: 1, Vera; 2, Wiktor; 3, Ola and Ed.";
    the player's own name (``me``) said "you", their place said after the
    first ones when it is further down; then how many players of ``total``
    (the field; at least those in ``places``) were not read."""
    by_place: dict[int, list[str]] = {}
    mine = me.casefold()
    yours = None
    for name, place in sorted(places, key=lambda np: (np[1], np[0])):
        you = bool(mine) and name.casefold() == mine
        yours = place if you else yours
        by_place.setdefault(place, []).append(_("you") if you else player_name(name))
    read = sorted(by_place.items())[:limit]
    if yours is not None and all(place != yours for place, _n in read):
        read.append((yours, by_place[yours]))
    items = [_("{place}, {players}").format(place=place, players=names_list(names))
             for place, names in read]
    text = _("Places: {standings}.").format(standings="; ".join(items))
    rest = max(total, len(places)) - sum(len(names) for _p, names in read)
    if rest > 0:
        text += " " + ngettext("{count} more player is not read out.",
                               "{count} more players are not read out.", rest).format(count=rest)
    return text


# ----------------------------------------------------------------------
# The Desktop's Tournaments page (a server's lobby): one line a tournament,
# its registration said, the standings key (issue 35 item 3)

__all__ += ["average_stack", "level_now", "registered_as", "registration_gone",
            "standings_refused", "tournament_line", "tournament_started", "tournaments_count",
            "unregistered"]


def _start(start: int | None, computers_at: int | None = None) -> str:
    if start is None and computers_at is not None:
        return _("starts when full, or at {when} with computers").format(
            when=time.strftime("%Y-%m-%d %H:%M", time.localtime(computers_at)))
    if start is None:
        return _("starts when full")
    return _("starts {when}").format(when=time.strftime("%Y-%m-%d %H:%M", time.localtime(start)))


def tournament_line(name: str, variant: str, stack: int, speed: str, minutes: int, seats: int,
                    registered: int, players: int, start: int | None, state: str,
                    yours: bool, computers_at: int | None = None) -> str:
    """One tournament in one line, as the Tournaments page says and shows it:
    "Twelve: Tournament, stack 1,500, turbo, 5 minutes a level, tables of 6,
    3 of 12 registered, starts when full, registration open; you are registered"."""
    speeds = {"normal": _("normal blinds"), "turbo": _("turbo blinds")}
    states = {"registering": _("registration open"), "running": _("running"),
              "over": _("over"), "cancelled": _("cancelled")}
    line = _("{name}: {game}, stack {stack}, {speed}, {minutes} a level, tables of {seats}, "
             "{registered} of {players} registered, {start}, {state}").format(
        name=name, game=variant, stack=amount(stack), speed=speeds.get(speed, speed),
        minutes=ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes),
        seats=seats, registered=registered, players=players,
        start=_start(start, computers_at),
        state=states.get(state, state))
    if yours:
        line = _("{line}; you are registered").format(line=line)
    return line


def tournaments_count(count: int) -> str:
    """The count of the Tournaments page's list."""
    if not count:
        return _("No tournament on this server.")
    return ngettext("{n} tournament.", "{n} tournaments.", count).format(n=count)


def registered_as(tournament: str, name: str) -> str:
    return _("You are registered for {tournament} as {name}. Enter again takes it back.").format(
        tournament=tournament, name=name)


def unregistered(tournament: str) -> str:
    return _("Your registration for {tournament} is taken back.").format(tournament=tournament)


def tournament_started(tournament: str) -> str:
    return _("{tournament} has started.").format(tournament=tournament)


def standings_refused(reason: str, tournament: str, registered: int = 0,
                      players: int = 0) -> str:
    """Why the server refused a registration, its withdrawal or the standings
    (the ``error`` ``tournament``'s reason; a name's problem is said elsewhere)."""
    texts = {
        "registered": _("That name is already registered for {tournament}."),
        "not_registered": _("That name is not registered for {tournament}."),
        "not_yours": _("{tournament}: that name was registered from another computer; "
                       "only it can take it back."),
        "full": _("{tournament} is full."),
        "closed": _("Registration for {tournament} is closed: it has started or ended."),
        "no_tournament": _("{tournament} is no longer offered on this server."),
        "none": _("This server offers no tournaments."),
        "away": _("{tournament} cannot be reached just now: the server running it does "
                  "not answer. Try again in a moment."),
        "not_running": _("{tournament} has not started: {registered} of {players} "
                         "registered."),
    }
    return texts.get(reason, _("The server refused that ({reason}).")).format(
        tournament=tournament, registered=registered, players=players, reason=reason)


def registration_gone(reason: str, tournament: str, was: str) -> str:
    """Why a registration the Lobby followed again after a reconnection is no
    longer the player's: the server's ``reason`` for refusing it, and the
    tournament's state (``was``) in the last list heard before."""
    if reason == "closed" and was == "registering":
        return _("Your registration for {tournament} is gone: it started without "
                 "you.").format(tournament=tournament)
    if reason == "closed":
        return _("{tournament} has ended.").format(tournament=tournament)
    if reason == "no_tournament":
        return _("Your registration for {tournament} is gone: the tournament is no longer "
                 "offered on this server.").format(tournament=tournament)
    if reason == "not_yours":
        return _("Your registration for {tournament} is gone: that name was registered "
                 "again from another computer.").format(tournament=tournament)
    return standings_refused(reason, tournament)


def level_now(level: int, blinds: Sequence[int], ante: int) -> str:
    """"Level 3: blinds 30 and 60."."""
    if ante:
        return _("Level {level}: blinds {small} and {big}, ante {ante}.").format(
            level=level, small=amount(blinds[0]), big=amount(blinds[1]), ante=amount(ante))
    return _("Level {level}: blinds {small} and {big}.").format(
        level=level, small=amount(blinds[0]), big=amount(blinds[1]))


def average_stack(average: int) -> str:
    return _("The average stack is {average}.").format(average=amount(average))


def your_table(table: int, seat: int) -> str:
    """Where you sit at a tournament's start (``seat`` counted from 0)."""
    return _("You sit at table {table}, seat {seat}.").format(table=table, seat=seat + 1)


def table_title(table: int) -> str:
    """A tournament's table on the title line: "Table 3"."""
    return _("Table {table}").format(table=table)


def yours_started() -> str:
    """The start of the tournament you registered for (its name not known here)."""
    return _("Your tournament has started.")


def sitting_out() -> str:
    """What leaving a tournament's table does to your seat."""
    return _("Your seat sits out: it checks or folds, and posts its blinds, until you come "
             "back with the room's code.")
