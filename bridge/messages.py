"""Wording shared by the messages of every layer (readers, the pairing service,
the watcher): how a long list is shortened, how runs of numbers are written."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_TERMINAL_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)")
"""What a terminal acts on rather than shows: every control character but the tab and
the line ends (LF, CRLF), including C1 (``U+009B`` is CSI) and a lone CR (which
overwrites the line)."""


def terminal_text(text: str) -> str:
    """``text`` safe to write to a terminal: each control character that is not a tab or
    a line end written as ``\\xNN`` (an ESC never starts an escape sequence, a BEL never
    rings). The readers refuse control characters in text fields; this is the last
    guard for everything printed (messages quote file contents too)."""
    return _TERMINAL_CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


MAX_PADDED = 48
"""The widest a column of a text table is padded to. A longer cell (a name of a
megabyte in a JSON file) is written whole and widens its own row alone: padding every
row to it made one 1 MB name a 300 MB standings table."""


def column_width(cells: Iterable[str], minimum: int = 0) -> int:
    """The width to pad a column of ``cells`` to: its longest cell, at least ``minimum``,
    at most :data:`MAX_PADDED` (a cell is never cut; one over it is written whole)."""
    return max(minimum, min(MAX_PADDED, max(map(len, cells), default=0)))


def listed(items: Sequence[str], limit: int) -> str:
    """``items`` joined for a message, the first ``limit`` of them and then
    ``"and N more"``: ``"4, 9, 12 and 3 more"``."""
    text = ", ".join(items[:limit])
    return text + (f" and {len(items) - limit} more" if len(items) > limit else "")


def ranges(numbers: Iterable[int]) -> str:
    """Round or start numbers for a message, runs joined: ``1, 2, 3, 5`` → ``"1-3, 5"``."""
    out: list[str] = []
    for n in sorted(numbers):
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out) or "none"
