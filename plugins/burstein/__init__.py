"""The Burstein system (FIDE C.04.4.2, edition applied from 1 February 2026) as a
swissbridge pairing system: ``swissbridge pair FILE --system burstein``, chosen by
itself when record 192 says ``FIDE_BURSTEIN`` (or ``FIDE_BURSTEIN_BAKU``).

Modules, one concern each:

* :mod:`.rules` — Article 1: the seeding rounds (1.6), the Index (1.7), the ranking
  (1.8), [C1]-[C3] and the colour preferences read from the round's state;
* :mod:`.order` — Article 4: the order of a bracket's pairings (BSN, virtual players);
* :mod:`.bracket` — Articles 2 and 3.2: [C4]-[C8] and the pairing of one bracket;
* :mod:`.round` — 1.6 (seeding rounds paired by the shipped Dutch system), 1.9 and 3.1:
  the PAB, then the brackets;
* ``plugins/c0404.py`` (shared with Dubov) — [C1]-[C4], 3.1.1-3.1.4 and the colours of
  Article 5, with Burstein's own "higher ranked" (1.8) and 3.1.5;
* :mod:`.trace`, :mod:`.explanation`, :mod:`.details`, :mod:`.compare` — what was
  decided, why, and why a played pairing differs (``check``).

Our reading of the text, its open points and slips: ``docs/burstein.md``.
"""

from __future__ import annotations

from swissbridge.model import Acceleration, Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.plugins import Trace

TYPE_CHECKING = False  # typing.TYPE_CHECKING: reading who the system is loads nothing else
if TYPE_CHECKING:
    from collections.abc import Mapping

    from swissbridge.plugins.document import Checklist, Explanation, SystemPart

__all__ = ["SYSTEM", "BursteinSystem"]


class BursteinSystem:
    """The Burstein system (C.04.4.2)."""

    name = "burstein"
    codes = ("FIDE_BURSTEIN", "FIDE_BURSTEIN_BAKU")
    """ETT26's record 192 codes (C.02.03 Annex C); ``_BAKU`` pairs with the Baku
    acceleration (C.04.7), which the system applies itself."""
    engine_flag = "--burstein"
    entrants = frozenset({"players"})
    round_robin = None  # a Swiss system
    points = None  # the file's
    ratings_required = False

    def trace(self, tournament: Tournament, round_no: int | None = None) -> Trace:
        """The round's pairing and how it was made: the Dutch system's trace in a seeding
        round (1.6), a :class:`~.trace.BursteinTrace` after them."""
        from .round import pair_round

        return pair_round(tournament, tournament.next_round if round_no is None else round_no)

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """Pair ``round_no`` (default: the next round); raises
        :class:`~swissbridge.pairing.NoLegalPairing` when no pairing complies with the
        absolute criteria (1.9.3: the Chief Arbiter decides)."""
        return self.trace(tournament, round_no).result()

    def explain(self, tournament: Tournament, trace: Trace) -> SystemPart:
        """Why the round was paired as ``trace`` says (:mod:`.explanation`)."""
        from .explanation import explain_burstein

        return explain_burstein(tournament, trace)

    def compare(self, tournament: Tournament, round_no: int, expected: RoundPairing, played: RoundPairing) -> str:
        """The article at the first step of the round's pairing the ``played`` pairing
        departs from (:mod:`.compare`)."""
        from .compare import compare_pairings

        return compare_pairings(tournament, round_no, expected, played)

    def default_acceleration(self, tournament: Tournament) -> tuple[Acceleration, ...]:
        """C.04.7 (Baku) when record 192 says ``FIDE_BURSTEIN_BAKU``."""
        from .round import baku_default

        return baku_default(tournament)

    def checklist(self, document: Explanation) -> Checklist | None:
        """After the seeding rounds the Index of 1.7.1, ``Buchholz`` and
        ``Sonneborn-Berger``, in the order 1.8 ranks by (bbpPairings' Burstein, written to
        the older rules, prints an SB-first Index and Median columns these rules do not
        have); a seeding round, paired by the Dutch system (1.6), the Dutch columns;
        without a pairing (no Index given) the generic ones."""
        from typing import cast

        from swissbridge.plugins import load
        from swissbridge.plugins.document import Checklist

        details = document["details"]
        index = details.get("index")
        if isinstance(index, list) and index:
            rows: list[Mapping[str, object]] = index
            return Checklist(
                ("Buchholz", "Sonneborn-Berger"),
                {cast(int, d["player"]): (str(d["buchholz"]), str(d["sonneborn_berger"])) for d in rows},
            )
        return load("dutch").checklist(document) if details.get("seeding_round") is True else None


SYSTEM = BursteinSystem
"""The system this package ships (:mod:`swissbridge.plugins`)."""
