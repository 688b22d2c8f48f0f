"""Acceleration (C.04.7): virtual points added to the pairing score of the higher part
of the field in the first rounds. The ranges a file gives are
:class:`~swissbridge.model.Acceleration` records (TRF 250 / XXA); this module computes
the ranges of the Baku Acceleration Method, for a pairing system that applies it by
itself (:meth:`swissbridge.plugins.PairingSystem.default_acceleration`) and for the
generator."""

from __future__ import annotations

import math
from dataclasses import replace

from swissbridge.errors import InputError
from swissbridge.model import Acceleration, PointSystem, Tournament
from swissbridge.state import entered


def baku_by_code(tournament: Tournament, codes: frozenset[str]) -> tuple[Acceleration, ...]:
    """C.04.7 (Baku) for a system that applies it by itself when record 192 names one of
    its accelerated ``codes`` (``..._BAKU``) and the file gives no virtual points itself
    (250/XXA lines take precedence): the ranges of :func:`baku_acceleration` over the
    players to be paired in round 1 (C.04.5.1: GA is drawn "before the first round" from
    "the list of players to be paired"; a late entry, placed in the list as C.04.2 says,
    leaves "the last GA-player the same": :func:`swissbridge.state.entered`); ``()`` otherwise.
    An event whose rounds are matches of several games (a Double-Swiss, C.04.5): the rounds
    of C.04.7 are its matches (:func:`over_columns`)."""
    if tournament.acceleration or tournament.system.strip().upper() not in codes:
        return ()
    if tournament.total_rounds is None:
        raise InputError("Baku acceleration needs the number of rounds (record 142 or XXR)")
    starts = [p.start_no for p in entered(tournament, 1)]
    games = tournament.points.games
    return over_columns(baku_acceleration(starts, tournament.total_rounds // games, tournament.points), games)


def over_columns(ranges: tuple[Acceleration, ...], games: int) -> tuple[Acceleration, ...]:
    """``ranges`` of rounds of ``games`` games each as the round columns of a file hold
    them (record 250 counts columns: a Double-Swiss match is two, ``docs/double-swiss.md``):
    rounds ``a..b`` are columns ``games·(a-1)+1 .. games·b``."""
    if games == 1:
        return ranges
    return tuple(
        replace(a, first_round=games * (a.first_round - 1) + 1, last_round=games * a.last_round) for a in ranges
    )


def baku_acceleration(initial_players: list[int], rounds: int, points: PointSystem) -> tuple[Acceleration, ...]:
    """C.04.7 (Baku Acceleration Method): GA is the first half of the players
    present before round 1, rounded up to an even number (2·⌈N/4⌉); the accelerated
    rounds are the first ⌈R/2⌉; GA players get the points of a win before the first
    ⌈accelerated/2⌉ of them and half of it before the others. The range runs from
    start number 1 to the last GA player, so a late entry placed above that player
    joins GA ("the last GA player stays the same").

    Raises ``InputError`` unless a win is worth two draws and a loss nothing (the
    method's premise)."""
    if points.win != 2 * points.draw or points.loss != 0:
        raise InputError("Baku acceleration (C.04.7) needs a point system where a win is worth two draws")
    if not initial_players or rounds < 1:
        return ()
    ga = min(len(initial_players), 2 * math.ceil(len(initial_players) / 4))
    last_ga = sorted(initial_players)[ga - 1]
    accelerated = math.ceil(rounds / 2)
    full = math.ceil(accelerated / 2)
    out = [Acceleration(points=points.win, first_round=1, last_round=full, first_player=1, last_player=last_ga)]
    if accelerated > full:
        out.append(
            Acceleration(
                points=points.win // 2,
                first_round=full + 1,
                last_round=accelerated,
                first_player=1,
                last_player=last_ga,
            )
        )
    return tuple(out)
