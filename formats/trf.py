"""FIDE Tournament Report File (TRF16 and TRF-2026) reader and writer.

Reading accepts both FIDE dialects and the pairing-engine extensions of JaVaFo
(``XXR XXC XXZ XXS XXA XXP``) and bbpPairings (``BBW BBD BBL BBZ BBF BBU``), plus the
quirks of the programs that write TRF in the wild: CR, LF, CRLF or mixed line ends;
UTF-8 (with or without BOM) or Windows-1252; tabs; ``###`` and ``#`` comments;
Swiss-Manager column rulers and legends without ``###``; byes written with a blank
or ``   0`` opponent; titles packed against the sex field and single-letter titles;
paired rounds whose result is still blank; rating ``0000``; player lines out of
order, short or padded with spaces; names padded to 33 *bytes* instead of 33
characters.

Which round is being paired and what counts as an absence follow the reference
engine (``Tournament.completed_rounds``): the completed rounds run up to the last
round in which anybody was paired; entries further right are byes or absences
already entered for the round to be paired.

The number of rounds comes from ``XXR`` or record 142 (both must agree); a file
with neither keeps ``total_rounds`` None and callers decide (for a finished file,
the rounds in the file). The initial colour comes from record 152 or ``XXC``,
else it is inferred from the earliest round with colours (dutch-reference §1.4).
In team files (records 013/310) records 240/250/260 concern teams and are kept
verbatim, and the players' points column is not checked.

Every problem is an :class:`~swissbridge.errors.InputError` that names the file,
line and column and what was expected, or the players and the round when two lines
contradict each other.

Writing is canonical: a file this module wrote is read and written back byte for
byte. The source's line ending and record order (``Tournament.layout``) are kept,
so a file that was already canonical is reproduced exactly. The points column
keeps the stated points while they agree with the results, else it is recomputed
(a blank points column is filled in). ``trf26`` writes the
TRF-2026 records (142, 152, 162, 240, 250, 260) together with the ``XXR``/``XXC``
lines every engine reads (TRF-2026 §7.7 advice: write both round-count lines);
``trf16`` writes the engine extensions instead (``XXR XXC XXS XXA XXP``) and puts
the byes announced for the round to be paired into the round's column; what TRF16 has
no form for (the round ranges of 260, the 240 records) stays as the TRF-2026 records
TRF16 readers skip, and a reader of both forms takes each pair for one statement
(:meth:`_Reader.said_twice`; docs/formats.md). The record order is one, whatever path
the tournament took (:func:`_record_order`), and each record has one form per dialect
(240 not XXZ, 250 not XXA in TRF-2026), so TRF-2026 → TRF16 → TRF-2026 gives the same
bytes.

Size: one module per format (reader and writer of the same records, so that a
record's layout is written once); the readers of the records are one method each,
dispatched by the table ``_RECORDS``.
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from swissbridge.atomic import NotRegular, read_regular
from swissbridge.errors import InputError, OutputError
from swissbridge.formats._text import (
    MAX_RATING,
    MAX_ROUNDS,
    MAX_START_NO,
    bounded_int,
    bounded_value,
    read_as,
    refuse_control,
    undecodable,
    utf16_without_mark,
)
from swissbridge.model import (
    OPPOSITE_RESULT,
    RARE_GAMES,
    Acceleration,
    AnnouncedBye,
    BoardList,
    ByeKind,
    Colour,
    Entry,
    ForbiddenPairs,
    ForfeitedMatch,
    LineUp,
    Player,
    Points,
    PointSystem,
    Result,
    Team,
    TeamAcceleration,
    TeamPoints,
    TeamSetup,
    Tournament,
    control_character,
    format_points,
    games_per_round,
    is_team_event,
    parse_points,
)
from swissbridge.rules.history import infer_initial_colour

__all__ = [
    "DIALECTS",
    "MAX_MEMBERS",
    "allowed_points",
    "canonical_acceleration",
    "line_310",
    "parse_trf",
    "read_trf",
    "write_trf",
]

DIALECTS = ("trf16", "trf26")

_CODES: dict[str, Result] = {r.value: r for r in Result if r is not Result.PENDING}
_EOL = re.compile(r"\r\n|\r|\n")
_POINTS_PAIR = r"([A-Za-z])\s*([+-]?\d+(?:[.,]\d*)?)"
"""A symbol and its points in record 162 (compiled by ``re`` when one is read)."""

_SHORT_TITLES = {
    "G": "GM",
    "M": "IM",
    "F": "FM",
    "C": "CM",
    "WG": "WGM",
    "WM": "WIM",
    "WF": "WFM",
    "WC": "WCM",
}
"""Single-letter titles of older German programs (``g`` GM, ``m`` IM, ``f`` FM, ``wf`` WFM)."""

BOARDS_RECORD = "BRD"
"""swissbridge's extension record: the boards of a paired round as printed, one line a
round, ``BRD RRR  N:W-B  N:W-B …`` (the round in columns 5-7, then each board's number,
White's and Black's start numbers; docs/event.md). TRF-2026 has no record for board
numbers; a three-letter code other programs skip (TRF-2026 tells readers not to refuse
an unknown one; bbpPairings and JaVaFo ignore lines they do not know), written in
TRF-2026 files only (TRF16 is what engines and FIDE's rating server read)."""

_TEAM_RECORDS = frozenset({"013", "300", "310", "320", "330", "352", "362"})
"""Records that describe the teams of a team event and how their matches score."""
_KNOWN_NUMERIC = frozenset({"001", "013", "240", "250", "260", "299", "300", "310", "320", "330", "801", "802"})
_BB_CODES = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")

# Where the records written from the model go (:func:`_record_order`): the name
# first; the header groups among the verbatim header records by record code (the
# points system, 162 or XXS/BB*, where 162 goes); the player lines where the source
# had them; then the groups that follow the players.
_HEADER_GROUPS = (("142", 142), ("152", 152), ("POINTS", 162), ("192", 192))
_TAIL_GROUPS = ("BYES", "ACCEL", "FORBID", "BOARDS", "XXR", "XXC")


# ---------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------


def team_setup_of(tournament: Tournament, *, path: str | None = None) -> TeamSetup | None:
    """The teams of a team event whose TRF team records are kept verbatim in its headers
    (a model from JSON, which keeps them so); ``None`` for an individual event."""
    if not tournament.team_event:
        return None
    r = _Reader(path, [])
    for code, value in tournament.headers:
        if code in _TEAM_RECORDS:
            r.team_records.append((code, value, 0))
        elif code in ("240", "250", "260"):
            r.team_lines.append((code, value, 0))
        elif code == "299":
            r.abnormal.append((value, 0))
    return r.team_setup(dict.fromkeys((p.start_no for p in tournament.players), 0))


def read_trf(path: str | os.PathLike[str], *, warnings: list[str] | None = None) -> Tournament:
    """Read a TRF16 or TRF-2026 file (``warnings``: see :func:`parse_trf`)."""
    name = os.fspath(path)
    try:
        data = read_regular(path)
    except NotRegular as exc:
        raise InputError(exc.reason, path=name) from None
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}", path=name) from None
    return parse_trf(data, path=name, warnings=warnings)


def parse_trf(data: bytes | str, path: str | None = None, *, warnings: list[str] | None = None) -> Tournament:
    """Parse the text of a TRF16 or TRF-2026 file (bytes are decoded as UTF-8, else
    Windows-1252); ``path`` names the file in error messages; ``warnings`` receives
    where the file was not UTF-8, when it was read as Windows-1252."""
    return _Reader(path, warnings).read(data)


_UTF8_SEQUENCE = rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"
"""A well-formed multi-byte UTF-8 character (rare in Windows-1252 text: an accented
capital followed by a symbol); compiled by ``re`` when a file is not UTF-8."""


def _decode(data: bytes | str, path: str | None, warnings: list[str] | None = None) -> str:
    """UTF-8 with or without BOM, or UTF-16 with its BOM (UTF-16 without one is refused,
    naming it); anything else that is not valid UTF-8 is read as Windows-1252
    (Latin-1 with the printable 0x80-0x9F characters of Windows programs). A byte that is
    neither (one of the five Windows-1252 leaves undefined, which Latin-1 would read as
    an invisible control character in a name) is refused, in hex, at its line and column.
    A DOS end-of-file mark (Ctrl-Z) at the end is dropped.

    A file that is UTF-8 except for some bytes (names written by one program, a line
    added by another) is refused at its first invalid byte: read as Windows-1252 its
    UTF-8 characters would become two or three characters each and shift every
    fixed column after them.

    The first byte that is not UTF-8 is said in ``warnings`` (its line, column and
    what Windows-1252 reads it as): a stray byte in a UTF-8 file is seen, not read
    silently as a letter."""
    if isinstance(data, str):
        text = data[1:] if data.startswith("\ufeff") else data
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = data.decode("utf-16").removeprefix("\ufeff")
        except UnicodeDecodeError as exc:
            raise undecodable(data, exc.start, ["UTF-16"], path=path, what="TRF file") from None
    elif utf16_without_mark(data):
        raise InputError(
            "the file is UTF-16 without a byte-order mark (a NUL at every other byte): "
            "save it as UTF-8 (or as UTF-16 with its byte-order mark)",
            path=path,
            line=1,
            column=1,
        )
    else:
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            utf8 = re.search(_UTF8_SEQUENCE, data)
            if utf8 is not None:
                raise _mixed_encoding(data, exc.start, utf8.start(), path) from None
            try:
                text = data.decode("cp1252")
            except UnicodeDecodeError as second:  # 0x81 0x8D 0x8F 0x90 0x9D: Latin-1 control characters, no text
                raise undecodable(data, second.start, ["UTF-8", "Windows-1252"], path=path, what="TRF file") from None
            if warnings is not None:
                warnings.append(read_as(data, exc.start, "cp1252", "Windows-1252 (Latin-1)", path=path))
    return text.rstrip("\x1a")


