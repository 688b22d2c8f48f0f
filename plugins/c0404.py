"""The rules the Dubov (C.04.4.1) and Burstein (C.04.4.2) systems share, 2026 editions
(both "Approved by the Council on 28/10/2025, applied from 1st February, 2026"), in one
place, with what the two texts say differently as parameters (:class:`Variant`, the
system's ranking):

* 1.6 colour preferences: C.04.3 1.7's, from the core (:attr:`PlayerState.preference`);
  a player without a game prefers Black mildly in Dubov (C.04.4.1 1.6.4) and has no
  preference in Burstein (:func:`preference`);
* [C1] (2.1.1, C.04.1 Art. 2) and [C3] (2.1.3): the core's meetings and absolute
  colour preferences, without the Dutch topscorers' exception, which neither text has
  (:class:`Graph`); [C2] (2.1.2, C.04.1 Art. 4): the core's PAB eligibility
  (:attr:`PlayerState.pab_eligible`);
* [C4] (2.2.1): the players not yet paired keep a pairing complying with [C1] and [C3]
  (:meth:`Graph.perfect`);
* 3.1 the pairing-allocated bye: 3.1.1-3.1.4 (:func:`choose_pab`), the last tie-break
  3.1.5 the system's (Dubov: the largest TPN; Burstein: the lowest Index ranking);
* 5.2 the colours of a pair (:func:`allocate`), "the higher ranked player" being the
  system's (Dubov 5.2.1: more points, then the smaller TPN; Burstein: its 1.8 ranking).

Nothing here pairs a bracket: the systems' procedures differ (Dubov 3.2, Burstein 3.2-4.3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from swissbridge.model import Colour, Points, latest_difference
from swissbridge.plugins.matching import augment_from
from swissbridge.state import Compatibility, PlayerState, RoundState, Strength


@dataclass(frozen=True, slots=True)
class Variant:
    """What the two texts say differently in the rules they share."""

    chapter: str
    """The chapter, as the rules are cited (``"C.04.4.1"``)."""
    non_player: Colour | None
    """The (mild) colour preference of a player without a game: Dubov 1.6.4 Black;
    Burstein none."""
    pab_last: str
    """The last tie-break of the PAB (3.1.5), in words."""


def preference(p: PlayerState, variant: Variant) -> tuple[Colour | None, Strength]:
    """1.6: the colour preference and its strength. A player with games has C.04.3
    1.7's (the same definitions, 1.6.1-1.6.3); one without has ``variant``'s
    (Dubov 1.6.4: a mild preference for Black)."""
    if p.played_games == 0 and not p.colours and variant.non_player is not None:
        return variant.non_player, Strength.MILD
    return p.preference


# -- [C1], [C3], [C4] -------------------------------------------------------------------


class Graph:
    """Who may meet whom in a round: [C1] (no rematch, the organiser's forbidden pairs)
    and [C3] (two players with the same absolute colour preference do not meet; no
    topscorer exception, 2.1.3), from the core's :meth:`RoundState.compatibility`, over
    the players of ``order`` addressed by position.

    A Swiss round's graph is dense (a player is barred from a handful of others), so
    a perfect matching of a group is found greedily, in the group's order, and only
    the players left single search an augmenting path (Edmonds,
    :func:`~swissbridge.plugins.matching.augment_from`) over rows listed when needed."""

    __slots__ = ("compat", "order")

    def __init__(self, state: RoundState, order: Sequence[PlayerState]) -> None:
        self.order = list(order)
        self.compat: Compatibility = state.compatibility(self.order, topscorers=False)

    def __len__(self) -> int:
        return len(self.order)

    def meets(self, i: int, j: int) -> bool:
        """[C1] and [C3] allow positions ``i`` and ``j`` to meet."""
        return i != j and self.compat.ok(i, j)

    def perfect(self, members: Sequence[int], sides: Sequence[int] | None = None) -> dict[int, int] | None:
        """[C4]: a pairing of every one of ``members`` (positions) complying with [C1]
        and [C3], as ``{position: partner}``, or ``None`` when there is none. With
        ``sides`` (one number per member), two members of the same side ``>= 0`` never
        meet (side ``-1``: no such restriction)."""
        if len(members) % 2:
            return None
        mate = self._matching(members, sides, stop=True)
        if mate is None:
            return None
        return {members[k]: members[mate[k]] for k in range(len(members))}

    def unmatched(self, members: Sequence[int]) -> int:
        """How many of ``members`` a largest legal pairing among them leaves unpaired."""
        mate = self._matching(members, None, stop=False)
        assert mate is not None
        return mate.count(-1)

    def _matching(self, members: Sequence[int], sides: Sequence[int] | None, *, stop: bool) -> list[int] | None:
        """A maximum matching of ``members`` by index into it (``-1``: single); with
        ``stop``, ``None`` as soon as one member is sure to stay single."""
        n = len(members)
        mate = [-1] * n
        ok = self.compat.ok

        def apart(k: int, w: int) -> bool:
            return sides is not None and sides[k] >= 0 and sides[k] == sides[w]

        start = 0
        for k in range(n):  # greedy, in the group's order
            if mate[k] != -1:
                continue
            v = members[k]
            while start < n and mate[start] != -1:
                start += 1
            for w in range(max(start, k + 1), n):
                if mate[w] == -1 and ok(v, members[w]) and not apart(k, w):
                    mate[k], mate[w] = w, k
                    break
        singles = [k for k in range(n) if mate[k] == -1]
        if len(singles) > 1:
            local = {v: k for k, v in enumerate(members)}
            rows: dict[int, list[int]] = {}

            def nb(k: int) -> list[int]:
                row = rows.get(k)
                if row is None:
                    row = [w for w in (local[x] for x in self.compat.among(members[k], members)) if not apart(k, w)]
                    rows[k] = row
                return row

            left = len(singles)
            for k in singles:
                if left < 2:
                    break
                if mate[k] == -1:
                    if augment_from(k, n, nb, mate):
                        left -= 2
                    elif stop:
                        return None
        if stop and -1 in mate:
            return None
        return mate


# -- 3.1 the pairing-allocated bye -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PabCandidate:
    """A player [C2] allows the PAB, in the order of 3.1.3-3.1.5."""

    player: int
    score: Points
    """3.1.3: the lowest score first."""
    games: int
    """3.1.4: the most games played first."""
    last: int
    """3.1.5: the system's last tie-break, smallest first (Dubov: minus the TPN)."""
    leaves_pairing: bool | None
    """3.1.2: the others then have a complete pairing ([C4]); ``None``: not tried (a
    player after the one chosen)."""


@dataclass
class PabChoice:
    """3.1: the pairing-allocated bye of a round with an odd number of players."""

    players: int
    """The number of players to pair (odd)."""
    barred: list[int] = field(default_factory=list)
    """3.1.1: the players [C2] (C.04.1 Art. 4) does not allow the PAB."""
    candidates: list[PabCandidate] = field(default_factory=list)
    """The others, in the order of 3.1.3-3.1.5."""
    chosen: int | None = None


def pab_order(p: PlayerState, last: Callable[[PlayerState], int]) -> tuple[Points, int, int]:
    """3.1.3-3.1.5 as a sort key: the lowest (pairing) score, the most games played,
    then the system's ``last`` (smallest first)."""
    return p.pairing_score, -p.played_games, last(p)


def choose_pab(graph: Graph, last: Callable[[PlayerState], int]) -> PabChoice:
    """3.1: the PAB of the round whose players are ``graph.order`` (an odd number): the
    player [C2] allows it (3.1.1) who leaves the others a complete pairing (3.1.2) of
    the lowest score (3.1.3), with the most games played (3.1.4), first by ``last``
    (3.1.5, the system's). The choice is written as it is made; ``chosen`` stays
    ``None`` when no player can have it."""
    players = graph.order
    choice = PabChoice(len(players))
    choice.barred = [p.start_no for p in players if not p.pab_eligible]
    ranked = sorted((i for i, p in enumerate(players) if p.pab_eligible), key=lambda i: pab_order(players[i], last))
    everyone = range(len(players))
    for k, i in enumerate(ranked):
        p = players[i]
        leaves = graph.perfect([j for j in everyone if j != i]) is not None
        choice.candidates.append(PabCandidate(p.start_no, p.pairing_score, p.played_games, last(p), leaves))
        if leaves:
            choice.chosen = p.start_no
            for j in ranked[k + 1 :]:
                q = players[j]
                choice.candidates.append(PabCandidate(q.start_no, q.pairing_score, q.played_games, last(q), None))
            break
    return choice


# -- 5.2 colours ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Allocation:
    """The colours of a pair and the rule of 5.2 that gave them."""

    white: int
    black: int
    higher: int
    """The higher-ranked player of the pair (the system's ranking)."""
    article: str
    """``"5.2.1"`` … ``"5.2.5"``."""
    rule: str
    """The rule in words, its article first."""
    facts: str
    """What the rule read: the preferences, the colours compared."""


def _named(colour: Colour | None, strength: Strength) -> str:
    if colour is None:
        return "no colour preference"
    return f"{strength.name.lower()} {colour}"


def allocate(higher: PlayerState, lower: PlayerState, initial: Colour, variant: Variant) -> Allocation:
    """5.2, in descending priority, for the pair of ``higher`` (the higher-ranked
    player, the system's ranking) and ``lower``; ``initial`` is the initial colour (5.1)."""
    h, lo = f"#{higher.start_no}", f"#{lower.start_no}"

    def give(colour: Colour, rule: str, facts: str) -> Allocation:
        """``colour`` to the higher-ranked player by ``rule`` (its article, a comma, its words)."""
        white, black = (higher, lower) if colour is Colour.WHITE else (lower, higher)
        return Allocation(white.start_no, black.start_no, higher.start_no, rule.partition(",")[0], rule, facts)

    def parity() -> Allocation:
        odd = higher.tpn % 2 == 1
        colour = initial if odd else initial.opposite
        return give(
            colour,
            "5.2.1, neither player has played a game: the higher-ranked player's TPN parity and the initial colour",
            f"the initial colour is {initial}; the higher-ranked {h} has an {'odd' if odd else 'even'} TPN "
            f"({higher.tpn}): {colour}",
        )

    if higher.played_games == 0 and lower.played_games == 0:
        return parity()
    (hc, hs), (lc, ls) = preference(higher, variant), preference(lower, variant)
    prefs = f"{h}: {_named(hc, hs)}, {lo}: {_named(lc, ls)}"
    if hc is not None and hc is not lc:
        return give(hc, "5.2.2, both colour preferences are granted", prefs)
    if hc is None and lc is not None:
        return give(lc.opposite, "5.2.2, both colour preferences are granted", prefs)
    if hc is None:
        return parity()  # no preference on either side (a game without colours): 5.2.1's rule
    if hs != ls:
        stronger = higher if hs > ls else lower
        colour = hc if stronger is higher else hc.opposite
        return give(colour, "5.2.3, the stronger colour preference is granted", prefs)
    differed = latest_difference(higher.colours, lower.colours)
    if differed is not None:
        back, a, b = differed
        when = "in their last played game" if back == 1 else f"{back} played games back"
        return give(
            a.opposite,
            "5.2.4, colours alternated from the most recent time they differed",
            f"{prefs}; {when} {h} had {a}, {lo} {b} (unplayed rounds left out, C.04.2 3.4)",
        )
    return give(
        hc,
        "5.2.5, the higher-ranked player's colour preference is granted",
        f"{prefs}; their played colours never differ (compared from the last)",
    )
