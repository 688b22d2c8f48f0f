"""PGN for the boards and broadcasts (python-chess).

Three uses:

* **Pairing PGN** (:func:`write_pairing_pgn`): the round to be played as one game
  per board with empty movetext and ``Result "*"``, ``Round "R.B"``, players'
  names, ratings, titles and FIDE ids, the pairing-allocated bye as a game against
  ``"BYE"``. DGT LiveChess ("Load pairing"), Tornelo and Clono import this form.
* **A round's feed** (:func:`read_round_feed`): the ``games.pgn`` of DGT LiveChess
  or a lichess broadcast export, matched to the round's pairing by FIDE ids, else
  by normalised names — never by the position of a game in the file, since feeds
  list only the broadcast boards, in any order, sometimes twice. What cannot be
  matched or disagrees is reported (:class:`RoundFeed`), never guessed.
* **A tournament from PGN alone** (:func:`tournament_from_pgn`): players from the
  tags, results per round, for events run without a tournament manager.

Header-only games (lichess exports with no movetext and no termination marker)
are split by this module before python-chess reads each game, because
python-chess would merge consecutive header blocks into one game.
"""

from __future__ import annotations

import io
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import chess.pgn
from swissbridge.errors import InputError
from swissbridge.formats._text import (
    MAX_RATING,
    MAX_ROUNDS,
    MAX_START_NO,
    bounded_int,
    bounded_value,
    decode,
    read_bytes,
    split_lines,
)
from swissbridge.messages import ranges
from swissbridge.model import ABSENT, Colour, Entry, Player, Result, Tournament
from swissbridge.pairing import Board, RoundPairing, board_order

__all__ = [
    "BoardGames",
    "PgnGame",
    "ResultConflict",
    "RoundFeed",
    "UnmatchedGame",
    "apply_feed",
    "initial_order",
    "lost_in_pgn",
    "name_keys",
    "parse_pgn",
    "read_pairing_pgn",
    "read_pgn",
    "read_round_feed",
    "tournament_from_pgn",
    "write_pairing_pgn",
    "write_results_pgn",
]

BYE_NAMES = frozenset({"bye", "-", "spielfrei", "exempt", "libre", "pab"})
"""Names that stand for the pairing-allocated bye instead of an opponent."""

_TAG = re.compile(r'^\[\s*([A-Za-z0-9_+#=:-]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_RESULTS = {
    "1-0": "1-0",
    "0-1": "0-1",
    "1/2-1/2": "1/2-1/2",
    "½-½": "1/2-1/2",
    "0.5-0.5": "1/2-1/2",
    "1/2": "1/2-1/2",
    "*": "*",
    "": "*",
    "?": "*",
}
_TERMINATION = re.compile(r"(?:^|\s)(1-0|0-1|1/2-1/2|\*)\s*$")


# -- reading games -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PgnGame:
    """One game of a PGN file: its tags, where it starts, and its result."""

    headers: Mapping[str, str]
    line: int
    """Line of the game's first tag (1-based)."""
    index: int
    """Position in the file (1-based), for messages only: games are never matched by it."""
    result: str
    """``1-0``, ``0-1``, ``1/2-1/2`` or ``*``."""
    path: str | None = None
    text: str = ""
    """The game as it stands in the file (tags and movetext)."""
    marker: str | None = None
    """The movetext's termination marker, when there is movetext."""

    @property
    def plies(self) -> int:
        """Half-moves of the main line, replayed on demand (reading never replays)."""
        game = chess.pgn.read_game(io.StringIO(self.text), Visitor=_QuietBuilder)
        return 0 if game is None else sum(1 for _ in game.mainline_moves())

    def tag(self, name: str) -> str:
        return self.headers.get(name, "").strip()

    @property
    def white(self) -> str:
        return self.tag("White")

    @property
    def black(self) -> str:
        return self.tag("Black")

    def fide_id(self, colour: Colour) -> str:
        value = self.tag("WhiteFideId" if colour is Colour.WHITE else "BlackFideId")
        return value if value.isdigit() and value.strip("0") else ""

    @property
    def round_board(self) -> tuple[int | None, int | None]:
        """Round and board of ``Round "R.B"`` (``None`` where absent, not a number, or
        beyond any tournament: round 999, board 9999)."""
        parts = self.tag("Round").split(".")
        r = bounded_value(parts[0], MAX_ROUNDS)
        b = bounded_value(parts[1], MAX_START_NO) if len(parts) > 1 else None
        return r, b

    def round_number(self) -> int | None:
        """The round of the ``Round`` tag (``None`` when it gives none, such as ``?``);
        round 0, or a number beyond the 999 rounds a tournament can have, is an error
        at the game."""
        text = self.tag("Round").split(".")[0].strip()
        if not (text.isascii() and text.isdigit()):
            return None
        what = "the round of the Round tag"
        return bounded_int(text, what, minimum=1, maximum=MAX_ROUNDS, path=self.path, line=self.line)

    @property
    def where(self) -> str:
        place = f"{self.path}:{self.line}" if self.path else f"line {self.line}"
        return f"{place} ({self.white or '?'} - {self.black or '?'}, Round {self.tag('Round') or '?'})"

    def error(self, message: str) -> InputError:
        return InputError(message, path=self.path, line=self.line)


