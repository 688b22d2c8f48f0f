"""C.04.4.1 1.9 and Article 3: the pairing of a round. The PAB first (3.1, shared with
Burstein: :func:`~swissbridge.plugins.c0404.choose_pab`), then the scoregroups in
descending order of score (1.9.2): each one's remaining residents and the fewest
upfloaters giving a legal pairing (3.2.1) — the first set in the order of 4.2 that
complies best with [C5]-[C10] (3.2.2) — paired by 3.2.3-3.2.6 (:mod:`.bracket`). A
resident is paired in its own bracket: there are no downfloaters (1.3.2).

"Legal" is [C1], [C3] and [C4] (the note to 3.2.1): the bracket has a pairing and the
players below it still have one (:meth:`~swissbridge.plugins.c0404.Graph.perfect`).
Each decision is written into the round's :class:`~.trace.DubovTrace` as it is made."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from swissbridge.model import Points
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.c0404 import choose_pab
from swissbridge.plugins.dubov.bracket import colour_misses, pair_bracket
from swissbridge.plugins.dubov.rules import DubovPlayer, DubovRound
from swissbridge.plugins.dubov.trace import BracketRecord, DubovTrace, Quality, SetTrial, Verdict
from swissbridge.plugins.floaters import upfloater_profiles

TRIALS = 20_000
"""The most upfloater sets tried for one number of upfloaters (a guard against a
combinatorial blow-up in a pathological bracket): the best legal set found by then is
taken, and the bracket's record says so (:attr:`~.trace.BracketRecord.capped`)."""


def pair_round(rnd: DubovRound, trace: DubovTrace) -> list[tuple[int, int]]:
    """1.9.2: the round's pairs (positions, S1 player first), the PAB in ``trace.pab``;
    :class:`NoLegalPairing` when the round cannot be completed (1.9.3: the Chief
    Arbiter decides), ``trace`` holding what was decided before."""
    players, graph = rnd.players, rnd.graph
    left = list(range(len(players)))
    if len(left) % 2:
        trace.pab = choice = choose_pab(graph, lambda p: -p.tpn)
        if choice.chosen is None:
            raise NoLegalPairing(
                "no player can receive the PAB and leave the others a complete pairing (C.04.4.1 3.1, 1.9.3)"
            )
        trace.bye = choice.chosen
        left = [i for i in left if players[i].no != choice.chosen]
    elif graph.perfect(left) is None:
        raise NoLegalPairing("the players have no complete pairing complying with [C1] and [C3] (C.04.4.1 1.9.3)")
    pairs: list[tuple[int, int]] = []
    while left:
        top = players[left[0]].score
        residents = [i for i in left if players[i].score == top]
        lower = [i for i in left if players[i].score < top]
        record = BracketRecord(len(trace.brackets) + 1, top, [players[i].no for i in residents], len(lower))
        trace.brackets.append(record)
        upfloaters = choose_upfloaters(rnd, residents, lower, record)
        members = sorted([*residents, *upfloaters])
        pairs += pair_bracket(rnd, members, record)
        inside = set(members)
        left = [i for i in left if i not in inside]
    return pairs


def quality(rnd: DubovRound, residents: Sequence[int], chosen: Sequence[int]) -> Quality:
    """[C6]-[C10] of the bracket ``residents`` + ``chosen`` (positions)."""
    players = rnd.players
    ups = [players[i] for i in chosen]
    counted = not rnd.last_round
    return Quality(
        scores=tuple(sorted(p.score for p in ups)),
        colours=colour_misses(players, rnd.graph, [*residents, *chosen]),
        maximum=sum(p.maximum for p in ups) if counted else 0,
        times=sum(p.upfloats for p in ups if p.maximum) if counted else 0,
        previous=sum(p.upfloated_last for p in ups) if counted else 0,
    )