def _mixed_encoding(data: bytes, bad: int, good: int, path: str | None) -> InputError:
    """The error for a file mixing UTF-8 (at byte ``good``) with another encoding (at byte ``bad``)."""

    def where(at: int) -> tuple[int, int, str]:
        start = max(data.rfind(b"\n", 0, at), data.rfind(b"\r", 0, at)) + 1
        before = data[start:at].decode("utf-8", "replace")
        end = len(data) if (nl := data.find(b"\n", at)) < 0 else nl
        line = data.count(b"\n", 0, at) + 1 if b"\n" in data[:at] else data.count(b"\r", 0, at) + 1
        return line, len(before) + 1, data[start:end].decode("utf-8", "replace").rstrip("\r")

    line, column, _ = where(bad)
    good_line, _, text = where(good)
    sample = text.strip()[:40].rstrip()
    return InputError(
        f"byte 0x{data[bad]:02X} is not UTF-8, but line {good_line} is UTF-8 ({sample!r}): the file mixes two "
        "encodings. Tried UTF-8 (fails at this byte) and Windows-1252/Latin-1 (would turn every UTF-8 letter into "
        "two characters and shift the columns); save the file again in one encoding (UTF-8)",
        path=path,
        line=line,
        column=column,
    )


def _byte_columns(line: str) -> str:
    """The line re-indexed by UTF-8 bytes: each multi-byte character is followed by
    NUL fillers, so that column numbers count bytes (for files padded by bytes)."""
    return "".join(c + "\0" * (len(c.encode("utf-8")) - 1) if ord(c) > 127 else c for c in line)


def _aligned(s: str) -> bool:
    """Does a 001 line have its fixed fields where TRF puts them? (Used to tell a
    name padded by characters from one padded by bytes.)"""
    for col in (9, 14, 48, 53, 57, 69, 80, 85, 90, 91):
        if len(s) >= col and s[col - 1] != " ":
            return False
    rating = s[48:52].strip()
    if rating and not rating.isdigit():
        return False
    pts = s[80:84].strip()
    if pts and not re.fullmatch(r"-?\d*[.,]?\d*", pts):
        return False
    pos = 91
    while pos < len(s):
        cell = s[pos : pos + 10]
        if (len(cell) > 4 and cell[4] != " ") or (len(cell) > 6 and cell[6] != " ") or cell[8:].strip():
            return False
        pos += 10
    return True


_CELL_CACHE: dict[str, Entry] = {}
"""Round cells already parsed (the same few thousand cells recur in every file)."""


@dataclass
class _PlayerLine:
    """A player line as read, and where it is (for messages about it)."""

    player: Player
    line: int
    cells: list[int] = field(default_factory=list)
    """Column of each round cell, for error messages."""


