"""The matches of a team event, read from its members' games: what every system that
pairs teams reads (the team Swiss of C.04.6, a team round robin).

A team event is its players (the ``001`` records with their board results) and its
teams (:class:`~swissbridge.model.TeamSetup`, records 310/013, 320, 330, 352, 362, and
the team forms of 240, 250, 260, 299). Here each team's round becomes a
:class:`Match`: who the opponent team was, the game points of both sides, the match
points, whether the match was played and the team's colour in it.

Articles cited are those of C.04.6 (Swiss Team Pairing System, 2026):

* 1.2 — the primary and secondary scores, match points or game points (the 192 code);
* 1.4 — the PAB is worth a drawn match, in match and in game points, unless the rules
  of the competition (record 320) say otherwise;
* 1.6.1 — a team had a colour in a match only when the match was actually played: the
  colour its board-1 player was scheduled. A match in which some boards were played is
  played, however many boards were forfeited, and so is one in which both teams scored
  (both were present, if only by forfeits won); any other match none of whose boards
  was played is a forfeit, won by the side that scored (or as record 330 says), lost by
  both when neither did.

Points are tenths, as everywhere in the model.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from swissbridge.errors import InputError
from swissbridge.model import BoardList, Colour, Entry, LineUp, Points, Result, Team, TeamSetup, Tournament
from swissbridge.pairing import Board, RoundPairing, board_key, board_order, printed_order


class ColourModel(enum.Enum):
    """The colour preferences of C.04.6 1.7: Type A (the default), Type B, or none."""

    TYPE_A = "A"
    TYPE_B = "B"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class TeamCode:
    """What a record-192 team code (ETT26 ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]``)
    says: the colour model (1.7), whether game points are the primary score and whether
    the other score breaks ties for colours (1.2, 4.2.2), and the Baku acceleration."""

    colours: ColourModel = ColourModel.TYPE_A
    game_primary: bool = False
    secondary_for_colours: bool = True
    baku: bool = False

    @property
    def baku_refusal(self) -> str | None:
        """Why the code's Baku acceleration cannot be worked out, or ``None``: C.04.7
        1.4.4 accelerates match points only."""
        if self.baku and self.game_primary:
            return "the Baku acceleration (C.04.7 1.4.4) cannot be used with game points as the primary score"
        return None


CODE_PREFIX = "FIDE_TEAM"


def team_code(system: str) -> TeamCode | None:
    """The team code of record 192, or ``None`` when it does not name the team Swiss.

    Without a TYPE token the colour model is none (``FIDE_TEAM_MP_GP``), except for the
    bare ``FIDE_TEAM`` (and ``FIDE_TEAM_BAKU``), which is the default of every article:
    Type A (1.7), match points primary and game points for colours (1.2.2). One score
    token names the primary score and says the other is not used for colours (4.2.2)."""
    code = system.strip().upper()
    if code != CODE_PREFIX and not code.startswith(CODE_PREFIX + "_"):
        return None
    tokens = [t for t in code[len(CODE_PREFIX) :].split("_") if t]
    baku = "BAKU" in tokens
    tokens = [t for t in tokens if t != "BAKU"]
    colours = ColourModel.TYPE_A
    if tokens and tokens[0] in ("TYPEA", "TYPEB"):
        colours = ColourModel.TYPE_A if tokens.pop(0) == "TYPEA" else ColourModel.TYPE_B
    elif tokens:
        colours = ColourModel.NONE
    if any(t not in ("MP", "GP") for t in tokens) or len(tokens) > 2 or len(set(tokens)) != len(tokens):
        return None
    game_primary = bool(tokens) and tokens[0] == "GP"
    return TeamCode(colours, game_primary, len(tokens) != 1, baku)


class MatchKind(enum.Enum):
    """What a team's round was (the letters are those of record 299's types)."""

    WIN = "W"
    DRAW = "D"
    LOSS = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAB = "U"
    FULL_BYE = "F"
    HALF_BYE = "H"
    ABSENT = "Z"


BYE_RESULTS = {
    MatchKind.PAB: Result.PAB,
    MatchKind.FULL_BYE: Result.FULL_BYE,
    MatchKind.HALF_BYE: Result.HALF_BYE,
    MatchKind.ABSENT: Result.ZERO_BYE,
}
"""A team's round without a match, as its members' entries record it."""


@dataclass(frozen=True, slots=True)
class Match:
    """One team's match in one round."""

    round_no: int
    kind: MatchKind
    opponent: int | None
    """The opponent team; ``None`` for a bye or an absence."""
    played: bool
    """Some board of the match was played over the board (1.6.1)."""
    colour: Colour | None
    """The team's colour in a played match: its board-1 player's (1.6.1)."""
    match_points: Points
    game_points: Points
    bonus: tuple[Points, Points] = (0, 0)
    """The match and game points of ``match_points``/``game_points`` that are a blank
    record 299's bonus or penalty: part of the team's score, not scored in the match (the
    tie-breaks of C.07 count what a match scored against the opponent)."""


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """A team and its matches, round 1 first (rounds not reached are left out)."""

    team: Team
    matches: tuple[Match, ...]

    @property
    def number(self) -> int:
        return self.team.number

    def match(self, round_no: int) -> Match | None:
        if 1 <= round_no <= len(self.matches):
            return self.matches[round_no - 1]
        return None

    def match_points(self, rounds: int) -> Points:
        return sum(m.match_points for m in self.matches[:rounds])

    def game_points(self, rounds: int) -> Points:
        return sum(m.game_points for m in self.matches[:rounds])


