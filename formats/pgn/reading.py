"""Reading PGN games: tags, where each game starts, and its result, as python-chess
reads them.

python-chess (``chess.pgn``) parses every game (:func:`iter_pgn`): tags, comments,
variations, NAGs, moves, the termination marker; so a game's White, Black, Result and
Round are what python-chess makes of them, and a file python-chess reads is read. It
is tolerant, and so is this reader: a malformed tag line is skipped, a game whose
movetext has no termination marker is read (both said in ``warnings``, with their
line: a file still being written looks like that; the watcher's ``--stable`` rule
waits for a file to stop changing). Around it, this module adds what python-chess
leaves to its caller:

* the bytes decoded (:func:`decode_pgn`: UTF-8 with or without BOM, UTF-16 with a
  BOM, else Latin-1, the standard's character set, said in ``warnings``);
* every line checked against a length limit before anything looks at it, long
  movetext lines cut at a space for python-chess (whose comment handling copies the
  rest of the line for every comment), so that time and memory stay linear;
* where each game starts and each of its tags stands (line and column), for messages
  (:meth:`PgnGame.error` points at the tag a problem is in);
* a warning where a tag comes again in one game's tag section: python-chess keeps the
  last value (and so reads header-only games one blank line apart, as a lichess
  broadcast export may have them, as one game: separate games each need their
  movetext, at least a termination marker);
* tag values unescaped (``\\"`` and ``\\\\``, PGN standard 8.1.1), as
  :mod:`.writing` escapes them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, cast

from swissbridge.errors import InputError
from swissbridge.formats._text import (
    MAX_ROUNDS,
    MAX_START_NO,
    bounded_int,
    bounded_value,
    decode,
    read_as,
    read_bytes,
)
from swissbridge.model import Colour, Result

if TYPE_CHECKING:
    import chess
    import chess.pgn

MAX_LINE = 1 << 20
"""Characters in one line. PGN export format keeps lines under 256 characters;
single-line movetext with clock comments stays far below this."""
MAX_TAG = 1 << 14
"""Characters in one tag line (the standard's tags are names, dates, numbers)."""

MOVETEXT_CUT = 4096
"""A movetext line longer than this is handed to python-chess in pieces cut at a space
(before the line's first ``;``, whose comment runs to the end of the line)."""

_TAG_NAME = re.compile(r"\[\s*([A-Za-z0-9][A-Za-z0-9_+#=:-]*)")
"""The name of the tag a line starts with."""
_ESCAPE = re.compile(r"\\(.)")
"""An escaped character of a tag value (``\\"``, ``\\\\``; PGN standard 8.1.1), read in one pass."""
_LINE = re.compile(r"[^\r\n]*")
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

RESULT_ENTRIES: Mapping[str, tuple[Result, Result]] = {
    "1-0": (Result.WIN, Result.LOSS),
    "0-1": (Result.LOSS, Result.WIN),
    "1/2-1/2": (Result.DRAW, Result.DRAW),
}
"""A finished game's PGN result → the entries of White and Black."""
ENTRY_RESULT: Mapping[Result, str] = {
    Result.WIN: "1-0",
    Result.WIN_UNRATED: "1-0",
    Result.FORFEIT_WIN: "1-0",
    Result.LOSS: "0-1",
    Result.LOSS_UNRATED: "0-1",
    Result.FORFEIT_LOSS: "0-1",
    Result.DRAW: "1/2-1/2",
    Result.DRAW_UNRATED: "1/2-1/2",
}
"""White's entry → the PGN result of the game."""


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
    marker: str | None = None
    """The movetext's termination marker, when there is movetext."""
    moves: bool = False
    """Whether the game has movetext (a header-only game, as broadcasts export them, has none)."""
    tag_lines: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """Where each tag's value stands (line, column; of the last occurrence, whose value
    python-chess keeps)."""

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
        line, column = self.at("Round")
        return bounded_int(text, what, minimum=1, maximum=MAX_ROUNDS, path=self.path, line=line, column=column)

    @property
    def where(self) -> str:
        place = f"{self.path}:{self.line}" if self.path else f"line {self.line}"
        return f"{place} ({self.white or '?'} - {self.black or '?'}, Round {self.tag('Round') or '?'})"

    def at(self, tag: str | None) -> tuple[int, int | None]:
        """The line and column of ``tag``'s value; the game's first line without one."""
        if tag is not None and tag in self.tag_lines:
            return self.tag_lines[tag]
        return self.line, None

    def error(self, message: str, tag: str | None = None) -> InputError:
        """An error in the game, located at ``tag``'s value when the game has that tag."""
        line, column = self.at(tag)
        return InputError(message, path=self.path, line=line, column=column)


def decode_pgn(data: bytes | str, path: str | None, warnings: list[str] | None = None) -> str:
    """UTF-8 (with or without BOM) or UTF-16 with a BOM; otherwise Latin-1, the PGN
    standard's character set, its first byte that is not UTF-8 said in ``warnings``.
    Text with NUL bytes (UTF-16 without a BOM, a binary file) is refused."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return decode(data, path=path, what="PGN file")
    at = data.find(b"\x00")
    if at >= 0:
        line_start = data.rfind(b"\n", 0, at)
        raise InputError(
            "not PGN text: NUL bytes (UTF-16 without a byte-order mark, or a binary file)",
            path=path,
            line=data.count(b"\n", 0, at) + 1,
            column=at - line_start,
        )
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        if warnings is not None:
            warnings.append(read_as(data, exc.start, "latin-1", "Latin-1 (the PGN standard's)", path=path))
        return data.decode("latin-1")


def _lines(text: str, path: str | None) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` whatever the line ends (CRLF, LF or CR), each checked
    against :data:`MAX_LINE` before it is copied out of the text."""
    pos, no, end = 0, 0, len(text)
    while pos < end:
        m = _LINE.match(text, pos)
        assert m is not None  # the pattern matches the empty string
        no += 1
        if m.end() - pos > MAX_LINE:
            raise InputError(
                f"line of {m.end() - pos:,} characters: longer than any PGN line (at most {MAX_LINE:,})",
                path=path,
                line=no,
                column=MAX_LINE + 1,
            )
        yield no, m.group()
        pos = m.end()
        pos += 2 if text.startswith("\r\n", pos) else 1


class _Source:
    """The decoded text as python-chess reads it (its ``readline``): line by line,
    each checked (:func:`_lines`, :data:`MAX_TAG`), long movetext lines cut
    (:data:`MOVETEXT_CUT`); it knows the line it is at and where each tag of the game
    stands."""

    def __init__(self, text: str, path: str | None) -> None:
        self._lines = _lines(text, path)
        self._pending: list[tuple[int, str]] = []
        self.path = path
        self.no = 0
        """The line of the last text returned."""
        self.start = 0
        """The line of the game's first tag or movetext."""
        self.last = 0
        """The line of the game's last movetext."""
        self.ending = ""
        """The game's last movetext line, for its termination marker."""
        self.malformed: list[int] = []
        """Lines of the game that start like a tag but are not one (python-chess skips them)."""
        self.crowded: list[int] = []
        """Lines of the game holding more than one tag (python-chess reads the first, its
        value running to the last ``"]``)."""
        self.tags: dict[str, tuple[int, int]] = {}
        """Where each tag's value stands (line, column), as :attr:`PgnGame.tag_lines`."""
        self.repeated: tuple[str, int, int] | None = None
        """The game's first tag that comes again: its name, first line and line again."""
        self._in_tags = True

    def next_game(self) -> None:
        self.start = self.last = 0
        self.ending = ""
        self.malformed, self.crowded = [], []
        self.tags, self.repeated = {}, None
        self._in_tags = True

    def readline(self) -> str:
        if self._pending:
            no, line = self._pending.pop(0)
        else:
            got = next(self._lines, None)
            if got is None:
                return ""
            no, line = got
        if not self.start:
            line = line.lstrip("\ufeff")  # python-chess: a byte-order mark before a game (concatenated files)
        stripped = line.strip()
        if self._in_tags and line.startswith("["):  # python-chess: a tag starts its line
            self._tag_line(no, stripped, _TAG_NAME.match(stripped))
        elif stripped and not line.startswith(("%", ";")):
            self._in_tags = False
            self.last, self.ending = no, stripped[-20:]
            self.start = self.start or no
            if len(line) > MOVETEXT_CUT:
                first, *rest = _cut(line)
                self._pending[:0] = [(no, piece) for piece in rest]
                line = first
        self.no = no
        return line + "\n"

    def _tag_line(self, no: int, line: str, name: re.Match[str] | None) -> None:
        if len(line) > MAX_TAG:
            shown = name.group(1) if name is not None else "?"
            raise InputError(
                f"tag {shown} of {len(line):,} characters: longer than a PGN tag may be (at most {MAX_TAG:,})",
                path=self.path,
                line=no,
                column=1,
            )
        self.start = self.start or no
        if name is None or _PEER_TAG.match(line) is None:
            self.malformed.append(no)
            return
        tag = name.group(1)
        if tag in self.tags and self.repeated is None:
            self.repeated = (tag, self.tags[tag][0], no)
        self.tags[tag] = (no, line.index('"') + 2)
        if '"]' in line[: line.rindex('"]')]:
            self.crowded.append(no)


_TERMINATION = re.compile(r"(?:^|\s)(1-0|0-1|1/2-1/2|\*)$")
"""A termination marker ending the movetext (seen even where python-chess stopped
reading the moves at an illegal one)."""
_PEER_TAG = re.compile(r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"([^\r]*)"\]\s*$')
"""A tag line as python-chess matches it (``chess.pgn.TAG_REGEX``): others it skips."""


def _cut(line: str) -> list[str]:
    """A long movetext line in pieces of about :data:`MOVETEXT_CUT` characters, cut at
    a space before the line's first ``;`` (the rest of the line is its comment); each
    piece after the first starts with the space, so none reads as a ``%`` escape line."""
    end = line.find(";")
    end = len(line) if end < 0 else end
    pieces: list[str] = []
    start = 0
    while end - start > MOVETEXT_CUT:
        at = line.rfind(" ", start + 1, start + MOVETEXT_CUT)
        if at <= start:
            at = line.find(" ", start + MOVETEXT_CUT, end)
            if at < 0:
                break
        pieces.append(line[start:at])
        start = at
    pieces.append(line[start:])
    return pieces


class _Read:
    """What is kept of a game python-chess read: its tags (python-chess's values: the
    last of a repeated tag) and the termination markers of its main line."""

    def __init__(self) -> None:
        self.tags: dict[str, str] = {}
        self.markers: list[str] = []


@cache
def _visitor() -> type[chess.pgn.BaseVisitor[_Read]]:
    """The python-chess visitor that fills a :class:`_Read` (``chess`` imported when a
    PGN is read). The moves are replayed only where they can decide the result: a
    Result tag of ``*`` (or none) takes the first termination marker python-chess
    finds on the main line, after its variations and any illegal move (the rest of
    whose variation it skips); a decided Result tag is the result whatever the
    moves, and replaying them costs most of the reading time."""
    import chess.pgn

    class Reader(chess.pgn.BaseVisitor[_Read]):
        def __init__(self) -> None:
            self.read = _Read()

        def visit_header(self, tagname: str, tagvalue: str) -> None:
            self.read.tags[tagname] = tagvalue

        def begin_parse_san(self, board: chess.Board, san: str) -> chess.pgn.SkipType | None:
            return None if self.read.tags.get("Result", "*") == "*" else chess.pgn.SKIP

        def visit_result(self, result: str) -> None:
            self.read.markers.append(result)

        def handle_error(self, error: Exception) -> None:
            pass  # an illegal move: python-chess skips the rest of its variation

        def result(self) -> _Read:
            return self.read

    return Reader


def _game(read: _Read, source: _Source, index: int, warnings: list[str] | None) -> PgnGame:
    """The game python-chess read, and what ``warnings`` should say of it."""
    path = source.path
    tags = {name: _ESCAPE.sub(r"\1", value) for name, value in read.tags.items()}
    where = f"{path}:{source.start}" if path else f"line {source.start}"
    notes: list[str] = []
    for no in source.malformed:
        notes.append(f'{path or "line"}:{no}: a malformed tag line, skipped: expected [Name "value"]')
    for no in source.crowded:
        notes.append(f"{path or 'line'}:{no}: several tags on one line: read as python-chess reads it, one tag")
    if source.repeated is not None:
        tag, first, again = source.repeated
        notes.append(
            f"{path or 'line'}:{again}: the tag {tag} again in the game whose tags begin at line {source.start} "
            f"(first at line {first}): read as python-chess reads it, one game with each tag's last value; "
            "separate games each need their movetext, at least a termination marker (*, 1-0, 0-1, 1/2-1/2)"
        )
    raw = tags.get("Result", "*").strip()
    result = _RESULTS.get(raw.replace(" ", ""))
    if result is None:
        notes.append(f"{where}: unknown result {raw[:40]!r}: the game is read as unfinished (*)")
        result = "*"
    ending = _TERMINATION.search(source.ending)
    marker = ending.group(1) if ending else read.markers[0] if read.markers else None
    if result == "*" and read.markers:
        result = read.markers[0]  # python-chess: a Result of * takes the (first) termination marker
    elif result != "*" and marker not in (None, "*", result):
        notes.append(f"{where}: the Result tag says {raw} but the movetext ends {marker}: the tag is read")
    if marker is None and source.last:
        notes.append(
            f"{path or 'line'}:{source.last}: the game's movetext ends without a termination marker "
            "(*, 1-0, 0-1, 1/2-1/2): read as it stands; the file may still be being written"
        )
    if warnings is not None:
        warnings.extend(notes)
    return PgnGame(
        headers=tags,
        line=source.start,
        index=index,
        result=result,
        path=path,
        marker=marker,
        moves=bool(source.last),
        tag_lines=dict(source.tags),
    )


def iter_pgn(data: bytes | str, *, path: str | None = None, warnings: list[str] | None = None) -> Iterator[PgnGame]:
    """The games of a PGN text one by one, read by python-chess (see the module's
    notes); ``warnings`` gets what was read leniently (a skipped tag line, a missing
    termination marker, an unknown result) and the decoding (:func:`decode_pgn`)."""
    import chess.pgn

    source = _Source(decode_pgn(data, path, warnings), path)
    visitor = _visitor()
    index = 0
    while True:
        source.next_game()
        read = chess.pgn.read_game(cast(TextIO, source), Visitor=visitor)  # its readline is all python-chess calls
        if read is None:
            return
        if not source.start:
            continue  # only comments or escape lines
        index += 1
        yield _game(read, source, index, warnings)


def parse_pgn(data: bytes | str, *, path: str | None = None, warnings: list[str] | None = None) -> list[PgnGame]:
    """The games of a PGN text (:func:`iter_pgn`)."""
    return list(iter_pgn(data, path=path, warnings=warnings))


def read_pgn(path: str | os.PathLike[str], *, warnings: list[str] | None = None) -> list[PgnGame]:
    """The games of a PGN file (``warnings``: see :func:`decode_pgn`)."""
    p = os.fspath(path)
    return parse_pgn(read_bytes(p), path=p, warnings=warnings)


def games_in(
    source: str | os.PathLike[str] | bytes | Iterable[PgnGame], *, warnings: list[str] | None = None
) -> list[PgnGame]:
    """The games of a PGN file, of every ``.pgn`` file of a folder, of PGN bytes, or
    games already read (``warnings``: see :func:`decode_pgn`)."""
    if isinstance(source, bytes):
        return parse_pgn(source, warnings=warnings)
    if isinstance(source, (str, os.PathLike)):
        p = Path(source)
        if p.is_dir():
            out: list[PgnGame] = []
            for f in sorted(p.glob("*.pgn")) + sorted(p.glob("*.PGN")):
                out.extend(read_pgn(f, warnings=warnings))
            return out
        return read_pgn(p, warnings=warnings)
    return list(source)
