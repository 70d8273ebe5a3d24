"""The certificate question: a server's (or a LAN host's) certificate the
game has not seen, shown and said on a :class:`TrustPage` (its name,
issuer and fingerprint, to compare with what the server's owner gave), and
trusted only by pressing Trust.  :func:`outcome` is what creating or
joining a room does with the answer it got."""

from __future__ import annotations

from collections.abc import Callable

from holdem_desktop.i18n.translate import _

from .desktop import CertificateQuestion
from .form_page import FormPage
from .page import Page, Pop, Push, Replace, Transition
from .widgets import Control, Role

__all__ = ["CertificateQuestion", "TrustPage", "grouped", "outcome"]


def grouped(fingerprint: str) -> str:
    """A fingerprint to read aloud, so that a listener can compare it with
    the one printed (``39:E5:2B:83:…``) character by character: each pair
    spelled, the pairs apart, four pairs to a group: ``3 9, E 5, 2 B, 8 3.
    3 3, 5 E, …`` (a voice reads "39" as thirty-nine and "39:E5" as a time
    of day; "3 9" it reads as the two characters printed)."""
    pairs = [" ".join(pair) for pair in fingerprint.split(":")]
    return " ".join(", ".join(pairs[k:k + 4]) + "." for k in range(0, len(pairs), 4))


def outcome(got: Page | str | CertificateQuestion, say: Callable[[str], None],
            retry: Callable[[], Page | str | CertificateQuestion], trust: Callable[[str, str], None]
            ) -> Transition | None:
    """What the window does with the result of creating or joining a room
    online: the table, the certificate question, or the reason said."""
    if isinstance(got, CertificateQuestion):
        return Push(TrustPage(got, say, retry, trust))
    if isinstance(got, str):
        say(got)
        return None
    return Replace(got)


class TrustPage(FormPage):
    """Shows a server's unknown certificate; Trust connects, Cancel does not."""

    default = "cancel"

    def __init__(self, question: CertificateQuestion, say: Callable[[str], None],
                 retry: Callable[[], Page | str | CertificateQuestion],
                 trust: Callable[[str, str], None]) -> None:
        super().__init__(say)
        self.title = _("Unknown certificate")
        self.question = question
        self.retry = retry
        self.trust = trust

    def notice(self) -> str:
        q = self.question
        if q.lan:
            return _("The room's host at {address} shows a certificate this game has not seen "
                     "before. Trust it only if its fingerprint is the one the host reads to you "
                     "from the Room zone of their table.").format(address=q.server)
        return _("The server {server} shows a certificate this game has not seen before, "
                 "and no public authority vouches for it. Trust it only if its fingerprint is "
                 "the one the server's owner gave you.").format(server=q.server)

    def controls(self) -> tuple[Control, ...]:
        q = self.question
        return (Control("name", _("Name: {name}").format(name=q.name or _("none")), Role.TEXT,
                        "trust"),
                Control("issuer", _("Issued by: {issuer}").format(issuer=q.issuer or _("none")),
                        Role.TEXT, "trust"),
                Control("fingerprint", _("Fingerprint: {fingerprint}").format(
                    fingerprint=q.fingerprint), Role.TEXT, "trust"),
                Control("trust", _("Trust this certificate and connect"), zone="trust"),
                Control("cancel", _("Do not connect"), zone="trust"))

    def describe(self, control: Control) -> str:
        if control.id == "fingerprint":
            return _("Fingerprint: {groups}").format(groups=grouped(self.question.fingerprint))
        return control.label if control.role is Role.TEXT else super().describe(control)

    def activate(self, control: Control) -> Transition | None:
        if control.id == "cancel":
            return Pop()
        if control.id != "trust":
            self.say(self.describe(control))
            return None
        self.trust(self.question.server, self.question.fingerprint)
        self.say(_("Connecting…"))
        got = self.retry()
        if isinstance(got, CertificateQuestion):  # another certificate again: never looped
            self.say(_("The host showed another certificate: the game did not connect.")
                     if got.lan else
                     _("The server showed another certificate: the game did not connect."))
            return None
        return outcome(got, self.say, self.retry, self.trust)


