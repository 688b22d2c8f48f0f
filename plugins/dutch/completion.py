"""[C4] completion and [C5] the PAB score, as hard constraints of every bracket.

[C4]: whatever a bracket does, everybody still unpaired (its downfloaters and the
lower scoregroups) must remain pairable under [C1]–[C3], leaving at most one player,
who must be allowed the PAB ([C2]). [C5]: that player's score is minimised before
anything else, so the round is built to give the PAB to the lowest score any legal
round-pairing can give it (dutch-reference.md §5.2, §6.2).

The oracle is a maximum-cardinality matching on the compatibility graph; when the
number of players is odd, one extra vertex stands for the PAB and is adjacent to
every player who may take it. A *witness* (a complete pairing of the players still
unpaired) is kept between questions so that each new question starts from a nearly
complete matching.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.matching import max_cardinality_matching

from .context import RoundContext

BYE = -1
"""Partner of the PAB assignee in a witness."""


class Completion:
    """Completability questions about the players of one round."""

    def __init__(self, ctx: RoundContext) -> None:
        self.ctx = ctx
        self.odd = ctx.n % 2 == 1
        self.bye_score: int | None = None
        self.witness: dict[int, int] = {}

    # -- who may take the PAB -----------------------------------------------------
    def bye_candidate(self, v: int) -> bool:
        """[C2] and [C5]: eligible, and not above the round's PAB score."""
        p = self.ctx.players[v]
        return p.eligible and (self.bye_score is None or p.pscore <= self.bye_score)

    # -- the oracle -----------------------------------------------------------------
    def complete(
        self,
        vertices: Sequence[int],
        *,
        forbid: frozenset[tuple[int, int]] | None = None,
        allow_bye: bool = True,
        exclude_pair: tuple[set[int], set[int]] | None = None,
    ) -> dict[int, int] | None:
        """A pairing of ``vertices`` under [C1]–[C3] that leaves nobody out, or only one
        PAB candidate when their number is odd; ``None`` when there is none.

        ``exclude_pair=(A, B)`` removes the edges with one end in ``A`` and the other
        in ``B`` (used to keep two MDPs from meeting)."""
        m = len(vertices)
        pos = {v: i for i, v in enumerate(vertices)}
        odd = m % 2 == 1
        if odd and not allow_bye:
            return None
        size = m + 1 if odd else m
        dummy = m if odd else -1
        compat = self.ctx.compat
        cand = [i for i, v in enumerate(vertices) if self.bye_candidate(v)] if odd else []
        if odd and not cand:
            return None
        cand_set = set(cand)
        cache: dict[int, list[int]] = {}
        order: list[list[int]] = []

        def ranked() -> list[int]:
            if not order:
                order.append(compat.ranked(vertices))
            return order[0]

        def nb(i: int) -> list[int]:
            got = cache.get(i)
            if got is not None:
                return got
            if i == dummy:
                out = cand
            else:
                v = vertices[i]
                out = compat.row(v, vertices, ranked())
                if exclude_pair is not None:
                    a_side, b_side = exclude_pair
                    if v in a_side:
                        out = [j for j in out if vertices[j] not in b_side]
                    elif v in b_side:
                        out = [j for j in out if vertices[j] not in a_side]
                if odd and i in cand_set:
                    out = [*out, dummy]
            cache[i] = out
            return out

        mate = [-1] * size
        for i, v in enumerate(vertices):
            if mate[i] != -1:
                continue
            w = self.witness.get(v)
            if w is None:
                continue
            if w == BYE:
                if odd and i in cand_set and mate[dummy] == -1:
                    mate[i] = dummy
                    mate[dummy] = i
                continue
            j = pos.get(w)
            if j is not None and mate[j] == -1 and j in nb(i):
                mate[i] = j
                mate[j] = i
        # greedy for the rest, then augmenting paths
        for i in range(size):
            if mate[i] == -1:
                for j in nb(i):
                    if mate[j] == -1:
                        mate[i] = j
                        mate[j] = i
                        break
        mate = max_cardinality_matching(size, nb, mate)
        if any(x == -1 for x in mate):
            return None
        out: dict[int, int] = {}
        for i, v in enumerate(vertices):
            j = mate[i]
            out[v] = BYE if j == dummy else vertices[j]
        return out

    def remember(self, pairing: dict[int, int]) -> None:
        """Keep ``pairing`` (complete for the players it covers) as the witness."""
        self.witness.update(pairing)

    # -- [C5] -----------------------------------------------------------------------
    def fix_bye_score(self) -> None:
        """Before any bracket: check that a complete legal round-pairing exists
        (else 1.9.3, :class:`NoLegalPairing`) and, with an odd number of players, find
        the lowest pairing score the PAB assignee can have ([C5])."""
        everyone = list(range(self.ctx.n))
        if not self.odd:
            found = self.complete(everyone)
            if found is None:
                raise NoLegalPairing("no pairing of all present players satisfies [C1]-[C3]")
            self.remember(found)
            return
        scores = sorted({p.pscore for p in self.ctx.players if p.eligible})
        for s in scores:
            self.bye_score = s
            found = self.complete(everyone)
            if found is not None:
                self.remember(found)
                return
        self.bye_score = None
        raise NoLegalPairing("no pairing satisfies [C1]-[C3] with a player allowed the PAB ([C2]) left over")

    def c9_rank(self) -> dict[int, int]:
        """[C9] ranks of the played-game counts among the players on the PAB score:
        most games first; equal counts share the last rank of their run."""
        if self.bye_score is None:
            return {}
        counts = sorted((p.played_games for p in self.ctx.players if p.pscore == self.bye_score), reverse=True)
        return {g: i for i, g in enumerate(counts)}

    def c9_applies(self, bracket: Sequence[int], mdps: Iterable[int], below: Sequence[int], score: int) -> bool:
        """Whether [C9] is switched on for a bracket (dutch-reference.md §5.3): the round
        has a PAB, its score is not below the bracket's, and the bracket can pair all
        its players but one PAB candidate while everything below pairs completely."""
        if not self.odd or self.bye_score is None or self.bye_score < score or len(bracket) % 2 == 0:
            return False
        mdp_set = set(mdps)
        inside = self.complete(list(bracket), exclude_pair=(mdp_set, mdp_set))
        if inside is None:
            return False
        return self.complete(list(below), allow_bye=False) is not None
