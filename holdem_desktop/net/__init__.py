"""Rooms over the LAN: the I/O-free protocol core (:mod:`.protocol`, :mod:`.wire`),
then the host, the client and discovery built on it.  See ``docs/protocol.md``."""
