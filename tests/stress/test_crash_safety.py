"""Crash safety: a process killed (SIGKILL, no clean-up possible) at a random moment
while it writes its outputs with :func:`swissbridge.atomic.write_atomic` leaves
every output either absent (never written) or complete and valid (the previous or
the new version): never a truncated or mixed file.

200 kills of a forked writer (fast: no interpreter start-up), and a few kills of
the real command line writing a TRF file.
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from swissbridge.atomic import write_atomic

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL (POSIX)")

OUTPUTS = ("pairing.trf", "standings.json", "big.html")


def _payload(rng: random.Random, size: int) -> bytes:
    body = rng.randbytes(size).hex().encode()
    digest = hashlib.sha256(body).hexdigest().encode()
    return b"BEGIN " + str(len(body)).encode() + b"\n" + body + b"\nEND " + digest + b"\n"


def _valid(data: bytes) -> bool:
    head, _, rest = data.partition(b"\n")
    if not head.startswith(b"BEGIN "):
        return False
    size = int(head[6:])
    body, tail = rest[:size], rest[size:]
    return tail == b"\nEND " + hashlib.sha256(body).hexdigest().encode() + b"\n"


def _writer(folder: Path, seed: int) -> None:
    """The child: write the outputs again and again until killed."""
    rng = random.Random(seed)
    while True:
        for name in OUTPUTS:
            size = rng.choice((100, 5_000, 200_000 if name == "big.html" else 20_000))
            write_atomic(folder / name, _payload(rng, size))


def _check_folder(folder: Path) -> tuple[int, int, int]:
    """(outputs present and valid, outputs absent, temporary files left); fails on
    anything else."""
    present = absent = temporaries = 0
    for name in OUTPUTS:
        path = folder / name
        if not path.exists():
            absent += 1
            continue
        data = path.read_bytes()
        assert _valid(data), f"{path} is truncated or mixed ({len(data)} bytes)"
        present += 1
    # only our own hidden temporary files may be left behind, never a visible partial output
    for leftover in folder.iterdir():
        if leftover.name not in OUTPUTS:
            assert leftover.name.startswith(".") and leftover.name.endswith(".tmp"), leftover.name
            temporaries += 1
    return present, absent, temporaries


def test_sigkill_at_random_points_leaves_outputs_absent_or_complete(tmp_path: Path) -> None:
    rng = random.Random(20260201)
    kills = 200
    stats = {"present": 0, "absent": 0, "mid-write": 0}
    for i in range(kills):
        folder = tmp_path / f"run{i:03d}"
        folder.mkdir()
        if i % 2:
            # half the runs start from valid previous outputs (the rerun of a live tournament)
            for name in OUTPUTS:
                write_atomic(folder / name, _payload(rng, 300))
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns
            try:
                _writer(folder, i)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, 0.012))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        present, absent, temporaries = _check_folder(folder)
        stats["present"] += present
        stats["absent"] += absent
        stats["mid-write"] += temporaries > 0
        if i % 2:
            assert absent == 0, "a previous output disappeared"
    # the kills landed before any write, between writes and in the middle of one
    assert stats["present"] > 0 and stats["absent"] > 0 and stats["mid-write"] > 0, stats


def test_sigkill_of_the_command_line_while_it_writes(tmp_path: Path) -> None:
    """The real program (``swissbridge generate -o``), killed at random moments: the
    output is always the previous file or exactly the new one (generation is
    deterministic, so the new one is known). A short budget of the next test."""
    _kill_the_command_line(tmp_path, 3)


@pytest.mark.stress
def test_sigkill_of_the_command_line_while_it_writes_long(tmp_path: Path) -> None:
    _kill_the_command_line(tmp_path, 20)


def _kill_the_command_line(tmp_path: Path, kills: int) -> None:
    """``kills`` runs of ``swissbridge generate -o`` killed at a random moment each."""
    pytest.importorskip("swissbridge.formats.trf")
    from swissbridge.commands.generate import generate_tournament
    from swissbridge.formats.trf import write_trf

    out = tmp_path / "out.trf"
    size = ["--players", "24", "--rounds", "5", "--system", "dutch"]
    cmd = [sys.executable, "-m", "swissbridge", "generate", *size]
    first = subprocess.run([*cmd, "--seed", "1", "-o", str(out)], capture_output=True, text=True, timeout=120)
    if first.returncode != 0:
        pytest.skip(f"generate does not run here yet: {first.stderr.strip()[:200]}")
    current = out.read_bytes()
    rng = random.Random(5)
    outcomes = {"kept": 0, "replaced": 0}
    for i in range(kills):
        seed = 100 + i
        new = write_trf(generate_tournament(24, 5, "dutch", seed)).encode()
        proc = subprocess.Popen([*cmd, "--seed", str(seed), "-o", str(out)])
        time.sleep(rng.uniform(0.05, 1.5))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        data = out.read_bytes()
        assert data in (current, new), "the output is neither the previous file nor the new one"
        outcomes["kept" if data == current else "replaced"] += 1
        current = data
    assert sum(outcomes.values()) == kills
