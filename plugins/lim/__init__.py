"""The Lim system (FIDE C.04.4.3, edition applied from 1 February 2026) as a
swissbridge pairing system: ``swissbridge pair FILE --system lim``.

The procedure follows the text article by article (:mod:`.engine`); Lim's own
definitions are in :mod:`.rules`, colour allocation in :mod:`.colours`, and every
pairing can be explained step by step (:meth:`LimSystem.explain`). The points the
text leaves open are settled by the readings listed in ``docs/lim.md``.
"""

from __future__ import annotations

from swissbridge.errors import InputError
from swissbridge.model import Acceleration, Tournament
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing, board_key
from swissbridge.plugins import Trace

TYPE_CHECKING = False  # typing.TYPE_CHECKING: reading who the system is loads nothing else
if TYPE_CHECKING:
    from swissbridge.plugins.document import Checklist, Explanation, SystemPart
    from swissbridge.plugins.lim.trace import LimTrace
else:

    def __getattr__(name: str) -> object:
        """:class:`~.trace.LimTrace`, loaded when first named."""
        if name == "LimTrace":
            from swissbridge.plugins.lim.trace import LimTrace

            return LimTrace
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SYSTEM", "LimSystem", "LimTrace"]


class LimSystem:
    """The Lim system.

    ``maxi`` forces the Maxi-tournament rules (the 100-point limits of 3.2.3, 3.8
    and 5.7) on or off; by default they apply when more players have entered by the
    round than 2^rounds (:func:`~swissbridge.plugins.lim.rules.maxi_by_default`)."""

    name = "lim"
    codes = ("FIDE_LIM_2026", "FIDE_LIM")
    """ETT26 has no Lim code: swissbridge writes and reads ``FIDE_LIM_2026`` for
    C.04.4.3 (2026), and reads ``FIDE_LIM`` as the edition in force."""
    engine_flag = "--lim"
    entrants = frozenset({"players"})
    round_robin = None  # a Swiss system
    points = None  # the file's
    ratings_required = False

    def __init__(self, maxi: bool | None = None) -> None:
        self.maxi = maxi

    def trace(self, tournament: Tournament, round_no: int | None = None) -> LimTrace:
        """Pair the round and record how, step by step; the trace's ``pairing`` is
        ``None`` (and ``failure`` says why) when no legal pairing exists."""
        from swissbridge.plugins.lim.engine import LimProcedure
        from swissbridge.plugins.lim.rules import lim_round
        from swissbridge.plugins.lim.trace import BoardNote

        r = tournament.next_round if round_no is None else round_no
        if r < 1:
            raise InputError(f"rounds are numbered from 1, not {r}")
        rnd = lim_round(tournament, r, self.maxi)
        procedure = LimProcedure(rnd)
        try:
            allocations, bye = procedure.run()
        except NoLegalPairing as exc:
            procedure.trace.failure = str(exc)
            return procedure.trace
        players = rnd.players

        def key(white: int, black: int) -> tuple[int, int, int]:
            a, b = players[white], players[black]
            return board_key((a.score, a.no), (b.score, b.no))

        ordered = sorted(allocations, key=lambda al: key(al.white, al.black))
        procedure.trace.boards = [BoardNote(al.white, al.black, al.rule) for al in ordered]
        procedure.trace.pairing = RoundPairing(
            round_no=r,
            boards=tuple(Board(al.white, al.black) for al in ordered),
            bye=bye,
            absent=dict(rnd.state.absent),
            system=self.name,
        )
        return procedure.trace

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """Pair ``round_no`` (default: the next round) by the Lim system; raises
        :class:`~swissbridge.pairing.NoLegalPairing` when no pairing respects the
        absolute rules (no rematch, the colour limits of 2.1/5.1, Article 6)."""
        return self.trace(tournament, round_no).result()

    def explain(self, tournament: Tournament, trace: Trace) -> SystemPart:
        """How the round was paired, per scoregroup in pairing order, for arbiters."""
        from swissbridge.plugins.lim.explanation import explain_lim  # only when asked
        from swissbridge.plugins.lim.trace import LimTrace

        assert isinstance(trace, LimTrace), "a trace made by LimSystem.trace"
        return explain_lim(tournament, trace.round_no, trace)

    def compare(self, tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
        """The Lim system does not rank two pairings of a round: ``check`` reports the
        boards that differ and the rules the played ones break."""
        return ""

    def default_acceleration(self, tournament: Tournament) -> tuple[Acceleration, ...]:
        """The Lim text has no acceleration of its own."""
        return ()

    def checklist(self, document: Explanation) -> Checklist | None:
        """bbpPairings has no such system: the generic check-list columns."""
        return None


SYSTEM = LimSystem
"""The system this package ships (:mod:`swissbridge.plugins`)."""
