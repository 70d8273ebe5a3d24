"""The ladder: how strong the computer players are, measured.

    python -m holdem_desktop.ai.ladder --pairs N --seed S [--kinds K1,K2,...]
                                       [--tournaments M] [--jobs J]

**Duplicate heads-up matches.**  For every matchup of two kinds, ``N``
deals: one seeded shuffled deck, no-limit blinds 1/2 with 100 big blinds
each (stacks 200, chip unit 1), played twice with fresh stacks — kind A on
the button the first time, kind B the second — so that each player holds
the same cards in the same position once.  The cards then cancel out of
the sum of the two hands (the *pair sum*), and what is left is the players'
skill (and their own randomness).  A's result is its mean winnings in big
blinds per 100 hands over the ``2N`` hands, with a 95% interval
``mean ± 1.96·sd/√N`` of the ``N`` pair sums, scaled the same way.  Every
matchup is dealt the same decks (common random numbers), so two matchups
are compared on the same cards.

Which matchups: every level given against every other level and every
baseline given; baselines play each other only when no level is given.  A
level is always side A against a baseline, and the stronger level side A
against a weaker one, so a positive figure reads "the level wins".

**Tournaments** (``--tournaments M``): six players, two of each of the
first three kinds given, seats shuffled per tournament, the shipped
"tournament" variant (stacks 1500, blinds 10/20 going up every 10 hands,
doubling past the last level) until one player has every chip.  Players
who bust in the same hand are ranked by their chips at the start of it;
equal ones share the places they span (5th and 6th: 5.5 each), so the
places of a tournament always average 3.5.  A tournament that reaches
:data:`HAND_CAP` hands ranks the survivors by chips and is reported as
capped.  The interval of a kind's mean place is taken over the per-
tournament means (its two players' places are not independent).

Every decision is timed, and an action the engine refuses
(:class:`~holdem_desktop.engine.actions.IllegalAction`) is counted against
the player's kind and replaced by a check, or a fold, so the run goes on.
A whole run is reproducible from the seed, whatever ``--jobs`` is: each
matchup and each tournament is one task whose randomness is derived from
the seed and the task alone.

Without ``--kinds`` the run uses every level that can be created
(:data:`~.players.LEVELS` register themselves when their modules exist) and
the baselines.  Imports only the engine and :mod:`holdem_desktop.ai`.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeVar

from holdem_desktop.engine.actions import Action, ActionKind, IllegalAction
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.variant import BettingStructure, BlindLevel, Variant, shipped_variant
from holdem_desktop.engine.views import seat_view

from .players import BASELINES, LEVELS, REFERENCES, Player, create_player

__all__ = [
    "BIG_BLIND",
    "HAND_CAP",
    "STACK",
    "DecisionLog",
    "MatchResult",
    "TournamentResult",
    "available_kinds",
    "format_decisions",
    "format_folds",
    "format_matches",
    "format_paired",
    "format_tournaments",
    "main",
    "matchups",
    "paired",
    "paired_places",
    "play_duplicate",
    "run_matches",
    "run_tournaments",
]

BIG_BLIND = 2
"""Heads-up matches: the big blind (the small blind is half of it)."""

STACK = 100 * BIG_BLIND
"""Heads-up matches: each player's stack at the start of every hand."""

HAND_CAP = 2000
"""Tournaments: hands played at most; the survivors are then ranked by chips."""

TOURNAMENT_SEATS_PER_KIND = 2
"""Tournaments: players of each kind (two each of three kinds: six players)."""

_Z95 = 1.96
_T = TypeVar("_T")
_SEAT_A, _SEAT_B = 0, 1  # heads-up seat ids: kind A always sits in seat 0


# --------------------------------------------------------------------------- results


