"""A player in a web page: a member of the server's rooms like any other.

One set of words and one announcer (docs/architecture.md, *The web page*):
the page shows, it never words anything.  For each page the server runs,
in the page's language, what a desktop in a room runs: a
:class:`~holdem_desktop.net.remote.RemoteTable` fed the room's messages,
the desktop's :class:`~holdem_desktop.speech.announcer.Announcer` (its
announcements go to the page's live region), its
:class:`~holdem_desktop.ui.action_panel.ActionPanel` (the buttons, their
amounts, why one cannot be used) and its Move log.  The page sends what was
pressed; the server answers with sentences and the zones' text.

Page to server (JSON objects): ``{"lang": "ro"}`` (the words of the page),
``{"join": {"code", "name", "token", "public", "watch"}}`` (``public``: a
table of the lobby, joined as a desktop's Lobby joins it, ``watch``: only
to listen), ``{"lobby": 1}`` or ``{"lobby": {"variant", "speed"}}`` (follow
the public tables, filtered as the desktop's Lobby filters them),
``{"play_now": {"name", "variant", "speed"}}``, ``{"press": <Command>}``
(with ``"turn"``: the view's ``turn`` when it was pressed; an answer to a
decision the table has moved on from is refused),
``{"preset": <Preset>}``, ``{"hand": 1}`` (a card touched: your hand now),
``{"state": 1}`` (Read state), ``{"clock": 1}`` (the time left: the
desktop's K), ``{"leave": 1}``, ``{"howto": 1}`` (answered
``{"howto": [{"heading", "paragraphs"}]}``: How to play's rules),
``{"chat": text}``, ``{"sounds": bool}`` (the page's Sounds setting; off
until it says on), ``{"ping": 1}``.  Server to page: ``{"words": {...},
"filters": {"variant", "speed"}}`` (the lobby's filters' choices,
``[value, label]`` each),
``{"joined": {"code", "token"}}``, ``{"tables": {"count", "tables":
[{"code", "line"}]}}`` (the lobby's list, worded as the desktop's Lobby
says it), ``{"say": text, "more": bool, "own": bool}`` (an
announcement, or ``more`` of the one the player's move began; ``own``: the
one their move begins, which replaces what the live region holds),
``{"tell": text}`` (the answer to a press: said at once),
``{"gone": text}`` (the room closed this seat, and why: the page leaves
the table and asks for it no more),
``{"sound": cue}`` (play ``/sounds/<cue>.wav``: :mod:`.web_sounds`),
``{"view": {...}}`` (what changed of the zones since the last: see
:func:`~.web_view.view_change`) and ``{"error": text}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gettext
import json
import logging
import queue
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.i18n import translate
from holdem_desktop.i18n.phrases import back_at_table, room_news, room_problem, spectator_arrival
from holdem_desktop.i18n.translate import _
from holdem_desktop.net.compact import Rebuilder
from holdem_desktop.net.limits import TokenBucket
from holdem_desktop.net.lobby_messages import JoinTable, LobbyList, PlayNow, Tables
from holdem_desktop.net.protocol import (
    Bye,
    ClientMessage,
    Hello,
    HostMessage,
    MalformedMessage,
    Refused,
    Welcome,
    parse_host,
)
from holdem_desktop.net.remote import ChatLine, RemoteTable
from holdem_desktop.session import GameOver, GameStarted
from holdem_desktop.speech.announcer import (
    Announcer,
    gathered_pots,
    next_hand_waits,
    pot_now,
    stack_now,
)
from holdem_desktop.ui.action_panel import ActionPanel, Command, Outcome, Preset
from holdem_desktop.ui.move_log import MoveLog

from . import web_files
from .silence import Silence
from .web_chat import PageChats, missed_news
from .web_result import HandResult
from .web_sounds import PageSounds
from .web_view import (
    PAGE_PRESETS,
    TWO_POT,
    hand_text,
    lobby_filters,
    lobby_view,
    page_words,
    read_state,
    rules_page,
    table_view,
    turn_of,
    view_change,
)

if TYPE_CHECKING:
    from .service import GameServer

__all__ = ["WebMember", "serve_page"]

_ANSWERS = frozenset({Command.FOLD, Command.CHECK_CALL, Command.BET_RAISE, Command.ALL_IN})
"""The presses that answer a decision: refused when the page showed another."""

MAX_PAGE_MESSAGE = 4096
"""Bytes a page's message may hold (a chat line is far shorter)."""
_catalogs: dict[str, gettext.NullTranslations] = {}
_LOG = logging.getLogger(__name__)


