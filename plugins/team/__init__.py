"""The Swiss Team Pairing System (FIDE C.04.6, applied from 1 February 2026) as a
swissbridge pairing system: ``swissbridge pair TEAMFILE --system team``, chosen by
itself when record 192 names a team code (``FIDE_TEAM…``).

It pairs teams, not players: the pairing it returns has the teams' pairing numbers
(TPN) on its boards and as its PAB. The team event is read by :mod:`swissbridge.rules.teams`
(matches from the members' board results); the rules of Articles 1-2 are in
:mod:`.rules`, the procedure of Article 3 in :mod:`swissbridge.plugins.brackets` (shared with
the Double-Swiss), the colours of Article 4 in
:mod:`.colours`. Our reading of the text is ``docs/team.md``.
"""

from __future__ import annotations

from swissbridge.errors import InputError
from swissbridge.model import Acceleration, Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.plugins import Trace
from swissbridge.rules.teams import CODE_PREFIX

TYPE_CHECKING = False  # typing.TYPE_CHECKING: reading who the system is loads nothing else
if TYPE_CHECKING:
    from swissbridge.plugins.document import Checklist, Explanation, SystemPart

__all__ = ["SYSTEM", "TeamSystem"]

_CODES = tuple(
    f"{CODE_PREFIX}{colours}{scores}{baku}"
    for colours in ("_TYPEA", "_TYPEB", "")
    for scores in ("_MP_GP", "_GP_MP", "_MP", "_GP", "")
    for baku in ("", "_BAKU")
)
"""Every code of ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`` (:func:`~swissbridge.rules.teams.team_code`)."""


class TeamSystem:
    """The team Swiss of C.04.6."""

    name = "team"
    codes: tuple[str, ...] = ("FIDE_TEAM_TYPEA_MP_GP", *(c for c in _CODES if c != "FIDE_TEAM_TYPEA_MP_GP"))
    """The record-192 codes of ETT26 this system pairs (the first is written)."""
    engine_flag = "--team"
    entrants = frozenset({"teams"})
    round_robin = None  # a Swiss system
    points = None  # the file's
    ratings_required = False

    def trace(self, tournament: Tournament, round_no: int | None = None) -> Trace:
        """Pair the round (3.3.2) and record how (:class:`~.trace.TeamTrace`): the PAB,
        each bracket's upfloaters and pairing as they were decided, the boards with the
        rule of 4.3 that gave their colours."""
        from functools import partial

        from swissbridge.plugins.brackets import RoundRecord, pair_traced
        from swissbridge.plugins.team.colours import allocate
        from swissbridge.plugins.team.rules import RoundState
        from swissbridge.plugins.team.trace import TeamTrace

        r = tournament.next_round if round_no is None else round_no
        if r < 1:
            raise InputError(f"rounds are numbered from 1, not {r}")
        state = RoundState(tournament, r)
        trace = TeamTrace(round_no=r, state=state, record=RoundRecord())
        trace.allocations = pair_traced(
            trace, trace.record, state, state.present, partial(allocate, state), state.announced, self.name
        )
        return trace

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """The team pairs of ``round_no`` (default: the next round), team numbers on the
        boards; :class:`~swissbridge.pairing.NoLegalPairing` when none is legal (3.3.3)."""
        return self.trace(tournament, round_no).result()

    def explain(self, tournament: Tournament, trace: Trace) -> SystemPart:
        """The system's part of the explanation document, from its trace (:mod:`.explanation`)."""
        from swissbridge.plugins.team.explanation import explain_team
        from swissbridge.plugins.team.trace import TeamTrace

        assert isinstance(trace, TeamTrace), "a trace made by TeamSystem.trace"
        return explain_team(tournament, trace)

    def compare(self, tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
        """The article of C.04.6 at the first step of the round's pairing (its trace) the
        ``played`` pairing of teams departs from (:mod:`.compare`); ``""`` when none."""
        from swissbridge.plugins.team.compare import compare_pairings
        from swissbridge.plugins.team.trace import TeamTrace

        trace = self.trace(tournament, round_no)
        assert isinstance(trace, TeamTrace)
        return compare_pairings(trace, played)

    def default_acceleration(self, tournament: Tournament) -> tuple[Acceleration, ...]:
        return ()

    def checklist(self, document: Explanation) -> Checklist | None:
        """bbpPairings has no team check-list (the drop-in writes the explanation)."""
        return None


SYSTEM = TeamSystem
"""The system this package ships (:func:`swissbridge.plugins.load`)."""
