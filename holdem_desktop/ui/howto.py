"""The text of the How to play page (SPEC §1–§5), as data: headings and paragraphs.

The rules section is generated from the :class:`Variant` being played, the
same object the engine plays with, so an edited variant file explains
itself; the Keys section comes from the :class:`KeyMap` in use.  Every
paragraph is one or two plain sentences a screen reader can speak on its
own line.  Nothing here draws; the window lays the sections out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from holdem_desktop.engine.variant import (
    AFTER_LAST_DOUBLE,
    BettingStructure,
    RaiseStep,
    Variant,
)
from holdem_desktop.i18n.names import amount as chip_amount
from holdem_desktop.i18n.names import variant_name
from holdem_desktop.i18n.translate import _, ngettext, pgettext
from holdem_desktop.session.variant_files import user_variants_dir
from holdem_desktop.ui.keymap import Key, KeyMap

__all__ = ["RANKING_EXAMPLES", "Section", "how_to_play", "rules_now"]

Amount = Callable[[int], str]
"""Formats a number of chips for the player's locale."""

_START_ORDER = (RaiseStep.HALF_POT, RaiseStep.THREE_QUARTERS_POT, RaiseStep.POT,
                RaiseStep.TWO_POT, RaiseStep.ALL_IN)
"""Where a turn starts on the amount scale: the first of these the menu has."""


@dataclass(frozen=True)
class Section:
    """One part of the page: a heading and its paragraphs, each spoken on its own."""

    heading: str
    paragraphs: tuple[str, ...]
    cards: tuple[str, ...] = ()
    """An example hand drawn under each paragraph (``"AhKhQhJhTh"``; empty:
    none), in the paragraphs' order: what the eye sees of the words."""


def how_to_play(variant: Variant, keymap: KeyMap, *,
                amount: Amount = chip_amount,
                folder: Path | None = None) -> tuple[Section, ...]:
    """The How to play page for ``variant`` with the keys of ``keymap``, in reading order.

    ``amount`` formats chip amounts (by default as the language in use
    writes them: "1,500", "1.500", "1 500");
    ``folder`` is the player's own variants folder (default: this system's).
    """
    return (
        Section(_("The game"), _the_game()),
        Section(_("This game's rules"), _rules(variant, amount)),
        Section(_("Hand rankings"), _rankings(), ("", *RANKING_EXAMPLES)),
        Section(_("Betting"), _betting(variant)),
        Section(_("Choosing an amount"), _choosing(variant)),
        Section(_("The screen"), _screen(keymap)),
        Section(_("Keys"), tuple(_("{keys}: {what}").format(keys=keys, what=what)
                                 for keys, what in keymap.help_lines(text_fields=True))),
        Section(_("Rooms"), _rooms() + _who_is_here(keymap) + _chat(keymap)),
        Section(_("Playing online"), _online(keymap)),
        Section(_("Your own games"), _own_games(folder or user_variants_dir())),
        Section(_("Your past hands"), _past_hands(keymap)),
    )


def _past_hands(keymap: KeyMap) -> tuple[str, ...]:
    out = [_("Every hand you play here, at this computer or in a room, is kept: only what "
             "you saw, never a card that was not shown."),
           _("Hand review, on the start screen, lists your games, newest first, then a game's "
             "hands; activate a hand to replay it on the table."),
           _("In the replay, Right and Left step action by action, Down and Up go street by "
             "street, and each step is said in one line. Read state tells everything at "
             "that step.")]
    if keymap.chords(Key.REPLAY_LAST_HAND) and keymap.chords(Key.HAND_REVIEW):
        out.append(_("At the table, {last} replays the last hand and {review} opens Hand "
                     "review.").format(last=_chords(keymap, Key.REPLAY_LAST_HAND),
                                       review=_chords(keymap, Key.HAND_REVIEW)))
    out.append(_("Statistics, on the start screen, gives your figures over every game and "
                 "per variant, your results against each opponent, and your chips over a "
                 "game as a chart: Listen to the chart plays it as a rising and falling tone."))
    return tuple(out)


