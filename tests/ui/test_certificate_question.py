"""The certificate question (issue 33, item 8): nothing clipped by its box,
the fingerprint written as the server prints it ("35:88:C2:8D:…", wrapped
after a colon when the column is narrow) and read aloud spelled, pair by
pair, so that a listener can compare it with what the owner reads out.
Measured on rendered pixels (tests/ui/contrast.py's glyphs) at 1024x640,
1366x768 and 1920x1080, in English and in longer languages."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pytest.importorskip("numpy")

from holdem_desktop.i18n.translate import set_language  # noqa: E402
from holdem_desktop.ui.trust import CertificateQuestion, TrustPage, grouped  # noqa: E402
from tests.ui.contrast import glyphs  # noqa: E402

PIN = ":".join(["35", "88", "C2", "8D", "39", "E5", "2B", "83"] * 4)


@pytest.fixture(params=["en", "pl", "ro"])
def language(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def _page(lan: bool, said: list[str]) -> TrustPage:
    q = CertificateQuestion("poker.example.org:7447", "poker.example.org",
                            "Poker Example Certificate Authority", PIN, lan=lan)
    return TrustPage(q, said.append, lambda: "refused", lambda server, pin: None)


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("lan", [False, True])
def test_no_text_of_the_question_is_cut_by_its_box(language, size, lan):
    page = _page(lan, [])
    page.focus.id = "fingerprint"
    found = glyphs(page.draw, size)
    rects = page.rects
    notice = rects["notice"]
    frame = notice.inflate(-2 * 5, -2 * 5)  # the frame is 3 px: the words keep clear of it
    screen = pygame.Rect((0, 0), size)
    assert all(screen.contains(g.rect) for g in found)
    for g in found:
        if g.rect.colliderect(notice):
            assert frame.contains(g.rect), ("notice", g.rect, notice)
    for cid in ("name", "issuer", "fingerprint", "trust", "cancel"):
        box = rects[cid]
        inside = [g for g in found if g.rect.colliderect(box)]
        assert inside, cid
        assert all(box.contains(g.rect) for g in inside), (cid, box)
    # the fingerprint's glyphs: every pair written (32 pairs, 31 colons, "Fingerprint:")
    label = next(c.label for c in page.controls() if c.id == "fingerprint")
    assert label.endswith(PIN)


def test_the_fingerprint_is_read_spelled_to_compare():
    said: list[str] = []
    page = _page(False, said)
    control = next(c for c in page.controls() if c.id == "fingerprint")
    spoken = page.describe(control)
    assert spoken.startswith("Fingerprint: 3 5, 8 8, C 2, 8 D. 3 9, E 5, 2 B, 8 3. 3 5,")
    # every character of the printed fingerprint, in order, nothing else
    assert "".join(ch for ch in spoken.split(": ", 1)[1] if ch.isalnum()) == PIN.replace(":", "")
    assert spoken.count(".") == 8  # eight groups of four pairs, a pause after each
    page.activate(control)  # Enter on it reads it the same way
    assert said[-1] == spoken
    assert grouped("AB:CD") == "A B, C D."
