"""``generate`` + ``check`` with the Burstein system: random tournaments (byes,
absences, forfeits, late entries, withdrawals, forbidden pairs, acceleration), every
round replayed by ``check`` identical, and no round breaking [C1]-[C4]. By default a
handful of tournaments; the long run (500) is behind the ``slow`` marker and
``SWISSBRIDGE_SLOW=1``."""

from __future__ import annotations

import os
import random

import pytest
from swissbridge.commands.check import check_tournament
from swissbridge.commands.generate import GenerateOptions, generate_tournament
from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing

from tests.burstein_support import violations

SLOW = os.environ.get("SWISSBRIDGE_SLOW") == "1"


def _one(seed: int) -> None:
    rng = random.Random(f"burstein-{seed}")
    players = rng.choice((rng.randint(8, 24), rng.randint(25, 70)))
    rounds = min(rng.randint(3, 11), max(3, players // 2))
    options = GenerateOptions(forbidden_groups=rng.choice((0, 0, 1, 2)), accelerate=rng.random() < 0.2)
    broken: list[str] = []

    def watch(t: Tournament, r: int, pairing: RoundPairing) -> None:
        broken.extend(f"round {r}: {v}" for v in violations(t, r, pairing))

    t = generate_tournament(players, rounds, "burstein", seed, options, on_round=watch)
    assert broken == [], f"seed {seed}"
    report = check_tournament(t, "burstein")
    assert report.ok, f"seed {seed}: {report.render()}"
    assert len(report.rounds) == rounds


@pytest.mark.parametrize("seed", range(6))
def test_generated_tournaments_replay_identically(seed: int) -> None:
    _one(seed)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="500 tournaments: set SWISSBRIDGE_SLOW=1")
def test_five_hundred_generated_tournaments_replay_identically() -> None:
    for seed in range(1000, 1500):
        _one(seed)
