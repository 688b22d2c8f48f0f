"""Player lists an event is started from (``swissbridge new EVENT.trf --players FILE``):

* a **CSV file** whose first row names the columns in English, in any order, separated
  by commas, semicolons or tabs (the separator of the header row), quoted as spreadsheets
  quote. Only ``name`` is required; the others may be left out or blank:

  ============== ============================================== ==========================
  column         also accepted as                               holds
  ============== ============================================== ==========================
  name           player                                         ``Surname, Given`` (≤ 33)
  surname        last name, family name                         with ``given name``, for
  given name     first name, forename                           a file without ``name``
  rating         elo, fide rating                               0-9999, blank unrated
  fide id        fide_id, fideid, id                            digits
  federation     fed, country                                   three letters (``NOR``)
  title          fide title                                     GM IM WGM FM WIM CM WFM WCM
  sex            gender                                         m, w (f, male, female)
  birth date     birth, born, date of birth, birth year         YYYY, YYYY/MM/DD,
                                                                YYYY-MM-DD or DD.MM.YYYY
  team           team name                                      a team event: the team
  board          board no, board number                         its place in the team
  ============== ============================================== ==========================

  Header names are read without regard to case, blanks, ``_`` or ``-``. A column
  with another name is not read, and said so (a warning naming it): a club, for one,
  has no column in TRF;
* a **Swiss-Manager player export** (``Spielerdaten``), whole or any of its columns
  (:func:`swissbridge.formats.swissmanager.parse_players`);
* a **list of FIDE ids**, one a line (an optional first line ``fide id``), completed
  from FIDE's rating list (:func:`players_from_rating_list`).

Players come in the order of the file, numbered from 1; ordering them by C.04.2
Art. 2.2 is the caller's (``swissbridge new``). Every bad value is an
:class:`~swissbridge.errors.InputError` at its file, line and column.
"""

from __future__ import annotations

import csv
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO

from swissbridge.errors import InputError
from swissbridge.formats._text import (
    MAX_RATING,
    MAX_START_NO,
    bounded_value,
    decode,
    parse_date,
    read_bytes,
    shown,
    split_lines,
)
from swissbridge.formats.boundary import validated
from swissbridge.model import TITLE_ORDER, Player, Tournament, control_character, control_name, fide_id_key

__all__ = ["COLUMNS", "PlayerList", "TeamEntry", "parse_player_list", "players_from_rating_list", "read_player_list"]

NAME_LENGTH = 33
"""The longest name TRF holds (columns 15-47): a longer one is refused, never cut."""

COLUMNS: Mapping[str, tuple[str, ...]] = {
    "name": ("player",),
    "surname": ("last name", "family name"),
    "given name": ("first name", "forename"),
    "rating": ("elo", "fide rating"),
    "fide id": ("fideid", "id"),
    "federation": ("fed", "country"),
    "title": ("fide title",),
    "sex": ("gender",),
    "birth date": ("birth", "born", "date of birth", "birth year", "birthdate"),
    "team": ("team name",),
    "board": ("board no", "board number"),
}
"""The CSV columns read (the documented name, then the other names accepted); ``team``
and ``board`` are a team event's (:class:`TeamEntry`), the others the player's."""

_ALIASES = {alias: column for column, aliases in COLUMNS.items() for alias in (column, *aliases)}
_SEXES = {"m": "m", "male": "m", "w": "w", "f": "w", "female": "w"}
_SEPARATORS = (",", ";", "\t")


TEAM_NAME_LENGTH = 32
"""The longest team name TRF-2026 record 310 holds (columns 9-40): a longer one is refused."""


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """A player's ``team`` cell (blank: none given) and ``board`` cell (``None``: blank or
    no board column), with the columns they stand at, for errors at file:line:column."""

    team: str
    board: int | None
    team_column: int
    board_column: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerList:
    """The players of a list in file order (start numbers 1, 2, … in that order), the
    line each came from, and what the reader warns about (columns it does not read);
    ``teams``, one a player, when the list has a team column (else empty)."""

    players: tuple[Player, ...]
    lines: tuple[int, ...]
    path: str | None = None
    warnings: tuple[str, ...] = ()
    teams: tuple[TeamEntry, ...] = ()


def _header_key(text: str) -> str:
    return re.sub(r"[\s_\-]+", " ", text.strip().lower()).strip()


