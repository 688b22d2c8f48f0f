"""The Lim system (FIDE C.04.4.3, edition applied from 1 February 2026) as a
swissbridge pairing system: ``swissbridge pair FILE --system lim``.

The procedure follows the text article by article (:mod:`.engine`); Lim's own
definitions are in :mod:`.rules`, colour allocation in :mod:`.colours`, and every
pairing can be explained step by step (:meth:`LimSystem.explain`). The points the
text leaves open are settled by the readings listed in ``docs/lim.md``.
"""

from __future__ import annotations

import sys

from swissbridge.errors import InputError
from swissbridge.model import Tournament
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing, board_key
from swissbridge.plugins.lim.engine import LimProcedure, Unpairable
from swissbridge.plugins.lim.rules import lim_round
from swissbridge.plugins.lim.trace import BoardNote, LimTrace

__all__ = ["LimSystem", "LimTrace"]


class LimSystem:
    """The Lim system.

    ``maxi`` forces the Maxi-tournament rules (the 100-point limits of 3.2.3, 3.8
    and 5.7) on or off; by default they apply when the tournament has more
    registered players than 2^rounds."""

    name = "lim"

    def __init__(self, maxi: bool | None = None) -> None:
        self.maxi = maxi

    def trace(self, tournament: Tournament, round_no: int | None = None) -> tuple[RoundPairing | None, LimTrace]:
        """Pair the round and return the pairing (``None`` when no legal pairing
        exists) with the step-by-step record of how it was made."""
        r = tournament.next_round if round_no is None else round_no
        if r < 1:
            raise InputError(f"rounds are numbered from 1, not {r}")
        rnd = lim_round(tournament, r, self.maxi)
        procedure = LimProcedure(rnd)
        # The searches recurse once per pair of a scoregroup: make room for big groups.
        depth = sys.getrecursionlimit()
        sys.setrecursionlimit(max(depth, 2000 + 2 * len(rnd.players)))
        try:
            allocations, bye = procedure.run()
        except Unpairable as exc:
            procedure.trace.notes.append(f"NO LEGAL PAIRING: {exc}")
            return None, procedure.trace
        finally:
            sys.setrecursionlimit(depth)
        players = rnd.players

        def key(white: int, black: int) -> tuple[int, int, int]:
            a, b = players[white], players[black]
            return board_key((a.score, a.no), (b.score, b.no))

        ordered = sorted(allocations, key=lambda al: key(al.white, al.black))
        procedure.trace.boards = [BoardNote(al.white, al.black, al.rule) for al in ordered]
        pairing = RoundPairing(
            round_no=r,
            boards=tuple(Board(al.white, al.black) for al in ordered),
            bye=bye,
            absent=dict(rnd.state.absent),
            system=self.name,
        )
        return pairing, procedure.trace

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        """Pair ``round_no`` (default: the next round) by the Lim system; raises
        :class:`~swissbridge.pairing.NoLegalPairing` when no pairing respects the
        absolute rules (no rematch, the colour limits of 2.1/5.1, Article 6)."""
        pairing, trace = self.trace(tournament, round_no)
        if pairing is None:
            raise NoLegalPairing(trace.notes[-1].removeprefix("NO LEGAL PAIRING: "))
        return pairing

    def explain(self, tournament: Tournament, round_no: int | None = None) -> str:
        """How the round was paired, per scoregroup in pairing order, for arbiters."""
        return self.trace(tournament, round_no)[1].render()
