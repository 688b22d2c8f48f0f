"""Rounds played differently from the pairing made: the tournament files a ``check``
must catch. Each change keeps the file consistent (opponents name each other, the
results mirror each other)."""

from __future__ import annotations

import dataclasses

from swissbridge.model import OPPOSITE_RESULT, Colour, Entry, Tournament
from swissbridge.pairing import Board


def entries(t: Tournament, r: int) -> dict[int, Entry]:
    """Every player's entry of round ``r``, by start number."""
    return {p.start_no: e for p in t.players if (e := p.entry(r)) is not None}


def swap_blacks(t: Tournament, r: int, b1: Board, b2: Board) -> Tournament:
    """Round ``r`` played with the Black players of ``b1`` and ``b2`` exchanged; the
    Black players' results become the mirror of their new opponents'."""
    e = entries(t, r)
    w1, w2 = e[b1.white], e[b2.white]
    new = {
        b1.white: dataclasses.replace(w1, opponent=b2.black),
        b2.black: Entry(OPPOSITE_RESULT[w1.result], b1.white, Colour.BLACK),
        b2.white: dataclasses.replace(w2, opponent=b1.black),
        b1.black: Entry(OPPOSITE_RESULT[w2.result], b2.white, Colour.BLACK),
    }
    return t.with_round(r, new)
