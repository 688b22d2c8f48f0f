"""Article 3: pairing one bracket.

First :mod:`.search` walks the candidates in generation order and stops at the first
one that reaches the best value every criterion can have (usually within a few
candidates). When it cannot settle the bracket cheaply, the exact optimiser below
decides.

A bracket holds the MDPs left over from above and the residents of one scoregroup.
Instead of generating candidates one by one (3.5–3.7) and keeping the best (3.8),
the bracket is solved as one maximum-weight matching whose edge weight holds every
criterion in priority order (:mod:`.criteria`, :mod:`.weights`) and, below them, the
generation order of Article 4 (:mod:`.generation`); the optimum is therefore the
first best candidate. This is the "equivalent method" of dutch.md §4 and the one
the reference engine uses (dutch-reference.md §6–7). Two steps, as in Article 3.3:

1. the MDP-Pairing (heterogeneous bracket only): which MDPs are paired (4.4.2) and
   with whom (4.2), judged together with the best remainder they allow;
2. the remainder (or the homogeneous bracket): which exchange (4.3) and which
   transposition (4.2).

Each step is first optimised over the bracket and the next scoregroup alone, the
part of the round the quality criteria look at. [C4]/[C5] then check that everybody
else can still be paired with the PAB going to the round's PAB score; in the rare
case they cannot, the step is optimised again over all unpaired players with
completion as the most important field, and [C8] is then measured on the next
bracket as it is paired in that complete round (see :meth:`BracketSolver.optimise`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from swissbridge.model import format_points
from swissbridge.plugins.matching import WeightedMatcher, max_weight_matching
from swissbridge.state import Float

from .completion import BYE, Completion, max_pairs
from .context import RoundContext
from .criteria import QUALITY_CRITERIA, Criterion, Family, Kind, Scope
from .generation import (
    MDP_FIELDS,
    REMAINDER_FIELDS,
    mdp_bounds,
    mdp_fields,
    remainder_bounds,
    remainder_fields,
)
from .graph import table
from .search import CandidateSearch
from .trace import BracketTrace, Floater, PairTrace, Shortfall
from .weights import Layout

PairValues = Callable[[int, int], "tuple[int, ...] | None"]


@dataclass
class BracketResult:
    """One bracket paired: its pairs, the players it floats down, and its trace."""

    pairs: list[tuple[int, int, bool]]
    """(higher rank, lower rank, MDP pair)."""
    floaters: list[int]
    trace: BracketTrace


class BracketSolver:
    """Pairs the brackets of one round, top to bottom."""

    def __init__(self, ctx: RoundContext, comp: Completion, matcher: WeightedMatcher = max_weight_matching) -> None:
        self.ctx = ctx
        self.comp = comp
        self.matcher = matcher
        # every criterion reads only these facts of the two players
        self.signatures = [
            (p.pscore, p.preference, p.strength, p.imbalance, p.repeated, p.float1, p.float2, p.played_games)
            for p in ctx.players
        ]

    # -- the optimiser --------------------------------------------------------------
    def optimise(
        self,
        bracket: Sequence[int],
        nxt: Sequence[int],
        lower: Sequence[int],
        values: PairValues,
        fields: Sequence[tuple[str, int]],
        *,
        closed: bool,
    ) -> tuple[dict[int, int], bool]:
        """The best matching of ``bracket`` and the next scoregroup ``nxt`` by
        ``values`` (a tuple per pair in the order of ``fields``, ``None`` for a pair
        with no value) that leaves everybody, ``lower`` included, completable
        ([C4]/[C5]). Returns a complete pairing of all of them (partner or
        :data:`BYE`) and whether completion had to override the bracket's own
        optimum.

        ``closed``: the bracket can pair all its players, so as long as it does, the
        next scoregroup cannot change any choice made in it ([C8] only weighs
        downfloaters) and is left out of the first try. When completion then forces
        the bracket to downfloat after all, [C8] does weigh the next scoregroup, as
        it is paired in a complete round: the constrained optimum always includes it."""
        inner = list(bracket) if closed else [*bracket, *nxt]
        found = self._optimise_free(inner, [*nxt, *lower] if closed else lower, values, fields)
        if found is not None:
            return found, False
        return self._optimise_completing([*bracket, *nxt], lower, values, fields), True

    def _optimise_free(
        self,
        inner: Sequence[int],
        lower: Sequence[int],
        values: PairValues,
        fields: Sequence[tuple[str, int]],
    ) -> dict[int, int] | None:
        """The best matching of ``inner`` by ``values`` on its own, with a completion
        of ``lower`` and the players it leaves single; ``None`` when there is none."""
        compat = self.ctx.compat
        layout = Layout.build(fields, len(inner) // 2)
        edges: list[tuple[int, int, int]] = []
        rows = table(compat, inner)
        for i, a in enumerate(inner):
            for j in rows[i]:
                if j <= i:
                    continue
                b = inner[j]
                h, lo = (a, b) if a < b else (b, a)
                vals = values(h, lo)
                if vals is None:
                    continue
                w = layout.pack(vals)
                if w > 0:
                    edges.append((i, j, w))
        mate = self.matcher(len(inner), edges)
        unmatched = [inner[i] for i in range(len(inner)) if mate[i] == -1]
        rest = self.comp.complete([*unmatched, *lower])
        if rest is None:
            return None
        result = dict(rest)
        for i, m in enumerate(mate):
            if m != -1:
                result[inner[i]] = inner[m]
        self.comp.remember(result)
        return result

    def _optimise_completing(
        self,
        inner: Sequence[int],
        lower: Sequence[int],
        values: PairValues,
        fields: Sequence[tuple[str, int]],
    ) -> dict[int, int]:
        """The same optimum over every unpaired player, with completion ([C4], and the
        PAB candidates of [C2]/[C5]) as the most important field."""
        compat = self.ctx.compat
        comp = self.comp
        everyone = [*inner, *lower]
        inner_set = set(inner)
        layout = Layout.build([("C4 completion", 3), *fields], len(everyone) // 2)
        zeros = (0,) * len(fields)
        odd = comp.odd
        edges: list[tuple[int, int, int]] = []
        rows = table(compat, everyone)
        for i, a in enumerate(everyone):
            for j in rows[i]:
                if j <= i:
                    continue
                b = everyone[j]
                h, lo = (a, b) if a < b else (b, a)
                f1 = 1
                if odd:
                    f1 += (not comp.bye_candidate(h)) + (not comp.bye_candidate(lo))
                vals: tuple[int, ...] | None = None
                if a in inner_set and b in inner_set:
                    vals = values(h, lo)
                edges.append((i, j, layout.pack((f1, *(vals or zeros)))))
        mate = self.matcher(len(everyone), edges)
        result: dict[int, int] = {}
        single = [everyone[i] for i, m in enumerate(mate) if m == -1]
        if len(single) > 1 or (single and not comp.bye_candidate(single[0])):
            raise AssertionError("completion lost while optimising a bracket")
        for i, m in enumerate(mate):
            result[everyone[i]] = everyone[m] if m != -1 else BYE
        comp.remember(result)
        return result

    # -- one bracket ------------------------------------------------------------------
    def pair_bracket(
        self,
        number: int,
        mdps: list[int],
        residents: list[int],
        nxt: list[int],
        lower: list[int],
        scope: Scope,
    ) -> BracketResult:
        ctx = self.ctx
        players = ctx.players
        mdp_set = set(mdps)
        bracket_set = mdp_set | set(residents)
        nxt_set = set(nxt)
        criteria = [c for c in QUALITY_CRITERIA if c.applies(scope)]
        quality_fields = [(c.name, c.bound(scope)) for c in criteria]

        def kind(h: int, lo: int) -> Kind:
            if lo in bracket_set:
                if h in mdp_set and lo in mdp_set:
                    return Kind.OTHER
                return Kind.CURRENT
            if lo in nxt_set:
                return Kind.NEXT
            return Kind.OTHER

        sig = self.signatures
        cache: dict[tuple[object, ...], tuple[int, ...]] = {}

        def quality(h: int, lo: int) -> tuple[int, ...] | None:
            k = kind(h, lo)
            if k is Kind.OTHER:
                return None
            key = (sig[h], sig[lo], k)
            got = cache.get(key)
            if got is None:
                ph, pl = players[h], players[lo]
                got = cache[key] = tuple(c.value(ph, pl, k, scope) for c in criteria)
            return got

        # 3.6-3.7 literally, as long as the first candidate reaching the best values
        # each criterion can have comes early; the optimiser below otherwise
        search = CandidateSearch(ctx, self.comp, scope, criteria, mdps, residents, nxt, lower)
        found = search.run()
        if found is not None:
            rest = search.completes(found)
            if rest is not None:
                self.comp.remember(rest)
                used = {lo for h, lo, mdp in found.pairs if mdp}
                rest_players = [v for v in residents if v not in used]
                higher = {h for h, _, mdp in found.pairs if not mdp}
                swapped = sum(1 for v in rest_players[: len(rest_players) // 2] if v not in higher)
                trace = self._trace(
                    number,
                    mdps,
                    residents,
                    found.pairs,
                    found.floaters,
                    scope,
                    criteria,
                    swapped,
                    False,
                    "first perfect",
                )
                return BracketResult(found.pairs, found.floaters, trace)

        constrained = False
        mdp_pairs: list[tuple[int, int]] = []
        residents_pos = {v: j for j, v in enumerate(residents)}

        # 1. the MDP-Pairing (4.4.2 MDP set, 4.2 their opponents)
        if mdps:
            m = len(mdps)
            mdp_pos = {v: i for i, v in enumerate(mdps)}
            n_res = len(residents)
            zero2 = (0, 0)

            def values1(h: int, lo: int) -> tuple[int, ...] | None:
                q = quality(h, lo)
                if q is None:
                    return None
                i = mdp_pos.get(h)
                j = residents_pos.get(lo)
                tb = mdp_fields(i, j, m, n_res) if i is not None and j is not None else zero2
                return (*q, *tb)

            fields1 = [*quality_fields, *zip(MDP_FIELDS, mdp_bounds(m, n_res), strict=False)]
            whole = [*mdps, *residents]
            closed = len(whole) % 2 == 0 and max_pairs(ctx.compat, whole, mdp_set) * 2 == len(whole)
            result, c1 = self.optimise(whole, nxt, lower, values1, fields1, closed=closed)
            constrained |= c1
            for h in mdps:
                partner = result.get(h, BYE)
                if partner in residents_pos:
                    mdp_pairs.append((h, partner))

        # 2. the remainder (4.3 exchange, 4.2 transposition)
        paired_residents = {lo for _, lo in mdp_pairs}
        paired_mdps = {h for h, _ in mdp_pairs}
        rem = [v for v in residents if v not in paired_residents]
        limbo = [v for v in mdps if v not in paired_mdps]
        rem_pos = {v: i for i, v in enumerate(rem)}
        limbo_set = set(limbo)
        r = len(rem)
        p = max_pairs(ctx.compat, rem)
        zero5 = (0, 0, 0, 0, 0)
        rem_pairs: list[tuple[int, int]] = []
        while True:
            p_now = p

            def values2(h: int, lo: int, p_now: int = p_now) -> tuple[int, ...] | None:
                if h in limbo_set and lo in rem_pos:
                    return None  # the MDP-Pairing is settled
                q = quality(h, lo)
                if q is None:
                    return None
                i = rem_pos.get(h)
                j = rem_pos.get(lo)
                tb = remainder_fields(i, j, p_now, r) if i is not None and j is not None else zero5
                return (*q, *tb)

            fields2 = [*quality_fields, *zip(REMAINDER_FIELDS, remainder_bounds(p_now, r), strict=False)]
            closed = not limbo and 2 * p_now == r
            result, c2 = self.optimise([*rem, *limbo], nxt, lower, values2, fields2, closed=closed)
            rem_pairs = []
            for v in rem:
                w = result.get(v, BYE)
                if w in rem_pos and w > v:
                    rem_pairs.append((v, w))
            if len(rem_pairs) == p_now:
                constrained |= c2
                break
            p = len(rem_pairs)  # completion allows fewer pairs: redo with the true S1
        higher = {h for h, _ in rem_pairs}
        exchanged = sum(1 for v in rem[:p] if v not in higher)

        pairs = [(h, lo, True) for h, lo in mdp_pairs] + [(h, lo, False) for h, lo in rem_pairs]
        paired = {x for h, lo, _ in pairs for x in (h, lo)}
        floaters = [v for v in [*mdps, *residents] if v not in paired]
        trace = self._trace(
            number, mdps, residents, pairs, floaters, scope, criteria, exchanged, constrained, "optimised"
        )
        return BracketResult(pairs, floaters, trace)

    # -- explanation --------------------------------------------------------------------
    def _trace(
        self,
        number: int,
        mdps: list[int],
        residents: list[int],
        pairs: list[tuple[int, int, bool]],
        floaters: list[int],
        scope: Scope,
        criteria: list[Criterion],
        exchanged: int,
        constrained: bool,
        method: str,
    ) -> BracketTrace:
        players = self.ctx.players
        shortfalls: list[Shortfall] = []
        for c in criteria:
            if c.family is Family.PAIR:
                fails = sum(1 for h, lo, _ in pairs if c.value(players[h], players[lo], Kind.CURRENT, scope) == 0)
                if fails:
                    shortfalls.append(Shortfall(c.name, fails))
        mdp_set = set(mdps)
        for c in criteria:
            if c.family is Family.RESIDENT_DOWNFLOATS:
                fl = [v for v in floaters if v not in mdp_set and players[v].floated(c.back) is Float.DOWN]
                if fl:
                    shortfalls.append(Shortfall(c.name, len(fl)))
        score = players[residents[0]].pscore if residents else 0
        floats = tuple(
            Floater(
                players[v].start_no,
                format_points(players[v].pscore),
                v in mdp_set,
                "MDP not pairable here (Limbo)" if v in mdp_set else "left over by the best candidate ([C6]-[C8])",
            )
            for v in floaters
        )
        return BracketTrace(
            number=number,
            score=format_points(score),
            residents=tuple(players[v].start_no for v in residents),
            mdps=tuple(players[v].start_no for v in mdps),
            homogeneous=not mdps,
            pairs=tuple(PairTrace(players[h].start_no, players[lo].start_no, mp) for h, lo, mp in pairs),
            floaters=floats,
            shortfalls=tuple(shortfalls),
            c9_applies=scope.c9_active,
            exchanges=exchanged,
            method="completion-constrained" if constrained else method,
        )