@dataclass
class DecisionLog:
    """What the players of one kind did: the time of every ``decide`` call
    (seconds) and the actions the engine refused, counted by reason."""

    times: list[float] = field(default_factory=list)
    illegal: dict[str, int] = field(default_factory=dict)
    facing_bets: dict[str, list[int]] = field(default_factory=dict)
    """After the flop, facing a bet or raise, by the opponents' kind (``mixed``
    when several kinds are at the table): [times faced, times folded]."""

    def fold_to_bet(self, against: str) -> float:
        """How often this kind folded to a bet after the flop against ``against``
        (nan when it never faced one)."""
        faced, folded = self.facing_bets.get(against, (0, 0))
        return folded / faced if faced else math.nan

    @property
    def illegal_count(self) -> int:
        """Refused actions, all reasons together."""
        return sum(self.illegal.values())

    def merge(self, other: DecisionLog) -> None:
        """Add ``other``'s decisions to these."""
        self.times.extend(other.times)
        for reason, count in other.illegal.items():
            self.illegal[reason] = self.illegal.get(reason, 0) + count
        for against, (faced, folded) in other.facing_bets.items():
            mine = self.facing_bets.setdefault(against, [0, 0])
            mine[0] += faced
            mine[1] += folded

    def median_ms(self) -> float:
        """Median decision time in milliseconds (nan without decisions)."""
        return 1000 * statistics.median(self.times) if self.times else math.nan

    def p95_ms(self) -> float:
        """95th percentile (nearest rank) of the decision time in milliseconds."""
        if not self.times:
            return math.nan
        ordered = sorted(self.times)
        return 1000 * ordered[math.ceil(0.95 * len(ordered)) - 1]


@dataclass
class MatchResult:
    """A duplicate heads-up match: ``pair_sums`` holds A's winnings in chips
    over the two hands of each deal."""

    kind_a: str
    kind_b: str
    pair_sums: tuple[int, ...]
    decisions: dict[str, DecisionLog]
    seconds: float

    @property
    def pairs(self) -> int:
        """Deals played (each twice)."""
        return len(self.pair_sums)

    @property
    def hands(self) -> int:
        """Hands played."""
        return 2 * self.pairs

    @property
    def bb_per_100(self) -> float:
        """A's mean winnings in big blinds per 100 hands."""
        return _per_100(statistics.fmean(self.pair_sums)) if self.pair_sums else math.nan

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval of :attr:`bb_per_100` (inf for one deal)."""
        if self.pairs < 2:
            return math.inf
        return _per_100(_Z95 * statistics.stdev(self.pair_sums) / math.sqrt(self.pairs))

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`bb_per_100`."""
        return self.bb_per_100 - self.half_width, self.bb_per_100 + self.half_width

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval leaves zero out (A is better, or worse, than B)."""
        low, high = self.interval
        return low > 0 or high < 0


@dataclass
class TournamentResult:
    """Tournaments of two players of each kind: ``places[kind]`` holds, per
    tournament, the mean finishing place of that kind's players (1 = won)."""

    kinds: tuple[str, ...]
    places: dict[str, list[float]]
    wins: dict[str, int]
    hands: list[int]
    """Hands played in each tournament."""
    capped: int
    """Tournaments stopped at :data:`HAND_CAP` hands and ranked by chips."""
    decisions: dict[str, DecisionLog]
    seconds: float

    @property
    def count(self) -> int:
        """Tournaments played."""
        return len(self.hands)

    def mean_place(self, kind: str) -> float:
        """Average finishing place of ``kind``'s players."""
        return statistics.fmean(self.places[kind])

    def half_width(self, kind: str) -> float:
        """Half the width of the 95% interval of :meth:`mean_place` (inf for one tournament)."""
        values = self.places[kind]
        if len(values) < 2:
            return math.inf
        return _Z95 * statistics.stdev(values) / math.sqrt(len(values))


def _per_100(chips_per_pair: float) -> float:
    """Chips per deal (two hands) as big blinds per 100 hands."""
    return chips_per_pair / 2 / BIG_BLIND * 100


# --------------------------------------------------------------------------- playing