def _decode_pgn(data: bytes | str, path: str | None) -> str:
    """UTF-8 (with or without BOM) or UTF-16 with a BOM; otherwise Latin-1, the PGN
    standard's character set. Text with NUL bytes (UTF-16 without a BOM, a binary
    file) is refused."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return decode(data, path=path, what="PGN file")
    if b"\x00" in data:
        at = data.index(b"\x00")
        before = data[:at]
        raise InputError(
            "not PGN text: NUL bytes (UTF-16 without a byte-order mark, or a binary file)",
            path=path,
            line=before.count(b"\n") + 1,
            column=at - before.rfind(b"\n"),
        )
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _chunks(lines: Sequence[str], path: str | None) -> list[tuple[int, list[str]]]:
    """Split PGN lines into games: a tag line starts a new game unless it continues
    the tags of the current one — so header-only games separated by a blank line
    (lichess exports) are told apart. Brace comments spanning lines are respected."""
    games: list[tuple[int, list[str]]] = []
    state = "between"
    depth = 0  # brace comment depth in movetext
    current: list[str] = []
    start = 0
    for no, raw in enumerate(lines, 1):
        line = raw.strip()
        if depth == 0 and line.startswith("[") and not line.startswith("[%"):
            if state != "tags":
                if current:
                    games.append((start, current))
                current, start, state = [], no, "tags"
            current.append(raw)
            continue
        if depth == 0 and line.startswith("%"):
            continue  # escape line (PGN standard 6)
        if not line:
            if state == "tags":
                state = "after_tags"
            elif state == "movetext" and depth == 0:
                state = "between"
            if current:
                current.append(raw)
            continue
        if not current:
            raise InputError(f'expected a tag such as [Event "..."], found {line[:40]!r}', path=path, line=no, column=1)
        state = "movetext"
        current.append(raw)
        depth = max(0, depth + line.count("{") - line.count("}"))
    if current:
        games.append((start, current))
    return games


class _QuietBuilder(chess.pgn.GameBuilder[chess.pgn.Game]):
    """python-chess's game builder without logging: illegal moves are kept in
    ``game.errors`` (results come from the tags, moves do not matter here)."""

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)


def parse_pgn(data: bytes | str, *, path: str | None = None) -> list[PgnGame]:
    """The games of a PGN text, each checked: well-formed tags, a known result, and a
    termination marker after any movetext (a missing one means a truncated file)."""
    text = _decode_pgn(data, path)
    lines = split_lines(text)
    games: list[PgnGame] = []
    for index, (start, chunk) in enumerate(_chunks(lines, path), 1):
        tags: dict[str, str] = {}
        movetext: list[str] = []
        last_line = start
        for offset, raw in enumerate(chunk):
            line = raw.strip()
            if line.startswith("[") and not movetext and not line.startswith("[%"):
                m = _TAG.match(line)
                if m is None:
                    col = raw.index("[") + 1
                    raise InputError(
                        f'malformed tag {line[:40]!r}: expected [Name "value"] (truncated file?)',
                        path=path,
                        line=start + offset,
                        column=col,
                    )
                tags[m.group(1)] = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            elif line:
                movetext.append(raw)
                last_line = start + offset
        marker: str | None = None
        if movetext:
            body = re.sub(r"\{[^}]*\}", " ", " ".join(movetext))
            body = re.sub(r";[^\n]*", " ", body)
            m2 = _TERMINATION.search(body)
            if m2 is None:
                raise InputError(
                    "the game's movetext ends without a termination marker (*, 1-0, 0-1, 1/2-1/2): "
                    "the file is truncated or still being written",
                    path=path,
                    line=last_line,
                )
            marker = m2.group(1)
        raw_result = tags.get("Result", "*").strip()
        result = _RESULTS.get(raw_result.replace(" ", ""))
        if result is None:
            where = start + next((i for i, r in enumerate(chunk) if r.strip().startswith("[Result")), 0)
            raise InputError(
                f"unknown result {raw_result!r}: expected 1-0, 0-1, 1/2-1/2 or *", path=path, line=where, column=1
            )
        if result == "*" and marker not in (None, "*"):
            result = marker
        game_text = "\n".join(chunk) + "\n"
        games.append(
            PgnGame(headers=tags, line=start, index=index, result=result, path=path, text=game_text, marker=marker)
        )
    return games


def read_pgn(path: str | os.PathLike[str]) -> list[PgnGame]:
    """The games of a PGN file."""
    p = os.fspath(path)
    return parse_pgn(read_bytes(p), path=p)


def _games(source: str | os.PathLike[str] | bytes | Iterable[PgnGame]) -> list[PgnGame]:
    if isinstance(source, bytes):
        return parse_pgn(source)
    if isinstance(source, (str, os.PathLike)):
        p = Path(source)
        if p.is_dir():
            out: list[PgnGame] = []
            for f in sorted(p.glob("*.pgn")) + sorted(p.glob("*.PGN")):
                out.extend(read_pgn(f))
            return out
        return read_pgn(p)
    return list(source)


# -- names ---------------------------------------------------------------------------------------

_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_SPECIAL = str.maketrans({"ß": "ss", "ø": "o", "ł": "l", "đ": "d", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th"})


def _tokens(text: str) -> str:
    return " ".join(sorted(t for t in re.split(r"[^0-9a-z]+", text) if t))


def name_keys(name: str) -> frozenset[str]:
    """Normalised forms of a player's name for matching: case, accents, spacing,
    punctuation and the order of surname and given names do not matter, and the
    German transliteration Swiss-Manager applies (``Müller`` → ``Mueller``) matches
    the accented form."""
    base = unicodedata.normalize("NFC", name).casefold().replace("’", "'")
    if not base.strip():
        return frozenset()
    german = base.translate(_GERMAN)
    out = set()
    for variant in (base, german):
        stripped = unicodedata.normalize("NFKD", variant.translate(_SPECIAL))
        ascii_form = "".join(c for c in stripped if not unicodedata.combining(c))
        key = _tokens(ascii_form)
        if key:
            out.add(key)
    return frozenset(out)


def _is_bye(name: str) -> bool:
    return name.strip().casefold() in BYE_NAMES


@dataclass(frozen=True, slots=True)
class _Who:
    """The outcome of identifying one side of a game."""

    start_no: int | None
    problem: str = ""


class _Directory:
    """The tournament's players, searchable by FIDE id and by name."""

    def __init__(self, tournament: Tournament) -> None:
        self.by_id: dict[str, int] = {}
        self.by_name: dict[str, set[int]] = {}
        self.names = {p.start_no: p.name for p in tournament.players}
        self.ids = {p.start_no: p.fide_id.lstrip("0") for p in tournament.players}
        for p in tournament.players:
            fid = p.fide_id.lstrip("0")
            if fid:
                self.by_id.setdefault(fid, p.start_no)
            for key in name_keys(p.name):
                self.by_name.setdefault(key, set()).add(p.start_no)

    def find(self, name: str, fide_id: str) -> _Who:
        """The player by FIDE id, else by normalised name (only when unique)."""
        fid = fide_id.lstrip("0")
        if fid and fid in self.by_id:
            return _Who(self.by_id[fid])
        candidates: set[int] = set()
        for key in name_keys(name):
            candidates |= self.by_name.get(key, set())
        if fid:
            candidates = {n for n in candidates if not self.ids[n] or self.ids[n] == fid}
        if len(candidates) == 1:
            return _Who(next(iter(candidates)))
        if not candidates:
            what = f"FIDE id {fid} or name {name!r}" if fid else f"name {name!r}"
            return _Who(None, f"no player with {what}")
        listed = ", ".join(f"{n} {self.names[n]}" for n in sorted(candidates))
        return _Who(None, f"name {name!r} fits several players ({listed})")

    def side(self, game: PgnGame, colour: Colour) -> int | None:
        """The start number of the player on ``colour``'s side of ``game``, ``None``
        for a bye; an unknown or ambiguous player is an error located at the game."""
        name = game.white if colour is Colour.WHITE else game.black
        if _is_bye(name):
            return None
        who = self.find(name, game.fide_id(colour))
        if who.start_no is None:
            raise game.error(f"unknown player: {who.problem}")
        return who.start_no


