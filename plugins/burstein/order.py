"""C.04.4.2 Article 4: the order in which a bracket's pairings are considered.

4.1: the players of the bracket carry in-bracket sequence numbers (BSN) 1, 2, 3, ...
in the ranking order of 1.8. 4.2: one virtual player with BSN 0 is added for each
outgoing floater; the opponent of a virtual player floats. 4.3: a pairing precedes
another if its BSN #1's opponent has a larger BSN; if those are the same, BSN #2's
opponents are compared, and so on. A player already paired with a smaller BSN has
the same opponent in both pairings then, so the comparison is decided at a player
whose opponent comes after him (or is a virtual one): the order is a walk that gives
BSN 1 its opponents from the largest BSN down to 0, then the first player left its
own, and so on (:func:`choices`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

VIRTUAL = 0
"""4.2: the BSN of a virtual player; its opponent floats."""

Pairing = tuple[tuple[int, int], ...]
"""A pairing of a bracket in the words of 4.3: ``(bsn, opponent)`` for each player
not already someone's opponent, in BSN order (``(3, 0)``: BSN 3 floats)."""


def choices(free: Sequence[int], floats_left: int) -> list[int]:
    """4.3: the opponents of the first of the players not yet placed (``free``, BSNs
    ascending), in the order their pairings come: the larger BSN first, then a virtual
    player (BSN 0) while outgoing floaters are left to place."""
    options = list(reversed(free[1:]))
    if floats_left:
        options.append(VIRTUAL)
    return options


def pairings(size: int, floaters: int) -> Iterator[Pairing]:
    """Every pairing of a bracket of ``size`` players (BSN 1..size) with ``floaters``
    outgoing floaters, in the order of 4.3."""
    if (size - floaters) % 2 or floaters > size:
        return

    def walk(free: list[int], floats_left: int, made: list[tuple[int, int]]) -> Iterator[Pairing]:
        if not free:
            yield tuple(made)
            return
        first = free[0]
        for opponent in choices(free, floats_left):
            if opponent == VIRTUAL:
                if len(free) - 1 >= floats_left - 1:
                    yield from walk(free[1:], floats_left - 1, [*made, (first, VIRTUAL)])
            else:
                rest = [b for b in free[1:] if b != opponent]
                if len(rest) >= floats_left:
                    yield from walk(rest, floats_left, [*made, (first, opponent)])

    yield from walk(list(range(1, size + 1)), floaters, [])


def text(pairing: Pairing) -> str:
    """A pairing as the text prints it: ``1-6, 2-5, 3-0, 4-0``."""
    return ", ".join(f"{a}-{b}" for a, b in pairing)


def opponents(size: int, pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """The opponent of each of BSN 1..``size`` (0: a virtual player, i.e. floats) in a
    pairing given as pairs of BSNs: what 4.3 compares, position by position."""
    out = [VIRTUAL] * size
    for a, b in pairs:
        out[a - 1], out[b - 1] = b, a
    return tuple(out)


def precedes(size: int, first: Sequence[tuple[int, int]], second: Sequence[tuple[int, int]]) -> bool:
    """4.3: ``first`` comes before ``second`` (pairs of BSNs of a bracket of ``size``):
    at the first BSN whose opponents differ, its opponent in ``first`` is the larger."""
    return opponents(size, first) > opponents(size, second)
