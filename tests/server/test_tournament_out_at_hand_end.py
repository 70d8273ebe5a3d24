"""A player knocked out of a tournament is told at the end of the hand that
put them out, before the next hand at that table begins (never inside it):
in process, through the lobby's messages, Bo sits out at his table (Away: it
deals without waiting for him) while the computers there play; each time a
hand there ends with a seat on no chips, the news it made ("left": the
players left) reaches Bo's connection before the events of the next hand."""

from __future__ import annotations

from holdem_desktop import __version__
from holdem_desktop.engine.events import HandEnded, HandStarted
from holdem_desktop.net.protocol import Away, Events, Hello
from holdem_desktop.net.tournament_messages import TournamentNews
from holdem_desktop.server.tournament_news import Followers

from .test_tournament_people_first import bo_and_computers


def test_the_news_of_a_player_out_comes_before_the_next_hand():
    desk, play, lobby = bo_and_computers(6, 4, 4)
    t = play.tournament
    lobby.followers = Followers(desk)
    play.attach(lobby)
    play.play(0)
    room = play.rooms[t.where["Bo"][0]]
    lobby.connect("bo", "127.0.0.1")
    lobby.receive("bo", Hello("Bo", room.code, __version__, play.token("Bo")))
    lobby.receive("bo", Away())
    told: list[object] = []
    for _tick in range(400):
        if t.state != "running" or "Bo" not in t.where:
            break
        play.play()  # (the owner's turn, as the server ticks it: several hands a table)
        told += [m for conn, m in lobby.take() if conn == "bo"]
    # what Bo's connection heard, in order: the hands' ends and starts, the news
    heard: list[str] = []
    for m in told:
        if isinstance(m, TournamentNews):
            heard.append(m.what)
        elif isinstance(m, Events):
            for e in m.events:
                if isinstance(e, HandStarted):
                    heard.append("start")
                elif isinstance(e, HandEnded):
                    heard.append("bust" if 0 in e.stacks else "end")
    busts = [k for k, what in enumerate(heard) if what == "bust"]
    assert busts, heard  # (the draw: someone is out at Bo's table while he watches it)
    for k in busts:
        after = [what for what in heard[k + 1:] if what != "end"]
        assert after and after[0] != "start", (k, heard)  # the news first
