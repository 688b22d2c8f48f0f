"""Swiss-Manager's text files (``Extras → Daten Import/Export``).

Two exports are read:

* **Spielerdaten** — one row per player: start number, name, titles, ratings,
  birth date, federation, sex, club, FIDE id, current points (``Pkt``, with ``½``),
  tie-break values and rank;
* **Spielerauslosung** — one row per board and round: ``Runde;Brett;IdentW;IdentS;
  NrW;NrS;ErgW;ErgS;Kontumaz;Erg;Mnr;ErgEloW;ErgEloS``. ``NrW``/``NrS`` are start
  numbers, results use a German decimal comma, ``K`` marks a forfeit (``1:0K``,
  ``0:1K``, ``0:0K``), the pairing-allocated bye is the row with ``NrS = -1`` and a
  board not played yet reads ``0;0;;0:0``. Half-point byes do not appear: they
  are a player status in Swiss-Manager, recovered here from ``Pkt``.

Two files are written, byte for byte as Swiss-Manager writes them (UTF-8, ``;``,
CRLF after every line, the German header): a **Spielerauslosung** with the
pairings of the next round — Swiss-Manager adopts the pairings of an imported
file and creates the round if it does not exist yet — and one with the results
of finished rounds. Because the imported pairings silently win over the ones
Swiss-Manager holds, a pairing computed from an export that is older than the
host's data is refused (:class:`StaleExport`).

Swiss-Manager's TRF16 export is a TRF file and is read by :mod:`swissbridge.formats.trf`.

Size: one module per format: both exports, their writer and the merge of a
pairing file into a tournament share the column layouts defined here.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from swissbridge.atomic import open_regular
from swissbridge.errors import InputError
from swissbridge.formats._text import (
    MAX_RATING,
    MAX_ROUNDS,
    MAX_START_NO,
    bounded_value,
    decode,
    field_column,
    head_text,
    is_whole_number,
    read_bytes,
    shown,
    split_lines,
    spreadsheet_plain,
    spreadsheet_text,
)
from swissbridge.formats.boundary import validated
from swissbridge.messages import listed, ranges
from swissbridge.model import ABSENT, Colour, Entry, Player, Points, Result, Tournament
from swissbridge.pairing import Board, RoundPairing, printed_order

__all__ = [
    "PAIRINGS_HEADER",
    "PLAYERS_HEADER",
    "PairingRow",
    "SMPlayers",
    "StaleExport",
    "check_not_stale",
    "host_round",
    "merge_pairing_rows",
    "pairing_from_rows",
    "parse_pairing_rows",
    "parse_players",
    "read_pairing_rows",
    "read_players",
    "read_sm_export",
    "sniff",
    "write_pairing_rows",
    "write_pairings",
    "write_players",
    "write_results",
]

PLAYERS_HEADER = (
    "Nr;Name;Titel;Identnr;EloNat;EloInt;Geburt;Fed;Sex;Typ;Gr;KlubNr;Klub;FideIdent;Quelle;Pkt;"
    "Wtg1;Wtg2;Wtg3;Wtg4;Wtg5;Wtg6;Rang;Nachname;Vorname;Atitel"
)
"""Header of the ``Spielerdaten (Text-File)`` export."""

PAIRINGS_HEADER = "Runde;Brett;IdentW;IdentS;NrW;NrS;ErgW;ErgS;Kontumaz;Erg;Mnr;ErgEloW;ErgEloS"
"""Header of the ``Spielerauslosung (Text-File)`` export and import."""

_PLAYER_FIELDS = PLAYERS_HEADER.split(";")
_PAIRING_FIELDS = PAIRINGS_HEADER.split(";")
_CRLF = "\r\n"
_BYE_NO = -1
"""``NrS`` of the pairing-allocated bye row."""

_EXTRA_PLAYER_FIELDS = ("Identnr", "EloNat", "Typ", "Gr", "KlubNr", "Quelle", *(f"Wtg{i}" for i in range(1, 7)))
_EXTRA_PLAYER_FIELDS += ("Atitel",)
_EXTRA_DEFAULTS = {"EloNat": ("0",), "KlubNr": ("0",)}
"""Values written when a column has no extra: not worth keeping."""
"""Spielerdaten columns the model has no field for, kept in ``Player.extras`` as ``sm.<column>``."""


class StaleExport(InputError):
    """The pairing would overwrite a round Swiss-Manager already holds: it was
    computed from an export older than the host's data."""


def sniff(text: str) -> str | None:
    """``"sm-players"`` or ``"sm-pairings"`` when ``text`` starts with the header of
    one of the two exports, else ``None``."""
    first = text.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")
    if first.startswith("Nr;Name;") or is_players_header(first):
        return "sm-players"
    if first.startswith("Runde;Brett;"):
        return "sm-pairings"
    return None


def is_players_header(line: str) -> bool:
    """A ``Spielerdaten`` header with some of its columns, in any order: at least two
    columns, every one a Spielerdaten column, one of them the name (``Name`` or
    ``Nachname``)."""
    names = line.split(";")
    return (
        len(names) >= 2
        and len(set(names)) == len(names)
        and set(names) <= set(_PLAYER_FIELDS)
        and bool({"Name", "Nachname"} & set(names))
    )


# -- numbers -------------------------------------------------------------------------------------