class _Reader:
    """One pass over the lines, then the cross-line checks."""

    def __init__(self, path: str | None, warnings: list[str] | None = None) -> None:
        self.path = path
        self.warnings = warnings
        self.players: list[_PlayerLine] = []
        self.headers: list[tuple[str, str]] = []
        self.layout: list[str] = []
        self.name = ""
        self.system = ""
        self.total_rounds: int | None = None
        self.total_line: tuple[int, str] | None = None
        self.initial_colour: Colour | None = None
        self.points: dict[str, Points] = {}
        self.pab_explicit = False
        self.byes: list[tuple[AnnouncedBye, int]] = []
        self.absent_next: list[tuple[list[int], int]] = []
        self.acceleration: list[tuple[str, int, int, int, int, Points, int]] = []
        self.forbidden: list[tuple[ForbiddenPairs, int]] = []
        self.team_file = False
        self.team_lines: list[tuple[str, str, int]] = []
        self.team_records: list[tuple[str, str, int]] = []
        self.team_places: list[int] = []
        self.xxc_rank: tuple[int, int] | None = None
        self.abnormal: list[tuple[str, int]] = []
        self.board_lists: list[tuple[BoardList, int]] = []

    def error(self, message: str, line: int | None = None, column: int | None = None) -> InputError:
        if not line:  # a record kept verbatim in a model (team_setup_of) has no line
            line = column = None
        return InputError(message, path=self.path, line=line, column=column)

    # -- pass 1: lines ----------------------------------------------------------
    def read(self, data: bytes | str) -> Tournament:
        text = _decode(data, self.path, self.warnings)
        ending = _EOL.search(text)
        line_ending = ending.group() if ending else "\n"
        lines = _EOL.split(text)
        if lines and lines[-1] == "":
            lines.pop()
        for no, raw in enumerate(lines, 1):
            self.line(raw, no)
        return refuse_control(self.finish(line_ending), path=self.path, text=text)

    def line(self, raw: str, no: int) -> None:
        if not raw.strip() or raw.startswith("#") or raw[0] in " \t":
            return  # blank line, ### or # comment, Swiss-Manager ruler
        code = raw[:3]
        if raw[:3].isdigit() and raw.strip().isdigit() and raw.startswith("123456789"):
            return  # column ruler "1234567890123..."
        if len(code) == 3 and code.isalpha() and code.isupper() and len(set(code)) == 1:
            return  # Swiss-Manager legend line "DDD SSSS sTTT NNNN..."
        if len(code) == 3 and raw[3:4] not in ("", " ", "\t"):
            raise self.error(f"expected a record code of three characters and a blank, found {raw[:4]!r}", no, 1)
        value = raw[4:] if len(raw) > 3 else ""
        record = _RECORDS.get(code)
        if record is not None:
            self.layout.append(code)
            record(self, code, raw, value, no)
        elif code.isdigit() and code not in _KNOWN_NUMERIC and not code.endswith("2"):
            raise self.error(
                f"unknown record code {code!r}: expected 001 (player), a header code ending in 2, "
                "or one of 013 240 250 260 299 300 310 320 330 801 802",
                no,
                1,
            )
        else:
            # Other header records (022 city, 092 type, 132 round dates, ...), 299,
            # team records, national rating records (a federation code), vendor lines.
            if code == "299":
                self.abnormal.append((value, no))
            if code in _TEAM_RECORDS:
                self.team_records.append((code, value, no))
            self.layout.append("")
            self.headers.append((code, value))

    # -- one method per record code (see _RECORDS) --------------------------------
    def _player_record(self, code: str, raw: str, value: str, no: int) -> None:
        self.players.append(self.player(raw, no))

    def _name_record(self, code: str, raw: str, value: str, no: int) -> None:
        self.name = value.strip()

    def _rounds_record(self, code: str, raw: str, value: str, no: int) -> None:
        self.set_total(self.integer(value, no, 5, "the number of rounds"), no, code)

    def _colour_record(self, code: str, raw: str, value: str, no: int) -> None:
        c = value.strip().upper()
        if c not in ("W", "B"):
            raise self.error(f"expected the initial colour W or B in column 5, found {value.strip()!r}", no, 5)
        self.initial_colour = Colour.WHITE if c == "W" else Colour.BLACK

    def _xxc_record(self, code: str, raw: str, value: str, no: int) -> None:
        self.xxc(value, no)

    def _points_record(self, code: str, raw: str, value: str, no: int) -> None:
        self.record_162(value, no)

    def _xxs_record(self, code: str, raw: str, value: str, no: int) -> None:
        self.xxs(value, no)

    def _bb_record(self, code: str, raw: str, value: str, no: int) -> None:
        self.bb(code, value, no)

    def _system_record(self, code: str, raw: str, value: str, no: int) -> None:
        self.system = value.strip()

    def _team_or_player_record(self, code: str, raw: str, value: str, no: int) -> None:
        # Team files use 240/250/260 for teams; they are kept verbatim (see finish()),
        # where they stand among the other verbatim records.
        self.team_lines.append((code, value, no))
        self.team_places.append(len(self.headers))

    def _boards_record(self, code: str, raw: str, value: str, no: int) -> None:
        """``BRD RRR  N:W-B …`` (:data:`BOARDS_RECORD`)."""
        r = self.integer(value[:3], no, 5, "the round number in columns 5-7 of a BRD line")
        if r < 1:
            raise self.error("expected the round number (from 1) in columns 5-7 of a BRD line", no, 5)
        self.round_limit(r, no, 5, "a BRD line")
        if any(b.round_no == r for b, _ in self.board_lists):
            raise self.error(f"a second BRD line for round {r}", no, 5)
        games: list[tuple[int, int, int]] = []
        for m in re.finditer(r"\S+", value[3:]):
            board = _BOARD.fullmatch(m.group())
            if board is None:
                raise self.error(
                    f"expected a board as NUMBER:WHITE-BLACK (12:7-31), found {m.group()!r}", no, 8 + m.start()
                )
            n, w, b = (int(board.group(i)) for i in (1, 2, 3))
            if not (0 < n <= MAX_START_NO and 0 < w <= MAX_START_NO and 0 < b <= MAX_START_NO):
                raise self.error(f"board {m.group()!r}: numbers from 1 to {MAX_START_NO}", no, 8 + m.start())
            games.append((n, w, b))
        self.board_lists.append((BoardList(r, tuple(games)), no))

    def _xxz_record(self, code: str, raw: str, value: str, no: int) -> None:
        self.absent_next.append((self.numbers(value, no, 5, "start numbers"), no))

    def _xxp_record(self, code: str, raw: str, value: str, no: int) -> None:
        ids = self.numbers(value, no, 5, "start numbers")
        if len(ids) < 2:
            raise self.error("expected at least two start numbers in an XXP line", no, 5)
        self.forbidden.append((ForbiddenPairs(tuple(ids)), no))

    def _xxa_record(self, code: str, raw: str, value: str, no: int) -> None:
        self.xxa(raw, no)

    def integer(self, value: str, no: int, column: int, what: str) -> int:
        """A number of rounds (0-999) starting in ``column``."""
        return bounded_int(value, what, maximum=MAX_ROUNDS, path=self.path, line=no, column=column)

    def numbers(self, value: str, no: int, column: int, what: str) -> list[int]:
        """Start numbers separated by blanks (each 1-9999)."""
        return [
            bounded_int(
                m.group(), what, minimum=1, maximum=MAX_START_NO, path=self.path, line=no, column=column + m.start()
            )
            for m in re.finditer(r"\S+", value)
        ]

    def round_limit(self, r: int, no: int, column: int, what: str) -> None:
        """Round ``r`` of a line is beyond the rounds any tournament has: refused
        where it starts rather than read into per-round tables."""
        if r > MAX_ROUNDS:
            raise self.error(f"{what} for round {r}: a tournament has at most {MAX_ROUNDS} rounds", no, column)

    def set_total(self, n: int, no: int, code: str) -> None:
        if self.total_line is not None and self.total_rounds != n:
            raise self.error(
                f"{code} says {n} rounds but {self.total_line[1]} on line {self.total_line[0]} "
                f"says {self.total_rounds}",
                no,
                5,
            )
        self.total_rounds = n
        self.total_line = (no, code)

    def xxc(self, value: str, no: int) -> None:
        for m in re.finditer(r"\S+", value):
            word = m.group().lower()
            if word == "white1":
                self.initial_colour = Colour.WHITE
            elif word == "black1":
                self.initial_colour = Colour.BLACK
            elif word == "rank":
                self.xxc_rank = (no, 5 + m.start())
            else:
                raise self.error(
                    f"expected white1, black1 or rank in the XXC line, found {m.group()!r}", no, 5 + m.start()
                )

    # -- point systems -----------------------------------------------------------
    def set_points(self, key: str, value: Points) -> None:
        self.points[key] = value

    def record_162(self, value: str, no: int) -> None:
        """Record 162: symbols W D L A P X with their points (bbp's Z = A)."""
        pairs = list(re.finditer(_POINTS_PAIR, value))
        rest = re.sub(_POINTS_PAIR, "", value).strip()
        if not pairs or rest:
            raise self.error("expected symbol and points pairs such as ' W 3.0    D 1.0' in the 162 line", no, 5)
        for m in pairs:
            symbol, amount = m.group(1).upper(), self.amount(m.group(2), no, 5 + m.start(2))
            if symbol == "W":
                for k in ("win", "forfeit_win", "full_bye"):
                    self.set_points(k, amount)
                if not self.pab_explicit:
                    self.set_points("pab", amount)
            elif symbol == "D":
                self.set_points("draw", amount)
                self.set_points("half_bye", amount)
            elif symbol == "L":
                self.set_points("loss", amount)
            elif symbol in ("A", "Z"):
                self.set_points("zero_bye", amount)
                self.set_points("forfeit_loss", amount)
            elif symbol == "P":
                self.set_points("pab", amount)
                self.pab_explicit = True
            elif symbol == "X":
                self.set_points("pending", amount)
            else:
                raise self.error(
                    f"unknown scoring symbol {symbol!r} in the 162 line (expected W D L A P X)", no, 5 + m.start(1)
                )

    def amount(self, text: str, no: int, column: int) -> Points:
        try:
            return parse_points(text)
        except ValueError:
            raise self.error(f"expected points such as 1.0 or 0.5, found {text!r}", no, column) from None

    def xxs(self, value: str, no: int) -> None:
        """JaVaFo's XXS CODE=VALUE list (W and D are shortcuts; later entries win)."""
        targets = {
            "WW": ("win", "WW"),
            "BW": ("win", "BW"),
            "WD": ("draw", "WD"),
            "BD": ("draw", "BD"),
            "WL": ("loss", "WL"),
            "BL": ("loss", "BL"),
            "ZPB": ("zero_bye",),
            "HPB": ("half_bye",),
            "FPB": ("full_bye",),
            "PAB": ("pab",),
            "FW": ("forfeit_win",),
            "FL": ("forfeit_loss",),
        }
        shortcuts = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}
        coloured: dict[str, Points] = {}
        for m in re.finditer(r"\S+", value):
            code, eq, amount_text = m.group().partition("=")
            code = code.upper()
            if not eq or (code not in targets and code not in shortcuts):
                raise self.error(
                    f"expected CODE=VALUE with a code among WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D, "
                    f"found {m.group()!r}",
                    no,
                    5 + m.start(),
                )
            amount = self.amount(amount_text, no, 5 + m.start() + len(code) + 1)
            for c in shortcuts.get(code, (code,)):
                target = targets[c]
                self.set_points(target[0], amount)
                if c == "PAB":
                    self.pab_explicit = True
                if len(target) == 2:
                    coloured[target[1]] = amount
        for white, black in (("WW", "BW"), ("WD", "BD"), ("WL", "BL")):
            if white in coloured and black in coloured and coloured[white] != coloured[black]:
                raise self.error(
                    f"XXS gives {white}={format_points(coloured[white])} but {black}={format_points(coloured[black])}: "
                    "points that depend on the colour are not supported",
                    no,
                    5,
                )

    def bb(self, code: str, value: str, no: int) -> None:
        """bbpPairings' point lines BBW BBD BBL BBZ BBF BBU."""
        amount = self.amount(value.strip(), no, 5)
        if code == "BBW":
            for k in ("win", "forfeit_win", "full_bye"):
                self.set_points(k, amount)
            if not self.pab_explicit:
                self.set_points("pab", amount)
        elif code == "BBD":
            self.set_points("draw", amount)
            self.set_points("half_bye", amount)
        elif code == "BBL":
            self.set_points("loss", amount)
        elif code == "BBZ":
            self.set_points("zero_bye", amount)
        elif code == "BBF":
            self.set_points("forfeit_loss", amount)
        else:
            self.set_points("pab", amount)
            self.pab_explicit = True

    # -- acceleration ------------------------------------------------------------
    def xxa(self, raw: str, no: int) -> None:
        """``XXA NNNN pp.p pp.p ...``: the ID in columns 5-8, round r's virtual points
        in columns 10+5(r-1) to 13+5(r-1); a blank field is only allowed at the end."""
        s = raw.rstrip().replace("\t", " ")
        ident = bounded_value(s[4:8], MAX_START_NO, 1)
        if ident is None or (len(s) > 8 and s[8] != " "):
            # Not column-aligned: read it as a list of words.
            words = list(re.finditer(r"\S+", s[3:]))
            if not words:
                raise self.error("expected the start number in columns 5-8 of the XXA line", no, 5)
            n = bounded_int(
                words[0].group(),
                "the start number of the XXA line",
                minimum=1,
                maximum=MAX_START_NO,
                path=self.path,
                line=no,
                column=4 + words[0].start(),
            )
            for r, w in enumerate(words[1:], 1):
                self.round_limit(r, no, 4 + w.start(), "XXA gives virtual points")
                self.acceleration.append(("XXA", r, r, n, n, self.amount(w.group(), no, 4 + w.start()), no))
            return
        n = ident
        pos, r = 9, 0
        while pos < len(s):
            r += 1
            self.round_limit(r, no, pos + 1, "XXA gives virtual points")
            text = s[pos : pos + 5].strip()
            if not text:
                raise self.error(
                    f"expected the virtual points of round {r} in columns {pos + 1}-{pos + 4}", no, pos + 1
                )
            self.acceleration.append(("XXA", r, r, n, n, self.amount(text, no, pos + 1), no))
            pos += 5

    def record_250(self, value: str, no: int) -> bool:
        """Record 250 (accelerated rounds); False for a team record (match points given)."""
        raw = ("250 " + value).rstrip().replace("\t", " ")
        fields = [raw[4:8], raw[9:13], raw[14:17], raw[18:21], raw[22:26], raw[27:31]]
        aligned = all(len(raw) <= c or raw[c] == " " for c in (8, 13, 17, 21, 26)) and all(
            f.strip() for f in fields[1:]
        )
        if not aligned:
            words = value.split()
            if len(words) == 5:
                words = ["", *words]
            if len(words) != 6:
                raise self.error(
                    "expected '250 MMMM GGGG RRR RRR PPPP PPPP': match points, game points, "
                    "first and last round, first and last player",
                    no,
                    5,
                )
            fields = words
        mp = fields[0].strip()
        if mp and self.amount(mp, no, 5) != 0:
            return False
        amount = self.amount(fields[1].strip(), no, 10)
        cols = (15, 19, 23, 28)
        numbers = []
        whats = ("first round", "last round", "first player", "last player")
        for text, col, what in zip(fields[2:], cols, whats, strict=True):
            maximum = MAX_ROUNDS if what.endswith("round") else MAX_START_NO
            numbers.append(
                bounded_int(text, f"the {what} in the 250 line", maximum=maximum, path=self.path, line=no, column=col)
            )
        r1, r2, p1, p2 = numbers
        if r1 > r2 or p1 > p2 or r1 == 0 or p1 == 0:
            raise self.error(
                "expected first round <= last round and first player <= last player in the 250 line", no, 15
            )
        self.acceleration.append(("250", r1, r2, p1, p2, amount, no))
        return True

    def record_240(self, value: str, no: int) -> bool:
        """Record 240 (byes known in advance): type F/H/Z, round, start numbers."""
        words = value.replace("\t", " ").split()
        if len(words) < 2 or words[0].upper() not in ("F", "H", "Z"):
            raise self.error("expected '240 T RRR ID ID ...' with the bye type F, H or Z in column 5", no, 5)
        round_no = bounded_int(
            words[1],
            "the round number in columns 7-9 of the 240 line",
            minimum=1,
            maximum=MAX_ROUNDS,
            path=self.path,
            line=no,
            column=7,
        )
        ids = self.numbers(" ".join(words[2:]), no, 11, "start numbers")
        self.byes.append((AnnouncedBye(ByeKind(words[0].upper()), round_no, tuple(ids)), no))
        return True

    def record_260(self, value: str, no: int) -> bool:
        """Record 260 (prohibited pairings): first round, last round, start numbers."""
        words = value.replace("\t", " ").split()
        if len(words) < 4:
            raise self.error(
                "expected '260 RRR RRR ID ID ...': first round, last round and at least two players", no, 5
            )
        first, last = (
            bounded_int(
                words[i], f"the {which} round of the 260 line", maximum=MAX_ROUNDS, path=self.path, line=no, column=col
            )
            for i, which, col in ((0, "first", 5), (1, "last", 9))
        )
        ids = self.numbers(" ".join(words[2:]), no, 13, "start numbers")
        self.forbidden.append((ForbiddenPairs(tuple(ids), first, last), no))
        return True

    # -- player lines ------------------------------------------------------------
    def player(self, raw: str, no: int) -> _PlayerLine:
        """A 001 line (columns as in TRF16/TRF-2026 §3)."""
        s = raw.rstrip().expandtabs(8)
        if not s.isascii() and not _aligned(s):
            b = _byte_columns(s)
            if _aligned(b):
                s = b  # the name was padded to 33 bytes, not 33 characters

        packed = "\0" in s

        def fld(a: int, b: int) -> str:
            return s[a - 1 : b].replace("\0", "") if packed else s[a - 1 : b]

        start = fld(5, 8).strip()
        start_no = bounded_value(start, MAX_START_NO, 1)
        if start_no is None:
            raise self.error(f"expected the starting rank (1-9999) in columns 5-8, found {start!r}", no, 5)
        sex, title = fld(10, 10).strip(), fld(11, 13).strip()
        if sex and sex.lower() not in ("m", "w", "f"):
            sex, title = "", fld(10, 13).strip()  # a title starting in the sex column
            if len(title) > 3:
                raise self.error(f"expected the sex (m, w or blank) in column 10, found {fld(10, 10)!r}", no, 10)
        title = _SHORT_TITLES.get(title.upper(), title)
        rating_text = fld(49, 52).strip()
        rating = bounded_value(rating_text, MAX_RATING) if rating_text else 0
        if rating is None:
            raise self.error(f"expected the rating (digits or blank) in columns 49-52, found {rating_text!r}", no, 49)
        points_text = fld(81, 84).strip()
        stated: Points | None = None
        if points_text:
            try:
                stated = parse_points(points_text)
            except ValueError:
                raise self.error(
                    f"expected the points (such as 2.5) in columns 81-84, found {points_text!r}", no, 81
                ) from None
        rank_text = fld(86, 89).strip()
        rank = bounded_value(rank_text, MAX_START_NO) if rank_text else None
        if rank_text and rank is None:
            raise self.error(f"expected the rank (a number or blank) in columns 86-89, found {rank_text!r}", no, 86)
        if s[89:91].strip():
            raise self.error("expected blanks in columns 90-91 before the first round", no, 90)
        entries: list[Entry] = []
        cells: list[int] = []
        pos = 91
        while pos < len(s):  # s is right-stripped: every cell left holds something
            if len(entries) == MAX_ROUNDS:
                self.round_limit(MAX_ROUNDS + 1, no, pos + 1, f"player {start_no} has an entry")
            cells.append(pos + 1)
            text = s[pos : pos + 10]
            entry = _CELL_CACHE.get(text)
            if entry is None:
                entry = self.cell(s, pos, no, len(entries) + 1)
                if len(_CELL_CACHE) > 50_000:
                    _CELL_CACHE.clear()
                _CELL_CACHE[text] = entry
            entries.append(entry)
            pos += 10
        player = Player(
            start_no=start_no,
            name=fld(15, 47).strip(),
            entries=tuple(entries),
            sex=sex,
            title=title,
            rating=rating,
            federation=fld(54, 56).strip(),
            fide_id=fld(58, 68).strip(),
            birth=fld(70, 79).strip(),
            stated_points=stated,
            rank=rank,
        )
        return _PlayerLine(player, no, cells)

    def cell(self, s: str, pos: int, no: int, round_no: int) -> Entry:
        """One round cell: opponent in columns 92-95, colour in 97, result in 99 (+10 per round)."""
        col = pos + 1
        cell = s[pos : pos + 10].ljust(10)
        for k in (4, 6, 8, 9):
            if cell[k] != " ":
                raise self.error(
                    f"round {round_no}: expected a blank in column {col + k} "
                    f"(the round's cell is opponent {col}-{col + 3}, colour {col + 5}, result {col + 7})",
                    no,
                    col + k,
                )
        opp_text = cell[:4].strip()
        opponent = bounded_value(opp_text, MAX_START_NO) if opp_text else 0
        if opponent is None:
            raise self.error(
                f"round {round_no}: expected the opponent's starting rank or 0000 in columns {col}-{col + 3}, "
                f"found {opp_text!r}",
                no,
                col,
            )
        c = cell[5]
        colour: Colour | None
        if c in "wW":
            colour = Colour.WHITE
        elif c in "bB":
            colour = Colour.BLACK
        elif c in " -":
            colour = None
        else:
            raise self.error(
                f"round {round_no}: expected the colour w, b or - in column {col + 5}, found {c!r}", no, col + 5
            )
        code = cell[7]
        if code == " ":
            if opponent:
                return Entry(Result.PENDING, opponent, colour)  # paired, result not entered yet
            return Entry(Result.ZERO_BYE)  # blank cell: not paired
        result = _CODES.get(code.upper())
        if result is None:
            raise self.error(
                f"round {round_no}: unknown result code {code!r} in column {col + 7} "
                "(expected one of 1 = 0 + - W D L H F U Z, or blank)",
                no,
                col + 7,
            )
        if not opponent:
            return Entry(result)
        if result.is_bye:
            raise self.error(
                f"round {round_no}: a bye ({code}) has no opponent: expected 0000 in columns {col}-{col + 3}",
                no,
                col,
            )
        if result.played and colour is None:
            raise self.error(
                f"round {round_no}: a game played against {opponent} needs the colour w or b in column {col + 5}",
                no,
                col + 5,
            )
        return Entry(result, opponent, colour)

    # -- pass 2: the whole file ---------------------------------------------------
    def finish(self, line_ending: str) -> Tournament:
        self.check_numbers()
        numbers = [pl.player.start_no for pl in self.players]
        if self.xxc_rank is not None and numbers != sorted(numbers):
            # JaVaFo's XXC rank: pairing order = order of the 001 lines. The model pairs
            # by start number, so this is only accepted when both orders agree.
            raise self.error(
                "XXC rank (pairing order taken from the order of the 001 lines) is only supported "
                "when the lines are in start-number order; renumber the players in pairing order",
                *self.xxc_rank,
            )
        self.team_file = is_team_event(self.system, self.headers, numbers)
        teams = self.team_setup({pl.player.start_no: pl.line for pl in self.players}) if self.team_file else None
        if self.team_file:
            for (code, value, _), place in reversed(list(zip(self.team_lines, self.team_places, strict=True))):
                self.headers.insert(place, (code, value))
        for code, value, no in self.team_lines:
            if self.team_file:
                continue
            if code == "240":
                self.record_240(value, no)
            elif code == "260":
                self.record_260(value, no)
            elif not self.record_250(value, no):
                self.headers.append((code, value))
        layout = self.verbatim_layout()
        if not self.team_file:
            self.apply_299()
        players = tuple(sorted((pl.player for pl in self.players), key=lambda p: p.start_no))
        lines = {pl.player.start_no: pl for pl in self.players}
        self.check_opponents(lines)
        t = Tournament(
            players=players,
            name=self.name,
            total_rounds=self.total_rounds,
            initial_colour=self.initial_colour,
            points=PointSystem(**self.points),
            system=self.system,
            headers=tuple(self.headers),
            layout=layout,
            line_ending=line_ending,
            teams=teams,
        )
        completed = t.completed_rounds
        self.check_total(t, lines)
        for bye, no in self.byes:
            self.check_ids(bye.players, lines, no, "240")
        for ids, no in self.absent_next:
            self.check_ids(ids, lines, no, "XXZ")
            self.byes.append((AnnouncedBye(ByeKind.ZERO, completed + 1, tuple(ids)), no))
        byes = [b for b, _ in sorted(self.byes, key=lambda b: b[1])]
        for group, no in self.forbidden:
            self.check_ids(group.players, lines, no, "XXP" if group.first_round is None else "260")
        t = replace(
            t,
            initial_colour=self.initial_colour or infer_initial_colour(t),
            acceleration=self.accelerations(players),
            announced_byes=tuple(byes),
        )
        t = self.said_twice(t, completed)
        if not self.team_file:
            self.check_points(t, lines, completed)
        for boards, no in self.board_lists:
            problem = t.board_list_problem(boards)
            if problem is not None:
                raise self.error(
                    f"the BRD line does not list the games the players' lines give: {problem} "
                    "(the round was changed by hand or by another program: delete the line, and the boards "
                    "are numbered from the scores before the round)",
                    no,
                    1,
                )
        if self.board_lists:
            t = replace(t, board_lists=tuple(sorted((b for b, _ in self.board_lists), key=lambda b: b.round_no)))
        return t

    def said_twice(self, t: Tournament, completed: int) -> Tournament:
        """One statement, not two, where a file says a thing of the round to be paired
        in both dialects, as :func:`write_trf`'s ``trf16`` does (and as TRF-2026 §7.7
        advises for the round count: 142 and XXR): a bye both as a 240 and in the round's
        column (the column entry is dropped and the points column read without it, as a
        column bye is counted there), and a 260 that applies to that round followed by an
        XXP of the same players (the XXP, the engines' form, is dropped; one XXP per 260,
        the first after it, else the last before it). Sets ``forbidden``."""
        r = completed + 1
        forbidden = sorted(self.forbidden, key=lambda g: g[1])
        for group, no in [f for f in forbidden if f[0].first_round is not None and f[0].applies(r)]:
            echoes = [f for f in forbidden if f[0].first_round is None and f[0].players == group.players]
            later = [f for f in echoes if f[1] > no]
            if echoes:
                forbidden.remove(later[0] if later else echoes[-1])
        announced = t.announced(r)
        players = []
        for p in t.players:
            kind = announced.get(p.start_no)
            if kind is not None and len(p.entries) == r and p.entries[-1] == Entry(kind.result):
                q = replace(p, entries=p.entries[:-1])
                bye = t.points.points(kind.result)
                if p.stated_points is not None and p.stated_points - bye in allowed_points(t, q, completed):
                    q = replace(q, stated_points=p.stated_points - bye)
                p = q
            players.append(p)
        return replace(t, players=tuple(players), forbidden=tuple(g for g, _ in forbidden))

    def team_setup(self, players: Mapping[int, int]) -> TeamSetup | None:
        """The teams of a team event and how its matches score (C.04.6): records 310 (or
        TRF16's 013), 320, 330, 352, 362, and the team forms of 240, 250, 260 and 299.
        ``None`` when the file has no team records (a team system named by 192 alone).
        ``players``: each player's start number with the line of its 001 record (0 when
        not from a file), kept for a player no team lists (:attr:`TeamSetup.unlisted`).
        The players and teams the records name are checked when the event is paired
        (:class:`~swissbridge.rules.teams.TeamEvent`): a file is read whatever they say."""
        teams: list[Team] = []
        legacy: list[Team] = []  # TRF16's 013, which 310 replaces when a file has both
        lines_310: list[int] = []
        lines_013: list[int] = []
        setup: dict[str, object] = {}
        for code, value, no in self.team_records:
            if code == "310":
                teams.append(self.record_310(value, no, set(players)))
                lines_310.append(no)
            elif code == "013":
                members = self.numbers(value[32:], no, 37, "start numbers of the team's members")
                legacy.append(Team(len(legacy) + 1, value[:32].strip(), tuple(members)))
                lines_013.append(no)
            elif code == "362":
                setup["match_points"] = self.record_362(value, no)
            elif code == "352":
                setup["board_colours"] = self.record_352(value, no)
            elif code == "320":
                setup.update(zip(("pab_match", "pab_game", "pab_teams"), self.record_320(value, no), strict=True))
        # where each team's record is, and the column of its first member (310: 74, 013: 37)
        where, first_column = (lines_310, 74) if teams else (lines_013, 37)
        teams = teams or legacy
        if not teams:
            return None
        given: dict[int, int] = {}
        for t, no in zip(teams, where, strict=True):
            if t.number in given:
                raise self.error(
                    f"team pairing number {t.number} is given twice: by the team record (310) of line "
                    f"{given[t.number]} and by this one",
                    no,
                    5,
                )
            given[t.number] = no
        seen: dict[int, int] = {}
        for t, no in zip(teams, where, strict=True):
            for k, m in enumerate(t.members):
                if m in seen:
                    raise self.error(
                        f"player {m} is a member of teams {seen[m]} and {t.number}: a player plays for one team",
                        no,
                        first_column + 5 * k,
                    )
                seen[m] = t.number

        forfeits = [self.record_330(v, no) for c, v, no in self.team_records if c == "330"]
        lineups: dict[tuple[int, int], LineUp] = {}
        numbers, listed = {t.number for t in teams}, set(seen)
        for c, v, no in self.team_records:
            if c == "300":
                lineup = self.record_300(v, no, numbers, set(players), seen)
                if (lineup.team, lineup.round_no) in lineups:
                    raise self.error(
                        f"record 300: a second line-up of team {lineup.team} in round {lineup.round_no}", no, 9
                    )
                lineups[lineup.team, lineup.round_no] = lineup
        # a player a line-up fields whom no 310 record lists (a substitute) plays for that team
        substitutes: dict[int, list[int]] = {}
        for lineup in lineups.values():
            for p in lineup.players:
                if p and p not in listed and p not in substitutes.get(lineup.team, []):
                    substitutes.setdefault(lineup.team, []).append(p)
        teams = [replace(t, members=(*t.members, *substitutes.get(t.number, ()))) for t in teams]
        in_team = {m for t in teams for m in t.members}
        byes, forbidden, acceleration = [], [], []
        for code, value, no in self.team_lines:
            if code == "240":
                self.record_240(value, no)
                byes.append(self.byes.pop()[0])
            elif code == "260":
                self.record_260(value, no)
                forbidden.append(self.forbidden.pop()[0])
            else:
                acceleration.append(self.team_250(value, no))
        adjustments = [self.team_299(value, no) for value, no in self.abnormal]
        return TeamSetup(
            teams=tuple(sorted(teams, key=lambda t: t.number)),
            forfeits=tuple(forfeits),
            byes=tuple(byes),
            forbidden=tuple(forbidden),
            acceleration=tuple(acceleration),
            adjustments=tuple(adjustments),
            lineups=tuple(lineups.values()),
            unlisted=tuple((n, no) for n, no in players.items() if n not in in_team),
            **setup,  # type: ignore[arg-type]
        )

    def record_310(self, value: str, no: int, players: set[int]) -> Team:
        """``310 TTT NAME… NICKN STRENG MMMMMM GGGGGG RRR  PPPP PPPP …``: the team pairing
        number in columns 5-7, the name in 9-40, the nickname in 42-46, the members'
        start numbers from column 74, one every five columns (columns counted in
        characters, so a name in UTF-8 does not shift them)."""
        number = bounded_int(
            value[:3].strip(),
            "the team pairing number in columns 5-7",
            minimum=1,
            maximum=999,
            path=self.path,
            line=no,
            column=5,
        )
        members = self.numbers(value[69:], no, 74, "start numbers of the team's members")
        for m in members:
            if m not in players:
                raise self.error(f"team {number} lists player {m}, but there is no player {m}", no, 74)
        return Team(number, value[4:36].strip(), tuple(members), value[37:42].strip())

    def record_362(self, value: str, no: int) -> tuple[Points, Points, Points]:
        """``362 TW  2.0   TD  1.0   TL  0.0``: the match points of a match won, drawn and
        lost (symbols TW, TD, TL, each followed by its points; a symbol left out keeps
        its default 2-1-0)."""
        values = {"TW": 20, "TD": 10, "TL": 0}
        words = value.split()
        if len(words) % 2 or not words:
            raise self.error("expected '362 TW 2.0 TD 1.0 TL 0.0': each symbol followed by its points", no, 5)
        for symbol, text in zip(words[::2], words[1::2], strict=True):
            if symbol.upper() not in values:
                raise self.error(f"record 362: expected the symbol TW, TD or TL, found {symbol!r}", no, 5)
            values[symbol.upper()] = self.amount(text, no, 5 + value.find(text))
        return values["TW"], values["TD"], values["TL"]

    def record_352(self, value: str, no: int) -> str:
        """``352 WBWB``: the colours of the first-named team on boards 1, 2, …"""
        text = value.strip().upper()
        if not text or set(text) - {"W", "B"}:
            raise self.error(f"record 352: expected the board colours as W and B (e.g. WBWB), found {text!r}", no, 5)
        return text

    def record_320(self, value: str, no: int) -> tuple[Points, Points, tuple[int, ...]]:
        """``320 MMMM GGGG TTT TTT …``: the match and game points of the PAB (columns 5-8,
        10-13), then the PAB team of each round (``000``: none), one every four columns."""
        words = value.split()
        if len(words) < 2:
            raise self.error("expected '320 MMMM GGGG TTT …': the PAB's match points and game points", no, 5)
        match, game = self.amount(words[0], no, 5), self.amount(words[1], no, 10)
        rounds = [
            bounded_int(w, "a team pairing number", maximum=999, path=self.path, line=no, column=15) for w in words[2:]
        ]
        return match, game, tuple(rounds)

    def record_300(self, value: str, no: int, teams: set[int], players: set[int], team_of: dict[int, int]) -> LineUp:
        """``300 RRR TTT OOO PPPP PPPP …``: the line-up of a team playing out of record 310's
        order (or with a board unoccupied): the round (columns 5-7), the team (9-11), its
        scheduled opponent (13-15), then its players on boards 1, 2, … (from column 17,
        one every five columns; ``0000``: the board unoccupied). A player is a member of
        the team, or a substitute no 310 record lists (``team_of``, the player's team,
        learns it: a substitute plays for one team only)."""
        words = [(5 + m.start(), m.group()) for m in re.finditer(r"\S+", value)]
        if len(words) < 4:
            raise self.error(
                "expected '300 RRR TTT OOO PPPP PPPP …': the round, the team, its scheduled opponent "
                "and its players board by board",
                no,
                5,
            )
        (c_round, w_round), (c_team, w_team), (c_opp, w_opp) = words[:3]
        round_no = bounded_int(
            w_round, "the round", minimum=1, maximum=MAX_ROUNDS, path=self.path, line=no, column=c_round
        )
        team, opponent = (
            bounded_int(w, what, minimum=1, maximum=999, path=self.path, line=no, column=col)
            for w, what, col in (
                (w_team, "the team pairing number", c_team),
                (w_opp, "the opponent's team pairing number", c_opp),
            )
        )
        if team not in teams:
            raise self.error(
                f"record 300 names team {team}, but there is no team {team} (no 310 record gives it)", no, c_team
            )
        if opponent not in teams or opponent == team:
            raise self.error(f"record 300: team {team}'s scheduled opponent {opponent} is not another team", no, c_opp)
        fielded: list[int] = []
        for col, word in words[3:]:
            p = bounded_int(
                word, "a player's start number or 0000", maximum=MAX_START_NO, path=self.path, line=no, column=col
            )
            if p and p not in players:
                raise self.error(f"record 300 names player {p}, but there is no player {p}", no, col)
            if p and team_of.setdefault(p, team) != team:
                raise self.error(f"record 300: player {p} plays for team {team_of[p]}, not team {team}", no, col)
            if p and p in fielded:
                raise self.error(f"record 300: player {p} is on two boards of team {team}", no, col)
            fielded.append(p)
        return LineUp(round_no, team, opponent, tuple(fielded))

    def record_330(self, value: str, no: int) -> ForfeitedMatch:
        """``330 TT RRR WWW BBB``: the forfeit (``+-`` White won, ``-+`` Black won, ``--``
        both lost), the round, the White and the Black team."""
        words = value.split()
        if len(words) != 4 or words[0] not in ("+-", "-+", "--"):
            raise self.error("expected '330 TT RRR WWW BBB' with the forfeit +-, -+ or -- in columns 5-6", no, 5)
        whats = ("the round", "the White team", "the Black team")
        r, white, black = (
            bounded_int(w, what, minimum=1, maximum=999, path=self.path, line=no, column=col)
            for w, what, col in zip(words[1:], whats, (8, 12, 16), strict=True)
        )
        return ForfeitedMatch(r, white, black, words[0])

    def team_250(self, value: str, no: int) -> TeamAcceleration:
        """Record 250 of a team event: virtual match points (columns 5-8) and game points
        (10-13, blank: none), rounds 15-17 to 19-21, teams 23-26 to 28-31."""
        words = value.split()
        fields = [value[0:4], value[5:9], *value[10:].split()] if len(words) < 6 else words
        if len(fields) != 6:
            raise self.error("expected '250 MMMM GGGG RRR RRR TTTT TTTT' for teams", no, 5)
        match = self.amount(fields[0].strip() or "0", no, 5)
        game = self.amount(fields[1].strip() or "0", no, 10)
        r1, r2, t1, t2 = (
            bounded_int(w, what, minimum=1, maximum=999, path=self.path, line=no, column=col)
            for w, what, col in zip(
                fields[2:],
                ("the first round", "the last round", "the first team", "the last team"),
                (15, 19, 23, 28),
                strict=True,
            )
        )
        return TeamAcceleration(match, game, r1, r2, t1, t2)

    def team_299(self, value: str, no: int) -> TeamPoints:
        """Record 299 of a team event: the type in column 5 (blank: a bonus or penalty), match
        points in columns 8-11 and game points in 14-17 (blank: left alone), the round in
        20-22 (blank or 000: every round), then the teams from column 24 (none: every team)."""
        kind = value[:1].strip()
        if kind and kind not in "WDLFHZ+-":
            raise self.error(
                f"record 299: expected the type W D L F H Z + - or blank in column 5, found {kind!r}", no, 5
            )
        amounts: list[Points | None] = []
        for start, col in ((3, 8), (9, 14)):
            text = value[start : start + 5].strip()
            amounts.append(self.amount(text, no, col) if text else None)
        round_text = value[15:18].strip() or "0"
        round_no = bounded_int(round_text, "the round", maximum=MAX_ROUNDS, path=self.path, line=no, column=20)
        teams = self.numbers(value[19:], no, 24, "team pairing numbers")
        return TeamPoints(kind, amounts[0], amounts[1], round_no, tuple(teams))

    def apply_299(self) -> None:
        """TRF-2026 record 299, abnormal points assignment: ``299 T MMMM GGGG RRR IIII …``,
        type in column 5, match points 8-11, game (individual) points 14-17, signed
        (``-0.5``), round 20-22 (``000``: every round), then player IDs at 24-27,
        29-32, … In an individual event, a record of blank type (a penalty or a
        bonus) adds its points to each player's score in that round; the line is
        also kept verbatim for rewriting. A typed record (W D L F H Z + -) restates
        what a game or bye scored, which the player's line already says."""
        by_number = {pl.player.start_no: pl for pl in self.players}
        for value, no in self.abnormal:
            kind = value[:1]
            if kind.strip():
                continue
            text = value[9:13].strip()
            try:
                amount = parse_points(text)
            except ValueError:
                raise self.error(
                    f"record 299: expected points like 1.0 or -0.5 in columns 14-17, found {text!r}", no, 14
                ) from None
            round_text = value[15:18].strip() or "0"
            round_no = bounded_int(round_text, "the round", maximum=MAX_ROUNDS, path=self.path, line=no, column=20)
            ids = self.numbers(value[19:], no, 24, "player IDs")
            if not ids:
                raise self.error("record 299: expected the IDs of the players from column 24", no, 24)
            for n in ids:
                pl = by_number.get(n)
                if pl is None:
                    raise self.error(f"record 299 names player {n}, but there is no player {n}", no, 24)
                pl.player = replace(pl.player, adjustments=(*pl.player.adjustments, (round_no, amount)))

    def verbatim_layout(self) -> tuple[str, ...]:
        """Team 240/250/260 records kept verbatim take the '' token of a header."""
        if not self.team_file:
            return tuple(self.layout)
        return tuple("" if code in ("240", "250", "260") else code for code in self.layout)

    def check_numbers(self) -> None:
        """At least one player; distinct start numbers running from 1 without gaps."""
        if not self.players:
            raise self.error("no player records: a tournament file needs at least one 001 line")
        seen: dict[int, int] = {}
        for pl in self.players:
            n = pl.player.start_no
            if n in seen:
                raise self.error(f"duplicate starting rank {n} (already used on line {seen[n]})", pl.line, 5)
            seen[n] = pl.line
        expected = 1
        for n in sorted(seen):
            if n != expected:
                missing = expected if n - expected == 1 else f"{expected}-{n - 1}"
                raise self.error(
                    f"starting ranks must run from 1 without gaps: {missing} missing before player {n}",
                    seen[n],
                    5,
                )
            expected += 1

    def check_ids(self, ids: Iterable[int], lines: dict[int, _PlayerLine], no: int, code: str) -> None:
        for n in ids:
            if n not in lines:
                raise self.error(f"{code} names start number {n}, but there is no player {n}", no, 5)

    def check_opponents(self, lines: dict[int, _PlayerLine]) -> None:
        """Both lines of a pairing agree (:func:`pairing_disagreement`), or the file is
        refused at the cell of the first line that disagrees."""
        found = pairing_disagreement(
            {n: pl.player for n, pl in lines.items()},
            lambda n: f"player {n} (line {lines[n].line})",
            two_games=games_per_round(self.system) > 1,
        )
        if found is not None:
            n, r, offset, message = found
            raise self.error(message, lines[n].line, lines[n].cells[r - 1] + offset)

    def check_total(self, t: Tournament, lines: dict[int, _PlayerLine]) -> None:
        """No entry, announced bye or restriction beyond the tournament's rounds."""
        total = t.total_rounds
        if total is None:
            return
        for n in sorted(lines):
            pl = lines[n]
            if len(pl.player.entries) > total:
                r = total + 1
                raise self.error(
                    f"round {r} is beyond the {total} rounds of the tournament (player {n} has an entry for it)",
                    pl.line,
                    pl.cells[r - 1],
                )
        for bye, no in self.byes:
            if bye.round_no > total:
                raise self.error(f"240 announces a bye for round {bye.round_no} of a {total}-round tournament", no, 7)

    def accelerations(self, players: Sequence[Player]) -> tuple[Acceleration, ...]:
        """250 and XXA records as canonical non-overlapping rectangles (a later record
        overrides an earlier one where they overlap, as with record 250)."""
        numbers = {p.start_no for p in players}
        virtual: dict[tuple[int, int], Points] = {}
        for code, r1, r2, p1, p2, amount, no in sorted(self.acceleration, key=lambda a: a[6]):
            for p in range(p1, p2 + 1):
                if p not in numbers:
                    if code == "XXA":
                        raise self.error(f"XXA names start number {p}, but there is no player {p}", no, 5)
                    continue
                for r in range(r1, r2 + 1):
                    virtual[(p, r)] = amount
        return canonical_acceleration({k: v for k, v in virtual.items() if v})

    def check_points(self, t: Tournament, lines: dict[int, _PlayerLine], completed: int) -> None:
        """The points column agrees with the results (dutch-reference §2.2)."""
        open_round = _open_round(t, completed)
        for p in t.players:
            if p.stated_points is None:
                continue
            allowed = allowed_points(t, p, completed, open_round)
            if p.stated_points not in allowed:
                score = p.score(t.points, completed)
                extra = sorted(a for a in allowed if a != score)
                also = (
                    f" (or {', '.join(format_points(a) for a in extra)} with the round to be paired)" if extra else ""
                )
                raise self.error(
                    f"player {p.start_no} ({p.name or 'no name'}): the points column says "
                    f"{format_points(p.stated_points)} but the results of rounds 1-{completed} give "
                    f"{format_points(score)}{also}",
                    lines[p.start_no].line,
                    81,
                )


