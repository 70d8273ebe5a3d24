"""The ui tests' shared desktop: a real Desktop, seeded, speaking into a
recording, its settings and data in the test's own folder (a module with a
``desktop`` fixture of its own uses that one)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def desktop(tmp_path, monkeypatch) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from holdem_desktop.app import Desktop
    from holdem_desktop.speech import RecordingSpeaker

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    pygame.display.init()
    yield Desktop(rng=random.Random(5), speaker=RecordingSpeaker(), data=tmp_path)
    pygame.display.quit()