def speaking(code: str) -> contextlib.AbstractContextManager[None]:
    """Words in language ``code`` while inside, on the server's thread only
    (English when its catalog cannot be had)."""
    if code not in _catalogs:
        try:
            _catalogs[code] = (translate.load(code) if code != "en"
                               else gettext.NullTranslations())
        except (OSError, ValueError, LookupError):
            _catalogs[code] = gettext.NullTranslations()
    return translate.speaking(_catalogs[code], code)


class _Client:
    """What the member's RemoteTable sends through: straight to the lobby,
    but a join (by code, a listed table, Play now) is held for
    :func:`serve_page`, which takes it in as a game's first message is taken
    in: here, or sent on to the process holding its room (``--redis``)."""

    def __init__(self, server: GameServer, conn: str) -> None:
        self.server, self.conn = server, conn
        self.inbox: queue.Queue[object] = queue.Queue()  # (unused: messages are handed in)
        self.held: ClientMessage | None = None
        """A join the page asked for, not yet taken in."""

    def send(self, message: ClientMessage) -> None:
        server = self.server
        if not server.lobby.room_of(self.conn):
            # a guest's name, checked as a game's is
            if refused := server._name_refused(self.conn, message):
                server._event(server._conns[self.conn].address, "", f"refused {refused}")
                server._queue(self.conn, Refused("bad_name", refused))
                return
            if isinstance(message, Hello | JoinTable | PlayNow):
                self.held = message
                return
        server.lobby.receive(self.conn, message)
        server._deliver()


