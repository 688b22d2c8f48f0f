"""C.04.4.2 Articles 1.9 and 3: the pairing of a round.

A seeding round (1.6) is paired by the FIDE (Dutch) System shipped with swissbridge.
After the seeding rounds (1.9.2): the PAB first (3.1), then the top scoregroup and,
bracket by bracket, every scoregroup in descending order (3.2, :mod:`.bracket`), each
bracket taking the previous one's outgoing floaters; then the colours (Article 5)."""

from __future__ import annotations

from dataclasses import replace

from swissbridge.errors import InputError
from swissbridge.model import Acceleration, Colour, Tournament
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing, board_key
from swissbridge.plugins import Trace, TracedBoard
from swissbridge.plugins.c0404 import Allocation, PabChoice, allocate
from swissbridge.plugins.c0404 import choose_pab as shared_pab
from swissbridge.rules.acceleration import baku_by_code
from swissbridge.rules.history import initial_colour
from swissbridge.state import with_acceleration

from .bracket import Completion, first_best_pairing, floater_choice
from .rules import VARIANT, BursteinRound, is_seeding_round
from .trace import BracketRecord, BursteinTrace

NAME = "burstein"
BAKU = frozenset({"FIDE_BURSTEIN_BAKU"})
"""The record 192 code that asks for the Baku acceleration (C.04.7)."""


def baku_default(tournament: Tournament) -> tuple[Acceleration, ...]:
    """C.04.7 (Baku) when record 192 says ``FIDE_BURSTEIN_BAKU`` and the file gives no
    virtual points itself (its 250/XXA lines take precedence); ``()`` otherwise."""
    return baku_by_code(tournament, BAKU)


def accelerated(tournament: Tournament) -> Tournament:
    """The tournament with the acceleration the system applies by itself."""
    acceleration = baku_default(tournament)
    return with_acceleration(tournament, acceleration) if acceleration else tournament


def seeding_trace(tournament: Tournament, round_no: int) -> Trace:
    """1.6.1: a seeding round, paired by the FIDE (Dutch) System: the shipped system's
    own trace, its pairing said to be this system's."""
    from swissbridge.plugins import load

    dutch = load("dutch")
    trace = dutch.trace(tournament, round_no)
    if trace.pairing is not None:
        trace.pairing = replace(trace.pairing, system=NAME)
    trace.notes.insert(0, f"round {round_no} is a seeding round (C.04.4.2 1.6): paired by the FIDE (Dutch) System")
    return trace


def pair_round(tournament: Tournament, round_no: int) -> Trace:
    """The round's trace: the Dutch one for a seeding round, a :class:`BursteinTrace`
    after them (its ``pairing`` ``None`` and ``failure`` saying why when there is no
    legal pairing, 1.9.3)."""
    if round_no < 1:
        raise InputError(f"rounds are numbered from 1, not {round_no}")
    tournament = accelerated(tournament)
    if is_seeding_round(tournament, round_no):
        return seeding_trace(tournament, round_no)
    rnd = BursteinRound.build(tournament, round_no)
    trace = BursteinTrace(round_no=round_no, rnd=rnd)
    try:
        pair_brackets(rnd, trace)
    except NoLegalPairing as exc:
        trace.failure = f"{exc}; the Chief Arbiter decides (C.04.4.2 1.9.3)"
        return trace
    drawn = initial_colour(tournament)
    allocations: list[tuple[tuple[int, int, int], Allocation]] = []
    for br in trace.brackets:
        for a, b in br.pairs:
            higher, lower = (a, b) if rnd.ranks_higher(a, b) else (b, a)
            if drawn is None and rnd.preference(a) is None and rnd.preference(b) is None:
                raise InputError(  # 5.2.1 needs the colour drawn by lot (5.1): never guessed
                    f"#{a} and #{b} have no colour preference: 5.2.1 needs the initial colour; give "
                    "--initial-colour white or black (in a TRF file: record 152 W/B, or XXC white1/black1)"
                )
            al = allocate(rnd.players[higher], rnd.players[lower], drawn or Colour.WHITE, VARIANT)
            pw, pb = rnd.players[al.white], rnd.players[al.black]
            allocations.append((board_key((pw.pairing_score, pw.tpn), (pb.pairing_score, pb.tpn)), al))
    allocations.sort(key=lambda t: t[0])
    trace.allocations = [al for _, al in allocations]
    trace.boards = [TracedBoard(al.white, al.black, al.rule) for al in trace.allocations]
    trace.bye = trace.pab.chosen if trace.pab is not None else None
    trace.pairing = RoundPairing(
        round_no=round_no,
        boards=tuple(Board(al.white, al.black) for al in trace.allocations),
        bye=trace.bye,
        absent=dict(rnd.state.absent),
        system=NAME,
    )
    return trace


def choose_pab(rnd: BursteinRound) -> PabChoice:
    """3.1: the PAB, with the rules Dubov shares (3.1.1-3.1.4,
    :func:`swissbridge.plugins.c0404.choose_pab`) and Burstein's last tie-break, 3.1.5:
    the lowest ranking of 1.8 first."""
    position = rnd.position
    return shared_pab(rnd.graph, lambda p: -position[p.start_no])


def pair_brackets(rnd: BursteinRound, trace: BursteinTrace) -> None:
    """1.9.2: the PAB, then the brackets from the top scoregroup down, each decision
    written into ``trace`` as it is made."""
    players = list(rnd.present)
    if len(players) % 2:
        trace.pab = choose_pab(rnd)
        if trace.pab.chosen is None:
            raise NoLegalPairing("no player can receive the PAB and leave the others a legal pairing (C.04.4.2 3.1)")
        players.remove(trace.pab.chosen)
    elif not rnd.pairable(players):
        raise NoLegalPairing("the players to pair have no pairing that complies with [C1]-[C3] (C.04.4.2 1.9.1)")
    levels = sorted({rnd.score(n) for n in players}, reverse=True)
    groups = [[n for n in players if rnd.score(n) == s] for s in levels]
    incoming: list[int] = []
    below = Completion(rnd, [n for g in groups[1:] for n in g])
    for g, residents in enumerate(groups):
        following = groups[g + 1] if g + 1 < len(groups) else []
        below_following = Completion(rnd, [n for grp in groups[g + 2 :] for n in grp]) if following else None
        bracket = rnd.ranked(incoming + residents)
        record = BracketRecord(len(trace.brackets) + 1, levels[g], bracket, list(incoming), list(following))
        trace.brackets.append(record)
        record.choice = floater_choice(rnd, bracket, below, following, below_following)
        made = first_best_pairing(rnd, bracket, record.choice)
        record.pairs, record.outgoing = made.pairs, made.floaters
        record.unfulfilled, record.tried = made.unfulfilled, made.tried
        incoming = made.floaters
        below = below_following if below_following is not None else Completion(rnd, [])
    if incoming:
        raise NoLegalPairing("the last bracket left players unpaired (C.04.4.2 [C4])")
