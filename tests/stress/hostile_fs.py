"""Hostile file systems and concurrent arbiters (issue 27): links, pipes and devices
planted where swissbridge writes or reads its own files, and two commands editing
one tournament file at once.

* :func:`plant_trial` plants one to three random hostile entries (a link to a file or
  a folder outside, a dangling link, a link to ``/dev/zero`` or ``/dev/null``, a
  named pipe, a link to a pipe outside) at names the watcher or an in-place edit
  writes or reads (a round folder, its ``players/`` folder, a page, the state and
  lock files, a staging folder, ``EVENT.trf.bak``, the edit lock), then runs the
  watcher or an in-place command in a forked child with a time limit. It checks
  that nothing outside the trial's folders changed (no write outside, no link
  target overwritten), that nothing hung or ended in a traceback, and that an edit
  that succeeded kept its backup as a regular file.
* :func:`edit_pair` starts two in-place edits of one file at the same instant
  (``result`` against ``result`` on two boards, or ``pair --in-place`` against the
  round's last ``result``) and checks that every edit that said it succeeded is in
  the file: no lost update.

``python tests/stress/hostile_fs.py --plantings 1000 --pairs 500`` is the long run
(``pytest --stress`` runs the same); the default suite runs a short budget.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import shutil
import signal
import stat
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":  # pragma: no cover
    sys.path.insert(0, os.fspath(ROOT))

from swissbridge.formats.trf import read_trf, write_trf  # noqa: E402
from swissbridge.model import Result, Tournament  # noqa: E402

from tests.watch_support import field_of, played  # noqa: E402

HANG_SECONDS = 30.0 * float(os.environ.get("SWISSBRIDGE_SLOW_FACTOR", "1"))
"""A child that has not finished by then is counted as hung (and killed)."""


# --------------------------------------------------------------------------------------
# a contained run: a forked child, its exit status, its output, a time limit
# --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Run:
    code: int | None
    """The exit status; ``None`` when the child hung and was killed."""
    output: str
    seconds: float

    @property
    def hung(self) -> bool:
        return self.code is None

    @property
    def traceback(self) -> bool:
        return "Traceback (most recent call last)" in self.output


def contained(work: Callable[[], int], *, seconds: float = HANG_SECONDS) -> Run:
    """Run ``work`` in a forked child (stdout and stderr captured, stdin closed);
    its return value or ``SystemExit`` code is the exit status, an exception a
    traceback and status 99."""
    read_fd, write_fd = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 99
        try:
            os.close(read_fd)
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            os.dup2(write_fd, 1)
            os.dup2(write_fd, 2)
            sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115 - not pytest's capture
            sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
            try:
                code = work()
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            except BaseException:
                traceback.print_exc()
                code = 99
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    os.close(write_fd)
    chunks: list[bytes] = []
    deadline = start + seconds
    status: int | None = None
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            break
        ready, _, _ = select.select([read_fd], [], [], min(left, 0.5))
        if ready:
            chunk = os.read(read_fd, 65536)
            if chunk:
                chunks.append(chunk)
                continue
            _, raw = os.waitpid(pid, 0)
            status = os.waitstatus_to_exitcode(raw)
            break
    os.close(read_fd)
    return Run(status, b"".join(chunks).decode("utf-8", "replace"), time.monotonic() - start)


def cli(*args: str | os.PathLike[str]) -> Callable[[], int]:
    """The swissbridge command line with ``args``, to run in a child."""

    def work() -> int:
        from swissbridge.cli.commandline import main

        sys.argv = ["swissbridge", *map(os.fspath, args)]
        main()
        return 0

    return work


def watch_once(folder: Path, out: Path | None = None) -> Callable[[], int]:
    """``swissbridge watch FOLDER --once --stable 0 --system dutch``, to run in a child."""

    def work() -> int:
        from swissbridge.watch.command import run_cli

        return run_cli(
            folder,
            host="swiss-manager",
            system="dutch",
            out=out,
            tournament=None,
            rounds=None,
            once=True,
            stable=0,
            verbose=False,
        )

    return work


# --------------------------------------------------------------------------------------
# the trial's folders: the input folder, its output folder, an "outside" to protect
# --------------------------------------------------------------------------------------
EVENT = "T.trf"
ROUND = "T-R2"
"""The round folder the watcher publishes for ``T.trf`` (round 1 played, 10 players)."""


def event_file(folder: Path) -> Path:
    """``T.trf`` in ``folder``: 10 players, round 1 played, 7 rounds."""
    path = folder / EVENT
    path.write_text(write_trf(played(field_of(10), 1), dialect="trf16"), encoding="utf-8")
    return path


def snapshot(folder: Path) -> dict[str, tuple[str, bytes | str]]:
    """Every entry below ``folder`` (links not followed): its kind and its bytes (a
    file), target (a link) or nothing (a folder, a pipe)."""
    seen: dict[str, tuple[str, bytes | str]] = {}
    for top, folders, names in os.walk(folder):
        for name in [*folders, *names]:
            path = os.path.join(top, name)
            st = os.lstat(path)
            rel = os.path.relpath(path, folder)
            if stat.S_ISLNK(st.st_mode):
                seen[rel] = ("link", os.readlink(path))
            elif stat.S_ISREG(st.st_mode):
                with open(path, "rb") as fh:
                    seen[rel] = ("file", fh.read())
            elif stat.S_ISDIR(st.st_mode):
                seen[rel] = ("folder", b"")
            else:
                seen[rel] = ("special", b"")
    return seen


def outside_of(base: Path) -> Path:
    """``base/outside``: a victim file, a folder and a pipe that links may name."""
    outside = base / "outside"
    (outside / "dir").mkdir(parents=True)
    (outside / "victim.txt").write_text("important, never to be overwritten\n")
    os.mkfifo(outside / "pipe")
    return outside


KINDS = ("link-file", "link-dir", "dangling", "dev-zero", "dev-null", "fifo", "link-fifo", "link-lockfile")


def plant(path: Path, kind: str, outside: Path, n: int) -> bool:
    """Put a hostile entry of ``kind`` at ``path`` (its folders made as real folders);
    ``False`` when one of its folders is itself a planted entry."""
    for parent in reversed(path.parents):
        if os.path.lexists(parent) and (parent.is_symlink() or not parent.is_dir()):
            return False
    path.parent.mkdir(parents=True, exist_ok=True)
    if os.path.lexists(path):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    if kind == "link-file":
        path.symlink_to(outside / "victim.txt")
    elif kind == "link-dir":
        path.symlink_to(outside / "dir")
    elif kind == "dangling":
        path.symlink_to(outside / f"created-{n}")
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "dev-null":
        path.symlink_to("/dev/null")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "link-fifo":
        path.symlink_to(outside / "pipe")
    elif kind == "link-lockfile":
        path.symlink_to(outside / f"lock-{n}")
    else:  # pragma: no cover
        raise ValueError(kind)
    return True


def watcher_names(rng: random.Random) -> str:
    """A name (relative to the output folder) the watcher writes or reads."""
    return rng.choice(
        [
            ROUND,
            f"{ROUND}/players",
            f"{ROUND}/players/{rng.randint(1, 10)}.html",
            f"{ROUND}/index.html",
            f"{ROUND}/standings.html",
            f"{ROUND}/{ROUND}.trf",
            f"{ROUND}/{ROUND}.pgn",
            f"{ROUND}/{ROUND}-Spielerauslosung.txt",
            f"{ROUND}/.swissbridge-round.json",
            ".swissbridge-watch.json",
            ".swissbridge-watch.lock",
            f".{ROUND}.staging",
            f".{ROUND}.staging/{ROUND}.trf",
            f".{ROUND}.staging/players",
            f".{ROUND}.{rng.randrange(16**8):08x}.tmp",
        ]
    )


def edit_names(rng: random.Random) -> str:
    """A name (relative to the input folder) an in-place edit writes or reads."""
    return rng.choice([f"{EVENT}.bak", f".{EVENT}.lock", f".{EVENT}.bak.{rng.randrange(16**8):08x}.tmp"])


# --------------------------------------------------------------------------------------
# one planting trial
# --------------------------------------------------------------------------------------
@dataclass(slots=True)
class Tally:
    trials: int = 0
    plantings: int = 0
    runs: int = 0
    exit_codes: dict[str, int] = field(default_factory=dict)
    writes_outside: int = 0
    overwritten_targets: int = 0
    hangs: int = 0
    tracebacks: int = 0
    swallowed_backups: int = 0
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {k: getattr(self, k) for k in self.__slots__}  # type: ignore[attr-defined]


def plant_trial(seed: int, base: Path, tally: Tally) -> None:
    """Trial ``seed``: a fresh folder, maybe a published round first, hostile
    entries planted, then the watcher or an in-place edit; the outcome in ``tally``."""
    rng = random.Random(seed)
    trial = base / f"t{seed}"
    folder = trial / "in"
    folder.mkdir(parents=True)
    out = folder / "swissbridge-out"
    outside = outside_of(trial)
    event = event_file(folder)
    if rng.random() < 0.4:  # a round already published: deletions and restores come in
        first = contained(watch_once(folder))
        if first.code != 0:
            tally.problems.append(f"#{seed}: the clean first publication failed: {first.output[-300:]}")
            return
        if rng.random() < 0.5:
            shutil.rmtree(out / ROUND / "players", ignore_errors=True)
    edit = rng.random() < 0.35
    planted: list[tuple[str, str]] = []
    for n in range(rng.randint(1, 3)):
        kind = rng.choice(KINDS)
        where = edit_names(rng) if edit else watcher_names(rng)
        if plant((folder if edit else out) / where, kind, outside, n):
            planted.append((where, kind))
    tally.plantings += len(planted)
    before = snapshot(outside)
    previous = event.read_bytes()
    if edit:
        command = rng.choice(
            [
                ("pair", event, "--in-place"),
                ("result", event, "1", "1", "1-0", "--correct"),
                ("convert", event, event, "--in-place"),
            ]
        )
        run = contained(cli(*command))
    else:
        command = ("watch", folder, "--once")
        run = contained(watch_once(folder))
    tally.trials += 1
    tally.runs += 1
    tally.exit_codes[str(run.code)] = tally.exit_codes.get(str(run.code), 0) + 1
    after = snapshot(outside)
    what = f"#{seed} {' '.join(map(str, command[:1]))} planted {planted}"
    if run.hung:
        tally.hangs += 1
        tally.problems.append(f"{what}: hung")
    if run.traceback or run.code == 99:
        tally.tracebacks += 1
        tally.problems.append(f"{what}: traceback: {run.output[-600:]}")
    if set(after) != set(before):
        tally.writes_outside += 1
        tally.problems.append(f"{what}: outside changed: {sorted(set(after) ^ set(before))}")
    changed = [k for k in before if k in after and after[k] != before[k]]
    if changed:
        tally.overwritten_targets += 1
        tally.problems.append(f"{what}: overwritten outside: {changed}")
    if edit and run.code == 0:
        backup = folder / f"{EVENT}.bak"
        if backup.is_symlink() or not backup.is_file() or backup.read_bytes() != previous:
            tally.swallowed_backups += 1
            tally.problems.append(f"{what}: exit 0 but {backup.name} is not the previous version")
    shutil.rmtree(trial, ignore_errors=True)


def plantings(count: int, *, seed: int = 0) -> Tally:
    """``count`` planting trials (seeds ``seed`` … ``seed + count - 1``)."""
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="swissbridge-plant-") as base:
        for i in range(seed, seed + count):
            plant_trial(i, Path(base), tally)
    return tally


# --------------------------------------------------------------------------------------
# the concurrent-edit hammer
# --------------------------------------------------------------------------------------
SAMPLE = ROOT / "samples" / "open-round4.trf"


@dataclass(frozen=True, slots=True)
class Fixture:
    """``open-round4.trf`` with its next round paired (``paired``), and the same with
    every result of that round but board 1's entered (``last_result``); its boards."""

    paired: bytes
    last_result: bytes
    round_no: int
    boards: tuple[tuple[int, int], ...]


