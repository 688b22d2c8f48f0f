"""Articles 3.6–3.7 literally: walk the candidates of a bracket in generation order
and stop at the first one that reaches the best value each criterion can possibly
have. Such a candidate is optimal (nothing can beat an unbeatable value on every
criterion) and, being the first optimal one generated, it is the bracket's choice
(3.8). This settles the common large brackets quickly.

The bounds are proven lower bounds on the failures of every candidate:

* all MDPs paired and the remainder paired except at most one player ([C6], [C7]);
* the player left over, if any, the best one for the next bracket ([C8]: it joins a
  pair there if any can, else it at least finds an opponent), then for [C9], and
  without a recent downfloat ([C14], [C16]) among those;
* [C12] and [C13]: counting colour preferences — with ``w`` players wanting White,
  ``b`` wanting Black and ``z`` without preference, at least ``(|w-b|-z)/2`` pairs
  share a preference, and those pairs fail [C13] unless they hold a mild preference
  (or are both absolute);
* every other pair criterion ([C10], [C11], [C15], [C17], and through them [C19],
  [C21]) at zero failures.

When no candidate reaches the bounds within a fixed amount of work, or when proving
that none exists would need exchanges of more than one player, the search gives up
and the bracket goes to the optimiser of :mod:`.bracket`, which is exact in every
case.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from swissbridge.model import Colour
from swissbridge.plugins.assignment import first_optimal_assignment
from swissbridge.plugins.matching import max_cardinality_matching, missable_vertices
from swissbridge.state import Float, Strength

from .completion import BYE, Completion, group_matching, max_pairs
from .context import Entrant, RoundContext
from .criteria import Criterion, Family, Kind, Scope
from .graph import FirstSingle, ranked, row
from .weights import Layout

BUDGET_FACTOR = 40
STUCK = 64
"""Nodes a search step may spend backtracking before it settles its subtree exactly."""


class GiveUp(Exception):
    """The search cannot settle the bracket cheaply."""


@dataclass
class Found:
    """The candidate the search settled on: its pairs (higher rank, lower rank, MDP pair)
    and the players it leaves to float down."""

    pairs: list[tuple[int, int, bool]]
    floaters: list[int]


class CandidateSearch:
    def __init__(
        self,
        ctx: RoundContext,
        comp: Completion,
        scope: Scope,
        criteria: Sequence[Criterion],
        mdps: list[int],
        residents: list[int],
        nxt: list[int],
        lower: list[int],
    ) -> None:
        self.ctx = ctx
        self.comp = comp
        self.scope = scope
        self.players = ctx.players
        self.compat = ctx.compat
        self.mdps = mdps
        self.residents = residents
        self.nxt = nxt
        self.lower = lower
        self.pair_criteria = [c for c in criteria if c.family is Family.PAIR]
        size = len(mdps) + len(residents)
        # the search's steps, and the exact matchings that settle a split (each charged
        # S1 x S2: far less than the optimiser's matching over bracket and next group)
        self.budget = BUDGET_FACTOR * size + 4000 + size * size
        self._violations: dict[tuple[int, int], tuple[int, ...]] = {}
        self._floater_key: dict[int, tuple[int, ...]] = {}
        self._next_mate: dict[int, int] | None = None
        self._colour_keys: dict[int, ColourKey] = {}
        # the exact tails' costs: a pair's failures, packed in priority order (one
        # field per pair criterion, wide enough for every pair of the bracket)
        self._layout = Layout.build([(c.name, 1) for c in self.pair_criteria], size // 2 + 1)
        self._costs: dict[tuple[int, int], int] = {}

    # -- per pair / per floater -----------------------------------------------------
    def violations(self, h: int, lo: int) -> tuple[int, ...]:
        key = (h, lo)
        got = self._violations.get(key)
        if got is None:
            ph, pl = self.players[h], self.players[lo]
            got = tuple(0 if c.value(ph, pl, Kind.CURRENT, self.scope) else 1 for c in self.pair_criteria)
            self._violations[key] = got
        return got

    def _next_bracket(self) -> tuple[int, set[int], set[int]]:
        """μ(N), the set D(N) of next residents some maximum matching leaves single,
        and the next residents."""
        nxt = self.nxt
        maximum, rows = group_matching(self.compat, nxt)
        mate, even = missable_vertices(len(nxt), rows, maximum)
        size = sum(1 for i, m in enumerate(mate) if m > i)
        return size, {nxt[i] for i in even}, set(nxt)

    def floater_keys(self, candidates: Sequence[int]) -> dict[int, tuple[int, ...]]:
        """[C8], [C9] and [C14]/[C16] value of leaving ``f`` over (larger is better)."""
        if not self._floater_key:
            _, missable, nxt_set = self._next_bracket()
            scope = self.scope
            comp = self.comp
            last = not self.nxt and not self.lower
            for f in [*self.mdps, *self.residents]:
                p = self.players[f]
                ok = self.compat.ok
                joins = 1 if any(ok(f, w) for w in missable) else 0  # μ(N + f) = μ(N) + 1
                meets = 1 if any(ok(f, w) for w in nxt_set) else 0  # f can be paired in the next bracket
                if last and not comp.bye_candidate(f):
                    continue  # the last bracket's leftover takes the PAB
                c9 = 0
                if scope.c9_active and scope.bye_score is not None and p.pscore == scope.bye_score:
                    c9 = -scope.c9_rank[p.played_games]
                d1 = 0 if (scope.completed >= 1 and p.float1 is Float.DOWN) else 1
                d2 = 0 if (scope.completed >= 2 and p.float2 is Float.DOWN) else 1
                self._floater_key[f] = (joins, meets, c9, d1, d2)
        return {f: self._floater_key[f] for f in candidates if f in self._floater_key}

    # -- the colour bound -------------------------------------------------------------
    def colour_bound(self, vs: Iterable[int]) -> tuple[int, int]:
        """Least [C12] and [C13] failures of any pairing of the players ``vs`` (even
        count).

        At least ``k`` pairs are two players of the majority colour; such a pair keeps
        [C13] only when it holds a mild preference or two absolute ones, and two
        absolute preferences for the same colour may meet only when one of them is
        not restricting ([C3]: a topscorer in the last round)."""
        return _colour_bound(self._colour_tally(vs))

    def colour_bounds_without(self, vs: Iterable[int], leave_out: Iterable[int]) -> dict[int, tuple[int, int]]:
        """:meth:`colour_bound` of ``vs`` without ``f``, for each ``f`` of ``leave_out``
        (the players ``vs`` are counted once)."""
        tally = self._colour_tally(vs)
        by_key: dict[ColourKey, tuple[int, int]] = {}
        out: dict[int, tuple[int, int]] = {}
        for f in leave_out:
            key = self._colour_key(f)
            got = by_key.get(key)
            if got is None:
                tally[key] -= 1
                got = by_key[key] = _colour_bound(tally)
                tally[key] += 1
            out[f] = got
        return out

    def _colour_key(self, x: int) -> ColourKey:
        got = self._colour_keys.get(x)
        if got is None:
            p = self.players[x]
            got = self._colour_keys[x] = (p.preference, p.strength, self.compat.colour[x] is None)
        return got

    def _colour_tally(self, vs: Iterable[int]) -> dict[ColourKey, int]:
        """How many of ``vs`` there are of each :data:`ColourKey`."""
        tally: dict[ColourKey, int] = {}
        for x in vs:
            key = self._colour_key(x)
            tally[key] = tally.get(key, 0) + 1
        return tally

    def _least_c13(self, s1: Sequence[int], s2: Sequence[int], still: int, odd: bool) -> float:
        """Least [C13] failures of the pairs of ``s1`` with ``s2`` (one of ``s2`` left
        over to float when ``odd``) when exactly ``still`` of them share a preference;
        infinite when that many cannot.

        Counted colour by colour: with ``w`` players wanting White, ``b`` Black and
        ``z`` none among the paired ones, the White pairs ``WW`` and Black pairs ``BB``
        satisfy ``2·(BB − WW) = b − w − BZ + WZ`` with ``BZ + WZ <= z`` (the players
        without preference), so ``WW + BB = still`` fixes ``WW`` to an interval. A
        White pair keeps [C13] only with a mild (1.7.3) White preference in it, or as
        two absolute ones of which one is not restricting ([C3]); so do Black pairs. A
        mild Black preference is no help to a White pair: counting it there (as this
        bound once did) lets the walk into prefixes that have already wasted the
        majority colour's mild players, as under Baku acceleration, where a
        scoregroup's target leaves [C13] exactly the majority's shared pairs that its
        mild players cannot keep."""
        tally = self._colour_tally((*s1, *s2))
        if not odd:
            return _least_c13_of(tally, still)
        least = math.inf
        for key in {self._colour_key(x) for x in s2 if self._floater_ok(x)}:
            tally[key] -= 1
            least = min(least, _least_c13_of(tally, still))
            tally[key] += 1
        return least

    # -- the search ----------------------------------------------------------------------
    def run(self) -> Found | None:
        try:
            return self._run()
        except GiveUp:
            return None

    def _tick(self, n: int = 1) -> None:
        self.budget -= n
        if self.budget < 0:
            raise GiveUp

    def _run(self) -> Found | None:
        scope = self.scope
        if scope.c9_active and (self.nxt or self.lower):
            raise GiveUp
        mdps, residents = self.mdps, self.residents
        if len(mdps) > len(residents):
            raise GiveUp
        everyone = [*mdps, *residents]
        odd = len(everyone) % 2 == 1
        # targets: the best values any candidate can reach
        self.floater_best: tuple[int, ...] | None = None
        if odd:
            keys = self.floater_keys(residents)
            if not keys:
                raise GiveUp
            top = max(k[:3] for k in keys.values())
            best: tuple[int, ...] | None = None
            bounds = self.colour_bounds_without(everyone, (f for f, k in keys.items() if k[:3] == top))
            for f, k in keys.items():
                if k[:3] != top:
                    continue
                c12, c13 = bounds[f]
                cand = (*top, -c12, -c13, k[3], k[4])
                if best is None or cand > best:
                    best = cand
            assert best is not None
            self.floater_best = (best[0], best[1], best[2], best[5], best[6])
            t12, t13 = -best[3], -best[4]
        else:
            t12, t13 = self.colour_bound(everyone)
        names = [c.name for c in self.pair_criteria]
        target = [0] * len(names)
        if "C12" in names:
            target[names.index("C12")] = t12
        if "C13" in names:
            target[names.index("C13")] = t13
        self.target = tuple(target)
        self.c12 = names.index("C12") if "C12" in names else -1
        self.c13 = names.index("C13") if "C13" in names else -1
        found = self._mdp_pairs(0, [], set(), (0,) * len(names))
        if found is None:
            return None
        return found

    def _floater_ok(self, f: int) -> bool:
        best = self.floater_best
        if best is None:
            return False
        key = self._floater_key.get(f)
        return key is not None and key == best

    def _mdp_pairs(self, i: int, chosen: list[tuple[int, int]], used: set[int], viol: tuple[int, ...]) -> Found | None:
        """3.7: the MDPs in rank order take residents in the order of the S2
        transpositions (4.2); for each MDP-Pairing, the remainder's candidates."""
        if i == len(self.mdps):
            rem = [v for v in self.residents if v not in used]
            result = self._remainder(rem, viol)
            if result is None:
                return None
            return Found([(h, lo, True) for h, lo in chosen] + result.pairs, result.floaters)
        m = self.mdps[i]
        ok = self.compat.ok
        for r in self.residents:
            if r in used or not ok(m, r):
                continue
            self._tick()
            v = _add(viol, self.violations(m, r))
            if not _within(v, self.target):
                continue
            used.add(r)
            chosen.append((m, r))
            found = self._mdp_pairs(i + 1, chosen, used, v)
            chosen.pop()
            used.discard(r)
            if found is not None:
                return found
        return None

    def _remainder(self, rem: list[int], viol: tuple[int, ...]) -> Found | None:
        """The remainder's candidates: original S1/S2 first, then the exchanges of
        one player each in the order of 4.3. ``None`` only when it is proven that no
        candidate of this remainder reaches the targets."""
        r = len(rem)
        p = r // 2
        if r % 2 == 1 and not any(self._floater_ok(f) for f in rem):
            return None
        # no exchange can beat the colour count of the remainder's players
        if self.c12 >= 0:
            if r % 2 == 1:
                least = min(c12 for c12, _ in self.colour_bounds_without(rem, filter(self._floater_ok, rem)).values())
            else:
                least = self.colour_bound(rem)[0]
            if viol[self.c12] + least > self.target[self.c12]:
                return None
        pos = {v: i for i, v in enumerate(rem)}
        if max_pairs(self.compat, rem) < p:
            return None
        s1, s2 = rem[:p], rem[p:]
        found = self._transpositions(s1, s2, viol)
        if found is not None:
            return found
        # exchanges of one player, 4.3 order: smallest BSN difference, then the
        # highest BSN out of S1, then the lowest into S1
        swaps = sorted(
            ((a, b) for a in range(p) for b in range(p, r)),
            key=lambda ab: (ab[1] - ab[0], -ab[0], ab[1]),
        )
        for a, b in swaps:
            self._tick()
            new_s1 = sorted([*rem[:a], *rem[a + 1 : p], rem[b]], key=pos.__getitem__)
            new_s2 = sorted([*rem[p:b], *rem[b + 1 :], rem[a]], key=pos.__getitem__)
            found = self._transpositions(new_s1, new_s2, viol)
            if found is not None:
                return found
        raise GiveUp  # larger exchanges are not searched

    def _transpositions(self, s1: list[int], s2: list[int], viol: tuple[int, ...]) -> Found | None:
        """4.2: S1[i] against the S2 orderings in lexicographic order of BSNs; the first
        transposition reaching the targets, or ``None`` (:class:`_Walk`)."""
        walk = _Walk(self, s1, s2)
        if not walk.run(viol):
            return None
        return Found([(a, b, False) for a, b in walk.chosen], walk.unused())

    def _exact_tail(
        self,
        s1: Sequence[int],
        s2: Sequence[int],
        viol: tuple[int, ...],
        odd: bool,
        after: tuple[int, int, Sequence[int]],
    ) -> list[tuple[int, int]] | None:
        """The first completion, in 4.2 order, of a transposition whose first S1
        players are settled: ``s1`` (in order) against the unused ``s2``, the first of
        them not taking an S2 player before position ``after`` (those were tried),
        reaching the targets exactly; ``None`` when there is none. Solved as one
        bipartite assignment (:mod:`swissbridge.plugins.assignment`): S1 as rows (and,
        in an odd bracket, one more row for the floater, which may take any S2 player
        fit to float), the S2 players as columns in order; the cheapest assignment by
        the failures of each criterion in priority order, and of those the first in
        4.2 order."""
        self._tick(len(s1) * len(s2))
        _h0, j0, s2_all = after
        first_allowed = {x for k, x in enumerate(s2_all) if k >= j0}
        rows = len(s1) + (1 if odd else 0)
        ok = self.compat.ok
        costs = self._costs
        edges: list[list[tuple[int, int]]] = []
        for i, h in enumerate(s1):
            row: list[tuple[int, int]] = []
            for col, x in enumerate(s2):
                if not ok(h, x) or (i == 0 and x not in first_allowed):
                    continue
                key = (h, x) if h < x else (x, h)
                cost = costs.get(key)
                if cost is None:
                    cost = costs[key] = self._layout.pack(self.violations(*key))
                row.append((col, cost))
            edges.append(row)
        if odd:
            edges.append([(col, 0) for col, x in enumerate(s2) if self._floater_ok(x)])
        assert len(s2) == rows, "S2 holds one player for each S1 player, and the floater"
        mate = first_optimal_assignment(rows, edges)
        if mate is None:
            return None
        total = list(viol)
        out: list[tuple[int, int]] = []
        for i, h in enumerate(s1):
            x = s2[mate[i]]
            a, b = (h, x) if h < x else (x, h)
            for t, c in enumerate(self.violations(a, b)):
                total[t] += c
            out.append((a, b))
        if tuple(total) != self.target:
            if _within(tuple(total), self.target):
                raise GiveUp
            return None
        return out

    # -- after the search: the rest of the round ----------------------------------------
    def completes(self, found: Found) -> dict[int, int] | None:
        """[C4]/[C5] with the next bracket paired as [C8] assumed: a complete pairing of
        everybody below the bracket, or ``None``.

        With a floater ``f``, the next bracket is given one maximum matching with
        ``f`` in it, and the players that matching leaves single must pair with the
        lower scoregroups. Which maximum matching it is matters here (unlike in
        :meth:`Completion.complete`, whose answer counts only as yes/no): another one
        leaves other players single, and their completion may succeed where this
        one fails, which sends the bracket to the optimiser instead. So the matching
        stays exactly the one it always was — ``f`` with the first player of its row,
        then every single player in rank order by augmenting paths — and only the
        way it is found changed: :class:`~.graph.FirstSingle` gives a
        root's first single neighbour without building its row, which is what the
        augmenting-path search from a root with a single neighbour ends with
        (:func:`max_cardinality_matching`); rows are built only for searches that go
        beyond the root's own row. On a dense next scoregroup the table of rows alone
        was quadratic in time and memory (issue 19: 2 380 players, 87 of 113 s)."""
        comp = self.comp
        compat = self.compat
        if not found.floaters:
            return comp.complete([*self.nxt, *self.lower])
        f = found.floaters[0]
        if not self.nxt:
            if self.lower or not comp.bye_candidate(f):
                return None
            return {f: BYE}
        group = [f, *self.nxt]
        order = ranked(group)
        singles = FirstSingle(compat, group, order)
        start = [-1] * len(group)
        first = singles.first(0, start)
        if first != -1:
            start[0] = first
            start[first] = 0
        mate = max_cardinality_matching(
            len(group), lambda i: row(compat, group[i], group, order), start, first_single=singles.first
        )
        single = [group[i] for i, m in enumerate(mate) if m == -1]
        rest = comp.complete([*single, *self.lower])
        if rest is None:
            return None
        for i, m in enumerate(mate):
            if m != -1:
                rest[group[i]] = group[m]
        return rest


