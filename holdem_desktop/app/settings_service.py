"""The player's settings: read at start (with a notice when they could not
be), applied and saved at once when changed.  A save that fails (a
read-only or full disk, a file where the config folder should be) never
stops the game: the settings stay in force for the run, and the player is
told once which file could not be written, and why."""

from __future__ import annotations

import errno
from collections.abc import Sequence
from pathlib import Path

from holdem_desktop.i18n.translate import _, language, set_language
from holdem_desktop.settings import Settings, load_settings, save_settings, settings_path

__all__ = ["SettingsService", "file_problem", "language_missing", "problems_said",
           "setting_name"]


def language_missing(code: str) -> str:
    """What to say when the catalog of ``code`` could not be loaded."""
    return _("The {language} translation could not be loaded; the game speaks English.").format(
        language={"ro": "Română", "it": "Italiano", "pl": "Polski"}.get(code, code))


def setting_name(name: str) -> str:
    """A setting as the pages that change it name it (the file's key otherwise)."""
    return {
        "language": _("Language"), "beginner_hints": _("Beginner hints"),
        "sounds": _("Sounds"), "sound_volume": _("Sound volume"),
        "four_color_deck": _("Four-colour deck"), "motion_pace": _("Animation pace"),
        "verbosity": _("Speech detail"), "speak_suits": _("Speak card suits"),
        "chat_speech": _("Speak chat"), "speech_output": _("Speech"),
        "speech_rate": _("Speech rate"), "speech_volume": _("Speech volume"),
        "player_name": _("Your name"), "room_code": _("Room code"),
        "room_address": _("Host address or invitation (if the room is not found)"),
        "variant": _("Game"), "players": _("Players"), "strength": _("Computer players"),
        "blind_speed": _("Blinds go up"),
        "window_width": _("Window size"), "window_height": _("Window size"),
    }.get(name, name)


def file_problem(exc: BaseException) -> str:
    """Why a file could not be read or written, in words a player can act on
    (the system's own words for a rarer cause)."""
    code = getattr(exc, "errno", None)
    if code in (errno.EACCES, errno.EPERM) and _a_folder(exc):
        return _("there is a folder where the file should be")  # (Windows: access denied)
    if code in (errno.EACCES, errno.EPERM):
        return _("permission denied")
    if code == errno.EROFS:
        return _("the disk is read-only")
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return _("the disk is full")
    if code in (errno.ENOTDIR, errno.EEXIST) or (code == errno.ENOENT and _under_a_file(exc)):
        return _("there is a file where a folder should be")  # (mkdir: a file has its name)
    if code == errno.EISDIR:
        return _("there is a folder where the file should be")
    if code == errno.EIO:
        return _("the disk reported an error")  # (a failing disk, a drive pulled out)
    if isinstance(exc, UnicodeDecodeError):
        return _("it is not text")
    return getattr(exc, "strerror", None) or str(exc)


def _a_folder(exc: BaseException) -> bool:
    """Whether the file ``exc`` names (or the one it was to replace) is a
    folder: Windows opens or replaces a folder as a file with
    ERROR_ACCESS_DENIED (PermissionError), where POSIX says EISDIR."""
    names = (getattr(exc, "filename", None), getattr(exc, "filename2", None))
    return any(isinstance(n, str | Path) and Path(n).is_dir() for n in names)


def _under_a_file(exc: BaseException) -> bool:
    """Whether a folder of the file ``exc`` names is a file: Windows opens such
    a path with ERROR_PATH_NOT_FOUND (FileNotFoundError), where POSIX says ENOTDIR."""
    name = getattr(exc, "filename", None)
    if not isinstance(name, str | Path):
        return False
    return any(p.exists() and not p.is_dir() for p in Path(name).parents)


def problems_said(problems: Sequence[tuple[str, str]], path: Path | str,
                  error: BaseException | None = None) -> list[str]:
    """What to tell the player of the problems found reading the settings file
    at ``path``: what was wrong (``error``: why it could not be read), where a
    broken file was kept, which settings are back to their defaults (a key
    the game does not know is left alone: a later version's).  Each names the
    file, as the player would look for it."""
    out = []
    for problem, detail in problems:
        if problem == "corrupt":
            out.append(_("Your settings file was damaged (it is not valid JSON) and was kept as "
                         "{path}; the defaults are used.").format(path=detail))
        elif problem == "invalid_value" and not detail:  # JSON, but not an object
            out.append(_("Your settings file {path} holds no settings the game can read; the "
                         "defaults are used.").format(path=path))
        elif problem == "unreadable":
            out.append(_("Your settings file could not be read and was kept as {path}; the "
                         "defaults are used.").format(path=detail))
        elif problem == "unread":
            out.append(_("Your settings file {path} could not be read: {problem}. The defaults "
                         "are used.").format(path=detail, problem=file_problem(error)
                                             if error is not None else ""))
    names = dict.fromkeys(setting_name(detail) for problem, detail in problems
                          if problem == "invalid_value" and detail)
    if names:
        out.append(_("Some settings in {path} had values the game does not know and are back "
                     "to their defaults: {names}.").format(path=path, names=", ".join(names)))
    return out


class SettingsService:
    """The settings in force; ``notices`` says what went wrong reading them."""

    def __init__(self) -> None:
        self.path = settings_path()
        """The settings file, read at start and written at each change."""
        loaded = load_settings(self.path)
        self.settings: Settings = loaded.settings
        self.first = loaded.first
        """No settings were saved yet: the game's first launch here."""
        self.notices: list[str] = problems_said(loaded.problems, self.path, loaded.error)
        if not set_language(self.settings.language):
            self.notices.append(language_missing(self.settings.language))
        self.unsaved = False
        """The last save failed (and the player was told): a next failure is not
        said again, a save that works again clears it."""
        self.pending: str | None = None
        """What to tell the player of a save that failed, until it is said
        (:meth:`take_pending`)."""

    def change(self, settings: Settings) -> str | None:
        """Keep and save ``settings``, switching the language when it changed;
        returns what to say when the new language could not be loaded.  A
        save that fails leaves them in force and :attr:`pending` what to say."""
        problem = None
        if settings.language != language() and not set_language(settings.language):
            problem = language_missing(settings.language)
        self.settings = settings
        self._save()
        return problem

    def keep_window_size(self, width: int, height: int) -> str | None:
        """Remember the window's size for the next start; what to say when
        the settings could not be saved (unless it was said already)."""
        self.settings = self.settings.updated(window_width=width, window_height=height)
        self._save()
        return self.take_pending()

    def take_pending(self) -> str | None:
        """What to tell the player of a failed save, once (then forgotten)."""
        pending, self.pending = self.pending, None
        return pending

    def _save(self) -> None:
        """Write the settings in force; when that fails, they stay in force
        and the first failure is left to be said (:attr:`pending`)."""
        try:
            save_settings(self.settings, self.path)
        except OSError as exc:
            if not self.unsaved:
                self.unsaved = True
                self.pending = _("Your settings could not be saved to {path}: {problem}. They "
                                 "stay in force until you close the game.").format(
                                     path=self.path, problem=file_problem(exc))
            return
        self.unsaved, self.pending = False, None
