"""Keys to game-level commands, in one replaceable table (SPEC §5).

Conventions blind players know from accessible card games: single letters
act (the risky one, all-in, asks for confirmation), other single letters
only inform and never act, number keys read one card each, a history of
messages to step through, F1 lists every key.  The window reads its events
in one place and looks keys up here; nothing else knows about key codes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum

from holdem_desktop.i18n.translate import _, pgettext

__all__ = ["DEFAULT_KEYS", "Chord", "Key", "KeyMap", "describe", "key_name", "select_all_line"]


class Key(StrEnum):
    """What a key press asks for."""

    # Moving around
    NEXT_CONTROL = "next_control"
    PREVIOUS_CONTROL = "previous_control"
    NEXT_ZONE = "next_zone"
    PREVIOUS_ZONE = "previous_zone"
    FIRST_CONTROL = "first_control"
    """Home: the first control of the focused control's zone (a menu's first item)."""
    LAST_CONTROL = "last_control"
    """End: the last control of that zone."""
    ACTIVATE = "activate"
    SELECT = "select"
    """Space: press the focused button, tick a box, step a choice (Enter in a
    form's field presses the form's default button instead)."""
    STEP_FORWARD = "step_forward"
    """Right arrow: the next value of a focused choice, else the next control."""
    STEP_BACK = "step_back"
    CLOSE = "close"
    HELP = "help"
    SPEECH = "speech"
    """Speech off or on, anywhere (even in a text field)."""
    # Acting
    FOLD = "fold"
    CHECK_CALL = "check_call"
    BET_RAISE = "bet_raise"
    ALL_IN = "all_in"
    AMOUNT_UP = "amount_up"
    AMOUNT_DOWN = "amount_down"
    NEXT_HAND = "next_hand"
    # Information only
    YOUR_CARDS = "your_cards"
    BOARD = "board"
    HAND_VALUE = "hand_value"
    POT = "pot"
    TO_CALL = "to_call"
    CHIPS = "chips"
    WHOSE_TURN = "whose_turn"
    DEALER = "dealer"
    BLINDS = "blinds"
    REPEAT = "repeat"
    READ_STATE = "read_state"
    HISTORY_BACK = "history_back"
    HISTORY_FORWARD = "history_forward"
    REPLAY_LAST_HAND = "replay_last_hand"
    HAND_REVIEW = "hand_review"
    CARD_1 = "card_1"
    CARD_2 = "card_2"
    CARD_3 = "card_3"
    CARD_4 = "card_4"
    CARD_5 = "card_5"
    CARD_6 = "card_6"
    CARD_7 = "card_7"
    # Talking (a room's table)
    CHAT = "chat"
    WHO_IS_HERE = "who_is_here"
    TIME_LEFT = "time_left"
    """Open the chat field from anywhere at the table."""
    QUICK_1 = "quick_1"
    QUICK_2 = "quick_2"
    QUICK_3 = "quick_3"
    QUICK_4 = "quick_4"


ACTING = frozenset({Key.FOLD, Key.CHECK_CALL, Key.BET_RAISE, Key.ALL_IN, Key.NEXT_HAND})
"""Keys that change the game (all others only move or inform)."""

TALKING = frozenset({Key.CHAT, Key.QUICK_1, Key.QUICK_2, Key.QUICK_3, Key.QUICK_4})
"""The keys for talking in a room."""

ROOM_ONLY = TALKING | {Key.WHO_IS_HERE, Key.TIME_LEFT}
"""The keys that do something only in a room (F1 leaves them out in a game here)."""


@dataclass(frozen=True)
class Chord:
    """A key with modifiers, by pygame key name (``"f"``, ``"tab"``, ``"f1"``, ``"up"``)."""

    name: str
    shift: bool = False
    ctrl: bool = False

    def __str__(self) -> str:
        """The key as the player's keyboard and screen reader name it
        ("Shift+Tab"; in Italian "Maiusc+Tab")."""
        prefix = ((pgettext("key", "Ctrl") + "+" if self.ctrl else "")
                  + (pgettext("key", "Shift") + "+" if self.shift else ""))
        return prefix + key_name(self.name)


def key_name(name: str) -> str:
    """A key's name in the player's language (``"page down"``: "Page Down")."""
    names = {
        "tab": pgettext("key", "Tab"),
        "return": pgettext("key", "Enter"),
        "space": pgettext("key", "Space"),
        "escape": pgettext("key", "Escape"),
        "right": pgettext("key", "Right arrow"),
        "left": pgettext("key", "Left arrow"),
        "up": pgettext("key", "Up arrow"),
        "down": pgettext("key", "Down arrow"),
        "page down": pgettext("key", "Page Down"),
        "page up": pgettext("key", "Page Up"),
        "home": pgettext("key", "Home"),
        "end": pgettext("key", "End"),
        "backspace": pgettext("key", "Backspace"),
        "delete": pgettext("key", "Delete"),
        # Punctuation in words: a screen reader at its usual punctuation
        # level says nothing for "[" or "," alone.
        "[": pgettext("key", "Left bracket"),
        "]": pgettext("key", "Right bracket"),
        ",": pgettext("key", "Comma"),
        ".": pgettext("key", "Period"),
        "/": pgettext("key", "Slash"),
        ";": pgettext("key", "Semicolon"),
        "'": pgettext("key", "Apostrophe"),
        "`": pgettext("key", "Grave accent"),
        "-": pgettext("key", "Minus"),
        "=": pgettext("key", "Equals"),
        "\\": pgettext("key", "Backslash"),
        "+": pgettext("key", "Plus"),
        "*": pgettext("key", "Asterisk"),
    }
    if name in names:
        return names[name]
    if len(name) > 2 and name[0] == "[" and name[-1] == "]":  # the numeric keypad's "[+]"
        return pgettext("key", "Keypad {key}").format(key=key_name(name[1:-1]))
    return name.upper() if len(name) == 1 else name.title()


DEFAULT_KEYS: Mapping[Chord, Key] = {
    Chord("tab"): Key.NEXT_CONTROL,
    Chord("tab", shift=True): Key.PREVIOUS_CONTROL,
    Chord("right"): Key.STEP_FORWARD,
    Chord("left"): Key.STEP_BACK,
    Chord("page down"): Key.NEXT_ZONE,
    Chord("page up"): Key.PREVIOUS_ZONE,
    Chord("h"): Key.NEXT_ZONE,
    Chord("h", shift=True): Key.PREVIOUS_ZONE,
    Chord("home"): Key.FIRST_CONTROL,
    Chord("end"): Key.LAST_CONTROL,
    Chord("return"): Key.ACTIVATE,
    Chord("space"): Key.SELECT,
    Chord("escape"): Key.CLOSE,
    Chord("f1"): Key.HELP,
    Chord("f2"): Key.SPEECH,
    Chord("f"): Key.FOLD,
    Chord("c"): Key.CHECK_CALL,
    Chord("b"): Key.BET_RAISE,
    Chord("r"): Key.BET_RAISE,
    Chord("a"): Key.ALL_IN,
    Chord("up"): Key.AMOUNT_UP,
    Chord("down"): Key.AMOUNT_DOWN,
    Chord("n"): Key.NEXT_HAND,
    Chord("y"): Key.YOUR_CARDS,
    Chord("t"): Key.BOARD,
    Chord("v"): Key.HAND_VALUE,
    Chord("p"): Key.POT,
    Chord("o"): Key.TO_CALL,
    Chord("s"): Key.CHIPS,
    Chord("w"): Key.WHOSE_TURN,
    Chord("d"): Key.DEALER,
    Chord("l"): Key.BLINDS,
    Chord("e"): Key.REPEAT,
    Chord("i"): Key.READ_STATE,
    Chord("["): Key.HISTORY_BACK,
    Chord("]"): Key.HISTORY_FORWARD,
    Chord("z"): Key.REPLAY_LAST_HAND,
    Chord("g"): Key.HAND_REVIEW,
    Chord("1"): Key.CARD_1,
    Chord("2"): Key.CARD_2,
    Chord("3"): Key.CARD_3,
    Chord("4"): Key.CARD_4,
    Chord("5"): Key.CARD_5,
    Chord("6"): Key.CARD_6,
    Chord("7"): Key.CARD_7,
    Chord("m"): Key.CHAT,
    Chord("u"): Key.WHO_IS_HERE,
    Chord("k"): Key.TIME_LEFT,
    Chord("1", ctrl=True): Key.QUICK_1,
    Chord("2", ctrl=True): Key.QUICK_2,
    Chord("3", ctrl=True): Key.QUICK_3,
    Chord("4", ctrl=True): Key.QUICK_4,
}


def describe(key: Key) -> str:
    """What a key does, in a short sentence (for F1 and How to play)."""
    texts = {
        Key.NEXT_CONTROL: _("Next control"),
        Key.PREVIOUS_CONTROL: _("Previous control"),
        Key.NEXT_ZONE: _("Next zone heading"),
        Key.PREVIOUS_ZONE: _("Previous zone heading"),
        Key.FIRST_CONTROL: _("First control of the zone, like a list's first item"),
        Key.LAST_CONTROL: _("Last control of the zone"),
        Key.ACTIVATE: _("Activate the focused control; in a form, its main button"),
        Key.SELECT: _("Activate the focused control, or tick a box"),
        Key.STEP_FORWARD: _("Next value of a choice, or the next control"),
        Key.STEP_BACK: _("Previous value of a choice, or the previous control"),
        Key.CLOSE: _("Close the open tab or dialog"),
        Key.HELP: _("List every key"),
        Key.SPEECH: _("Turn speech off or on, anywhere"),
        Key.FOLD: _("Fold"),
        Key.CHECK_CALL: _("Check, or call"),
        Key.BET_RAISE: _("Bet or raise the chosen amount"),
        Key.ALL_IN: _("All-in (asks you to confirm)"),
        Key.AMOUNT_UP: _("Increase the amount"),
        Key.AMOUNT_DOWN: _("Decrease the amount"),
        Key.NEXT_HAND: _("Next hand"),
        Key.YOUR_CARDS: _("Your cards"),
        Key.BOARD: _("The board"),
        Key.HAND_VALUE: _("Your hand's value"),
        Key.POT: _("The pot"),
        Key.TO_CALL: _("The amount to call"),
        Key.CHIPS: _("Everyone's chips"),
        Key.WHOSE_TURN: _("Whose turn it is"),
        Key.DEALER: _("Who deals"),
        Key.BLINDS: _("The blinds, and when they go up"),
        Key.REPEAT: _("Repeat the last announcement"),
        Key.READ_STATE: _("Read the whole state of the game"),
        Key.HISTORY_BACK: _("Previous message in the history"),
        Key.HISTORY_FORWARD: _("Next message in the history"),
        Key.REPLAY_LAST_HAND: _("Replay the last hand, step by step"),
        Key.HAND_REVIEW: _("Hand review: every game and hand played here"),
        Key.CHAT: _("In a room: say something at the table (Enter sends, Escape goes back, "
                    "Up and Down recall your lines)"),
        Key.WHO_IS_HERE: _("In a room: who is here (the players, the host, who watches, "
                            "the seats free)"),
        Key.TIME_LEFT: _("At a public table: the time left to decide, and your time bank"),
        Key.QUICK_1: _("In a room: say \"Nice hand\""),
        Key.QUICK_2: _("In a room: say \"Good game\""),
        Key.QUICK_3: _("In a room: say \"Be right back\""),
        Key.QUICK_4: _("In a room: say \"Thanks\""),
    }
    if key in texts:
        return texts[key]
    number = int(key.value.rsplit("_", 1)[1])
    return _("Read card {number}: your two cards, then the board").format(number=number)


def select_all_line() -> tuple[str, str]:
    """Ctrl+A in a text field (the window's own, as in any text box; not a
    command to bind): (keys, what it does), for F1 and How to play."""
    return (str(Chord("a", ctrl=True)),
            _("Select a text field's whole text; typing or Backspace then replaces it"))


class KeyMap:
    """Looks chords up; a player may replace any binding."""

    def __init__(self, bindings: Mapping[Chord, Key] = DEFAULT_KEYS) -> None:
        self._bindings = dict(bindings)

    def lookup(self, name: str, *, shift: bool = False, ctrl: bool = False) -> Key | None:
        """The command of a key press (None: the key does nothing here)."""
        key = self._bindings.get(Chord(name, shift, ctrl))
        if key is None and shift:  # Shift+F is F unless Shift+F is bound
            key = self._bindings.get(Chord(name, False, ctrl))
        return key

    def bind(self, chord: Chord, key: Key) -> None:
        """Bind ``chord`` to ``key`` (replacing what it did)."""
        self._bindings[chord] = key

    def chords(self, key: Key) -> list[Chord]:
        """Every chord bound to ``key``."""
        return [c for c, k in self._bindings.items() if k is key]

    def help_sections(self, room: bool = True, leave_out: Collection[Key] = ()
                      ) -> list[tuple[str, list[tuple[str, str]]]]:
        """The key list in parts with headings (moving, playing, listening,
        and talking when in a ``room``), each line (keys, what they do), for
        the F1 page; without the commands in ``leave_out`` (their keys do
        something else where F1 was pressed, listed there)."""
        moving = {Key.NEXT_CONTROL, Key.PREVIOUS_CONTROL, Key.STEP_FORWARD, Key.STEP_BACK,
                  Key.NEXT_ZONE, Key.PREVIOUS_ZONE, Key.FIRST_CONTROL, Key.LAST_CONTROL,
                  Key.ACTIVATE, Key.SELECT, Key.CLOSE, Key.HELP, Key.SPEECH}
        lines = {k: v for k, v in self._lines(room).items() if k not in leave_out}
        talking = TALKING
        parts = [(_("Moving around"), [v for k, v in lines.items() if k in moving]),
                 (_("Playing"), [v for k, v in lines.items() if k in ACTING
                                 or k in (Key.AMOUNT_UP, Key.AMOUNT_DOWN)]),
                 (_("Listening"), [v for k, v in lines.items() if k not in moving
                                   and k not in ACTING and k not in talking
                                   and k not in (Key.AMOUNT_UP, Key.AMOUNT_DOWN)]),
                 (_("Talking in a room"), [v for k, v in lines.items() if k in talking])]
        return [(heading, items) for heading, items in parts if items]

    def help_lines(self, room: bool = True, text_fields: bool = False) -> list[tuple[str, str]]:
        """(keys, what they do) for every command, for F1 and How to play
        (not ``room``: a game here, without the keys for talking in a room;
        ``text_fields``: with Ctrl+A, after the keys for moving around)."""
        lines = self._lines(room)
        out = list(lines.values())
        if text_fields:
            at = next((k for k, key in enumerate(lines) if key in ACTING), len(out))
            out.insert(at, select_all_line())
        return out

    def _lines(self, room: bool) -> dict[Key, tuple[str, str]]:
        """Each command listed and its line; the seven card keys, on 1 to 7
        as they ship, one line ("1 to 7"), not seven alike."""
        lines = {k: (", ".join(str(c) for c in self.chords(k)), describe(k))
                 for k in self._listed(room)}
        cards = [k for k in Key if k.name.startswith("CARD_")]
        if all(self.chords(k) == [Chord(str(n))] for n, k in enumerate(cards, 1)):
            lines[cards[0]] = (_("{first} to {last}").format(first=1, last=len(cards)),
                               _("Read a card by its number: your two cards, then the board"))
            for k in cards[1:]:
                del lines[k]
        return lines

    def _listed(self, room: bool) -> list[Key]:
        """The commands F1 lists: those with a key, and in a game here
        (not ``room``) none of those that act only in a room."""
        return [k for k in Key if self.chords(k) and (room or k not in ROOM_ONLY)]
