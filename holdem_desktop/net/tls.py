"""TLS for rooms, on the LAN and on a server: the self-signed certificate
a host makes once and keeps, its SHA-256 fingerprint (the *pin* a joiner
checks), the contexts of both ends, and what a player is shown of a
certificate.

A LAN host and ``serve --self-signed`` make their certificate the same way
(:func:`self_signed`), and a joiner checks a pin the same way on both
(:func:`pinned_context`, then the fingerprint of the certificate the peer
showed, before a byte of the player's is sent).
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import os
import socket
import ssl
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CERT_DAYS", "CertificateInfo", "CertificateProblem", "HostIdentity",
           "certificate_info", "fingerprint", "fingerprint_of_file", "host_identity",
           "peer_certificate", "pinned_context", "self_signed", "server_context"]

CERT_DAYS = 3650
"""A self-signed certificate's life: its pin is what players trust, so it
is kept (and reused) rather than renewed."""


def fingerprint(der: bytes) -> str:
    """The SHA-256 fingerprint of a DER certificate, as ``AB:CD:…`` (32 pairs)."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


@dataclass(frozen=True)
class CertificateInfo:
    """What the player is shown of a certificate."""

    name: str
    issuer: str
    fingerprint: str
    """SHA-256, as ``AB:CD:…``."""


class CertificateProblem(Exception):
    """The peer's certificate is ``unknown`` (not signed by an authority
    this system trusts, and not pinned) or ``changed`` (not the pinned one)."""

    def __init__(self, kind: str, info: CertificateInfo) -> None:
        super().__init__(f"{kind} certificate {info.fingerprint}")
        self.kind = kind
        self.info = info


def certificate_info(der: bytes) -> CertificateInfo:
    """The name, issuer and fingerprint of a DER certificate."""
    name = issuer = ""
    try:
        from cryptography import x509
        from cryptography.x509.oid import NameOID

        cert = x509.load_der_x509_certificate(der)

        def common(n: x509.Name) -> str:
            found = n.get_attributes_for_oid(NameOID.COMMON_NAME)
            value = found[0].value if found else n.rfc4514_string()
            return str(value)[:100]

        name, issuer = common(cert.subject), common(cert.issuer)
    except Exception:  # a certificate we cannot read is still shown by its fingerprint
        pass
    return CertificateInfo(name, issuer, fingerprint(der))


def peer_certificate(ssl_object: ssl.SSLObject | ssl.SSLSocket | None) -> CertificateInfo:
    """What the peer of a TLS connection showed (its fingerprint is that of
    no bytes when it showed nothing: never a pin anyone holds)."""
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    return certificate_info(der or b"")


def pinned_context() -> ssl.SSLContext:
    """A client context that accepts any certificate at the handshake: the
    caller then compares its fingerprint with the pin (or puts it to the
    player), before sending anything."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the fingerprint is checked instead
    return context


def self_signed(folder: Path, names: tuple[str, ...] = (), *,
                organization: str = "Hold'em Desktop server") -> tuple[Path, Path]:
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
                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization)])
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


def fingerprint_of_file(cert: Path) -> str:
    """The fingerprint of the first certificate in the PEM file ``cert``."""
    text = cert.read_text(encoding="ascii")
    begin = text.index("-----BEGIN CERTIFICATE-----")
    end = text.index("-----END CERTIFICATE-----", begin) + len("-----END CERTIFICATE-----")
    return fingerprint(ssl.PEM_cert_to_DER_cert(text[begin:end]))


@dataclass(frozen=True)
class HostIdentity:
    """A host's certificate, ready to serve: its context and its pin."""

    context: ssl.SSLContext
    fingerprint: str


def host_identity(folder: Path) -> HostIdentity:
    """The LAN host's certificate in ``folder``: made the first time and kept,
    so a friend who trusted it once is not asked again.  Files that cannot
    be read (damaged, half written) are replaced by a new certificate.
    Raises ``OSError`` when the folder cannot be written."""
    for attempt in range(2):
        cert, key = self_signed(folder, organization="Hold'em Desktop room")
        try:
            return HostIdentity(server_context(cert, key), fingerprint_of_file(cert))
        except (ssl.SSLError, ValueError, UnicodeError):
            if attempt:
                raise OSError(f"the room's certificate in {folder} cannot be used") from None
            cert.unlink(missing_ok=True)
            key.unlink(missing_ok=True)
    raise AssertionError("unreachable")  # pragma: no cover
