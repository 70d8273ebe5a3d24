"""A language spoken on one thread for a while (the server wording a web
page's table) is never heard by another thread of the same process (a
window, or a test's desktop client, beside a server in a thread)."""

from __future__ import annotations

import threading

from holdem_desktop.i18n import translate
from holdem_desktop.i18n.names import amount
from holdem_desktop.i18n.translate import _


def test_speaking_is_this_threads_alone_and_ends_with_the_block():
    romanian = translate.load("ro")
    assert _("Table") == "Table" and amount(1500) == "1,500"
    inside = threading.Event()
    leave = threading.Event()
    heard: list[str] = []

    def server() -> None:
        with translate.speaking(romanian, "ro"):
            heard.append(_("Table") + " " + amount(1500) + " " + translate.language())
            inside.set()
            leave.wait(10)

    thread = threading.Thread(target=server)
    thread.start()
    assert inside.wait(10)
    # while the other thread speaks Romanian, this one still speaks English
    assert (_("Table"), amount(1500), translate.language()) == ("Table", "1,500", "en")
    leave.set()
    thread.join(10)
    assert heard == ["Masa 1.500 ro"]
    with translate.speaking(romanian, "ro"):
        assert _("Table") == "Masa"
    assert _("Table") == "Table"
