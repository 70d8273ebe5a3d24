"""The player's settings: read at start (with a notice when they could not
be), applied and saved at once when changed."""

from __future__ import annotations

from holdem_desktop.i18n.translate import _, language, set_language
from holdem_desktop.settings import Settings, load_settings, save_settings

__all__ = ["SettingsService", "language_missing"]


def language_missing(code: str) -> str:
    """What to say when the catalog of ``code`` could not be loaded."""
    return _("The {language} translation could not be loaded; the game speaks English.").format(
        language={"ro": "Română", "it": "Italiano", "pl": "Polski"}.get(code, code))


class SettingsService:
    """The settings in force; ``notices`` says what went wrong reading them."""

    def __init__(self) -> None:
        loaded = load_settings()
        self.settings: Settings = loaded.settings
        self.notices: list[str] = [
            _("Your settings could not be read; the defaults are used.")
            for problem, _detail in loaded.problems if problem in ("corrupt", "unreadable")]
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
