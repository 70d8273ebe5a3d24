"""How to play and the keys (F1): pages to read, opened from the start
screen and from the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.variant import Variant, VariantError, shipped_variant
from holdem_desktop.i18n.translate import _, ngettext
from holdem_desktop.session.variant_files import copy_variant, find_game, user_variants_dir

from .card_page import CardPageRenderer
from .desktop import Desktop
from .form_page import ReadingPage
from .howto import how_to_play
from .keymap import Key, KeyMap, select_all_line
from .page import Page, Transition
from .table_fields import selects_text_at
from .widgets import Control, Role

__all__ = ["HelpPage", "KeysPage", "chosen_variant", "copy_and_say", "keys_for",
           "table_keys"]


def chosen_variant(game_id: str, folder: Path | None = None) -> Variant:
    """The variant of a game id from the settings (a shipped key or the
    player's own file); the default game when it is gone or broken."""
    try:
        return find_game(game_id, folder)
    except (KeyError, VariantError):
        return shipped_variant()


def copy_and_say(variant: Variant, folder: Path) -> str:
    """Copy ``variant``'s file to the player's ``folder``; what to say about it."""
    try:
        path = copy_variant(variant, folder)
    except OSError as exc:
        return _("The file could not be copied: {problem}").format(problem=exc.strerror or exc)
    return _("Copied to {path}. Edit the copy in a text editor; it is listed in New game "
             "as yours.").format(path=path)


class HelpPage(ReadingPage):
    """How to play, built from the variant's rules and the key map; Copy this
    game to my variants folder, and Close, at the end."""

    def __init__(self, desktop: Desktop, variant: Variant, say: Callable[[str], None], *,
                 folder: Path | None = None) -> None:
        self.variant = variant
        self.folder = folder if folder is not None else user_variants_dir()
        sections = how_to_play(variant, desktop.keymap, folder=self.folder)
        super().__init__(_("How to play"), [(s.heading, s.paragraphs) for s in sections], say,
                         buttons=[Control("copy", _("Copy this game to my variants folder"),
                                          zone="help")])
        self.renderer = renderer = CardPageRenderer(
            "four_color" if desktop.settings.four_color_deck else "classic")
        renderer.pictures = {f"p{k}.{j}": parse_cards(cards)  # a ranking's example hand
                             for k, s in enumerate(sections)
                             for j, cards in enumerate(s.cards) if cards}

    def activate(self, control: Control) -> Transition | None:
        if control.id == "copy":
            self.say(copy_and_say(self.variant, self.folder))
            return None
        return super().activate(control)


class KeysPage(ReadingPage):
    """F1: every key, in three headed parts, to read or to look at; first,
    under "On this page", what keys do on the page (or tab, or zone) F1 was
    pressed on where it is not what they do elsewhere, and Ctrl+A where it
    selects a text field's text."""

    def __init__(self, keymap: KeyMap, say: Callable[[str], None], room: bool = True,
                 here: Mapping[Key, str] | None = None, fields: bool = False) -> None:
        here = {k: action for k, action in (here or {}).items() if keymap.chords(k)}
        sections = [(heading, [_("{keys}: {action}").format(keys=keys, action=action)
                               for keys, action in items])
                    for heading, items in keymap.help_sections(room, leave_out=here)]
        # (the hand review's arrows step the hand: listed so, and not also as
        # they are elsewhere, choosing the amount)
        mine = [_("{keys}: {action}").format(keys=", ".join(str(c) for c in keymap.chords(k)),
                                             action=action)
                for k, action in here.items()]
        if fields:
            keys, action = select_all_line()
            mine.append(_("{keys}: {action}").format(keys=keys, action=action))
        if mine:
            sections.insert(0, (_("On this page"), mine))
        super().__init__(_("Keys"), sections, say, zone="keys")

    hotkeys = frozenset({Key.HELP})

    def on_key(self, key: Key) -> Transition | None:
        return self.close() if key is Key.HELP else None  # F1 again closes it

    def keys_here(self) -> dict[Key, str]:
        return {}  # (F1 here closes the list)

    def summary(self) -> str:
        """How many keys the list holds and how to go through them, said as
        it opens (before, the whole list was said at once at the table)."""
        count = sum(c.role is Role.TEXT for c in self.controls())
        return ngettext("{count} key: Down reads it.",
                        "{count} keys: Down reads them one by one.", count).format(count=count)

    def description(self) -> str:
        return self.summary()


def keys_for(page: Page, keymap: KeyMap, say: Callable[[str], None],
             room: bool = True) -> KeysPage:
    """F1 over ``page``: its own keys first, then every key (``room``: with
    those for talking in a room)."""
    return KeysPage(keymap, say, room, here=page.keys_here(), fields=page.selects_text())


def table_keys(tab: Page | None, focus: str | None, keymap: KeyMap,
               say: Callable[[str], None], room: bool) -> tuple[KeysPage, str]:
    """F1 at the table: the keys of the tab open (Settings: Up and Down step
    its choices, not the amount) or of the zone in focus (the chat field:
    they recall the lines sent), then every key; and what is said as it
    opens: how many keys, and its first line (not the whole list at once)."""
    here = tab.keys_here() if tab is not None else {}
    if tab is None and focus == "chat:field":
        here = {Key.AMOUNT_UP: _("The line you sent before"),
                Key.AMOUNT_DOWN: _("The next line you sent")}
    page = KeysPage(keymap, say, room, here=here,  # Ctrl+A in a field here or the tab's
                    fields=tab.selects_text() if tab is not None else selects_text_at(focus))
    first = page.controls()[0]
    return page, f"{page.summary()} {page.describe(first)}"
