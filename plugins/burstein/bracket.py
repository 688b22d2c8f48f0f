"""C.04.4.2 Articles 2 and 3.2: the pairing of one bracket.

A bracket (1.2.2) is a scoregroup's residents with the incoming floaters left over by
the bracket above, tagged with BSNs in the ranking order of 1.8 (4.1). Its pairing is
made of pairs and outgoing floaters (3.2.1):

* [C4] (2.2.1): the players not yet paired (the outgoing floaters and every lower
  scoregroup) keep a pairing that complies with [C1]-[C3] (:class:`Completion`);
* [C5] (2.3.1): as many pairs as possible, i.e. the fewest outgoing floaters;
* [C6] (2.3.2): the scores of the outgoing floaters, taken in descending order, as low
  as possible;
* [C7] (2.3.3): the outgoing floaters chosen so that the following bracket complies
  with [C1]-[C6] as well as it can: as many pairs, then the floaters' scores as low,
  as any choice allows (:func:`following_outcome`);
* [C8] (2.3.4): the fewest players who do not get their colour preference;

and of the pairings that comply best, the first in the order of Article 4 (3.2.2,
:mod:`.order`). [C5]-[C7] decide the set of outgoing floaters (:func:`floater_choice`);
the pairing itself is the first pairing in 4.3 order whose floaters are one of the
best sets and whose [C8] count is the lowest (:func:`first_best_pairing`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product

from swissbridge.model import Colour, Points
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.floaters import downfloater_profiles
from swissbridge.plugins.matching import match_greedily, max_cardinality_matching, missable_vertices

from .order import VIRTUAL, choices
from .rules import BursteinRound

Outcome = tuple[int, tuple[Points, ...]]
"""What [C5] and [C6] judge of a bracket's pairing: the number of outgoing floaters,
and their scores in descending order (smaller is better, then lower is better)."""


def maximum_matching(rnd: BursteinRound, players: Sequence[int]) -> list[int]:
    """A maximum matching of ``players`` (by position) in the graph of who may meet
    ([C1], [C3]): how many of them can be paired, when not all can."""
    n = len(players)
    ok = rnd.compatible

    def neighbours(v: int) -> list[int]:
        a = players[v]
        return [w for w in range(n) if w != v and ok(a, players[w])]

    def first_single(v: int, mate: list[int]) -> int:
        a = players[v]
        for w in range(n):
            if mate[w] == -1 and w != v and ok(a, players[w]):
                return w
        return -1

    mate = [-1] * n
    match_greedily(mate, first_single)
    return max_cardinality_matching(n, neighbours, mate, first_single=first_single)


class Completion:
    """[C4] (2.2.1) below a bracket: whether the players of the lower scoregroups
    (``lower``) and a set of outgoing floaters can all be paired
    (:meth:`BursteinRound.pairable`), each set's answer kept."""

    def __init__(self, rnd: BursteinRound, lower: Sequence[int]) -> None:
        self.rnd = rnd
        self.lower = list(lower)
        self._known: dict[frozenset[int], bool] = {}

    def completes(self, floaters: Sequence[int]) -> bool:
        key = frozenset(floaters)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self.rnd.pairable(self.lower + list(floaters))
        return known


@dataclass
class FloaterChoice:
    """[C5]-[C7]'s decision on a bracket: how many outgoing floaters, their scores, who
    may be among them, and whether a given set of floaters complies ([C1]-[C4] for the
    set, [C7] for the following bracket); each set is judged when first asked."""

    rnd: BursteinRound
    bracket: Sequence[int]
    completion: Completion
    count: int
    """[C5]: the fewest outgoing floaters."""
    scores: tuple[Points, ...]
    """[C6]: their scores, descending."""
    pool: list[int]
    """The players who may float: those of the scores of :attr:`scores` (and, when no more
    float than a maximum pairing of the bracket leaves, those some maximum pairing leaves)."""
    following: Outcome | None = None
    """[C7]: the best outcome of the following bracket a set leaves; ``None`` when there is
    no following bracket (or no floater to choose)."""
    residents: Sequence[int] = ()
    """The following bracket's residents (the next scoregroup)."""
    below: Completion | None = None
    """[C4] below the following bracket."""
    c7: dict[frozenset[int], Outcome] = field(default_factory=dict)
    """[C7]'s outcome of each set judged."""
    _legal: dict[frozenset[int], bool] = field(default_factory=dict)

    def legal(self, floaters: frozenset[int]) -> bool:
        """[C1]-[C4] for a set of :attr:`count` floaters of the scores :attr:`scores`:
        the others of the bracket can be paired, and so can the floaters with every lower
        player."""
        known = self._legal.get(floaters)
        if known is None:
            known = self._legal[floaters] = self.completion.completes(sorted(floaters)) and self.rnd.pairable(
                [n for n in self.bracket if n not in floaters]
            )
        return known

    def sets(self) -> Iterator[frozenset[int]]:
        """The legal sets of floaters, one at a time."""
        return (f for f in floater_sets(self.rnd, self.pool, self.scores) if self.legal(f))

    def following_of(self, floaters: frozenset[int]) -> Outcome:
        """[C7]: what the following bracket can achieve with these floaters."""
        got = self.c7.get(floaters)
        if got is None:
            assert self.below is not None
            got = self.c7[floaters] = following_outcome(self.rnd, floaters, self.residents, self.below)
        return got

    def admits(self, floaters: frozenset[int]) -> bool:
        """The set complies with [C1]-[C7]: legal, and the following bracket does as well
        with it as with the best set."""
        if len(floaters) != self.count or not self.legal(floaters):
            return False
        return self.following is None or self.following_of(floaters) == self.following


