"""One ordinary member pressing Away and Back at full speed (issue 31, item
7a): through the real protocol, against a host's window and a friend's
(real desktops, recording speakers).  Every room news passes the news gate,
``all_away`` too, and so does each "Waiting for ..." said: before, each
window said 20 lines a second (``all_away`` once per Away, "Waiting for
..." once per Back); now at most the documented 6 in any one second, 2 a
second over time, and what is said last is true."""

from __future__ import annotations

import os
import random
import re
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop import __version__  # noqa: E402
from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.net import chat  # noqa: E402
from holdem_desktop.net.client import RoomClient  # noqa: E402
from holdem_desktop.net.protocol import Away, Back, Hello, Welcome  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from tests.ui.test_rooms import at, host, wait  # noqa: E402, F401 (host: the fixture)

FLAPS = 19.0
"""Away-and-Back pairs a second: as fast as the host's limit of 40 messages
a second lets one connection go on (any faster and it is dropped)."""
SECONDS = 4.0
NEWS = re.compile(r"Eve is away; the computer plays in their place\.|Eve is back\."
                  r"|Everyone playing is away \([^)]*\), so no hand is dealt: the next one "
                  r"waits until someone presses Back\.|Waiting for [^.]*\.")
"""The sentences the attack makes a window say."""


def sentences(desktop: Desktop, since: int) -> list[tuple[float, str]]:
    """Each sentence of the attack's ``desktop`` said after call ``since``,
    with when (one call may say several)."""
    speaker = desktop.speech.speaker
    return [(t, m.group()) for (text, _), t in zip(speaker.calls[since:],
                                                   speaker.times[since:], strict=True)
            for m in NEWS.finditer(text)]


def most_in_a_second(times: list[float]) -> int:
    times = sorted(times)
    return max((sum(1 for u in times[k:] if u - t < 1.0) for k, t in enumerate(times)),
               default=0)


def flap(eve: RoomClient, desktops: list[Desktop], end_with_away: bool) -> int:
    """Eve presses Away and Back at full speed for :data:`SECONDS` while
    the windows run; returns how many pairs she sent."""
    start = time.monotonic()
    pairs = 0
    while time.monotonic() - start < SECONDS:
        eve.send(Away())
        eve.send(Back())
        pairs += 1
        while time.monotonic() < start + pairs / FLAPS:  # the attacker's own pace
            for d in desktops:
                d.poll()
            time.sleep(0.002)
    if end_with_away:
        eve.send(Away())
    return pairs


@pytest.fixture
def room_of_three(host):  # noqa: F811
    """Mara's room (her desktop), Ada's desktop and Eve's bare client in it,
    a game started."""
    page = host.create_room("tournament", 3, "easy", "Mara")
    ada = Desktop(rng=random.Random(6), speaker=RecordingSpeaker())
    eve = RoomClient("127.0.0.1", host.server.port, pin=host.server.fingerprint)
    try:
        ada.join_room(page.room.code, at(host), "Ada")
        eve.connect()
        eve.send(Hello("Eve", page.room.code, __version__))
        assert isinstance(eve.get(timeout=10), Welcome)
        room = host.server.room
        assert wait([host, ada], lambda: len(room.members) == 3)
        host.remote.new_game()
        assert wait([host, ada], lambda: host.remote.running and ada.remote.running)
        yield host, ada, eve, room
    finally:
        eve.close(timeout=2)
        ada.close_room()


def test_flapping_away_while_all_others_are_away_is_said_no_faster_than_the_gate(
        room_of_three):
    mara, ada, eve, room = room_of_three
    mara.remote.away()
    ada.remote.away()
    assert wait([mara, ada], lambda: room.members[0].replaced and room.members[1].replaced)
    assert wait([mara, ada], lambda: "Ada is away" in "\n".join(
        t for t, _ in mara.speech.speaker.calls))
    since = {d: len(d.speech.speaker.calls) for d in (mara, ada)}
    pairs = flap(eve, [mara, ada], end_with_away=True)
    assert pairs >= SECONDS * FLAPS * 0.5  # the attack ran (even on a busy machine)
    everyone_away = ("Everyone playing is away (Mara, Ada and Eve), so no hand is dealt: "
                     "the next one waits until someone presses Back.")
    for d in (mara, ada):  # what comes last is true: everyone is away
        assert wait([mara, ada], lambda d=d: sentences(d, since[d])
                    and sentences(d, since[d])[-1][1] == everyone_away, 10), \
            sentences(d, since[d])[-5:]
    assert room.members[2].conn is not None  # she was never dropped: the attack ran whole
    for d in (mara, ada):
        heard = sentences(d, since[d])
        assert most_in_a_second([t for t, _ in heard]) <= chat.NEWS_BURST + chat.NEWS_RATE, \
            heard
        span = heard[-1][0] - heard[0][0]
        assert len(heard) <= chat.NEWS_BURST + chat.NEWS_RATE * span + 1, heard


def test_flapping_away_before_a_hand_says_who_is_awaited_no_faster_than_the_gate(
        room_of_three):
    mara, ada, eve, room = room_of_three
    mara.remote.next_hand()  # Mara pressed Next hand: she is told whom it waits for
    assert wait([mara, ada], lambda: "Waiting for Ada and Eve." in "\n".join(
        t for t, _ in mara.speech.speaker.calls))
    since = len(mara.speech.speaker.calls)
    pairs = flap(eve, [mara, ada], end_with_away=False)
    assert pairs >= SECONDS * FLAPS * 0.5
    assert wait([mara, ada], lambda: sentences(mara, since)[-2:] == [
        (sentences(mara, since)[-2][0], "Eve is back."),
        (sentences(mara, since)[-1][0], "Waiting for Ada and Eve.")], 10), \
        sentences(mara, since)[-5:]
    assert mara.remote.awaited() == (1, 2)  # what her window shows is right too
    heard = sentences(mara, since)
    assert most_in_a_second([t for t, _ in heard]) <= chat.NEWS_BURST + chat.NEWS_RATE, heard
    span = heard[-1][0] - heard[0][0]
    assert len(heard) <= chat.NEWS_BURST + chat.NEWS_RATE * span + 1, heard
    assert room.session.hand is None  # nothing dealt: Ada never pressed
