"""The record of how the Double-Swiss paired a match (C.04.5 Article 3), written by
the bracket procedure it shares with the team Swiss
(:mod:`swissbridge.plugins.brackets`) as it decides, and each pair's colours (Article 4)."""

from __future__ import annotations

from dataclasses import dataclass, field

from swissbridge.plugins import Trace
from swissbridge.plugins.brackets import RoundRecord
from swissbridge.plugins.doubleswiss.colours import Allocation
from swissbridge.plugins.doubleswiss.rules import DoubleState


@dataclass(kw_only=True)
class DoubleTrace(Trace):
    """The Double-Swiss's trace: the generic boards and PAB, the state the round was
    paired from, the record of Article 3 and each pair's colours (Article 4)."""

    state: DoubleState
    record: RoundRecord
    allocations: list[Allocation] = field(default_factory=list)
    """In board order, as :attr:`boards`."""
