"""The words of accounts and ratings on a server: what the server's
answers mean, and the lines of the Leaderboard and My rating pages."""

from __future__ import annotations

from .phrases import finished, room_problem
from .translate import _, ngettext

__all__ = ["account_problem", "game_line", "lobby_account_line", "missed_told", "password_rule",
           "rating", "rating_told", "signed_in_line", "standing_line", "summary_line"]


def account_problem(reason: str, data: dict[str, int | str] | None = None) -> str:
    """Why the server refused an account request, as a sentence to say."""
    data = data or {}
    if reason == "too_many_tries":
        minutes = max(1, int(data.get("seconds", 600)) // 60)
        return ngettext("Too many tries: wait {n} minute and try again.",
                        "Too many tries: wait {n} minutes and try again.", minutes).format(
            n=minutes)
    if reason == "bad_name":  # the rooms' words for the name's problem, and what to do
        return room_problem(reason, str(data.get("detail", "")))
    if reason == "wrong_password":  # (the server never says whether the name has one)
        return _("Wrong name or password.") + " " + _(
            "No account on this server yet? Choose Create account.")
    if reason == "bad_password":
        return _("A password needs {low} to {high} characters.").format(
            low=data.get("min", 8), high=data.get("max", 100))
    texts = {
        "name_taken": _("That name is already reserved on this server, or looks too much "
                        "like one that is: choose another."),
        "banned": _("This server's operator banned that name or this address."),
        "bad_session": _("Your session on this server has ended: sign in again."),
        "not_signed_in": _("Sign in first: only an account has a rating."),
        "too_fast": _("Too fast: wait a moment and try again."),
        "unreachable": _("The server did not answer in time."),
        "lan": _("This is an invitation to a room on the local network, not a server's "
                 "address."),
    }
    return texts.get(reason, _("The server refused that ({reason}).").format(reason=reason))


def rating(tenths: int) -> str:
    """A rating as it is said and shown: 123 tenths is "12.3"."""
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{tenth}"


def change(tenths: int) -> str:
    """A rating's change with its sign: "+3.6", "-1.2", "0.0"."""
    return ("+" if tenths > 0 else "") + rating(tenths)


def signed_in_line(name: str, server: str) -> str:
    return _("Signed in as {name} on {server}.").format(name=name, server=server)


def rating_told(tenths: int, moved: int) -> str:
    """The player's new rating as a rated game ends, with its change."""
    if moved > 0:
        return _("Your rating: {rating}, up {change}.").format(rating=rating(tenths),
                                                             change=rating(moved))
    if moved < 0:
        return _("Your rating: {rating}, down {change}.").format(rating=rating(tenths),
                                                               change=rating(-moved))
    return _("Your rating: {rating}, unchanged.").format(rating=rating(tenths))


def missed_told(tournament: str, place: int, players: int, shared: bool, tenths: int,
                moved: int) -> str:
    """A rated tournament that ended while the player was away, told at
    their next sign-in: "While you were away, tournament Twelve ended. You
    finished fourth of 12. Your rating went from 3.6 to 5.9."."""
    return " ".join((
        _("While you were away, tournament {name} ended.").format(name=tournament),
        finished(place, players, shared=shared),
        _("Your rating went from {before} to {after}.").format(before=rating(tenths - moved),
                                                               after=rating(tenths))))


def lobby_account_line(name: str, tenths: int | None) -> str:
    """The Lobby's first line for a player signed in (``tenths``: the
    rating last heard, None: not heard yet)."""
    if tenths is None:
        return _("Signed in as {name}.").format(name=name)
    return _("Signed in as {name}, rating {rating}.").format(name=name, rating=rating(tenths))


def password_rule(low: int, high: int) -> str:
    """How long a password may be ("8 to 100 characters")."""
    return ngettext("{low} to {high} character", "{low} to {high} characters", high).format(
        low=low, high=high)


def standing_line(rank: int, name: str, tenths: int, games: int) -> str:
    """One row of the leaderboard."""
    return ngettext("{rank}. {name}: rating {rating}, {n} game",
                    "{rank}. {name}: rating {rating}, {n} games", games).format(
        rank=rank, name=name, rating=rating(tenths), n=games)


def summary_line(name: str, tenths: int, games: int, rank: int) -> str:
    """My rating's first line."""
    if not games:
        return _("{name}: no ranked game yet. A game at a public table, played to its "
                 "end, is ranked.").format(name=name)
    return ngettext("{name}: rating {rating}, {n} ranked game, number {rank} on the "
                    "leaderboard.",
                    "{name}: rating {rating}, {n} ranked games, number {rank} on the "
                    "leaderboard.", games).format(name=name, rating=rating(tenths), n=games,
                                                  rank=rank)


def game_line(place: int, players: int, tenths: int) -> str:
    """One ranked game of My rating: the place and the rating's change."""
    return _("Place {place} of {players}, rating {change}").format(
        place=place, players=players, change=change(tenths))
