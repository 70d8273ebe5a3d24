"""The store of every hand played here (``store/``): opened when the
program starts (a damaged or locked file is set aside and said at once),
fed by each game on this computer and each room this window plays in."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from holdem_desktop.i18n.records import store_problem
from holdem_desktop.session import Session
from holdem_desktop.store import HandRecorder, HandStore, store_path

if TYPE_CHECKING:
    from holdem_desktop.net.remote import RemoteTable

__all__ = ["Hands"]


class Hands:
    """The hands file of ``data`` and the recorders writing to it; what went
    wrong opening it is in :attr:`notices` (said at start), what goes wrong
    later is said through ``say``."""

    def __init__(self, data: Path, say: Callable[[str], None]) -> None:
        self.say = say
        self.notices: list[str] = []
        self.recorders: list[HandRecorder] = []
        self._opening = True
        try:
            self.store: HandStore | None = HandStore(store_path(data), self._notice)
        except Exception:  # never stop the game: it plays on without a store
            self.store = None
            self.notices.append(store_problem("write"))
        self._opening = False

    def _notice(self, reason: str) -> None:
        if self._opening:
            self.notices.append(store_problem(reason))
        else:
            self.say(store_problem(reason))

    def _get(self) -> HandStore | None:
        return self.store

    def record_local(self, session: Session, kinds: list[str], opponents: str) -> None:
        """Store each hand of ``session`` as seat 0 (the player) sees it;
        ``kinds`` names each seat (``human`` or a computer level)."""
        recorder = HandRecorder(
            session, self._get, seat=lambda: 0, kind="local",
            kind_of=lambda s: kinds[s] if s < len(kinds) else "", opponents=opponents,
            notice=self._notice, names=[st.name for st in session.seats])
        self.recorders.append(recorder)
        hand = session.hand
        if hand is not None and not hand.over:  # a continued game: its hand is kept too
            recorder.seed(hand.events, session.hands_played + 1, session.blind_level())

    def record_room(self, remote: RemoteTable) -> None:
        """Store each hand of a room as this window's seat saw it."""
        def kind_of(seat: int) -> str:
            if seat == remote.seat:
                return "human"
            table = remote.table
            kind = table.kinds[seat] if table is not None and seat < len(table.kinds) else ""
            return "friend" if kind == "human" else "computer" if kind == "computer" else ""

        recorder = HandRecorder(
            remote, self._get, seat=lambda: remote.seat, kind="room", kind_of=kind_of,
            opponents="room", notice=self._notice, names=[s.name for s in remote.seats])
        self.recorders.append(recorder)
        # back at the table: the hand being played is written whole at its end
        def take_up() -> None:  # (the hand that ended while away first)
            for hand in remote.hands_so_far():
                recorder.take_up(hand)
        remote.back_listeners.append(take_up)

    def close(self) -> None:
        """Close the file."""
        if self.store is not None:
            self.store.close()
