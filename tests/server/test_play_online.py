"""Play online through the real Desktop (dummy video driver, the recording
speaker): create a room on a server by keys, hear and trust its unknown
certificate, play a hand with a friend heard by name; a second desktop
joins from the invitation line alone; a changed certificate is refused
with a spoken warning."""

from __future__ import annotations

import json
import os
import random
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop import __version__  # noqa: E402
from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.app.online import (  # noqa: E402
    Invitation,
    invitation_line,
    parse_invitation,
)
from holdem_desktop.net.online import OnlineClient  # noqa: E402
from holdem_desktop.net.protocol import Hello  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.online import CertificateQuestion, grouped  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys, typed  # noqa: E402
from tests.net.test_host import Player  # noqa: E402

from .conftest import said, settle  # noqa: E402


def test_the_invitation_line_and_addresses_parse_strictly():
    pin = ":".join(["AB"] * 32)
    line = Invitation("poker.example.org", 7447, "123456", pin).line()
    assert line == f"holdem://poker.example.org:7447/123456?pin={pin}"
    assert parse_invitation(line) == Invitation("poker.example.org", 7447, "123456", pin)
    assert parse_invitation("poker.example.org") == Invitation("poker.example.org", 7447)
    assert parse_invitation("127.0.0.5:9000").server == "127.0.0.5:9000"
    assert parse_invitation(f"holdem://h:1/000001?pin={pin.lower()}").pin == pin
    # the whole message as it was copied, sent in a chat and pasted
    message = f"Join my Hold'em Desktop room on a server: paste this line: {line}."
    assert invitation_line(message) == line
    assert parse_invitation(message) == parse_invitation(line)
    assert invitation_line("poker.example.org:7447") == "poker.example.org:7447"
    for bad in ("", "holdem://h:1/12345", "http://h/123456", "holdem://h:99999/",
                "holdem://h/123456?pin=AB:CD", "holdem://bad host/"):
        with pytest.raises(ValueError):
            parse_invitation(bad)
    # read aloud spelled, pair by pair, four pairs to a sentence ("3 5", never
    # "thirty-five", never "35:88" read as a time of day)
    assert grouped(pin).count(".") == 8 and grouped(pin).startswith("A B, A B, A B, A B. A B")
    assert grouped("35:88:C2:8D").replace(" ", "").replace(",", ":").rstrip(".") == \
        "35:88:C2:8D"


def test_create_on_a_server_by_keys_trust_the_certificate_and_play_with_a_friend(
        desktop, served, monkeypatch):
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush,
              poll=desktop.poll, moves=desktop.take_moves)  # (as app/play.py makes it)
    app.screen.focus.id = "rooms"
    keys(app, "return")  # Rooms
    assert [c.label for c in app.screen.controls()][:3] == ["Create room", "Join room",
                                                             "Play online"]
    app.screen.focus.id = "online"
    keys(app, "return")  # Play online
    assert app.screen.title == "Play online"
    assert said(desktop)[-1].startswith("Play online. Friends anywhere join your room on a "
                                        "server by its code.")  # (what the form is for)
    assert said(desktop)[-1].endswith("Server address or invitation, edit; Type to fill it.")
    typed(app, f"127.0.0.1:{served.port}")
    app.screen.focus.id = "create"
    keys(app, "return")  # Create room on this server: the game's form
    assert app.screen.title == "Create room"
    app.screen.focus.id = "start"
    keys(app, "return")
    # the certificate is unknown: shown and said, nothing trusted yet
    assert app.screen.title == "Unknown certificate"
    heard = said(desktop)[-1]
    assert f"The server 127.0.0.1:{served.port} shows a certificate" in heard
    keys(app, "tab", "tab")  # name, issuer, fingerprint: shown as printed, read spelled
    assert said(desktop)[-1] == "Fingerprint: " + grouped(served.fingerprint)
    assert "Fingerprint: " + served.fingerprint in [
        c.label for c in app.screen.controls()]
    book = desktop.data / "servers.json"
    assert not book.exists() or served.fingerprint not in book.read_text()
    app.screen.focus.id = "trust"
    keys(app, "return")  # Trust this certificate and connect
    table = app.screen
    assert isinstance(table, TableScreen) and table.room is not None
    code = table.room.code
    settle(app, [], 0.2)
    assert any(f"Room created on the server. Its code is {' '.join(code)}." in s
               for s in said(desktop))
    line = f"holdem://127.0.0.1:{served.port}/{code}?pin={served.fingerprint}"
    assert line in table.room.invitation
    servers = json.loads(book.read_text())["servers"]
    assert servers[f"127.0.0.1:{served.port}"]["pin"] == served.fingerprint
    # a friend joins by the code and a hand is played by keys
    friend = Player("Ada", served.port, 1, client=OnlineClient(
        "127.0.0.1", served.port, pin=served.fingerprint), first=Hello("Ada", code, __version__))
    settle(app, [friend])
    assert friend.seat == 1
    keys(app, "n")  # New game
    settle(app, [friend])
    keys(app, "n")  # ready for the first hand
    settle(app, [friend], 0.6)
    session = table.session
    for _ in range(40):
        if session.hand is not None and session.hand.over and session.table.view.over:
            break
        keys(app, "c")
        settle(app, [friend], 0.15)
    heard = [text for text, interrupt in desktop.speech.speaker.calls if not interrupt]
    assert any("Ada " in h for h in heard), heard  # the friend's actions, by name
    assert not friend.errors
    friend.client.close()


