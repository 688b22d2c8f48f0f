"""The generation-order search (plugins/dutch/search.py) against the weighted
optimiser alone on the benchmark states of every hard kind and of the Elo model
(issue 19): the search is exact only if every bound is a true lower bound and the
exact tails return the first candidate, in 4.2 order, that reaches the targets, so
the two must pair every state identically, colours and board order included.

Each state is also paired with ``STUCK = 0``: the walk then hands every subtree to
an exact tail (the assignment solver) as soon as it backtracks, which makes the
tails, and their restarts from higher frames, settle almost every bracket instead
of the few the default threshold gives them.

The default run compares a handful of states; ``SWISSBRIDGE_SLOW=1 pytest -m slow``
compares every kind at sizes 12 to 160 over 20 seeds (1 920 states, under two
minutes)."""

from __future__ import annotations

import os

import pytest
from swissbridge.model import Tournament
from swissbridge.pairing import NoLegalPairing, RoundPairing
from swissbridge.plugins.dutch import pair_round, search

from benchmarks.history import HARD_KINDS, HistoryFailed, build_tournament

SLOW = os.environ.get("SWISSBRIDGE_SLOW") == "1"
KINDS = {k.key: k for k in HARD_KINDS}
ELO = "elo"
"""The typical open of the benchmarks: ratings decide the results, round 5 of 9."""


def _state(kind: str, players: int, seed: int) -> Tournament:
    if kind == ELO:
        return build_tournament(players, 4, 9, seed)
    return KINDS[kind].build(players, seed)


def _assert_search_agrees(kind: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        t = _state(kind, players, seed)
    except HistoryFailed:
        return  # the history pairer could not build this state (tiny fields only)
    try:
        reference = _optimised(t, monkeypatch)
    except NoLegalPairing:
        with pytest.raises(NoLegalPairing):
            pair_round(t, t.next_round)
        return
    for stuck in (search.STUCK, 0):
        with monkeypatch.context() as m:
            m.setattr(search, "STUCK", stuck)
            fast, _ = pair_round(t, t.next_round)
        assert fast.pairlist() == reference.pairlist(), f"{kind} {players} players seed {seed} STUCK={stuck}"


def _optimised(t: Tournament, monkeypatch: pytest.MonkeyPatch) -> RoundPairing:
    """The pairing with every bracket sent to the optimiser of plugins/dutch/bracket.py."""
    with monkeypatch.context() as m:
        m.setattr(search.CandidateSearch, "run", lambda self: None)
        pairing, _ = pair_round(t, t.next_round)
    return pairing


ALL_KINDS = [*KINDS, ELO]


@pytest.mark.parametrize("players", [40, 100])
@pytest.mark.parametrize("kind", ALL_KINDS)
def test_search_agrees_with_the_optimiser_on_benchmark_states(
    kind: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _assert_search_agrees(kind, players, 11, monkeypatch)


SIZES = (12, 16, 20, 24, 30, 40, 50, 64, 80, 100, 128, 160)
SEEDS = range(1, 21)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="every kind, size and seed: set SWISSBRIDGE_SLOW=1")
def test_search_agrees_with_the_optimiser_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every kind at every size of :data:`SIZES` for every seed of :data:`SEEDS`."""
    failures = []
    for kind in ALL_KINDS:
        for players in SIZES:
            for seed in SEEDS:
                try:
                    _assert_search_agrees(kind, players, seed, monkeypatch)
                except AssertionError as exc:
                    failures.append(str(exc).splitlines()[0])
    assert not failures, "\n".join(failures)
