"""The player's settings, kept between runs in the platform's config folder.

Written atomically (a temporary file, then a rename), so a crash never
leaves half a file.  A file that cannot be read is set aside and the
defaults are used; a value of the wrong kind falls back to its default.
Either way :attr:`LoadResult.problems` says what happened, as data, so the
interface can tell the player once, in their language.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import locale
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

__all__ = ["LoadResult", "Settings", "blind_speed_of", "blind_speed_text", "default_language",
           "language_of", "load_settings", "save_settings", "settings_path",
           "system_language_names"]

LANGUAGES = ("en", "ro", "it", "pl")
STRENGTHS = ("easy", "normal", "hard")
VERBOSITY = ("full", "brief")
CHAT_SPEECH = ("always", "not_my_turn", "never")
"""When chat lines at a room's table are spoken (they are kept in any case)."""
PACES = ("off", "quick", "natural")
"""How the felt paces a hand's events for the eye (speech is never held)."""
SPEECH_OUTPUTS = ("auto", "screen_reader", "system", "off")
"""Who speaks: the screen reader, else the system voice; only a screen reader;
only the system voice; nobody."""
APP = "holdem-desktop"


def _babel_language(name: str) -> str | None:
    """The language code of a locale name, as Babel reads it: ``it_IT.UTF-8``,
    ``ro-RO``, ``pl``, and Windows' ``Italian_Italy.1252`` (by the English
    name of the language)."""
    from babel import Locale, UnknownLocaleError

    name = name.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not name or name.upper() in ("C", "POSIX"):
        return None
    try:
        return str(Locale.parse(name).language)
    except (ValueError, LookupError, UnknownLocaleError):
        pass
    english = {n.casefold(): code for code, n in Locale("en").languages.items()}
    return english.get(name.split("_")[0].casefold())


def language_of(names: Iterable[str]) -> str:
    """The first of ``names`` (most preferred first) in a language the game
    speaks; English when none is."""
    for name in names:
        code = _babel_language(name)
        if code is not None:
            return code if code in LANGUAGES else "en"
    return "en"


def _posix_names(env: Mapping[str, str]) -> list[str]:
    """gettext's order: ``LANGUAGE`` (a list, unless the locale is C), then the
    first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``."""
    current = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "")
    if not current or current.split(".")[0] in ("C", "POSIX"):
        return []
    first = [n for n in env.get("LANGUAGE", "").split(":") if n]
    return [*first, current]


def mac_languages(listing: str) -> list[str]:
    """The names in ``defaults read -g AppleLanguages`` (``("it-IT", en)``)."""
    out = []
    for line in listing.splitlines():
        item = line.strip().rstrip(",").strip().strip('"')
        if item and item not in ("(", ")"):
            out.append(item)
    return out


def _mac_names(run: Callable[[list[str]], str]) -> list[str]:
    try:
        return mac_languages(run(["defaults", "read", "-g", "AppleLanguages"]))
    except (OSError, subprocess.SubprocessError):
        return []


def _windows_names(kernel32: Any) -> list[str]:
    """The user's display language, then their regional format
    (``GetUserDefaultLocaleName``: ``it-IT``)."""
    import ctypes

    names = []
    buffer = ctypes.create_unicode_buffer(85)
    ui = int(kernel32.GetUserDefaultUILanguage())
    if ui and kernel32.LCIDToLocaleName(ui, buffer, 85, 0):
        names.append(buffer.value)
    if kernel32.GetUserDefaultLocaleName(buffer, 85):
        names.append(buffer.value)
    return names


def _run(argv: list[str]) -> str:
    return subprocess.run(argv, capture_output=True, text=True, timeout=5, check=False).stdout


def system_language_names(platform: str | None = None, env: Mapping[str, str] | None = None,
                          *, run: Callable[[list[str]], str] = _run,
                          kernel32: Any = None) -> list[str]:
    """The player's languages from the platform's own source, most preferred
    first: Windows' user locale, macOS' preferred languages, ``LANG``/``LC_*``
    elsewhere; then what Python's locale says."""
    platform = platform or sys.platform
    env = os.environ if env is None else env
    names: list[str] = []
    if platform.startswith("win"):
        try:
            import ctypes

            names = _windows_names(kernel32 or ctypes.windll.kernel32)  # type: ignore[attr-defined,unused-ignore]
        except (AttributeError, OSError):
            names = []
    elif platform == "darwin":
        names = _mac_names(run)
    names += _posix_names(env)
    with contextlib.suppress(ValueError):
        names.append(locale.getlocale()[0] or "")
    return [n for n in names if n]


@functools.cache
def default_language() -> str:
    """The system's language if the game speaks it, else English (asked once
    a run: on macOS it takes a process)."""
    return language_of(system_language_names())


@dataclass(frozen=True)
class Settings:
    """Everything the player can set (see SPEC §5)."""

    language: str = field(default_factory=default_language)
    beginner_hints: bool = True
    sounds: bool = True
    sound_volume: float = 0.8
    speech_rate: int = 50
    """0–100 where the output supports it."""
    speech_volume: int = 100
    speech_output: str = "auto"
    """One of :data:`SPEECH_OUTPUTS`."""
    verbosity: str = "full"
    speak_suits: bool = True
    chat_speech: str = "always"
    """One of :data:`CHAT_SPEECH`."""
    four_color_deck: bool = False
    motion_pace: str = "natural"
    """One of :data:`PACES`."""
    player_name: str = ""
    room_code: str = ""
    """The last room joined (the Join form starts with it)."""
    room_address: str = ""
    """The host's address last typed in the Join form."""
    variant: str = "tournament"
    players: int = 6
    strength: str = "normal"
    blind_speed: str = ""
    """New game's "Blinds go up" last started with (:func:`blind_speed_text`;
    empty: the game's own)."""
    window_width: int = 1280
    window_height: int = 800

    def updated(self, **changes: Any) -> Settings:
        """A copy with ``changes`` applied (each checked like a loaded value)."""
        merged = asdict(self) | changes
        settings, problems = _from_data(merged)
        if problems:
            raise ValueError(f"invalid setting(s): {', '.join(p[1] for p in problems)}")
        return settings


