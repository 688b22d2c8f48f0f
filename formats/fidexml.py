"""FIDE's rating list in XML (``players_list_xml_foa.xml`` and the separate
standard/rapid/blitz lists), streamed with lxml.

The list holds hundreds of thousands of ``<player>`` elements (a file of several
hundred MB). It is read with ``iterparse`` and every element is cleared once read,
together with the siblings already passed, so memory stays flat whatever the file
size. Only the players whose FIDE id is asked for are kept.

The parser is locked down, since a rating list is downloaded from the network and
may be tampered with: no DTD is loaded, no entity is resolved, nothing is fetched
from the network, huge text nodes are refused — and a document that declares a
DTD at all (the FIDE list never does) is refused before parsing, which stops
external-entity (XXE) and entity-expansion ("billion laughs") attacks at once.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
import zlib
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field, replace
from typing import IO

from lxml import etree
from swissbridge.atomic import NotRegular, open_regular
from swissbridge.errors import InputError
from swissbridge.formats._text import MAX_RATING, bounded_int
from swissbridge.formats.boundary import validated
from swissbridge.model import TITLE_ORDER, Player, Tournament

__all__ = [
    "KINDS",
    "FideRecord",
    "RatingRefresh",
    "check_kind",
    "iter_players",
    "parse_xml",
    "refresh_ratings",
    "scan_players",
]

KINDS = ("standard", "rapid", "blitz")
"""Which rating of the list to use."""


def check_kind(kind: str) -> None:
    """Refuse a ``kind`` that is not one of :data:`KINDS` (an :class:`InputError` naming them)."""
    if kind not in KINDS:
        raise InputError(f"unknown rating kind {kind!r}: expected {', '.join(KINDS[:-1])} or {KINDS[-1]}")

_RATING_TAG = {"standard": "rating", "rapid": "rapid_rating", "blitz": "blitz_rating"}
_DOCTYPE = re.compile(rb"<!DOCTYPE|<!ENTITY", re.IGNORECASE)

MAX_XML_BYTES = 2 << 30
"""The most bytes of XML read (2 GiB), from a file or unpacked from a zip: FIDE's
combined list is well under 1 GB; a zip "bomb" (a small archive of gigabytes of XML)
is stopped there, however its header states the size."""
MAX_PLAYERS = 10_000_000
"""The most ``<player>`` elements (FIDE's list has under two million)."""
MAX_OTHER_ELEMENTS = 1000
"""The most elements outside the players (the list has its root alone)."""
MAX_PLAYER_ELEMENTS = 100
"""The most elements inside one ``<player>`` (the list has about twenty)."""


@dataclass(frozen=True, slots=True)
class FideRecord:
    """One ``<player>`` of the rating list."""

    fide_id: str
    name: str = ""
    federation: str = ""
    sex: str = ""
    title: str = ""
    w_title: str = ""
    rating: int = 0
    rapid_rating: int = 0
    blitz_rating: int = 0
    birth_year: str = ""
    flag: str = ""

    def rating_of(self, kind: str) -> int:
        return {"standard": self.rating, "rapid": self.rapid_rating, "blitz": self.blitz_rating}[kind]

    @property
    def best_title(self) -> str:
        """The higher of the FIDE title and the women's title (C.04.2 Art. 2.2 order)."""
        titles = [t for t in (self.title.upper(), self.w_title.upper()) if t in TITLE_ORDER]
        return min(titles, key=TITLE_ORDER.index) if titles else ""


def _open(source: str | os.PathLike[str] | IO[bytes]) -> tuple[IO[bytes], str | None, bool]:
    if isinstance(source, (str, os.PathLike)):
        p = os.fspath(source)
        try:
            fh = open_regular(p)
            if zipfile.is_zipfile(fh):
                fh.close()
                return _zip_member(p)
            fh.seek(0)
            return fh, p, True
        except NotRegular as exc:
            raise InputError(exc.reason, path=p) from None
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror or exc}", path=p) from None
    return source, getattr(source, "name", None), False


def _zip_member(path: str) -> tuple[IO[bytes], str, bool]:
    """The XML list inside FIDE's zip as FIDE ships it (``players_list_xml.zip`` holds
    one ``players_list_xml_foa.xml``), decompressed as it is read: never unpacked to
    disk or memory. Errors name it ``ZIP!MEMBER``."""
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile as exc:
        raise InputError(f"not a readable zip file: {exc}", path=path) from None
    with archive:
        members = [i for i in archive.infolist() if i.filename.lower().endswith(".xml") and not i.is_dir()]
        if len(members) != 1:
            found = ", ".join(i.filename for i in members) or "none"
            raise InputError(f"expected one .xml rating list in the zip, found {found}", path=path)
        # the member stream keeps the archive's file open after the archive is closed
        name = f"{path}!{members[0].filename}"
        try:
            return archive.open(members[0]), name, True
        except _DAMAGED_ZIP as exc:
            raise _damaged(exc, name) from None


