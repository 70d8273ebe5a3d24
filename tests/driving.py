"""Driving the real window in a test: each key press or piece of typed text
handled before the next, and the table wired as the program wires it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from holdem_desktop.app import Desktop
from holdem_desktop.session import Session
from holdem_desktop.ui.app import App


def keys(app: App, *names: str) -> None:
    """Press keys (pygame names: "return", "f1", "up") one after another."""
    for name in names:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name),
                                             mod=0))
        app.run(max_events=1)


def typed(app: App, text: str) -> None:
    """Type ``text``, one character at a time."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.run(max_events=1)


def window(desktop: Desktop, session: Session) -> App:
    """The table of ``session`` in the window, wired as ``play`` wires it."""
    return App(desktop.table(session), keymap=desktop.keymap, after_input=desktop.flush,
               poll=desktop.poll, toggle_speech=desktop.toggle_speech)
