"""Two-game matches (the Double-Swiss, C.04.5): every pairing is a match of two games
played in succession with alternating colours (Preface), and a tournament file holds
each game in a round column of its own: match *m* is the columns (TRF rounds) 2m-1
(game 1) and 2m (game 2) of every player. ``docs/double-swiss.md`` gives the reasons
and the convention (that of ``../shared/corpus/double-swiss/README.md``).

A player's matches are read here, once, for every part of swissbridge that reads a
two-game event (the pairing system, results, standings, the formats): what a match
was (Preface: played, ended by forfeit, a bye), its colour (1.6) and its points.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from swissbridge.errors import InputError
from swissbridge.messages import ranges
from swissbridge.model import MATCH_GAMES, Colour, Entry, Player, Points, PointSystem, Result, Tournament
from swissbridge.pairing import Board, RoundPairing, apply_pairing
from swissbridge.rules.history import played_pairing

GAMES = MATCH_GAMES
"""The games of a match (Preface)."""


def columns(match_no: int) -> tuple[int, int]:
    """The round columns of match ``match_no``: games 1 and 2."""
    return GAMES * match_no - 1, GAMES * match_no


def match_of(column: int) -> int:
    """The match a round column belongs to."""
    return (column + GAMES - 1) // GAMES


def round_columns(tournament: Tournament, round_no: int) -> tuple[int, ...]:
    """The round columns of the event's round ``round_no``: a match's two
    (:func:`columns`) in an event of two-game matches (its points count
    :attr:`~swissbridge.model.PointSystem.games`, record 192), else the round's own."""
    return columns(round_no) if tournament.points.games == GAMES else (round_no,)


def last_column(tournament: Tournament, round_no: int) -> int:
    """The last round column of the event's round ``round_no`` (a match's: game 2's)."""
    return round_columns(tournament, round_no)[-1]


def event_round(tournament: Tournament, column: int) -> int:
    """The event's round round column ``column`` belongs to: its match in an event of
    two-game matches (a match begun counts), else the column's own; the rounds the first
    ``column`` columns of the file hold."""
    return match_of(column) if tournament.points.games == GAMES else column


def column_name(tournament: Tournament, column: int) -> str:
    """Round column ``column`` as the arbiter names it: ``round 3``, or in an event of
    two-game matches ``round 3, game 2`` (for messages)."""
    if tournament.points.games != GAMES:
        return f"round {column}"
    return f"round {match_of(column)}, game {column - columns(match_of(column))[0] + 1}"


def event_rounds(tournament: Tournament) -> int | None:
    """The event's rounds as its arbiter counts them: matches in an event of two-game
    matches (record 142 counts columns, two a match), else record 142's; None when the
    file does not say."""
    total = tournament.total_rounds
    return None if total is None else total // tournament.points.games


def game_pairings(pairing: RoundPairing) -> tuple[RoundPairing, RoundPairing]:
    """Match round ``pairing.round_no`` as the pairings of its two round columns: game 1
    as paired (White of game 1 first), game 2 with the colours reversed (4.4: White plays
    game 1 with White and game 2 with Black); the PAB and the players not paired in both
    (Preface: byes apply to whole matches)."""
    first, second = columns(pairing.round_no)
    reversed_boards = tuple(Board(b.black, b.white) for b in pairing.boards)
    return replace(pairing, round_no=first), replace(pairing, round_no=second, boards=reversed_boards)


def apply_match(tournament: Tournament, pairing: RoundPairing) -> Tournament:
    """``tournament`` with the match round ``pairing`` written into its two columns
    (:func:`game_pairings`), as pending games."""
    one, two = game_pairings(pairing)
    return apply_pairing(apply_pairing(tournament, one), two)


def played_match_pairing(tournament: Tournament, match_no: int, *, path: str | None = None) -> RoundPairing:
    """Match round ``match_no`` as it was paired, read from game 1's column (White of
    game 1 first); an :class:`~swissbridge.errors.InputError` when game 2's column does
    not hold the same matches and the same PAB."""
    first, second = columns(match_no)
    one = played_pairing(tournament, first, path=path)
    two = played_pairing(tournament, second, path=path)
    pairs = {frozenset(b.players()) for b in one.boards}
    if pairs != {frozenset(b.players()) for b in two.boards} or one.bye != two.bye:
        raise InputError(
            f"round {match_no}: its two games (round columns {first} and {second}) do not pair the same matches",
            path=path,
        )
    return replace(one, round_no=match_no)


def match_to_pair(tournament: Tournament, round_no: int | None) -> tuple[int, int]:
    """The match to pair (``round_no``, or the one after the last paired) and the
    column of its first game. Refused: a match beyond the event's (record 142 counts
    columns, two a match), and one with an earlier column never paired."""
    r = match_of(tournament.completed_rounds) + 1 if round_no is None else round_no
    if r < 1:
        raise InputError(f"rounds are numbered from 1, not {r}")
    total = tournament.total_rounds
    if total is not None and r > total // GAMES:
        raise InputError(f"round {r} is beyond the {total // GAMES} rounds of the tournament (two games each)")
    first = columns(r)[0]
    gaps = tournament.unpaired_rounds(first)
    if gaps:
        raise InputError(
            f"cannot pair round {r}: the round columns {ranges(gaps)} have not been paired; "
            f"pair round {match_of(gaps[0])} first (or write who was absent in it, 0000 - Z, for every player)"
        )
    return r, first