def test_a_friend_joins_from_the_invitation_alone_and_a_changed_pin_is_refused(
        desktop, served, make_server, tmp_path):
    page = desktop.create_online_room(f"127.0.0.1:{served.port}", "tournament", 3, "easy",
                                      "Mara")
    assert isinstance(page, CertificateQuestion)
    assert page.fingerprint == served.fingerprint and page.issuer == page.name
    desktop.trust_certificate(page.server, page.fingerprint)
    page = desktop.create_online_room(f"127.0.0.1:{served.port}", "tournament", 3, "easy",
                                      "Mara")
    assert isinstance(page, TableScreen)
    line = next(w for w in page.room.invitation.split() if w.startswith("holdem://"))
    friend = Desktop(rng=random.Random(6), speaker=RecordingSpeaker(), data=tmp_path / "ada")
    try:
        joined = friend.join_online_room(line, "", "Ada")  # the pin came with the line
        assert isinstance(joined, TableScreen) and joined.seat == 1
        assert friend.online_servers() == [f"127.0.0.1:{served.port}"]
    finally:
        friend.close_room()
    # another server now answers at an address whose certificate was pinned
    other = make_server()
    stranger = Desktop(speaker=RecordingSpeaker(), data=tmp_path / "bo")
    stranger.trust_certificate(f"127.0.0.1:{other.port}", served.fingerprint)
    app = App(stranger.menu(), keymap=stranger.keymap, after_input=stranger.flush,
              poll=stranger.poll)
    app.screen.focus.id = "rooms"
    keys(app, "return")
    app.screen.focus.id = "online"
    keys(app, "return")
    assert app.screen.form.values["server"] == f"127.0.0.1:{other.port}"  # used before
    keys(app, "tab", "tab")  # Servers used before, the address, the code
    assert app.screen.focused().id == "code"
    typed(app, "123456")
    app.screen.focus.id = "join"
    keys(app, "return")
    assert app.screen.title == "Play online"  # nothing joined
    assert said(stranger)[-1].startswith(f"Warning: the certificate of 127.0.0.1:{other.port} "
                                         "has changed since you trusted it.")
    stranger.close_room()