_Record = Callable[[_Reader, str, str, str, int], None]
_BOARD = re.compile(r"(\d{1,5}):(\d{1,5})-(\d{1,5})")

_RECORDS: dict[str, _Record] = {
    "001": _Reader._player_record,
    "012": _Reader._name_record,
    "142": _Reader._rounds_record,
    "XXR": _Reader._rounds_record,
    "152": _Reader._colour_record,
    "XXC": _Reader._xxc_record,
    "162": _Reader._points_record,
    "XXS": _Reader._xxs_record,
    **dict.fromkeys(_BB_CODES, _Reader._bb_record),
    "192": _Reader._system_record,
    "240": _Reader._team_or_player_record,
    "250": _Reader._team_or_player_record,
    "260": _Reader._team_or_player_record,
    "XXZ": _Reader._xxz_record,
    "XXP": _Reader._xxp_record,
    "XXA": _Reader._xxa_record,
    BOARDS_RECORD: _Reader._boards_record,
}
"""The records the reader interprets, by code; any other line is kept as a header
(or refused, for an unknown numeric code)."""


def pairing_disagreement(
    players: Mapping[int, Player], label: Callable[[int], str], *, two_games: bool = False
) -> tuple[int, int, int, str] | None:
    """The first pairing on which the players' entries disagree, as ``(start number,
    round, offset in the round's TRF cell, message)`` (``None`` when all agree): both
    entries of a pairing name each other in the same round, with opposite colours,
    mirrored results (a double forfeit is ``-`` on both sides; with ``two_games``, an
    event of two-game matches, also the rare ½-0, 0-½ and 0-0 of C.04.5's Preface), never
    a player paired against themselves or with someone not in the tournament. The invariants every
    reader's model keeps, whatever its format (the TRF reader locates them at a line's
    cell, :func:`~swissbridge.formats.boundary.validated` for the others);
    ``label(n)`` names player ``n`` in the message."""
    for n, p in players.items():
        for r, e in enumerate(p.entries, 1):
            if e.opponent is None:
                continue
            o = e.opponent
            if o == n:
                return n, r, 0, f"round {r}: player {n} is paired against themselves"
            other = players.get(o)
            if other is None:
                return n, r, 0, f"round {r}: player {n}'s opponent {o} is not in the file"
            f = other.entry(r)
            where = f"round {r}: {label(n)} and {label(o)}"
            if f is None or f.opponent != n:
                if f is None:
                    shown = "nothing"
                elif f.opponent is not None:
                    shown = f"opponent {f.opponent}"
                else:
                    shown = f"'{_cell_text(f).strip()}'"
                return n, r, 0, f"{where} disagree: {n} is paired with {o}, but {o}'s line shows {shown} in that round"
            if n > o:
                continue  # each pair once
            if e.colour is not None and f.colour is not None and e.colour is f.colour:
                return n, r, 5, f"{where} disagree: both lines give {n} and {o} {e.colour}"
            unfinished = Result.PENDING in (e.result, f.result)  # colours may not be entered yet
            if not unfinished and ((e.played and f.colour is None) or (f.played and e.colour is None)):
                return n, r, 5, f"{where} disagree: a played game needs a colour on both lines"
            mirrored = OPPOSITE_RESULT.get(e.result)
            double_forfeit = e.result is f.result is Result.FORFEIT_LOSS
            rare = two_games and (e.result, f.result) in RARE_GAMES
            if f.result is not mirrored and not double_forfeit and not rare:
                return (
                    n,
                    r,
                    7,
                    (
                        f"{where} disagree on the result: {n} has '{_code(e.result)}' but {o} has '{_code(f.result)}' "
                        f"(expected '{_code(mirrored) if mirrored else '?'}')"
                    ),
                )
    return None


