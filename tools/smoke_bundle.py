"""Smoke test of a built bundle, used as a player would use it.

    python tools/smoke_bundle.py dist/HoldemDesktop-0.1.0-linux-x86_64 \
        [--sandbox ../shared/tools/speechd-sandbox.sh]

Everywhere: ``--version``, and a simulation that writes hand histories (the
engine and the variant files inside the bundle).  On Linux, with Xvfb,
xdotool and ImageMagick: the program starts in a window on a virtual
screen with fresh XDG folders on an Italian system (so the catalogs inside
the bundle must load), keys start a game and play a hand, a
screenshot shows a drawn frame, the game's sounds reach SDL's disk audio
driver, and — with Speech Dispatcher and its sandbox script — its
announcements reach a private Speech Dispatcher through the system's own
client; keys then quit, with exit code 0, and nothing was written inside
the bundle.  On Windows (tools/smoke_windows.py): the window is found
(waited for, never a fixed time), posted keys start a game and play a
hand, the window's pixels show the table, sounds reach SDL's disk driver,
keys quit with exit code 0, nothing was written inside the bundle, and the
settings, the autosave and the hands are in the player's AppData folder;
with ``--nvda-standin`` (CI under Wine: NVDA's controller DLL replaced by a
recording stand-in) NVDA must have been chosen, been told the player's
cards, a flop and a winner in order and brailled the same lines, a move
must have cut a read-out, and with NVDA not running (and no SAPI5 voice,
as under Wine) the game must say what to install.  On macOS the window
opens, stays up and closes cleanly.  Prints one line per check and a
closing ``bundle: N passed, N failed``; exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import array
import functools
import os
import platform
import re
import select
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

WINDOW_TOOLS = ("Xvfb", "xdotool", "import", "identify")


PASSED: list[str] = []
"""The checks passed so far."""


class SmokeFailure(Exception):
    """A check that failed."""


def check(ok: object, what: str) -> None:
    if not ok:
        raise SmokeFailure(what)
    PASSED.append(what)
    print(f"ok: {what}", flush=True)


def wait_for(predicate: Callable[[], object], seconds: float, step: float = 0.1) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(step)
    return bool(predicate())


def program(bundle: Path) -> Path:
    """The executable inside the bundle folder."""
    for candidate in (bundle / "HoldemDesktop", bundle / "HoldemDesktop.exe",
                      bundle / "Hold'em Desktop.app" / "Contents" / "MacOS" / "HoldemDesktop"):
        if candidate.is_file():
            return candidate
    raise SmokeFailure(f"no HoldemDesktop program in {bundle}")


def user_folders(home: Path) -> dict[str, str]:
    """A fresh home and XDG folders: the player's own, empty."""
    env = {"HOME": str(home), "USERPROFILE": str(home)}
    for name in ("CONFIG", "DATA", "CACHE", "STATE"):
        env[f"XDG_{name}_HOME"] = str(home / name.lower())
    return env


