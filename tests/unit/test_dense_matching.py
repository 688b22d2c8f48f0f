"""The dense-graph shortcuts of the completability oracle (issues 19, 20) change no
result: :class:`swissbridge.plugins.dutch.graph.FirstSingle` finds the same vertex as a
scan of the row :func:`~swissbridge.plugins.dutch.graph.row` lists, :func:`max_cardinality_matching` with
``first_single`` returns the very matching it returns from the built rows, and the
greedy :func:`group_matching` is maximum, with the same Gallai–Edmonds set D."""

from __future__ import annotations

import random

import pytest
from swissbridge.model import Colour
from swissbridge.plugins.dutch import graph
from swissbridge.plugins.dutch.completion import group_matching, max_pairs
from swissbridge.plugins.matching import max_cardinality_matching, missable_vertices
from swissbridge.state import Compatibility


def random_compat(rng: random.Random, n: int) -> Compatibility:
    barred: list[set[int]] = [{i} for i in range(n)]
    for _ in range(rng.randrange(0, 3 * n)):
        a, b = rng.randrange(n), rng.randrange(n)
        barred[a].add(b)
        barred[b].add(a)
    colours = [rng.choice([None, None, Colour.WHITE, Colour.BLACK]) for _ in range(n)]
    return Compatibility(tuple(frozenset(b) for b in barred), (frozenset(),) * n, (), tuple(colours))


def random_group(rng: random.Random, n: int) -> list[int]:
    group = rng.sample(range(n), rng.randrange(1, n + 1))
    if rng.random() < 0.5:
        group.sort()
    return group


def row(
    compat: Compatibility, group: list[int], ranked: list[int], i: int, exclude: tuple[set[int], set[int]] | None
) -> list[int]:
    """The row as :class:`~swissbridge.plugins.dutch.completion.Completion` filters it."""
    out = graph.row(compat, group[i], group, ranked)
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
    ranked = graph.ranked(group)
    exclude = random_exclude(rng, group)
    singles = graph.FirstSingle(compat, group, ranked, exclude)
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
    ranked = graph.ranked(group)
    exclude = random_exclude(rng, group)
    rows = [row(compat, group, ranked, i, exclude) for i in range(len(group))]
    singles = graph.FirstSingle(compat, group, ranked, exclude)
    start = [-1] * len(group)
    for i in range(len(group)):  # a partial start, as the oracle's witness gives
        if start[i] == -1 and rng.random() < 0.3:
            j = next((j for j in rows[i] if start[j] == -1), -1)
            if j != -1:
                start[i], start[j] = j, i
    plain = max_cardinality_matching(len(group), rows, start)
    fast = max_cardinality_matching(len(group), rows.__getitem__, start, first_single=singles.first)
    assert fast == plain


@pytest.mark.parametrize("seed", range(200))
def test_group_matching_is_maximum_and_gives_the_same_missable_set(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randrange(1, 40)
    compat = random_compat(rng, n)
    group = random_group(rng, n)
    apart = {v for v in group if rng.random() < 0.2} if rng.random() < 0.5 else None
    table = graph.table(compat, group, apart)
    mate, rows = group_matching(compat, group, apart)
    assert [rows(i) for i in range(len(group))] == table
    assert all(m == -1 or (mate[m] == i and m in table[i]) for i, m in enumerate(mate))
    plain, even = missable_vertices(len(group), table)
    assert sum(1 for m in mate if m != -1) == sum(1 for m in plain if m != -1)
    assert max_pairs(compat, group, apart) == sum(1 for i, m in enumerate(plain) if m > i)
    assert missable_vertices(len(group), rows, mate)[1] == even


def brute_size(vertices: list[int], adj: list[set[int]]) -> int:
    """The size of a maximum matching of ``vertices``, by trying every one."""
    if len(vertices) < 2:
        return 0
    v, rest = vertices[0], vertices[1:]
    best = brute_size(rest, adj)
    for u in rest:
        if u in adj[v]:
            best = max(best, 1 + brute_size([x for x in rest if x != u], adj))
    return best


@pytest.mark.parametrize("seed", range(150))
def test_augmenting_paths_reach_a_maximum_and_the_set_d(seed: int) -> None:
    """The union-find blossom bases of :func:`augment_from`: the matching is maximum
    and the outer vertices are exactly those some maximum matching misses."""
    rng = random.Random(seed)
    n = rng.randrange(1, 11)
    density = rng.choice([0.2, 0.5, 0.8, 1.0])
    adj: list[set[int]] = [set() for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                adj[a].add(b)
                adj[b].add(a)
    rows = [sorted(x) for x in adj]
    mate, even = missable_vertices(n, rows)
    size = brute_size(list(range(n)), adj)
    assert sum(1 for m in mate if m != -1) == 2 * size
    assert even == {v for v in range(n) if brute_size([x for x in range(n) if x != v], adj) == size}


@pytest.mark.parametrize("n", [1, 2, 201, 1000])
def test_a_field_with_nobody_barred_builds_no_row(n: int) -> None:
    """Round 1: every pair may meet. The greedy start pairs everybody but (with an
    odd field) one player, and no augmenting-path search is needed to know that
    nothing better exists, so no neighbour list is built (memory linear in n)."""
    compat = Compatibility(tuple(frozenset({i}) for i in range(n)), (frozenset(),) * n, (), (None,) * n)
    built: list[int] = []

    def rows(i: int) -> list[int]:
        built.append(i)
        return graph.row(compat, i, range(n), range(n))

    assert max_pairs(compat, list(range(n))) == n // 2
    singles = graph.FirstSingle(compat, list(range(n)), list(range(n)))
    mate = [-1] * n
    mate = max_cardinality_matching(n, rows, mate, first_single=singles.first)
    assert sum(1 for m in mate if m == -1) == n % 2
    assert not built
