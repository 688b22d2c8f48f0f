"""The watcher under faults: random SIGKILLs during publication and a full disk
leave either nothing new or the complete round, byte for byte, and every restart
converges (tests/stress/faultlib.py; the long run is ``--stress`` or
``tests/stress/watch_faults.py``); a damaged state file never stops the watcher;
a deleted output folder never lets two watchers write."""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
from pathlib import Path

import pytest
from swissbridge.errors import OutputError
from swissbridge.formats.trf import write_trf
from swissbridge.model import Colour, Entry, Result
from swissbridge.watch.loop import Watcher
from swissbridge.watch.memory import MANIFEST, STATE_NAME
from swissbridge.watch.types import WatchConfig

from tests.stress import faultlib
from tests.watch_support import ToySystem, field_of, install_toy, played, visible

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"), reason="needs fork")


def test_random_kills_and_full_disk_short() -> None:
    """A short budget of the long run: every trial ends before or after, never between."""
    results = faultlib.run(kills=12, disk_full=4, seed=20)
    for kind, tally in results.items():
        if isinstance(tally, dict):
            assert tally["problems"] == [], kind
            assert tally["trials"] in (12, 4)
    kills = results["sigkill"]
    assert kills["nothing new"] + kills["complete set"] == 12


def test_random_kills_and_full_disk_of_a_team_event_short() -> None:
    """The same for a team event's round (its site has ``teams/`` besides ``players/``)."""
    results = faultlib.run(kills=6, disk_full=2, seed=21, team=True)
    for kind, tally in results.items():
        if isinstance(tally, dict):
            assert tally["problems"] == [], kind
            assert tally["trials"] in (6, 2)


@pytest.mark.stress
def test_random_kills_and_full_disk_long() -> None:
    results = faultlib.run(kills=250, disk_full=40, seed=1)
    problems = [p for tally in results.values() if isinstance(tally, dict) for p in tally["problems"]]
    assert problems == []
    assert results["sigkill"]["complete set"] > 0 and results["sigkill"]["nothing new"] > 0


@pytest.mark.stress
def test_two_watchers_on_a_deleted_output_folder_long() -> None:
    tally = faultlib.two_watchers(20)
    assert tally["problems"] == [] and tally["trials"] == 20


def _kill_before(s: faultlib.Scenario, root: Path, steps: list[int]) -> set[str]:
    """A kill just before each of ``steps`` of a clean publication (a step past the last
    is a clean run): each leaves the previous or the complete round and a restart
    converges. The outcomes seen."""
    seen = set()
    for step in steps:
        out = root / f"k{step}"
        shutil.copytree(s.before, out)

        def plan(n: int, name: str, step: int = step) -> None:
            if n == step:
                os.kill(os.getpid(), signal.SIGKILL)

        code = faultlib.run_child(s.folder, out, plan)
        assert code == (0 if step > s.steps else -signal.SIGKILL)
        problem, outcome = faultlib.check(s, out, f"kill before step {step}")
        assert problem is None
        seen.add(outcome)
        assert faultlib.restart(s, out, f"kill before step {step}") is None
    return seen


