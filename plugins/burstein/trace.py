"""The record of how the Burstein system paired a round, written by :mod:`.round` as
it decides and read by :mod:`.explanation` and :mod:`.compare`: the players' Index and
ranking (1.7, 1.8), the PAB's candidates in the order of 3.1, and each bracket's
players in BSN order (4.1), its floaters ([C5]-[C7]), pairing ([C8], 4.3) and count of
pairings looked at. A seeding round (1.6) is the Dutch system's trace."""

from __future__ import annotations

from dataclasses import dataclass, field

from swissbridge.model import Points
from swissbridge.plugins import Trace
from swissbridge.plugins.c0404 import Allocation, PabChoice

from .bracket import FloaterChoice, Outcome
from .rules import BursteinRound


@dataclass
class BracketRecord:
    """One bracket (1.2.2) and what 3.2 decided of it."""

    number: int
    score: Points
    """The scoregroup's score."""
    players: list[int]
    """Residents and incoming floaters in BSN order (4.1: the ranking of 1.8)."""
    incoming: list[int]
    """The incoming floaters."""
    following: list[int]
    """The next scoregroup's residents ([C7])."""
    choice: FloaterChoice | None = None
    pairs: list[tuple[int, int]] = field(default_factory=list)
    """The pairs, the higher-BSN player first."""
    outgoing: list[int] = field(default_factory=list)
    unfulfilled: int = 0
    """[C8]: players without their colour preference."""
    tried: int = 0
    """Pairings of 4.3 order the search looked at."""

    @property
    def following_outcome(self) -> Outcome | None:
        return None if self.choice is None else self.choice.following


@dataclass(kw_only=True)
class BursteinTrace(Trace):
    """A round paired after the seeding rounds (1.9)."""

    rnd: BursteinRound
    pab: PabChoice | None = None
    """3.1 (the rules shared with Dubov: :func:`swissbridge.plugins.c0404.choose_pab`)."""
    brackets: list[BracketRecord] = field(default_factory=list)
    allocations: list[Allocation] = field(default_factory=list)
    """Each board's colours and the rule of 5.2 that gave them, in board order."""