_MAX_POINTS = 99_999
"""More points than any player can score (999 rounds at any point system)."""


def _sm_points(text: str) -> Points:
    """``"1"``, ``"0,5"``, ``"½"``, ``"2½"`` → tenths; ``ValueError`` otherwise."""
    value = text.strip()
    half = value.endswith("½")
    if half:
        value = value[:-1]
        if not value:
            return 5
    whole, sep, frac = value.replace(",", ".").partition(".")
    points = bounded_value(whole, _MAX_POINTS) if whole == whole.strip() else None
    if points is None or (sep and not (frac.isascii() and frac.isdigit())) or (half and sep) or frac[1:].strip("0"):
        raise ValueError(text)
    return points * 10 + int((frac + "0")[0]) + (5 if half else 0)


def _result_points(points: Points) -> str:
    """Game points as Swiss-Manager writes them in ``ErgW``/``ErgS``: ``1``, ``0``, ``0,5``."""
    whole, tenth = divmod(points, 10)
    return str(whole) if tenth == 0 else f"{whole},{tenth}"


def _total_points(points: Points) -> str:
    """Points as the ``Pkt`` column writes them: ``0``, ``½``, ``1``, ``2½`` (other
    fractions with a decimal comma)."""
    whole, tenth = divmod(points, 10)
    if tenth == 0:
        return str(whole)
    if tenth == 5:
        return f"{whole if whole else ''}½"
    return f"{whole},{tenth}"


# -- Spielerdaten --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SMPlayers:
    """The players of a ``Spielerdaten`` export, by start number, with the line
    each came from."""

    players: tuple[Player, ...]
    lines: Mapping[int, int] = field(default_factory=dict)
    path: str | None = None


def _split_checked(line: str, n_fields: int, header: str, *, path: str | None, line_no: int) -> list[str]:
    fields = line.split(";")
    if len(fields) != n_fields:
        if len(fields) == 1 and ("," in line or "\t" in line):
            sep = "tabs" if "\t" in line else "commas"
            raise InputError(
                f"fields are separated by {sep}, Swiss-Manager separates them with ';' "
                "(was the file saved again by a spreadsheet?)",
                path=path,
                line=line_no,
                column=1,
            )
        what = "truncated line" if len(fields) < n_fields else "too many fields"
        raise InputError(
            f"{what}: {len(fields)} fields where the header {header.split(';')[0]};… has {n_fields}",
            path=path,
            line=line_no,
            column=len(line) + 1 if len(fields) < n_fields else field_column(fields, n_fields),
        )
    return fields


class _Fields:
    """The fields of one data line, with located errors."""

    def __init__(self, fields: list[str], names: Mapping[str, int], *, path: str | None, line: int) -> None:
        self.fields = fields
        self.names = names
        self.path = path
        self.line = line

    def __getitem__(self, name: str) -> str:
        """The field of column ``name``; blank when the file has no such column."""
        index = self.names.get(name)
        return "" if index is None else self.fields[index]

    def column(self, name: str) -> int:
        return field_column(self.fields, self.names[name])

    def bad(self, name: str, expected: str) -> InputError:
        return InputError(
            f"{name} is {shown(self[name])}, expected {expected}",
            path=self.path,
            line=self.line,
            column=self.column(name),
        )

    def integer(self, name: str, *, minimum: int, maximum: int, blank: int | None = None) -> int:
        """The field as a whole number from ``minimum`` to ``maximum`` (a round
        1-999, a start number 1-9999, ...)."""
        value = self[name].strip()
        if not value and blank is not None:
            return blank
        n = bounded_value(value, maximum, minimum)
        if n is None:
            expected = f"a number from {minimum} to {maximum}" if is_whole_number(value) else "a whole number"
            raise self.bad(name, expected)
        return n


def _data_lines(lines: Sequence[str], header: str, path: str | None) -> Iterator[_Fields]:
    """The non-blank lines after the header, each split into the header's fields
    (a wrong number of fields is an error located on its line)."""
    names = header.split(";")
    col = {name: i for i, name in enumerate(names)}
    for line_no, line in enumerate(lines[1:], 2):
        if line.strip():
            fields = _split_checked(line, len(names), header, path=path, line_no=line_no)
            yield _Fields(fields, col, path=path, line=line_no)


def _check_header(lines: list[str], expected: str, what: str, *, path: str | None) -> None:
    if not lines:
        raise InputError(f"empty file: expected the {what} header {expected.split(';')[0]};…", path=path, line=1)
    got = lines[0]
    if got == expected:
        return
    if ";" not in got and ("," in got or "\t" in got):
        sep = "tabs" if "\t" in got else "commas"
        raise InputError(
            f"the header is separated by {sep}, Swiss-Manager separates fields with ';'", path=path, line=1, column=1
        )
    want = expected.split(";")
    have = got.split(";")
    for i, (a, b) in enumerate(zip(want, have, strict=False)):
        if a != b:
            raise InputError(
                f"not a Swiss-Manager {what} header: column {i + 1} is {b!r}, expected {a!r}",
                path=path,
                line=1,
                column=field_column(have, i),
            )
    raise InputError(
        f"not a Swiss-Manager {what} header: {len(have)} columns, expected {len(want)}",
        path=path,
        line=1,
        column=len(got) + 1,
    )


