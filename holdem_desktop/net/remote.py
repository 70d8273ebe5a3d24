"""The table as a joined player holds it: what the host sent, shaped like a
:class:`~holdem_desktop.session.Session` so the same table screen, speech,
sounds and Move log serve a room.

The host is the authority; this side keeps:

- the last :class:`~.protocol.Table` (the seat's own view and the public
  state) for everything shown and said;
- the events, handed on to the listeners exactly as a local session would
  (the host censored them for this seat);
- a *mirror* of the hand's betting, replayed from the public events on the
  engine itself, so the action buttons know at once what is allowed and
  why not (hole and board cards there are placeholders: betting never
  depends on them).  If the mirror ever disagreed with the host it is
  dropped, and the host's answers still say why an action was refused.

Requests (act, next hand, new game) are sent; their results come back as
events, or as an :class:`~.protocol.Error` handed to ``on_error``.  An
action carries the id of the decision it answers (from the last table), and
the same decision is never answered twice from here: a double press sends
one action.

What happens to people (joins, leaves, the computer taking a seat, and this
window being given a seat at a new game) is handed to ``on_news`` as a
sentence to announce; ``seat_listeners`` hear when this window's seat
changes (the table screen, the announcer and the sounds follow it).  The
Room zone's buttons come from :meth:`RemoteTable.room_actions`.

Chat: :meth:`RemoteTable.chat` and :meth:`RemoteTable.quick` send a line
or a quick phrase; each line the room relays becomes a :class:`ChatLine`
(a quick phrase in this player's language), kept in :attr:`chat_lines`
and handed to ``on_chat`` -- unless its speaker is muted here
(:attr:`mutes`, remembered for that name on this computer) or by the host.
"""

from __future__ import annotations

import queue
import time
import unicodedata
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from holdem_desktop.engine.actions import Action, ActionKind, IllegalAction
from holdem_desktop.engine.events import ActionTaken, HandStarted
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.variant import BlindLevel, Variant
from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n.chat import chat_error, chat_line, chat_news, quick_phrase
from holdem_desktop.i18n.phrases import Member, names_list, room_error, room_news, room_people
from holdem_desktop.i18n.table_news import clock_left, clock_news
from holdem_desktop.i18n.tournament import COMPUTER, comes_to_seat, leaves_table, player_name
from holdem_desktop.i18n.translate import _
from holdem_desktop.session import (
    BlindsUp,
    GameOver,
    GameStarted,
    HandStarting,
    PlayerOut,
    SessionError,
    StoodIn,
    TurnStarted,
    WaitingForPlayers,
    hand_config,
)

from .account_messages import Rating
from .chat import REFUSALS
from .client import Closed, RoomClient
from .online import Resumed
from .protocol import (
    Act,
    Away,
    Back,
    Bye,
    Chat,
    Error,
    Events,
    HostMessage,
    Leave,
    LetBack,
    MuteMember,
    NewGame,
    News,
    NextHand,
    PlayFor,
    Refused,
    Remove,
    Said,
    StartWithout,
    Table,
    Waiting,
    Welcome,
)
from .public_table import WARNING
from .tournament_messages import TournamentNews
from .tournament_tables import TournamentSeat

__all__ = ["CHAT_KEPT", "ChatLine", "MuteList", "RemoteTable", "RoomAction"]

CHAT_KEPT = 500
"""Chat lines a table keeps (the oldest go first)."""

QUIET_ERRORS = frozenset({"stale_action"})
"""Refusals nobody needs to hear: a doubled press, already answered."""


@dataclass(frozen=True)
class RoomAction:
    """A button of the Room zone: ``key`` (stable, for focus), what it says,
    what it does, and whether it asks to be pressed twice."""

    key: str
    label: str
    run: Callable[[], None] = field(compare=False)
    confirm: bool = False


@dataclass(frozen=True)
class ChatLine:
    """One line said at the table: who, the words (a quick phrase already in
    this player's language), when (seconds since the epoch), and whether
    this window sent it."""

    name: str
    text: str
    at: float
    own: bool = False

    @property
    def spoken(self) -> str:
        """"Ana: one more game?"."""
        return chat_line(self.name, self.text)


class MuteList(Protocol):
    """The people whose lines this player does not want to hear, by name."""

    def __contains__(self, name: object) -> bool: ...

    def set(self, name: str, on: bool) -> None:
        """Mute (``on``) or unmute ``name``."""


