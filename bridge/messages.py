"""Wording shared by the messages of every layer (readers, the pairing service,
the watcher): how a long list is shortened."""

from __future__ import annotations

from collections.abc import Sequence


def listed(items: Sequence[str], limit: int) -> str:
    """``items`` joined for a message, the first ``limit`` of them and then
    ``"and N more"``: ``"4, 9, 12 and 3 more"``."""
    text = ", ".join(items[:limit])
    return text + (f" and {len(items) - limit} more" if len(items) > limit else "")