def _players_header(lines: list[str], path: str | None) -> str:
    """The header of a ``Spielerdaten`` file: the whole export's, or some of its columns
    (:func:`is_players_header`); anything else is refused at the column that is wrong."""
    if lines and is_players_header(lines[0]):
        return lines[0]
    if not lines or (";" not in lines[0] and ("," in lines[0] or "\t" in lines[0])):
        _check_header(lines, PLAYERS_HEADER, "Spielerdaten", path=path)  # empty, or another separator
    have = lines[0].split(";")
    seen: set[str] = set()
    for i, name in enumerate(have):
        if name not in _PLAYER_FIELDS:
            raise InputError(
                f"not a Swiss-Manager Spielerdaten column: {name!r}; "
                f"expected some of {PLAYERS_HEADER.replace(';', ' ')}",
                path=path,
                line=1,
                column=field_column(have, i),
            )
        if name in seen:
            raise InputError(f"column {name!r} appears twice", path=path, line=1, column=field_column(have, i))
        seen.add(name)
    raise InputError("a Spielerdaten file needs the column Name or Nachname", path=path, line=1, column=1)


def _birth_from_sm(text: str) -> str:
    """``dd.mm.yyyy`` → ``yyyy/mm/dd`` (the TRF form); a bare year stays a year."""
    value = text.strip()
    if not value:
        return ""
    parts = value.split(".")
    if len(parts) == 3 and all(p.isdigit() for p in parts) and len(parts[2]) == 4:
        d, m, y = parts
        if y == "0000":
            return ""
        return f"{y}/{m.zfill(2)}/{d.zfill(2)}"
    if len(value) == 4 and value.isdigit():
        return value
    raise ValueError(text)


def _birth_to_sm(birth: str) -> str:
    value = birth.strip()
    parts = value.replace("-", "/").replace(".", "/").split("/")
    if len(parts) == 3 and all(p.isdigit() for p in parts) and len(parts[0]) == 4:
        y, m, d = parts
        return f"{d.zfill(2)}.{m.zfill(2)}.{y}"
    return value


def _split_name(name: str) -> tuple[str, str]:
    """``"Surname, Given"`` (or ``Surname,Given``) → (surname, given)."""
    if "," in name:
        last, _, first = name.partition(",")
        return last.strip(), first.strip()
    return name.strip(), ""


def parse_players(data: bytes | str, *, path: str | None = None, encoding: str | None = None) -> SMPlayers:
    """Read a ``Spielerdaten (Text-File)`` export: the whole export, or a file with only
    some of its columns in any order (a player list typed or cut down by hand), which
    must name the player (``Name`` or ``Nachname``); the columns it lacks are blank.
    Without ``Nr`` the players are numbered in the order of the lines."""
    text = decode(data, path=path, encoding=encoding, what="Swiss-Manager player file")
    lines = split_lines(text)
    header = _players_header(lines, path)
    players: dict[int, Player] = {}
    where: dict[int, int] = {}
    numbered = "Nr" in header.split(";")
    for f in _data_lines(lines, header, path):
        line_no = f.line
        nr = f.integer("Nr", minimum=1, maximum=MAX_START_NO) if numbered else len(players) + 1
        if nr in players:
            raise InputError(
                f"start number {nr} appears twice (first on line {where[nr]})", path=path, line=line_no, column=1
            )
        rating = f.integer("EloInt", minimum=0, maximum=MAX_RATING, blank=0)
        try:
            birth = _birth_from_sm(f["Geburt"])
        except ValueError:
            raise f.bad("Geburt", "a date dd.mm.yyyy") from None
        pkt_text = f["Pkt"].strip()
        try:
            stated = _sm_points(pkt_text) if pkt_text else None
        except ValueError:
            raise f.bad("Pkt", "points such as 2, 2,5 or 2½") from None
        rank = f.integer("Rang", minimum=0, maximum=MAX_START_NO, blank=-1)
        fide = f["FideIdent"].strip()
        if fide and not fide.isdigit():
            raise f.bad("FideIdent", "a FIDE id (digits)")
        sex = f["Sex"].strip().lower()
        if sex not in ("", "m", "w", "f"):
            raise f.bad("Sex", "W, M or blank")
        last, first = spreadsheet_plain(f["Nachname"].strip()), spreadsheet_plain(f["Vorname"].strip())
        shown = spreadsheet_plain(f["Name"].strip())
        name = (f"{last}, {first}" if first else last) if last else shown
        if not name:
            raise f.bad("Name", "a name")
        extras = [(f"sm.{k}", f[k]) for k in _EXTRA_PLAYER_FIELDS if f[k] not in _EXTRA_DEFAULTS.get(k, ("",))]
        derived = f"{last} {first}".strip() if last else shown
        if shown != derived:
            extras.append(("sm.Name", shown))
        players[nr] = Player(
            start_no=nr,
            name=name,
            sex="w" if sex in ("w", "f") else sex,
            title=f["Titel"].strip(),
            rating=rating,
            federation=f["Fed"].strip(),
            fide_id="" if fide.strip("0") == "" else fide,
            birth=birth,
            club=spreadsheet_plain(f["Klub"].strip()),
            stated_points=stated,
            rank=None if rank < 0 else rank,
            extras=tuple(extras),
        )
        where[nr] = line_no
    if not players:
        raise InputError("no players in the Spielerdaten export", path=path, line=len(lines) + 1)
    ordered = tuple(players[n] for n in sorted(players))
    validated(Tournament(players=ordered), path=path, text=text)
    return SMPlayers(ordered, where, path)


