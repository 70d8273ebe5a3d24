"""Check a translation catalog against the template: every message translated,
the named placeholders the same as the original's, no fuzzy entry, and the
catalog compiles.

    python tools/check_catalog.py ro [it pl ...]

Prints each problem on a line (file, message, problem) and exits 1 if there
is any.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::[^{}]*)?\}")
"""A named placeholder, with or without a format spec (``{rate:.0f}``)."""


def problems(code: str) -> list[str]:
    """What is wrong with the catalog of language ``code``."""
    path = ROOT / "locales" / code / "LC_MESSAGES" / "messages.po"
    with (ROOT / "locales" / "messages.pot").open("rb") as f:
        template = read_po(f)
    with path.open("rb") as f:
        catalog = read_po(f, locale=code)
    out = []
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
    for key in sorted(wanted - set(have), key=str):
        out.append(f"{path}: {key!r}: missing")
    for key in sorted(set(have) - wanted, key=str):
        out.append(f"{path}: {key!r}: not in the template (obsolete)")
    for key, m in have.items():
        if key not in wanted:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strs = [m.string] if isinstance(m.string, str) else list(m.string)
        if m.fuzzy:
            out.append(f"{path}: {key!r}: fuzzy")
        if not all(strs) or (len(ids) > 1 and len(strs) != catalog.num_plurals):
            out.append(f"{path}: {key!r}: not translated (every plural form too)")
            continue
        names = set(PLACEHOLDER.findall(" ".join(ids)))
        for s in strs:
            if set(PLACEHOLDER.findall(s)) - names:
                out.append(f"{path}: {key!r}: unknown placeholder in {s!r}")
            if len(ids) == 1 and set(PLACEHOLDER.findall(s)) != names:
                out.append(f"{path}: {key!r}: placeholders differ in {s!r}")
            try:
                s.format(**{n: 1 for n in names})  # a number suits every spec here
            except (KeyError, IndexError, ValueError) as exc:
                out.append(f"{path}: {key!r}: does not format ({exc}) in {s!r}")
    write_mo(io.BytesIO(), catalog)
    return out


def main(codes: list[str]) -> int:
    found = [p for code in codes for p in problems(code)]
    for p in found:
        print(p)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:] or ["ro", "it", "pl"]))
