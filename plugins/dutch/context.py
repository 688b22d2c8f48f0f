"""The players to pair in one round, as the Dutch rules see them.

Built once per round from :func:`swissbridge.state.build_state` (which owns presence,
TPN, scores, colour history, floats, meetings and PAB eligibility). Here the present
players are put in the ranking order of Article 1.2 and given the few derived
facts the criteria keep asking for (colour difference, repeated colour, floats of
the two previous rounds), so that every criterion is a cheap lookup.
"""

from __future__ import annotations

from dataclasses import dataclass

from swissbridge.model import Colour, Points, Tournament
from swissbridge.state import Compatibility, Float, PlayerState, RoundState, Strength, build_state


@dataclass(frozen=True, slots=True)
class Entrant:
    """A present player, identified in this round by ``rank`` (0 = highest ranked)."""

    rank: int
    """Position in the order of Article 1.2: pairing score descending, then TPN."""
    start_no: int
    tpn: int
    score: Points
    """Real points (board order, PAB eligibility)."""
    pscore: Points
    """Pairing score: real points plus virtual points (C.04.7)."""
    colours: tuple[Colour, ...]
    """Played colours in round order, unplayed rounds squeezed out (GHR 3.4)."""
    preference: Colour | None
    strength: Strength
    imbalance: int
    """|CD|, the absolute colour difference (1.6)."""
    repeated: Colour | None
    """The colour of the last two played games when they were the same, else ``None``."""
    float1: Float
    """Float received in round R-1 (1.4)."""
    float2: Float
    """Float received in round R-2."""
    eligible: bool
    """May receive the PAB ([C2], C.04.1 Art. 4)."""
    played_games: int
    topscorer: bool

    @property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE

    def floated(self, back: int) -> Float:
        """The float received ``back`` rounds before this one (1: R-1, 2: R-2)."""
        return self.float1 if back == 1 else self.float2

    @property
    def strong(self) -> bool:
        """A strong preference that is not absolute (1.7.2)."""
        return self.strength is Strength.STRONG


@dataclass
class RoundContext:
    """Everything the bracket procedure needs about the round being paired."""

    tournament: Tournament
    state: RoundState
    round_no: int
    players: list[Entrant]
    """Present players in ranking order (Article 1.2); ``players[i].rank == i``."""
    compat: Compatibility
    """[C1] and [C3] by rank: ``compat.ok(i, j)``, ``compat.among(i, group)`` (a group's rows: :mod:`.graph`)."""
    completed: int
    """Rounds already played (R - 1)."""

    @property
    def n(self) -> int:
        return len(self.players)

    def by_start(self, start_no: int) -> Entrant:
        for p in self.players:
            if p.start_no == start_no:
                return p
        raise KeyError(start_no)


def entrant(rank: int, s: PlayerState) -> Entrant:
    cols = s.colours
    repeated = cols[-1] if len(cols) >= 2 and cols[-1] is cols[-2] else None
    pref, strength = s.preference
    return Entrant(
        rank=rank,
        start_no=s.start_no,
        tpn=s.tpn,
        score=s.score,
        pscore=s.pairing_score,
        colours=cols,
        preference=pref,
        strength=strength,
        imbalance=abs(s.colour_difference),
        repeated=repeated,
        float1=s.float_before(1),
        float2=s.float_before(2),
        eligible=s.pab_eligible,
        played_games=s.played_games,
        topscorer=s.topscorer,
    )


def build_context(tournament: Tournament, round_no: int) -> RoundContext:
    """The present players of ``round_no`` in ranking order, with their compatibilities."""
    state = build_state(tournament, round_no)
    present = sorted(state.present, key=lambda s: (-s.pairing_score, s.tpn))
    players = [entrant(i, s) for i, s in enumerate(present)]
    compat = state.compatibility(present)
    return RoundContext(
        tournament=tournament,
        state=state,
        round_no=state.round_no,
        players=players,
        compat=compat,
        completed=state.round_no - 1,
    )
