"""The packaged program's entry point (PyInstaller starts here): the same
``main()`` as ``holdem-desktop`` and ``python -m holdem_desktop``."""

import sys

from holdem_desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