def choose_upfloaters(rnd: DubovRound, residents: list[int], lower: list[int], record: BracketRecord) -> list[int]:
    """3.2.1-3.2.2: the fewest upfloaters from ``lower`` (positions, in the order of 4.2:
    descending score, then ascending TPN — the round's ranking) giving the residents a
    legal pairing, and of those sets the one complying best with [C6]-[C10], the first
    in the order of 4.1.3 among equals. Every set tried is written into ``record``."""
    graph = rnd.graph
    if not lower:
        if graph.perfect(residents) is None:
            raise NoLegalPairing(f"the last scoregroup has no legal pairing (C.04.4.1 3.2, {_named(rnd, residents)})")
        record.minimum = 0
        return []
    fewest = graph.unmatched(residents)  # every resident left single needs an upfloater
    for count in range(fewest, len(lower) + 1, 2):
        chosen = _best_set(rnd, residents, lower, count, record)
        if chosen is not None:
            record.minimum = count
            record.upfloaters = [rnd.players[i].no for i in chosen]
            record.quality = quality(rnd, residents, chosen)
            return list(chosen)
    raise NoLegalPairing(f"no set of upfloaters gives a legal pairing to {_named(rnd, residents)} (C.04.4.1 3.2.1)")


def _named(rnd: DubovRound, members: Sequence[int]) -> str:
    return "players " + ", ".join(str(rnd.players[i].no) for i in members)


def _best_set(
    rnd: DubovRound, residents: list[int], lower: list[int], count: int, record: BracketRecord
) -> tuple[int, ...] | None:
    """3.2.2 for ``count`` upfloaters: the best legal set, ``None`` when none is legal.

    The sets are visited by score profile ([C6], best first) and, in each, by the
    least quality they can have (:class:`Outlook`: [C7] from the colour preferences
    alone, [C8]-[C10] exactly), each such class in the order of 4.1.3; a legal set
    whose quality is its class's is the best of its class, and no later class can
    beat it."""
    players, graph = rnd.players, rnd.graph
    inside = set(residents)
    outlook = Outlook(rnd, residents)
    tried = 0
    for profile in upfloater_profiles((players[i].score for i in lower), count):
        pool = [i for i in lower if players[i].score in profile]
        best: tuple[tuple[object, ...], tuple[int, ...]] | None = None
        classes: dict[tuple[object, ...], set[Summary]] = {}
        for summary in _summaries(rnd, pool, profile):
            classes.setdefault(outlook.bound(profile, summary), set()).add(summary)
        for bound in sorted(classes):
            if best is not None and bound > best[0][:5]:
                break  # an equal bound may still hold a set earlier in the order of 4.1.3
            for chosen in _sets(rnd, pool, profile, classes[bound]):
                tried += 1
                if tried > TRIALS:
                    record.capped = True
                    return best[1] if best is not None else None
                if graph.perfect([*residents, *chosen]) is None:
                    record.trials.append(SetTrial(tuple(players[i].no for i in chosen), Verdict.BRACKET))
                    continue
                taken = inside | set(chosen)
                if graph.perfect([i for i in lower if i not in taken]) is None:
                    record.trials.append(SetTrial(tuple(players[i].no for i in chosen), Verdict.REST))
                    continue
                q = quality(rnd, residents, chosen)
                record.trials.append(SetTrial(tuple(players[i].no for i in chosen), Verdict.LEGAL, q))
                key = (*q.key(), chosen)
                if best is None or key < best[0]:
                    best = (key, chosen)
                if q.key() == bound:
                    break
        if best is not None:
            return best[1]
    return None


Summary = tuple[int, int, int, int, int]
"""What the quality criteria read of a set of upfloaters, summed over it: the players
preferring White, preferring Black ([C7]), the maximum upfloaters ([C8]), their upfloats
([C9]), the upfloaters of the previous round ([C10]); [C8]-[C10] zero in the last round."""


def _summary(rnd: DubovRound, p: DubovPlayer) -> Summary:
    counted = not rnd.last_round and p.maximum
    return (
        int(p.white_seeker),
        int(p.colour is not None and not p.white_seeker),
        int(counted),
        p.upfloats if counted else 0,
        int(not rnd.last_round and p.upfloated_last),
    )


