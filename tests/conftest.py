"""Every test starts in English (the source language) whatever the machine's
locale, and leaves the game's language as it found it."""

from __future__ import annotations

import pytest

from holdem_desktop.i18n.translate import set_language


@pytest.fixture(autouse=True)
def english(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")
    yield
    set_language("en")
