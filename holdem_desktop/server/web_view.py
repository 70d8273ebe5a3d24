"""What a web page shows of its table, worded on the server in the page's
language with the desktop's own words (the same catalog entries): the
zones in seed 000's order, every player's chips (yours first), the action
buttons with their amounts and why one cannot be used, the amount presets,
the Move log and the chat."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from holdem_desktop.engine.variant import Variant
from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n.lobby import Tables, count_line, game_name, speed_name, table_line
from holdem_desktop.i18n.names import amount, card_name, cards_names, hand_now
from holdem_desktop.i18n.phrases import pot_label
from holdem_desktop.i18n.tournament import blinds_go_up_line
from holdem_desktop.i18n.translate import _, language, ngettext
from holdem_desktop.net.lobby_messages import GAMES, SPEEDS
from holdem_desktop.net.remote import RemoteTable
from holdem_desktop.session import GameOver, SessionError
from holdem_desktop.settings import APP
from holdem_desktop.ui.action_panel import PRESETS, ActionPanel, Command, Preset
from holdem_desktop.ui.howto import how_to_play
from holdem_desktop.ui.keymap import KeyMap
from holdem_desktop.ui.reading import all_in_seats
from holdem_desktop.ui.state_words import blinds_rise, header_lines, player_line
from holdem_desktop.ui.state_words import read_state as state_reading

__all__ = ["PAGE_PRESETS", "TWO_POT", "ZONES", "hand_so_far", "hand_text", "lobby_filters",
           "lobby_view", "page_words", "read_state", "rules_page", "table_view", "turn_of"]

ZONES = ("table", "hand", "actions", "state", "players", "log", "room", "chat")
"""The zones' headings, in seed 000's order (Room and Chat: in a room)."""

TWO_POT = "two_pot"
"""The amount scale's stop of twice the pot: a preset of the page (on the
desktop, Increase amount reaches it)."""
PAGE_PRESETS = (*PRESETS[:-1], TWO_POT, PRESETS[-1])
"""The page's amount presets, left to right: min, ½, ¾, pot, 2× pot, all-in."""

VARIANTS_FOLDER = Path(APP, "variants")
"""How to play's variants folder on a page: the desktop program's, named
by its own folder (the server's own paths are nobody's business)."""
LOG_SHOWN = 60
"""Move log lines a page is sent (the newest)."""


def page_words() -> dict[str, str]:
    """The page's own labels, in the language in force."""
    return {
        "title": _("Hold'em Desktop"), "table": _("Table"), "hand": _("Your hand"),
        "actions": _("Actions"), "state": _("Game state"), "players": _("Players"),
        "log": _("Move log"), "room": _("Room"), "chat": _("Chat"),
        "howto": _("How to play"), "settings": _("Settings"), "close": _("Close"),
        "code": _("Room code"), "name": _("Your name"), "join": _("Join"),
        "language": _("Language"), "say": _("Say at the table"),
        "send": _("Send"),  # (the chat's button: a phone's keyboard may have no Enter)
        "no_chat": _("Nobody has said anything yet."),  # (the Chat zone's, as the desktop's)
        "repeat": _("Repeat the last announcement"), "state_button": _("Read state"),
        "lost": _("Connection lost, reconnecting…"),
        "leave": _("Leave the room"), "leave_ask": _("Leave the room?"),
        "chips": _("Everyone's chips"),
        "lobby": _("Lobby: public tables"), "play_now": _("Play now"),
        "time_left": _("Time left"),
        "game": _("Game"), "speed": _("Speed"), "watch": _("Watch"), "sounds": _("Sounds"),
        # All-in asks once more first, in the desktop's words for its button and its A key
        "all_in_again": _("Press All-in again to go all-in."),
        "all_in_key": _("Press A again to go all-in."),
    }


def lobby_filters() -> dict[str, list[list[str]]]:
    """The lobby's filters as the desktop's Lobby offers them: any game or
    one of the public tables' games, any speed or one of theirs
    (``[value, label]`` each)."""
    return {"variant": [["", _("Any game")], *([k, game_name(k)] for k in GAMES)],
            "speed": [["", _("Any speed")], *([s, speed_name(s)] for s in SPEEDS)]}


def lobby_view(tables: Tables) -> dict[str, Any]:
    """The server's public tables as the desktop's Lobby says them: the
    count, then one line a table (its code: what Join sends)."""
    return {"count": count_line(tables),
            "tables": [{"code": t.code, "line": table_line(t)} for t in tables.tables]}


