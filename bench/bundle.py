"""Launch to the first frame: the packaged game beside ``python -m
holdem_desktop``, in one run, on a virtual screen (Xvfb).

    python bench/bundle.py dist/HoldemDesktop-0.1.0-linux-x86_64 [--runs 5]
    python bench/bundle.py .../HoldemDesktop-0.1.0-windows-x86_64 [--wine-python PYTHON.EXE]

Each launch starts with empty user folders (a first start) and no screen
reader; the first frame is the first capture of the screen that is no
longer blank.  Captures are taken back to back (xwd, from x11-apps, where
it is installed, else ImageMagick's import), so the figures are as fine as
one capture is long (printed).  Launches alternate between the two so that
the machine's load falls on both alike; medians.  Needs Xvfb.

A Windows bundle is launched under Wine, in ``WINEPREFIX`` (the prefix
``.ci/windows`` prepares and caches), as the user ``USER`` (its AppData
emptied before each launch); ``--wine-python`` times the Windows Python's
``python -m holdem_desktop`` beside it.  Wine's own services are started
once before the first launch and kept up, so that they are not counted.
Under Wine the NVDA client shipped with accessible-output2 answers
"running": the game speaks into nothing, as on a Windows with NVDA.
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

from smoke_bundle import program, start_xvfb, user_folders  # noqa: E402

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
    game = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        while colours(env) <= blank + 4:
            if game.poll() is not None or time.perf_counter() - start > 120:
                raise RuntimeError(f"{command[0]} drew no frame")
        return time.perf_counter() - start
    finally:
        game.terminate()
        game.wait(timeout=30)


def windows_path(path: Path) -> str:
    """A Linux path as Wine's programs see it (drive Z: is /)."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


def wine_env(env: dict[str, str]) -> dict[str, str]:
    """Wine quiet, winedbg and menu entries off, the prefix .ci/windows made."""
    if not env.get("WINEPREFIX"):
        raise SystemExit("a Windows bundle runs under Wine: set WINEPREFIX (and USER) to "
                         "the prefix .ci/windows prepares")
    return dict(env, WINEDEBUG="-all", WINEDLLOVERRIDES="winedbg.exe=d;winemenubuilder.exe=d",
                PYTHONPATH=windows_path(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle", type=Path)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--wine-python", type=Path,
                    help="a Windows bundle: the Windows Python to time python -m beside it")
    args = ap.parse_args()
    exe = program(args.bundle)
    wine = exe.suffix == ".exe" and sys.platform != "win32"
    xvfb, number = start_xvfb()
    scratch = Path(tempfile.mkdtemp(prefix="holdem-bench-"))
    keeper: subprocess.Popen[bytes] | None = None
    try:
        if number is None:
            raise RuntimeError("Xvfb did not start")
        env = dict(os.environ, DISPLAY=f":{number}", SDL_AUDIODRIVER="dummy",
                   SPEECHD_ADDRESS=f"unix_socket:{scratch / 'none.sock'}",
                   SPEECHD_CMD=str(scratch / "no-speech-dispatcher"))
        env.pop("SDL_VIDEODRIVER", None)
        commands = {"packaged": [str(exe)], "python -m": [sys.executable, "-m", "holdem_desktop"]}
        appdata = None
        if wine:
            env = wine_env(env)
            commands = {"packaged": ["wine", str(exe)]}
            if args.wine_python:
                commands["python -m"] = ["wine", str(args.wine_python), "-m", "holdem_desktop"]
            appdata = (Path(env["WINEPREFIX"]) / "drive_c" / "users" / env.get("USER", "")
                       / "AppData" / "Local" / "holdem-desktop")
            # Wine's services, up before the first launch and until the last
            keeper = subprocess.Popen(["wine", "cmd"], env=env, stdin=subprocess.PIPE,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            subprocess.run(["wine", "cmd", "/c", "exit"], env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        t = time.perf_counter()
        blank = max(colours(env) for _ in range(5))
        step = (time.perf_counter() - t) / 5
        times: dict[str, list[float]] = {name: [] for name in commands}
        for run in range(args.runs):
            for i, (name, command) in enumerate(commands.items()):
                if appdata is not None:  # a first start under Wine: its AppData emptied
                    shutil.rmtree(appdata, ignore_errors=True)
                    fresh = env
                else:
                    fresh = dict(env, **user_folders(scratch / f"home-{i}-{run}"))
                    for folder in ("HOME", "XDG_CACHE_HOME"):
                        Path(fresh[folder]).mkdir(parents=True, exist_ok=True)
                times[name].append(first_frame(command, fresh, blank))
        where = " under Wine" if wine else ""
        for name, found in times.items():
            print(f"{name:>10}{where}: launch to the start screen's first frame "
                  f"{statistics.median(found) * 1e3:.0f} ms median of {len(found)} "
                  f"(min {min(found) * 1e3:.0f} ms)")
        print(f"(one capture with {CAPTURE[0]} takes {step * 1e3:.0f} ms: the figures' "
              "resolution)")
    finally:
        if keeper is not None and keeper.stdin is not None:
            keeper.stdin.close()
            keeper.wait(timeout=30)
        xvfb.terminate()
        xvfb.wait(timeout=10)
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