_DAMAGED_ZIP = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError)
"""What :mod:`zipfile` raises for a damaged or unreadable member: a bad CRC, a corrupt
deflate stream, a stream cut short, a method it lacks (deflate64), an encrypted member."""


def _damaged(exc: BaseException, name: str | None) -> InputError:
    """The one-line error for a zip member that cannot be read (``exc`` from :data:`_DAMAGED_ZIP`)."""
    return InputError(f"a damaged or unreadable zip member: {exc}; download the list again", path=name)


def _refuse_dtd(head: bytes, path: str | None, lines_before: int = 0, line_start: int = 0) -> None:
    """A rating list has no DTD; one that declares a DOCTYPE or entities is refused.
    ``head`` starts ``line_start`` bytes into line ``lines_before + 1`` of the file."""
    m = _DOCTYPE.search(head)
    if m is not None:
        before = head[: m.start()]
        nl = before.rfind(b"\n")
        raise InputError(
            "the XML declares a DTD or entities (<!DOCTYPE/<!ENTITY>): refused, a FIDE rating list has none "
            "(a crafted file could read local files or expand entities without end)",
            path=path,
            line=lines_before + before.count(b"\n") + 1,
            column=m.start() - nl if nl >= 0 else line_start + m.start() + 1,
        )


class _Guard:
    """A file wrapper that refuses a DTD declared before the root element, whichever
    read brings it (after the root element XML allows none)."""

    def __init__(self, fh: IO[bytes], path: str | None) -> None:
        self.fh = fh
        self.path = path
        self.tail = b""
        self.lines = 0
        """Complete lines before ``tail``."""
        self.column = 0
        """Bytes of the current line before ``tail``."""
        self.seen_root = False
        self.total = 0
        """Bytes read so far (bounded by :data:`MAX_XML_BYTES`)."""

    def read(self, size: int = -1) -> bytes:
        try:
            chunk = self.fh.read(size if 0 <= size <= 1 << 20 else 1 << 20)
        except _DAMAGED_ZIP as exc:
            raise _damaged(exc, self.path) from None
        self.total += len(chunk)
        if self.total > MAX_XML_BYTES:
            raise InputError(
                f"more than {MAX_XML_BYTES:,} bytes of XML: larger than any FIDE rating list "
                "(a zip that unpacks without end?)",
                path=self.path,
            )
        if not self.seen_root:
            window = self.tail + chunk
            _refuse_dtd(window, self.path, self.lines, self.column)
            if re.search(rb"<[A-Za-z_]", window):
                self.seen_root = True
            keep = window[-16:]
            done = window[: len(window) - len(keep)]
            nl = done.rfind(b"\n")
            self.lines += done.count(b"\n")
            self.column = len(done) - nl - 1 if nl >= 0 else self.column + len(done)
            self.tail = keep
        return chunk


def _parser_options() -> dict[str, object]:
    return {
        "resolve_entities": False,
        "no_network": True,
        "load_dtd": False,
        "dtd_validation": False,
        "huge_tree": False,
        "remove_comments": True,
        "remove_pis": True,
    }


def scan_players(
    source: str | os.PathLike[str] | IO[bytes], wanted: Collection[str] | None = None
) -> Iterator[FideRecord]:
    """Stream the ``<player>`` records of a FIDE XML list; with ``wanted``, only those
    whose FIDE id is in it. Memory use does not grow with the file."""
    fh, path, owned = _open(source)
    ids = None if wanted is None else {w.lstrip("0") for w in wanted}
    try:
        context = etree.iterparse(_Guard(fh, path), events=("start", "end"), **_parser_options())
        in_player = players = others = inside = 0
        try:
            for event, elem in context:
                if event == "start":
                    if elem.getparent() is None:
                        _refuse_doctype(elem, path)
                    if elem.tag == "player" and not in_player:
                        in_player, inside = 1, 0
                        players += 1
                        _count(players, MAX_PLAYERS, "<player> elements", elem, path)
                    elif in_player:
                        inside += 1
                        _count(inside, MAX_PLAYER_ELEMENTS, "elements in one <player>", elem, path)
                    else:
                        others += 1
                        _count(others, MAX_OTHER_ELEMENTS, "elements outside the players", elem, path)
                    continue
                if in_player and elem.tag != "player":
                    continue  # a field of the player, read at its end
                record = _record(elem, ids, path) if in_player else None
                in_player = 0
                _forget(elem)  # every element, not only the players: memory stays flat
                if record is not None:
                    yield record
        except etree.XMLSyntaxError as exc:
            line, col = exc.position if exc.position else (exc.lineno or 1, None)
            raise InputError(f"malformed XML: {exc.msg}", path=path, line=line or 1, column=col) from None
        finally:
            del context
    finally:
        if owned:
            fh.close()


