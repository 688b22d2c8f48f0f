"""C.04.6 Article 4: the colours of a pair of teams (the colour of the team is its
board-1 player's; the other boards follow, :func:`swissbridge.rules.teams.board_pairing`).

:func:`allocate` records the decision as it makes it: the first-team and the step of
4.2 that made it, the rule of 4.3 that gave the colours (the explanation reads them)."""

from __future__ import annotations

from dataclasses import dataclass

from swissbridge.model import Colour
from swissbridge.plugins.team.rules import RoundState, TeamState
from swissbridge.rules.teams import ColourModel


@dataclass(frozen=True, slots=True)
class Allocation:
    """The White and the Black team of a pair, and the rule of 4.3 that decided."""

    white: int
    black: int
    first: int
    """The first-team (4.2)."""
    first_by: str
    """The step of 4.2 that made it the first-team: ``"4.2.1"``, ``"4.2.2"`` or ``"4.2.3"``."""
    article: str
    """The rule of 4.3 that gave the colours (``"4.3.5"``)."""
    rule: str
    """That rule in words, its article first."""
    facts: str
    """What the rule read here: the preferences, colour differences, colours compared."""


def first_team(state: RoundState, a: TeamState, b: TeamState) -> tuple[TeamState, TeamState, str]:
    """4.2: the first-team of the pair, then the other, and the step that decided: the
    higher primary score (4.2.1), then the higher secondary score unless the competition
    does not use it for colours (4.2.2), then the smaller TPN (4.2.3). Scores without
    virtual points."""
    if a.primary != b.primary:
        return (a, b, "4.2.1") if a.primary > b.primary else (b, a, "4.2.1")
    if state.event.code.secondary_for_colours and a.secondary != b.secondary:
        return (a, b, "4.2.2") if a.secondary > b.secondary else (b, a, "4.2.2")
    return (a, b, "4.2.3") if a.number < b.number else (b, a, "4.2.3")


def allocate(state: RoundState, a: int, b: int) -> Allocation:
    """4.3, in descending priority: the colours of the pair ``a``-``b``."""
    first, other, first_by = first_team(state, state.teams[a], state.teams[b])
    f, o = f"#{first.number}", f"#{other.number}"

    def give(colour: Colour, rule: str, facts: str) -> Allocation:
        """``colour`` to the first-team by ``rule`` (its article, a comma, its words),
        ``facts`` the facts the rule read."""
        white, black = (first, other) if colour is Colour.WHITE else (other, first)
        return Allocation(white.number, black.number, first.number, first_by, rule.partition(",")[0], rule, facts)

    if first.played == 0 and other.played == 0:
        initial = state.initial_colour
        odd = first.number % 2
        colour = initial if odd else initial.opposite
        return give(
            colour,
            "4.3.1, neither team has played a match: the first-team's TPN parity and the initial colour",
            f"the initial colour is {initial}; the first-team {f} has an {'odd' if odd else 'even'} TPN: {colour}",
        )
    fp, op = first.preference, other.preference
    if fp is not None and op is None:
        return give(fp.colour, "4.3.2, only the first-team has a colour preference", f"{f} prefers {fp.colour}")
    if fp is None and op is not None:
        return give(
            op.colour.opposite, "4.3.2, only the other team has a colour preference", f"{o} prefers {op.colour}"
        )
    if fp is not None and op is not None and fp.colour is not op.colour:
        return give(
            fp.colour, "4.3.3, opposite colour preferences are granted", f"{f} prefers {fp.colour}, {o} {op.colour}"
        )
    if state.model is ColourModel.TYPE_B and fp is not None and op is not None and fp.strong != op.strong:
        strong = f if fp.strong else o
        return give(
            fp.colour if fp.strong else op.colour.opposite,
            "4.3.4, only one strong colour preference",
            f"both prefer {fp.colour}; only {strong}'s preference is strong",
        )
    cds = f"colour differences {f} {first.colour_difference:+d}, {o} {other.colour_difference:+d}"
    if first.colour_difference != other.colour_difference:
        lower = first.colour_difference < other.colour_difference
        return give(Colour.WHITE if lower else Colour.BLACK, "4.3.5, White to the lower colour difference", cds)
    for back, (fc, oc) in enumerate(zip(reversed(first.colours), reversed(other.colours), strict=False), 1):
        if fc is not oc:
            when = "in their last played match" if back == 1 else f"{back} played matches back"
            return give(
                fc.opposite,
                "4.3.6, colours alternated from the last time they differed",
                f"{cds}; {when} {f} had {fc}, {o} {oc}",
            )
    if fp is not None:
        same = f"{cds}; their played colours never differ (compared from the last)"
        return give(fp.colour, "4.3.7, the first-team's colour preference", f"{same}; {f} prefers {fp.colour}")
    if first.colours:
        return give(
            first.colours[-1].opposite,
            "4.3.8, the first-team's colour alternated",
            f"no colour preference; {f}'s last played match was with {first.colours[-1]}",
        )
    return give(
        other.colours[-1],
        "4.3.9, the other team's colour alternated",
        f"no colour preference, {f} has no played match; {o}'s last played match was with {other.colours[-1]}",
    )