# -- a round's feed ------------------------------------------------------------------------------


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
            white, black = _RESULT_ENTRIES[b.result]
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


_RESULT_ENTRIES: Mapping[str, tuple[Result, Result]] = {
    "1-0": (Result.WIN, Result.LOSS),
    "0-1": (Result.LOSS, Result.WIN),
    "1/2-1/2": (Result.DRAW, Result.DRAW),
}
_ENTRY_RESULT: Mapping[Result, str] = {
    Result.WIN: "1-0",
    Result.WIN_UNRATED: "1-0",
    Result.FORFEIT_WIN: "1-0",
    Result.LOSS: "0-1",
    Result.LOSS_UNRATED: "0-1",
    Result.FORFEIT_LOSS: "0-1",
    Result.DRAW: "1/2-1/2",
    Result.DRAW_UNRATED: "1/2-1/2",
}


def read_round_feed(
    source: str | os.PathLike[str] | bytes | Iterable[PgnGame],
    tournament: Tournament,
    round_no: int | None = None,
    *,
    pairing: RoundPairing | None = None,
) -> RoundFeed:
    """Match a round's PGN (file, folder, bytes or parsed games) to the pairing of
    ``round_no`` (default: the last paired round of ``tournament``).

    A game is matched by the FIDE ids of its players, else by their normalised
    names; it belongs to the board holding both players with the same colours.
    Games of another round (by the ``Round`` tag), with an unknown player, with
    players not paired together, or with colours reversed are reported as
    unmatched; boards with no game as missing; boards whose games disagree, or
    disagree with a result the tournament already records, as conflicts. Duplicate
    games of one board (a board broadcast twice) are fine when they agree; a
    finished game outranks an unfinished copy of itself.
    """
    from swissbridge.history import played_pairing

    r = round_no if round_no is not None else tournament.completed_rounds
    if r < 1:
        raise InputError("the tournament has no paired round to match the feed with")
    pairing = pairing if pairing is not None else played_pairing(tournament, r)
    directory = _Directory(tournament)
    position: dict[int, tuple[int, Colour]] = {}
    for i, b in enumerate(pairing.boards, 1):
        position[b.white] = (i, Colour.WHITE)
        position[b.black] = (i, Colour.BLACK)
    found: dict[int, list[PgnGame]] = {}
    unmatched: list[UnmatchedGame] = []
    bye_games: list[PgnGame] = []
    for game in _games(source):
        try:
            game_round = game.round_number()
        except InputError as exc:
            unmatched.append(UnmatchedGame(game, exc.message))
            continue
        if game_round is not None and game_round != r:
            unmatched.append(UnmatchedGame(game, f"its Round tag says round {game_round}, not {r}"))
            continue
        who: list[_Who] = []
        for colour, name in ((Colour.WHITE, game.white), (Colour.BLACK, game.black)):
            who.append(_Who(0) if _is_bye(name) else directory.find(name, game.fide_id(colour)))
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
    for i, board in enumerate(pairing.boards, 1):
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


