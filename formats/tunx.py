"""Swiss-Manager's own tournament file, ``.TUNX`` (read only; nothing else writes it,
and swissbridge never will).

The layout, as far as it is understood, is documented field by field in
``docs/tunx.md``. In short: a 108-byte header starting with the magic
``93 FF 89 44``; the tournament's texts (UTF-16LE, each after a 16-bit length in
characters); a settings block of fixed size (marker ``95 FF 89 44``); one record per
round (marker ``A3``); one record per player (marker ``A5``: 30 texts and 110 bytes
of numbers); the pairing records (marker ``B3``), 21 bytes each, round after
round, as many per round as the round's record says; perhaps the forbidden pairs
(marker ``C5``); a section table (``D3``) and the end marker (``E3``). All numbers
are little-endian.

The reader is bounded: every length and count is checked against the bytes left
before anything is read or allocated, and a damaged file gives an
:class:`~swissbridge.errors.InputError` naming the byte where the reading stopped
and what was expected there.

Swiss-Manager stores no points and no ranking in the file (it works them out when
it opens it), so ``Player.stated_points`` and ``Player.rank`` stay ``None``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace

from swissbridge.errors import InputError
from swissbridge.formats._text import MAX_ROUNDS, MAX_START_NO, read_bytes
from swissbridge.formats.boundary import validated
from swissbridge.model import (
    AnnouncedBye,
    ByeKind,
    Colour,
    Entry,
    EventKind,
    ForbiddenPairs,
    Player,
    Result,
    Tournament,
)

__all__ = [
    "MAGIC",
    "Layout",
    "PairingRecord",
    "Settings",
    "board_numbers",
    "parse_tunx",
    "read_layout",
    "read_tunx",
    "tournament_of",
]

MAGIC = b"\x93\xff\x89\x44"
"""The first four bytes of every ``.TUNX`` file."""

_HEADER_SIZE = 108
_MAX_TEXTS = 1000
"""More tournament texts than any file holds (132 in every known file)."""
_SETTINGS_SIZE = 5883
_ROUND_FIXED = 106
_PLAYER_TEXTS = 30
_PLAYER_FIXED = 110
_RECORD_SIZE = 21
_MAX_TIE_BREAKS = 12

_NOT_PAIRED = 0xFFFE
"""The "opponent" of a player who is not paired in a round."""
_PAB = 0xFFFF
"""The "opponent" of the pairing-allocated bye."""

_KINDS: Mapping[int, EventKind] = {0: EventKind.SWISS, 1: EventKind.ROUND_ROBIN, 2: EventKind.TEAM}

_GAMES: Mapping[int, tuple[Result, Result]] = {
    0: (Result.PENDING, Result.PENDING),
    1: (Result.WIN, Result.LOSS),
    2: (Result.DRAW, Result.DRAW),
    3: (Result.LOSS, Result.WIN),
    4: (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    5: (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    6: (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
    15: (Result.WIN_UNRATED, Result.LOSS_UNRATED),
    17: (Result.LOSS_UNRATED, Result.WIN_UNRATED),
}
"""A game's result code → (White's entry, Black's entry). 0 is a game without a
result yet; 6 is read as a double forfeit and 15/17 as games won by White/Black that
do not count for rating (see docs/tunx.md for how sure each reading is)."""

_UNPAIRED: Mapping[int, ByeKind] = {0: ByeKind.ZERO, 3: ByeKind.ZERO, 2: ByeKind.HALF, 1: ByeKind.FULL}
"""A player not paired in a round: the result code says what the round scores
(0 or 3: nothing, 2: a half-point bye, 1: a full-point bye)."""

_PAB_CODES = frozenset({0, 9})
"""Result codes of the pairing-allocated bye: 9 once the round is over, 0 before."""

_TIE_BREAKS: Mapping[int, str] = {
    0x0B: "PS",
    0x25: "TPR",
    0x34: "BH/M1",
    0x3D: "WIN",
    0x44: "DE",
    0x51: "SB",
    0x54: "BH",
    0x55: "BH/C1",
    0x56: "BH/C2",
    0x57: "BH/C3",
    0x58: "ARO",
}
"""Swiss-Manager's tie-break codes → FIDE C.07 acronyms (the names Swiss-Manager's
own lists give them; codes not listed here are kept as ``tunx:0xNN``)."""

_FIDE_TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"})

_TEXT_HEADERS = ((10, "022"), (20, "032"), (21, "102"), (35, "112"), (14, "122"))
"""Tournament texts kept as TRF header records: (index of the text, record code)."""


def _marker(code: int) -> bytes:
    return bytes((code, 0xFF, 0x89, 0x44))


class _Cursor:
    """A position in the file's bytes; every read is checked against what is left."""

    def __init__(self, data: bytes, path: str | None) -> None:
        self.data = data
        self.pos = 0
        self.path = path
        self.texts_at: list[tuple[int, str]] = []
        """Where each text read starts (the offset of its first character), with the text."""

    def error(self, message: str, at: int | None = None) -> InputError:
        return InputError(message, path=self.path, offset=self.pos if at is None else at)

    def take(self, n: int, what: str) -> bytes:
        left = len(self.data) - self.pos
        if n > left:
            raise self.error(f"the file ends inside {what}: {n} bytes expected, {left} left")
        chunk = self.data[self.pos : self.pos + n]
        self.pos += n
        return chunk

    def u16(self, what: str) -> int:
        return int.from_bytes(self.take(2, what), "little")

    def text(self, what: str) -> str:
        start = self.pos
        n = self.u16(f"the length of {what}")
        raw = self.take(2 * n, f"{what} ({n} characters)")
        try:
            value = raw.decode("utf-16-le")
        except UnicodeDecodeError as exc:
            raise self.error(f"{what} is not valid UTF-16 text", at=start + 2 + exc.start) from None
        self.texts_at.append((start + 2, value))
        return value

    def at_marker(self, code: int) -> bool:
        return self.data[self.pos : self.pos + 4] == _marker(code)

    def marker(self, code: int, what: str) -> None:
        at = self.pos
        got = self.take(4, f"the marker of {what}")
        if got != _marker(code):
            raise self.error(
                f"expected the marker of {what} ({_marker(code).hex(' ').upper()}), found {got.hex(' ')}", at
            )


