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

**What the answer is used for** (why only yes/no decides a pairing). The pairing
:meth:`Completion.complete` returns is read in three ways only: whether it is
``None``; :meth:`Completion.remember` keeps it as the witness, and the witness is
read only here, as the matching the next question starts from; and
``BracketSolver._optimise_free`` merges it into its result for the players its
maximum-weight matching left single. That result is read only for MDP partners
among the residents and for pairs inside the remainder, and neither can come from
the completion: every edge of that weighted matching between two bracket players
(not both MDPs) carries [C6] = 1, so its weight is positive, and a maximum-weight
matching with positive weights leaves no such edge with both ends single (adding it
would weigh more); edges of no value (two MDPs, or a Limbo MDP and the remainder)
give no MDP partner among the residents and no remainder pair. So the round's
pairing depends on the yes/no answers alone, and a maximum matching exists or not
whatever matching a search starts from: any maximum matching would do.

It is still the same one as before the dense-group shortcuts (issues 19, 20), so
witnesses, traces and explanations are unchanged too: the greedy start takes, for
each single vertex in turn, the first single vertex of its row, and
:class:`~.graph.FirstSingle` finds exactly that without building the
row; :func:`~swissbridge.plugins.matching.max_cardinality_matching` is given the
same shortcut for augmenting-path searches from a root with a single neighbour. A
row is built only when such a search must go beyond the root's own row, so memory
stays linear in the field (a dense row is the whole group).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.matching import match_greedily, max_cardinality_matching
from swissbridge.state import Compatibility

from .context import RoundContext
from .graph import FirstSingle, ranked, row

BYE = -1
"""Partner of the PAB assignee in a witness."""


def group_matching(
    compat: Compatibility, vertices: Sequence[int], apart: Collection[int] | None = None
) -> tuple[list[int], Callable[[int], list[int]]]:
    """A maximum matching of ``vertices`` (indices into it), two players of ``apart``
    never meeting, and the rows it was found on (:func:`~.graph.row`, built on
    demand). For callers that use only what every maximum matching shares (its
    size, the Gallai–Edmonds set D), so it starts greedily from
    :class:`~.graph.FirstSingle`: on a dense group no row is built unless
    an augmenting-path search needs it."""
    order = ranked(vertices)
    singles = FirstSingle(compat, vertices, order, (apart, apart) if apart else None)

    def rows(i: int) -> list[int]:
        return row(compat, vertices[i], vertices, order, apart or None)

    mate = [-1] * len(vertices)
    match_greedily(mate, singles.first)
    return max_cardinality_matching(len(vertices), rows, mate, first_single=singles.first), rows


def max_pairs(compat: Compatibility, vertices: Sequence[int], apart: Collection[int] | None = None) -> int:
    """[C6] for a group on its own (a bracket, a remainder): the most pairs its
    players can form, two players of ``apart`` (the MDPs) never meeting."""
    mate, _ = group_matching(compat, vertices, apart)
    return sum(1 for i, m in enumerate(mate) if m > i)


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
        order = ranked(vertices)
        singles = FirstSingle(compat, vertices, order, exclude_pair)

        def nb(i: int) -> list[int]:
            """The row of ``i``: built only when an augmenting-path search reaches
            ``i`` with no single neighbour left (:func:`max_cardinality_matching`)."""
            if i == dummy:
                return cand
            v = vertices[i]
            out = row(compat, v, vertices, order)
            if exclude_pair is not None:
                a_side, b_side = exclude_pair
                if v in a_side:
                    out = [j for j in out if vertices[j] not in b_side]
                elif v in b_side:
                    out = [j for j in out if vertices[j] not in a_side]
            if odd and i in cand_set:
                out.append(dummy)
            return out

        def first_single(i: int, mate: list[int]) -> int:
            """The first single vertex of ``nb(i)``, without building it."""
            if i == dummy:
                return next((j for j in cand if mate[j] == -1), -1)
            j = singles.first(i, mate)
            if j == -1 and odd and i in cand_set and mate[dummy] == -1:
                return dummy
            return j

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
            if j is not None and mate[j] == -1 and singles.adjacent(i, j):
                mate[i] = j
                mate[j] = i
        # greedy for the rest, then augmenting paths
        match_greedily(mate, first_single)
        mate = max_cardinality_matching(size, nb, mate, first_single=first_single)
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
