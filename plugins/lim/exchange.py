"""The proposal and the exchange order of the Lim system (C.04.4.3 2.4, 4.2/4.3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def proposed_pairing(rest: Sequence[T]) -> list[tuple[T, T]]:
    """2.4: top half against bottom half, 1 v n/2+1, 2 v n/2+2, …"""
    h = len(rest) // 2
    return [(rest[i], rest[h + i]) for i in range(h)]


def exchange_order(rest: Sequence[T]) -> list[T]:
    """4.2/4.3: the opponents the first player of ``rest`` tries, in order: the
    bottom half of the list in order, then the top half from the bottom up (six
    players: 4, 5, 6, 3, 2). Reading 8 for groups larger than six."""
    h = len(rest) // 2
    return [*rest[h:], *rest[1:h][::-1]]
