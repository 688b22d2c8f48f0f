"""Pairing a scoregroup's residents in the Lim system (C.04.4.3 2.4, 2.5,
Article 4): the compatibility scrutiny in the exchange order of 4.2/4.3, then the
colour objective of 5.2 (:mod:`.objective`) with 5.7 in a Maxi-tournament."""

from __future__ import annotations

from swissbridge.plugins.lim.colours import due_colours_of_pair
from swissbridge.plugins.lim.exchange import exchange_order
from swissbridge.plugins.lim.feasibility import Matching
from swissbridge.plugins.lim.objective import BLACK_DUE, NO_DUE, WHITE_DUE, most_due_colours
from swissbridge.plugins.lim.rules import BLACK, WHITE, LimPlayer, LimRound, Side, within_maxi_limit
from swissbridge.plugins.lim.trace import ColourNote, GroupTrace, ScrutinyStep


def pair_residents(
    rnd: LimRound, g: GroupTrace, side: Side, order: list[int], lp: list[LimPlayer], matching: Matching
) -> list[tuple[int, int]]:
    """2.4, 2.5, Article 4 (scrutiny and exchanges) and 5.2 (colour objective)
    for the residents ``order`` (group indices in TPN order, reversed when the
    group is paired upward). Returns the pairs in scrutiny order."""
    compatible = rnd.compatible

    # Article 4: the first whole pairing, in exchange order, whose pairs are all
    # compatible (4.4: each exchange leaves the rest pairable).
    first: list[tuple[int, int]] = []
    rest = list(order)
    current = matching
    while rest:
        p = rest[0]
        proposed = rest[len(rest) // 2]
        step = ScrutinyStep(lp[p].no, lp[proposed].no, lp[proposed].no)
        for c in exchange_order(rest):
            if not compatible(lp[p], lp[c]):
                step.rejected.append((lp[c].no, rnd.why_incompatible(lp[p], lp[c])))
                continue
            new = current.with_pair(p, c)
            if new is None:
                step.rejected.append((lp[c].no, "the rest of the group could not be paired (4.4)"))
                continue
            break
        else:  # pragma: no cover - the matching guarantees a compatible pairing
            raise AssertionError("no compatible pairing of the residents")
        step.chosen = lp[c].no
        g.scrutiny.append(step)
        first.append((p, c))
        rest = [v for v in rest if v != p and v != c]
        current = new
    return _colour_objective(rnd, g, side, order, lp, first)


def _colour_objective(
    rnd: LimRound,
    g: GroupTrace,
    side: Side,
    order: list[int],
    lp: list[LimPlayer],
    first: list[tuple[int, int]],
) -> list[tuple[int, int]]:
    """5.2 (reading 9): among all compatible pairings of the residents, the one
    giving the most players their due colour; ties go to the pairing that
    comes first in the exchange order (:func:`.objective.most_due_colours`).
    In a Maxi-tournament (5.7) an exchange made only for colour may replace an
    opponent only by one rated within 100 points of the opponent it replaces
    in the scrutiny's pairing."""
    if not first:
        return first
    compatible = rnd.compatible
    size = len(lp)
    weights: dict[int, int] = {}

    def weight(a: int, b: int) -> int:
        key = a * size + b if a < b else b * size + a
        w = weights.get(key)
        if w is None:
            w = weights[key] = due_colours_of_pair(rnd, lp[a], lp[b], side)
        return w

    def due_class(i: int) -> int:
        d = lp[i].due
        return WHITE_DUE if d is WHITE else BLACK_DUE if d is BLACK else NO_DUE

    partner = {}
    for a, b in first:
        partner[a], partner[b] = b, a
    maxi = rnd.maxi

    def allowed(a: int, b: int) -> bool:
        """Compatible (2.1) and, in a Maxi-tournament, within 5.7's 100 points."""
        if not compatible(lp[a], lp[b]):
            return False
        if not maxi:
            return True
        return within_maxi_limit(lp[b].rating, lp[partner[a]].rating) and within_maxi_limit(
            lp[a].rating, lp[partner[b]].rating
        )

    best = most_due_colours(order, first, allowed, weight, due_class)
    g.colour_choice = ColourNote(
        dues=sum(1 for i in order if lp[i].due is not None),
        scrutiny=[(lp[a].no, lp[b].no) for a, b in first],
        scrutiny_given=best.scrutiny_given,
        chosen=[(lp[a].no, lp[b].no) for a, b in best.pairs],
        given=best.given,
        maxi=maxi,
    )
    return best.pairs
