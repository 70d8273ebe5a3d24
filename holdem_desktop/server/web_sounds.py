"""A web page's sounds: the desktop's own cues, chosen on the server by the
desktop's own :class:`~holdem_desktop.audio.bank.SoundListener` (which
event plays which cue, the player's seat, cues of one moment folded into
the most important) and played by the page from the same files
(``/sounds/<cue>.wav``, :mod:`.web_files`).

The bank's mixer here opens no device: "playing" a cue hands its name to
the page (``{"sound": cue}``), which plays it with an ``<audio>`` element
when its Sounds setting is on.  Off by default on the page (the page says
so when it is turned on): a phone's screen reader speaks the live region,
and a sound at each event would talk over it; the player who wants them
turns them on in Settings, which is also the touch a phone's browser
requires before a page may play anything.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from holdem_desktop.audio.bank import TOGETHER, SoundBank, SoundListener

__all__ = ["PageSounds"]


class _Cue:
    """One cue of the page: played, its name goes to the page."""

    def __init__(self, name: str, send: Callable[[str], None]) -> None:
        self.name, self.send = name, send

    def set_volume(self, value: float, /) -> None:
        """(The page's own volume is the phone's.)"""

    def play(self) -> object:
        self.send(self.name)
        return None


class _PageMixer:
    """A mixer with no device: each loaded sound is a :class:`_Cue`."""

    def __init__(self, send: Callable[[str], None]) -> None:
        self.send = send

    def init(self) -> None:
        """(Nothing to open.)"""

    def load(self, path: Path) -> _Cue:
        return _Cue(path.stem, self.send)

    def stop(self) -> None:
        """(The page stops its own.)"""

    def quit(self) -> None:
        """(Nothing to release.)"""


class PageSounds:
    """The cues of one page's table, sent through ``send`` while :attr:`on`."""

    def __init__(self, send: Callable[[str], None]) -> None:
        self.bank = SoundBank(mixer=_PageMixer(send), muted=True, together=TOGETHER)
        self.listener = SoundListener(self.bank, None)
        """Subscribed to the page's table; its ``seat`` follows the player's."""

    @property
    def on(self) -> bool:
        return not self.bank.muted

    @on.setter
    def on(self, value: bool) -> None:
        self.bank.mute(not value)

    def play(self, cue: str) -> None:
        """A cue the table's events do not set off (``error``, ``chat``)."""
        self.bank.play(cue)
