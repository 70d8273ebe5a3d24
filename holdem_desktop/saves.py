"""Autosave and Continue: the game in progress, saved after every hand.

The file holds the session snapshot plus who sits where (a person, or a
computer player of a level with its temperament), so Continue seats the
same table again, and the rules the game is played with, in full (a
starting stack or blind speed chosen in New game, or a variant file edited
since, cannot change a game already under way).  Written atomically; a
broken save is reported, never fatal.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .ai.common import Character
from .ai.players import LEVELS, create_player
from .engine.variant import (
    Variant,
    VariantError,
    dump_variant,
    load_variant,
    parse_variant,
    shipped_variant,
)
from .session import HumanController, Session, SessionError
from .session.controllers import Controller
from .settings import APP, write_atomic

__all__ = ["SaveError", "SeatPlan", "autosave_path", "game_data", "game_from_data", "load_game",
           "load_history", "load_transcript", "plans_data", "save_game"]

FORMAT = 1


class SaveError(Exception):
    """A saved game that cannot be continued; ``problem``: ``missing``,
    ``unreadable``, ``corrupt``, ``variant``."""

    def __init__(self, problem: str, detail: str = "",
                 cause: BaseException | None = None) -> None:
        super().__init__(f"{problem}: {detail}" if detail else problem)
        self.problem = problem
        self.cause = cause
        """The system's error behind ``unreadable`` (what the player is told: why)."""


@dataclass(frozen=True)
class SeatPlan:
    """Who sits in a seat: ``kind`` is ``human`` or a level; computer seats
    have a temperament."""

    kind: str
    character: Character | None = None

    def controller(self, rng: random.Random) -> Controller:
        """A fresh controller for this seat."""
        if self.kind == "human":
            return HumanController()
        return create_player(self.kind, rng, self.character)


