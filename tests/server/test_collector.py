"""The cycle collector paced by the server (issue 38): the interpreter's own
full passes held off while it serves, the server's made when the memory
grew, at most every GAP and at least every EVERY seconds."""

from __future__ import annotations

import gc
import weakref

import pytest

from holdem_desktop.server.collector import MIDDLE, NEVER, YOUNG, Collector


class Memory:
    """A fake clock, memory held and collector, as the server's tick meets them."""

    def __init__(self) -> None:
        self.now = 0.0
        self.blocks = 1000
        self.passes: list[float] = []
        self.frozen = False
        self.whole: list[float] = []  # the passes made with nothing frozen

    def collect(self) -> int:
        self.passes.append(self.now)
        if not self.frozen:
            self.whole.append(self.now)
        return 7

    def freeze(self) -> None:
        self.frozen = True

    def unfreeze(self) -> None:
        self.frozen = False


@pytest.fixture
def paced():
    m = Memory()
    c = Collector(lambda: m.now, held=lambda: m.blocks, collect=m.collect, freeze=m.freeze,
                  unfreeze=m.unfreeze, every=600.0, gap=30.0, growth=0.25)
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
    assert m.whole == m.passes and m.frozen  # each over everything, then all frozen


def test_the_interpreters_own_rule_is_off_while_serving_and_back_after(paced):
    _m, c = paced
    before = gc.get_threshold()
    assert not c.tick()  # not started: nothing of its own
    c.start()
    assert c.running and gc.get_threshold() == (YOUNG, MIDDLE, NEVER)
    assert c._seen in gc.callbacks
    c.start()  # (again: nothing more)
    assert gc.callbacks.count(c._seen) == 1
    c.stop()
    assert not c.running and gc.get_threshold() == before
    assert c._seen not in gc.callbacks
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
        c._last -= c.every  # a whole pass is due
        assert c.tick() and full_passes() == start + 1
        assert gc.get_freeze_count() >= 300_000  # what lived is frozen again
        del paced
    finally:
        c.stop()
    assert gc.get_threshold() == saved and gc.get_freeze_count() == 0


class Node:
    """An object in a cycle of its own (only the collector frees it)."""

    def __init__(self) -> None:
        self.me = self


def test_what_outlives_a_middle_pass_is_frozen_what_dies_young_is_freed():
    gc.collect()
    c = Collector()
    c.start()  # a whole pass: everything alive now is frozen
    try:
        assert gc.get_freeze_count() > 0
        old = [Node() for _ in range(1000)]  # alive through a middle pass: frozen
        gc.collect(1)
        assert c.young_passes == 1 and c.passes == 1 and c.longest_young > 0
        frozen = gc.get_freeze_count()
        assert frozen >= 1000 and not gc.get_objects(generation=2)  # (none left to walk)
        gone_old = [weakref.ref(n) for n in old]
        del old  # frozen cycles: no pass but the whole one walks them
        young = [Node() for _ in range(500)]
        gone_young = [weakref.ref(n) for n in young]
        del young  # young cycles: freed by the next middle pass at the latest
        freed = c.freed
        gc.collect(1)
        assert c.young_passes == 2 and c.freed >= freed + 500
        assert all(r() is None for r in gone_young)
        assert all(r() is not None for r in gone_old)  # walked by no pass since
        assert gc.get_freeze_count() <= frozen + len(gone_old) + len(gone_young) + 100
        passes = full_passes()
        churn = [[k] for k in range(8 * YOUNG)]  # the interpreter's own passes meanwhile
        assert c.young_passes > 2 and full_passes() == passes
        assert all(r() is not None for r in gone_old)
        del churn
        c._last -= c.every  # the whole pass frees the frozen ones too
        assert c.tick() and c.passes == 2
        assert all(r() is None for r in gone_old)
    finally:
        c.stop()
    assert gc.get_freeze_count() == 0


def young_passes() -> int:
    return gc.get_stats()[0]["collections"]


def test_objects_made_and_freed_start_no_young_pass_while_paced_and_growth_does():
    """The youngest generation's count is net: objects made for a message
    and freed after it (5,000 at a time, 200 times: a server's rooms in a
    steady state) start a pass each time under the interpreter's own rule
    (700) and none while paced; YOUNG objects more held start one, and
    what it kept is frozen."""
    def messages() -> None:
        for _ in range(200):
            made = [[k] for k in range(5_000)]  # containers the collector tracks
            del made

    gc.collect()
    start = young_passes()
    messages()
    assert young_passes() >= start + 200
    c = Collector()
    c.start()
    try:
        start = young_passes()
        messages()
        assert young_passes() == start  # made and freed: no pass
        frozen = gc.get_freeze_count()
        held = [[k] for k in range(YOUNG + 1_000)]
        assert young_passes() > start and c.young_passes >= 1  # grown by YOUNG: one
        assert gc.get_freeze_count() >= frozen + YOUNG // 2  # what it kept, frozen
        del held
    finally:
        c.stop()


def test_a_middle_pass_made_while_not_serving_freezes_nothing():
    gc.collect()
    c = Collector()
    c.start()
    c.stop()
    kept = [Node() for _ in range(100)]
    gc.collect(1)
    assert gc.get_freeze_count() == 0 and c.young_passes == 0
    del kept
