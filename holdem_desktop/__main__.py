"""Entry point: ``holdem-desktop`` or ``python -m holdem_desktop``."""

from __future__ import annotations

import sys
from gettext import gettext as _

from . import __version__


def main(argv: list[str] | None = None) -> int:
    """Start the game.  The table window arrives with the desktop-table work;
    until then this says so plainly instead of pretending."""
    print(_("Hold'em Desktop {version}").format(version=__version__))
    print(_("The hand evaluator and equity engine are ready; the table window is not built yet."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
