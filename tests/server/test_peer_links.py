"""A lobby connection's links to another process (server/peer_links.py),
against a scripted peer on loopback: what the peer says on a link reaches
the connection in its order, the answers to the link's own messages (the
session, a ping, a registration sent again) never do, something unreadable
from the peer never does, a peer that says nothing is answered ``away`` in
bounded time, and a link the peer dropped is opened again with its
registrations."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.server import serve

from holdem_desktop.net.account_messages import SignedIn, SignedOut, SignOut, UseSession
from holdem_desktop.net.protocol import Bye, Error, Ping, Pong, parse_client, to_text
from holdem_desktop.net.standings_messages import AskStandings
from holdem_desktop.net.tournament_messages import TournamentEntry, TournamentNews, Tournaments
from holdem_desktop.server import peer_links
from holdem_desktop.server.cluster import Peer
from holdem_desktop.server.peer_links import AWAY, PeerLinks, open_link

SESSION = "ab" * 32
OTHER = "cd" * 32


class Scripted:
    """A peer process: answers each message in order, as a lobby does."""

    def __init__(self) -> None:
        self.heard: list[list[object]] = []
        """What each link opened to it said, in order."""
        self.headers: list[Any] = []
        self.links: list[Any] = []

    async def handle(self, ws: Any) -> None:
        said: list[object] = []
        self.heard.append(said)
        self.links.append(ws)
        self.headers.append(ws.request.headers)
        async for data in ws:
            message = parse_client(data.encode())
            said.append(message)
            if isinstance(message, UseSession):
                await ws.send(to_text(SignedIn("Ann", message.token)))
            elif isinstance(message, SignOut):
                await ws.send(to_text(SignedOut()))
            elif isinstance(message, Ping):
                await ws.send(to_text(Pong(message.n)))
            elif isinstance(message, TournamentEntry):
                await ws.send(to_text(Tournaments(())))
            elif isinstance(message, AskStandings) and message.id == "mute":
                continue  # (never answered)
            elif isinstance(message, AskStandings) and message.id == "bye":
                await ws.close()  # (gone before answering)
            elif isinstance(message, AskStandings):
                await ws.send("{not json")  # unreadable: never passed on
                await ws.send(json.dumps({"v": 1, "type": "tournament_news", "id": "t1"}))
                await ws.send(to_text(TournamentNews("t1", "Ann", "left", left=5, entrants=9)))
                await ws.send(to_text(Error("tournament", {"reason": "not_running"})))


def run(test: Any) -> Any:
    async def go() -> Any:
        peer = Scripted()
        async with serve(peer.handle, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            delivered: list[str] = []
            dropped: list[str] = []

            async def opener(pid: str, carried: tuple[str, ...]) -> Any:
                if pid != "p1":
                    return None
                ws, _why = await open_link(Peer(f"127.0.0.1:{port}"), secret="s3",
                                           client="203.0.113.7", tls=False, carried=carried)
                return ws

            links = PeerLinks(opener, delivered.append, dropped.append)
            try:
                return await test(links, peer, delivered, dropped)
            finally:
                await links.close()
    return asyncio.run(go())


def kinds(texts: list[str]) -> list[str]:
    return [json.loads(t)["type"] for t in texts]


def test_the_peer_s_words_come_in_order_and_the_link_s_own_answers_stay_there():
    async def test(links, peer, delivered, dropped):
        answer = await links.ask("p1", AskStandings("t1"), SESSION)
        assert answer == Error("tournament", {"reason": "not_running"})
        # the news before the answer, then the answer; the unreadable two not at all
        assert kinds(delivered) == ["tournament_news", "error"]
        assert dropped == ["peer_malformed", "peer_malformed"]
        # the session went first; its answer (signed_in) stayed on the link
        assert peer.heard[0][:2] == [UseSession(SESSION), AskStandings("t1")]
        assert peer.headers[0]["X-Holdem-Peer"] == "s3"
        assert peer.headers[0]["X-Holdem-Client"] == "203.0.113.7"
        # signed in as another, then out: told before the next requests, silently
        delivered.clear()
        assert isinstance(await links.ask("p1", TournamentEntry("t1", "Ann"), OTHER),
                          Tournaments)
        assert isinstance(await links.ask("p1", TournamentEntry("t2", "Ann"), None),
                          Tournaments)
        assert peer.heard[0][2:] == [UseSession(OTHER), TournamentEntry("t1", "Ann"),
                                     SignOut(OTHER), TournamentEntry("t2", "Ann")]
        # a ping when the link was quiet: its pong stays there too
        await links.keep_alive(0.0)
        assert isinstance(await links.ask("p1", TournamentEntry("t1", "Ann", False), None),
                          Tournaments)
        assert kinds(delivered) == ["tournaments", "tournaments", "tournaments"]
        assert Ping(0) in peer.heard[0]
        assert len(peer.heard) == 1  # one link, kept
        assert links  # (the connection waits on it)
    run(test)


def test_a_silent_peer_is_answered_away_in_bounded_time(monkeypatch):
    monkeypatch.setattr(peer_links, "LINK_WAIT", 0.5)

    async def test(links, peer, delivered, dropped):
        loop = asyncio.get_running_loop()
        started = loop.time()
        assert await links.ask("p1", AskStandings("mute"), None) is AWAY
        assert loop.time() - started < 5
        assert dropped == ["peer_slow"]
        # a late answer can never land as the next one's: the next is asked on a new link
        assert await links.ask("p1", AskStandings("t1"), None) == Error(
            "tournament", {"reason": "not_running"})
        assert len(peer.heard) == 2
        assert kinds(delivered) == ["tournament_news", "error"]
        # a process that cannot be reached at all: away at once
        assert await links.ask("p2", AskStandings("t1"), None) is AWAY
    run(test)


def test_a_dropped_link_opens_again_with_its_registrations(monkeypatch):
    monkeypatch.setattr(peer_links, "AGAIN", (0.05,))

    async def test(links, peer, delivered, dropped):
        assert isinstance(await links.ask("p1", TournamentEntry("t1", "Ann", token="ef" * 16),
                                          None), Tournaments)
        # gone before answering: away (it may have been done), and opened again by itself
        assert await links.ask("p1", AskStandings("bye"), None) is AWAY
        for _ in range(200):
            if len(peer.heard) == 2 and peer.heard[1]:
                break
            await asyncio.sleep(0.01)
        assert peer.heard[1] == [TournamentEntry("t1", "Ann", token="ef" * 16)]
        assert kinds(delivered) == ["tournaments"]  # (the registration's answer: the link's)
        assert links
        # an answer nobody asked for: never passed on (it would answer the next request)
        await peer.links[1].send(to_text(Error("tournament", {"reason": "x"})))
        assert await links.ask("p1", AskStandings("t1"), None) == Error(
            "tournament", {"reason": "not_running"})
        assert dropped.count("peer_unasked") == 1
        assert kinds(delivered) == ["tournaments", "tournament_news", "error"]
        # the peer's goodbye (idle, say): the link closes and is not opened again by itself
        await peer.links[1].send(to_text(Bye("idle")))
        for _ in range(200):
            if "p1" not in links._links:
                break
            await asyncio.sleep(0.01)
        assert "p1" not in links._links
        await asyncio.sleep(0.3)  # (six times the delay before opening again)
        assert len(peer.heard) == 2
        assert "bye" not in kinds(delivered)


@pytest.mark.parametrize("cert", ["", "not a certificate"])
def test_a_peer_without_a_pin_is_never_reached_over_tls(cert):
    async def go() -> Any:
        return await open_link(Peer("127.0.0.1:9", cert), secret="s", client="127.0.0.1",
                               tls=True)
    assert asyncio.run(go()) == (None, "peer_unpinned")
