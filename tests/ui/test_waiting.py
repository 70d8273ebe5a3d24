"""The loop's wait sleeps until an event: one posted by another thread (a
room's message, speech) wakes it at once, and with none it returns empty
after its timeout.  bench/ui.py measures what the sleep saves."""

from __future__ import annotations

import os
import threading
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui import waiting  # noqa: E402


@pytest.fixture
def window():
    pygame.display.init()
    pygame.display.set_mode((320, 200))
    pygame.event.get()
    yield
    pygame.display.quit()


def test_sdl_s_own_wait_is_found_in_the_library_pygame_loaded(window):
    assert waiting._library() is not None


def test_an_event_posted_by_another_thread_wakes_the_wait(window):
    posted = threading.Event()

    def post() -> None:
        time.sleep(0.05)
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"what": "news"}))
        posted.set()

    threading.Thread(target=post).start()
    for _ in range(20):  # bounded: the event arrives within a few waits
        event = waiting.wait(5000)
        if event.type == pygame.USEREVENT:
            break
    assert posted.is_set() and event.type == pygame.USEREVENT and event.what == "news"


def test_with_no_event_the_wait_returns_empty_after_its_timeout(window):
    # perf_counter: Windows' monotonic clock ticks every 15.6 ms, too coarse here
    start = time.perf_counter()
    event = waiting.wait(30)
    assert event.type == pygame.NOEVENT
    assert time.perf_counter() - start >= 0.02
