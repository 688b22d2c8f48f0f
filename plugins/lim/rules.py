"""The Lim system's own definitions (FIDE C.04.4.3, edition applied from 1 February
2026), one function per rule, the article in its name or docstring.

Lim's word convention is kept in the docstrings: **#1 is "the highest numbered
player"**, "lower numbered" means further down the list (a larger TPN).

What the Lim text shares with the Basic Rules comes from
:func:`swissbridge.state.build_state`: scores (with any virtual points of an
accelerated round), played-colour histories with unplayed rounds squeezed out
(C.04.2 3.4), the players met over the board (forfeits are not meetings, C.04.2
3.5), PAB eligibility (C.04.1 Art. 4), presence, absences and late entries.
What Lim defines itself is here: its due colour (Art. 5), its absolute colour
limits (2.1, 5.1), its compatibility including the last-round exception (Art. 6),
its notion of "floated in the previous round" (3.10), the median scoregroup
(2.2) and the Maxi-tournament (1988 note; 3.2.3, 3.8, 5.7).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from swissbridge.model import Colour, Forbidden, Player, Points, Result, Tournament
from swissbridge.rules.history import initial_colour
from swissbridge.state import RoundState, build_state, colour_difference, scores_when_paired

WHITE = Colour.WHITE
BLACK = Colour.BLACK

MAXI_RATING_LIMIT = 100
"""The 100 rating points of 3.2.3, 3.8 and 5.7 (Maxi-tournaments only)."""


class Side(enum.Enum):
    """Where a scoregroup lies relative to the Median Scoregroup (2.2)."""

    ABOVE = "above"
    MEDIAN = "median"
    BELOW = "below"

    @property
    def downward(self) -> bool:
        """2.2: groups above the median and the median itself are paired downward."""
        return self is not Side.BELOW


def due_colour(colours: tuple[Colour, ...]) -> Colour | None:
    """Art. 5, due colour: if the player's White and Black counts differ, the
    colour that equalises them; if equal, the colour other than that of the last
    played game; none before the first game."""
    if not colours:
        return None
    whites = sum(1 for c in colours if c is WHITE)
    blacks = len(colours) - whites
    if whites > blacks:
        return BLACK
    if blacks > whites:
        return WHITE
    return colours[-1].opposite


def breaks_colour_limit(colours: tuple[Colour, ...], colour: Colour) -> bool:
    """2.1 / 5.1: receiving ``colour`` would give the player the same colour three
    rounds running (three played games in a row, C.04.2 3.4), or three more games
    of one colour than the other.

    A history that already breaks a limit (possible after an Article 6 round or in
    imported files) is not held against a colour that reduces the imbalance."""
    if len(colours) >= 2 and colours[-1] is colour and colours[-2] is colour:
        return True
    diff = colour_difference(colours)
    after = diff + (1 if colour is WHITE else -1)
    return abs(after) >= 3 and abs(after) > abs(diff)


def median_score_twice(round_no: int, win: Points) -> Points:
    """2.2: the Median Scoregroup has the score of half the rounds played; with
    other scoring, rounds played × points for a win ÷ 2 (reading 2). Returned
    doubled so that it stays an integer number of tenths."""
    return (round_no - 1) * win


def maxi_by_default(players: int, rounds: int) -> bool:
    """FIDE's 1988 note: a Maxi-tournament has more participants than 2^rounds.
    "Players" counts every player entered by the round paired (absent ones included,
    late entries from the round they arrive: :func:`swissbridge.state.entered`)."""
    return players > (1 << max(rounds, 0))


def within_maxi_limit(rating_a: int, rating_b: int) -> bool:
    """3.2.3 / 3.8 / 5.7: "rated within 100 points"."""
    return abs(rating_a - rating_b) <= MAXI_RATING_LIMIT


def floated_in_round(player: Player, round_no: int, scores: dict[int, Points]) -> bool:
    """3.10, "floated": in ``round_no`` the player played an opponent who had a
    different score when that round was paired (``scores``, from
    :func:`~swissbridge.state.scores_when_paired`; both players of such a game floated, one down and
    one up), or received the PAB (reading 6). Forfeits, other byes and absences
    are not floats."""
    if round_no < 1:
        return False
    entry = player.entry(round_no)
    if entry is None:
        return False
    if entry.result is Result.PAB:
        return True
    if not entry.played or entry.opponent is None or entry.opponent not in scores:
        return False
    return scores[player.start_no] != scores[entry.opponent]


@dataclass(frozen=True, slots=True)
class LimPlayer:
    """A player to be paired, with everything the Lim articles look at."""

    no: int
    """Start number (the TPN order of the list)."""
    tpn: int
    """Position among the entered players (colour parity, 7.2 and Art. 5 (5))."""
    score: Points
    rating: int
    colours: tuple[Colour, ...]
    opponents: frozenset[int]
    pab_eligible: bool
    floated_previous_round: bool
    due: Colour | None
    may_have_white: bool
    may_have_black: bool

    def may_have(self, colour: Colour) -> bool:
        return self.may_have_white if colour is WHITE else self.may_have_black

    def ranks_above(self, other: LimPlayer) -> bool:
        """Article 1 / 5.4 "higher ranked": more points, then the smaller TPN."""
        return (self.score, -self.no) > (other.score, -other.no)


@dataclass(frozen=True)
class LimRound:
    """The round being paired as the Lim articles see it."""

    state: RoundState
    round_no: int
    players: dict[int, LimPlayer]
    """The players to pair (present this round), by start number."""
    forbidden: Forbidden
    last_round: bool
    maxi: bool
    median_twice: Points
    initial_colour: Colour

    def side(self, score: Points) -> Side:
        """2.2: the side of the median on which a score lies."""
        twice = 2 * score
        if twice > self.median_twice:
            return Side.ABOVE
        if twice < self.median_twice:
            return Side.BELOW
        return Side.MEDIAN

    def article6(self, a: LimPlayer, b: LimPlayer) -> bool:
        """Article 6 (reading 10): in the last round two players with the same
        score who have not met are compatible even if a colour limit would be
        broken; pairs of different scores keep the limits."""
        return self.last_round and a.score == b.score

    def compatible(self, a: LimPlayer, b: LimPlayer) -> bool:
        """2.1: the two have not played each other (nor does the organiser forbid
        the pair), and some colour allocation keeps both within the limits of 5.1,
        except between equal scores in the last round (Article 6). The no-rematch
        rule is never relaxed."""
        if b.no in a.opponents or a.no == b.no:
            return False
        if self.forbidden.forbids(a.no, b.no):
            return False
        if (a.may_have_white and b.may_have_black) or (a.may_have_black and b.may_have_white):
            return True
        return self.article6(a, b)

    def why_incompatible(self, a: LimPlayer, b: LimPlayer) -> str:
        """The words for an arbiter: why 2.1 keeps the two apart."""
        if b.no in a.opponents:
            return "already played each other (2.1)"
        if self.forbidden.forbids(a.no, b.no):
            return "pair forbidden by the organiser"
        return "a colour limit would be broken (2.1, 5.1)"


def lim_player(player: Player, state: RoundState, previous_scores: dict[int, Points]) -> LimPlayer:
    """The Lim view of one player before the round (``previous_scores``: the
    scores when the previous round was paired, for 3.10)."""
    start_no = player.start_no
    ps = state.players[start_no]
    colours = ps.colours
    return LimPlayer(
        no=start_no,
        tpn=ps.tpn,
        score=ps.pairing_score,
        rating=ps.rating,
        colours=colours,
        opponents=ps.opponents,
        pab_eligible=ps.pab_eligible,
        floated_previous_round=floated_in_round(player, state.round_no - 1, previous_scores),
        due=due_colour(colours),
        may_have_white=not breaks_colour_limit(colours, WHITE),
        may_have_black=not breaks_colour_limit(colours, BLACK),
    )


def lim_initial_colour(tournament: Tournament) -> Colour:
    """7.2: the initial colour, the one the file states or its history implies
    (:func:`swissbridge.rules.history.initial_colour`); White before any game has a colour."""
    return initial_colour(tournament) or WHITE


def lim_round(tournament: Tournament, round_no: int, maxi: bool | None = None) -> LimRound:
    """Everything Lim needs to pair ``round_no``.

    ``maxi`` forces the Maxi-tournament rules on or off; by default they apply when
    the tournament has more players entered by the round than 2^rounds (rounds: the declared
    number, else the rounds in the file, at least the round being paired)."""
    state = build_state(tournament, round_no)
    previous = scores_when_paired(tournament, round_no - 1) if round_no > 1 else {}
    by_no = {p.start_no: p for p in tournament.players}
    players = {p.start_no: lim_player(by_no[p.start_no], state, previous) for p in state.present}
    rounds = tournament.total_rounds or max(tournament.rounds_in_file, round_no)
    return LimRound(
        state=state,
        round_no=round_no,
        players=players,
        forbidden=state.forbidden,
        last_round=state.last_round,
        maxi=maxi_by_default(len(state.players), rounds) if maxi is None else maxi,
        median_twice=median_score_twice(round_no, tournament.points.win),
        initial_colour=lim_initial_colour(tournament),
    )
