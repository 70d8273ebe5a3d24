"""The table as a web page: the files of ``holdem_desktop/web/`` served at
the server's own address (same port, same TLS), and who may open the page's
WebSocket.

The page is plain HTML, CSS and JavaScript, served as they are (no build).
Every answer carries a strict Content-Security-Policy: scripts, styles and
connections from this origin only, no inline script or style, no frames.
A browser's WebSocket carries an ``Origin``: the page's own origin (the
``Host`` it was served from, over https) is admitted, as are the
``origins`` the operator listed; any other site is refused
(:meth:`~.service.GameServer._request`).
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from holdem_desktop.audio.bank import CUES, DEFAULT_SOUNDS_DIR

__all__ = ["CSP", "SOCKET_PATH", "own_origin", "page_file", "page_response", "sound_file"]

SOCKET_PATH = "/web"
"""Where the page opens its WebSocket (``/`` is the game's own protocol)."""

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "media-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")
"""No inline script or style, nothing from elsewhere, never in a frame.
(``connect-src 'self'`` admits the page's own ``wss:`` origin; ``media-src
'self'`` its sounds.)"""

FILES = {"/": ("index.html", "text/html; charset=utf-8"),
         "/table.js": ("table.js", "text/javascript; charset=utf-8"),
         "/table.css": ("table.css", "text/css; charset=utf-8")}
"""The page's paths, their files and types."""
SOUNDS = {f"/sounds/{cue}.wav": cue for cue in CUES}
"""The desktop's cues, at the paths the page plays them from (web_sounds.py)."""


@cache
def page_file(name: str) -> bytes:
    """A file of the page, read once from the package."""
    return files("holdem_desktop.web").joinpath(name).read_bytes()


@cache
def sound_file(cue: str) -> bytes:
    """A cue's sound, read once from the game's assets (empty when missing:
    the page then plays nothing, as the desktop's bank does)."""
    try:
        return (DEFAULT_SOUNDS_DIR / f"{cue}.wav").read_bytes()
    except OSError:
        return b""


def page_response(request: Request, path: str) -> Response | None:
    """The answer to a plain GET of one of the page's files (None: not one,
    or a WebSocket upgrade, which is the game's)."""
    if (path not in FILES and path not in SOUNDS) \
            or "websocket" in request.headers.get("Upgrade", "").lower():
        return None
    name, kind = FILES[path] if path in FILES else (SOUNDS[path], "audio/wav")
    body = page_file(name) if path in FILES else sound_file(name)
    headers = Headers()
    headers["Content-Type"] = kind
    headers["Content-Length"] = str(len(body))
    headers["Content-Security-Policy"] = CSP
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "no-referrer"
    headers["Cache-Control"] = "no-cache"
    return Response(200, "OK", headers, body)


def own_origin(request: Request, origin: str) -> bool:
    """Whether ``origin`` is the page this server serves (https, the host the
    request was made to)."""
    host = request.headers.get("Host", "")
    return bool(host) and origin.lower() == f"https://{host}".lower()
