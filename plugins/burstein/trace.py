"""The record of how the Burstein system paired a round, written by :mod:`.round` as
it decides and read by :mod:`.explanation` and :mod:`.compare`: the players' Index and
ranking (1.7, 1.8), the PAB's candidates in the order of 3.1, and each bracket's
players in BSN order (4.1), its floaters ([C5]-[C7]), pairing ([C8], 4.3) and count of
pairings looked at. A seeding round (1.6) is the Dutch system's trace."""

from __future__ import annotations

from dataclasses import dataclass, field

from swissbridge.model import Points
from swissbridge.plugins import Trace

from .bracket import FloaterChoice, Outcome
from .rules import BursteinRound

PAB_ORDER = ("3.1.3", "3.1.4", "3.1.5")
"""The articles of the parts of a PAB candidate's sort key (:func:`.round.pab_key`)."""


@dataclass(frozen=True, slots=True)
class PabCandidate:
    """A player [C2] allows the PAB (3.1.1), in the order of 3.1.3-3.1.5."""

    player: int
    leaves_pairing: bool | None
    """3.1.2: whether the others then have a pairing ([C4]); ``None``: not tried."""


@dataclass
class PabRecord:
    """3.1: the PAB of a round with an odd number of players to pair."""

    barred: list[int] = field(default_factory=list)
    """The players [C2] (3.1.1) does not allow it."""
    candidates: list[PabCandidate] = field(default_factory=list)
    chosen: int | None = None


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
    pab: PabRecord | None = None
    brackets: list[BracketRecord] = field(default_factory=list)
    colour_rules: dict[tuple[int, int], str] = field(default_factory=dict)
    """The rule of 5.2 that gave each board's colours, by (White, Black)."""
