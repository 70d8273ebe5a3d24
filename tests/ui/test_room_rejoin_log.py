"""Back at a room's table, the Move log holds this hand's moves, each once,
in the words it had (it came back empty: only the moves made after the
return were written), and the hand is stored for the review when it ends."""

from __future__ import annotations

from holdem_desktop.ui.table import TableScreen
from tests.ui.test_room_rejoin import (
    ada_at_maras_table,
    check_or_call,
    first_to_act_after_the_flop,
    join_by_keys,
    keys,
    until_turn_of,
    wait,
)
from tests.ui.test_rooms import host  # noqa: F401  (a fixture)


def this_hand(lines: list[str], number: int) -> list[str]:
    """The lines of hand ``number``, from its start ("Hand 1. Mara deals. …")."""
    start = max(k for k, line in enumerate(lines) if line.startswith(f"Hand {number}. "))
    return lines[start:]


def test_back_by_the_seats_token_the_move_log_holds_this_hands_moves(host, tmp_path):  # noqa: F811
    with ada_at_maras_table(host, tmp_path) as (room, ada, app):
        first_to_act_after_the_flop(host, ada)  # the blinds, a betting round, the flop
        check_or_call(ada, 1)
        assert wait([host, ada], lambda: ada.remote.waiting_for == 0)  # Mara to act
        number = ada.remote.hands_played + 1
        table = app.screen
        before = this_hand(table.log, number)
        assert before[-1] in ("You check.",) or before[-1].startswith("You call"), before
        table.focus.id = "room:leave"
        keys(app, "return", "tab", "return")  # Leave room, then Leave the room in its dialog
        assert ada.remote is None
        join_by_keys(app)  # the same seat, by its token
        again = app.screen
        assert isinstance(again, TableScreen) and again is not table
        assert again.log == before  # the hand so far, each line once, in its words
        assert again.move_log.lines == before  # (the moves only: the same)
        # the hand goes on: its next moves follow, and it is stored when it ends
        seen = len(again.log)
        until_turn_of(host, 1, {0: host, 1: ada})
        assert wait([host, ada], lambda: len(again.log) > seen)
        assert again.log[:seen] == before
        for _ in range(12):
            if room.session.hand.over:
                break
            seat = room.session.waiting_for
            d = host if seat == 0 else ada
            assert wait([host, ada], lambda d=d, s=seat: d.remote.waiting_for == s)
            decision = room.decision
            check_or_call(d, seat)
            assert wait([host, ada], lambda now=decision: room.decision != now)
        assert wait([host, ada], lambda: ada.remote.table.view.over)
        store = ada.hands.store if ada.hands is not None else None
        assert store is not None

        def stored() -> list[int]:
            return [n for (n,) in store.query("SELECT number FROM hands")]
        assert wait([host, ada], lambda: number in stored()), stored()
        assert stored().count(number) == 1  # once (the window before the return had not)
