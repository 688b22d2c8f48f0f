"""The file system, safely: atomic writes, the files swissbridge names itself
written without following a link, and reads that take only regular files.

Two kinds of path are written:

* **a path the user gave** (``-o FILE``, ``convert IN OUT``): :func:`write_atomic`
  uses it as given. A temporary file in the target folder is flushed, synced and
  renamed over the target, so a reader (or a crash) sees the old file or the new
  one, never half of one; a link is written through (the link kept); a special
  file (a device, a pipe, ``-o /dev/stdout``) is written in place, since it holds
  no previous content to protect and renaming over it would destroy it.
* **a new file the user asked for** (``new EVENT.trf``): :func:`create_new` creates
  it exclusively, so that of two commands creating one name the second fails,
  never replacing the first one's file.
* **a name swissbridge chose inside a folder** (``EVENT.trf.bak``, the watcher's
  published rounds, its state and lock files, a batch's outputs): a
  :class:`Folder` resolves every part of the name without following a link, and
  writes only a regular file it creates itself (``O_EXCL``, ``O_NOFOLLOW``),
  renamed into place. A link, a pipe, a device or a folder standing at such a name
  (or a link in place of one of its folders) is refused with an
  :class:`~swissbridge.errors.OutputError` naming it: nothing is written through
  it, nothing waits on it, nothing is thrown away into it.

Reads (:func:`open_regular`, :func:`read_regular`) open without waiting (a pipe
with no writer would block for ever) and refuse anything but a regular file with
a :class:`NotRegular` error saying what stands there.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from swissbridge.errors import OutputError

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_AT = os.open in os.supports_dir_fd and os.replace in os.supports_dir_fd and os.stat in os.supports_dir_fd


class NotRegular(OSError):
    """A path read or written as a file holds something else: a pipe, a device, a
    socket, a folder, or (where links are not followed) a symbolic link."""

    def __init__(self, path: str, what: str, expected: str = "a regular file") -> None:
        self.reason = f"is {what}, not {expected}"
        super().__init__(errno.EINVAL, self.reason, path)
        self.what = what

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def kind_of(mode: int) -> str:
    """What a file of this mode is, in words (``a named pipe (FIFO)``)."""
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a regular file" if stat.S_ISREG(mode) else "a special file"


def open_regular(path: str | os.PathLike[str], *, follow: bool = True) -> io.BufferedReader:
    """``path`` opened for reading if it is a regular file. Never waits (a named pipe
    is refused, not opened for a writer that never comes); with ``follow=False`` a
    link is refused too. Raises :class:`NotRegular` or another ``OSError``."""
    name = os.fspath(path)
    try:
        fd = os.open(name, os.O_RDONLY | _NONBLOCK | _BINARY | (0 if follow else _NOFOLLOW))
    except OSError as exc:
        if not follow and exc.errno == errno.ELOOP:
            raise NotRegular(name, "a symbolic link") from None
        raise
    return os.fdopen(_regular(fd, name), "rb")


def _regular(fd: int, name: str) -> int:
    """``fd`` when it is open on a regular file; else it is closed and
    :class:`NotRegular` names what ``name`` is."""
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular(name, kind_of(mode))
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: str | os.PathLike[str], *, limit: int | None = None, follow: bool = True) -> bytes:
    """The bytes of a regular file (:func:`open_regular`); with ``limit``, at most
    ``limit + 1`` of them (so that the caller sees it is too large)."""
    with open_regular(path, follow=follow) as fh:
        return fh.read() if limit is None else fh.read(limit + 1)


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, encoding: str = "utf-8") -> bool:
    """Write ``data`` to ``path``, a path the user gave, atomically. Returns ``False``
    (and writes nothing) when the file already holds exactly these bytes."""
    target = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    if _is_special(target):
        # A device, a pipe, a terminal or a link into /dev or /proc (``-o /dev/stdout``):
        # renaming over it would replace the special file with a regular one (and a
        # redirected stdout's file with a new one), so write straight to it.
        try:
            with os.fdopen(_open_special(target), "wb") as fh:
                fh.write(payload)
        except OSError as exc:
            raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from exc
        return True
    if target.is_symlink():
        target = Path(os.path.realpath(target))  # write through the link, keep the link
    try:
        with Folder(target.parent) as folder:
            return folder.write_atomic(target.name, payload)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from exc


PIPE_WAIT = 2.0
"""How long a command writing to a named pipe waits for a reader to open it (seconds)."""


def _open_special(target: Path) -> int:
    """A descriptor to write the special file ``target`` (``-o /dev/stdout``, a named
    pipe). Opened without blocking: a named pipe nobody reads would hold the command
    for ever, so a reader is waited for :data:`PIPE_WAIT` seconds at most, then it is
    an error (``ENXIO``); once open, writes wait as usual."""
    deadline = time.monotonic() + PIPE_WAIT
    while True:
        try:
            fd = os.open(target, os.O_WRONLY | _NONBLOCK | _BINARY)
            break
        except OSError as exc:
            if exc.errno != errno.ENXIO:
                raise
            if time.monotonic() >= deadline:
                raise OSError(errno.ENXIO, "a named pipe (FIFO) that nothing reads; nothing written") from None
            time.sleep(0.01)
    if _NONBLOCK:
        os.set_blocking(fd, True)
    return fd


def write_own(path: str | os.PathLike[str], data: bytes | str, *, encoding: str = "utf-8") -> bool:
    """Write ``data`` to ``path``, a name swissbridge chose in the folder the user gave
    (``EVENT.trf.bak``, a batch's output, the watcher's state), atomically and
    without following a link (:meth:`Folder.write_atomic`). ``False`` when it already
    held these bytes; :class:`~swissbridge.errors.OutputError` for a link or a
    special file standing there (left as it is) or a failed write."""
    target = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    try:
        with Folder(target.parent) as folder:
            return folder.write_atomic(target.name, payload)
    except NotRegular as exc:
        raise OutputError(refusal(exc)) from exc
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from exc


def create_new(path: str | os.PathLike[str], data: bytes | str, *, encoding: str = "utf-8") -> None:
    """Create ``path``, a file the user asked for that must not exist (``new EVENT.trf``),
    exclusively and whole (:meth:`Folder.create`): anything standing at the name, even
    created a moment before by another command, raises :class:`FileExistsError`
    (nothing is replaced); another failure is an :class:`~swissbridge.errors.OutputError`."""
    target = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    try:
        with Folder(target.parent) as folder:
            folder.create(target.name, payload)
    except FileExistsError:
        raise
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from exc


def refusal(exc: NotRegular) -> str:
    """Why a name swissbridge writes is left alone: what stands there instead."""
    return (
        f"{exc}: swissbridge writes only regular files of its own there, never through a link or into "
        "a special file; it is left as it is (move it away)"
    )


def sync_folder(folder: str | os.PathLike[str]) -> None:
    """Make the names in ``folder`` durable (a created or renamed entry survives a
    power cut). Where folders cannot be synced (Windows), this does nothing."""
    with contextlib.suppress(OSError):
        dir_fd = os.open(os.fspath(folder) or ".", os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


class Folder:
    """A folder held open: the names in it are resolved without following links.

    The folder itself is opened as given (the user named it, or it is one this
    module opened); :meth:`sub` descends into a subfolder only if it is a real
    folder, never a link. Raises ``OSError`` (:class:`NotRegular` for what stands
    where a file or a folder should be); :meth:`close` when done (a context manager)."""

    def __init__(self, path: str | os.PathLike[str], *, _fd: int | None = None) -> None:
        self.path = Path(path)
        if _fd is not None:
            self._fd: int | None = _fd
        elif _AT:
            self._fd = os.open(os.fspath(self.path) or ".", os.O_RDONLY | _DIRECTORY)
        else:
            self._fd = None
            if not self.path.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, "not a folder", os.fspath(self.path))

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    def _name(self, name: str) -> str:
        return name if self._fd is not None else os.path.join(self.path, name)

    def lstat(self, name: str) -> os.stat_result | None:
        """The status of the entry ``name`` itself (a link is not followed); ``None`` when there is none."""
        try:
            return os.stat(self._name(name), dir_fd=self._fd, follow_symlinks=False)
        except FileNotFoundError:
            return None

    def sub(self, name: str, *, create: bool = False) -> Folder:
        """The subfolder ``name`` (created when missing and ``create``); a link or a
        file in its place raises :class:`NotRegular`."""
        full = os.fspath(self.path / name)
        st = self.lstat(name)
        if st is None and create:
            with contextlib.suppress(FileExistsError):
                os.mkdir(self._name(name), dir_fd=self._fd)
            st = self.lstat(name)
        if st is None:
            raise FileNotFoundError(errno.ENOENT, "no such folder", full)
        if not stat.S_ISDIR(st.st_mode):
            raise NotRegular(full, kind_of(st.st_mode), "a folder")
        if self._fd is None:
            return Folder(full)
        try:
            fd = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW, dir_fd=self._fd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise NotRegular(full, "a symbolic link", "a folder") from None
            raise
        return Folder(full, _fd=fd)

    def descend(self, parts: tuple[str, ...] | list[str], *, create: bool = False) -> Folder:
        """The folder ``parts`` below this one (:meth:`sub` at each step)."""
        folder = self
        for part in parts:
            inner = folder.sub(part, create=create)
            if folder is not self:
                folder.close()
            folder = inner
        return folder if folder is not self else Folder(self.path, _fd=_dup(self._fd))

    def open_file(self, name: str, flags: int) -> int:
        """A descriptor of the regular file ``name`` (``flags`` added to no-follow,
        non-blocking); what else stands there raises :class:`NotRegular`."""
        full = os.fspath(self.path / name)
        try:
            fd = os.open(self._name(name), flags | _NOFOLLOW | _NONBLOCK | _BINARY, 0o666, dir_fd=self._fd)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise NotRegular(full, "a symbolic link") from None
            if exc.errno in (errno.EISDIR, errno.ENXIO):
                st = self.lstat(name)
                raise NotRegular(full, kind_of(st.st_mode) if st else "a special file") from None
            raise
        return _regular(fd, full)

    def read(self, name: str, *, limit: int | None = None) -> bytes | None:
        """The bytes of the regular file ``name`` (``None`` when there is none; with
        ``limit``, at most ``limit + 1``); anything else there raises :class:`NotRegular`."""
        try:
            fd = self.open_file(name, os.O_RDONLY)
        except FileNotFoundError:
            return None
        with os.fdopen(fd, "rb") as fh:
            return fh.read() if limit is None else fh.read(limit + 1)

    def holds(self, name: str, payload: bytes) -> bool:
        """``name`` is a regular file holding exactly ``payload`` (a file of another
        size is not read)."""
        st = self.lstat(name)
        if st is None or not stat.S_ISREG(st.st_mode) or st.st_size != len(payload):
            return False
        try:
            return self.read(name, limit=len(payload)) == payload
        except OSError:
            return False

    def refuse_odd(self, name: str) -> None:
        """Raise :class:`NotRegular` when ``name`` exists and is not a regular file."""
        st = self.lstat(name)
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise NotRegular(os.fspath(self.path / name), kind_of(st.st_mode))

    def write_new(self, name: str, data: bytes) -> None:
        """Create ``name`` (it must not exist) with ``data``, flushed and synced to disk."""
        fd = self.open_file(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())

    def write_atomic(self, name: str, payload: bytes) -> bool:
        """Replace (or create) the regular file ``name`` with ``payload``: a new hidden
        ``.NAME.XXXXXXXX.tmp`` written and synced, renamed over it, the folder synced.
        ``False`` (nothing written) when it already holds these bytes; a link or a
        special file at ``name`` raises :class:`NotRegular` and is left as it is."""
        self.refuse_odd(name)
        if self.holds(name, payload):
            return False
        tmp = self._write_temporary(name, payload)
        try:
            self.refuse_odd(name)  # a link planted meanwhile is refused, not replaced
            os.replace(self._name(tmp), self._name(name), src_dir_fd=self._fd, dst_dir_fd=self._fd)
        except BaseException:
            with contextlib.suppress(OSError):
                self.unlink(tmp)
            raise
        self.sync()
        return True

    def create(self, name: str, payload: bytes) -> None:
        """Create the regular file ``name``, which must not exist, with ``payload``,
        exclusively: of two processes creating one name, one succeeds and the other
        gets ``FileExistsError``, whatever the timing. The bytes are written and synced
        in a hidden ``.NAME.XXXXXXXX.tmp`` first, then linked to ``name`` (``link``
        fails on an existing name, a link included), so that ``name`` never appears
        half written; where the file system has no hard links, ``name`` itself is
        created with ``O_EXCL`` and written."""
        tmp = self._write_temporary(name, payload)
        try:
            try:
                os.link(self._name(tmp), self._name(name), src_dir_fd=self._fd, dst_dir_fd=self._fd)
            except OSError as exc:
                if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK):
                    raise
                self.write_new(name, payload)  # no hard links here: O_EXCL at the name itself
        finally:
            with contextlib.suppress(OSError):
                self.unlink(tmp)
        self.sync()

    def _write_temporary(self, name: str, payload: bytes) -> str:
        """A new hidden ``.NAME.XXXXXXXX.tmp`` holding ``payload``, written and synced
        (removed again if that fails); returns its name."""
        while True:
            tmp = f".{name}.{os.urandom(4).hex()}.tmp"
            try:
                fd = self.open_file(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
                break
            except FileExistsError:
                continue
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(payload)
                fh.flush()
                os.fsync(fh.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                self.unlink(tmp)
            raise
        return tmp

    def unlink(self, name: str) -> None:
        """Remove the entry ``name`` (a link itself, not what it names)."""
        os.unlink(self._name(name), dir_fd=self._fd)

    def sync(self) -> None:
        """Make the names in this folder durable (nothing where folders cannot be synced)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.fsync(self._fd)
        else:
            sync_folder(self.path)