def _own_games(folder: Path) -> tuple[str, ...]:
    return (
        _("You can make a game of your own: copy a game's file to your variants folder, "
          "change it in a text editor, and choose it in New game, where it is marked as yours."),
        _("Your variants folder is {path}").format(path=folder),
        _("Copy this game to my variants folder, in New game and at the end of this page, "
          "makes the copy for you."),
        _("Each file is checked when New game opens. A file with a mistake is listed there "
          "with what is wrong, and cannot be chosen until it is fixed."),
        _("New game also lets you choose the starting stack and how fast the blinds go up, "
          "without editing any file."),
    )


def _the_game() -> tuple[str, ...]:
    return (
        _("Texas Hold'em is a card game played with one deck of 52 cards."),
        _("Each player gets two private cards, called hole cards, that only they can see."),
        _("Five shared cards, the board, are dealt face up for everyone to use."),
        _("Your hand is the best five cards out of your two cards and the five on the board. "
          "You may use both of your cards, one, or none."),
        _("Before the cards are dealt, the two players after the dealer post the small blind "
          "and the big blind, forced bets that start the pot."),
        _("There are four betting rounds: pre-flop after the hole cards, the flop after the "
          "first three board cards, the turn after the fourth, and the river after the fifth."),
        _("If everyone but one player folds, that player wins the pot without showing."),
        _("Otherwise, after the river, the players still in show their cards. "
          "This is the showdown, and the best hand wins the pot."),
        _("The dealer button moves one seat clockwise after each hand. With only two players, "
          "the dealer posts the small blind, acts first before the flop and last after it."),
    )


def _rules(variant: Variant, amount: Amount) -> tuple[str, ...]:
    out = [_("You are playing {name}.").format(name=variant_name(variant.key, variant.name))]
    low, high = variant.min_players, variant.max_players
    if low == high:
        out.append(ngettext("This game is for {count} player.", "This game is for {count} players.",
                            high).format(count=high))
    else:
        out.append(ngettext("This game is for {low} to {high} player.",
                            "This game is for {low} to {high} players.", high)
                   .format(low=low, high=high))
    stack, unit = variant.starting_stack, variant.chip_unit
    out.append(ngettext("Everyone starts with {amount} chip.",
                        "Everyone starts with {amount} chips.", stack).format(amount=amount(stack)))
    if unit > 1:
        out.append(ngettext("Every stack, blind and bet is a multiple of {unit} chip.",
                            "Every stack, blind and bet is a multiple of {unit} chips.", unit)
                   .format(unit=amount(unit)))
    out += _blinds(variant, amount)
    out += _structure(variant, amount)
    out.append(_("A player with no chips left is out. "
                 "The game ends when one player holds every chip."))
    hands, minutes = variant.end.hands, variant.end.minutes
    if hands is not None and minutes is not None:
        out.append(_("It also ends after {hands} or after {minutes}, whichever comes first.")
                   .format(hands=ngettext("{count} hand", "{count} hands", hands)
                           .format(count=hands),
                           minutes=ngettext("{count} minute", "{count} minutes", minutes)
                           .format(count=minutes)))
    elif hands is not None:
        out.append(ngettext("It also ends after {count} hand.", "It also ends after {count} hands.",
                            hands).format(count=hands))
    elif minutes is not None:
        out.append(ngettext("It also ends after {count} minute.",
                            "It also ends after {count} minutes.", minutes).format(count=minutes))
    if not variant.end.last_player_standing:
        out.append(_("When it ends that way, the bigger stack wins, and equal stacks are a "
                     "draw.") if variant.max_players == 2 else
                   _("When it ends that way, the players are ranked by their chips, "
                     "and equal chip counts share the place."))
    return tuple(out)