@dataclass(frozen=True)
class LoadResult:
    """Loaded settings and what went wrong, as ``(problem, detail)`` pairs:
    ``("unreadable", path set aside as)``, ``("corrupt", path set aside as)``,
    ``("unread", path)`` (it could not be read, nor set aside: :attr:`error`
    says why), ``("invalid_value", key)`` (an empty key: the file holds no
    settings object), ``("unknown_key", key)``."""

    settings: Settings
    problems: tuple[tuple[str, str], ...] = ()
    first: bool = False
    """No settings file yet: the game's first launch on this account."""
    error: Exception | None = None
    """Why the file could not be read (with an ``unread`` problem)."""


def settings_path() -> Path:
    """Where the settings live on this system."""
    import platformdirs

    return Path(platformdirs.user_config_dir(APP, appauthor=False)) / "settings.json"


_CHOICES: dict[str, tuple[str, ...]] = {
    "language": LANGUAGES, "verbosity": VERBOSITY, "strength": STRENGTHS,
    "speech_output": SPEECH_OUTPUTS, "motion_pace": PACES, "chat_speech": CHAT_SPEECH,
}
_RANGES: dict[str, tuple[float, float]] = {
    "sound_volume": (0.0, 1.0), "speech_rate": (0, 100), "speech_volume": (0, 100),
    "players": (2, 10), "window_width": (1024, 10000), "window_height": (640, 10000),
}


def blind_speed_text(clock: tuple[int | None, int | None]) -> str:
    """A blind speed (hands per level, minutes per level) as the settings file
    keeps it: ``"hands:10"``, ``"minutes:15"``, ``"hands:10,minutes:20"``."""
    hands, minutes = clock
    parts = ([] if hands is None else [f"hands:{hands}"]) + (
        [] if minutes is None else [f"minutes:{minutes}"])
    return ",".join(parts)


def blind_speed_of(text: str) -> tuple[int | None, int | None] | None:
    """The blind speed of :func:`blind_speed_text`'s ``text`` (None: empty, or
    not a speed)."""
    found: dict[str, int] = {}
    for part in text.split(",") if text else ():
        name, sep, count = part.partition(":")
        if not sep or name not in ("hands", "minutes") or name in found \
                or not count.isascii() or not count.isdigit() or int(count) < 1:
            return None
        found[name] = int(count)
    if not found:
        return None
    return found.get("hands"), found.get("minutes")


def _valid(name: str, kind: Any, value: Any) -> bool:
    if kind in (bool, "bool"):
        return isinstance(value, bool)
    if kind in (int, "int"):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind in (float, "float"):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    else:
        ok = isinstance(value, str) and len(value) <= (200 if name == "room_address" else 40)
    if ok and name in _CHOICES:
        ok = value in _CHOICES[name]
    if ok and name in _RANGES:
        lo, hi = _RANGES[name]
        ok = lo <= value <= hi
    if ok and name == "blind_speed":
        ok = value == "" or blind_speed_of(value) is not None
    return ok


def _from_data(data: Any) -> tuple[Settings, list[tuple[str, str]]]:
    defaults = Settings()
    if not isinstance(data, dict):
        return defaults, [("invalid_value", "")]
    problems: list[tuple[str, str]] = []
    values: dict[str, Any] = {}
    known = {f.name: f for f in fields(Settings)}
    for key in data:
        if key not in known:
            problems.append(("unknown_key", str(key)))
    for name, f in known.items():
        if name not in data:
            continue
        value = data[name]
        if _valid(name, f.type, value):
            values[name] = float(value) if f.type in (float, "float") else value
        else:
            problems.append(("invalid_value", name))
    return replace(defaults, **values), problems


def load_settings(path: Path | None = None) -> LoadResult:
    """Read the settings (defaults when there is no file yet)."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        folder = next((p for p in path.parents if p.exists()), None)
        if folder is None or folder.is_dir():
            return LoadResult(Settings(), first=True)
        # a file where a folder of the path should be: Windows says the path is
        # not found (ERROR_PATH_NOT_FOUND) where POSIX says ENOTDIR; said alike
        return LoadResult(Settings(), (("unread", str(path)),),
                          error=NotADirectoryError(errno.ENOTDIR, exc.strerror, str(folder)))
    except (OSError, UnicodeDecodeError) as exc:
        aside = _set_aside(path)
        if aside is None:  # (a file where its folder should be, a locked folder ...)
            return LoadResult(Settings(), (("unread", str(path)),), error=exc)
        return LoadResult(Settings(), (("unreadable", str(aside)),))
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        aside = _set_aside(path)
        return LoadResult(Settings(), (("corrupt", str(aside or path)),))
    settings, problems = _from_data(data)
    return LoadResult(settings, tuple(problems))


def _set_aside(path: Path) -> Path | None:
    """Rename a broken file out of the way (``settings.json.broken-N``)."""
    for n in range(1, 100):
        aside = path.with_name(f"{path.name}.broken-{n}")
        if not aside.exists():
            try:
                path.rename(aside)
            except OSError:
                return None
            return aside
    return None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically."""
    write_atomic(path or settings_path(), json.dumps(asdict(settings), indent=2) + "\n")


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file,
    never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
