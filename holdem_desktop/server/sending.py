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
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from websockets.asyncio.server import ServerConnection

__all__ = ["BATCH", "Connection", "send_texts"]

BATCH = 32
"""Messages sent in one write at most."""


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
    if len(texts) == 1 or not isinstance(ws, Connection):
        for text in texts:
            await ws.send(text)
        return
    while (fragments := getattr(ws, "send_in_progress", None)) is not None:
        await asyncio.shield(fragments)  # (the server never fragments; as send() waits)
    async with ws.send_context():
        for text in texts:
            ws.protocol.send_text(text.encode())