def read_players(path: str | os.PathLike[str], *, encoding: str | None = None) -> SMPlayers:
    """Read a ``Spielerdaten`` export from a file."""
    p = os.fspath(path)
    return parse_players(read_bytes(p), path=p, encoding=encoding)


def _extra(player: Player, key: str, default: str = "") -> str:
    for k, v in player.extras:
        if k == key:
            return v
    return default


def credited_points(tournament: Tournament, player: Player) -> Points:
    """Points as Swiss-Manager shows them while a round is open: unfinished games
    count nothing and the pairing-allocated bye of a round still in play is credited
    only when the round is complete."""
    open_rounds = _open_rounds(tournament)
    total = 0
    for r, e in enumerate(player.entries, 1):
        if e.result is Result.PENDING or (e.result is Result.PAB and r in open_rounds):
            continue
        total += tournament.points.points(e.result)
    return total


def _open_rounds(tournament: Tournament) -> set[int]:
    return {
        r
        for r in range(1, tournament.rounds_in_file + 1)
        if any((e := p.entry(r)) is not None and e.result is Result.PENDING for p in tournament.players)
    }


def write_players(tournament: Tournament) -> str:
    """The players as a ``Spielerdaten (Text-File)`` for ``Extras → Daten
    Import/Export → Spielerdaten``. ``Pkt`` is the score as Swiss-Manager would show
    it; columns the model does not hold are written back from ``Player.extras``."""
    rows = [PLAYERS_HEADER]
    for p in tournament.players:
        last, first = _split_name(p.name)
        shown = _extra(p, "sm.Name", f"{last} {first}".strip())
        values = {
            "Nr": str(p.start_no),
            "Name": spreadsheet_text(shown),
            "Titel": p.title,
            "Identnr": _extra(p, "sm.Identnr"),
            "EloNat": _extra(p, "sm.EloNat", "0"),
            "EloInt": str(p.rating),
            "Geburt": _birth_to_sm(p.birth),
            "Fed": p.federation,
            "Sex": "W" if p.sex.lower() in ("w", "f") else "",
            "Typ": _extra(p, "sm.Typ"),
            "Gr": _extra(p, "sm.Gr"),
            "KlubNr": _extra(p, "sm.KlubNr", "0"),
            "Klub": spreadsheet_text(p.club),
            "FideIdent": p.fide_id or "0",
            "Quelle": _extra(p, "sm.Quelle"),
            "Pkt": _total_points(credited_points(tournament, p)),
            "Rang": "" if p.rank is None else str(p.rank),
            "Nachname": spreadsheet_text(last),
            "Vorname": spreadsheet_text(first),
            "Atitel": _extra(p, "sm.Atitel"),
        }
        for i in range(1, 7):
            values[f"Wtg{i}"] = _extra(p, f"sm.Wtg{i}")
        cells = [values[k] for k in _PLAYER_FIELDS]
        for k, v in zip(_PLAYER_FIELDS, cells, strict=True):
            if ";" in v or "\n" in v or "\r" in v:
                raise InputError(f"player {p.start_no}: {k} {v!r} contains a separator Swiss-Manager cannot read")
        rows.append(";".join(cells))
    return _CRLF.join(rows) + _CRLF


# -- Spielerauslosung ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairingRow:
    """One row of a ``Spielerauslosung`` file."""

    round_no: int
    board: int
    white: int
    black: int | None
    """``None`` on the pairing-allocated bye row (``NrS = -1``)."""
    white_points: Points
    black_points: Points
    forfeit: bool
    ident_white: str = "0"
    ident_black: str = "0"
    mnr: str = "0"
    elo_white: str = ""
    elo_black: str = ""
    line: int | None = None
    source: str | None = None
    """The file the row was read from."""

    @property
    def is_bye(self) -> bool:
        return self.black is None

    @property
    def pending(self) -> bool:
        """An unplayed board (``0;0;;0:0``)."""
        return not self.forfeit and self.white_points == 0 and self.black_points == 0

    def entries(self, *, path: str | None = None) -> dict[int, Entry]:
        """The model entries of the two players (the bye row: the PAB)."""
        if self.black is None:
            return {self.white: Entry(Result.PAB)}
        w, b = self.white_points, self.black_points
        if self.pending:
            rw = rb = Result.PENDING
        elif self.forfeit:
            if (w, b) == (10, 0):
                rw, rb = Result.FORFEIT_WIN, Result.FORFEIT_LOSS
            elif (w, b) == (0, 10):
                rw, rb = Result.FORFEIT_LOSS, Result.FORFEIT_WIN
            elif (w, b) == (0, 0):
                rw = rb = Result.FORFEIT_LOSS
            else:
                raise InputError(
                    f"round {self.round_no}: forfeit result {w / 10:g}:{b / 10:g} is not 1:0, 0:1 or 0:0",
                    path=path,
                    line=self.line,
                )
        elif (w, b) == (10, 0):
            rw, rb = Result.WIN, Result.LOSS
        elif (w, b) == (0, 10):
            rw, rb = Result.LOSS, Result.WIN
        elif (w, b) == (5, 5):
            rw = rb = Result.DRAW
        else:
            raise InputError(
                f"round {self.round_no}: result {_result_points(w)}:{_result_points(b)} is not a game result "
                "(1:0, 0:1, 0,5:0,5, or 0:0 for a game not played yet)",
                path=path,
                line=self.line,
            )
        return {
            self.white: Entry(rw, self.black, Colour.WHITE),
            self.black: Entry(rb, self.white, Colour.BLACK),
        }


