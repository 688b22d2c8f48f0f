"""Round robins (FIDE C.05, General Regulations for Competitions, Annex 1: the
Berger tables) as a swissbridge pairing system: ``swissbridge pair FILE --system
roundrobin``, or a file whose record 192 names a round robin.

* :mod:`.berger` — the tables, any number of entrants, the dummy of an odd number,
  the cycles of a double round robin;
* :mod:`.event` — the file's round robin: its schedule (record 192), the pairing
  numbers, the round to pair from the history, the trace;
* :mod:`.explanation` — the system's part of the explanation document.

Nothing of a round robin's pairing depends on the results: the round is read from
the tables, so the system only refuses what contradicts them (a player entered as
not paired, earlier rounds that did not follow the tables).
"""

from __future__ import annotations

from swissbridge.errors import InputError, UsageError
from swissbridge.model import Acceleration, Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.plugins import Trace

from .berger import Schedule, berger_round, table_size
from .event import ARTICLE, RoundRobinTrace, cycles_of, pair_round

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the way to a pair
if TYPE_CHECKING:
    from swissbridge.plugins.document import Checklist, Explanation, SystemPart

__all__ = ["SYSTEM", "RoundRobinSystem", "RoundRobinTrace", "Schedule", "berger_round", "table_size"]


class RoundRobinSystem:
    """The ``roundrobin`` pairing system: the Berger tables of C.05 Annex 1."""

    name = "roundrobin"
    codes: tuple[str, ...] = (
        "BERGER_ROUNDROBIN",
        "BERGER_DOUBLEROUNDROBIN",
        "FIDE_ROUNDROBIN",
        "FIDE_DOUBLEROUNDROBIN",
        "BERGER_TEAM_ROUNDROBIN",
        "BERGER_TEAM_DOUBLEROUNDROBIN",
        "FIDE_TEAM_ROUNDROBIN",
        "FIDE_TEAM_DOUBLEROUNDROBIN",
    )
    """The record 192 codes of table ETT26 for a round robin paired by the Berger
    tables, of players and of teams (``codes[0]`` is written; :meth:`code_for` gives
    the double and team ones); ``FIDE_…DOUBLEROUNDROBIN`` exchanges the last two
    rounds of the first cycle, as Annex 1 recommends."""
    engine_flag = "--roundrobin"
    entrants: frozenset[str] = frozenset({"players", "teams"})
    """Players, or teams (a team round robin: the teams' matches are read by
    :mod:`swissbridge.rules.teams`, and the core writes each match as its boards' games)."""
    points = None  # the file's
    ratings_required = False

    @property
    def round_robin(self) -> RoundRobinSystem:
        """It pairs round robins (the events Swiss systems refuse): the codes of their
        schedules are its own (:meth:`schedule_code`, :meth:`code_for`)."""
        return self

    def schedule_code(self, entrants: int, rounds: int, *, teams: bool = False) -> str:
        """The record 192 code of a round robin of ``entrants`` (players, or ``teams``)
        playing ``rounds`` rounds: single up to one cycle, double up to two (more is
        refused)."""
        cycle = Schedule(entrants).cycle
        if rounds > 2 * cycle:
            who = "teams" if teams else "players"
            raise InputError(
                f"a round robin of {entrants} {who} has {cycle} rounds, a double one {2 * cycle}: not {rounds}"
            )
        return self.codes[(4 if teams else 0) + (rounds > cycle)]

    def fitted(self, code: str, entrants: int, rounds: int | None, *, teams: bool = False) -> tuple[str, int]:
        """Record 192's round-robin ``code`` and the number of rounds of a round robin of
        ``entrants`` (players, or ``teams``) made to agree: ``rounds`` of one cycle is the
        single round robin, of two cycles the double one (``code`` turned into it, its
        family kept: ``FIDE_…`` or ``BERGER_…``); no ``rounds`` is as many as ``code``
        names (a cycle, or two for a double code). Any other number of rounds is refused
        (:class:`~swissbridge.errors.UsageError`): no Berger schedule plays it."""
        cycle = Schedule(entrants).cycle
        if rounds is None:
            return code, (cycles_of(code) or 1) * cycle
        if rounds not in (cycle, 2 * cycle):
            who = "teams" if teams else "players"
            raise UsageError(
                f"a round robin of {entrants} {who} has {cycle} rounds, a double one {2 * cycle}, not {rounds}: "
                f"give --rounds {cycle} or {2 * cycle}"
            )
        single = code.strip().upper().replace("DOUBLEROUNDROBIN", "ROUNDROBIN")
        return (single.replace("ROUNDROBIN", "DOUBLEROUNDROBIN") if rounds == 2 * cycle else single), rounds

    def entrant_count(self, tournament: Tournament) -> int:
        """How many the tables number: the teams of a team round robin, else the players."""
        if tournament.team_event:
            from swissbridge.rules.teams import TeamEvent

            return len(TeamEvent(tournament).setup.teams)
        return len(tournament.players)

    def code_for(self, tournament: Tournament) -> str | None:
        """The code record 192 is written with for ``tournament`` paired by this
        system (:meth:`schedule_code` of its players and rounds); ``None`` for a
        round robin longer than a double one, which no code names."""
        rounds = tournament.total_rounds or tournament.rounds_in_file
        try:
            return self.schedule_code(self.entrant_count(tournament), rounds, teams=tournament.team_event)
        except InputError:
            return None

    def rounds_for(self, tournament: Tournament) -> int | None:
        """The rounds of ``tournament`` when its file does not say them but its record 192
        does: a cycle for a single round-robin code, two for a double one
        (``FIDE_DOUBLEROUNDROBIN`` without record 142 or ``XXR`` has 2 × (n − 1) rounds)."""
        if cycles_of(tournament.system) is None or not tournament.players:
            return None
        return self.fitted(tournament.system, self.entrant_count(tournament), None)[1]

    def trace(self, tournament: Tournament, round_no: int | None = None) -> RoundRobinTrace:
        """Round ``round_no`` (default: the next round) read from the Berger tables."""
        r = tournament.next_round if round_no is None else round_no
        if r < 1:
            raise InputError(f"rounds are numbered from 1, not {r}")
        return pair_round(tournament, r, self.name)

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """The pairing of ``round_no`` by the Berger tables; raises
        :class:`~swissbridge.pairing.NoLegalPairing` when the file contradicts them."""
        return self.trace(tournament, round_no).result()

    def explain(self, tournament: Tournament, trace: Trace) -> SystemPart:
        """The boards with the table round and board that gives each, the free player."""
        from .explanation import explain_round_robin  # only when asked

        trace.result()
        assert isinstance(trace, RoundRobinTrace), "a trace made by RoundRobinSystem.trace"
        return explain_round_robin(tournament, trace)

    def compare(self, tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
        """A played round that differs from the tables breaks them: nothing is weighed."""
        if set(expected.boards) == set(played.boards) and expected.bye == played.bye:
            return ""
        return f"a round robin's pairings are fixed by the Berger tables ({ARTICLE}): any other pairing breaks them"

    def default_acceleration(self, tournament: Tournament) -> tuple[Acceleration, ...]:
        """A round robin has no acceleration."""
        return ()

    def checklist(self, document: Explanation) -> Checklist | None:
        """bbpPairings has no such system: the generic check-list columns."""
        return None


SYSTEM = RoundRobinSystem
"""The system this package ships (how the core finds a shipped system)."""
