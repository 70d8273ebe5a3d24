"""A connection's clock of silence (server/silence.py): a wait ends in
TimeoutError at its deadline, as under ``asyncio.timeout``, but the timers
are one a deadline, not one a message; a connection that keeps speaking is
never ended; a deadline that comes sooner is kept; anyone else's
cancellation goes through; a connection busy with a message is not ended."""

from __future__ import annotations

import asyncio
import time

import pytest

from holdem_desktop.server.silence import Silence


def run(coro):  # type: ignore[no-untyped-def]
    return asyncio.run(asyncio.wait_for(coro, 20))


def test_a_silent_wait_ends_at_its_deadline_with_why():
    async def main() -> tuple[float, str, int]:
        silence = Silence(lambda since: (since + 0.2, "idle"))
        began = time.monotonic()
        with pytest.raises(TimeoutError):
            await silence.wait(asyncio.get_running_loop().create_future())
        silence.close()
        return time.monotonic() - began, silence.why, silence.timers

    waited, why, timers = run(main())
    assert waited >= 0.2 and why == "idle" and timers == 1


def test_many_messages_cost_one_timer_not_one_each():
    async def main() -> tuple[int, int]:
        messages: asyncio.Queue[int] = asyncio.Queue()
        for n in range(500):
            messages.put_nowait(n)
        silence = Silence(lambda since: (since + 30.0, "idle"))
        got = [await silence.wait(messages.get()) for _ in range(500)]
        silence.close()
        return len(got), silence.timers

    count, timers = run(main())
    assert count == 500 and timers == 1


def test_a_connection_that_keeps_speaking_outlives_many_idle_spans():
    """Messages every 50 ms for four idle spans of 0.6 s: never ended; the
    timer fired early each span and was armed again from the last wait;
    after the last message the silence ends the wait."""
    async def main() -> tuple[int, int, str, float]:
        messages: asyncio.Queue[int] = asyncio.Queue()
        silence = Silence(lambda since: (since + 0.6, "idle"))

        async def speaker() -> None:
            for n in range(50):
                await asyncio.sleep(0.05)
                messages.put_nowait(n)

        task = asyncio.create_task(speaker())
        got = [await silence.wait(messages.get()) for _ in range(50)]
        await task
        last = time.monotonic()
        with pytest.raises(TimeoutError):
            await silence.wait(messages.get())
        silence.close()
        return len(got), silence.timers, silence.why, time.monotonic() - last

    count, timers, why, after = run(main())
    assert count == 50 and why == "idle" and after >= 0.6
    assert 2 <= timers < 10  # armed again as it fired early, far fewer than the messages


def test_a_deadline_that_comes_sooner_is_kept():
    """A connection held to 30 s of silence, then (its state changed) to a
    deadline already past: its next wait ends at once, not 30 s later."""
    async def main() -> str:
        messages: asyncio.Queue[int] = asyncio.Queue()
        messages.put_nowait(1)
        began = time.monotonic()
        rule = {"hello": False}

        def deadline(since: float) -> tuple[float, str]:
            if rule["hello"]:
                return began + 0.1, "hello_timeout"
            return since + 30.0, "idle"

        silence = Silence(deadline)
        assert await silence.wait(messages.get()) == 1
        rule["hello"] = True
        with pytest.raises(TimeoutError):
            await silence.wait(messages.get())
        silence.close()
        assert time.monotonic() - began < 10
        return silence.why

    assert run(main()) == "hello_timeout"


def test_a_cancellation_from_elsewhere_is_not_a_timeout():
    async def main() -> None:
        silence = Silence(lambda since: (since + 0.05, "idle"))
        try:
            await silence.wait(asyncio.get_running_loop().create_future())
        finally:
            silence.close()

    async def outer() -> bool:
        task = asyncio.create_task(main())
        await asyncio.sleep(0)
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            return True
        return False

    assert run(outer())


def test_a_connection_busy_with_a_message_is_not_cancelled():
    """The deadline passes while the connection is busy (not waiting): it
    is not cancelled there; its next wait arms the clock again."""
    async def main() -> tuple[str, int]:
        messages: asyncio.Queue[int] = asyncio.Queue()
        messages.put_nowait(1)
        silence = Silence(lambda since: (since + 0.1, "idle"))
        assert await silence.wait(messages.get()) == 1
        await asyncio.sleep(0.3)  # busy: a relay, an account's check
        messages.put_nowait(2)
        assert await silence.wait(messages.get()) == 2
        armed_after_busy = silence.timers  # the first fired while busy: armed anew
        with pytest.raises(TimeoutError):
            await silence.wait(messages.get())
        silence.close()
        return silence.why, armed_after_busy

    why, timers = run(main())
    # (the third wait may arm once more: on a busy machine the clock moves
    # between the second wait and the third, so the second's timer fires a
    # little before the third's deadline and is armed again; counted here
    # is only what the busy spell did)
    assert why == "idle" and timers == 2


def test_a_closed_clock_never_fires():
    async def main() -> bool:
        made: list[Silence] = []
        waiter = asyncio.get_running_loop().create_future()

        async def connection() -> int:
            made.append(Silence(lambda since: (since + 0.05, "idle")))
            return await made[0].wait(waiter)

        waiting = asyncio.create_task(connection())
        while not made:
            await asyncio.sleep(0)
        made[0].close()
        await asyncio.sleep(0.15)  # past the deadline
        alive = not waiting.done()
        waiter.set_result(7)
        return alive and await waiting == 7

    assert run(main())