class TeamEvent:
    """A team event's teams and matches, derived once from a tournament."""

    def __init__(self, tournament: Tournament) -> None:
        setup = tournament.teams
        if setup is None:
            raise InputError(
                "this is a team tournament without team records: each team needs a 310 record "
                "(or TRF16's 013) listing its members' start numbers"
            )
        self.tournament = tournament
        self.setup: TeamSetup = setup
        self.code = team_code(tournament.system) or TeamCode()
        self.team_of: dict[int, int] = {m: t.number for t in setup.teams for m in t.members}
        self.players = {p.start_no: p for p in tournament.players}
        """The players by start number."""
        numbers = {t.number for t in setup.teams}
        named = [
            *(("240", n) for b in setup.byes for n in b.players),
            *(("260", n) for g in setup.forbidden for n in g.players),
            *(("330", n) for f in setup.forfeits for n in (f.white, f.black)),
            *(("299", n) for a in setup.adjustments for n in a.teams),
            *(("250", n) for a in setup.acceleration for n in (a.first_team, a.last_team)),
        ]
        if setup.unlisted:
            n, line = setup.unlisted[0]
            raise InputError(
                f"player {n} is in no team: every player of a team event is listed in a 310 record "
                "(or TRF16's 013) or fielded by a 300 line-up",
                line=line or None,
                column=5 if line else None,
            )
        for code, n in named:
            if n not in numbers:
                raise InputError(f"record {code} names team {n}, but there is no team {n} (no 310 record gives it)")

    @cached_property
    def boards(self) -> int:
        """The number of boards of a match: record 352's, else the most games a team had
        in one round, else the largest roster."""
        if self.setup.board_colours:
            return len(self.setup.board_colours)
        most = 0
        rounds = self.tournament.rounds_in_file  # a scan of every player: once
        for t in self.setup.teams:
            for r in range(1, rounds + 1):
                most = max(most, sum(1 for e in self._entries(t, r) if e.opponent is not None or e.is_forfeit))
        return most or max((len(t.members) for t in self.setup.teams), default=1)

    @property
    def draw(self) -> Points:
        """The match points of a drawn match (record 362's TD)."""
        return self.setup.match_points[1]

    def pab_points(self) -> tuple[Points, Points]:
        """1.4: the PAB's match and game points: a drawn match unless record 320 says."""
        match = self.setup.pab_match if self.setup.pab_match is not None else self.draw
        game = self.setup.pab_game if self.setup.pab_game is not None else self.boards * self.tournament.points.draw
        return match, game

    def _entries(self, team: Team, round_no: int) -> list[Entry]:
        """The members' entries of a round, in roster (record 310) order."""
        out = []
        for m in team.members:
            e = self.players[m].entry(round_no)
            if e is not None:
                out.append(e)
        return out

    def lineup(self, team: Team, round_no: int) -> tuple[int, ...]:
        """The players of ``team`` on boards 1, 2, … in ``round_no`` (``0``: a board left
        unoccupied): record 300's line-up when the file gives one (TRF-2026 requires it
        when a team plays out of record 310's order or with a board unoccupied), else
        the members who had a game in the round (an opponent or a forfeit), in record
        310's order."""
        given = self.given_lineup(team.number, round_no)
        if given is not None:
            return given.players
        return tuple(m for m in team.members if _has_game(self.players[m].entry(round_no)))

    def on_boards(self, team: Team, round_no: int) -> list[tuple[int, int]]:
        """The occupied boards of ``team``'s line-up in ``round_no`` (:meth:`lineup`) as
        (board number, 1 first; player): a board left unoccupied keeps its number."""
        return [(k, player) for k, player in enumerate(self.lineup(team, round_no), 1) if player]

    def given_lineup(self, team: int, round_no: int) -> LineUp | None:
        """Record 300's line-up of team number ``team`` in ``round_no``, or ``None``."""
        return self._lineups.get((team, round_no))

    @cached_property
    def _lineups(self) -> dict[tuple[int, int], LineUp]:
        return {(lu.team, lu.round_no): lu for lu in self.setup.lineups}

    @cached_property
    def records(self) -> tuple[TeamRecord, ...]:
        """Every team with its matches of the rounds completed in the file."""
        rounds = self.tournament.completed_rounds
        return tuple(TeamRecord(t, tuple(self._match(t, r) for r in range(1, rounds + 1))) for t in self.setup.teams)

    def record(self, number: int) -> TeamRecord:
        for rec in self.records:
            if rec.number == number:
                return rec
        raise KeyError(number)

    def _match(self, team: Team, round_no: int) -> Match:
        entries = self._entries(team, round_no)
        points = self.tournament.points
        game = sum(points.points(e.result) for e in entries)
        opponents = {self.team_of[e.opponent] for e in entries if e.opponent is not None and e.opponent in self.team_of}
        if len(opponents) > 1:
            raise InputError(
                f"round {round_no}: the members of team {team.number} play members of teams "
                f"{', '.join(map(str, sorted(opponents)))}; a team meets one team in a round"
            )
        forfeit = next(
            (f for f in self.setup.forfeits if f.round_no == round_no and team.number in (f.white, f.black)), None
        )
        if opponents:
            opponent = opponents.pop()
            given = self.given_lineup(team.number, round_no)
            if given is not None and given.opponent != opponent:
                raise InputError(
                    f"round {round_no}: record 300 gives team {team.number}'s line-up against team "
                    f"{given.opponent}, but its members played team {opponent}"
                )
            other = sum(points.points(e.result) for e in self._entries(self.setup.team(opponent), round_no))
            # both sides scoring shows both present (TRF-2026 330: a team shows up when one of
            # its players does): a match, though every board was forfeited by one side or the other
            played = any(e.played for e in entries) or (game > 0 and other > 0)
            kind = self._outcome(game, other, played)
            colour = self._colour(team, round_no) if played else None
            return self._scored(team, Match(round_no, kind, opponent, played, colour, 0, game))
        if forfeit is not None:
            white = forfeit.white == team.number
            won = forfeit.kind == ("+-" if white else "-+")
            kind = MatchKind.FORFEIT_WIN if won else MatchKind.FORFEIT_LOSS
            opponent = forfeit.black if white else forfeit.white
            return self._scored(team, Match(round_no, kind, opponent, False, None, 0, game))
        pab_rounds = self.setup.pab_teams
        if (round_no <= len(pab_rounds) and pab_rounds[round_no - 1] == team.number) or any(
            e.result is Result.PAB for e in entries
        ):
            mp, gp = self.pab_points()
            return self._scored(team, Match(round_no, MatchKind.PAB, None, False, None, mp, gp))
        results = {e.result for e in entries}
        if Result.FULL_BYE in results:
            kind, mp = MatchKind.FULL_BYE, self.setup.match_points[0]
        elif Result.HALF_BYE in results:
            kind, mp = MatchKind.HALF_BYE, self.draw
        else:
            kind, mp = MatchKind.ABSENT, 0
        return self._scored(team, Match(round_no, kind, None, False, None, mp, game))

    def _outcome(self, game: Points, other: Points, played: bool) -> MatchKind:
        """The match's result from the game points; a match of no board played is a
        forfeit (won by the side with more game points, lost by both when neither scored)."""
        if game > other:
            return MatchKind.WIN if played else MatchKind.FORFEIT_WIN
        if game < other or not played:
            return MatchKind.LOSS if played else MatchKind.FORFEIT_LOSS
        return MatchKind.DRAW

    def _colour(self, team: Team, round_no: int) -> Colour | None:
        """1.6.1: the colour of the board-1 player of the round's line-up
        (:meth:`lineup`); when board 1 was not paired in the match, the colour the
        lowest paired board implies (record 352's sequence, else alternating colours
        from White on board 1)."""
        sequence = self.setup.board_colours or "WB"
        for board, player in self.on_boards(team, round_no):
            e = self.players[player].entry(round_no)
            if e is None or e.opponent is None or e.colour is None:
                continue
            same = sequence[(board - 1) % len(sequence)] == sequence[0]
            return e.colour if same else e.colour.opposite
        return None

    def _scored(self, team: Team, match: Match) -> Match:
        """The match with its match points (record 362) and the record-299 points of the
        team's round: a typed record replaces what that kind of result is worth, a blank
        one adds a bonus or penalty."""
        win, draw, loss = self.setup.match_points
        mp = {
            MatchKind.WIN: win,
            MatchKind.FORFEIT_WIN: win,
            MatchKind.DRAW: draw,
            MatchKind.LOSS: loss,
            MatchKind.FORFEIT_LOSS: loss,
        }.get(match.kind, match.match_points)
        gp = match.game_points
        bonus_mp = bonus_gp = 0  # the blank records' part of mp, gp (a typed record after them replaces it)
        for a in self.setup.adjustments:
            if a.round_no not in (0, match.round_no) or (a.teams and team.number not in a.teams):
                continue
            if not a.kind:
                mp += a.match or 0
                gp += a.game or 0
                bonus_mp += a.match or 0
                bonus_gp += a.game or 0
            elif a.kind == match.kind.value:
                if a.match is not None:
                    mp, bonus_mp = a.match, 0
                if a.game is not None:
                    gp, bonus_gp = a.game, 0
        return Match(
            match.round_no,
            match.kind,
            match.opponent,
            match.played,
            match.colour,
            mp,
            gp,
            (bonus_mp, bonus_gp),
        )


