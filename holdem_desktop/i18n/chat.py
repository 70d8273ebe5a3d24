"""The words of table chat: quick phrases (sent by id, said in the
receiver's language), a line as it is said, the room's refusals of a line,
and the news of mutes and folded comings and goings."""

from __future__ import annotations

from collections.abc import Mapping

from .phrases import names_list, room_news
from .table_news import TABLE_NEWS, table_news
from .translate import _, ngettext

__all__ = ["chat_error", "chat_line", "chat_news", "quick_phrase", "quick_phrases"]

_PHRASE_IDS = ("nice_hand", "good_game", "be_right_back", "thanks")


def quick_phrase(phrase: str) -> str:
    """A quick phrase, in the player's language ("" for an unknown id)."""
    texts = {
        "nice_hand": _("Nice hand"),
        "good_game": _("Good game"),
        "be_right_back": _("Be right back"),
        "thanks": _("Thanks"),
    }
    return texts.get(phrase, "")


def quick_phrases() -> list[tuple[str, str]]:
    """Every quick phrase: (id, words), in key order (Ctrl+1 is the first)."""
    return [(p, quick_phrase(p)) for p in _PHRASE_IDS]


def chat_line(name: str, text: str) -> str:
    """A line as it is said and kept: "Ana: one more game?"."""
    return _("{name}: {text}").format(name=name, text=text)


def chat_error(reason: str, data: Mapping[str, int | str]) -> str | None:
    """What the room's refusal of a chat line (or of a mute) says; None when
    ``reason`` is not about chat."""
    seconds = data.get("seconds")
    n = seconds if isinstance(seconds, int) else 0
    if reason == "chat_muted":
        return ngettext("You are sending too much: your chat is muted for {seconds} second.",
                        "You are sending too much: your chat is muted for {seconds} seconds.",
                        n).format(seconds=n)
    texts = {
        "chat_too_long": _("That line is too long: at most 200 characters."),
        "chat_empty": _("Type something to say first."),
        "chat_control": _("That line holds a character that cannot be shown or heard; "
                          "it was not sent."),
        "chat_repeat": _("You just said that."),
        "chat_too_fast": _("Slow down: one line every two seconds. If you keep going, "
                           "your chat will be muted for a while."),
        "chat_busy": _("The room is busy talking: say it again in a moment."),
        "chat_private": _("That line holds your room token: it was not sent."),
        "muted_by_host": _("The host has muted your chat."),
        "already_muted": _("That member's chat is already muted."),
        "not_muted": _("That member's chat is not muted."),
    }
    return texts.get(reason)


def chat_news(what: str, names: tuple[str, ...], more: int = 0, *, you: bool = False) -> str:
    """A room's news as said: the chat's own (mutes, a flood, people who came
    and went) and any news folded with ``more`` people than named (``you``:
    the news is about the player hearing it, see ``room_news``)."""
    shown = names + ((ngettext("{count} other", "{count} others", more).format(count=more),)
                     if more else ())
    who = names_list(shown)
    count = len(names) + more
    if what in TABLE_NEWS:
        return table_news(what, names if what == "renamed" else shown, you=you and not more)
    if what == "came_and_went":
        if count < 3:
            return _("{name} joined and left.").format(name=who)
        return ngettext("{count} person joined and left: {names}.",
                        "{count} people joined and left: {names}.", count).format(
            count=count, names=who)
    if what == "muted":
        return _("The host muted {name}'s chat.").format(name=who)
    if what == "unmuted":
        return _("The host let {name} chat again.").format(name=who)
    if what == "chat_flood":
        return _("{name} kept flooding the chat and is muted for five minutes; you may "
                 "mute them for good in the Chat zone.").format(name=who)
    return room_news(what, shown, you=you and not more)
