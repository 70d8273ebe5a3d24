"""Reading the store: statistics, the games and hands to review, the chips
chart, and PHH import and export.

Percentages are 0–100 over the hands counted; a figure with nothing to
count over (no hands, no showdown) is 0.  Everything returned is plain data
for the pages and the command line to put into words."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from holdem_desktop.engine.phh import PhhError, PhhHand, dumps_all, load_path

from .db import GameInfo, HandStore
from .figures import PFR, SAW_FLOP, VPIP, WSD, WTSD

__all__ = [
    "Against",
    "Figures",
    "GameRow",
    "HandRow",
    "ImportResult",
    "MyStats",
    "chips_chart",
    "export_phh",
    "game_hands",
    "games",
    "import_phh",
    "my_stats",
    "player_stats",
    "stats_csv",
]


def _pct(part: float, whole: float) -> float:
    return round(100.0 * part / whole, 1) if whole else 0.0


@dataclass(frozen=True)
class Figures:
    """One player's (or your) figures over many hands."""

    hands: int
    vpip: float
    pfr: float
    aggression: float
    """(bets + raises) / calls; the bets and raises when there was no call."""
    wtsd: float
    """Went to showdown, % of the hands that saw the flop."""
    wsd: float
    """Won at showdown, % of the showdowns."""
    net: int
    """Chips won (below 0: lost)."""
    bb_per_100: float
    """Result per 100 hands, in big blinds."""
    biggest_pot: int
    """The biggest pot won."""

    def as_json(self) -> dict[str, float | int]:
        """The figures as JSON numbers."""
        return asdict(self)


def _figures(row: Sequence[object]) -> Figures:
    hands, vpip, pfr, flop, wtsd, wsd, aggr, calls, net, bbs, biggest = (
        int(v) if isinstance(v, int) else float(v) if isinstance(v, float) else 0
        for v in row)
    return Figures(int(hands), _pct(vpip, hands), _pct(pfr, hands),
                   round(aggr / calls, 2) if calls else float(aggr),
                   _pct(wtsd, flop), _pct(wsd, wtsd), int(net),
                   round(100.0 * bbs / hands, 2) if hands else 0.0, int(biggest))


def _sums(flags: str, aggr: str, calls: str, net: str, bb: str, pot: str) -> str:
    return (f"count(*), sum(({flags} & {VPIP}) != 0), sum(({flags} & {PFR}) != 0),"
            f" sum(({flags} & {SAW_FLOP}) != 0), sum(({flags} & {WTSD}) != 0),"
            f" sum(({flags} & {WSD}) != 0), sum({aggr}), sum({calls}), sum({net}),"
            f" sum(CAST({net} AS REAL) / {bb}), max(CASE WHEN {net} > 0 THEN {pot} ELSE 0 END)")


def player_stats(store: HandStore) -> dict[str, Figures]:
    """Every player's figures over every stored hand, by name."""
    rows = store.query(
        "SELECT s.name, " + _sums("s.flags", "s.aggr", "s.calls", "s.net", "h.big_blind",
                                  "h.pot")
        + " FROM seats s JOIN hands h ON h.id = s.hand GROUP BY s.name ORDER BY s.name")
    return {str(r[0]): _figures(r[1:]) for r in rows}


@dataclass(frozen=True)
class Against:
    """Your result against one kind of opponent."""

    who: str
    """A computer level (``easy`` …) or a room friend's name."""
    friend: bool
    hands: int
    net: int
    bb_per_100: float


@dataclass(frozen=True)
class MyStats:
    """Your statistics: over everything, per variant, against each opponent."""

    overall: Figures
    variants: dict[str, Figures] = field(default_factory=dict)
    games: int = 0
    tournaments: int = 0
    """Games you finished with a place."""
    wins: int = 0
    places: dict[int, int] = field(default_factory=dict)
    """How many times you finished in each place."""
    against: list[Against] = field(default_factory=list)


_MINE = _sums("h.hero_flags", "h.hero_aggr", "h.hero_calls", "h.hero_net", "h.big_blind",
              "h.pot")


