"""Article 5: colour allocation for a pair, the first rule that decides wins."""

from __future__ import annotations

from swissbridge.model import Colour, latest_difference

from .context import Entrant


def _ranks_higher(a: Entrant, b: Entrant) -> bool:
    """Article 1.2 with the pairing score: higher score, then smaller TPN."""
    return (a.pscore, -a.tpn) > (b.pscore, -b.tpn)


def rule_5_2_1(a: Entrant, b: Entrant) -> Colour | None:
    """5.2.1: grant both preferences when they do not clash (a player without a
    preference lets the opponent have theirs). The colour for ``a``, or ``None``."""
    if a.preference is None and b.preference is None:
        return None
    if a.preference is not b.preference:
        return a.preference if a.preference is not None else b.preference.opposite  # type: ignore[union-attr]
    return None


def rule_5_2_2(a: Entrant, b: Entrant) -> Colour | None:
    """5.2.2: grant the stronger preference; both absolute (topscorers, last round):
    the wider colour difference wins; absolute beats strong beats mild."""
    pref = a.preference
    if pref is None:
        return None
    if a.absolute and (not b.absolute or a.imbalance > b.imbalance):
        return pref
    if b.absolute and (not a.absolute or b.imbalance > a.imbalance):
        return pref.opposite
    if a.strong and not b.strong:
        return pref
    if b.strong and not a.strong:
        return pref.opposite
    return None


def rule_5_2_3(a: Entrant, b: Entrant) -> Colour | None:
    """5.2.3: alternate against the latest round in which one had White and the other
    Black, walking back over the played games only (GHR 3.4 compresses out the
    unplayed rounds)."""
    differed = latest_difference(a.colours, b.colours)
    return None if differed is None else differed[1].opposite


def rule_5_2_4(a: Entrant, b: Entrant) -> Colour | None:
    """5.2.4: grant the higher-ranked player's preference."""
    if a.preference is None:
        return None
    return a.preference if _ranks_higher(a, b) else a.preference.opposite


def rule_5_2_5(a: Entrant, b: Entrant, initial: Colour) -> Colour:
    """5.2.5: the higher-ranked player gets the initial colour if its TPN is odd,
    the other colour if even."""
    higher = a if _ranks_higher(a, b) else b
    colour = initial if higher.tpn % 2 == 1 else initial.opposite
    return colour if higher is a else colour.opposite


def allocate(a: Entrant, b: Entrant, initial: Colour) -> tuple[int, int, str]:
    """(white start number, black start number, deciding rule) for the pair."""
    rule = "5.2.1"
    colour = rule_5_2_1(a, b)
    if colour is None and a.preference is not None:
        rule = "5.2.2"
        colour = rule_5_2_2(a, b)
        if colour is None:
            rule = "5.2.3"
            colour = rule_5_2_3(a, b)
        if colour is None:
            rule = "5.2.4"
            colour = rule_5_2_4(a, b)
    if colour is None:
        rule = "5.2.5"
        colour = rule_5_2_5(a, b, initial)
    if colour is Colour.WHITE:
        return a.start_no, b.start_no, rule
    return b.start_no, a.start_no, rule
