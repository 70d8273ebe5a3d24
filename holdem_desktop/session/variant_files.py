"""The games a player can start: the shipped variants and the player's own
files, and the adjustments a game can start with.

The player's variants folder is the platform's user data folder plus
``variants`` (:func:`user_variants_dir`; every function takes the folder,
so tests and other callers pass their own).  Every ``.toml`` file there is
read with the engine's own checks: a valid one is a game the player can
choose, an invalid one is listed with its :class:`VariantError` (file, key,
problem) so the interface can say what is wrong.  :func:`copy_variant` puts
a copy of a game's file in the folder: the first step of making one's own.

A listed game has an id: the key of a shipped variant (``"tournament"``), or
``"my:"`` and the file name for the player's own (``"my:deep.toml"``), so a
copy of a shipped file named like it is still the player's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from holdem_desktop.engine.variant import (
    LEVEL_HANDS_RANGE,
    LEVEL_MINUTES_RANGE,
    Variant,
    VariantError,
    blinds_go_up,
    dump_variant,
    load_variant,
    shipped_variants,
    stack_range,
)
from holdem_desktop.settings import APP

__all__ = [
    "MAX_FILES",
    "MAX_FILE_SIZE",
    "USER_PREFIX",
    "GameEntry",
    "copy_variant",
    "find_game",
    "level_clocks",
    "list_games",
    "stack_choices",
    "user_variants_dir",
]

USER_PREFIX = "my:"
"""What starts the id of a game from the player's folder."""

MAX_FILES = 200
"""Files read from the folder at most (the first by name)."""

MAX_FILE_SIZE = 256 * 1024
"""A variant file larger than this is refused unread."""

_STACK_FACTORS = ((1, 2), (1, 1), (2, 1), (3, 1), (5, 1), (10, 1))
_LEVEL_HANDS = (5, 10, 15, 20, 30)
_LEVEL_MINUTES = (5, 10, 15, 20, 30, 60)


def user_variants_dir() -> Path:
    """The player's own variants folder on this system (it may not exist yet)."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False)) / "variants"


@dataclass(frozen=True)
class GameEntry:
    """One game of the list: its ``id``, the ``variant`` (None when the file is
    broken, then ``error`` says why), and whether it is the player's ``own``
    file (``path``)."""

    id: str
    variant: Variant | None
    error: VariantError | None = None
    own: bool = False
    path: Path | None = None

    @property
    def file_name(self) -> str:
        """The file's name (the key plus ``.toml`` for a shipped variant)."""
        return self.path.name if self.path is not None else f"{self.id}.toml"


def _read(path: Path) -> Variant:
    try:
        size = path.stat().st_size
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise VariantError(str(path), "", "unreadable", f"cannot be read ({reason})",
                           {"reason": reason}) from exc
    if size > MAX_FILE_SIZE:
        raise VariantError(str(path), "", "unreadable",
                           f"is too large ({size} bytes, at most {MAX_FILE_SIZE})",
                           {"reason": "too_large", "size": size, "max": MAX_FILE_SIZE})
    return load_variant(path)


def list_games(folder: Path | None = None) -> list[GameEntry]:
    """The shipped variants (ordered by name), then every ``.toml`` file of the
    player's ``folder`` (default :func:`user_variants_dir`), ordered by file
    name, each with its variant or its error.  A missing or unreadable folder
    lists only the shipped variants."""
    games = [GameEntry(key, v, path=v.source) for key, v in shipped_variants().items()]
    folder = user_variants_dir() if folder is None else folder
    try:
        files = sorted((p for p in folder.iterdir() if p.suffix.lower() == ".toml"),
                       key=lambda p: p.name.casefold())[:MAX_FILES]
    except OSError:
        return games
    for path in files:
        game_id = USER_PREFIX + path.name
        try:
            games.append(GameEntry(game_id, _read(path), own=True, path=path))
        except VariantError as exc:
            games.append(GameEntry(game_id, None, exc, own=True, path=path))
    return games


def find_game(game_id: str, folder: Path | None = None) -> Variant:
    """The variant of ``game_id`` (a shipped key or ``"my:FILE"``); raises
    ``KeyError`` for no such game and :class:`VariantError` for a broken file."""
    if game_id.startswith(USER_PREFIX):
        name = game_id[len(USER_PREFIX):]
        if not name or Path(name).name != name:
            raise KeyError(game_id)
        path = (user_variants_dir() if folder is None else folder) / name
        if not path.is_file():
            raise KeyError(game_id)
        return _read(path)
    return shipped_variants()[game_id]


def variant_argument(text: str, folder: Path | None = None) -> Variant:
    """The variant a command line names (``--variant``): a shipped key
    (``heads_up``), a game id (``my:deep.toml``), or a file's path (any name
    ending in ``.toml`` or holding a slash).  Raises ``KeyError`` for an
    unknown key and :class:`VariantError` for a file that cannot be used."""
    if not text.startswith(USER_PREFIX) and (
            text.lower().endswith(".toml") or "/" in text or "\\" in text):
        return _read(Path(text))
    return find_game(text, folder)


def copy_variant(variant: Variant, folder: Path | None = None) -> Path:
    """Write a copy of ``variant``'s file into the player's ``folder`` (made if
    needed) under a name not taken yet (``tournament.toml``, then
    ``tournament_2.toml`` …); returns the new file.  The copy keeps the file's
    comments; a variant with no file is written from its rules.  Raises
    ``OSError`` when it cannot be written."""
    folder = user_variants_dir() if folder is None else folder
    folder.mkdir(parents=True, exist_ok=True)
    text = None
    if variant.source is not None:
        try:
            text = variant.source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = None
    if text is None:
        text = dump_variant(variant)
    stem = variant.key or "variant"
    for n in range(1, 1000):
        path = folder / (f"{stem}.toml" if n == 1 else f"{stem}_{n}.toml")
        try:
            with path.open("x", encoding="utf-8") as f:
                f.write(text)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(folder / f"{stem}.toml")


def stack_choices(variant: Variant) -> tuple[int, ...]:
    """Starting stacks New game offers for ``variant``: its own, half of it and
    two, three, five and ten times it, rounded to the chip unit and kept within
    :func:`~holdem_desktop.engine.variant.stack_range`."""
    low, high = stack_range(variant)
    unit = variant.chip_unit
    found = {variant.starting_stack}
    for num, den in _STACK_FACTORS:
        stack = variant.starting_stack * num // den // unit * unit
        if low <= stack <= high and stack > 0:
            found.add(stack)
    return tuple(sorted(found))


def level_clocks(variant: Variant) -> tuple[tuple[int | None, int | None], ...]:
    """Blind speeds New game offers, as (hands per level, minutes per level),
    in order: every so many hands, fewest first, then every so many minutes,
    fewest first (the variant's own among them, a speed of both hands and
    minutes after the same hands alone), so a combo box steps them in order;
    empty when the blinds never go up."""
    schedule = variant.schedule
    if not blinds_go_up(schedule):
        return ()
    found = {(schedule.hands_per_level, schedule.minutes_per_level)}
    found.update((hands, None) for hands in _LEVEL_HANDS
                 if LEVEL_HANDS_RANGE[0] <= hands <= LEVEL_HANDS_RANGE[1])
    found.update((None, minutes) for minutes in _LEVEL_MINUTES
                 if LEVEL_MINUTES_RANGE[0] <= minutes <= LEVEL_MINUTES_RANGE[1])
    return tuple(sorted(found, key=lambda c: (c[0] is None, c[0] or 0, c[1] or 0)))