class _Mutes:
    """Mutes kept only while the window is open (the app gives one on disk)."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.casefold() in self.names

    def set(self, name: str, on: bool) -> None:
        if on:
            self.names.add(name.casefold())
        else:
            self.names.discard(name.casefold())


@dataclass
class _Seat:
    name: str
    place: int | None = None


class RemoteTable:
    """A room's table, seen from ``client``'s seat."""

    def __init__(self, client: RoomClient, variant: Variant, welcome: Welcome) -> None:
        self.client = client
        self.variant = variant
        self.welcome = welcome
        self.seat = welcome.seat
        self.code = welcome.code
        self.token = welcome.token
        self.is_host = (welcome.seat is not None and welcome.seat == welcome.host_seat
                        and not welcome.public)
        self.public = welcome.public
        self._clock_at = time.monotonic()
        """A public table of a server's lobby: no host, any player starts a game."""
        self.table: Table | None = None
        self._waiting: tuple[int, ...] = ()
        """Who the next hand waits for (from the last table or waiting list)."""
        self.seats = [_Seat(name) for name in welcome.names]
        self.listeners: list[Callable[[object], None]] = []
        self.hand: Hand | None = None
        """The mirror of the hand's betting (see the module docstring)."""
        self.game = 0
        self._level = BlindLevel((0, 0))
        self.on_error: Callable[[Error], None] = lambda error: None
        self.on_closed: Callable[[str], None] = lambda reason: None
        self.on_news: Callable[[str], None] = lambda text: None
        """Gets each sentence about people in the room, to announce."""
        self.sat_out = False
        """Whether this player sits out (their time ran out again: the news
        said so), until they are back: their keys say it in those words."""
        self.on_cue: Callable[[str], None] = lambda cue: None
        """Plays a sound cue the room's news calls for (the time bank starting)."""
        self.seat_listeners: list[Callable[[int | None], None]] = []
        """Called with the new seat when the host gives this window another."""
        self.closed: str | None = None
        self.refusals: Counter[str] = Counter()
        """Every error the host answered, by reason (quiet ones too)."""
        self._answered: tuple[int, int] | None = None
        """The id of the last decision an action was sent for."""
        self.resumer: Callable[[], None] | None = None
        """Starts taking the seat back over a new connection when this one
        drops (a room on a server: :func:`~.online.resume`); None: a lost
        connection ends the room."""
        self.on_lost: Callable[[], None] = lambda: None
        """The connection dropped and is being tried again."""
        self.on_back: Callable[[], None] = lambda: None
        """The player is back at the table (see :meth:`tell_where`): says so,
        with where the game stands for them."""
        self.back_listeners: list[Callable[[], None]] = []
        """Called when the player is back at the table, before :attr:`on_back`
        says so: the table's Move log and the hand's record take up this
        hand, and the one that ended while away, from :meth:`hands_so_far`
        (what came while away never reached them)."""
        self.resuming = False
        self.seated_said = False
        self.watch_only = False
        """Whether the player chose Watch at a public table: never seated there."""
        """"You have a seat" was said here (a seat given after the join)."""
        self.newcomer = False
        """Seated by a join that carried no seat's token (Play now, a listed
        table joined for the first time): a seat in a running game is a new
        one, never "Back at the table"."""
        self._restate = False
        """Back over a new connection: the next table tells where the game
        stands (:meth:`tell_where`)."""
        self._echo_back = False
        """Back at the table (over a new connection, or joining again with the
        token): the room's first news, "you are back", is not said after
        "Back at the table." (the same thing twice)."""
        self._end_told = False
        """The game's end (a :class:`GameOver`) went to the listeners: a table
        back after it never gives it again (see :meth:`tell_where`)."""
        self._bye = False
        self._asked_away: bool | None = None
        """Away (True) or Back (False) asked of the room, until a table shows it."""
        self.name = ""
        """This player's name as they typed it (their own lines are marked)."""
        self.chat_lines: list[ChatLine] = []
        """The lines said at the table (not those of muted people), oldest first."""
        self.chat_total = 0
        """Lines kept so far, the oldest let go of too (a count that only grows)."""
        self.on_chat: Callable[[ChatLine], None] = lambda line: None
        """Gets each line said by someone else, to say."""
        self._unanswered: deque[str] = deque(maxlen=CHAT_KEPT)
        """Our lines sent that the room has neither relayed nor refused yet,
        oldest first: "" for a typed one, a quick phrase's words."""
        self.on_answer: Callable[[str], None] = lambda text: None
        """Gets what the room did with each line sent: "Sent." once it is
        relayed, or the refusal (too fast, muted ...): never "Sent" for a
        line nobody heard."""
        self.mutes: MuteList = _Mutes()
        self.host_muted: set[str] = set()
        """Names the host muted for everyone (from the room's news)."""
        self.muted_lines = 0
        """Lines left out because their speaker is muted here."""
        self.tournament_table: int | None = None
        """At a tournament's table: its number (from ``tournament_seat``)."""
        self.early_news: list[TournamentNews] = []
        """The tournament's news that came with the welcome, before anything
        listened (:func:`~holdem_desktop.app.tournament_seat.take_seat` says
        them once it listens): what happened at the other tables while the
        Desktop came to this one."""
        self.on_tournament: Callable[[TournamentNews], None] = self.early_news.append
        """Gets the tournament's news for this player (a move, the end ...)."""
        self.on_rating: Callable[[Rating], None] = lambda mine: None
        """Gets the player's new rating, told unasked as a rated game ends."""

    # ------------------------------------------------------------------
    # Reading the host

    def pump(self, limit: int = 500) -> int:
        """Handle what has arrived (at most ``limit`` messages); returns how many."""
        n = 0
        while n < limit:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                break
            n += 1
            self.handle(message)
        return n

    def handle(self, message: HostMessage | Closed | Resumed) -> None:
        """One message from the host."""
        if isinstance(message, Events):
            self._echo_back = False
            for event in message.events:
                self._event(event)
        elif isinstance(message, Table):
            self._table(message)
        elif isinstance(message, Waiting):
            self._waiting = message.seats
            if message.say:
                self._emit(WaitingForPlayers(message.seats))
        elif isinstance(message, Error):
            self.refusals[message.reason] += 1
            if message.reason in REFUSALS and self._unanswered:
                self._unanswered.popleft()  # a line of ours refused: said instead of "Sent"
                self.on_answer(self.error_text(message))
                return
            if message.reason in ("not_playing", "already_away", "not_away"):
                self._asked_away = None  # Away or Back refused: the table says how it is
            if message.reason not in QUIET_ERRORS:
                self.on_error(message)
        elif isinstance(message, News):
            if message.what in ("muted", "unmuted"):
                for name in message.names:
                    (self.host_muted.add if message.what == "muted"
                     else self.host_muted.discard)(name.casefold())
            mine = (self.seat is not None and self.seat < len(self.seats)
                    and message.names == (self.seats[self.seat].name,)) \
                or (len(message.names) == 1 and bool(self.name)
                    and _same(message.names[0], self.name))  # (watching: no seat's name)
            echo, self._echo_back = self._echo_back, False
            if echo and mine and message.what == "back":
                return  # "Back at the table." said it already
            if mine and message.what in ("sat_out", "back"):
                self.sat_out = message.what == "sat_out"
            if mine and message.what in ("time_bank", "clock_warning"):
                self._clock_news(message.what)
                return
            self.on_news(chat_news(message.what, message.names, message.more, you=mine))
        elif isinstance(message, Said):
            self._said(message)
        elif isinstance(message, Welcome):
            self._welcome(message)
        elif isinstance(message, TournamentSeat):
            self.tournament_table, self.is_host = message.table, False  # (the server's table)
            self.seats = [_Seat(self._named(st.name), st.place) for st in self.seats]
        elif isinstance(message, TournamentNews):
            self.on_tournament(message)
        elif isinstance(message, Rating):
            self.on_rating(message)
        elif isinstance(message, Resumed):
            self.client = message.client
            self.resuming = False
            self._answered = None  # an answer sent as the link fell may never have arrived
            self._welcome(message.welcome)
            self._restate = True  # said with the table that follows the welcome
            self._echo_back = True
        elif (isinstance(message, Closed) and message.reason in ("closed", "refused")
              and self.resumer is not None and self.closed is None and not self._bye
              and not self.resuming):
            self.resuming = True  # the link dropped: the seat is taken back, if it can be
            self.on_lost()
            self.resumer()
        elif isinstance(message, Bye | Closed | Refused) and self.closed is None:
            self._bye = isinstance(message, Bye)
            self.resuming = False
            self.closed = message.reason  # the first reason given (a bye, then the close)
            self.on_closed(self.closed)

    def _welcome(self, welcome: Welcome) -> None:
        """A (new) welcome: at a new game a listener is given a seat."""
        before = self.seat
        moved = welcome.code != self.code
        if moved:  # a tournament moved this player: the old table's state goes
            self.code, self.table, self.hand, self._answered = welcome.code, None, None, None
            self.seats, self._waiting = [_Seat(self._named(n)) for n in welcome.names], ()
        self.welcome, self.seat, self.token = welcome, welcome.seat, welcome.token
        self.is_host = (welcome.seat is not None and welcome.seat == welcome.host_seat
                        and not welcome.public and self.tournament_table is None)
        if welcome.seat != before:
            for listener in list(self.seat_listeners):
                listener(welcome.seat)
            if welcome.seat is not None and not moved:  # (a move is said in its own words)
                self.seated_said = True
                self.on_news(room_news("seated", ("",)))

    def player_of(self, seat: int) -> str:
        """Who played ``seat`` in the game the table shows, as said: once it
        is over, its player then (the room may have given the seat to
        another since, for the next game); else the seat's name."""
        t = self.table
        if t is not None and t.game_over and seat < len(t.played):
            return self._named(t.played[seat])
        return self.seats[seat].name

    @property
    def me(self) -> int | None:
        """The seat the game's words say "you" for: this window's, unless the
        game is over and was not played from it (the room sends its result
        only to those who played it, at their seat then: one given the seat
        after the end learns of that game what a listener learns)."""
        t = self.table
        if self.seat is not None and t is not None and t.started and t.game_over \
                and t.result is None:
            return None
        return self.seat

    def _named(self, name: str) -> str:
        """A seat's name as said: at a tournament's table a computer's id
        ("computer:3") is "Computer 3"."""
        return player_name(name) if self.tournament_table is not None else name

    def error_text(self, error: Error) -> str:
        """What to say about a refusal from the host."""
        return chat_error(error.reason, error.data) or room_error(error.reason, error.data)

    def _said(self, said: Said) -> None:
        """A line the room relayed: kept and handed on, unless muted here;
        one of ours is the room's receipt of it ("Sent.")."""
        own = _same(said.name, self.name)
        if own and self._unanswered:
            words = self._unanswered.popleft()
            self.on_answer(_("Sent: {text}").format(text=words) if words else _("Sent."))
        if said.name in self.mutes or said.name.casefold() in self.host_muted:
            self.muted_lines += 1
            return
        words = said.text or quick_phrase(said.phrase)
        line = ChatLine(said.name, words, time.time(), own)
        self.chat_lines.append(line)
        self.chat_total += 1
        del self.chat_lines[:-CHAT_KEPT]
        if not own:
            self.on_chat(line)

    def chat(self, text: str) -> None:
        """Say ``text`` at the table (the room relays it, or says why not:
        :attr:`on_answer` gets which)."""
        self._unanswered.append("")
        self.client.send(Chat(text=text))

    def quick(self, phrase: str) -> None:
        """Say a quick phrase (by id: each hears it in their own language)."""
        self._unanswered.append(quick_phrase(phrase))
        self.client.send(Chat(phrase=phrase))

    def mute(self, name: str, on: bool = True) -> None:
        """Stop (``on``) or start hearing ``name``'s lines at this computer."""
        self.mutes.set(name, on)

    def mute_for_everyone(self, name: str, on: bool = True) -> None:
        """(The host.) Mute or unmute ``name``'s chat for everyone."""
        self.client.send(MuteMember(name, on))

    def people(self) -> list[str]:
        """The other people in the room, by name (seated players and watchers)."""
        t = self.table
        if t is None:
            return []
        names = [t.names[k] for k in range(len(t.names)) if k != self.seat
                 and (t.kinds[k] == "human" or t.connected[k])] + list(t.watchers)
        return [n for n in dict.fromkeys(names) if n and not _same(n, self.name)]

    def _event(self, event: object) -> None:
        if isinstance(event, GameStarted):
            self.game += 1
            self.hand = None
            self.seats = [_Seat(name) for name in event.names]
        elif isinstance(event, HandStarting):
            self._level = BlindLevel(event.blinds, event.ante)
        elif isinstance(event, HandStarted):
            try:
                self.hand = Hand(self._config(event, self._level), list(range(52)))
            except (ValueError, IllegalAction):
                self.hand = None
        elif isinstance(event, ActionTaken) and self.hand is not None:
            try:
                self.hand.apply(event.seat, _action(event))
            except (IllegalAction, ValueError, KeyError):
                self.hand = None  # out of step: the host's answers still explain
        self._emit(event)

    def _clock_news(self, what: str) -> None:
        """The clock's news to this player (their decision): their time
        bank starts (said with its seconds, and a cue), or their time is
        nearly up (with the seconds left)."""
        t = self.table
        if what == "time_bank":
            self.on_cue("attention")
            seconds = t.bank if t is not None and t.bank is not None else 0
        else:
            left = _seconds_left(t, self._clock_at)
            seconds = int(WARNING) if left is None else left
        self.on_news(clock_news(what, seconds))

    def time_left(self) -> str:
        """(A public table's clock.)  The time left for the decision awaited
        now, and the player's own time bank, in words."""
        t = self.table
        if t is None or (t.clock is None and t.bank is None):
            return _("This table has no clock: take the time you need.")
        left = _seconds_left(t, self._clock_at)
        if left is None:
            return clock_left(None, t.bank)
        view = t.view
        if view is not None and self.seat is not None and view.to_act == self.seat:
            return clock_left(left, t.bank)
        to_act = view.to_act if view is not None else None
        name = self.seats[to_act].name if to_act is not None and to_act < len(self.seats) \
            else "?"
        return clock_left(left, t.bank, name)

    def _table(self, table: Table) -> None:
        self._clock_at = time.monotonic()  # the clock's seconds count from here
        if self.table is None and self.seat is not None and table.started and (
                not table.game_over or (self.seat < len(table.places)
                                        and table.places[self.seat] is not None)):
            self._echo_back = True  # joined again with the token: see :meth:`tell_where`
            # (the game over: its end is said instead, with no seat to play again)
        before, self.table = self.table, table
        seat = self.seat
        if seat is not None and seat < len(table.kinds) and self._asked_away is not None \
                and (table.kinds[seat] == "computer") == self._asked_away:
            self._asked_away = None  # done: the table says it from now on
        self._waiting = table.waiting_for
        self._seats_changed(before, table)
        if seat is not None and seat < len(table.kinds) and table.kinds[seat] != "computer":
            self.sat_out = False  # (they play their seat: back, whoever said it)
        self.seats = [_Seat(self._named(name), place)
                      for name, place in zip(table.names, table.places, strict=True)]
        view = table.view
        if view is not None and view.over and self.hand is not None and not self.hand.over:
            self.hand = None  # the host says the hand is over: so it is
        elif view is not None and view.over and self.hand is None and view.history:
            # Back after the hand ended while away (or joined after its end):
            # the ended hand's betting too, so the felt shows it and the keys
            # say "the hand is over", as to a player who stayed.
            mirror = self._mirror(view, table)
            self.hand = mirror if mirror is not None and mirror.over else None
        elif view is not None and not view.over and (
                self.hand is None or len(self.hand.actions) != table.decision):
            # Joined (or back) in the middle of a hand, or out of step: the
            # hand's betting is rebuilt from the view's history, so the
            # buttons, the keys and the turn work at once.
            self.hand = self._mirror(view, table)
        if self._restate:
            self._restate = False
            self.tell_where()

    def _seats_changed(self, before: Table | None, table: Table) -> None:
        """At a tournament's table, the computers the tournament moved in or
        away since the last table here, said (a person's coming and going is
        the room's news; a computer with no chips left is out, as its hand
        said)."""
        if self.tournament_table is None or before is None \
                or len(before.names) != len(table.names):
            return
        for k, (old, new) in enumerate(zip(before.names, table.names, strict=True)):
            if old != new and old.startswith(COMPUTER) and before.chips[k] > 0:
                self.on_news(leaves_table(old))
        for k, (old, new) in enumerate(zip(before.names, table.names, strict=True)):
            if old != new and new.startswith(COMPUTER):
                self.on_news(comes_to_seat(new, k))

    @property
    def rejoined(self) -> bool:
        """Whether this window holds a seat of the game running: joining with
        that, the player came back to it (with the seat's token), unless the
        join was a :attr:`newcomer`'s."""
        return self.seat is not None and self.running and not self.newcomer

    @property
    def back_after_end(self) -> bool:
        """Whether this window holds a seat of the game that ended, and has
        not given its end to the listeners: joining with that seat's token,
        the player came back to it after the end was said (they closed the
        game during its last hand), and hears it now (:meth:`tell_where`)."""
        t, seat = self.table, self.seat
        return seat is not None and not self.newcomer and not self._end_told \
            and t is not None and seat < len(t.places) and t.places[seat] is not None \
            and bool(self.game_end())

    def tell_where(self) -> None:
        """The player is back at the table (a new connection took the seat
        back, or they joined again with its token, after Leave or with the
        game closed): :attr:`on_back` says so and where the game stands, then
        whose turn it is, as the game says a turn ("Your turn: 20 to call.",
        "Bo to act."), and that the game waits for that person when they are
        not connected.  One way for every return, on the LAN and online.

        A game that ended while the player was away (its last hand played
        with the link down, or the game closed) ends for them now, once: the
        hand that ended is taken up first, then who it put out and the
        game's result are said, shown and written as if they had stayed."""
        for listener in list(self.back_listeners):
            listener()
        self.on_back()
        if not self._end_told:
            self.tell_end()
        t = self.table
        view = t.view if t is not None else None
        if t is None or view is None or view.over or view.to_act is None or not self.running:
            return
        seat = view.to_act
        if seat == self.seat:
            self._emit(TurnStarted(seat, view.to_call))
            return
        player = view.player(seat)
        top = max(p.bet for p in view.players)
        self._emit(TurnStarted(seat, min(top - player.bet, player.stack)))
        if seat < len(t.kinds) and t.kinds[seat] == "human" and not t.connected[seat]:
            self.on_news(room_news("turn_waits", (t.names[seat],)))

    def game_end(self) -> list[object]:
        """The game's end as the players heard it, once the game is over
        (none: it is not, or the room did not say why it ended): who the
        last hand put out (:class:`PlayerOut`, in the session's order: more
        chips at the hand's start, better place), then the
        :class:`GameOver` with every place -- for a window or a page that
        came after it was said (a reloaded page)."""
        t = self.table
        if t is None or not t.started or not t.game_over or t.result is None:
            return []
        started = next((e for e in t.view.history if isinstance(e, HandStarted)), None) \
            if t.view is not None else None
        start = dict(zip(started.seats, started.stacks, strict=True)) if started else {}
        busted = sorted((k for k in start if k < len(t.places) and t.places[k] is not None
                         and t.chips[k] == 0), key=lambda k: -start[k])
        out: list[object] = []
        for k in busted:
            shared = sum(1 for o in busted if start[o] == start[k]) > 1
            out.append(PlayerOut(k, t.places[k] or 0, shared))
        places = tuple((k, place or 0) for k, place in enumerate(t.places))
        return [*out, GameOver(t.result, places)]

    def tell_end(self) -> bool:
        """Give the listeners the game's end again (:meth:`game_end`):
        said, shown and written as when the game ended.  False: it is not over."""
        end = self.game_end()
        for event in end:
            self._emit(event)
        if end:  # the room's "you are back: you play your seat again": no game to play
            self._echo_back = True
        return bool(end)

    def hand_so_far(self) -> list[object]:
        """The events of the hand the view shows (none before the first deal),
        as a Move log that was there all along took them: "Blinds go up to …"
        when they went up with it, its start ("Hand 3. Bo deals. Blinds 10 and
        20.", which the view's history begins after), then the history, the
        moves the computer made for a person marked (:class:`StoodIn`: said
        as the computer's).  A table back after a drop, a new window or a
        reloaded page writes this hand again from them."""
        t = self.table
        view = t.view if t is not None else None
        if t is None or view is None or not view.history:
            return []
        level = self.blind_level()
        number = self.hands_played + (0 if view.over else 1)  # (counted at its end)
        up: list[object] = [BlindsUp(t.level, level.blinds, level.ante)] if t.blinds_up else []
        return [*up, HandStarting(number, view.button, t.level, level.blinds, level.ante,
                                  t.hands_until_next_level),
                *_marked(view.history, t.stand_ins)]

    def hand_ended_away(self) -> list[object]:
        """The hand that ended while the link was down, as :meth:`hand_so_far`
        gives one (the first table back carries it when another hand was dealt
        since; none: nothing came, or nothing was missed)."""
        t = self.table
        ended = t.ended if t is not None else None
        if t is None or ended is None or not ended.history:
            return []
        index = max(0, t.level - 1) if t.blinds_up else t.level  # (its blinds, not these)
        level = self.variant.schedule.level(index)
        return [HandStarting(t.hands_played, ended.button, index, level.blinds, level.ante,
                             None), *_marked(ended.history, t.ended_stand_ins)]

    def hands_so_far(self) -> list[list[object]]:
        """What a table back takes up, oldest first: the hand that ended while
        away (if it came), then this one."""
        return [hand for hand in (self.hand_ended_away(), self.hand_so_far()) if hand]

    def _mirror(self, view: SeatView, table: Table) -> Hand | None:
        """The hand's betting replayed from ``view``'s history (None when it
        cannot be: the host's answers still say why an action is refused)."""
        started = next((e for e in view.history if isinstance(e, HandStarted)), None)
        if started is None:
            return None
        level = BlindLevel(table.blinds, table.ante) if len(table.blinds) >= 2 else self._level
        try:
            hand = Hand(self._config(started, level), list(range(52)))
            for event in view.history:
                if isinstance(event, ActionTaken):
                    hand.apply(event.seat, _action(event))
        except (IllegalAction, ValueError, KeyError):
            return None
        self._level = level
        return hand

    def _config(self, started: HandStarted, level: BlindLevel) -> HandConfig:
        """The hand ``started`` lays out, for the mirror: the variant's usual
        blinds, or the forced bets as posted when they differ (a tournament's
        hand with no small blind, its players moved or out)."""
        try:
            config = hand_config(self.variant, level, list(started.seats), list(started.stacks))
        except (ValueError, IllegalAction):
            config = None
        if config is not None and config.blinds == started.blinds:
            return config
        return HandConfig.of_variant(self.variant, level, started.seats, started.stacks,
                                     started.blinds,
                                     no_small_blind=sum(1 for b in started.blinds if b) == 1)

    def _emit(self, event: object) -> None:
        if isinstance(event, GameOver | GameStarted):
            self._end_told = isinstance(event, GameOver)
        for listener in list(self.listeners):
            listener(event)

    # ------------------------------------------------------------------
    # What a Session offers the table screen

    def subscribe(self, listener: Callable[[object], None]) -> None:
        """Call ``listener`` with every event from now on."""
        self.listeners.append(listener)

    @property
    def n(self) -> int:
        """Seats at the table."""
        return len(self.seats)

    def view(self, seat: int | None) -> SeatView:
        """This seat's view as the host last sent it (``SessionError`` while
        none has come: a hand's first events can arrive a moment before it)."""
        if self.table is None or self.table.view is None:
            raise SessionError("no_hand")
        return self.table.view

    def chips(self, seat: int) -> int:
        """A seat's chips (its stack during a hand)."""
        return self.table.chips[seat] if self.table is not None else 0

    def blind_level(self) -> BlindLevel:
        """The blinds now."""
        t = self.table
        if t is None or len(t.blinds) < 2:
            return self._level
        return BlindLevel(t.blinds, t.ante)

    def hands_until_next_level(self) -> int | None:
        """Hands until the blinds go up."""
        return self.table.hands_until_next_level if self.table is not None else None

    def blinds_rise(self) -> tuple[BlindLevel, float] | None:
        """(A tournament's table.)  The next level's blinds and the seconds
        until its clock raises them to those (0: from the next hand; None: no
        clock raises them here, or no longer)."""
        t = self.table
        if t is None or t.next_level_in is None:
            return None
        left = max(0.0, t.next_level_in - (time.monotonic() - self._clock_at))
        return self.variant.schedule.level(t.level + 1), left

    @property
    def hands_played(self) -> int:
        """Hands finished in this game."""
        return self.table.hands_played if self.table is not None else 0

    @property
    def game_over(self) -> bool:
        """Whether no game is running (it ended, or none has started yet: the
        table then offers New game)."""
        return self.table is None or not self.table.started or self.table.game_over

    @property
    def waiting_for(self) -> int | None:
        """The seat the hand waits for."""
        t = self.table
        if t is None or t.view is None or t.view.over:
            return None
        return t.view.to_act

    @property
    def my_turn(self) -> bool:
        """Whether the hand waits for this player's decision, not yet sent
        (a line of chat waits until it is, when the player asked so)."""
        return self.seat is not None and self.waiting_for == self.seat \
            and self.decision != self._answered

    @property
    def computer_plays(self) -> bool:
        """Whether the computer plays this player's seat (they are away): as
        the last table showed it, or as they asked since (the computer's
        first move can come before the table that shows it playing)."""
        if self._asked_away is not None:
            return self._asked_away
        t, seat = self.table, self.seat
        return t is not None and seat is not None and seat < len(t.kinds) \
            and t.kinds[seat] == "computer"

    @property
    def moving(self) -> bool:
        """Whether this player's decision was sent and the host has not yet
        answered it (chat lines arriving meanwhile are said after the move)."""
        return self.seat is not None and self.waiting_for == self.seat \
            and self.decision == self._answered

    @property
    def decision(self) -> tuple[int, int]:
        """The id of the decision the host awaits now (from the last table)."""
        t = self.table
        return (t.hand, t.decision) if t is not None else (0, 0)

    def submit(self, seat: int, action: Action) -> None:
        """Ask the host to play ``action`` (the answer comes as events or an
        error).  A decision is answered once: a second press before the host
        has answered sends nothing."""
        decision = self.decision
        if decision == self._answered:
            return
        self._answered = decision
        self.client.send(Act(action.kind, action.amount, *decision))

    def next_hand(self) -> None:
        """Say we are ready for the next hand."""
        self.client.send(NextHand())

    def new_game(self) -> None:
        """Ask for a new game (the host's seat only)."""
        self.client.send(NewGame())

    def leave(self) -> None:
        """Leave the room (our seat is played by the computer)."""
        self.client.send(Leave())

    def away(self) -> None:
        """Step away: the computer plays our seat until :meth:`back`."""
        self._asked_away = True
        self.client.send(Away())

    def back(self) -> None:
        """Take our seat back from the computer."""
        self._asked_away, self.sat_out = False, False
        self.client.send(Back())

    def play_for(self, seat: int) -> None:
        """(The host.) The computer plays ``seat``, whose person is silent."""
        self.client.send(PlayFor(seat))

    def remove(self, name: str) -> None:
        """(The host.) ``name`` must leave the room."""
        self.client.send(Remove(name))

    def let_back(self, name: str) -> None:
        """(The host.) The member removed as ``name`` may join again."""
        self.client.send(LetBack(name))

    def start_without(self) -> None:
        """(The host, at the next-hand barrier.) Deal without those awaited."""
        self.client.send(StartWithout())

    # ------------------------------------------------------------------
    # The Room zone

    @property
    def running(self) -> bool:
        """Whether a game is being played."""
        t = self.table
        return t is not None and t.started and not t.game_over

    def awaited(self) -> tuple[int, ...]:
        """The seats the next hand waits for (none while a hand is played)."""
        return self._waiting if self.running else ()

    def room_actions(self) -> list[RoomAction]:
        """The buttons the Room zone offers now: Away or Back for a player;
        for the host, Start without those awaited, Play for each other
        person, Remove each other member, and Let back each member removed
        (kept out until then).  (Muting a person's chat is in the Chat zone:
        :meth:`chat_actions`.)"""
        t = self.table
        if t is None:
            return []
        out: list[RoomAction] = []
        mine = self.seat
        playing = self.running and mine is not None and mine < len(t.places) \
            and t.places[mine] is None
        if playing and mine is not None:
            if t.kinds[mine] == "computer":
                out.append(RoomAction("back", _("Back: play my seat again"), self.back))
            else:
                out.append(RoomAction("away", _("Away: the computer plays my seat"),
                                      self.away))
        if not self.is_host:
            return out
        others = [k for k in self._waiting if k != mine]
        if others:
            names = names_list([t.names[k] for k in others])
            out.append(RoomAction("start_without", _("Start without {players}").format(
                players=names), self.start_without))
        people = [k for k in range(len(t.names)) if k != mine and t.kinds[k] == "human"]
        if self.running:
            out += [RoomAction(f"play_for:{k}", _("Play for {player}").format(
                player=t.names[k]), lambda k=k: self.play_for(k))  # type: ignore[misc]
                for k in people if t.places[k] is None]
        removable = [t.names[k] for k in range(len(t.names)) if k != mine
                     and (t.kinds[k] == "human" or t.connected[k])] + list(t.watchers)
        out += [RoomAction(f"remove:{name}", _("Remove {player}").format(player=name),
                           lambda name=name: self.remove(name),  # type: ignore[misc]
                           confirm=True)
                for name in removable]
        out += [RoomAction(f"let_back:{name}", _("Let {player} back in (removed)").format(
                    player=name), lambda name=name: self.let_back(name))  # type: ignore[misc]
                for name in t.removed]
        return out


    def who_is_here(self) -> str:
        """Who is in the room, in words: the people by seat (the host, you,
        who is away or not connected), those watching, the seats the
        computer plays and, before the first game, the seats still free."""
        t = self.table
        if t is None:
            return _("Nobody is known to be in the room yet.")
        host = None if self.public or self.tournament_table is not None \
            else self.welcome.host_seat  # (a public table has none, a tournament's neither)
        seated, computers, free = [], 0, 0
        for k, name in enumerate(t.names):
            kind, up = t.kinds[k], t.connected[k]
            if kind == "empty":
                free += 1
            elif kind == "computer" and not up:
                computers += 1
            else:
                seated.append(Member(name, you=k == self.seat, host=k == host,
                                     away=kind == "computer", gone=kind == "human" and not up))
        watchers = [Member(name, you=_same(name, self.name))  # (names are one a room: a
                    for name in t.watchers]  # watcher by the player's own name is the player,
        # a tournament's player knocked out too, whose seat number stays)
        return room_people(seated, watchers, computers, None if t.started else free)

    def chat_actions(self) -> list[RoomAction]:
        """The Chat zone's buttons: mute or unmute each other person here, for
        this player; the host's, for everyone too."""
        out = []
        for name in self.people():
            if name in self.mutes:
                out.append(RoomAction(f"unmute:{name}", _("Hear {player}'s chat again").format(
                    player=name), lambda name=name: self.mute(name, False)))  # type: ignore[misc]
            else:
                out.append(RoomAction(f"mute:{name}", _("Mute {player}'s chat for me").format(
                    player=name), lambda name=name: self.mute(name)))  # type: ignore[misc]
            if self.is_host:
                on = name.casefold() not in self.host_muted
                out.append(RoomAction(
                    f"host_mute:{name}",
                    (_("Mute {player}'s chat for everyone") if on
                     else _("Let {player} chat again")).format(player=name),
                    lambda name=name, on=on: self.mute_for_everyone(name, on)))  # type: ignore[misc]
        return out


