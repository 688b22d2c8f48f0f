"""The record of how the Dubov system paired a round (C.04.4.1 Article 3), written by
:mod:`.round` and :mod:`.bracket` as they decide and read by :mod:`.explanation` and
:mod:`.compare`: the PAB's candidates (3.1), each bracket's residents, the minimum
number of upfloaters (3.2.1), the upfloater sets tried in the order of 4.2 with what
each gave ([C1]-[C4], [C6]-[C10]) and the one 3.2.2 took, the split into G1/G2 (3.2.3),
the shifts (3.2.4, 4.3), S1 (3.2.5) and T2 (3.2.6, 4.4), and each pair's colours (5.2)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from swissbridge.model import Points
from swissbridge.plugins import Trace
from swissbridge.plugins.c0404 import Allocation, PabChoice
from swissbridge.plugins.dubov.rules import DubovRound


class Verdict(enum.Enum):
    """What one set of upfloaters gave (3.2.2)."""

    BRACKET = "C1/C3"
    """The bracket it makes has no pairing complying with [C1] and [C3]."""
    REST = "C4"
    """The bracket has one; the players below are then left without one ([C4])."""
    LEGAL = "legal"


@dataclass(frozen=True, slots=True)
class Quality:
    """How a bracket with a set of upfloaters complies with the quality criteria
    ([C6]-[C10]; [C5], their number, is the same for every set tried together). As a
    tuple (:meth:`key`), the smaller complies better."""

    scores: tuple[Points, ...]
    """[C6]: the upfloaters' scores in ascending order (the higher the better)."""
    colours: int
    """[C7]: the players who do not get their colour preference."""
    maximum: int
    """[C8]: the upfloaters who are maximum upfloaters (0 in the last round)."""
    times: int
    """[C9]: the times those maximum upfloaters have upfloated (0 in the last round)."""
    previous: int
    """[C10]: the upfloaters who upfloated in the previous round (0 in the last round)."""

    def key(self) -> tuple[tuple[Points, ...], int, int, int, int]:
        return tuple(-s for s in self.scores), self.colours, self.maximum, self.times, self.previous


@dataclass(frozen=True, slots=True)
class SetTrial:
    """One set of upfloaters tried and what it gave."""

    players: tuple[int, ...]
    verdict: Verdict
    quality: Quality | None = None


@dataclass(frozen=True, slots=True)
class Shift:
    """3.2.4: players moved from one subgroup to the other."""

    article: str
    """``"3.2.4.1"`` (unavoidable pairs inside the smaller subgroup) or ``"3.2.4.2"`` (sizes equalised)."""
    source: str
    """``"G1"`` or ``"G2"``: the subgroup they left."""
    players: tuple[int, ...]
    order: tuple[int, ...]
    """The subgroup's possible shifters in the order of 4.3 (sequence number #1 first)."""
    tried: int
    """How many sets were tried before this one (the first legal, 4.1.3 order)."""


@dataclass
class BracketRecord:
    """One bracket (3.2): a scoregroup's remaining residents and its upfloaters."""

    number: int
    score: Points
    residents: list[int]
    lower: int
    """How many players below it could upfloat (4.2.1)."""
    minimum: int | None = None
    """3.2.1: the fewest upfloaters giving a legal pairing."""
    trials: list[SetTrial] = field(default_factory=list)
    upfloaters: list[int] = field(default_factory=list)
    quality: Quality | None = None
    capped: bool = False
    """3.2.2 stopped after :data:`~.round.TRIALS` sets: the best legal one found by then was taken."""
    by_tpn: bool = False
    """3.2.3: nobody in the bracket has played, G1 is its first half by TPN."""
    g1: list[int] = field(default_factory=list)
    """The subgroups as 3.2.3 composes them ..."""
    g2: list[int] = field(default_factory=list)
    shifts: list[Shift] = field(default_factory=list)
    s1: list[int] = field(default_factory=list)
    """3.2.5: G1 after the shifts by ascending ARO, then TPN."""
    t2: list[int] = field(default_factory=list)
    """3.2.6: the first transposition of G2 (4.4) giving a legal pairing, S1[i] against T2[i]."""
    in_order: bool = True
    """T2 is G2 in TPN order, the first transposition of all (4.4.2)."""


@dataclass(kw_only=True)
class DubovTrace(Trace):
    """The Dubov trace: the generic boards and PAB, the round it paired (:class:`DubovRound`),
    the PAB's choice, the brackets and each pair's colours."""

    round: DubovRound
    pab: PabChoice | None = None
    brackets: list[BracketRecord] = field(default_factory=list)
    allocations: list[Allocation] = field(default_factory=list)
    """In board order, as :attr:`boards`."""
