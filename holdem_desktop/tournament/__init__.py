"""A tournament over many tables, pure: registration, seating, the blinds on
one clock, places across tables, balancing and breaking.  It plays no hand
and says no word; the tables report to it and the events it emits are said
elsewhere (docs/architecture.md)."""

from .core import Tournament
from .events import (
                     FinalTable,
                     LevelUp,
                     PlayerMoved,
                     PlayerOut,
                     Registered,
                     Seated,
                     TableBroken,
                     TournamentCancelled,
                     TournamentOver,
                     TournamentStarted,
                     Unregistered,
)
from .structure import Deal, PlayerStanding, Standings, Structure, TournamentError

__all__ = ["Deal", "FinalTable", "LevelUp", "PlayerMoved", "PlayerOut", "PlayerStanding",
           "Registered", "Seated", "Standings", "Structure", "TableBroken", "Tournament",
           "TournamentCancelled", "TournamentError", "TournamentOver", "TournamentStarted",
           "Unregistered"]
