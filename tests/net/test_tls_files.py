"""The certificate and key a host or server makes for itself are written
byte for byte on every system (on Windows the C library opens a file as
text unless told, and wrote the key's line ends as CR LF)."""

from __future__ import annotations

import ssl

from holdem_desktop.net.tls import self_signed


def test_the_key_and_certificate_are_written_byte_for_byte(tmp_path):
    cert, key = self_signed(tmp_path / "certificate")
    for path in (cert, key):
        data = path.read_bytes()
        assert data.startswith(b"-----BEGIN ")
        assert b"\r" not in data, f"{path.name} has CR LF line ends"
        assert data.endswith(b"-----\n")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)  # the pair still loads