def rules_page(variant: Variant) -> list[dict[str, Any]]:
    """How to play, every section the desktop's page has, from the same
    source (:func:`~holdem_desktop.ui.howto.how_to_play`, the default keys:
    the page answers the same ones where a keyboard reaches it)."""
    sections = how_to_play(variant, KeyMap(), amount=amount, folder=VARIANTS_FOLDER)
    return [{"heading": s.heading, "paragraphs": list(s.paragraphs)} for s in sections]


def hand_text(table: RemoteTable) -> str:
    """Your hand now, as a touched card says it (the desktop's Y)."""
    view = _view(table)
    return hand_now(view.hole, view.board) if view is not None else hand_now((), ())


def _view(table: RemoteTable) -> SeatView | None:
    """The view the page shows: the hand under way, or the one that ended
    (until the next deal) -- also when the page came back between hands and
    has no hand of its own: the room's view of the ended hand shows its board
    and cards beside its result, as before the reload.  None before the first
    deal, or while this side's hand is out of step with the room's."""
    try:
        view = table.view(table.seat)
    except SessionError:
        return None
    return view if table.hand is not None or view.over else None


_NAMED: dict[tuple[str, tuple[int, ...]], tuple[list[str], str]] = {}
"""Cards' names and the board's sentence, by language and cards: worded
once, as a page's view is built after every message of the room."""


def _cards(cards: tuple[int, ...]) -> tuple[list[str], str]:
    """Each card's name, and the board's sentence for them, in the language in force."""
    key = (language(), cards)
    named = _NAMED.get(key)
    if named is None:
        if len(_NAMED) > 20000:  # (boards are many: the newest kept)
            _NAMED.clear()
        named = _NAMED[key] = ([card_name(c) for c in cards], _("Board: {cards}.").format(
            cards=cards_names(cards)) if cards else _("No cards on the board yet."))
    return named


def _chips(name: str, count: int, all_in: bool = False) -> str:
    if all_in:
        return _("{player}: {chips}").format(player=name, chips=_("all-in"))
    return ngettext("{player}, {chips} chip", "{player}, {chips} chips", count).format(
        player=name, chips=amount(count))


def _player(table: RemoteTable, seat: int, view: SeatView | None) -> str:
    name = _("You") if seat == table.me else table.player_of(seat)
    return player_line(table, seat, name, view)


def _button(panel: ActionPanel, command: Command, label: str, enabled: bool) -> dict[str, Any]:
    why = None if enabled else panel.why(command)
    return {"id": command.value, "label": label, "why": why or ""}


_LABELS: dict[str, dict[str, str]] = {}
"""The presets' labels, by language (worded once)."""


def _preset_label(preset: str) -> str:
    labels = _LABELS.get(language())
    if labels is None:
        labels = _LABELS[language()] = {
            Preset.MIN: _("Amount: minimum"), Preset.HALF_POT: _("Amount: half the pot"),
            Preset.THREE_QUARTERS_POT: _("Amount: three quarters of the pot"),
            Preset.POT: _("Amount: the pot"), TWO_POT: _("Amount: twice the pot"),
            Preset.ALL_IN: _("Amount: all-in")}
    return labels[preset]


def table_view(table: RemoteTable, panel: ActionPanel, log: Any,
               result: Sequence[str] = ()) -> dict[str, Any]:
    """The zones' text and the controls, for the page to show; ``result``:
    the last hand's awards as announced, shown by the board while that hand
    is over (until the next deal)."""
    view = _view(table)
    seats = [k for k in range(table.n) if table.player_of(k)]
    order = sorted(seats, key=lambda k: (k != table.seat, (k - (table.seat or 0)) % table.n))
    buttons = [_button(panel, b.command, b.label, b.enabled) for b in panel.buttons()]
    amounts: dict[str, int | None] = {p.value: to for p, to in panel.preset_amounts().items()}
    amounts[TWO_POT] = next((st.to for st in panel.amounts()[0] if TWO_POT in st.steps), None)
    presets = [{"id": p, "label": _preset_label(p),
                "why": "" if amounts[p] is not None else _("There is no amount to choose now.")}
               for p in PAGE_PRESETS]
    started = table.table is not None and table.table.started
    state = header_lines(table)  # the hand, its blinds and when they go up (the desktop's)
    ticking, left = _ticking(table, state)
    if view is not None and not view.over and view.to_act is not None:
        state.append(_("Your turn, {amount} to call").format(amount=amount(view.to_call))
                     if view.to_act == table.seat and view.to_call else
                     _("Your turn") if view.to_act == table.seat else
                     _("{player} to act").format(player=table.seats[view.to_act].name))
    if not started:  # before the first game: who is here, and what starts it (no empty item)
        state += filter(None, [table.who_is_here(), panel.why(Command.NEXT_HAND)])
    all_in = all_in_seats(view)  # (every chip in: "all-in" while the hand runs, not "0")
    return {
        "chips": [_chips(_("You") if k == table.me else table.player_of(k), table.chips(k),
                         k in all_in) for k in order] if started else [],
        "board": _cards(tuple(view.board) if view is not None else ())[1],
        "pot": pot_label(view) if view is not None and not view.over else "",  # (not "Pot 0")
        "result": list(result) if _over(table) else [],
        "cards": list(_cards(tuple(view.hole))[0]) if view is not None else [],
        "buttons": buttons,
        "presets": presets,
        "state": state,
        "players": [_player(table, k, view) if started else
                    _("You") if k == table.me else table.player_of(k) for k in order],
        "log": log.lines[-LOG_SHOWN:],
        "room": _("Room code {code}").format(code=table.code),
        "code": table.code,
        "chat": [line.spoken for line in table.chat_lines[-LOG_SHOWN:]],
        "turn": turn_of(table),
        "ticking": ticking,
        "ticking_left": left,
    }


