"""Chat between two desktops over loopback sockets (issue 24): typed by keys,
heard by name in each one's language, after the game's announcements,
held on the player's turn when the setting says so, and muted."""

from __future__ import annotations

import os
import random
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.i18n.translate import set_language  # noqa: E402
from holdem_desktop.net.protocol import Chat, Said  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.net.test_host import Player  # noqa: E402
from tests.ui.test_rooms import at, host, keys  # noqa: E402, F401 (host: the fixture)


def typed(app: App, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.run(max_events=1)


def ctrl(app: App, name: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name),
                                         mod=pygame.KMOD_CTRL))
    app.run(max_events=1)


def chat_heard(desktop: Desktop) -> list[str]:
    return [s.text for s in desktop.speech.history if s.kind == "chat"]


def until(step, done, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        step()
        if done():
            return True
        time.sleep(0.01)
    return done()


@pytest.fixture
def guest(host):  # noqa: F811
    made: list[Desktop] = []

    def join(code: str, name: str = "Ada", seed: int = 6) -> tuple[Desktop, TableScreen]:
        d = Desktop(rng=random.Random(seed), speaker=RecordingSpeaker())
        made.append(d)
        page = d.join_room(code, at(host), name)
        assert isinstance(page, TableScreen), page
        return d, page

    yield join
    for d in made:
        d.close_room()


def test_two_desktops_chat_by_keys_and_hear_each_other_in_their_own_language(host, guest):  # noqa: F811
    page = host.create_room("tournament", 3, "easy", "Mara")
    mara = App(page, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    ada_desk, ada_page = guest(page.room.code)
    ada = App(ada_page, keymap=ada_desk.keymap, after_input=ada_desk.flush, poll=ada_desk.poll)
    ada_desk.flush()  # as the window does arriving at the table: who is here is said
    # Ada is on the Check button; M opens the field, she types, Enter sends
    ada_page.focus.id = "button:check_call"
    keys(ada, "m")
    assert ada_page.focus.id == "chat:field" and ada_page.editing()
    assert ada_desk.speech.history[-1].text.startswith("Chat. Type a line")
    typed(ada, "m")  # the character the M key itself types never lands in the field
    assert ada_page.chat.text == ""
    typed(ada, "one more game?")
    ada_page.draw(ada.surface)  # a sighted player sees the field, over the felt
    field = ada_page.rects["chat:field"]
    assert ada_page.rects["chat:quick:thanks"].top > field.bottom
    assert len({ada.surface.get_at((x, field.centery))[:3]
                for x in range(field.x, field.right, 2)}) > 3  # the text typed is drawn
    ada_page.click(field.center)  # a click on the field only puts the caret there
    assert ada_page.chat.text == "one more game?" and ada_page.focus.id == "chat:field"
    keys(ada, "return")
    assert ada_page.focus.id == "button:check_call"  # back exactly where she was
    assert ada_desk.speech.history[-1].text.startswith("Check, button")
    # "Sent." once the room relayed it (its receipt), after where she is
    assert until(ada_desk.poll, lambda: ada_desk.speech.history[-1].text == "Sent.")
    assert not ada_desk.speech.history[-1].interrupt
    assert until(host.poll, lambda: "Ada: one more game?" in chat_heard(host))
    said = next(s for s in host.speech.history if s.text == "Ada: one more game?")
    assert not said.interrupt
    assert "one more game?" in [line.text for line in page.session.chat_lines]
    line = next(c for c in page.table_controls() if c.id.startswith("chat:line:"))
    assert line.label.startswith("Ada: one more game?, ")  # who, what, when
    # The Move log holds it too, and its filter shows moves only, or chat only
    assert "Ada: one more game?" in page.log
    page.focus.id = "log:filter"
    keys(mara, "right")
    assert host.speech.history[-1].text.startswith("moves only, ")
    assert "Ada: one more game?" not in page.log
    keys(mara, "right")
    assert page.log == ["Ada: one more game?"]
    keys(mara, "right")
    assert host.speech.history[-1].text.startswith("moves and chat, ")
    # Another language: the moves written again in it, the chat line in its place
    mixed, chat = list(page.log), "Ada: one more game?"
    set_language("pl")
    try:
        polish = list(page.log)
        assert len(polish) == len(mixed) and polish.index(chat) == mixed.index(chat)
        assert sum(a != b for a, b in zip(polish, mixed, strict=True)) >= len(mixed) - 2
    finally:
        set_language("en")
    assert page.log == mixed
    # Mara answers with a quick phrase; Ada's desktop speaks Italian
    ctrl(mara, "2")
    assert until(host.poll, lambda: host.speech.history[-1].text == "Sent: Good game")
    set_language("it")
    try:
        assert until(ada_desk.poll, lambda: chat_heard(ada_desk))
        assert chat_heard(ada_desk) == ["Mara: Bella partita"]
    finally:
        set_language("en")
    # Up recalls her sent line; Escape leaves the field where it was opened
    ada_page.focus.id = "pot" if any(c.id == "pot" for c in ada_page.table_controls()) \
        else "heading:table"
    before = ada_page.focus.id
    keys(ada, "m", "up")
    assert ada_page.chat.text == "one more game?"
    keys(ada, "escape")
    assert ada_page.focus.id == before
    # Mara mutes Ada for herself: Ada's next line is neither said nor kept
    ids = [c.id for c in page.table_controls() if c.zone == "chat"]
    assert "chat:do:mute:Ada" in ids and "chat:do:host_mute:Ada" in ids
    assert not any(c.id.startswith("chat:do:host") for c in ada_page.table_controls())
    page.focus.id = "chat:do:mute:Ada"
    keys(mara, "return")
    assert host.speech.history[-1].text == "Done: Mute Ada's chat for me."
    assert any(c.id == "chat:do:unmute:Ada" for c in page.table_controls())
    keys(ada, "m")
    typed(ada, "hello?")
    keys(ada, "return")
    assert until(host.poll, lambda: page.session.muted_lines == 1)
    assert "Ada: hello?" not in chat_heard(host)
    assert "hello?" not in [line.text for line in page.session.chat_lines]
    assert "ada" in host.rooms.mutes  # remembered for that name on this computer
    page.session.mute("Ada", False)
    # The host mutes her for everyone: everyone is told, her lines are refused
    page.focus.id = "chat:do:host_mute:Ada"
    keys(mara, "return")
    assert until(ada_desk.poll, lambda: any("The host muted Ada's chat." in s.text
                                            for s in ada_desk.speech.history))
    ada_page.session.chat("still there?")
    assert until(ada_desk.poll, lambda: any(s.text == "The host has muted your chat."
                                            for s in ada_desk.speech.history))


def _my_turn(desktop: Desktop) -> bool:
    t = desktop.remote.table
    return t is not None and t.view is not None and not t.view.over \
        and t.view.to_act == desktop.remote.seat


class Talker(Player):
    """A friend who, when asked, says something right after their next move
    (so the line reaches Mara together with the game's events)."""

    talk = False
    talked_at = 0.0
    lines = 0

    def _play(self, t) -> None:
        before = self.acted_at
        super()._play(t)
        if self.acted_at != before and self.talk:
            self.talk = False
            self.talked_at = time.monotonic()
            self.lines += 1
            self.client.send(Chat(text=f"my move {self.lines}"))


def test_a_line_is_said_after_the_announcement_and_held_on_my_turn(host, monkeypatch):  # noqa: F811
    page = host.create_room("tournament", 2, "easy", "Mara")
    app = App(page, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    monkeypatch.setattr("tests.net.test_host.CODE", page.room.code)
    friend = Talker("Ada", host.server, 1)
    assert until(friend.pump, lambda: friend.seat == 1)
    host.change_settings(host.settings.updated(chat_speech="not_my_turn"))
    keys(app, "n")  # New game
    assert until(lambda: (friend.pump(), host.poll()), lambda: host.remote.running)
    keys(app, "n")  # ready
    inbox = host.remote.client.inbox

    def inbox_has_said() -> bool:
        return any(isinstance(m, Said) for m in list(inbox.queue))

    checked_held = checked_order = False
    end = time.monotonic() + 90
    while not (checked_held and checked_order) and time.monotonic() < end:
        if not friend.talk and time.monotonic() - friend.talked_at > 2.5:
            friend.talk = True  # (the room lets a member say a line every two seconds)
        # Ada acts and talks while Mara's window does not read: her line
        # arrives together with the game's events.
        until(friend.pump, lambda: inbox.qsize() > 0, 2)
        until(friend.pump, inbox_has_said, 0.2)
        before = len(host.speech.history)
        had_said = inbox_has_said()
        host.poll()
        new = host.speech.history[before:]
        chats = [k for k, s in enumerate(new) if s.kind == "chat"]
        if had_said and _my_turn(host):
            assert not chats  # held: it is Mara's turn
            assert host.outputs.voices[id(host.remote)].waiting
            keys(app, "c")  # the turn is taken: the line is said once the move is
            assert until(lambda: (friend.pump(), host.poll()),  # back from the room and said
                         lambda before=before: any(s.kind == "chat"
                                                   for s in host.speech.history[before:]))
            after = host.speech.history[before:]
            said = [k for k, s in enumerate(after) if s.kind == "chat"]
            assert said and all(after[k].text.startswith("Ada: my move") for k in said)
            assert any(s.kind == "game" and s.text.startswith("You ") for s in after[:said[0]])
            checked_held = True
        elif had_said:
            game = [k for k, s in enumerate(new) if s.kind == "game" and "Ada" in s.text]
            assert chats and not any(new[k].interrupt for k in chats)
            if game:
                assert max(game) < min(chats)  # never before the game's announcement
                checked_order = True
        elif _my_turn(host):
            keys(app, "c")
        elif host.remote.game_over:
            keys(app, "n", "n")  # a new game (the second press confirms it)
        elif 0 in host.remote.awaited():
            keys(app, "n")
    assert checked_held and checked_order, (checked_held, checked_order,
                                            [s.text for s in host.speech.history[-8:]])
    assert not [e for e in friend.errors if e.reason.startswith("chat")]
    friend.client.close()
