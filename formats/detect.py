"""Choosing a reader or a writer: by name (``--from``/``--to``), by file extension,
and by content when the extension does not say (Swiss-Manager writes TRF16 and its
text exports alike as ``.TXT``).

Every tournament format is one row of :data:`FORMATS` (:class:`Format`): its name,
the extensions and the content that identify it, its reader, its writer, its
writer of a round's pairing (``pair --format``), whether it holds the whole
tournament (and so may replace an input in place) and the pairing system (record
192), and what a file of it cannot hold. Every table of formats — the detection,
``convert --from/--to``, ``pair --format``, what is rewritten in place — is read
from it; the readers and writers are imported only when used.

==============  ====================================================  ======  ======
name            what                                                  read    write
==============  ====================================================  ======  ======
``trf``         FIDE TRF, any dialect (written as TRF-2026)           yes     yes
``trf16``       TRF16 with the engine extensions (XXR, XXC, …)        yes     yes
``trf26``       TRF-2026                                              yes     yes
``sm``          Swiss-Manager text exports (Spielerdaten + Spieler-   yes     yes
                auslosung); written as a Spielerauslosung
``sm-pairings`` Swiss-Manager ``Spielerauslosung`` (all rounds)       yes     yes
``sm-players``  Swiss-Manager ``Spielerdaten``                        yes     yes
``pgn``         PGN: one game per board, ``Round "R.B"``              yes     yes
``json``        the documented JSON form of the model                 yes     yes
``tunx``        Swiss-Manager's own tournament file (``.TUNX``)       yes     no
==============  ====================================================  ======  ======

A folder is read as one tournament: the Swiss-Manager exports in it, or its PGN
files (with a player list — TRF, JSON or Spielerdaten — when one is there).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from swissbridge.atomic import open_regular
from swissbridge.errors import InputError, UsageError
from swissbridge.messages import listed, ranges
from swissbridge.model import Tournament

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the way to a pair
if TYPE_CHECKING:
    from swissbridge.pairing import RoundPairing

__all__ = [
    "FILE_SUFFIXES",
    "FORMATS",
    "READ_FORMATS",
    "WRITE_FORMATS",
    "Format",
    "detect_format",
    "holds_system",
    "is_tournament_folder",
    "lost_in",
    "pairing_formats",
    "read_any",
    "sniff",
    "state_format_of",
    "target_format",
    "write_any",
    "write_state",
]


@dataclass(frozen=True, slots=True)
class Reading:
    """What a reader is given besides the path: the encoding of Swiss-Manager text
    exports, and the lists of notes and warnings it adds to (:func:`read_any`)."""

    encoding: str | None = None
    notes: list[str] | None = None
    warnings: list[str] | None = None


@dataclass(frozen=True, slots=True)
class Format:
    """One tournament format and everything swissbridge does with it."""

    name: str
    what: str
    read: Callable[[Path, Reading], Tournament] | None = None
    """Its reader (``None``: not read)."""
    write: Callable[[Tournament], str] | None = None
    """Its writer of a whole file (``None``: not written)."""
    pairing: Callable[[Tournament, RoundPairing, bool], str] | None = None
    """Its writer of one round's pairing (``pair --format NAME``; the flag: the round
    was paired around adjourned games), ``None``: not a ``pair`` format."""
    paired_whole: bool = False
    """Its pairing writer writes the whole tournament with the round (TRF), so that
    ``pair -o INPUT --in-place --format NAME`` may replace the input with it; a
    pairing-only document (JSON's ``swissbridge-pairing``, PGN, Swiss-Manager's
    import file) never does."""
    suffixes: tuple[str, ...] = ()
    """The extensions that name it (lower case)."""
    suffix: str = ""
    """The extension a file written in it is given (a batch conversion)."""
    sniff: Callable[[bytes, str], bool] | None = None
    """Whether a file's first bytes (and their text) are of this format."""
    whole: bool = False
    """It holds the whole tournament (``pair --in-place`` may rewrite a file of it;
    a folder's files of it are each a tournament)."""
    state: str = ""
    """The format a file of it is rewritten in when a command replaces it (``pair
    --in-place``, ``result``); empty: it cannot be replaced."""
    system: bool = False
    """It holds the pairing system (TRF record 192, JSON's ``system``)."""
    lost: Callable[[Tournament], list[str]] = field(default=lambda t: [])
    """What a file of it cannot hold of a tournament (``convert`` says it)."""
    parse: Callable[[str], Tournament] | None = None
    """Its reader of text already in memory (the formats a tournament is kept in: what
    an edit wrote is read back with it, :func:`write_state`)."""


