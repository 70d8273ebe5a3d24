"""The words of a tournament over many tables (i18n/tournament.py): a move
with where the button is, a table broken, the players left, your place and
the average stack, the next blind level and when, the final table, the
winner and the places; in each language, with its number grammar."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from holdem_desktop.i18n import tournament as words
from holdem_desktop.i18n.translate import set_language


@pytest.fixture
def language() -> Iterator[None]:
    yield
    set_language("en")


def test_a_move_says_the_table_the_seat_and_where_the_button_is():
    # seats counted from 0, said from 1; the button the nearer way round
    assert words.you_move(3, 4, 2, 9) == ("You move to table 3, seat 5, the button is 2 seats "
                                         "to your right.")
    assert words.you_move(3, 4, 5, 9) == ("You move to table 3, seat 5, the button is 1 seat "
                                         "to your left.")
    assert words.you_move(1, 0, 0, 6) == "You move to table 1, seat 1, you have the button."
    assert words.you_move(1, 0, 3, 6).endswith("the button is 3 seats to your right.")
    assert words.you_move(2, 7, None, 9) == ("You move to table 2, seat 8, and wait there for "
                                            "players.")
    assert words.moved_away("Ada", 4) == "Ada moves to table 4."
    assert words.moved_in("Ada", 2, 0) == "Ada comes from table 2 to seat 1."
    assert words.table_broken(5, yours=True) == "Your table, table 5, is broken."
    assert words.table_broken(5, yours=False) == "Table 5 is broken."


def test_the_players_left_your_place_and_the_next_level():
    assert words.players_left(12, 40) == "12 players left of 40."
    assert words.players_left(1, 40) == "1 player left of 40."
    assert words.your_standing(3, 12, 4500, 3333) == (
        "You are number 3 of 12 by chips, with 4,500; the average stack is 3,333.")
    assert words.next_level((50, 100), 0, 61.0) == "Next level: blinds 50 and 100 in 2 minutes."
    assert words.next_level((50, 100), 10, 5.0) == (
        "Next level: blinds 50 and 100, ante 10, in 1 minute.")
    assert words.next_level((50, 100), 0, None) == "The blinds no longer go up."
    assert words.final_table(9) == "The final table: 9 players left."


def test_when_a_tournament_clock_raises_a_table_blinds():
    assert words.blinds_go_up((30, 60), 0, 239.5) == (
        "The blinds go up to 30 and 60 in 4 minutes.")
    assert words.blinds_go_up((30, 60), 0, 20.0) == "The blinds go up to 30 and 60 in 1 minute."
    assert words.blinds_go_up((30, 60), 5, 61.0) == (
        "The blinds go up to 30 and 60, ante 5, in 2 minutes.")
    assert words.blinds_go_up((1000, 2000), 0, 0.0) == (
        "The blinds go up to 1,000 and 2,000 from the next hand.")
    assert words.blinds_go_up((30, 60), 5, 0.0) == (
        "The blinds go up to 30 and 60, ante 5, from the next hand.")
    assert words.blinds_go_up_line((30, 60), 300.0) == "Blinds go up to 30 and 60 in 5 minutes"
    assert words.blinds_go_up_line((30, 60), 0.0) == (
        "Blinds go up to 30 and 60 from the next hand")


def test_the_end_says_the_winner_your_place_and_the_ranking():
    assert words.tournament_won("Vera", you=False) == "Vera wins the tournament."
    assert words.tournament_won("Vera", you=True) == "You win the tournament!"
    assert words.you_finished(3, 40, shared=False) == "You finished third of 40."
    assert words.ranking([("Ola", 3), ("Vera", 1), ("Ed", 3), ("Wiktor", 2), ("Zed", 5)],
                         limit=3) == ("Places: 1, Vera; 2, Wiktor; 3, Ed and Ola. 1 more player "
                                      "is not read out.")  # (Zed: never cut off unsaid)
    # a server's computers by name, not by their id
    assert words.tournament_won("computer:6", you=False) == "Computer 6 wins the tournament."
    assert words.ranking([("computer:6", 1), ("Ann", 2)]) == "Places: 1, Computer 6; 2, Ann."


@pytest.mark.parametrize(("code", "move", "left", "final"), [
    ("ro", "Te muți la masa 3, locul 5, dealerul e la 2 locuri în dreapta ta.",
     "Au rămas 25 de jucători din 40.", "Masa finală: au rămas 9 jucători."),
    ("it", "Passi al tavolo 3, posto 5, il dealer è 2 posti alla tua destra.",
     "Restano 25 giocatori su 40.", "Tavolo finale: restano 9 giocatori."),
    ("pl", "Przechodzisz do stołu 3, miejsce 5, dealer siedzi 2 miejsca na prawo od ciebie.",
     "Zostało 25 graczy z 40.", "Stół finałowy: w grze zostało 9 graczy."),
])
def test_each_language_says_them_with_its_number_grammar(language, code, move, left, final):
    assert set_language(code)
    assert words.you_move(3, 4, 2, 9) == move
    assert words.players_left(25, 40) == left  # Romanian "de" from 20, Polish 5+
    assert words.final_table(9) == final
    assert words.player_name("computer:4") == {"ro": "Calculatorul 4", "it": "Computer 4",
                                               "pl": "Komputer 4"}[code]


def test_the_tournaments_page_lines_and_the_standings():
    line = words.tournament_line("Twelve", "Tournament", 1500, "turbo", 5, 6, 3, 12, None,
                                 "registering", True)
    assert line == ("Twelve: Tournament, stack 1,500, turbo blinds, 5 minutes a level, tables "
                    "of 6, 3 of 12 registered, starts when full, registration open; you are "
                    "registered")
    assert words.tournaments_count(0) == "No tournament on this server."
    assert words.tournaments_count(1) == "1 tournament."
    assert words.level_now(3, (30, 60), 0) == "Level 3: blinds 30 and 60."
    assert words.level_now(9, (300, 600), 50) == "Level 9: blinds 300 and 600, ante 50."
    assert words.standings_refused("full", "Twelve") == "Twelve is full."
    assert words.standings_refused("odd", "Twelve") == "The server refused that (odd)."
    # (several processes: the one running it is away; never the bare reason)
    assert words.standings_refused("away", "Twelve") == (
        "Twelve cannot be reached just now: the server running it does not answer. "
        "Try again in a moment.")


@pytest.mark.parametrize(("code", "count", "line"), [
    ("ro", "21 de turnee.", "Pair: Turneu, jetoane de start 1.500, blinduri normale, 10 minute "
     "pe nivel, mese de 3, 2 din 2 înscriși, începe când se umple, în desfășurare"),
    ("it", "21 tornei.", "Pair: Torneo, stack 1.500, bui normali, 10 minuti per livello, "
     "tavoli da 3, 2 iscritti su 2, inizia quando è al completo, in corso"),
    ("pl", "21 turniejów.", "Pair: Turniej, stos 1\u00a0500, ciemne w zwykłym tempie, 10 minut na "
     "poziom, stoły po 3, zapisanych 2 z 2, startuje po zapełnieniu, w toku"),
])
def test_each_language_says_the_tournaments_page(language, code, count, line):
    assert set_language(code)
    assert words.tournaments_count(21) == count
    got = words.tournament_line("Pair", words._("Tournament"), 1500, "normal", 10, 3, 2, 2,
                                None, "running", False)
    assert got == line
