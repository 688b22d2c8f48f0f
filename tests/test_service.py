"""Orchestration (bridge/service.py): what is refused before any system pairs."""

from __future__ import annotations

import pytest
from swissbridge.errors import InputError, UsageError
from swissbridge.model import Player, Tournament
from swissbridge.service import pair_tournament

FOUR = tuple(Player(n, f"Player {n}") for n in range(1, 5))


def test_a_team_tournament_is_refused() -> None:
    team = Tournament(FOUR, total_rounds=5, headers=(("310", "   1 Team A"),))
    with pytest.raises(InputError, match="team tournament"):
        pair_tournament(team)


def test_a_round_beyond_the_tournament_is_refused() -> None:
    with pytest.raises(InputError, match="round 6 is beyond the 5 rounds"):
        pair_tournament(Tournament(FOUR, total_rounds=5), round_no=6)


def test_an_unknown_system_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown pairing system 'nope'"):
        pair_tournament(Tournament(FOUR, total_rounds=5), system="nope")