# -- readers, writers and what is lost, each importing its format's module when used ----------


def _read_trf(p: Path, how: Reading) -> Tournament:
    from swissbridge.formats.trf import read_trf

    return read_trf(p, warnings=how.warnings)


def _read_json(p: Path, how: Reading) -> Tournament:
    from swissbridge.formats.jsonfmt import read_json

    return read_json(p)


def _parse_trf(text: str) -> Tournament:
    from swissbridge.formats.trf import parse_trf

    return parse_trf(text)


def _parse_json(text: str) -> Tournament:
    from swissbridge.formats.jsonfmt import parse_json

    return parse_json(text)


def _read_pgn(p: Path, how: Reading) -> Tournament:
    from swissbridge.formats.pgn import tournament_from_pgn

    return tournament_from_pgn([p], warnings=how.warnings)


def _read_tunx(p: Path, how: Reading) -> Tournament:
    from swissbridge.formats.tunx import read_tunx

    return read_tunx(p)


def _sm_reader(kind: str) -> Callable[[Path, Reading], Tournament]:
    def read(p: Path, how: Reading) -> Tournament:
        return _read_sm_file(p, kind, how.encoding, how.notes)

    return read


def _trf_writer(dialect: str) -> Callable[[Tournament], str]:
    def write(tournament: Tournament) -> str:
        from swissbridge.formats.trf import write_trf

        return write_trf(tournament, dialect=dialect)

    return write


def _write_json(tournament: Tournament) -> str:
    from swissbridge.formats.jsonfmt import tournament_to_json

    return tournament_to_json(tournament)


def _write_pgn(tournament: Tournament) -> str:
    from swissbridge.formats.pgn import write_results_pgn

    return write_results_pgn(tournament)


def _write_sm_pairings(tournament: Tournament) -> str:
    from swissbridge.formats.swissmanager import write_pairing_rows

    return write_pairing_rows(tournament)


def _write_sm_players(tournament: Tournament) -> str:
    from swissbridge.formats.swissmanager import write_players

    return write_players(tournament)


def _pair_trf(tournament: Tournament, pairing: RoundPairing, adjourned: bool) -> str:
    from swissbridge.formats.trf import write_trf
    from swissbridge.pairing import apply_pairing

    return write_trf(apply_pairing(tournament, pairing))


def _pair_json(tournament: Tournament, pairing: RoundPairing, adjourned: bool) -> str:
    from swissbridge.formats.jsonfmt import pairing_to_json

    return pairing_to_json(tournament, pairing)


def _pair_pgn(tournament: Tournament, pairing: RoundPairing, adjourned: bool) -> str:
    from swissbridge.formats.pgn import write_pairing_pgn

    return write_pairing_pgn(tournament, pairing)


def _pair_sm(tournament: Tournament, pairing: RoundPairing, adjourned: bool) -> str:
    from swissbridge.formats.swissmanager import write_pairings

    return write_pairings(tournament, pairing, adjourned=adjourned)


def _looks_like_trf(head: bytes, text: str) -> bool:
    """The first line is a TRF record: a three-digit code and a blank (``012 ``,
    ``001 ``), or an engine extension (``XXR``, ``XXC``, …)."""
    first = text.lstrip().split("\n", 1)[0].rstrip("\r")
    code = first[:3]
    return (code.isascii() and code.isdigit() and first[3:4] in ("", " ")) or code.startswith("XX")


def _looks_like_tunx(head: bytes, text: str) -> bool:
    from swissbridge.formats.tunx import MAGIC

    return head.startswith(MAGIC)


def _sm_sniffer(kind: str) -> Callable[[bytes, str], bool]:
    def sniff(head: bytes, text: str) -> bool:
        from swissbridge.formats.swissmanager import sniff as sm_sniff

        return sm_sniff(text) == kind

    return sniff


