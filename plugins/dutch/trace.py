"""A structured account of how a round was paired, for explanations.

Plain typed dataclasses with start numbers and article numbers only, so that a
renderer can turn them into text, JSON or HTML without knowing the algorithm.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swissbridge.plugins import Trace, TracedBoard


@dataclass(frozen=True)
class Shortfall:
    """A quality criterion the bracket could not fully satisfy."""

    criterion: str
    """``"C12"`` etc."""
    failures: int
    """How many pairs (or players, for the float criteria) fail it."""


@dataclass(frozen=True)
class Floater:
    """A player the bracket leaves unpaired (a downfloater, or the PAB)."""

    start_no: int
    score: str
    mdp: bool
    """True when the player was an MDP that stays in the Limbo."""
    reason: str


@dataclass(frozen=True)
class PairTrace:
    """A pair made in a bracket (colours are decided later, see :class:`BoardTrace`)."""

    higher: int
    lower: int
    mdp_pair: bool
    """True for a pair of the MDP-Pairing (an MDP with a resident)."""


@dataclass(frozen=True)
class BracketTrace:
    """One pairing bracket (Article 3)."""

    number: int
    score: str
    """The residents' pairing score."""
    residents: tuple[int, ...]
    mdps: tuple[int, ...]
    homogeneous: bool
    pairs: tuple[PairTrace, ...]
    floaters: tuple[Floater, ...]
    shortfalls: tuple[Shortfall, ...]
    c9_applies: bool
    exchanges: int
    """Residents exchanged between S1 and S2 of the remainder (4.3), 0 when none."""
    method: str
    """How the bracket's choice was found: ``"first perfect"`` (the first candidate in
    generation order reaching the best possible value of every criterion, 3.4/3.6),
    ``"optimised"`` (the exact optimiser over all candidates, 3.8), or
    ``"completion-constrained"`` when [C4]/[C5] changed what the bracket alone would
    have done."""


@dataclass
class BoardTrace(TracedBoard):
    """A published board and the Article 5 rule that gave the colours (``rule`` in
    words, ``article`` its number: ``"5.2.2"``)."""

    board: int
    article: str


@dataclass(frozen=True)
class ByeTrace:
    """The pairing-allocated bye: who, with which score, and why (C.04.3 1.9.1)."""

    start_no: int
    score: str
    reason: str


@dataclass(kw_only=True)
class RoundTrace(Trace):
    """The whole round: brackets from the top, then the boards in publication order."""

    players: int
    absent: tuple[int, ...]
    bye_score: str | None
    """The [C5] PAB score, when the number of players is odd."""
    brackets: tuple[BracketTrace, ...] = ()
    boards: list[BoardTrace] = field(default_factory=list)  # type: ignore[assignment]
    pab: ByeTrace | None = None
    """The PAB and why that player."""
