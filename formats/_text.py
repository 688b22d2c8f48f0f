"""Small helpers shared by the text readers: decoding bytes with a located error,
splitting lines whatever their ends, and telling where a field starts."""

from __future__ import annotations

import codecs
import os
import re
from pathlib import Path

from swissbridge.errors import InputError

_LINE_END = re.compile(r"\r\n|\n|\r")


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of ``path``; a missing or unreadable file is an :class:`InputError`."""
    try:
        return Path(path).read_bytes()
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
        before = data[: exc.start]
        line = before.count(b"\n") + 1 if b"\n" in before else before.count(b"\r") + 1
        last_break = max(before.rfind(b"\n"), before.rfind(b"\r"))
        column = exc.start - last_break
        bad = data[exc.start : exc.start + 1].hex()
        hint = "" if encoding else "; if the file comes from an older program, give its encoding (e.g. cp1252)"
        raise InputError(
            f"{what} is not valid {enc.upper()} (byte 0x{bad}){hint}", path=path, line=line, column=column
        ) from None
    except LookupError:
        raise InputError(f"unknown encoding {enc!r}", path=path) from None


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
