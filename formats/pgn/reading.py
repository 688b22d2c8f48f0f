"""Reading PGN games: tags, where each game starts, and its result.

The reader is a single pass over the text (:func:`iter_pgn` yields one game at a
time): time and memory are linear in the input with a small constant (a 20 MB
file needs a few times 20 MB), and every line is checked against a length limit
before anything else looks at it, so an absurd tag or line is refused with its
location instead of exhausting memory. Moves are not replayed: the pairing tools
need the tags, the result and the movetext's termination marker (a missing one
means a truncated file), never the positions.

python-chess's own reader is not used for untrusted text: it silently drops a
malformed tag (a truncated file would go unnoticed), merges header-only games
separated by one blank line (lichess exports), and its comment handling copies
the rest of the line for every comment (quadratic on one long line).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

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

MAX_LINE = 1 << 20
"""Characters in one line. PGN export format keeps lines under 256 characters;
single-line movetext with clock comments stays far below this."""
MAX_TAG = 1 << 14
"""Characters in one tag line (the standard's tags are names, dates, numbers)."""

_TAG = re.compile(r'^\[\s*([A-Za-z0-9_+#=:-]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
"""One tag; matched only on lines of at most :data:`MAX_TAG` characters (the
group repetition costs memory per character)."""
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
_TERMINATION = re.compile(r"(?:^|\s)(1-0|0-1|1/2-1/2|\*)\s*$")

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


class _Game:
    """The game being read: its tags so far and its movetext."""

    def __init__(self, start: int) -> None:
        self.start = start
        self.tags: dict[str, str] = {}
        self.result_line = start
        self.movetext: list[str] = []
        self.last_line = start


def _tag(game: _Game, no: int, raw: str, path: str | None) -> None:
    line = raw.strip()
    column = raw.index("[") + 1
    if len(line) > MAX_TAG:
        name = line[1:40].split(None, 1)[0] if line[1:40].split() else "?"
        raise InputError(
            f"tag {name} of {len(line):,} characters: longer than a PGN tag may be (at most {MAX_TAG:,})",
            path=path,
            line=no,
            column=column,
        )
    m = _TAG.match(line)
    if m is None:
        raise InputError(
            f'malformed tag {line[:40]!r}: expected [Name "value"] (truncated file?)', path=path, line=no, column=column
        )
    game.tags[m.group(1)] = _ESCAPE.sub(r"\1", m.group(2))
    if m.group(1) == "Result":
        game.result_line = no


def _finish(game: _Game, index: int, path: str | None) -> PgnGame:
    marker: str | None = None
    if game.movetext:
        body = re.sub(r"\{[^}]*\}", " ", " ".join(game.movetext))
        body = re.sub(r";[^\n]*", " ", body)
        m = _TERMINATION.search(body)
        if m is None:
            raise InputError(
                "the game's movetext ends without a termination marker (*, 1-0, 0-1, 1/2-1/2): "
                "the file is truncated or still being written",
                path=path,
                line=game.last_line,
            )
        marker = m.group(1)
    raw_result = game.tags.get("Result", "*").strip()
    result = _RESULTS.get(raw_result.replace(" ", ""))
    if result is None:
        raise InputError(
            f"unknown result {raw_result[:40]!r}: expected 1-0, 0-1, 1/2-1/2 or *",
            path=path,
            line=game.result_line,
            column=1,
        )
    if result == "*" and marker not in (None, "*"):
        result = marker
    return PgnGame(headers=game.tags, line=game.start, index=index, result=result, path=path, marker=marker)


def iter_pgn(data: bytes | str, *, path: str | None = None, warnings: list[str] | None = None) -> Iterator[PgnGame]:
    """The games of a PGN text one by one, each checked: well-formed tags, a known
    result, and a termination marker after any movetext.

    A tag line starts a new game unless it continues the tags of the current one,
    so header-only games separated by a blank line (lichess exports) are told
    apart; brace comments spanning lines are respected; ``%`` escape lines
    (PGN standard 6) are skipped; ``warnings``: see :func:`decode_pgn`."""
    state = "between"  # between games, in the tags, after the tags, in the movetext
    depth = 0  # brace comment depth in the movetext
    game: _Game | None = None
    index = 0
    for no, raw in _lines(decode_pgn(data, path, warnings), path):
        line = raw.strip()
        if depth == 0 and line.startswith("[") and not line.startswith("[%"):
            if state != "tags" or game is None:
                if game is not None:
                    index += 1
                    yield _finish(game, index, path)
                game, state = _Game(no), "tags"
            _tag(game, no, raw, path)
            continue
        if depth == 0 and line.startswith("%"):
            continue
        if not line:
            if state == "tags":
                state = "after_tags"
            elif state == "movetext" and depth == 0:
                state = "between"
            continue
        if game is None:
            raise InputError(f'expected a tag such as [Event "..."], found {line[:40]!r}', path=path, line=no, column=1)
        state = "movetext"
        game.movetext.append(line)
        game.last_line = no
        depth = max(0, depth + line.count("{") - line.count("}"))
    if game is not None:
        yield _finish(game, index + 1, path)


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
