"""What the pages need from the program around them: the :class:`Desktop`
protocol (implemented by :class:`holdem_desktop.app.Desktop`), the speech
state it reports, and the :class:`CertificateQuestion` it may answer with.

Every page imports this module; it imports no page, so the pages only
import downwards (tests/test_imports.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from holdem_desktop.session import Session
from holdem_desktop.settings import Settings
from holdem_desktop.store import HandStore

from .keymap import KeyMap

if TYPE_CHECKING:
    from holdem_desktop.engine.variant import Variant

    from .page import Page

__all__ = ["CertificateQuestion", "Desktop", "SpeechState", "speech_state"]


@dataclass(frozen=True)
class CertificateQuestion:
    """A server's certificate the player has not trusted yet (``lan``: a
    room's host on the local network, reached by its typed address)."""

    server: str
    name: str
    issuer: str
    fingerprint: str
    """SHA-256, as ``AB:CD:…``."""
    lan: bool = False


class SpeechState(Protocol):
    """Which voice speaks, as the speech layer describes it."""

    @property
    def text(self) -> str:
        """One sentence: "Speech: NVDA", "Speech: none found. Install…"."""

    @property
    def silent(self) -> bool:
        """Nothing speaks, and the player did not turn speech off."""


class Desktop(Protocol):
    """The program around the pages (implemented by :class:`holdem_desktop.app.Desktop`)."""

    keymap: KeyMap

    @property
    def settings(self) -> Settings:
        """The settings in force."""

    def change_settings(self, settings: Settings) -> None:
        """Keep and apply new settings (saved at once)."""

    def has_saved_game(self) -> bool:
        """Whether Continue has a game to go on with."""

    def new_game(self, variant: str | Variant, players: int, strength: str,
                 name: str) -> Session:
        """A started session: the player in seat 0, computer players elsewhere.
        ``variant`` is a shipped variant's key, or the rules themselves (a
        player's own file, or a game started with another stack or blind speed)."""

    def continue_game(self) -> Session | str:
        """The autosaved session, or why it cannot be continued."""

    def table(self, session: Session) -> Page:
        """The table screen for ``session``."""

    def menu(self, session: Session | None = None) -> Page:
        """The start screen (leaving ``session``'s table: it is saved first)."""

    def hand_over(self, session: Session) -> None:
        """A hand of ``session`` has ended (autosave)."""

    def create_room(self, variant: str | Variant, players: int, strength: str,
                    name: str) -> Page | str:
        """Host a room and sit at it: its table, or why it could not be opened
        (``variant`` as for :meth:`new_game`)."""

    def join_room(self, code: str, address: str, name: str
                  ) -> Page | str | CertificateQuestion:
        """Join the room with ``code`` (found on the network, or at ``address``,
        which may be an invitation line): its table, why not, or the
        :class:`~.online.CertificateQuestion` of a host reached by its address."""

    def trust_room_certificate(self, server: str, fingerprint: str) -> None:
        """The player trusts this certificate for the LAN host at ``server``."""

    def online_servers(self) -> list[str]:
        """The servers the player used, newest first (Play online)."""

    def join_online_room(self, server: str, code: str, name: str
                         ) -> Page | str | CertificateQuestion:
        """Join the room ``code`` on ``server`` (an address, or an invitation line
        that may carry the code): its table, why not, or a
        :class:`~.online.CertificateQuestion` to put to the player."""

    def create_online_room(self, server: str, variant: str | Variant, players: int,
                           strength: str, name: str) -> Page | str | CertificateQuestion:
        """Create a room on ``server`` and sit at it (answers as :meth:`join_online_room`)."""

    def trust_certificate(self, server: str, fingerprint: str) -> None:
        """The player trusts this certificate for ``server`` (pinned from now on)."""

    def forget_server(self, server: str) -> str:
        """Forget ``server`` and its pinned certificate; what to say."""

    def paste_text(self) -> str:
        """The text on the clipboard ("" when none)."""

    def speech_status(self) -> SpeechState:
        """Which voice speaks now."""

    def test_speech(self) -> str:
        """Say a sample through the voice in use; returns what was said."""

    def hand_store(self) -> HandStore | None:
        """The store of every hand played here (None: it could not be opened)."""

    def play_chart(self, values: Sequence[int]) -> bool:
        """Play a chart as a tone sweep; False when there is no sound."""

    def speaking(self) -> bool | None:
        """Whether the voice is still saying what it was given; None when it
        cannot tell (a screen reader)."""

    def unwritten(self, what: str, path: Path, exc: OSError) -> str:
        """An export the player asked for (``what``: ``hands`` or ``statistics``)
        could not be written to ``path``: told after the key's words (and in
        Game state, over a table), with the file and why in plain words;
        returns what is told (the page shows it on its status line)."""


def speech_state(desktop: Desktop) -> SpeechState | None:
    """The desktop's speech status (None from a desktop that cannot tell yet)."""
    ask = getattr(desktop, "speech_status", None)
    return ask() if callable(ask) else None

