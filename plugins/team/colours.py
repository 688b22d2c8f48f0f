"""C.04.6 Article 4: the colours of a pair of teams (the colour of the team is its
board-1 player's; the other boards follow, see ``boards.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from swissbridge.model import Colour
from swissbridge.plugins.team.rules import RoundState, TeamState
from swissbridge.teams import ColourModel


@dataclass(frozen=True, slots=True)
class Allocation:
    """The White and the Black team of a pair, and the rule of 4.3 that decided."""

    white: int
    black: int
    rule: str


def first_team(state: RoundState, a: TeamState, b: TeamState) -> tuple[TeamState, TeamState]:
    """4.2: the first-team of the pair, then the other: the higher primary score (4.2.1),
    then the higher secondary score unless the competition does not use it for colours
    (4.2.2), then the smaller TPN (4.2.3). Scores without virtual points."""
    if a.primary != b.primary:
        return (a, b) if a.primary > b.primary else (b, a)
    if state.event.code.secondary_for_colours and a.secondary != b.secondary:
        return (a, b) if a.secondary > b.secondary else (b, a)
    return (a, b) if a.number < b.number else (b, a)


def allocate(state: RoundState, a: int, b: int) -> Allocation:
    """4.3, in descending priority: the colours of the pair ``a``-``b``."""
    first, other = first_team(state, state.teams[a], state.teams[b])

    def give(colour: Colour, rule: str) -> Allocation:
        """``colour`` to the first-team."""
        if colour is Colour.WHITE:
            return Allocation(first.number, other.number, rule)
        return Allocation(other.number, first.number, rule)

    if first.played == 0 and other.played == 0:
        initial = state.tournament.initial_colour or Colour.WHITE
        colour = initial if first.number % 2 else initial.opposite
        return give(
            colour, "4.3.1, neither team has played a match: the first-team's TPN parity and the initial colour"
        )
    fp, op = first.preference, other.preference
    if fp is not None and op is None:
        return give(fp.colour, "4.3.2, only the first-team has a colour preference")
    if fp is None and op is not None:
        return give(op.colour.opposite, "4.3.2, only the other team has a colour preference")
    if fp is not None and op is not None and fp.colour is not op.colour:
        return give(fp.colour, "4.3.3, opposite colour preferences are granted")
    if state.model is ColourModel.TYPE_B and fp is not None and op is not None and fp.strong != op.strong:
        return give(fp.colour if fp.strong else op.colour.opposite, "4.3.4, only one strong colour preference")
    if first.colour_difference != other.colour_difference:
        lower = first.colour_difference < other.colour_difference
        return give(Colour.WHITE if lower else Colour.BLACK, "4.3.5, White to the lower colour difference")
    for fc, oc in zip(reversed(first.colours), reversed(other.colours), strict=False):
        if fc is not oc:
            return give(fc.opposite, "4.3.6, colours alternated from the last time they differed")
    if fp is not None:
        return give(fp.colour, "4.3.7, the first-team's colour preference")
    if first.colours:
        return give(first.colours[-1].opposite, "4.3.8, the first-team's colour alternated")
    return give(other.colours[-1], "4.3.9, the other team's colour alternated")