def _recorded(tournament: Tournament, round_no: int, board: Board) -> str | None:
    try:
        entry = tournament.player(board.white).entry(round_no)
    except KeyError:
        return None
    if entry is None or entry.opponent != board.black:
        return None
    return _ENTRY_RESULT.get(entry.result)


def apply_feed(tournament: Tournament, feed: RoundFeed) -> Tournament:
    """The tournament with the feed's finished, undisputed results written into its round."""
    entries = feed.entries()
    if not entries:
        return tournament
    return tournament.with_round(feed.round_no, entries)


# -- pairing PGN ---------------------------------------------------------------------------------


def _round_date(tournament: Tournament, round_no: int) -> str:
    """The round's date in PGN form from the TRF 132 record (``YY/MM/DD`` in the
    round's columns), else the start date (042), else ``????.??.??``."""
    headers = dict(tournament.headers)
    dates = headers.get("132", "")
    start = 87 + 10 * (round_no - 1)
    cell = dates[start : start + 10].strip() if len(dates) > start else ""
    for text in (cell, headers.get("042", "").strip()):
        d = _pgn_date(text)
        if d:
            return d
    return "????.??.??"


def _pgn_date(text: str) -> str:
    parts = [p for p in re.split(r"[/.\-]", text) if p]
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return ""
    if len(parts[0]) == 4:
        y, m, d = parts
    elif len(parts[2]) == 4:
        d, m, y = parts
    else:
        y, m, d = "20" + parts[0], parts[1], parts[2]
    return f"{y}.{m.zfill(2)}.{d.zfill(2)}"


