"""Computer players: each decides from a :class:`~holdem_desktop.engine.views.SeatView`
and nothing else, and returns one of the legal actions it offers."""