def floater_sets(rnd: BursteinRound, players: Sequence[int], profile: tuple[Points, ...]) -> Iterator[frozenset[int]]:
    """The sets of ``players`` whose scores are ``profile``."""
    need: dict[Points, int] = {}
    for s in profile:
        need[s] = need.get(s, 0) + 1
    pools = [[n for n in players if rnd.score(n) == s] for s in need]
    for parts in product(*(combinations(pool, need[s]) for pool, s in zip(pools, need, strict=True))):
        yield frozenset(n for part in parts for n in part)


def outcome(rnd: BursteinRound, bracket: Sequence[int], completion: Completion) -> FloaterChoice | None:
    """[C5] and [C6] of a bracket, with [C1]-[C4]: the fewest outgoing floaters, then
    the lowest scores, for which some set of floaters complies; ``None`` when none
    does."""
    m = len(bracket)
    rows: dict[int, list[int]] = {}

    def neighbours(v: int) -> list[int]:
        row = rows.get(v)
        if row is None:
            a = bracket[v]
            row = rows[v] = [w for w in range(m) if w != v and rnd.compatible(a, bracket[w])]
        return row

    mate, missable = missable_vertices(m, neighbours, maximum_matching(rnd, bracket))
    fewest = mate.count(-1)
    for count in range(fewest, m + 1, 2):
        pool = [bracket[v] for v in sorted(missable)] if count == fewest else list(bracket)
        for profile in downfloater_profiles((rnd.score(n) for n in pool), count):
            choice = FloaterChoice(
                rnd, bracket, completion, count, profile, [n for n in pool if rnd.score(n) in profile]
            )
            if next(choice.sets(), None) is not None:
                return choice
    return None


def following_outcome(
    rnd: BursteinRound, floaters: frozenset[int], residents: Sequence[int], completion: Completion
) -> Outcome:
    """[C7] (2.3.3): what the following bracket (the next scoregroup's ``residents``
    and these floaters) can achieve of [C1]-[C6]: its fewest outgoing floaters and
    their lowest scores. A bracket that cannot comply with [C4] at all is worst."""
    found = outcome(rnd, [*floaters, *residents], completion)
    if found is None:
        return (len(floaters) + len(residents) + 1, ())
    return (found.count, found.scores)


def floater_choice(
    rnd: BursteinRound,
    bracket: Sequence[int],
    completion: Completion,
    following: Sequence[int],
    below_following: Completion | None,
) -> FloaterChoice:
    """[C5], [C6] then [C7]: the outgoing floaters of ``bracket``. ``following`` is the
    next scoregroup's residents (empty for the last bracket), ``below_following`` the
    [C4] of the players below it."""
    choice = outcome(rnd, bracket, completion)
    if choice is None:
        raise NoLegalPairing(
            "no pairing of the bracket leaves the players not yet paired a legal pairing (C.04.4.2 [C4], 1.9.3)"
        )
    if not choice.count or not following or below_following is None:
        return choice
    choice.residents, choice.below = following, below_following
    ideal: Outcome = (
        (len(following) + choice.count) % 2,
        (min(rnd.score(n) for n in following),) * ((len(following) + choice.count) % 2),
    )
    best: Outcome | None = None
    for f in choice.sets():
        got = choice.following_of(f)
        if best is None or got < best:
            best = got
        if best <= ideal:
            break
    choice.following = best
    return choice