def _site(tournament: Tournament) -> str:
    headers = dict(tournament.headers)
    return " ".join(x for x in (headers.get("022", "").strip(), headers.get("032", "").strip()) if x) or "?"


def _side_tags(game: chess.pgn.Game, colour: str, player: Player | None) -> None:
    if player is None:
        game.headers[colour] = "BYE"
        return
    game.headers[colour] = player.name
    if player.rating:
        game.headers[f"{colour}Elo"] = str(player.rating)
    if player.title:
        game.headers[f"{colour}Title"] = player.title
    if player.fide_id.strip("0"):
        game.headers[f"{colour}FideId"] = player.fide_id


def _board_game(
    tournament: Tournament, site: str, date: str, round_label: str, white: Player, black: Player | None, result: str
) -> str:
    """One board as a PGN game without moves (``black`` ``None``: the bye)."""
    game = chess.pgn.Game()
    game.headers["Event"] = tournament.name or "?"
    game.headers["Site"] = site
    game.headers["Date"] = date
    game.headers["Round"] = round_label
    _side_tags(game, "White", white)
    _side_tags(game, "Black", black)
    game.headers["Result"] = result
    exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=False)
    return game.accept(exporter)


def write_pairing_pgn(tournament: Tournament, pairing: RoundPairing) -> str:
    """The round's pairing as PGN: one game per board with empty movetext and
    ``Result "*"``, tags Event, Site, Date, Round ``"R.B"``, White, Black and, when
    known, WhiteElo/BlackElo, WhiteTitle/BlackTitle, WhiteFideId/BlackFideId; the
    pairing-allocated bye last, as a game against ``"BYE"``. Players not paired
    (half-point byes, absences) have no game."""
    players = {p.start_no: p for p in tournament.players}
    date = _round_date(tournament, pairing.round_no)
    site = _site(tournament)
    out: list[str] = []
    rows: list[tuple[int, int | None]] = [(b.white, b.black) for b in pairing.boards]
    if pairing.bye is not None:
        rows.append((pairing.bye, None))
    for i, (white, black) in enumerate(rows, 1):
        for n in (white, black):
            if n is not None and n not in players:
                raise InputError(f"round {pairing.round_no}: board {i} names start number {n}, not a player")
        opponent = players[black] if black is not None else None
        out.append(_board_game(tournament, site, date, f"{pairing.round_no}.{i}", players[white], opponent, "*"))
    return "\n\n".join(out) + "\n" if out else ""