def _blinds(variant: Variant, amount: Amount) -> list[str]:
    schedule = variant.schedule
    first, last = schedule.levels[0], schedule.levels[-1]
    out = [_("The blinds start at a small blind of {small} and a big blind of {big}.").format(
        small=amount(first.small), big=amount(first.big))]
    for number, straddle in enumerate(first.straddles, start=1):
        out.append(_("Straddle {number}: the next player also posts {amount} before the deal.")
                   .format(number=number, amount=amount(straddle)))
    ante_level = next((i for i, lv in enumerate(schedule.levels) if lv.ante), None)
    if ante_level == 0:
        out.append(_("Every player also pays an ante of {ante} before each hand.").format(
            ante=amount(first.ante)))
    elif ante_level is not None:
        out.append(_("From level {level} on, every player also pays an ante before each hand, "
                     "starting at {ante}.").format(level=ante_level + 1,
                                                   ante=amount(schedule.levels[ante_level].ante)))
    else:
        out.append(_("There are no antes."))
    per_hands, per_minutes = schedule.hands_per_level, schedule.minutes_per_level
    doubles = schedule.after_last == AFTER_LAST_DOUBLE
    if (per_hands is None and per_minutes is None) or (len(schedule.levels) == 1 and not doubles):
        out.append(_("The blinds stay the same for the whole game."))
        return out
    hands_part = "" if per_hands is None else ngettext(
        "every hand", "every {count} hands", per_hands).format(count=per_hands)
    minutes_part = "" if per_minutes is None else ngettext(
        "every minute", "every {count} minutes", per_minutes).format(count=per_minutes)
    if hands_part and minutes_part:
        out.append(_("The blinds go up {hands} or {minutes}, whichever comes first.").format(
            hands=hands_part, minutes=minutes_part))
    else:
        out.append(_("The blinds go up {every}.").format(every=hands_part or minutes_part))
    count = len(schedule.levels)
    if count > 1:
        out.append(ngettext("There is {count} level, up to blinds of {small} and {big}.",
                            "There are {count} levels, up to blinds of {small} and {big}.",
                            count).format(count=count, small=amount(last.small),
                                          big=amount(last.big)))
    if doubles and count > 1:
        out.append(_("After the last level, each new level doubles the blinds and the antes.")
                   if ante_level is not None else
                   _("After the last level, each new level doubles the blinds."))
    elif doubles:
        out.append(_("Each time, the blinds and the antes double.") if ante_level is not None
                   else _("Each time, the blinds double."))
    else:
        out.append(_("After that they stay at {small} and {big} for the rest of the game.").format(
            small=amount(last.small), big=amount(last.big)))
    return out


def _structure(variant: Variant, amount: Amount) -> list[str]:
    big = variant.schedule.levels[0].big
    if variant.betting is BettingStructure.FIXED_LIMIT:
        out = [_("Fixed-limit betting: every bet and raise has a fixed size."),
               _("Before the flop and on the flop it is one big blind, {small_bet} at first. "
                 "On the turn and the river it is two big blinds, {big_bet} at first.").format(
                   small_bet=amount(big), big_bet=amount(2 * big))]
    elif variant.betting is BettingStructure.POT_LIMIT:
        out = [_("Pot-limit betting: a bet can be at most the size of the pot, "
                 "and a raise at most the size of the pot after your call."),
               _("The smallest bet is the big blind.")]
    else:
        out = [_("No-limit betting: you may bet or raise any amount, up to all your chips."),
               _("The smallest bet is the big blind.")]
    cap = variant.raise_cap
    if cap is None:
        out.append(_("The number of raises in a betting round is unlimited."))
    else:
        out.append(ngettext("Each betting round allows one bet and at most {count} raise.",
                            "Each betting round allows one bet and at most {count} raises.",
                            cap).format(count=cap))
    return out


RANKING_EXAMPLES = ("AhKhQhJhTh", "9h8h7h6h5h", "QsQhQdQc7d", "7s7h7d3c3s", "AsJs8s6s2s",
                    "6d5c4h3s2d", "JcJdJs9h4c", "KsKd5h5c9s", "AhAcKd8s4h", "AdJc8h6s3d")
"""The hand shown under each ranking (royal flush first), the one its words name."""


