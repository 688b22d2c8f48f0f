"""The Lim procedure (FIDE C.04.4.3, 2026), followed in the order of the text.

1. Article 1 (7.1 in round 1): the PAB is taken out first.
2. 2.2: scoregroups are paired from the top down to just above the median, then
   from the bottom up to just below it, the Median Scoregroup last.
3. In each group (2.3, Article 3): the number of floaters is the number of members
   left over by the largest set of compatible pairs; they are chosen one at a time
   by the preferences of 3.9, 3.10, 3.2.2 (3.2.3) and 3.2.4, and handed to the next
   group towards the median.
4. 3.6 / 3.7: the incoming floaters that stay are paired first.
5. 2.4, Article 4: the remaining residents are proposed 1 v n/2+1 and scrutinised;
   exchanges follow the order of 4.2/4.3.
6. 5.2: among the compatible pairings of those residents the one giving most
   players their due colour is taken (ties: the exchange order).
7. 2.6: a median that cannot be paired is unblocked by breaking the pairings made
   last next to it, one at a time.
8. Article 5 gives each board its colours.

Every "can the rest still be paired?" question is answered with an exact
matching (:mod:`.feasibility`), so the procedure never tries whole pairings blindly.
The only search is the colour objective of 5.2, which is bounded: see
:data:`COLOUR_SEARCH_LIMIT`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from swissbridge.model import Colour, format_points
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.lim.colours import Allocation, allocate_colours, due_colours_of_pair
from swissbridge.plugins.lim.exchange import exchange_order, proposed_pairing
from swissbridge.plugins.lim.feasibility import BipartiteMatching, LazyAdjacency, Matching
from swissbridge.plugins.lim.objective import BLACK_DUE, NO_DUE, WHITE_DUE, most_due_colours
from swissbridge.plugins.lim.rules import BLACK, WHITE, LimPlayer, LimRound, Side, within_maxi_limit
from swissbridge.plugins.lim.trace import (
    BoardNote,
    ColourNote,
    CrackStep,
    FloaterChoice,
    FloaterPairing,
    GroupTrace,
    LimTrace,
    PabTrace,
    ScrutinyStep,
    _plural,
)

_TYPE_RANK = {"d": 0, "c": 1, "b": 2, "a": 3}


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
                reason = (
                    f"{n_down} floaters from above, {n_up} from below: break the last pairing made "
                    + ("below the median" if side is Side.BELOW else "above the median")
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
            floaters, matching = self.choose_floaters(g, side, members, lp, matching, m, f, adjacent)
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
            found = self._floater_opponent(x, res, matching, index, article, "resident")
            if found is None:
                others = [n for n in incoming_left if n != x and n not in done]
                others.sort(key=(lambda n: (-P[n].score, n)) if downward else (lambda n: (P[n].score, -n)))
                found = self._floater_opponent(x, others, matching, index, article, "incoming floater")
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
        for a, b in self.pair_residents(g, side, rest, lp, matching):
            pairs.append((members[a], members[b]))

        allocations = [allocate_colours(rnd, P[a], P[b], side) for a, b in pairs]
        g.pairs = pairs
        g.boards = [BoardNote(al.white, al.black, al.rule) for al in allocations]
        return GroupOutcome(pairs, floaters, allocations, g)

    # ------------------------------------------------------------------ Article 3
    def choose_floaters(
        self,
        g: GroupTrace,
        side: Side,
        members: list[int],
        lp: list[LimPlayer],
        matching: Matching,
        m: int,
        f: int,
        adjacent: list[int],
    ) -> tuple[list[int], Matching]:
        """2.3 and Article 3 (readings 4, 5): ``f`` floaters, chosen one at a time;
        each is the first candidate in the preference order whose transfer still
        lets the group make its ``m`` pairs. Preferences, most important first:
        3.9 floater type (d, then c, b, a), 3.10 did not float in the previous
        round, 3.2.2 due the colour more of the remaining players are due (3.2.3:
        in a Maxi-tournament only within 100 points of the 3.2.4 choice), 3.2.4
        the lowest numbered player pairing downward, the highest numbered upward."""
        rnd, P = self.rnd, self.players
        compatible = rnd.compatible
        incoming = set(g.incoming_down) | set(g.incoming_up)
        adjacent_matching = BipartiteMatching(adjacent, lambda x, t: compatible(P[x], P[t]))
        default_words = "3.2.4 (the lowest numbered player)" if side.downward else "3.2.4 (the highest numbered player)"
        floaters: list[int] = []
        for _ in range(f):
            remaining = [i for i in range(len(lp)) if matching.alive[i]]
            whites = sum(1 for i in remaining if lp[i].due is WHITE)
            blacks = sum(1 for i in remaining if lp[i].due is BLACK)
            majority: Colour | None = WHITE if whites > blacks else BLACK if blacks > whites else None
            keyed: list[tuple[tuple[int, int, int, int], int, str]] = []
            for i in remaining:
                x = lp[i]
                has = adjacent_matching.would_match(x.no)
                kind = ("b" if has else "a") if x.no in incoming else ("d" if has else "c")
                key = (
                    _TYPE_RANK[kind],
                    1 if x.floated_previous_round else 0,
                    0 if majority is None or x.due is majority else 1,
                    -x.no if side.downward else x.no,
                )
                keyed.append((key, i, kind))
            keyed.sort()
            valid = _transfer_test(matching, m)

            pos = next(k for k, (_, i, _) in enumerate(keyed) if valid(i) is not None)
            key, chosen, kind = keyed[pos]
            rule = ""
            if rnd.maxi and majority is not None and key[2] == 0:
                same_class = sorted((e for e in keyed if e[0][:2] == key[:2]), key=lambda e: e[0][3])
                default_pick = next(e for e in same_class if valid(e[1]) is not None)
                if default_pick[1] != chosen and not within_maxi_limit(
                    lp[chosen].rating, lp[default_pick[1]].rating
                ):
                    rule = (
                        f"3.2.3 (Maxi): #{lp[chosen].no}, due the majority colour, is rated more than 100 points "
                        f"from #{lp[default_pick[1]].no}, whom {default_words.split(' (')[0]} would float; "
                        f"{default_words}"
                    )
                    key, chosen, kind = default_pick
            if not rule:
                rule = self._floater_reason(keyed, pos, lp, valid, m, majority, default_words)
            x = lp[chosen]
            others = [p for p in lp if p is not x]
            if not others:
                why = "2.3.4: alone in the group"
            elif not any(compatible(x, o) for o in others):
                if all(o.no in x.opponents for o in others):
                    why = "2.3.1: has played everyone in the group"
                else:
                    why = "2.3.2/2.3.3: no compatible opponent in the group (colour limits)"
            elif len(lp) - 2 * m == 1:
                why = f"2.3.4: one more to make the number even ({len(lp)} members, {_plural(m, 'pair')})"
            else:
                why = f"2.3, reading 4: the {len(lp)} members make at most {_plural(m, 'compatible pair')}"
            new_matching = valid(chosen)
            assert new_matching is not None
            matching = new_matching
            adjacent_matching.add(x.no)
            floaters.append(x.no)
            g.floaters.append(FloaterChoice(x.no, kind, why, rule))
        return floaters, matching

    @staticmethod
    def _floater_reason(
        keyed: list[tuple[tuple[int, int, int, int], int, str]],
        pos: int,
        lp: list[LimPlayer],
        valid: Callable[[int], Matching | None],
        m: int,
        majority: Colour | None,
        default_words: str,
    ) -> str:
        """Why the floater at ``keyed[pos]`` and not the players 3.2.4 alone would
        have floated before it: the first rule that passed over each of them."""
        key, _, _ = keyed[pos]
        words = [
            "3.9 (floater type: avoid a, then b, then c)",
            "3.10 (did not float in the previous round)",
            f"3.2.2 (due {majority}, the colour more players in the group are due)",
        ]
        earlier = sorted((e for e in keyed if e[0][3] < key[3]), key=lambda e: e[0][3])
        if not earlier:
            return default_words
        notes: list[str] = []
        decisive = 4
        for e in earlier[:8]:
            n = lp[e[1]].no
            if valid(e[1]) is None:
                notes.append(f"#{n} would leave fewer than {m} pairs")
                decisive = min(decisive, 3)
                continue
            level = next(k for k in range(3) if e[0][k] != key[k])
            decisive = min(decisive, level)
            notes.append(
                [
                    f"#{n} is type {'dcba'[e[0][0]]}",
                    f"#{n} floated in the previous round",
                    f"#{n} is not due {majority}",
                ][level]
            )
        if len(earlier) > 8:
            notes.append("…")
        head = words[decisive] if decisive < 3 else f"the first in {default_words} keeping {m} pairs (3.2)"
        return f"{head}; passed over: " + ", ".join(notes)

    def _floater_opponent(
        self,
        x: int,
        order: list[int],
        matching: Matching,
        index: dict[int, int],
        article: str,
        what: str,
    ) -> tuple[int, str, Matching] | None:
        """3.6 / 3.7 (3.8 in a Maxi-tournament): the opponent of the incoming floater
        ``x``: the first available player of ``order`` due the colour opposite to
        the floater's due colour, else the first available. Available = compatible,
        and the rest of the group can still make its pairs."""
        P, rnd = self.players, self.rnd
        px = P[x]
        want = px.due.opposite if px.due is not None else None
        first: tuple[int, Matching] | None = None
        by_colour: tuple[int, Matching] | None = None
        for n in order:
            if not rnd.compatible(px, P[n]):
                continue
            new = matching.with_pair(index[x], index[n])
            if new is None:
                continue
            if first is None:
                first = (n, new)
            if want is None or P[n].due is want:
                if want is not None:
                    by_colour = (n, new)
                break
        if first is None:
            return None
        if want is None:
            return first[0], f"{article}: first available {what} (#{x} has no due colour)", first[1]
        if by_colour is None:
            return first[0], f"{article}: no available {what} due {want}; first available", first[1]
        if by_colour[0] == first[0]:
            return first[0], f"{article}: first available {what}, due {want}", first[1]
        if rnd.maxi and not within_maxi_limit(P[by_colour[0]].rating, P[first[0]].rating):
            return (
                first[0],
                f"3.8 (Maxi): #{by_colour[0]} (due {want}) is rated more than 100 points from the first "
                f"available #{first[0]}, who is taken",
                first[1],
            )
        return (
            by_colour[0],
            f"{article}: first available {what} due {want} (passing over #{first[0]})",
            by_colour[1],
        )

    # ------------------------------------------------------------------ Article 4, 5.2
    def pair_residents(
        self, g: GroupTrace, side: Side, order: list[int], lp: list[LimPlayer], matching: Matching
    ) -> list[tuple[int, int]]:
        """2.4, 2.5, Article 4 (scrutiny and exchanges) and 5.2 (colour objective)
        for the residents ``order`` (group indices in TPN order, reversed when the
        group is paired upward). Returns the pairs in scrutiny order."""
        rnd = self.rnd
        compatible = rnd.compatible

        # Article 4: the first whole pairing, in exchange order, whose pairs are all
        # compatible (4.4: each exchange leaves the rest pairable).
        first: list[tuple[int, int]] = []
        rest = list(order)
        current = matching
        while rest:
            p = rest[0]
            proposed = rest[len(rest) // 2]
            step = ScrutinyStep(lp[p].no, lp[proposed].no, lp[proposed].no)
            for c in exchange_order(rest):
                if not compatible(lp[p], lp[c]):
                    step.rejected.append((lp[c].no, rnd.why_incompatible(lp[p], lp[c])))
                    continue
                new = current.with_pair(p, c)
                if new is None:
                    step.rejected.append((lp[c].no, "the rest of the group could not be paired (4.4)"))
                    continue
                break
            else:  # pragma: no cover - the matching guarantees a compatible pairing
                raise AssertionError("no compatible pairing of the residents")
            step.chosen = lp[c].no
            g.scrutiny.append(step)
            first.append((p, c))
            rest = [v for v in rest if v != p and v != c]
            current = new
        return self._colour_objective(g, side, order, lp, first)

    def _colour_objective(
        self,
        g: GroupTrace,
        side: Side,
        order: list[int],
        lp: list[LimPlayer],
        first: list[tuple[int, int]],
    ) -> list[tuple[int, int]]:
        """5.2 (reading 9): among all compatible pairings of the residents, the one
        giving the most players their due colour; ties go to the pairing that
        comes first in the exchange order (:func:`.objective.most_due_colours`).
        In a Maxi-tournament (5.7) an exchange made only for colour may replace an
        opponent only by one rated within 100 points of the opponent it replaces
        in the scrutiny's pairing."""
        if not first:
            return first
        rnd = self.rnd
        compatible = rnd.compatible
        size = len(lp)
        weights: dict[int, int] = {}

        def weight(a: int, b: int) -> int:
            key = a * size + b if a < b else b * size + a
            w = weights.get(key)
            if w is None:
                w = weights[key] = due_colours_of_pair(rnd, lp[a], lp[b], side)
            return w

        def due_class(i: int) -> int:
            d = lp[i].due
            return WHITE_DUE if d is WHITE else BLACK_DUE if d is BLACK else NO_DUE

        partner = {}
        for a, b in first:
            partner[a], partner[b] = b, a
        maxi = rnd.maxi

        def allowed(a: int, b: int) -> bool:
            """Compatible (2.1) and, in a Maxi-tournament, within 5.7's 100 points."""
            if not compatible(lp[a], lp[b]):
                return False
            if not maxi:
                return True
            return within_maxi_limit(lp[b].rating, lp[partner[a]].rating) and within_maxi_limit(
                lp[a].rating, lp[partner[b]].rating
            )

        best = most_due_colours(order, first, allowed, weight, due_class)
        g.colour_choice = ColourNote(
            dues=sum(1 for i in order if lp[i].due is not None),
            scrutiny=[(lp[a].no, lp[b].no) for a, b in first],
            scrutiny_given=best.scrutiny_given,
            chosen=[(lp[a].no, lp[b].no) for a, b in best.pairs],
            given=best.given,
            maxi=maxi,
        )
        return best.pairs


def _transfer_test(matching: Matching, m: int) -> Callable[[int], Matching | None]:
    """3.2 (reading 4): may member ``i`` float, the group still making ``m`` pairs?
    The answer is the matching of the rest (``None``: no), remembered per member."""
    cache: dict[int, Matching | None] = {}

    def valid(i: int) -> Matching | None:
        if i not in cache:
            new = matching.without(i)
            cache[i] = new if new.size == m else None
        return cache[i]

    return valid