class MatchKind(enum.Enum):
    """What a match was for a player."""

    PLAYED = "played"
    """Regularly played (Preface): at least one game was not forfeited by one side for
    both games; a single forfeited game counts as played for tie-breaks and standings."""
    FORFEIT_WIN = "forfeit win"
    """The opponent forfeited both games, this player did not: a match won by forfeit
    ([C2]); not a meeting, the pairing may be repeated (Preface, [C1])."""
    FORFEIT_LOSS = "forfeit loss"
    """This player forfeited both games: the match ended by forfeit."""
    PAB = "pairing-allocated bye"
    """1.4: worth a won and a drawn game."""
    BYE = "bye"
    """A requested bye or an absence (``H``, ``F``, ``Z`` in both columns)."""


@dataclass(frozen=True, slots=True)
class GameMatch:
    """One match of one player."""

    number: int
    """The match's number (the event's round)."""
    kind: MatchKind
    opponent: int | None
    games: tuple[Entry, Entry]
    """The player's entries in its two columns."""

    @property
    def meeting(self) -> bool:
        """The two players met ([C1]): the match was not ended by forfeit (Preface)."""
        return self.kind is MatchKind.PLAYED

    @property
    def colour(self) -> Colour | None:
        """1.6: the colour of game 1 when at least one game was played, else none."""
        if self.kind is not MatchKind.PLAYED or not any(g.played for g in self.games):
            return None
        return self.games[0].colour

    @property
    def games_as_played(self) -> tuple[Entry, Entry]:
        """The two games as tie-breaks and standings count them (Preface: in a match
        regularly played "any forfeited (single) game shall be treated as played", a game
        won or lost; "this rule does not apply to rating", which reads :attr:`games`)."""
        if self.kind is not MatchKind.PLAYED:
            return self.games
        g1, g2 = (replace(g, result=_AS_PLAYED.get(g.result, g.result)) for g in self.games)
        return g1, g2

    def points(self, system: PointSystem, *, pairing: bool = False) -> Points:
        """The match's points: its two games' (a forfeited game as its forfeit result),
        a bye counted once for the match: the PAB its value (1.4,
        :meth:`~swissbridge.model.PointSystem.for_games`), another bye its two columns'
        (``Z`` 0, ``H`` ½ + ½, ``F`` 1 + 1). ``pairing``: a game without a result counts
        as a draw (GHR 3.1)."""
        if self.kind is MatchKind.PAB:
            return system.pab
        value = system.pairing_points if pairing else system.points
        return sum(value(g.result) for g in self.games)


_AS_PLAYED = {Result.FORFEIT_WIN: Result.WIN, Result.FORFEIT_LOSS: Result.LOSS}
"""A single forfeited game treated as played (Preface)."""


def player_matches(player: Player, count: int) -> tuple[GameMatch, ...]:
    """The first ``count`` matches of ``player``, from its round columns; a pair of
    columns that is no match (two opponents, a bye and a game, a missing game) is an
    :class:`~swissbridge.errors.InputError` naming the player and the match."""
    return tuple(_match(player, m) for m in range(1, count + 1))


def _match(player: Player, number: int) -> GameMatch:
    first, second = columns(number)
    g1, g2 = player.entry(first), player.entry(second)
    where = f"player {player.start_no}, match {number} (round columns {first} and {second})"
    if g1 is None or g2 is None:
        raise InputError(f"{where}: a match has two games; column {second if g1 else first} is empty")
    if g1.opponent is None or g2.opponent is None:
        if g1.opponent is not None or g2.opponent is not None or g1.result is not g2.result:
            raise InputError(
                f"{where}: a bye applies to the whole match, never to one game (C.04.5 Preface): "
                f"both columns must hold the same bye, not {_code(g1)} and {_code(g2)}"
            )
        kind = MatchKind.PAB if g1.result in (Result.PAB, Result.FORFEIT_WIN) else MatchKind.BYE
        return GameMatch(number, kind, None, (g1, g2))
    if g1.opponent != g2.opponent:
        raise InputError(f"{where}: the two games of a match have one opponent, not {g1.opponent} and {g2.opponent}")
    results = (g1.result, g2.result)
    if results == (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS):
        kind = MatchKind.FORFEIT_LOSS
    elif results == (Result.FORFEIT_WIN, Result.FORFEIT_WIN):
        kind = MatchKind.FORFEIT_WIN
    else:
        kind = MatchKind.PLAYED
    return GameMatch(number, kind, g1.opponent, (g1, g2))


def _code(entry: Entry) -> str:
    if entry.opponent is None:
        return f"a bye {entry.result.value}"
    return f"a game against {entry.opponent}"