def _add(rows: list[tuple[object, ...]]) -> tuple[float, ...]:
    """Sums of several groups' sums (the last column, the biggest pot, their maximum)."""
    if not rows:
        return (0,) * 11
    cols = list(zip(*rows, strict=True))
    return tuple([sum(float(v or 0) for v in c) for c in cols[:-1]]
                 + [max(float(v or 0) for v in cols[-1])])


_LEVELS = ("easy", "normal", "hard")
"""The computer levels, weakest first: the order they are read in (by their
codes' letters, Hard came between Easy and Normal)."""


def _by_strength(item: tuple[str, object]) -> tuple[int, str]:
    level = item[0]
    return (_LEVELS.index(level) if level in _LEVELS else len(_LEVELS), level)


def my_stats(store: HandStore) -> MyStats:
    """Your statistics over every hand you played: one pass over your hands,
    grouped by variant and opponents, added up here."""
    groups = store.query(
        f"SELECT g.variant, g.opponents, {_MINE} FROM hands h JOIN games g ON g.id = h.game"
        " WHERE h.hero IS NOT NULL GROUP BY h.game")
    by_variant: dict[str, list[tuple[object, ...]]] = {}
    by_level: dict[str, list[tuple[object, ...]]] = {}
    for variant, level, *sums in groups:
        by_variant.setdefault(str(variant), []).append(tuple(sums))
        if level not in ("", "room"):
            by_level.setdefault(str(level), []).append(tuple(sums))
    places = store.query("SELECT place, count(*) FROM games WHERE place IS NOT NULL"
                         " GROUP BY place ORDER BY place")
    games_played = store.query("SELECT count(*) FROM games")
    friends = store.query(
        "SELECT s.name, count(*), sum(h.hero_net), sum(CAST(h.hero_net AS REAL) / h.big_blind)"
        " FROM seats s JOIN hands h ON h.id = s.hand"
        " WHERE s.kind = 'friend' AND h.hero IS NOT NULL AND s.idx != h.hero"
        " GROUP BY s.name ORDER BY s.name")
    count = {int(p): int(n) for p, n in places}
    against = [Against(level, False, int(t[0]), int(t[8]),
                       round(100.0 * t[9] / t[0], 2) if t[0] else 0.0)
               for level, rows in sorted(by_level.items(), key=_by_strength) for t in [_add(rows)]]
    against += [Against(str(who), True, int(n), int(net), round(100.0 * bbs / n, 2) if n else 0.0)
                for who, n, net, bbs in friends]
    variants = sorted(((v, _figures(_add(rows))) for v, rows in by_variant.items()),
                      key=lambda item: -item[1].hands)
    return MyStats(_figures(_add([t for rows in by_variant.values() for t in rows])),
                   dict(variants), int(games_played[0][0]) if games_played else 0,
                   sum(count.values()), count.get(1, 0), count, against)


@dataclass(frozen=True)
class GameRow:
    """A stored game, for the review's list."""

    id: int
    started: float
    kind: str
    variant: str
    hands: int
    net: int
    place: int | None


def games(store: HandStore, limit: int = 500) -> list[GameRow]:
    """The games, newest first."""
    rows = store.query(
        "SELECT g.id, g.started, g.kind, g.variant, count(h.id), coalesce(sum(h.hero_net), 0),"
        " g.place FROM games g JOIN hands h ON h.game = g.id GROUP BY g.id"
        " ORDER BY g.started DESC, g.id DESC LIMIT ?", (limit,))
    return [GameRow(int(r[0]), float(r[1]), str(r[2]), str(r[3]),
                    int(r[4]), int(r[5]), None if r[6] is None else int(r[6]))
            for r in rows]


@dataclass(frozen=True)
class HandRow:
    """A stored hand, for the review's list."""

    id: int
    number: int
    cards: str
    """Your cards as PHH spells them (``AhKd``; empty if you were not dealt in)."""
    net: int
    stack: int
    """Your chips after the hand."""
    pot: int
    board: str = ""
    """The board as far as it was dealt, as PHH spells it (empty: none)."""