class WebMember:
    """One page's player: turns the room's messages into what the page shows
    and says, and the page's presses into the room's messages."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.lang = "en"
        self.remote: RemoteTable | None = None
        self.announcer: Announcer | None = None
        self.panel: ActionPanel | None = None
        self.log: MoveLog | None = None
        self.out: list[dict[str, Any]] = []
        self.name = ""
        self.tables: Tables | None = None
        """The lobby's list last heard (before a join)."""
        self.watching = False
        """Whether the page chose Watch on a public table (never seated there)."""
        self.sounds = PageSounds(lambda cue: self.out.append({"sound": cue}))
        self.shown: dict[str, Any] = {}
        """The view the page shows (what it was sent, put together)."""
        self.stale = False
        """Whether messages were taken in since the view was last built."""
        self.arrived = False
        """Whether the first table after the welcome came (what is said then)."""
        self.chats: PageChats | None = None
        """The server's pages' chats: this player's lines kept for their page back."""
        self._chat_key: tuple[str, str] | None = None
        """The room code and seat token this page's chat is kept under."""
        self.result = HandResult()
        """The last hand's awards, shown by the board until the next deal."""
        self.missed = 0
        """Chat lines said while the page was away, not yet told."""
        self.ended: GameOver | None = None
        """The game's result, once it is over (Read state says it, as the desktop's I)."""

    # the page

    def page(self, data: object) -> list[dict[str, Any]]:
        """One message of the page; returns what to send it."""
        if not isinstance(data, dict) or not (
                len(data) == 1 or (len(data) == 2 and isinstance(data.get("turn"), str)
                                   and ("press" in data or "preset" in data))):
            return [{"error": "malformed"}]
        seen = data.get("turn")  # the decision the page showed when it was pressed
        (kind, value), = ((k, v) for k, v in data.items() if k != "turn")
        with speaking(self.lang):
            if kind == "lang" and isinstance(value, str):
                self.lang = value if value in translate.LANGUAGES else "en"
                with speaking(self.lang):
                    lobby = [{"tables": lobby_view(self.tables)}] \
                        if self.tables is not None and self.remote is None else []
                    return [{"words": page_words(), "filters": lobby_filters()}, *lobby,
                            *self._take()]
            if kind == "ping":
                return []
            if kind == "sounds" and type(value) is bool:
                self.sounds.on = value
                return []
            if kind == "howto":
                variant = self.remote.variant if self.remote else shipped_variant("tournament")
                return [{"howto": rules_page(variant)}]
            if kind == "join" and isinstance(value, dict) and self.remote is None:
                return self._join(value)
            if kind == "play_now" and isinstance(value, dict) and self.remote is None:
                return self._join({**value, "code": ""}, play_now=True)
            if kind == "lobby" and self.remote is None and (filters := _filters(value)):
                self.client.send(LobbyList(*filters))
                return []
            if self.remote is None or self.panel is None:  # (a join comes first)
                return [{"error": "malformed"}]
            if kind in ("press", "preset") and value in (
                    set(Command) if kind == "press" else PAGE_PRESETS):
                if kind == "press" and value in _ANSWERS and seen is not None \
                        and seen != turn_of(self.remote):  # pressed for one heard before
                    self.sounds.play("error")
                    self.out.append({"tell": room_problem("stale_action")})
                    return self._take()
                outcome = (self.panel.activate(Command(value)) if kind == "press"
                           else self._preset(self.panel, str(value)))
                if not outcome.done:
                    self.sounds.play("error")  # the desktop's cue of a refused press
                if outcome.message:
                    self.out.append({"tell": outcome.message})
            elif kind == "hand":
                self.out.append({"tell": hand_text(self.remote)})
            elif kind == "state":
                self.out.append({"tell": read_state(self.remote, self.panel, self.ended)})
            elif kind == "clock":
                self.out.append({"tell": self.remote.time_left()})
            elif kind == "leave":
                self.remote.leave()  # the seat is played by the computer
            elif kind == "chat" and isinstance(value, str):
                self.remote.chat(value)
            else:
                return [{"error": "malformed"}]
            return self._take()

    def _join(self, value: dict[str, Any], *, play_now: bool = False) -> list[dict[str, Any]]:
        """A room by code, a public table of the lobby, or Play now: sent as
        a desktop sends it (a wrong one refused to this page alone)."""
        code, name, token = value.get("code"), value.get("name"), value.get("token")
        public, watch = value.get("public", False), value.get("watch", False)
        filters = _filters({k: v for k, v in value.items() if k in ("variant", "speed")})
        if not isinstance(code, str) or not isinstance(name, str) or type(public) is not bool \
                or type(watch) is not bool or not (token is None or isinstance(token, str)) \
                or filters is None:
            return [{"error": "malformed"}]
        if not play_now and not public and not _is_code(code.strip()):
            return [{"error": _("A room code has 6 digits.")}]  # (a player's slip, not abuse)
        try:
            message: ClientMessage = (
                PlayNow(name.strip(), __version__, *filters) if play_now else
                JoinTable(name.strip(), __version__, code.strip(), watch, token or None)
                if public else Hello(name.strip(), code.strip(), __version__, token or None))
        except ValueError:
            return [{"error": "malformed"}]
        self.name, self.watching = name, watch and public
        self.client.send(message)
        return []

    @staticmethod
    def _preset(panel: ActionPanel, preset: str) -> Outcome:
        """Choose a preset's amount (twice the pot: its stop of the scale)."""
        if preset != TWO_POT:
            return panel.preset(Preset(preset))
        scale, _now = panel.amounts()
        stop = next((k for k, st in enumerate(scale) if TWO_POT in st.steps), None)
        if stop is None:
            return Outcome(False, _("That amount is not one you can choose now."))
        return panel.choose(stop)

    # the room

    def host(self, message: HostMessage, *, view: bool = True) -> list[dict[str, Any]]:
        """One message of the room; returns what to send the page (without
        the view when ``view`` is False: :meth:`flush` sends it, once for
        several messages)."""
        with speaking(self.lang):
            if self.remote is None:
                if isinstance(message, Tables):
                    self.tables = message
                    self.out.append({"tables": lobby_view(message)})
                elif isinstance(message, Welcome):
                    self._seat(message)
                    self.out.append({"joined": {"code": message.code, "token": message.token}})
                    table = self.remote.table if self.remote is not None else None
                    if (arrival := spectator_arrival(
                            message.spectator, message.public, self.watching,
                            table is not None and table.started and not table.game_over)):
                        self.out.append({"say": arrival})
                elif isinstance(message, Refused | Bye):
                    self.out.append({"error": room_problem(message.reason,
                                                           getattr(message, "detail", ""))})
                return self._take(view)
            self.remote.handle(message)
            assert self.announcer is not None
            if not self.arrived and self.remote.table is not None:
                self._arrive(self.remote)
            self.announcer.flush()
            return self._take(view)

    def _arrive(self, remote: RemoteTable) -> None:
        """The first table after the welcome: a player back at their seat
        (a reload, a new connection, the seat's token) hears where the game
        stands and whose turn it is, as the desktop says it, and finds this
        hand's moves in the Move log as the page had them; one newly
        seated hears that and who is here."""
        self.arrived = True
        if not remote.rejoined and remote.game_end():
            # the game ended before this page came (a reload): its last hand
            # in the Move log and by the board, then its result, said, shown
            # and written as the page that stayed open had them
            assert self.log is not None
            for hand in remote.hands_so_far():
                self.log.take_up(hand)
                for event in hand:
                    self.result(event)
            remote.tell_end()
        elif remote.rejoined:
            # the page's Move log, emptied by the reload, holds this hand again
            assert self.log is not None
            for hand in remote.hands_so_far():  # (the one that ended while away first)
                self.log.take_up(hand)
                for event in hand:  # (a hand over: its result by the board again)
                    self.result(event)
            remote.tell_where()
        elif remote.seat is not None:
            seated = room_news("seated", ("",)) if remote.running \
                and remote.tournament_table is None and not remote.seated_said else ""
            if text := " ".join(filter(None, (seated, remote.who_is_here(),
                                               self._missed_news()))):
                self.out.append({"say": text})
        if news := self._missed_news():  # (a watcher back: nothing else said)
            self.out.append({"say": news})

    def flush(self) -> list[dict[str, Any]]:
        """What the messages taken in without their view changed of it: one
        view built for them all (nothing when none is due)."""
        if not self.stale:
            return []
        with speaking(self.lang):
            return self._take()

    def _seat(self, welcome: Welcome) -> None:
        remote = RemoteTable(self.client, welcome.game(), welcome)
        remote.name = self.name
        remote.watch_only = self.watching and welcome.public and welcome.spectator
        seat = welcome.seat

        def name(k: int) -> str:
            return remote.seats[k].name

        self.announcer = Announcer(
            seat, name, lambda text: self.out.append({"say": text}),
            grow=lambda text: self.out.append({"say": text, "more": True}),
            begin=lambda text: self.out.append({"say": text, "own": True}),
            stand_in=lambda: bool(remote.computer_plays), pots=lambda: gathered_pots(remote),
            stack=lambda seat: stack_now(remote, seat),
            waits=lambda: next_hand_waits(remote, seat), pot=lambda: pot_now(remote))
        self.log = MoveLog(name, seat, lambda: bool(remote.computer_plays))
        self.panel = ActionPanel(remote, seat)  # type: ignore[arg-type]
        remote.subscribe(self.announcer)
        remote.subscribe(self.log.add)
        self.result = HandResult()
        remote.subscribe(self.result)
        self.ended = None
        remote.subscribe(self._game)
        self.sounds.listener.seat = seat
        remote.subscribe(self.sounds.listener)
        remote.on_news = lambda text: self.announcer.pending.append(text) \
            if self.announcer is not None else None
        remote.on_cue = self.sounds.play  # (the time bank starting, as on the desktop)
        remote.on_error = lambda error: self.out.append({"tell": remote.error_text(error)})
        remote.on_answer = lambda text: self.out.append({"tell": text})
        # the room closed this seat (closed the room, removed the player): the
        # page leaves the table and says why, as the desktop's window does
        remote.on_closed = lambda reason: self.out.append({"gone": room_problem(reason)}) \
            if reason != "left" else None
        remote.on_back = lambda: self.out.append({"say": " ".join(filter(None, (back_at_table(
            remote, remote.seat, remote.running, True,
            remote.table.stand_ins if remote.table is not None else ()), self._missed_news())))})
        remote.seat_listeners.append(self._follow)
        self._chat_back(remote, welcome)
        remote.on_chat = self._chat
        self.arrived = False
        self.remote = remote

    def _chat_back(self, remote: RemoteTable, welcome: Welcome) -> None:
        """The lines this seat's page had before (a reload, a connection
        back), in the Chat zone again, then those said while no page of the
        seat was connected: shown, not said one by one (the live region says
        "Back at the table.", where the game stands, and how many lines are
        new: :meth:`_missed_news`)."""
        self.missed = 0
        if self.chats is None:
            return
        self._chat_key = (welcome.code, welcome.token)
        before, missed = self.chats.follow(welcome.code, welcome.token, remote.chat_lines)
        remote.chat_lines.extend(line for line in before if line.name not in remote.mutes
                                 and line.name.casefold() not in remote.host_muted)
        remote.chat_total = len(remote.chat_lines)

        def new(line: ChatLine) -> None:
            self.missed += 1

        remote.on_chat = new  # (as they came: worded in this page's language, mutes heeded)
        for said in missed:
            remote.handle(said)

    def _missed_news(self) -> str:
        """How many chat lines were said while the page was away (said once)."""
        count, self.missed = self.missed, 0
        return missed_news(count)

    def closed(self) -> None:
        """The page's connection ended: its chat is kept for its seat's page back."""
        if self.chats is not None and self._chat_key is not None and self.remote is not None:
            self.chats.closed(*self._chat_key, self.remote.chat_lines)

    def _game(self, event: object) -> None:
        """Keeps the game's result while it is over (a new game forgets it)."""
        if isinstance(event, GameOver):
            self.ended = event
        elif isinstance(event, GameStarted):
            self.ended = None

    def _follow(self, seat: int | None) -> None:
        if self.announcer is not None and self.panel is not None and self.log is not None:
            self.announcer.seat = self.panel.seat = self.sounds.listener.seat = seat
            self.log.reseat(seat)

    def _chat(self, line: ChatLine) -> None:
        self.sounds.play("chat")  # the desktop's soft cue with a chat line
        self.out.append({"chat": line.spoken})

    def _take(self, view: bool = True) -> list[dict[str, Any]]:
        out, self.out = self.out, []
        self.stale = not view and self.remote is not None
        if view and self.remote is not None and self.panel is not None \
                and self.log is not None:
            result = self.result.lines(self.announcer.phrasing) \
                if self.announcer is not None and self.result.awards else ()
            now = table_view(self.remote, self.panel, self.log, result)
            if change := view_change(self.shown, now):  # (only what changed)
                out.append({"view": change})
            self.shown = now
        return out