def read_own(folder: str | os.PathLike[str], rel: str, *, limit: int | None = None) -> bytes:
    """The bytes of the file ``rel`` (``a/b.txt``) below ``folder``, a file swissbridge
    wrote there, reached without following a link (:meth:`Folder.read`). Raises
    ``FileNotFoundError``, :class:`NotRegular` or another ``OSError``."""
    *parts, name = rel.split("/")
    with Folder(folder) as top, top.descend(parts) as inner:
        data = inner.read(name, limit=limit)
    if data is None:
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", os.path.join(folder, rel))
    return data


def try_lock(fd: int, *, shared: bool = False) -> bool:
    """A non-blocking lock on an open file (exclusive, or ``shared``), released when
    the file is closed or the process dies. ``False`` when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


TEMPORARY = re.compile(r"\..+\.[0-9a-f]+\.tmp")
"""The name of a temporary file :meth:`Folder.write_atomic` writes (``.NAME.XXXXXXXX.tmp``)."""

STALE_AFTER = 60.0
"""Seconds after which a temporary file of an atomic write is a left-over: a write
lives for the time of one ``write`` and ``fsync``; one older was left by a command
that was killed (``kill -9``, a power cut) before it could remove it."""


def remove_stale_temporaries(folder: Folder, name: str) -> list[str]:
    """Remove the temporary files a killed write of ``name`` (or of its ``NAME.bak``)
    left in ``folder``: regular files named as :meth:`Folder.write_atomic` names its
    temporaries for exactly that name, untouched for :data:`STALE_AFTER` seconds.
    Called under the edit lock of ``name`` (:func:`edit_lock`), so no edit of it is
    writing one now. Returns the names removed."""
    own = re.compile(rf"\.{re.escape(name)}(?:\.bak)?\.[0-9a-f]{{8}}\.tmp")
    removed: list[str] = []
    try:
        names = os.listdir(folder._fd if folder._fd is not None else folder.path)
    except OSError:
        return removed
    now = time.time()
    for entry in names:
        if own.fullmatch(entry) is None:
            continue
        st = folder.lstat(entry)
        if st is not None and stat.S_ISREG(st.st_mode) and now - st.st_mtime > STALE_AFTER:
            with contextlib.suppress(OSError):
                folder.unlink(entry)
                removed.append(entry)
    return removed


EDIT_WAIT = 30.0
"""How long an edit waits for another one of the same file to finish (seconds)."""


def edit_lock_name(name: str) -> str:
    """``event.trf`` → ``.event.trf.lock``: the lock file beside a file being edited."""
    return f".{name}.lock"


def _take_lock(folder: Folder, name: str, flags: int) -> int | None:
    """The lock file ``name`` opened with ``flags`` and locked exclusively, without
    waiting; ``None`` when another process holds it, or when the file locked is no
    longer the one of that name (its previous holder removed it as it was opened)."""
    fd = folder.open_file(name, flags)
    if try_lock(fd):
        held, now = os.fstat(fd), folder.lstat(name)
        if now is not None and (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino):
            return fd
    os.close(fd)
    return None


@contextlib.contextmanager
def edit_lock(path: str | os.PathLike[str], *, wait: float | None = None) -> Iterator[Path]:
    """Hold the edit lock of ``path`` (the file a link names, if it is one) for a
    read-modify-write: one process at a time, the others wait up to ``wait``
    seconds, then get an :class:`~swissbridge.errors.OutputError` saying who holds
    it (``wait`` defaults to :data:`EDIT_WAIT`). The lock file (:func:`edit_lock_name`)
    is created beside the file without following a link, and removed when the lock
    is released; yields the file's real path. Temporary files a killed edit of the
    file left beside it are removed once the lock is held (:func:`remove_stale_temporaries`)."""
    wait = EDIT_WAIT if wait is None else wait
    target = Path(os.path.realpath(path))
    name = edit_lock_name(target.name)
    deadline = time.monotonic() + wait
    try:
        folder = Folder(target.parent)
    except OSError as exc:
        raise OutputError(f"cannot lock {path} for editing: {exc.strerror or exc}") from exc
    with folder:
        while True:
            try:
                taken = _take_lock(folder, name, os.O_RDWR | os.O_CREAT)
            except OSError as exc:
                raise OutputError(f"cannot lock {path} for editing: {exc}") from exc
            if taken is not None:
                fd = taken
                break
            if time.monotonic() >= deadline:
                raise OutputError(
                    f"another swissbridge command is editing {path} (waited {wait:g} s for {folder.path / name}); "
                    "nothing written: run this command again when it has finished"
                )
            time.sleep(0.01)
        remove_stale_temporaries(folder, target.name)
        try:
            yield target
        finally:
            with contextlib.suppress(OSError):
                folder.unlink(name)
            os.close(fd)


def remove_stale_lock(path: str | os.PathLike[str]) -> bool:
    """Remove what a killed edit of ``path`` left beside it — its lock file
    (:func:`edit_lock_name`) and its stale temporaries (:func:`remove_stale_temporaries`)
    — for the commands that only read the file (an edit does it when it takes the
    lock). Only a lock nobody holds: it is taken without waiting, as an edit takes it
    (an exclusive lock the system releases when its holder dies: one that can be taken
    has no live holder), and given up as an edit gives it up; a lock a running command
    holds is left alone, and nothing is created where no lock file is. True when one
    was removed."""
    target = Path(os.path.realpath(path))
    name = edit_lock_name(target.name)
    try:
        with Folder(target.parent) as folder:
            found = folder.lstat(name)
            if found is None or not stat.S_ISREG(found.st_mode):
                return False
            fd = _take_lock(folder, name, os.O_RDONLY)
            if fd is None:
                return False
            try:
                remove_stale_temporaries(folder, target.name)
                folder.unlink(name)
            finally:
                os.close(fd)
    except OSError:  # a folder the user may not write to: the left-overs stay, the reading goes on
        return False
    return True


def is_edited(path: str | os.PathLike[str]) -> bool:
    """Another process holds the edit lock of ``path`` (:func:`edit_lock`) now."""
    target = Path(path)
    try:
        with Folder(target.parent) as folder:
            fd = folder.open_file(edit_lock_name(target.name), os.O_RDONLY)
    except OSError:
        return False
    try:
        return not try_lock(fd, shared=True)
    finally:
        os.close(fd)


def _dup(fd: int | None) -> int | None:
    return os.dup(fd) if fd is not None else None


def _is_special(target: Path) -> bool:
    """Not a regular file that may be replaced: an existing non-regular file (device,
    pipe, socket), or anything in /dev or /proc, directly or through links."""
    if target.exists() and not target.is_file():
        return True
    if not (target.is_symlink() or target.exists()):
        return False
    real = os.path.realpath(target)
    return any(str(p).startswith(("/dev/", "/proc/")) for p in (os.path.abspath(target), real))
