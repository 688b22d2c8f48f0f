"""A round's broadcast feed matched to its pairing, and a pairing read back from
a pairing PGN.

The ``games.pgn`` of DGT LiveChess or a lichess broadcast export is matched to the
round's pairing by FIDE ids, else by normalised names (:mod:`.players`), never by
the position of a game in the file, since feeds list only the broadcast boards,
in any order, sometimes twice. What cannot be matched or disagrees is reported
(:class:`RoundFeed`), never guessed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field

from swissbridge.errors import InputError
from swissbridge.formats.pgn.players import Directory, Who, is_bye
from swissbridge.formats.pgn.reading import ENTRY_RESULT, RESULT_ENTRIES, PgnGame, games_in
from swissbridge.model import Colour, Entry, Tournament
from swissbridge.pairing import Board, RoundPairing
from swissbridge.rules.history import played_pairing


@dataclass(frozen=True, slots=True)
class UnmatchedGame:
    """A game of the feed that belongs to no board of the round."""

    game: PgnGame
    reason: str

    def __str__(self) -> str:
        return f"game at {self.game.where}: {self.reason}"


@dataclass(frozen=True, slots=True)
class ResultConflict:
    """A board whose games (or the result already recorded) disagree."""

    board_no: int
    board: Board
    reason: str
    games: tuple[PgnGame, ...] = ()

    def __str__(self) -> str:
        where = "; ".join(g.where for g in self.games)
        return f"board {self.board_no} ({self.board.white} - {self.board.black}): {self.reason}" + (
            f" [{where}]" if where else ""
        )


@dataclass(frozen=True, slots=True)
class BoardGames:
    """The games found for one board and the result they agree on."""

    board_no: int
    board: Board
    games: tuple[PgnGame, ...]
    result: str
    """``1-0``, ``0-1``, ``1/2-1/2``, or ``*`` while the game is in progress."""


@dataclass(frozen=True, slots=True)
class RoundFeed:
    """A round's PGN matched to its pairing."""

    round_no: int
    pairing: RoundPairing
    boards: tuple[BoardGames, ...] = ()
    missing: tuple[int, ...] = ()
    """Board numbers (1-based, in the pairing's order) with no game in the feed."""
    unmatched: tuple[UnmatchedGame, ...] = ()
    conflicts: tuple[ResultConflict, ...] = ()
    bye_games: tuple[PgnGame, ...] = field(default=())

    @property
    def finished(self) -> tuple[BoardGames, ...]:
        return tuple(b for b in self.boards if b.result != "*")

    @property
    def in_progress(self) -> tuple[BoardGames, ...]:
        return tuple(b for b in self.boards if b.result == "*")

    @property
    def complete(self) -> bool:
        """Every board of the pairing has a finished game and nothing disagrees."""
        return (
            not self.missing
            and not self.conflicts
            and not self.in_progress
            and len(self.finished) == len(self.pairing.boards)
        )

    def entries(self) -> dict[int, Entry]:
        """Model entries for the boards with a finished, undisputed result."""
        out: dict[int, Entry] = {}
        for b in self.finished:
            white, black = RESULT_ENTRIES[b.result]
            out[b.board.white] = Entry(white, b.board.black, Colour.WHITE)
            out[b.board.black] = Entry(black, b.board.white, Colour.BLACK)
        return out

    def render(self) -> str:
        """A report for the arbiter."""
        n = len(self.pairing.boards)
        lines = [
            f"round {self.round_no}: {len(self.finished)} of {n} boards finished, "
            f"{len(self.in_progress)} in progress, {len(self.missing)} without a game"
        ]
        lines += [f"  board {i}: no game in the feed" for i in self.missing]
        lines += [f"  conflict: {c}" for c in self.conflicts]
        lines += [f"  unmatched: {u}" for u in self.unmatched]
        return "\n".join(lines) + "\n"


