"""The Berger tables of FIDE C.05 (General Regulations for Competitions), Annex 1:
who meets whom, with which colours and on which board, in every round of a round
robin, by pairing number.

The tables are written for an even number of pairing numbers ``N`` and have
``N - 1`` rounds (one *cycle*). With an odd number of entrants the table of the next
even number is used and its highest number is a dummy: whoever meets it has no
game that round (Annex 1: "the highest number counts as a bye").

Every round of the table follows from one rule, the one the printed tables are
built by (the highest number alternates colours on board 1, the others turn round
it): with ``m = N - 1``,

* in round ``r`` number ``N`` meets the number ``p`` with ``2p ≡ r + 1 (mod m)``,
  on board 1, ``p`` White in the odd rounds and ``N`` White in the even ones;
* on board ``k + 1`` (``k = 1 … N/2 - 1``) number ``p + k`` has White against
  number ``p - k`` (both counted round ``1 … m``).

Round 1 is so ``1-N, 2-(N-1), 3-(N-2), …`` and round 2 ``N-(N/2+1), (N/2+2)-(N/2), …, 1-2``,
as Annex 1 prints them (``tests/unit/test_roundrobin.py`` checks the printed tables).

A double (or longer) round robin plays the table again with the colours reversed in
the second cycle (and every even-numbered one). Annex 1 recommends, for a double
round robin, exchanging the last two rounds of the first cycle, which avoids a player
having the same colour three times in a row across the cycles: ``swap_last_two``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Schedule", "berger_round", "table_size"]


def table_size(entrants: int) -> int:
    """The number of pairing numbers of the table for ``entrants`` (the next even
    number when it is odd: the dummy is the highest)."""
    if entrants < 2:
        raise ValueError(f"a round robin needs at least 2 entrants, not {entrants}")
    return entrants + entrants % 2


def berger_round(size: int, round_no: int) -> tuple[tuple[int, int], ...]:
    """Round ``round_no`` (``1 … size - 1``) of the Berger table of ``size`` (even)
    pairing numbers: the boards in order, each ``(White, Black)``."""
    if size < 2 or size % 2:
        raise ValueError(f"a Berger table has an even number of pairing numbers, not {size}")
    m = size - 1
    if not 1 <= round_no <= m:
        raise ValueError(f"the Berger table of {size} has rounds 1-{m}, not {round_no}")

    def wrap(x: int) -> int:
        return (x - 1) % m + 1

    p = wrap((round_no + 1) * (m + 1) // 2)
    boards = [(p, size) if round_no % 2 else (size, p)]
    boards.extend((wrap(p + k), wrap(p - k)) for k in range(1, size // 2))
    return tuple(boards)


@dataclass(frozen=True, slots=True)
class Schedule:
    """The round robin of ``entrants`` pairing numbers played by the Berger tables:
    the table's cycle repeated, colours reversed in every second cycle, and, with
    ``swap_last_two`` (the recommendation of Annex 1 for a double round robin), the
    last two rounds of the first cycle exchanged."""

    entrants: int
    swap_last_two: bool = False

    @property
    def size(self) -> int:
        """The table's number of pairing numbers (the dummy included)."""
        return table_size(self.entrants)

    @property
    def cycle(self) -> int:
        """Rounds in one cycle: everybody meets everybody once."""
        return self.size - 1

    @property
    def dummy(self) -> int | None:
        """The pairing number that stands for no entrant (an odd number of entrants)."""
        return self.size if self.entrants % 2 else None

    def table_round(self, round_no: int) -> tuple[int, int, bool]:
        """Where round ``round_no`` of the event is read: (cycle, round of the table,
        colours reversed), cycles counted from 1."""
        if round_no < 1:
            raise ValueError(f"rounds are numbered from 1, not {round_no}")
        cycle, k = divmod(round_no - 1, self.cycle)
        k += 1
        if self.swap_last_two and cycle == 0 and self.cycle >= 2 and k >= self.cycle - 1:
            k = 2 * self.cycle - 1 - k
        return cycle + 1, k, cycle % 2 == 1

    def boards(self, round_no: int) -> tuple[tuple[int, int], ...]:
        """The boards of round ``round_no`` of the event, ``(White, Black)`` by
        pairing number, the dummy's board included (board 1)."""
        _, k, reversed_ = self.table_round(round_no)
        table = berger_round(self.size, k)
        return tuple((b, w) for w, b in table) if reversed_ else table
