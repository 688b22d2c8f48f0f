"""Every perfect pairing of a small group compared on a vector of criteria: how the
explanation checks that no better pairing of a bracket exists, rather than
asserting it (brackets of at most
:data:`~swissbridge.plugins.dutch.explanation.ENUMERATE_LIMIT` players)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

Vector = tuple[int, ...]


def best_perfect_pairing(
    vertices: Sequence[int], value: Callable[[int, int], Vector | None], width: int
) -> tuple[int, Vector, int, list[tuple[int, int]]] | None:
    """Every perfect pairing of ``vertices`` in which each pair has a value
    (``None``: not allowed), compared by the sum of the values (smaller is better,
    lexicographically): the number of such pairings, the best sum, how many
    pairings reach it and one of them. ``None`` when there is no such pairing.

    The vectors are packed into one integer, a byte per component (a component
    counts pairs, so it stays below 256), which keeps sums and comparisons exact."""
    n = len(vertices)
    shift = 8

    def pack(v: Vector) -> int:
        out = 0
        for x in v:
            out = (out << shift) | x
        return out

    vals: dict[tuple[int, int], int] = {}
    for i in range(n):
        for j in range(i + 1, n):
            v = value(vertices[i], vertices[j])
            if v is not None:
                vals[(i, j)] = pack(v)
    memo: dict[int, tuple[int, int, int, int] | None] = {0: (1, 0, 1, -1)}

    def solve(mask: int) -> tuple[int, int, int, int] | None:
        got = memo.get(mask, memo)
        if got is not memo:
            return got  # type: ignore[return-value]
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        total, best, count, choice = 0, -1, 0, -1
        m = rest
        while m:
            j = (m & -m).bit_length() - 1
            m &= m - 1
            v = vals.get((i, j))
            if v is None:
                continue
            sub = solve(rest & ~(1 << j))
            if sub is None:
                continue
            cand = v + sub[1]
            total += sub[0]
            if best < 0 or cand < best:
                best, count, choice = cand, sub[2], j
            elif cand == best:
                count += sub[2]
        out = (total, best, count, choice) if best >= 0 else None
        memo[mask] = out
        return out

    full = (1 << n) - 1
    got = solve(full)
    if got is None:
        return None
    pairs: list[tuple[int, int]] = []
    mask = full
    while mask:
        i = (mask & -mask).bit_length() - 1
        step = memo[mask]
        assert step is not None
        j = step[3]
        pairs.append((vertices[i], vertices[j]))
        mask &= ~((1 << i) | (1 << j))
    packed = got[1]
    unpacked = tuple((packed >> (shift * (width - 1 - k))) & 0xFF for k in range(width))
    return got[0], unpacked, got[2], pairs