def game_hands(store: HandStore, game: int) -> list[HandRow]:
    """A game's hands in the order they were played."""
    rows = store.query("SELECT id, number, hero_cards, hero_net, hero_stack, pot, board"
                       " FROM hands WHERE game = ? ORDER BY number, id", (game,))
    return [HandRow(int(r[0]), int(r[1]), str(r[2]), int(r[3]), int(r[4]), int(r[5]),
                    str(r[6])) for r in rows]


def last_hand(store: HandStore) -> int | None:
    """The id of the last hand stored (None: none yet)."""
    rows = store.query("SELECT max(id) FROM hands")
    return int(rows[0][0]) if rows and isinstance(rows[0][0], int) else None


def chips_chart(store: HandStore, game: int) -> list[int]:
    """Your chips over ``game``: at the start, then after each hand."""
    rows = store.query("SELECT hero_stack, hero_net FROM hands WHERE game = ? AND hero IS NOT"
                       " NULL ORDER BY number, id", (game,))
    if not rows:
        return []
    first_stack, first_net = rows[0]
    start = int(first_stack) - int(first_net)
    return [start] + [int(r[0]) for r in rows]


def export_phh(store: HandStore, game: int | None = None) -> str:
    """Stored hands as one ``.phhs`` document (a game's, or all of them)."""
    where, args = ("WHERE game = ?", (game,)) if game is not None else ("", ())
    ids = store.query(f"SELECT id FROM hands {where} ORDER BY game, number, id", args)
    hands: list[PhhHand] = []
    for (hand_id,) in ids:
        phh = store.hand(int(hand_id))
        if phh is not None:
            hands.append(phh)
    return dumps_all(hands)


@dataclass
class ImportResult:
    """What an import did: files and hands read, files already stored, problems."""

    files: int = 0
    hands: int = 0
    skipped: int = 0
    problems: list[str] = field(default_factory=list)


def _phh_files(folder: Path) -> Iterable[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()
                  and p.suffix.lower() in (".phh", ".phhs"))


def import_phh(store: HandStore, folder: Path, me: str | None = None) -> ImportResult:
    """Read every PHH file under ``folder`` into the store, one game a file;
    ``me`` is your name in them.  A file already imported is skipped (read
    again when it was imported without you in it and ``me`` is given); a bad
    one is named in the problems and the others are still read."""
    result = ImportResult()
    for path in _phh_files(folder):
        source = str(path.resolve())
        stored = store.query("SELECT id, hero FROM games WHERE source = ?", (source,))
        if stored and (me is None or stored[0][1] == me):
            result.skipped += 1
            continue
        if stored:  # read again to find you in it (imported before without your name)
            store.delete_game(int(stored[0][0]))
        try:
            hands = load_path(path)
        except PhhError as exc:
            result.problems.append(str(exc))
            continue
        if not hands:
            continue
        rows = []
        for number, (name, phh) in enumerate(hands, start=1):
            players = phh.players or ()
            hero = players.index(me) if me is not None and me in players else None
            rows.append((phh.hand if phh.hand is not None else number if not name.isdigit()
                         else int(name), phh, hero, ("",) * phh.player_count))
        first = hands[0][1]
        stamp = path.stat().st_mtime
        info = GameInfo("imported", first.table or path.stem, me if any(
            r[2] is not None for r in rows) else None, "", first.player_count, stamp, source)
        if store.add_game_hands(info, rows) is None:
            result.problems.append(f"{path}: could not be stored")
            continue
        result.files += 1
        result.hands += len(rows)
    return result


def stats_csv(players: dict[str, Figures]) -> str:
    """Every player's figures as CSV, a row a player, each line ended by
    ``\n``: a file or the terminal written in text mode ends it as the system
    does (csv's own ``\r\n`` became ``\r\r\n`` on Windows, a blank row
    after every player in a spreadsheet)."""
    out = io.StringIO()
    names = list(Figures.__dataclass_fields__)
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", *names])
    for name, figures in players.items():
        writer.writerow([name, *(getattr(figures, n) for n in names)])
    return out.getvalue()
