"""The Dutch round: brackets from the top scoregroup down (1.9.2), the PAB to the
player the last bracket leaves over (1.9.1), colours by Article 5, boards in the
publication order of the reference engine."""

from __future__ import annotations

from dataclasses import replace

from swissbridge.errors import InputError
from swissbridge.model import Colour, Tournament, format_points
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing, board_key

from .bracket import BracketSolver
from .colours import allocate
from .completion import Completion
from .context import RoundContext, build_context
from .criteria import Scope
from .trace import BoardTrace, BracketTrace, ByeTrace, RoundTrace


def initial_colour(tournament: Tournament) -> Colour:
    """5.1: the colour drawn before round 1 (TRF 152 / XXC). Without it, it is inferred
    from the earliest round with a colour (dutch-reference.md §1.4): the first player
    in start-number order who had a colour then, inverted for an even position among
    the players paired by then."""
    if tournament.initial_colour is not None:
        return tournament.initial_colour
    for r in range(1, tournament.rounds_in_file + 1):
        position = 0
        for p in tournament.players:
            e = p.entry(r)
            if not any(x.paired for x in p.entries[:r]):
                continue
            position += 1
            if e is not None and e.played and e.colour is not None:
                return e.colour if position % 2 == 1 else e.colour.opposite
    raise InputError(
        "the initial colour is unknown: give --initial-colour white or black "
        "(in a TRF file: record 152 W/B, or XXC white1/black1)"
    )


def with_builtin_acceleration(tournament: Tournament) -> Tournament:
    """C.04.7 (Baku) when record 192 names an accelerated Dutch system
    (``FIDE_DUTCH_BAKU``, ``FIDE_DUTCH_2025_BAKU``, ...) and the file gives no
    virtual points itself (250/XXA lines take precedence). GA is sized as the 2026
    text says, 2·⌈N/4⌉ of the N listed players (the reference engine uses ⌈N/2⌉,
    dutch-reference.md §2.3)."""
    if tournament.acceleration or "BAKU" not in tournament.system.upper():
        return tournament
    if tournament.total_rounds is None:
        raise InputError("Baku acceleration needs the number of rounds (record 142 or XXR)")
    from swissbridge.generate import baku_acceleration

    starts = [p.start_no for p in tournament.players]
    return replace(tournament, acceleration=baku_acceleration(starts, tournament.total_rounds, tournament.points))


def pair_round(tournament: Tournament, round_no: int) -> tuple[RoundPairing, RoundTrace]:
    tournament = with_builtin_acceleration(tournament)
    ctx = build_context(tournament, round_no)
    absent = tuple(sorted(ctx.state.absent))
    if ctx.n == 0:  # everybody absent: the empty pairing
        empty = RoundPairing(round_no=ctx.round_no, boards=(), absent=dict(ctx.state.absent), system="dutch")
        return empty, RoundTrace(round_no=ctx.round_no, players=0, absent=absent, bye_score=None)
    colour0 = initial_colour(tournament)
    comp = Completion(ctx)
    comp.fix_bye_score()
    pairs, brackets = pair_brackets(ctx, comp)
    paired = {x for h, lo, _ in pairs for x in (h, lo)}
    left = [v for v in range(ctx.n) if v not in paired]
    if len(left) > 1 or (left and not comp.odd):
        raise NoLegalPairing("the brackets could not pair everybody")
    boards: list[tuple[tuple[int, int, int], Board, str]] = []
    for h, lo, _ in pairs:
        a, b = ctx.players[h], ctx.players[lo]
        white, black, rule = allocate(a, b, colour0)
        boards.append((board_key((a.score, a.tpn), (b.score, b.tpn)), Board(white, black), rule))
    boards.sort(key=lambda t: t[0])
    bye = ctx.players[left[0]] if left else None
    pairing = RoundPairing(
        round_no=ctx.round_no,
        boards=tuple(b for _, b, _ in boards),
        bye=bye.start_no if bye else None,
        absent=dict(ctx.state.absent),
        system="dutch",
    )
    trace = RoundTrace(
        round_no=ctx.round_no,
        players=ctx.n,
        absent=absent,
        bye_score=format_points(comp.bye_score) if comp.bye_score is not None else None,
        brackets=tuple(brackets),
        boards=tuple(BoardTrace(i + 1, b.white, b.black, rule) for i, (_, b, rule) in enumerate(boards)),
        bye=(
            ByeTrace(
                bye.start_no,
                format_points(bye.pscore),
                "[C5] lowest PAB score a legal round-pairing allows"
                + ("; [C9] most played games among those" if brackets and brackets[-1].c9_applies else ""),
            )
            if bye
            else None
        ),
    )
    return pairing, trace


def scoregroups(ctx: RoundContext) -> tuple[list[list[int]], dict[int, int]]:
    """Article 1.3: the scoregroups (ranks of their players), highest pairing score
    first, and the bit offset of each score level (:attr:`.criteria.Scope.shift`)."""
    players = ctx.players
    groups: list[list[int]] = []
    for p in players:
        if groups and players[groups[-1][0]].pscore == p.pscore:
            groups[-1].append(p.rank)
        else:
            groups.append([p.rank])
    shift: dict[int, int] = {}
    at = 0
    for grp in reversed(groups):
        shift[players[grp[0]].pscore] = at
        at += len(grp).bit_length() + 1
    return groups, shift


def pair_brackets(ctx: RoundContext, comp: Completion) -> tuple[list[tuple[int, int, bool]], list[BracketTrace]]:
    """Article 3 bracket by bracket: residents of each scoregroup plus the MDPs left
    over from above."""
    players = ctx.players
    groups, shift = scoregroups(ctx)
    c9_rank = comp.c9_rank()
    solver = BracketSolver(ctx, comp)
    pairs: list[tuple[int, int, bool]] = []
    traces: list[BracketTrace] = []
    floaters: list[int] = []
    for g, residents in enumerate(groups):
        nxt = groups[g + 1] if g + 1 < len(groups) else []
        lower = [v for grp in groups[g + 2 :] for v in grp]
        bracket = [*floaters, *residents]
        score = players[residents[0]].pscore
        c9 = comp.c9_applies(bracket, floaters, [*nxt, *lower], score)
        scope = Scope(
            shift=shift,
            bye_score=comp.bye_score,
            c9_active=c9,
            c9_rank=c9_rank,
            completed=ctx.completed,
        )
        result = solver.pair_bracket(len(traces) + 1, floaters, residents, nxt, lower, scope)
        pairs.extend(result.pairs)
        traces.append(result.trace)
        floaters = result.floaters
    return pairs, traces
