"""Chat in the room core (issue 24), fed message by message with the room's
clock: what is relayed, what is refused and why, the escalation of a
flood, the host's mute, and news held and folded so no receiver is told
more than the documented number of lines a second."""

from __future__ import annotations

import pytest

from holdem_desktop.net import chat
from holdem_desktop.net.chat import NewsGate, fold, line_problem
from holdem_desktop.net.protocol import (
    Chat,
    Error,
    Hello,
    Leave,
    MalformedMessage,
    MuteMember,
    News,
    Said,
    Waiting,
    parse_client,
    parse_host,
    to_payload,
)
from holdem_desktop.net.room import Room
from tests.net.conftest import CORE_CODE as CODE


def join(room: Room, conn: str, name: str, address: str = "127.0.0.2") -> None:
    room.connect(conn, address)
    room.receive(conn, Hello(name, CODE, "1"))


def said(out, conn) -> list[Said]:
    return [m for c, m in out if c == conn and isinstance(m, Said)]


def errors(out, conn) -> list[str]:
    return [m.reason for c, m in out if c == conn and isinstance(m, Error)]


def news(out, conn) -> list[News]:
    return [m for c, m in out if c == conn and isinstance(m, News)]


def test_a_line_goes_to_everyone_by_name_and_a_phrase_by_its_id(room):
    join(room, "h", "Mara")
    join(room, "a", "Ada")
    room.take()
    room.receive("a", Chat(text="  one   more game?  "))
    room.receive("h", Chat(phrase="good_game"))
    out = room.take()
    for conn in ("h", "a"):  # the sender too: their receipt
        assert said(out, conn) == [Said("Ada", "one more game?"), Said("Mara", phrase="good_game")]
    # on the wire it is the phrase's id, never words of one language
    assert b'"phrase":"good_game"' in to_payload(Said("Mara", phrase="good_game"))


@pytest.mark.parametrize(("text", "reason"), [
    ("x" * 201, "chat_too_long"),
    ("x" * 10_000, "chat_too_long"),
    ("hi\nthere", "chat_control"),
    ("hi\tthere", "chat_control"),
    ("abc\u202edcba", "chat_control"),  # right-to-left override
    ("a\u200bb", "chat_control"),  # zero-width space
    ("\u2066x\u2069", "chat_control"),  # bidi isolates
    ("\x1b[2J", "chat_control"),
    ("\u3164", "chat_control"),  # a Hangul filler: shows nothing
    ("   ", "chat_empty"),
])
def test_unusable_lines_are_refused_to_the_sender_alone_with_the_reason(room, text, reason):
    join(room, "h", "Mara")
    join(room, "a", "Ada")
    room.take()
    room.receive("a", Chat(text=text))
    out = room.take()
    assert errors(out, "a") == [reason]
    assert not said(out, "h") and not said(out, "a") and not errors(out, "h")
    # the server's log hears the reason and the length, never the words
    assert room.chat_refused == [("a", reason, len(text))]


def test_two_hundred_characters_pass_and_accents_and_other_alphabets_too(room):
    join(room, "h", "Mara")
    room.take()
    for text in ("é" * 200, "Ζεύς: ωραίο χέρι!", "Świetne rozdanie, dzięki!"):
        room.test_clock.now += 3
        room.receive("h", Chat(text=text))
        assert said(room.take(), "h") == [Said("Mara", text)]


def test_a_line_holding_the_senders_token_is_not_sent(room):
    join(room, "h", "Mara")
    room.take()
    token = room.members[0].token
    room.receive("h", Chat(text=f"my token is {token.upper()}"))
    out = room.take()
    assert errors(out, "h") == ["chat_private"] and not said(out, "h")


