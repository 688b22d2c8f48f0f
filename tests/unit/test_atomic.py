"""Atomic writes (bridge/atomic.py): replace regular files by rename, write through
links, never rename over special files."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest
from swissbridge.atomic import write_atomic


def test_replaces_a_file_and_skips_identical_content(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert write_atomic(out, "one\n") is True
    inode = out.stat().st_ino
    assert write_atomic(out, "one\n") is False  # same bytes: nothing rewritten
    assert out.stat().st_ino == inode
    assert write_atomic(out, "two\n") is True
    assert out.read_text() == "two\n" and out.stat().st_ino != inode
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary left


def test_writes_through_a_symlink_and_keeps_it(tmp_path: Path) -> None:
    (tmp_path / "target.txt").write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to("target.txt")
    write_atomic(link, "new\n")
    assert link.is_symlink() and (tmp_path / "target.txt").read_text() == "new\n"


def test_new_files_get_ordinary_permissions(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "out.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out.txt").stat().st_mode) == 0o644


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_is_written_in_place_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    write_atomic(fifo, "through the pipe\n")
    reader.join(5)
    assert got == [b"through the pipe\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)