def _starts_with(mark: str) -> Callable[[bytes, str], bool]:
    def sniff(head: bytes, text: str) -> bool:
        return text.lstrip().startswith(mark)

    return sniff


def _trf_lost(dialect: str) -> Callable[[Tournament], list[str]]:
    def lost(tournament: Tournament) -> list[str]:
        out: list[str] = []
        numbers = [p.start_no for p in tournament.players]
        if numbers != list(range(1, len(numbers) + 1)):
            out.append(
                f"start numbers with gaps ({_missing(numbers)} missing): TRF needs 1..N, and TRF readers "
                "(this one too) refuse the file"
            )
        if any(k.startswith("sm.") for p in tournament.players for k, _ in p.extras):
            out.append("Swiss-Manager player columns TRF has no field for (national id and rating, tie-breaks)")
        from swissbridge.formats.trf import TRF_NAME_WIDTH

        long = [f"#{p.start_no} {p.name!r}" for p in tournament.players if len(p.name) > TRF_NAME_WIDTH]
        if long:
            out.append(
                f"the end of names over {TRF_NAME_WIDTH} characters (TRF columns 15-47 hold no more): "
                + listed(long, 6)
            )
        if dialect == "trf16":
            out += _printed_boards_lost(tournament)
        return out

    return lost


def _printed_boards_lost(tournament: Tournament) -> list[str]:
    """The boards of the paired rounds as printed (record BRD), which the format does not keep:
    read back, a round is numbered again from the scores before it (docs/event.md)."""
    rounds = [b.round_no for b in tournament.current_board_lists()]
    if not rounds:
        return []
    return [
        f"the board numbers of round(s) {ranges(rounds)} as printed (record BRD): read back, they are numbered "
        "from the scores before each round, which a correction since may have changed"
    ]


def _pgn_lost(tournament: Tournament) -> list[str]:
    from swissbridge.formats.pgn import lost_in_pgn

    return lost_in_pgn(tournament) + _colourless_games(tournament) + _printed_boards_lost(tournament)


def _sm_pairings_lost(tournament: Tournament) -> list[str]:
    from swissbridge.formats.swissmanager import lost_in_pairing_file

    return (
        lost_in_pairing_file(tournament)
        + _colourless_games(tournament)
        + _settings_lost(tournament)
        + _printed_boards_lost(tournament)
    )


def _sm_players_lost(tournament: Tournament) -> list[str]:
    return ["the round-by-round history (it goes in the Spielerauslosung file)", *_settings_lost(tournament)]


_TRF = ".trf"
FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format(
            "trf",
            "FIDE TRF, any dialect (written as TRF-2026)",
            _read_trf,
            _trf_writer("trf26"),
            _pair_trf,
            paired_whole=True,
            suffixes=(_TRF, ".trfx", ".input"),
            suffix=_TRF,
            sniff=_looks_like_trf,
            whole=True,
            state="trf",
            system=True,
            lost=_trf_lost("trf26"),
            parse=_parse_trf,
        ),
        Format(
            "trf16",
            "TRF16 with the engine extensions (XXR, XXC, …)",
            _read_trf,
            _trf_writer("trf16"),
            suffix=_TRF,
            whole=True,
            state="trf",
            system=True,
            lost=_trf_lost("trf16"),
        ),
        Format(
            "trf26",
            "TRF-2026",
            _read_trf,
            _trf_writer("trf26"),
            suffix=_TRF,
            whole=True,
            state="trf",
            system=True,
            lost=_trf_lost("trf26"),
            parse=_parse_trf,
        ),
        Format(
            "sm",
            "Swiss-Manager text exports (Spielerdaten + Spielerauslosung); written as a Spielerauslosung",
            _sm_reader("sm"),
            _write_sm_pairings,
            _pair_sm,
            suffix=".txt",
            lost=_sm_pairings_lost,
        ),
        Format(
            "sm-pairings",
            "Swiss-Manager Spielerauslosung (all rounds)",
            _sm_reader("sm-pairings"),
            _write_sm_pairings,
            suffix=".txt",
            sniff=_sm_sniffer("sm-pairings"),
            lost=_sm_pairings_lost,
        ),
        Format(
            "sm-players",
            "Swiss-Manager Spielerdaten",
            _sm_reader("sm-players"),
            _write_sm_players,
            suffix=".txt",
            sniff=_sm_sniffer("sm-players"),
            lost=_sm_players_lost,
        ),
        Format(
            "pgn",
            'PGN: one game per board, Round "R.B"',
            _read_pgn,
            _write_pgn,
            _pair_pgn,
            suffixes=(".pgn",),
            suffix=".pgn",
            sniff=_starts_with("["),
            lost=_pgn_lost,
        ),
        Format(
            "json",
            "the documented JSON form of the model",
            _read_json,
            _write_json,
            _pair_json,
            suffixes=(".json",),
            suffix=".json",
            sniff=_starts_with("{"),
            whole=True,
            state="json",
            system=True,
            parse=_parse_json,
        ),
        Format(
            "tunx",
            "Swiss-Manager's own tournament file (.TUNX)",
            _read_tunx,
            suffixes=(".tunx", ".turx", ".tumx"),
            sniff=_looks_like_tunx,
            whole=True,
        ),
    )
}
"""Every tournament format, by name, in the order the command line lists them."""

