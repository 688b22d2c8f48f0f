"""Reading the files a host program drops into the watched folder, safely.

A file is handed to a workflow only when it is *complete*: its size, modification
time and content hash have stayed the same for a configurable interval. A file
that is still being written (growing, rewritten in chunks, copied by FTP, renamed
into place) therefore keeps being "settling" until the writer has been quiet for
that long, and the bytes handed on are exactly the bytes that were hashed: the
file is never read a second time for parsing.

Nothing here parses anything; it only answers "may this file be read, and what
does it hold?".
"""

from __future__ import annotations

import errno
import hashlib
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from swissbridge.atomic import is_edited, open_regular

MAX_INPUT_BYTES = 256 * 1024 * 1024
"""Larger files are reported and never read (no tournament file is this big)."""

_TEMP_SUFFIXES = (
    ".tmp",
    ".temp",
    ".part",
    ".partial",
    ".filepart",  # WinSCP
    ".crdownload",
    ".download",
    ".swp",
    ".swx",
    ".bak",
    ".lock",
    "~",
)


def is_temporary(name: str) -> bool:
    """Names that belong to a copy or an editor in progress, never to a finished
    export: hidden files (``.name``), Office/editor locks (``~$name``, ``name~``)
    and the partial-transfer suffixes of FTP clients and browsers."""
    lower = name.lower()
    return lower.startswith((".", "~")) or lower.endswith(_TEMP_SUFFIXES)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True, slots=True)
class Signature:
    """What "unchanged" means for a file: same size, same modification time
    (nanoseconds), same content."""

    size: int
    mtime_ns: int
    digest: str


@dataclass(frozen=True, slots=True)
class Stable:
    """The file has been quiet for the whole interval: ``data`` is its content."""

    path: Path
    data: bytes
    signature: Signature


@dataclass(frozen=True, slots=True)
class Settling:
    """The file changed less than the interval ago; look again at ``ready_at``
    (a time of the tracker's clock)."""

    path: Path
    ready_at: float


@dataclass(frozen=True, slots=True)
class Vanished:
    """The file was deleted or renamed away (possibly while it was being read)."""

    path: Path


@dataclass(frozen=True, slots=True)
class Unreadable:
    """The file exists but cannot be read: permission denied, too large, an I/O error."""

    path: Path
    reason: str


Observation = Stable | Settling | Vanished | Unreadable


@dataclass(slots=True)
class _Seen:
    signature: Signature
    since: float
    stat_key: tuple[int, int, int, int]
    data: bytes


def _stat_key(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def read_whole(path: Path) -> tuple[bytes, os.stat_result]:
    """The content of ``path`` and the status of the file that was read.

    Raises ``FileNotFoundError`` when the file disappears before or while it is
    read, :class:`ChangedWhileReading` when it was replaced or rewritten during
    the read, and other ``OSError`` for permission or device errors."""
    with open_regular(path) as fh:
        before = os.fstat(fh.fileno())
        if before.st_size > MAX_INPUT_BYTES:
            raise OSError(errno.EFBIG, f"larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB")
        chunks: list[bytes] = []
        while True:
            chunk = fh.read(1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        after = os.fstat(fh.fileno())
    data = b"".join(chunks)
    now = os.stat(path)  # FileNotFoundError if it was deleted meanwhile
    if (
        _stat_key(before) != _stat_key(after)
        or (now.st_ino, now.st_dev) != (after.st_ino, after.st_dev)
        or now.st_size != len(data)
        or now.st_mtime_ns != after.st_mtime_ns
    ):
        raise ChangedWhileReading(str(path))
    return data, now


class ChangedWhileReading(Exception):
    """The file was rewritten or replaced while it was being read."""


Reader = Callable[[Path], tuple[bytes, os.stat_result]]


class StabilityTracker:
    """Remembers what each file looked like and since when.

    ``observe`` is called on every pass; a file is :class:`Stable` once two
    observations at least ``interval`` seconds apart found the same signature. A
    file another swissbridge command holds the edit lock of
    (:func:`swissbridge.atomic.edit_lock`) is settling until that command is done.
    With ``interval == 0`` one observation is enough (for ``--once`` on files
    known to be finished). The clock is injectable so that tests can drive time.
    """

    def __init__(
        self, interval: float, *, clock: Callable[[], float] = time.monotonic, reader: Reader = read_whole
    ) -> None:
        if interval < 0:
            raise ValueError("the stability interval cannot be negative")
        self.interval = interval
        self.clock = clock
        self.reader = reader
        self._seen: dict[Path, _Seen] = {}

    def forget(self, path: Path) -> None:
        self._seen.pop(path, None)

    def tracked(self) -> set[Path]:
        return set(self._seen)

    def observe(self, path: Path) -> Observation:
        now = self.clock()
        if is_edited(path):  # a swissbridge command is rewriting it (result, pair --in-place): wait for it
            self.forget(path)
            return Settling(path, now + max(self.interval, 0.05))
        previous = self._seen.get(path)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            self.forget(path)
            return Vanished(path)
        except OSError as exc:
            self.forget(path)
            return Unreadable(path, exc.strerror or str(exc))
        if previous is not None and previous.stat_key == _stat_key(st):
            # Nothing about the file changed since it was hashed: no need to read it again.
            if now - previous.since >= self.interval:
                return Stable(path, previous.data, previous.signature)
            return Settling(path, previous.since + self.interval)
        try:
            data, st = self.reader(path)
        except FileNotFoundError:
            self.forget(path)
            return Vanished(path)
        except ChangedWhileReading:
            self.forget(path)
            return Settling(path, now + max(self.interval, 0.05))
        except IsADirectoryError:
            self.forget(path)
            return Vanished(path)
        except OSError as exc:
            self.forget(path)
            return Unreadable(path, exc.strerror or str(exc))
        signature = Signature(len(data), st.st_mtime_ns, sha256(data))
        # touched (ctime changed) but not modified: the quiet time goes on
        unchanged = previous is not None and previous.signature == signature
        since = previous.since if previous is not None and unchanged else now
        self._seen[path] = _Seen(signature, since, _stat_key(st), data)
        if now - since >= self.interval:
            return Stable(path, data, signature)
        return Settling(path, since + self.interval)


def scan_folder(folder: Path, *, recursive: bool, suffixes: Iterable[str], exclude: Iterable[Path] = ()) -> list[Path]:
    """The candidate input files in ``folder`` (sorted), skipping temporary names
    and anything under an excluded folder (the output folder, when it lies inside).

    Raises ``OSError`` when ``folder`` itself cannot be listed."""
    wanted = tuple(s.lower() for s in suffixes)
    excluded = {os.path.normcase(os.path.abspath(p)) for p in exclude}
    found: list[Path] = []

    def walk(directory: Path, top: bool) -> None:
        try:
            entries = list(os.scandir(directory))
        except OSError:
            if top:
                raise
            return
        for entry in entries:
            if is_temporary(entry.name):
                continue
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
                is_file = entry.is_file()
            except OSError:
                continue
            full = Path(entry.path)
            if is_dir:
                if recursive and os.path.normcase(os.path.abspath(full)) not in excluded:
                    walk(full, False)
            elif is_file and entry.name.lower().endswith(wanted):
                found.append(full)

    walk(folder, True)
    return sorted(found)