def unfulfilled_count(rnd: BursteinRound, pairs: Sequence[tuple[int, int]]) -> int:
    """[C8] (2.3.4) of a bracket's pairs: the players who do not get their colour preference."""
    return sum(rnd.unfulfilled(a, b) for a, b in pairs)


def colour_bound(rnd: BursteinRound, players: Sequence[int], floats: int) -> int:
    """[C8]: a lower bound of the players of ``players`` who will not get their colour
    preference once ``floats`` of them float and the others are paired: two players
    who prefer the same colour cannot both get it, and only players of the other
    preference or none can absorb a preference."""
    white = black = none = 0
    for n in players:
        c = rnd.preference(n)
        if c is None:
            none += 1
        elif c is Colour.WHITE:
            white += 1
        else:
            black += 1
    excess = abs(white - black) - none - floats
    return max(0, (excess + 1) // 2)


@dataclass
class BracketPairing:
    """The pairing 3.2.2 chose for a bracket."""

    pairs: list[tuple[int, int]]
    """Each pair, the higher-BSN player first (start numbers)."""
    floaters: list[int]
    """The outgoing floaters, in BSN order."""
    unfulfilled: int
    """[C8]: the players who do not get their colour preference."""
    tried: int
    """How many pairings of 4.3 order the search looked at."""


NODE_LIMIT = 2_000_000
"""A safety net for the search of :func:`first_best_pairing` (pairings looked at); no
bracket seen comes near it."""


def first_best_pairing(rnd: BursteinRound, bracket: Sequence[int], choice: FloaterChoice) -> BracketPairing:
    """3.2.2: the first pairing in the order of 4.3 (``bracket`` is in BSN order) whose
    outgoing floaters are one of the sets [C5]-[C7] chose and that has the fewest
    players without their colour preference ([C8]). The search walks 4.3's order with
    a [C8] target, from its lower bound up, cutting a branch whose players cannot all
    be placed or cannot reach the target."""
    m = len(bracket)
    floatable = frozenset(choice.pool)
    budget: dict[Points, int] = {}
    for s in choice.scores:
        budget[s] = budget.get(s, 0) + 1
    tried = 0

    def search(target: int) -> BracketPairing | None:
        nonlocal tried
        pairs: list[tuple[int, int]] = []
        floats: list[int] = []

        def walk(free: list[int], floats_left: int, missed: int) -> bool:
            nonlocal tried
            if not free:
                tried += 1
                f = frozenset(bracket[i] for i in floats)
                return choice.admits(f)
            if tried > NODE_LIMIT:
                raise NoLegalPairing(
                    f"the search of the bracket's pairings in 4.3 order gave up after {NODE_LIMIT} (a limit of "
                    "swissbridge, not of C.04.4.2 3.2.2: please report the file)"
                )
            first = free[0]
            a = bracket[first]
            for opponent in choices(free, floats_left):
                if opponent == VIRTUAL:
                    s = rnd.score(a)
                    if a not in floatable or not budget.get(s):
                        continue
                    rest = free[1:]
                    if not _can_finish(rest, floats_left - 1, missed, target):
                        continue
                    budget[s] -= 1
                    floats.append(first)
                    if walk(rest, floats_left - 1, missed):
                        return True
                    floats.pop()
                    budget[s] += 1
                else:
                    b = bracket[opponent]
                    if not rnd.compatible(a, b):
                        continue
                    now = missed + rnd.unfulfilled(a, b)
                    if now > target:
                        continue
                    rest = [i for i in free[1:] if i != opponent]
                    if not _can_finish(rest, floats_left, now, target):
                        continue
                    pairs.append((first, opponent))
                    if walk(rest, floats_left, now):
                        return True
                    pairs.pop()
            return False

        def _can_finish(rest: list[int], floats_left: int, missed: int, target: int) -> bool:
            players = [bracket[i] for i in rest]
            if missed + colour_bound(rnd, players, floats_left) > target:
                return False
            mate = maximum_matching(rnd, players)
            return mate.count(-1) <= floats_left

        if walk(list(range(m)), choice.count, 0):
            return BracketPairing(
                [(bracket[i], bracket[j]) for i, j in pairs], [bracket[i] for i in floats], target, tried
            )
        return None

    start = colour_bound(rnd, list(bracket), choice.count)
    for target in range(start, m // 2 + 1):
        found = search(target)
        if found is not None:
            return found
    raise NoLegalPairing("no pairing of the bracket complies with [C1]-[C7] (C.04.4.2 3.2.2)")
