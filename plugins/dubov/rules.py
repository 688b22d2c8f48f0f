"""The Dubov system's own definitions (C.04.4.1, 2026), one place each: the rating every
player must have (1.1), the ARO (1.7), the maximum upfloater (1.8), the ranking of 5.2.1,
and the round as the procedure of Article 3 reads it (:class:`DubovRound`).

What the Dubov and Burstein texts share (1.6 preferences, [C1]-[C4], the PAB of 3.1,
the colours of 5.2) is :mod:`swissbridge.plugins.c0404`, read here with Dubov's
:data:`VARIANT`; the C.04.1 basic rules (meetings, PAB eligibility, colour difference)
are the core's :mod:`swissbridge.state`, whose chronicle also gives, once per
tournament, each player's opponents' ratings and upfloats (:attr:`PlayerState.opponents_rating`,
:attr:`PlayerState.upfloats`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from swissbridge.model import Acceleration, Colour, Points, Tournament
from swissbridge.plugins.c0404 import Graph, Variant, preference
from swissbridge.rules.acceleration import baku_by_code
from swissbridge.rules.history import initial_colour
from swissbridge.state import Float, PlayerState, RoundState, Strength, build_state, entered, with_acceleration

VARIANT = Variant("C.04.4.1", Colour.BLACK, "the largest TPN")
"""1.6.4: a player without a game prefers Black (mildly); 3.1.5: the largest TPN."""

CODES = ("FIDE_DUBOV", "FIDE_DUBOV_BAKU")
"""ETT26's record 192 codes (C.02.03 Annex C): the system, and with C.04.7 (Baku)."""

BAKU = frozenset({"FIDE_DUBOV_BAKU"})


def aro(opponents_rating: int, games: int) -> int:
    """1.7: the average rating of the opponents met over the board, rounded to the
    nearest integer, the higher when the division ends in .5 (1.7.1); zero before the
    first game (1.7.3)."""
    if games == 0:
        return 0
    return (2 * opponents_rating + games) // (2 * games)


def max_upfloats(rounds: int) -> int:
    """1.8.2: MaxT = 2 + [Rnds/5], the division rounded down."""
    return 2 + rounds // 5


def baku_default(tournament: Tournament) -> tuple[Acceleration, ...]:
    """C.04.7 (Baku) when record 192 says ``FIDE_DUBOV_BAKU`` and the file gives no
    virtual points of its own (its 250/XXA lines come first); ``()`` otherwise."""
    return baku_by_code(tournament, BAKU)


@dataclass(frozen=True, slots=True)
class DubovPlayer:
    """A player to pair, as Dubov reads them."""

    state: PlayerState
    pos: int
    """The position in the round's ranking (:attr:`DubovRound.players`, :attr:`DubovRound.graph`)."""
    aro: int
    """1.7."""
    colour: Colour | None
    """The colour preference (1.6, 1.6.4)."""
    strength: Strength
    upfloats: int
    """The rounds the player upfloated (1.8, [C9])."""
    upfloated_last: bool
    """Upfloated in the previous round ([C10])."""
    maximum: bool
    """A maximum upfloater (1.8.1): upfloated MaxT times already."""

    @property
    def no(self) -> int:
        return self.state.start_no

    @property
    def tpn(self) -> int:
        return self.state.tpn

    @property
    def score(self) -> Points:
        """The pairing score (with virtual points, C.04.7)."""
        return self.state.pairing_score

    @property
    def played(self) -> int:
        return self.state.played_games

    @property
    def white_seeker(self) -> bool:
        """3.2.3, 4.3: a player whose colour preference is White."""
        return self.colour is Colour.WHITE


@dataclass
class DubovRound:
    """Everything the procedure of Article 3 reads for one round."""

    tournament: Tournament
    state: RoundState
    players: list[DubovPlayer]
    """The players to pair in ranking order (5.2.1: more points, then the smaller TPN)."""
    graph: Graph
    """[C1], [C3] between them, by position."""
    last_round: bool
    """[C8]-[C10] do not apply in the last round."""
    max_t: int
    """1.8.2."""
    initial_colour: Colour
    """5.1: the colour drawn before round 1 (the file's, or what its history implies; White)."""
    provisional: dict[int, int]
    """1.1.2: the provisional ratings given to the players the file leaves unrated."""

    def higher(self, a: DubovPlayer, b: DubovPlayer) -> tuple[DubovPlayer, DubovPlayer]:
        """5.2.1: the higher-ranked player of the two (more points, then the smaller TPN), then the other."""
        return (a, b) if a.pos < b.pos else (b, a)


PROVISIONAL_FLOOR = 1000
"""The lowest provisional rating :func:`provisional_ratings` gives (the floor of the FIDE list)."""


def provisional_ratings(tournament: Tournament, round_no: int) -> dict[int, int]:
    """1.1.2: the provisional rating of each player without one (1.1.1: every player
    must have a rating), when the file gives none: below the lowest rating of the
    rated players, 10 points apart in start order (the lowest minus 10, minus 20, …),
    never under :data:`PROVISIONAL_FLOOR`; :data:`PROVISIONAL_FLOOR` when nobody is
    rated. The unrated players stay below the rated ones, as the initial order put them
    (C.04.2 2.2), so no TPN moves (1.2.2). A Chief Arbiter who assigns other ones writes
    them in the rating column of record 001. The players are those entered by
    ``round_no`` (:func:`swissbridge.state.entered`): one who enters later changes no
    rating a round was paired with."""
    players = entered(tournament, round_no)
    rated = [p.rating for p in players if p.rating > 0]
    lowest = min(rated, default=PROVISIONAL_FLOOR + 10 * len(players))
    unrated = [p.start_no for p in players if p.rating <= 0]
    return {n: max(PROVISIONAL_FLOOR, lowest - 10 * j) for j, n in enumerate(unrated, 1)}


def dubov_round(tournament: Tournament, round_no: int) -> DubovRound:
    """The round ``round_no`` of ``tournament`` as Dubov pairs it: with the provisional
    ratings of 1.1.2 (:func:`provisional_ratings`) for the players the file leaves
    unrated, and its own Baku acceleration when record 192 names it."""
    provisional = provisional_ratings(tournament, round_no)
    if provisional:
        tournament = tournament.with_players(
            replace(p, rating=provisional.get(p.start_no, p.rating)) for p in tournament.players
        )
    baku = baku_default(tournament)
    if baku:
        tournament = with_acceleration(tournament, baku)
    state = build_state(tournament, round_no)
    rounds = tournament.total_rounds or max(tournament.rounds_in_file, round_no)
    ranked = sorted(state.present, key=lambda p: (-p.pairing_score, p.tpn))
    graph = Graph(state, ranked)
    limit = max_upfloats(rounds)
    players = []
    for pos, p in enumerate(ranked):
        colour, strength = preference(p, VARIANT)
        players.append(
            DubovPlayer(
                state=p,
                pos=pos,
                aro=aro(p.opponents_rating, p.played_games),
                colour=colour,
                strength=strength,
                upfloats=p.upfloats,
                upfloated_last=p.float_before(1) is Float.UP,
                maximum=p.upfloats >= limit,
            )
        )
    return DubovRound(
        tournament=tournament,
        state=state,
        players=players,
        graph=graph,
        last_round=state.last_round,
        max_t=limit,
        initial_colour=initial_colour(tournament) or Colour.WHITE,
        provisional=provisional,
    )
