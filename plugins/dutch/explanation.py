"""Why the Dutch system (C.04.3, 2026) paired a round as it did: the facts an
arbiter checks by hand, laid next to the engine's decisions.

The engine's :class:`~swissbridge.plugins.dutch.trace.RoundTrace` says *what* was
decided: the brackets from the top, their residents and MDPs, the pairs, the
downfloaters, the PAB and the colour rule of every board. This module adds *why*.
It reads the round with the engine's own rules (the player order, [C1]/[C3]
compatibilities and [C2] eligibility of :func:`~swissbridge.plugins.dutch.context.build_context`,
the [C4]/[C5] oracle of :mod:`~swissbridge.plugins.dutch.completion`, Article 5.2 of
:mod:`~swissbridge.plugins.dutch.colours`) but not with the engine's optimiser: the
alternatives below are compared on the criteria one by one:

* every player's standing: score, played colours, colour difference and preference
  (1.6, 1.7), floats of the two previous rounds (1.4), PAB eligibility ([C2]);
* per bracket (Article 3): the original subgroups S1/S2 and the first candidate
  (3.3), and what keeps it from being the answer;
* per downfloater: why somebody must float ([C6] and the [C1]/[C3] incompatibilities)
  and why this player rather than each other player of the bracket: the first
  criterion of [C1]–[C21] (in the order of 3.8) that the swap would make worse;
* per bracket, given its downfloaters: every legal way of pairing the other players
  is compared on [C10]–[C21], so that "no better candidate exists" is checked, not
  asserted (brackets of at most :data:`ENUMERATE_LIMIT` players);
* the PAB: [C2], [C5] (the lowest score any legal round-pairing allows) and [C9];
* per board: the Article 5.2 rule that decides the colours, with the facts it reads.

Where this reading of the alternatives disagrees with the engine, the document says so in
``disagreements`` instead of hiding it. Counts follow the reference engine's
reading of the criteria (``dutch-reference.md`` §6): [C13] does not count a pair
whose two preferences are both absolute; [C18]/[C20] decide which MDPs of one
score go to the Limbo; [C8] looks exactly one bracket ahead.

Size: one class over one round's facts (the order of 1.2, the [C1]/[C3] partners,
the [C4]/[C5] oracle, the evaluation of every alternative on [C1]–[C21]); its
methods share that state and each answers one question of the document, so the
module is long rather than split into modules that would pass the round around.
The enumeration of pairings lives in :mod:`.enumeration`, the wording in
:mod:`.wording`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from swissbridge.model import Colour, Points, Result, Tournament, format_points, latest_difference
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.document import (
    ENTRY_TEXT,
    BoardDoc,
    Bye,
    PlayerFacts,
    PlayerReason,
    Reason,
    SystemPart,
    colour_letters,
    colour_name,
    player_identity,
    reason,
)
from swissbridge.plugins.matching import max_weight_matching
from swissbridge.state import Compatibility, Float, PlayerState, RoundState, Strength

from .colours import allocate as allocate_colours
from .completion import Completion, max_pairs
from .context import build_context
from .criteria import CRITERION, PAIR_FAILURES, QUALITY_CRITERIA, RESIDENT_DOWNFLOATS, Family, family
from .details import (
    Bracket,
    BracketPair,
    Details,
    Downfloater,
    Optimality,
    Problem,
    Shortfall,
    paired_in,
    sections,
)
from .enumeration import Vector, best_perfect_pairing
from .round import initial_colour, with_builtin_acceleration
from .trace import BracketTrace, RoundTrace
from .wording import CRITERIA_TEXT

ENUMERATE_LIMIT = 16
"""Largest number of players whose pairings are all compared on [C10]–[C21]."""
SWAP_LIMIT = 24
"""Largest bracket whose downfloaters are compared one by one with every other player."""


def _cap(c: Colour) -> str:
    return "White" if c is Colour.WHITE else "Black"


def _nos(numbers: Iterable[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def _ordinal(k: int) -> str:
    return {1: "last", 2: "second-last", 3: "third-last"}.get(k, f"{k}th-last")


# ---------------------------------------------------------------- players


@dataclass(frozen=True)
class Fact:
    """A player to be paired, as the Dutch rules see them before the round."""

    no: int
    rank: int
    """Position in the order of Article 1.2 (0 = highest ranked)."""
    state: PlayerState

    @property
    def start_no(self) -> int:
        return self.no

    @property
    def tpn(self) -> int:
        return self.state.tpn

    @property
    def score(self) -> Points:
        return self.state.score

    @property
    def pscore(self) -> Points:
        return self.state.pairing_score

    @property
    def colours(self) -> tuple[Colour, ...]:
        return self.state.colours

    @property
    def cd(self) -> int:
        return self.state.colour_difference

    @property
    def pref(self) -> Colour | None:
        return self.state.preferred

    @property
    def strength(self) -> Strength:
        return self.state.strength

    @property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE

    @property
    def strong_or_absolute(self) -> bool:
        return self.strength >= Strength.STRONG

    @property
    def repeated(self) -> Colour | None:
        """The colour of the last two played games when it was the same."""
        c = self.colours
        return c[-1] if len(c) >= 2 and c[-1] is c[-2] else None

    def floated(self, back: int) -> Float:
        return self.state.float_before(back)


def preference_text(f: Fact) -> str:
    """1.7: the preference and what makes it so, e.g. "White, absolute (colour difference -2)"."""
    if f.pref is None:
        return "no colour preference (no game played yet)"
    c = _cap(f.pref)
    if f.strength is Strength.ABSOLUTE:
        if abs(f.cd) >= 2:
            return f"{c}, absolute (colour difference {f.cd:+d})"
        last = f.colours[-1]
        return f"{c}, absolute (last two games {_cap(last)})"
    if f.strength is Strength.STRONG:
        return f"{c}, strong (colour difference {f.cd:+d})"
    return f"{c}, mild (last game {_cap(f.colours[-1])})"


# ---------------------------------------------------------------- evaluation


@dataclass(frozen=True)
class Evaluation:
    """A choice of downfloaters for one bracket, measured on [C1]–[C21] in the order
    of 3.8. ``None`` in a field means "not worked out" (too large to enumerate)."""

    floaters: frozenset[int]
    pairable: bool
    """[C1]/[C3] and 3.2: the other players of the bracket can all be paired."""
    completable: bool
    """[C4]: the downfloaters plus the lower scoregroups can all be paired."""
    pab_score_kept: bool
    """[C5]: ... with the PAB going to the round's lowest possible PAB score."""
    c7: tuple[int, ...]
    c8_pairs: int | None
    c8_scores: tuple[int, ...] | None
    c9: int | None
    inner: Vector | None
    """[C10]–[C13], [C15], [C17], [C19], [C21] of the best pairing of the others."""
    inner_count: int | None
    """How many legal pairings of the others there are."""
    inner_best: int | None
    """How many of them reach the best value."""
    c14: int
    c16: int
    c18: tuple[int, ...]
    c20: tuple[int, ...]
    partial: bool = False
    """Only [C1]–[C7] were worked out."""


