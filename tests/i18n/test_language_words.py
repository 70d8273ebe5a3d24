"""The words of each language, heard in a scripted hand: the seeds' poker
words (seed 000 for Romanian, 001 for Italian, 004 for Polish), blinds said
in words rather than with a slash, and each language's number grammar
(Romanian "de" after 20 and more, Polish 1 / 2-4 / 5+ forms)."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.evaluator import evaluate_hand
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.i18n import hand_name
from holdem_desktop.i18n.names import chips, players
from holdem_desktop.i18n.phrases import (
    Phrasing,
    back_at_table,
    room_news,
    sentence,
    you_have,
)
from holdem_desktop.i18n.translate import set_language
from holdem_desktop.session import HumanController, Session, SessionError
from holdem_desktop.session.events import BlindsUp, HandStarting
from holdem_desktop.speech import Announcer
from holdem_desktop.ui.action_panel import ActionPanel, Command
from holdem_desktop.ui.howto import how_to_play
from holdem_desktop.ui.keymap import KeyMap


@pytest.fixture
def speak() -> Iterator[Callable[[str], None]]:
    """Switches the game's language for a test, and back to English after it."""
    def use(code: str) -> None:
        assert set_language(code), code
    yield use
    set_language("en")


def scripted_hand() -> tuple[list[str], list[str]]:
    """One hand of three players who all call and check to the showdown
    (the deck seeded), as Mara, in seat 0, hears it; and every button
    label shown on the way."""
    s = Session(shipped_variant("tournament"),
                [(n, HumanController()) for n in ("Mara", "Ada", "Bo")],
                rng=random.Random(3), clock=lambda: 0.0)
    said: list[str] = []
    announcer = Announcer(0, lambda k: s.seats[k].name, said.append)
    s.subscribe(announcer)
    panels = [ActionPanel(s, k) for k in range(3)]
    labels: list[str] = []
    s.start()
    s.next_hand()
    assert s.hand is not None
    while not s.hand.over:
        seat = s.hand.to_act
        assert seat is not None
        labels += [b.label for b in panels[seat].buttons()]
        assert panels[seat].activate(Command.CHECK_CALL).done
        if seat == 0:
            announcer.flush()
    announcer.flush()
    return said, labels


@pytest.mark.parametrize(("code", "sentences", "labels"), [
    ("en", ("New game: 3 players, 1,500 chips each.", "Hand 1. You deal. Blinds 10 and 20.",
            "You call 20.", "Bo checks.",
            "Ada wins the pot of 60 with pair of fives."),
     {"Check", "Call 20"}),
    # seed 000: "face pas", "egala", "pune toate jetoanele"; "de" after 20 and more
    # (the fives beat two high cards: no kicker decides, none is named)
    ("ro", ("Partidă nouă: 3 jucători, fiecare cu 1.500 de jetoane.",
            "Mâna 1. Tu împarți. Blinduri 10 și 20.", "Bo pune blindul mare de 20.",
            "Rândul tău: ai de egalat 20.", "Egalezi cu 20.", "Ada egalează cu 10.",
            "Bo face pas.", "Rândul tău: poți face pas.", "Faci pas.",
            "Ada arată cinci de caro și nouă de treflă: pereche de cinciari.",
            "Ada câștigă potul de 60: pereche de cinciari."),
     {"Pas", "Egalează 20", "Toate jetoanele, 1.500"}),
    # seed 001: "fare check", "chiamare", "fiches", "bui"
    ("it", ("Nuova partita: 3 giocatori, 1.500 fiches a testa.",
            "Mano 1. Sei tu il dealer. Bui 10 e 20.", "Tocca a te: 20 per chiamare.",
            "Chiami 20.", "Bo fa check.", "Fai check.",
            "Ada vince il piatto di 60 con coppia di cinque."),
     {"Fai check", "Chiama 20"}),
    # seed 004: "pas, sprawdzenie albo przebicie", "pula"
    ("pl", ("Nowa gra: 3 graczy, każdy ma 1\xa0500 żetonów.",
            "Rozdanie 1. Rozdajesz ty. Ciemne 10 i 20.", "Twój ruch: do sprawdzenia 20.",
            "Sprawdzasz 20.", "Bo czeka.", "Czekasz.",
            "Ada wygrywa 60 z puli: para piątek."),
     {"Czekaj", "Sprawdź 20", "Pas"}),
])
def test_a_scripted_hand_is_told_in_the_seed_s_words(speak, code, sentences, labels):
    speak(code)
    said, shown = scripted_hand()
    heard = " ".join(said)
    assert [s for s in sentences if s not in heard] == []
    assert labels <= set(shown)
    assert "/" not in heard  # the blinds are said in words, never "10/20"


