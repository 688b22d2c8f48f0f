"""C.04.4.1 3.2.3-3.2.6 with the sorting of 4.3 and 4.4: a bracket (its residents and
upfloaters chosen) paired. G1 holds the White seekers (in a bracket where nobody has
played, the first half by TPN), G2 the others (3.2.3); players are shifted between them
(3.2.4) in the order of 4.3 until G1 and G2 are as large and every pair G1-G2 can be
legal; S1 is G1 by ascending ARO (3.2.5); T2 is the first transposition of G2 (4.4) that
pairs S1[i] with T2[i] legally (3.2.6).

What [C7] counts for a bracket (:func:`colour_misses`) is read from the same split, so
the choice of the upfloaters (3.2.2) and the pairing they give never disagree."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from swissbridge.model import Colour
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.assignment import first_optimal_assignment
from swissbridge.plugins.c0404 import Graph
from swissbridge.plugins.dubov.rules import DubovPlayer, DubovRound
from swissbridge.plugins.dubov.trace import BracketRecord, Shift
from swissbridge.plugins.matching import max_weight_matching


def split(players: Sequence[DubovPlayer], members: Sequence[int]) -> tuple[list[int], list[int], bool]:
    """3.2.3: G1 (the players preferring White; when nobody in the bracket has played a
    game, the first half by TPN), G2 (the others), and whether the TPN split applied."""
    if all(players[i].played == 0 for i in members):
        by_tpn = sorted(members, key=lambda i: players[i].tpn)
        half = len(by_tpn) // 2
        return by_tpn[:half], by_tpn[half:], True
    g1 = [i for i in members if players[i].white_seeker]
    return g1, [i for i in members if not players[i].white_seeker], False


def unavoidable(graph: Graph, small: Sequence[int], large: Sequence[int]) -> int:
    """3.2.4.1: how many pairs of the subgroup ``small`` every legal pairing of the
    bracket (``small`` + ``large``) must have: none when one pairs no two of ``small``
    together; else the fewest found by a matching of the bracket weighted for its
    pairs across the subgroups."""
    members = [*small, *large]
    sides = [0] * len(small) + [-1] * len(large)
    if graph.perfect(members, sides) is not None:
        return 0
    n = len(members)
    across = 1
    whole = n + 1  # one more pair always outweighs every pair across
    edges = [
        (a, b, whole + (across if (a < len(small)) != (b < len(small)) else 0))
        for a in range(n)
        for b in range(a + 1, n)
        if graph.meets(members[a], members[b])
    ]
    mate = max_weight_matching(n, edges)
    if -1 in mate:
        raise NoLegalPairing("a bracket without a legal pairing (C.04.4.1 3.2.4)")
    crossing = sum(1 for a in range(len(small)) if mate[a] >= len(small))
    return (len(small) - crossing) // 2


def colour_misses(players: Sequence[DubovPlayer], graph: Graph, members: Sequence[int]) -> int:
    """[C7] for the bracket ``members`` paired by 3.2.3-3.2.6: the players who do not get
    their colour preference, one in every pair of two players preferring the same colour.

    The subgroups hold one colour each (G1 White, G2 Black), so after 3.2.4 there are
    ``|W - B| / 2`` such pairs (W, B: the players preferring White, Black; players without
    a preference make up the difference first), and two more for each pair 3.2.4.1 finds
    unavoidable inside the smaller subgroup: that pair, and the pair of two players of the
    larger subgroup its shift makes. When nobody has played (G1 is the first half by TPN),
    everyone prefers Black (1.6.4) and every pair leaves one player without it."""
    white = sum(1 for i in members if players[i].colour is Colour.WHITE)
    black = sum(1 for i in members if players[i].colour is Colour.BLACK)
    free = len(members) - white - black
    g1, g2, by_tpn = split(players, members)
    balance = max(0, abs(white - black) - free) // 2
    if by_tpn:
        return balance
    small, large = (g1, g2) if len(g1) <= len(g2) else (g2, g1)
    return balance + 2 * unavoidable(graph, small, large)


def middle_out(ordered: Sequence[int]) -> list[int]:
    """4.3.3: the sequence numbers of a sorted list, from its (remaining) middle, the
    higher of two middle players first: A..G gives D, C, E, B, F, A, G."""
    rest = list(ordered)
    out = []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


def shifter_order(players: Sequence[DubovPlayer], pool: Sequence[int]) -> list[int]:
    """4.3: the possible shifters of a subgroup with their sequence numbers (#1 first):
    White seekers by ascending ARO, then TPN, Black seekers (and any other) by TPN
    (4.3.2), numbered from the middle out (4.3.3)."""

    def key(i: int) -> tuple[int, int]:
        p = players[i]
        return (p.aro, p.tpn) if p.white_seeker else (0, p.tpn)

    return middle_out(sorted(pool, key=key))


def _first_set(
    order: Sequence[int], size: int, legal: Callable[[tuple[int, ...]], bool]
) -> tuple[tuple[int, ...], int]:
    """The first set of ``size`` players of ``order`` (4.1.3: by their smallest differing
    sequence number) for which ``legal(set)`` holds, and how many came before it."""
    for tried, chosen in enumerate(combinations(order, size)):
        if legal(chosen):
            return chosen, tried
    raise NoLegalPairing("no set of shifters gives the bracket a legal pairing (C.04.4.1 3.2.4)")


def recompose(rnd: DubovRound, members: Sequence[int], record: BracketRecord) -> tuple[list[int], list[int]]:
    """3.2.3-3.2.4: G1 and G2 of the bracket, as large as each other, every pair G1-G2
    of some legal pairing; each shift written into ``record``."""
    players, graph = rnd.players, rnd.graph
    g1, g2, record.by_tpn = split(players, members)
    record.g1, record.g2 = list(g1), list(g2)
    small_is_g1 = len(g1) <= len(g2)
    small, large = (g1, g2) if small_is_g1 else (g2, g1)
    names = ("G1", "G2") if small_is_g1 else ("G2", "G1")
    moved: tuple[int, ...] = ()
    m = unavoidable(graph, small, large)
    if m:  # 3.2.4.1
        order = shifter_order(players, small)

        def apart(chosen: tuple[int, ...]) -> bool:
            a = set(chosen)
            sides = [1 if i in a else 0 for i in small] + [-1] * len(large)
            return graph.perfect([*small, *large], sides) is not None

        moved, tried = _first_set(order, m, apart)
        record.shifts.append(Shift("3.2.4.1", names[0], moved, tuple(order), tried))
        small = [i for i in small if i not in moved]
        large = [*large, *moved]
    if len(large) != len(small):  # 3.2.4.2: from the larger subgroup, now ``large``
        pool = [i for i in large if i not in moved]
        order = shifter_order(players, pool)
        count = (len(large) - len(small)) // 2

        def crossing(chosen: tuple[int, ...]) -> bool:
            b = set(chosen)
            side = [*small, *chosen], [i for i in large if i not in b]
            return graph.perfect([*side[0], *side[1]], [0] * len(side[0]) + [1] * len(side[1])) is not None

        shifted, tried = _first_set(order, count, crossing)
        record.shifts.append(Shift("3.2.4.2", names[1], shifted, tuple(order), tried))
        small = [*small, *shifted]
        large = [i for i in large if i not in set(shifted)]
    return (small, large) if small_is_g1 else (large, small)


def first_transposition(graph: Graph, s1: Sequence[int], g2: Sequence[int]) -> list[int]:
    """3.2.6, 4.4: the first transposition T2 of ``g2`` (sorted by TPN; transpositions in
    lexicographic order) such that every S1[i]-T2[i] is legal. Greedily when each S1
    player's first free G2 player leaves the rest a pairing (then that is the first);
    otherwise the first perfect assignment (:func:`first_optimal_assignment`)."""
    meets = graph.meets
    free = list(g2)
    t2 = []
    for a in s1:
        b = next((b for b in free if meets(a, b)), None)
        if b is None:
            break
        t2.append(b)
        free.remove(b)
    else:
        return t2
    edges = [[(c, 0) for c, b in enumerate(g2) if meets(a, b)] for a in s1]
    cols = first_optimal_assignment(len(s1), edges)
    if cols is None:
        raise NoLegalPairing("G1 and G2 have no legal pairing (C.04.4.1 3.2.6)")
    return [g2[c] for c in cols]


def pair_bracket(rnd: DubovRound, members: Sequence[int], record: BracketRecord) -> list[tuple[int, int]]:
    """3.2.3-3.2.6: the pairs (S1[i], T2[i]) of the bracket ``members`` (positions), the
    steps written into ``record``."""
    players = rnd.players
    g1, g2 = recompose(rnd, members, record)
    record.s1 = sorted(g1, key=lambda i: (players[i].aro, players[i].tpn))
    by_tpn = sorted(g2, key=lambda i: players[i].tpn)
    record.t2 = first_transposition(rnd.graph, record.s1, by_tpn)
    record.in_order = record.t2 == by_tpn
    return list(zip(record.s1, record.t2, strict=True))
