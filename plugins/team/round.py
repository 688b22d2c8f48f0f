"""C.04.6 Article 3: the pairing of a round of teams.

3.3.2: the PAB first (3.4); then, again and again, the top-scoregroup of the teams not
yet paired with a set of upfloaters (3.5) makes a bracket, which is paired (3.6); then
the colours (Article 4, ``colours.py``). A bracket's residents are all paired in it:
there are no downfloaters, a bracket that cannot be paired takes other upfloaters.

The criteria of Article 2 are read from :class:`~swissbridge.plugins.team.rules.RoundState`.
Each decision is written, as it is made, into the round's
:class:`~swissbridge.plugins.team.trace.RoundRecord` (the explanation reads it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement

from swissbridge.model import Points
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.matching import max_weight_matching
from swissbridge.plugins.team.rules import RoundState
from swissbridge.plugins.team.trace import (
    C6,
    BracketPairing,
    BracketRecord,
    PabCandidate,
    PabChoice,
    ProfileTrial,
    RoundRecord,
    SetTrial,
    Verdict,
)


def pair_round(state: RoundState, record: RoundRecord) -> None:
    """3.3.2: the round's PAB and brackets, written into ``record`` as they are decided;
    :class:`NoLegalPairing` when there is no pairing (3.3.3), ``record`` then holding
    what was decided before."""
    teams = list(state.present)
    record.teams = list(teams)
    levels = sorted({state.teams[t].score for t in teams}, reverse=True)
    if not state.pairable(teams) and not (len(teams) % 2):
        raise NoLegalPairing("the teams to pair have no pairing in which no two teams meet again (C.04.6 3.3.3)")
    if len(teams) % 2:
        record.pab = PabChoice(len(teams))
        bye = choose_pab(state, teams, record.pab)
        teams = [t for t in teams if t != bye]
    while teams:
        top = max(state.teams[t].score for t in teams)
        residents = [t for t in teams if state.teams[t].score == top]
        lower = [t for t in teams if state.teams[t].score < top]
        bracket = BracketRecord(len(record.brackets) + 1, top, residents, lower, following_score(top, levels))
        record.brackets.append(bracket)
        bracket.upfloaters = select_upfloaters(state, bracket, teams)
        bracket.pairing = pair_bracket(state, residents + bracket.upfloaters, set(bracket.upfloaters))
        inside = set(residents) | set(bracket.upfloaters)
        teams = [t for t in teams if t not in inside]


def pab_order(state: RoundState, team: int) -> tuple[Points, int, int]:
    """3.4.2-3.4.4 as a sort key: the lowest score, then the most matches played, then
    the largest TPN first (one part per article of :data:`~.trace.PAB_ORDER`)."""
    return state.teams[team].score, -state.teams[team].played, -team


def choose_pab(state: RoundState, teams: Sequence[int], choice: PabChoice) -> int:
    """3.4: the PAB goes to the team that leaves the others a legal pairing (3.4.1), of
    the lowest score (3.4.2), with the most matches played (3.4.3), of the largest TPN
    (3.4.4); never to one [C2] bars. The choice is written into ``choice`` as it is
    made: the teams barred, the others in that order with what each gave."""
    choice.barred = [t for t in teams if not state.can_have_pab(t)]
    candidates = sorted((t for t in teams if state.can_have_pab(t)), key=lambda t: pab_order(state, t))
    for i, t in enumerate(candidates):
        leaves = state.pairable([u for u in teams if u != t])
        choice.candidates.append(PabCandidate(t, pab_order(state, t), leaves))
        if leaves:
            choice.chosen = t
            choice.candidates += [PabCandidate(u, pab_order(state, u), None) for u in candidates[i + 1 :]]
            return t
    raise NoLegalPairing("no team can receive the PAB and leave the others a legal pairing (C.04.6 3.4.1, 3.3.3)")


def select_upfloaters(state: RoundState, bracket: BracketRecord, remaining: list[int]) -> list[int]:
    """3.5: the upfloaters of the top-scoregroup ``bracket.residents``, each set tried
    written into ``bracket.trials``.

    Every team of a lower score is a potential upfloater (3.5.1). Of the sets complying
    with [C4] (the fewest upfloaters, 2.3.1) and [C5] (their scores, taken in ascending
    order, as high as possible, 2.3.2), sorted as 3.5.3-3.5.4 say, the first that gives a
    legal bracket and leaves the other teams a legal pairing ([C3]) and complies best with
    [C6] then [C7] (3.5.5). A number or score profile no set of which is legal complies
    with nothing, and the next one is considered."""
    residents, lower = bracket.residents, bracket.lower
    for count in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in score_profiles(state, lower, count):
            trial = ProfileTrial(count, profile)
            bracket.trials.append(trial)
            best: tuple[tuple[int, int, int], list[int]] | None = None
            for index, chosen in enumerate(upfloater_sets(state, lower, profile)):
                teams = residents + chosen
                if not state.pairable(teams):
                    trial.sets.append(SetTrial(tuple(chosen), Verdict.BRACKET))
                    continue
                inside = set(teams)
                rest = [t for t in remaining if t not in inside]
                if not state.pairable(rest):
                    trial.sets.append(SetTrial(tuple(chosen), Verdict.REST))
                    continue  # [C3]
                c6 = c6_outcome(state, bracket.following, rest)
                c7 = sum(1 for t in chosen if state.previous_floater(t))
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
        f"the teams scoring {bracket.score / 10} have no legal bracket with any set of upfloaters (C.04.6 3.3.3)"
    )


def score_profiles(state: RoundState, lower: list[int], count: int) -> list[tuple[Points, ...]]:
    """[C5] (2.3.2): the score profiles of ``count`` upfloaters, best first: the scores,
    taken in ascending order, compared lexicographically, the higher the better."""
    available: dict[Points, int] = {}
    for t in lower:
        s = state.teams[t].score
        available[s] = available.get(s, 0) + 1
    profiles = [
        p
        for p in combinations_with_replacement(sorted(available, reverse=True), count)
        if all(p.count(s) <= available[s] for s in set(p))
    ]
    return sorted(profiles, key=lambda p: sorted(p), reverse=True)


def upfloater_sets(state: RoundState, lower: list[int], profile: tuple[Points, ...]) -> Iterator[list[int]]:
    """The sets of upfloaters with the scores ``profile``, in the order of 3.5.4 (the
    lexicographic order of their TPNs, each set sorted by 3.5.3: descending score, then
    ascending TPN), one at a time."""
    scores = sorted(set(profile), reverse=True)
    pools = [sorted(t for t in lower if state.teams[t].score == s) for s in scores]
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
    """[C6]'s following scoregroup of the top-scoregroup scoring ``top``: the next lower
    score of the round's teams (``levels``, highest first), ``None`` when there is none."""
    return next((s for s in levels if s < top), None)


