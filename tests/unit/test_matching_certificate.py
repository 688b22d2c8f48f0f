"""The dual certificate of the maximum-weight matching (plugins/matching.py): it
is feasible, and its bound is the optimum on all vertices and an upper bound on
every vertex subset."""

from __future__ import annotations

import itertools
import random

import pytest
from swissbridge.plugins.matching import max_weight_matching_certified


def best_weight(vertices: list[int], weights: dict[frozenset[int], int]) -> int:
    """The heaviest matching of ``vertices``, by trying every one."""
    if len(vertices) < 2:
        return 0
    v, rest = vertices[0], vertices[1:]
    best = best_weight(rest, weights)
    for u in rest:
        w = weights.get(frozenset((v, u)))
        if w is not None:
            best = max(best, w + best_weight([x for x in rest if x != u], weights))
    return best


@pytest.mark.parametrize("seed", range(60))
def test_certificate_is_feasible_and_tight(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randrange(2, 10)
    edges = [(a, b, rng.randrange(1, 9)) for a, b in itertools.combinations(range(n), 2) if rng.random() < 0.6]
    weights = {frozenset((a, b)): w for a, b, w in edges}
    mate, cert = max_weight_matching_certified(n, edges)
    got = sum(weights[frozenset((v, mate[v]))] for v in range(n) if v < mate[v])
    assert got == best_weight(list(range(n)), weights)
    assert cert.bound(range(n)) == 2 * got
    assert all(x >= 0 for x in cert.vertex) and all(z > 0 and len(m) % 2 == 1 for m, z in cert.sets)
    for a, b, w in edges:
        both = sum(z for m, z in cert.sets if a in m and b in m)
        assert cert.vertex[a] + cert.vertex[b] + 2 * both >= 2 * w
    for k in range(n + 1):
        subset = rng.sample(range(n), k)
        assert 2 * best_weight(sorted(subset), weights) <= cert.bound(subset)