# English words seed 000 has Romanian words of its own for ("pas", "egala",
# "pune toate jetoanele", "cel care împarte", "full", "popă"...).
ENGLISH_IN_ROMANIAN = re.compile(r"\b(dealer|all-in|pre-flop|check|kicker|kickere|kickeri|"
                                 r"full house|showdown|computer|rege|regi)\b", re.IGNORECASE)


def test_romanian_lets_no_english_poker_word_through(speak):
    speak("ro")
    said, labels = scripted_hand()
    keymap = KeyMap()
    page = [p for section in how_to_play(shipped_variant("tournament"), keymap)
            for p in (section.heading, *section.paragraphs)]
    keys = [text for _keys, text in keymap.help_lines()]
    hands = [hand_name(evaluate_hand(parse_cards(h))) for h in
             ("KsKh5d5c9s2d3c", "AsAhKd9c4s3d2c", "KsKhKd7c7s2d3c", "QsQhQdQc4s2d3c",
              "TsThTd3c3s2d4c", "Ts9h8d7c6s2d2c", "AsJh9d7c4s3d2c")]
    text = said + labels + page + keys + hands
    leftovers = [t for t in text if ENGLISH_IN_ROMANIAN.search(t)]
    assert leftovers == []
    assert len(text) > 100  # the page, the keys and the hand were all there


@pytest.mark.parametrize(("code", "cards", "expected"), [
    # "zece și trei" was the singular rank: two pair count its ranks in the plural
    ("ro", "TsTh3d3c9s2d4c", "două perechi, decari și treiari, cu nouă"),
    ("ro", "TsTh9d7c4s3d2c", "pereche de decari cu nouă"),
    ("ro", "TsThTd3c3s2d4c", "full de decari cu treiari"),
    ("ro", "7s7h7d3cKs2d4c", "trei șeptari"),
    ("ro", "KsKhKdKc9s2d4c", "careu de popi cu nouă"),
    ("it", "TsTh3d3c9s2d4c", "doppia coppia, dieci e tre, kicker nove"),
    ("pl", "TsTh3d3c9s2d4c", "dwie pary, dziesiątki i trójki, kicker dziewiątka"),
    ("pl", "TsThTd3c3s2d4c", "ful, dziesiątki na trójkach"),
])
def test_ranks_counted_in_a_hand_are_plural(speak, code, cards, expected):
    speak(code)
    assert hand_name(evaluate_hand(parse_cards(cards))) == expected


@pytest.mark.parametrize(("count", "code", "counts"), [
    # Romanian puts "de" after a number whose last two digits are 0 or 20-99.
    (chips, "ro", {1: "un jeton", 2: "2 jetoane", 5: "5 jetoane", 19: "19 jetoane",
                   20: "20 de jetoane", 22: "22 de jetoane", 25: "25 de jetoane",
                   101: "101 jetoane", 119: "119 jetoane", 120: "120 de jetoane",
                   1500: "1.500 de jetoane", 0: "0 jetoane"}),
    # Polish: 1 żeton, 2-4 żetony (not 12-14), 5+ żetonów.
    (chips, "pl", {1: "1 żeton", 2: "2 żetony", 4: "4 żetony", 5: "5 żetonów", 12: "12 żetonów",
                   22: "22 żetony", 25: "25 żetonów", 1500: "1\xa0500 żetonów", 0: "0 żetonów"}),
    # Italian says "fiches", as seed 001 does; "una fiche" alone.
    (chips, "it", {1: "1 fiche", 2: "2 fiches", 22: "22 fiches", 1500: "1.500 fiches"}),
    (chips, "en", {1: "1 chip", 2: "2 chips", 1500: "1,500 chips"}),
    (you_have, "ro", {1: "Ai un jeton.", 19: "Ai 19 jetoane.", 1440: "Ai 1.440 de jetoane."}),
    (you_have, "pl", {1: "Masz 1 żeton.", 2: "Masz 2 żetony.", 5: "Masz 5 żetonów.",
                      22: "Masz 22 żetony.", 25: "Masz 25 żetonów."}),
    (you_have, "it", {1: "Hai 1 fiche.", 30: "Hai 30 fiches."}),
    (players, "ro", {2: "2 jucători", 20: "20 de jucători"}),
    (players, "pl", {1: "1 gracz", 2: "2 graczy", 5: "5 graczy"}),
    (players, "it", {1: "1 giocatore", 6: "6 giocatori"}),
])
def test_counted_words_take_each_language_s_forms(speak, count, code, counts):
    speak(code)
    assert {n: count(n) for n in counts} == counts


