"""The compatibility graph of a group of players, as the Dutch matchings read it.

:class:`~swissbridge.state.Compatibility` says whether two players may meet ([C1],
[C3]); a bracket, a remainder or the rest of the round asks it about a *group*
(positions in the round's ranking order, Article 1.2) and walks the group's rows:
the members each player may meet, in ranking order (:func:`row`, :func:`table`).
On a dense group a row is almost the whole group, so the completability oracle
(:mod:`.completion`) and the search (:mod:`.search`) ask only for the first single
member of a row (:class:`FirstSingle`), in time and memory linear in the barred
sets, and build a row only when an augmenting-path search must go beyond it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from swissbridge.model import Colour
from swissbridge.state import Compatibility


def ranked(group: Sequence[int]) -> list[int]:
    """The indices into ``group`` in ascending position (ranking) order."""
    return sorted(range(len(group)), key=group.__getitem__)


def row(
    compat: Compatibility,
    v: int,
    group: Sequence[int],
    order: Sequence[int],
    apart: Collection[int] | None = None,
) -> list[int]:
    """The indices ``k`` of the members of ``group`` that ``v`` may meet, in the order
    ``order`` (see :func:`ranked`); a member of ``apart`` meets none of ``apart``."""
    bar = compat.barring(v)
    colour = compat.colour
    c = colour[v]
    if apart is not None and v in apart:
        return [
            k
            for k in order
            if group[k] not in bar and group[k] not in apart and (c is None or colour[group[k]] is not c)
        ]
    if c is None:
        return [k for k in order if group[k] not in bar]
    return [k for k in order if group[k] not in bar and colour[group[k]] is not c]


def table(compat: Compatibility, group: Sequence[int], apart: Collection[int] | None = None) -> list[list[int]]:
    """The compatibility graph of ``group`` as adjacency lists of indices into
    ``group``, each list in ascending position (ranking) order; two members of
    ``apart`` are never adjacent."""
    order = ranked(group)
    return [row(compat, v, group, order, apart) for v in group]


_Class = tuple[Colour | None, bool, bool]
"""What decides whether two members meet besides their barred sets: the [C3] colour
and the sides of an ``exclude`` pair the member is on."""


class FirstSingle:
    """The first single member of a row of ``group`` (indices into ``group`` in the
    order of ``order``, as :func:`row` lists them), found without building the row:
    a row of a dense group is almost the whole group, and listing it costs O(group)
    time and memory where this costs O(barred set).

    The members are split into *classes* by what decides compatibility besides the
    barred sets: the [C3] colour and the side of ``exclude`` (``(A, B)``: a member of
    ``A`` meets none of ``B``, else a member of ``B`` meets none of ``A``, as in
    :class:`~swissbridge.plugins.dutch.completion.Completion`). Two classes either
    always or never meet, barred sets aside; each class keeps its members in row
    order with a skip pointer past those already matched (a matching only grows
    here: a matched vertex never becomes single again). The first single neighbour
    is the earliest, in row order, of the first single non-barred member of every
    class the row draws from."""

    def __init__(
        self,
        compat: Compatibility,
        group: Sequence[int],
        order: Sequence[int],
        exclude: tuple[Collection[int], Collection[int]] | None = None,
    ) -> None:
        a_side, b_side = exclude if exclude is not None else ((), ())
        keys: dict[_Class, int] = {}
        self.group = group
        self.barring = compat.barring
        self.bars = compat.bars
        self.members: list[list[int]] = []
        self.klass = [0] * len(group)
        self.at = [0] * len(group)
        for place, k in enumerate(order):
            v = group[k]
            key = (compat.colour[v], v in a_side, v in b_side)
            c = keys.setdefault(key, len(keys))
            if c == len(self.members):
                self.members.append([])
            self.members[c].append(k)
            self.klass[k] = c
            self.at[k] = place
        self.sources = [[c2 for k2, c2 in keys.items() if _meets(k1, k2)] for k1 in keys]
        self.skip = [list(range(len(m) + 1)) for m in self.members]

    def adjacent(self, i: int, j: int) -> bool:
        """``j`` is in the row of ``i``."""
        return not self.bars(self.group[i], self.group[j]) and self.klass[j] in self.sources[self.klass[i]]

    def _single_from(self, c: int, t: int, mate: Sequence[int]) -> int:
        """The first place ``>= t`` in class ``c`` whose member is single (or the
        class size), skipping and compressing past the matched ones."""
        skip = self.skip[c]
        members = self.members[c]
        end = len(members)
        r = t
        while r < end and (skip[r] != r or mate[members[r]] != -1):
            if skip[r] == r:
                skip[r] = r + 1
            r = skip[r]
        while t < r:
            after = skip[t]
            skip[t] = r
            t = after
        return r

    def first(self, i: int, mate: Sequence[int]) -> int:
        """The first ``k`` of the row of ``i`` with ``mate[k] == -1``, or -1."""
        group = self.group
        bar = self.barring(group[i])
        best = -1
        best_at = len(group)
        for c in self.sources[self.klass[i]]:
            members = self.members[c]
            t = self._single_from(c, 0, mate)
            while t < len(members) and group[members[t]] in bar:
                t = self._single_from(c, t + 1, mate)
            if t < len(members):
                k = members[t]
                if self.at[k] < best_at:
                    best, best_at = k, self.at[k]
        return best


def _meets(mine: _Class, other: _Class) -> bool:
    """A member of class ``mine`` may meet one of class ``other``, barred sets aside."""
    if mine[0] is not None and mine[0] is other[0]:
        return False
    return not (other[2] if mine[1] else (mine[2] and other[1]))
