"""The cheapest, lexicographically first perfect assignment (plugins/assignment.py)
against trying every permutation, and against the general weighted matching with
the order packed below the cost (as the Dutch search used to solve it)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from swissbridge.plugins.assignment import first_optimal_assignment
from swissbridge.plugins.matching import max_weight_matching

Costs = dict[tuple[int, int], int]


def brute_force(n: int, costs: Costs) -> list[int] | None:
    """Every permutation in lexicographic order; the first of least cost."""
    best: tuple[int, list[int]] | None = None
    for perm in itertools.permutations(range(n)):
        if all((r, c) in costs for r, c in enumerate(perm)):
            total = sum(costs[r, c] for r, c in enumerate(perm))
            if best is None or total < best[0]:
                best = (total, list(perm))
    return None if best is None else best[1]


def by_blossom(n: int, costs: Costs) -> list[int] | None:
    """A maximum-weight matching with the weight: perfect first, then least cost,
    then the order (row ``r`` a digit of base ``n + 1``, smaller columns heavier)."""
    radix = n + 1
    order_bits = (radix**n).bit_length() + 1
    top = max(costs.values(), default=0) + 1
    cost_bits = (top * n).bit_length() + 1
    shift_paired = order_bits + cost_bits
    edges = [
        (r, n + c, (1 << shift_paired) + ((top - w) << order_bits) + radix ** (n - 1 - r) * (n - c))
        for (r, c), w in costs.items()
    ]
    mate = max_weight_matching(2 * n, edges)
    if any(m == -1 for m in mate[:n]):
        return None
    return [m - n for m in mate[:n]]


def as_edges(n: int, costs: Costs) -> list[list[tuple[int, int]]]:
    return [[(c, w) for (r2, c), w in costs.items() if r2 == r] for r in range(n)]


@st.composite
def instances(draw: st.DrawFn, largest: int) -> tuple[int, Costs]:
    n = draw(st.integers(1, largest))
    density = draw(st.sampled_from([0.3, 0.6, 0.9, 1.0]))
    # few distinct costs, many ties, as packed criteria give; sometimes huge ones
    scale = draw(st.sampled_from([1, 1 << 40, 1 << 200]))
    costs: Costs = {}
    for r in range(n):
        for c in range(n):
            if draw(st.floats(0, 1)) < density:
                costs[r, c] = draw(st.integers(0, 3)) * scale + draw(st.integers(0, 2))
    return n, costs


@settings(max_examples=400, deadline=None)
@given(instances(6))
def test_matches_brute_force(instance: tuple[int, Costs]) -> None:
    n, costs = instance
    assert first_optimal_assignment(n, as_edges(n, costs)) == brute_force(n, costs)


@settings(max_examples=150, deadline=None)
@given(instances(14))
def test_matches_weighted_matching(instance: tuple[int, Costs]) -> None:
    n, costs = instance
    assert first_optimal_assignment(n, as_edges(n, costs)) == by_blossom(n, costs)


def test_no_perfect_assignment() -> None:
    # rows 0 and 1 both only reach column 0
    assert first_optimal_assignment(3, [[(0, 0)], [(0, 1)], [(1, 0), (2, 0)]]) is None
    assert first_optimal_assignment(2, [[(0, 0), (1, 0)], []]) is None
    assert first_optimal_assignment(2, [[(0, 0)], [(0, 0)]]) is None


def test_order_decides_among_equal_costs() -> None:
    # every assignment costs 0: the identity is first
    n = 5
    everything = [[(c, 0) for c in range(n)] for _ in range(n)]
    assert first_optimal_assignment(n, everything) == list(range(n))
    # cost beats order: row 0 must leave column 0 to row 1, whose only cheap column it is
    assert first_optimal_assignment(2, [[(0, 0), (1, 0)], [(0, 0), (1, 5)]]) == [1, 0]


@st.composite
def adversarial(draw: st.DrawFn, largest: int) -> tuple[int, list[list[tuple[int, int]]], Costs]:
    """Instances built to break step 2 or the feasibility checks: costs
    ``a[r] + b[c]`` (every perfect assignment is optimal, so only the order decides),
    the same with one edge nudged, two values, one cost everywhere; a row or a
    column without edges, and ``k`` rows confined to ``k - 1`` columns (no perfect
    assignment, though every row and column has an edge); each row's edges in any
    order."""
    n = draw(st.integers(0, largest))
    family = draw(st.sampled_from(["potential", "nudged", "two values", "equal", "empty row", "empty column", "hall"]))
    scale = draw(st.sampled_from([1, 1 << 40, 1 << 300]))
    a = [draw(st.integers(0, 3)) * scale for _ in range(n)]
    b = [draw(st.integers(0, 3)) * scale for _ in range(n)]
    present = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    dense = draw(st.booleans())
    costs: Costs = {}
    for r in range(n):
        for c in range(n):
            if dense or present[r * n + c]:
                if family == "two values":
                    costs[r, c] = draw(st.sampled_from([0, scale]))
                elif family == "equal":
                    costs[r, c] = scale
                else:
                    costs[r, c] = a[r] + b[c]
    if costs and family == "nudged":
        edge = draw(st.sampled_from(sorted(costs)))
        costs[edge] += 1
    if n and family == "empty row":
        r = draw(st.integers(0, n - 1))
        costs = {(r2, c): w for (r2, c), w in costs.items() if r2 != r}
    if n and family == "empty column":
        c = draw(st.integers(0, n - 1))
        costs = {(r, c2): w for (r, c2), w in costs.items() if c2 != c}
    if n and family == "hall":
        k = draw(st.integers(1, n))
        rows = draw(st.permutations(range(n)))[:k]
        cols = set(draw(st.permutations(range(n)))[: k - 1])
        costs = {(r, c): w for (r, c), w in costs.items() if r not in rows or c in cols}
    edges = [draw(st.permutations([(c, w) for (r2, c), w in costs.items() if r2 == r])) for r in range(n)]
    return n, edges, costs


@settings(max_examples=300, deadline=None)
@given(adversarial(7))
def test_matches_brute_force_on_adversarial_instances(instance: tuple[int, list[list[tuple[int, int]]], Costs]) -> None:
    n, edges, costs = instance
    assert first_optimal_assignment(n, edges) == brute_force(n, costs)