def hammer_fixture(folder: Path) -> Fixture:
    path = folder / "event.trf"
    shutil.copyfile(SAMPLE, path)
    for args in (("pair", path, "--in-place"),):
        run = contained(cli(*args))
        assert run.code == 0, run.output
    paired = path.read_bytes()
    t = read_trf(path)
    round_no = max(r for r in range(1, t.completed_rounds + 1) if _boards(t, r))
    boards = _boards(t, round_no)
    items: list[str] = []
    for i in range(2, len(boards) + 1):
        items += [str(i), "1-0"]
    run = contained(cli("result", path, str(round_no), *items))
    assert run.code == 0, run.output
    return Fixture(paired, path.read_bytes(), round_no, boards)


def _boards(t: Tournament, round_no: int) -> tuple[tuple[int, int], ...]:
    """The boards of ``round_no`` in board order, as ``result`` numbers them."""
    from swissbridge.pairing import board_order

    return tuple(board_order(t, round_no))


def _result_of(t: Tournament, start_no: int, round_no: int) -> Result | None:
    entry = t.player(start_no).entry(round_no)
    return None if entry is None else entry.result


@dataclass(slots=True)
class HammerTally:
    pairs: int = 0
    edits_succeeded: int = 0
    edits_refused: int = 0
    lost_updates: int = 0
    unreadable_after: int = 0
    hangs: int = 0
    tracebacks: int = 0
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {k: getattr(self, k) for k in self.__slots__}  # type: ignore[attr-defined]