def read_pairing_pgn(
    source: str | os.PathLike[str] | bytes | Iterable[PgnGame],
    tournament: Tournament,
    round_no: int | None = None,
) -> RoundPairing:
    """A pairing read back from a pairing PGN: each game's players identified by FIDE
    id or name (an unknown player is an error at that game), the game against
    ``BYE`` as the pairing-allocated bye, boards in ``Round "R.B"`` order."""
    directory = _Directory(tournament)
    games = _games(source)
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
            raise game.error(f"game of round {gr} in the pairing of round {round_no}")
        sides: list[int | None] = []
        for colour in (Colour.WHITE, Colour.BLACK):
            n = directory.side(game, colour)
            if n is not None:
                if n in seen:
                    raise game.error(f"player {n} is also paired at {seen[n].where}")
                seen[n] = game
            sides.append(n)
        w, b = sides
        if w is None and b is None:
            raise game.error("both sides are a bye")
        if w is None or b is None:
            if bye is not None:
                raise game.error(f"a second bye (player {bye} already has it)")
            bye = w if w is not None else b
            continue
        boards.append((gb if gb is not None else 10**6, game.index, Board(w, b)))
    boards.sort(key=lambda x: (x[0], x[1]))
    return RoundPairing(round_no=r_no, boards=tuple(b for _, _, b in boards), bye=bye)


# -- a tournament from PGN alone -----------------------------------------------------------------

_TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


def initial_order(players: Iterable[Player]) -> list[Player]:
    """The initial ranking list of C.04.2 Art. 2.2: by rating (strength), then FIDE
    title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then alphabetically."""

    def key(p: Player) -> tuple[int, int, str]:
        title = p.title.upper()
        rank = _TITLE_ORDER.index(title) if title in _TITLE_ORDER else len(_TITLE_ORDER)
        return (-p.rating, rank, unicodedata.normalize("NFKD", p.name).casefold())

    return sorted(players, key=key)


@dataclass
class _Seen:
    """A player as the PGN tags describe them."""

    key: str
    name: str
    fide_id: str = ""
    rating: int = 0
    title: str = ""
    first_round: int = 10**6


def _side(game: PgnGame, colour: Colour) -> tuple[str, str, int, str]:
    prefix = "White" if colour is Colour.WHITE else "Black"
    elo = game.tag(f"{prefix}Elo")
    rating = 0
    if elo.isascii() and elo.isdigit():
        what = f"a rating in the {prefix}Elo tag"
        rating = bounded_int(elo, what, maximum=MAX_RATING, path=game.path, line=game.line)
    return (
        game.tag(prefix),
        game.fide_id(colour),
        rating,
        game.tag(f"{prefix}Title").upper() if game.tag(f"{prefix}Title") not in ("-", "?") else "",
    )


