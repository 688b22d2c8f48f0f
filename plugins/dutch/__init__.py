"""The FIDE (Dutch) System, C.04.3 as applied from 1 February 2026.

Modules, one concern each:

* :mod:`.context` — the present players in the order of Article 1.2;
* :mod:`.criteria` — [C6]–[C21], one function per criterion;
* :mod:`.completion` — [C4] completion and the [C5] PAB score, [C9]'s switch;
* :mod:`.generation` — Article 4 generation order (transpositions, exchanges, MDP
  sets) and its encoding as tie-break fields;
* :mod:`.weights` — packing the criteria into one integer edge weight;
* :mod:`swissbridge.plugins.matching` (shared with Lim) — the matchers, behind a
  small interface;
* :mod:`.search` — Articles 3.6–3.7 literally, stopping at the first candidate that
  reaches provable bounds (fast path for the common brackets);
* :mod:`.bracket` — Article 3, one bracket (search first, exact optimiser otherwise);
* :mod:`.colours` — Article 5;
* :mod:`.round` — the round: brackets, PAB, colours, board order
  (:func:`swissbridge.pairing.board_key`);
* :mod:`.trace` — what the round's pairing decided, step by step;
* :mod:`.explanation` — why: the Dutch part of the explanation document;
* :mod:`.compare` — why the system's pairing beats a played one (``check``).
"""

from __future__ import annotations

from swissbridge.model import Acceleration, Tournament
from swissbridge.pairing import NoLegalPairing, RoundPairing
from swissbridge.plugins import Trace

from .codes import CODES

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the way to a pair
if TYPE_CHECKING:
    from swissbridge.plugins.document import Checklist, Explanation, SystemPart

    from .round import pair_round
    from .trace import RoundTrace
else:

    def __getattr__(name: str) -> object:
        """:func:`~.round.pair_round` and :class:`~.trace.RoundTrace`, loaded when first
        named: reading who the system is (:data:`SYSTEM`) does not load its pairing."""
        if name == "pair_round":
            from .round import pair_round

            return pair_round
        if name == "RoundTrace":
            from .trace import RoundTrace

            return RoundTrace
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SYSTEM", "DutchSystem", "RoundTrace", "pair_round"]


class DutchSystem:
    """The ``dutch`` pairing system (C.04.3), for individual Swiss events."""

    name = "dutch"
    codes = CODES
    engine_flag = "--dutch"
    entrants = frozenset({"players"})
    round_robin = None  # a Swiss system
    points = None  # the file's
    ratings_required = False

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """Pair ``round_no`` (default: the next round) from the history before it."""
        from .round import pair_round

        r = tournament.next_round if round_no is None else round_no
        pairing, _ = pair_round(tournament, r)
        return pairing

    def trace(self, tournament: Tournament, round_no: int | None = None) -> Trace:
        """The pairing of ``round_no`` with the structured account of how it was made
        (a :class:`~.trace.RoundTrace`)."""
        from .round import pair_round

        r = tournament.next_round if round_no is None else round_no
        try:
            _, trace = pair_round(tournament, r)
        except NoLegalPairing as exc:
            return Trace(round_no=r, failure=str(exc))
        return trace

    def explain(self, tournament: Tournament, trace: Trace) -> SystemPart:
        """Why the round was paired as ``trace`` says, bracket by bracket; raises
        :class:`~swissbridge.pairing.NoLegalPairing` when there was no legal pairing."""
        from .explanation import explain_dutch  # only when asked: keeps ``pair`` start-up lean
        from .trace import RoundTrace

        trace.result()
        assert isinstance(trace, RoundTrace), "a trace made by DutchSystem.trace"
        return explain_dutch(tournament, trace.round_no, trace)

    def compare(self, tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
        """Why ``expected`` (this system's pairing of ``round_no``) is preferred to the
        ``played`` one: the first criterion that separates them (``swissbridge check``)."""
        from .compare import compare_pairings  # only when asked: keeps ``pair`` start-up lean

        return compare_pairings(tournament, round_no, expected, played)

    def default_acceleration(self, tournament: Tournament) -> tuple[Acceleration, ...]:
        """C.04.7 (Baku) when record 192 names an accelerated Dutch system and the file
        gives no virtual points itself."""
        from .round import baku_default

        return baku_default(tournament)

    def checklist(self, document: Explanation) -> Checklist:
        """bbpPairings' Dutch columns: ``C2`` (may receive the PAB, [C2]), ``C14`` and
        ``C16`` (the floats of the last round and of the one before: the criteria of
        bbpPairings' rules that read them)."""
        from swissbridge.plugins.document import Checklist, fact_cells

        return Checklist(("C2", "C14", "C16"), fact_cells(document))


SYSTEM = DutchSystem
"""The system this package ships (:mod:`swissbridge.plugins`)."""