def _columns(line: str, separator: str) -> list[int]:
    """The 1-based column at which each field of a CSV line starts (quotes kept in mind)."""
    starts = [1]
    quoted = False
    for i, c in enumerate(line):
        if c == '"':
            quoted = not quoted
        elif c == separator and not quoted:
            starts.append(i + 2)
    return starts


class _Row:
    """One data row of a CSV list, with located errors."""

    def __init__(self, fields: list[str], columns: list[int], where: Mapping[str, int], path: str | None, line: int):
        self.fields = fields
        self.columns = columns
        self.where = where
        self.path = path
        self.line = line

    def values(self) -> dict[str, str]:
        """The row's value of each column the header names."""
        return {c: self.fields[i].strip() if i < len(self.fields) else "" for c, i in self.where.items()}

    def bad(self, column: str, expected: str) -> InputError:
        index = self.where.get(column, len(self.columns))
        return InputError(
            f"{column} is {shown(self.values().get(column, ''))}, expected {expected}",
            path=self.path,
            line=self.line,
            column=self.columns[index] if index < len(self.columns) else None,
        )


def parse_birth(text: str) -> str | None:
    """A birth date as TRF writes it (``YYYY/MM/DD``, or a bare year) from ``YYYY`` or a
    date (:func:`~swissbridge.formats._text.parse_date`); ``None`` if it is neither."""
    if re.fullmatch(r"\d{4}", text):
        return text
    day = parse_date(text)
    return None if day is None else day.strftime("%Y/%m/%d")


def make_player(row: Mapping[str, str], bad: Callable[[str, str], Exception], start_no: int = 1) -> Player:
    """A player from the values of the :data:`COLUMNS` (blank or missing: not given),
    checked; ``bad(column, expected)`` is the error for a value that is wrong (a control
    character anywhere, too: :func:`~swissbridge.model.control_character`)."""
    for column, value in row.items():
        at = control_character(value)
        if at is not None:
            raise bad(column, f"text without the control character {control_name(value[at])}")
    name = row.get("name", "")
    named = "surname" if not name and "surname" in row and "name" not in row else "name"
    if not name and (row.get("surname") or row.get("given name")):
        name = ", ".join(part for part in (row.get("surname", ""), row.get("given name", "")) if part)
    if not name:
        raise bad(named, "the player's name")
    if len(name) > NAME_LENGTH:
        raise bad(named, f"a name of at most {NAME_LENGTH} characters (TRF columns 15-47 hold no more)")
    rating_text = row.get("rating", "")
    rating = bounded_value(rating_text, MAX_RATING) if rating_text else 0
    if rating is None:
        raise bad("rating", f"a rating 0-{MAX_RATING} (blank: unrated)")
    fide_id = row.get("fide id", "")
    if fide_id and not (fide_id.isascii() and fide_id.isdigit() and len(fide_id) <= 11):
        raise bad("fide id", "a FIDE id (up to 11 digits)")
    federation = row.get("federation", "").upper()
    if federation and not re.fullmatch(r"[A-Z]{3}", federation):
        raise bad("federation", "a federation of three letters (NOR, GER, IND)")
    title = row.get("title", "").upper()
    if title and title not in TITLE_ORDER:
        raise bad("title", f"a FIDE title ({' '.join(TITLE_ORDER)}) or blank")
    sex_text = row.get("sex", "").lower()
    if sex_text and sex_text not in _SEXES:
        raise bad("sex", "m or w (or blank)")
    birth_text = row.get("birth date", "")
    birth = parse_birth(birth_text) if birth_text else ""
    if birth is None:
        raise bad("birth date", "a date YYYY/MM/DD, YYYY-MM-DD, DD.MM.YYYY or a year YYYY")
    return Player(
        start_no=start_no,
        name=name,
        sex=_SEXES.get(sex_text, ""),
        title=title,
        rating=rating,
        federation=federation,
        fide_id="" if not fide_id.strip("0") else fide_id,
        birth=birth,
    )


def _csv_fields(line: str, separator: str, path: str | None, line_no: int) -> list[str]:
    """The fields of one line of a CSV list. A row is one line: a quoted cell that does
    not end on its line (a cell holding a line break, which no name or field may hold:
    ``"A\n192 FIDE_LIM_2026"`` read by lines made two players) and a cell over the
    csv module's limit (131 072 characters) are refused at their line."""
    try:
        return next(csv.reader([line], delimiter=separator, strict=True))
    except csv.Error as exc:
        quote = line.rfind('"')
        why = (
            "a quoted cell does not end on its line (a cell may not hold a line break)"
            if "end of data" in str(exc)
            else f"not a CSV row: {exc}"
        )
        raise InputError(why, path=path, line=line_no, column=quote + 1 if quote >= 0 else 1) from None