def _u16(block: bytes, offset: int) -> int:
    return int.from_bytes(block[offset : offset + 2], "little")


def _u32(block: bytes, offset: int) -> int:
    return int.from_bytes(block[offset : offset + 4], "little")


def _date(value: int) -> str:
    """A ``yyyymmdd`` number as TRF writes a date (``yyyy/mm/dd``; a year alone when
    month and day are 0; empty for 0 or a number that is not a date)."""
    year, rest = divmod(value, 10_000)
    month, day = divmod(rest, 100)
    if not 1000 <= year <= 9999 or month > 12 or day > 31:
        return ""
    if month == 0 and day == 0:
        return str(year)
    if month == 0 or day == 0:
        return ""
    return f"{year:04d}/{month:02d}/{day:02d}"


@dataclass(frozen=True, slots=True)
class Settings:
    """What the settings block says that the reader uses."""

    total_rounds: int
    paired_rounds: int
    """Rounds Swiss-Manager has paired (the last may have no results yet)."""
    players: int
    kind: EventKind
    tie_breaks: tuple[str, ...]
    start: str
    end: str


@dataclass(frozen=True, slots=True)
class PairingRecord:
    """One 21-byte pairing record as stored: White's start number, Black's (or
    ``0xFFFE`` for a player not paired, ``0xFFFF`` for the pairing-allocated bye),
    the result code, and where the record starts in the file."""

    white: int
    black: int
    code: int
    offset: int
    marked: bool = False
    """Byte 6 of the record is 1: in the corpus, exactly the three pairings that an
    arbiter appears to have set by hand (each is where Swiss-Manager's round 1
    differs from the Dutch system's)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The parts of a ``.TUNX`` file as stored, before they become a tournament."""

    texts: tuple[str, ...]
    """The tournament's texts in file order (name, subtitle, organiser, …)."""
    settings: Settings
    players: tuple[Player, ...]
    """The players without their rounds."""
    rounds: tuple[tuple[PairingRecord, ...], ...]
    """The pairing records of each round (rounds 1..total)."""
    counts_at: tuple[int, ...] = ()
    """Where each round's count of pairing records is stored (a 16-bit number)."""
    forbidden: tuple[tuple[int, int], ...] = ()
    """Pairs of players who must not meet (section ``C5``), by start number."""
    texts_at: tuple[tuple[int, str], ...] = ()
    """Every text of the file as stored, with the offset of its first character."""

    def offset_of(self, value: str, at: int) -> int | None:
        """The byte offset of character ``at`` of ``value``, a model field made of one
        stored text, or of two (a name is ``surname, given``): the text holding the
        part of ``value`` around it."""
        part = value[value.rfind(", ", 0, at) + 2 if ", " in value[:at] else 0 : at + 1]
        for offset, text in self.texts_at:
            found = text.find(part)
            if found >= 0:
                return offset + 2 * (found + len(part) - 1)
        return None


