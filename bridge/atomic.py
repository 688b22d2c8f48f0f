"""Atomic file writes: a temporary file in the target folder, flushed, synced and
renamed over the target, so a reader (or a crash) sees the old file or the new
one, never half of one. Special files (devices, pipes) are written in place:
they hold no previous content to protect, and renaming over them would destroy them."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from swissbridge.errors import OutputError


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, encoding: str = "utf-8") -> bool:
    """Write ``data`` to ``path`` atomically. Returns ``False`` (and writes nothing)
    when the file already holds exactly these bytes."""
    target = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    if _is_special(target):
        # A device, a pipe, a terminal or a link into /dev or /proc (``-o /dev/stdout``):
        # renaming over it would replace the special file with a regular one (and a
        # redirected stdout's file with a new one), so write straight to it.
        try:
            with open(target, "wb") as fh:
                fh.write(payload)
        except OSError as exc:
            raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from exc
        return True
    if target.is_symlink():
        target = Path(os.path.realpath(target))  # write through the link, keep the link
    try:
        if target.is_file() and target.read_bytes() == payload:
            return False
    except OSError:
        pass
    tmp_name: str | None = None
    try:
        fd, tmp_name = _create_temporary(target)
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp_name, target)
        tmp_name = None
        sync_folder(target.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from exc
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
    return True


def sync_folder(folder: str | os.PathLike[str]) -> None:
    """Make the names in ``folder`` durable (a created or renamed entry survives a
    power cut). Where folders cannot be synced (Windows), this does nothing."""
    with contextlib.suppress(OSError):
        dir_fd = os.open(os.fspath(folder) or ".", os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def write_new(path: str | os.PathLike[str], data: bytes) -> None:
    """Create ``path`` (it must not exist) with ``data``, flushed and synced to disk.
    Raises ``OSError``."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def _create_temporary(target: Path) -> tuple[int, str]:
    """A new hidden ``.NAME.XXXXXXXX.tmp`` beside ``target``, created exclusively, with
    the permissions a plain new file gets (mode 0o666 less the umask)."""
    folder = target.parent if str(target.parent) else Path(".")
    while True:
        name = str(folder / f".{target.name}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666), name
        except FileExistsError:
            continue


def _is_special(target: Path) -> bool:
    """Not a regular file that may be replaced: an existing non-regular file (device,
    pipe, socket), or anything in /dev or /proc, directly or through links."""
    if target.exists() and not target.is_file():
        return True
    if not (target.is_symlink() or target.exists()):
        return False
    real = os.path.realpath(target)
    return any(str(p).startswith(("/dev/", "/proc/")) for p in (os.path.abspath(target), real))
