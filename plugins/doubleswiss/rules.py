"""The state of every player before a match of a Double-Swiss (C.04.5, 2026), and the
rules of its Articles 1 and 2 that read it: the score (1.2), floaters (1.5), the
colour of a match (1.6), and the criteria [C1]-[C8] (Article 2; there is no colour
criterion). One place each; the procedure of Article 3 is the team Swiss's
(:mod:`swissbridge.plugins.brackets`), the colours of Article 4 are ``colours.py``.

The matches are read from the players' round columns, two per match
(:mod:`swissbridge.rules.twogame`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from swissbridge.model import Acceleration, Colour, Points, Result, Tournament
from swissbridge.plugins.brackets import completable, floater_opponents
from swissbridge.rules.acceleration import baku_by_code
from swissbridge.rules.twogame import GameMatch, MatchKind, columns, player_matches
from swissbridge.state import absences, entered, with_acceleration

BAKU = frozenset({"FIDE_DOUBLESWISS_BAKU"})
"""The record-192 code of a Double-Swiss with Baku acceleration (ETT26)."""


def baku_default(tournament: Tournament) -> tuple[Acceleration, ...]:
    """C.04.7 when record 192 says ``FIDE_DOUBLESWISS_BAKU`` and the file gives no virtual
    points of its own: its accelerated rounds are the first half of the matches, the
    virtual points those C.04.7 gives (1, then ½: a game's win, the scoring of the
    Preface), written over the matches' columns (:func:`~swissbridge.rules.acceleration.baku_by_code`)."""
    return baku_by_code(tournament, BAKU)


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player as the pairing of a match sees it."""

    number: int
    """The start number."""
    tpn: int
    """The pairing number in this match (1.1): the position among the players entered by
    then (:func:`swissbridge.state.entered`; 0 for one who has not arrived)."""
    score: Points
    """The score (1.2.1): the points of the matches before this one, plus the virtual
    points of this match (C.04.7, the pairing score)."""
    played: int
    """Matches played (3.4.3): those not ended by forfeit, byes excluded."""
    colours: tuple[Colour | None, ...]
    """The colour of each match before this one (1.6), ``None`` for a match without one."""
    floated: bool
    """A floater in the previous match (1.5): its opponent had another score, or it had
    the PAB (a downfloat)."""
    pab_bar: GameMatch | None
    """[C2]: its last match that bars the PAB (the PAB, a match won by forfeit, a
    full-point bye), or ``None``."""
    met: frozenset[int]
    """The players it met ([C1]): matches not ended by forfeit."""

    @property
    def whites(self) -> int:
        """4.3.2: the matches it had White (in game 1)."""
        return sum(1 for c in self.colours if c is Colour.WHITE)

    @property
    def last_colour(self) -> Colour | None:
        """The colour of its last match that had one."""
        return next((c for c in reversed(self.colours) if c is not None), None)


class DoubleState:
    """Every player before match ``round_no``, and the criteria of Article 2 on them
    (the :class:`~swissbridge.plugins.brackets.BracketRules` of Article 3)."""

    text = "C.04.5"
    noun = "player"

    def __init__(self, tournament: Tournament, round_no: int) -> None:
        if baku := baku_default(tournament):
            tournament = with_acceleration(tournament, baku)
        self.tournament = tournament
        self.round_no = round_no
        total = tournament.total_rounds
        self.last_round = total is not None and 2 * round_no >= total
        """[C7], [C8]: "except in the last round" (an unknown length: not)."""
        done = round_no - 1
        matches = {p.start_no: player_matches(p, done) for p in tournament.players}
        self.matches = matches
        scores = [
            {n: self._score(ms[:k]) + self.virtual(n, k + 1) for n, ms in matches.items()} for k in range(done + 1)
        ]
        first = columns(round_no)[0]
        tpn = {p.start_no: i for i, p in enumerate(entered(tournament, first), 1)}
        self.players: dict[int, PlayerState] = {}
        for n, ms in matches.items():
            self.players[n] = PlayerState(
                number=n,
                tpn=tpn.get(n, 0),
                score=scores[done][n],
                played=sum(1 for m in ms if m.kind is MatchKind.PLAYED),
                colours=tuple(m.colour for m in ms),
                floated=bool(ms) and _floated(ms[-1], n, scores[done - 1]),
                pab_bar=next((m for m in reversed(ms) if _bars_pab(m)), None),
                met=frozenset(m.opponent for m in ms if m.meeting and m.opponent is not None),
            )
        self.away: dict[int, Result] = absences(tournament, first)
        """The players not paired (C.04.2 3.2/3.3): a bye or absence in game 1's column, or
        announced by record 240."""
        self.present = [n for n in sorted(self.players) if n not in self.away]
        """The players to pair."""
        self.forbidden = tournament.forbidden_in(first)
        """[C1]: the players the organiser forbids to meet (record 260)."""

    def virtual(self, player: int, match_no: int) -> Points:
        """C.04.7: the virtual points of ``player`` in match ``match_no`` (record 250 counts
        round columns: those of its game 1)."""
        return self.tournament.virtual_points(player, columns(match_no)[0])

    def _score(self, matches: Sequence[GameMatch]) -> Points:
        """1.2.1: the points of ``matches`` (a game without a result as a draw, GHR 3.1)."""
        return sum(m.points(self.tournament.points, pairing=True) for m in matches)

    @property
    def initial_colour(self) -> Colour:
        """4.3.1: the colour drawn before the first match (record 152 or as inferred),
        White when nothing says."""
        return self.tournament.initial_colour or Colour.WHITE

    # -- BracketRules ---------------------------------------------------------------
    def score(self, player: int) -> Points:
        return self.players[player].score

    def played(self, player: int) -> int:
        return self.players[player].played

    def can_meet(self, a: int, b: int) -> bool:
        """[C1]: two players do not meet twice, except after a match ended by forfeit
        (Preface); nor may players of a record-260 group."""
        return b not in self.players[a].met and not self.forbidden.forbids(a, b)

    def why_barred(self, a: int, b: int) -> str:
        """Why [C1] keeps ``a`` and ``b`` apart, in words: the match they played, or record 260."""
        if self.forbidden.forbids(a, b):
            return f"the organiser forbids #{a} and #{b} to meet in this round (record 260)"
        met = [m.number for m in self.matches[a] if m.meeting and m.opponent == b]
        return f"#{a} and #{b} met in round {met[-1]}" if met else f"#{a} and #{b} have met"

    def can_have_pab(self, player: int) -> bool:
        """[C2]: no PAB after a PAB, a match won by forfeit or a full-point bye."""
        return self.players[player].pab_bar is None

    def pairable(self, players: Sequence[int]) -> bool:
        """[C3]: the players have a pairing complying with [C1]."""
        return completable(players, self.can_meet)

    def previous_floater(self, player: int) -> bool:
        """[C7], [C8]: a floater in the previous round, except in the last round."""
        return not self.last_round and self.players[player].floated

    def pair_costs(self, a: int, b: int, upfloaters: set[int]) -> tuple[int, ...]:
        """[C8] of one pair (3.6.4): its upfloaters whose opponent floated in the previous
        round. There is no colour criterion."""
        return (floater_opponents(self, a, b, upfloaters),)


def _floated(last: GameMatch, player: int, scores: dict[int, Points]) -> bool:
    """1.5 for the player's last match: it met an opponent of another score at the start
    of that match, or had the PAB (a downfloat); other byes and matches ended by
    forfeit are no float."""
    if last.kind is MatchKind.PAB:
        return True
    if last.kind is not MatchKind.PLAYED or last.opponent is None:
        return False
    return scores[player] != scores[last.opponent]


def _bars_pab(match: GameMatch) -> bool:
    """[C2]: a PAB, a match won by forfeit, a (FIDE-deprecated) full-point bye."""
    if match.kind in (MatchKind.PAB, MatchKind.FORFEIT_WIN):
        return True
    return match.kind is MatchKind.BYE and match.games[0].result is Result.FULL_BYE
