"""The test suite's own answer to a Wine start-up failure (tests/wine.py),
checked here with a Popen that fails the way Wine's CreateProcess does."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.wine import WINE_DID_NOT_START, start_processes_once_more


def failing_popen(failures: int, winerror: int) -> type:
    class Failing(subprocess.Popen):
        left = failures

        def _execute_child(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            if Failing.left:
                Failing.left -= 1
                error = OSError(22, "Internal error")
                error.winerror = winerror  # type: ignore[attr-defined]  # as on Windows
                raise error
            return super()._execute_child(*args, **kwargs)

    start_processes_once_more(Failing)
    return Failing


def test_a_process_wine_did_not_start_is_started_once_more_and_said(capfd):
    popen = failing_popen(1, WINE_DID_NOT_START)
    with popen([sys.executable, "-c", "print('started')"], stdout=subprocess.PIPE,
               text=True) as process:
        out, _ = process.communicate(timeout=60)
    assert out.strip() == "started" and process.returncode == 0
    assert "Wine did not start" in capfd.readouterr().err


def test_any_other_failure_and_a_second_one_are_the_tests_to_meet():
    with pytest.raises(OSError) as other:
        failing_popen(1, 2)([sys.executable, "-c", "pass"])
    assert other.value.winerror == 2  # type: ignore[attr-defined]
    with pytest.raises(OSError) as twice:
        failing_popen(2, WINE_DID_NOT_START)([sys.executable, "-c", "pass"])
    assert twice.value.winerror == WINE_DID_NOT_START  # type: ignore[attr-defined]
