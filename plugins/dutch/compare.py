"""Why the Dutch system prefers its own pairing of a round to the one that was played.

Used by ``swissbridge check`` (C.04.1: the arbiter must be able to explain a
pairing). The round is replayed bracket by bracket as the engine paired it (its
trace). At the first bracket where the played pairing makes different pairs among
that bracket's players (the brackets above being identical, both pairings bring
the same MDPs into it), the played pairing's *candidate* for the bracket is formed
— its pairs among the bracket's players, and as downfloaters the bracket's
players it does not pair there — and both candidates are scored with the very
criterion functions the engine uses (:mod:`.criteria`, [C6]–[C21] in priority
order, Article 3.8). The first criterion on which they differ is reported with both
values. A played pairing that is not a legal round-pairing at all is reported by
the absolute criterion it breaks ([C1]–[C5]) instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from swissbridge.model import Tournament, format_points
from swissbridge.pairing import RoundPairing
from swissbridge.plugins.matching import max_weight_matching
from swissbridge.state import Float

from .completion import Completion
from .context import RoundContext, build_context
from .criteria import QUALITY_CRITERIA, Criterion, Family, Kind, Scope
from .round import pair_round, scoregroups, with_builtin_acceleration
from .weights import Layout
from .wording import CRITERIA_TEXT

__all__ = ["compare_pairings"]

Pair = tuple[int, int]
"""Two players by rank (Article 1.2), higher-ranked first."""


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def _points(score: int) -> str:
    return f"{format_points(score)} point" + ("" if score == 10 else "s")


def compare_pairings(tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
    """The first criterion that separates the engine's pairing ``expected`` from the
    ``played`` one of ``round_no`` (``tournament`` holds the history before it), in an
    arbiter's words; ``""`` when the two are the same pairing."""
    tournament = with_builtin_acceleration(tournament)
    ctx = build_context(tournament, round_no)
    rank = {p.start_no: p.rank for p in ctx.players}

    comp = Completion(ctx)
    comp.fix_bye_score()
    illegal = _legality(ctx, comp, rank, played)
    if illegal:
        return "the played pairing is not a legal round-pairing: " + illegal

    played_pairs = {_pair(rank[b.white], rank[b.black]) for b in played.boards}
    expected_pairs = {_pair(rank[b.white], rank[b.black]) for b in expected.boards if b.white in rank}
    if played_pairs == expected_pairs and played.bye == expected.bye:
        return "the same pairs as the engine's: only colours differ (Article 5, see each board)"

    _, trace = pair_round(tournament, round_no)
    _, shift = scoregroups(ctx)
    c9_rank = comp.c9_rank()

    for g, bt in enumerate(trace.brackets):
        mdps = [rank[n] for n in bt.mdps]
        residents = [rank[n] for n in bt.residents]
        bracket = [*mdps, *residents]
        inside = set(bracket)
        engine = {_pair(rank[pt.higher], rank[pt.lower]) for pt in bt.pairs}
        mine = {pr for pr in played_pairs if pr[0] in inside and pr[1] in inside}
        if engine == mine:
            continue
        nxt = [rank[n] for n in trace.brackets[g + 1].residents] if g + 1 < len(trace.brackets) else []
        lower = [v for later in trace.brackets[g + 2 :] for v in (rank[n] for n in later.residents)]
        score = ctx.players[residents[0]].pscore
        scope = Scope(
            shift=shift,
            bye_score=comp.bye_score,
            c9_active=comp.c9_applies(bracket, mdps, [*nxt, *lower], score),
            c9_rank=c9_rank,
            completed=ctx.completed,
        )
        where = f"in the bracket of {_points(score)}"
        a = _Candidate.build(ctx, bracket, set(mdps), nxt, engine, scope)
        b = _Candidate.build(ctx, bracket, set(mdps), nxt, mine, scope)
        shown = _shown_pairs(ctx, engine, mine)
        for c in QUALITY_CRITERIA:
            if not c.applies(scope):
                continue
            va, vb = a.values[c.name], b.values[c.name]
            if va == vb:
                continue
            words = _describe(c, a, b, scope)
            if va > vb:
                return f"{words} {where} ({shown})"
            why = (
                "the engine gave it up so that the rest of the round can be paired ([C4]/[C5])"
                if bt.method == "completion-constrained"
                else "the criteria of this bracket alone do not explain the engine's choice"
            )
            return f"the played pairing is better on {words} {where} ({shown}); {why}"
        note = ""
        if bt.method == "completion-constrained":
            note = "; [C4] completion of the rest of the round constrained the engine's choice"
        return (
            f"equal on every criterion {where} ({shown}): the Article 4 generation order decides "
            f"(the engine's candidate comes first){note}"
        )
    return "the bracket-by-bracket comparison finds no difference in the pairs"


