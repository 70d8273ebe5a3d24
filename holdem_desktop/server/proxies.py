"""The client's real address behind a reverse proxy (``trusted_proxies``).

A server behind nginx or caddy sees every connection come from the proxy,
so every per-address limit would count all players as one.  The proxies
named in ``trusted_proxies`` (addresses or networks) say who their client
is in a header; only for connections *from those peers* is the header
read, and only its rightmost hop that is not itself a trusted proxy is
believed (everything to the left of it was written by the client, who can
put any address there).  From anyone else the header is ignored, so
nobody can choose the address their limits are counted against.

Two headers are understood, and the server reads the one its proxy writes
(``proxy_header``): ``X-Forwarded-For: client, proxy1`` (nginx's
``$proxy_add_x_forwarded_for``, caddy) or RFC 7239's
``Forwarded: for=client;proto=https, for="[2001:db8::1]:4711"``.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from websockets.datastructures import Headers

__all__ = ["HEADERS", "Proxies", "client_address", "network"]

HEADERS = ("x-forwarded-for", "forwarded")
"""The headers a proxy may be trusted to write (``proxy_header``)."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def network(text: str) -> Network:
    """``text`` (``10.0.0.5``, ``10.0.0.0/8``, ``::1``) as a network;
    raises ``ValueError`` for anything else."""
    return ipaddress.ip_network(text.strip(), strict=False)


def client_address(text: str) -> str | None:
    """The address in one hop of a header (``192.0.2.7``, ``192.0.2.7:4711``,
    ``"[2001:db8::1]:4711"``), as the server writes addresses; None for
    what is not one (``unknown``, ``_hidden``, garbage)."""
    text = text.strip().strip('"').strip()
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        found = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        return str(found.ipv4_mapped)
    return str(found)


class Proxies:
    """The trusted proxies, and how their clients' addresses are read."""

    def __init__(self, networks: Iterable[str], header: str = "x-forwarded-for") -> None:
        self.networks = tuple(network(n) for n in networks)
        if header.lower() not in HEADERS:
            raise ValueError(f"proxy_header: not one of {', '.join(HEADERS)}")
        self.header = header.lower()

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusted(self, address: str) -> bool:
        """Whether ``address`` is one of the trusted proxies."""
        found = client_address(address)
        if found is None:
            return False
        ip = ipaddress.ip_address(found)
        return any(ip.version == n.version and ip in n for n in self.networks)

    def hops(self, headers: Headers) -> list[str]:
        """The addresses the header names, left (the client's claim) to right
        (the hop nearest this server); what is not an address stays as text."""
        values = headers.get_all(self.header)
        if self.header == "x-forwarded-for":
            return [hop.strip() for value in values for hop in value.split(",")]
        hops = []
        for value in values:
            for element in value.split(","):
                for pair in element.split(";"):
                    name, _, hop = pair.partition("=")
                    if name.strip().lower() == "for":
                        hops.append(hop.strip())
        return hops

    def client(self, peer: str, headers: Headers) -> str:
        """The address of the client behind ``peer`` (a trusted proxy): the
        rightmost hop that is not a trusted proxy.  A chain of trusted
        proxies only gives its leftmost; a hop that is not an address (a
        proxy that wrote nonsense) stops the walk at the last good one;
        no header at all gives ``peer`` itself."""
        found = peer
        for hop in reversed(self.hops(headers)):
            address = client_address(hop)
            if address is None:
                break
            found = address
            if not self.trusted(address):
                break
        return found
