"""Small helpers shared by the text readers: decoding bytes with a located error,
splitting lines whatever their ends, and telling where a field starts."""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Callable
from datetime import date

from swissbridge.atomic import NotRegular, read_regular
from swissbridge.errors import InputError
from swissbridge.model import Tournament, control_character, control_name

_LINE_END = re.compile(r"\r\n|\n|\r")


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of ``path``; a missing or unreadable file, or one that is not a
    regular file (a named pipe, a device: never waited on), is an :class:`InputError`."""
    try:
        return read_regular(path)
    except NotRegular as exc:
        raise InputError(exc.reason, path=os.fspath(path)) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", path=os.fspath(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", path=os.fspath(path)) from None


def decode(data: bytes | str, *, path: str | None, encoding: str | None = None, what: str = "text") -> str:
    """Text of ``data``: a UTF-8 or UTF-16 byte-order mark decides; otherwise
    ``encoding`` if given, else strict UTF-8. Undecodable bytes are an
    :class:`InputError` at their line and column."""
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    if data.startswith(codecs.BOM_UTF8):
        data, enc = data[len(codecs.BOM_UTF8) :], "utf-8"
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        enc = "utf-16"
    else:
        enc = encoding or "utf-8"
    try:
        return data.decode(enc).removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        hint = "" if encoding else "; if the file comes from an older program, give its encoding: --encoding cp1252"
        raise undecodable(data, exc.start, [enc.upper()], path=path, what=what, hint=hint) from None
    except LookupError:
        raise InputError(f"unknown encoding {enc!r}", path=path) from None


def head_text(data: bytes) -> str:
    """The first bytes of a file as text, to tell its format by: a UTF-16 byte-order mark
    decides (Swiss-Manager exports in UTF-16 are recognised like the others), else UTF-8
    (a UTF-8 mark dropped); bytes that do not decode are replaced, and the reader
    reports them at their line and column."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data[: len(data) // 2 * 2].decode("utf-16", "replace").lstrip("\ufeff")
    return data.decode("utf-8", "replace").lstrip("\ufeff")


def utf16_without_mark(data: bytes) -> bool:
    """``data`` looks like UTF-16 without a byte-order mark: a NUL at every other byte of
    its start (ASCII text in UTF-16), which no 8-bit text has."""
    head = data[:200]
    return len(head) >= 8 and any(head[k::2].count(0) == len(head[k::2]) for k in (0, 1))


def locate(data: bytes, at: int) -> tuple[int, int]:
    """The 1-based line and column of byte ``at`` (lines ended by LF, CRLF or CR)."""
    before = data[:at]
    line = before.count(b"\n") + 1 if b"\n" in before else before.count(b"\r") + 1
    return line, at - max(before.rfind(b"\n"), before.rfind(b"\r"))


def read_as(data: bytes, at: int, codec: str, name: str, *, path: str | None) -> str:
    """The warning that ``data``, not UTF-8 at byte ``at``, is read as ``codec``
    (called ``name``): the file, line, column, the byte in hex and what ``codec`` reads it as."""
    line, column = locate(data, at)
    byte = data[at : at + 1]
    return (
        f"{path or '<input>'}:{line}:{column}: byte 0x{byte[0]:02X} is not UTF-8: the file is read as "
        f"{name}, where it is {byte.decode(codec)!r}; if that is wrong, save the file again as UTF-8"
    )


def undecodable(
    data: bytes, at: int, tried: list[str], *, path: str | None, what: str = "text", hint: str = ""
) -> InputError:
    """The error for byte ``at`` of ``data``, which none of the encodings ``tried``
    decodes: the byte in hex (never the raw byte, which a terminal would garble), at
    its line and column, and the encodings tried."""
    line, column = locate(data, at)
    return InputError(
        f"{what} is not valid {' or '.join(tried)} at byte 0x{data[at]:02X}{hint}",
        path=path,
        line=line,
        column=column,
    )


def refuse_control(
    tournament: Tournament,
    *,
    path: str | None,
    text: str | None = None,
    offset_of: Callable[[str, int], int | None] | None = None,
) -> Tournament:
    """``tournament`` when none of its text fields (:meth:`~swissbridge.model.Tournament.text_fields`)
    holds a control character; otherwise the whole file is refused (an
    :class:`InputError`) naming the field and the character, at its line and column
    when ``text``, the file's decoded text, shows it as written, at its byte offset in
    a binary file when ``offset_of(value, index)`` finds it (a JSON escape: the field
    alone locates it). Every reader calls this once, on the tournament it built: the
    one policy for control characters (SECURITY.md); the readers of formats other than
    TRF call it through :func:`swissbridge.formats.boundary.validated`, which checks the
    records and pairings too."""
    for what, value in tournament.text_fields():
        at = control_character(value)
        if at is None:
            continue
        line = column = offset = None
        if text is not None:
            found = text.find(value[: at + 1])
            if found >= 0:
                line, column = locate_text(text, found + at)
        if offset_of is not None:
            offset = offset_of(value, at)
        raise InputError(
            f"{what} holds the control character {control_name(value[at])} (character {at + 1}): "
            "text fields may not hold control characters (newline, ESC, BEL, NUL, …); "
            "correct the field in the program that wrote the file",
            path=path,
            line=line,
            column=column,
            offset=offset,
        )
    return tournament