def _add(a: Summary, b: Summary, times: int = 1) -> Summary:
    return (a[0] + times * b[0], a[1] + times * b[1], a[2] + times * b[2], a[3] + times * b[3], a[4] + times * b[4])


ZERO: Summary = (0, 0, 0, 0, 0)


def _summaries(rnd: DubovRound, pool: Sequence[int], profile: tuple[Points, ...]) -> set[Summary]:
    """Every :data:`Summary` a set of ``pool`` players with the scores ``profile`` can have."""
    players = rnd.players
    total = {ZERO}
    for score in sorted(set(profile), reverse=True):
        need = profile.count(score)
        kinds: dict[Summary, int] = {}
        for i in pool:
            if players[i].score == score:
                k = _summary(rnd, players[i])
                kinds[k] = kinds.get(k, 0) + 1
        states = {(0, ZERO)}
        for kind, available in kinds.items():
            states = {(n + t, _add(s, kind, t)) for n, s in states for t in range(min(available, need - n) + 1)}
        options = {s for n, s in states if n == need}
        total = {_add(a, b) for a in total for b in options}
    return total


class Outlook:
    """The least quality (:meth:`Quality.key`) a bracket of ``residents`` and a set of
    upfloaters of a given :data:`Summary` can have: [C6] from its scores, [C7] from the
    colour preferences alone (the unavoidable pairs of 3.2.4.1 can only add to it),
    [C8]-[C10] exactly."""

    def __init__(self, rnd: DubovRound, residents: Sequence[int]) -> None:
        players = rnd.players
        self.white = sum(1 for i in residents if players[i].white_seeker)
        self.black = sum(1 for i in residents if players[i].colour is not None and not players[i].white_seeker)
        self.size = len(residents)

    def bound(self, profile: tuple[Points, ...], s: Summary) -> tuple[object, ...]:
        white, black = self.white + s[0], self.black + s[1]
        free = self.size + len(profile) - white - black
        misses = max(0, abs(white - black) - free) // 2
        return tuple(-x for x in sorted(profile)), misses, s[2], s[3], s[4]


def _sets(
    rnd: DubovRound, pool: Sequence[int], profile: tuple[Points, ...], allowed: set[Summary]
) -> Iterator[tuple[int, ...]]:
    """The sets of ``pool`` players with the scores ``profile`` whose :data:`Summary` is
    one of ``allowed``, in the order of 4.1.3 (``pool`` is in the order of 4.2)."""
    players = rnd.players
    summaries = [_summary(rnd, players[i]) for i in pool]
    top = tuple(max(s[c] for s in allowed) for c in range(5))
    need = {s: profile.count(s) for s in set(profile)}
    after: list[dict[Points, int]] = [{} for _ in range(len(pool) + 1)]
    for j in range(len(pool) - 1, -1, -1):  # how many of each score from j on
        after[j] = dict(after[j + 1])
        after[j][players[pool[j]].score] = after[j].get(players[pool[j]].score, 0) + 1
    chosen: list[int] = []

    def walk(start: int, left: int, total: Summary) -> Iterator[tuple[int, ...]]:
        if left == 0:
            if total in allowed:
                yield tuple(chosen)
            return
        if any(after[start].get(s, 0) < n for s, n in need.items()):
            return
        for j in range(start, len(pool)):
            score = players[pool[j]].score
            if need[score] == 0:
                continue
            nxt = _add(total, summaries[j])
            if any(nxt[c] > top[c] for c in range(5)):
                continue
            need[score] -= 1
            chosen.append(pool[j])
            yield from walk(j + 1, left - 1, nxt)
            chosen.pop()
            need[score] += 1
            if any(after[j + 1].get(s, 0) < n for s, n in need.items()):
                return

    return walk(0, len(profile), ZERO)
