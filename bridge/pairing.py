"""The result of pairing a round, and how it is written back into the model."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from swissbridge.model import BoardList, Colour, Entry, Points, Result, Tournament


class NoLegalPairing(Exception):
    """No pairing of the round satisfies the absolute criteria (C.04.3 1.9.3:
    the Chief Arbiter must decide)."""


@dataclass(frozen=True, slots=True)
class Board:
    """One game of the round: start numbers of White and Black."""

    white: int
    black: int

    def players(self) -> tuple[int, int]:
        return (self.white, self.black)


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """The pairing of one round, boards in publication order (C.04.2 3.6)."""

    round_no: int
    boards: tuple[Board, ...]
    bye: int | None = None
    """The player receiving the pairing-allocated bye (C.04.1 Art. 3), if any."""
    absent: Mapping[int, Result] = field(default_factory=dict)
    """Players not paired this round and the entry they receive (H, F, Z)."""
    system: str = ""
    numbers: tuple[int, ...] = ()
    """Each board's number, when it is not its place in ``boards`` (a team round's games,
    numbered down the matches: :func:`swissbridge.rules.teams.board_pairing`)."""

    def numbered(self) -> list[tuple[int, Board]]:
        """The boards with their numbers (:attr:`numbers`, else 1, 2, … in order)."""
        return list(zip(self.numbers or range(1, len(self.boards) + 1), self.boards, strict=True))

    @property
    def next_number(self) -> int:
        """The number after the last board's (the bye's row in a board list)."""
        return max(self.numbers, default=len(self.boards)) + 1

    def opponent(self, start_no: int) -> tuple[int, Colour] | None:
        """The opponent and colour of a player, or ``None`` when not on a board."""
        for b in self.boards:
            if b.white == start_no:
                return b.black, Colour.WHITE
            if b.black == start_no:
                return b.white, Colour.BLACK
        return None

    def pairlist(self) -> str:
        """The engine pair-list format: count, then ``WHITE BLACK``, ``N 0`` for the PAB."""
        lines = [f"{b.white} {b.black}" for b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return "\n".join([str(len(lines)), *lines]) + "\n"


def board_key(a: tuple[Points, int], b: tuple[Points, int]) -> tuple[int, int, int]:
    """C.04.2 Art. 3.6 (dutch-reference.md §8): where a board stands in publication
    order, from each player's ``(score, TPN)``; smaller keys come first.

    The higher-ranked player of the pair (more points, then the smaller TPN) decides:
    the higher score of that player first, then the higher score of the other (the
    higher sum of both), then the smaller TPN of the higher-ranked player. Which
    score (real points, or with virtual points under acceleration) and which number
    stands for the TPN is the caller's reading."""
    hi, lo = (a, b) if (a[0], -a[1]) > (b[0], -b[1]) else (b, a)
    return (-hi[0], -lo[0], hi[1])


def board_order(tournament: Tournament, round_no: int) -> list[tuple[int, int]]:
    """The games of ``round_no`` as (White, Black) start numbers in the recommended
    board order of C.04.2 Art. 3.6 (:func:`board_key`), read with the scores before
    the round (virtual points included under acceleration) and start numbers as
    TPN. This is also the order Swiss-Manager numbers its boards in.

    A game whose colours are unknown is listed with the smaller start number first."""
    pts = tournament.points
    done = round_no - 1

    def score(n: int) -> Points:
        return tournament.player(n).pairing_score(pts, done) + tournament.virtual_points(n, round_no)

    games: list[tuple[tuple[int, int, int], tuple[int, int]]] = []
    seen: set[int] = set()
    known = {p.start_no for p in tournament.players}
    for p in tournament.players:
        e = p.entry(round_no)
        if e is None or e.opponent is None or p.start_no in seen or e.opponent not in known:
            continue
        a, b = p.start_no, e.opponent
        seen.update((a, b))
        if e.colour is Colour.BLACK:
            a, b = b, a
        elif e.colour is None:
            a, b = min(a, b), max(a, b)
        games.append((board_key((score(a), a), (score(b), b)), (a, b)))
    games.sort()
    return [g for _, g in games]


def printed_order(tournament: Tournament, round_no: int) -> list[tuple[int, int]]:
    """The games of ``round_no`` as (White, Black) in the order they were printed: the
    round's :class:`~swissbridge.model.BoardList` when the tournament holds one, else
    :func:`board_order` (a file written without it). The writers that number a round's
    boards 1, 2, … read it (``swissbridge.rules.teams.printed_boards`` gives the numbers too)."""
    stored = tournament.board_list(round_no)
    if stored is not None:
        return [(w, b) for _, w, b in stored.games]
    return board_order(tournament, round_no)


def apply_pairing(tournament: Tournament, pairing: RoundPairing) -> Tournament:
    """The tournament with ``pairing`` written into its round: boards as pending
    games, the PAB as ``U``, absentees with their bye entries, and the boards with
    their numbers as printed (:class:`~swissbridge.model.BoardList`: the round is
    fixed as published)."""
    entries: dict[int, Entry] = {}
    for b in pairing.boards:
        entries[b.white] = Entry(Result.PENDING, b.black, Colour.WHITE)
        entries[b.black] = Entry(Result.PENDING, b.white, Colour.BLACK)
    if pairing.bye is not None:
        entries[pairing.bye] = Entry(Result.PAB)
    for n, result in pairing.absent.items():
        entries[n] = Entry(result)
    printed = BoardList(pairing.round_no, tuple((n, b.white, b.black) for n, b in pairing.numbered()))
    paired = tournament.with_round(pairing.round_no, entries).with_board_list(printed)
    # the points column of a player given a bye's points (the PAB, H, F) is that of the results
    return paired.with_players(replace(p, stated_points=None) if p.start_no in entries else p for p in paired.players)
