"""A server's public tables in words, as the desktop's Lobby and a web
page's join form both say them: one line a table ("Session, blinds 10/20,
normal speed: 4 of 6 seats free, 2 people, 4 computers") and the count."""

from __future__ import annotations

from typing import Protocol

from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.i18n.names import amount, variant_name
from holdem_desktop.i18n.translate import _, ngettext

__all__ = ["TableInfo", "Tables", "count_line", "game_name", "speed_name", "table_line"]


class TableInfo(Protocol):
    """One public table as the server lists it (the protocol's ``TableInfo``)."""

    @property
    def code(self) -> str: ...

    @property
    def variant(self) -> str: ...

    @property
    def blinds(self) -> tuple[int, ...]: ...

    @property
    def speed(self) -> str: ...

    @property
    def seats(self) -> int: ...

    @property
    def people(self) -> int: ...

    @property
    def computers(self) -> int: ...

    @property
    def watchers(self) -> int: ...

    @property
    def free(self) -> int: ...


class Tables(Protocol):
    """The list the server sent: the tables shown, and how many matched."""

    @property
    def tables(self) -> tuple[TableInfo, ...]: ...

    @property
    def total(self) -> int: ...


def game_name(key: str) -> str:
    """A public table's game, as the player's language says it."""
    try:
        return variant_name(key, shipped_variant(key).name)
    except KeyError:
        return key


def speed_name(speed: str) -> str:
    return {"normal": _("normal speed"), "relaxed": _("relaxed speed")}.get(speed, speed)


def table_line(t: TableInfo) -> str:
    """One table in one line, as it is said and shown."""
    blinds = "/".join(amount(b) for b in t.blinds[:2])
    seats = ngettext("{free} of {seats} seat free", "{free} of {seats} seats free",
                     t.seats).format(free=t.free, seats=t.seats)
    people = ngettext("{n} person", "{n} people", t.people).format(n=t.people)
    computers = ngettext("{n} computer", "{n} computers", t.computers).format(n=t.computers)
    parts = [seats, people, computers]
    if t.watchers:
        parts.append(ngettext("{n} watching", "{n} watching", t.watchers).format(n=t.watchers))
    return _("{game}, blinds {blinds}, {speed}: {details}").format(
        game=game_name(t.variant), blinds=blinds, speed=speed_name(t.speed),
        details=", ".join(parts))


def count_line(tables: Tables) -> str:
    if tables.total > len(tables.tables):
        return _("{shown} of {total} public tables listed.").format(
            shown=len(tables.tables), total=tables.total)
    return ngettext("{n} public table.", "{n} public tables.", tables.total).format(
        n=tables.total) if tables.total else _("No public table yet: Play now opens one.")