def parse_pairing_rows(data: bytes | str, *, path: str | None = None, encoding: str | None = None) -> list[PairingRow]:
    """Read a ``Spielerauslosung (Text-File)`` export: its rows, checked one by one
    (each player once per round, ``Erg`` agreeing with ``ErgW``/``ErgS``)."""
    text = decode(data, path=path, encoding=encoding, what="Swiss-Manager pairing file")
    lines = split_lines(text)
    _check_header(lines, PAIRINGS_HEADER, "Spielerauslosung", path=path)
    rows: list[PairingRow] = []
    seen: dict[tuple[int, int], int] = {}
    for f in _data_lines(lines, PAIRINGS_HEADER, path):
        line_no = f.line
        round_no = f.integer("Runde", minimum=1, maximum=MAX_ROUNDS)
        board = f.integer("Brett", minimum=0, maximum=MAX_START_NO)
        white = f.integer("NrW", minimum=1, maximum=MAX_START_NO)
        black_no = f.integer("NrS", minimum=-1, maximum=MAX_START_NO)
        if black_no == 0:
            raise f.bad("NrS", "a start number, or -1 for the pairing-allocated bye")
        black = None if black_no == _BYE_NO else black_no
        if black == white:
            raise f.bad("NrS", f"an opponent other than player {white}")
        points: list[Points] = []
        for name in ("ErgW", "ErgS"):
            try:
                points.append(_sm_points(f[name]))
            except ValueError:
                raise f.bad(name, "points such as 1, 0 or 0,5") from None
        kont = f["Kontumaz"].strip()
        if kont not in ("", "K"):
            raise f.bad("Kontumaz", "K or empty")
        erg = f["Erg"].strip()
        expected_erg = f"{_result_points(points[0])}:{_result_points(points[1])}{kont}"
        if erg.replace(".", ",") != expected_erg and not _same_erg(erg, points, kont):
            raise f.bad("Erg", f"{expected_erg!r} (as ErgW;ErgS;Kontumaz say)")
        for n in (white, black):
            if n is None:
                continue
            key = (round_no, n)
            if key in seen:
                raise InputError(
                    f"player {n} appears twice in round {round_no} (first on line {seen[key]})",
                    path=path,
                    line=line_no,
                    column=f.column("NrW" if n == white else "NrS"),
                )
            seen[key] = line_no
        rows.append(
            PairingRow(
                round_no=round_no,
                board=board,
                white=white,
                black=black,
                white_points=points[0],
                black_points=points[1],
                forfeit=kont == "K",
                ident_white=f["IdentW"],
                ident_black=f["IdentS"],
                mnr=f["Mnr"],
                elo_white=f["ErgEloW"],
                elo_black=f["ErgEloS"],
                line=line_no,
                source=path,
            )
        )
        rows[-1].entries(path=path)
    return rows


def _same_erg(erg: str, points: list[Points], kont: str) -> bool:
    body = erg[:-1] if kont and erg.endswith(kont) else erg
    if kont and not erg.endswith(kont):
        return False
    left, sep, right = body.partition(":")
    if not sep:
        return False
    try:
        return [_sm_points(left), _sm_points(right)] == points
    except ValueError:
        return False


def read_pairing_rows(path: str | os.PathLike[str], *, encoding: str | None = None) -> list[PairingRow]:
    """Read a ``Spielerauslosung`` export from a file."""
    p = os.fspath(path)
    return parse_pairing_rows(read_bytes(p), path=p, encoding=encoding)


def merge_pairing_rows(
    tournament: Tournament,
    rows: Sequence[PairingRow],
    *,
    path: str | None = None,
    infer_byes: bool = False,
    players: SMPlayers | None = None,
) -> Tournament:
    """``tournament`` with the rounds of ``rows`` written in.

    Every round present in ``rows`` replaces that round's entries: players on a
    board get their game, the bye row gives the PAB. A player with no row in a
    round keeps an unpaired entry the tournament already has for it (a half-point
    bye from a TRF, say), else is recorded absent (``Z``). With ``infer_byes`` the
    players' ``Pkt`` (``stated_points``) decides instead: points not explained by
    the rows are half- or full-point byes in the rounds the player has no row in,
    when that is unambiguous. Rounds must be consecutive from 1.
    """
    known = {p.start_no for p in tournament.players}
    by_round: dict[int, list[PairingRow]] = {}
    for row in rows:
        for n in (row.white, row.black):
            if n is not None and n not in known:
                raise InputError(
                    f"round {row.round_no}: start number {n} is not in the player list",
                    path=row.source or path,
                    line=row.line,
                )
        by_round.setdefault(row.round_no, []).append(row)
    if not by_round:
        return tournament
    rounds = sorted(by_round)
    existing = tournament.rounds_in_file
    if rounds[0] > existing + 1 or rounds != list(range(rounds[0], rounds[-1] + 1)):
        gaps = sorted(set(range(existing + 1, rounds[-1] + 1)) - set(rounds))
        raise InputError(
            f"the pairing file has rounds {ranges(rounds)} but not round(s) {ranges(gaps)}: "
            f"export Spielerauslosung for rounds 1-{rounds[-1]}",
            path=path,
        )
    credited: dict[int, Points] = {}
    games: dict[int, dict[int, Entry]] = {}
    for r in rounds:
        entries = games[r] = {}
        for row in by_round[r]:
            entries.update(row.entries(path=row.source or path))
            if infer_byes:
                credited[row.white] = credited.get(row.white, 0) + row.white_points
                if row.black is not None:
                    credited[row.black] = credited.get(row.black, 0) + row.black_points
    tournament = tournament.with_players(_with_rounds(tournament.players, games))
    if infer_byes:
        tournament = _infer_byes(tournament, by_round, credited, path=path, source=players)
    return tournament