def header_refusal(code: str, value: str, *, team: bool) -> str | None:
    """Why ``(code, value)`` cannot be a header record kept verbatim (``None`` when it
    can): the TRF code grammar as :meth:`_Reader.line` reads it. A header is written
    back as ``CODE VALUE`` and must read back as the same header, never as a record of
    the model's own (a player, the system, a forbidden pair: those are the model's
    fields, written from them), never skipped as a comment or legend. A reader of any
    format checks its headers with this (:func:`~swissbridge.formats.boundary.validated`)."""
    if len(code) != 3 or code[0] in " \t#" or control_character(code) is not None:
        return "expected a record code of three characters, the first neither a blank nor '#'"
    if code in _RECORDS:
        if code in ("240", "250", "260") and team:
            return None  # a team event's records, kept as written
        if code == "250":
            try:
                if not _Reader(None).record_250(value, 0):
                    return None  # an individual event's 250 with match points: kept as written
            except InputError:
                pass
        return f"record {code} is read into the tournament itself, not kept as a header: give it in its own field"
    if code.isalpha() and code.isupper() and len(set(code)) == 1:
        return f"{code!r} is the start of a legend line, which readers skip"
    if code.isdigit() and code not in _KNOWN_NUMERIC and not code.endswith("2"):
        return f"unknown record code {code!r}: a numeric header code ends in 2"
    return None


