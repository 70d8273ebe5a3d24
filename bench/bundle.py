"""Launch to the first frame: the packaged game beside ``python -m
holdem_desktop``, in one run, on a virtual screen (Xvfb).

    python bench/bundle.py dist/HoldemDesktop-0.1.0-linux-x86_64 [--runs 5]

Each launch starts with empty user folders (a first start) and no screen
reader; the first frame is the first capture of the screen that is no
longer blank.  Captures are taken back to back (xwd, from x11-apps, where
it is installed, else ImageMagick's import), so the figures are as fine as
one capture is long (printed).  Launches alternate between the two so that
the machine's load falls on both alike; medians.  Needs Xvfb.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from smoke_bundle import free_display, program, user_folders  # noqa: E402

CAPTURE = (["xwd", "-root", "-silent"] if shutil.which("xwd")
           else ["import", "-window", "root", "rgb:-"])


def colours(env: dict[str, str]) -> int:
    """How many different pixels a sample of the screen holds."""
    out = subprocess.run(CAPTURE, env=env, capture_output=True, timeout=30)
    if out.returncode != 0:  # a window being mapped can make one capture fail
        return 0
    data = out.stdout
    return len({data[i:i + 3] for i in range(len(data) // 8, len(data) - 3, 3 * 101)})


def first_frame(command: list[str], env: dict[str, str], blank: int) -> float:
    """Seconds from starting ``command`` to a screen no longer blank."""
    start = time.perf_counter()
    game = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        while colours(env) <= blank + 4:
            if game.poll() is not None or time.perf_counter() - start > 60:
                raise RuntimeError(f"{command[0]} drew no frame")
        return time.perf_counter() - start
    finally:
        game.terminate()
        game.wait(timeout=30)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle", type=Path)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    number = free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten",
                             "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    scratch = Path(tempfile.mkdtemp(prefix="holdem-bench-"))
    try:
        time.sleep(1)
        env = dict(os.environ, DISPLAY=f":{number}", SDL_AUDIODRIVER="dummy",
                   SPEECHD_ADDRESS=f"unix_socket:{scratch / 'none.sock'}",
                   SPEECHD_CMD=str(scratch / "no-speech-dispatcher"))
        env.pop("SDL_VIDEODRIVER", None)
        t = time.perf_counter()
        blank = max(colours(env) for _ in range(5))
        step = (time.perf_counter() - t) / 5
        commands = {"packaged": [str(program(args.bundle))],
                    "python -m": [sys.executable, "-m", "holdem_desktop"]}
        times: dict[str, list[float]] = {name: [] for name in commands}
        for run in range(args.runs):
            for i, (name, command) in enumerate(commands.items()):
                fresh = dict(env, **user_folders(scratch / f"home-{i}-{run}"))
                for folder in ("HOME", "XDG_CACHE_HOME"):
                    Path(fresh[folder]).mkdir(parents=True, exist_ok=True)
                times[name].append(first_frame(command, fresh, blank))
        for name, found in times.items():
            print(f"{name:>10}: launch to the start screen's first frame "
                  f"{statistics.median(found) * 1e3:.0f} ms median of {len(found)} "
                  f"(min {min(found) * 1e3:.0f} ms)")
        print(f"(one capture with {CAPTURE[0]} takes {step * 1e3:.0f} ms: the figures' "
              "resolution)")
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
