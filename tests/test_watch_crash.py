"""A watcher killed with SIGKILL while it writes leaves every output either absent
or complete, and a restarted watcher finishes the job without publishing twice."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from swissbridge.formats.trf import write_trf
from swissbridge.watch.state import STATE_NAME

from tests.watch_support import field_of, played

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

SUPPORT = Path(__file__).with_name("watch_support.py")
ROOT = Path(__file__).resolve().parent.parent


def start(folder: Path, out: Path, *, stall_at: int = 0) -> subprocess.Popen[str]:
    env = dict(os.environ)
    env["SWISSBRIDGE_TEST_STALL_AT"] = str(stall_at)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    cmd = [sys.executable, str(SUPPORT), "watch", str(folder), "--system", "toy", "--out", str(out)]
    cmd += ["--once", "--stable", "0"]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def visible(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in out.iterdir() if not p.name.startswith(".")} if out.exists() else {}


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    """A 120-player tournament after round 1, and the outputs a clean run writes."""
    folder = tmp_path_factory.mktemp("host")
    (folder / "Open.trf").write_text(write_trf(played(field_of(120), 1), dialect="trf16"))
    ref = tmp_path_factory.mktemp("ref") / "out"
    proc = start(folder, ref)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    expected = visible(ref)
    assert sorted(expected) == [
        "Open-R2-Spielerauslosung.txt",
        "Open-R2.html",
        "Open-R2.pgn",
        "Open-R2.trf",
        "Open-R2.txt",
    ]
    return folder, expected


@pytest.mark.parametrize("kill_at", [1, 4, 6])
def test_sigkill_while_writing(event: tuple[Path, dict[str, bytes]], tmp_path: Path, kill_at: int) -> None:
    """Kill at the ``kill_at``-th rename (5 outputs, then the state file): the
    temporary file is complete but not yet in place."""
    folder, expected = event
    out = tmp_path / "out"
    proc = start(folder, out, stall_at=kill_at)
    assert proc.stdout is not None
    seen = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        if line.startswith("replace "):
            seen += 1
            if seen == kill_at:
                os.kill(proc.pid, signal.SIGKILL)
                break
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL, "the watcher was not killed while writing"
    after_kill = visible(out)
    assert len(after_kill) == min(kill_at - 1, 5)
    for name, data in after_kill.items():
        assert data == expected[name], f"{name} is not complete"
    state = out / STATE_NAME
    if state.exists():
        json.loads(state.read_text())  # never half a state file
    # restart: the rest is written, nothing is published twice
    again = start(folder, out)
    _, err = again.communicate(timeout=60)
    assert again.returncode == 0, err
    assert visible(out) == expected
    assert not list(out.glob(".*.tmp")), "temporary files were left behind"
    memory = json.loads((out / STATE_NAME).read_text())
    assert list(memory["published"]["Open"]) == ["2"]
    assert "published" not in err or err.count("round 2 paired") <= 1
    if kill_at != 6:
        return
    # once more: nothing is rewritten
    mtimes = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    third = start(folder, out)
    third.communicate(timeout=60)
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir() if p.name in mtimes} == mtimes


def test_sigkill_while_watching_then_restart(tmp_path: Path) -> None:
    """The long-running watcher killed in the middle of writing round 2: a restarted
    watcher completes round 2, then pairs round 3 when the next export lands, and
    stops cleanly on SIGTERM."""
    folder = tmp_path / "host"
    folder.mkdir()
    out = tmp_path / "out"
    t1 = played(field_of(30), 1)

    def watch(stall_at: int) -> subprocess.Popen[str]:
        env = dict(os.environ)
        env["SWISSBRIDGE_TEST_STALL_AT"] = str(stall_at)
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
        cmd = [sys.executable, str(SUPPORT), "watch", str(folder), "--system", "toy", "--out", str(out)]
        cmd += ["--stable", "0.2"]
        return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)

    first = watch(stall_at=3)
    (folder / "Open.trf").write_text(write_trf(t1, dialect="trf16"))
    assert first.stdout is not None
    seen = 0
    for line in first.stdout:
        seen += line.startswith("replace ")
        if seen == 3:
            os.kill(first.pid, signal.SIGKILL)
            break
    first.wait(timeout=10)
    assert len(visible(out)) == 2  # two complete files, the third never appeared

    second = watch(stall_at=0)
    try:
        deadline = time.monotonic() + 20
        while len(visible(out)) < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(visible(out)) == 5
        (folder / "Open.trf").write_text(write_trf(played(field_of(30), 2), dialect="trf16"))
        while len(visible(out)) < 10 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sorted(visible(out))[-5:] == [
            "Open-R3-Spielerauslosung.txt",
            "Open-R3.html",
            "Open-R3.pgn",
            "Open-R3.trf",
            "Open-R3.txt",
        ]
    finally:
        second.send_signal(signal.SIGTERM)
        _, err = second.communicate(timeout=10)
    assert second.returncode == 0, err
    assert "stopped" in err
    assert err.count("round 2 paired") == 1 and err.count("round 3 paired") == 1
    memory = json.loads((out / STATE_NAME).read_text())
    assert sorted(memory["published"]["Open"]) == ["2", "3"]
