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


@dataclass
class _Bracket:
    """One bracket to pair: its number, MDPs and residents (ranks, in the order of
    1.2), the next scoregroup and everybody below it, what the criteria need to
    know, the criteria that apply and their values for a pair by rank
    (:meth:`BracketSolver._quality`)."""

    number: int
    mdps: list[int]
    residents: list[int]
    nxt: list[int]
    lower: list[int]
    scope: Scope
    criteria: list[Criterion]
    quality: PairValues
    quality_fields: list[tuple[str, int]]
    """The criteria as fields of the optimiser's weights: name and bound."""


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
        """Article 3 for one bracket: the first candidate reaching the best value of
        every criterion when the search finds it early (3.6-3.7 literally), else the
        optimiser's MDP-Pairing and then remainder."""
        criteria = [c for c in QUALITY_CRITERIA if c.applies(scope)]
        quality = self._quality(mdps, residents, nxt, scope, criteria)
        fields = [(c.name, c.bound(scope)) for c in criteria]
        b = _Bracket(number, mdps, residents, nxt, lower, scope, criteria, quality, fields)
        found = self._first_perfect(b)
        if found is not None:
            return found
        mdp_pairs, constrained = self._mdp_pairing(b)
        rem_pairs, exchanged, rem_constrained = self._remainder(b, mdp_pairs)
        pairs = [(h, lo, True) for h, lo in mdp_pairs] + [(h, lo, False) for h, lo in rem_pairs]
        paired = {x for h, lo, _ in pairs for x in (h, lo)}
        floaters = [v for v in [*mdps, *residents] if v not in paired]
        trace = self._trace(b, pairs, floaters, exchanged, constrained or rem_constrained, "optimised")
        return BracketResult(pairs, floaters, trace)

    def _quality(
        self, mdps: list[int], residents: list[int], nxt: list[int], scope: Scope, criteria: list[Criterion]
    ) -> PairValues:
        """The values of ``criteria`` for a pair by rank (higher first), ``None`` for a
        pair that has none here (:class:`~.criteria.Kind` ``OTHER``); cached by the
        facts the criteria read (:attr:`signatures`)."""
        players = self.ctx.players
        mdp_set = set(mdps)
        bracket_set = mdp_set | set(residents)
        nxt_set = set(nxt)
        sig = self.signatures
        cache: dict[tuple[object, ...], tuple[int, ...]] = {}

        def kind(h: int, lo: int) -> Kind:
            if lo in bracket_set:
                if h in mdp_set and lo in mdp_set:
                    return Kind.OTHER
                return Kind.CURRENT
            if lo in nxt_set:
                return Kind.NEXT
            return Kind.OTHER

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

        return quality

    def _first_perfect(self, b: _Bracket) -> BracketResult | None:
        """3.6-3.7 literally: the first candidate reaching the best value each
        criterion can have, when the search (:mod:`.search`) comes to it early and
        the rest of the round can still be completed with it; else ``None``."""
        search = CandidateSearch(self.ctx, self.comp, b.scope, b.criteria, b.mdps, b.residents, b.nxt, b.lower)
        found = search.run()
        if found is None:
            return None
        rest = search.completes(found)
        if rest is None:
            return None
        self.comp.remember(rest)
        used = {lo for h, lo, mdp in found.pairs if mdp}
        rest_players = [v for v in b.residents if v not in used]
        higher = {h for h, _, mdp in found.pairs if not mdp}
        swapped = sum(1 for v in rest_players[: len(rest_players) // 2] if v not in higher)
        trace = self._trace(b, found.pairs, found.floaters, swapped, False, "first perfect")
        return BracketResult(found.pairs, found.floaters, trace)

    def _mdp_pairing(self, b: _Bracket) -> tuple[list[tuple[int, int]], bool]:
        """The MDP-Pairing (4.4.2 the MDP set, 4.2 their opponents) by the optimiser:
        the (MDP, resident) pairs, and whether completion overrode the bracket's own
        optimum."""
        if not b.mdps:
            return [], False
        m = len(b.mdps)
        n_res = len(b.residents)
        mdp_pos = {v: i for i, v in enumerate(b.mdps)}
        residents_pos = {v: j for j, v in enumerate(b.residents)}
        quality = b.quality
        zero2 = (0, 0)

        def values(h: int, lo: int) -> tuple[int, ...] | None:
            q = quality(h, lo)
            if q is None:
                return None
            i = mdp_pos.get(h)
            j = residents_pos.get(lo)
            tb = mdp_fields(i, j, m, n_res) if i is not None and j is not None else zero2
            return (*q, *tb)

        fields = [*b.quality_fields, *zip(MDP_FIELDS, mdp_bounds(m, n_res), strict=False)]
        whole = [*b.mdps, *b.residents]
        closed = len(whole) % 2 == 0 and max_pairs(self.ctx.compat, whole, set(b.mdps)) * 2 == len(whole)
        result, constrained = self.optimise(whole, b.nxt, b.lower, values, fields, closed=closed)
        pairs = []
        for h in b.mdps:
            partner = result.get(h, BYE)
            if partner in residents_pos:
                pairs.append((h, partner))
        return pairs, constrained

    def _remainder(self, b: _Bracket, mdp_pairs: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], int, bool]:
        """The remainder (4.3 exchanges, 4.2 transpositions) by the optimiser, the
        Limbo MDPs left out of it: its pairs, the residents exchanged between S1 and
        S2, and whether completion overrode the bracket's own optimum. When
        completion allows fewer pairs than S1 holds, S1 is made that size and the
        remainder paired again."""
        paired_residents = {lo for _, lo in mdp_pairs}
        paired_mdps = {h for h, _ in mdp_pairs}
        rem = [v for v in b.residents if v not in paired_residents]
        limbo = [v for v in b.mdps if v not in paired_mdps]
        rem_pos = {v: i for i, v in enumerate(rem)}
        limbo_set = set(limbo)
        quality = b.quality
        r = len(rem)
        p = max_pairs(self.ctx.compat, rem)
        zero5 = (0, 0, 0, 0, 0)
        while True:
            p_now = p

            def values(h: int, lo: int, p_now: int = p_now) -> tuple[int, ...] | None:
                if h in limbo_set and lo in rem_pos:
                    return None  # the MDP-Pairing is settled
                q = quality(h, lo)
                if q is None:
                    return None
                i = rem_pos.get(h)
                j = rem_pos.get(lo)
                tb = remainder_fields(i, j, p_now, r) if i is not None and j is not None else zero5
                return (*q, *tb)

            fields = [*b.quality_fields, *zip(REMAINDER_FIELDS, remainder_bounds(p_now, r), strict=False)]
            closed = not limbo and 2 * p_now == r
            result, constrained = self.optimise([*rem, *limbo], b.nxt, b.lower, values, fields, closed=closed)
            rem_pairs = []
            for v in rem:
                w = result.get(v, BYE)
                if w in rem_pos and w > v:
                    rem_pairs.append((v, w))
            if len(rem_pairs) == p_now:
                break
            p = len(rem_pairs)  # completion allows fewer pairs: redo with the true S1
        higher = {h for h, _ in rem_pairs}
        exchanged = sum(1 for v in rem[:p] if v not in higher)
        return rem_pairs, exchanged, constrained

    # -- explanation --------------------------------------------------------------------
    def _trace(
        self,
        b: _Bracket,
        pairs: list[tuple[int, int, bool]],
        floaters: list[int],
        exchanged: int,
        constrained: bool,
        method: str,
    ) -> BracketTrace:
        """What the explanation reads of a bracket paired: its pairs and floaters, the
        criteria its pairs fail ([C10]-[C17]), how it was found."""
        players = self.ctx.players
        number, mdps, residents, scope, criteria = b.number, b.mdps, b.residents, b.scope, b.criteria
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
