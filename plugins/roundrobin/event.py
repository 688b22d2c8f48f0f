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

from collections.abc import Mapping
from dataclasses import dataclass, field

from swissbridge.errors import InputError
from swissbridge.model import Result, Tournament, format_points
from swissbridge.pairing import Board, RoundPairing
from swissbridge.plugins import Trace, TracedBoard

from .berger import Schedule

__all__ = ["Entrants", "RoundRobinTrace", "cycles_of", "entrants_of", "pair_round", "schedule_of"]

ARTICLE = "C.05 Annex 1"


def cycles_of(code: str) -> int | None:
    """How many cycles the record 192 ``code`` names: 2 for a double round robin, 1
    for a single one, ``None`` for no round-robin code (as many as the rounds need)."""
    code = code.strip().upper()
    if "ROUNDROBIN" not in code:
        return None
    return 2 if "DOUBLEROUNDROBIN" in code else 1


@dataclass(frozen=True, slots=True)
class Entrants:
    """Who the Berger tables number: the players of an individual round robin, or the
    teams of a team round robin (each team's matches read by :mod:`swissbridge.rules.teams`)."""

    noun: str
    """``"player"`` or ``"team"``, for messages."""
    numbers: tuple[int, ...]
    """Start numbers (team numbers) in order: the ``k``-th holds pairing number ``k``."""
    opponents: Mapping[int, tuple[int | None, ...]]
    """Each entrant's opponent in the rounds before the round to pair (``None``: none)."""
    not_paired: tuple[int, ...]
    """The entrants entered as not paired in the round to pair (a bye, an absence)."""


def entrants_of(tournament: Tournament, round_no: int) -> Entrants:
    """The entrants of ``tournament`` and what the file says of them before ``round_no``."""
    if tournament.team_event:
        from swissbridge.rules.teams import TeamEvent

        event = TeamEvent(tournament)
        away = {n for b in event.setup.byes if b.round_no == round_no for n in b.players}
        return Entrants(
            "team",
            tuple(sorted(t.number for t in event.setup.teams)),
            {rec.number: tuple(m.opponent for m in rec.matches[: round_no - 1]) for rec in event.records},
            tuple(sorted(away)),
        )
    written = {p.start_no: e.result for p in tournament.players if (e := p.entry(round_no)) is not None}
    away = {*tournament.announced(round_no), *(n for n, r in written.items() if r.is_bye and r is not Result.PAB)}
    return Entrants(
        "player",
        tuple(p.start_no for p in tournament.players),
        {p.start_no: tuple(e.opponent for e in p.entries[: round_no - 1]) for p in tournament.players},
        tuple(sorted(away)),
    )


def schedule_of(tournament: Tournament, entrants: int | None = None) -> Schedule:
    """The Berger schedule of ``entrants`` (default: every player of the file)."""
    code = tournament.system.strip().upper()
    swap = code.startswith("FIDE_") and cycles_of(code) == 2
    return Schedule(len(tournament.players) if entrants is None else entrants, swap_last_two=swap)


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
    entrants = entrants_of(tournament, round_no)
    if len(entrants.numbers) < 2:
        raise InputError(f"a round robin needs at least 2 {entrants.noun}s, not {len(entrants.numbers)}")
    schedule = schedule_of(tournament, len(entrants.numbers))
    starts = list(entrants.numbers)
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
            "the {what} numbers do not run 1-{n}: pairing number k is the k-th {what} number ({pairs})".format(
                what="start" if entrants.noun == "player" else "team",
                n=len(starts),
                pairs=", ".join(f"{k}={s}" for k, s in numbers.items()),
            )
        )
    cycles = cycles_of(tournament.system)
    if cycles is not None and cycle > cycles:
        trace.failure = (
            f"round {round_no} is beyond the {'double' if cycles == 2 else 'single'} round robin record 192 names "
            f"({cycles * schedule.cycle} rounds for {schedule.entrants} entrants, {ARTICLE})"
        )
        return trace
    absent = entrants.not_paired
    if absent:
        who = f"{entrants.noun}{'s' if len(absent) > 1 else ''} {', '.join(map(str, absent))}"
        trace.failure = (
            f"round {round_no}: {who} {'is' if len(absent) == 1 else 'are'} entered as not "
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
                f"no game this round ({ARTICLE}){_free_round_points(tournament, entrants)}"
            )
            continue
        board = Board(numbers[w], numbers[b])
        boards.append(board)
        trace.boards.append(TracedBoard(board.white, board.black, _rule(trace, i, w, b)))
    if (clash := _rematch(entrants, round_no, boards, cycle)) is not None:
        trace.failure = clash
        return trace
    trace.bye = bye
    trace.pairing = RoundPairing(round_no=round_no, boards=tuple(boards), bye=bye, system=system)
    return trace


def _free_round_points(tournament: Tournament, entrants: Entrants) -> str:
    """What the free round scores, as the file's point system gives the round without an
    opponent (record 162's ``P``; TRF-2026's default is a win): C.05 is not read to say,
    and C.07 9.2 counts no points possible for it, so a file that gives it points is
    told so, never changed."""
    if entrants.noun != "player":
        return ""  # a team's free round: record 320 says what it scores
    points = tournament.points.pab
    if not points:
        return "; it scores nothing (record 162: P 0.0)"
    return (
        f"; it scores {format_points(points)} as the file's point system gives the pairing-allocated bye "
        "(record 162's P; TRF-2026's default is a win), though C.07 9.2 counts no points possible for a round "
        "without an opponent: write `162  P 0.0` if the event's regulations give the free round nothing"
    )


def _rule(trace: RoundRobinTrace, board: int, white: int, black: int) -> str:
    """The rule that gives a board: its place in the table, and why its colours."""
    text = f"{ARTICLE}: round {trace.table_round} of the Berger table for {trace.table}, board {board}"
    text += f" (pairing numbers {white}-{black})"
    if trace.swapped:
        text += f"; round {trace.round_no} plays table round {trace.table_round}, the last two rounds exchanged"
    if trace.reversed:
        text += f"; colours reversed in cycle {trace.cycle}"
    return text


def _rematch(entrants: Entrants, round_no: int, boards: list[Board], cycle: int) -> str | None:
    """Why the tables cannot be right for this file: a board whose entrants have
    already met as often as the cycles before this one allow (the file's earlier
    rounds do not follow the tables with these pairing numbers)."""
    for board in boards:
        met = entrants.opponents.get(board.white, ()).count(board.black)
        if met >= cycle:
            return (
                f"round {round_no}: the Berger table pairs {board.white}-{board.black}, who have already met "
                f"{met} time{'s' if met > 1 else ''} in {cycle} cycle{'s' if cycle > 1 else ''}: the earlier rounds "
                f"do not follow the tables with these pairing numbers ({ARTICLE}); `swissbridge check` shows where"
            )
    return None