def test_repeats_are_refused_and_a_flood_warns_then_mutes_then_tells_the_host(room):
    join(room, "h", "Mara")
    join(room, "a", "Ada")
    room.take()
    clock = room.test_clock
    room.receive("a", Chat(text="hello"))
    room.receive("a", Chat(text="HELLO"))  # the same line again
    out = room.take()
    assert len(said(out, "h")) == 1 and errors(out, "a") == ["chat_repeat"]
    clock.now += chat.REPEAT_WINDOW
    room.receive("a", Chat(text="hello"))  # later, it may be said again
    assert len(said(room.take(), "h")) == 1
    # 100 lines in a second: the bucket's burst passes, the rest is refused;
    # the first refusals warn, then the sender is muted for a while
    clock.now += 60
    for k in range(100):
        clock.now += 0.01
        room.receive("a", Chat(text=f"spam {k}"))
    out = room.take()
    assert len(said(out, "h")) == chat.BURST
    reasons = errors(out, "a")
    assert reasons[:chat.STRIKES - 1] == ["chat_too_fast"] * (chat.STRIKES - 1)
    assert reasons[chat.STRIKES - 1] == "chat_muted"
    assert set(reasons[chat.STRIKES:]) == {"chat_muted"}
    muted = next(m for c, m in out if c == "a" and isinstance(m, Error)
                 and m.reason == "chat_muted")
    assert muted.data == {"seconds": int(chat.MUTE_FOR)}
    assert not news(out, "h")  # the first mute is not the host's business yet
    # after the mute, a second flood: muted longer, and the host is told
    clock.now += chat.MUTE_FOR + 1
    for k in range(20):
        clock.now += 0.01
        room.receive("a", Chat(text=f"again {k}"))
    out = room.take()
    assert News("chat_flood", ("Ada",)) in news(out, "h")
    assert not [n for n in news(out, "a") if n.what == "chat_flood"]
    clock.now += chat.MUTE_FOR + 1  # still muted: the longer mute
    room.receive("a", Chat(text="let me talk"))
    assert errors(room.take(), "a") == ["chat_muted"]
    clock.now += chat.MUTE_LONGER
    room.receive("a", Chat(text="sorry"))
    assert said(room.take(), "h") == [Said("Ada", "sorry")]


def test_the_room_relays_a_few_lines_a_second_however_many_talk(room):
    join(room, "h", "Mara")
    join(room, "a", "Ada")
    join(room, "b", "Bruno")
    room.take()
    clock = room.test_clock
    heard = 0
    for k in range(40):  # ten seconds of three people talking four times a second
        for conn in ("h", "a", "b"):
            clock.now += 1 / 12
            room.receive(conn, Chat(text=f"{conn} line {k}"))
        heard += len(said(room.take(), "h"))
    assert heard <= chat.ROOM_BURST + chat.ROOM_RATE * 10


def test_the_host_mutes_a_member_for_everyone_and_only_the_host_may(room):
    join(room, "h", "Mara")
    join(room, "a", "Ada")
    join(room, "b", "Bruno")
    room.take()
    room.receive("a", MuteMember("Bruno"))
    assert errors(room.take(), "a") == ["not_host"]
    room.receive("h", MuteMember("bruno"))
    out = room.take()
    assert all(News("muted", ("Bruno",)) in news(out, c) for c in "hab")
    room.receive("b", Chat(text="can you hear me"))
    out = room.take()
    assert errors(out, "b") == ["muted_by_host"] and not said(out, "h") and not said(out, "a")
    room.receive("h", MuteMember("Bruno"))
    assert errors(room.take(), "h") == ["already_muted"]
    room.receive("h", MuteMember("Nobody"))
    assert errors(room.take(), "h") == ["no_member"]
    room.receive("h", MuteMember("Bruno", on=False))
    room.receive("b", Chat(text="thanks"))
    out = room.take()
    assert News("unmuted", ("Bruno",)) in news(out, "a")
    assert said(out, "a") == [Said("Bruno", "thanks")]


def test_a_join_and_leave_loop_is_told_a_few_lines_a_second_folded(room):
    join(room, "h", "Mara")
    room.take()
    clock = room.test_clock
    told: list[tuple[float, News]] = []
    for k in range(60):  # thirty seconds, a stranger joining and leaving twice a second
        for _step in range(2):
            clock.now += 0.25
            conn = f"x{k}{_step}"
            join(room, conn, f"Guest{k % 7}", address=f"10.0.0.{k % 200}")
            room.receive(conn, Leave())
            room.disconnect(conn)
            room.tick()
            told += [(clock.now, n) for n in news(room.take(), "h")]
    per_second: dict[int, int] = {}
    for t, _n in told:
        per_second[int(t)] = per_second.get(int(t), 0) + 1
    assert max(per_second.values()) <= chat.NEWS_BURST + chat.NEWS_RATE
    # over the whole time no more than the rate allows, and nobody is lost:
    assert len(told) <= chat.NEWS_BURST + chat.NEWS_RATE * 30 + 1
    folded = [n for _t, n in told if n.what == "came_and_went"]
    assert folded and all(n.names for n in folded)
    named = {name for _t, n in told for name in n.names}
    assert {f"Guest{k}" for k in range(7)} <= named


