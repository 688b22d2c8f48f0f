"""The candidate search (plugins/dutch/search.py) settles the hard brackets of issue 19
and chooses exactly what the optimiser chooses."""

from __future__ import annotations

import pytest
from swissbridge.plugins.dutch import pair_round, search

from benchmarks.history import HARD_KINDS

KINDS = {k.key: k for k in HARD_KINDS}


@pytest.mark.parametrize(("kind", "players", "seed"), [("coin-r4", 120, 3), ("odd", 90, 8), ("baku", 100, 5)])
def test_search_settles_strong_preference_brackets_as_the_optimiser_does(
    kind: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = KINDS[kind].build(players, seed)
    fast, trace = pair_round(t, t.next_round)
    settled = [b for b in trace.brackets if b.method == "first perfect"]
    assert len(settled) >= len(trace.brackets) - 1  # the tight [C13] bound is reached
    monkeypatch.setattr(search.CandidateSearch, "run", lambda self: None)
    full, full_trace = pair_round(t, t.next_round)
    assert all(b.method != "first perfect" for b in full_trace.brackets)
    assert set(fast.boards) == set(full.boards) and fast.bye == full.bye
