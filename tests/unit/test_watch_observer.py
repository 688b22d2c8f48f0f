"""The watcher with a real watchdog observer on temporary folders: files written
in chunks with pauses, renamed into place, rewritten rapidly, deleted before they
settle, malformed then corrected. Short intervals keep these tests fast."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest
from swissbridge.formats.trf import write_trf
from swissbridge.watch.files import Stable
from swissbridge.watch.loop import Watcher
from swissbridge.watch.types import HostContext, Outcome, WatchConfig

from tests.watch_support import ToySystem, field_of, install_toy, played

STABLE = 0.4


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    install_toy(monkeypatch)


class Running:
    """A watcher running in a thread, with every input it decided on recorded."""

    def __init__(self, folder: Path) -> None:
        self.watcher = Watcher(
            WatchConfig(folder, system="toy", stable=STABLE, debounce=0.05, rescan=5.0),
        )
        self.seen: list[dict[str, bytes]] = []
        self.records: list[logging.LogRecord] = []
        decide = self.watcher.host.decide

        def recording(files: Mapping[Path, Stable], ctx: HostContext) -> list[Outcome]:
            self.seen.append({p.name: s.data for p, s in files.items()})
            return decide(files, ctx)

        self.watcher.host.decide = recording  # type: ignore[method-assign]
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.watcher.watch, args=(self.stop,), daemon=True)
        handler = logging.Handler()
        handler.emit = self.records.append  # type: ignore[method-assign]
        self.handler = handler
        logging.getLogger("swissbridge.watch").addHandler(handler)
        logging.getLogger("swissbridge.watch").setLevel(logging.DEBUG)

    @property
    def out(self) -> Path:
        return self.watcher.config.out_dir

    def messages(self, level: int = logging.DEBUG) -> list[str]:
        return [r.getMessage() for r in list(self.records) if r.levelno >= level]

    def wait_for(self, condition: Callable[[], bool], timeout: float = 8.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return
            time.sleep(0.02)
        raise AssertionError(f"timed out; log: {self.messages()}")


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Running]:
    r = Running(tmp_path)
    r.thread.start()
    time.sleep(0.1)  # the observer is scheduled
    yield r
    r.stop.set()
    r.thread.join(timeout=5)
    logging.getLogger("swissbridge.watch").removeHandler(r.handler)
    assert not r.thread.is_alive()


def trf_bytes(rounds_played: int = 1, n: int = 10) -> bytes:
    return write_trf(played(field_of(n), rounds_played), dialect="trf16").encode()


def published(r: Running, job: str = "T", round_no: int = 2) -> bool:
    page = r.out / f"{job}-R{round_no}" / f"{job}-R{round_no}.html"
    return page.exists() and r.watcher.state.publication(job, round_no) is not None


def test_chunked_writes_with_pauses_are_read_only_when_complete(running: Running, tmp_path: Path) -> None:
    data = trf_bytes()
    chunks = [data[i : i + len(data) // 4 + 1] for i in range(0, len(data), len(data) // 4 + 1)]
    with open(tmp_path / "T.trf", "wb") as fh:
        for chunk in chunks:
            fh.write(chunk)
            fh.flush()
            time.sleep(STABLE / 4)  # pauses well shorter than the stability interval
    running.wait_for(lambda: published(running))
    assert running.seen, "the watcher never decided"
    for files in running.seen:
        assert files.get("T.trf", data) == data, "a half-written file was handed to the workflow"
    assert not running.messages(logging.ERROR)
    assert running.watcher.state.publication("T", 2) is not None


def test_rename_into_place(running: Running, tmp_path: Path) -> None:
    data = trf_bytes()
    part = tmp_path / "T.trf.part"  # FTP clients upload under a temporary name
    with open(part, "wb") as fh:
        fh.write(data[:100])
        fh.flush()
        time.sleep(STABLE * 1.5)  # longer than the interval: a temporary name is never read
        fh.write(data[100:])
    os.replace(part, tmp_path / "T.trf")
    running.wait_for(lambda: published(running))
    assert all("T.trf.part" not in files for files in running.seen)
    assert all(files.get("T.trf", data) == data for files in running.seen)


def test_rapid_repeated_changes_are_coalesced(running: Running, tmp_path: Path) -> None:
    versions = [trf_bytes(n=n) for n in (4, 6, 8, 10)]
    for _ in range(5):
        for v in versions:
            (tmp_path / "T.trf").write_bytes(v)
            time.sleep(0.01)
    running.wait_for(lambda: published(running))
    time.sleep(STABLE * 2)
    final = versions[-1]
    assert running.seen and all(files.get("T.trf", final) == final for files in running.seen)
    expected = ToySystem().pair(played(field_of(10), 1), 2).pairlist()
    pub = running.watcher.state.publication("T", 2)
    assert pub is not None and pub.pairlist == expected
    assert len(running.seen) <= 3, "every change triggered a decision"


def test_file_deleted_before_it_settles_then_a_good_one(running: Running, tmp_path: Path) -> None:
    path = tmp_path / "T.trf"
    path.write_bytes(trf_bytes())
    time.sleep(STABLE / 5)
    path.unlink()
    running.wait_for(lambda: any("disappeared" in m for m in running.messages(logging.WARNING)))
    assert not (running.out / "T-R2/T-R2.trf").exists()
    path.write_bytes(trf_bytes())
    running.wait_for(lambda: published(running))


def test_malformed_file_then_a_good_one(running: Running, tmp_path: Path) -> None:
    bad = trf_bytes().replace(b"2593", b"25x3", 1)
    (tmp_path / "T.trf").write_bytes(bad)
    running.wait_for(lambda: any("T.trf:2" in m for m in running.messages(logging.ERROR)))
    assert running.thread.is_alive()
    assert not running.out.exists() or not list(running.out.glob("T-R*"))
    (tmp_path / "T.trf").write_bytes(trf_bytes())
    running.wait_for(lambda: published(running))
    assert running.watcher.status.startswith("T: round 2 published")


def test_output_folder_removed_while_watching(running: Running, tmp_path: Path) -> None:
    import shutil

    (tmp_path / "T.trf").write_bytes(trf_bytes())
    running.wait_for(lambda: published(running))
    while running.out.exists():  # the watcher may be writing its memory meanwhile
        shutil.rmtree(running.out, ignore_errors=True)
    # the next change (here: a touch of the input) makes the watcher write everything again
    (tmp_path / "T.trf").write_bytes(trf_bytes())
    running.wait_for(lambda: (running.out / "T-R2/T-R2.html").exists())
    running.wait_for(lambda: any("disappeared" in m for m in running.messages(logging.WARNING)))


def test_watched_folder_removed_and_recreated(tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "Listen"
    folder.mkdir()
    watcher = Watcher(WatchConfig(folder, system="toy", stable=0.2, debounce=0.05, rescan=0.3, out=tmp_path / "out"))
    stop = threading.Event()
    thread = threading.Thread(target=watcher.watch, args=(stop,), daemon=True)
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("swissbridge.watch")
    logger.addHandler(handler)
    try:
        thread.start()
        time.sleep(0.2)
        shutil.rmtree(folder)
        deadline = time.monotonic() + 8
        while not any("cannot read the folder" in r.getMessage() for r in records):
            assert time.monotonic() < deadline, [r.getMessage() for r in records]
            time.sleep(0.02)
        folder.mkdir()
        time.sleep(0.5)  # the observer is started again on the new folder
        (folder / "T.trf").write_bytes(trf_bytes())
        while not (tmp_path / "out" / "T-R2/T-R2.html").exists():
            assert time.monotonic() < deadline, [r.getMessage() for r in records]
            time.sleep(0.02)
        assert thread.is_alive()
    finally:
        stop.set()
        thread.join(timeout=5)
        logger.removeHandler(handler)
