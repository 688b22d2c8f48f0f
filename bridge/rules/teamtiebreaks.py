"""The tie-breaks of a team event (Handbook C.07, Articles 11-13, with Articles 14 and 16
as for players): the teams' matches (:mod:`swissbridge.rules.teams`) as the participants'
rounds of :mod:`swissbridge.rules.tiebreaks`, under each of the two scores.

C.07 Article 11: in a team competition a participant is a team and its score is the
*primary score*, match points or game points (record 192's code, C.04.6 1.2: ``…_MP_GP``
match points, ``…_GP_MP`` game points); the other is the *secondary score*. Every
tie-break of Articles 6-9 reads the primary score, in every one of its uses (the
opponents' scores, the points scored against them, a dummy opponent's score, the cuts):
so each is computed here by the very function of :mod:`swissbridge.rules.tiebreaks`, on the
event whose rounds are the teams' matches scored in the primary score. What is the
teams' own:

* ``MPVGP`` (13.1): the secondary score;
* the extended Sonneborn-Berger (13.2): the opponents' score under one score times the
  points scored against them under the other (``ESB``: the primary times the secondary;
  ``EMGSB``: match points times game points …);
* the extended direct encounter (``EDE``, 13.3): direct encounter on the primary score,
  and where it leaves teams tied, on the secondary;
* the board count (``BC``, 12.1): the sum over the boards of the board's number times
  the game points the team scored on it (lower is better).

Unplayed rounds (Article 16) are the team's matches none of whose boards was played
(C.04.6 1.6.1: a forfeit won or lost, the PAB, a bye, an absence); the *voluntary* ones
(16.2) those not scored as a won match: a forfeit lost, a half-point or zero-point bye, an
absence. The PAB is worth a drawn match in match and game points (C.04.6 1.4) unless
record 320 says otherwise (:meth:`swissbridge.rules.teams.TeamEvent.pab_points`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from swissbridge.model import Points, PointSystem, Team, Tournament
from swissbridge.rules import tiebreaks
from swissbridge.rules.teams import Match, MatchKind, TeamEvent, TeamRecord
from swissbridge.rules.tiebreaks import Event, Kind, Participant, Round, TieBreak, Value

_KIND = {
    MatchKind.FORFEIT_WIN: Kind.FORFEIT_WIN,
    MatchKind.FORFEIT_LOSS: Kind.FORFEIT_LOSS,
    MatchKind.PAB: Kind.PAB,
    MatchKind.FULL_BYE: Kind.FULL_BYE,
    MatchKind.HALF_BYE: Kind.HALF_BYE,
    MatchKind.ABSENT: Kind.ZERO_BYE,
}
_NOT_VUR = (MatchKind.FORFEIT_WIN, MatchKind.PAB, MatchKind.FULL_BYE)
"""C.07 16.2 for teams: the unplayed rounds scored as a won match (the PAB, 16.2.1, is
never voluntary)."""


@dataclass(frozen=True, slots=True)
class TeamTable:
    """A team event after round ``after_round``, prepared once for every tie-break."""

    teams: TeamEvent
    match_points: Event
    """The teams' matches scored in match points (:class:`~swissbridge.rules.tiebreaks.Event`)."""
    game_points: Event
    """The same matches scored in game points."""
    game_primary: bool
    """Game points are the primary score (record 192's ``…_GP…``)."""
    games: Event
    """The teams' board games (:func:`board_games`), each a round, under the scoring of
    the games (record 162)."""
    boards: dict[int, tuple[Points, ...]]
    """Each team's points per board (board 1 first) over the rounds (12.1)."""

    @property
    def primary(self) -> Event:
        return self.game_points if self.game_primary else self.match_points

    @property
    def secondary(self) -> Event:
        return self.match_points if self.game_primary else self.game_points

    @property
    def after_round(self) -> int:
        return self.primary.after_round

    def team(self, number: int) -> Team:
        return self.teams.setup.team(number)


def prepare(tournament: Tournament, after_round: int | None = None) -> TeamTable:
    """The :class:`TeamTable` of a team event after ``after_round`` (default: the last
    round with results, :func:`~swissbridge.rules.tiebreaks.last_round_with_results`)."""
    event = TeamEvent(tournament)
    n = tiebreaks.last_round_with_results(tournament) if after_round is None else after_round
    total = max(tiebreaks.planned_rounds(tournament), n)
    rules = tiebreaks.rules_edition(tournament)
    win, draw, loss = event.setup.match_points
    board_points = tournament.points
    by_match = PointSystem(win=win, draw=draw, loss=loss)
    by_game = PointSystem(win=board_points.win * event.boards, draw=board_points.draw * event.boards, loss=0)
    round_robin = tiebreaks.is_round_robin(tournament, total)
    mp: dict[int, Participant] = {}
    gp: dict[int, Participant] = {}
    games: dict[int, Participant] = {}
    boards: dict[int, tuple[Points, ...]] = {}
    for rec in event.records:
        matches = rec.matches[:n]
        mp[rec.number] = _participant(rec, matches, n, game=False)
        gp[rec.number] = _participant(rec, matches, n, game=True)
        by_round = board_games(event, rec, n)
        played = tuple(g for one in by_round for g in one)
        games[rec.number] = Participant(rec.number, None, played, sum(g.points for g in played))
        totals = [0] * event.boards
        for one in by_round:
            for board, g in enumerate(one):
                totals[board] += g.points
        boards[rec.number] = tuple(totals)
    return TeamTable(
        event,
        Event(n, total, by_match, round_robin, mp, rules),
        Event(n, total, by_game, round_robin, gp, rules),
        event.code.game_primary,
        Event(n, total, board_points, round_robin, games, rules),
        boards,
    )