def _play_hand(hand: Hand, players: Mapping[int, Player], kinds: Mapping[int, str],
               logs: Mapping[str, DecisionLog]) -> None:
    """Play ``hand`` to the end, timing every decision and replacing a refused
    action by a check (or a fold)."""
    clock = time.perf_counter
    while not hand.over:
        seat = hand.to_act
        if seat is None:  # pragma: no cover - the engine never waits on nobody
            raise RuntimeError("the hand is not over but nobody is to act")
        view = seat_view(hand, seat)
        started = clock()
        action = players[seat].decide(view)
        elapsed = clock() - started
        log = logs[kinds[seat]]
        log.times.append(elapsed)
        if view.to_call > 0 and view.street != Street.PREFLOP:
            against = {kinds[s] for s in hand.seats if s != seat}
            counts = log.facing_bets.setdefault(
                against.pop() if len(against) == 1 else "mixed", [0, 0])
            counts[0] += 1
            counts[1] += action.kind is ActionKind.FOLD
        try:
            hand.apply(seat, action)
        except IllegalAction as exc:
            log.illegal[exc.reason] = log.illegal.get(exc.reason, 0) + 1
            hand.apply(seat, Action.check() if hand.can(seat, Action.check()) else Action.fold())
    for seat in hand.seats:  # players that learn see the finished hand
        watch = getattr(players[seat], "hand_over", None)
        if watch is not None:
            watch(seat_view(hand, seat))


def _rng(seed: int, *parts: object) -> random.Random:
    """A generator seeded from ``seed`` and ``parts`` (string seeds are hashed
    with SHA-512, so this is the same in every process and on every run)."""
    return random.Random(":".join(["ladder", str(seed), *map(str, parts)]))


_warmed: set[str] = set()


