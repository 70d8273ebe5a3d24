"""What the table writes of its players and the hand (issue 33: a
module of :mod:`.table`): the controls of each zone and their words, one
player's line, your hand, the pot or who won it, the title line, the seat
boxes and the winning hands on the felt.  :class:`~.table.TableScreen`
builds on it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n import amount, card_name
from holdem_desktop.i18n.names import hand_now
from holdem_desktop.i18n.tournament import table_title
from holdem_desktop.i18n.translate import _
from holdem_desktop.session import SessionError

from .action_bar import action_controls
from .chat_zone import ChatZone
from .desktop import Desktop
from .page import Page, Transition
from .plates import SeatPlate, before_the_game, knocked_out, played_by, seat_plates, winning_hands
from .reading import all_in_seats, chips_part
from .state_words import player_line, pot_text
from .table_actions import ActingPage
from .trust import grouped
from .widgets import Control, Role

__all__ = ["RoomInfo", "TableTexts"]


@dataclass(frozen=True)
class RoomInfo:
    """The room a table is in: its code, the invitation to share, and how
    to copy text and to leave."""

    code: str
    invitation: str
    copy: Callable[[str], bool]
    leave: Callable[[], None]
    fingerprint: str = ""
    """The SHA-256 fingerprint of the room's certificate (``AB:CD:…``), for a
    friend who joins by address to compare ("" when none)."""
    live: Callable[[], tuple[str, str]] | None = None
    """The code and the invitation now, when they change (a tournament moves
    its player to another table: another room)."""
    back: Callable[[], Transition | None] | None = None
    """Where leaving the room goes, when not to the start screen (a public
    table, left for the Lobby it was chosen in)."""

    def now(self) -> tuple[str, str]:
        """The room's code and invitation now."""
        return self.live() if self.live is not None else (self.code, self.invitation)


