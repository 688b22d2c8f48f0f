"""Publishing a round: its files appear together, whole, or not at all.

What the watcher publishes is an :class:`~swissbridge.watch.types.OutputSet`: a
folder name (``Open-R3``) and ``{relative path: bytes}``, the host's import file
marked. To add a file to a round, add it to the set
(:func:`swissbridge.watch.render.round_outputs` builds it;
:meth:`~swissbridge.watch.types.OutputSet.adding` extends one): nothing else
changes, the file is staged, counted, checked and published with the others.

A set is published in three steps (:class:`~swissbridge.watch.loop.Watcher`
drives them, holding the output folder's lock, re-verified before each step):

1. **stage** (:func:`stage`): a hidden folder ``.Open-R3.staging`` in the output
   folder receives the folder's manifest first (the watcher's memory of this set,
   :data:`~swissbridge.watch.memory.MANIFEST`: the mark that the folder is the
   watcher's own), then every file, each written and ``fsync``-ed, the host's import
   file last; the staged folders are synced;
2. **record**: the watcher's memory (the state file) records the publication,
   written atomically and synced: the state that justifies the round is durable
   before anything of the round is visible;
3. **reveal** (:func:`reveal`): one ``rename`` turns ``.Open-R3.staging`` into
   ``Open-R3``, and the output folder is synced.

Whatever stops the watcher (``kill -9``, a power cut, a full disk), the visible
outputs are the ones before, or those plus the complete folder. A full disk fails
step 1 or 2: the staging folder is removed and the memory stays as it was. At the
next start (:func:`leftovers`), a staging folder whose publication the memory
already records (killed between steps 2 and 3) is revealed, since its round is
published; any other of the watcher's own is removed, with its leftover temporary
files. The watcher removes only what it can prove it made (:func:`made_here`): a
staging folder holding its manifest (or nothing at all), a temporary file named as
:meth:`~swissbridge.atomic.Folder.write_atomic` names them; a user's
``.photos.tmp/`` or ``.backup.staging/`` is left alone.

An existing folder of the same name is never replaced: identical content is
adopted, a deleted file of a published round is written again, anything else is
reported and left alone.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from swissbridge.atomic import TEMPORARY, Folder, NotRegular, kind_of, read_regular, refusal, sync_folder
from swissbridge.errors import OutputError
from swissbridge.watch.files import sha256
from swissbridge.watch.memory import MANIFEST
from swissbridge.watch.types import OutputSet

STAGING = ".staging"


def made_here(path: Path) -> bool:
    """``path`` is something the watcher made and may remove: a staging folder (a real
    folder, not a link) holding the watcher's manifest or nothing at all, or a regular
    file named like a temporary file of an atomic write."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    if stat.S_ISREG(st.st_mode):
        return TEMPORARY.fullmatch(path.name) is not None
    if not (stat.S_ISDIR(st.st_mode) and path.name.startswith(".") and path.name.endswith(STAGING)):
        return False
    try:
        with Folder(path.parent) as top, top.sub(path.name) as inner:
            manifest = inner.lstat(MANIFEST)
            return (manifest is not None and stat.S_ISREG(manifest.st_mode)) or not os.listdir(path)
    except OSError:
        return False


def staging_path(out: Path, folder: str) -> Path:
    """Where the set ``folder`` is staged before it is revealed."""
    return out / f".{folder}{STAGING}"


@dataclass(frozen=True, slots=True)
class Found:
    """What the output folder already holds under a set's folder name."""

    present: bool
    missing: tuple[str, ...] = ()
    """Files of the set that are not there."""
    differs: tuple[str, ...] = ()
    """Files of the set that hold something else (or are not files)."""
    why: str = ""
    """What stands at the first of ``differs`` when it is not a regular file (a link, a pipe)."""


def _parts(folder: str, rel: str) -> tuple[list[str], str]:
    """The folders leading to a set's file ``rel`` (the set's folder first) and its name."""
    *folders, name = rel.split("/")
    return [folder, *folders], name


def survey(out: Path, s: OutputSet) -> Found:
    """Compare the folder ``s.folder`` in ``out`` (if any) with the set, without
    following a link and reading only regular files of the right size (a link to
    ``/dev/zero`` or a pipe is a difference, never read). Raises
    :class:`OutputError` when it cannot be read."""
    missing: list[str] = []
    differs: list[str] = []
    why = ""
    try:
        with Folder(out) as top:
            st = top.lstat(s.folder)
            if st is None:
                return Found(False)
            if not stat.S_ISDIR(st.st_mode):
                return Found(True, differs=(".",), why=f"is {kind_of(st.st_mode)}, not a folder")
            for rel, data in s.in_order():
                folders, name = _parts(s.folder, rel)
                try:
                    with top.descend(folders) as inner:
                        st = inner.lstat(name)
                        if st is None:
                            missing.append(rel)
                        elif not stat.S_ISREG(st.st_mode):
                            differs.append(rel)
                            why = why or f"is {kind_of(st.st_mode)}, not a regular file"
                        elif not inner.holds(name, data):
                            differs.append(rel)
                except FileNotFoundError:
                    missing.append(rel)  # its folder (players/) was deleted
                except NotRegular as exc:
                    differs.append(rel)
                    why = why or f"is under {exc.filename}, which {exc.strerror}"
    except OSError as exc:
        raise OutputError(f"cannot read {out / s.folder}: {exc.strerror or exc}") from exc
    return Found(True, tuple(missing), tuple(differs), why)


