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
* :mod:`.engine` — the round: brackets, PAB, colours, board order
  (:func:`swissbridge.pairing.board_key`);
* :mod:`.trace` / :mod:`.explain` — why each pairing was made.
"""

from __future__ import annotations

from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing

from .engine import pair_round
from .trace import RoundTrace

__all__ = ["DutchSystem", "explain_trace", "pair_round"]


class DutchSystem:
    """The ``dutch`` pairing system (entry point ``swissbridge.systems``)."""

    name = "dutch"

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """Pair ``round_no`` (default: the next round) from the history before it."""
        r = tournament.next_round if round_no is None else round_no
        pairing, _ = pair_round(tournament, r)
        return pairing

    def trace(self, tournament: Tournament, round_no: int | None = None) -> RoundTrace:
        """The structured account of the pairing of ``round_no``."""
        r = tournament.next_round if round_no is None else round_no
        _, trace = pair_round(tournament, r)
        return trace

    def explain(self, tournament: Tournament, round_no: int | None = None) -> str:
        """A readable account of how ``round_no`` was paired."""
        from .explain import render_text  # only when asked: keeps ``pair`` start-up lean

        return render_text(self.trace(tournament, round_no))

    def compare(self, tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
        """Why ``expected`` (this system's pairing of ``round_no``) is preferred to the
        ``played`` one: the first criterion that separates them (``swissbridge check``)."""
        from .compare import compare_pairings  # only when asked: keeps ``pair`` start-up lean

        return compare_pairings(tournament, round_no, expected, played)


def explain_trace(tournament: Tournament, round_no: int) -> RoundTrace:
    return DutchSystem().trace(tournament, round_no)
