"""The fold system: a toy third pairing system, a distribution of its own that
swissbridge finds by its entry point (``swissbridge.systems``), written against
swissbridge's public protocol only (issue 25's acceptance: ``tests/unit/test_thirdparty.py``).

Not FIDE. The players in order of score, then pairing number; the lowest one who
has not had a bye gets it when their number is odd; the rest are folded: the top
half meets the bottom half in order, the first opponent down the list who has not
been met and is not forbidden (record 260) taken, with backtracking. The higher-ranked player has White when their
last colour was Black (or on odd boards, when they have not played). Its events are
scored 3 - 1 - 0."""

from __future__ import annotations

from collections.abc import Callable

from swissbridge.model import Colour, PointSystem, Tournament
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing
from swissbridge.plugins import BasicSystem
from swissbridge.state import PlayerState, build_state


class FoldSystem(BasicSystem):
    """The fold system: record 192 ``FOLD_SWISS_1``, ``swissbridge-engine --fold``."""

    name = "fold"
    codes = ("FOLD_SWISS_1", "FOLD_SWISS")
    engine_flag = "--fold"
    entrants = frozenset({"players"})
    points = PointSystem(win=30, draw=10, loss=0, forfeit_win=30, pab=30, full_bye=30, half_bye=10)

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        r = tournament.next_round if round_no is None else round_no
        state = build_state(tournament, r)
        order = sorted(state.present, key=lambda p: (-p.pairing_score, p.tpn))
        bye = None
        if len(order) % 2:
            bye = next((p for p in reversed(order) if p.pab_eligible), None)
            if bye is None:
                raise NoLegalPairing("nobody can take the bye")
            order.remove(bye)
        pairs = _fold(order, state.barred)
        if pairs is None:
            raise NoLegalPairing("every fold meets a player twice or a forbidden partner")
        boards = tuple(_colours(a, b, i) for i, (a, b) in enumerate(pairs, 1))
        return RoundPairing(
            round_no=r,
            boards=boards,
            bye=bye.start_no if bye else None,
            absent=dict(state.absent),
            system=self.name,
        )


def _fold(
    players: list[PlayerState], barred: Callable[[PlayerState], frozenset[int]]
) -> list[tuple[PlayerState, PlayerState]] | None:
    """The top player with the first of the lower half (then the rest of the list)
    they may meet (not ``barred``: met, or forbidden), the remaining players folded the
    same way; None when no fold avoids a rematch or a forbidden pair."""
    if not players:
        return []
    top, rest = players[0], players[1:]
    half = len(rest) // 2
    for other in rest[half:] + rest[:half]:
        if other.start_no in barred(top):
            continue
        tail = _fold([p for p in rest if p is not other], barred)
        if tail is not None:
            return [(top, other), *tail]
    return None


def _colours(a: PlayerState, b: PlayerState, board: int) -> Board:
    last = a.colours[-1] if a.colours else None
    white = last is Colour.BLACK or (last is None and board % 2 == 1)
    return Board(a.start_no, b.start_no) if white else Board(b.start_no, a.start_no)


SYSTEM = FoldSystem
"""The class a shipped system's package names: this folder copied in as ``plugins/fold/``
is a shipped system, with no edit outside it (``tests/unit/test_packaging.py``)."""