READ_FORMATS = tuple(name for name, f in FORMATS.items() if f.read is not None)
WRITE_FORMATS = tuple(name for name, f in FORMATS.items() if f.write is not None)

NOT_TOURNAMENTS = {".xml": "an XML file is not a tournament (a FIDE rating list is used with 'swissbridge ratings')"}
"""Files recognised by their extension or content that hold no tournament, and why."""

_BY_SUFFIX = {suffix: f.name for f in FORMATS.values() for suffix in f.suffixes}
FILE_SUFFIXES = frozenset(suffix for f in FORMATS.values() if f.whole for suffix in f.suffixes)
"""The extensions of the files that each hold a whole tournament on their own (round
PGNs and Swiss-Manager text exports make one tournament per folder instead:
:func:`is_tournament_folder`)."""


def suffix_for(fmt: str) -> str:
    """The file extension a batch conversion gives files of format ``fmt``."""
    return FORMATS[fmt].suffix


def holds_system(fmt: str) -> bool:
    """Whether format ``fmt`` holds the pairing system (TRF record 192, JSON's ``system``)."""
    return FORMATS[fmt].system


def pairing_formats() -> tuple[str, ...]:
    """The formats a round's pairing is written in by ``pair --format`` (besides the
    board list and the engines' pair list, which are ``pair``'s own)."""
    return tuple(name for name, f in FORMATS.items() if f.pairing is not None)


def write_pairing(tournament: Tournament, pairing: RoundPairing, fmt: str, *, adjourned: bool = False) -> str:
    """The pairing of a round in format ``fmt`` (one of :func:`pairing_formats`)."""
    writer = FORMATS[fmt].pairing if fmt in FORMATS else None
    if writer is None:
        raise InputError(f"unknown output format {fmt!r}")
    return writer(tournament, pairing, adjourned)


def state_format_of(path: str | os.PathLike[str]) -> str | None:
    """The format the tournament file ``path`` is rewritten in when a command replaces
    it (its :attr:`Format.state`), or None when a file of its format cannot hold the
    whole tournament."""
    kind = detect_format(path)
    return FORMATS[kind].state or None if kind in FORMATS else None


def sniff(head: bytes) -> str | None:
    """The format a file's first bytes show (:attr:`Format.sniff`), or None."""
    from swissbridge.formats._text import head_text

    text = head_text(head)
    for f in FORMATS.values():  # the first, TRF, is checked first: the common case needs no other reader
        if f.sniff is not None and f.sniff(head, text):
            return f.name
    return None


def _sniff(head: bytes) -> str:
    """The format of a file by its first bytes: TRF when nothing says otherwise."""
    found = sniff(head)
    if found is not None:
        return found
    from swissbridge.formats._text import head_text

    return "xml" if head_text(head).lstrip().startswith("<") else "trf"


def detect_format(path: str | os.PathLike[str]) -> str:
    """The format of an input: ``folder``, a name of :data:`READ_FORMATS`, or
    ``xml`` (recognised but not a tournament file). An extension names its format,
    but for TRF's: a ``.trf`` or ``.input`` file (and one of any other extension) is
    read as what its content is, since Swiss-Manager writes its text exports under
    any name."""
    p = Path(path)
    if p.is_dir():
        return "folder"
    suffix = p.suffix.lower()
    by_suffix = "xml" if suffix in NOT_TOURNAMENTS else _BY_SUFFIX.get(suffix)
    if by_suffix not in (None, "trf"):
        return by_suffix
    try:
        with open_regular(p) as fh:
            head = fh.read(4096)
    except OSError:
        return "trf"  # the reader says why it cannot read it
    return _sniff(head)


