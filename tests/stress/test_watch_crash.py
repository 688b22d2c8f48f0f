"""A watcher process killed with SIGKILL while it publishes leaves nothing of the
round visible, and a restarted watcher publishes it whole without publishing it
twice (the random kills and the full disk are in test_watch_faults.py)."""

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
from swissbridge.watch.memory import STATE_NAME

from tests.watch_support import field_of, pairing_outputs, played, visible

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

SUPPORT = Path(__file__).resolve().parents[1] / "watch_support.py"
ROOT = Path(__file__).resolve().parents[2]


def start(folder: Path, out: Path, *, stall_at: int = 0) -> subprocess.Popen[str]:
    env = dict(os.environ)
    env["SWISSBRIDGE_TEST_STALL_AT"] = str(stall_at)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    cmd = [sys.executable, str(SUPPORT), "watch", str(folder), "--system", "toy", "--out", str(out)]
    cmd += ["--once", "--stable", "0"]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


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
    assert pairing_outputs(expected) == [
        "Open-R2/Open-R2-Spielerauslosung.txt",
        "Open-R2/Open-R2.html",
        "Open-R2/Open-R2.pgn",
        "Open-R2/Open-R2.trf",
        "Open-R2/Open-R2.txt",
    ]
    return folder, expected


@pytest.mark.parametrize("kill_at", [1, 2])
def test_sigkill_while_publishing(event: tuple[Path, dict[str, bytes]], tmp_path: Path, kill_at: int) -> None:
    """Kill at the ``kill_at``-th rename: 1, the state file recording the round
    (staged, not recorded); 2, the staged folder revealed (recorded, not visible)."""
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
        if line.startswith("rename "):
            seen += 1
            if seen == kill_at:
                os.kill(proc.pid, signal.SIGKILL)
                break
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL, "the watcher was not killed while publishing"
    assert visible(out) == {}, "part of a round is visible"
    state = out / STATE_NAME
    if state.exists():
        json.loads(state.read_text())  # never half a state file
    # restart: the round is published whole, once
    again = start(folder, out)
    _, err = again.communicate(timeout=60)
    assert again.returncode == 0, err
    assert visible(out) == expected
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == sorted(
        [STATE_NAME, ".swissbridge-watch.lock"]
    ), "leftovers of the interrupted publication"
    memory = json.loads((out / STATE_NAME).read_text())
    assert list(memory["published"]["Open"]) == ["2"]
    assert ("had staged and recorded" in err) == (kill_at == 2)
    # once more: nothing is rewritten
    mtimes = {p: p.stat().st_mtime_ns for p in out.rglob("*")}
    third = start(folder, out)
    third.communicate(timeout=60)
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*") if p in mtimes} == mtimes


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

    first = watch(stall_at=2)
    (folder / "Open.trf").write_text(write_trf(t1, dialect="trf16"))
    assert first.stdout is not None
    seen = 0
    for line in first.stdout:
        seen += line.startswith("rename ")
        if seen == 2:
            os.kill(first.pid, signal.SIGKILL)
            break
    first.wait(timeout=10)
    assert visible(out) == {}  # recorded, staged, not revealed

    second = watch(stall_at=0)
    try:
        deadline = time.monotonic() + 120  # only a hang reaches it, whatever the machine's load
        while len(pairing_outputs(visible(out))) < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(pairing_outputs(visible(out))) == 5
        (folder / "Open.trf").write_text(write_trf(played(field_of(30), 2), dialect="trf16"))
        while len(pairing_outputs(visible(out))) < 10 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert pairing_outputs(visible(out))[-5:] == [
            "Open-R3/Open-R3-Spielerauslosung.txt",
            "Open-R3/Open-R3.html",
            "Open-R3/Open-R3.pgn",
            "Open-R3/Open-R3.trf",
            "Open-R3/Open-R3.txt",
        ]
    finally:
        second.send_signal(signal.SIGTERM)
        _, err = second.communicate(timeout=10)
    assert second.returncode == 0, err
    assert "stopped" in err
    assert "published Open-R2, which a stopped watcher had staged and recorded" in err
    assert err.count("round 2 paired") == 0 and err.count("round 3 paired") == 1
    memory = json.loads((out / STATE_NAME).read_text())
    assert sorted(memory["published"]["Open"]) == ["2", "3"]
