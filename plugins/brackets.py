"""The bracket procedure the team Swiss (C.04.6 Article 3) and the Double-Swiss
(C.04.5 Article 3) share, word for word, in their articles 3.3-3.6: the PAB first
(3.4); then, again and again, the top scoregroup of the entrants not yet paired with
a set of upfloaters (3.5) makes a bracket, which is paired with its first Pairing
Identifier (3.6). A bracket's residents are all paired in it: there are no
downfloaters, a bracket that cannot be paired takes other upfloaters.

The procedure reads each system's criteria through :class:`BracketRules` (the team
Swiss's [C1]-[C10] in ``plugins/team/rules.py``, the Double-Swiss's [C1]-[C8] in
``plugins/doubleswiss/rules.py``): who may meet ([C1]), who may have the PAB ([C2]),
completion ([C3]), the upfloaters that floated in the previous round (the team
Swiss's [C7], the Double-Swiss's [C7]) and each pair's costs in the order the system
minimises them (the team Swiss's [C8]-[C10], the Double-Swiss's [C8]). Each decision
is written, as it is made, into the round's :class:`RoundRecord` (each system's
explanation and comparison read it).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Protocol, TypeVar

from swissbridge.model import Points, Result, format_points
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing, board_key
from swissbridge.plugins import Trace, TracedBoard
from swissbridge.plugins.document import Bye, PlayerReason, Reason, reason
from swissbridge.plugins.floaters import upfloater_profiles
from swissbridge.plugins.matching import max_cardinality_matching, max_weight_matching

PAB_ORDER = ("3.4.2", "3.4.3", "3.4.4")
"""The articles of the parts of a PAB candidate's :attr:`PabCandidate.order`, in order."""


class BracketRules(Protocol):
    """A system's criteria as the procedure of 3.3-3.6 reads them."""

    @property
    def text(self) -> str:
        """The system's article, cited by the procedure's failures (``"C.04.6"``)."""
        ...

    @property
    def noun(self) -> str:
        """What the system pairs, singular (``"team"``, ``"player"``)."""
        ...

    def score(self, entrant: int) -> Points:
        """The pairing score (1.2)."""
        ...

    def played(self, entrant: int) -> int:
        """Matches played (3.4.3)."""
        ...

    def can_meet(self, a: int, b: int) -> bool:
        """[C1]."""
        ...

    def can_have_pab(self, entrant: int) -> bool:
        """[C2]."""
        ...

    def pairable(self, entrants: Sequence[int]) -> bool:
        """[C3]: the entrants have a pairing complying with [C1]."""
        ...

    def previous_floater(self, entrant: int) -> bool:
        """A floater in the previous round, when the system's float criteria apply."""
        ...

    def pair_costs(self, a: int, b: int, upfloaters: set[int]) -> tuple[int, ...]:
        """The pair's counts for the criteria 3.6.4 minimises, the first the most
        important; each at most 2 per pair."""
        ...


class Allocated(Protocol):
    """A pair's colours as a system's Article 4 gave them."""

    @property
    def white(self) -> int: ...

    @property
    def black(self) -> int: ...

    @property
    def rule(self) -> str:
        """The rule of Article 4 that gave them, in words, its article first."""
        ...


A = TypeVar("A", bound=Allocated)


# ------------------------------------------------------------------ the record


@dataclass(frozen=True, slots=True)
class PabCandidate:
    """An entrant [C2] allows the PAB, in the order of 3.4.2-3.4.4."""

    entrant: int
    order: tuple[Points, int, int]
    """Its sort key: the score (3.4.2), minus the matches played (3.4.3), minus the TPN
    (3.4.4), one part per article of :data:`PAB_ORDER`."""
    leaves_pairing: bool | None
    """3.4.1: whether the others then have a pairing complying with [C1]; ``None``
    when it was not tried (an entrant before it was chosen)."""


@dataclass
class PabChoice:
    """3.4: the PAB of a round with an odd number of entrants to pair."""

    count: int
    """The number of entrants to pair (odd)."""
    barred: list[int] = field(default_factory=list)
    """The entrants [C2] does not allow the PAB."""
    candidates: list[PabCandidate] = field(default_factory=list)
    """The others, in the order of 3.4.2-3.4.4."""
    chosen: int | None = None