def team_initial_colour(tournament: Tournament) -> Colour | None:
    """The initial colour (4.3.1) a team event's history implies when the file does not
    state it: in the earliest round in which a match has a colour (its board-1 player's,
    1.6.1: :meth:`TeamEvent._colour`), the team of the smallest TPN with one (the first-team
    of its match, two teams that have not played being ranked by TPN) was given the initial
    colour at an odd TPN, the other at an even one. ``None`` before any colour, or when the
    file's teams cannot be read as matches (the pairing says why)."""
    try:
        event = TeamEvent(tournament)
        for r in range(1, tournament.rounds_in_file + 1):
            for team in event.setup.teams:
                colour = event._colour(team, r)
                if colour is not None:
                    return colour if team.number % 2 else colour.opposite
    except InputError:
        return None
    return None


def _has_game(entry: Entry | None) -> bool:
    """The member had a board in the round's match: an opponent, or a forfeit (won
    against a board left unoccupied: ``0000 - +``)."""
    return entry is not None and (
        entry.opponent is not None or entry.result in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
    )


def _fielded(event: TeamEvent, team: int, round_no: int) -> tuple[int, ...]:
    """The players ``team`` fields on boards 1, 2, … in ``round_no`` (0: a board left
    unoccupied): record 300's line-up when the file gives one for the round, else its
    first members in record 310's order (TRF-2026's default line-up). A player's board
    number is its place here (:func:`match_games`)."""
    given = event.given_lineup(team, round_no)
    return (given.players if given is not None else event.setup.team(team).members)[: event.boards]


