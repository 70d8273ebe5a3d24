"""The server's certificate: made and kept for ``serve --self-signed``,
and the SHA-256 fingerprint a player compares (and the game pins)."""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import os
import socket
import ssl
from pathlib import Path

__all__ = ["fingerprint", "fingerprint_of_file", "self_signed", "server_context"]

CERT_DAYS = 3650
"""A self-signed certificate's life: its pin is what players trust, so it
is kept (and reused) rather than renewed."""


def fingerprint(der: bytes) -> str:
    """The SHA-256 fingerprint of a DER certificate, as ``AB:CD:…`` (32 pairs)."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


def fingerprint_of_file(cert: Path) -> str:
    """The fingerprint of the first certificate in the PEM file ``cert``."""
    text = cert.read_text(encoding="ascii")
    begin = text.index("-----BEGIN CERTIFICATE-----")
    end = text.index("-----END CERTIFICATE-----", begin) + len("-----END CERTIFICATE-----")
    return fingerprint(ssl.PEM_cert_to_DER_cert(text[begin:end]))


def self_signed(folder: Path, names: tuple[str, ...] = ()) -> tuple[Path, Path]:
    """The self-signed certificate and key in ``folder`` (``cert.pem``,
    ``key.pem``), made the first time: an ECDSA P-256 key, the host's name,
    ``localhost`` and ``names`` (names or addresses) as its subject names.
    Made once and kept, so the fingerprint players pinned stays true."""
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    if cert_path.exists() and key_path.exists():
        return cert_path, key_path
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    host = socket.gethostname() or "localhost"
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host[:64]),
                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Hold'em Desktop server")])
    alt: list[x509.GeneralName] = []
    for name in dict.fromkeys((host, "localhost", "127.0.0.1", *names)):
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            alt.append(x509.DNSName(name))
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=CERT_DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    folder.mkdir(parents=True, exist_ok=True)
    key_bytes = key.private_bytes(serialization.Encoding.PEM,
                                  serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption())
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # the key: owner only
    with os.fdopen(fd, "wb") as f:
        f.write(key_bytes)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A TLS server context (TLS 1.2 at least) holding ``cert`` and ``key``."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context
