"""Several messages to one connection in one write (issue 38).

After every action each member of a room is sent its events and then its
table: two WebSocket messages, which ``websockets`` wrote one at a time, each
its own TLS record and its own system call.  The messages stay what they
are (the protocol is unchanged: one message a WebSocket frame), but those
waiting together for one connection leave in one write: their frames are
joined, encrypted as one TLS record and sent by one ``send``.

:class:`Connection` is the server's WebSocket connection with that one
change (``serve(create_connection=...)``); :func:`send_texts` sends a run of
messages through it.  Anything else that stands for a connection (a web
page's link, :mod:`.web`) is sent each message as before.

And they need not wait for a turn of the loop: a connection that
:func:`takes_now` (open, its sender idle, its transport holding nothing
unsent) is written to at once, by :func:`write_now`, from the delivery
that follows the action; any other is sent by its sender, as before,
which waits for the reader when the system holds enough.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, TypeGuard

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

__all__ = ["BATCH", "Connection", "DirectWriter", "send_texts", "takes_now", "write_now"]

BATCH = 32
"""Messages sent in one write at most."""


class DirectWriter:
    """A connection of another layer (:mod:`.fast_ws`) that writes a run of
    messages in one write itself."""

    def can_write_now(self) -> bool:
        raise NotImplementedError

    def write_now(self, texts: list[str]) -> None:
        raise NotImplementedError

    async def send_texts(self, texts: list[str]) -> None:
        """Send ``texts`` in one write once the reader has taken enough."""
        raise NotImplementedError


class Connection(ServerConnection):
    """A WebSocket connection whose frames waiting together leave in one write."""

    def send_data(self) -> None:
        writes = self.protocol.data_to_send()
        frames = [data for data in writes if data]
        if len(frames) == 1:
            self.transport.write(frames[0])
        elif frames:
            self.transport.write(b"".join(frames))  # one TLS record, one system call
        if len(frames) < len(writes):  # the end of the stream, as the library ends it
            if self.transport.can_write_eof():
                with contextlib.suppress(Exception):
                    self.transport.write_eof()
            else:
                self.transport.close()


async def send_texts(ws: Any, texts: list[str]) -> None:
    """Send ``texts`` to ``ws``, in order, as one message each; through a
    :class:`Connection`, in one write."""
    if isinstance(ws, DirectWriter):
        await ws.send_texts(texts)
        return
    if len(texts) == 1 or not isinstance(ws, Connection):
        for text in texts:
            await ws.send(text)
        return
    while (fragments := getattr(ws, "send_in_progress", None)) is not None:
        await asyncio.shield(fragments)  # (the server never fragments; as send() waits)
    async with ws.send_context():
        for text in texts:
            ws.protocol.send_text(text.encode())


def takes_now(ws: Any) -> TypeGuard[Connection | DirectWriter]:
    """Whether ``ws`` can be written to at once, without waiting: a
    :class:`Connection` that is open, not sending, and whose transport holds
    nothing unsent (the system took all it was given).  Otherwise its
    messages are sent as before, by its sender, which waits for the reader
    as it must."""
    if isinstance(ws, DirectWriter):
        return ws.can_write_now()
    return (isinstance(ws, Connection) and ws.protocol.state is State.OPEN and not ws.paused
            and getattr(ws, "send_in_progress", None) is None  # (never: nothing fragmented)
            and getattr(ws, "fragmented_send_waiter", None) is None  # (its older name)
            and not ws.transport.is_closing() and not ws.transport.get_write_buffer_size())


def write_now(ws: Connection | DirectWriter, texts: list[str]) -> None:
    """Write ``texts`` to ``ws`` (which :func:`takes_now`), one message
    each, in one write.  (After an action the members' messages so leave in
    the turn of the loop that read it, rather than each member's sender
    being woken to write them in the next.)"""
    if isinstance(ws, DirectWriter):
        ws.write_now(texts)
        return
    try:
        for text in texts:
            ws.protocol.send_text(text.encode())
        ws.send_data()
    except Exception:  # as the library's own sending ends a connection that failed
        ws.transport.abort()
