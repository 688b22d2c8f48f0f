"""The Dutch round: brackets from the top scoregroup down (1.9.2), the PAB to the
player the last bracket leaves over (1.9.1), colours by Article 5, boards in the
publication order of the reference engine."""

from __future__ import annotations

from swissbridge.errors import InputError
from swissbridge.model import Acceleration, Colour, Tournament, format_points
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing, board_key
from swissbridge.rules.acceleration import baku_by_code
from swissbridge.rules.history import initial_colour as history_initial_colour
from swissbridge.state import with_acceleration

from .bracket import BracketSolver
from .codes import BAKU
from .colours import allocate
from .completion import Completion
from .context import RoundContext, build_context
from .criteria import Scope
from .trace import BoardTrace, BracketTrace, ByeTrace, RoundTrace
from .wording import COLOUR_RULE_TEXT


def initial_colour(tournament: Tournament) -> Colour:
    """5.1: the colour drawn before round 1 (TRF 152 / XXC), or the one the history
    implies (:func:`swissbridge.rules.history.initial_colour`); a round-1 pairing needs it."""
    colour = history_initial_colour(tournament)
    if colour is None:
        raise InputError(
            "the initial colour is unknown: give --initial-colour white or black "
            "(in a TRF file: record 152 W/B, or XXC white1/black1)"
        )
    return colour


def baku_default(tournament: Tournament) -> tuple[Acceleration, ...]:
    """C.04.7 (Baku) when record 192 names an accelerated Dutch system
    (:data:`~.codes.BAKU`: ``FIDE_DUTCH_BAKU``, ``FIDE_DUTCH_2025_BAKU``, ...) and the file gives no
    virtual points itself (250/XXA lines take precedence): ``()`` otherwise. GA is
    sized as the 2026 text says, 2·⌈N/4⌉ of the N players to be paired in round 1
    (:func:`~swissbridge.rules.acceleration.baku_by_code`; the reference engine takes
    ⌈N/2⌉ of every listed player, dutch-reference.md §2.3)."""
    return baku_by_code(tournament, BAKU)


def with_builtin_acceleration(tournament: Tournament) -> Tournament:
    """The tournament with the acceleration the system applies by itself
    (:func:`baku_default`), as it is paired, explained and compared."""
    acceleration = baku_default(tournament)
    return with_acceleration(tournament, acceleration) if acceleration else tournament


def pair_round(tournament: Tournament, round_no: int) -> tuple[RoundPairing, RoundTrace]:
    tournament = with_builtin_acceleration(tournament)
    ctx = build_context(tournament, round_no)
    absent = tuple(sorted(ctx.state.absent))
    if ctx.n == 0:  # everybody absent: the empty pairing
        empty = RoundPairing(round_no=ctx.round_no, boards=(), absent=dict(ctx.state.absent), system="dutch")
        return empty, RoundTrace(round_no=ctx.round_no, pairing=empty, players=0, absent=absent, bye_score=None)
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
        pairing=pairing,
        bye=pairing.bye,
        players=ctx.n,
        absent=absent,
        bye_score=format_points(comp.bye_score) if comp.bye_score is not None else None,
        brackets=tuple(brackets),
        boards=[
            BoardTrace(b.white, b.black, f"{rule}, {COLOUR_RULE_TEXT[rule]}", i + 1, rule)
            for i, (_, b, rule) in enumerate(boards)
        ],
        pab=(
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
