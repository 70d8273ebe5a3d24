"""Statistics: your figures over every game and per variant, your results
against each computer level and each room friend, your places — a line
of text each, read with Tab or Up and Down — and your chips over a game
as a line chart beside them, which Listen plays as a tone sweep (its
pitch follows your stack, after the starting stack's pitch alone: the
reference). Export writes every player's figures to a CSV file.

Listen says the chart first (start, peak, low or bust, end), then plays
the tone, never under the words: where the voice tells when it has said
them (Speech Dispatcher, espeak-ng, ``say``), the tone starts then, on
that signal, not on a guess of how long the words take; a screen reader
(NVDA, JAWS, VoiceOver) cannot tell, and reads at the player's own rate,
so the words end "Press Enter again for the tone", and the next press of
Listen plays it (a screen reader stops speaking at a key press)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from holdem_desktop.i18n import amount
from holdem_desktop.i18n.names import stored_variant_name
from holdem_desktop.i18n.records import (
    against_line,
    chart_points,
    game_label,
    hands_count,
    number,
    percent,
    place_line,
    signed,
    when,
)
from holdem_desktop.i18n.translate import _
from holdem_desktop.store import HandStore
from holdem_desktop.store.stats import (
    Figures,
    GameRow,
    chips_chart,
    games,
    my_stats,
    player_stats,
    stats_csv,
)

from .draw import font, wrap
from .form_page import FormPage
from .keymap import Key
from .page import Pop, Transition
from .page_draw import one_line
from .review import Unwritten, documents, write_export
from .widgets import Control, Role

__all__ = ["StatisticsPage", "draw_chart", "draw_no_games", "figure_lines"]


def figure_lines(f: Figures) -> list[str]:
    """One group of figures, a line each."""
    return [
        _("Hands played: {n}.").format(n=amount(f.hands)),
        _("Played voluntarily (VPIP): {pct} of hands.").format(pct=percent(f.vpip)),
        _("Raised before the flop (PFR): {pct} of hands.").format(pct=percent(f.pfr)),
        _("Aggression: {af} bets and raises per call.").format(af=number(f.aggression)),
        _("Went to showdown: {pct} of the flops seen.").format(pct=percent(f.wtsd)),
        _("Won at showdown: {pct} of showdowns.").format(pct=percent(f.wsd)),
        _("Result: {chips} chips, {bb} big blinds per 100 hands.").format(
            chips=signed(f.net), bb=number(f.bb_per_100)),
        _("Biggest pot won: {chips}.").format(chips=amount(f.biggest_pot)),
    ]


def draw_no_games(surface: pygame.Surface, area: pygame.Rect,
                  colors: tuple[tuple[int, int, int], ...], scale: float) -> pygame.Rect:
    """Where the chart goes, before any game: the words "No games yet" and
    what will be drawn there, no axes; returns where the words went."""
    background, gold, dim = colors
    s = max(0.8, scale)
    pygame.draw.rect(surface, background, area, border_radius=10)
    words = font(round(40 * s)).render(_("No games yet"), True, gold)
    drawn = surface.blit(words, words.get_rect(midbottom=(area.centerx, area.centery)))
    y = area.centery + round(16 * s)
    small = font(round(24 * s))
    for line in wrap(small, _("Play a game: the chart of your chips over it shows here."),
                     area.w - round(40 * s)):
        img = small.render(line, True, dim)
        surface.blit(img, img.get_rect(midtop=(area.centerx, y)))
        y += img.get_height()
    return drawn


def draw_chart(surface: pygame.Surface, area: pygame.Rect, values: Sequence[int],
               title: str, colors: tuple[tuple[int, int, int], ...],
               drawn: dict[str, pygame.Rect] | None = None, scale: float = 1.0) -> None:
    """A line chart of ``values`` in ``area``: axes, the line, the peak and
    the end marked, the lowest and highest values written (where each of its
    words went: ``drawn``).  Its words are the page's (``scale``: the page's
    words' scale): the axes' words as large as a line of the figures beside
    it, the heading as a field's label; the lines and marks follow the
    chart's own size."""
    drawn = {} if drawn is None else drawn
    background, line, text, dim, mark = colors
    pygame.draw.rect(surface, background, area, border_radius=10)
    s = max(0.7, min(area.w / 500, area.h / 400))
    ts = max(0.8, scale)
    pad = round(14 * ts)
    heading_font = font(round(28 * ts))
    heading = heading_font.render(one_line(heading_font, title, area.w - 2 * pad), True, text)
    drawn["chart:title"] = surface.blit(heading, (area.x + pad, area.y + round(10 * ts)))
    small = font(round(26 * ts))
    low, high = (min(0, min(values)), max(values)) if values else (0, 0)
    words_w = max(small.size(amount(v))[0] for v in (low, high))
    half = small.get_height() // 2
    top = drawn["chart:title"].bottom + half + round(8 * ts)
    left = area.x + pad + words_w + round(8 * ts)
    plot = pygame.Rect(left, top, area.right - pad - round(6 * s) - left,  # (the end's mark)
                       area.bottom - round(8 * ts) - small.get_height() - round(6 * ts) - top)
    pygame.draw.line(surface, dim, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, dim, plot.bottomleft, plot.topleft, 2)
    if len(values) < 2:
        note_font = font(round(26 * ts))
        note = note_font.render(one_line(note_font, _("Not enough hands for a chart."),
                                         plot.w), True, dim)
        surface.blit(note, note.get_rect(center=plot.center))
        return
    span = high - low or 1
    points = [(plot.x + round(k * plot.w / (len(values) - 1)),
               plot.bottom - round((v - low) * plot.h / span)) for k, v in enumerate(values)]
    pygame.draw.lines(surface, line, False, points, max(2, round(3 * s)))
    peak = max(range(len(values)), key=lambda k: values[k])
    for k in (peak, len(values) - 1):
        pygame.draw.circle(surface, mark, points[k], round(6 * s))
    for key, value, y in (("high", high, plot.top), ("low", low, plot.bottom)):
        img = small.render(amount(value), True, dim)
        drawn["chart:" + key] = surface.blit(img, img.get_rect(
            midright=(plot.x - round(8 * ts), y)))
    hands = small.render(hands_count(len(values) - 1), True, dim)
    drawn["chart:hands"] = surface.blit(hands, hands.get_rect(
        midtop=(plot.centerx, plot.bottom + round(6 * ts))))


