"""Colour allocation of the Lim system (C.04.4.3 Article 5, 7.2), one pair at a time.

Order of the rules (the project's precision of Article 5):

1. 5.1 / 5.3 — never break a colour limit when it can be avoided (outside the
   last round the pair is compatible, so one allocation always keeps both within
   the limits; in the last round Article 6 pairs may have to break one);
2. exactly one player has a due colour: that player gets it;
3. both are due different colours: each gets theirs;
4. 5.4 — both are due the same colour: walk back through both played-colour
   histories, aligned from the latest game, to the latest game where they
   differ; each gets the colour the other had there. Identical histories: in the
   median group and above the higher ranked player gets the due colour, below the
   median the lower ranked player does;
5. 7.2 — neither has played: the higher ranked player gets the initial colour if
   their TPN is odd, the other colour if even.
"""

from __future__ import annotations

from dataclasses import dataclass

from swissbridge.model import Colour, latest_difference
from swissbridge.plugins.lim.rules import BLACK, WHITE, LimPlayer, LimRound, Side


@dataclass(frozen=True, slots=True)
class Allocation:
    """The colours of one board and the rule that decided them."""

    white: int
    black: int
    rule: str

    def colour_of(self, no: int) -> Colour:
        return WHITE if no == self.white else BLACK


def _limit_breaks(white: LimPlayer, black: LimPlayer) -> int:
    return (0 if white.may_have_white else 1) + (0 if black.may_have_black else 1)


def _name(c: Colour | None) -> str:
    return "no colour" if c is None else str(c)


def allocate_colours(rnd: LimRound, a: LimPlayer, b: LimPlayer, side: Side) -> Allocation:
    """Article 5 (and 7.2 for players without a game) for the pair ``a``–``b``
    formed in a scoregroup on ``side`` of the median."""
    hi, lo = (a, b) if a.ranks_above(b) else (b, a)

    def give(player: LimPlayer, colour: Colour, rule: str) -> Allocation:
        other = lo if player is hi else hi
        if colour is WHITE:
            return Allocation(player.no, other.no, rule)
        return Allocation(other.no, player.no, rule)

    # (1) 5.1/5.3: the colour limits, when one allocation avoids more breaks.
    breaks_hi_white = _limit_breaks(hi, lo)
    breaks_hi_black = _limit_breaks(lo, hi)
    if breaks_hi_white != breaks_hi_black:
        colour = WHITE if breaks_hi_white < breaks_hi_black else BLACK
        fewest = min(breaks_hi_white, breaks_hi_black)
        if fewest == 0:
            who = hi if not hi.may_have(colour.opposite) else lo
            forced = colour if who is hi else colour.opposite
            rule = f"5.1/5.3 colour limits: #{who.no} must have {forced}"
        else:
            rule = "Article 6: equal scores in the last round; the allocation breaking fewer colour limits"
        return give(hi, colour, rule)

    prefix = "Article 6 (both allocations break a limit); " if breaks_hi_white > 0 else ""
    # (2) exactly one player has a due colour
    if hi.due is not None and lo.due is None:
        return give(hi, hi.due, f"{prefix}5: only #{hi.no} has a due colour ({hi.due})")
    if lo.due is not None and hi.due is None:
        return give(lo, lo.due, f"{prefix}5: only #{lo.no} has a due colour ({lo.due})")
    # (3) different due colours
    if hi.due is not None and lo.due is not None and hi.due is not lo.due:
        return give(hi, hi.due, f"{prefix}5: both get their due colours")
    # (4) the same due colour: 5.4
    if hi.due is not None and lo.due is not None:
        differed = latest_difference(hi.colours, lo.colours)
        if differed is not None:
            back, ch, cl = differed
            ago = "in the last game" if back == 1 else f"{back} games back"
            return give(
                hi,
                cl,
                f"{prefix}5.4: both due {hi.due}; histories differ {ago} "
                f"(#{hi.no} had {ch}, #{lo.no} had {cl}); each gets the other's colour",
            )
        if side.downward:
            return give(
                hi,
                hi.due,
                f"{prefix}5.4: both due {hi.due}, same histories; the higher ranked #{hi.no} "
                f"gets it (median and above)",
            )
        return give(
            lo,
            lo.due,
            f"{prefix}5.4: both due {lo.due}, same histories; the lower ranked #{lo.no} gets it (below the median)",
        )
    # (5) neither has played a game: 7.2
    colour = rnd.initial_colour if hi.tpn % 2 == 1 else rnd.initial_colour.opposite
    parity = "odd" if hi.tpn % 2 == 1 else "even"
    return give(
        hi,
        colour,
        f"{prefix}7.2: neither has played; the higher ranked #{hi.no} has {parity} TPN {hi.tpn}, "
        f"initial colour {_name(rnd.initial_colour)} → {colour}",
    )


def due_colours_given(alloc: Allocation, a: LimPlayer, b: LimPlayer) -> int:
    """5.2 count: how many of the two actually receive their due colour."""
    return sum(1 for p in (a, b) if p.due is not None and alloc.colour_of(p.no) is p.due)


def free_of_colour_limits(p: LimPlayer) -> bool:
    """Either colour keeps the player within the limits of 5.1 (rule (1) never
    decides a pair of two such players)."""
    return p.may_have_white and p.may_have_black


def due_colours_of_pair(rnd: LimRound, a: LimPlayer, b: LimPlayer, side: Side) -> int:
    """5.2 count for the pair ``a``–``b``: how many of the two receive their due
    colour under :func:`allocate_colours`. When both are free of colour limits,
    rule (1) does not apply and rules (2)–(5) give each player with a due colour
    that colour unless both are due the same one (then exactly one gets it); the
    count follows from the due colours alone."""
    if free_of_colour_limits(a) and free_of_colour_limits(b):
        if a.due is None or b.due is None:
            return (a.due is not None) + (b.due is not None)
        return 2 if a.due is not b.due else 1
    return due_colours_given(allocate_colours(rnd, a, b, side), a, b)
