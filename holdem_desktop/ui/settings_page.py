"""Settings: every setting, applied and saved at once (a page of its own
from the start screen, a tab at the table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from holdem_desktop.i18n.translate import _, pgettext
from holdem_desktop.session.variant_files import user_variants_dir
from holdem_desktop.settings import LANGUAGES

from .desktop import Desktop, speech_state
from .form_page import FormPage
from .forms import Field, Form
from .page import Transition
from .widgets import Control, Role

__all__ = ["SettingsPage"]


def _percent(value: int) -> str:
    return _("{value} percent").format(value=value)


class SettingsPage(FormPage):
    """Every setting, applied and saved at once; Close at the end."""

    default = "close"

    form: Form

    def __init__(self, desktop: Desktop, say: Callable[[str], None]) -> None:
        super().__init__(say)
        self.desktop = desktop
        self._build()

    def _build(self) -> None:
        """The fields, in the language in use (built again when it changes)."""
        self.title = _("Settings")
        s = self.desktop.settings
        names = {"en": "English", "ro": "Română", "it": "Italiano", "pl": "Polski"}
        self.form = Form([
            Field("language", _("Language"), Role.CHOICE, [(c, names[c]) for c in LANGUAGES]),
            Field("beginner_hints", _("Beginner hints"), Role.CHECKBOX),
            Field("sounds", _("Sounds"), Role.CHECKBOX),
            Field("sound_volume", _("Sound volume"), Role.SLIDER, shown=_percent),
            Field("four_color_deck", _("Four-colour deck"), Role.CHECKBOX),
            Field("motion_pace", _("Animation pace"), Role.CHOICE,
                  [("off", pgettext("animation pace", "Off")),
                   ("quick", pgettext("animation pace", "Quick")),
                   ("natural", pgettext("animation pace", "Natural"))]),
            Field("verbosity", _("Speech detail"), Role.CHOICE,
                  [("full", _("Full")), ("brief", _("Brief"))]),
            Field("speak_suits", _("Speak card suits"), Role.CHECKBOX),
            Field("chat_speech", _("Speak chat"), Role.CHOICE,
                  [("always", _("Always")), ("not_my_turn", _("Not while it is my turn")),
                   ("never", _("Never (kept in the Chat zone)"))]),
            Field("speech_output", _("Speech"), Role.CHOICE,
                  [("auto", _("Automatic")), ("screen_reader", _("Screen reader only")),
                   ("system", _("System voice")), ("off", _("Off"))]),
            Field("speech_rate", _("Speech rate"), Role.SLIDER, shown=_percent),
            Field("speech_volume", _("Speech volume"), Role.SLIDER, shown=_percent),
        ], {
            "language": s.language, "beginner_hints": s.beginner_hints, "sounds": s.sounds,
            "sound_volume": round(s.sound_volume * 100), "four_color_deck": s.four_color_deck,
            "motion_pace": s.motion_pace,
            "verbosity": s.verbosity, "speak_suits": s.speak_suits,
            "chat_speech": s.chat_speech, "speech_output": s.speech_output,
            "speech_rate": s.speech_rate, "speech_volume": s.speech_volume,
        }, self._changed)

    def _changed(self, name: str, value: Any) -> None:
        if name == "sound_volume":
            value = value / 100
        self.desktop.change_settings(self.desktop.settings.updated(**{name: value}))
        if name == "language":  # the page speaks the new language at once
            self._build()

    def controls(self) -> tuple[Control, ...]:
        # The speech key may have turned speech off or on while the page is open.
        self.form.values["speech_output"] = self.desktop.settings.speech_output
        state = speech_state(self.desktop)
        speech = () if state is None else (
            Control("speech_status", state.text, Role.TEXT, "settings"),
            Control("test_speech", _("Test speech"), zone="settings"))
        folder = _("Your variants folder is {path}").format(path=user_variants_dir())
        return (*self.form.controls("settings"), *speech,
                Control("folder", folder, Role.TEXT, "settings"),
                Control("close", _("Close"), zone="settings"))

    def describe(self, control: Control) -> str:
        # The voice in use is read as it is, without "text" after it.
        return control.label if control.role is Role.TEXT else super().describe(control)

    def activate(self, control: Control) -> Transition | None:
        if control.id == "close":
            return self.close()
        if control.id == "test_speech":
            self.status = self.desktop.test_speech()
            return None
        if control.id in ("speech_status", "folder"):
            self.say(control.label)
            return None
        self.adjust(control, 1)
        return None