def _with_rounds(players: Iterable[Player], games: Mapping[int, Mapping[int, Entry]]) -> list[Player]:
    """The players with the rounds of ``games`` written in, in one pass (time in
    proportion to players × rounds): a player without a row in a round keeps an
    unpaired entry already there, else is absent."""
    last = max(games)
    out = []
    for p in players:
        entries = list(p.entries) + [ABSENT] * (last - len(p.entries))
        for r, table in games.items():
            entry = table.get(p.start_no)
            if entry is None:
                old = p.entry(r)
                entry = old if old is not None and not old.paired else ABSENT
            entries[r - 1] = entry
        out.append(replace(p, entries=tuple(entries)))
    return out


def _infer_byes(
    tournament: Tournament,
    by_round: Mapping[int, list[PairingRow]],
    credited: Mapping[int, Points],
    *,
    path: str | None,
    source: SMPlayers | None = None,
) -> Tournament:
    """Half- and full-point byes from ``Pkt``: Swiss-Manager writes neither into the
    pairing file. A round where every board is still unplayed is open: its byes are
    not credited yet and are left as absences."""
    open_rounds = {r for r, rows in by_round.items() if all(row.pending for row in rows)}
    players: list[Player] = []
    pts = tournament.points
    for p in tournament.players:
        if p.stated_points is None:
            players.append(p)
            continue
        gap = [r for r in by_round if r not in open_rounds and not _on_a_row(by_round[r], p.start_no)]
        deficit = p.stated_points - credited.get(p.start_no, 0)
        if deficit == 0:
            players.append(p)
            continue
        kinds = {pts.half_bye * len(gap): Result.HALF_BYE, pts.full_bye * len(gap): Result.FULL_BYE}
        result = kinds.get(deficit) if gap else None
        if result is None:
            if not gap:
                why = "has a row in every round"
            else:
                why = f"has no row in round(s) {ranges(gap)}, and the difference is not one kind of bye in each"
            raise InputError(
                f"player {p.start_no} ({p.name}) has Pkt {_total_points(p.stated_points)} but the pairing file "
                f"gives {_total_points(credited.get(p.start_no, 0))}; the player {why}. "
                "Export both files at the same time, or use the TRF16 export",
                path=source.path if source is not None else path,
                line=source.lines.get(p.start_no) if source is not None else None,
            )
        entries = list(p.entries)
        for r in gap:
            entries[r - 1] = Entry(result)
        players.append(replace(p, entries=tuple(entries)))
    return tournament.with_players(players)


def _on_a_row(rows: Iterable[PairingRow], n: int) -> bool:
    return any(row.white == n or row.black == n for row in rows)


def read_sm_export(
    players: str | os.PathLike[str] | SMPlayers,
    pairings: Sequence[str | os.PathLike[str]] = (),
    *,
    name: str = "",
    total_rounds: int | None = None,
    encoding: str | None = None,
) -> Tournament:
    """A tournament from a ``Spielerdaten`` export and the ``Spielerauslosung``
    export(s) taken with it (later files replace the rounds of earlier ones).

    Without a pairing file the player list must show no points (round 1 not paired
    yet): points without pairings cannot be turned into a history."""
    sm = players if isinstance(players, SMPlayers) else read_players(players, encoding=encoding)
    t = Tournament(players=sm.players, name=name, total_rounds=total_rounds)
    if not pairings:
        scored = [p for p in sm.players if p.stated_points]
        if scored:
            first = scored[0]
            raise InputError(
                f"player {first.start_no} has Pkt {_total_points(first.stated_points or 0)} but there is no "
                "Spielerauslosung export beside the player list: export the pairings too",
                path=sm.path,
                line=sm.lines.get(first.start_no),
            )
        return t
    rows_by_round: dict[int, list[PairingRow]] = {}
    for file in pairings:
        file_rows = read_pairing_rows(file, encoding=encoding)
        for r in sorted({row.round_no for row in file_rows}):
            rows_by_round[r] = [row for row in file_rows if row.round_no == r]
    rows = [row for r in sorted(rows_by_round) for row in rows_by_round[r]]
    where = os.fspath(pairings[-1]) if len(pairings) == 1 else None
    try:
        return merge_pairing_rows(t, rows, path=where, infer_byes=True, players=sm)
    except InputError as exc:
        if exc.path is None and len(pairings) > 1:
            exc.path = ", ".join(os.fspath(p) for p in pairings)
        raise