def target_format(path: str | os.PathLike[str], to: str | None) -> str:
    """The format to write: ``to`` when given, else from the extension (``.json``,
    ``.pgn``; anything else — ``.trf``, ``.txt`` — TRF-2026, as before the other
    formats existed: a Swiss-Manager text file needs ``--to sm``)."""
    if to is not None:
        if to not in WRITE_FORMATS:
            raise UsageError(f"cannot write {to} files; --to takes one of {', '.join(WRITE_FORMATS)}")
        return "trf26" if to == "trf" else to
    suffix = Path(path).suffix.lower()
    fmt = _BY_SUFFIX.get(suffix)
    if suffix in NOT_TOURNAMENTS or (fmt is not None and FORMATS[fmt].write is None):
        raise InputError(f"cannot write {Path(path).suffix} files: give another target or --to", path=os.fspath(path))
    if fmt is not None and fmt != "trf":
        return fmt
    return "trf26"


def read_any(
    path: str | os.PathLike[str],
    fmt: str | None = None,
    *,
    encoding: str | None = None,
    notes: list[str] | None = None,
    warnings: list[str] | None = None,
) -> Tournament:
    """Read a tournament in any supported format (``fmt``, else detected); ``encoding``
    is that of Swiss-Manager text exports (strict UTF-8 unless given); ``notes``
    receives what was read besides ``path`` (a Swiss-Manager export's siblings) and why;
    ``warnings`` what was read by a guess (a TRF file read as Windows-1252, a PGN
    file as Latin-1)."""
    p = Path(path)
    where = os.fspath(path)
    if fmt is not None and fmt not in READ_FORMATS:
        raise InputError(f"unknown input format {fmt!r}; expected one of {', '.join(READ_FORMATS)}")
    kind = fmt or detect_format(p)
    if p.is_dir():
        return _read_folder(p, encoding, warnings)
    if kind == "xml":
        raise InputError(NOT_TOURNAMENTS[".xml"], path=where)
    reader = FORMATS[kind].read if kind in FORMATS else None
    if reader is None:
        raise InputError(f"unknown input format {kind!r}", path=where)
    return reader(p, Reading(encoding, notes, warnings))


NO_PLAYERS = (
    "a Spielerauslosung export names players by start number only: put the Spielerdaten export "
    "(Extras → Daten Import/Export → Spielerdaten) in the same folder"
)
"""The error for ``Spielerauslosung`` exports without the ``Spielerdaten`` one, named or in a folder."""


def _read_sm_file(p: Path, kind: str, encoding: str | None = None, notes: list[str] | None = None) -> Tournament:
    """A Swiss-Manager text export with only the siblings it needs from its folder,
    each named in ``notes`` with the reason: a ``Spielerdaten`` export before round 1
    (no points) alone; one with points with the ``Spielerauslosung`` exports that hold
    its games; a ``Spielerauslosung`` export with the ``Spielerdaten`` export that
    names its players. An error in a sibling says whose sibling it was read as."""
    from swissbridge.formats import swissmanager as sm
    from swissbridge.formats._text import read_bytes

    if kind == "sm":
        head = read_bytes(p)[:512]
        kind = _sniff(head)
        if kind not in ("sm-players", "sm-pairings"):
            raise InputError("not a Swiss-Manager text export (header Nr;Name;… or Runde;Brett;…)", path=str(p))
    if kind == "sm-players":
        players = sm.read_players(p, encoding=encoding)
        if not any(q.stated_points for q in players.players):
            return sm.read_sm_export(players, [], encoding=encoding)  # before round 1: nothing else needed
        _, pairings = sm.find_sm_files(p.parent)
        siblings = [f for f in pairings if f != p]
        why = "its players have points, and the games that gave them are in the Spielerauslosung export(s)"
        return _with_siblings(p, siblings, why, notes, lambda: sm.read_sm_export(players, siblings, encoding=encoding))
    found, _ = sm.find_sm_files(p.parent)
    if found is None:
        raise InputError(NO_PLAYERS, path=str(p))
    why = "a Spielerauslosung export names players by start number only"
    return _with_siblings(p, [found], why, notes, lambda: sm.read_sm_export(found, [p], encoding=encoding))


