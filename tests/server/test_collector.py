"""The cycle collector paced by the server (issue 38): the interpreter's own
full passes held off while it serves, the server's made when the memory
grew, at most every GAP and at least every EVERY seconds."""

from __future__ import annotations

import gc

import pytest

from holdem_desktop.server.collector import NEVER, Collector


class Memory:
    """A fake clock, memory held and collector, as the server's tick meets them."""

    def __init__(self) -> None:
        self.now = 0.0
        self.blocks = 1000
        self.passes: list[float] = []

    def collect(self) -> int:
        self.passes.append(self.now)
        return 7


@pytest.fixture
def paced():
    m = Memory()
    c = Collector(lambda: m.now, held=lambda: m.blocks, collect=m.collect,
                  every=600.0, gap=30.0, growth=0.25)
    saved = gc.get_threshold()
    try:
        yield m, c
    finally:
        c.stop()
        assert gc.get_threshold() == saved


def test_a_pass_at_the_start_then_when_memory_grew_a_quarter_never_within_the_gap(paced):
    m, c = paced
    c.start()
    assert m.passes == [0.0] and c.passes == 1 and c.freed == 7
    m.now, m.blocks = 10.0, 5000  # grown five times over, within the gap: waits
    assert not c.tick()
    m.now = 30.0
    assert c.tick() and m.passes == [0.0, 30.0]  # the gap passed: made
    m.now, m.blocks = 100.0, 6200  # (base 5000: grown 24 %)
    assert not c.tick()
    m.blocks = 6300  # 26 %
    assert c.tick() and m.passes[-1] == 100.0
    m.blocks = 2000  # shrinking never asks for one
    m.now = 699.0
    assert not c.tick()
    m.now = 700.0  # ten minutes since the last: made whatever the memory
    assert c.tick() and len(m.passes) == 4 and c.passes == 4


def test_the_interpreters_own_rule_is_off_while_serving_and_back_after(paced):
    _m, c = paced
    before = gc.get_threshold()
    assert not c.tick()  # not started: nothing of its own
    c.start()
    assert c.running and gc.get_threshold() == (before[0], before[1], NEVER)
    c.stop()
    assert not c.running and gc.get_threshold() == before
    assert not c.tick()


def kept_alive(n: int) -> list[list[int]]:
    """``n`` small lists kept (each a container the collector tracks), made
    one by one: the young passes meanwhile move them to the oldest generation."""
    out = []
    for k in range(n):
        out.append([k])
    return out


def full_passes() -> int:
    return gc.get_stats()[2]["collections"]


def test_the_real_interpreter_starts_no_full_pass_while_paced():
    assert gc.isenabled()
    saved = gc.get_threshold()
    gc.collect()
    start = full_passes()
    unpaced = kept_alive(300_000)  # the kind of growth that made it start them
    assert full_passes() > start  # the interpreter's own rule: at least one
    del unpaced
    gc.collect()
    c = Collector()
    c.start()
    try:
        start = full_passes()
        paced = kept_alive(300_000)
        assert full_passes() == start  # none while paced
        assert gc.get_count() != (0, 0, 0)  # (the young ones went on)
        cycles = []
        for _ in range(1000):
            a: list[object] = []
            a.append(a)  # garbage only a full pass frees
            cycles.append(a)
        del cycles
        c._last -= c.gap  # the gap has passed; the memory grew by far more than a quarter
        assert c.tick() and full_passes() == start + 1
        del paced
    finally:
        c.stop()
    assert gc.get_threshold() == saved
