"""The pairing criteria of C.04.3 Article 2, one function each.

[C1]–[C3] (absolute) live in :meth:`swissbridge.state.RoundState.compatible`: a
pair that breaks them is simply not an edge of the graph. [C4] (completion) and
[C5] (lowest PAB score) are hard constraints checked by :mod:`.completion`.

The quality criteria [C6]–[C21] are written here as *satisfaction* values of one
candidate pair: the pairing maximises their sum over the pairs it makes, criterion
by criterion in priority order (:mod:`.weights` packs them into one integer). For
each pair ``h`` is the higher-ranked player (Article 1.2) and ``lo`` the other. A
pair is

* ``CURRENT`` when both players belong to the bracket being paired and at least one
  is a resident (MDPs are paired only with residents, Article 3.2);
* ``NEXT`` when the lower player is a resident of the next scoregroup and the other
  one is a floater of this bracket or also such a resident: the pairs [C8] looks at;
* anything else (pairs further down) carries no quality value.

How each criterion is counted follows the reference engine of the corpus where the
text leaves room (dutch-reference.md §6): colour and float criteria count only the
pairs made in the current bracket; [C8] looks exactly one bracket ahead.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from swissbridge.state import Float

from .context import Entrant


class Kind(enum.IntEnum):
    """Where a candidate pair lies relative to the bracket being paired."""

    OTHER = 0
    CURRENT = 1
    NEXT = 2


@dataclass(frozen=True)
class Scope:
    """What the criteria need to know about the bracket being paired."""

    shift: dict[int, int]
    """Pairing score -> bit offset of its level in per-score counts: the lowest score
    of the round at 0, each score above it past a field wide enough to count every
    player on the scores below (so counts compare from the highest score down)."""
    bye_score: int | None
    """The [C5] PAB score of the round (``None`` when the number of players is even)."""
    c9_active: bool
    """Whether [C9] applies in this bracket (see :func:`.completion.c9_applies`)."""
    c9_rank: dict[int, int]
    """Played games -> rank among the players on the PAB score (most games: 0)."""
    completed: int
    """Rounds already played: the float criteria need one (R-1) or two (R-2)."""

    def at_level(self, score: int) -> int:
        """One pair (or player) counted at this score's level."""
        return 1 << self.shift[score]


class Family(enum.Enum):
    """What a quality criterion counts. Criteria of one family are read the same way
    by the search, the comparison with a played pairing and the explanation, which
    name the family, never a list of criteria."""

    DOWNFLOATERS = "the downfloaters of the bracket"
    """[C6] how many, [C7] their scores."""
    NEXT_BRACKET = "the next bracket"
    """[C8]: the pairs and scores the next bracket can make with the downfloaters."""
    PAB = "the PAB"
    """[C9]: the unplayed games of the player left for the PAB."""
    PAIR = "a pair of the bracket"
    """[C10]–[C13], [C15], [C17]: each pair made fails it or not."""
    RESIDENT_DOWNFLOATS = "resident downfloaters floating again"
    """[C14], [C16]: residents left over who had a downfloat :attr:`Criterion.back`
    rounds before."""
    MDP_DOWNFLOATS = "MDPs floating again"
    """[C18], [C20]: the score differences of the MDPs who had a downfloat
    :attr:`Criterion.back` rounds before."""
    OPPONENT_UPFLOATS = "MDP opponents floating up again"
    """[C19], [C21]: the score differences of the MDPs whose opponent had an upfloat
    :attr:`Criterion.back` rounds before."""


@dataclass(frozen=True)
class Criterion:
    """A quality criterion: its article, a per-pair value to maximise, the largest
    value one pair can contribute (for packing), when it applies, what it counts
    (:class:`Family`) and, for a float criterion, how many rounds back it looks."""

    name: str
    value: Callable[[Entrant, Entrant, Kind, Scope], int]
    bound: Callable[[Scope], int]
    applies: Callable[[Scope], bool]
    family: Family
    back: int = 0
    """The round whose floats it reads: 1 the previous round, 2 the one before; 0
    for a criterion that reads no float."""


def _always(scope: Scope) -> bool:
    return True


def _one(scope: Scope) -> int:
    return 1


def _two(scope: Scope) -> int:
    return 2


def _top_level(scope: Scope) -> int:
    return 1 << max(scope.shift.values(), default=0)


def _two_top_levels(scope: Scope) -> int:
    return 2 * _top_level(scope)


def _after_one_round(scope: Scope) -> bool:
    return scope.completed >= 1


def _after_two_rounds(scope: Scope) -> bool:
    return scope.completed >= 2


# -- [C6], [C7]: pairs and downfloaters of the current bracket -----------------