def _code(result: Result) -> str:
    return " " if result is Result.PENDING else result.value


def allowed_points(
    t: Tournament, p: Player, completed: int | None = None, open_round: bool | None = None
) -> set[Points]:
    """The values a points column may hold (dutch-reference §2.2): the score of the
    completed rounds, plus the virtual points of the round to be paired and/or the
    points of the byes already entered for it; and, for a Swiss-Manager export
    whose last round is paired but not played (``open_round``), the score before
    that round. ``completed`` and ``open_round`` are computed when not given."""
    if completed is None:
        completed = t.completed_rounds
    if open_round is None:
        open_round = _open_round(t, completed)
    score = p.score(t.points, completed)
    ahead = sum(t.points.points(e.result) for e in p.entries[completed:])
    virtual = t.virtual_points(p.start_no, completed + 1)
    allowed = {score, score + ahead, score + virtual, score + ahead + virtual}
    if open_round:
        allowed.add(p.score(t.points, completed - 1))
    unfinished = sum(1 for e in p.entries[:completed] if e.result is Result.PENDING)
    if unfinished:  # a TRF-2026 writer may count a game without a result at X (= D unless given)
        x = t.points.draw if t.points.pending is None else t.points.pending
        allowed |= {a + unfinished * x for a in allowed}
    return allowed