def restore(out: Path, s: OutputSet, rel: str) -> None:
    """Write the file ``rel`` of a set already in place again (it was deleted, with
    its folder perhaps), creating its folders, never following a link. Raises
    :class:`OutputError`."""
    folders, name = _parts(s.folder, rel)
    try:
        with Folder(out) as top, top.descend(folders, create=True) as inner:
            inner.write_atomic(name, s.files[rel])
    except NotRegular as exc:
        raise OutputError(refusal(exc)) from exc
    except OSError as exc:
        raise OutputError(f"cannot write {out / s.folder / rel}: {exc.strerror or exc}") from exc


def stage(out: Path, s: OutputSet, manifest: bytes) -> Path:
    """Write the set into its staging folder, durably (step 1). Raises
    :class:`OutputError`, leaving nothing behind."""
    staged = staging_path(out, s.folder)
    discard(staged)
    if os.path.lexists(staged):
        raise OutputError(
            f"{staged} is not a staging folder of swissbridge's (it holds no {MANIFEST}); it is left as it is: "
            "move it away"
        )
    try:
        with Folder(out) as top:
            os.mkdir(staged)  # a new folder: whatever of ours stood there was removed just above
            folders: set[tuple[str, ...]] = {()}
            with top.sub(staged.name) as root:
                root.write_new(MANIFEST, manifest)  # first: the mark that the folder is ours
                for rel, data in s.in_order():
                    parts = rel.split("/")
                    with root.descend(parts[:-1], create=True) as inner:
                        inner.write_new(parts[-1], data)
                    folders.update(tuple(parts[:i]) for i in range(1, len(parts)))
                for inside in sorted(folders, key=lambda p: -len(p)):
                    with root.descend(list(inside)) as inner:
                        inner.sync()
            top.sync()
    except OSError as exc:
        discard(staged)
        raise OutputError(f"cannot write {out / s.folder}: {exc.strerror or exc}") from exc
    return staged


def reveal(out: Path, folder: str, staged: Path) -> None:
    """Make the staged set ``folder`` visible in one rename (step 3). Raises :class:`OutputError`."""
    target = out / folder
    if os.path.lexists(target):  # rename would replace an empty folder: never replace anything
        raise OutputError(f"{target} appeared while it was being published; it is not replaced")
    try:
        os.rename(staged, target)
    except OSError as exc:
        raise OutputError(f"cannot publish {target}: {exc.strerror or exc}") from exc
    sync_folder(out)


def discard(staged: Path) -> None:
    """Remove a staging folder (or a leftover temporary file) if it is there and the
    watcher's own (:func:`made_here`); anything else is left as it is."""
    if not made_here(staged):
        return
    if os.path.isdir(staged) and not os.path.islink(staged):
        shutil.rmtree(staged, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            os.unlink(staged)


def staged_digests(staged: Path) -> dict[str, str]:
    """``{relative path: sha256}`` of the files in a staging folder (its manifest left
    out). Raises ``OSError`` (:class:`NotRegular` for a link or a special file in it:
    nothing a watcher staged)."""
    out: dict[str, str] = {}
    for top, folders, names in os.walk(staged):
        for name in folders:
            if os.path.islink(os.path.join(top, name)):
                raise NotRegular(os.path.join(top, name), "a symbolic link", "a folder")
        for name in names:
            path = Path(top) / name
            if path.name != MANIFEST or path.parent != staged:
                out[path.relative_to(staged).as_posix()] = sha256(read_regular(path, follow=False))
    return dict(sorted(out.items()))


def leftovers(out: Path, recorded: Mapping[str, str]) -> tuple[list[str], list[Path]]:
    """What an interrupted watcher left in ``out``: the staged folders to reveal
    (their publication is recorded: ``recorded`` maps a file relative to ``out``
    to its hash) and the staging folders and temporary files to remove, all of them
    the watcher's own (:func:`made_here`)."""
    reveal_now: list[str] = []
    remove: list[Path] = []
    try:
        entries = list(os.scandir(out))
    except OSError:
        return [], []
    for entry in entries:
        name = entry.name
        if not made_here(Path(entry.path)):
            continue
        if entry.is_file(follow_symlinks=False):
            remove.append(Path(entry.path))
        else:
            folder = name[1 : -len(STAGING)]
            want = {k[len(folder) + 1 :]: v for k, v in recorded.items() if k.startswith(f"{folder}/")}
            complete = False
            if want and not os.path.lexists(out / folder):
                with contextlib.suppress(OSError):
                    complete = staged_digests(Path(entry.path)) == want
            if complete:
                reveal_now.append(folder)
            else:
                remove.append(Path(entry.path))
    return sorted(reveal_now), sorted(remove)
