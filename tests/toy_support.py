"""A small deterministic pairing system for the tests of ``check`` and the generator
(so that they do not depend on the Dutch engine's exactness), and the tournament
mutations those tests make."""

from __future__ import annotations

import dataclasses

from swissbridge.commands.generate import GenerateOptions, generate_tournament
from swissbridge.model import Colour, Tournament
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing
from swissbridge.plugins import BasicSystem
from swissbridge.rules.history import played_pairing
from swissbridge.state import PlayerState, RoundState, build_state

from tests.tampering_support import entries


class ToySystem(BasicSystem):
    """A small deterministic Swiss system for tests: players by pairing score then
    TPN; the PAB to the lowest eligible player who leaves the rest pairable; then
    the first compatible opponent downward, with backtracking; the higher-ranked
    player gets their preferred colour, else the initial colour by TPN parity."""

    name = "toy"
    codes = ("TOY",)
    engine_flag = "--toy"

    def pair(self, tournament: Tournament, round_no: int | None = None) -> RoundPairing:
        r = tournament.next_round if round_no is None else round_no
        state = build_state(tournament, r)
        order = sorted(state.present, key=lambda p: (-p.pairing_score, p.tpn))
        bye: int | None = None
        if len(order) % 2:
            for cand in reversed(order):
                if not cand.pab_eligible:
                    continue
                rest = [p for p in order if p is not cand]
                pairs = _match(state, rest)
                if pairs is not None:
                    bye, order = cand.start_no, rest
                    break
            else:
                raise NoLegalPairing("no player can take the bye")
        pairs = _match(state, order)
        if pairs is None:
            raise NoLegalPairing("no pairing satisfies [C1] and [C3]")
        boards = [self._colours(tournament, a, b) for a, b in pairs]
        return RoundPairing(round_no=r, boards=tuple(boards), bye=bye, absent=dict(state.absent), system="toy")

    @staticmethod
    def _colours(t: Tournament, a: PlayerState, b: PlayerState) -> Board:
        pa, pb = a.preferred, b.preferred
        if pa is not None and pa is not pb:
            return Board(a.start_no, b.start_no) if pa is Colour.WHITE else Board(b.start_no, a.start_no)
        if pb is not None and pa is None:
            return Board(b.start_no, a.start_no) if pb is Colour.WHITE else Board(a.start_no, b.start_no)
        first = t.initial_colour or Colour.WHITE
        mine = first if a.tpn % 2 else first.opposite
        return Board(a.start_no, b.start_no) if mine is Colour.WHITE else Board(b.start_no, a.start_no)


def _match(state: RoundState, players: list[PlayerState]) -> list[tuple[PlayerState, PlayerState]] | None:
    if not players:
        return []
    head, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if state.compatible(head, other):
            sub = _match(state, rest[:i] + rest[i + 1 :])
            if sub is not None:
                return [(head, other), *sub]
    return None


TOY = ToySystem()


def toy_tournament(seed: int = 7, players: int = 20, rounds: int = 7, **kw: object) -> Tournament:
    options = GenerateOptions(**kw)  # type: ignore[arg-type]
    return generate_tournament(players, rounds, TOY, seed, options)


def flip_colours(t: Tournament, r: int, board: Board) -> Tournament:
    e = entries(t, r)
    new = {n: dataclasses.replace(e[n], colour=e[n].colour.opposite if e[n].colour else None) for n in board.players()}
    return t.with_round(r, new)


def played_boards(t: Tournament, r: int) -> list[Board]:
    return list(played_pairing(t, r).boards)