def _open_round(t: Tournament, completed: int) -> bool:
    """Is the last completed round paired but with games not finished (blank results)?"""
    return completed > 0 and any(
        len(q.entries) >= completed and q.entries[completed - 1].result is Result.PENDING for q in t.players
    )


def canonical_acceleration(virtual: dict[tuple[int, int], Points]) -> tuple[Acceleration, ...]:
    """Virtual points by (player, round) as rectangles: consecutive start numbers with
    the same per-round values form one group, whose runs of rounds with equal points
    give one record each; ordered by first player, then first round."""
    by_player: dict[int, list[tuple[int, Points]]] = {}
    for (p, r), v in sorted(virtual.items()):
        by_player.setdefault(p, []).append((r, v))
    out: list[Acceleration] = []
    groups: list[tuple[int, int, tuple[tuple[int, Points], ...]]] = []
    for p in sorted(by_player):
        vector = tuple(by_player[p])
        if groups and groups[-1][1] == p - 1 and groups[-1][2] == vector:
            groups[-1] = (groups[-1][0], p, vector)
        else:
            groups.append((p, p, vector))
    for p1, p2, vector in groups:
        run: list[tuple[int, Points]] = []
        for r, v in [*vector, (-1, 0)]:
            if run and (r != run[-1][0] + 1 or v != run[-1][1]):
                out.append(Acceleration(run[0][1], run[0][0], run[-1][0], p1, p2))
                run = []
            run.append((r, v))
    return tuple(out)


# ---------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------


MAX_MEMBERS = 14
"""The members a TRF-2026 record 310 lists (columns 74-142): boards and reserves."""


def lineup_value(lineup: LineUp) -> str:
    """Record 300 as written (its value after the code): the round (columns 5-7), the team
    (9-11), its opponent (13-15), then its players board by board from column 17
    (``0000``: unoccupied), as :meth:`_Reader.record_300` reads it."""
    shown = "".join(f" {p:04d}" if not p else f" {p:>4}" for p in lineup.players)
    return f"{lineup.round_no:>3} {lineup.team:>3} {lineup.opponent:>3}{shown}"


def lineup_key(value: str) -> tuple[int, int] | None:
    """The round and the team of a record 300 (its value after the code), or ``None``
    when they are no numbers (the reader says why)."""
    words = value.split()
    return (int(words[0]), int(words[1])) if len(words) > 1 and words[0].isdigit() and words[1].isdigit() else None


def pab_value(match: Points, game: Points, teams: Sequence[int] = ()) -> str:
    """Record 320 as written (its value after the code): the PAB's match and game points
    (columns 5-8, 10-13), then the PAB team of each round (``0``: none), as
    :meth:`_Reader.record_320` reads it."""
    return f"{match / 10:4.1f} {game / 10:4.1f}" + "".join(f" {n:>3}" for n in teams)


def line_310(
    team: Team, players: Mapping[int, Player], boards: int, scores: tuple[Points, Points, int] | None = None
) -> str:
    """Record 310 (after its code): the TPN (columns 5-7), name (9-40), strength (48-53:
    the average rating of the rated players of the first ``boards`` members), match and
    game points and rank (55-71, once the event is played, else blank), the members from
    column 74, one every five columns."""
    rated = [players[m].rating for m in team.members[:boards] if players[m].rating]
    strength = str(round(sum(rated) / len(rated))) if rated else ""
    mp = gp = rank = ""
    if scores is not None:
        mp, gp, rank = f"{scores[0] / 10:.1f}", f"{scores[1] / 10:.1f}", str(scores[2])
    head = f"{team.number:>3} {team.name[:32]:<32} {'':<5} {strength:>6} {mp:>6} {gp:>6} {rank:>3} "
    return head + "".join(f" {m:>4}" for m in team.members)


