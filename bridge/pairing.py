"""The result of pairing a round, and how it is written back into the model."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from swissbridge.model import Colour, Entry, Result, Tournament


class NoLegalPairing(Exception):
    """No pairing of the round satisfies the absolute criteria (C.04.3 1.9.3:
    the Chief Arbiter must decide)."""


@dataclass(frozen=True, slots=True)
class Board:
    """One game of the round: start numbers of White and Black."""

    white: int
    black: int

    def players(self) -> tuple[int, int]:
        return (self.white, self.black)


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """The pairing of one round, boards in publication order (C.04.2 3.6)."""

    round_no: int
    boards: tuple[Board, ...]
    bye: int | None = None
    """The player receiving the pairing-allocated bye (C.04.1 Art. 3), if any."""
    absent: Mapping[int, Result] = field(default_factory=dict)
    """Players not paired this round and the entry they receive (H, F, Z)."""
    system: str = ""

    def opponent(self, start_no: int) -> tuple[int, Colour] | None:
        """The opponent and colour of a player, or ``None`` when not on a board."""
        for b in self.boards:
            if b.white == start_no:
                return b.black, Colour.WHITE
            if b.black == start_no:
                return b.white, Colour.BLACK
        return None

    def pairlist(self) -> str:
        """The engine pair-list format: count, then ``WHITE BLACK``, ``N 0`` for the PAB."""
        lines = [f"{b.white} {b.black}" for b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return "\n".join([str(len(lines)), *lines]) + "\n"


def apply_pairing(tournament: Tournament, pairing: RoundPairing) -> Tournament:
    """The tournament with ``pairing`` written into its round: boards as pending
    games, the PAB as ``U``, absentees with their bye entries."""
    entries: dict[int, Entry] = {}
    for b in pairing.boards:
        entries[b.white] = Entry(Result.PENDING, b.black, Colour.WHITE)
        entries[b.black] = Entry(Result.PENDING, b.white, Colour.BLACK)
    if pairing.bye is not None:
        entries[pairing.bye] = Entry(Result.PAB)
    for n, result in pairing.absent.items():
        entries[n] = Entry(result)
    return tournament.with_round(pairing.round_no, entries)
