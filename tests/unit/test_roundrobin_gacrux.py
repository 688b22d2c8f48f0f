"""The Berger tables against Gacrux's ``berger`` method (run as a command), for every
size from 3 to 24 players and every round: a single round robin, a double one
(colours reversed in the second cycle) and FIDE's double one (the last two rounds of
the first cycle exchanged, C.05 Annex 1). Skipped without Gacrux, and outside
``SWISSBRIDGE_SLOW=1 pytest -m slow``: one Gacrux run per round is too slow for the
default suite, which checks the Gacrux tables committed in
``tests/golden/roundrobin/gacrux_berger.json`` instead (``test_roundrobin.py``). All 22
sizes take about 1 430 Gacrux runs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from swissbridge.plugins.roundrobin import RoundRobinSystem

from tests.roundrobin_support import (
    METHODS,
    TEAM_CODES,
    Round,
    drawn_event,
    drawn_team_event,
    gacrux_python,
    gacrux_schedule,
)

SLOW = os.environ.get("SWISSBRIDGE_SLOW") == "1"
CODES = {"single": "", "double": "", "fide-double": "FIDE_DOUBLEROUNDROBIN"}
"""The record 192 each schedule is read from (none: as many cycles as the rounds)."""


def ours(players: int, rounds: int, schedule: str, *, teams: bool = False) -> list[Round]:
    """Every round as the roundrobin system pairs it from the history before it (of
    ``players`` players, or of ``players`` teams)."""
    from dataclasses import replace

    system = RoundRobinSystem()
    played: list[Round] = []
    for r in range(1, rounds + 1):
        if teams:
            event = drawn_team_event(players, rounds, played, TEAM_CODES[schedule])
        else:
            event = replace(drawn_event(players, rounds, played), system=CODES[schedule])
        pairing = system.pair(event, r)
        boards = [(b.white, b.black) for b in pairing.boards]
        played.append([(pairing.bye, 0), *boards] if pairing.bye is not None else boards)
    return played


def rounds_of(players: int, schedule: str) -> int:
    cycle = players + players % 2 - 1
    return cycle if schedule == "single" else 2 * cycle


def differential(tmp_path: Path, players: int, schedule: str, *, teams: bool = False) -> None:
    python = gacrux_python()
    if python is None:
        pytest.skip("gacrux is not installed (pip install gacrux, or set SWISSBRIDGE_GACRUX_PYTHON)")
    rounds = rounds_of(players, schedule)
    theirs = gacrux_schedule(python, tmp_path, players, rounds, METHODS[schedule], teams=teams)
    mine = ours(players, rounds, schedule, teams=teams)
    for r, (a, b) in enumerate(zip(mine, theirs, strict=True), 1):
        who = "teams" if teams else "players"
        assert a == b, f"{players} {who}, {schedule}, round {r}: ours {a}, gacrux {b}"


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="every size 3-24: set SWISSBRIDGE_SLOW=1")
@pytest.mark.parametrize("schedule", list(METHODS))
@pytest.mark.parametrize("players", range(3, 25))
def test_every_size_equals_gacrux(tmp_path: Path, players: int, schedule: str) -> None:
    differential(tmp_path, players, schedule)


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="every size 3-24: set SWISSBRIDGE_SLOW=1")
@pytest.mark.parametrize("schedule", list(METHODS))
@pytest.mark.parametrize("teams", range(3, 25))
def test_every_team_size_equals_gacrux(tmp_path: Path, teams: int, schedule: str) -> None:
    """A team round robin (records 310, a team round-robin code in 192): Gacrux's berger
    method pairs the teams, and so do the tables."""
    differential(tmp_path, teams, schedule, teams=True)
