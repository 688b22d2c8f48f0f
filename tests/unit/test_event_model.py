"""The model-based test of the event layer (``tests/stress/event_model.py``, issue 31): a short
budget by default (one sequence of each kind of event, a few seconds), the long run under the
``stress`` marker (``pytest --stress``: 2000 sequences, over 50 000 commands), and proof that
its invariants catch a result landing on another game."""

from __future__ import annotations

import pytest

from tests.stress.event_model import KINDS, run_sequence, variant


def sequences_of(kind: str, count: int, *, json: bool = False, watched: bool = False) -> list[int]:
    """The first ``count`` sequence numbers whose event is ``kind``, kept as JSON or TRF, and
    running the watcher or not (:func:`variant`)."""
    return [i for i in range(1000) if variant(i) == (kind, json, watched)][:count]


SHORT = [n for kind in sorted(set(KINDS)) for n in sequences_of(kind, 1, watched=True)]
SHORT += sequences_of("dutch", 1, json=True)
"""The default budget: one sequence of each kind of event, running the watcher too, and one
kept as JSON."""


@pytest.mark.parametrize("number", SHORT)
def test_a_random_event_keeps_every_invariant(number: int) -> None:
    outcome = run_sequence(number)
    assert outcome.commands >= 12
    assert outcome.problems == []


def test_the_invariants_see_a_result_land_on_another_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Board numbers read from today's scores, as before issue 31, in reverse: the driver notices."""
    from swissbridge.rules import teams

    numbered = teams.printed_boards

    def shifted(tournament, round_no):  # type: ignore[no-untyped-def]
        games = numbered(tournament, round_no)
        return [(n, where, game) for (n, where, _), (_, _, game) in zip(games, reversed(games), strict=True)]

    monkeypatch.setattr(teams, "printed_boards", shifted)
    problems = [p for n in sequences_of("dutch", 3) for p in run_sequence(n).problems]
    assert any("entered, the file has" in p or "reprint" in p for p in problems), problems


@pytest.mark.stress
def test_two_thousand_random_events_keep_every_invariant() -> None:
    outcomes = [run_sequence(n) for n in range(2000)]
    assert sum(o.commands for o in outcomes) >= 50_000
    assert [p for o in outcomes for p in o.problems] == []
