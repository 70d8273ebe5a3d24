"""A room served on loopback: people at their own desktops (here, scripted
clients playing with the computer players' judgement) play whole games
through real sockets; what each receives is checked byte by byte."""

from __future__ import annotations

import json
import queue
import random
import socket
import struct
import tempfile
import time
from pathlib import Path

from holdem_desktop import __version__
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.client import Closed, RoomClient
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.protocol import (
    Act,
    Bye,
    Create,
    Error,
    Hello,
    NewGame,
    News,
    NextHand,
    Ping,
    Pong,
    Refused,
    Table,
    Welcome,
    encode,
    parse_host,
)
from holdem_desktop.net.room import Room
from tests.clock import Clock
from tests.net.conftest import lan_client, tls_socket

CODE = "271828"


class Player:
    """A person at a desktop: joins, and plays whenever it is their turn."""

    def __init__(self, name: str, server: RoomServer | int, seed: int, record: bool = False,
                 restart: bool = False, client: RoomClient | None = None,
                 first: Hello | Create | None = None) -> None:
        self.name = name
        self.restart = restart
        """Start a new game whenever one ends (when this player is the room's host)."""
        self.asked = False
        # a server's players (tests/server) bring their own client and first message
        if client is None:
            assert isinstance(server, RoomServer)
            client = lan_client(server, record=record)
        self.client = client
        self.client.connect()
        self.client.send(first or Hello(name, CODE, __version__))
        self.brain = create_player("normal", random.Random(seed))
        self.seat: int | None = None
        self.is_host = False
        """Whether the room was created by this player (the first hello to arrive)."""
        self.token = ""
        self.code = ""
        self.table: Table | None = None
        self.tables: list[Table] = []
        self.errors: list[Error] = []
        self.closed = False
        self.pressed_for = -1
        self.acted_at: tuple[int, int] | None = None
        self.heard: list[News] = []
        """The news the room told this player, in order."""

    def pump(self) -> int:
        """Handle what arrived; returns how many messages."""
        n = 0
        while True:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                return n
            n += 1
            if isinstance(message, Welcome):
                self.seat, self.token, self.code = message.seat, message.token, message.code
                self.is_host = message.seat == message.host_seat and not message.public
            elif isinstance(message, Table):
                self.table = message
                self.tables.append(message)
                self._play(message)
            elif isinstance(message, Error):
                self.errors.append(message)
            elif isinstance(message, News):
                self.heard.append(message)
            elif isinstance(message, Closed | Bye):
                self.closed = True

    def _play(self, t: Table) -> None:
        view = t.view
        if view is not None and not view.over and view.to_act == self.seat and view.legal_actions:
            moment = (t.hands_played, len(view.history))
            if moment == self.acted_at:  # the same state sent again: we already answered
                return
            self.acted_at = moment
            action = self.brain.decide(view)
            self.client.send(Act(action.kind, action.amount, t.hand, t.decision))
        elif t.started and not t.game_over and self.seat in t.waiting_for \
                and self.pressed_for != t.hands_played:
            self.pressed_for = t.hands_played
            self.client.send(NextHand())
        elif t.game_over and self.restart and self.is_host and not self.asked:
            self.asked = True  # once per game
            self.pressed_for = -1
            self.client.send(NewGame())
        if not t.game_over:
            self.asked = False


def host_of(players: list[Player]) -> Player:
    """The player whose hello arrived first (the connections race: not
    always the first created), who starts the games."""
    return next(p for p in players if p.is_host)


def serve(size: int, *, variant: str = "tournament", clock=time.monotonic,
          **server_options) -> RoomServer:
    """A room on loopback.  Scripted players act far faster than people, so
    the flood limit is raised unless a test sets it; the host log goes to a
    temporary folder unless a test names it."""
    room = Room(shipped_variant(variant), CODE, size=size, game_version=__version__,
                rng=random.Random(3), clock=clock)
    options = {"rate": 10_000.0, "burst": 10_000.0,
               "log_path": Path(tempfile.mkdtemp()) / "host.log"} | server_options
    server = RoomServer(room, "127.0.0.1", 0, **options)
    server.start()
    return server