TICKING_MINUTES = 240
"""The most minutes a countdown's words are sent for (a level is far shorter)."""


def _ticking(table: RemoteTable, state: list[str]) -> tuple[dict[str, Any] | None, int | None]:
    """The Game state's line that counts down ("Blinds go up to 30 and 60 in
    4 minutes", when a clock raises the blinds), for the page to count it
    down by itself between views: ``{"line": its index, "words": [...]}``,
    ``words[m]`` the line with ``m`` minutes left (whole minutes rounded
    up; ``words[0]``: from the next hand), and the seconds left now (each
    view's: the page counts from its arrival).  None, None: no line counts."""
    rise = blinds_rise(table)
    if rise is None or not state:
        return None, None
    (level, seconds), line = rise, len(state) - 1  # (the header's last line)
    minutes = min(TICKING_MINUTES, max(0, math.ceil(seconds / 60.0)))
    words = [blinds_go_up_line(level.blinds, m * 60.0) for m in range(minutes + 1)]
    state[line] = words[minutes]  # (worded from the same seconds as the count)
    return {"line": line, "words": words}, math.ceil(seconds)


def _over(table: RemoteTable) -> bool:
    """Whether the room's last table shows a hand over (a page back between
    hands has no hand of its own: the room's view says it)."""
    shown = table.table.view if table.table is not None else None
    return shown is not None and shown.over


def hand_so_far(table: RemoteTable) -> list[object]:
    """The events of the hand the view shows, from its start (see
    :meth:`RemoteTable.hand_so_far`): a page back at the table writes its
    log again from them."""
    return table.hand_so_far()


def turn_of(table: RemoteTable) -> str:
    """The decision the page's action buttons answer now ("" when none is
    the player's): sent back with a press, so that a press made for a
    decision the player has heard never answers a later one."""
    if table.seat is None or table.waiting_for != table.seat:
        return ""
    hand, decision = table.decision
    return f"{hand}.{decision}"


def read_state(table: RemoteTable, panel: ActionPanel, result: GameOver | None = None) -> str:
    """Read state: what the desktop's I says, in its words and order (see
    :func:`holdem_desktop.ui.state_words.read_state`), the page's buttons
    named where the desktop names a key; ``result``: the game's, once over."""
    view = _view(table)
    first = table.seat or 0
    order = [k for k in ((first + j) % table.n for j in range(table.n)) if table.player_of(k)]
    return state_reading(table, table.me, view, table.player_of, panel, result,
                         order, phone=True)


GROWING = ("log", "chat")
"""The view's lists that grow at their end (the newest lines last)."""


def view_change(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """What a page is sent of ``now`` when it shows ``before``: the zones
    whose text changed, and of the Move log and the chat only the lines
    added (``"log+": [count, lines]``: the page appends ``lines`` and keeps
    the last ``count``), when that gives the same list.  Empty: nothing
    changed.  A whole view is some 3 kB, sent after every message of the
    room; what changes at one is a few lines."""
    out: dict[str, Any] = {}
    for key, value in now.items():
        old = before.get(key)
        if old == value and key in before:  # (a zone first shown as None is sent too)
            continue
        if key in GROWING and isinstance(old, list) and old:
            added = _added(old, value)
            if added is not None:
                out[key + "+"] = [len(value), added]
                continue
        out[key] = value
    return out


def _added(old: list[str], new: list[str]) -> list[str] | None:
    """The lines ``new`` has after those it keeps of ``old`` (None: it is
    not ``old`` grown)."""
    for start in range(len(old) + 1):
        kept = len(old) - start
        if new[:kept] == old[start:]:
            added = new[kept:]
            if (old + added)[-len(new):] == new and len(added) < len(new):
                return added
            return None
    return None