def write_trf(t: Tournament, dialect: str = "trf26") -> str:
    """The tournament as TRF text in ``dialect`` (``"trf26"`` or ``"trf16"``)."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown TRF dialect {dialect!r} (expected trf16 or trf26)")
    numbers = [p.start_no for p in t.players]
    if numbers != list(range(1, len(numbers) + 1)):
        missing = sorted(set(range(1, max(numbers, default=0) + 1)) - set(numbers))
        shown = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
        raise OutputError(
            f"TRF numbers the players 1-{len(numbers)} without gaps, but start numbers {shown} are missing;"
            " renumber the players in the tournament program first"
        )
    trf16 = dialect == "trf16"
    completed = t.completed_rounds
    source = t
    if trf16:
        t = _byes_in_column(t, completed)
    groups: dict[str, list[str]] = {}
    if t.name:
        groups["012"] = [f"012 {t.name}"]
    if not trf16 and t.total_rounds is not None:
        groups["142"] = [f"142 {t.total_rounds}"]
    if not trf16 and t.initial_colour is not None:
        groups["152"] = [f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}"]
    groups["POINTS"] = _point_lines(t.points, trf16)
    if t.system:
        groups["192"] = [f"192 {t.system}"]
    open_round = _open_round(source, completed)
    team_file = t.team_event
    groups["001"] = [_player_line(t, p, completed, open_round, team_file) for p in t.players]
    groups["BYES"] = [
        f"240 {b.kind.value} {b.round_no:03d}" + "".join(f" {n:>4}" for n in b.players) for b in t.announced_byes
    ]
    groups["ACCEL"] = _xxa_lines(t) if trf16 else [_line_250(a) for a in t.acceleration]
    groups["FORBID"] = [line for g in t.forbidden for line in _forbid_lines(t, g, trf16, completed)]
    if not trf16:
        groups["BOARDS"] = [
            f"{BOARDS_RECORD} {b.round_no:03d} " + "".join(f" {n}:{w}-{k}" for n, w, k in b.games)
            for b in t.current_board_lists()
        ]
    if t.total_rounds is not None:
        groups["XXR"] = [f"XXR {t.total_rounds}"]
    if t.initial_colour is not None:
        groups["XXC"] = ["XXC white1" if t.initial_colour is Colour.WHITE else "XXC black1"]

    out: list[str] = []
    for tok in _record_order(t):
        out.extend(groups.get(tok, ()) if isinstance(tok, str) else [tok[0] + (f" {tok[1]}" if tok[1] else "")])
    eol = t.line_ending
    return eol.join(out) + eol


def _record_order(t: Tournament) -> list[str | tuple[str, str]]:
    """The order of the records written: one canonical order whatever path the
    tournament took (TRF-2026, TRF16, another format), so that a file converted to
    TRF16 and back is the same file. Only the verbatim records and the player block
    keep the source's order (``Tournament.layout``); the records written from the
    model go where :data:`_HEADER_GROUPS` and :data:`_TAIL_GROUPS` say: ``012``
    first, then each header group before the first verbatim header record (one before
    the players) of a higher code, the players, the verbatim records after them, then
    the byes, accelerations, forbidden pairs, board numbers, ``XXR`` and ``XXC``. A group is a name
    (``str``); a verbatim record is its ``(code, value)``."""
    verbatim = list(t.headers)
    if t.layout:
        slots = [tok for tok in t.layout if tok in ("", "001")]
        at = slots.index("001") if "001" in slots else len(slots)
        spare = max(0, len(verbatim) - slots.count(""))  # headers added without a slot: before the players
        before = min(slots[:at].count("") + spare, len(verbatim))
    else:
        before = len(verbatim)
    head, tail = verbatim[:before], verbatim[before:]
    order: list[str | tuple[str, str]] = ["012", *head]
    for placed, (group, code) in enumerate(_HEADER_GROUPS):
        higher = next((i for i, rec in enumerate(head) if _code_rank(rec[0]) > code), len(head))
        order.insert(1 + higher + placed, group)  # the groups placed so far stand before it
    return [*order, "001", *tail, *_TAIL_GROUPS]


def _code_rank(code: str) -> int:
    """A record code's place among the header records: its number; codes that are not
    numbers (national records, vendor lines) after every numbered one."""
    return int(code) if code.isdigit() else 1000


def _cell_text(e: Entry) -> str:
    opp = f"{e.opponent:>4}" if e.opponent else "0000"
    colour = "-" if e.colour is None or not e.opponent else ("w" if e.colour is Colour.WHITE else "b")
    return f"{opp} {colour} {_code(e.result)}"


TRF_NAME_WIDTH = 33
"""The characters of a name a 001 line holds (columns 15-47); a longer one is cut, and
``convert`` says whose (:func:`~swissbridge.formats.detect.lost_in`)."""


def _player_line(t: Tournament, p: Player, completed: int, open_round: bool, team_file: bool) -> str:
    """A 001 line; the points column keeps the stated points while they still agree
    with the results (always, in a team file, where they follow the team's scoring),
    else the score of every entry in the line."""
    if not 0 < p.start_no <= 9999:
        raise OutputError(f"start number {p.start_no} does not fit the TRF columns 5-8 (1-9999)")
    stated = p.stated_points
    if stated is None or (not team_file and stated not in allowed_points(t, p, completed, open_round)):
        stated = p.score(t.points, len(p.entries))
    title = p.title
    head = (
        f"001 {p.start_no:>4} {p.sex[:1]:1}{title[:3]:>3} {p.name[:TRF_NAME_WIDTH]:<{TRF_NAME_WIDTH}} "
        f"{p.rating if p.rating else '':>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} {p.birth[:10]:<10} "
        f"{_points_field(stated, p)} {p.rank if p.rank is not None else '':>4}"
    ).replace("\t", " ")  # a tab is a blank (model._CONTROL): tab stops would shift the columns read
    cells = "".join("  " + _cell_text(e) for e in p.entries)
    return (head + cells).rstrip()


def _points_field(points: Points, p: Player) -> str:
    """Columns 81-84: ``11.5``; from 100 points on, whole numbers only (``1234``)."""
    text = format_points(points)
    if len(text) > 4 and points % 10 == 0:
        text = str(points // 10)
    if len(text) > 4:
        raise OutputError(f"player {p.start_no}: {text} points do not fit the TRF points columns 81-84")
    return f"{text:>4}"


def _byes_in_column(t: Tournament, completed: int) -> Tournament:
    """TRF16 for the engines: the byes announced for the round to be paired go into
    that round's column too, with the points column counting them, as JaVaFo expects
    (TRF16 has no other form for them). The 240 records stay, of that round too
    (bbpPairings reads a 240 for the round to pair only and adds nothing for a player
    whose column already holds the bye; JaVaFo skips records it does not know): a
    reader of both forms takes them for one bye (:meth:`_Reader.said_twice`), so that
    a file converted to TRF16 and back keeps them as they were."""
    r = completed + 1
    announced = t.announced(r)
    players = []
    for p in t.players:
        kind = announced.get(p.start_no)
        if kind is not None and p.entry(r) is None:
            stated = p.stated_points
            if stated is not None:
                stated += t.points.points(kind.result)
            p = replace(p.with_entry(r, Entry(kind.result)), stated_points=stated)
        players.append(p)
    return replace(t, players=tuple(players))


def _point_lines(points: PointSystem, trf16: bool) -> list[str]:
    """Record 162 (TRF-2026) or XXS (JaVaFo) for a point system other than 1-½-0;
    TRF-2026 files add XXS when 162 cannot express it."""
    if points.is_standard and points.pending is None:
        return []
    lines = []
    fits_162 = (
        points.forfeit_win == points.win
        and points.full_bye == points.win
        and points.half_bye == points.draw
        and points.zero_bye == points.forfeit_loss
    )
    if not trf16:
        pairs = [
            ("W", points.win, 10),
            ("D", points.draw, 5),
            ("L", points.loss, 0),
            ("A", points.zero_bye, 0),
            ("P", points.pab, points.win),
            ("X", points.pending, None),
        ]
        items = [f" {s}{format_points(v):>4}" for s, v, default in pairs if v is not None and v != default]
        if items:
            lines.append("162 " + "   ".join(items))
    if trf16 or not fits_162:
        xxs = [
            ("WW", points.win, 10),
            ("BW", points.win, 10),
            ("WD", points.draw, 5),
            ("BD", points.draw, 5),
            ("WL", points.loss, 0),
            ("BL", points.loss, 0),
            ("ZPB", points.zero_bye, 0),
            ("HPB", points.half_bye, 5),
            ("FPB", points.full_bye, 10),
            ("PAB", points.pab, 10),
            ("FW", points.forfeit_win, 10),
            ("FL", points.forfeit_loss, 0),
        ]
        items = [f"{c}={format_points(v)}" for c, v, default in xxs if v != default]
        if items:
            lines.append("XXS " + " ".join(items))
    return lines


def _xxa_lines(t: Tournament) -> list[str]:
    """One XXA line per accelerated player: virtual points for rounds 1..N (N the
    number of rounds, or the last accelerated round), 5 columns each from column 10."""
    players = sorted({n for a in t.acceleration for n in range(a.first_player, a.last_player + 1)})
    last = max((a.last_round for a in t.acceleration), default=0)
    rounds = max(last, t.total_rounds or 0)
    return [
        f"XXA {n:>4}" + "".join(f" {format_points(t.virtual_points(n, r)):>4}" for r in range(1, rounds + 1))
        for n in players
    ]


def _line_250(a: Acceleration) -> str:
    return (
        f"250 {'':4} {format_points(a.points):>4} {a.first_round:03d} {a.last_round:03d} "
        f"{a.first_player:04d} {a.last_player:04d}"
    )


def _forbid_lines(t: Tournament, g: ForbiddenPairs, trf16: bool, completed: int) -> list[str]:
    """XXP for a restriction without rounds; 260 for one with rounds, which TRF16 follows
    with an XXP (its only form, "never meet") when the restriction applies to the round
    to be paired: the engines that skip 260 (JaVaFo) then keep it for that round, and a
    reader of both records takes them for one restriction (:meth:`_Reader.said_twice`)."""
    players = " ".join(str(n) for n in g.players)
    if g.first_round is None and g.last_round is None:
        return [f"XXP {players}"]
    first = g.first_round if g.first_round is not None else 1
    last = g.last_round if g.last_round is not None else (t.total_rounds or 999)
    line = f"260 {first:03d} {last:03d}" + "".join(f" {n:>4}" for n in g.players)
    return [line, f"XXP {players}"] if trf16 and g.applies(completed + 1) else [line]