def read_layout(data: bytes, path: str | None = None) -> Layout:
    """The parts of a ``.TUNX`` file, every length and count checked (see the module
    docstring). A team event stops after the settings: its records are not read."""
    cur = _Cursor(data, path)
    if not data.startswith(MAGIC):
        raise cur.error(
            f"not a Swiss-Manager .TUNX file: expected the magic {MAGIC.hex(' ').upper()}, "
            f"found {data[:4].hex(' ') or 'nothing'}",
            0,
        )
    cur.take(_HEADER_SIZE, "the 108-byte header")
    texts: list[str] = []
    while not cur.at_marker(0x95):
        if len(texts) == _MAX_TEXTS:
            raise cur.error(f"expected the settings marker 95 FF 89 44 after at most {_MAX_TEXTS} tournament texts")
        texts.append(cur.text(f"tournament text {len(texts) + 1}"))
    cur.marker(0x95, "the settings")
    settings = _settings(cur)
    if settings.kind is EventKind.TEAM:
        return Layout(tuple(texts), settings, (), (), texts_at=tuple(cur.texts_at))
    cur.marker(0xA3, "the round records")
    counted = [_round_records(cur, r) for r in range(1, settings.total_rounds + 1)]
    counts = [count for count, _ in counted]
    cur.marker(0xA5, "the player records")
    players = tuple(_player(cur, n) for n in range(1, settings.players + 1))
    cur.marker(0xB3, "the pairing records")
    needed = sum(counts) * _RECORD_SIZE
    left = len(data) - cur.pos
    if needed > left:
        raise cur.error(
            f"the round records announce {sum(counts)} pairing records ({needed} bytes), but only {left} bytes are left"
        )
    rounds = tuple(tuple(_record(cur, r) for _ in range(count)) for r, count in enumerate(counts, 1))
    forbidden = _forbidden(cur, settings.players) if cur.at_marker(0xC5) else ()
    if not cur.at_marker(0xD3):
        raise cur.error(f"expected the section table marker D3 FF 89 44 after the {sum(counts)} pairing records")
    if not data.endswith(_marker(0xE3)):
        raise cur.error("the file does not end with the end marker E3 FF 89 44: it is truncated", len(data))
    return Layout(
        tuple(texts), settings, players, rounds, tuple(at for _, at in counted), forbidden, tuple(cur.texts_at)
    )


def _forbidden(cur: _Cursor, players: int) -> tuple[tuple[int, int], ...]:
    """Section ``C5``: pairs of start numbers (two 16-bit numbers each) up to the
    section table, players who must not meet (in the one file that has the
    section, two pairs of relatives, neither of which ever met)."""
    cur.marker(0xC5, "the forbidden pairs")
    pairs: list[tuple[int, int]] = []
    while not cur.at_marker(0xD3):
        at = cur.pos
        raw = cur.take(4, "a forbidden pair (or the section table marker D3 FF 89 44)")
        a, b = _u16(raw, 0), _u16(raw, 2)
        if not (1 <= a <= players and 1 <= b <= players) or a == b:
            raise cur.error(f"forbidden pair {a}-{b}: expected two different players (1-{players})", at)
        pairs.append((a, b))
    return tuple(pairs)


