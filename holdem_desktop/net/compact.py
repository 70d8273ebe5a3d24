"""A table with only what changed of its view's history (issue 38).

After every action each member was sent a :class:`~.protocol.Table` whose
view held the hand's whole history again (1.6 of its 2.9 kB), though the
events before it had just carried the new part.  Now, on one connection,
a table's view carries only the events its previous table did not:
``history_from`` = N says the first N events of the history are the
previous table's (its whole history, as rebuilt).  Only the sending and
the reading of text change; the room core builds whole tables as before,
on the LAN and on the server alike.

- The sender keeps one :class:`Shortener` per connection: each table goes
  through it just before it is written; it is shortened only when the
  previous table's history is exactly the start of this one's (within a
  hand; a new hand, a seat taken, a view lost are sent whole).
- The reader keeps one :class:`Rebuilder` per connection: each parsed
  message goes through it, and a table comes out whole, equal to the one
  the room built.  A ``history_from`` other than the length of the history
  it holds is refused as malformed.

A new connection starts both afresh: the first table of a connection
(after a welcome, a reconnection) is always whole.
"""

from __future__ import annotations

from typing import TypeVar, cast

from holdem_desktop.engine.events import Event
from holdem_desktop.engine.views import SeatView

from .protocol import MalformedMessage, Table
from .wire import MAX_HISTORY

__all__ = ["Rebuilder", "Shortener"]

M = TypeVar("M")


def _with(table: Table, view: SeatView, history: tuple[Event, ...], start: int) -> Table:
    """``table`` with ``view``'s history replaced (no checks run again: the
    values are those of a table already built or parsed)."""
    shown = object.__new__(SeatView)
    shown.__dict__.update(view.__dict__)
    shown.__dict__["history"] = history
    out = object.__new__(Table)
    out.__dict__.update(table.__dict__)
    out.__dict__["view"] = shown
    out.__dict__["history_from"] = start
    return out


class _Side:
    """One side of one connection: the history of its last table."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[Event, ...] = ()

    def __call__(self, message: M) -> M:
        return cast(M, self._table(message)) if isinstance(message, Table) else message

    def _table(self, table: Table) -> Table:
        raise NotImplementedError


class Shortener(_Side):
    """The sending side of one connection: each table without the events of
    its view's history that the connection's previous table carried."""

    __slots__ = ()

    def _table(self, table: Table) -> Table:
        view = table.view
        last = self._last
        history = view.history if view is not None else ()
        self._last = history
        n = len(last)
        if view is None or not n or len(history) < n or history[:n] != last:
            return table
        return _with(table, view, history[n:], n)


class Rebuilder(_Side):
    """The reading side of one connection: each table whole again."""

    __slots__ = ()

    def _table(self, table: Table) -> Table:
        view = table.view
        start = table.history_from
        if start:
            last = self._last
            if view is None or start != len(last) or start + len(view.history) > MAX_HISTORY:
                raise MalformedMessage("bad_field", "history_from: not the history held")
            table = _with(table, view, last + view.history, 0)
            view = table.view
        self._last = view.history if view is not None else ()
        return table