ColourKey = tuple[Colour | None, Strength, bool]
"""A player as the colour bounds count it: its colour preference, the strength of
it, and whether it is unrestricted (an absolute preference that may still meet the
same one: [C3] relaxed, :meth:`RoundState.restricting_colour`)."""


class _Walk:
    """The transpositions of one split S1/S2 (4.2), depth-first: each S1 player in
    order tries the unused S2 players in BSN order, and a branch is cut as soon as the
    bounds show it cannot reach the search's targets (:meth:`enter`).

    What :meth:`enter` counts over the rest of the split is kept up to date instead of
    recounted at every level (a level would otherwise cost O(bracket), and a walk
    without backtracking O(bracket²)): suffix counts of S1, and the counts of the
    unused S2 players, changed by :meth:`mark` whenever an S2 player is taken or
    freed. Per player: wants White, wants Black, absolute White, absolute Black."""

    __slots__ = (
        "chosen",
        "floats2",
        "free",
        "hall",
        "kinds2",
        "odd",
        "p",
        "rest",
        "rest_floaters",
        "s1",
        "s2",
        "search",
        "suffix",
    )  # fmt: skip

    def __init__(self, search: CandidateSearch, s1: list[int], s2: list[int]) -> None:
        self.search = search
        self.s1 = s1
        self.s2 = s2
        self.p = p = len(s1)
        self.odd = len(s2) > p  # one S2 player more than S1: the split leaves a floater
        # absolute preferences keep players apart ([C3]; not for topscorers in the last round)
        self.hall = not search.ctx.state.last_round
        players = search.players
        kinds = [_kind_of(players[x]) for x in s1]
        self.suffix: list[tuple[int, ...]] = [(0, 0, 0, 0)] * (p + 1)
        for i in range(p - 1, -1, -1):
            self.suffix[i] = _add(self.suffix[i + 1], kinds[i])
        self.kinds2 = [_kind_of(players[x]) for x in s2]
        self.floats2 = [search._floater_ok(x) for x in s2]
        self.free = (1 << len(s2)) - 1  # bit j set: S2[j] is unused
        self.rest = [sum(k[t] for k in self.kinds2) for t in range(4)]
        self.rest_floaters = sum(self.floats2)
        self.chosen: list[tuple[int, int]] = []  # the pairs made, one per S1 player in order

    def mark(self, j: int, taken: bool) -> None:
        """S2[j] taken (or freed again)."""
        self.free ^= 1 << j
        sign = -1 if taken else 1
        rest = self.rest
        for t, c in enumerate(self.kinds2[j]):
            rest[t] += sign * c
        if self.floats2[j]:
            self.rest_floaters += sign

    def unused(self) -> list[int]:
        """The S2 players no pair takes yet, in BSN order."""
        free = self.free
        return [x for j, x in enumerate(self.s2) if free >> j & 1]

    def enter(self, i: int, v: tuple[int, ...]) -> bool | None:
        """The checks made on reaching S1[i] with failures ``v`` so far: ``True``
        when the transposition is complete and reaches the targets, ``False`` when
        this branch cannot, ``None`` when S1[i] is to be given an opponent."""
        search = self.search
        target = search.target
        p, odd = self.p, self.odd
        if i == p:
            if odd and not self.floats2[(self.free & -self.free).bit_length() - 1]:
                return False
            if v != target:
                if _within(v, target):
                    raise GiveUp  # a bound was not a bound: let the optimiser decide
                return False
            return True
        n1 = p - i
        n2 = n1 + (1 if odd else 0)
        w1, b1, a1w, a1b = self.suffix[i]
        w2, b2, a2w, a2b = self.rest
        c12, c13 = search.c12, search.c13
        if c12 >= 0:
            z1, z2 = n1 - w1 - b1, n2 - w2 - b2
            fine = min(w1, b2 + z2) + min(b1, w2 + z2) + z1
            if v[c12] + max(0, n1 - fine) > target[c12]:
                return False
            if c13 >= 0:
                # the rest makes exactly the shared-preference pairs the [C12] target
                # leaves (it is a lower bound); those that hold no mild preference
                # (nor two absolute ones) fail [C13]
                still = target[c12] - v[c12]
                spare = target[c13] - v[c13]
                if still > spare and search._least_c13(self.s1[i:], self.unused(), still, odd) > spare:
                    return False
        if odd and not self.rest_floaters:
            return False
        # Hall's condition on absolute preferences: a player with an absolute
        # preference cannot meet one with the same absolute preference ([C3],
        # outside the topscorers' exception), so each such group of the rest of
        # S1 (of S2) needs enough partners in the rest of S2 (of S1)
        slack = 1 if odd else 0
        if self.hall and not (
            a1w <= n2 - a2w and a1b <= n2 - a2b and a2w <= n1 - a1w + slack and a2b <= n1 - a1b + slack
        ):
            return False
        return None

    def run(self, v0: tuple[int, ...]) -> bool:
        """The walk from failures ``v0``: whether a transposition reaches the targets
        (then :attr:`chosen` holds it). Iterative, with an explicit stack of one frame
        per S1 player being given an opponent (a bracket's S1 can hold thousands of
        players): the S1 index is the depth; each frame holds its failures so far, the
        next S2 index to try, and the budget on entry."""
        first = self.enter(0, v0)
        if first is not None:
            return first
        search = self.search
        s1, s2, chosen = self.s1, self.s2, self.chosen
        ok = search.compat.ok
        target = search.target
        viols: list[tuple[int, ...]] = [v0]
        nexts: list[int] = [0]
        starts: list[int] = [search.budget]
        while viols:
            i = len(viols) - 1
            v = viols[i]
            start = starts[i]
            h = s1[i]
            descended = False
            j = nexts[i] - 1
            while True:
                later = self.free >> (j + 1)
                if not later:
                    break
                j += (later & -later).bit_length()  # the next unused S2 player
                lo = s2[j]
                if not ok(h, lo):
                    continue
                if start - search.budget > STUCK:
                    return self._settle(i, j, viols, nexts)
                search._tick()
                a, b = (h, lo) if h < lo else (lo, h)
                nv = _add(v, search.violations(a, b))
                if not _within(nv, target):
                    continue
                self.mark(j, True)
                chosen.append((a, b))
                got = self.enter(i + 1, nv)
                if got is True:
                    return True
                if got is None:
                    nexts[i] = j + 1
                    viols.append(nv)
                    nexts.append(0)
                    starts.append(search.budget)
                    descended = True
                    break
                chosen.pop()
                self.mark(j, False)
            if descended:
                continue
            # S1[i] found no opponent leading to the targets: back to S1[i - 1]
            viols.pop()
            nexts.pop()
            starts.pop()
            if viols:
                chosen.pop()
                self.mark(nexts[-1] - 1, False)
        return False

    def _settle(self, i: int, j: int, viols: list[tuple[int, ...]], nexts: list[int]) -> bool:
        """Blind backtracking is getting expensive at S1[i] (about to try S2[j]):
        settle the rest of this transposition exactly, from here
        (:meth:`CandidateSearch._exact_tail`). When nothing follows this prefix,
        rather than back up one S1 player at a time, settle exactly from a frame 1,
        2, 4, ... S1 players higher, that frame's player keeping its opponent or a
        later one (everything before it in 4.2 order is refuted already)."""
        search = self.search
        s1, s2, chosen = self.s1, self.s2, self.chosen
        tail = search._exact_tail(s1[i:], self.unused(), viols[i], self.odd, after=(s1[i], j, s2))
        back = 1
        frame = i
        while tail is None and frame > 0:
            frame = max(0, i - back)
            back *= 2
            del chosen[frame:]
            self.free = _unused_of(s2, chosen)
            tail = search._exact_tail(
                s1[frame:], self.unused(), viols[frame], self.odd, after=(s1[frame], nexts[frame] - 1, s2)
            )
        if tail is None:
            return False
        chosen.extend(tail)
        self.free = _unused_of(s2, chosen)
        return True