def _refuse_doctype(root: etree._Element, path: str | None) -> None:
    """Refuse a list whose root element follows a DOCTYPE: the byte scan of
    :class:`_Guard` sees one written in an ASCII-compatible encoding; this sees one in
    any (UTF-16, UTF-32) or however far into the file, since the parser has read it
    by the time the root element starts."""
    if root.getroottree().docinfo.internalDTD is not None:  # any DOCTYPE, with or without a subset
        line = root.sourceline
        raise InputError(
            "the XML declares a DTD (<!DOCTYPE>): refused, a FIDE rating list has none",
            path=path,
            line=line if isinstance(line, int) else None,
        )


def _count(n: int, limit: int, what: str, elem: etree._Element, path: str | None) -> None:
    """Refuse the list at ``elem`` when the ``n``-th of ``what`` passes ``limit``."""
    if n > limit:
        line = elem.sourceline
        where = line if isinstance(line, int) else None
        raise InputError(f"more than {limit:,} {what}: not a FIDE rating list", path=path, line=where)


def _forget(elem: etree._Element) -> None:
    """Drop ``elem``'s content and the siblings already read before it, so that the
    tree iterparse builds never holds more than one element per level."""
    elem.clear()
    parent = elem.getparent()
    if parent is not None:
        while elem.getprevious() is not None:
            del parent[0]


def _text(elem: etree._Element, tag: str, path: str | None = None) -> str:
    """The text of ``elem``'s field ``tag``; a field holding an entity reference (left
    unresolved) is refused, never cut where it starts."""
    child = elem.find(tag)
    if child is None:
        return ""
    if any(isinstance(node, etree._Entity) for node in child):
        line = child.sourceline
        raise InputError(
            f"<{tag}> holds an entity reference: refused (a FIDE rating list has none; the text after it "
            "would be lost)",
            path=path,
            line=line if isinstance(line, int) else None,
        )
    return "" if child.text is None else child.text.strip()


def _rating(elem: etree._Element, tag: str, path: str | None) -> int:
    """A rating of the player (0 when blank or not a number: unrated); a number
    beyond any rating is an error at its line."""
    text = _text(elem, tag, path)
    if not (text.isascii() and text.isdigit()):
        return 0
    child = elem.find(tag)
    line = (child if child is not None else elem).sourceline
    where = line if isinstance(line, int) else None
    return bounded_int(text, f"a rating in <{tag}>", maximum=MAX_RATING, path=path, line=where)


def _record(elem: etree._Element, ids: set[str] | None, path: str | None = None) -> FideRecord | None:
    fide_id = _text(elem, "fideid", path).lstrip("0")
    if not fide_id or (ids is not None and fide_id not in ids):
        return None
    birth = _text(elem, "birthday", path)
    return FideRecord(
        fide_id=fide_id,
        name=_text(elem, "name", path),
        federation=_text(elem, "country", path),
        sex=_text(elem, "sex", path).upper(),
        title=_text(elem, "title", path),
        w_title=_text(elem, "w_title", path),
        rating=_rating(elem, "rating", path),
        rapid_rating=_rating(elem, "rapid_rating", path),
        blitz_rating=_rating(elem, "blitz_rating", path),
        birth_year=birth[:4] if birth[:4].isdigit() and birth[:4] != "0000" else "",
        flag=_text(elem, "flag", path),
    )


class _Named(io.BytesIO):
    """In-memory bytes that carry a file name for messages."""

    def __init__(self, data: bytes, name: str | None) -> None:
        super().__init__(data)
        self.name = name