def _is_code(code: str) -> bool:
    return len(code) == 6 and code.isascii() and code.isdigit()


def _filters(value: object) -> tuple[str, str] | None:
    """The lobby's filters a page sent (``1``: none; ``{"variant", "speed"}``,
    each "" for any), or None when they are not filters."""
    if value == 1 or value == {}:
        return ("", "")
    if not isinstance(value, dict) or not set(value) <= {"variant", "speed"}:
        return None
    variant, speed = value.get("variant", ""), value.get("speed", "")
    try:
        LobbyList(variant, speed)
    except ValueError:
        return None
    return (variant, speed)


class _Link:
    """The room's side of a page: what the server's sender writes to it (the
    game's messages as text) is handed to the member, and what the member
    answers goes to the page."""

    def __init__(self, member: WebMember, ws: ServerConnection) -> None:
        self.member, self.ws = member, ws
        self.transport = ws.transport
        self.flushing = False
        """Whether a view is due after the messages of this turn of the loop."""
        self.tasks: set[asyncio.Task[None]] = set()
        self.rebuild = Rebuilder()  # (the tables whole again, as the sender shortened them)

    async def send(self, text: str) -> None:
        try:
            message = self.rebuild(parse_host(text.encode("utf-8")))
        except MalformedMessage:
            return
        # the view once for the messages of this turn of the loop (after each
        # action a room sends its events, then its table: one view for both)
        await self._answer(lambda: self.member.host(message, view=False))
        if not self.flushing:
            self.flushing = True
            task = asyncio.create_task(self._flush())
            self.tasks.add(task)  # (held: the loop keeps only a weak reference)
            task.add_done_callback(self.tasks.discard)

    async def _flush(self) -> None:
        self.flushing = False
        with contextlib.suppress(ConnectionClosed):
            await self._answer(self.member.flush)

    async def _answer(self, work: Callable[[], list[dict[str, Any]]]) -> None:
        try:
            answer = work()
        except Exception:  # a fault in wording this page ends this page alone
            _LOG.exception("web page %s", self.ws.id)
            await self.ws.close(1011, "error")
            return
        for payload in answer:
            await self.ws.send(json.dumps(payload, ensure_ascii=False))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        await self.ws.close(code, reason)


