"""The Dubov system (FIDE C.04.4.1, applied from 1 February 2026) as a swissbridge
pairing system: ``swissbridge pair FILE --system dubov``, chosen by itself when record
192 says ``FIDE_DUBOV`` (``FIDE_DUBOV_BAKU``: with the Baku acceleration of C.04.7).

Dubov's own definitions (1.1 ratings, 1.7 ARO, 1.8 maximum upfloater) are in
:mod:`.rules`; the round (1.9, 3.1, 3.2.1-3.2.2, 4.1-4.2) in :mod:`.round`; a bracket
(3.2.3-3.2.6, 4.3-4.4) in :mod:`.bracket`; what Dubov shares with Burstein (1.6, [C1]-[C4],
3.1, 5.2) in :mod:`swissbridge.plugins.c0404`. Our reading of the text, its open points
and slips: ``docs/dubov.md``.
"""

from __future__ import annotations

from swissbridge.errors import InputError
from swissbridge.model import Acceleration, Tournament
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing, board_key
from swissbridge.plugins import Trace, TracedBoard

TYPE_CHECKING = False  # typing.TYPE_CHECKING: reading who the system is loads nothing else
if TYPE_CHECKING:
    from swissbridge.plugins.document import Checklist, Explanation, SystemPart
    from swissbridge.plugins.dubov.trace import DubovTrace

__all__ = ["SYSTEM", "DubovSystem"]


class DubovSystem:
    """The Dubov system of C.04.4.1."""

    name = "dubov"
    codes = ("FIDE_DUBOV", "FIDE_DUBOV_BAKU")
    """ETT26's codes (C.02.03 Annex C): the system, and with the Baku acceleration."""
    engine_flag = "--dubov"
    entrants = frozenset({"players"})
    round_robin = None  # a Swiss system
    points = None  # the file's
    ratings_required = True
    """1.1.1: each player must have a rating (``generate`` rates every player)."""

    def trace(self, tournament: Tournament, round_no: int | None = None) -> DubovTrace:
        """Pair the round (1.9.2) and record how (:class:`~.trace.DubovTrace`): the PAB
        (3.1), each bracket's upfloaters (3.2.1-3.2.2), its G1/G2, shifts, S1 and T2
        (3.2.3-3.2.6), the boards with the rule of 5.2 that gave their colours."""
        from swissbridge.plugins.c0404 import allocate
        from swissbridge.plugins.dubov.round import pair_round
        from swissbridge.plugins.dubov.rules import VARIANT, dubov_round
        from swissbridge.plugins.dubov.trace import DubovTrace

        r = tournament.next_round if round_no is None else round_no
        if r < 1:
            raise InputError(f"rounds are numbered from 1, not {r}")
        rnd = dubov_round(tournament, r)
        trace = DubovTrace(round_no=r, round=rnd)
        if rnd.provisional:
            given = ", ".join(f"#{n} {rating}" for n, rating in sorted(rnd.provisional.items()))
            trace.notes.append(f"C.04.4.1 1.1.2: provisional ratings for the unrated players: {given}")
        try:
            pairs = pair_round(rnd, trace)
        except NoLegalPairing as exc:
            trace.failure = str(exc)
            return trace
        players = rnd.players
        allocations = []
        for a, b in pairs:
            higher, lower = rnd.higher(players[a], players[b])
            allocations.append(allocate(higher.state, lower.state, rnd.initial_colour, VARIANT))
        by_no = {p.no: p for p in players}

        def key(white: int, black: int) -> tuple[int, int, int]:
            w, b = by_no[white], by_no[black]
            return board_key((w.score, w.tpn), (b.score, b.tpn))

        allocations.sort(key=lambda al: key(al.white, al.black))
        trace.allocations = allocations
        trace.boards = [TracedBoard(al.white, al.black, al.rule) for al in allocations]
        trace.pairing = RoundPairing(
            round_no=r,
            boards=tuple(Board(al.white, al.black) for al in allocations),
            bye=trace.bye,
            absent=dict(rnd.state.absent),
            system=self.name,
        )
        return trace

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """Pair ``round_no`` (default: the next round) by the Dubov system; raises
        :class:`~swissbridge.pairing.NoLegalPairing` when the round cannot be completed
        (1.9.3: the Chief Arbiter decides)."""
        return self.trace(tournament, round_no).result()

    def explain(self, tournament: Tournament, trace: Trace) -> SystemPart:
        """How the round was paired: the PAB, then each bracket (:mod:`.explanation`)."""
        from swissbridge.plugins.dubov.explanation import explain_dubov  # only when asked
        from swissbridge.plugins.dubov.trace import DubovTrace

        assert isinstance(trace, DubovTrace), "a trace made by DubovSystem.trace"
        return explain_dubov(tournament, trace)

    def compare(self, tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
        """The article of C.04.4.1 at the first step of the round's pairing (its trace) the
        ``played`` pairing departs from, and why (:mod:`.compare`); ``""`` when none."""
        from swissbridge.plugins.dubov.compare import compare_pairings

        return compare_pairings(self.trace(tournament, round_no), played)

    def default_acceleration(self, tournament: Tournament) -> tuple[Acceleration, ...]:
        """C.04.7 (Baku) when record 192 says ``FIDE_DUBOV_BAKU`` and the file gives no
        virtual points of its own (:func:`~.rules.baku_default`)."""
        from swissbridge.plugins.dubov.rules import baku_default

        return baku_default(tournament)

    def checklist(self, document: Explanation) -> Checklist | None:
        """bbpPairings has no such system: the generic check-list columns."""
        return None


SYSTEM = DubovSystem
"""The system this package ships (:func:`swissbridge.plugins.load`)."""
