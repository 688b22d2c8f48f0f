"""The Double-Swiss System (FIDE C.04.5, applied from 1 February 2026) as a
swissbridge pairing system: ``swissbridge pair FILE --system doubleswiss``, chosen by
itself when record 192 says ``FIDE_DOUBLESWISS``.

Every pairing is a match of two games (Preface): the system pairs matches, and its
rounds are the event's matches (its record 192 codes are those of two-game events,
:func:`swissbridge.model.games_per_round`: two round columns of the file each,
:mod:`swissbridge.rules.twogame`). The rules of Articles 1-2 are in
:mod:`.rules`, the procedure of Article 3 is the team Swiss's
(:mod:`swissbridge.plugins.brackets`), the colours of Article 4 in :mod:`.colours`.
Our reading of the text is ``docs/double-swiss.md``.
"""

from __future__ import annotations

from swissbridge.errors import InputError
from swissbridge.model import Acceleration, Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.plugins import BasicSystem, Trace
from swissbridge.rules.twogame import match_of

TYPE_CHECKING = False  # typing.TYPE_CHECKING: reading who the system is loads nothing else
if TYPE_CHECKING:
    from swissbridge.plugins.document import SystemPart

__all__ = ["SYSTEM", "DoubleSwissSystem"]


class DoubleSwissSystem(BasicSystem):
    """The Double-Swiss of C.04.5 (``check`` names no article where a played pairing
    departs from it)."""

    name = "doubleswiss"
    codes: tuple[str, ...] = ("FIDE_DOUBLESWISS", "FIDE_DOUBLESWISS_BAKU")
    """The record-192 codes of ETT26 this system pairs (the first is written)."""
    engine_flag = "--doubleswiss"
    entrants = frozenset({"players"})

    def trace(self, tournament: Tournament, round_no: int | None = None) -> Trace:
        """Pair match ``round_no`` (default: the next one; 3.3.2) and record how
        (:class:`~.trace.DoubleTrace`): the PAB, each bracket's upfloaters and pairing
        as they were decided, the boards with the rule of 4.3 that gave game 1's colours."""
        from functools import partial

        from swissbridge.plugins.brackets import RoundRecord, pair_traced
        from swissbridge.plugins.doubleswiss.colours import allocate
        from swissbridge.plugins.doubleswiss.rules import DoubleState
        from swissbridge.plugins.doubleswiss.trace import DoubleTrace

        r = match_of(tournament.completed_rounds) + 1 if round_no is None else round_no
        if r < 1:
            raise InputError(f"rounds are numbered from 1, not {r}")
        state = DoubleState(tournament, r)
        trace = DoubleTrace(round_no=r, state=state, record=RoundRecord())
        trace.allocations = pair_traced(
            trace, trace.record, state, state.present, partial(allocate, state), state.away, self.name
        )
        return trace

    def explain(self, tournament: Tournament, trace: Trace) -> SystemPart:
        """The system's part of the explanation document, from its trace (:mod:`.explanation`)."""
        from swissbridge.plugins.doubleswiss.explanation import explain_double
        from swissbridge.plugins.doubleswiss.trace import DoubleTrace

        assert isinstance(trace, DoubleTrace), "a trace made by DoubleSwissSystem.trace"
        return explain_double(tournament, trace)

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """The matches of round ``round_no`` (default: the next one), White of game 1
        first; :class:`~swissbridge.pairing.NoLegalPairing` when none is legal (3.3.3)."""
        return self.trace(tournament, round_no).result()

    def default_acceleration(self, tournament: Tournament) -> tuple[Acceleration, ...]:
        """C.04.7 (Baku) when record 192 says ``FIDE_DOUBLESWISS_BAKU`` and the file gives
        no virtual points of its own (:func:`~.rules.baku_default`)."""
        from swissbridge.plugins.doubleswiss.rules import baku_default

        return baku_default(tournament)


SYSTEM = DoubleSwissSystem
"""The system this package ships (:func:`swissbridge.plugins.load`)."""