def pairing_from_rows(rows: Iterable[PairingRow], round_no: int | None = None) -> RoundPairing:
    """The pairing of ``round_no`` (default: the last round in ``rows``) as a
    Spielerauslosung file gives it: boards in ``Brett`` order, the PAB row."""
    rows = list(rows)
    r = host_round(rows) if round_no is None else round_no
    mine = sorted((row for row in rows if row.round_no == r), key=lambda row: (row.is_bye, row.board))
    if not mine:
        raise InputError(f"the pairing file has no rows for round {r}")
    boards = tuple(Board(row.white, row.black) for row in mine if row.black is not None)
    byes = [row.white for row in mine if row.black is None]
    if len(byes) > 1:
        raise InputError(f"round {r} has {len(byes)} bye rows (players {', '.join(map(str, byes))})")
    return RoundPairing(round_no=r, boards=boards, bye=byes[0] if byes else None)


def host_round(rows: Iterable[PairingRow]) -> int:
    """The last round a ``Spielerauslosung`` export holds (0 for none): the round
    Swiss-Manager already has."""
    return max((row.round_no for row in rows), default=0)


# -- writing -------------------------------------------------------------------------------------


def _ident(player: Player) -> str:
    return player.fide_id or "0"


def _row(
    round_no: int,
    board: int,
    white: Player,
    black: Player | None,
    wp: Points,
    bp: Points,
    forfeit: bool,
) -> str:
    k = "K" if forfeit else ""
    cells = [
        str(round_no),
        str(board),
        _ident(white),
        _ident(black) if black is not None else "0",
        str(white.start_no),
        str(black.start_no) if black is not None else str(_BYE_NO),
        _result_points(wp),
        _result_points(bp),
        k,
        f"{_result_points(wp)}:{_result_points(bp)}{k}",
        "0",
        "",
        "",
    ]
    return ";".join(cells)


_GAME_POINTS: Mapping[Result, Points] = {
    Result.WIN: 10,
    Result.WIN_UNRATED: 10,
    Result.DRAW: 5,
    Result.DRAW_UNRATED: 5,
    Result.LOSS: 0,
    Result.LOSS_UNRATED: 0,
    Result.FORFEIT_WIN: 10,
    Result.FORFEIT_LOSS: 0,
    Result.PENDING: 0,
}
"""Game points in the file: Swiss-Manager applies its own point system on import."""


def check_not_stale(
    tournament: Tournament, pairing: RoundPairing, *, host: int | None = None, adjourned: bool = False
) -> None:
    """Refuse a pairing Swiss-Manager would import over a round it already holds.

    Importing a ``Spielerauslosung`` file replaces the host's pairing of that round
    silently. So the pairing must be of a round the export it was computed from
    does not contain yet, the rounds before it must be finished (unless the arbiter
    paired around ``adjourned`` games, GHR 3.1), and — when the host's latest export
    is known (``host``: the last round it holds) — the host must not have paired
    that round since.
    """
    r = pairing.round_no
    paired_here = [p.start_no for p in tournament.players if (e := p.entry(r)) is not None and e.paired]
    if paired_here:
        raise StaleExport(
            f"stale export: the file this pairing was computed from already holds round {r} as paired by "
            f"Swiss-Manager (e.g. player {paired_here[0]}); importing would silently replace that pairing. "
            f"Pair from an export taken before round {r} was paired, or delete the round in Swiss-Manager first"
        )
    if host is not None and host >= r:
        raise StaleExport(
            f"stale export: Swiss-Manager already holds round {host}, but this pairing of round {r} was computed "
            f"from an export of round {r - 1}; importing would silently replace the host's round {r}. "
            "Export again from Swiss-Manager and pair from the new export"
        )
    for rr in range(1, r):
        if (pending := tournament.pending_games(rr)) and (not adjourned or tournament.is_unplayed(rr)):
            white, black = pending[0]
            raise StaleExport(
                f"round {rr} is not finished (the game {white}-{black} has no result), "
                f"so round {r} cannot be paired from this export"
            )


def write_pairings(
    tournament: Tournament, pairing: RoundPairing, *, host: int | None = None, adjourned: bool = False
) -> str:
    """The pairing of the next round as a ``Spielerauslosung`` file for
    ``Extras → Daten Import/Export``: every board ``0;0;;0:0``, the PAB as the row
    with ``NrS = -1`` after the boards. Swiss-Manager creates the round with these
    pairings (or adopts them over its own: see :func:`check_not_stale`, which is
    applied first). Players not paired (half-point byes, absences) have no row, as
    in Swiss-Manager's own export."""
    check_not_stale(tournament, pairing, host=host, adjourned=adjourned)
    known = {p.start_no: p for p in tournament.players}
    rows = [PAIRINGS_HEADER]
    for i, b in pairing.numbered():
        for n in b.players():
            if n not in known:
                raise InputError(f"round {pairing.round_no}: board {i} names start number {n}, not a player")
        rows.append(_row(pairing.round_no, i, known[b.white], known[b.black], 0, 0, False))
    if pairing.bye is not None:
        if pairing.bye not in known:
            raise InputError(f"round {pairing.round_no}: the bye goes to start number {pairing.bye}, not a player")
        rows.append(_row(pairing.round_no, pairing.next_number, known[pairing.bye], None, 0, 0, False))
    return _CRLF.join(rows) + _CRLF