def parse_tunx(data: bytes, path: str | None = None) -> Tournament:
    """Read the bytes of a ``.TUNX`` file; ``path`` names it in error messages."""
    return tournament_of(read_layout(data, path), path)


def tournament_of(layout: Layout, path: str | None = None) -> Tournament:
    """The tournament the parts of a file describe; a record that makes no sense
    (an unknown code, a player twice in a round) is refused with its byte offset."""
    settings, texts = layout.settings, layout.texts
    headers = tuple(
        (code, texts[i].strip()) for i, code in _TEXT_HEADERS if i < len(texts) and texts[i].strip()
    ) + tuple((code, d) for code, d in (("042", settings.start), ("052", settings.end)) if d)
    entries, announced = _entries(layout, path)
    t = Tournament(
        players=tuple(replace(p, entries=entries[p.start_no]) for p in layout.players),
        name=texts[0].strip() if texts else "",
        total_rounds=settings.total_rounds or None,
        announced_byes=announced,
        forbidden=tuple(ForbiddenPairs(pair) for pair in layout.forbidden),
        kind=settings.kind,
        tie_breaks=settings.tie_breaks,
        headers=headers,
    )
    return validated(t, path=path, offset_of=layout.offset_of)


def board_numbers(layout: Layout) -> dict[tuple[int, frozenset[int]], int]:
    """The board of every game, by round and pair of start numbers: the games of a
    round are stored in board order (the bye and the players not paired after them)."""
    out: dict[tuple[int, frozenset[int]], int] = {}
    for r, records in enumerate(layout.rounds, 1):
        games = [rec for rec in records if rec.black not in (_NOT_PAIRED, _PAB)]
        for board, rec in enumerate(games, 1):
            out[(r, frozenset((rec.white, rec.black)))] = board
    return out


def read_tunx(path: str | os.PathLike[str]) -> Tournament:
    """Read a ``.TUNX`` file."""
    name = os.fspath(path)
    return parse_tunx(read_bytes(name), path=name)


def _settings(cur: _Cursor) -> Settings:
    at = cur.pos
    block = cur.take(_SETTINGS_SIZE, f"the {_SETTINGS_SIZE}-byte settings block")
    kind = _KINDS.get(block[0x0B])
    if kind is None:
        raise cur.error(f"unknown tournament type {block[0x0B]} (0 Swiss, 1 round robin, 2 team)", at + 0x0B)
    total, paired, players = _u16(block, 0x00), block[0x11], _u16(block, 0x13)
    if paired > total:
        raise cur.error(f"{paired} rounds paired but the tournament has {total} rounds", at + 0x11)
    if total > MAX_ROUNDS:
        raise cur.error(f"{total} rounds: a tournament has at most {MAX_ROUNDS}", at)
    if players > MAX_START_NO:
        raise cur.error(f"{players} players: a tournament has at most {MAX_START_NO} (TRF's start numbers)", at + 0x13)
    count = _u16(block, 0x1B)
    if count > _MAX_TIE_BREAKS:
        raise cur.error(f"{count} tie-breaks: expected at most {_MAX_TIE_BREAKS}", at + 0x1B)
    codes = [_u16(block, 0x1D + 2 * i) for i in range(count)]
    tie_breaks = tuple(_TIE_BREAKS.get(c, f"tunx:0x{c:02X}") for c in codes)
    start, end = _date(_u32(block, 0x47)), _date(_u32(block, 0x4B))
    return Settings(total, paired, players, kind, tie_breaks, start, end)


def _round_records(cur: _Cursor, round_no: int) -> tuple[int, int]:
    """A round's record: its time (a text) and 106 bytes; the number of pairing
    records of the round is the 16-bit number at byte 36 of those. Returns that
    number and where it is stored."""
    cur.text(f"the time of round {round_no}")
    fixed = cur.take(_ROUND_FIXED, f"the record of round {round_no}")
    return _u16(fixed, 36), cur.pos - _ROUND_FIXED + 36


