"""The checks every message's values pass when a message is built (each
raises :class:`~.wire.WireError` with where and why): shared by the room
messages (:mod:`.protocol`) and the lobby's (:mod:`.lobby_messages`)."""

from __future__ import annotations

import re

from holdem_desktop.engine.variant import MAX_PLAYERS

from .wire import WireError

__all__ = ["NAME_LENGTH"]

NAME_LENGTH = 20
"""Longest player name, in characters."""

_CODE = re.compile(r"[0-9]{6}")
_TOKEN = re.compile(r"[0-9a-f]{32}")
_WORD = re.compile(r"[a-z][a-z0-9_]{0,39}")


def _check(ok: bool, path: str, reason: str) -> None:
    if not ok:
        raise WireError(path, reason)


def _check_int(value: int, path: str, low: int, high: int) -> None:
    _check(type(value) is int, path, "not an int")
    _check(low <= value <= high, path, "out of range")


def _check_seat(value: int | None, path: str) -> None:
    if value is not None:
        _check_int(value, path, 0, MAX_PLAYERS - 1)


def _check_text(value: str, path: str, low: int, high: int) -> None:
    _check(type(value) is str, path, "not a string")
    _check(low <= len(value) <= high, path, "bad length")
    _check(value.isprintable(), path, "not printable")
    _check(value == value.strip(), path, "not stripped")


def _check_word(value: str, path: str) -> None:
    _check(type(value) is str and _WORD.fullmatch(value) is not None, path, "not a reason")


def _check_code(value: str, path: str) -> None:
    _check(type(value) is str and _CODE.fullmatch(value) is not None, path, "not a room code")


def _check_token(value: str, path: str) -> None:
    _check(type(value) is str and _TOKEN.fullmatch(value) is not None, path, "not a token")


def _check_names(names: tuple[str, ...], path: str) -> None:
    _check(len(names) <= MAX_PLAYERS, path, "too many seats")
    for i, name in enumerate(names):
        _check_text(name, f"{path}[{i}]", 0, NAME_LENGTH)  # "" for an empty seat