class Verdict(enum.Enum):
    """What one upfloater set gave (3.5.5)."""

    BRACKET = "C1"
    """The bracket it makes has no pairing complying with [C1]."""
    REST = "C3"
    """The bracket has one, the entrants left do not ([C3])."""
    LEGAL = "legal"


class C6(enum.Enum):
    """[C6] for one upfloater set."""

    NO_FOLLOWING = "no following scoregroup"
    EMPTIED = "the following scoregroup is left empty"
    PAIRABLE = "the following scoregroup can then be paired with the fewest upfloaters its parity allows"
    NOT_PAIRABLE = "the following scoregroup could then not be paired with the fewest upfloaters its parity allows"

    @property
    def complied(self) -> bool:
        return self is not C6.NOT_PAIRABLE


@dataclass(frozen=True, slots=True)
class SetTrial:
    """One set of upfloaters tried (3.5.4 order) and what it gave."""

    entrants: tuple[int, ...]
    verdict: Verdict
    c6: C6 | None = None
    c7: int | None = None
    """[C7]: its upfloaters that floated in the previous round (legal sets only)."""


@dataclass
class ProfileTrial:
    """The sets of one number of upfloaters ([C4]) and one score profile ([C5]) tried."""

    count: int
    profile: tuple[Points, ...]
    """Their scores, highest first."""
    sets: list[SetTrial] = field(default_factory=list)
    chosen: int | None = None
    """The index in :attr:`sets` of the set 3.5.5 took; ``None``: no set was legal."""


@dataclass
class BracketPairing:
    """3.6: a bracket's pairing, pairs as (top member, bottom member)."""

    pairs: list[tuple[int, int]]
    fold: list[tuple[int, int]]
    """The first identifier of all (3.6.3): the upper half against the lower half."""
    fold_problem: tuple[int, int] | None
    """The first pair of the fold [C1] forbids or that counts for 3.6.4's criteria;
    ``None`` when the fold was taken."""
    costs: list[tuple[int, ...]]
    """The :meth:`BracketRules.pair_costs` of each pair of :attr:`pairs`."""


@dataclass
class BracketRecord:
    """One bracket (3.3.2): the top scoregroup of the entrants not yet paired, its
    upfloaters (3.5) and its pairing (3.6)."""

    number: int
    score: Points
    residents: list[int]
    lower: list[int]
    """The potential upfloaters (3.5.1): the entrants not yet paired of a lower score."""
    following: Points | None
    """The score of the following scoregroup [C6] reads (``None``: there is none)."""
    trials: list[ProfileTrial] = field(default_factory=list)
    upfloaters: list[int] = field(default_factory=list)
    pairing: BracketPairing | None = None


@dataclass
class RoundRecord:
    """The round as :func:`pair_round` paired it, as far as it got (a round without a
    legal pairing stops where 3.3.3 applied)."""

    entrants: list[int] = field(default_factory=list)
    """The entrants to pair."""
    pab: PabChoice | None = None
    brackets: list[BracketRecord] = field(default_factory=list)


# ------------------------------------------------------------------ the procedure


def pair_round(rules: BracketRules, entrants: Sequence[int], record: RoundRecord) -> None:
    """3.3.2: the round's PAB and brackets, written into ``record`` as they are decided;
    :class:`NoLegalPairing` when there is no pairing (3.3.3), ``record`` then holding
    what was decided before."""
    remaining = list(entrants)
    record.entrants = list(remaining)
    levels = sorted({rules.score(t) for t in remaining}, reverse=True)
    nouns = f"{rules.noun}s"
    if not rules.pairable(remaining) and not (len(remaining) % 2):
        raise NoLegalPairing(
            f"the {nouns} to pair have no pairing in which no two {nouns} meet again ({rules.text} 3.3.3)"
        )
    if len(remaining) % 2:
        record.pab = PabChoice(len(remaining))
        bye = choose_pab(rules, remaining, record.pab)
        remaining = [t for t in remaining if t != bye]
    while remaining:
        top = max(rules.score(t) for t in remaining)
        residents = [t for t in remaining if rules.score(t) == top]
        lower = [t for t in remaining if rules.score(t) < top]
        bracket = BracketRecord(len(record.brackets) + 1, top, residents, lower, following_score(top, levels))
        record.brackets.append(bracket)
        bracket.upfloaters = select_upfloaters(rules, bracket, remaining)
        bracket.pairing = pair_bracket(rules, residents + bracket.upfloaters, set(bracket.upfloaters))
        inside = set(residents) | set(bracket.upfloaters)
        remaining = [t for t in remaining if t not in inside]


