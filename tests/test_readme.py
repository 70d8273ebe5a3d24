"""The README as a newcomer's first page (issue 33, item 11): within its
first screenful the releases (a link), how to install and start, and F1;
a short status (a list, not a 40-line paragraph); the keys as a table; what
the tests need and how long they take; what the server extra adds."""

from __future__ import annotations

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
LINES = README.splitlines()


def _section(title: str) -> str:
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", README, re.M | re.S)
    assert found, title
    return found.group(1)


def test_the_first_screenful_links_the_releases_and_says_how_to_start():
    first = "\n".join(LINES[:25])
    assert "](../../releases/latest)" in first
    assert "python -m pip install . && holdem-desktop" in first
    assert "F1" in first


def test_the_status_is_a_short_list():
    status = _section("Status")
    items = [line for line in status.splitlines() if line.startswith("- ")]
    assert 4 <= len(items) <= 8 and len(status.splitlines()) <= 20


def test_the_keys_are_a_table_that_agrees_with_the_game():
    from holdem_desktop.ui.keymap import DEFAULT_KEYS

    keys = _section("Keys at the table")
    rows = [line for line in keys.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) >= 10
    bound = {chord.name.upper() for chord in DEFAULT_KEYS}
    for row in rows[1:]:
        for name in re.findall(r"\b([A-Z]|F[12])\b", row.split("|")[1]):
            assert name in bound, row


def test_the_tests_needs_and_the_server_extra_are_said():
    assert re.search(r"Xvfb.*Speech Dispatcher.*redis-server", README, re.S)
    assert re.search(r"about \d+ minutes on 2 cores", README)
    assert re.search(r"`\.\[server\]` extra.*adds the Redis client.*ratings.*uvloop",
                     README, re.S)
    assert "holdem-desktop serve --help" in README
