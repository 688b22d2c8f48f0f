"""Helpers for the Dutch tests: tournaments written as short round descriptions.

A round is a string of comma-separated items:

* ``"1-5 1"``: 1 (White) against 5, White won; results ``1 = 0`` (played),
  ``W D L`` (played, unrated), ``+ -`` (forfeit: White won / lost by forfeit);
* ``"7 U"`` / ``"7 H"`` / ``"7 F"`` / ``"7 Z"``: a player without opponent.

Players not mentioned in a round get a zero-point bye (``Z``). ``absent`` lists the
players already marked absent for the round to be paired.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from swissbridge.model import (
    Acceleration,
    Colour,
    Entry,
    ForbiddenPairs,
    Player,
    PointSystem,
    Result,
    Tournament,
)

_WHITE = {
    "1": (Result.WIN, Result.LOSS),
    "=": (Result.DRAW, Result.DRAW),
    "0": (Result.LOSS, Result.WIN),
    "W": (Result.WIN_UNRATED, Result.LOSS_UNRATED),
    "D": (Result.DRAW_UNRATED, Result.DRAW_UNRATED),
    "L": (Result.LOSS_UNRATED, Result.WIN_UNRATED),
    "+": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    "-": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
}
_SINGLE = {"U": Result.PAB, "H": Result.HALF_BYE, "F": Result.FULL_BYE, "Z": Result.ZERO_BYE}


def build(
    n: int,
    rounds: Sequence[str] = (),
    *,
    total_rounds: int = 9,
    initial: Colour = Colour.WHITE,
    absent: Iterable[int] = (),
    points: PointSystem | None = None,
    forbidden: Sequence[Sequence[int]] = (),
    acceleration: Sequence[Acceleration] = (),
) -> Tournament:
    """A tournament of ``n`` players (start numbers 1..n) with the given history."""
    entries: dict[int, list[Entry]] = {i: [] for i in range(1, n + 1)}
    for text in rounds:
        seen: dict[int, Entry] = {}
        for item in filter(None, (x.strip() for x in text.split(","))):
            left, code = item.split()
            if "-" in left:
                a, b = (int(x) for x in left.split("-"))
                ra, rb = _WHITE[code]
                seen[a] = Entry(ra, b, Colour.WHITE)
                seen[b] = Entry(rb, a, Colour.BLACK)
            else:
                seen[int(left)] = Entry(_SINGLE[code])
        for i in entries:
            entries[i].append(seen.get(i, Entry(Result.ZERO_BYE)))
    for i in absent:
        entries[i].append(Entry(Result.ZERO_BYE))
    players = tuple(Player(i, f"Player {i}", tuple(entries[i]), rating=3000 - i) for i in range(1, n + 1))
    return Tournament(
        players=players,
        total_rounds=total_rounds,
        initial_colour=initial,
        points=points or PointSystem(),
        forbidden=tuple(ForbiddenPairs(tuple(g)) for g in forbidden),
        acceleration=tuple(acceleration),
    )


def boards(pairing: object) -> list[tuple[int, int]]:
    """``[(white, black), ...]`` plus ``(bye, 0)``, in publication order."""
    out = [(b.white, b.black) for b in pairing.boards]  # type: ignore[attr-defined]
    if pairing.bye is not None:  # type: ignore[attr-defined]
        out.append((pairing.bye, 0))  # type: ignore[attr-defined]
    return out
