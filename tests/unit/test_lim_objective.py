"""5.2, the colour objective (reading 9): the pairing chosen is the true optimum,
checked against every pairing of small random groups listed in exchange order."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from swissbridge.plugins.lim import objective
from swissbridge.plugins.lim.exchange import exchange_order
from swissbridge.plugins.lim.objective import BLACK_DUE, NO_DUE, WHITE_DUE, colour_bound, most_due_colours

Pair = tuple[int, int]


def all_pairings(rest: list[int], allowed: Callable[[int, int], bool]) -> list[list[Pair]]:
    """Every pairing of ``rest`` made of allowed pairs, in the exchange order of
    Article 4 (the first player tries its opponents in 4.2/4.3 order, the rest is
    proposed again)."""
    if not rest:
        return [[]]
    p = rest[0]
    out: list[list[Pair]] = []
    for c in exchange_order(rest):
        if allowed(p, c):
            left = [v for v in rest if v not in (p, c)]
            out.extend([(p, c), *tail] for tail in all_pairings(left, allowed))
    return out


def random_group(
    rng: random.Random, n: int, density: float
) -> tuple[Callable[[int, int], bool], Callable[[int, int], int], Callable[[int], int]]:
    """Players 0..n-1 with random due colours; a random set of allowed pairs; the
    weight of a pair is the due colours it gives (two for White against Black,
    none for two players without a due colour, else one), sometimes one less, as
    when a colour limit forces the colours."""
    cls = [rng.choice((WHITE_DUE, WHITE_DUE, BLACK_DUE, BLACK_DUE, NO_DUE)) for _ in range(n)]
    edges = {frozenset((a, b)) for a in range(n) for b in range(a + 1, n) if rng.random() < density}
    weights: dict[frozenset[int], int] = {}
    for e in edges:
        a, b = sorted(e)
        w = 0 if cls[a] == cls[b] == NO_DUE else 2 if {cls[a], cls[b]} == {WHITE_DUE, BLACK_DUE} else 1
        weights[e] = max(0, w - (1 if rng.random() < 0.15 else 0))

    def allowed(a: int, b: int) -> bool:
        return frozenset((a, b)) in edges

    def weight(a: int, b: int) -> int:
        return weights[frozenset((a, b))]

    return allowed, weight, cls.__getitem__


def test_colour_bound_counts() -> None:
    assert colour_bound(2, 2, 0) == 4  # two White/Black pairs
    assert colour_bound(4, 0, 0) == 2  # two pairs of players due White: one each
    assert colour_bound(3, 1, 2) == 2 + 2  # one W/B pair, two W with the players without
    assert colour_bound(0, 0, 4) == 0


@pytest.mark.parametrize("seed", range(300))
def test_most_due_colours_is_the_first_optimum_in_exchange_order(seed: int) -> None:
    rng = random.Random(seed)
    pairings: list[list[Pair]] = []
    while not pairings:  # a group that can be paired at all
        n = rng.choice((4, 6, 8, 10))
        allowed, weight, due_class = random_group(rng, n, rng.choice((0.5, 0.7, 0.9)))
        pairings = all_pairings(list(range(n)), allowed)
    first = pairings[0]
    best = max(sum(weight(a, b) for a, b in pg) for pg in pairings)
    expected = next(pg for pg in pairings if sum(weight(a, b) for a, b in pg) == best)
    got = most_due_colours(list(range(n)), first, allowed, weight, due_class)
    assert got.pairs == expected
    assert got.given == best
    assert got.scrutiny_given == sum(weight(a, b) for a, b in first)


def test_the_exact_matching_and_the_witnesses_both_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the random groups, some answers come from a witness found by an
    alternating path and some need the maximum-weight perfect matching (the
    bound was above the optimum): the test above covers both."""
    calls = {"exact": 0, "witness": 0}
    exact = objective._Group.best_with_first_choice
    witness = objective._Group.exchanged

    def spy_exact(self: objective._Group, *args: Any) -> dict[int, int]:
        calls["exact"] += 1
        return exact(self, *args)

    def spy_witness(self: objective._Group, *args: Any) -> dict[int, int] | None:
        found = witness(self, *args)
        calls["witness"] += found is not None
        return found

    monkeypatch.setattr(objective._Group, "best_with_first_choice", spy_exact)
    monkeypatch.setattr(objective._Group, "exchanged", spy_witness)
    for seed in range(300):
        rng = random.Random(seed)
        n = rng.choice((4, 6, 8, 10))
        allowed, weight, due_class = random_group(rng, n, rng.choice((0.5, 0.7, 0.9)))
        pairings = all_pairings(list(range(n)), allowed)
        if pairings:
            most_due_colours(list(range(n)), pairings[0], allowed, weight, due_class)
    assert calls["exact"] > 0 and calls["witness"] > 0


def test_a_large_group_is_paired_exactly() -> None:
    """60 players, a sparse set of allowed pairs: far beyond any enumeration, the
    result still gives as many due colours as the maximum-weight matching."""
    from swissbridge.plugins.matching import max_weight_matching

    rng = random.Random(7)
    n = 60
    allowed, weight, due_class = random_group(rng, n, 0.25)
    first = all_pairings_first(list(range(n)), allowed)
    got = most_due_colours(list(range(n)), first, allowed, weight, due_class)
    big = n + 2
    edges = [(a, b, big + weight(a, b)) for a in range(n) for b in range(a + 1, n) if allowed(a, b)]
    mate = max_weight_matching(n, edges)
    assert all(v >= 0 for v in mate)
    assert got.given == sum(weight(a, mate[a]) for a in range(n) if a < mate[a])
    assert sorted(v for pair in got.pairs for v in pair) == list(range(n))
    assert all(allowed(a, b) for a, b in got.pairs)


def all_pairings_first(rest: list[int], allowed: Callable[[int, int], bool]) -> list[Pair]:
    """The first pairing in exchange order (depth first, stops at the first)."""
    if not rest:
        return []
    p = rest[0]
    for c in exchange_order(rest):
        if allowed(p, c):
            try:
                return [(p, c), *all_pairings_first([v for v in rest if v not in (p, c)], allowed)]
            except LookupError:
                continue
    raise LookupError("no pairing")