def c6_pairs(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C6] Minimise the number of downfloaters: maximise the pairs of the bracket."""
    return 1 if kind is Kind.CURRENT else 0


def c7_paired_scores(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C7] Minimise the scores of the downfloaters, compared from the highest: pair
    as many players as possible at the highest score (an MDP's pair counts at the
    MDP's score), then at the next score, and so on."""
    return scope.at_level(h.pscore) if kind is Kind.CURRENT else 0


# -- [C8]: one bracket ahead ----------------------------------------------------


def c8_next_pairs(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C8] Choose the downfloaters so that the following bracket complies with [C6]:
    maximise the pairs the next bracket can make (a floater with a next resident, or
    two next residents)."""
    return 1 if kind is Kind.NEXT else 0


def c8_next_scores(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C8], then with [C7]: the next bracket's pairs counted by the higher player's
    score, from the highest score down."""
    return scope.at_level(h.pscore) if kind is Kind.NEXT else 0


# -- [C9]: the PAB assignee's unplayed games ---------------------------------------


def c9_played_games(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C9] Minimise the unplayed games of the PAB assignee. Only in a bracket that
    will leave exactly one player over, who takes the PAB: every paired player on the
    PAB score is credited with a rank that grows as its played games fall, so the one
    left over has as many played games as possible (dutch-reference.md §5.3)."""
    if not scope.c9_active or kind is Kind.OTHER or scope.bye_score is None:
        return 0
    value = 0
    if h.pscore == scope.bye_score:
        value += scope.c9_rank[h.played_games]
    if lo.pscore == scope.bye_score:
        value += scope.c9_rank[lo.played_games]
    return value


def _c9_bound(scope: Scope) -> int:
    return 2 * (max(scope.c9_rank.values(), default=0) + 1)


# -- [C10]–[C13]: colours ---------------------------------------------------------


def c10_colour_limit(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C10] Minimise the topscorers or their opponents whose colour difference would
    leave -2..+2: a pair fails when both have |CD| > 1 and want the same colour
    (possible only in the last round, where [C3] is relaxed for topscorers)."""
    if kind is not Kind.CURRENT:
        return 0
    fails = h.imbalance > 1 and lo.imbalance > 1 and h.preference is lo.preference
    return 0 if fails else 1


def c11_three_in_a_row(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C11] Minimise the topscorers or their opponents who would get the same colour
    three times running. With both absolute for the same colour, the player with the
    smaller |CD| yields (5.2.2); the pair fails when that player has already had the
    colour it will get twice in a row (with equal |CD|: when both have the same
    repeated colour)."""
    if kind is not Kind.CURRENT:
        return 0
    if not (h.absolute and lo.absolute and h.preference is lo.preference):
        return 1
    if h.imbalance == lo.imbalance:
        fails = h.repeated is not None and h.repeated is lo.repeated
    else:
        loser = lo if lo.imbalance < h.imbalance else h
        fails = h.preference is not None and loser.repeated is h.preference.opposite
    return 0 if fails else 1


def c12_preferences(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C12] Minimise the players who do not get their colour preference: a pair fails
    when both players prefer the same colour (a player without preference never
    fails)."""
    if kind is not Kind.CURRENT:
        return 0
    fails = h.preference is not None and h.preference is lo.preference
    return 0 if fails else 1