def _seconds_left(table: Table | None, since: float) -> int | None:
    """The seconds left for the decision awaited now, by ``table``'s clock
    that came at ``since`` (None: no clock, or no decision awaited)."""
    if table is None or table.clock is None:
        return None
    return max(0, int(table.clock - (time.monotonic() - since) + 0.5))


def _same(a: str, b: str) -> bool:
    """Whether two names are one person's (the room keeps names in NFKC)."""
    return bool(b) and unicodedata.normalize("NFKC", a).casefold() == \
        unicodedata.normalize("NFKC", " ".join(b.split())).casefold()


def _marked(history: tuple[object, ...], stand_ins: tuple[int, ...]) -> list[object]:
    """``history`` with the moves of ``stand_ins`` (by their order among its
    moves) marked as the computer's for a person (:class:`StoodIn`)."""
    if not stand_ins:
        return list(history)
    out: list[object] = []
    moves = 0
    for event in history:
        if isinstance(event, ActionTaken):
            out.append(StoodIn(event) if moves in stand_ins else event)
            moves += 1
        else:
            out.append(event)
    return out


def _action(event: ActionTaken) -> Action:
    """The action that produced ``event``."""
    if event.kind in (ActionKind.BET, ActionKind.RAISE):
        return Action(event.kind, event.amount)
    return Action(event.kind)