def c6_outcome(state: RoundState, following: Points | None, rest: list[int]) -> C6:
    """[C6] (2.3.3): unless the following scoregroup (the next lower score of the round,
    ``following``) is now empty, the upfloaters leave it a bracket that complies with
    [C1], [C3] and [C4]: paired with the fewest upfloaters its size allows (none when
    even, one when odd), the teams below still legally pairable. Only that scoregroup
    counts."""
    if following is None:
        return C6.NO_FOLLOWING
    group = [t for t in rest if state.teams[t].score == following]
    if not group:
        return C6.EMPTIED
    further = [t for t in rest if state.teams[t].score < following]
    candidates: list[list[int]] = [[]] if len(group) % 2 == 0 else [[t] for t in further]
    for extra in candidates:
        teams = group + extra
        if state.pairable(teams):
            inside = set(teams)
            if state.pairable([t for t in rest if t not in inside]):
                return C6.PAIRABLE
    return C6.NOT_PAIRABLE


def pair_bracket(state: RoundState, bracket: list[int], upfloaters: set[int]) -> BracketPairing:
    """3.6: the first pairing of the bracket, in the lexicographic order of identifiers
    (the top members' TPNs ascending, then their bottom members' TPNs, 3.6.1-3.6.3), that
    complies with [C1] and as much as possible with [C8], [C9], [C10] (3.6.4): the
    identifier-first pairing among those that have the fewest unfulfilled colour
    preferences, then strong ones, then upfloaters' opponents that floated.

    The first candidate of all (the fold: the upper half against the lower half in order)
    is the answer when it is legal and leaves nothing to minimise; otherwise the order is
    written into the weights of a maximum-weight perfect matching, each criterion above
    the next, the identifier last."""
    teams = sorted(bracket)
    half = len(teams) // 2
    fold = list(zip(teams[:half], teams[half:], strict=True))
    problem = next(
        ((a, b) for a, b in fold if not state.can_meet(a, b) or pair_costs(state, a, b, upfloaters) != (0, 0, 0)), None
    )
    if problem is None:
        return BracketPairing(fold, fold, None, [(0, 0, 0)] * len(fold))
    n = len(teams)
    base = n + 1
    w_identifier = base**n  # one top-member bit is worth more than every bottom-member part
    w10 = w_identifier * 2**n
    w9 = w10 * base
    w8 = w9 * base
    total = w8 * base
    edges: list[tuple[int, int, int]] = []
    for i in range(n):
        for j in range(i + 1, n):
            a, b = teams[i], teams[j]
            if not state.can_meet(a, b):
                continue
            c8, c9, c10 = pair_costs(state, a, b, upfloaters)
            # positions 1..n in TPN order; a = top member (i < j), b = bottom member
            cost = c8 * w8 + c9 * w9 + c10 * w10 + w_identifier * 2 ** (n - 1 - j) + (j + 1) * base ** (n - 1 - i)
            edges.append((i, j, total * n - cost))
    mate = max_weight_matching(n, edges)
    if -1 in mate:
        raise NoLegalPairing("a bracket without a legal pairing (C.04.6 3.6)")
    pairs = [(teams[i], teams[mate[i]]) for i in range(n) if i < mate[i]]
    return BracketPairing(pairs, fold, problem, [pair_costs(state, a, b, upfloaters) for a, b in pairs])


def pair_costs(state: RoundState, a: int, b: int, upfloaters: set[int]) -> tuple[int, int, int]:
    """[C8], [C9], [C10] of one pair: the unfulfilled (strong) preferences, and the
    upfloaters of the pair whose opponent floated in the previous round (2.3.7)."""
    c8, c9 = state.unfulfilled(a, b)
    c10 = int(a in upfloaters and state.previous_floater(b)) + int(b in upfloaters and state.previous_floater(a))
    return c8, c9, c10
