"""Focusable controls as data, and the focus that moves over them.

Every screen describes itself as an ordered tuple of :class:`Control`:
each has a stable id, a label, a role, the zone it belongs to and, when it
cannot be used, the reason why.  The same tuple drives the keyboard (Tab
and Shift+Tab step through the controls, the zone keys jump between
headings), the mouse (the renderer records where each id was drawn), the
focus ring, and what is said when a control gets the focus ("Raise to
120, button"; "Check, button, unavailable: Ada bet 40").  Screens rebuild
the tuple from the game whenever they are asked, so it never goes stale;
:class:`Focus` keeps the focused id across rebuilds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from holdem_desktop.i18n.translate import _

__all__ = ["Control", "Focus", "Role"]


class Role(StrEnum):
    """What kind of control it is (spoken after its label)."""

    BUTTON = "button"
    HEADING = "heading"
    TAB = "tab"
    CARD = "card"
    TEXT = "text"
    LIST = "list"
    CHECKBOX = "checkbox"
    CHOICE = "choice"
    """A combo box: its items in a list, Down (or Right) the next, Up (or
    Left) the one before, as a screen reader's user expects of one."""
    SLIDER = "slider"
    """A value in steps: Up (or Right) raises it, Down (or Left) lowers it."""
    EDIT = "edit"


def role_name(role: Role) -> str:
    """The role as it is spoken."""
    return {
        Role.BUTTON: _("button"), Role.HEADING: _("heading"), Role.TAB: _("tab"),
        Role.CARD: _("card"), Role.TEXT: _("text"), Role.LIST: _("list"),
        Role.CHECKBOX: _("check box"), Role.CHOICE: _("combo box"), Role.SLIDER: _("slider"),
        Role.EDIT: _("edit"),
    }[role]


@dataclass(frozen=True)
class Control:
    """One focusable thing on a screen, as it stands now."""

    id: str
    label: str
    role: Role = Role.BUTTON
    zone: str = ""
    enabled: bool = True
    reason: str | None = None
    """Why it is unavailable (said when it is focused or activated)."""
    value: str | None = None
    """The current value of a check box, choice, slider or edit field, or the
    open / closed state of a tab."""
    checked: bool | None = None
    """A check box's state (None for every other role)."""
    selected: bool = False
    """An edit field's whole text is selected (Ctrl+A): typing replaces it."""

    def spoken(self) -> str:
        """What is said when the control gets the focus."""
        parts = [self.label, role_name(self.role)]
        if self.checked is not None:
            parts.append(_("checked") if self.checked else _("not checked"))
        if self.value:
            parts.append(self.value)
        if not self.enabled:
            parts.append(_("unavailable: {reason}").format(reason=self.reason)
                         if self.reason else _("unavailable"))
        return ", ".join(parts)


class Focus:
    """Which control has the focus, by id, over tuples of controls that are
    rebuilt all the time.  When the focused control disappears the focus
    goes to the control that took its place (same position), so the
    keyboard user never lands nowhere."""

    def __init__(self, focused: str | None = None) -> None:
        self.id = focused
        self._index = 0

    def current(self, controls: Sequence[Control]) -> Control | None:
        """The focused control (placing the focus if it was lost)."""
        if not controls:
            return None
        for k, c in enumerate(controls):
            if c.id == self.id:
                self._index = k
                return c
        k = min(self._index, len(controls) - 1)
        self.id = controls[k].id
        self._index = k
        return controls[k]

    def set(self, controls: Sequence[Control], control_id: str) -> Control | None:
        """Put the focus on ``control_id`` (when it exists)."""
        if any(c.id == control_id for c in controls):
            self.id = control_id
        return self.current(controls)

    def step(self, controls: Sequence[Control], direction: int, *,
             headings: bool = False) -> Control | None:
        """Next (``direction`` 1) or previous (-1) control, wrapping around.
        Tab order skips headings (as on a web page); with ``headings`` only
        headings are visited (the screen reader's heading keys)."""
        if self.current(controls) is None:
            return None
        n = len(controls)
        for k in range(1, n + 1):
            c = controls[(self._index + direction * k) % n]
            if (c.role is Role.HEADING) == headings:
                self.id = c.id
                return self.current(controls)
        return self.current(controls)

    def zone(self, controls: Sequence[Control]) -> str:
        """The zone of the focused control."""
        c = self.current(controls)
        return c.zone if c else ""