def _match_lineup(event: TeamEvent, round_no: int, team: int, opponent: int) -> tuple[int, ...]:
    """:func:`_fielded` for the match against ``opponent``, refused when record 300 gives
    the team's line-up against another team."""
    given = event.given_lineup(team, round_no)
    if given is not None and given.opponent != opponent:
        raise InputError(
            f"round {round_no}: record 300 gives team {team}'s line-up against team "
            f"{given.opponent}, but the pairing has it meet team {opponent}"
        )
    return _fielded(event, team, round_no)


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a match: its number (the line-ups' board, 1 first) and its players,
    White first; ``0`` for a side whose line-up leaves the board unoccupied."""

    number: int
    white: int
    black: int

    @property
    def game(self) -> Board | None:
        """The game played on the board; ``None`` when a side left it unoccupied."""
        return Board(self.white, self.black) if self.white and self.black else None

    @property
    def forfeit_winner(self) -> int | None:
        """The player who faces an unoccupied board and wins it by forfeit (TRF-2026
        ``0000 - +``), if any."""
        return None if self.game is not None else (self.white or self.black or None)


def match_games(event: TeamEvent, pairing: RoundPairing) -> list[tuple[Board, tuple[MatchBoard, ...]]]:
    """Each match of a round of team pairs (``pairing``: team numbers on its boards) with
    its boards, board 1 first, numbered as the line-ups number them: each team's line-up
    (:func:`_match_lineup`), the White team's player White on board 1 and the colours
    following record 352 (alternating when it is not given) down the boards. A board one
    line-up leaves unoccupied keeps its number and its colours, the other side's player
    winning it by forfeit; a board neither team occupies is left out. This is the one
    place a board's number is given: every output reads it from here."""
    sequence = event.setup.board_colours or "WB"
    out: list[tuple[Board, tuple[MatchBoard, ...]]] = []
    for match in pairing.boards:
        white = _match_lineup(event, pairing.round_no, match.white, match.black)
        black = _match_lineup(event, pairing.round_no, match.black, match.white)
        boards: list[MatchBoard] = []
        for k, (w, b) in enumerate(zip(white, black, strict=False)):
            if not (w or b):
                continue
            same = sequence[k % len(sequence)] == sequence[0]
            boards.append(MatchBoard(k + 1, w, b) if same else MatchBoard(k + 1, b, w))
        out.append((match, tuple(boards)))
    return out


def game_number(boards: int, match: int, board: int) -> int:
    """The number of board ``board`` of match ``match`` counted down the matches of
    ``boards`` boards each: ``(match - 1) × boards + board``, so a board left unoccupied
    keeps its number. The one place the boards of a team round are counted: the writers
    (:func:`board_pairing`) and ``result`` (a board by its number) read it."""
    return (match - 1) * boards + board


def board_pairing(tournament: Tournament, pairing: RoundPairing) -> RoundPairing:
    """The games of a round of team pairs (``pairing``: team numbers on its boards, the PAB
    team as its bye, teams not paired in ``absent``): every match's games
    (:func:`match_games`), numbered down the matches (:func:`game_number`), a player facing
    a board record 300 leaves unoccupied winning it by forfeit, the PAB team's members with
    the PAB, a team not paired giving its members its entry."""
    event = TeamEvent(tournament)
    games: list[Board] = []
    numbers: list[int] = []
    absent: dict[int, Result] = {}
    for m, (_, boards) in enumerate(match_games(event, pairing), 1):
        for b in boards:
            if b.game is not None:
                games.append(b.game)
                numbers.append(game_number(event.boards, m, b.number))
            elif b.forfeit_winner is not None:
                absent[b.forfeit_winner] = Result.FORFEIT_WIN
    if pairing.bye is not None:
        absent.update((m, Result.PAB) for m in event.setup.team(pairing.bye).members[: event.boards])
    for team, result in pairing.absent.items():
        absent.update((m, result) for m in event.setup.team(team).members)
    return RoundPairing(pairing.round_no, tuple(games), None, absent, pairing.system, tuple(numbers))


def round_boards(
    tournament: Tournament, round_no: int, match_order: Sequence[frozenset[int]] | None = None
) -> list[tuple[int, int, tuple[int, int]]]:
    """The games of ``round_no`` of a team event as ``(match, board, (white, black))``, in
    the order ``pair`` prints them: the matches in the board order of C.04.2 3.6 read with
    the teams' primary scores before the round and their numbers
    (:func:`~swissbridge.pairing.board_key`), each match's games by board, the board a
    player's place in the round's line-up (:meth:`TeamEvent.lineup`). This is the one
    place the match and board of a team round's game are worked out: ``result``, the
    watcher and the writers (:func:`game_number`) read it.

    The one exception is ``match_order``: the matches (pairs of team numbers) in the
    order a pairing of teams was published (the watcher's), each match numbered by its
    place there (0 for a match it does not list). Without it an accelerated event
    (record 250, a ``_BAKU`` code) is refused: the system orders its matches with the
    virtual points, which only the system works out, and a board numbered otherwise
    would take another game's result."""
    event = TeamEvent(tournament)
    if match_order is None and (event.setup.acceleration or event.code.baku):
        raise InputError(
            "the boards of an accelerated team event (record 250, a _BAKU code) are not numbered here: "
            "name each game by a player's start number, #START RESULT"
        )
    done = round_no - 1
    team_of = event.team_of

    def score(n: int) -> tuple[Points, int]:
        rec = event.record(n)
        return (rec.game_points(done) if event.code.game_primary else rec.match_points(done)), n

    def place(player: int) -> int:
        line = event.lineup(event.setup.team(team_of[player]), round_no)
        return line.index(player) + 1 if player in line else len(line) + 1

    matches: dict[frozenset[int], list[tuple[int, int]]] = {}
    for game in board_order(tournament, round_no):
        if game[0] in team_of and game[1] in team_of:
            if team_of[game[0]] == team_of[game[1]]:
                raise InputError(
                    f"round {round_no}: players {game[0]} and {game[1]} of team {team_of[game[0]]} play each other; "
                    "a team meets another team in a round"
                )
            matches.setdefault(frozenset((team_of[game[0]], team_of[game[1]])), []).append(game)

    def key(match: frozenset[int]) -> tuple[int, int, int]:
        a, b = sorted(match)
        return board_key(score(a), score(b))

    if match_order is None:
        number = {match: m for m, match in enumerate(sorted(matches, key=key), 1)}
    else:
        given = {match: m for m, match in enumerate(match_order, 1)}
        number = {match: given.get(match, 0) for match in matches}
    out: list[tuple[int, int, tuple[int, int]]] = []
    for match in sorted(matches, key=lambda match: (number[match] or len(number) + 1, key(match))):
        for game in sorted(matches[match], key=lambda g: (place(g[0]), g)):
            out.append((number[match], place(game[0]), game))
    return out


def played_team_pairing(tournament: Tournament, round_no: int) -> tuple[RoundPairing, frozenset[frozenset[int]]]:
    """The team pairing published for ``round_no``, read back from the matches: each
    match with the White team first (its board-1 player's colour, 1.6.1), the PAB team,
    the teams not paired with their entry; and the matches whose colours the file does
    not give (no board of them played: listed with the smaller number first)."""
    event = TeamEvent(tournament)
    boards: list[Board] = []
    uncoloured: set[frozenset[int]] = set()
    bye: int | None = None
    absent: dict[int, Result] = {}
    seen: set[int] = set()
    byes = {MatchKind.FULL_BYE: Result.FULL_BYE, MatchKind.HALF_BYE: Result.HALF_BYE, MatchKind.ABSENT: Result.ZERO_BYE}
    for rec in event.records:
        m = rec.match(round_no)
        if m is None or rec.number in seen:
            continue
        if m.kind is MatchKind.PAB:
            bye = rec.number
        elif m.opponent is None:
            absent[rec.number] = byes[m.kind]
        else:
            seen.update((rec.number, m.opponent))
            if m.colour is None:
                uncoloured.add(frozenset((rec.number, m.opponent)))
                boards.append(Board(min(rec.number, m.opponent), max(rec.number, m.opponent)))
            elif m.colour is Colour.WHITE:
                boards.append(Board(rec.number, m.opponent))
            else:
                boards.append(Board(m.opponent, rec.number))
    return RoundPairing(round_no, tuple(boards), bye, absent), frozenset(uncoloured)


NumberedGame = tuple[int, tuple[int, int] | None, tuple[int, int]]
"""A game of a round with its board number as printed, its ``(match, board)`` in a team
event (``None`` in an individual one), and ``(white, black)``."""


def printed_boards(tournament: Tournament, round_no: int) -> list[NumberedGame]:
    """The games of ``round_no`` with the board numbers they were printed with: the round's
    :class:`~swissbridge.model.BoardList` when the tournament holds one (every round
    ``pair`` paired), else numbered as ``pair`` numbers a round from the scores before it
    (:func:`~swissbridge.pairing.board_order`; a team event's games down its matches,
    :func:`round_boards`, :func:`game_number`). Every command that names a board (``result``,
    the watcher, the writers of board lists and pairing files) reads it here."""
    stored = tournament.board_list(round_no)
    team = tournament.team_event
    per = TeamEvent(tournament).boards if team else 0
    if stored is not None:
        return [(n, (1 + (n - 1) // per, 1 + (n - 1) % per) if team else None, (w, b)) for n, w, b in stored.games]
    if team:
        return [(game_number(per, m, b), (m, b), game) for m, b, game in round_boards(tournament, round_no)]
    return [(n, None, game) for n, game in enumerate(printed_order(tournament, round_no), 1)]


def printed_matches(tournament: Tournament, round_no: int) -> list[Board]:
    """The matches of a team round as printed (:func:`numbered_matches`), in their order."""
    matches = numbered_matches(tournament, round_no)
    return [matches[m] for m in sorted(matches)]


def numbered_matches(tournament: Tournament, round_no: int) -> dict[int, Board]:
    """The matches of a team round as printed (:func:`printed_boards`) by their numbers, each
    with its White team first: the team whose player has White on a board whose colour is
    the first of record 352's sequence (:func:`match_games`), so that a match none of whose
    boards was played (colourless for the scores, 1.6.1) is still shown as it was printed. A
    match with no game (every board left unoccupied) is not among them."""
    event = TeamEvent(tournament)
    sequence = event.setup.board_colours or "WB"
    team_of = event.team_of
    matches: dict[int, Board] = {}
    for _, where, (w, b) in printed_boards(tournament, round_no):
        if where is None or where[0] in matches:
            continue
        first = sequence[(where[1] - 1) % len(sequence)] == sequence[0]
        white, black = (w, b) if first else (b, w)
        matches[where[0]] = Board(team_of[white], team_of[black])
    return matches


def with_printed_boards(tournament: Tournament, after: int = 0) -> Tournament:
    """``tournament`` holding the printed boards of every paired round with games after
    round ``after`` (:func:`printed_boards`): what an edit that changes scores does before
    it changes anything (a round's boards are numbered from the scores of the rounds before
    it: ``result`` for round R fixes the rounds after R, ``set --points`` every round), so
    that a file written without the record (by another program, or before it existed)
    keeps its board numbers through a correction from then on. A round whose boards cannot
    be numbered here (an accelerated team event's, :func:`round_boards`) is left as it is."""
    t = tournament
    for r in range(after + 1, tournament.rounds_in_file + 1):
        if tournament.board_list(r) is not None or not tournament.is_paired(r):
            continue
        try:
            games = printed_boards(tournament, r)
        except InputError:
            continue
        if games:
            t = t.with_board_list(BoardList(r, tuple((n, w, b) for n, _, (w, b) in games)))
    return t