def _later_values(e: Evaluation, inner: Vector, levels: int) -> dict[str, tuple[int, ...]]:
    """[C10]–[C21] of an evaluation by criterion, each compared as a tuple: ``inner``
    holds the pair criteria (:data:`~.criteria.PAIR_FAILURES`), then [C19] and [C21]
    at each of the ``levels`` MDP score differences, largest first."""
    out: dict[str, tuple[int, ...]] = {name: (inner[i],) for i, name in enumerate(PAIR_FAILURES)}
    k = len(PAIR_FAILURES)
    out |= {"C14": (e.c14,), "C16": (e.c16,), "C18": e.c18, "C20": e.c20}
    out |= {"C19": tuple(inner[k : k + levels]), "C21": tuple(inner[k + levels :])}
    return out


@dataclass
class BracketInfo:
    trace: BracketTrace
    members: list[Fact]
    """MDPs then residents, each group in the order of 1.2."""
    mdps: list[Fact]
    residents: list[Fact]
    nxt: list[Fact]
    lower: list[Fact]
    """Everybody below this bracket's scoregroup (next scoregroup included)."""
    floaters: frozenset[int]
    pairs: list[tuple[int, int, bool]]


class DutchExplainer:
    """Builds the explanation document of one Dutch round from its trace."""

    def __init__(self, tournament: Tournament, round_no: int, trace: RoundTrace) -> None:
        # the same tournament the engine paired (e.g. with C.04.7 virtual points
        # implied by record 192), so that scores and floats agree with its trace
        tournament = with_builtin_acceleration(tournament)
        self.t = tournament
        self.trace = trace
        # the engine's own reading of the round: players in the order of Article 1.2,
        # [C1]/[C3] compatibilities, [C2] eligibility and the [C4]/[C5] oracle
        self.ctx = build_context(tournament, round_no)
        self.st: RoundState = self.ctx.state
        self.round_no = self.st.round_no
        self.entrants = {e.start_no: e for e in self.ctx.players}
        self.facts: dict[int, Fact] = {
            e.start_no: Fact(e.start_no, e.rank, self.st.players[e.start_no]) for e in self.ctx.players
        }
        self.order = [e.start_no for e in self.ctx.players]
        self.compat = _Partners(self.ctx.compat, self.order)
        self.odd = len(self.order) % 2 == 1
        self.disagreements: list[str] = []
        self.completion = Completion(self.ctx)
        if self.odd:
            try:
                self.completion.fix_bye_score()
            except NoLegalPairing:
                self.completion.bye_score = None
        self.pab_score: Points | None = self.completion.bye_score
        self.initial = initial_colour(tournament)
        self._complete_cache: dict[tuple[frozenset[int], bool], bool] = {}

    # -- small helpers -------------------------------------------------------------
    @staticmethod
    def _pts(p: Points | None) -> str:
        return "-" if p is None else format_points(p)

    def fact(self, n: int) -> Fact:
        return self.facts[n]

    def met_in(self, a: int, b: int) -> int | None:
        """The round in which ``a`` and ``b`` played each other over the board."""
        pa = self.t.player(a)
        for r in range(1, self.round_no):
            e = pa.entry(r)
            if e is not None and e.played and e.opponent == b:
                return r
        return None

    def incompatibility(self, a: int, b: int) -> Reason | None:
        """[C1]/[C3]: why ``a`` and ``b`` may not meet in this round, or ``None``."""
        if self.compat.meets(a, b):
            return None
        r = self.met_in(a, b)
        if r is not None:
            return reason("C1", f"#{a} and #{b} met in round {r}")
        if self.st.forbidden.forbids(a, b):
            return reason("C1", f"the organiser forbids #{a} and #{b} to meet")
        fa = self.fact(a)
        colour = _cap(fa.pref) if fa.pref else "?"
        return reason("C3", f"#{a} and #{b} both have an absolute preference for {colour}")

    # -- [C4], [C5] --------------------------------------------------------------------
    def _matchable(self, players: Sequence[int], cap: Points | None, apart: frozenset[int] = frozenset()) -> bool:
        """Can ``players`` all be paired under [C1]/[C3] (two of ``apart`` never
        together), leaving, when their number is odd, one PAB-eligible player
        ([C2]) with at most ``cap`` points ([C5])? The engine's [C4] oracle
        (:meth:`~swissbridge.plugins.dutch.completion.Completion.complete`)."""
        oracle = Completion(self.ctx)
        oracle.bye_score = cap
        ranks = [self.fact(v).rank for v in players]
        apart_ranks = {self.fact(v).rank for v in apart}
        return oracle.complete(ranks, exclude_pair=(apart_ranks, apart_ranks)) is not None

    def bye_candidate(self, v: int) -> bool:
        """[C2] and [C5]: ``v`` may take the PAB at the round's lowest PAB score."""
        return self.completion.bye_candidate(self.fact(v).rank)

    def completable(self, players: Sequence[int], capped: bool) -> bool:
        key = (frozenset(players), capped)
        got = self._complete_cache.get(key)
        if got is None:
            got = self._complete_cache[key] = self._matchable(players, self.pab_score if capped else None)
        return got

    # -- per-pair criteria -----------------------------------------------------------
    def allocate(self, a: Fact, b: Fact) -> tuple[str, Colour, int]:
        """Article 5.2 (the engine's :func:`~swissbridge.plugins.dutch.colours.allocate`):
        (deciding rule, colour of ``a``, and for 5.2.3 how many played games back the
        histories differ, else 0)."""
        white, _, rule = allocate_colours(self.entrants[a.no], self.entrants[b.no], self.initial)
        differed = latest_difference(a.colours, b.colours) if rule == "5.2.3" else None
        back = 0 if differed is None else differed[0]
        return rule, (Colour.WHITE if white == a.no else Colour.BLACK), back

    def pair_failures(self, a: Fact, b: Fact, mdp_pair: bool) -> dict[str, int]:
        """The criteria [C10]–[C13], [C15], [C17] this pair fails (as counted by the
        reference engine, ``dutch-reference.md`` §6.6–6.7)."""
        out: dict[str, int] = {}
        if a.pref is not None and a.pref is b.pref:
            out["C12"] = 1
            if a.strong_or_absolute and b.strong_or_absolute and not (a.absolute and b.absolute):
                out["C13"] = 1
            if a.absolute and b.absolute:
                _, ca, _ = self.allocate(a, b)
                loser = b if ca is a.pref else a
                got = a.pref.opposite
                if abs(loser.cd) >= 2:
                    out["C10"] = 1
                if loser.repeated is got:
                    out["C11"] = 1
        if mdp_pair:
            res = b if a.pscore > b.pscore else a
            if res.floated(1) is Float.UP and self.round_no >= 2:
                out["C15"] = 1
            if res.floated(2) is Float.UP and self.round_no >= 3:
                out["C17"] = 1
        return out

    # -- brackets ----------------------------------------------------------------------
    def bracket_infos(self) -> list[BracketInfo]:
        infos: list[BracketInfo] = []
        traces = self.trace.brackets
        for k, b in enumerate(traces):
            mdps = sorted((self.fact(n) for n in b.mdps), key=lambda f: f.rank)
            residents = sorted((self.fact(n) for n in b.residents), key=lambda f: f.rank)
            nxt = (
                sorted((self.fact(n) for n in traces[k + 1].residents), key=lambda f: f.rank)
                if k + 1 < len(traces)
                else []
            )
            lower = [self.fact(n) for bb in traces[k + 1 :] for n in bb.residents]
            infos.append(
                BracketInfo(
                    trace=b,
                    members=[*mdps, *residents],
                    mdps=mdps,
                    residents=residents,
                    nxt=nxt,
                    lower=lower,
                    floaters=frozenset(f.start_no for f in b.floaters),
                    pairs=self._ordered_pairs(b),
                )
            )
        return infos

    def _ordered_pairs(self, b: BracketTrace) -> list[tuple[int, int, bool]]:
        """The bracket's pairs as (higher-ranked, lower-ranked, MDP-Pairing), the
        MDP-Pairing first, each part in the order of 1.2."""
        out = []
        for p in b.pairs:
            h, lo = (p.higher, p.lower) if self.fact(p.higher).rank < self.fact(p.lower).rank else (p.lower, p.higher)
            out.append((h, lo, p.mdp_pair))
        return sorted(out, key=lambda x: (not x[2], self.fact(x[0]).rank))

    def _exchanged(self, info: BracketInfo) -> int:
        """4.3 as the reference engine counts it (``dutch-reference.md`` §7.4): the
        residents of the remainder's original S1 that are not the higher-ranked
        member of a remainder pair (left unpaired, or paired with a higher S1
        player), i.e. the size of the exchange that produces the remainder pairs."""
        in_mdp_pairs = {x for h, lo, mp in info.pairs if mp for x in (h, lo)}
        rem = [r.start_no for r in info.residents if r.start_no not in in_mdp_pairs]
        rem_pairs = [(h, lo) for h, lo, mp in info.pairs if not mp]
        s1 = rem[: len(rem_pairs)]
        higher = {h for h, _ in rem_pairs}
        return sum(1 for v in s1 if v not in higher)

    def _diff_levels(self, info: BracketInfo) -> list[int]:
        score = info.residents[0].pscore if info.residents else 0
        return sorted({m.pscore - score for m in info.mdps}, reverse=True)

    def _inner_value(self, info: BracketInfo) -> tuple[Callable[[int, int], Vector | None], int]:
        """The per-pair vector [C10], [C11], [C12], [C13], [C15], [C17], [C19] by
        score difference (largest first), [C21] likewise, for pairs of ``info``."""
        mdp_set = {m.start_no for m in info.mdps}
        levels = self._diff_levels(info)
        width = 6 + 2 * len(levels)
        score = info.residents[0].pscore if info.residents else 0

        def value(a: int, b: int) -> Vector | None:
            if not self.compat.meets(a, b) or (a in mdp_set and b in mdp_set):
                return None
            fa, fb = self.fact(a), self.fact(b)
            mdp_pair = a in mdp_set or b in mdp_set
            fails = self.pair_failures(fa, fb, mdp_pair)
            vec = [fails.get(c, 0) for c in PAIR_FAILURES]
            extra = [0] * (2 * len(levels))
            if mdp_pair:
                mdp = fa if a in mdp_set else fb
                i = levels.index(mdp.pscore - score)
                if fails.get("C15"):
                    extra[i] = 1
                if fails.get("C17"):
                    extra[len(levels) + i] = 1
            return (*vec, *extra)

        return value, width

    def evaluate(self, info: BracketInfo, floaters: frozenset[int], full: bool = True) -> Evaluation:
        """[C1]–[C21] for the candidates of ``info`` that leave ``floaters`` unpaired
        (only [C1]–[C7] unless ``full``: the rest is worked out when needed)."""
        members = [f.start_no for f in info.members]
        mdp_set = frozenset(m.start_no for m in info.mdps)
        rest = [n for n in members if n not in floaters]
        pairable = len(rest) % 2 == 0 and self._matchable(rest, None, mdp_set)
        unpaired = [*floaters, *(f.start_no for f in info.lower)]
        completable = self.completable(unpaired, capped=False)
        kept = completable and (not self.odd or self.completable(unpaired, capped=True))
        c7 = tuple(sorted((self.fact(n).pscore for n in floaters), reverse=True))
        if not full:
            return Evaluation(
                floaters,
                pairable,
                completable,
                kept,
                c7,
                None,
                None,
                None,
                None,
                None,
                None,
                0,
                0,
                (),
                (),
                partial=True,
            )
        c8_pairs: int | None = None
        c8_scores: tuple[int, ...] | None = None
        if info.nxt and kept:
            got8 = self._next_bracket(floaters, [f.start_no for f in info.nxt], [f.start_no for f in info.lower])
            if got8 is not None:
                c8_pairs, c8_scores = got8
        c9: int | None = None
        if info.trace.c9_applies and len(floaters) == 1:
            (only,) = floaters
            c9 = self.fact(only).state.unplayed_rounds
        inner: Vector | None = None
        count: int | None = None
        best: int | None = None
        if pairable and len(rest) <= ENUMERATE_LIMIT:
            value, width = self._inner_value(info)
            got = best_perfect_pairing(rest, value, width)
            if got is not None:
                count, inner, best, _ = got
        residents_out = [self.fact(n) for n in floaters if n not in mdp_set]
        c14 = sum(1 for f in residents_out if f.floated(1) is Float.DOWN) if self.round_no >= 2 else 0
        c16 = sum(1 for f in residents_out if f.floated(2) is Float.DOWN) if self.round_no >= 3 else 0
        mdp_scores = sorted({m.pscore for m in info.mdps}, reverse=True)
        paired_mdps = [m for m in info.mdps if m.start_no not in floaters]
        c18 = tuple(-sum(1 for m in paired_mdps if m.pscore == s and m.floated(1) is Float.DOWN) for s in mdp_scores)
        c20 = tuple(-sum(1 for m in paired_mdps if m.pscore == s and m.floated(2) is Float.DOWN) for s in mdp_scores)
        if self.round_no < 2:
            c18 = ()
        if self.round_no < 3:
            c20 = ()
        return Evaluation(
            floaters=floaters,
            pairable=pairable,
            completable=completable,
            pab_score_kept=kept,
            c7=c7,
            c8_pairs=c8_pairs,
            c8_scores=c8_scores,
            c9=c9,
            inner=inner,
            inner_count=count,
            inner_best=best,
            c14=c14,
            c16=c16,
            c18=c18,
            c20=c20,
        )

    def _next_bracket(
        self, floaters: frozenset[int], nxt: list[int], lower: list[int]
    ) -> tuple[int, tuple[int, ...]] | None:
        """[C8] as the reference engine reads it (``dutch-reference.md`` §6.5): the
        next bracket is these downfloaters plus the next scoregroup; the most pairs
        it can make (two downfloaters never together), then the lowest scores it
        would have to float, highest first, among the pairings that keep the whole
        rest of the round completable with the PAB on its [C5] score ([C4]/[C5]
        outrank [C8]). ``None`` when the rest of the round cannot be completed.

        A maximum-weight matching over everybody still unpaired: every edge weighs
        a large constant (so that only complete pairings compete), plus, for a pair
        inside the next bracket, one unit of "pairs" and the levels of its two
        players' scores."""

        group = [*sorted(floaters, key=lambda n: self.fact(n).rank), *nxt]
        in_group = set(group)
        players = [*group, *(v for v in lower if v not in in_group)]
        pos = {v: i for i, v in enumerate(players)}
        levels = sorted({self.fact(v).pscore for v in group}, reverse=True)
        base = len(group) + 1
        unit = base ** len(levels)
        big = (len(players) + 2) * unit * 4
        lw = {lv: base ** (len(levels) - 1 - i) for i, lv in enumerate(levels)}

        def result(covered: set[int], pairs: int) -> tuple[int, tuple[int, ...]]:
            return pairs, tuple(sorted((self.fact(v).pscore for v in group if v not in covered), reverse=True))

        # The value is the optimum over complete pairings (most pairs, then the lowest
        # scores left over), whichever matching finds it. Fastest: the bracket pairs
        # everybody (or all but one player of the lowest score) and the rest of the
        # round can be completed; found with the engine's own matching, memory linear
        # in the field (the weighted matchings below list every compatible pair).
        shortcut = self._next_bracket_at_best(group, floaters, players)
        if shortcut is not None:
            return result(shortcut, len(shortcut) // 2)
        # Fast path: the next bracket's own optimum, if the rest can still be completed.
        gpos = {v: i for i, v in enumerate(group)}
        gedges = [
            (gpos[v], gpos[w], unit + lw[self.fact(v).pscore] + lw[self.fact(w).pscore])
            for v in group
            for w in self.compat[v]
            if w in gpos and gpos[w] > gpos[v] and not (v in floaters and w in floaters)
        ]
        gmate = max_weight_matching(len(group), gedges)
        covered0 = {group[i] for i, m in enumerate(gmate) if m != -1}
        rest = [v for v in players if v not in covered0]
        if self.completable(rest, capped=self.odd):
            return result(covered0, len(covered0) // 2)
        edges: list[tuple[int, int, int]] = []
        for v in players:
            for w in self.compat[v]:
                j = pos.get(w)
                if j is None or j <= pos[v]:
                    continue
                weight = big
                if v in in_group and w in in_group and not (v in floaters and w in floaters):
                    weight += unit + lw[self.fact(v).pscore] + lw[self.fact(w).pscore]
                edges.append((pos[v], j, weight))
        n = len(players)
        if n % 2 == 1:
            for i, v in enumerate(players):
                if self.bye_candidate(v):
                    edges.append((i, n, big))
            n += 1
        mate = max_weight_matching(n, edges)
        if any(m == -1 for m in mate):
            return None
        covered: set[int] = set()
        pairs = 0
        for i, m in enumerate(mate):
            if m > i and m < len(players):
                v, w = players[i], players[m]
                if v in in_group and w in in_group and not (v in floaters and w in floaters):
                    pairs += 1
                    covered.update((v, w))
        return result(covered, pairs)

    def _next_bracket_at_best(self, group: list[int], floaters: frozenset[int], players: list[int]) -> set[int] | None:
        """The players of ``group`` paired in a complete pairing where ``group`` makes
        as many pairs as it has pairs of players (two ``floaters`` never together),
        leaving out, when it is odd, one player of its lowest score; ``None`` when
        there is none among the few tried (:meth:`_next_bracket` then looks further).
        That is the best [C8] can be, so it is the value whatever matching finds it."""
        rank = self.compat.rank
        apart = {rank[v] for v in floaters} or None
        lowest = min(self.fact(v).pscore for v in group)
        out = [None] if len(group) % 2 == 0 else [v for v in reversed(group) if self.fact(v).pscore == lowest][:4]
        for left in out:
            inside = [v for v in group if v != left]
            if max_pairs(self.ctx.compat, [rank[v] for v in inside], apart) * 2 != len(inside):
                continue
            covered = set(inside)
            if self.completable([v for v in players if v not in covered], capped=self.odd):
                return covered
        return None

    # -- comparing two choices of downfloaters ------------------------------------------
    def separate(self, info: BracketInfo, other: Evaluation, chosen: Evaluation) -> tuple[Reason, bool]:
        """The first criterion (order of 3.8) on which floating ``other.floaters``
        instead of the engine's downfloaters makes a difference, as a reason worded
        from the point of view of the alternative; and whether the alternative is
        *better* there (which would be a disagreement with the engine)."""
        out_ = sorted(other.floaters - chosen.floaters, key=lambda n: self.fact(n).rank)
        in_ = sorted(chosen.floaters - other.floaters, key=lambda n: self.fact(n).rank)
        if other.pairable != chosen.pairable:
            why = "MDPs only meet residents (3.2); " if info.mdps else ""
            could = "could" if other.pairable else "could not"
            text = f"the other players of the bracket {could} all be paired ({why}[C1]/[C3])"
            return reason("C1", text), other.pairable
        if other.completable != chosen.completable:
            if not other.completable and not info.nxt and not info.lower and len(other.floaters) == 1:
                (left,) = other.floaters
                if not self.fact(left).state.pab_eligible:
                    text = f"#{left} would be left over for the PAB, but {self._why_barred(left)}"
                    return reason("C2", text), False
            text = f"the rest of the round could {'' if other.completable else 'not '}be paired"
            return reason("C4", text), other.completable
        if other.pab_score_kept != chosen.pab_score_kept:
            text = f"the PAB would have to go to a player with more than {self._pts(self.pab_score)}"
            return reason("C5", text), other.pab_score_kept
        if other.c7 != chosen.c7:
            o = ", ".join(f"#{n} {self._pts(self.fact(n).pscore)}" for n in out_)
            c = ", ".join(f"#{n} {self._pts(self.fact(n).pscore)}" for n in in_)
            word = "higher" if other.c7 > chosen.c7 else "lower"
            return reason("C7", f"a {word} score would float ({o} instead of {c})"), other.c7 < chosen.c7
        if other.partial:
            return self.separate(info, self.evaluate(info, other.floaters), chosen)
        if other.c8_pairs is not None and chosen.c8_pairs is not None and other.c8_pairs != chosen.c8_pairs:
            text = f"the next bracket could make {other.c8_pairs} pair(s) instead of {chosen.c8_pairs}"
            return reason("C8", text), other.c8_pairs > chosen.c8_pairs
        if other.c8_scores is not None and chosen.c8_scores is not None and other.c8_scores != chosen.c8_scores:
            o = ", ".join(self._pts(s) for s in other.c8_scores) or "nobody"
            c = ", ".join(self._pts(s) for s in chosen.c8_scores) or "nobody"
            text = f"the next bracket would have to float {o} instead of {c}"
            return reason("C8", text), other.c8_scores < chosen.c8_scores
        if other.c9 is not None and chosen.c9 is not None and other.c9 != chosen.c9:
            who = _nos(out_)
            text = f"the PAB would go to {who} with {other.c9} unplayed game(s) instead of {chosen.c9}"
            return reason("C9", text), other.c9 < chosen.c9
        if other.inner is None or chosen.inner is None:
            text = "equal on [C1]-[C9]; [C10]-[C21] not compared here (too many players to try every pairing)"
            return reason("C10-C21", text), False
        levels = len(self._diff_levels(info))
        ovs = _later_values(other, other.inner, levels)
        cvs = _later_values(chosen, chosen.inner, levels)
        for crit in QUALITY_CRITERIA:
            name = crit.name
            if name not in ovs or ovs[name] == cvs[name]:
                continue
            ov, cv = ovs[name], cvs[name]
            better = ov < cv
            if crit.family is Family.RESIDENT_DOWNFLOATS:
                back = crit.back
                r = self.round_no - back
                floaters_d = [n for n in out_ if self.fact(n).floated(back) is Float.DOWN and n not in info.trace.mdps]
                if floaters_d and not better:
                    return reason(
                        name, f"{_nos(floaters_d)} had a downfloat in round {r} and would float again"
                    ), better
                return reason(
                    name, f"{ov[0]} resident(s) with a downfloat in round {r} would float instead of {cv[0]}"
                ), better
            if crit.family is Family.MDP_DOWNFLOATS:
                r = self.round_no - crit.back
                text = (
                    f"an MDP with a downfloat in round {r} would stay in the Limbo "
                    "(of MDPs with equal scores, those without one stay there first)"
                )
                return reason(name, text), better
            if len(ov) == 1:
                text = f"the best pairing of the others would fail [{name}] {ov[0]} time(s) instead of {cv[0]}"
            else:
                text = f"the best pairing of the others would do worse on [{name}]"
            return reason(name, text), better
        text = (
            "equal on every criterion: of equally good candidates the one generated first "
            "in the order of Article 4 is taken (3.8)"
        )
        return reason("3.8", text), False

    # -- explanation of one bracket ---------------------------------------------------------
    def first_candidate(self, info: BracketInfo) -> tuple[list[int], list[int], list[tuple[int, int, bool]], list[int]]:
        """3.2/3.3: the original S1 and S2 and the first candidate (S1[i] against
        S2[i]; in a heterogeneous bracket the MDP-Pairing, then the remainder's).
        MaxPairs and M1 are those of the pairing chosen; S1 of a heterogeneous
        bracket is the first M1 MDPs, in the order of 1.2, that have at least one
        resident they may meet ("pairable", 3.2)."""
        n_pairs = len(info.pairs)
        m1 = sum(1 for *_, mp in info.pairs if mp)
        if not info.mdps:
            members = [f.start_no for f in info.residents]
            s1, s2 = members[:n_pairs], members[n_pairs:]
            pairs = [(a, b, False) for a, b in zip(s1, s2, strict=False)]
            return s1, s2, pairs, s2[len(s1) :]
        s2 = [r.start_no for r in info.residents]
        pairable = [m.start_no for m in info.mdps if any(self.compat.meets(m.start_no, r) for r in s2)]
        s1 = pairable[:m1]
        limbo = [m.start_no for m in info.mdps if m.start_no not in s1]
        pairs = [(a, b, True) for a, b in zip(s1, s2, strict=False)]
        rem = s2[m1:]
        p = n_pairs - m1
        pairs += [(a, b, False) for a, b in zip(rem[:p], rem[p:], strict=False)]
        return s1, s2, pairs, [*limbo, *rem[2 * p :]]

    def candidate_problems(
        self, info: BracketInfo, pairs: list[tuple[int, int, bool]], floaters: list[int]
    ) -> list[Problem]:
        out: list[Problem] = []
        mdp_set = {m.start_no for m in info.mdps}
        for a, b, mp in pairs:
            bad = self.incompatibility(a, b)
            if bad is not None:
                out.append({"rule": bad["rule"], "text": bad["text"], "pair": [a, b]})
                continue
            for name, _ in sorted(self.pair_failures(self.fact(a), self.fact(b), mp).items()):
                why = self.failure_reason(name, a, b)
                out.append({"rule": why["rule"], "text": why["text"], "pair": [a, b]})
        for n in floaters:
            f = self.fact(n)
            if n in mdp_set:
                continue
            for c in RESIDENT_DOWNFLOATS:
                if self.round_no > c.back and f.floated(c.back) is Float.DOWN:
                    text = f"#{n} would float again after a downfloat in round {self.round_no - c.back}"
                    out.append({"rule": c.name, "text": text, "pair": None})
        return out

    def failure_reason(self, name: str, a: int, b: int) -> Reason:
        """What failing ``name`` means for the pair ``a``-``b``."""
        fa, fb = self.fact(a), self.fact(b)
        pref = _cap(fa.pref) if fa.pref else "?"
        if name == "C12":
            return reason(
                name, f"#{a} and #{b} both want {pref}: one of them gets {_cap(fa.pref.opposite) if fa.pref else '?'}"
            )
        if name == "C13":
            _, ca, _ = self.allocate(fa, fb)
            loser = b if ca is fa.pref else a
            return reason(name, f"#{loser}'s strong preference for {pref} cannot be granted")
        if name in ("C10", "C11"):
            _, ca, _ = self.allocate(fa, fb)
            loser = b if ca is fa.pref else a
            what = "a colour difference beyond ±2" if name == "C10" else "the same colour three times running"
            return reason(name, f"#{loser} gets {what} (last round, topscorer rules)")
        res = b if fa.pscore > fb.pscore else a
        r = self.round_no - CRITERION[name].back
        return reason(name, f"#{res}, the MDP's opponent, had an upfloat in round {r}")

    def explain_bracket(self, info: BracketInfo, number_of: dict[int, int]) -> Bracket:
        b = info.trace
        chosen = self.evaluate(info, info.floaters)
        s1, s2, first_pairs, first_floaters = self.first_candidate(info)
        first_set = {frozenset((a, c)) for a, c, _ in first_pairs}
        chosen_set = {frozenset((a, c)) for a, c, _ in info.pairs}
        problems = self.candidate_problems(info, first_pairs, first_floaters)
        if first_set == chosen_set:
            verdict = "the first candidate is the pairing chosen"
        elif frozenset(first_floaters) != info.floaters:
            other = self.evaluate(info, frozenset(first_floaters), full=False)
            why, better = self.separate(info, other, chosen)
            alt = _nos(sorted(set(first_floaters) - info.floaters, key=lambda v: self.fact(v).rank)) or "nobody"
            kept = _nos(sorted(info.floaters - set(first_floaters), key=lambda v: self.fact(v).rank)) or "nobody"
            if why["rule"] not in {c.name for c in RESIDENT_DOWNFLOATS}:  # already listed above
                text = f"it floats {alt} instead of {kept}: {why['text']}"
                problems.append({"rule": why["rule"], "text": text, "pair": None})
            if better:
                self.disagreements.append(
                    f"bracket {b.number}: first candidate better on [{why['rule']}]: {why['text']}"
                )
            verdict = "not chosen: a better candidate exists (3.8)"
        else:
            verdict = "not chosen: a better candidate exists (3.8)"
        members = [f.start_no for f in info.members]
        mdp_set = frozenset(m.start_no for m in info.mdps)
        score = b.score
        kind = "homogeneous" if not info.mdps else "heterogeneous"
        local_mate = self._local_pairs(members, mdp_set)
        doc: Bracket = {
            "number": b.number,
            "score": score,
            "kind": kind,
            "residents": [f.start_no for f in info.residents],
            "mdps": [
                {
                    "player": m.start_no,
                    "score": self._pts(m.pscore),
                    "from_bracket": number_of.get(m.start_no),
                }
                for m in info.mdps
            ],
            "max_pairs": len(info.pairs),
            "mdps_paired": sum(1 for *_, mp in info.pairs if mp),
            "s1": s1,
            "s2": s2,
            "limbo": [f.start_no for f in b.floaters if f.mdp],
            "first_candidate": {
                "pairs": [[a, c] for a, c, _ in first_pairs],
                "floaters": first_floaters,
                "chosen": first_set == chosen_set,
                "verdict": verdict,
                "problems": problems,
            },
            "pairs": [self.explain_pair(a, c, mp) for a, c, mp in info.pairs],
            "exchanges": self._exchanged(info),
            "float_reasons": [],
            "downfloaters": [],
            "shortfalls": self.shortfalls(info, chosen),
            "optimality": self.optimality(info, chosen),
            "c9": b.c9_applies,
        }
        doc["float_reasons"] = self.float_reasons(info, local_mate)
        doc["downfloaters"] = self.explain_floaters(info, chosen)
        return doc

    def _local_pairs(self, members: list[int], apart: frozenset[int]) -> int:
        """[C6] for the bracket alone: the most pairs its members can make, two of
        ``apart`` never meeting (the engine's own count, with rows built on demand:
        memory linear in the bracket)."""
        rank = self.compat.rank
        return max_pairs(self.ctx.compat, [rank[v] for v in members], {rank[v] for v in apart} or None)

    def explain_pair(self, a: int, b: int, mdp_pair: bool) -> BracketPair:
        fa, fb = self.fact(a), self.fact(b)
        notes: list[Reason] = []
        if mdp_pair:
            hi, lo = (fa, fb) if fa.pscore > fb.pscore else (fb, fa)
            notes.append(
                reason(
                    "1.4.2",
                    f"MDP-Pairing: #{hi.no} ({self._pts(hi.pscore)}) downfloats, "
                    f"#{lo.no} ({self._pts(lo.pscore)}) upfloats",
                )
            )
        if fa.absolute and fb.absolute and fa.pref is fb.pref:
            top = _nos(n for n in (a, b) if self.fact(n).state.topscorer)
            notes.append(
                reason(
                    "C3",
                    f"both have an absolute preference for {_cap(fa.pref) if fa.pref else '?'}; allowed "
                    f"only because this is the last round and {top} is a topscorer (1.8)",
                )
            )
        for name in sorted(self.pair_failures(fa, fb, mdp_pair), key=_crit_key):
            notes.append(self.failure_reason(name, a, b))
        return {"higher": a, "lower": b, "mdp_pairing": mdp_pair, "notes": notes}

    def shortfalls(self, info: BracketInfo, chosen: Evaluation) -> list[Shortfall]:
        """The criteria of [C6]–[C21] the chosen candidate does not fully meet, with counts."""
        out: list[Shortfall] = []
        floaters = sorted(info.floaters, key=lambda n: self.fact(n).rank)
        if floaters:
            out.append(
                {
                    "criterion": "C6",
                    "count": len(floaters),
                    "text": CRITERIA_TEXT["C6"],
                    "details": [f"#{n} floats" for n in floaters],
                }
            )
            out.append(
                {
                    "criterion": "C7",
                    "count": len(floaters),
                    "text": CRITERIA_TEXT["C7"],
                    "details": [f"#{n}: {self._pts(self.fact(n).pscore)}" for n in floaters],
                }
            )
        if chosen.c9:
            (only,) = info.floaters
            out.append(
                {
                    "criterion": "C9",
                    "count": chosen.c9,
                    "text": CRITERIA_TEXT["C9"],
                    "details": [f"#{only} has {chosen.c9} unplayed game(s)"],
                }
            )
        per: dict[str, list[str]] = {}
        mdp_set = {m.start_no for m in info.mdps}
        for a, b, mp in info.pairs:
            for name in self.pair_failures(self.fact(a), self.fact(b), mp):
                per.setdefault(name, []).append(self.failure_reason(name, a, b)["text"])
        for n in floaters:
            if n in mdp_set:
                continue
            for c in RESIDENT_DOWNFLOATS:
                if self.round_no > c.back and self.fact(n).floated(c.back) is Float.DOWN:
                    per.setdefault(c.name, []).append(f"#{n} had a downfloat in round {self.round_no - c.back}")
        score = info.residents[0].pscore if info.residents else 0
        for a, b, mp in info.pairs:
            if not mp:
                continue
            m, r = (a, b) if a in mdp_set else (b, a)
            diff = self._pts(self.fact(m).pscore - score)
            # [C18]/[C20]: the MDP floats down again; [C19]/[C21]: its opponent floats up again
            again = [(c, m, Float.DOWN) for c in family(Family.MDP_DOWNFLOATS)]
            again += [(c, r, Float.UP) for c in family(Family.OPPONENT_UPFLOATS)]
            for c, who, kind in again:
                if self.round_no > c.back and self.fact(who).floated(c.back) is kind:
                    per.setdefault(c.name, []).append(f"#{m}–#{r}: score difference {diff}")
        for name in sorted(per, key=_crit_key):
            out.append({"criterion": name, "count": len(per[name]), "text": CRITERIA_TEXT[name], "details": per[name]})
        engine = {s.criterion: s.failures for s in info.trace.shortfalls}
        mine = {s["criterion"]: s["count"] for s in out}
        for name, count in engine.items():
            if mine.get(name) != count:
                self.disagreements.append(
                    f"bracket {info.trace.number}: the engine counts [{name}] {count}, this reading {mine.get(name, 0)}"
                )
        return out

    def optimality(self, info: BracketInfo, chosen: Evaluation) -> Optimality:
        """Given the downfloaters, is any other pairing of the other players better
        on [C10]–[C21]? Checked by trying them all (up to :data:`ENUMERATE_LIMIT`)."""
        rest = [f.start_no for f in info.members if f.start_no not in info.floaters]
        if len(rest) < 4:
            return {
                "checked": True,
                "pairings": 1 if rest else 0,
                "best": 1 if rest else 0,
                "text": "only one way to pair these players" if rest else "nobody is paired in this bracket",
            }
        if chosen.inner is None or chosen.inner_count is None:
            return {
                "checked": False,
                "pairings": None,
                "best": None,
                "text": f"not enumerated: {len(rest)} players (more than {ENUMERATE_LIMIT})",
            }
        value, _ = self._inner_value(info)
        mine: Vector = tuple([0] * len(chosen.inner))
        for a, b, _ in info.pairs:
            v = value(a, b)
            if v is None:
                self.disagreements.append(f"bracket {info.trace.number}: #{a}–#{b} is not a legal pair")
                continue
            mine = tuple(x + y for x, y in zip(mine, v, strict=True))
        ok = mine == chosen.inner
        if not ok:
            self.disagreements.append(
                f"bracket {info.trace.number}: another pairing of the same players is better on [C10]-[C21]"
            )
        n, total, best = len(rest), chosen.inner_count, chosen.inner_best
        ways = "1 legal way" if total == 1 else f"{total} legal ways"
        if ok and total == 1:
            text = f"given the downfloaters, there is only {ways} to pair the other {n} players"
        elif ok and best == 1:
            text = (
                f"given the downfloaters, {ways} to pair the other {n} players; "
                "the pairing chosen is the only one with the fewest failures on [C10]-[C21]"
            )
        elif ok:
            text = (
                f"given the downfloaters, {total} legal ways to pair the other {n} players; none fails "
                f"[C10]-[C21] less; {best} are equally good and Article 4 order takes the first (3.8)"
            )
        else:
            text = f"given the downfloaters, a pairing of the other {n} players with fewer failures exists"
        return {"checked": True, "pairings": total, "best": best, "text": text}

    def float_reasons(self, info: BracketInfo, local_pairs: int) -> list[Reason]:
        """Why the bracket leaves players unpaired at all: [C6] (an odd number, or the
        pairs [C1]/[C3] and 3.2 allow), or [C4]/[C5] (pairing more here would make
        the rest of the round impossible; checked with a matching)."""
        members = [f.start_no for f in info.members]
        n = len(members)
        made = len(info.pairs)
        if n == len(info.pairs) * 2:
            return []
        mdp_set = frozenset(m.start_no for m in info.mdps)
        if n == 1:
            return [reason("C6", "alone in the bracket")]
        if local_pairs == made:
            if 2 * local_pairs == n - 1:
                return [reason("C6", f"{n} players: an odd number, one must float")]
            bad = [
                self.incompatibility(x, y)
                for i, x in enumerate(members)
                for y in members[i + 1 :]
                if not (x in mdp_set and y in mdp_set) and not self.compat.meets(x, y)
            ]
            listed = [r["text"] for r in bad if r is not None]
            if len(mdp_set) > 1:
                listed.append("MDPs do not meet each other")
            return [
                reason("C6", f"{n} players, but at most {local_pairs} pair(s) can be made among them"),
                *(
                    reason("C1" if "met" in t or "forbids" in t else "C3" if "absolute" in t else "3.2", t)
                    for t in listed
                ),
            ]
        most = self._most_pairs_completing(info)
        bye = " with the PAB on the lowest possible score ([C5])" if self.odd else ""
        if most != made:
            self.disagreements.append(
                f"bracket {info.trace.number}: a complete round-pairing with {most} pairs in this bracket exists; "
                f"the engine made {made}"
            )
        return [
            reason(
                "C4",
                f"the bracket alone could make {local_pairs} pair(s), but no pairing of the whole "
                f"round{bye} has more than {made} here: the rest of the round could not be completed",
            )
        ]

    def _most_pairs_completing(self, info: BracketInfo) -> int:
        """The most pairs the bracket can make in a complete round-pairing of
        everybody not yet paired ([C4]) with the PAB on its [C5] score."""

        members = [f.start_no for f in info.members]
        inside = set(members)
        mdp_set = {m.start_no for m in info.mdps}
        players = [*members, *(f.start_no for f in info.lower)]
        pos = {v: i for i, v in enumerate(players)}
        big = len(players) + 2
        edges: list[tuple[int, int, int]] = []
        for v in players:
            for w in self.compat[v]:
                j = pos.get(w)
                if j is None or j <= pos[v]:
                    continue
                if v in mdp_set and w in mdp_set:
                    continue
                bonus = 1 if v in inside and w in inside else 0
                edges.append((pos[v], j, big + bonus))
        n = len(players)
        if n % 2 == 1:
            for i, v in enumerate(players):
                if self.bye_candidate(v):
                    edges.append((i, n, big))
            n += 1
        mate = max_weight_matching(n, edges)
        return sum(
            1 for i, m in enumerate(mate) if i < m < len(players) and players[i] in inside and players[m] in inside
        )

    def explain_floaters(self, info: BracketInfo, chosen: Evaluation) -> list[Downfloater]:
        """Each downfloater: where it goes, its float history, and for every other
        player of the bracket the first criterion that floating that player
        instead would make worse (brackets up to :data:`SWAP_LIMIT` players)."""
        b = info.trace
        members = [f.start_no for f in info.members]
        floaters = sorted(info.floaters, key=lambda v: self.fact(v).rank)
        paired = [v for v in members if v not in info.floaters]
        mdp_set = frozenset(m.start_no for m in info.mdps)
        next_label = None
        traces = self.trace.brackets
        k = traces.index(b)
        if k + 1 < len(traces):
            nb = traces[k + 1]
            next_label = f"bracket {nb.number} ({nb.score})"
        out: list[Downfloater] = []
        compared = len(members) <= SWAP_LIMIT
        for v in floaters:
            f = self.fact(v)
            rather: list[PlayerReason] = []
            if compared:
                for x in paired:
                    other = self.evaluate(info, (info.floaters - {v}) | {x}, full=False)
                    why, better = self.separate(info, other, chosen)
                    if better:
                        self.disagreements.append(
                            f"bracket {b.number}: floating #{x} instead of #{v} is better on [{why['rule']}]"
                        )
                    rather.append({"player": x, "rule": why["rule"], "text": why["text"]})
            goes = f"floats to {next_label}" if next_label else "is left over: takes the PAB"
            facts: list[str] = []
            if self.round_no >= 2 and f.floated(1) is not Float.NONE:
                facts.append(f"{'down' if f.floated(1) is Float.DOWN else 'up'}float in round {self.round_no - 1}")
            if self.round_no >= 3 and f.floated(2) is not Float.NONE:
                facts.append(f"{'down' if f.floated(2) is Float.DOWN else 'up'}float in round {self.round_no - 2}")
            out.append(
                {
                    "player": v,
                    "score": self._pts(f.pscore),
                    "limbo": v in mdp_set,
                    "goes": goes,
                    "facts": facts,
                    "compared": compared,
                    "rather_than": rather,
                }
            )
        return out

    # -- boards and PAB --------------------------------------------------------------------
    def explain_board(self, board: int, white: int, black: int, engine_rule: str) -> BoardDoc:
        fw, fb = self.fact(white), self.fact(black)
        rule, _, back = self.allocate(fw, fb)
        reasons: list[Reason] = [reason(rule, self.colour_text(rule, fw, fb, back))]
        for who, got in ((fw, Colour.WHITE), (fb, Colour.BLACK)):
            if who.colours and who.colours[-1] is got:
                n = 1
                for c in reversed(who.colours[:-1]):
                    if c is not got:
                        break
                    n += 1
                times = {1: "again", 2: "for the third game running"}.get(n, f"for game {n + 1} running")
                reasons.append(
                    reason(rule, f"#{who.no} has {_cap(got)} {times} (played colours {colour_letters(who.colours)})")
                )
        return {"board": board, "white": white, "black": black, "rule": engine_rule, "reasons": reasons}

    def colour_text(self, rule: str, a: Fact, b: Fact, back: int) -> str:
        """The facts Article 5.2 reads for this pair, in words (``a`` has White)."""
        higher = a if a.rank < b.rank else b
        if rule == "5.2.5":
            parity = "odd" if higher.tpn % 2 == 1 else "even"
            got = self.initial if higher.tpn % 2 == 1 else self.initial.opposite
            return (
                f"neither has a colour preference; the higher-ranked #{higher.no} has TPN {higher.tpn} "
                f"({parity}) and gets "
                + ("the initial colour" if got is self.initial else "the colour other than the initial one")
                + f", {_cap(got)}"
            )
        pa, pb = preference_text(a), preference_text(b)
        if rule == "5.2.1":
            return (
                f"#{a.no} wants {pa}; #{b.no} wants {pb}: both preferences are granted"
                if a.pref and b.pref
                else (f"#{a.no}: {pa}; #{b.no}: {pb}: the preference is granted")
            )
        pref = _cap(a.pref) if a.pref else "?"
        if rule == "5.2.2":
            win = a if a.pref is Colour.WHITE else b
            if a.absolute and b.absolute:
                return (
                    f"both want {pref}, both absolutely (#{a.no} {pa}, colour difference {a.cd:+d}; "
                    f"#{b.no} {pb}, colour difference {b.cd:+d}): the larger colour difference wins: #{win.no}"
                )
            return f"both want {pref}: #{a.no} {pa}; #{b.no} {pb}; the stronger preference wins: #{win.no}"
        if rule == "5.2.3":
            ra = self._round_of_game(a.no, back)
            rb = self._round_of_game(b.no, back)
            ca = a.colours[-back]
            cb = b.colours[-back]
            return (
                f"both want {pref} with equal strength ({pa}; {pb}); in their {_ordinal(back)} played game "
                f"(#{a.no} round {ra}: {_cap(ca)}, #{b.no} round {rb}: {_cap(cb)}) they had different colours; "
                f"each now gets the other one"
            )
        return (
            f"both want {pref} with equal strength and the same played colours ({colour_letters(a.colours)}); "
            f"the higher-ranked #{higher.no} ({self._pts(higher.pscore)}, TPN {higher.tpn}) gets their preference"
        )

    def _round_of_game(self, n: int, back: int) -> int:
        """The round of the player's ``back``-th last played game."""
        played = [r for r in range(1, self.round_no) if (e := self.t.player(n).entry(r)) is not None and e.played]
        return played[-back]

    def explain_bye(self, infos: list[BracketInfo], floater_docs: dict[int, Downfloater]) -> Bye | None:
        bye = self.trace.pab
        if bye is None:
            return None
        v = bye.start_no
        f = self.fact(v)
        reasons: list[Reason] = [
            reason("1.9.1", f"{len(self.order)} players to pair: an odd number, one player gets the PAB"),
            reason("C2", f"#{v} has not had a PAB, nor a win's points without playing"),
            reason(
                "C5", f"the lowest score a legal pairing of the round allows for the PAB is {self._pts(self.pab_score)}"
            ),
        ]
        if infos and infos[-1].trace.c9_applies:
            rivals = [
                self.fact(n)
                for n in self.order
                if n != v and self.fact(n).pscore == f.pscore and self.fact(n).state.pab_eligible
            ]
            mine = f.state.unplayed_rounds
            more = [g for g in rivals if g.state.unplayed_rounds > mine]
            if more:
                text = f"#{v} has {mine} unplayed game(s), fewer than " + ", ".join(
                    f"#{g.no} ({g.state.unplayed_rounds})" for g in more
                )
            else:
                text = (
                    f"#{v} has {mine} unplayed game(s); no player who could take the PAB instead has fewer, "
                    "so [C9] does not decide here"
                )
            reasons.append(reason("C9", text))
        passed: list[PlayerReason] = []
        for n in self.order:
            if n == v:
                continue
            g = self.fact(n)
            if self.pab_score is not None and g.pscore > self.pab_score:
                continue
            if not g.state.pab_eligible:
                passed.append({"player": n, "rule": "C2", "text": f"#{n} {self._why_barred(n)}"})
            elif self.pab_score is not None and g.pscore < self.pab_score:
                text = f"with #{n} taking the PAB, the others could not all be paired"
                passed.append({"player": n, "rule": "C4", "text": text})
        decided = floater_docs.get(v)
        if decided is not None:
            for r in decided["rather_than"]:
                g = self.fact(r["player"])
                if g.state.pab_eligible and (self.pab_score is None or g.pscore <= self.pab_score):
                    passed.append(r)
        return {"player": v, "score": self._pts(f.pscore), "reasons": reasons, "passed_over": passed}

    def _why_barred(self, n: int) -> str:
        """[C2] / C.04.1 Art. 4: the round that bars the player from the PAB."""
        p = self.t.player(n)
        pts = self.t.points
        for r in range(1, self.round_no):
            e = p.entry(r)
            if e is None:
                continue
            if e.result is Result.PAB:
                return f"had the PAB in round {r}"
            if not e.played and pts.points(e.result) >= pts.win:
                return f"scored a win's points without playing in round {r} ({ENTRY_TEXT.get(e.result, e.result.name)})"
        return "may not receive the PAB"

    # -- the whole document ---------------------------------------------------------------------
    def player_doc(self, n: int) -> PlayerFacts:
        """A player to be paired: identity, standing, history and the facts the
        criteria read (1.6, 1.7, 1.4, [C2], 1.8)."""
        f = self.fact(n)
        s = f.state
        return {
            **player_identity(self.t, n, self.round_no),
            "tpn": s.tpn,
            "rank": f.rank + 1,
            "score": self._pts(s.score),
            "pairing_score": self._pts(s.pairing_score),
            "colours": colour_letters(s.colours),
            "colour_difference": s.colour_difference,
            "preference": colour_name(s.preferred),
            "strength": s.strength.name.lower(),
            "preference_text": preference_text(f),
            "floats": [_float(s.float_before(1)), _float(s.float_before(2))],
            "pab_eligible": s.pab_eligible,
            "played_games": s.played_games,
            "topscorer": s.topscorer,
        }

    def document(self) -> SystemPart:
        infos = self.bracket_infos()
        origin: dict[int, int] = {}
        for info in infos:
            for r in info.residents:
                origin[r.start_no] = info.trace.number
        brackets = [self.explain_bracket(info, origin) for info in infos]
        floater_docs: dict[int, Downfloater] = {}
        for bd in brackets:
            for fl in bd["downfloaters"]:
                floater_docs[fl["player"]] = fl
        boards = [self.explain_board(bd.board, bd.white, bd.black, bd.article) for bd in self.trace.boards]
        seen = {n for bd in self.trace.boards for n in (bd.white, bd.black)}
        if self.trace.pab is not None:
            seen.add(self.trace.pab.start_no)
        missing = set(self.order) - seen
        if missing:
            self.disagreements.append(f"players neither on a board nor given the PAB: {_nos(sorted(missing))}")
        bye = self.explain_bye(infos, floater_docs)
        details: Details = {
            "pab_score": self._pts(self.pab_score) if self.pab_score is not None else None,
            "brackets": brackets,
        }
        return {
            "rules": "FIDE (Dutch) System, C.04.3, applied from 1 February 2026",
            "articles": {
                "initial_colour": "5.1",
                "last_round": "topscorers, 1.8",
                "topscorers": "1.8",
                "colours": "Article 5",
            },
            "paired": len(self.order),
            "initial_colour": colour_name(self.initial),
            "players": [self.player_doc(n) for n in sorted(self.order)],
            "paired_in": paired_in(brackets, bye["player"] if bye is not None else None),
            "boards": boards,
            "bye": bye,
            "sections": sections(brackets),
            "details": details,
            "disagreements": list(dict.fromkeys(self.disagreements)),
        }


def _float(f: Float) -> str | None:
    return {Float.DOWN: "down", Float.UP: "up"}.get(f)


def _crit_key(name: str) -> int:
    return int(name[1:]) if name[1:].isdigit() else 99


def explain_dutch(tournament: Tournament, round_no: int, trace: RoundTrace) -> SystemPart:
    """The Dutch part of the explanation document (see :mod:`swissbridge.commands.explain`)."""
    return DutchExplainer(tournament, round_no, trace).document()


class _Partners:
    """``partners[a]``: the start numbers ``a`` may meet in this round ([C1], [C3]),
    worked out from the engine's :class:`~swissbridge.state.Compatibility` only for
    the players an explanation asks about (the full table grows with the square of
    the field)."""

    def __init__(self, compat: Compatibility, order: Sequence[int]) -> None:
        self._compat = compat
        self._order = list(order)
        self.rank = {n: i for i, n in enumerate(order)}
        """The position of each start number in the engine's order (its compatibility's index)."""
        self._rows: dict[int, frozenset[int]] = {}

    def meets(self, a: int, b: int) -> bool:
        """``b in partners[a]``, without building the row."""
        return self._compat.ok(self.rank[a], self.rank[b])

    def __getitem__(self, start_no: int) -> frozenset[int]:
        row = self._rows.get(start_no)
        if row is None:
            order = self._order
            ranks = self._compat.among(self.rank[start_no], range(len(order)))
            row = frozenset(order[j] for j in ranks)
            self._rows[start_no] = row
        return row
