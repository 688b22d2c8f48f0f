"""The record of how the team Swiss paired a round (C.04.6 Article 3), written by
the bracket procedure (:mod:`swissbridge.plugins.brackets`) as it decides, step by
step, and read by :mod:`.explanation`: the PAB's
candidates in the order of 3.4 and what each gave, each bracket's top-scoregroup, the
upfloater sets tried number by number ([C4]) and score profile by profile ([C5]) with
what each set gave ([C1], [C3], [C6], [C7]) and the one 3.5.5 took, the bracket's
pairing (3.6) with its [C8]-[C10] counts, and each pair's colours (Article 4)."""

from __future__ import annotations

from dataclasses import dataclass, field

from swissbridge.plugins import Trace
from swissbridge.plugins.brackets import RoundRecord
from swissbridge.plugins.team.colours import Allocation
from swissbridge.plugins.team.rules import RoundState


@dataclass(kw_only=True)
class TeamTrace(Trace):
    """The team Swiss's trace: the generic boards and PAB, the state the round was
    paired from, the record of Article 3 and each pair's colours (Article 4)."""

    state: RoundState
    record: RoundRecord
    allocations: list[Allocation] = field(default_factory=list)
    """In board order, as :attr:`boards`."""
