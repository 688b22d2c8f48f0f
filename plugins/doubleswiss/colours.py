"""C.04.5 Article 4: the colours of a match. The higher ranked player (HRP, 4.2) and
the rules of 4.3 in descending priority give the colour of game 1; game 2 is played
with the colours reversed (4.4).

:func:`allocate` records the decision as it makes it (the explanation reads it)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import zip_longest

from swissbridge.model import Colour
from swissbridge.plugins.doubleswiss.rules import DoubleState, PlayerState


@dataclass(frozen=True, slots=True)
class Allocation:
    """The players with White and Black in game 1, and the rule of 4.3 that decided."""

    white: int
    black: int
    hrp: int
    """The higher ranked player (4.2)."""
    article: str
    """The rule of 4.3 that gave the colours (``"4.3.3"``)."""
    rule: str
    """That rule in words, its article first."""
    facts: str
    """What the rule read here."""


def higher_ranked(a: PlayerState, b: PlayerState) -> tuple[PlayerState, PlayerState]:
    """4.2: the HRP, then the other: the higher score, then the smaller TPN."""
    return (a, b) if (-a.score, a.tpn) < (-b.score, b.tpn) else (b, a)


def allocate(state: DoubleState, a: int, b: int) -> Allocation:
    """4.3, in descending priority: the colours of game 1 of the match ``a``-``b``."""
    hrp, other = higher_ranked(state.players[a], state.players[b])
    h, o = f"#{hrp.number}", f"#{other.number}"

    def give(colour: Colour, rule: str, facts: str) -> Allocation:
        """``colour`` to the HRP by ``rule`` (its article, a comma, its words)."""
        white, black = (hrp, other) if colour is Colour.WHITE else (other, hrp)
        return Allocation(white.number, black.number, hrp.number, rule.partition(",")[0], rule, facts)

    hc, oc = hrp.last_colour, other.last_colour
    if hc is None and oc is None:
        initial = state.initial_colour
        odd = hrp.tpn % 2
        colour = initial if odd else initial.opposite
        return give(
            colour,
            "4.3.1, neither player has had a colour: the HRP's TPN parity and the initial colour",
            f"the initial colour is {initial}; the HRP {h} has the {'odd' if odd else 'even'} TPN {hrp.tpn}: {colour}",
        )
    whites = f"Whites {h} {hrp.whites}, {o} {other.whites}"
    if hrp.whites != other.whites:
        return give(Colour.WHITE if hrp.whites < other.whites else Colour.BLACK, "4.3.2, White to fewer Whites", whites)
    rounds = zip_longest(reversed(hrp.colours), reversed(other.colours))
    for back, (hx, ox) in enumerate(rounds, 1):
        if hx is not None and ox is not None and hx is not ox:
            when = "in the last round" if back == 1 else f"{back} rounds back"
            return give(
                hx.opposite,
                "4.3.3, colours alternated from the most recent round in which they differed",
                f"{whites}; {when} {h} had {hx}, {o} {ox}",
            )
    if hc is not None:
        return give(hc.opposite, "4.3.4, the HRP's last colour alternated", f"{whites}; {h}'s last colour was {hc}")
    assert oc is not None
    return give(oc, "4.3.5, the opponent's last colour alternated", f"{whites}; {h} has had no colour; {o}'s was {oc}")
