from __future__ import annotations

import pytest

from holdem_desktop.ui.layout import Rect, TableLayout, seat_positions


@pytest.mark.parametrize("count", range(2, 11))
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_seats_fit_are_distinct_and_start_at_the_bottom(count, size):
    layout = TableLayout(*size)
    felt = layout.felt
    seats = seat_positions(count, felt)
    assert len(set(seats)) == count
    assert all(felt.contains(x, y) for x, y in seats)
    x0, y0 = seats[0]
    assert abs(x0 - felt.center[0]) <= 1 and y0 == max(y for _, y in seats)
    if count > 2:  # clockwise on screen: the next seat is to the player's left
        assert seats[1][0] < x0
    cw, ch = layout.card_size
    assert ch == round(cw * 1.4) and cw >= 48


def test_regions_tile_the_window():
    layout = TableLayout(1280, 800)
    assert layout.felt.w + layout.panel.w == 1280
    assert layout.felt.y == layout.panel.y == layout.title.h
    assert layout.scale == 1.0
    with pytest.raises(ValueError):
        seat_positions(11, Rect(0, 0, 100, 100))
