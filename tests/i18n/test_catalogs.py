"""The catalogs: the template holds every string of the code, each language
translates all of it with its own plural rules, and numbers are written the
language's way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from holdem_desktop.i18n import amount
from holdem_desktop.i18n.translate import language, set_language, translation

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "locales" / "messages.pot"
LANGS = ("ro", "it", "pl")


def keys(path: Path) -> set[tuple[str | None, str, str | None]]:
    with path.open("rb") as f:
        catalog = read_po(f)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0],
             None if isinstance(m.id, str) else m.id[1]) for m in catalog if m.id}


def test_the_committed_template_holds_every_string_of_the_code(tmp_path):
    out = tmp_path / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F",
                    str(ROOT / "babel.cfg"), "-k", "_", "-k", "ngettext:1,2", "-k",
                    "pgettext:1c,2", "--no-location", "--sort-output", "--omit-header",
                    "-o", str(out), str(ROOT / "holdem_desktop")], check=True, cwd=ROOT,
                   timeout=120)
    fresh, committed = keys(out), keys(TEMPLATE)
    assert fresh - committed == set(), "strings missing from locales/messages.pot"
    assert committed - fresh == set(), "strings in locales/messages.pot no longer in the code"
    assert len(fresh) > 400


@pytest.mark.parametrize(("code", "text"), [("en", "1,500"), ("ro", "1.500"), ("it", "1.500"),
                                            ("pl", "1\xa0500")])
def test_chip_amounts_are_written_the_language_s_way(code, text, monkeypatch):
    monkeypatch.setattr("holdem_desktop.i18n.names.language", lambda: code)
    assert amount(1500) == text
    assert amount(20) == "20"


def test_a_missing_catalog_falls_back_to_english(monkeypatch, tmp_path):
    monkeypatch.setattr("holdem_desktop.i18n.translate.locales_dir", lambda: tmp_path)
    assert set_language("ro") is False
    assert language() == "en" and translation().gettext("Fold") == "Fold"
    assert set_language("xx") is False and language() == "en"