def _record(cur: _Cursor, round_no: int) -> PairingRecord:
    at = cur.pos
    raw = cur.take(_RECORD_SIZE, f"a pairing record of round {round_no}")
    return PairingRecord(_u16(raw, 0), _u16(raw, 2), _u16(raw, 4), at, raw[6] == 1)


def _player(cur: _Cursor, start_no: int) -> Player:
    texts = [cur.text(f"text {i + 1} of player {start_no}") for i in range(_PLAYER_TEXTS)]
    block = cur.take(_PLAYER_FIXED, f"the numbers of player {start_no}")
    surname, given = texts[0].strip(), texts[1].strip()
    if not surname and not given:
        raise cur.error(f"player {start_no} has no name", cur.pos - _PLAYER_FIXED)
    title = texts[4].strip()
    extras = [
        (key, value)
        for key, value in (
            ("sm.Identnr", texts[5].strip()),
            ("sm.EloNat", str(_u16(block, 0x0A)) if _u16(block, 0x0A) else ""),
            ("sm.Atitel", texts[2].strip()),
            ("tunx.title", title if title not in _FIDE_TITLES else ""),
        )
        if value
    ]
    fide = _u32(block, 0x18)
    return Player(
        start_no=start_no,
        name=f"{surname}, {given}" if surname and given else surname or given,
        sex="w" if block[0x06] == 1 else "",
        title=title if title in _FIDE_TITLES else "",
        rating=_u16(block, 0x08),
        federation=texts[10].strip(),
        fide_id=str(fide) if fide else "",
        birth=_date(_u32(block, 0x0E)),
        club=texts[9].strip(),
        extras=tuple(extras),
    )


def _entries(layout: Layout, path: str | None) -> tuple[dict[int, tuple[Entry, ...]], tuple[AnnouncedBye, ...]]:
    """Every player's entries of the paired rounds, and the byes already entered for
    the rounds after them."""
    settings = layout.settings
    n = settings.players
    rows: dict[int, list[Entry]] = {p: [] for p in range(1, n + 1)}
    announced: list[AnnouncedBye] = []
    for r, records in enumerate(layout.rounds, 1):
        paired = r <= settings.paired_rounds
        table: dict[int, Entry] = {}
        ahead: dict[ByeKind, list[int]] = {}
        for rec in records:

            def bad(message: str, rec: PairingRecord = rec, r: int = r) -> InputError:
                return InputError(f"round {r}, pairing record: {message}", path=path, offset=rec.offset)

            for who in (rec.white,) if rec.black in (_NOT_PAIRED, _PAB) else (rec.white, rec.black):
                if not 1 <= who <= n:
                    raise bad(f"start number {who} is not a player (1-{n})")
                if who in table or any(who in ps for ps in ahead.values()):
                    raise bad(f"player {who} has two records in round {r}")
            if rec.black == _NOT_PAIRED:
                kind = _UNPAIRED.get(rec.code)
                if kind is None:
                    raise bad(f"result code {rec.code} for a player not paired (expected 0-3)")
                if paired:
                    table[rec.white] = Entry(kind.result)
                else:
                    ahead.setdefault(kind, []).append(rec.white)
                continue
            if not paired:
                raise bad(f"a game or bye in a round after the {settings.paired_rounds} paired round(s)")
            if rec.black == _PAB:
                if rec.code not in _PAB_CODES:
                    raise bad(f"result code {rec.code} for the pairing-allocated bye (expected 9)")
                table[rec.white] = Entry(Result.PAB)
                continue
            if rec.white == rec.black:
                raise bad(f"player {rec.white} is paired with themself")
            results = _GAMES.get(rec.code)
            if results is None:
                raise bad(f"unknown result code {rec.code} (known: {', '.join(map(str, _GAMES))})")
            table[rec.white] = Entry(results[0], rec.black, Colour.WHITE)
            table[rec.black] = Entry(results[1], rec.white, Colour.BLACK)
        if paired:
            for p, row in rows.items():
                row.append(table.get(p, Entry(Result.ZERO_BYE)))
        announced.extend(AnnouncedBye(kind, r, tuple(sorted(ps))) for kind, ps in ahead.items())
    return {p: tuple(row) for p, row in rows.items()}, tuple(announced)
