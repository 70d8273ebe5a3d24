"""When chat lines are said (issue 24): after the game's announcement,
never interrupting, held on the player's turn or never said, as the Speak
chat setting says; a long wait is summed up, not read out."""

from __future__ import annotations

from holdem_desktop.speech import RecordingSpeaker, Speech
from holdem_desktop.speech.chat import WAITING, ChatVoice


def voice(mode: str = "always") -> tuple[Speech, ChatVoice, list[str]]:
    speech = Speech(RecordingSpeaker())
    cues: list[str] = []
    return speech, ChatVoice(speech.chat, lambda: cues.append("chat"), mode), cues


def test_lines_wait_for_the_release_and_never_interrupt():
    speech, chat, cues = voice()
    chat.add("Ana: one more game?")
    speech.announce("Bruno raises to 120. Your turn.")
    assert chat.release(my_turn=False) == ["Ana: one more game?"]
    calls = speech.speaker.calls
    assert calls == [("Bruno raises to 120. Your turn.", False), ("Ana: one more game?", False)]
    assert cues == ["chat"] and speech.last_announcement() == "Bruno raises to 120. Your turn."


def test_not_while_it_is_my_turn_holds_the_line_until_the_turn_is_taken():
    speech, chat, cues = voice("not_my_turn")
    chat.add("Ana: hurry up")
    assert chat.release(my_turn=True) == [] and not speech.history and not cues
    assert chat.release(my_turn=False) == ["Ana: hurry up"]
    assert [s.kind for s in speech.history] == ["chat"]


def test_never_says_nothing_and_keeps_nothing_waiting():
    speech, chat, cues = voice("never")
    chat.add("Ana: hello")
    assert chat.release(my_turn=False) == [] and not speech.history and not cues
    chat.mode = "always"
    assert chat.release(my_turn=False) == []  # what came while "never" is not said later


def test_a_long_wait_is_summed_up():
    _speech, chat, _cues = voice("not_my_turn")
    for k in range(WAITING + 4):
        chat.add(f"Ana: line {k}")
    said = chat.release(my_turn=False)
    assert said[0] == "4 more lines in the Chat zone."
    assert said[1:] == [f"Ana: line {k}" for k in range(4, WAITING + 4)]


def test_a_line_never_comes_before_my_move_on_its_way():
    """Issue 31 item 1: a line that arrives while the player's move is on its
    way to the room waits, and is said right after the move."""
    speech, chat, _cues = voice()
    chat.add("Ana: hurry up", after_move=True)
    assert chat.release(my_turn=False, moving=True) == [] and not speech.history
    speech.announce("You call 40. Your turn: you can check.", urgent=True)
    assert chat.release(my_turn=True) == ["Ana: hurry up"]
    assert [s.kind for s in speech.history] == ["game", "chat"]


def test_lines_held_on_my_turn_follow_my_move_even_when_the_turn_comes_round_again():
    _speech, chat, _cues = voice("not_my_turn")
    chat.add("Ana: hurry up")
    assert chat.release(my_turn=True) == []
    assert chat.release(my_turn=False, moving=True) == []  # the key pressed: the move is sent
    chat.add("Ana: ok")  # came after the move was answered, on the new turn: held
    assert chat.release(my_turn=True) == ["Ana: hurry up"]
    assert chat.waiting == ["Ana: ok"]
    assert chat.release(my_turn=False) == ["Ana: ok"]
