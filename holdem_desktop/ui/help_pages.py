"""How to play and the keys (F1): pages to read, opened from the start
screen and from the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.variant import Variant, VariantError, shipped_variant
from holdem_desktop.i18n.translate import _
from holdem_desktop.session.variant_files import copy_variant, find_game, user_variants_dir

from .card_page import CardPageRenderer
from .desktop import Desktop
from .form_page import ReadingPage
from .howto import how_to_play
from .keymap import Key, KeyMap
from .page import Transition
from .widgets import Control

__all__ = ["HelpPage", "KeysPage", "chosen_variant", "copy_and_say"]


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
    """F1: every key, in three headed parts, to read or to look at."""

    def __init__(self, keymap: KeyMap, say: Callable[[str], None], room: bool = True,
                 here: Mapping[Key, str] | None = None) -> None:
        sections = [(heading, [_("{keys}: {action}").format(keys=keys, action=action)
                               for keys, action in items])
                    for heading, items in keymap.help_sections(room)]
        # what keys do on the page F1 was pressed on, where it is not what they do
        # elsewhere (the hand review's arrows step the hand), first
        mine = [_("{keys}: {action}").format(keys=", ".join(str(c) for c in keymap.chords(k)),
                                             action=action)
                for k, action in (here or {}).items() if keymap.chords(k)]
        if mine:
            sections.insert(0, (_("On this page"), mine))
        super().__init__(_("Keys"), sections, say, zone="keys")

    hotkeys = frozenset({Key.HELP})

    def on_key(self, key: Key) -> Transition | None:
        return self.close() if key is Key.HELP else None  # F1 again closes it