async def serve_page(server: GameServer, ws: ServerConnection) -> None:
    """A page's WebSocket, from its first message to its close: a lobby
    connection like a desktop's, with the same limits (rate, idle, size,
    what is unread)."""
    from .service import MAX_BAD

    address = server._address(ws)
    if (server._per_address[address] >= server.config.max_per_address
            or len(server._conns) >= server.config.max_connections):  # raced past the check
        server._drop(address, "busy")
        return
    member = WebMember(None)
    member.chats = server.page_chats
    conn, sender = server._opened(_Link(member, ws), address, "w")
    member.client = client = _Client(server, conn)
    server.stats["pages"] += 1
    bucket = TokenBucket(server.config.rate, server.config.burst, time.monotonic)
    bad = 0
    silence = Silence(lambda since: (since + server.config.idle, "idle"))
    try:
        while conn in server._conns:
            try:
                data = await silence.wait(ws.recv())
            except TimeoutError:
                server._drop(address, "idle")
                server._queue(conn, Bye("idle"))
                break
            except ConnectionClosed:
                break
            if not bucket.take():
                server._drop(address, "flooding", abuse=True)
                server._queue(conn, Bye("flooding"))
                break
            try:
                if len(data) > MAX_PAGE_MESSAGE:
                    raise ValueError
                answer = member.page(json.loads(data))
            except ValueError:
                answer = [{"error": "malformed"}]
            if answer and answer[0].get("error") == "malformed":
                bad += 1
                if bad > MAX_BAD:
                    server._drop(address, "abuse", abuse=True)
                    break
            for payload in answer:
                await ws.send(json.dumps(payload, ensure_ascii=False))
            if (join := client.held) is not None:
                client.held = None
                carried = (json.dumps({"lang": member.lang}),  # (the page's, at another process)
                           json.dumps({"sounds": member.sounds.on}))
                first = data.encode("utf-8") if isinstance(data, str) else bytes(data)
                if await server._take_in(conn, ws, join, first, address, bucket, carried,
                                         web_files.SOCKET_PATH):
                    break  # relayed to its end, or refused busy
    finally:
        silence.close()
        member.closed()
        await server._closed(conn, address, sender)