def _parse_csv(lines: list[str], path: str | None) -> PlayerList:
    header = lines[0]
    separator = max(_SEPARATORS, key=header.count)
    names = _csv_fields(header, separator, path, 1)
    starts = _columns(header, separator)
    where: dict[str, int] = {}
    warnings: list[str] = []
    for i, raw in enumerate(names):
        key = _ALIASES.get(_header_key(raw))
        if key is None:
            if raw.strip():
                warnings.append(
                    f"{path or '<input>'}:1:{starts[i]}: column {raw.strip()!r} is not read "
                    f"(the columns read are {', '.join(COLUMNS)})"
                )
            continue
        if key in where:
            raise InputError(f"two columns give the {key}: {raw.strip()!r}", path=path, line=1, column=starts[i])
        where[key] = i
    if not {"name", "surname"} & where.keys():
        raise InputError(
            f"the header row names no name column (expected name, or surname and given name; "
            f"separated by {'tabs' if separator == chr(9) else repr(separator)})",
            path=path,
            line=1,
            column=1,
        )
    if "board" in where and "team" not in where:
        raise InputError(
            "a board column without a team column: a board is a place in a team",
            path=path,
            line=1,
            column=starts[where["board"]],
        )
    players: list[Player] = []
    where_from: list[int] = []
    teams: list[TeamEntry] = []
    for line_no, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        fields = _csv_fields(line, separator, path, line_no)
        if len(fields) > len(names):
            raise InputError(
                f"{len(fields)} fields where the header has {len(names)}",
                path=path,
                line=line_no,
                column=_columns(line, separator)[len(names)],
            )
        row = _Row(fields, _columns(line, separator), where, path, line_no)
        players.append(make_player(row.values(), row.bad, len(players) + 1))
        where_from.append(line_no)
        if "team" in where:
            teams.append(_team_entry(row))
    validated(Tournament(players=tuple(players)), path=path, text="\n".join(lines))
    return PlayerList(tuple(players), tuple(where_from), path, tuple(warnings), tuple(teams))


def _team_entry(row: _Row) -> TeamEntry:
    """The ``team`` and ``board`` cells of a row, checked (a team name record 310 holds, a
    board number 1-99)."""
    values = row.values()
    team = values["team"]
    if len(team) > TEAM_NAME_LENGTH:
        raise row.bad("team", f"a team name of at most {TEAM_NAME_LENGTH} characters (record 310, columns 9-40)")
    board_text = values.get("board", "")
    board = bounded_value(board_text, 99, minimum=1) if board_text else None
    if board_text and board is None:
        raise row.bad("board", "a board number 1-99 (blank: after the numbered boards, in list order)")

    def column(name: str) -> int | None:
        index = row.where.get(name)
        return None if index is None or index >= len(row.columns) else row.columns[index]

    return TeamEntry(team, board, column("team") or 1, column("board"))


def _parse_ids(lines: list[str], path: str | None) -> list[tuple[str, int]]:
    """The FIDE ids of a list of ids (one a line, an optional ``fide id`` header)."""
    out: list[tuple[str, int]] = []
    for line_no, line in enumerate(lines, 1):
        text = line.strip()
        if not text or (line_no == 1 and _ALIASES.get(_header_key(text)) == "fide id"):
            continue
        if not (text.isascii() and text.isdigit() and len(text) <= 11):
            raise InputError(
                f"expected a FIDE id (up to 11 digits), found {shown(text)}", path=path, line=line_no, column=1
            )
        out.append((text, line_no))
    return out


def is_id_list(lines: Sequence[str]) -> bool:
    """Every line but a ``fide id`` header is a number: a list of FIDE ids."""
    body = [line.strip() for line in lines if line.strip()]
    if body and _ALIASES.get(_header_key(body[0])) == "fide id":
        body = body[1:]
    return bool(body) and all(text.isascii() and text.isdigit() for text in body)


