"""A connection's clock of silence, one timer a deadline (issue 38).

A connection that says nothing for ``idle`` seconds (or sends no hello
within ``hello_deadline``) is closed.  The server used to wait for each
message under ``asyncio.timeout``: a timer made, pushed on the loop's heap
and cancelled for every message, about 4 % of its CPU at 450 rooms
(measured without any timer against with, interleaved: 7.9 against 8.3 ms
a hand, docs/performance.md).

:class:`Silence` keeps one timer a connection.  Each wait for a message
notes its start and reads its deadline, as before, but arms a timer only
when none is armed, or when the one armed would fire after this deadline
(a connection that left its room is held to the hello's deadline again).
When the timer fires it reads the deadline again, from the start of the
wait then and the connection's state then: the connection spoke since,
so the timer is armed for the new deadline; or it is still waiting and
the deadline has come, so the wait ends as under ``asyncio.timeout``,
with :class:`TimeoutError`.  A connection that speaks at least once every
``idle`` seconds costs one timer every ``idle`` seconds, whatever its
number of messages.

Only a wait is ended: a connection busy with its last message (a relay
to another process, an account's check) is not cancelled by this clock,
as before; its next wait starts the clock again.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

__all__ = ["Silence"]

T = TypeVar("T")


class Silence:
    """The silence of one connection, waited on by one task (the one that
    made it): :meth:`wait` for each message, :meth:`close` at the end.

    ``deadline(since)`` is the moment (of ``clock``) a connection waiting
    since ``since`` is closed, and why (the reason its ``Bye`` gives)."""

    def __init__(self, deadline: Callable[[float], tuple[float, str]],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._deadline = deadline
        self._clock = clock
        self._loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        assert task is not None, "a Silence is made by the task that waits"
        self._task = task
        self._since = clock()
        self._waiting = False
        self._cancelling = 0
        self._timer: asyncio.TimerHandle | None = None
        self._armed_for = 0.0
        self._closed = False
        self.why = ""
        """Why the last wait ended in ``TimeoutError`` (empty until one did)."""
        self.timers = 0
        """Timers armed so far (for the tests: a few, not one a message)."""

    async def wait(self, receive: Awaitable[T]) -> T:
        """``await receive`` (the connection's next message), or raise
        :class:`TimeoutError` at the deadline of a wait that started now.
        A cancellation from anyone else goes through as it came."""
        self._since = self._clock()
        if self._timer is None or self._deadline(self._since)[0] < self._armed_for:
            self._arm()  # (none armed, or for later than this wait may last)
        self._waiting, self.why = True, ""
        self._cancelling = self._task.cancelling()
        try:
            return await receive
        except asyncio.CancelledError:
            if self.why and self._task.uncancel() <= self._cancelling:
                raise TimeoutError(self.why) from None
            raise
        finally:
            self._waiting = False

    def close(self) -> None:
        """No more waits: the timer is cancelled and never armed again."""
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _arm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._armed_for, _ = self._deadline(self._since)
        self._timer = self._loop.call_later(max(0.0, self._armed_for - self._clock()),
                                            self._fire)
        self.timers += 1

    def _fire(self) -> None:
        self._timer = None
        if self._closed or not self._waiting:
            return  # (busy with a message: its next wait arms the clock)
        when, why = self._deadline(self._since)
        if self._clock() < when:
            self._arm()  # it spoke since: the clock runs from its last wait
            return
        self.why = why
        self._task.cancel()
