"""The dense-graph shortcuts of the completability oracle (issues 19, 20) change no
result: :class:`swissbridge.state.FirstSingle` finds the same vertex as a scan of
the row :meth:`Compatibility.row` lists, and :func:`max_cardinality_matching` with
``first_single`` returns the very matching it returns from the built rows."""

from __future__ import annotations

import random

import pytest
from swissbridge.model import Colour
from swissbridge.plugins.matching import max_cardinality_matching
from swissbridge.state import Compatibility


def random_compat(rng: random.Random, n: int) -> Compatibility:
    barred: list[set[int]] = [{i} for i in range(n)]
    for _ in range(rng.randrange(0, 3 * n)):
        a, b = rng.randrange(n), rng.randrange(n)
        barred[a].add(b)
        barred[b].add(a)
    colours = [rng.choice([None, None, Colour.WHITE, Colour.BLACK]) for _ in range(n)]
    return Compatibility(tuple(frozenset(b) for b in barred), tuple(colours))


def random_group(rng: random.Random, n: int) -> list[int]:
    group = rng.sample(range(n), rng.randrange(1, n + 1))
    if rng.random() < 0.5:
        group.sort()
    return group


def row(
    compat: Compatibility, group: list[int], ranked: list[int], i: int, exclude: tuple[set[int], set[int]] | None
) -> list[int]:
    """The row as :class:`~swissbridge.plugins.dutch.completion.Completion` filters it."""
    out = compat.row(group[i], group, ranked)
    if exclude is not None:
        a, b = exclude
        if group[i] in a:
            out = [j for j in out if group[j] not in b]
        elif group[i] in b:
            out = [j for j in out if group[j] not in a]
    return out


def random_exclude(rng: random.Random, group: list[int]) -> tuple[set[int], set[int]] | None:
    pick = rng.random()
    if pick < 0.4:
        return None
    a = {v for v in group if rng.random() < 0.3}
    return (a, a) if pick < 0.7 else (a, {v for v in group if rng.random() < 0.3})


@pytest.mark.parametrize("seed", range(200))
def test_first_single_is_the_first_single_of_the_row(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randrange(1, 30)
    compat = random_compat(rng, n)
    group = random_group(rng, n)
    ranked = compat.ranked(group)
    exclude = random_exclude(rng, group)
    singles = compat.singles(group, ranked, exclude)
    mate = [-1] * len(group)
    order = list(range(len(group)))
    rng.shuffle(order)
    for i in order:  # a matching that only grows, as in the oracle
        for a in range(len(group)):
            want = next((j for j in row(compat, group, ranked, a, exclude) if mate[j] == -1), -1)
            assert singles.first(a, mate) == want
            for b in range(len(group)):
                assert singles.adjacent(a, b) == (b in row(compat, group, ranked, a, exclude))
        if mate[i] == -1:
            j = singles.first(i, mate)
            if j != -1 and rng.random() < 0.8:
                mate[i], mate[j] = j, i


@pytest.mark.parametrize("seed", range(300))
def test_first_single_leaves_the_matching_unchanged(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randrange(2, 40)
    compat = random_compat(rng, n)
    group = random_group(rng, n)
    ranked = compat.ranked(group)
    exclude = random_exclude(rng, group)
    rows = [row(compat, group, ranked, i, exclude) for i in range(len(group))]
    singles = compat.singles(group, ranked, exclude)
    start = [-1] * len(group)
    for i in range(len(group)):  # a partial start, as the oracle's witness gives
        if start[i] == -1 and rng.random() < 0.3:
            j = next((j for j in rows[i] if start[j] == -1), -1)
            if j != -1:
                start[i], start[j] = j, i
    plain = max_cardinality_matching(len(group), rows, start)
    fast = max_cardinality_matching(len(group), rows.__getitem__, start, first_single=singles.first)
    assert fast == plain
