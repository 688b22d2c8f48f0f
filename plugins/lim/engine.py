"""The Lim procedure (FIDE C.04.4.3, 2026), followed in the order of the text.

1. Article 1 (7.1 in round 1): the PAB is taken out first.
2. 2.2: scoregroups are paired from the top down to just above the median, then
   from the bottom up to just below it, the Median Scoregroup last.
3. In each group (2.3, Article 3, :mod:`.floaters`): the number of floaters is the
   number of members left over by the largest set of compatible pairs; they are
   chosen one at a time by the preferences of 3.9, 3.10, 3.2.2 (3.2.3) and 3.2.4,
   and handed to the next group towards the median.
4. 3.6 / 3.7 (:mod:`.floaters`): the incoming floaters that stay are paired first.
5. 2.4, Article 4 (:mod:`.scrutiny`): the remaining residents are proposed
   1 v n/2+1 and scrutinised; exchanges follow the order of 4.2/4.3.
6. 5.2 (:mod:`.objective`): among the compatible pairings of those residents the
   one giving most players their due colour is taken (ties: the exchange order).
7. 2.6: a median that cannot be paired is unblocked by breaking the pairings made
   last next to it, one at a time.
8. Article 5 gives each board its colours.

Every "can the rest still be paired?" question is answered with an exact
matching (:mod:`.feasibility`), so the procedure never tries whole pairings blindly,
and the colour objective of 5.2 is exact as well.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swissbridge.model import format_points
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.lim.colours import Allocation, allocate_colours
from swissbridge.plugins.lim.exchange import proposed_pairing
from swissbridge.plugins.lim.feasibility import LazyAdjacency, Matching
from swissbridge.plugins.lim.floaters import choose_floaters, floater_opponent
from swissbridge.plugins.lim.rules import LimPlayer, LimRound, Side
from swissbridge.plugins.lim.scrutiny import pair_residents
from swissbridge.plugins.lim.trace import (
    BoardNote,
    CrackStep,
    FloaterPairing,
    GroupTrace,
    LimTrace,
    PabTrace,
    _plural,
)


class MedianBlocked(Exception):
    """The median cannot be paired as it stands (2.6)."""

    def __init__(self, trace: GroupTrace) -> None:
        super().__init__(trace.blocked)
        self.trace = trace


@dataclass
class GroupOutcome:
    """A paired scoregroup: its pairs in the order they were made (floater pairs
    first, then the exchange procedure's pairs in scrutiny order), its outgoing
    floaters and the colours of its boards."""

    pairs: list[tuple[int, int]]
    floaters: list[int]
    allocations: list[Allocation]
    trace: GroupTrace
    broken: set[int] = field(default_factory=set)


class LimProcedure:
    """Pairs one round; build with :func:`~.rules.lim_round`."""

    def __init__(self, rnd: LimRound) -> None:
        self.rnd = rnd
        self.players = rnd.players
        self.trace = LimTrace(
            round_no=rnd.round_no,
            median_twice=rnd.median_twice,
            maxi=rnd.maxi,
            last_round=rnd.last_round,
            present=len(rnd.players),
            absent=sorted(rnd.state.absent),
        )

    # ------------------------------------------------------------------ Article 1
    def pab_candidates(self) -> list[LimPlayer]:
        """Article 1.1 and reading 1: the PAB candidates in order: the lowest ranked
        player of the lowest scoregroup (rank = score, then TPN), then the next
        lowest ranked, then the scoregroup above. 7.1, round 1: the lowest rated
        player (ties: the larger TPN)."""
        ps = list(self.players.values())
        if self.rnd.round_no == 1:
            return sorted(ps, key=lambda p: (p.rating, -p.no))
        return sorted(ps, key=lambda p: (p.score, -p.no))

    def run(self) -> tuple[list[Allocation], int | None]:
        """Pair the round; raises :class:`~swissbridge.pairing.NoLegalPairing` when no
        pairing respects Lim's absolute rules."""
        nos = sorted(self.players)
        if len(nos) % 2 == 0:
            return self._pair_pool(nos), None
        rule = (
            "7.1: the lowest rated player"
            if self.rnd.round_no == 1
            else "Article 1: the lowest ranked player of the lowest scoregroup"
        )
        pab = PabTrace(rule)
        self.trace.pab = pab
        for cand in self.pab_candidates():
            if not cand.pab_eligible:
                pab.passed_over.append(
                    (cand.no, "not eligible: already had a PAB or a win's points without playing (C.04.1 Art. 4)")
                )
                continue
            try:
                allocations = self._pair_pool([n for n in nos if n != cand.no])
            except NoLegalPairing:
                pab.passed_over.append((cand.no, "the other players could not all be paired (reading 1)"))
                continue
            pab.chosen = cand.no
            self.trace.bye = cand.no
            return allocations, cand.no
        raise NoLegalPairing("no eligible player can receive the PAB and leave the others pairable (Article 1)")

    # ------------------------------------------------------------------ 2.2, 2.6
    def _pair_pool(self, pool: list[int]) -> list[Allocation]:
        """2.2 pairing order and 2.6 cracking for the players left after the PAB."""
        rnd, P = self.rnd, self.players
        self.trace.groups = []
        self.trace.cracks = []
        by_score: dict[int, list[int]] = {}
        for n in pool:
            by_score.setdefault(P[n].score, []).append(n)
        above = sorted((s for s in by_score if rnd.side(s) is Side.ABOVE), reverse=True)
        below = sorted(s for s in by_score if rnd.side(s) is Side.BELOW)
        median_residents = next((by_score[s] for s in by_score if rnd.side(s) is Side.MEDIAN), [])
        median_score = rnd.median_twice // 2

        outcomes: list[GroupOutcome] = []
        stacks: dict[Side, list[tuple[int, int]]] = {Side.ABOVE: [], Side.BELOW: []}
        into_median: dict[Side, list[int]] = {}
        for side, scores in ((Side.ABOVE, above), (Side.BELOW, below)):
            incoming: list[int] = []
            for i, s in enumerate(scores):
                last = i + 1 == len(scores)
                adjacent = median_residents if last else by_score[scores[i + 1]]
                to = "the Median Scoregroup" if last else f"scoregroup {format_points(scores[i + 1])}"
                down, up = (incoming, []) if side is Side.ABOVE else ([], incoming)
                out = self.pair_group(side, s, down, up, by_score[s], adjacent, to)
                outcomes.append(out)
                self.trace.groups.append(out.trace)
                stacks[side].extend((len(outcomes) - 1, k) for k in range(len(out.pairs)))
                incoming = out.floaters
            into_median[side] = incoming

        extra: dict[Side, list[int]] = {Side.ABOVE: [], Side.BELOW: []}
        attempt = 0
        whole_checked = False
        while True:
            attempt += 1
            down = into_median[Side.ABOVE] + extra[Side.ABOVE]
            up = into_median[Side.BELOW] + extra[Side.BELOW]
            if not (down or up or median_residents):
                break
            try:
                out = self.pair_group(Side.MEDIAN, median_score, down, up, median_residents, [], "", attempt)
            except MedianBlocked as blocked:
                self.trace.groups.append(blocked.trace)
                if not whole_checked:
                    if not self.pairable(pool):
                        raise NoLegalPairing("no pairing of these players respects Lim's absolute rules") from None
                    whole_checked = True
                n_down, n_up = len(down), len(up)
                # 2.6: below only when more floaters came from above than from below
                # ("exceeds" is strict); otherwise, equal numbers included, above.
                side = Side.BELOW if n_down > n_up else Side.ABOVE
                reason = f"{n_down} floaters from above, {n_up} from below: break the last pairing made " + (
                    "below the median" if side is Side.BELOW else "above the median"
                )
                if not stacks[side]:
                    side = Side.ABOVE if side is Side.BELOW else Side.BELOW
                    reason += f"; nothing left to break there, so {side.value} it"
                if not stacks[side]:
                    raise NoLegalPairing("the median cannot be paired and nothing is left to break") from None
                oi, k = stacks[side].pop()
                pair = outcomes[oi].pairs[k]
                outcomes[oi].broken.add(k)
                outcomes[oi].trace.boards[k].rule += "  [broken by 2.6]"
                extra[side].extend(pair)
                self.trace.cracks.append(CrackStep(side, outcomes[oi].trace.score, pair, reason))
                continue
            outcomes.append(out)
            self.trace.groups.append(out.trace)
            break

        allocations: list[Allocation] = []
        for out in outcomes:
            allocations.extend(a for k, a in enumerate(out.allocations) if k not in out.broken)
        return allocations

    def pairable(self, pool: list[int]) -> bool:
        """Can these players all be paired at all (2.1 compatibility only)?"""
        lp = [self.players[n] for n in pool]
        compatible = self.rnd.compatible
        m = Matching(LazyAdjacency(len(lp), lambda i, j: compatible(lp[i], lp[j])))
        return 2 * m.maximise() == len(lp)

    # ------------------------------------------------------------------ one group
    def pair_group(
        self,
        side: Side,
        score: int,
        down_in: list[int],
        up_in: list[int],
        residents: list[int],
        adjacent: list[int],
        floaters_to: str,
        attempt: int = 1,
    ) -> GroupOutcome:
        """Pair one scoregroup: floaters (2.3, Article 3), incoming floaters first
        (3.6/3.7), then the residents (2.4, Article 4, 5.2), colours (Article 5)."""
        rnd, P = self.rnd, self.players
        residents = sorted(residents)
        g = GroupTrace(
            score=score,
            side=side,
            attempt=attempt,
            residents=residents,
            incoming_down=list(down_in),
            incoming_up=list(up_in),
            floaters_to=floaters_to,
        )
        members = [*down_in, *up_in, *residents]
        lp = [P[n] for n in members]
        index = {n: i for i, n in enumerate(members)}
        compatible = rnd.compatible
        adj = LazyAdjacency(len(lp), lambda i, j: compatible(lp[i], lp[j]))
        matching = Matching(adj, edge=adj.edge)
        order = [index[n] for n in (residents if side.downward else residents[::-1])]
        hint = [(a, b) for a, b in proposed_pairing(order) if compatible(lp[a], lp[b])]
        m = matching.maximise(hint)
        g.max_pairs = m
        f = len(members) - 2 * m
        if f and side is Side.MEDIAN:
            g.blocked = (
                f"only {_plural(m, 'compatible pair')} for {len(members)} members; "
                "nobody floats out of the median (2.6)"
            )
            raise MedianBlocked(g)

        floaters: list[int] = []
        if f:
            floaters, matching = choose_floaters(rnd, g, side, members, lp, matching, m, f, adjacent)
        out_set = set(floaters)

        # 3.6 / 3.7: incoming floaters first.
        pairs: list[tuple[int, int]] = []
        done: set[int] = set()
        down_queue = sorted((n for n in down_in if n not in out_set), key=lambda n: (-P[n].score, n))
        up_queue = sorted((n for n in up_in if n not in out_set), key=lambda n: (P[n].score, -n))
        incoming_left = set(down_queue) | set(up_queue)
        for x, downward in [(n, True) for n in down_queue] + [(n, False) for n in up_queue]:
            if x in done:
                continue
            article = "3.6" if downward else "3.7"
            res = [n for n in residents if n not in out_set and n not in done]
            if not downward:
                res.reverse()
            found = floater_opponent(rnd, x, res, matching, index, article, "resident")
            if found is None:
                others = [n for n in incoming_left if n != x and n not in done]
                others.sort(key=(lambda n: (-P[n].score, n)) if downward else (lambda n: (P[n].score, -n)))
                found = floater_opponent(rnd, x, others, matching, index, article, "incoming floater")
            if found is None:  # pragma: no cover - the matching guarantees an opponent
                raise AssertionError(f"floater {x} has no available opponent")
            opponent, rule, matching = found
            pairs.append((x, opponent))
            done.update((x, opponent))
            g.floater_pairs.append(FloaterPairing(x, opponent, rule))

        # 2.4, Article 4, 5.2: the residents left.
        rest = [index[n] for n in residents if n not in out_set and n not in done]
        if not side.downward:
            rest.reverse()
        g.proposal = [(members[a], members[b]) for a, b in proposed_pairing(rest)]
        for a, b in pair_residents(rnd, g, side, rest, lp, matching):
            pairs.append((members[a], members[b]))

        allocations = [allocate_colours(rnd, P[a], P[b], side) for a, b in pairs]
        g.pairs = pairs
        g.boards = [BoardNote(al.white, al.black, al.rule) for al in allocations]
        return GroupOutcome(pairs, floaters, allocations, g)
