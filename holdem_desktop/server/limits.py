"""Per-address counting over a sliding window, for the server's limits
(wrong codes, rooms created, abuse), bounded in memory."""

from __future__ import annotations

__all__ = ["AddressWindow"]


class AddressWindow:
    """When each address did something, within the last ``window`` seconds;
    at most ``addresses`` addresses are kept (the one quiet longest goes
    first), so a flood of addresses cannot grow it without end."""

    def __init__(self, limit: int, window: float, addresses: int = 4096) -> None:
        self.limit = limit
        self.window = window
        self.addresses = addresses
        self._times: dict[str, list[float]] = {}

    def count(self, address: str, now: float) -> int:
        """How often ``address`` did it within the window (older times pruned)."""
        recent = [t for t in self._times.pop(address, []) if now - t < self.window]
        if recent:
            self._times[address] = recent  # re-inserted: the table runs oldest first
        return len(recent)

    def full(self, address: str, now: float) -> bool:
        """Whether ``address`` has reached the limit (0: no limit)."""
        return 0 < self.limit <= self.count(address, now)

    def note(self, address: str, now: float) -> None:
        """``address`` did it once more, now."""
        self.count(address, now)
        self._times.setdefault(address, []).append(now)
        while len(self._times) > self.addresses:
            del self._times[next(iter(self._times))]

    def prune(self, now: float) -> None:
        """Forget the addresses with nothing inside the window."""
        for address in [a for a, times in self._times.items() if now - times[-1] >= self.window]:
            del self._times[address]

    def __len__(self) -> int:
        return len(self._times)
