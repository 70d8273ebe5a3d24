"""The headless server: many rooms in one process, over WebSocket and TLS
(``holdem-desktop serve``, docs/server.md).  Nothing here knows a window, a
sound or a voice: the server never imports pygame."""