def parse_player_list(
    data: bytes | str,
    *,
    path: str | None = None,
    encoding: str | None = None,
    ratings: str | os.PathLike[str] | IO[bytes] | None = None,
    kind: str = "standard",
) -> PlayerList:
    """The players of a CSV list, a Swiss-Manager player export or a list of FIDE ids
    (completed from ``ratings``, FIDE's XML list, its ``kind`` of rating)."""
    from swissbridge.formats.swissmanager import is_players_header, parse_players

    text = decode(data, path=path, encoding=encoding, what="player list")
    lines = split_lines(text)
    if not any(line.strip() for line in lines):
        raise InputError("empty player list: expected a header row and one row per player", path=path, line=1)
    if is_id_list(lines):
        if ratings is None:
            raise InputError(
                "a list of FIDE ids: give FIDE's rating list (--ratings players_list_xml.zip) to complete it", path=path
            )
        ids = _parse_ids(lines, path)
        _refuse_too_many([line for _, line in ids], path)
        return players_from_rating_list(ids, ratings, kind=kind, path=path)
    if is_players_header(lines[0]):
        sm = parse_players(text, path=path)
        listed = PlayerList(sm.players, tuple(sm.lines[p.start_no] for p in sm.players), path)
    else:
        listed = _parse_csv(lines, path)
    _refuse_too_many(listed.lines, path)
    _refuse_entered_twice([(p.fide_id, line) for p, line in zip(listed.players, listed.lines, strict=True)], path)
    return listed


def _refuse_too_many(lines: Sequence[int], path: str | None) -> None:
    """A list of more players than start numbers (TRF columns 5-8): an error at the
    line of the first player without one."""
    if len(lines) > MAX_START_NO:
        raise InputError(
            f"{len(lines)} players: expected at most {MAX_START_NO} (a start number has four digits in TRF); "
            f"this line's player would be number {MAX_START_NO + 1}",
            path=path,
            line=lines[MAX_START_NO],
            column=1,
        )


def _refuse_entered_twice(ids: Sequence[tuple[str, int]], path: str | None) -> None:
    """A FIDE id on two lines of a list is one person entered twice
    (:func:`~swissbridge.model.fide_id_key`): an error at the second line."""
    first: dict[str, int] = {}
    for fide_id, line in ids:
        key = fide_id_key(fide_id)
        if key and key in first:
            raise InputError(
                f"FIDE id {fide_id.strip()} is listed twice (first on line {first[key]}): one person is entered once",
                path=path,
                line=line,
            )
        first.setdefault(key, line)


def read_player_list(
    path: str | os.PathLike[str],
    *,
    encoding: str | None = None,
    ratings: str | os.PathLike[str] | None = None,
    kind: str = "standard",
) -> PlayerList:
    """:func:`parse_player_list` of a file."""
    name = os.fspath(path)
    return parse_player_list(read_bytes(name), path=name, encoding=encoding, ratings=ratings, kind=kind)


def players_from_rating_list(
    ids: Sequence[tuple[str, int]],
    source: str | os.PathLike[str] | IO[bytes],
    *,
    kind: str = "standard",
    path: str | None = None,
) -> PlayerList:
    """Players for FIDE ids (each with its line in ``path``) from FIDE's XML rating list:
    name, federation, sex, the higher title, the ``kind`` rating and the birth year. An id
    given twice, or not in the list, is an error at its line."""
    from swissbridge.formats.fidexml import check_kind, scan_players, trf_sex

    check_kind(kind)
    _refuse_entered_twice(ids, path)
    wanted = {fide_id_key(fide_id) for fide_id, _ in ids}
    found = {fide_id_key(r.fide_id): r for r in scan_players(source, wanted)}
    players: list[Player] = []
    for fide_id, line in ids:
        record = found.get(fide_id_key(fide_id))
        if record is None:
            raise InputError(f"FIDE id {fide_id} is not in the rating list", path=path, line=line, column=1)
        if len(record.name) > NAME_LENGTH:
            raise InputError(
                f"FIDE id {fide_id}: the name {record.name!r} is longer than the {NAME_LENGTH} characters TRF holds",
                path=path,
                line=line,
                column=1,
            )
        players.append(
            Player(
                start_no=len(players) + 1,
                name=record.name,
                rating=record.rating_of(kind),
                title=record.best_title,
                federation=record.federation,
                fide_id=record.fide_id,
                birth=record.birth_year,
                sex=trf_sex(record.sex),
            )
        )
    validated(Tournament(players=tuple(players)), path=path)
    return PlayerList(tuple(players), tuple(line for _, line in ids), path)