def write_pairing_rows(tournament: Tournament, rounds: Iterable[int] | None = None) -> str:
    """Rounds of ``tournament`` (default: every round in it) as a ``Spielerauslosung``
    file, boards numbered in the recommended order of C.04.2 Art. 3.6 — the order
    Swiss-Manager numbers them in. A finished round's bye row reads ``1;1;;1:1`` as
    Swiss-Manager rewrites it; while any game of the round is unfinished it reads
    ``0;0;;0:0`` (Swiss-Manager scores the bye with its own value either way)."""
    todo = list(range(1, tournament.rounds_in_file + 1)) if rounds is None else list(rounds)
    rows = [PAIRINGS_HEADER]
    for r in todo:
        games = printed_order(tournament, r)
        round_open = False
        lines: list[str] = []
        for white_no, black_no in games:
            white, black = tournament.player(white_no), tournament.player(black_no)
            we, be = white.entry(r), black.entry(r)
            assert we is not None and be is not None
            if we.result is Result.PENDING or be.result is Result.PENDING:
                round_open = True
            if we.result not in _GAME_POINTS or be.result not in _GAME_POINTS:
                raise InputError(f"round {r}: players {white_no} and {black_no} have inconsistent entries")
            forfeit = we.is_forfeit or be.is_forfeit
            lines.append(
                _row(r, len(lines) + 1, white, black, _GAME_POINTS[we.result], _GAME_POINTS[be.result], forfeit)
            )
        for p in tournament.players:
            e = p.entry(r)
            if e is not None and e.result is Result.PAB:
                score = 0 if round_open else 10
                lines.append(_row(r, len(lines) + 1, p, None, score, score, False))
        rows.extend(lines)
    return _CRLF.join(rows) + _CRLF


def write_results(tournament: Tournament, round_no: int) -> str:
    """The results of ``round_no`` as a ``Spielerauslosung`` file to import into
    Swiss-Manager: every board of the round with its result (``K`` for forfeits)
    and the bye row, so that the import merges them. Refused while a game of the
    round has no result."""
    if unfinished := tournament.pending_games(round_no):
        games = listed([f"{w}-{b}" for w, b in unfinished], 6)
        raise InputError(f"round {round_no} is not finished: no result for {games}")
    if not any((e := p.entry(round_no)) is not None and e.paired for p in tournament.players):
        raise InputError(f"round {round_no} has not been paired")
    return write_pairing_rows(tournament, [round_no])


def lost_in_pairing_file(tournament: Tournament) -> list[str]:
    """What a ``Spielerauslosung`` file cannot hold of ``tournament`` (for the
    conversion report)."""
    out: list[str] = []
    kinds = {Result.HALF_BYE: "half-point byes", Result.FULL_BYE: "full-point byes", Result.ZERO_BYE: "absences"}
    seen: set[Result] = set()
    for p in tournament.players:
        for e in p.entries:
            if e.result in kinds and e.opponent is None:
                seen.add(e.result)
            if e.result in (Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED):
                seen.add(e.result)
    for r in (Result.HALF_BYE, Result.FULL_BYE, Result.ZERO_BYE):
        if r in seen:
            out.append(f"{kinds[r]} (Swiss-Manager keeps them as a player status, not in the pairing file)")
    if seen & {Result.WIN_UNRATED, Result.DRAW_UNRATED, Result.LOSS_UNRATED}:
        out.append("games of less than one move (W/D/L) are written as ordinary results")
    out.append("player names and details (they are in the Spielerdaten export; rows join on start numbers)")
    return out


def read_sm_folder(folder: str | os.PathLike[str], *, encoding: str | None = None) -> Tournament:
    """A tournament from the Swiss-Manager text exports in ``folder``: exactly one
    ``Spielerdaten`` file and any ``Spielerauslosung`` files (applied oldest first)."""
    players, pairings = find_sm_files(folder)
    if players is None:
        raise InputError("no Spielerdaten export (header Nr;Name;…) in the folder", path=os.fspath(folder))
    return read_sm_export(players, pairings, encoding=encoding)


def find_sm_files(folder: str | os.PathLike[str]) -> tuple[Path | None, list[Path]]:
    """The ``Spielerdaten`` file and the ``Spielerauslosung`` files of a folder,
    recognised by their headers; the pairing files sorted by modification time."""
    players: list[Path] = []
    pairings: list[Path] = []
    for f in sorted(Path(folder).iterdir()):
        if not f.is_file() or f.name.startswith("."):
            continue
        try:
            with open_regular(f) as fh:
                head = fh.read(200)
        except OSError:
            continue
        kind = sniff(head_text(head))
        if kind == "sm-players":
            players.append(f)
        elif kind == "sm-pairings":
            pairings.append(f)
    if len(players) > 1:
        raise InputError(
            f"{len(players)} Spielerdaten exports in the folder ({', '.join(p.name for p in players)}): keep one",
            path=os.fspath(folder),
        )
    pairings.sort(key=lambda p: (p.stat().st_mtime, p.name))
    return (players[0] if players else None), pairings
