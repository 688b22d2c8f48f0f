"""Property tests: whatever the history, a Dutch pairing never breaks the absolute
criteria [C1]–[C3], pairs every present player exactly once except one PAB when
their number is odd, and gives the PAB only to a player allowed it ([C2]).
``NoLegalPairing`` is only accepted when an exhaustive search finds no legal pairing."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from swissbridge.model import Entry, Result, Tournament
from swissbridge.pairing import NoLegalPairing, RoundPairing, apply_pairing
from swissbridge.plugins.dutch import DutchSystem
from swissbridge.state import RoundState, build_state

from tests.dutch_support import build


def _legal_exists(state: RoundState) -> bool:
    """Exhaustive search for a pairing under [C1]-[C3] with an eligible PAB."""
    present = state.present
    odd = len(present) % 2 == 1

    def search(rest: list, bye_used: bool) -> bool:
        if not rest:
            return True
        a, others = rest[0], rest[1:]
        if odd and not bye_used and a.pab_eligible and search(others, True):
            return True
        return any(state.compatible(a, b) and search([x for x in others if x is not b], bye_used) for b in others)

    return search(present, not odd)


def _check(t: Tournament, pairing: RoundPairing) -> None:
    state = build_state(t, pairing.round_no)
    present = {p.start_no for p in state.present}
    seen: list[int] = []
    for b in pairing.boards:
        seen += [b.white, b.black]
        a, c = state.players[b.white], state.players[b.black]
        assert state.compatible(a, c), f"{b} breaks [C1]/[C3]"
    if pairing.bye is not None:
        seen.append(pairing.bye)
        assert len(present) % 2 == 1
        assert state.players[pairing.bye].pab_eligible, "[C2] PAB to an ineligible player"
    else:
        assert len(present) % 2 == 0
    assert sorted(seen) == sorted(present)


def _play(t: Tournament, pairing: RoundPairing, rng: random.Random) -> Tournament:
    t = apply_pairing(t, pairing)
    r = pairing.round_no
    entries: dict[int, Entry] = {}
    for b in pairing.boards:
        x = rng.random()
        if x < 0.05:
            ra, rb = Result.FORFEIT_WIN, Result.FORFEIT_LOSS
        elif x < 0.45:
            ra, rb = Result.WIN, Result.LOSS
        elif x < 0.6:
            ra, rb = Result.DRAW, Result.DRAW
        else:
            ra, rb = Result.LOSS, Result.WIN
        w, bl = t.player(b.white).entry(r), t.player(b.black).entry(r)
        assert w is not None and bl is not None
        entries[b.white] = Entry(ra, b.black, w.colour)
        entries[b.black] = Entry(rb, b.white, bl.colour)
    return t.with_round(r, entries)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=2, max_value=11),
    rounds=st.integers(min_value=0, max_value=5),
    seed=st.integers(min_value=0, max_value=10**6),
    last=st.booleans(),
    forbid=st.integers(min_value=0, max_value=3),
)
def test_pairings_are_legal(n: int, rounds: int, seed: int, last: bool, forbid: int) -> None:
    rng = random.Random(seed)
    total = rounds + 1 if last else rounds + 3
    pairs = [tuple(rng.sample(range(1, n + 1), 2)) for _ in range(forbid)] if n >= 2 else []
    t = build(n, total_rounds=total, forbidden=pairs)
    system = DutchSystem()
    for r in range(1, rounds + 2):
        # a few players announce an absence for this round
        away = [p for p in range(1, n + 1) if rng.random() < 0.1]
        if away:
            t = t.with_round(r, {p: Entry(rng.choice([Result.ZERO_BYE, Result.HALF_BYE])) for p in away})
        try:
            pairing = system.pair(t, r)
        except NoLegalPairing:
            assert not _legal_exists(build_state(t, r))
            return
        _check(t, pairing)
        t = _play(t, pairing, rng)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=6, max_value=40),
    rounds=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_search_agrees_with_the_optimiser(n: int, rounds: int, seed: int) -> None:
    """The generation-order search (search.py) and the weighted optimiser alone must
    pair every round identically, colours and board order included."""
    from swissbridge.plugins.dutch import pair_round
    from swissbridge.plugins.dutch import search as search_module

    rng = random.Random(seed)
    t = build(n, total_rounds=rounds + 2)
    original = search_module.CandidateSearch.run
    for r in range(1, rounds + 2):
        away = [p for p in range(1, n + 1) if rng.random() < 0.05]
        if away:
            t = t.with_round(r, {p: Entry(Result.HALF_BYE) for p in away})
        try:
            fast, _ = pair_round(t, r)
        except NoLegalPairing:
            return
        search_module.CandidateSearch.run = lambda self: None  # type: ignore[method-assign]
        try:
            slow, _ = pair_round(t, r)
        finally:
            search_module.CandidateSearch.run = original  # type: ignore[method-assign]
        assert fast.pairlist() == slow.pairlist()
        t = _play(t, fast, rng)