def _participant(rec: TeamRecord, matches: Sequence[Match], after_round: int, *, game: bool) -> Participant:
    rounds = []
    for r in range(1, after_round + 1):
        m = matches[r - 1] if r <= len(matches) else None
        if m is None:
            rounds.append(Round(r, Kind.ZERO_BYE, 0, None, None, Fraction(0), True))
            continue
        kind = Kind.GAME if m.played else _KIND.get(m.kind, Kind.FORFEIT_LOSS)
        points = m.game_points - m.bonus[1] if game else m.match_points - m.bonus[0]
        opponent = m.opponent if kind is not Kind.PAB else None
        colour = m.colour if m.played else None
        rounds.append(Round(r, kind, points, opponent, colour, Fraction(0), not m.played and m.kind not in _NOT_VUR))
    bonus = sum(m.bonus[1] if game else m.bonus[0] for m in matches)
    return Participant(rec.number, None, tuple(rounds), sum(r.points for r in rounds) + bonus)


def board_games(event: TeamEvent, rec: TeamRecord, after_round: int) -> list[tuple[Round, ...]]:
    """The team's games of each round, board 1 first, as rounds of its players
    (:func:`~swissbridge.rules.tiebreaks.participant_rounds`). A match's boards are the round's
    line-up (:meth:`~swissbridge.rules.teams.TeamEvent.lineup`: record 300's, else the members
    with a board in record 310's order, the line-up TRF-2026 takes by default); a board
    left unoccupied is lost by forfeit. A round without a line-up: the PAB is a win on
    every board (C.07 12, a bye of the team); a bye or an absence, the members' own
    entries of the round."""
    points = event.tournament.points
    out: list[tuple[Round, ...]] = []
    for m in rec.matches[:after_round]:
        lineup = event.lineup(rec.team, m.round_no)
        if not lineup and m.kind is MatchKind.PAB:
            bye = Round(m.round_no, Kind.PAB, points.win, None, None, Fraction(0), False)
            out.append((bye,) * event.boards)
            continue
        if lineup:
            on_boards = [event.players[n].entry(m.round_no) if n else None for n in lineup]
        else:
            on_boards = [event.players[n].entry(m.round_no) for n in rec.team.members]
            on_boards = [e for e in on_boards if e is not None]
        unoccupied = Round(m.round_no, Kind.FORFEIT_LOSS, 0, None, None, Fraction(0), True)
        out.append(
            tuple(
                unoccupied if e is None else replace(tiebreaks.participant_rounds([e], points, 1)[0], number=m.round_no)
                for e in on_boards[: event.boards]
            )
        )
    return out


_GAME_COUNTS = frozenset({"WIN", "WON", "BPG", "BWG", "REP", "STD"})
"""C.07 7.1-7.7 count a participant's games or rounds; with game points as the primary
score a team's are its boards' games."""


# -- the tie-breaks ----------------------------------------------------------------------


def value_of(table: TeamTable, number: int, tb: TieBreak) -> Value:
    """The value of one tie-break (not ``DE``/``EDE``: :func:`direct_encounter`) for the
    team ``number``."""
    primary = table.primary
    p = primary.participants[number]
    if tb.name == "MPVGP":
        return Fraction(table.secondary.participants[number].score, 10)
    if tb.name in _EXTENDED:
        opponents, own = _EXTENDED[tb.name](table)
        return tiebreaks.buchholz_sum(
            opponents, opponents.participants[number], tb, sonneborn=True, times=own.participants[number]
        )
    if tb.name == "BC":
        return Fraction(sum(board * value for board, value in enumerate(table.boards[number], 1)), 10)
    if table.game_primary and tb.name in _GAME_COUNTS:
        return tiebreaks.value_of(table.games, table.games.participants[number], tb)
    return tiebreaks.value_of(primary, p, tb)


_EXTENDED = {
    "ESB": lambda t: (t.primary, t.secondary),
    "EMMSB": lambda t: (t.match_points, t.match_points),
    "EMGSB": lambda t: (t.match_points, t.game_points),
    "EGMSB": lambda t: (t.game_points, t.match_points),
    "EGGSB": lambda t: (t.game_points, t.game_points),
}
"""C.07 13.2: (the event whose scores the opponents have, the event whose points the team
scored against them)."""


def direct_encounter(table: TeamTable, group: Sequence[int], tb: TieBreak) -> dict[int, int]:
    """``DE`` (C.07 6 on the primary score) or ``EDE`` (13.3: then the secondary) for one
    group of tied teams: each one's place among them, 0 for all when not separated."""
    also = table.secondary if tb.name == "EDE" else None
    return tiebreaks.direct_encounter(table.primary, group, also=also)