def tournament_from_pgn(
    sources: Sequence[str | os.PathLike[str] | bytes] | str | os.PathLike[str],
    *,
    players: Tournament | None = None,
    total_rounds: int | None = None,
) -> Tournament:
    """A tournament from PGN files alone, or results from PGN merged into a player list.

    Players are identified by FIDE id, else by normalised name. Without a player
    list they are numbered by the initial ranking of C.04.2 Art. 2.2 (rating from
    the first round they appear in). With ``players``, every game must name players
    of that list (an unknown player is an error at the game). Each game's ``Round``
    tag gives its round; a game against ``BYE`` is the pairing-allocated bye; a
    player with no game in a round is recorded absent; a game still in progress
    (``*``) is a pending entry. A board broadcast twice is counted once; two
    different games or results for the same player in one round are an error.
    PGN does not say how many rounds the event has: ``total_rounds`` (else the
    player list's, else unknown).
    """
    if isinstance(sources, (str, os.PathLike)):
        sources = [sources]
    games: list[PgnGame] = []
    for s in sources:
        games.extend(_games(s))
    if not games:
        raise InputError("no games in the PGN input")
    if players is not None:
        directory = _Directory(players)
        base = players
    else:
        base, directory = _players_from_tags(games)
    rounds: dict[int, dict[int, tuple[Entry, PgnGame]]] = {}
    for game in games:
        r = game.round_number()
        if r is None or r < 1:
            raise game.error(f"the Round tag {game.tag('Round')!r} gives no round number")
        w, b = directory.side(game, Colour.WHITE), directory.side(game, Colour.BLACK)
        entries: dict[int, Entry] = {}
        if w is None and b is None:
            raise game.error("both sides are a bye")
        if w is None or b is None:
            entries[w if w is not None else b or 0] = Entry(Result.PAB)
        else:
            if w == b:
                raise game.error(f"player {w} plays against themselves")
            rw, rb = _RESULT_ENTRIES.get(game.result, (Result.PENDING, Result.PENDING))
            entries[w] = Entry(rw, b, Colour.WHITE)
            entries[b] = Entry(rb, w, Colour.BLACK)
        table = rounds.setdefault(r, {})
        for n, entry in entries.items():
            old = table.get(n)
            if old is None:
                table[n] = (entry, game)
                continue
            prev, prev_game = old
            if prev.opponent != entry.opponent or prev.colour is not entry.colour:
                raise game.error(f"player {n} also plays another game in round {r} (at {prev_game.where})")
            if prev.result is Result.PENDING:
                table[n] = (entry, game)
            elif entry.result is not Result.PENDING and entry.result is not prev.result:
                raise game.error(
                    f"round {r}: this game's result {game.result} disagrees with {prev_game.result} "
                    f"at {prev_game.where}"
                )
    missing = [r for r in range(1, max(rounds)) if r not in rounds and not (players and players.is_paired(r))]
    if missing:
        after = min(r for r in rounds if r > missing[0])
        first = min((g for _, g in rounds[after].values()), key=lambda g: g.line)
        raise first.error(
            f"a game of round {after}, but the PGN has no game of round {ranges(missing)}: "
            "a round without games would record every player absent; give that round's games too"
        )
    t = base.with_players(_with_rounds(base.players, rounds, keep=players is not None))
    if total_rounds is not None:
        t = replace(t, total_rounds=total_rounds)
    return t


def _with_rounds(
    players: Iterable[Player], rounds: Mapping[int, Mapping[int, tuple[Entry, PgnGame]]], *, keep: bool
) -> list[Player]:
    """The players with rounds 1 to the last of ``rounds`` written in, in one pass
    (time in proportion to players × rounds): a player without a game in a round is
    absent, or, with ``keep``, keeps the entry the player list already had for it."""
    last = max(rounds)
    out = []
    for p in players:
        entries = list(p.entries[:last]) if keep else []
        entries += [ABSENT] * (last - len(entries))
        for r, table in rounds.items():
            got = table.get(p.start_no)
            if got is not None:
                entries[r - 1] = got[0]
        out.append(replace(p, entries=tuple(entries) + p.entries[last:]))
    return out