def _rankings() -> tuple[str, ...]:
    return (
        _("From the best hand to the worst:"),
        _("Royal flush: ace, king, queen, jack and ten, all of the same suit."),
        _("Straight flush: five cards in a row of the same suit, such as nine down to five "
          "of hearts."),
        _("Four of a kind: four cards of the same rank, such as four queens."),
        _("Full house: three of a kind and a pair, such as three sevens and two threes, "
          "called sevens over threes."),
        _("Flush: any five cards of the same suit, such as five spades with the ace highest."),
        _("Straight: five cards in a row in mixed suits, such as six down to two. "
          "The ace is high in ten to ace and low in ace to five, but a straight never wraps."),
        _("Three of a kind: three cards of the same rank, such as three jacks."),
        _("Two pair: two different pairs, such as kings and fives."),
        _("One pair: two cards of the same rank, such as a pair of aces."),
        _("High card: none of the above, such as ace high."),
        _("Within the same kind of hand, the higher ranks win first, then the other cards, "
          "called kickers, from the highest down."),
        _("For example, a pair of aces with a king beats a pair of aces with a queen. "
          "Suits never count, and equal hands split the pot."),
    )


def _betting(variant: Variant) -> tuple[str, ...]:
    out = [
        _("Fold: give up the hand and lose what you have put in."),
        _("Check: stay in without putting in chips. "
          "You can only check when nobody has bet in this round."),
        _("Call: match the highest amount put in this round."),
        _("Bet: put in the first chips of a betting round."),
        _("Raise: put in more than the highest amount so far."),
        _("All-in: put in all your chips. "
          "You can always go all-in, even for less than a call or a raise."),
    ]
    if variant.betting is BettingStructure.FIXED_LIMIT:
        out.append(_("In this game every raise adds exactly one fixed bet."))
    else:
        out.append(_("A raise must add at least as much as the previous bet or raise in the "
                     "same round, and at least the big blind."))
    out += [
        _("An all-in for less than a full raise does not reopen the betting: "
          "players who have already acted may only call or fold."),
        _("A bet that nobody calls goes back to the player who made it."),
        _("When a player is all-in and others bet more, the extra forms a side pot "
          "that only the players who put chips in it can win."),
    ]
    unit = variant.chip_unit
    out.append(_("When a split pot does not divide evenly, the odd chip goes to the first winner "
                 "clockwise after the dealer.") if unit == 1 else
               ngettext("When a split pot does not divide evenly in units of {unit} chip, the odd "
                        "chip goes to the first winner clockwise after the dealer.",
                        "When a split pot does not divide evenly in units of {unit} chips, the odd "
                        "chips go to the first winner clockwise after the dealer.",
                        unit).format(unit=unit))
    return tuple(out)


def _step_name(step: RaiseStep) -> str:
    return {
        RaiseStep.MIN: _("the smallest bet or raise allowed"),
        RaiseStep.HALF_POT: _("half the pot"),
        RaiseStep.THREE_QUARTERS_POT: _("three quarters of the pot"),
        RaiseStep.POT: pgettext("an amount step", "the pot"),
        RaiseStep.TWO_POT: _("twice the pot"),
        RaiseStep.ALL_IN: _("all-in"),
    }[step]


def _choosing(variant: Variant) -> tuple[str, ...]:
    if variant.betting is BettingStructure.FIXED_LIMIT:
        return (_("In this game the amount is fixed: Bet and Raise always use the fixed bet "
                  "of the round, so there is no amount to choose."),
                _("The Call, Bet and Raise buttons say their amount in their name."),
                _("All-in has its own button."))
    menu = variant.raise_menu
    out = [ngettext("Increase amount and Decrease amount step through {count} amount, "
                    "smallest first:",
                    "Increase amount and Decrease amount step through {count} amounts, "
                    "smallest first:", len(menu)).format(count=len(menu))]
    out += [_("Step {number}: {step}.").format(number=n, step=_step_name(s))
            for n, s in enumerate(menu, start=1)]
    start = next((s for s in _START_ORDER if s in menu), menu[0])
    if variant.menu_only:
        out.append(_("In this game these are the only sizes a bet or raise can have: "
                     "no other amount is accepted, and all-in is always allowed."))
    out += [
        _("Each amount is kept within what the rules allow and rounded to the chip unit. "
          "Steps that come to the same amount are offered once."),
        _("For a bet, the fractions are of the pot. For a raise, they are of the pot after "
          "your call, added on top of the call."),
        _("Each of your turns starts at {step}.").format(step=_step_name(start)),
        _("The Call, Bet and Raise buttons say their amount in their name, "
          "and All-in has its own button."),
    ]
    return tuple(out)