def run_until(players: list[Player], done, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        if not sum(p.pump() for p in players):
            time.sleep(0.002)


def chips_conserved(room: Room) -> bool:
    s = room.session
    if s is None:
        return True
    total = s.n * s.variant.starting_stack
    if s.hand is not None and not s.hand.over:
        return sum(s.hand.stacks) + s.hand.pot_total + sum(
            s.seats[k].chips for k in range(s.n) if k not in s.hand.seats) == total
    return sum(st.chips for st in s.seats) == total


def test_a_host_and_five_people_play_a_whole_game_with_a_computer_in_the_free_seat():
    server = serve(6)
    room = server.room
    players = [Player(name, server, k) for k, name in
               enumerate(("Mara", "Ada", "Bruno", "Chiara", "Dario"))]
    try:
        run_until(players, lambda: all(p.seat is not None for p in players), 10)
        host_of(players).client.send(NewGame())  # the first to arrive created the room
        run_until(players, lambda: room.session is not None and room.session.game_over, 120)
        # the last messages reach everyone (waited for, not slept: beside a busy
        # run one person was still a table short after half a second)
        run_until(players, lambda: len({sum(1 for t in p.tables if t.started)
                                        for p in players}) == 1, 30)
        s = room.session
        assert s is not None and s.game_over, "the game did not end in time"
        assert [t for t in players[0].tables if t.kinds][-1].kinds.count("computer") == 1
        assert sum(st.chips for st in s.seats) == 6 * s.variant.starting_stack
        assert sorted(place for _seat, place in s.result.places)[0] == 1
        # Every person saw the same public table after every event.
        for p in players:
            assert not [e for e in p.errors if e.reason != "hand_running"], p.errors
        public = [[(t.chips, t.places, t.hands_played,
                    None if t.view is None else (t.view.board, t.view.pot, t.view.to_act))
                   for t in p.tables if t.started] for p in players]
        assert len({len(x) for x in public}) == 1 and len(public[0]) > 10
        for other in public[1:]:
            assert other == public[0]
    finally:
        for p in players:
            p.client.close()
        server.stop()


def card_lists(node, key=None):
    """Every list of cards in a decoded message, with the key it stood under."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from card_lists(v, k)
    elif isinstance(node, list):
        if key in ("hole", "cards", "shown") and all(isinstance(c, int) for c in node):
            yield key, node
        for v in node:
            yield from card_lists(v, key)


def frames(data: bytes):
    at = 0
    while at + 4 <= len(data):
        (n,) = struct.unpack(">I", data[at:at + 4])
        yield json.loads(data[at + 4:at + 4 + n])
        at += 4 + n


def test_no_hidden_card_of_another_seat_ever_reaches_a_client():
    server = serve(3)
    room = server.room
    players = [Player("Mara", server, 0, record=True, restart=True),
               Player("Ada", server, 1, record=True, restart=True)]  # (the host does)
    played, current = 0, None
    try:
        run_until(players, lambda: all(p.seat is not None for p in players), 10)
        host_of(players).client.send(NewGame())
        end = time.monotonic() + 150
        while time.monotonic() < end:
            run_until(players, lambda: False, 0.05)
            if room.session is not current:
                played += current.hands_played if current is not None else 0
                current = room.session
            if current is not None and played + current.hands_played >= 200:
                break
        assert current is not None and played + current.hands_played >= 200, (
            played, current.hands_played, dict(server.stats), [p.errors[-3:] for p in players])
    finally:
        for p in players:
            p.client.close()
        server.stop()
    for p in players:
        seen_own = 0
        held: list = []  # the hand's history as the client rebuilds it (history_from)
        for message in frames(bytes(p.client.received)):
            for event in message.get("events", []):
                if event["event"] == "HoleCardsDealt":
                    if event["seat"] == p.seat:
                        seen_own += 1
                    else:
                        assert event["cards"] == []
            view = (message.get("view") or {}) if message["type"] == "table" else {}
            if message["type"] == "table":  # the history whole, as a client rebuilds it
                held = held[:message["history_from"]] + view["history"] if view else []
                view = {**view, "history": held} if view else {}
            if view:  # their own seat's view, or what all see when out of the hand
                assert view["seat"] in (p.seat, None)
                assert view["seat"] == p.seat or view["hole"] == []
                for player in view["players"]:
                    if player["seat"] != p.seat and player["shown"]:
                        # shown cards are public only once a CardsShown said so
                        assert any(e["event"] == "CardsShown" and e["seat"] == player["seat"]
                                   for e in view["history"])
                for event in view["history"]:
                    if event["event"] == "HoleCardsDealt" and event["seat"] != p.seat:
                        assert event["cards"] == []
        # (a player out of a game is dealt no cards until the next one)
        assert seen_own >= 100


def rogue_payloads(rng: random.Random, count: int):
    """Random bytes, mutated good messages, oversized frames, wrong fields."""
    good = json.dumps({"v": 1, "type": "act", "kind": "call", "amount": 0}).encode()
    for _ in range(count):
        kind = rng.random()
        if kind < 0.3:
            yield bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 40)))
        elif kind < 0.6:
            mutated = bytearray(good)
            for _ in range(rng.randint(1, 4)):
                mutated[rng.randrange(len(mutated))] = rng.getrandbits(8)
            yield bytes(mutated)
        elif kind < 0.62:
            yield b"x" * 70_000  # oversized: the connection is dropped
        else:
            yield json.dumps({"v": rng.choice([1, 1, 2]), "type": rng.choice(
                ["act", "next_hand", "new_game", "leave", "ping", "nope"]),
                "kind": rng.choice(["fold", "raise", "zzz", 3]),
                "amount": rng.choice([0, -5, 10**12, "a"])}).encode()


def test_a_rogue_client_cannot_disturb_the_table():
    server = serve(3, penalty_drops=0)  # (here it may come back as often as it likes)
    room = server.room
    players = [Player(n, server, k, restart=True) for k, n in
               enumerate(("Mara", "Ada"))]
    rogue = lan_client(server)
    rogue.connect()
    answered = dropped = 0
    try:
        run_until(players, lambda: all(p.seat is not None for p in players), 10)
        host_of(players).client.send(NewGame())
        for k, payload in enumerate(rogue_payloads(random.Random(1), 10_000)):
            rogue.send_bytes(struct.pack(">I", len(payload)) + payload)
            reply = rogue.get(timeout=5)  # every message gets an answer, or the door
            if isinstance(reply, Closed):
                dropped += 1
                rogue.close()
                rogue = lan_client(server)
                rogue.connect()
            else:
                answered += 1
            if k % 100 == 0:
                run_until(players, lambda: False, 0.01)
        run_until(players, lambda: room.session.hands_played >= 5, 30)
        assert room.session.hands_played >= 5  # the game went on
        assert chips_conserved(room)
        assert answered + dropped == 10_000 and dropped > 50
        assert server.stats["malformed"] > 5_000 and server.stats["too_large"] > 50
        assert all(not p.closed for p in players)
    finally:
        rogue.close()
        for p in players:
            p.client.close()
        server.stop()


def test_a_flooding_client_is_dropped_and_others_play_on():
    server = serve(2, rate=40.0, burst=80.0)
    room = server.room
    flood = lan_client(server)
    flood.connect()
    try:
        flood.send(Hello("Eve", CODE, __version__))
        for n in range(500):
            flood.send(Ping(n))
        replies = []
        while not replies or not isinstance(replies[-1], Closed):
            replies.append(flood.get(timeout=5))
        # Dropped after the burst allowance (the Bye may be lost to a reset).
        assert server.stats["flooding"] == 1 and room.members[0].conn is None
        assert sum(isinstance(r, Pong) for r in replies) <= 81
    finally:
        flood.close()
        server.stop()


def test_an_address_dropped_for_abuse_three_times_is_barred_for_a_minute():
    server = serve(2)
    try:
        for _ in range(3):
            rogue = lan_client(server)
            rogue.connect()
            rogue.send_bytes(b"\xff\xff\xff\xff")  # an oversized length: dropped
            assert isinstance(rogue.get(timeout=5), Error)
            assert rogue.get(timeout=5) == Closed("closed")
            rogue.close()
        again = lan_client(server)
        again.connect()
        assert again.get(timeout=5) == Refused("rate_limited", "")
        again.close()
        assert server.refusals["rate_limited"] == 1 and server.refusals["too_large"] == 3
        with tls_socket(server, "127.0.0.2") as friend:
            friend.sendall(encode(Hello("Ada", CODE, __version__)))  # another address
            size = struct.unpack(">I", _exactly(friend, 4))[0]
            assert isinstance(parse_host(_exactly(friend, size)), Welcome)
    finally:
        server.stop()


def _exactly(sock: socket.socket, size: int) -> bytes:
    """``size`` bytes from ``sock`` (a TLS socket takes no MSG_WAITALL)."""
    data = b""
    while len(data) < size:
        more = sock.recv(size - len(data))
        assert more, "closed before the whole frame came"
        data += more
    return data


def test_an_idle_connection_is_closed():
    server = serve(2, idle=0.3)
    client = lan_client(server, ping_every=60)
    client.connect()
    try:
        assert client.get(timeout=3) == Bye("idle")
        assert client.get(timeout=3) == Closed("closed")
        assert server.stats["idle"] == 1 and server.refusals["idle"] == 1
    finally:
        client.close()
        server.stop()


def test_away_on_your_turn_the_computer_plays_then_reconnecting_gives_the_seat_back():
    clock = Clock()
    room = Room(shipped_variant("tournament"), CODE, size=3, game_version=__version__,
                rng=random.Random(8), clock=clock)
    server = RoomServer(room, "127.0.0.1", 0, tick=0.05, rate=10_000.0, burst=10_000.0,
                        log_path=Path(tempfile.mkdtemp()) / "host.log")
    server.start()
    mara = Player("Mara", server, 0)
    ada: Player | None = None
    try:
        # Mara is welcomed first, so she is the host (two hellos at once race:
        # on a busy machine Ada's could come first, and Mara's New game be refused).
        run_until([mara], lambda: mara.seat is not None, 10)
        ada = Player("Ada", server, 1)
        run_until([mara, ada], lambda: ada.seat is not None, 10)
        assert mara.is_host and room.members[1].name == "Ada"
        mara.client.send(NewGame())
        run_until([mara, ada], lambda: room.session is not None and room.session.hand
                  is not None, 10)
        # Ada walks away (her connection drops) when it is, or becomes, her turn.
        ada.client.close()
        run_until([mara], lambda: room.members[1].conn is None, 5)
        # The hands go on without her (she is not awaited) until her turn comes.
        run_until([mara], lambda: room.session.waiting_for == 1, 20)
        assert room.session.waiting_for == 1
        acted = len(room.session.hand.actions)
        clock.now += 30
        ticked: queue.Queue[None] = queue.Queue()  # a tick runs at the new time (no sleep)
        server.call(lambda: ticked.put(room.tick()))
        ticked.get(timeout=5)  # half a minute on her turn: her seat waits for her
        assert len(room.session.hand.actions) == acted and not room.members[1].replaced
        clock.now += 31  # a minute: the computer plays for her, with her chips
        run_until([mara], lambda: len(room.session.hand.actions) > acted, 5)
        assert len(room.session.hand.actions) > acted and room.members[1].replaced
        # She comes back with her token: her seat, and the whole view, are hers again.
        back = lan_client(server)
        back.connect()
        back.send(Hello("Ada", CODE, __version__, ada.token))
        welcome = back.get(timeout=5)
        assert isinstance(welcome, Welcome) and welcome.seat == 1
        table = back.get(timeout=5)
        assert isinstance(table, Table) and table.names[1] == "Ada"
        assert table.view is None or table.view.seat in (1, None)
        run_until([mara], lambda: not room.members[1].replaced, 5)
        assert not room.members[1].replaced
        back.close()
    finally:
        mara.client.close()
        server.stop()