def test_fold_makes_one_line_per_kind_and_counts_beyond_ten():
    items = [News("joined", (f"P{k}",)) for k in range(14)] + \
        [News("left", ("P1",)), News("lost", ("P2",)), News("away", ("Ada",))]
    out = fold(items)
    assert [n.what for n in out] == ["joined", "away", "came_and_went"]
    joined = out[0]
    assert len(joined.names) == 10 and joined.more == 2
    assert out[2].names == ("P1", "P2")
    gate = NewsGate()
    sent = [gate.offer(n, 0.0) for n in items]
    assert sum(len(s) for s in sent) == chat.NEWS_BURST
    assert [n.what for n in gate.held] == ["joined", "left", "lost", "away"]  # one per kind
    assert gate.release(10.0) and not gate.held


def test_every_news_passes_the_gate_and_what_is_folded_says_each_persons_last_state():
    """Issue 31: the host's news and ``all_away`` were passed at once, so one
    person pressing Away and Back made every window say 20 lines a second;
    folded, "Eve is back" came before "Eve is away" when she was back."""
    gate = NewsGate()
    for k in range(10):
        gate.offer(News("joined", (f"P{k}",)), 0.0)
    assert gate.offer(News("removed", ("P3",)), 0.0) == []  # held like any other
    assert gate.offer(News("all_away", ("Ada", "Eve")), 0.0) == []
    gate = NewsGate()
    sent = []
    for _ in range(50):  # Eve presses Away and Back; the others are away
        sent += gate.offer(News("away", ("Eve",)), 0.0)
        sent += gate.offer(News("all_away", ("Ada", "Eve")), 0.0)
        sent += gate.offer(News("back", ("Eve",)), 0.0)
    assert len(sent) == chat.NEWS_BURST
    assert fold(gate.held) == gate.held == [News("back", ("Eve",))]  # true now
    gate.offer(News("away", ("Eve",)), 0.0)
    gate.offer(News("all_away", ("Ada", "Eve")), 0.0)
    assert gate.held == [News("away", ("Eve",)), News("all_away", ("Ada", "Eve"))]
    assert gate.release(0.1) == []  # no faster than the rate
    assert gate.release(1.1) == [News("away", ("Eve",)), News("all_away", ("Ada", "Eve"))]
    # each person's last state, whoever else is in the same news
    assert fold([News("away", ("Ada",)), News("back", ("Bo",)), News("away", ("Cy",)),
                 News("back", ("Ada",)), News("muted", ("Bo",)), News("unmuted", ("Bo",))]) == [
        News("back", ("Bo", "Ada")), News("away", ("Cy",)), News("unmuted", ("Bo",))]


def test_the_list_of_those_awaited_that_is_said_passes_the_gate_newest_only():
    gate = NewsGate()
    sent = []
    for k in range(21):
        sent += gate.offer_waiting(Waiting((1, 2) if k % 2 else (1,)), 0.0)
    assert sent == [Waiting((1,)), Waiting((1, 2)), Waiting((1,)), Waiting((1, 2))]
    assert gate.waiting == Waiting((1,), say=True)
    gate.offer(News("back", ("Eve",)), 0.0)
    assert gate.release(0.5) == [News("back", ("Eve",))]  # news first, then the list
    assert gate.release(1.0) == [Waiting((1,))]
    gate.offer_waiting(Waiting((1,)), 1.0)  # the list said last, again: not said again
    assert gate.waiting is None and gate.release(9.0) == []
    gate.offer_waiting(Waiting((2,)), 1.0)
    gate.forget_waiting()  # the hand was dealt: the list held is not said
    assert gate.release(9.0) == []


def test_chat_messages_are_checked_on_the_wire():
    assert parse_client(to_payload(Chat(text="x" * 10_000))) == Chat(text="x" * 10_000)
    for bad in (b'{"v":1,"type":"chat","text":"hi","phrase":"thanks"}',
                b'{"v":1,"type":"chat"}',
                b'{"v":1,"type":"chat","phrase":"insult"}',
                b'{"v":1,"type":"chat","text":5}',
                b'{"v":1,"type":"chat","text":"' + b"x" * 16_385 + b'"}',
                b'{"v":1,"type":"mute","name":"Ada","on":1}'):
        with pytest.raises(MalformedMessage):
            parse_client(bad)
    for bad in (b'{"v":1,"type":"said","name":"Ada","text":"' + b"x" * 201 + b'"}',
                b'{"v":1,"type":"said","name":"Ada","text":"a\\u202eb"}',
                b'{"v":1,"type":"said","name":"Ada","text":"a\\nb"}'):
        with pytest.raises(MalformedMessage):
            parse_host(bad)
    assert line_problem("fine") is None