def read_round_feed(
    source: str | os.PathLike[str] | bytes | Iterable[PgnGame],
    tournament: Tournament,
    round_no: int | None = None,
    *,
    pairing: RoundPairing | None = None,
    round_tag: int | None = None,
) -> RoundFeed:
    """Match a round's PGN (file, folder, bytes or parsed games) to the pairing of
    ``round_no`` (default: the last paired round of ``tournament``); ``round_tag``: the
    round the games' ``Round`` tags name, when not ``round_no`` (a match's game,
    :func:`read_match_feed`).

    A game is matched by the FIDE ids of its players, else by their normalised
    names; it belongs to the board holding both players with the same colours.
    Games of another round (by the ``Round`` tag), with an unknown player, with
    players not paired together, or with colours reversed are reported as
    unmatched; boards with no game as missing; boards whose games disagree, or
    disagree with a result the tournament already records, as conflicts. Duplicate
    games of one board (a board broadcast twice) are fine when they agree; a
    finished game outranks an unfinished copy of itself.
    """
    r = round_no if round_no is not None else tournament.completed_rounds
    if r < 1:
        raise InputError("the tournament has no paired round to match the feed with")
    pairing = pairing if pairing is not None else played_pairing(tournament, r)
    directory = Directory(tournament)
    position: dict[int, tuple[int, Colour]] = {}
    for i, b in pairing.numbered():  # a team round's games keep their numbers (RoundPairing.numbers)
        position[b.white] = (i, Colour.WHITE)
        position[b.black] = (i, Colour.BLACK)
    found: dict[int, list[PgnGame]] = {}
    unmatched: list[UnmatchedGame] = []
    bye_games: list[PgnGame] = []
    for game in games_in(source):
        try:
            game_round = game.round_number()
        except InputError as exc:
            unmatched.append(UnmatchedGame(game, exc.message))
            continue
        if game_round is not None and game_round != (round_tag or r):
            unmatched.append(UnmatchedGame(game, f"its Round tag says round {game_round}, not {round_tag or r}"))
            continue
        who: list[Who] = []
        for colour, name in ((Colour.WHITE, game.white), (Colour.BLACK, game.black)):
            who.append(Who(0) if is_bye(name) else directory.find(name, game.fide_id(colour)))
        wn, bn = who[0].start_no, who[1].start_no
        if wn is None or bn is None:
            unmatched.append(UnmatchedGame(game, "; ".join(s.problem for s in who if s.problem)))
            continue
        if wn == 0 or bn == 0:
            player = bn if wn == 0 else wn
            if player == 0:
                unmatched.append(UnmatchedGame(game, "both sides are a bye"))
            elif pairing.bye == player:
                bye_games.append(game)
            else:
                unmatched.append(UnmatchedGame(game, f"player {player} does not have the bye in round {r}"))
            continue
        pw, pb = position.get(wn), position.get(bn)
        if pw is None or pb is None or pw[0] != pb[0]:
            where = []
            for n, pos in ((wn, pw), (bn, pb)):
                where.append(f"{n} is on board {pos[0]}" if pos else f"{n} is not on a board")
            why = f"players {wn} and {bn} are not paired together ({', '.join(where)})"
            unmatched.append(UnmatchedGame(game, why))
            continue
        if pw[1] is not Colour.WHITE:
            unmatched.append(
                UnmatchedGame(
                    game,
                    f"colours reversed: board {pw[0]} is {bn} (White) - {wn} (Black) in the pairing",
                )
            )
            continue
        found.setdefault(pw[0], []).append(game)
    boards: list[BoardGames] = []
    conflicts: list[ResultConflict] = []
    missing: list[int] = []
    for i, board in pairing.numbered():
        games = found.get(i)
        if not games:
            missing.append(i)
            continue
        decided = {g.result for g in games if g.result != "*"}
        if len(decided) > 1:
            conflicts.append(
                ResultConflict(i, board, f"the feed has different results: {', '.join(sorted(decided))}", tuple(games))
            )
            continue
        inner = [g for g in games if g.marker not in (None, "*") and g.marker != g.result]
        if inner:
            conflicts.append(
                ResultConflict(
                    i, board, f"Result tag {inner[0].result} but the movetext ends {inner[0].marker}", tuple(inner)
                )
            )
            continue
        result = decided.pop() if decided else "*"
        recorded = _recorded(tournament, r, board)
        if recorded is not None and result != "*" and recorded != result:
            why = f"the tournament already records {recorded}, the feed says {result}"
            conflicts.append(ResultConflict(i, board, why, tuple(games)))
            continue
        boards.append(BoardGames(i, board, tuple(games), result))
    return RoundFeed(
        round_no=r,
        pairing=pairing,
        boards=tuple(boards),
        missing=tuple(missing),
        unmatched=tuple(unmatched),
        conflicts=tuple(conflicts),
        bye_games=tuple(bye_games),
    )