def c13_strong_preferences(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C13] Minimise the players who do not get their strong colour preference: a pair
    fails when both prefer the same colour with strong-or-absolute preferences that
    are not both absolute (a both-absolute pair is [C10]/[C11]'s business)."""
    if kind is not Kind.CURRENT:
        return 0
    strong_h = h.strong or h.absolute
    strong_l = lo.strong or lo.absolute
    fails = strong_h and strong_l and not (h.absolute and lo.absolute) and h.preference is lo.preference
    return 0 if fails else 1


# -- [C14]–[C21]: repeated floats -----------------------------------------------------


def _down(p: Entrant, back: int) -> bool:
    return p.floated(back) is Float.DOWN


def _up(p: Entrant, back: int) -> bool:
    return p.floated(back) is Float.UP


def _resident_downfloaters_paired(h: Entrant, lo: Entrant, kind: Kind, back: int) -> int:
    if kind is not Kind.CURRENT:
        return 0
    count = 1 if _down(lo, back) else 0
    if h.pscore <= lo.pscore and _down(h, back):
        count += 1
    return count


def c14_resident_downfloaters(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C14] Minimise the resident downfloaters who had a downfloat in the previous
    round: count the residents with such a downfloat who are paired (MDPs excluded)."""
    return _resident_downfloaters_paired(h, lo, kind, 1)


def c16_resident_downfloaters(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C16] As [C14], for a downfloat two rounds before."""
    return _resident_downfloaters_paired(h, lo, kind, 2)


def _mdp_opponent_not_upfloater(h: Entrant, lo: Entrant, kind: Kind, back: int) -> int:
    if kind is not Kind.CURRENT:
        return 0
    return 0 if (h.pscore > lo.pscore and _up(lo, back)) else 1


def c15_mdp_opponents(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C15] Minimise the MDP opponents who had an upfloat in the previous round: a
    resident paired with an MDP fails when it had such an upfloat."""
    return _mdp_opponent_not_upfloater(h, lo, kind, 1)


def c17_mdp_opponents(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C17] As [C15], for an upfloat two rounds before."""
    return _mdp_opponent_not_upfloater(h, lo, kind, 2)


def _downfloaters_paired_by_score(h: Entrant, lo: Entrant, kind: Kind, scope: Scope, back: int) -> int:
    if kind is not Kind.CURRENT:
        return 0
    value = 0
    if _down(lo, back):
        value += scope.at_level(lo.pscore)
    if _down(h, back):
        value += scope.at_level(h.pscore)
    return value


def c18_mdp_score_differences(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C18] Minimise the score differences of the MDPs who had a downfloat in the
    previous round. A paired MDP's difference is fixed by its score, so this decides
    which MDPs stay in the Limbo: from the highest score down, pair as many players
    with a recent downfloat as possible (dutch-reference.md §6.7)."""
    return _downfloaters_paired_by_score(h, lo, kind, scope, 1)


def c20_mdp_score_differences(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C20] As [C18], for a downfloat two rounds before."""
    return _downfloaters_paired_by_score(h, lo, kind, scope, 2)


def _mdp_pairs_without_upfloater(h: Entrant, lo: Entrant, kind: Kind, scope: Scope, back: int) -> int:
    if kind is not Kind.CURRENT:
        return 0
    if h.pscore > lo.pscore and _up(lo, back):
        return 0
    return scope.at_level(h.pscore)


def c19_mdp_opponent_score_differences(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C19] Minimise the score differences of the MDP opponents who had an upfloat in
    the previous round, compared from the largest: at each MDP score from the top,
    make as few such pairs as possible."""
    return _mdp_pairs_without_upfloater(h, lo, kind, scope, 1)


def c21_mdp_opponent_score_differences(h: Entrant, lo: Entrant, kind: Kind, scope: Scope) -> int:
    """[C21] As [C19], for an upfloat two rounds before."""
    return _mdp_pairs_without_upfloater(h, lo, kind, scope, 2)


QUALITY_CRITERIA: tuple[Criterion, ...] = (
    Criterion("C6", c6_pairs, _one, _always, Family.DOWNFLOATERS),
    Criterion("C7", c7_paired_scores, _top_level, _always, Family.DOWNFLOATERS),
    Criterion("C8 pairs", c8_next_pairs, _one, _always, Family.NEXT_BRACKET),
    Criterion("C8 scores", c8_next_scores, _top_level, _always, Family.NEXT_BRACKET),
    Criterion("C9", c9_played_games, _c9_bound, _always, Family.PAB),
    Criterion("C10", c10_colour_limit, _one, _always, Family.PAIR),
    Criterion("C11", c11_three_in_a_row, _one, _always, Family.PAIR),
    Criterion("C12", c12_preferences, _one, _always, Family.PAIR),
    Criterion("C13", c13_strong_preferences, _one, _always, Family.PAIR),
    Criterion("C14", c14_resident_downfloaters, _two, _after_one_round, Family.RESIDENT_DOWNFLOATS, 1),
    Criterion("C15", c15_mdp_opponents, _one, _after_one_round, Family.PAIR, 1),
    Criterion("C16", c16_resident_downfloaters, _two, _after_two_rounds, Family.RESIDENT_DOWNFLOATS, 2),
    Criterion("C17", c17_mdp_opponents, _one, _after_two_rounds, Family.PAIR, 2),
    Criterion("C18", c18_mdp_score_differences, _two_top_levels, _after_one_round, Family.MDP_DOWNFLOATS, 1),
    Criterion("C19", c19_mdp_opponent_score_differences, _top_level, _after_one_round, Family.OPPONENT_UPFLOATS, 1),
    Criterion("C20", c20_mdp_score_differences, _two_top_levels, _after_two_rounds, Family.MDP_DOWNFLOATS, 2),
    Criterion("C21", c21_mdp_opponent_score_differences, _top_level, _after_two_rounds, Family.OPPONENT_UPFLOATS, 2),
)
"""[C6]–[C21] in priority order (3.8: a better value on a higher criterion wins)."""

CRITERION = {c.name: c for c in QUALITY_CRITERIA}
"""The quality criteria by name."""


def family(f: Family) -> tuple[Criterion, ...]:
    """The criteria of one family, in priority order."""
    return tuple(c for c in QUALITY_CRITERIA if c.family is f)


PAIR_FAILURES = tuple(c.name for c in family(Family.PAIR))
"""[C10]–[C13], [C15], [C17]: the criteria a pair fails or not, in priority order."""
RESIDENT_DOWNFLOATS = family(Family.RESIDENT_DOWNFLOATS)
"""[C14], [C16]."""
