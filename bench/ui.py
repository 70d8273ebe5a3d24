"""The table window's costs: time to the first frame, time to draw a frame at
1280x800, and CPU used while idle (waiting for the player).

    python bench/ui.py [--frames N] [--idle SECONDS]

Targets (issue 5): window on screen <= 1.5 s after launch, a frame <= 8 ms,
idle CPU <= 3% of a core.  Runs headless (SDL's dummy video driver), so the
figures leave out the display server's own work.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FIRST_FRAME = """
import time, os
start = time.perf_counter()
from holdem_desktop.app import Desktop
from holdem_desktop.ui.app import App
desktop = Desktop()
app = App(desktop.menu(), keymap=desktop.keymap)
app.frame()
print("first frame", time.perf_counter() - start)
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=200)
    ap.add_argument("--idle", type=float, default=5.0)
    args = ap.parse_args()

    import pygame

    from holdem_desktop.ai.players import create_player
    from holdem_desktop.engine.variant import shipped_variant
    from holdem_desktop.resources import assets_dir
    from holdem_desktop.session import HumanController, Session
    from holdem_desktop.ui.app import App
    from holdem_desktop.ui.draw import TableRenderer
    from holdem_desktop.ui.table import TableScreen

    home = tempfile.mkdtemp(prefix="holdem-bench-")  # the player's own settings stay untouched
    starts = []
    for _ in range(3):
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True,
                             check=True, cwd=Path(__file__).resolve().parents[1],
                             env=dict(os.environ, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home,
                                      SPEECHD_CMD=os.path.join(home, "no-autospawn")))
        # (screen-reader libraries may print their own lines on stdout)
        inner = next(line for line in out.stdout.splitlines() if line.startswith("first frame"))
        starts.append((time.perf_counter() - t, float(inner.split()[-1])))
    launch = statistics.median(s for s, _ in starts)
    inner = statistics.median(i for _, i in starts)
    print(f"launch to the start screen's first frame: {launch * 1e3:.0f} ms median of 3 "
          f"(of which {inner * 1e3:.0f} ms in the program; target 1,500 ms)")

    players = [("P", HumanController())] + [(f"Bot {i}", create_player("normal",
                                                                        random.Random(i)))
                                             for i in range(9)]
    session = Session(shipped_variant("tournament"), players, rng=random.Random(2))
    session.start()
    app = App(TableScreen(session, 0, TableRenderer(assets_dir() / "cards" / "classic")))
    session.next_hand()
    times = []
    for _ in range(args.frames):
        t = time.perf_counter()
        app.screen.draw(app.surface)
        pygame.display.flip()
        times.append(time.perf_counter() - t)
    times.sort()
    print(f"frame at 1280x800, 10 players: median {statistics.median(times) * 1e3:.2f} ms, "
          f"95th percentile {times[int(len(times) * 0.95)] * 1e3:.2f} ms (target 8 ms)")

    while app.screen.animating(time.monotonic()):  # let the deal finish sliding in
        app.frame()
    cpu = time.process_time()
    wall = time.perf_counter()
    end = wall + args.idle
    while time.perf_counter() < end:  # the real loop: wait for events, draw on change
        moving = app.screen.animating(time.monotonic())
        event = pygame.event.wait(16 if moving else 1000)
        if event.type != pygame.NOEVENT:
            app.handle(event)
        app.frame()
    used = (time.process_time() - cpu) / (time.perf_counter() - wall)
    # The floor: SDL's own event wait with nothing else running (with the
    # dummy video driver it polls internally).
    cpu = time.process_time()
    wall = time.perf_counter()
    while time.perf_counter() < wall + args.idle:
        pygame.event.wait(1000)
    floor = (time.process_time() - cpu) / (time.perf_counter() - wall)
    print(f"idle CPU over {args.idle:.0f} s: {used * 100:.2f}% of a core (target 3%); "
          f"SDL's bare event wait alone: {floor * 100:.2f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
