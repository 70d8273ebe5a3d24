"""Controls as data: the focus over rebuilt control tuples, form fields."""

from __future__ import annotations

from holdem_desktop.ui.forms import Field, Form
from holdem_desktop.ui.widgets import Control, Focus, Role


def controls(*ids: str) -> tuple[Control, ...]:
    return tuple(Control(i, i.title(), Role.HEADING if i.startswith("h") else Role.BUTTON)
                 for i in ids)


def test_tab_skips_headings_and_heading_keys_visit_only_headings():
    cs = controls("h1", "a", "b", "h2", "c")
    f = Focus()
    assert f.current(cs).id == "h1"
    assert [f.step(cs, 1).id for _ in range(4)] == ["a", "b", "c", "a"]
    assert f.step(cs, -1).id == "c"
    assert [f.step(cs, 1, headings=True).id for _ in range(3)] == ["h1", "h2", "h1"]


def test_focus_survives_rebuilds_and_lands_near_a_vanished_control():
    f = Focus("b")
    assert f.current(controls("a", "b", "c")).id == "b"
    assert f.current(controls("x", "b")).id == "b"  # same id, new position
    assert f.current(controls("x", "y", "z")).id == "y"  # gone: whatever took its place
    assert f.current(controls("x")).id == "x"
    assert f.current(()) is None


def test_spoken_text_names_role_state_and_reason():
    assert Control("r", "Raise to 120").spoken() == "Raise to 120, button"
    assert Control("c", "Check", enabled=False, reason="Ada bet 40.").spoken() == \
        "Check, button, unavailable: Ada bet 40."
    assert Control("s", "Sounds", Role.CHECKBOX, checked=False).spoken() == \
        "Sounds, check box, not checked"
    assert Control("t", "Settings", Role.TAB, value="open").spoken() == "Settings, tab, open"


def test_form_fields_step_clamp_toggle_and_type():
    changes = []
    form = Form([
        Field("players", "Players", Role.CHOICE, [(n, str(n)) for n in range(2, 5)]),
        Field("volume", "Volume", Role.SLIDER, step=30),
        Field("hints", "Hints", Role.CHECKBOX),
        Field("name", "Name", Role.EDIT, max_length=5),
    ], {"players": 3, "volume": 80, "hints": True, "name": "Al"},
        lambda name, value: changes.append((name, value)))
    assert form.adjust("players", 1) == "4"
    assert form.adjust("players", 1) == "4, already the end"
    assert form.adjust("volume", 1) == "100%"  # clamped to the top
    assert form.adjust("volume", -1) == "70%"
    assert form.adjust("hints", 1) == "not checked"
    assert form.adjust("name", 1) is None
    form.type_text("name", "ex\x07andra")
    assert form.values["name"] == "Alexa"  # printable only, up to its length
    form.erase("name")
    assert form.values["name"] == "Alex"
    assert changes == [("players", 4), ("volume", 100), ("volume", 70), ("hints", False),
                       ("name", "Alexa"), ("name", "Alex")]
    assert [c.value for c in form.controls()] == ["4", "70%", None, "Alex"]
    assert form.controls()[2].checked is False