@pytest.mark.parametrize("language, title, trust", [
    ("ro", "Certificat necunoscut", "Ai încredere în acest certificat și conectează-te"),
    ("it", "Certificato sconosciuto", "Fidati di questo certificato e connettiti"),
    ("pl", "Nieznany certyfikat", "Zaufaj temu certyfikatowi i połącz"),
])
def test_the_certificate_question_is_said_in_the_players_language(desktop, served, language,
                                                                  title, trust):
    from holdem_desktop.i18n.translate import set_language

    desktop.change_settings(desktop.settings.updated(language=language))
    try:
        app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush,
                  poll=desktop.poll)
        app.screen.focus.id = "rooms"
        keys(app, "return")
        app.screen.focus.id = "online"
        keys(app, "return")
        typed(app, f"127.0.0.1:{served.port}")
        app.screen.focus.id = "create"
        keys(app, "return")
        app.screen.focus.id = "start"
        keys(app, "return")
        assert app.screen.title == title
        assert said(desktop)[-1].startswith(title + ". ")
        app.screen.focus.id = "fingerprint"
        keys(app, "tab")  # on to the first button
        assert said(desktop)[-1].startswith(trust)
    finally:
        set_language("en")


def play_online(desktop: Desktop) -> App:
    """``desktop``'s window on the Play online page, reached by keys."""
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush,
              poll=desktop.poll, moves=desktop.take_moves)  # (as app/play.py makes it)
    app.screen.focus.id = "rooms"
    keys(app, "return")  # Rooms
    app.screen.focus.id = "online"
    keys(app, "return")  # Play online
    assert app.screen.title == "Play online"
    return app


def to_field(app: App, field: str) -> None:
    """Tab to ``field`` (its text, said, is selected: typing replaces it)."""
    for _ in range(6):
        if app.screen.focused().id == field:
            return
        keys(app, "tab")
    raise AssertionError(f"no field {field}")


def test_the_name_typed_on_play_online_is_the_players_name_in_the_room(desktop, served,
                                                                      tmp_path):
    """Issue 31.4: the name typed on Play online is the one the room gives its
    player (friends heard "Player calls 20"), and it is remembered, as Join
    room remembers it; the room's name rules judge it, and say why not."""
    from holdem_desktop.app.settings_service import SettingsService

    server = f"127.0.0.1:{served.port}"
    desktop.trust_certificate(server, served.fingerprint)
    app = play_online(desktop)
    to_field(app, "name")
    assert app.screen.form.values["name"] == "Mara"  # as the settings had it
    typed(app, "Bruna")  # the whole name replaced
    app.screen.focus.id = "create"
    keys(app, "return")  # Create room on this server: the game's form
    assert app.screen.title == "Create room" and app.screen.form.values["name"] == "Bruna"
    app.screen.focus.id = "start"
    keys(app, "return")
    table = app.screen
    assert isinstance(table, TableScreen) and table.room is not None
    code = table.room.code
    assert desktop.remote.table.names[0] == "Bruna"
    assert SettingsService().settings.player_name == "Bruna"  # remembered on disk
    line = next(w for w in table.room.invitation.split() if w.startswith("holdem://"))
    # A friend joins from Play online, by keys, under the name she types there.
    friend = Desktop(rng=random.Random(6), speaker=RecordingSpeaker(), data=tmp_path / "ada")
    looks_alike = Desktop(rng=random.Random(7), speaker=RecordingSpeaker(),
                          data=tmp_path / "aeda")
    try:
        ada = play_online(friend)
        to_field(ada, "server")
        typed(ada, line)
        to_field(ada, "name")
        typed(ada, "Ada")
        keys(ada, "return")  # Enter in a field: Join room
        assert isinstance(ada.screen, TableScreen) and friend.remote.seat == 1
        assert "In the room: Bruna (host) and you." in " ".join(said(friend))
        end = time.monotonic() + 10
        while time.monotonic() < end and "Ada joined the room." not in " ".join(said(desktop)):
            settle(app, [], 0.05)
        assert "Ada joined the room." in " ".join(said(desktop))
        assert friend.settings.player_name == "Ada"
        # A name that looks like Ada's is refused by the room, which says why.
        other = play_online(looks_alike)
        to_field(other, "server")
        typed(other, line)
        to_field(other, "name")
        typed(other, "\u00c1da")
        keys(other, "return")
        assert other.screen.title == "Play online"  # nothing joined
        assert said(looks_alike)[-1] == ("That name looks like the name of someone in the "
                                         "room: choose another.")
        assert desktop.remote.table.names[1] == "Ada" and code == desktop.remote.code
    finally:
        friend.close_room()
        looks_alike.close_room()