@pytest.mark.parametrize(("code", "start", "up"), [
    ("en", "Hand 12. Ada deals. Blinds 1,000 and 2,000.", "Blinds go up to 20 and 40."),
    ("ro", "Mâna 12. Împarte Ada. Blinduri 1.000 și 2.000.", "Blindurile cresc la 20 și 40."),
    ("it", "Mano 12. Dealer: Ada. Bui 1.000 e 2.000.", "I bui salgono a 20 e 40."),
    ("pl", "Rozdanie 12. Rozdaje Ada. Ciemne 1\xa0000 i 2\xa0000.", "Ciemne rosną do 20 i 40."),
])
def test_blinds_are_said_in_words(speak, code, start, up):
    speak(code)
    p = Phrasing(lambda k: ("Mara", "Ada")[k], me=0)
    assert sentence(HandStarting(12, 1, 5, (1000, 2000), 0, 10), p) == start
    assert sentence(BlindsUp(1, (20, 40), 0), p) == up


@pytest.fixture
def table() -> Iterator[Callable[[], Any]]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pytest.importorskip("pygame")
    from holdem_desktop.resources import assets_dir
    from holdem_desktop.ui.draw import TableRenderer
    from holdem_desktop.ui.table import TableScreen

    def make() -> Any:  # a TableScreen, imported only once pygame is there
        s = Session(shipped_variant("tournament"),
                    [(n, HumanController()) for n in ("Mara", "Ada", "Bo")],
                    rng=random.Random(3), clock=lambda: 0.0)
        s.start()
        s.next_hand()
        screen = TableScreen(s, 0, TableRenderer(assets_dir() / "cards" / "classic"))
        panels = [ActionPanel(s, k) for k in range(3)]
        while s.hand is not None and s.hand.to_act is not None and not s.view(0).board:
            panels[s.hand.to_act].activate(Command.CHECK_CALL)
        return screen
    yield make


@pytest.mark.parametrize(("code", "state", "line", "player"), [
    ("en", "You have 1,480 chips.", "Hand 1, blinds 10 and 20", "Ada, 1,480 chips"),
    ("ro", "Ai 1.480 de jetoane.", "Mâna 1, blinduri 10 și 20", "Ada, 1.480 de jetoane"),
    ("it", "Hai 1.480 fiches.", "Mano 1, bui 10 e 20", "Ada, 1.480 fiches"),
    ("pl", "Masz 1\xa0480 żetonów.", "Rozdanie 1, ciemne 10 i 20", "Ada, 1\xa0480 żetonów"),
])
def test_read_state_and_the_game_state_lines_count_chips_and_say_blinds_in_words(
        speak, table, code, state, line, player):
    speak(code)
    screen = table()
    read = screen.read_state()
    assert state in read
    assert line in screen.state_lines()
    assert screen.player_text(1).startswith(player)
    assert "/" not in read and not any("/" in t for t in screen.state_lines())


class _Between:
    """A room's game between hands, as "Back at the table." reads it."""

    seats = ()
    hands_played = 2

    def chips(self, seat: int) -> int:
        return 1500

    def view(self, seat: int | None) -> Any:
        raise SessionError("no_hand")


@pytest.mark.parametrize("code, waits, back", [
    ("en", "The game waits for Bo, who is not connected.", "Back at the table. 2 hands played. "),
    ("ro", "Jocul așteaptă: Bo nu are conexiune.", "Înapoi la masă. S-au jucat 2 mâini. "),
    ("it", "La partita aspetta Bo, che non è in linea.",
     "Di nuovo al tavolo. Sono state giocate 2 mani. "),
    ("pl", "Gra czeka na ruch. Bez połączenia: Bo.",
     "Z powrotem przy stole. Rozegrano 2 rozdania. "),
])
def test_coming_back_to_a_room_and_the_wait_for_someone_gone_in_each_language(
        speak, code, waits, back):
    speak(code)
    assert room_news("turn_waits", ("Bo",)) == waits
    assert back_at_table(_Between(), 0, True).startswith(back)
    assert back_at_table(_Between(), 0, False) == back.split(". ")[0] + "."
