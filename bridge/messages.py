"""Wording shared by the messages of every layer (readers, the pairing service,
the watcher): how a long list is shortened, how runs of numbers are written."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


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
