"""K at a public table, in words a speech synthesizer reads right: the
seconds as a word ("8 seconds", never "8 s", which eSpeak reads as the
letter), and the time bank as it is now: part of the time left while the
base time runs ("4 seconds left to decide, then your time bank: 8
seconds."), running once the base time is spent, never said as still full
while it runs out."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from holdem_desktop.net.remote import RemoteTable


def heard(clock: int | None, bank: int | None, to_act: int | None, seat: int | None = 0,
          past: float = 0.0) -> str:
    """K's words: ``clock`` seconds left when the table came, ``past`` seconds ago."""
    view = None if to_act is None else SimpleNamespace(to_act=to_act, over=False)
    remote = SimpleNamespace(table=SimpleNamespace(clock=clock, bank=bank, view=view),
                             _clock_at=time.monotonic() - past, seat=seat,
                             seats=[SimpleNamespace(name="You"), SimpleNamespace(name="Ann")])
    return RemoteTable.time_left(remote)  # type: ignore[arg-type]


@pytest.mark.parametrize(("clock", "bank", "to_act", "seat", "past", "said"), [
    (38, 8, 0, 0, 0.0, "30 seconds left to decide, then your time bank: 8 seconds."),
    (12, 8, 0, 0, 6.0, "6 seconds left to decide: your time bank is running."),
    (9, 1, 0, 0, 0.0, "8 seconds left to decide, then your time bank: 1 second."),
    (1, 0, 0, 0, 0.0, "1 second left to decide. Your time bank is empty."),
    (50, 20, 1, 0, 0.0, "Ann has 50 seconds left to decide. Your time bank: 20 seconds."),
    (50, None, 1, None, 0.0, "Ann has 50 seconds left to decide."),
    (None, 60, None, 0, 0.0, "No decision is awaited now. Your time bank: 60 seconds."),
    (None, 0, None, 0, 0.0, "No decision is awaited now. Your time bank is empty."),
])
def test_the_clock_is_said_in_seconds_with_the_bank_as_it_is_now(clock, bank, to_act, seat,
                                                                  past, said):
    assert heard(clock, bank, to_act, seat, past) == said
