"""Words for the game's things, in the player's language: card and hand
names, chip amounts.  Every output (the table, speech, rooms) names cards
and hands through here, so they say the same thing the same way."""

from .names import amount, card_name, cards_names, hand_name

__all__ = ["amount", "card_name", "cards_names", "hand_name"]
