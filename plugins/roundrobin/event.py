"""A round robin read from the file: which Berger schedule it plays (C.05 Annex 1),
who holds which pairing number, and the round to pair as the tables give it.

*Pairing numbers.* C.05 has the numbers of a round robin drawn by lot before round 1.
A file keeps the drawn order as its start list (Swiss-Manager numbers a round robin's
players by their drawn numbers, and so do the files of ``../shared/realworld``): the
pairing number is the player's place in start-number order, the start number itself
when the start numbers run 1…n. When they do not, the trace says which player holds
which number; swissbridge never draws the numbers itself for a file.

*The schedule.* Record 192 says single or double round robin (the round-robin codes
of table ETT26, ``RoundRobinSystem.codes``); ``FIDE_DOUBLEROUNDROBIN`` is the double
round robin with the exchange Annex 1 recommends (the last two rounds of the first
cycle). Without a code (``--system roundrobin``, a Swiss-Manager round-robin file) the
table is played cycle after cycle, colours reversed in every second one, for as many
rounds as the tournament has.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swissbridge.model import Result, Tournament
from swissbridge.pairing import Board, RoundPairing
from swissbridge.plugins import Trace, TracedBoard

from .berger import Schedule

__all__ = ["RoundRobinTrace", "cycles_of", "pair_round", "schedule_of"]

ARTICLE = "C.05 Annex 1"


def cycles_of(code: str) -> int | None:
    """How many cycles the record 192 ``code`` names: 2 for a double round robin, 1
    for a single one, ``None`` for no round-robin code (as many as the rounds need)."""
    code = code.strip().upper()
    if "ROUNDROBIN" not in code:
        return None
    return 2 if "DOUBLEROUNDROBIN" in code else 1


def schedule_of(tournament: Tournament) -> Schedule:
    """The Berger schedule of the tournament's entrants (every player of the file)."""
    code = tournament.system.strip().upper()
    swap = code.startswith("FIDE_") and cycles_of(code) == 2
    return Schedule(len(tournament.players), swap_last_two=swap)


@dataclass(kw_only=True)
class RoundRobinTrace(Trace):
    """How a round of a round robin was read from the Berger tables."""

    entrants: int = 0
    table: int = 0
    """The table's number of pairing numbers (the dummy included)."""
    cycle: int = 1
    table_round: int = 0
    """The round of the table this round plays."""
    reversed: bool = False
    """Colours reversed (a second, fourth, … cycle)."""
    swapped: bool = False
    """The last two rounds of the first cycle exchanged (Annex 1's recommendation)."""
    numbers: dict[int, int] = field(default_factory=dict)
    """Pairing number → start number."""


def pair_round(tournament: Tournament, round_no: int, system: str) -> RoundRobinTrace:
    """Round ``round_no`` of the round robin as the Berger tables give it; a trace
    whose ``failure`` says why when the file's history or absences contradict the
    tables (the pairings of a round robin are fixed: nobody is paired around them)."""
    schedule = schedule_of(tournament)
    starts = [p.start_no for p in tournament.players]
    numbers = dict(enumerate(starts, 1))
    cycle, k, reversed_ = schedule.table_round(round_no)
    trace = RoundRobinTrace(
        round_no=round_no,
        entrants=schedule.entrants,
        table=schedule.size,
        cycle=cycle,
        table_round=k,
        reversed=reversed_,
        swapped=k != (round_no - 1) % schedule.cycle + 1,
        numbers=numbers,
    )
    if starts != list(range(1, len(starts) + 1)):
        trace.notes.append(
            "the start numbers do not run 1-{n}: pairing number k is the k-th start number ({pairs})".format(
                n=len(starts), pairs=", ".join(f"{k}={s}" for k, s in numbers.items())
            )
        )
    cycles = cycles_of(tournament.system)
    if cycles is not None and cycle > cycles:
        trace.failure = (
            f"round {round_no} is beyond the {'double' if cycles == 2 else 'single'} round robin record 192 names "
            f"({cycles * schedule.cycle} rounds for {schedule.entrants} entrants, {ARTICLE})"
        )
        return trace
    announced = tournament.announced(round_no)
    written = {p.start_no: e.result for p in tournament.players if (e := p.entry(round_no)) is not None}
    absent = sorted({*announced, *(n for n, r in written.items() if r.is_bye and r is not Result.PAB)})
    if absent:
        trace.failure = (
            f"round {round_no}: {', '.join(map(str, absent))} {'is' if len(absent) == 1 else 'are'} entered as not "
            f"paired, but a round robin's pairings are fixed by the Berger tables ({ARTICLE}): "
            "enter a missed game as a forfeit (+/-) instead"
        )
        return trace
    boards: list[Board] = []
    bye: int | None = None
    for i, (w, b) in enumerate(schedule.boards(round_no), 1):
        if schedule.dummy in (w, b):
            bye = numbers[b if w == schedule.dummy else w]
            trace.notes.append(
                f"{bye} meets pairing number {schedule.dummy}, the dummy of an odd number of entrants: "
                f"no game this round ({ARTICLE})"
            )
            continue
        board = Board(numbers[w], numbers[b])
        boards.append(board)
        trace.boards.append(TracedBoard(board.white, board.black, _rule(trace, i, w, b)))
    if (clash := _rematch(tournament, round_no, boards, cycle)) is not None:
        trace.failure = clash
        return trace
    trace.bye = bye
    trace.pairing = RoundPairing(round_no=round_no, boards=tuple(boards), bye=bye, system=system)
    return trace


def _rule(trace: RoundRobinTrace, board: int, white: int, black: int) -> str:
    """The rule that gives a board: its place in the table, and why its colours."""
    text = f"{ARTICLE}: round {trace.table_round} of the Berger table for {trace.table}, board {board}"
    text += f" (pairing numbers {white}-{black})"
    if trace.swapped:
        text += f"; round {trace.round_no} plays table round {trace.table_round}, the last two rounds exchanged"
    if trace.reversed:
        text += f"; colours reversed in cycle {trace.cycle}"
    return text


def _rematch(tournament: Tournament, round_no: int, boards: list[Board], cycle: int) -> str | None:
    """Why the tables cannot be right for this file: a board whose players have
    already met as often as the cycles before this one allow (the file's earlier
    rounds do not follow the tables with these pairing numbers)."""
    for board in boards:
        met = sum(1 for e in tournament.player(board.white).entries[: round_no - 1] if e.opponent == board.black)
        if met >= cycle:
            return (
                f"round {round_no}: the Berger table pairs {board.white}-{board.black}, who have already met "
                f"{met} time{'s' if met > 1 else ''} in {cycle} cycle{'s' if cycle > 1 else ''}: the earlier rounds "
                f"do not follow the tables with these pairing numbers ({ARTICLE}); `swissbridge check` shows where"
            )
    return None