def pab_order(rules: BracketRules, entrant: int) -> tuple[Points, int, int]:
    """3.4.2-3.4.4 as a sort key: the lowest score, then the most matches played, then
    the largest TPN first (one part per article of :data:`PAB_ORDER`)."""
    return rules.score(entrant), -rules.played(entrant), -entrant


def choose_pab(rules: BracketRules, entrants: Sequence[int], choice: PabChoice) -> int:
    """3.4: the PAB goes to the entrant that leaves the others a legal pairing (3.4.1),
    of the lowest score (3.4.2), with the most matches played (3.4.3), of the largest
    TPN (3.4.4); never to one [C2] bars. The choice is written into ``choice`` as it is
    made: the entrants barred, the others in that order with what each gave."""
    choice.barred = [t for t in entrants if not rules.can_have_pab(t)]
    candidates = sorted((t for t in entrants if rules.can_have_pab(t)), key=lambda t: pab_order(rules, t))
    for i, t in enumerate(candidates):
        leaves = rules.pairable([u for u in entrants if u != t])
        choice.candidates.append(PabCandidate(t, pab_order(rules, t), leaves))
        if leaves:
            choice.chosen = t
            choice.candidates += [PabCandidate(u, pab_order(rules, u), None) for u in candidates[i + 1 :]]
            return t
    raise NoLegalPairing(
        f"no {rules.noun} can receive the PAB and leave the others a legal pairing ({rules.text} 3.4.1, 3.3.3)"
    )


def select_upfloaters(rules: BracketRules, bracket: BracketRecord, remaining: list[int]) -> list[int]:
    """3.5: the upfloaters of the top scoregroup ``bracket.residents``, each set tried
    written into ``bracket.trials``.

    Every entrant of a lower score is a potential upfloater (3.5.1). Of the sets
    complying with [C4] (the fewest upfloaters) and [C5] (their scores, taken in
    ascending order, as high as possible), sorted as 3.5.3-3.5.4 say, the first that
    gives a legal bracket and leaves the others a legal pairing ([C3]) and complies
    best with [C6] then [C7] (3.5.5). A number or score profile no set of which is legal
    complies with nothing, and the next one is considered."""
    residents, lower = bracket.residents, bracket.lower
    for count in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in upfloater_profiles((rules.score(t) for t in lower), count):
            trial = ProfileTrial(count, profile)
            bracket.trials.append(trial)
            best: tuple[tuple[int, int, int], list[int]] | None = None
            for index, chosen in enumerate(upfloater_sets(rules, lower, profile)):
                members = residents + chosen
                if not rules.pairable(members):
                    trial.sets.append(SetTrial(tuple(chosen), Verdict.BRACKET))
                    continue
                inside = set(members)
                rest = [t for t in remaining if t not in inside]
                if not rules.pairable(rest):
                    trial.sets.append(SetTrial(tuple(chosen), Verdict.REST))
                    continue  # [C3]
                c6 = c6_outcome(rules, bracket.following, rest)
                c7 = sum(1 for t in chosen if rules.previous_floater(t))
                trial.sets.append(SetTrial(tuple(chosen), Verdict.LEGAL, c6, c7))
                key = (0 if c6.complied else 1, c7, index)
                if best is None or key < best[0]:
                    best = (key, chosen)
                if c6.complied and c7 == 0:
                    break
            if best is not None:
                trial.chosen = best[0][2]
                return best[1]
    raise NoLegalPairing(
        f"the {rules.noun}s scoring {format_points(bracket.score)} have no legal bracket with any set of "
        f"upfloaters ({rules.text} 3.3.3)"
    )


def upfloater_sets(rules: BracketRules, lower: list[int], profile: tuple[Points, ...]) -> Iterator[list[int]]:
    """The sets of upfloaters with the scores ``profile``, in the order of 3.5.4 (the
    lexicographic order of their TPNs, each set sorted by 3.5.3: descending score, then
    ascending TPN), one at a time."""
    scores = sorted(set(profile), reverse=True)
    pools = [sorted(t for t in lower if rules.score(t) == s) for s in scores]
    counts = [profile.count(s) for s in scores]

    def sets_from(level: int) -> Iterator[list[int]]:
        if level == len(scores):
            yield []
            return
        for chosen in combinations(pools[level], counts[level]):
            for rest in sets_from(level + 1):
                yield [*chosen, *rest]

    return sets_from(0)