def autosave_path() -> Path:
    """Where the game in progress is saved on this system."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False)) / "autosave.json"


TRANSCRIPT_LIMIT = 300
"""How many of the last announcements and Move log lines a save keeps."""


def save_game(session: Session, plans: list[SeatPlan], path: Path | None = None, *,
              said: Sequence[str] = (), log: Sequence[str] = (), history: str = "") -> None:
    """Save ``session`` (at any moment, mid-hand too), with the last of what
    the player heard (``said``: for Repeat and the history keys) and of the
    Move log (``log``), so that a continued game has them, and the name of
    the file its hands are written to (``history``: a continued game goes
    on in it)."""
    data = game_data(session, plans, said=said, log=log)
    if history:
        data["history"] = history
    write_atomic(path or autosave_path(), json.dumps(data) + "\n")


def game_data(session: Session, plans: list[SeatPlan], *, said: Sequence[str] = (),
              log: Sequence[str] = (), session_data: dict[str, Any] | None = None,
              seats_data: Any = None) -> dict[str, Any]:
    """``session`` and who sits where as the autosave holds them (JSON-ready
    data; the server keeps each room's game in this same form, saved after
    every action, and gives what it kept from the last save: ``session_data``,
    the session's own :meth:`~Session.to_json`, and ``seats_data``,
    :func:`plans_data` of ``plans``)."""
    variant = session.variant
    return {
        "format": FORMAT,
        "variant": variant.key,
        "variant_file": None if _shipped(variant) else str(variant.source),
        "rules": _rules_text(variant),
        "seats": seats_data if seats_data is not None else plans_data(plans),
        "session": session.to_json() if session_data is None else session_data,
        "said": [str(t) for t in said[-TRANSCRIPT_LIMIT:]],
        "log": [str(t) for t in log[-TRANSCRIPT_LIMIT:]],
    }


def plans_data(plans: Sequence[SeatPlan]) -> list[dict[str, Any]]:
    """Who sits where, as a save holds it."""
    return [{"kind": p.kind, "character": asdict(p.character) if p.character else None}
            for p in plans]


def _rules_text(variant: Variant) -> str:
    """The rules as a variant file holds them (the same rules are written
    again at every save: a server saves each of its rooms after every action;
    kept by the variant's identity: hashing a variant costs more than a save's
    other parts)."""
    found = _RULES.get(id(variant))
    if found is None or found[0] is not variant:
        if len(_RULES) >= 64:
            _RULES.clear()
        found = _RULES[id(variant)] = (variant, dump_variant(variant))
    return found[1]


_RULES: dict[int, tuple[Variant, str]] = {}
"""id(variant) -> (the variant, its rules' text): the entry holds the variant,
so its id is not reused while the entry lives."""


def load_game(path: Path | None = None, *, rng: random.Random | None = None
              ) -> tuple[Session, list[SeatPlan]]:
    """The saved game, ready to go on (raises :class:`SaveError`)."""
    path = path or autosave_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError("missing", str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError("unreadable", str(exc), exc) from None
    try:
        data: Any = json.loads(text)
    except ValueError as exc:
        raise SaveError("corrupt", str(exc)) from None
    return game_from_data(data, rng=rng)


def game_from_data(data: Any, *, rng: random.Random | None = None,
                   clock: Callable[[], float] | None = None) -> tuple[Session, list[SeatPlan]]:
    """The game of :func:`game_data`'s data, ready to go on (raises :class:`SaveError`)."""
    try:
        if data["format"] != FORMAT:
            raise ValueError("unknown format")
        plans = [SeatPlan(str(s["kind"]), Character(**s["character"]) if s["character"]
                          else None) for s in data["seats"]]
        if any(p.kind not in ("human", *LEVELS) for p in plans):
            raise ValueError("unknown seat kind")
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError("corrupt", str(exc)) from None
    variant = _variant(data)
    seed = random.Random() if rng is None else rng
    controllers = [p.controller(random.Random(seed.random())) for p in plans]
    try:
        session = (Session.from_json(data["session"], variant, controllers, rng=rng)
                   if clock is None else
                   Session.from_json(data["session"], variant, controllers, rng=rng, clock=clock))
    except SessionError as exc:
        raise SaveError("corrupt", str(exc)) from None
    return session, plans


def load_transcript(path: Path | None = None) -> tuple[list[str], list[str]]:
    """What the saved game's player had heard and its Move log (empty for a
    save without them, or one that cannot be read: never an error)."""
    try:
        data = json.loads((path or autosave_path()).read_text(encoding="utf-8"))
        said, log = data.get("said", []), data.get("log", [])
        if isinstance(said, list) and isinstance(log, list):
            return ([str(t) for t in said if isinstance(t, str)],
                    [str(t) for t in log if isinstance(t, str)])
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        pass
    return [], []


def load_history(path: Path | None = None) -> str:
    """The name of the file the saved game's hands are written to ("" for a
    save without it, or one that cannot be read: never an error)."""
    try:
        name = json.loads((path or autosave_path()).read_text(encoding="utf-8")).get("history")
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        return ""
    return name if isinstance(name, str) else ""


def _shipped(variant: Variant) -> bool:
    try:
        return shipped_variant(variant.key).source == variant.source
    except KeyError:
        return False


def _variant(data: Any) -> Variant:
    try:
        rules = data.get("rules")
        if rules is not None:  # the rules as the game started (older saves have none)
            source = Path(data["variant_file"]) if data.get("variant_file") else None
            variant = parse_variant(str(rules), f"{data['variant']}.toml")
            if source is None and variant.key == str(data["variant"]):
                try:
                    source = shipped_variant(variant.key).source
                except KeyError:
                    source = None
            return dataclasses.replace(variant, source=source)
        if data.get("variant_file"):
            return load_variant(data["variant_file"])
        return shipped_variant(str(data["variant"]))
    except (VariantError, KeyError, OSError) as exc:
        raise SaveError("variant", str(exc)) from None