def locate_text(text: str, at: int) -> tuple[int, int]:
    """The 1-based line and column of character ``at`` of ``text`` (lines ended by LF, CRLF or CR)."""
    before = text[:at]
    start = max(before.rfind("\n"), before.rfind("\r"))
    return len(_LINE_END.findall(before)) + 1, at - start


def split_lines(text: str) -> list[str]:
    """Lines of ``text`` whatever the line ends (CRLF, LF or CR); a final line end
    does not add an empty line."""
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def field_column(fields: list[str], index: int, separator: str = ";") -> int:
    """1-based column at which field ``index`` of a separated line starts."""
    return 1 + sum(len(f) for f in fields[:index]) + index * len(separator)


# -- spreadsheets ----------------------------------------------------------------------------------

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's "CSV injection"): a name
such as ``=HYPERLINK(…)`` or ``=cmd|' /C calc'!A0`` would run when the file is opened."""


def spreadsheet_text(text: str) -> str:
    """``text`` for a cell of a file a spreadsheet may open (CSV, Swiss-Manager's
    semicolon exports): starting with one of :data:`FORMULA_START`, it gets a leading
    apostrophe, which spreadsheets read as "this is text" (:func:`spreadsheet_plain`
    reads it back)."""
    return "'" + text if text.startswith(FORMULA_START) else text


def spreadsheet_plain(text: str) -> str:
    """A cell written by :func:`spreadsheet_text` as it was: the apostrophe before a
    formula's first character dropped."""
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_START) else text


# -- numbers ---------------------------------------------------------------------------------------

MAX_ROUNDS = 999
"""The most rounds a tournament can have: TRF writes a round number in three
columns (records 240, 250 and 260)."""
MAX_START_NO = 9999
"""The highest start number (TRF columns 5-8, and the four opponent columns of a
round); board numbers are bounded by it too."""
MAX_RATING = 9999
"""The highest rating (TRF columns 49-52)."""
MAX_POINTS = 9999
"""The most points a score or a point value may be, either sign (TRF columns 81-84
write at most ``9999``): a larger one (JSON's ``1e300``) is refused, never computed with."""

_NUMBER = re.compile(r"(-?)([0-9]+)")
"""ASCII digits only: ``str.isdigit`` also accepts ``²`` and other characters that
``int`` refuses."""


def is_whole_number(text: str) -> bool:
    """Does ``text`` write a whole number (ASCII digits, perhaps a leading ``-``;
    surrounding blanks ignored), whatever its size?"""
    return _NUMBER.fullmatch(text.strip()) is not None


def bounded_value(text: str, maximum: int, minimum: int = 0) -> int | None:
    """The whole number ``text`` writes (ASCII digits, a leading ``-`` when
    ``minimum`` is negative, surrounding blanks ignored) when it lies between
    ``minimum`` and ``maximum``; ``None`` otherwise. Digits beyond those of the
    bounds are never converted, so a number of thousands of digits costs nothing
    (and never meets Python's limit on converting long numbers)."""
    m = _NUMBER.fullmatch(text.strip())
    if m is None or (m.group(1) and minimum >= 0):
        return None
    digits = m.group(2).lstrip("0") or "0"
    if len(digits) > len(str(max(abs(minimum), abs(maximum)))):
        return None
    value = -int(digits) if m.group(1) else int(digits)
    return value if minimum <= value <= maximum else None


def shown(text: str, limit: int = 20) -> str:
    """``text`` quoted for a message, shortened when it is long (a number of 5000
    digits is not repeated back)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[: limit // 2]!r}… ({len(text)} characters)"


def bounded_int(
    text: str,
    what: str,
    *,
    maximum: int,
    minimum: int = 0,
    path: str | None = None,
    line: int | None = None,
    column: int | None = None,
) -> int:
    """The whole number ``text`` writes, between ``minimum`` and ``maximum``; anything
    else is an :class:`InputError` at ``path:line:column`` naming ``what`` was
    expected and what was found (see :func:`bounded_value`)."""
    value = bounded_value(text, maximum, minimum)
    if value is not None:
        return value
    kind = f"{minimum}-{maximum}" if is_whole_number(text) else "a whole number"
    raise InputError(f"expected {what} ({kind}), found {shown(text.strip())}", path=path, line=line, column=column)


# -- dates -----------------------------------------------------------------------------------------


def parse_date(text: str) -> date | None:
    """A calendar date written ``YYYY/MM/DD`` (TRF-2026), ``YYYY-MM-DD`` (ISO) or
    ``DD.MM.YYYY``; ``None`` when ``text`` is none of these or no real day."""
    value = text.strip()
    m = re.fullmatch(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})", value)
    if m is not None:
        y, mo, d = (int(g) for g in m.groups())
    else:
        m = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", value)
        if m is None:
            return None
        d, mo, y = (int(g) for g in m.groups())
    try:
        return date(y, mo, d)
    except ValueError:
        return None