def _chords(keymap: KeyMap, key: Key) -> str:
    names = [str(c) for c in keymap.chords(key)]
    if len(names) < 2:
        return "".join(names)
    return _("{keys} or {last}").format(keys=", ".join(names[:-1]), last=names[-1])


def _screen(keymap: KeyMap) -> tuple[str, ...]:
    out = [
        _("The screen has six zones, each with a heading: Table, Your hand, Actions, "
          "Game state, Players and Move log."),
        _("Table: the board cards and the pot."),
        _("Your hand: your two cards. Each card is a control, and activating it speaks your hand."),
        _("Actions: the buttons to play, and the amount chooser."),
        _("Game state: the hand number, the blinds and when they go up."),
        _("Players: everyone's chips, yours first."),
        _("Move log: every action of the game, in order."),
    ]
    moves = ((Key.NEXT_ZONE, Key.PREVIOUS_ZONE,
              _("Move to the next zone with {forward}, and back with {back}.")),
             (Key.NEXT_CONTROL, Key.PREVIOUS_CONTROL,
              _("Move between the controls inside a zone with {forward}, and back with {back}.")))
    for forward, back, text in moves:
        if keymap.chords(forward) and keymap.chords(back):
            out.append(text.format(forward=_chords(keymap, forward), back=_chords(keymap, back)))
    out.append(_("The focused control is always spoken and highlighted."))
    if keymap.chords(Key.ACTIVATE):
        keys = _chords(keymap, Key.ACTIVATE)
        if keymap.chords(Key.SELECT):
            keys = _("{keys} or {last}").format(keys=keys, last=_chords(keymap, Key.SELECT))
        out.append(_("Activate it with {keys}.").format(keys=keys))
    out += [
        _("Action buttons never move. A button you can't use now is shown inactive, "
          "and activating it tells you why."),
        _("Your action is said at once; then what the computer players do is added to "
          "that same announcement as it happens, until your next turn."),
        _("Two tabs at the top right, How to play and Settings, open in place of the table. "
          "Activate the tab again, or its Close button at the end, to close it."),
        _("Settings holds the language, beginner hints, sounds and speech. "
          "Your settings are kept for the next time you play."),
    ]
    if keymap.chords(Key.HELP):
        out.append(_("Press {keys} at any time to hear every key.").format(
            keys=_chords(keymap, Key.HELP)))
    if keymap.chords(Key.SPEECH):
        out.append(_("Press {keys} anywhere to turn speech off, and again to turn it back on; "
                     "the game says so first, and remembers it for the next time.").format(
            keys=_chords(keymap, Key.SPEECH)))
    out.append(_("An action key pressed too soon after your turn begins, before you could "
                 "hear it, is ignored with a short double tick: press it again once you "
                 "have heard your turn."))
    return tuple(out)


def _rooms() -> tuple[str, ...]:
    return (
        ngettext("In a room you play with friends on the same local network: one computer "
                 "hosts a room for up to {count} player, and the others join it by typing its "
                 "six-digit room code.",
                 "In a room you play with friends on the same local network: one computer "
                 "hosts a room for up to {count} players, and the others join it by typing its "
                 "six-digit room code.", 6).format(count=6),
        _("To host, choose Rooms, then Create room: pick the game, the number of seats and "
          "the computer players' strength. Your table shows the room's code, Copy invitation "
          "and Leave room."),
        _("To join, choose Rooms, then Join room, and type the code. If the room is not "
          "found, choose Paste invitation: the line the host sent gives the host's address "
          "and the fingerprint of the room's certificate."),
        _("The host starts each game with New game; computer players fill the free seats, "
          "and each player hears only what their own seat may know."),
        _("Every player still in the game presses Next hand before the next hand is dealt; "
          "pressing it again tells you who is still awaited."),
        _("If you are away for a minute on your turn, or leave, the computer plays your seat "
          "with your chips until you come back."),
    )


