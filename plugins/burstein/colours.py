"""C.04.4.2 Article 5: the colours of a pair (5.2, the first rule that decides).

"Higher ranked" is the ranking order of 1.8 (the Index, then the TPN); the colour
histories are the played games only, unplayed rounds left out (GHR 3.4)."""

from __future__ import annotations

from swissbridge.model import Colour

from .rules import BursteinRound

RULES = {
    "5.2.1": "neither has played yet: the higher ranked player's TPN parity gives the initial colour",
    "5.2.2": "both colour preferences are granted",
    "5.2.3": "the stronger colour preference is granted",
    "5.2.4": "colours alternate to the last round in which one had White and the other Black",
    "5.2.5": "the higher ranked player's colour preference is granted",
}
"""Each rule of 5.2 in words."""


def allocate(rnd: BursteinRound, a: int, b: int, initial: Colour) -> tuple[int, int, str]:
    """5.2 for the pair ``a``-``b``: (White, Black, the rule that decided)."""
    colour, rule = colour_of(rnd, a, b, initial)
    return (a, b, rule) if colour is Colour.WHITE else (b, a, rule)


def colour_of(rnd: BursteinRound, a: int, b: int, initial: Colour) -> tuple[Colour, str]:
    """The colour 5.2 gives ``a`` against ``b``, and the rule that gave it."""
    pa, pb = rnd.players[a], rnd.players[b]
    higher_is_a = rnd.ranks_higher(a, b)
    if not pa.colours and not pb.colours:  # 5.2.1
        higher = pa if higher_is_a else pb
        colour = initial if higher.tpn % 2 == 1 else initial.opposite
        return (colour if higher_is_a else colour.opposite), "5.2.1"
    ca, cb = pa.preferred, pb.preferred
    if ca is not cb:  # 5.2.2 (1.5.4: no preference grants the opponent's)
        return (ca if ca is not None else cb.opposite), "5.2.2"  # type: ignore[union-attr]
    assert ca is not None
    if pa.strength != pb.strength:  # 5.2.3
        return (ca if pa.strength > pb.strength else ca.opposite), "5.2.3"
    for x, y in zip(reversed(pa.colours), reversed(pb.colours), strict=False):  # 5.2.4
        if x is not y:
            return x.opposite, "5.2.4"
    return (ca if higher_is_a else ca.opposite), "5.2.5"
