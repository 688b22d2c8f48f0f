"""The record of how the team Swiss paired a round (C.04.6 Article 3), written by
:mod:`.round` as it decides, step by step, and read by :mod:`.explanation`: the PAB's
candidates in the order of 3.4 and what each gave, each bracket's top-scoregroup, the
upfloater sets tried number by number ([C4]) and score profile by profile ([C5]) with
what each set gave ([C1], [C3], [C6], [C7]) and the one 3.5.5 took, the bracket's
pairing (3.6) with its [C8]-[C10] counts, and each pair's colours (Article 4)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from swissbridge.model import Points
from swissbridge.plugins import Trace, TracedBoard
from swissbridge.plugins.team.colours import Allocation
from swissbridge.plugins.team.rules import RoundState

PAB_ORDER = ("3.4.2", "3.4.3", "3.4.4")
"""The articles of the parts of a PAB candidate's :attr:`PabCandidate.order`, in order."""


@dataclass(frozen=True, slots=True)
class PabCandidate:
    """A team [C2] allows the PAB, in the order of 3.4.2-3.4.4."""

    team: int
    order: tuple[Points, int, int]
    """Its sort key: the score (3.4.2), minus the matches played (3.4.3), minus the TPN
    (3.4.4), one part per article of :data:`PAB_ORDER`."""
    leaves_pairing: bool | None
    """3.4.1: whether the other teams then have a pairing complying with [C1]; ``None``
    when it was not tried (a team before it was chosen)."""


@dataclass
class PabChoice:
    """3.4: the PAB of a round with an odd number of teams to pair."""

    teams: int
    """The number of teams to pair (odd)."""
    barred: list[int] = field(default_factory=list)
    """The teams [C2] does not allow the PAB."""
    candidates: list[PabCandidate] = field(default_factory=list)
    """The others, in the order of 3.4.2-3.4.4."""
    chosen: int | None = None


class Verdict(enum.Enum):
    """What one upfloater set gave (3.5.5)."""

    BRACKET = "C1"
    """The bracket it makes has no pairing complying with [C1]."""
    REST = "C3"
    """The bracket has one, the teams left do not ([C3])."""
    LEGAL = "legal"


class C6(enum.Enum):
    """[C6] (2.3.3) for one upfloater set."""

    NO_FOLLOWING = "no following scoregroup"
    EMPTIED = "the following scoregroup is left empty"
    PAIRABLE = "the following scoregroup can then be paired with the fewest upfloaters its parity allows"
    NOT_PAIRABLE = "the following scoregroup could then not be paired with the fewest upfloaters its parity allows"

    @property
    def complied(self) -> bool:
        return self is not C6.NOT_PAIRABLE


@dataclass(frozen=True, slots=True)
class SetTrial:
    """One set of upfloaters tried (3.5.4 order) and what it gave."""

    teams: tuple[int, ...]
    verdict: Verdict
    c6: C6 | None = None
    c7: int | None = None
    """[C7]: its upfloaters that floated in the previous round (legal sets only)."""


@dataclass
class ProfileTrial:
    """The sets of one number of upfloaters ([C4]) and one score profile ([C5]) tried."""

    count: int
    profile: tuple[Points, ...]
    """Their scores, highest first."""
    sets: list[SetTrial] = field(default_factory=list)
    chosen: int | None = None
    """The index in :attr:`sets` of the set 3.5.5 took; ``None``: no set was legal."""


@dataclass
class BracketPairing:
    """3.6: a bracket's pairing, pairs as (top member, bottom member)."""

    pairs: list[tuple[int, int]]
    fold: list[tuple[int, int]]
    """The first identifier of all (3.6.3): the upper half against the lower half."""
    fold_problem: tuple[int, int] | None
    """The first pair of the fold [C1] forbids or that counts for [C8]-[C10]; ``None``
    when the fold was taken."""
    costs: list[tuple[int, int, int]]
    """[C8], [C9], [C10] of each pair of :attr:`pairs`."""


@dataclass
class BracketRecord:
    """One bracket (3.3.2): the top-scoregroup of the teams not yet paired, its
    upfloaters (3.5) and its pairing (3.6)."""

    number: int
    score: Points
    residents: list[int]
    lower: list[int]
    """The potential upfloaters (3.5.1): the teams not yet paired of a lower score."""
    following: Points | None
    """The score of the following scoregroup [C6] reads (``None``: there is none)."""
    trials: list[ProfileTrial] = field(default_factory=list)
    upfloaters: list[int] = field(default_factory=list)
    pairing: BracketPairing | None = None


@dataclass
class RoundRecord:
    """The round as :func:`~swissbridge.plugins.team.round.pair_round` paired it, as far
    as it got (a round without a legal pairing stops where 3.3.3 applied)."""

    teams: list[int] = field(default_factory=list)
    """The teams to pair."""
    pab: PabChoice | None = None
    brackets: list[BracketRecord] = field(default_factory=list)


@dataclass(kw_only=True)
class TeamTrace(Trace):
    """The team Swiss's trace: the generic boards and PAB, the state the round was
    paired from, the record of Article 3 and each pair's colours (Article 4)."""

    state: RoundState
    record: RoundRecord
    allocations: list[Allocation] = field(default_factory=list)
    """In board order, as :attr:`boards`."""


def traced_board(allocation: Allocation) -> TracedBoard:
    """The generic board of an allocation: its teams and its rule of 4.3 in words."""
    return TracedBoard(allocation.white, allocation.black, allocation.rule)