def following_score(top: Points, levels: list[Points]) -> Points | None:
    """[C6]'s following scoregroup of the top scoregroup scoring ``top``: the next lower
    score of the round's entrants (``levels``, highest first), ``None`` when there is none."""
    return next((s for s in levels if s < top), None)


def c6_outcome(rules: BracketRules, following: Points | None, rest: list[int]) -> C6:
    """[C6]: unless the following scoregroup (the next lower score of the round,
    ``following``) is now empty, the upfloaters leave it a bracket that complies with
    [C1], [C3] and [C4]: paired with the fewest upfloaters its size allows (none when
    even, one when odd), the entrants below still legally pairable. Only that
    scoregroup counts."""
    if following is None:
        return C6.NO_FOLLOWING
    group = [t for t in rest if rules.score(t) == following]
    if not group:
        return C6.EMPTIED
    further = [t for t in rest if rules.score(t) < following]
    candidates: list[list[int]] = [[]] if len(group) % 2 == 0 else [[t] for t in further]
    for extra in candidates:
        members = group + extra
        if rules.pairable(members):
            inside = set(members)
            if rules.pairable([t for t in rest if t not in inside]):
                return C6.PAIRABLE
    return C6.NOT_PAIRABLE


def pair_bracket(rules: BracketRules, bracket: list[int], upfloaters: set[int]) -> BracketPairing:
    """3.6: the first pairing of the bracket, in the lexicographic order of identifiers
    (the top members' TPNs ascending, then their bottom members' TPNs, 3.6.1-3.6.3), that
    complies with [C1] and as much as possible with the criteria of 3.6.4 (the
    :meth:`~BracketRules.pair_costs`, each above the next): the identifier-first pairing
    among those with the smallest costs.

    The first candidate of all (the fold: the upper half against the lower half in order)
    is the answer when it is legal and leaves nothing to minimise; otherwise the order is
    written into the weights of a maximum-weight perfect matching, each criterion above
    the next, the identifier last."""
    members = sorted(bracket)
    half = len(members) // 2
    fold = list(zip(members[:half], members[half:], strict=True))
    fold_costs = [rules.pair_costs(a, b, upfloaters) for a, b in fold]
    problem = next(
        ((a, b) for (a, b), c in zip(fold, fold_costs, strict=True) if not rules.can_meet(a, b) or any(c)), None
    )
    if problem is None:
        return BracketPairing(fold, fold, None, fold_costs)
    n = len(members)
    base = n + 1
    w_identifier = base**n  # one top-member bit is worth more than every bottom-member part
    edges: list[tuple[int, int, int]] = []
    costs: dict[tuple[int, int], tuple[int, ...]] = {}
    for i in range(n):
        for j in range(i + 1, n):
            a, b = members[i], members[j]
            if rules.can_meet(a, b):
                costs[i, j] = rules.pair_costs(a, b, upfloaters)
    weights: list[int] = []  # the last criterion's weight first
    weight = w_identifier * 2**n
    for _ in range(max((len(c) for c in costs.values()), default=0)):
        weights.append(weight)
        weight *= base
    total = weight
    for (i, j), pc in costs.items():
        # positions 1..n in TPN order; members[i] = top member (i < j), members[j] = bottom member
        cost = sum(c * w for c, w in zip(pc, reversed(weights), strict=True))
        cost += w_identifier * 2 ** (n - 1 - j) + (j + 1) * base ** (n - 1 - i)
        edges.append((i, j, total * n - cost))
    mate = max_weight_matching(n, edges)
    if -1 in mate:
        raise NoLegalPairing(f"a bracket without a legal pairing ({rules.text} 3.6)")
    pairs = [(members[i], members[mate[i]]) for i in range(n) if i < mate[i]]
    return BracketPairing(pairs, fold, problem, [costs[members.index(a), members.index(b)] for a, b in pairs])