def read_match_feed(
    source: str | os.PathLike[str] | bytes | Iterable[PgnGame], tournament: Tournament, match_no: int
) -> tuple[RoundFeed, RoundFeed]:
    """Match the PGN of match round ``match_no`` of a Double-Swiss (C.04.5) to its two
    games, each a feed of its round column (:func:`read_round_feed`, the ``Round`` tags
    naming the match): a game belongs to the game its ``Game`` tag names, else to the one
    its colours say (game 1: the first-listed player White; game 2 the colours reversed,
    4.4). A game whose tag and colours disagree is reported (colours reversed), never moved."""
    from swissbridge.rules.twogame import columns, game_pairings, played_match_pairing

    pairings = game_pairings(played_match_pairing(tournament, match_no))
    white_in_two = {b.white for b in pairings[1].boards}
    directory = Directory(tournament)
    split: tuple[list[PgnGame], list[PgnGame]] = ([], [])
    for game in games_in(source):
        tagged = game.tag("Game").strip()
        if tagged in ("1", "2"):
            split[int(tagged) - 1].append(game)
            continue
        white = directory.find(game.white, game.fide_id(Colour.WHITE)).start_no
        split[1 if white in white_in_two else 0].append(game)
    one, two = (
        read_round_feed(games, tournament, column, pairing=pairing, round_tag=match_no)
        for games, column, pairing in zip(split, columns(match_no), pairings, strict=True)
    )
    return one, two


def _recorded(tournament: Tournament, round_no: int, board: Board) -> str | None:
    try:
        entry = tournament.player(board.white).entry(round_no)
    except KeyError:
        return None
    if entry is None or entry.opponent != board.black:
        return None
    return ENTRY_RESULT.get(entry.result)


def apply_feed(tournament: Tournament, feed: RoundFeed) -> Tournament:
    """The tournament with the feed's finished, undisputed results written into its round."""
    entries = feed.entries()
    if not entries:
        return tournament
    return tournament.with_round(feed.round_no, entries)


def read_pairing_pgn(
    source: str | os.PathLike[str] | bytes | Iterable[PgnGame],
    tournament: Tournament,
    round_no: int | None = None,
) -> RoundPairing:
    """A pairing read back from a pairing PGN: each game's players identified by FIDE
    id or name (an unknown player is an error at that game), the game against
    ``BYE`` as the pairing-allocated bye, boards in ``Round "R.B"`` order."""
    directory = Directory(tournament)
    games = games_in(source)
    rounds = {r for g in games if (r := g.round_number()) is not None}
    if round_no is None:
        if len(rounds) != 1:
            raise InputError(f"the pairing PGN should hold one round, it has Round tags for {sorted(rounds) or 'none'}")
        round_no = rounds.pop()
    r_no: int = round_no
    seen: dict[int, PgnGame] = {}
    boards: list[tuple[int, int, Board]] = []
    bye: int | None = None
    for game in games:
        gr, gb = game.round_number(), game.round_board[1]
        if gr is not None and gr != round_no:
            raise game.error(f"game of round {gr} in the pairing of round {round_no}", "Round")
        sides: list[int | None] = []
        for colour in (Colour.WHITE, Colour.BLACK):
            n = directory.side(game, colour)
            if n is not None:
                if n in seen:
                    raise game.error(f"player {n} is also paired at {seen[n].where}", colour.name.title())
                seen[n] = game
            sides.append(n)
        w, b = sides
        if w is None and b is None:
            raise game.error("both sides are a bye", "White")
        if w is None or b is None:
            if bye is not None:
                raise game.error(f"a second bye (player {bye} already has it)", "White" if w is not None else "Black")
            bye = w if w is not None else b
            continue
        boards.append((gb if gb is not None else 10**6, game.index, Board(w, b)))
    boards.sort(key=lambda x: (x[0], x[1]))
    return RoundPairing(round_no=r_no, boards=tuple(b for _, _, b in boards), bye=bye)
