"""Games on this computer: a new game with computer players, Continue, the
autosave after every action, and the hand histories.

The autosave holds the hand in progress (its deck and its actions), so a
game closed or killed mid-hand continues at the very same decision with
the same cards: closing the window is never a free re-deal."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from holdem_desktop.ai.character import random_characters
from holdem_desktop.engine.variant import Variant, shipped_variant
from holdem_desktop.i18n.phrases import welcome_back
from holdem_desktop.i18n.translate import _
from holdem_desktop.saves import (
    SaveError,
    SeatPlan,
    autosave_path,
    load_game,
    load_history,
    load_transcript,
    save_game,
)
from holdem_desktop.session import HumanController, Session
from holdem_desktop.session.history import HandHistoryWriter, history_file

from .hands import Hands
from .outputs import Outputs
from .settings_service import file_problem

__all__ = ["LocalGames"]


class LocalGames:
    """Starts, continues and saves the games played on this computer;
    ``rng`` seeds them (tests), otherwise they shuffle from the OS."""

    def __init__(self, data: Path, outputs: Outputs, rng: random.Random | None = None,
                 hands: Hands | None = None) -> None:
        self.hands = data / "hands"
        """Where each game's hand histories are written (PHH)."""
        self.outputs = outputs
        self.rng = rng
        self.store = hands
        """Where every hand is stored for the review and the statistics."""
        self.plans: dict[int, list[SeatPlan]] = {}
        """Who sits where in each running session (what the autosave keeps)."""
        self.writers: dict[int, HandHistoryWriter] = {}
        """Each running session's hand history (its file is kept with the autosave)."""
        self._unsaved: Session | None = None
        self._saved: dict[int, tuple[int, ...]] = {}
        """How far each session had gone at its last autosave."""
        self.transcript: Callable[[Session], tuple[list[str], list[str]]] = \
            lambda session: ([], [])
        """What the player of ``session`` has heard, and its Move log (saved with it)."""
        self.restored: dict[int, tuple[list[str], list[str], int]] = {}
        """A continued session's announcements and Move log from the save, and
        where in the speech history its welcome starts."""

    def has_saved(self) -> bool:
        """Whether Continue has a game to go on with (a folder in the saved
        game's place is none: the next save says why it cannot be written)."""
        return autosave_path().is_file()

    def new(self, variant: str | Variant, players: int, strength: str, name: str) -> Session:
        """A started game of ``variant`` (a shipped one's key, or rules: the
        player's own file, a changed stack or blind speed): the player in seat
        0, computer players of ``strength`` with their own characters elsewhere."""
        rng = self.rng or random.Random()
        v = variant if isinstance(variant, Variant) else shipped_variant(variant)
        n = max(v.min_players, min(v.max_players, players))
        characters = random_characters(rng, n - 1)
        plans = [SeatPlan("human")] + [SeatPlan(strength, c) for c in characters]
        seats = [(name, HumanController())] + [
            (c.name, plan.controller(random.Random(rng.random())))
            for c, plan in zip(characters, plans[1:], strict=True)]
        session = Session(v, seats, rng=None if self.rng is None else random.Random(
            rng.random()))
        self._wire(session, plans)
        session.start()
        return session

    def resume(self) -> Session | str:
        """The autosaved game, or why it cannot be continued.  A hand in
        progress goes on where it stopped, and the player hears where."""
        try:
            session, plans = load_game()
        except SaveError as exc:
            return _unresumable(exc)
        self._wire(session, plans, history_file(self.hands, load_history()))
        self._saved[id(session)] = _progress(session)
        said, log = load_transcript()
        self.restored[id(session)] = (said, log, len(self.outputs.speech.history))
        # The welcome is the game's news (Repeat and the history keys have it).
        self.outputs.announce(welcome_back(session, 0, self.outputs.options.suits))
        if session.hand is not None and not session.hand.over:
            session.run()  # computer players to act go on at once; your turn is said
        return session

    def _wire(self, session: Session, plans: list[SeatPlan], history: Path | None = None
              ) -> None:
        self.writers[id(session)] = HandHistoryWriter(session, self.hands, path=history,
                                                      told=self.outputs.kept.told("hands"))
        if self.store is not None:
            self.store.record_local(session, [p.kind for p in plans],
                                    next((p.kind for p in plans if p.kind != "human"), ""))
        self.plans[id(session)] = plans
        self.outputs.attach(session, 0)

    def save(self, session: Session) -> None:
        """Autosave ``session`` now (a problem is said, never fatal); a game
        over is not kept as one to continue (its autosave is removed)."""
        plans = self.plans.get(id(session))
        if plans is None:
            return
        if session.game_over:  # nothing left to continue: not offered at the next start
            try:  # (its hands are in Statistics and the hand histories)
                autosave_path().unlink(missing_ok=True)
            except OSError as exc:
                self._told(exc)
            self._saved[id(session)] = _progress(session)
            return
        try:
            said, log = self.transcript(session)
            writer = self.writers.get(id(session))
            history = writer.current.name if writer is not None and writer.current else ""
            save_game(session, plans, autosave_path(), said=said, log=log, history=history)
        except OSError as exc:  # said once, with the file and why, until a save succeeds
            self._told(exc)
            return
        except SaveError as exc:
            self.outputs.reply(_("The game could not be saved: {problem}").format(problem=exc))
            return
        self._told(None)
        self._saved[id(session)] = _progress(session)

    def _told(self, exc: OSError | None) -> None:
        """The saved game written (None), or not and why: said once, after what
        is being said, with the file (:mod:`.kept_files`), not after every action."""
        self.outputs.kept.told("game")(autosave_path(), exc)

    def record(self, session: Session) -> None:
        """After an input: autosave ``session`` if it moved on since its last
        save (an action, a hand dealt or ended), once the player has heard it."""
        if id(session) in self.plans and self._saved.get(id(session)) != _progress(session):
            self.save(session)

    def hand_over(self, session: Session) -> None:
        """A hand of ``session`` ended: it is saved at the next :meth:`save_pending`."""
        self._unsaved = session

    def save_pending(self) -> None:
        """The autosave of a finished hand, once the player has heard it (a
        disk write, after the speech)."""
        pending, self._unsaved = self._unsaved, None
        if pending is not None:
            self.record(pending)


def _progress(session: Session) -> tuple[int, ...]:
    """Where a game is: its number, its hands, and the actions of the hand in play."""
    hand = session.hand
    return (session.game, session.hands_played, -1 if hand is None else len(hand.actions),
            int(hand is not None and hand.over))


def _unresumable(exc: SaveError) -> str:
    """Why the saved game cannot be continued, in the player's words: the
    file and the system's reason, not its English error text."""
    path = autosave_path()
    if exc.problem == "missing":
        return _("There is no saved game to continue.")
    if exc.problem == "unreadable" and isinstance(exc.cause, OSError):
        return _("The saved game {path} cannot be read: {problem}.").format(
            path=path, problem=file_problem(exc.cause))
    if exc.problem in ("unreadable", "corrupt"):
        return _("The saved game {path} is damaged: it cannot be continued.").format(path=path)
    return _("The saved game cannot be continued: {problem}.").format(problem=exc)
