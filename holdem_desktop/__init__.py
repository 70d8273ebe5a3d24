"""Hold'em Desktop: Texas Hold'em that a blind player can play as well as a sighted one."""

__version__ = "0.1.0"
