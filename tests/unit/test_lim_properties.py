"""Property tests: random tournaments (tests/lim_checks_support.py: 4–40 players, 3–11
rounds, standard and 3-1-0 scoring, forfeits, half-, zero- and full-point byes,
late entries) paired entirely with Lim, every round checked for the invariants:
no rematch, colour limits (except Article 6 boards), PAB eligibility and order,
each present player paired once, floaters moving towards the median, and "no
legal pairing" only when no pairing exists at all.

200 tournaments by default; set ``LIM_PROPERTY_CASES`` for more."""

from __future__ import annotations

import os

import pytest

from tests.lim_checks_support import no_pairing_exists, random_tournament, violations

CASES = int(os.environ.get("LIM_PROPERTY_CASES", "200"))
CHUNK = 20


@pytest.mark.parametrize("first", range(0, CASES, CHUNK))
def test_random_tournaments(first: int) -> None:
    paired = 0
    for seed in range(first, min(first + CHUNK, CASES)):
        for state in random_tournament(seed):
            if state.pairing is None:
                assert no_pairing_exists(state.tournament, state.round_no), (seed, state.round_no)
                continue
            bad = violations(state.tournament, state.round_no, state.pairing, state.trace)
            assert bad == [], (seed, state.round_no, bad)
            paired += 1
    assert paired > 0


def test_generator_covers_the_features() -> None:
    """The generator does produce what the properties are meant to cover."""
    from swissbridge.model import Result

    seen: set[Result] = set()
    cracks = last_rounds = byes = article6 = 0
    for seed in range(120):
        for state in random_tournament(seed):
            for p in state.tournament.players:
                seen.update(e.result for e in p.entries)
            if state.pairing is not None:
                byes += state.pairing.bye is not None
                cracks += bool(state.trace.cracks)
                last_rounds += state.trace.last_round
                article6 += any("Article 6" in b.rule for b in state.trace.boards)
    assert {Result.FORFEIT_WIN, Result.HALF_BYE, Result.ZERO_BYE, Result.FULL_BYE, Result.PAB} <= seen
    assert byes > 0 and last_rounds > 0 and cracks > 0 and article6 > 0
