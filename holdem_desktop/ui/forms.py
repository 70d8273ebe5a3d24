"""Form fields: choices, numbers, sliders, check boxes and text, as controls.

A :class:`Form` holds the current values of its fields and turns them into
:class:`~holdem_desktop.ui.widgets.Control` objects for a page; the arrows
(or a click on either half) step a choice (a combo box: Down the next item)
or a slider (Up raises it), Space toggles a check box, typing fills a text
field.  Values are plain data; the page
decides what a change means (save a setting, start a game).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from holdem_desktop.i18n.translate import _

from .widgets import Control, Role

__all__ = ["Field", "Form", "erased_echo", "typed_echo"]


def typed_echo(typed: str, wanted: str) -> str:
    """What a text field says as ``wanted`` is typed into it: the characters
    that went in (``typed``; a space as "space"), as a screen reader echoes
    them in a native field, or that the field is full when none did."""
    if typed:
        return _("space") if typed == " " else typed
    return _("The field is full.") if wanted else ""


def erased_echo(erased: str) -> str:
    """What Backspace says: the character erased, or that the field is empty."""
    if not erased:
        return _("empty")
    return _("{character} erased").format(character=_("space") if erased == " " else erased)


@dataclass(frozen=True)
class Field:
    """One field: ``role`` is CHOICE, SLIDER, CHECKBOX or EDIT.

    ``options`` (choices): (value, label) pairs, in order.  Sliders go from
    ``low`` to ``high`` by ``step`` and show ``shown(value)``.  Edit fields
    take at most ``max_length`` characters."""

    id: str
    label: str
    role: Role
    options: Sequence[tuple[Any, str]] = ()
    low: int = 0
    high: int = 100
    step: int = 10
    shown: Callable[[int], str] = lambda v: f"{v}%"
    max_length: int = 24


class Form:
    """Fields with their values."""

    def __init__(self, fields: Sequence[Field], values: dict[str, Any],
                 on_change: Callable[[str, Any], None] = lambda name, value: None) -> None:
        self.fields = list(fields)
        self.values = dict(values)
        self.on_change = on_change

    def field(self, field_id: str) -> Field | None:
        """The field with that id (None if it is not one of ours)."""
        return next((f for f in self.fields if f.id == field_id), None)

    def controls(self, zone: str = "") -> list[Control]:
        """The fields as controls."""
        out = []
        for f in self.fields:
            value = self.values[f.id]
            if f.role is Role.CHECKBOX:
                out.append(Control(f.id, f.label, f.role, zone, checked=bool(value)))
            elif f.role is Role.SLIDER:
                out.append(Control(f.id, f.label, f.role, zone, value=f.shown(value)))
            elif f.role is Role.EDIT:
                out.append(Control(f.id, f.label, f.role, zone, value=str(value)))
            else:
                label = next((lbl for v, lbl in f.options if v == value), str(value))
                out.append(Control(f.id, f.label, f.role, zone, value=label))
        return out

    def _set(self, f: Field, value: Any) -> None:
        if value != self.values[f.id]:
            self.values[f.id] = value
            self.on_change(f.id, value)

    def adjust(self, field_id: str, direction: int) -> str | None:
        """Step a choice (+1: its next item) or slider (+1: higher), or flip a
        check box; returns what to say (the new value, or that it is already
        at its end), None if the field does not step."""
        f = self.field(field_id)
        if f is None or f.role is Role.EDIT:
            return None
        value = self.values[f.id]
        if f.role is Role.CHECKBOX:
            self._set(f, not value)
            return _("checked") if self.values[f.id] else _("not checked")
        if f.role is Role.SLIDER:
            new = max(f.low, min(f.high, value + direction * f.step))
            if new == value:
                return _("{value}, already the end").format(value=f.shown(value))
            self._set(f, new)
            return f.shown(new)
        values = [v for v, _label in f.options]
        k = values.index(value) if value in values else 0
        new_k = k + direction
        if not 0 <= new_k < len(values):
            return _("{value}, already the end").format(value=f.options[k][1])
        self._set(f, values[new_k])
        return f.options[new_k][1]

    def type_text(self, field_id: str, text: str) -> str:
        """Characters typed into an edit field (printable ones, up to its
        length); returns those that went in."""
        f = self.field(field_id)
        if f is None or f.role is not Role.EDIT:
            return ""
        old = str(self.values[f.id])
        clean = "".join(ch for ch in text if ch.isprintable())
        new = (old + clean)[:f.max_length]
        self._set(f, new)
        return new[len(old):]

    def erase(self, field_id: str) -> str:
        """Backspace in an edit field; returns the character erased ("" when
        the field was empty)."""
        f = self.field(field_id)
        if f is None or f.role is not Role.EDIT:
            return ""
        old = str(self.values[f.id])
        self._set(f, old[:-1])
        return old[-1:]

    def position(self, field_id: str) -> tuple[int, int] | None:
        """(k, n): a choice's value is the k-th of n (None for other fields)."""
        f = self.field(field_id)
        if f is None or f.role is not Role.CHOICE:
            return None
        values = [v for v, _label in f.options]
        value = self.values[f.id]
        return (values.index(value) + 1 if value in values else 1), len(values)