class TableTexts(ActingPage):
    """The table's words for the eye and the ear (no keys, no drawing)."""

    seat: int | None
    desktop: Desktop | None
    room: RoomInfo | None
    chat: ChatZone | None
    tab: Page | None
    tab_id: str | None
    log_index: int | None

    @property
    def log(self) -> list[str]:
        """The Move log's lines as it shows them (the table has them)."""
        raise NotImplementedError

    def _log_filter_text(self) -> str:
        raise NotImplementedError

    def state_lines(self, shown: SeatView | None = None) -> list[str]:
        """The Game state zone's lines (the table has them)."""
        raise NotImplementedError

    def _name(self, seat: int) -> str:
        """Who plays ``seat`` (once a room's game is over, who played it)."""
        return played_by(self.session, seat)

    @property
    def me(self) -> int | None:
        """The seat the game's words say "you" for: yours, unless a room's
        game is over and was not played from it (a seat given to you after
        its end: of that game you learn what a listener learns)."""
        unplayed = self.seat is not None and getattr(self.session, "me", self.seat) is None
        return None if unplayed else self.seat

    @property
    def suits(self) -> bool:
        """Whether card names say their suit (a speech setting)."""
        return self.desktop is None or self.desktop.settings.speak_suits

    def _view(self) -> SeatView | None:
        if self.session.hand is None:
            return None
        try:
            return self.session.view(self.seat)
        except SessionError:  # a room's view not arrived yet: drawn as between hands
            return None

    def _tabs(self) -> tuple[Control, ...]:
        """The title line's controls: Menu and the tabs."""
        return (
            # the mouse's way out, as Escape is the keyboard's (drawn left of the tabs)
            Control("menu", _("Menu"), Role.BUTTON, "tabs"),
            Control("tab:help", _("How to play"), Role.TAB, "tabs",
                    value=_("open") if self.tab_id == "help" else _("closed")),
            Control("tab:settings", _("Settings"), Role.TAB, "tabs",
                    value=_("open") if self.tab_id == "settings" else _("closed")),
        )

    def table_controls(self, shown: SeatView | None = None) -> tuple[Control, ...]:
        """The table's own controls, zone by zone: as the game stands (for
        the keys and speech), or as the felt's picture ``shown`` has the hand
        while it is behind the game (for the eye)."""
        view = self._view() if shown is None else shown
        out = [Control("heading:table", _("Table"), Role.HEADING, "table")]
        if view is not None:
            names = (_("Flop card 1"), _("Flop card 2"), _("Flop card 3"), _("Turn card"),
                     _("River card"))
            out += [Control(f"board:{k}", _("{position}: {card}").format(
                position=names[k], card=card_name(c, suits=self.suits)), Role.CARD, "table")
                    for k, c in enumerate(view.board)]
            if not view.board:
                out.append(Control("board:none", _("No cards on the board yet"), Role.TEXT,
                                   "table"))
            out.append(Control("pot", self.pot_text(view), Role.TEXT, "table"))
            out.append(Control("dealer", _("You deal") if view.button == self.me
                               else _("{player} deals").format(player=self._name(view.button)),
                               Role.TEXT, "table"))
        out.append(Control("heading:hand", _("Your hand"), Role.HEADING, "hand"))
        if view is not None and view.hole:
            out += [Control(f"hole:{k}", card_name(c, suits=self.suits), Role.CARD, "hand")
                    for k, c in enumerate(view.hole)]
        else:
            out.append(Control("hole:none", _("You have no cards"), Role.TEXT, "hand"))
        out.append(Control("heading:actions", _("Actions"), Role.HEADING, "actions"))
        out += action_controls(self.panel, shown, self.amount_box, amount)
        out.append(Control("heading:state", _("Game state"), Role.HEADING, "state"))
        out += [Control(f"state:{k}", line, Role.TEXT, "state")
                for k, line in enumerate(self.state_lines(shown))]
        out.append(Control("heading:players", _("Players"), Role.HEADING, "players"))
        out += [Control(f"player:{seat}", self.player_text(seat, shown), Role.TEXT, "players")
                for seat in self._occupied()]
        out.append(Control("heading:log", _("Move log"), Role.HEADING, "log"))
        if self.chat is not None:
            out.append(Control("log:filter", _("Move log shows"), Role.CHOICE, "log",
                               value=self._log_filter_text()))
        out.append(Control("log", self._log_selected() or _("empty"), Role.LIST, "log"))
        if self.room is not None:
            digits = " ".join(self.room.now()[0])  # read digit by digit
            out += [Control("heading:room", _("Room"), Role.HEADING, "room"),
                    Control("room:code", _("Room code {code}").format(code=digits), Role.TEXT,
                            "room"),
                    Control("room:invite", _("Copy invitation"), Role.BUTTON, "room")]
            if self.room.fingerprint:
                out.append(Control("room:fingerprint", _("Certificate fingerprint: {fingerprint}")
                                   .format(fingerprint=self.room.fingerprint),
                                   Role.TEXT, "room"))
            out += [Control("room:do:" + a.key, a.label, Role.BUTTON, "room")
                    for a in self._room_actions()]
            out.append(Control("room:leave", _("Leave room"), Role.BUTTON, "room"))
        if self.chat is not None:
            out += self.chat.controls()
        return tuple(out)

    def _log_selected(self) -> str:
        if not self.log:
            return ""
        k = len(self.log) - 1 if self.log_index is None else self.log_index
        return self.log[k]

    def describe(self, control: Control) -> str:
        if control.role is Role.CARD:  # the card, then your current hand
            return _("{card}. Your hand: {hand}").format(card=control.spoken(),
                                                         hand=self.hand_text())
        if control.id == "room:fingerprint" and self.room is not None:  # spelled, to compare
            return _("Certificate fingerprint: {groups}").format(groups=grouped(
                self.room.fingerprint))
        if control.role is Role.TEXT:
            return control.label
        if control.role is Role.LIST:
            return _("Move log, {line}; Enter reads it line by line.").format(line=control.label)
        return control.spoken()

    def pot_text(self, view: SeatView) -> str:
        """The pot (and the main and side pots, once gathered), or when the
        hand is over who won it."""
        return pot_text(view, self._who, self.me)

    def _who(self, seat: int) -> str:
        """A player as the results name them: "you" for the player."""
        return _("you") if seat == self.me else self._name(seat)

    def _occupied(self) -> list[int]:
        """The seats someone sits in, yours first (a room's empty seats have no name)."""
        return [seat for seat in self._seats_from_me() if self._name(seat)]

    def _seats_from_me(self) -> list[int]:
        n = self.session.n
        first = self.seat or 0  # a listener without a seat: from seat 0
        return [(first + k) % n for k in range(n)]

    def player_text(self, seat: int, shown: SeatView | None = None) -> str:
        """One player, as the Players zone reads them (``shown``: as the
        felt's picture has them, still playing the hand it shows)."""
        view = self._view() if shown is None else shown
        return player_line(self.session, seat, self._name(seat), view, shown is not None,
                           self.suits)

    def hand_text(self) -> str:
        """Your current hand: "pair of nines, ace kicker" (your cards before the flop)."""
        view = self._view()
        return hand_now(view.hole, view.board) if view is not None else hand_now((), ())

    def title_parts(self, view: SeatView | None = None) -> list[str]:
        """The title line: every player's chips, yours first (a room's empty
        seats are left out); as ``view``, the felt's picture, has them."""
        number = getattr(self.session, "tournament_table", None)  # (a tournament's table)
        first = [table_title(number)] if number is not None else []
        if view is None and before_the_game(self.session):  # nobody has chips yet
            return first + [self._name(seat) for seat in self._occupied()]
        stacks = {p.seat: p.stack for p in view.players} if view is not None else {}
        all_in = all_in_seats(view if view is not None else self._view())
        return first + [
            _("{player} out").format(player=self._name(seat))  # as the seat says, not "0"
            if knocked_out(self.session, seat, view) else chips_part(
                self._name(seat), stacks.get(seat, self.session.chips(seat)), seat in all_in)
            for seat in self._occupied()]

    def plates(self, view: SeatView | None = None) -> list[SeatPlate]:
        """Every seat's box on the felt, yours first (at the bottom) and the
        others in playing order: the same places for the whole game (of
        ``view``, the felt's picture, or else the hand as it is)."""
        return seat_plates(self.session, self.me, view or self._view(),
                           self._seats_from_me())

    def winner_lines(self, view: SeatView | None = None) -> list[str]:
        """The winning hands, shown on the felt at the hand's end."""
        view = view or self._view()
        if view is None or not view.over:
            return []
        return winning_hands(view.history, self._name)