def completable(entrants: Sequence[int], can_meet: Callable[[int, int], bool]) -> bool:
    """[C3]: ``entrants`` have a pairing in which every two opponents ``can_meet``
    ([C1]): a perfect matching."""
    n = len(entrants)
    if n % 2:
        return False
    if n == 0:
        return True
    nb = [[j for j in range(n) if j != i and can_meet(entrants[i], entrants[j])] for i in range(n)]
    return -1 not in max_cardinality_matching(n, nb)


def floater_opponents(rules: BracketRules, a: int, b: int, upfloaters: set[int]) -> int:
    """The upfloaters of the pair ``a``-``b`` whose opponent floated in the previous
    round (the team Swiss's [C10], the Double-Swiss's [C8])."""
    return int(a in upfloaters and rules.previous_floater(b)) + int(b in upfloaters and rules.previous_floater(a))


def pair_traced(
    trace: Trace,
    record: RoundRecord,
    rules: BracketRules,
    entrants: Sequence[int],
    allocate: Callable[[int, int], A],
    absent: Mapping[int, Result],
    system: str,
) -> list[A]:
    """Pair the round (:func:`pair_round`, into ``record``), colour each pair
    (``allocate``: the system's Article 4) and write the result into ``trace``: the
    boards in board order (C.04.2 3.6, by the pairing scores), each with its colour rule,
    the PAB and the pairing. The allocations in board order; none, and ``trace.failure``
    saying why, when there is no legal pairing (3.3.3)."""
    try:
        pair_round(rules, entrants, record)
    except NoLegalPairing as exc:
        trace.failure = str(exc)
        return []
    allocations = [allocate(a, b) for br in record.brackets if br.pairing for a, b in br.pairing.pairs]

    def key(al: A) -> tuple[int, int, int]:
        return board_key((rules.score(al.white), al.white), (rules.score(al.black), al.black))

    ordered = sorted(allocations, key=key)
    trace.boards = [TracedBoard(al.white, al.black, al.rule) for al in ordered]
    trace.bye = record.pab.chosen if record.pab is not None else None
    trace.pairing = RoundPairing(
        round_no=trace.round_no,
        boards=tuple(Board(al.white, al.black) for al in ordered),
        bye=trace.bye,
        absent=absent,
        system=system,
    )
    return ordered


def pab_explained(rules: BracketRules, choice: PabChoice, barred_by: Callable[[int], str]) -> Bye | None:
    """The explanation of the PAB 3.4 chose (``choice``), for the document: its reasons
    and, for every other entrant to pair, the article that passed it over (``barred_by``:
    the match that bars an entrant [C2] bars, in words); ``None`` without a PAB."""
    if choice.chosen is None:
        return None
    chosen = choice.chosen
    score, played = format_points(rules.score(chosen)), rules.played(chosen)
    nouns = f"{rules.noun}s"
    key = next(c.order for c in choice.candidates if c.entrant == chosen)
    passed: list[PlayerReason] = [{"player": t, "rule": "C2", "text": barred_by(t)} for t in choice.barred]
    for c in choice.candidates:
        if c.entrant == chosen:
            continue
        if c.leaves_pairing is False:
            text = f"the other {nouns} would then have no pairing in which no two {nouns} meet again"
            passed.append({"player": c.entrant, "rule": "3.4.1", "text": text})
            continue
        article = next(a for a, x, y in zip(PAB_ORDER, c.order, key, strict=True) if x != y)
        text = {
            "3.4.2": f"a higher score ({format_points(rules.score(c.entrant))} against {score})",
            "3.4.3": f"the same score, fewer matches played ({rules.played(c.entrant)} against {played})",
            "3.4.4": "the same score and matches played, a smaller TPN",
        }[article]
        passed.append({"player": c.entrant, "rule": article, "text": text})
    reasons: list[Reason] = [
        reason("3.3.2", f"{choice.count} {nouns} to pair: an odd number, one {rules.noun} gets the PAB first (3.4)"),
        reason("C2", f"#{chosen} has had no PAB, won no match by forfeit and had no full-point bye"),
        reason(
            "3.4.2",
            f"of the {nouns} [C2] allows, the lowest score ({score}), then the most matches "
            f"played ({played}, 3.4.3), then the largest TPN (3.4.4), that 3.4.1 allows",
        ),
        reason("3.4.1", f"the other {nouns} then have a pairing in which no two {nouns} meet again"),
    ]
    return {"player": chosen, "score": score, "reasons": reasons, "passed_over": passed}