def _warm_up(kinds: Iterable[str]) -> None:
    """Play one untimed hand with throwaway players of each new kind, so that
    imports and the tables built on first use (evaluator, equity) are not
    counted in the first matchup's seconds or the first decision's time."""
    for kind in kinds:
        if kind in _warmed:
            continue
        _warmed.add(kind)
        players: dict[int, Player] = {s: create_player(kind, random.Random(s)) for s in (0, 1)}
        config = HandConfig(stacks=(STACK, STACK), blinds=(BIG_BLIND, BIG_BLIND // 2),
                            min_bet=BIG_BLIND)
        hand = Hand(config, list(range(52)))
        _play_hand(hand, players, dict.fromkeys((0, 1), kind), {kind: DecisionLog()})


def play_duplicate(kind_a: str, kind_b: str, pairs: int, seed: int,
                   seeded_as: str | None = None) -> MatchResult:
    """``pairs`` duplicate deals of ``kind_a`` against ``kind_b`` (see the module
    docstring).  The decks depend on ``seed`` only; each side's player is
    created once, from a generator derived from the seed and the matchup —
    the matchup of ``seeded_as`` against ``kind_b`` when given, so that a
    former level standing in for a level meets an opponent drawing the same
    random numbers (a paired comparison, see :func:`paired`)."""
    _warm_up((kind_a, kind_b))
    started = time.perf_counter()
    decks = _rng(seed, "decks")
    name_a = seeded_as or kind_a
    players: dict[int, Player] = {
        _SEAT_A: create_player(kind_a, _rng(seed, "match", name_a, kind_b, "A")),
        _SEAT_B: create_player(kind_b, _rng(seed, "match", name_a, kind_b, "B")),
    }
    kinds = {_SEAT_A: kind_a, _SEAT_B: kind_b}
    logs = {kind: DecisionLog() for kind in (kind_a, kind_b)}
    sums: list[int] = []
    for pair in range(pairs):
        deck = list(range(52))
        decks.shuffle(deck)
        total = 0
        # Playing order: the big blind first, the button (small blind) last.
        for order in ((_SEAT_B, _SEAT_A), (_SEAT_A, _SEAT_B)):
            config = HandConfig(stacks=(STACK, STACK), blinds=(BIG_BLIND, BIG_BLIND // 2),
                                betting=BettingStructure.NO_LIMIT, min_bet=BIG_BLIND,
                                chip_unit=1, seats=order)
            hand = Hand(config, deck)
            try:
                _play_hand(hand, players, kinds, logs)
            except Exception as exc:
                exc.add_note(f"ladder: {kind_a} vs {kind_b}, seed {seed}, deal {pair}, "
                             f"{kinds[order[1]]} on the button; actions {hand.actions}")
                raise
            total += hand.stack(_SEAT_A) - STACK
        sums.append(total)
    return MatchResult(kind_a, kind_b, tuple(sums), logs, time.perf_counter() - started)


@dataclass
class _Outcome:
    """One tournament: each seat's kind and place, hands played, whether capped."""

    kinds: tuple[str, ...]
    places: tuple[float, ...]
    hands: int
    capped: bool
    decisions: dict[str, DecisionLog]


def _shared_place(better: int, ties: int) -> float:
    """The mean of the places spanned by ``ties`` players (self included) with
    ``better`` players ahead of them."""
    return better + (ties + 1) / 2


def _hand_config(variant: Variant, level: BlindLevel, order: Sequence[int],
                 chips: Sequence[int]) -> HandConfig:
    n = len(order)
    blinds: tuple[int, ...]
    if n == 2:  # the button posts the small blind
        blinds = (level.big, level.small)
    else:
        forced = list(level.blinds[:n - 1])
        blinds = tuple(forced + [0] * (n - len(forced)))
    fixed = variant.betting is BettingStructure.FIXED_LIMIT
    return HandConfig(stacks=tuple(chips[s] for s in order), blinds=blinds,
                      antes=(level.ante,) * n if level.ante else (), betting=variant.betting,
                      min_bet=level.big, big_bet=2 * level.big if fixed else 0,
                      raise_cap=variant.raise_cap, chip_unit=variant.chip_unit,
                      seats=tuple(order))


def _play_tournament(kinds: tuple[str, ...], seed: int, index: int,
                     table: tuple[str, ...] = (),
                     stand_ins: tuple[tuple[str, str], ...] = ()) -> _Outcome:
    """Tournament number ``index`` of a run: everything drawn from the seed and
    the index.  The seats are ``table`` (one kind a seat) or two of each of
    ``kinds``; ``stand_ins`` (kind, replacement) puts the replacement in every
    seat of the kind, drawing the same random numbers and cards."""
    variant = shipped_variant("tournament")
    rng = _rng(seed, "tournament", index)
    lineup = list(table) or [kind for kind in kinds for _ in range(TOURNAMENT_SEATS_PER_KIND)]
    rng.shuffle(lineup)
    replaced = dict(stand_ins)
    playing = [replaced.get(kind, kind) for kind in lineup]
    _warm_up(playing)
    n = len(lineup)
    players: dict[int, Player] = {
        s: create_player(playing[s], _rng(seed, "tournament", index, "seat", s, kind))
        for s, kind in enumerate(lineup)}
    seat_kinds = dict(enumerate(playing))
    logs = {kind: DecisionLog() for kind in playing}
    chips = [variant.starting_stack] * n
    places: list[float | None] = [None] * n
    button = rng.randrange(n)
    hands = 0
    while hands < HAND_CAP:
        alive = [s for s in range(n) if places[s] is None]
        if len(alive) == 1:
            places[alive[0]] = 1
            break
        if hands > 0 or places[button] is not None:
            button = next((s for s in alive if s > button), alive[0])
        at = alive.index(button)
        order = alive[at + 1:] + alive[:at + 1]
        level = variant.schedule.level(variant.schedule.level_index(hands))
        deck = list(range(52))
        rng.shuffle(deck)
        hand = Hand(_hand_config(variant, level, order, chips), deck)
        try:
            _play_hand(hand, players, seat_kinds, logs)
        except Exception as exc:
            exc.add_note(f"ladder: tournament {index} of seed {seed}, hand {hands + 1}; "
                         f"actions {hand.actions}")
            raise
        hands += 1
        start = {s: chips[s] for s in order}
        for s in order:
            chips[s] = hand.stack(s)
        busted = [s for s in order if chips[s] == 0]
        remaining = len(order) - len(busted)
        for s in busted:
            better = sum(1 for o in busted if start[o] > start[s])
            ties = sum(1 for o in busted if start[o] == start[s])
            places[s] = remaining + _shared_place(better, ties)
    capped = any(p is None for p in places)
    if capped:
        alive = [s for s in range(n) if places[s] is None]
        for s in alive:
            better = sum(1 for o in alive if chips[o] > chips[s])
            ties = sum(1 for o in alive if chips[o] == chips[s])
            places[s] = _shared_place(better, ties)
    final = tuple(p if p is not None else math.nan for p in places)
    return _Outcome(tuple(playing), final, hands, capped, logs)


# --------------------------------------------------------------------------- running many


def _pool_map(function: Callable[..., _T], tasks: Sequence[tuple[object, ...]],
              jobs: int) -> list[_T]:
    """``function(*task)`` for every task, in order, in ``jobs`` worker processes
    (spawned, as on Windows and macOS) or in this one."""
    if jobs <= 1 or len(tasks) <= 1:
        return [function(*task) for task in tasks]
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(jobs, len(tasks))) as pool:
        return pool.starmap(function, tasks, chunksize=1)


def matchups(kinds: Sequence[str]) -> list[tuple[str, str]]:
    """The (A, B) matchups of a run over ``kinds`` (see the module docstring).
    A former level (:data:`~.players.REFERENCES`) is side B against a level and
    side A against a baseline, so that a level and its former self meet the
    same baselines."""
    levels = [k for k in kinds if k in LEVELS]
    players = [k for k in kinds if k in LEVELS or k in REFERENCES]
    out: list[tuple[str, str]] = []
    for x, y in combinations(kinds, 2):
        if players and x not in players and y not in players:
            continue
        if levels and x in REFERENCES and y in REFERENCES:
            continue
        if _rank(y) > _rank(x):
            x, y = y, x
        out.append((x, y))
    return out


def _rank(kind: str) -> int:
    """Levels above former levels above baselines; a stronger level above a weaker."""
    if kind in LEVELS:
        return 100 + LEVELS.index(kind)
    return 50 if kind in REFERENCES else 0


def run_matches(kinds: Sequence[str], pairs: int, seed: int, jobs: int = 1) -> list[MatchResult]:
    """Every matchup of ``kinds`` (:func:`matchups`), ``pairs`` deals each."""
    tasks = [(a, b, pairs, seed) for a, b in matchups(kinds)]
    return _pool_map(play_duplicate, tasks, jobs)


def run_tournaments(kinds: Sequence[str], count: int, seed: int, jobs: int = 1,
                    table: Sequence[str] = (),
                    stand_ins: Mapping[str, str] | None = None) -> TournamentResult:
    """``count`` tournaments with two players of each of ``kinds`` (distinct
    kinds), or with one player a seat as ``table`` lists them (a kind may sit
    more than once; ``kinds`` is then ignored).  ``stand_ins`` maps a kind to
    the one playing in its seats (the same cards and random numbers: two runs
    that differ only by it are paired, see :func:`paired_places`)."""
    swaps = tuple(sorted((stand_ins or {}).items()))
    seats = tuple(table)
    if seats and len(seats) < 2:
        raise ValueError(f"a table needs two seats or more, not {list(table)}")
    given = tuple(dict.fromkeys(seats)) if seats else tuple(kinds)
    if not given or len(set(given)) != len(given):
        raise ValueError(f"tournaments need distinct kinds, not {list(kinds)}")
    if any(new in given for _, new in swaps):
        raise ValueError("a stand-in must not be at the table already")
    distinct = tuple(dict(swaps).get(k, k) for k in given)
    started = time.perf_counter()
    tasks = [(given, seed, t, seats, swaps) for t in range(count)]
    outcomes = _pool_map(_play_tournament, tasks, jobs)
    places: dict[str, list[float]] = {k: [] for k in distinct}
    wins = dict.fromkeys(distinct, 0)
    logs = {k: DecisionLog() for k in distinct}
    for outcome in outcomes:
        for kind in distinct:
            mine = [p for k, p in zip(outcome.kinds, outcome.places, strict=True) if k == kind]
            places[kind].append(statistics.fmean(mine))
            wins[kind] += int(any(p == 1 for p in mine))
            logs[kind].merge(outcome.decisions[kind])
    return TournamentResult(distinct, places, wins, [o.hands for o in outcomes],
                            sum(o.capped for o in outcomes), logs,
                            time.perf_counter() - started)


def _mean_half(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and half the width of its 95% interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, _Z95 * statistics.stdev(values) / math.sqrt(len(values))


def paired(new: MatchResult, old: MatchResult) -> tuple[float, float]:
    """How much more ``new``'s side A won than ``old``'s over the same deals
    (bb/100): the mean of the per-deal differences of the pair sums, and half
    the width of its 95% interval.  Both must be the same opponent on the same
    seed and deal count (:func:`play_duplicate` with ``seeded_as``)."""
    if (new.kind_b, new.pairs) != (old.kind_b, old.pairs):
        raise ValueError("a paired comparison needs the same opponent and deals")
    mean, half = _mean_half([a - b for a, b in zip(new.pair_sums, old.pair_sums, strict=True)])
    return _per_100(mean), _per_100(half)


def paired_places(new: TournamentResult, old: TournamentResult, kind: str,
                  stand_in: str) -> tuple[float, float]:
    """How many places better ``kind`` finished than ``stand_in`` did in its
    seats over the same tournaments (positive: ``kind`` is better), with half
    the width of the 95% interval of the per-tournament differences."""
    if new.count != old.count:
        raise ValueError("a paired comparison needs the same tournaments")
    return _mean_half([b - a for a, b in zip(new.places[kind], old.places[stand_in],
                                             strict=True)])


def format_paired(rows: Sequence[tuple[str, float, float]], unit: str) -> str:
    """Paired differences: one row per comparison, ``*`` when the interval excludes zero."""
    width = max([len(label) for label, *_ in rows] + [10])
    lines = [f"{'comparison'.ljust(width)}  {unit.rjust(8)}   95% interval"]
    for label, mean, half in rows:
        low, high = mean - half, mean + half
        lines.append(f"{label.ljust(width)}  {_number(mean, 8)}   [{_number(low, 9)}, "
                     f"{_number(high, 9)}]" + ("  *" if low > 0 or high < 0 else ""))
    lines.append("* the interval excludes zero")
    return "\n".join(lines)


def available_kinds() -> list[str]:
    """The levels that can be created now, the former levels kept for
    comparison (:data:`~.players.REFERENCES`), then the baselines."""
    found: list[str] = []
    for kind in LEVELS:
        try:
            create_player(kind, random.Random(0))
        except ValueError:  # not registered
            continue
        except ModuleNotFoundError as exc:  # a level's module is not written yet
            if exc.name not in {f"{__package__}.{level}" for level in LEVELS}:
                raise
            continue
        found.append(kind)
    return found + list(REFERENCES) + list(BASELINES)


# --------------------------------------------------------------------------- printing


def _number(value: float, width: int, places: int = 2, sign: bool = True) -> str:
    if math.isinf(value) or math.isnan(value):
        text = f"{value:+}" if sign and not math.isnan(value) else str(value)
    else:
        text = f"{value:+.{places}f}" if sign else f"{value:.{places}f}"
    return text.rjust(width)


def format_matches(results: Sequence[MatchResult]) -> str:
    """The matchup table: one row per matchup, ``*`` when the interval excludes zero."""
    width = max([len(f"{r.kind_a} vs {r.kind_b}") for r in results] + [7])
    lines = [f"{'matchup'.ljust(width)}    bb/100   95% interval            hands  seconds",]
    for r in results:
        low, high = r.interval
        lines.append(
            f"{f'{r.kind_a} vs {r.kind_b}'.ljust(width)}  {_number(r.bb_per_100, 8)}"
            f"   [{_number(low, 9)}, {_number(high, 9)}]  {r.hands:7d}  {r.seconds:7.1f}"
            + ("  *" if r.excludes_zero else ""))
    lines.append("* the interval excludes zero")
    return "\n".join(lines)


def format_decisions(logs: Mapping[str, DecisionLog]) -> str:
    """Decision times and refused actions per kind."""
    width = max([len(k) for k in logs] + [4])
    lines = [f"{'kind'.ljust(width)}  decisions  median ms    p95 ms  illegal"]
    for kind, log in logs.items():
        reasons = ", ".join(f"{reason} {count}" for reason, count in sorted(log.illegal.items()))
        lines.append(f"{kind.ljust(width)}  {len(log.times):9d}  "
                     f"{_number(log.median_ms(), 9, 3, False)}  "
                     f"{_number(log.p95_ms(), 8, 3, False)}  {log.illegal_count:7d}"
                     + (f"  ({reasons})" if reasons else ""))
    return "\n".join(lines)


def format_folds(logs: Mapping[str, DecisionLog]) -> str:
    """How often each kind folded when bet into after the flop, by opponent kind."""
    rows = [(kind, against, faced, folded) for kind, log in logs.items()
            for against, (faced, folded) in sorted(log.facing_bets.items())]
    width = max([len(k) for k, *_ in rows] + [4])
    other = max([len(a) for _, a, *_ in rows] + [7])
    lines = [f"{'kind'.ljust(width)}  {'against'.ljust(other)}    faced  folded"]
    for kind, against, faced, folded in rows:
        lines.append(f"{kind.ljust(width)}  {against.ljust(other)}  {faced:7d}  "
                     f"{100 * folded / max(1, faced):5.1f}%")
    return "\n".join(lines)


def format_tournaments(result: TournamentResult) -> str:
    """Mean place (with its 95% interval) and wins per kind, and how long the
    tournaments lasted."""
    width = max([len(k) for k in result.kinds] + [4])
    lines = [f"{'kind'.ljust(width)}  mean place   95% interval        wins"]
    for kind in result.kinds:
        mean, half = result.mean_place(kind), result.half_width(kind)
        lines.append(f"{kind.ljust(width)}  {_number(mean, 10, 2, False)}   "
                     f"[{_number(mean - half, 5, 2, False)}, {_number(mean + half, 5, 2, False)}]"
                     f"  {result.wins[kind]:6d}")
    hands = sorted(result.hands)
    if hands:
        lines.append(f"hands per tournament: median {statistics.median(hands):g}, "
                     f"max {hands[-1]}")
    lines.append(f"capped at {HAND_CAP} hands (survivors ranked by chips): {result.capped}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- command line


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m holdem_desktop.ai.ladder",
        description="Measure the computer players: duplicate heads-up matches and tournaments.")
    parser.add_argument("--pairs", type=int, default=0,
                        help="duplicate deals per matchup, each played twice (0: no matches)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run")
    parser.add_argument("--kinds", default=None,
                        help="comma-separated player kinds (default: the levels available "
                             f"now and {','.join(BASELINES)})")
    parser.add_argument("--tournaments", type=int, default=0,
                        help="six-player tournaments with two each of the first three kinds")
    parser.add_argument("--table", default=None,
                        help="tournaments: comma-separated kinds, one a seat (repeats allowed), "
                             "instead of two each of the first three kinds")
    parser.add_argument("--versus", default=None,
                        help="a former level: replay every matchup and tournament of the first "
                             "kind given with this one in its place, on the same cards, and "
                             "print the paired differences")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    if args.pairs < 0 or args.tournaments < 0 or args.jobs < 1:
        parser.error("--pairs and --tournaments must not be negative, --jobs must be positive")
    if args.pairs == 0 and args.tournaments == 0:
        parser.error("nothing to do: give --pairs N and/or --tournaments M")
    available = available_kinds()
    if args.kinds is None:
        args.kinds = available
        missing = [k for k in LEVELS if k not in available]
        if missing:
            print(f"levels not available yet: {', '.join(missing)}")
    else:
        args.kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
        unknown = [k for k in args.kinds if k not in available]
        if unknown:
            parser.error(f"unknown or unavailable kinds: {', '.join(unknown)} "
                         f"(available: {', '.join(available)})")
        if len(set(args.kinds)) != len(args.kinds):
            parser.error("a kind is given twice")
    if args.table is not None:
        args.table = [k.strip() for k in args.table.split(",") if k.strip()]
        unknown = [k for k in args.table if k not in available]
        if unknown or len(args.table) < 2:
            parser.error(f"--table needs two known kinds or more (unknown: {', '.join(unknown)})")
    if args.versus is not None and (args.versus not in available
                                    or args.versus == args.kinds[0]):
        parser.error(f"--versus needs a known kind other than {args.kinds[0]}")
    return args


def _merge(into: dict[str, DecisionLog], logs: Iterable[Mapping[str, DecisionLog]]) -> None:
    for mapping in logs:
        for kind, log in mapping.items():
            into.setdefault(kind, DecisionLog()).merge(log)


def _print_paired_matches(args: argparse.Namespace, results: Sequence[MatchResult],
                          logs: dict[str, DecisionLog]) -> None:
    """Replay the first kind's matchups with ``--versus`` in its place and print
    the paired differences."""
    new, old = args.kinds[0], args.versus
    ours = [r for r in results if r.kind_a == new and r.kind_b != old]
    if not ours:
        return
    replays = _pool_map(play_duplicate, [(old, r.kind_b, args.pairs, args.seed, new)
                                         for r in ours], args.jobs)
    _merge(logs, (r.decisions for r in replays))
    print()
    print(f"The same deals with {old} in the place of {new} (same opponents' random numbers)")
    print(format_matches(replays))
    print()
    print(f"Paired: {new} minus {old} against the same opponent on the same deals")
    print(format_paired([(f"{new} vs {r.kind_b}", *paired(r, o))
                         for r, o in zip(ours, replays, strict=True)], "bb/100"))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ladder from the command line and print the tables."""
    args = _parse(argv)
    started = time.perf_counter()
    logs: dict[str, DecisionLog] = {}
    if args.pairs:
        results = run_matches(args.kinds, args.pairs, args.seed, args.jobs)
        print(f"Duplicate heads-up matches: seed {args.seed}, {args.pairs} deals per matchup "
              f"played twice, no-limit {BIG_BLIND // 2}/{BIG_BLIND}, stacks "
              f"{STACK // BIG_BLIND} bb")
        if results:
            print(format_matches(results))
        else:
            print("no matchups: give at least two kinds")
        _merge(logs, (r.decisions for r in results))
        print()
        print("Folds to a bet after the flop (heads-up matches)")
        print(format_folds({k: logs[k] for k in args.kinds if k in logs}))
        if args.versus:
            _print_paired_matches(args, results, logs)
    if args.tournaments:
        kinds = args.kinds[:3]
        table = args.table or []
        result = run_tournaments(kinds, args.tournaments, args.seed, args.jobs, table)
        if args.pairs:
            print()
        seats = (f"{len(table)} players: {', '.join(table)}" if table else
                 f"{TOURNAMENT_SEATS_PER_KIND * len(kinds)} players, "
                 f"{TOURNAMENT_SEATS_PER_KIND} each of {', '.join(kinds)}")
        print(f"Tournaments: seed {args.seed}, {result.count} tournaments of {seats}; "
              f"{result.seconds:.1f} s")
        print(format_tournaments(result))
        _merge(logs, [result.decisions])
        new = args.kinds[0]
        if args.versus and new in result.kinds:
            old = run_tournaments(kinds, args.tournaments, args.seed, args.jobs, table,
                                  {new: args.versus})
            print()
            print(f"The same tournaments with {args.versus} in the seats of {new}; "
                  f"{old.seconds:.1f} s")
            print(format_tournaments(old))
            _merge(logs, [old.decisions])
            mean, half = paired_places(result, old, new, args.versus)
            print()
            print(f"Paired: places gained by {new} over {args.versus} in the same seats "
                  f"({result.count} tournaments)")
            print(format_paired([(f"{new} over {args.versus}", mean, half)], "places"))
    print()
    print("Decisions")
    print(format_decisions(logs))
    print(f"\ntook {time.perf_counter() - started:.1f} s with {args.jobs} job(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
