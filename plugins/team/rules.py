"""The state of every team before a round, and the rules of C.04.6 Articles 1 and 2
that read it: scores (1.2), floaters (1.5), colour difference (1.6), colour
preferences (1.7), and the criteria [C1]-[C10] (Article 2). One place each.

Every rule is a function or a property named after what the article defines, with
the article in its docstring; the procedure of Article 3 (``round.py``) and the colours
of Article 4 (``colours.py``) only call them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from swissbridge.errors import InputError
from swissbridge.model import Colour, Forbidden, Points, PointSystem, Result, TeamAcceleration, Tournament
from swissbridge.plugins.brackets import completable, floater_opponents
from swissbridge.rules.acceleration import baku_acceleration
from swissbridge.rules.teams import ColourModel, Match, MatchKind, TeamEvent, TeamRecord


@dataclass(frozen=True, slots=True)
class Preference:
    """A colour preference (1.7): the colour, and whether it is strong. Type A's
    preferences are all "strong" for [C9] and 4.3.4 (Type A has no mild ones)."""

    colour: Colour
    strong: bool
    why: str = field(default="", compare=False)
    """The clause of 1.7 that gives it, in words (``"colour difference -2"``)."""


@dataclass(frozen=True, slots=True)
class TeamState:
    """One team as the pairing of a round sees it."""

    number: int
    """The TPN (1.1)."""
    score: Points
    """The pairing score: the primary score (1.2) of the rounds played, plus the virtual
    points of an acceleration for this round (C.04.7)."""
    primary: Points
    """The primary score without virtual points (4.2.1)."""
    secondary: Points
    """The secondary score (4.2.2)."""
    played: int
    """Matches played (3.4.3)."""
    colours: tuple[Colour, ...]
    """The team's colour in each played match, oldest first (1.6.1)."""
    preference: Preference | None
    """1.7."""
    floated: bool
    """A floater in the previous round (1.5): it played an opponent with another score."""
    pab_bar: Match | None
    """[C2] (2.1.2): its last match that bars the PAB (the PAB, a match won by forfeit, a
    full-point bye), or ``None``."""
    met: frozenset[int]
    """The teams it played (a match none of whose boards was played is no meeting,
    C.04.2 3.5)."""

    @property
    def colour_difference(self) -> int:
        """1.6.2: matches with White minus matches with Black."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


def colour_preference(colours: Sequence[Colour], model: ColourModel, last_round: bool) -> Preference | None:
    """1.7: the colour preference of a team from the colours of its played matches.

    Type A (1.7.1) and the strong preferences of Type B (1.7.2): White when the colour
    difference is below -1, or is 0 or -1 and the last two played matches were with
    Black; Black symmetrically. Type B's mild preferences: White when the difference is
    -1, or is 0 (not in the last round) and the last played match was with Black;
    Black symmetrically. Otherwise, or without colour preferences, none."""
    if model is ColourModel.NONE or not colours:
        return None
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last_two = tuple(colours[-2:])
    if cd < -1 or cd > 1:
        return Preference(Colour.WHITE if cd < 0 else Colour.BLACK, True, f"colour difference {cd:+d}")
    if cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK):
        return Preference(Colour.WHITE, True, f"colour difference {cd:+d}, last two matches Black")
    if cd in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE):
        return Preference(Colour.BLACK, True, f"colour difference {cd:+d}, last two matches White")
    if model is ColourModel.TYPE_A:
        return None
    if cd == -1 or cd == 1:
        return Preference(Colour.WHITE if cd < 0 else Colour.BLACK, False, f"colour difference {cd:+d}")
    if cd == 0 and not last_round:
        last = colours[-1]
        return Preference(last.opposite, False, f"colour difference 0, last match {last}")
    return None


class RoundState:
    """Every team before round ``round_no``, and the criteria of Article 2 on them (the
    :class:`~swissbridge.plugins.brackets.BracketRules` of Article 3)."""

    text = "C.04.6"
    noun = "team"

    def __init__(self, tournament: Tournament, round_no: int) -> None:
        self.event = TeamEvent(tournament)
        self.tournament = tournament
        self.round_no = round_no
        total = tournament.total_rounds
        self.last_round = total is not None and round_no >= total
        self.last_two_rounds = total is not None and round_no > total - 2
        """[C7], [C10]: "with the exception of the last two rounds" (unknown length: not)."""
        self.model = self.event.code.colours
        self.forbidden = Forbidden.in_round(self.event.setup.forbidden, round_no)
        done = round_no - 1
        self.teams: dict[int, TeamState] = {}
        for rec in self.event.records:
            self.teams[rec.number] = self._state(rec, done)

    # -- scores (1.2) and the team's history ----------------------------------------
    def primary(self, rec: TeamRecord, rounds: int) -> Points:
        """1.2: the primary score, match points unless the 192 code says game points."""
        return rec.game_points(rounds) if self.event.code.game_primary else rec.match_points(rounds)

    def secondary(self, rec: TeamRecord, rounds: int) -> Points:
        """1.2: the other score."""
        return rec.match_points(rounds) if self.event.code.game_primary else rec.game_points(rounds)

    @cached_property
    def acceleration(self) -> tuple[TeamAcceleration, ...]:
        """C.04.7: the file's virtual points (record 250 for teams), else, for a ``_BAKU``
        code, the Baku Acceleration Method's on match points (the first half of the teams
        get a won match's points, then a drawn match's; 250 records override the code).
        Refused with game points primary (C.04.7 1.4.4) and without the number of rounds."""
        setup, code = self.event.setup, self.event.code
        if setup.acceleration or not code.baku:
            return setup.acceleration
        if code.baku_refusal is not None:
            raise InputError(code.baku_refusal)
        if self.tournament.total_rounds is None:
            raise InputError("the Baku acceleration (C.04.7) needs the number of rounds: give it in record 142")
        win, draw, loss = setup.match_points
        ranges = baku_acceleration(
            [t.number for t in setup.teams], self.tournament.total_rounds, PointSystem(win=win, draw=draw, loss=loss)
        )
        return tuple(
            TeamAcceleration(a.points, 0, a.first_round, a.last_round, a.first_player, a.last_player) for a in ranges
        )

    def virtual(self, team: int, round_no: int) -> Points:
        """C.04.7: the virtual points of ``team`` in ``round_no`` (match or game points, as
        the primary score is); the last range that covers it wins."""
        value = 0
        for a in self.acceleration:
            if a.first_team <= team <= a.last_team and a.first_round <= round_no <= a.last_round:
                value = a.game if self.event.code.game_primary else a.match
        return value

    def pairing_score(self, rec: TeamRecord, round_no: int) -> Points:
        """The score a team is paired on in ``round_no``: the primary score of the rounds
        before it plus its virtual points (C.04.7 1.5)."""
        return self.primary(rec, round_no - 1) + self.virtual(rec.number, round_no)

    def _state(self, rec: TeamRecord, done: int) -> TeamState:
        matches = rec.matches[:done]
        colours = tuple(m.colour for m in matches if m.played and m.colour is not None)
        floated = False
        if done >= 1:
            last = rec.match(done)
            if last is not None and last.played and last.opponent is not None:
                other = self.event.record(last.opponent)
                floated = self.pairing_score(rec, done) != self.pairing_score(other, done)
        bars = [m for m in matches if m.kind in (MatchKind.PAB, MatchKind.FORFEIT_WIN, MatchKind.FULL_BYE)]
        return TeamState(
            number=rec.number,
            score=self.pairing_score(rec, done + 1),
            primary=self.primary(rec, done),
            secondary=self.secondary(rec, done),
            played=sum(1 for m in matches if m.played),
            colours=colours,
            preference=colour_preference(colours, self.model, self.last_round),
            floated=floated,
            pab_bar=bars[-1] if bars else None,
            met=frozenset(m.opponent for m in matches if m.played and m.opponent is not None),
        )

    # -- who is paired ----------------------------------------------------------------
    @cached_property
    def announced(self) -> dict[int, Result]:
        """The teams with a bye known in advance for the round (record 240), and its entry."""
        return {n: b.kind.result for b in self.event.setup.byes if b.round_no == self.round_no for n in b.players}

    @cached_property
    def away(self) -> dict[int, Result]:
        """The teams not paired, and their entry: those with a bye known in advance
        (record 240), and those whose every member has a bye or absence entered in the
        round's column (the first member's entry)."""
        away = dict(self.announced)
        for t in self.event.setup.teams:
            entries = [self.event.players[m].entry(self.round_no) for m in t.members]
            if t.number in away or not entries:
                continue
            if all(e is not None and e.opponent is None and e.result is not Result.PAB for e in entries):
                first = entries[0]
                assert first is not None
                away[t.number] = first.result
        return away

    @cached_property
    def present(self) -> list[int]:
        """The teams to pair: all but those :attr:`away`."""
        return [n for n in sorted(self.teams) if n not in self.away]

    @property
    def initial_colour(self) -> Colour:
        """4.3.1: the colour drawn before round 1 (record 152 or as inferred), White when
        nothing says."""
        return self.tournament.initial_colour or Colour.WHITE

    # -- the criteria of Article 2 ------------------------------------------------------
    def can_meet(self, a: int, b: int) -> bool:
        """[C1] (2.1.1): two teams do not meet twice; nor may teams of a record-260 group."""
        return b not in self.teams[a].met and not self.forbidden.forbids(a, b)

    def why_barred(self, a: int, b: int) -> str:
        """Why [C1] keeps ``a`` and ``b`` apart, in words: the round they met, or record 260."""
        if self.forbidden.forbids(a, b):
            return f"#{a} and #{b} may not meet in this round (record 260)"
        met = [m.round_no for m in self.event.record(a).matches[: self.round_no - 1] if m.played and m.opponent == b]
        return f"#{a} and #{b} met in round {met[-1]}" if met else f"#{a} and #{b} have met"

    def score(self, team: int) -> Points:
        """The pairing score (1.2, C.04.7)."""
        return self.teams[team].score

    def played(self, team: int) -> int:
        """Matches played (3.4.3)."""
        return self.teams[team].played

    def can_have_pab(self, team: int) -> bool:
        """[C2] (2.1.2)."""
        return self.teams[team].pab_bar is None

    def pairable(self, teams: Sequence[int]) -> bool:
        """[C3] (2.2.1): the teams have a pairing complying with [C1] (a perfect matching)."""
        return completable(teams, self.can_meet)

    def previous_floater(self, team: int) -> bool:
        """[C7], [C10]: a floater in the previous round, except in the last two rounds."""
        return not self.last_two_rounds and self.teams[team].floated

    def unfulfilled(self, a: int, b: int) -> tuple[int, int]:
        """[C8] (2.3.5) and [C9] (2.3.6) for the pair: 1 when both teams prefer the same
        colour (Article 4 grants opposite preferences and a lone one, 4.3.2-4.3.3), and,
        under Type B, 1 for [C9] when both of those preferences are strong (4.3.4 grants a
        lone strong one)."""
        pa, pb = self.teams[a].preference, self.teams[b].preference
        if pa is None or pb is None or pa.colour is not pb.colour:
            return 0, 0
        strong = self.model is ColourModel.TYPE_B and pa.strong and pb.strong
        return 1, int(strong)

    def pair_costs(self, a: int, b: int, upfloaters: set[int]) -> tuple[int, ...]:
        """[C8], [C9], [C10] of one pair (3.6.4): the unfulfilled (strong) preferences, and
        the upfloaters of the pair whose opponent floated in the previous round (2.3.7)."""
        return (*self.unfulfilled(a, b), floater_opponents(self, a, b, upfloaters))