def _players_from_tags(games: Sequence[PgnGame]) -> tuple[Tournament, _Directory]:
    seen: dict[str, _Seen] = {}
    by_name: dict[str, str] = {}

    def identity(name: str, fide_id: str) -> str:
        if fide_id:
            return "id:" + fide_id.lstrip("0")
        keys = sorted(name_keys(name))
        for k in keys:
            if k in by_name:
                return by_name[k]
        return "name:" + (keys[0] if keys else name)

    for game in sorted(games, key=lambda g: (g.round_board[0] or 0, g.index)):
        r = game.round_board[0] or 0
        for colour in (Colour.WHITE, Colour.BLACK):
            name, fid, elo, title = _side(game, colour)
            if _is_bye(name) or not name:
                continue
            key = identity(name, fid)
            s = seen.get(key)
            if s is None:
                s = seen[key] = _Seen(key, name, fid.lstrip("0"), elo, title, r)
            elif r < s.first_round:
                s.first_round, s.rating = r, elo or s.rating
            if not s.title and title:
                s.title = title
            if not s.rating and elo:
                s.rating = elo
            for k in name_keys(name):
                by_name.setdefault(k, key)
    # players seen without an id in some games and with one in others: one person
    # when the name belongs to exactly one id
    by_id_name: dict[str, set[str]] = {}
    for s in seen.values():
        if s.key.startswith("id:"):
            for k in name_keys(s.name):
                by_id_name.setdefault(k, set()).add(s.key)
    for key in [k for k in seen if k.startswith("name:")]:
        owners: set[str] = set()
        for k in name_keys(seen[key].name):
            owners |= by_id_name.get(k, set())
        if len(owners) == 1:
            del seen[key]
    drafts = [Player(start_no=0, name=s.name, rating=s.rating, title=s.title, fide_id=s.fide_id) for s in seen.values()]
    ordered = initial_order(drafts)
    numbered = tuple(replace(p, start_no=i) for i, p in enumerate(ordered, 1))
    names = _most_common([g.tag("Event") for g in games])
    t = Tournament(players=numbered, name=names)
    return t, _Directory(t)


def _most_common(values: Sequence[str]) -> str:
    """The most frequent non-empty value (the event name of most games)."""
    counts: dict[str, int] = {}
    for v in values:
        if v and v != "?":
            counts[v] = counts.get(v, 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else ""


def write_results_pgn(tournament: Tournament) -> str:
    """Every round of ``tournament`` as PGN games without moves: one game per board
    with its result (``*`` while unfinished), ``Round "R.B"`` in the board order of
    C.04.2 Art. 3.6, the pairing-allocated bye as a game against ``"BYE"``.
    :func:`tournament_from_pgn` reads it back. PGN cannot express a forfeit (it is
    written as an ordinary result) nor a requested bye or an absence (left out)."""
    players = {p.start_no: p for p in tournament.players}
    site = _site(tournament)
    out: list[str] = []
    for r in range(1, tournament.rounds_in_file + 1):
        date = _round_date(tournament, r)
        rows: list[tuple[int, int | None, str]] = []
        for w_no, b_no in board_order(tournament, r):
            entry = players[w_no].entry(r)
            result = _ENTRY_RESULT.get(entry.result, "*") if entry is not None else "*"
            rows.append((w_no, b_no, result))
        rows += [(p.start_no, None, "*") for p in tournament.players if _has_pab(p, r)]
        for i, (white, black, result) in enumerate(rows, 1):
            opponent = players[black] if black is not None else None
            out.append(_board_game(tournament, site, date, f"{r}.{i}", players[white], opponent, result))
    return "\n\n".join(out) + "\n" if out else ""


def _has_pab(player: Player, round_no: int) -> bool:
    entry = player.entry(round_no)
    return entry is not None and entry.result is Result.PAB


def lost_in_pgn(tournament: Tournament) -> list[str]:
    """What PGN cannot hold of ``tournament`` (for the conversion report)."""
    out: list[str] = []
    results = {e.result for p in tournament.players for e in p.entries}
    if results & {Result.FORFEIT_WIN, Result.FORFEIT_LOSS}:
        out.append("forfeits (written as ordinary 1-0 / 0-1 results)")
    if results & {Result.HALF_BYE, Result.FULL_BYE}:
        out.append("half- and full-point byes (left out)")
    if results & {Result.ZERO_BYE}:
        out.append("absences (left out)")
    if results & {Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED}:
        out.append("games of less than one move (written as ordinary results)")
    never = [p.start_no for p in tournament.players if not any(e.paired for e in p.entries)]
    if never:
        out.append(f"players who were never paired ({len(never)}) have no game and are lost")
    if any(p.sex or p.federation or p.birth or p.club for p in tournament.players):
        out.append("sex, federation, birth date and club of players")
    if tournament.total_rounds or tournament.initial_colour or not tournament.points.is_standard:
        out.append("the number of rounds, the initial colour and the point system")
    if tournament.acceleration or tournament.forbidden or tournament.announced_byes:
        out.append("acceleration, forbidden pairs and announced byes")
    return out