def _with_siblings(
    p: Path, siblings: Sequence[Path], why: str, notes: list[str] | None, read: Callable[[], Tournament]
) -> Tournament:
    """``read()``, having said which siblings of ``p`` it reads and why; an error in a
    sibling names it and says it was read as ``p``'s sibling."""
    if notes is not None and siblings:
        notes.append(f"reading {p.name} with {', '.join(f.name for f in siblings)} from its folder: {why}")
    try:
        return read()
    except InputError as exc:
        if exc.path is not None and exc.path != os.fspath(p):
            exc.message += f" (read as the sibling of {p.name}: {why})"
            exc.args = (exc.message,)
        raise


def _round_pgns(folder: Path) -> list[Path]:
    return sorted(f for f in folder.iterdir() if f.is_file() and f.suffix.lower() == ".pgn")


def is_tournament_folder(folder: str | os.PathLike[str]) -> bool:
    """Whether ``folder`` is itself one tournament for :func:`read_any`: it holds round
    PGN files or Swiss-Manager text exports (a folder holding several Spielerdaten
    exports counts too: reading it says which to keep)."""
    from swissbridge.formats import swissmanager as sm

    p = Path(folder)
    if _round_pgns(p):
        return True
    try:
        players, pairings = sm.find_sm_files(p)
    except InputError:
        return True
    return players is not None or bool(pairings)


def _read_folder(folder: Path, encoding: str | None = None, warnings: list[str] | None = None) -> Tournament:
    from swissbridge.formats import swissmanager as sm

    players, pairings = sm.find_sm_files(folder)
    pgns = _round_pgns(folder)
    if pgns:
        from swissbridge.formats.pgn import tournament_from_pgn

        roster = _player_list(folder, players)
        return tournament_from_pgn(pgns, players=roster, warnings=warnings)
    if players is not None:
        return sm.read_sm_export(players, pairings, encoding=encoding)
    if pairings:
        raise InputError(NO_PLAYERS, path=os.fspath(folder))
    raise InputError("the folder holds neither Swiss-Manager exports nor PGN files", path=os.fspath(folder))


def _player_list(folder: Path, sm_players: Path | None) -> Tournament | None:
    """The player list beside a folder of round PGNs: a Spielerdaten export, a JSON
    or a TRF file (exactly one)."""
    candidates: list[Path] = []
    if sm_players is not None:
        candidates.append(sm_players)
    for f in sorted(folder.iterdir()):
        if f.is_file() and f.suffix.lower() in (".trf", ".json"):
            candidates.append(f)
    if not candidates:
        return None
    if len(candidates) > 1:
        raise InputError(
            f"several player lists beside the PGN files ({', '.join(c.name for c in candidates)}): keep one",
            path=os.fspath(folder),
        )
    src = candidates[0]
    if src == sm_players:
        from swissbridge.formats.swissmanager import read_players

        return Tournament(players=read_players(src).players)
    t = read_any(src)
    return t


def write_any(tournament: Tournament, fmt: str) -> str:
    """The tournament in format ``fmt`` (see :data:`WRITE_FORMATS`)."""
    f = FORMATS.get(fmt)
    if f is None or f.write is None:
        raise InputError(f"unknown output format {fmt!r}; expected one of {', '.join(WRITE_FORMATS)}")
    return f.write(tournament)


