from __future__ import annotations

from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing


def compare_pairings(tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
    return ""