def test_first_middle_and_last_step_of_a_publication(tmp_path: Path) -> None:
    """The short budget of the next test: a kill before the first, a middle and the
    last step, and the clean run."""
    s = faultlib.make_scenario(tmp_path)
    steps = sorted({1, (s.steps + 1) // 2, s.steps, s.steps + 1})
    assert _kill_before(s, tmp_path, steps) == {"before", "after"}


@pytest.mark.stress
def test_every_step_of_a_publication(tmp_path: Path) -> None:
    """A kill just before each file-system step of a clean publication, in turn."""
    s = faultlib.make_scenario(tmp_path)
    assert _kill_before(s, tmp_path, list(range(1, s.steps + 2))) == {"before", "after"}


# -- a damaged state file ----------------------------------------------------------------------------
def _published(tmp_path: Path) -> tuple[Path, Path]:
    """A folder whose watcher published round 2, the export then moved on to round 2 played."""
    folder = tmp_path / "host"
    folder.mkdir()
    t = field_of(10)
    (folder / "T.trf").write_text(write_trf(played(t, 1), dialect="trf16"))
    out = tmp_path / "out"
    w = Watcher(WatchConfig(folder, system="toy", stable=0, out=out))
    assert w.run_once().published == [("T", 2)]
    w.release()
    (folder / "T.trf").write_text(write_trf(played(t, 2), dialect="trf16"))
    return folder, out


def _damage(out: Path, how: str) -> None:
    state = out / STATE_NAME
    good = state.read_bytes()
    if how == "invalid UTF-8":
        state.write_bytes(good.replace(b'"host"', b'"h\xe9st"', 1))
    elif how == "deep nesting":
        state.write_bytes(b'{"version": 2, "inputs": ' + b"[" * 200_000 + b"]" * 200_000 + b"}")
    elif how == "wrong types":
        doc = json.loads(good)
        doc["published"]["T"]["2"]["files"] = "T-R2"
        state.write_text(json.dumps(doc))
    elif how == "truncated":
        state.write_bytes(good[: len(good) // 2])
    elif how == "a folder":
        state.unlink()
        state.mkdir()
        (state / "x").write_text("x")
    elif how == "a link to /dev/null":
        state.unlink()
        state.symlink_to("/dev/null")
    elif how == "a pipe":
        state.unlink()
        os.mkfifo(state)


DAMAGE = ["invalid UTF-8", "deep nesting", "wrong types", "truncated", "a folder", "a link to /dev/null", "a pipe"]


@pytest.mark.parametrize("how", DAMAGE)
def test_damaged_state_warns_once_and_publishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, how: str
) -> None:
    install_toy(monkeypatch)
    folder, out = _published(tmp_path)
    r2 = {k: v for k, v in visible(out).items() if k.startswith("T-R2/")}
    _damage(out, how)
    with caplog.at_level(logging.WARNING, logger="swissbridge.watch"):
        w = Watcher(WatchConfig(folder, system="toy", stable=0, out=out))
        w.acquire()
        report = w.run_once()
        w.run_once()
    damaged = [r for r in caplog.records if "damaged" in r.getMessage()]
    assert len(damaged) == 1, caplog.text
    assert "rebuilt from the published folders (1 round)" in damaged[0].getMessage()
    assert report.published == [("T", 3)] and report.exit_code == 0
    assert {k: v for k, v in visible(out).items() if k.startswith("T-R2/")} == r2, "round 2 untouched"
    assert any(k.startswith("T-R3/") for k in visible(out))
    assert (out / STATE_NAME).is_file() and not (out / STATE_NAME).is_symlink()
    memory = json.loads((out / STATE_NAME).read_text())
    assert sorted(memory["published"]["T"]) == ["2", "3"]
    assert (out / f"{STATE_NAME}.damaged-1").exists() or (out / f"{STATE_NAME}.damaged-1").is_symlink()
    assert (out / "T-R2" / MANIFEST).is_file()
    w.release()
    # the next start finds a sound memory: no warning
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="swissbridge.watch"):
        Watcher(WatchConfig(folder, system="toy", stable=0, out=out)).run_once()
    assert "damaged" not in caplog.text


def test_published_round_is_not_changed_after_the_memory_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rebuilt memory still knows round 2's pairing: a changed export is refused."""
    install_toy(monkeypatch)
    folder, out = _published(tmp_path)
    (out / STATE_NAME).write_bytes(b"\xff")
    t1 = played(field_of(10), 1)
    b = ToySystem().pair(field_of(10), 1).boards[0]
    changed = t1.with_round(
        1, {b.white: Entry(Result.LOSS, b.black, Colour.WHITE), b.black: Entry(Result.WIN, b.white, Colour.BLACK)}
    )
    (folder / "T.trf").write_text(write_trf(changed, dialect="trf16"))
    report = Watcher(WatchConfig(folder, system="toy", stable=0, out=out)).run_once()
    assert report.exit_code == 1 and "already published with a different pairing" in report.pairing_faults[0]


# -- the single-writer lock and a deleted output folder ---------------------------------------------
def test_deleted_output_folder_second_watcher_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder is deleted; a second watcher takes it; the first finds it lost, says so, writes nothing."""
    install_toy(monkeypatch)
    folder, out = _published(tmp_path)
    a = Watcher(WatchConfig(folder, system="toy", stable=0, out=out))
    a.acquire()
    shutil.rmtree(out)
    b = Watcher(WatchConfig(folder, system="toy", stable=0, out=out))
    b.acquire()
    report_a = a.run_once()
    assert a.lost is not None and "stops writing" in a.lost
    assert report_a.exit_code == 5 and report_a.written == []
    assert not out.joinpath("T-R3").exists() and visible(out) == {}
    report_b = b.run_once()
    assert report_b.published == [("T", 3)]
    assert a.run_once().written == [] and a.lost is not None  # and stays stopped
    b.release()
    a.release()


def test_deleted_output_folder_first_watcher_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder is deleted; the first watcher writes again first and re-takes the
    lock of the new folder; a second watcher is refused."""
    install_toy(monkeypatch)
    folder, out = _published(tmp_path)
    a = Watcher(WatchConfig(folder, system="toy", stable=0, out=out))
    a.acquire()
    shutil.rmtree(out)
    assert a.run_once().published == [("T", 3)]
    with pytest.raises(OutputError, match="already writing"):
        Watcher(WatchConfig(folder, system="toy", stable=0, out=out)).acquire()
    a.release()


def test_lock_file_deleted_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install_toy(monkeypatch)
    folder, out = _published(tmp_path)
    a = Watcher(WatchConfig(folder, system="toy", stable=0, out=out))
    a.acquire()
    (out / ".swissbridge-watch.lock").unlink()
    b = Watcher(WatchConfig(folder, system="toy", stable=0, out=out))
    b.acquire()  # the lock file is gone: b creates and takes a new one
    assert a.run_once().exit_code == 5 and a.lost is not None
    assert b.run_once().published == [("T", 3)]
    a.release()
    b.release()


def test_a_watcher_that_came_and_went_meanwhile_still_takes_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second watcher published round 3 and exited (its lock is free): the first
    must not take the folder back and write its own rounds beside the other's."""
    install_toy(monkeypatch)
    folder, out = _published(tmp_path)
    a = Watcher(WatchConfig(folder, system="toy", stable=0, out=out))
    a.acquire()
    shutil.rmtree(out)
    b = Watcher(WatchConfig(folder, system="toy", stable=0, out=out))
    b.acquire()
    assert b.run_once().published == [("T", 3)]
    b.release()
    written = visible(out)
    report = a.run_once()
    assert a.lost is not None and report.exit_code == 5 and report.written == []
    assert visible(out) == written
    a.release()