def _legality(ctx: RoundContext, comp: Completion, rank: dict[int, int], played: RoundPairing) -> str:
    """The absolute criterion the played pairing breaks, if any: [C1] (rematch or a
    pair the organiser forbids), [C3] (same absolute colour preference), [C2]/[C5]
    (the PAB), [C4] (a present player left unpaired)."""
    state = ctx.state
    found: list[str] = []
    seen: set[int] = set()
    for b in played.boards:
        for n in (b.white, b.black):
            if n not in rank:
                found.append(f"{n} is paired but not among the present players")
        if b.white not in rank or b.black not in rank:
            continue
        seen.update((b.white, b.black))
        if ctx.compat.ok(rank[b.white], rank[b.black]):
            continue
        pa = state.players[b.white]
        if b.black in pa.opponents:
            found.append(f"[C1] {b.white} and {b.black} have already played each other")
        elif state.forbidden.forbids(b.white, b.black):
            found.append(f"[C1] the organiser forbids {b.white} - {b.black}")
        else:
            found.append(f"[C3] {b.white} and {b.black} have the same absolute colour preference")
    if played.bye is not None and played.bye in rank:
        seen.add(played.bye)
        p = ctx.players[rank[played.bye]]
        if not p.eligible:
            found.append(f"[C2] {played.bye} may not receive the pairing-allocated bye")
        elif comp.bye_score is not None and p.pscore > comp.bye_score:
            found.append(
                f"[C5] the bye went to {played.bye} on {_points(p.pscore)}; "
                f"a legal pairing gives it to a player on {_points(comp.bye_score)}"
            )
    left = [p.start_no for p in ctx.players if p.start_no not in seen]
    if left:
        found.append("[C4] present players left unpaired: " + ", ".join(map(str, left)))
    return "; ".join(found)


@dataclass
class _Candidate:
    """One bracket's candidate: its pairs, its downfloaters and its criterion values."""

    pairs: list[Pair]
    floaters: list[int]
    mdps: set[int]
    values: dict[str, int]
    next_pairs: int
    ctx: RoundContext

    @classmethod
    def build(
        cls,
        ctx: RoundContext,
        bracket: Sequence[int],
        mdps: set[int],
        nxt: Sequence[int],
        pairs: set[Pair],
        scope: Scope,
    ) -> _Candidate:
        players = ctx.players
        paired = {v for pr in pairs for v in pr}
        floaters = [v for v in bracket if v not in paired]
        values: dict[str, int] = {}
        for c in QUALITY_CRITERIA:
            if c.applies(scope) and not c.name.startswith("C8"):
                values[c.name] = sum(c.value(players[h], players[lo], _kind(h, lo, mdps), scope) for h, lo in pairs)
        c8_pairs, c8_scores = _next_bracket(ctx, floaters, nxt, scope)
        values["C8 pairs"] = c8_pairs
        values["C8 scores"] = c8_scores
        return cls(sorted(pairs), floaters, mdps, values, c8_pairs, ctx)

    def start_nos(self, vs: Sequence[int]) -> str:
        return ", ".join(str(self.ctx.players[v].start_no) for v in vs) or "none"


def _kind(h: int, lo: int, mdps: set[int]) -> Kind:
    """Both players are of the bracket: a pair of two MDPs is not a bracket pair (3.2)."""
    return Kind.OTHER if h in mdps and lo in mdps else Kind.CURRENT


