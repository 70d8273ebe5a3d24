"""The server's certificate: made and kept for ``serve --self-signed``,
and the SHA-256 fingerprint a player compares (and the game pins).  The
making is the LAN host's own (:mod:`holdem_desktop.net.tls`): one way to
make a certificate and one fingerprint for both."""

from __future__ import annotations

from holdem_desktop.net.tls import (
    CERT_DAYS,
    fingerprint,
    fingerprint_of_file,
    self_signed,
    server_context,
)

__all__ = ["CERT_DAYS", "fingerprint", "fingerprint_of_file", "self_signed", "server_context"]