def _online(keymap: KeyMap) -> tuple[str, ...]:
    """A server: its rooms, the Lobby's public tables, tournaments, accounts
    and ratings, and a connection that drops (the Lobby's keys by ``keymap``)."""
    return (
        _("To play with people anywhere, choose Rooms, then Play online, and type a server's "
          "address or paste the invitation a friend sent. Create room on this server and Join "
          "room work there as they do on your network."),
        _("Lobby: public tables lists the server's open tables, with their seats and blinds. "
          "Enter joins the table in focus, {watch} watches it, and Play now seats you at once "
          "at a public table, computer players filling the free seats.").format(
            watch=_chords(keymap, Key.WHOSE_TURN)),
        _("Tournaments, in the Lobby, lists the server's tournaments: Enter registers you or "
          "takes your registration back, and {standings} says the standings. When it starts, "
          "the game takes you to your table, and moves you when the tables are balanced.").format(
            standings=_chords(keymap, Key.CHIPS)),
        _("Sign in or create account, in the Lobby, keeps your name on that server and gives "
          "you a rating from its ranked tables and tournaments: Leaderboard and My rating "
          "read them. What ended while you were away is told when you come back."),
        _("If the connection to the server drops, the game connects again by itself and says "
          "so when it is back; meanwhile a list you ask for waits, and joining or registering "
          "is refused with a word to try again in a moment."),
    )


def _who_is_here(keymap: KeyMap) -> tuple[str, ...]:
    """Who is in a room, by the key of ``keymap`` (nothing when it is unbound)."""
    if not keymap.chords(Key.WHO_IS_HERE):
        return ()
    return (_("When you join a room you hear who is in it. Press {key} at any time to hear it "
              "again: the players and the host, who is away, who watches, and before the first "
              "game how many seats are free.").format(key=_chords(keymap, Key.WHO_IS_HERE)),)


def _chat(keymap: KeyMap) -> tuple[str, ...]:
    """Talking at a room's table, with the keys of ``keymap``."""
    if not keymap.chords(Key.CHAT):
        return ()
    quick = [keymap.chords(k) for k in (Key.QUICK_1, Key.QUICK_2, Key.QUICK_3, Key.QUICK_4)]
    digits = all(len(c) == 1 and c[0].ctrl and not c[0].shift and c[0].name == str(n)
                 for n, c in enumerate(quick, 1))
    where = (_("hold {ctrl} and press 1, 2, 3 or 4").format(ctrl=pgettext("key", "Ctrl"))
             if digits else _("use their keys in the key list"))
    return (
        _("To talk at the table, press {key} from anywhere: type a line and press Enter to "
          "send it, or Escape to go back where you were; Up and Down bring back the lines "
          "you sent.").format(key=_chords(keymap, Key.CHAT)),
        _("For a quick phrase (Nice hand, Good game, Be right back, Thanks), {where}, or "
          "find it in the Chat zone after the field; everyone hears it in their own "
          "language.").format(where=where),
        _("What others say is spoken after the game's own announcements, with a soft sound. "
          "The Speak chat setting chooses always, not while it is your turn, or never; the "
          "Chat zone keeps every line, with who said it and when."),
        _("In the Chat zone you can mute a person's chat for yourself (remembered for that "
          "name); the host can also mute someone for everyone. Someone who floods the chat "
          "is slowed down, then muted for a while by the room itself."),
    )


def _steps_text(steps: tuple[RaiseStep, ...]) -> str:
    names = [_step_name(s) for s in steps]
    if len(names) < 2:
        return "".join(names)
    return _("{items} or {last}").format(items=", ".join(names[:-1]), last=names[-1])


def rules_now(variant: Variant, hands_played: int) -> list[str]:
    """The variant's special rules as they stand, for Read state: the sizes a
    bet may have when they are fixed, and how many hands are left (the one
    being played included) when the game has a hand limit."""
    out = []
    if variant.menu_only:
        out.append(_("Bets and raises: {steps} only.").format(
            steps=_steps_text(variant.raise_menu)))
    if variant.end.hands is not None:
        left = max(0, variant.end.hands - hands_played)
        if not left:
            out.append(_("No hands left."))
        elif variant.max_players == 2:
            out.append(ngettext("{count} hand left; then the bigger stack wins.",
                                "{count} hands left; then the bigger stack wins.",
                                left).format(count=left))
        else:
            out.append(ngettext("{count} hand left; then the chips decide the places.",
                                "{count} hands left; then the chips decide the places.",
                                left).format(count=left))
    return out