def _next_bracket(ctx: RoundContext, floaters: Sequence[int], nxt: Sequence[int], scope: Scope) -> tuple[int, int]:
    """[C8]: the pairs the next bracket can make with these downfloaters (a downfloater
    with a resident of the next scoregroup, or two such residents), and the same
    pairs counted by score from the highest — the best the next bracket can do."""
    players = ctx.players
    group = [*floaters, *nxt]
    c8 = [c for c in QUALITY_CRITERIA if c.name.startswith("C8")]
    layout = Layout.build([(c.name, c.bound(scope)) for c in c8], len(group) // 2)
    nxt_set = set(nxt)
    edges: list[tuple[int, int, int]] = []
    for i, x in enumerate(group):
        for j in range(i + 1, len(group)):
            h, lo = _pair(x, group[j])
            if lo not in nxt_set or not ctx.compat.ok(h, lo):
                continue
            w = layout.pack([c.value(players[h], players[lo], Kind.NEXT, scope) for c in c8])
            if w > 0:
                edges.append((i, j, w))
    mate = max_weight_matching(len(group), edges)
    total = [0, 0]
    for i, m in enumerate(mate):
        if m > i:
            h, lo = _pair(group[i], group[m])
            for k, c in enumerate(c8):
                total[k] += c.value(players[h], players[lo], Kind.NEXT, scope)
    return total[0], total[1]


def _shown_pairs(ctx: RoundContext, engine: set[Pair], played: set[Pair]) -> str:
    """The pairs on which the two candidates differ, by start number."""

    def text(prs: set[Pair]) -> str:
        return ", ".join(f"{ctx.players[h].start_no}-{ctx.players[lo].start_no}" for h, lo in sorted(prs)) or "none"

    return f"engine pairs {text(engine - played)}; played pairs {text(played - engine)}"


def _scores(c: _Candidate, vs: Sequence[int]) -> str:
    if not vs:
        return "none"
    return ", ".join(f"{c.ctx.players[v].start_no} ({format_points(c.ctx.players[v].pscore)})" for v in vs)


def _failed_pairs(c: _Candidate, crit: Criterion, scope: Scope) -> list[Pair]:
    players = c.ctx.players
    return [pr for pr in c.pairs if crit.value(players[pr[0]], players[pr[1]], _kind(*pr, c.mdps), scope) == 0]


def _describe(crit: Criterion, a: _Candidate, b: _Candidate, scope: Scope) -> str:
    """``[Cn] what it counts: value (engine) vs value (played)``."""
    name = crit.name
    players = a.ctx.players

    def both(what: str, x: object, y: object) -> str:
        return f"[{name.split()[0]}] {what}: {x} (engine) vs {y} (played)"

    if name == "C6":
        return both(CRITERIA_TEXT["C6"], len(a.floaters), len(b.floaters))
    if name == "C7":

        def ordered(c: _Candidate) -> list[int]:
            return sorted(c.floaters, key=lambda v: (-players[v].pscore, v))

        return both(CRITERIA_TEXT["C7"] + " (highest first)", _scores(a, ordered(a)), _scores(b, ordered(b)))
    if name == "C8 pairs":
        return both(CRITERIA_TEXT["C8"] + " (its pairs with the downfloaters)", a.next_pairs, b.next_pairs)
    if name == "C8 scores":
        return both(
            CRITERIA_TEXT["C8"] + " (the downfloaters it pairs, by score)",
            _scores(a, a.floaters),
            _scores(b, b.floaters),
        )
    if name == "C9":

        def pab(c: _Candidate) -> str:
            on = [v for v in c.floaters if players[v].pscore == scope.bye_score]
            return ", ".join(f"{players[v].start_no} ({players[v].played_games} games played)" for v in on) or "none"

        return both(CRITERIA_TEXT["C9"], pab(a), pab(b))
    if crit.family is Family.PAIR:
        return both(CRITERIA_TEXT[name], len(_failed_pairs(a, crit, scope)), len(_failed_pairs(b, crit, scope)))
    if crit.family is Family.RESIDENT_DOWNFLOATS:

        def resident_floaters(c: _Candidate) -> list[int]:
            return [v for v in c.floaters if v not in c.mdps and players[v].floated(crit.back) is Float.DOWN]

        ra, rb = resident_floaters(a), resident_floaters(b)
        return both(
            CRITERIA_TEXT[name],
            f"{len(ra)} [{a.start_nos(ra)}]",
            f"{len(rb)} [{b.start_nos(rb)}]",
        )
    if crit.family is Family.MDP_DOWNFLOATS:

        def again(c: _Candidate) -> list[int]:
            return [v for v in c.floaters if players[v].floated(crit.back) is Float.DOWN]

        return both(CRITERIA_TEXT[name], _scores(a, again(a)), _scores(b, again(b)))
    # Family.OPPONENT_UPFLOATS

    def upfloaters(c: _Candidate) -> str:
        fails = _failed_pairs(c, crit, scope)
        return (
            ", ".join(
                f"{players[lo].start_no} against MDP {players[h].start_no} ({format_points(players[h].pscore)})"
                for h, lo in fails
            )
            or "none"
        )

    return both(CRITERIA_TEXT[name], upfloaters(a), upfloaters(b))