def _colour_counts(tally: dict[ColourKey, int]) -> tuple[dict[Colour, int], dict[Colour, int], int]:
    """From a tally of players: for each colour, how many prefer it and how many
    pairs of two such players can keep [C13] (one per mild preference, and two
    absolute preferences where one is unrestricted); and how many have no preference."""
    count = {Colour.WHITE: 0, Colour.BLACK: 0}
    mild = {Colour.WHITE: 0, Colour.BLACK: 0}
    absolute = {Colour.WHITE: 0, Colour.BLACK: 0}
    free = {Colour.WHITE: 0, Colour.BLACK: 0}
    z = 0
    for (pref, strength, unrestricted), c in tally.items():
        if pref is None:
            z += c
            continue
        count[pref] += c
        if strength is Strength.MILD:
            mild[pref] += c
        elif strength is Strength.ABSOLUTE:
            absolute[pref] += c
            free[pref] += c if unrestricted else 0
    keep = {colour: mild[colour] + min(absolute[colour] // 2, free[colour]) for colour in count}
    return count, keep, z


def _colour_bound(tally: dict[ColourKey, int]) -> tuple[int, int]:
    """:meth:`CandidateSearch.colour_bound` of the players counted in ``tally``."""
    count, keep, z = _colour_counts(tally)
    w, b = count[Colour.WHITE], count[Colour.BLACK]
    k = max(0, abs(w - b) - z) // 2
    if k == 0:
        return 0, 0
    return k, max(0, k - keep[Colour.WHITE if w >= b else Colour.BLACK])


def _least_c13_of(tally: dict[ColourKey, int], still: int) -> float:
    """:meth:`CandidateSearch._least_c13` for the paired players counted in ``tally``."""
    count, keep, z = _colour_counts(tally)
    keep_w, keep_b = keep[Colour.WHITE], keep[Colour.BLACK]
    diff = count[Colour.BLACK] - count[Colour.WHITE]
    # 4·WW = 2·still − 2·(BB − WW), and 2·(BB − WW) lies in [diff − z, diff + z]
    low = max(0, -((diff + z - 2 * still) // 4))
    high = min(still, (2 * still - diff + z) // 4)
    if low > high:
        return math.inf

    def fails(ww: int) -> int:
        return max(0, ww - keep_w) + max(0, still - ww - keep_b)

    # convex in WW: its minimum over [low, high] is at either clamped breakpoint
    return min(fails(min(high, max(low, keep_w))), fails(min(high, max(low, still - keep_b))))


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _within(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True))


def _unused_of(s2: Sequence[int], chosen: Iterable[tuple[int, int]]) -> int:
    """The bitset of the S2 players (by index) that no pair of ``chosen`` takes."""
    taken = {x for pair in chosen for x in pair}
    return sum(1 << k for k, x in enumerate(s2) if x not in taken)


def _kind_of(p: Entrant) -> tuple[int, int, int, int]:
    """What the walk counts of a player: wants White, wants Black, absolutely White,
    absolutely Black (each 0 or 1)."""
    white = p.preference is Colour.WHITE
    black = p.preference is Colour.BLACK
    return int(white), int(black), int(white and p.absolute), int(black and p.absolute)