def files_of(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")}


def command_line_checks(exe: Path, scratch: Path, env: dict[str, str]) -> None:
    # A windowed program on Windows has no console: its output goes nowhere.
    console = platform.system() != "Windows"
    out = subprocess.run([str(exe), "--version"], env=env, capture_output=True, text=True,
                         timeout=120)
    check(out.returncode == 0 and (not console or "Hold'em Desktop" in out.stdout),
          f"--version: {out.stdout.strip() or out.stderr.strip()[-300:]}")
    hands = scratch / "hands"
    out = subprocess.run([str(exe), "simulate", "--players", "4", "--hands", "30", "--seed", "1",
                          "--variant", "fixed_limit", "--out", str(hands)], env=env,
                         capture_output=True, text=True, timeout=300)
    check(out.returncode == 0 and (not console or "hands played: 30" in out.stdout)
          and any(hands.glob("*.phhs")),
          "simulate plays 30 hands of a shipped variant and writes their histories")


class Sandbox:
    """A private Speech Dispatcher, through the shared sandbox script."""

    def __init__(self, script: Path, folder: Path) -> None:
        self.script, self.folder = script.resolve(), folder

    def _bash(self, body: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["bash", "-c", f'. "$0" "$1" >/dev/null 2>&1; {body}',
                               str(self.script), str(self.folder)],
                              capture_output=True, text=True, timeout=60)

    def start(self) -> str:
        """Start it; returns the address the game is given."""
        out = self._bash('speechd_start >/dev/null 2>&1 && printf "%s" "$SPEECHD_ADDRESS"')
        if out.returncode != 0 or not out.stdout:
            raise SmokeFailure(f"the Speech Dispatcher sandbox did not start: {out.stderr}")
        return out.stdout

    def spoken(self) -> list[str]:
        return self._bash("speechd_spoken").stdout.splitlines()

    def stop(self) -> None:
        self._bash("speechd_stop")


def start_xvfb(seconds: float = 20.0) -> tuple[subprocess.Popen[bytes], int | None]:
    """An Xvfb server on a display number it chooses itself (``-displayfd``:
    never one another program uses), and that number once it is ready
    (None: it did not start)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                               "1280x800x24", "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    end = time.monotonic() + seconds
    try:
        while not number.endswith(b"\n") and time.monotonic() < end:
            ready, _, _ = select.select([read], [], [], max(0.0, end - time.monotonic()))
            chunk = os.read(read, 16) if ready else b""
            if not chunk:
                break
            number += chunk
    finally:
        os.close(read)
    return server, int(number) if number.strip().isdigit() else None


def quit_again(keys: Callable[..., None], running: Callable[[], bool]) -> None:
    """Escape, Tab, Enter again, twice at most, while the game still runs
    some seconds after the keys that leave the table and quit: a player
    knocked out in the smoke's hands is asked first whether to watch or go
    to the places (the dialog opens once the felt has shown the hand), and
    where speech cannot tell it opened, one Escape went to that dialog."""
    for _ in range(2):
        if wait_for(lambda: not running(), 15):
            return
        keys("Escape", "Tab", "Return")


def screenshot(env: dict[str, str], path: Path) -> int:
    """Photograph the screen; returns how many colours it holds."""
    subprocess.run(["import", "-window", "root", str(path)], env=env, timeout=30, check=True,
                   capture_output=True)
    out = subprocess.run(["identify", "-format", "%k", str(path)], capture_output=True,
                         text=True, timeout=30, check=True)
    return int(out.stdout.strip() or 0)


def window_checks_linux(exe: Path, bundle: Path, scratch: Path, env: dict[str, str],
                        sandbox: Sandbox | None) -> None:
    xvfb, number = start_xvfb()
    game: subprocess.Popen[bytes] | None = None
    try:
        check(number is not None, "Xvfb starts on a display of its own choosing")
        audio = scratch / "game_audio.raw"
        # An Italian system: the first start speaks Italian, from the catalogs in the bundle.
        env = dict(env, DISPLAY=f":{number}", SDL_AUDIODRIVER="disk", LANG="it_IT.UTF-8",
                   SDL_DISKAUDIOFILE=str(audio), SPEECHD_CMD=str(scratch / "never-spawn"))
        for name in ("SDL_VIDEODRIVER", "PYTHONPATH", "WAYLAND_DISPLAY", "LC_ALL", "LC_MESSAGES",
                     "LANGUAGE"):
            env.pop(name, None)  # the bundle finds the system's speech client by itself
        if sandbox is not None:
            env["SPEECHD_ADDRESS"] = sandbox.start()
        before = files_of(bundle)
        log = (scratch / "game.log").open("wb")
        game = subprocess.Popen([str(exe)], env=env, stdout=log, stderr=subprocess.STDOUT)
        shot = scratch / "start.png"
        check(wait_for(lambda: game.poll() is None and screenshot(env, shot) > 16, 30, 0.05),
              "the start screen is drawn")
        found = subprocess.run(["xdotool", "search", "--sync", "--pid", str(game.pid)], env=env,
                               capture_output=True, text=True, timeout=20)
        subprocess.run(["xdotool", "windowfocus", "--sync", found.stdout.split()[0]], env=env,
                       timeout=20, check=True)

        def key(*names: str) -> None:
            # 0.4 s apart: an acting key within 0.3 s of a new decision is taken
            # for type-ahead and ignored (the game's guard)
            subprocess.run(["xdotool", "key", "--delay", "400", *names], env=env, timeout=60,
                           check=True)

        def said(text: str) -> Callable[[], bool]:
            return lambda: sandbox is not None and any(text in s for s in sandbox.spoken())

        key("Return", "Tab", "Tab", "Tab", "Tab", "Return")  # New game, Start game
        for _ in range(6):  # deal, then check or call to the end of the hand
            key("n", *["c"] * 8)
            if sandbox is None or wait_for(said(" vince "), 3) or wait_for(said("Vinci "), 1):
                break
        table = scratch / "table.png"
        check(wait_for(lambda: screenshot(env, table) > 200, 10, 0.2),
              f"the table is drawn ({screenshot(env, table)} colours on screen)")
        if sandbox is not None:
            spoken = sandbox.spoken()
            check(any("Nuova partita" in s for s in spoken) and any("Hai " in s for s in spoken)
                  and any(" vince " in s or "Vinci " in s for s in spoken),
                  f"a hand was heard in Italian through Speech Dispatcher ({len(spoken)} "
                  "messages)")
        else:
            print("skip: speech (no speech-dispatcher or sandbox script here)", flush=True)
        key("Escape", "Tab", "Return")  # leave the table: it asks, Tab to Leave, Enter
        # The start screen now holds the game just left (saved, its focus on
        # Continue): Escape asks before quitting, Tab to Quit, Enter.
        key("Escape", "Tab", "Return")
        quit_again(key, lambda: game.poll() is None)
        try:
            code = game.wait(timeout=30)
        except subprocess.TimeoutExpired:
            raise SmokeFailure("the program did not quit after Escape, Tab, Enter on the "
                               "start screen") from None
        check(code == 0, f"quitting ends the program with exit code {code}")
        samples = array.array("h", audio.read_bytes()[: len(audio.read_bytes()) // 2 * 2])
        check(samples and max(abs(s) for s in samples) > 1000, "the game's sounds were played")
        check(files_of(bundle) == before, "nothing was written inside the bundle")
        home = Path(env["XDG_CONFIG_HOME"])
        check((home / "holdem-desktop" / "settings.json").is_file(),
              "the settings went to the player's config folder")
        check(any(Path(env["XDG_DATA_HOME"]).rglob("autosave.json")),
              "the autosave went to the player's data folder")
    finally:
        if game is not None and game.poll() is None:
            game.kill()
            game.wait(timeout=10)
        if sandbox is not None:
            sandbox.stop()
        xvfb.terminate()
        xvfb.wait(timeout=10)


def window_checks_macos(exe: Path, env: dict[str, str]) -> None:
    """macOS runners: the window opens, stays up, and closes cleanly on
    SIGTERM (SDL turns it into a quit)."""
    game = subprocess.Popen([str(exe)], env=env)
    try:
        check(not wait_for(lambda: game.poll() is not None, 8), "the window stays up")
        game.send_signal(signal.SIGTERM)
        code = game.wait(timeout=30)
        check(code == 0, f"closing the window ends the program with exit code {code}")
    finally:
        if game.poll() is None:
            game.kill()


def nvda_heard(log: Path) -> list[tuple[str, str]]:
    """The calls NVDA's recording stand-in took, in order: ``(call, text)``
    with call ``test``, ``speak``, ``braille`` or ``cancel``."""
    if not log.is_file():
        return []
    calls = []
    for line in log.read_text(encoding="utf-8").splitlines():
        call, _, text = line.partition("\t")
        text = re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "r": "\r"}.get(
            m.group(1), m.group(1)), text)
        calls.append((call, text))
    return calls


def spoken_hand(calls: list[tuple[str, str]]) -> list[str] | None:
    """Three lines NVDA was given, in this order, for one hand: the player's
    cards, its flop, its winner; None while no hand went that way (everybody
    folded before the flop)."""
    said = [text for call, text in calls if call == "speak"]
    for end, text in enumerate(said):
        if not (" wins " in text or "You win " in text):
            continue
        start = max((k for k in range(end) if "You have " in said[k]), default=None)
        if start is None:
            continue
        flop = next((k for k in range(start + 1, end) if "Flop: " in said[k]), None)
        if flop is not None:
            return [said[start], said[flop], text]
    return None


def cut_readout(calls: list[tuple[str, str]]) -> tuple[str, str] | None:
    """A read-out (Y: "Your cards: …") cut by the player's own move: the
    read-out spoken, then cancelSpeech, then the move ("You check." or
    "You call …"), nothing spoken between."""
    speech = [(call, text) for call, text in calls if call in ("speak", "cancel")]
    for k, (call, text) in enumerate(speech[:-2]):
        if call == "speak" and text.startswith("Your cards: ") and speech[k + 1][0] == "cancel":
            move = speech[k + 2]
            if move[0] == "speak" and move[1].startswith(("You check.", "You call ")):
                return text, move[1]
    return None


def your_turns(heard: Path) -> int:
    """How many times NVDA was told it is the player's turn."""
    return sum(call == "speak" and "Your turn" in text for call, text in nvda_heard(heard))


def more_turns(heard: Path, than: int) -> bool:
    return your_turns(heard) > than


def readout_then_move(press: Callable[..., None], heard: Path) -> None:
    """At the player's turn, Y (a read-out of their cards) and at once C (a
    move).  A hand can pass without a turn (everyone folds to the player's
    big blind, or they are all in): then N deals the next, and Y, C come at
    the next turn heard, up to six tries; the check after says what was heard."""
    turns = 0
    for _ in range(6):
        if not wait_for(functools.partial(more_turns, heard, turns), 20):
            press("n")
            continue
        turns = your_turns(heard)
        press("y", "c")
        if wait_for(lambda: cut_readout(nvda_heard(heard)), 5):
            return


def window_checks_windows(exe: Path, bundle: Path, scratch: Path, env: dict[str, str],
                          nvda: bool) -> None:
    """Windows (a runner, or Wine in CI): the game's window is found and
    played by posted keys, its screen read back, its sounds captured by
    SDL's disk driver; it quits by keys with exit code 0, wrote nothing in
    the bundle and kept its files in the player's own AppData folder.  With
    ``nvda`` (NVDA's controller DLL in the bundle is CI's recording
    stand-in), what NVDA was told is checked too, and a second start with
    NVDA not running must say what to install."""
    import smoke_windows as win

    folder = win.local_appdata() / "holdem-desktop"
    aside = folder.with_name(f"holdem-desktop.before-smoke-{os.getpid()}")
    if folder.exists():  # someone's own games and settings: put back at the end
        folder.rename(aside)
    try:
        before = files_of(bundle)
        audio, heard = win.ascii_path(scratch) / "game_audio.raw", scratch / "nvda.log"
        env = dict(env, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(audio))
        if nvda:
            env.update(NVDA_STANDIN_LOG=str(heard), NVDA_STANDIN_RUNNING="1")
        played = Played(exe, env, scratch / "game.log")
        with played as hwnd:
            press = functools.partial(win.press, hwnd)
            check(wait_for(lambda: win.colours(hwnd) > 16, 60, 0.1), "the start screen is drawn")
            def said(test: Callable[[list[tuple[str, str]]], object]) -> Callable[[], object]:
                return lambda: not nvda or test(nvda_heard(heard))

            # New game by the keypad's Enter (NVDA and JAWS pass it on with
            # NumLock on; it once said "The key Enter does nothing here")
            press("KP_Enter")
            if nvda:
                opened = wait_for(said(lambda c: any(t.startswith("New game. ") for _, t in c)),
                                  10)
                check(opened, "the keypad's Enter opened New game" + ("" if opened else (
                    "; NVDA was told, last: "
                    + repr([t for c, t in nvda_heard(heard) if c == "speak"][-2:]))))
            press("Tab", "Tab", "Tab", "Tab", "Return")  # Start game

            # the first hand is dealt as the table opens; at the player's turn a
            # read-out (Y) and at once a move (C), which must cut the read-out
            if nvda:
                readout_then_move(press, heard)
            else:
                press("y", "c")
            for _ in range(8):  # check or call to the end of the hand, then deal the next
                press(*["c"] * 6)
                if nvda and wait_for(said(spoken_hand), 5):
                    break
                press("n")
            colours = win.colours(hwnd)
            check(colours > 200, f"the table is drawn ({colours} colours in the window)")
            if nvda:
                calls = nvda_heard(heard)
                hand = spoken_hand(calls)
                check(("test", "0") in calls and hand,
                      f"NVDA was chosen and said a hand in order: {hand}")
                cut = cut_readout(calls)
                check(cut, f"the player's move cut a read-out: {cut}"
                      + ("" if cut else f"; NVDA was told, last: {calls[-40:]}"))
                spoken = [t for c, t in calls if c == "speak"]
                brailled = [t for c, t in calls if c == "braille"]
                check(spoken == brailled and len(spoken) > 10,
                      f"each of the {len(spoken)} lines spoken was brailled")
                print(f"NVDA interface: {len(spoken)} lines heard", flush=True)
            else:
                print("skip: speech (NVDA is not running here; CI checks it through a recording "
                      "stand-in of NVDA's controller client)", flush=True)
            if nvda and any("You are out in place" in t for _, t in nvda_heard(heard)):
                # knocked out in these hands: once the felt has shown it, a
                # dialog asks to watch or go to the places; Escape watches
                wait_for(said(lambda c: any(t.startswith("You are out. ") for _, t in c)), 30)
                press("Escape")
                wait_for(said(lambda c: any(t.startswith("Watching to the end") for _, t in c)),
                         10)
            # leave the table, then quit: each asks, Tab to its confirming button, Enter
            press("Escape", "Tab", "Return", "Escape", "Tab", "Return")
            quit_again(press, lambda: played.game is not None and played.game.poll() is None)
        samples = array.array("h", audio.read_bytes()[: audio.stat().st_size // 2 * 2])
        check(samples and max(abs(s) for s in samples) > 1000, "the game's sounds were played")
        check(files_of(bundle) == before, "nothing was written inside the bundle")
        check({"settings.json", "autosave.json", "hands.sqlite"} <= files_of(folder),
              f"the settings, the autosave and the hands went to {folder}")
        if nvda:
            no_reader(exe, env, scratch, heard)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if aside.exists():
            aside.rename(folder)


def no_reader(exe: Path, env: dict[str, str], scratch: Path, heard: Path) -> None:
    """NVDA not running and (under Wine) no SAPI5 voice: the game must say
    what to install (its one line on stderr; the start screen shows it)."""
    import smoke_windows as win

    heard.unlink()
    log = scratch / "silent.log"
    with Played(exe, dict(env, NVDA_STANDIN_RUNNING="0"), log, "NVDA not running") as hwnd:
        asked = wait_for(lambda: ("test", "1722") in nvda_heard(heard), 60)
        wait_for(lambda: "Windows voice" in log.read_text(errors="replace"), 30)
        win.press(hwnd, "Escape", "Tab", "Return")  # quit: it asks, Tab to Quit, Enter
    message = next((line for line in log.read_text(errors="replace").splitlines()
                    if "Windows voice" in line), "")
    # the packaged game's own words: a voice to install, never a Python package
    check(asked and "install a Windows voice" in message and "pywin32" not in message
          and not any(c == "speak" for c, _ in nvda_heard(heard)),
          f"with no screen reader and no voice the game says: {message.strip()}")


class Played:
    """The game started with its output in ``log``, its window found (the
    ``with`` gives it); at the end of the block it must quit by itself, with
    exit code 0 (it is killed otherwise)."""

    def __init__(self, exe: Path, env: dict[str, str], log: Path, why: str = "") -> None:
        self.exe, self.env, self.log, self.why = exe, env, log, why and f", {why}"
        self.game: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> int:
        import smoke_windows as win

        start = time.monotonic()
        with self.log.open("wb") as out:
            self.game = subprocess.Popen([str(self.exe)], env=self.env, stdout=out,
                                         stderr=subprocess.STDOUT)
        game = self.game
        found: list[int] = []

        def window() -> bool:
            found[:] = win.windows_of(game.pid)
            return bool(found) or game.poll() is not None

        wait_for(window, 120)
        check(found, f"the window opens ({time.monotonic() - start:.1f} s after the start"
              f"{self.why})")
        return found[0]

    def __exit__(self, kind: object, *_: object) -> None:
        game = self.game
        assert game is not None
        try:
            if kind is None:
                try:
                    code = game.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    raise SmokeFailure("the program did not quit by its keys") from None
                check(code == 0, f"quitting by keys ends the program with exit code {code}")
        finally:
            if game.poll() is None:
                game.kill()
                game.wait(timeout=30)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle", type=Path, help="the bundle folder (HoldemDesktop-<version>-...)")
    ap.add_argument("--sandbox", type=Path,
                    default=Path(__file__).resolve().parents[2] / "shared" / "tools"
                    / "speechd-sandbox.sh", help="the Speech Dispatcher sandbox script")
    ap.add_argument("--nvda-standin", action="store_true",
                    help="Windows: the bundle's NVDA controller DLL is CI's recording stand-in "
                    "(.ci/wine/nvda_standin.c): check what NVDA was told")
    args = ap.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="holdem-smoke-"))
    try:
        exe = program(args.bundle)
        system = platform.system()
        # Windows: the player's own profile (the game's folders are the shell's
        # AppData, whatever the environment says); elsewhere fresh XDG folders
        env = dict(os.environ, **({} if system == "Windows" else user_folders(scratch / "home")))
        command_line_checks(exe, scratch, env)
        if system == "Windows":
            window_checks_windows(exe, args.bundle.resolve(), scratch, env, args.nvda_standin)
        elif system == "Darwin":
            window_checks_macos(exe, env)
        else:
            missing = [t for t in WINDOW_TOOLS if shutil.which(t) is None]
            if missing:
                print(f"skip: the window checks need Debian packages xvfb, xdotool, imagemagick "
                      f"(missing: {', '.join(missing)})", flush=True)
            else:
                speech = shutil.which("speech-dispatcher") and args.sandbox.is_file()
                sandbox = Sandbox(args.sandbox, scratch / "speechd") if speech else None
                window_checks_linux(exe, args.bundle.resolve(), scratch, env, sandbox)
    except (SmokeFailure, subprocess.SubprocessError, OSError) as exc:
        print(f"FAIL: bundle smoke test: {exc} (screenshots and the game's output in {scratch})",
              flush=True)
        log = scratch / "game.log"
        if log.exists():
            print(log.read_text(errors="replace")[-3000:], flush=True)
        print(f"bundle: {len(PASSED)} passed, 1 failed", flush=True)
        return 1
    shutil.rmtree(scratch, ignore_errors=True)
    print(f"bundle: {len(PASSED)} passed, 0 failed", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