def parse_xml(data: bytes | str, *, path: str | None = None) -> list[FideRecord]:
    """Every player of a rating list given as bytes (small lists and tests; large
    files are streamed with :func:`iter_players`)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return list(scan_players(_Named(raw, path), None))


def iter_players(source: str | os.PathLike[str] | IO[bytes]) -> Iterator[FideRecord]:
    """Every player of the list, streamed."""
    return scan_players(source, None)


@dataclass(frozen=True, slots=True)
class Change:
    """What changed for one player."""

    start_no: int
    name: str
    fields: tuple[tuple[str, str, str], ...]
    """(field, old value, new value)."""


@dataclass(frozen=True, slots=True)
class RatingRefresh:
    """The outcome of refreshing a tournament from a rating list."""

    tournament: Tournament
    kind: str
    changed: tuple[Change, ...] = ()
    not_found: tuple[Player, ...] = ()
    """Players with a FIDE id the list does not hold."""
    without_id: tuple[Player, ...] = ()
    """Players with no FIDE id (nothing to look up)."""
    unchanged: int = 0
    notes: tuple[str, ...] = field(default=())

    def render(self) -> str:
        lines = [
            f"{self.kind} ratings: {len(self.changed)} player(s) updated, {self.unchanged} unchanged, "
            f"{len(self.not_found)} not found in the list, {len(self.without_id)} without a FIDE id"
        ]
        for c in self.changed:
            what = ", ".join(f"{f} {old or '-'} → {new or '-'}" for f, old, new in c.fields)
            lines.append(f"  {c.start_no:>4} {c.name}: {what}")
        for p in self.not_found:
            lines.append(f"  {p.start_no:>4} {p.name}: FIDE id {p.fide_id} not in the list")
        lines.extend(f"  note: {n}" for n in self.notes)
        return "\n".join(lines) + "\n"


def trf_sex(code: str) -> str:
    """The list's sex (``M``, ``F``) as TRF writes it (``m``, ``w``)."""
    return {"M": "m", "F": "w"}.get(code, "")


def refresh_ratings(
    tournament: Tournament, source: str | os.PathLike[str] | IO[bytes], *, kind: str = "standard"
) -> RatingRefresh:
    """Refresh the players of ``tournament`` from a FIDE XML list by FIDE id: rating
    (``kind``: standard, rapid or blitz), title (the higher of the FIDE and women's
    titles), federation, birth year (a full birth date of the same year is kept)
    and sex. Players the list does not hold are reported, not changed. A player
    the list shows unrated in that kind gets rating 0."""
    check_kind(kind)
    by_id = {p.fide_id.lstrip("0"): p for p in tournament.players if p.fide_id.strip("0")}
    found: dict[str, FideRecord] = {}
    for record in scan_players(source, by_id.keys()):
        found.setdefault(record.fide_id, record)
    players: list[Player] = []
    changed: list[Change] = []
    not_found: list[Player] = []
    without: list[Player] = []
    unchanged = 0
    for p in tournament.players:
        fid = p.fide_id.lstrip("0")
        if not fid:
            without.append(p)
            players.append(p)
            continue
        rec = found.get(fid)
        if rec is None:
            not_found.append(p)
            players.append(p)
            continue
        birth = p.birth if rec.birth_year and p.birth.startswith(rec.birth_year) else (rec.birth_year or p.birth)
        new = replace(
            p,
            rating=rec.rating_of(kind),
            title=rec.best_title or ("" if p.title.upper() in TITLE_ORDER else p.title),
            federation=rec.federation or p.federation,
            birth=birth,
            sex=trf_sex(rec.sex) or p.sex,
        )
        fields = tuple(
            (name, str(getattr(p, name)), str(getattr(new, name)))
            for name in ("rating", "title", "federation", "birth", "sex")
            if getattr(p, name) != getattr(new, name)
        )
        if fields:
            changed.append(Change(p.start_no, p.name, fields))
        else:
            unchanged += 1
        players.append(new)
    notes: list[str] = []
    if changed and tournament.completed_rounds >= 4:
        notes.append("ratings changed after round 4 was paired: start numbers are not reassigned (C.04.2 Art. 2.3)")
    where = os.fspath(source) if isinstance(source, (str, os.PathLike)) else getattr(source, "name", None)
    return RatingRefresh(
        tournament=validated(tournament.with_players(players), path=where),
        kind=kind,
        changed=tuple(changed),
        not_found=tuple(not_found),
        without_id=tuple(without),
        unchanged=unchanged,
        notes=tuple(notes),
    )


def looks_like_rating_list(path: str | os.PathLike[str]) -> bool:
    """True when the file starts like XML (used to tell the list from a tournament file)."""
    try:
        with open_regular(path) as fh:
            if zipfile.is_zipfile(fh):
                with zipfile.ZipFile(fh) as archive:
                    return any(name.lower().endswith(".xml") for name in archive.namelist())
            fh.seek(0)
            head = fh.read(512).lstrip(b"\xef\xbb\xbf \t\r\n")
    except (OSError, zipfile.BadZipFile):
        return False
    return head.startswith(b"<")
