"""What Hand review and Statistics ask of the :class:`~.desktop.Desktop`
(a mixin): the store of every hand played here, the chips chart's tone, and
where an export the player asked for that could not be written is told
(after what is being said, and in Game state: :mod:`.kept_files`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from holdem_desktop.store import HandStore

if TYPE_CHECKING:
    from .hands import Hands
    from .outputs import Outputs

__all__ = ["Records"]


class Records:
    """The stored hands' pages' part of the Desktop (it gives them its
    hands file and what the player hears)."""

    if TYPE_CHECKING:
        outputs: Outputs
        hands: Hands

    def hand_store(self) -> HandStore | None:
        """The store of every hand played here (None: it could not be opened)."""
        return self.hands.store

    def play_chart(self, values: Sequence[int]) -> bool:
        """Play a chart as a tone sweep at the sounds' volume; False when silent."""
        return self.outputs.play_chart(values)

    def speaking(self) -> bool | None:
        """Whether the voice is still speaking (None: it cannot tell)."""
        return self.outputs.speech.speaking()

    def unwritten(self, what: str, path: Path, exc: OSError) -> str:
        """An export (``what``: ``hands`` or ``statistics``) could not be
        written to ``path``: said after the key's words, each time it is asked
        for; returns what is said (the page shows it)."""
        return self.outputs.kept.unwritten(f"export_{what}", path, exc)