def together(first: Callable[[], int], second: Callable[[], int], *, lag: float = 0.0) -> tuple[Run, Run]:
    """Run two works in two children released at one instant by one pipe, the second
    ``lag`` seconds after (so that either may reach the file first)."""
    gate_r, gate_w = os.pipe()

    def gated(work: Callable[[], int], wait: float = 0.0) -> Callable[[], int]:
        def run() -> int:
            os.read(gate_r, 1)
            time.sleep(wait)
            return work()

        return run

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        a = pool.submit(contained, gated(first))
        b = pool.submit(contained, gated(second, lag))
        time.sleep(0.05)
        os.write(gate_w, b"xx")
        runs = a.result(), b.result()
    os.close(gate_r)
    os.close(gate_w)
    return runs


def edit_pair(i: int, folder: Path, fixture: Fixture, tally: HammerTally) -> None:
    """Pair ``i``: two concurrent edits of one file, then every success checked in it."""
    path = folder / f"e{i}.trf"
    (w1, _), (w2, _) = fixture.boards[0], fixture.boards[1]
    r = fixture.round_no
    if i % 2 == 0:  # two results on two boards of the round
        path.write_bytes(fixture.paired)
        runs = together(cli("result", path, str(r), "1", "1-0"), cli("result", path, str(r), "2", "0-1"))
        kinds = ("result", "result")
    else:  # the round's last result against pairing the next round
        path.write_bytes(fixture.last_result)
        # pair starts faster than result (no typer): lagged by 0-0.6 s, either goes first
        lag = (i // 2 % 7) * 0.1
        runs = together(cli("result", path, str(r), "1", "1-0"), cli("pair", path, "--in-place"), lag=lag)
        kinds = ("result", "pair")
    tally.pairs += 1
    for run in runs:
        if run.hung:
            tally.hangs += 1
            tally.problems.append(f"pair {i}: hung")
        elif run.traceback or run.code == 99:
            tally.tracebacks += 1
            tally.problems.append(f"pair {i}: traceback {run.output[-400:]}")
        elif run.code == 0:
            tally.edits_succeeded += 1
        else:
            tally.edits_refused += 1
    try:
        t = read_trf(path)
    except Exception as exc:
        tally.unreadable_after += 1
        tally.problems.append(f"pair {i}: the file is unreadable after: {exc}")
        return
    lost: list[str] = []
    if runs[0].code == 0 and _result_of(t, w1, r) is not Result.WIN:
        lost.append("board 1's result")
    if kinds[1] == "result" and runs[1].code == 0 and _result_of(t, w2, r) is not Result.LOSS:
        lost.append("board 2's result")
    if kinds[1] == "pair" and runs[1].code == 0 and not _boards(t, r + 1):
        lost.append(f"round {r + 1}'s pairing")
    if lost:
        tally.lost_updates += 1
        tally.problems.append(f"pair {i} ({' vs '.join(kinds)}): lost {', '.join(lost)}: {[r.code for r in runs]}")
    path.unlink()


def hammer(pairs: int) -> HammerTally:
    """``pairs`` concurrent edit pairs, alternately result/result and result/pair."""
    tally = HammerTally()
    with tempfile.TemporaryDirectory(prefix="swissbridge-hammer-") as base:
        folder = Path(base)
        fixture = hammer_fixture(folder)
        for i in range(pairs):
            edit_pair(i, folder, fixture, tally)
    return tally


def main() -> int:  # pragma: no cover - the long run
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plantings", type=int, default=1000, help="planting trials (default 1000)")
    parser.add_argument("--pairs", type=int, default=500, help="concurrent edit pairs (default 500)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    start = time.monotonic()
    planted = plantings(args.plantings, seed=args.seed)
    hammered = hammer(args.pairs)
    figures = {"plantings": planted.as_dict(), "hammer": hammered.as_dict(), "seconds": round(time.monotonic() - start)}
    print(json.dumps(figures, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 1 if planted.problems or hammered.problems else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
