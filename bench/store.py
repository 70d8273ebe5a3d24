"""The store of every hand: what it costs a game and how it scales.

    python bench/store.py [--hands 300] [--stored 100000]

1. Writing: computer players play ``--hands`` hands with the store's
   recorder listening, as in a game; the time the recorder takes at each
   hand's end (building the hand's PHH from its events, the figures, one
   transaction) — median and 95th percentile.  Beside it, the peer already
   in every game: the PHH file append of ``HandHistoryWriter`` at the same
   moment (synced to the disk, as in a player's game).  Target (issue 26): median <= 2 ms.
2. Reading: a generated store of ``--stored`` hands (real hands, played
   here, stored under many games); the time to open the file and compute
   the Statistics page's figures (yours overall, per variant, against each
   level, places), median of 5 cold opens.  Target: <= 300 ms at 100,000
   hands.  Beside it: every player's figures (``stats --json``).
3. Size of that file.  Target: <= 100 MB at 100,000 hands.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.events import HandEnded
from holdem_desktop.engine.phh import PhhHand
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.session import Session
from holdem_desktop.session.history import HandHistoryWriter
from holdem_desktop.store import GameInfo, HandRecorder, HandStore
from holdem_desktop.store.db import _hand_rows, _insert_game, _insert_hand
from holdem_desktop.store.stats import my_stats, player_stats
from holdem_desktop.ui.statistics import StatisticsPage


def timed(listener, times: list[float]):
    """``listener`` whose calls at a hand's end are timed into ``times``."""
    def wrapper(event: object) -> None:
        if isinstance(event, HandEnded):
            t = time.perf_counter()
            listener(event)
            times.append(time.perf_counter() - t)
        else:
            listener(event)
    return wrapper


class Timed:
    """A session whose subscribers are timed at the hand's end."""

    def __init__(self, session: Session, times: list[float]) -> None:
        self.session = session
        self.times = times
        self.variant = session.variant
        self.seats = session.seats
        self.hand = None
        self.game = 0
        self.hands_played = 0

    def subscribe(self, listener) -> None:
        self.session.subscribe(timed(listener, self.times))


def ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[int(0.95 * (len(values) - 1))]
    return f"median {1000 * statistics.median(values):.3f} ms, p95 {1000 * p95:.3f} ms"


def play(hands: int, folder: Path) -> tuple[list[float], list[float], list[PhhHand]]:
    rng = random.Random(1)
    seats = [(f"Bot {i + 1}", create_player(("easy", "normal", "hard")[i % 3],
                                            random.Random(rng.random()))) for i in range(6)]
    session = Session(shipped_variant("tournament"), seats, rng=random.Random(2))
    store = HandStore(folder / "hands.sqlite")
    store_times: list[float] = []
    phh_times: list[float] = []
    HandRecorder(Timed(session, store_times), lambda: store, seat=lambda: 0, kind="local",
                 kind_of=lambda s: "normal", opponents="normal")
    writer = HandHistoryWriter(session, folder / "phh")  # first, as in a game: then timed
    session.listeners[session.listeners.index(writer)] = timed(writer, phh_times)
    session.start()
    for _ in range(hands):
        if session.game_over:
            session.new_game()
        session.next_hand()
    played = [store.hand(i) for (i,) in store.query("SELECT id FROM hands")]
    store.close()
    return store_times, phh_times, [h for h in played if h is not None]


def generate(path: Path, hands: list[PhhHand], count: int) -> float:
    """A store of ``count`` hands, cycled from ``hands`` over games of 200 hands."""
    store = HandStore(path)
    rows = [_hand_rows(h, 0, ["human"] + ["normal"] * (h.player_count - 1)) for h in hands]
    variants = ["Tournament", "Pot limit", "Fixed limit", "Heads-up"]
    t = time.perf_counter()
    db = store.db
    written = 0
    game = 0
    while written < count:
        db.execute("BEGIN")
        gid = _insert_game(db, GameInfo("local", variants[game % 4], "Bot 1",
                                        ("easy", "normal", "hard")[game % 3], 6,
                                        1.7e9 + game * 3600))
        for number in range(1, min(200, count - written) + 1):
            _insert_hand(db, gid, number, 1.7e9 + game * 3600 + number,
                         rows[written % len(rows)])
            written += 1
        db.execute("UPDATE games SET finished = 1, place = ? WHERE id = ?",
                   (1 + game % 6, gid))
        db.execute("COMMIT")
        game += 1
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--stored", type=int, default=100_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="holdem-store-") as tmp:
        folder = Path(tmp)
        store_times, phh_times, hands = play(args.hands, folder)
        print(f"writing a hand at its end ({len(store_times)} hands, 6 players):")
        print(f"  store (events -> PHH -> figures -> one transaction): {ms(store_times)}"
              "   target: median <= 2 ms")
        print(f"  peer, the PHH file append already in every game:      {ms(phh_times)}")
        path = folder / "big.sqlite"
        seconds = generate(path, hands, args.stored)
        print(f"generated {args.stored} hands in {seconds:.1f} s")
        opens: list[float] = []
        pages: list[float] = []
        everyone: list[float] = []
        for _ in range(5):
            t = time.perf_counter()
            store = HandStore(path)
            mine = my_stats(store)
            opens.append(time.perf_counter() - t)
            store.close()
            t = time.perf_counter()  # the whole page: figures, the games, the newest chart
            store = HandStore(path)
            page = StatisticsPage(store, lambda text: None)
            page.controls()
            pages.append(time.perf_counter() - t)
            t = time.perf_counter()
            players = player_stats(store)
            everyone.append(time.perf_counter() - t)
            store.close()
        assert mine.overall.hands == args.stored and players
        print(f"opening the statistics over {args.stored} hands: "
              f"median {1000 * statistics.median(opens):.0f} ms   target: <= 300 ms")
        print(f"  the whole Statistics page (figures, games list, chart): "
              f"median {1000 * statistics.median(pages):.0f} ms")
        print(f"  beside it, every player's figures (stats --json): "
              f"median {1000 * statistics.median(everyone):.0f} ms")
        size = path.stat().st_size
        print(f"size of the store: {size / 1e6:.1f} MB ({size / args.stored:.0f} bytes a hand)"
              "   target: <= 100 MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
