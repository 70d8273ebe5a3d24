"""What a page is sent of its view: only what changed, and of the Move log
and the chat only the lines added, put back together exactly as the page
does (table.js's change()), whatever the lists did."""

from __future__ import annotations

import random
from typing import Any

from holdem_desktop.server.web_view import LOG_SHOWN, view_change


def put_together(shown: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """What table.js's change() makes of ``delta`` on ``shown``."""
    out = dict(shown)
    for key, value in delta.items():
        if key.endswith("+"):
            out[key[:-1]] = (out.get(key[:-1], []) + value[1])[-value[0]:]
        else:
            out[key] = value
    return out


def test_only_what_changed_is_sent_and_the_page_puts_it_back_together():
    rng = random.Random(36)
    words = ["Ada checks.", "Bo calls 20.", "Flop: 2, 3, 4.", "Cy folds."]
    shown: dict[str, Any] = {}
    log: list[str] = []
    for step in range(2000):
        kind = rng.random()
        if kind < 0.8:  # a few lines more (repeated words too), the newest 60 kept
            log = (log + rng.choices(words, k=rng.randint(0, 3)))[-LOG_SHOWN:]
        elif kind < 0.9:  # a new game: a log anew
            log = rng.choices(words, k=rng.randint(0, 5))
        else:  # lines reworded (a seat taken: "You" for a name)
            log = [w.replace("Ada", "You") for w in log]
        view = {"pot": f"Pot {step // 7}", "log": log, "chat": []}
        delta = view_change(shown, view)
        assert put_together(shown, delta) == view
        if shown and shown["log"] and len(log) > len(shown["log"]) \
                and shown["log"] == log[:len(shown["log"])]:
            assert "log" not in delta  # grown: only its new lines
        shown = view
    assert view_change(shown, shown) == {}  # nothing changed: nothing sent
