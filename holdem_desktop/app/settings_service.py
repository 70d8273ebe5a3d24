"""The player's settings: read at start (with a notice when they could not
be), applied and saved at once when changed."""

from __future__ import annotations

from collections.abc import Sequence

from holdem_desktop.i18n.translate import _, language, set_language
from holdem_desktop.settings import Settings, load_settings, save_settings

__all__ = ["SettingsService", "language_missing", "problems_said", "setting_name"]


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


def problems_said(problems: Sequence[tuple[str, str]]) -> list[str]:
    """What to tell the player of the problems found reading the settings: what
    was wrong, where a broken file was kept, which settings are back to their
    defaults (a key the game does not know is left alone: a later version's)."""
    out = []
    for problem, detail in problems:
        if problem == "corrupt":
            out.append(_("Your settings file was damaged (it is not valid JSON) and was kept as "
                         "{path}; the defaults are used.").format(path=detail))
        elif problem == "invalid_value" and not detail:  # JSON, but not an object
            out.append(_("Your settings file holds no settings the game can read; the "
                         "defaults are used."))
        elif problem == "unreadable":
            out.append(_("Your settings file could not be read and was kept as {path}; the "
                         "defaults are used.").format(path=detail))
    names = dict.fromkeys(setting_name(detail) for problem, detail in problems
                          if problem == "invalid_value" and detail)
    if names:
        out.append(_("Some settings had values the game does not know and are back to their "
                     "defaults: {names}.").format(names=", ".join(names)))
    return out


class SettingsService:
    """The settings in force; ``notices`` says what went wrong reading them."""

    def __init__(self) -> None:
        loaded = load_settings()
        self.settings: Settings = loaded.settings
        self.first = loaded.first
        """No settings were saved yet: the game's first launch here."""
        self.notices: list[str] = problems_said(loaded.problems)
        if not set_language(self.settings.language):
            self.notices.append(language_missing(self.settings.language))

    def change(self, settings: Settings) -> str | None:
        """Keep and save ``settings``, switching the language when it changed;
        returns what to say when the new language could not be loaded."""
        problem = None
        if settings.language != language() and not set_language(settings.language):
            problem = language_missing(settings.language)
        self.settings = settings
        save_settings(settings)
        return problem

    def keep_window_size(self, width: int, height: int) -> None:
        """Remember the window's size for the next start."""
        self.settings = self.settings.updated(window_width=width, window_height=height)
        save_settings(self.settings)