def write_state(tournament: Tournament, fmt: str) -> str:
    """``tournament`` as the text of a tournament file in ``fmt`` (a state format:
    ``trf``, ``json``), read back before it is written: the text must read with the
    format's own reader and hold what ``tournament`` holds (every field of the model
    but the points column, which the writer derives from the results), else it is an
    :class:`~swissbridge.errors.InputError` (what was given cannot be kept in the file)
    naming what would be lost, and nothing is written. This is the self-check of every
    command that edits a tournament file (:func:`swissbridge.commands.output.write_tournament`):
    an edit never leaves a file the tool cannot read, or one that reads as something other
    than what was meant."""
    text = write_any(tournament, fmt)
    parse = FORMATS[fmt].parse
    if parse is None:
        return text
    try:
        back = parse(text)
    except InputError as exc:
        where = f"line {exc.line}: " if exc.line is not None else ""
        raise InputError(
            f"the tournament would be written as a file that does not read back ({where}{exc.message}); nothing written"
        ) from None
    difference = _difference(tournament, back)
    if difference is not None:
        raise InputError(f"the file written would not hold {difference} as meant; nothing written")
    return text


def _difference(meant: Tournament, back: Tournament) -> str | None:
    """What ``back`` (a file read back) holds otherwise than ``meant``, named (``player
    4's entries``), or None. What the writer or the reader derive is not compared: the
    points column (stated points, from the results) and an initial colour ``meant``
    leaves open (the reader takes it from round 1's colours)."""
    from dataclasses import fields, replace
    from itertools import zip_longest

    from swissbridge.model import Player

    def plain(t: Tournament) -> Tournament:
        colour = t.initial_colour if meant.initial_colour is not None else None
        return replace(t, initial_colour=colour, players=tuple(replace(p, stated_points=None) for p in t.players))

    a, b = plain(meant), plain(back)
    if a == b:
        return None
    for f in fields(Tournament):
        if not f.compare or getattr(a, f.name) == getattr(b, f.name):
            continue
        if f.name == "players":
            for p, q in zip_longest(a.players, b.players):
                if p is None or q is None:
                    return f"player {(p or q).start_no}"
                if p != q:
                    what = next(g.name for g in fields(Player) if getattr(p, g.name) != getattr(q, g.name))
                    meant_value, read = getattr(p, what), getattr(q, what)
                    shown = (
                        f" {meant_value!r} (it would read back as {read!r})"
                        if isinstance(meant_value, str | int) and len(repr(meant_value)) <= 60
                        else ""
                    )
                    return f"player {p.start_no}'s {what.replace('_', ' ')}{shown}"
        return f"the {f.name.replace('_', ' ')}"
    return "the tournament"


def lost_in(tournament: Tournament, fmt: str) -> list[str]:
    """What format ``fmt`` cannot hold of ``tournament``: reported by ``convert``
    instead of being dropped silently."""
    f = FORMATS.get(fmt)
    return f.lost(tournament) if f is not None else []


def _missing(numbers: Iterable[int]) -> str:
    """The start numbers missing below the highest of ``numbers``, shortened: up to
    six listed, one run as ``a-b``, else the first five and ``…``. Worked out from
    the gaps between the numbers present, so a start number of a billion costs no
    more than a small one."""
    gaps: list[tuple[int, int]] = []
    expected = 1
    for n in sorted(set(numbers)):
        if n > expected:
            gaps.append((expected, n - 1))
        expected = max(expected, n + 1)
    count = sum(last - first + 1 for first, last in gaps)
    missing = (n for first, last in gaps for n in range(first, last + 1))
    if count <= 6:
        return ", ".join(map(str, missing))
    if len(gaps) == 1:
        return f"{gaps[0][0]}-{gaps[0][1]}"
    return ", ".join(map(str, islice(missing, 5))) + ", …"


def _colourless_games(tournament: Tournament) -> list[str]:
    """Games without a result whose colours are not known yet: a PGN game or a
    Swiss-Manager row has a White and a Black player, so the file makes one up."""
    games = [
        f"round {r} {w}-{b}"
        for r in range(1, tournament.rounds_in_file + 1)
        for w, b in tournament.pending_games(r)
        if (e := tournament.player(w).entry(r)) is not None and e.colour is None
    ]
    if not games:
        return []
    return [
        f"the colours of games without a result and without colours yet ({listed(games, 6)}): "
        "the lower start number is written as White"
    ]


def _settings_lost(tournament: Tournament) -> list[str]:
    out = []
    if tournament.total_rounds or tournament.initial_colour or not tournament.points.is_standard:
        out.append("the number of rounds, the initial colour and the point system (set them in Swiss-Manager)")
    if tournament.acceleration or tournament.forbidden or tournament.announced_byes:
        out.append("acceleration, forbidden pairs and announced byes")
    return out