class StatisticsPage(FormPage):
    """Your figures, the chips chart of a chosen game, Listen, Export, Close."""

    def __init__(self, store: HandStore | None, say: Callable[[str], None], *,
                 play: Callable[[Sequence[int]], bool] = lambda values: False,
                 speaking: Callable[[], bool | None] = lambda: None,
                 export_folder: Path | None = None, unwritten: Unwritten | None = None) -> None:
        super().__init__(say)
        self.unwritten = unwritten
        """Where an export that could not be written is told (None: said here)."""
        self.title = _("Statistics")
        self.store = store
        self.play = play
        self.speaking = speaking
        """Whether the voice is still saying what it was given (None: it cannot tell)."""
        self.tone: list[int] | None = None
        """The chart whose tone waits: for the words to end (``tone_after_words``)
        or for Listen to be pressed again."""
        self.tone_after_words = False
        self._again = False
        """Listen was pressed and its tone waits for the next press of it."""
        self.export_folder = export_folder or documents()
        self.games: list[GameRow] = games(store) if store is not None else []
        self.chosen = 0
        self.chart: list[int] = []
        self._chart_for: int | None = None
        self._lines = self._build()
        self._came_from: str | None = None
        """The control the focus is moving from, while a key moves it."""

    def _build(self) -> list[Control]:
        items: list[Control] = []

        def section(key: str, heading: str, lines: Sequence[str]) -> None:
            items.append(Control(f"h:{key}", heading, Role.HEADING, "stats"))
            items.extend(Control(f"{key}:{k}", line, Role.TEXT, "stats")
                         for k, line in enumerate(lines))

        if self.store is None:
            section("none", _("Statistics"), [_("The file of your past hands could not be "
                                                "opened.")])
            return items
        mine = my_stats(self.store)
        if not self.games:  # said and shown as it is, not as headings over nothing
            return [Control("none", _("No games yet. Play a game, and your figures and the "
                                      "chart of your chips show here."), Role.TEXT, "stats")]
        if not mine.overall.hands:
            section("none", _("You, over every game"), [_("No hand has been played yet.")])
            return items
        section("all", _("You, over every game"), figure_lines(mine.overall))
        for k, (variant, figures) in enumerate(mine.variants.items()):
            if len(mine.variants) > 1:
                section(f"v{k}", _("{variant} only").format(variant=stored_variant_name(variant)),
                        figure_lines(figures))
        games_line = _("Games: {n}; tournaments finished: {t}; won: {w}.").format(
            n=mine.games, t=mine.tournaments, w=mine.wins)
        section("places", _("Places"), [games_line] + [place_line(p, n)
                                                       for p, n in mine.places.items()])
        if mine.against:
            section("against", _("Your result against"),
                    [against_line(a.who, a.friend, a.hands, a.net, a.bb_per_100)
                     for a in mine.against])
        return items

    def game(self) -> GameRow | None:
        """The game the chart shows."""
        return self.games[self.chosen] if self.games else None

    def values(self) -> list[int]:
        """Your chips over the chosen game."""
        g = self.game()
        if g is None or self.store is None:
            return []
        if self._chart_for != g.id:
            self.chart, self._chart_for = chips_chart(self.store, g.id), g.id
        return self.chart

    def _game_text(self) -> str:
        g = self.game()
        return game_label(g.variant, g.kind, g.started, g.hands, g.net, g.place) if g else ""

    def _game_short(self) -> str:
        g = self.game()
        return f"{stored_variant_name(g.variant)}, {when(g.started, 'short')}" if g else ""

    def describe(self, control: Control) -> str:
        if control.id == "game":  # the whole line said, the short one shown
            return control.spoken().replace(control.value or "", self._game_text())
        if control.role is Role.TEXT:  # a figure is read as it is, as in How to play
            part = self._part(control.id)
            if self._came_from is not None and part is not None \
                    and self._part(self._came_from) != part:
                # Tab skips the headings: entering a part, its name comes first (else
                # each variant's "Hands played" sounded alike)
                heading = next(c.label for c in self._lines if c.id == f"h:{part}")
                return f"{heading}. {control.label}"
            return control.label
        return super().describe(control)

    def _part(self, control_id: str) -> str | None:
        """The part of the figures (its heading's key) ``control_id`` is in."""
        if control_id.startswith("h:"):
            return control_id[2:]
        part, sep, _rest = control_id.partition(":")
        return part if sep and any(c.id == f"h:{part}" for c in self._lines) else None

    def press(self, key: Key) -> Transition | None:
        self._came_from = self.focus.id  # (what :meth:`describe` compares the new focus with)
        try:
            return super().press(key)
        finally:
            self._came_from = None

    def controls(self) -> tuple[Control, ...]:
        chart: list[Control] = []
        if self.games:
            chart += [
                Control("h:chart", _("Chips over a game"), Role.HEADING, "chart"),
                Control("game", _("Game"), Role.CHOICE, "chart", value=self._game_short()),
                Control("points", chart_points(self.values()), Role.TEXT, "chart"),
                Control("listen", _("Listen to the chart"), zone="chart"),
            ]
        return (*self._lines, *chart,
                Control("export", _("Export to CSV"), zone="buttons",
                        enabled=self.store is not None,
                        reason=_("The file of your past hands could not be opened.")),
                Control("close", _("Close"), zone="buttons"))

    def _listen(self) -> None:
        """Listen: the chart's words, then its tone (see the module's docstring)."""
        values = self.values()
        again = self._again or (self.tone is not None and not self.tone_after_words)
        self._again = False
        if again:
            self.tone = None  # pressed again: the tone now, the words heard
            self.play(values)
            return
        words = chart_points(values)
        if len(values) < 2:
            self.tone = None
            self.say(words)
            return
        tells = self.speaking() is not None
        self.tone, self.tone_after_words = values, tells
        if tells:
            self.say(_("{points} The tone follows: your starting stack, then your chips hand "
                       "by hand, higher for more.").format(points=words))
        else:
            self.say(_("{points} Press Enter again for the tone: your starting stack, then "
                       "your chips hand by hand, higher for more.").format(points=words))

    def tick(self) -> None:
        """The tone, once the voice has said the chart's words."""
        if self.tone is not None and self.tone_after_words and self.speaking() is False:
            values, self.tone = self.tone, None
            self.play(values)

    def any_input(self) -> None:
        """Any key or click lets a waiting tone go (Listen pressed again still
        plays the one that waited for it)."""
        self._again = self.tone is not None and not self.tone_after_words
        self.tone = None

    def animating(self, now: float) -> bool:
        """While a tone waits for the words to end: the window turns often."""
        return self.tone is not None and self.tone_after_words

    def adjust(self, control: Control, direction: int) -> bool:
        if control.id == "game" and self.games:
            # a combo box of the games, newest first: Down the next (an older one); at
            # either end it stays, and says so, as every combo box does
            if not 0 <= self.chosen + direction < len(self.games):
                self.say(_("{value}, already the end").format(value=self._game_text())
                         + ", " + _("{k} of {n}").format(k=self.chosen + 1, n=len(self.games)))
                return True
            self.tone = None  # another game's chart: its own words, its own tone
            self.chosen += direction
            self.say(_("{game}, {k} of {n}.").format(game=self._game_text(), k=self.chosen + 1,
                                                     n=len(self.games)) + " "
                     + chart_points(self.values()))
            return True
        return super().adjust(control, direction)

    def activate(self, control: Control) -> Transition | None:
        if control.id == "close":
            return Pop()
        if control.id == "listen":
            self._listen()
            return None
        if control.id == "export" and self.store is not None:
            path = self.export_folder / "holdem-statistics.csv"
            problem = write_export(path, stats_csv(player_stats(self.store)), self.unwritten,
                                   self.say, _("The statistics could not be written: {problem}"))
            if problem is not None:
                self.status = problem
                return None
            self.say(_("Every player's figures were written to {path}.").format(path=path))
            return None
        self.say(control.label)
        return None

    def draw_in(self, surface: pygame.Surface, area: pygame.Rect, focus_id: str | None) -> None:
        left = pygame.Rect(area.x, area.y, round(area.w * 0.56), area.h)
        # the figures' words at the size of every page's in this window, not of a
        # narrower one (they were small beside the chart in a large window)
        self.renderer.scale = min(area.w / 1280, area.h / 800) if area.w and area.h else None
        super().draw_in(surface, left, focus_id)
        p = self.renderer.palette
        pygame.draw.rect(surface, p.background, (left.right, area.y, area.w - left.w, area.h))
        chart = pygame.Rect(left.right + 10, area.y + round(area.h * 0.12),
                            area.w - left.w - 30, round(area.h * 0.6))
        if not self.games:
            self.renderer.drawn["no_games"] = draw_no_games(
                surface, chart, (p.panel, p.gold, p.dim), self.renderer.scale or 1.0)
            return
        g = self.game()
        draw_chart(surface, chart, self.values(),
                   _("Your chips: {game}").format(game=stored_variant_name(g.variant))
                   if g else _("Your chips"),
                   (p.panel, p.gold, p.text, p.dim, p.seat_turn), self.renderer.drawn,
                   self.renderer.scale or 1.0)
