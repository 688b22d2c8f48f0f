"""The stability rule of the watcher: a file is read only after its size,
modification time and content stayed the same for the whole interval."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from swissbridge.watch.files import (
    Settling,
    StabilityTracker,
    Stable,
    Unreadable,
    Vanished,
    is_temporary,
    read_whole,
    scan_folder,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_file_is_stable_only_after_the_interval(tmp_path: Path) -> None:
    clock = Clock()
    tracker = StabilityTracker(2.0, clock=clock)
    f = tmp_path / "export.trf"
    f.write_bytes(b"012 part one\n")
    first = tracker.observe(f)
    assert isinstance(first, Settling) and first.ready_at == 1002.0
    clock.now += 1.9
    assert isinstance(tracker.observe(f), Settling)
    clock.now += 0.1
    seen = tracker.observe(f)
    assert isinstance(seen, Stable) and seen.data == b"012 part one\n"


def test_chunked_writes_restart_the_quiet_time(tmp_path: Path) -> None:
    clock = Clock()
    tracker = StabilityTracker(2.0, clock=clock)
    f = tmp_path / "export.trf"
    with open(f, "wb") as fh:
        for i in range(4):
            fh.write(f"chunk {i}\n".encode())
            fh.flush()
            obs = tracker.observe(f)
            assert isinstance(obs, Settling), f"chunk {i}: a growing file must not be read"
            clock.now += 1.5  # a pause shorter than the interval
    assert isinstance(tracker.observe(f), Settling)  # the last chunk is only 1.5 s old
    clock.now += 0.5
    done = tracker.observe(f)
    assert isinstance(done, Stable) and done.data.count(b"chunk") == 4


def test_same_size_rewrite_is_noticed_by_content(tmp_path: Path) -> None:
    clock = Clock()
    tracker = StabilityTracker(1.0, clock=clock)
    f = tmp_path / "a.txt"
    f.write_bytes(b"AAAA")
    tracker.observe(f)
    clock.now += 0.9
    st = f.stat()
    f.write_bytes(b"BBBB")
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size, same mtime: only the content differs
    obs = tracker.observe(f)
    assert isinstance(obs, Settling) and obs.ready_at == clock.now + 1.0
    clock.now += 1.0
    final = tracker.observe(f)
    assert isinstance(final, Stable) and final.data == b"BBBB"


def test_touch_without_change_does_not_restart(tmp_path: Path) -> None:
    clock = Clock()
    tracker = StabilityTracker(1.0, clock=clock)
    f = tmp_path / "a.txt"
    f.write_bytes(b"same")
    tracker.observe(f)
    clock.now += 0.6
    os.chmod(f, 0o644)  # ctime changes, nothing else
    assert isinstance(tracker.observe(f), Settling)
    clock.now += 0.4
    assert isinstance(tracker.observe(f), Stable)


def test_zero_interval_reads_at_once(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    f.write_bytes(b"x")
    assert isinstance(StabilityTracker(0.0).observe(f), Stable)


def test_vanished_and_deleted_while_reading(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    f.write_bytes(b"x" * 10)
    assert isinstance(StabilityTracker(0).observe(tmp_path / "missing.txt"), Vanished)

    def deleting_reader(path: Path) -> tuple[bytes, os.stat_result]:
        with open(path, "rb") as fh:
            data = fh.read(5)
            path.unlink()  # deleted in the middle of the read
            data += fh.read()
        return read_whole_after(path, data)

    def read_whole_after(path: Path, data: bytes) -> tuple[bytes, os.stat_result]:
        return data, os.stat(path)  # raises FileNotFoundError like read_whole

    tracker = StabilityTracker(0, reader=deleting_reader)
    assert isinstance(tracker.observe(f), Vanished)
    assert tracker.tracked() == set()


def test_read_whole_detects_a_replacement_during_the_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "a.txt"
    f.write_bytes(b"old content")
    real_stat = os.stat
    target = str(f)
    calls: list[str] = []

    def stat_after_rename(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if str(path) == target:
            calls.append(target)
            if len(calls) == 2:
                # the second look at the path comes after the bytes were read
                other = str(tmp_path / "new.txt")
                with open(other, "wb") as fh:
                    fh.write(b"new content!")
                os.replace(other, target)  # renamed into place while we were reading
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", stat_after_rename)
    tracker = StabilityTracker(0)
    obs = tracker.observe(f)
    assert isinstance(obs, Settling)
    monkeypatch.setattr(os, "stat", real_stat)
    again = tracker.observe(f)
    assert isinstance(again, Stable) and again.data == b"new content!"


def test_unreadable_file_is_reported_not_raised(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    f.write_bytes(b"x")

    def denied(path: Path) -> tuple[bytes, os.stat_result]:
        raise PermissionError(13, "Permission denied")

    obs = StabilityTracker(0, reader=denied).observe(f)
    assert isinstance(obs, Unreadable) and obs.reason == "Permission denied"


def test_read_whole_returns_content_and_status(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    f.write_bytes(b"hello")
    data, st = read_whole(f)
    assert data == b"hello" and st.st_size == 5


@pytest.mark.parametrize(
    ("name", "temporary"),
    [
        ("games.pgn", False),
        ("FIDE_Export_Open.TXT", False),
        (".games.pgn.swp", True),
        (".hidden.trf", True),
        ("games.pgn.filepart", True),
        ("games.pgn.part", True),
        ("export.trf.tmp", True),
        ("~$export.txt", True),
        ("export.txt~", True),
    ],
)
def test_temporary_names(name: str, temporary: bool) -> None:
    assert is_temporary(name) is temporary


def test_scan_skips_temporaries_and_the_output_folder(tmp_path: Path) -> None:
    (tmp_path / "round1").mkdir()
    (tmp_path / "round1" / "games.pgn").write_text("x")
    (tmp_path / "round2").mkdir()
    (tmp_path / "round2" / "games.pgn.filepart").write_text("x")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "T-R2.pgn").write_text("x")
    (tmp_path / "notes.txt").write_text("x")
    found = scan_folder(tmp_path, recursive=True, suffixes=(".pgn",), exclude=[tmp_path / "out"])
    assert found == [tmp_path / "round1" / "games.pgn"]
    flat = scan_folder(tmp_path, recursive=False, suffixes=(".pgn", ".txt"))
    assert flat == [tmp_path / "notes.txt"]
    with pytest.raises(OSError):
        scan_folder(tmp_path / "missing", recursive=False, suffixes=(".pgn",))
