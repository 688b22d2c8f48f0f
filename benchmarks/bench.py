"""Benchmark: swissbridge against the Python pairing engines on PyPI (issue 7).

Generates the benchmark tournaments with fixed seeds (TRF-2026), pairs each one
end to end through every engine's command line (process start included), checks
that the pairings are identical, and prints a markdown table with the times, the
ratio against each peer and the peak memory of each child process.

    .venv/bin/python benchmarks/bench.py                      # Dutch 50/200/1000, Lim, check, start-up
    .venv/bin/python benchmarks/bench.py --sizes 3000,10000 --only dutch
    .venv/bin/python benchmarks/bench.py --peers-venv /tmp/peers --write-results

The peers are optional: ``pip install 'swissbridge[bench]'`` puts ``gacrux`` and
``py4swiss`` next to swissbridge; or point at other installations with
``--peers-venv DIR``, ``--py4swiss EXE`` and ``--gacrux-python PYTHON``. They are
only ever run as separate processes, never imported.

See benchmarks/README.md for what is measured and how to read the table.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as _dt
import hashlib
import json
import multiprocessing
import os
import platform
import re
import resource
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from history import Kind

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

DUTCH_SIZES = (50, 200, 1000, 3000, 10000)
DEFAULT_SIZES = (50, 200, 1000)
LIM_SIZES = (300, 1000)
TRF_MAX_PLAYERS = 9999
"""A TRF start number has four columns (5-8): the "10000-player" field is 9999 players."""

SEED = 2026
TARGET_SECONDS = {50: 0.06, 200: 0.5, 1000: 0.5, 3000: 10.0, TRF_MAX_PLAYERS: 60.0}
"""The time budget for one Dutch round, end to end (issue 7, tightened by issue 19)."""
HARD_TARGET_SECONDS = {3000: 10.0, TRF_MAX_PLAYERS: 60.0}
"""Issue 19: any state of the hard kinds (:data:`history.HARD_KINDS`)."""
LIM_TARGET = {1000: 2.0}
CHECK_TARGET = 1.0
MEMORY_TARGET_MB = {3000: 500.0}
BATCH_TOURNAMENTS = 24
"""Tournaments in the batch ``check`` throughput measurement."""
HARD_PEER_MAX = 1000
"""Largest hard-kind field the peers are run on by default (they take minutes beyond)."""
PEER_RATIO = 0.5
"""swissbridge must take at most half the time of each peer."""

RESULTS_JSON = HERE / "results.json"
RESULTS_MD = HERE / "RESULTS.md"


# -- the engines ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Engine:
    """A pairing engine run through its command line."""

    name: str
    argv: tuple[str, ...]
    """The command up to the arguments that name the files."""
    version: str = ""

    def command(self, trf: Path, out: Path, system: str) -> list[str]:
        if self.name == "swissbridge":
            return [*self.argv, "pair", str(trf), "--system", system, "--format", "pairlist", "-o", str(out)]
        if self.name == "gacrux":
            return [*self.argv, "-m", "gacrux.pairingchecker", "-i", str(trf), "-o", str(out), "-p", "-dT"]
        if self.name == "py4swiss":
            return [*self.argv, "-t", str(trf), "-p", str(out)]
        raise ValueError(self.name)


def _interpreter_of(script: Path) -> str | None:
    """The Python named on a console script's ``#!`` line."""
    try:
        with script.open("rb") as fh:
            first = fh.readline().decode("utf-8", "replace").strip()
    except OSError:
        return None
    if first.startswith("#!"):
        parts = first[2:].split()
        if parts and "python" in Path(parts[-1]).name:
            return parts[-1]
        if parts and "python" in Path(parts[0]).name:
            return parts[0]
    return None


def _version(python: str, dist: str) -> str:
    try:
        out = subprocess.run(
            [python, "-c", f"from importlib.metadata import version; print(version({dist!r}))"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out.stdout.strip() if out.returncode == 0 else ""


def _has_module(python: str, module: str) -> bool:
    """Whether ``python`` can find ``module`` (located, not imported)."""
    try:
        out = subprocess.run(
            [python, "-c", f"import importlib.util, sys; sys.exit(importlib.util.find_spec({module!r}) is None)"],
            capture_output=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0


def compile_bytecode(python: str) -> str:
    """Compile swissbridge's modules to bytecode with the interpreter that runs them, as
    its first run does (and pip, for an install that is not editable). With
    ``PYTHONDONTWRITEBYTECODE`` set, as on CI and the shared development machines, an
    editable install would otherwise compile every module from source in every
    measured run: about 50 ms of a 50-player ``pair``, which no installed copy pays.
    Returns what was done, for the run's description."""
    code = (
        "import compileall, sys, swissbridge, swissbridge.formats, swissbridge.plugins\n"
        "dirs = sorted({p for m in (swissbridge, swissbridge.formats, swissbridge.plugins) for p in m.__path__})\n"
        "sys.exit(0 if all([compileall.compile_dir(d, quiet=1) for d in dirs]) else 1)"
    )
    try:
        done = subprocess.run([python, "-c", code], capture_output=True, timeout=300).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        done = False
    return "compiled before the runs" if done else "could not be compiled"


def find_engines(args: argparse.Namespace) -> tuple[list[Engine], list[str]]:
    """The engines to run, and a note for each peer that was not found."""
    bindir = Path(sys.executable).parent
    notes: list[str] = []
    engines: list[Engine] = []

    sb = args.swissbridge or str(bindir / "swissbridge")
    if not Path(sb).exists():
        sb = shutil.which("swissbridge") or ""
    if not sb:
        raise SystemExit("bench: swissbridge's command line not found (install the project, or --swissbridge EXE)")
    sb_python = _interpreter_of(Path(sb)) or sys.executable
    engines.append(Engine("swissbridge", (sb,), _version(sb_python, "swissbridge")))

    peer_bins = [Path(args.peers_venv) / "bin"] if args.peers_venv else []
    peer_bins.append(bindir)
    wanted = set(args.engines.split(",")) if args.engines else {"gacrux", "py4swiss"}

    if "py4swiss" in wanted:
        exe: str | None = args.py4swiss or next(
            (str(b / "py4swiss") for b in peer_bins if (b / "py4swiss").exists()), None
        )
        exe = exe or shutil.which("py4swiss")
        if exe:
            python = _interpreter_of(Path(exe)) or sys.executable
            engines.append(Engine("py4swiss", (exe,), _version(python, "py4swiss")))
        else:
            notes.append("py4swiss not found (pip install 'swissbridge[bench]', or --py4swiss EXE)")
    if "gacrux" in wanted:
        candidates = [args.gacrux_python] if args.gacrux_python else []
        candidates += [str(b / "python") for b in peer_bins if (b / "python").exists()]
        gacrux_python = next((c for c in candidates if _has_module(c, "gacrux")), None)
        if gacrux_python:
            engines.append(Engine("gacrux", (gacrux_python,), _version(gacrux_python, "gacrux")))
        else:
            notes.append("gacrux not found (pip install 'swissbridge[bench]', or --gacrux-python PYTHON)")
    if args.no_swissbridge:
        engines = [e for e in engines if e.name != "swissbridge"]
    return engines, notes


# -- running one child ---------------------------------------------------------------------------


@dataclass
class Run:
    """One engine on one file."""

    seconds: float
    peak_mb: float
    returncode: int | None
    timed_out: bool = False
    output: str = ""
    error: str = ""
    out_of_memory: bool = False
    cpu: float = 0.0
    """The child's user and system CPU time (``wait4``)."""


class _Launcher:
    """A small, freshly started Python process that starts the measured children.

    A child's ``ru_maxrss`` is never below the resident size of the process that
    forked it (Linux carries the parent's high-water mark across ``fork`` and
    ``exec``), so children forked from this script — which holds the generated
    tournaments — would all show at least its size. The launcher is a new
    interpreter (``spawn``) that imports nothing heavy: its own size, about the
    size of ``python -c pass``, is the floor (reported as such)."""

    _pool: ProcessPoolExecutor | None = None

    @classmethod
    def run(cls, argv: Sequence[str], out: Path, timeout: float, memory_mb: float | None) -> Run:
        if cls._pool is None:
            cls._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return cls._pool.submit(_run_child_here, list(argv), out, timeout, memory_mb).result()

    @classmethod
    def close(cls) -> None:
        if cls._pool is not None:
            cls._pool.shutdown()
            cls._pool = None


def run_child(argv: Sequence[str], out: Path, timeout: float, memory_mb: float | None = None) -> Run:
    """Run ``argv`` and measure its wall time (process start to exit) and its peak
    resident memory (``ru_maxrss`` of exactly this child, from ``wait4``). The
    child is killed, with its process group, after ``timeout`` seconds; with
    ``memory_mb`` its address space is limited to that many MiB (``RLIMIT_AS``), so
    that an engine whose memory grows with the square of the field cannot exhaust
    a shared machine."""
    return _Launcher.run(argv, out, timeout, memory_mb)


def _run_child_here(argv: Sequence[str], out: Path, timeout: float, memory_mb: float | None = None) -> Run:
    if out.is_file():  # a stale result must not pass for this run's (never touch anything but a file)
        out.unlink()
    limit = int(memory_mb * 2**20) if memory_mb else None

    def restrict() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as sink:
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv,
            stdout=sink,
            stderr=err,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            preexec_fn=restrict if limit is not None else None,
        )
        timed_out = not _wait_exit(proc.pid, timeout)
        if timed_out:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        errors = err.read().decode("utf-8", "replace")
        tail = errors.strip().splitlines()
    oom = proc.returncode != 0 and not timed_out and limit is not None and "MemoryError" in errors
    output = ""
    if not timed_out and out.exists():
        output = out.read_text(encoding="utf-8", errors="replace")
    return Run(
        seconds=seconds,
        peak_mb=usage.ru_maxrss / 1024.0,  # Linux reports KiB
        returncode=proc.returncode,
        timed_out=timed_out,
        output=output,
        error=tail[-1][:300] if tail else "",
        out_of_memory=oom,
        cpu=usage.ru_utime + usage.ru_stime,
    )


def _wait_exit(pid: int, timeout: float) -> bool:
    """Block until ``pid`` exits (without reaping it) or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    pidfd_open = getattr(os, "pidfd_open", None)
    if pidfd_open is not None:
        try:
            fd = pidfd_open(pid)
        except OSError:
            fd = -1
        if fd >= 0:
            try:
                ready, _, _ = select.select([fd], [], [], timeout)
                return bool(ready)
            finally:
                os.close(fd)
    delay = 0.001
    while time.monotonic() < deadline:  # no pidfd: poll without reaping
        try:
            info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True
        if info is not None:
            return True
        time.sleep(delay)
        delay = min(0.02, delay * 1.5)
    return False


# -- pair-lists ----------------------------------------------------------------------------------


def parse_pairlist(text: str) -> set[tuple[int, int]] | None:
    """The boards (White, Black) and the PAB ``(n, 0)`` of a pair-list; ``None``
    when the text is not one (an engine that wrote an error message instead)."""
    tokens = text.split()
    try:
        count = int(tokens[0])
        numbers = [int(t) for t in tokens[1:]]
    except (IndexError, ValueError):
        return None
    if len(numbers) != 2 * count:
        return None
    return {(numbers[2 * i], numbers[2 * i + 1]) for i in range(count)}


def describe_difference(ours: set[tuple[int, int]], theirs: set[tuple[int, int]]) -> str:
    """How two pairings of the same round differ: pairs, and colours of the same pairs."""
    mine = {frozenset(p): p for p in ours}
    other = {frozenset(p): p for p in theirs}
    only_ours = sorted(mine[k] for k in mine.keys() - other.keys())
    only_theirs = sorted(other[k] for k in other.keys() - mine.keys())
    swapped = sorted(mine[k] for k in mine.keys() & other.keys() if mine[k] != other[k])
    parts = []
    if only_ours or only_theirs:
        parts.append(f"{len(only_ours)} pairs differ (ours {only_ours[:3]}…, theirs {only_theirs[:3]}…)")
    if swapped:
        parts.append(f"colours differ on {len(swapped)} boards ({swapped[:3]}…)")
    return "; ".join(parts)


# -- the workloads -------------------------------------------------------------------------------


@dataclass
class Workload:
    key: str
    """Stable name in results.json, e.g. ``dutch-1000``."""
    label: str
    system: str
    players: int
    path: Path
    sha256: str
    target_s: float | None = None
    target_mb: float | None = None
    engines: tuple[str, ...] = ("swissbridge", "gacrux", "py4swiss")
    command: str = "pair"
    """``pair``, ``check`` (one file) or ``batch`` (``check`` of many files, 2 at a time)."""
    peer_max: int | None = None
    """The peers are not run on a larger field than this (``None``: no limit)."""


def _write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8", newline="\n")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def make_round_file(workdir: Path, system: str, requested: int, kind: Kind | None = None) -> Workload:
    """The state before round 5 of 9 of a ``requested``-player tournament (Elo
    model), or the state of one of the hard kinds."""
    from history import build_tournament, verify_history
    from swissbridge.formats.trf import write_trf

    players = min(requested, TRF_MAX_PLAYERS)
    asked = f" ({requested} asked; TRF holds {TRF_MAX_PLAYERS})" if players != requested else ""
    if kind is not None:
        t = kind.build(players, SEED + players)
        problems = verify_history(t, kind.played_rounds)
        if problems:
            raise SystemExit(f"bench: generated history ({kind.key}) is not legal: {problems[:5]}")
        path = workdir / f"dutch-{kind.key}-n{players}.trf"
        return Workload(
            key=f"dutch-{kind.key}-{players}",
            label=f"Dutch, {kind.label}, {players} players{asked}",
            system="dutch",
            players=players,
            path=path,
            sha256=_write(path, write_trf(t, "trf26")),
            target_s=dict(kind.targets).get(players, HARD_TARGET_SECONDS.get(players)),
            target_mb=MEMORY_TARGET_MB.get(players),
            peer_max=HARD_PEER_MAX,
        )
    t = build_tournament(players, played_rounds=4, total_rounds=9, seed=SEED + players, system=system)
    problems = verify_history(t, 4)
    if problems:
        raise SystemExit(f"bench: generated history is not legal: {problems[:5]}")
    path = workdir / f"{system}-r5-n{players}.trf"
    digest = _write(path, write_trf(t, "trf26"))
    dutch = system == "dutch"  # else Lim, which no peer pairs
    return Workload(
        key=f"{system}-{players}",
        label=f"{system.capitalize()} round 5/9, {players} players{asked}",
        system=system,
        players=players,
        path=path,
        sha256=digest,
        target_s=(TARGET_SECONDS if dutch else LIM_TARGET).get(players),
        target_mb=MEMORY_TARGET_MB.get(players) if dutch else None,
        engines=Workload.engines if dutch else ("swissbridge",),
    )


def make_check_file(workdir: Path, players: int = 200, rounds: int = 9) -> Workload | str:
    """A complete tournament paired by swissbridge's own Dutch engine (so that
    ``check`` replays every round), or the reason it could not be made."""
    try:
        from history import BENCH_OPTIONS
        from swissbridge.commands.generate import generate_tournament
        from swissbridge.formats.trf import write_trf

        t = generate_tournament(players, rounds, "dutch", seed=SEED, options=BENCH_OPTIONS)
    except Exception as exc:  # the engine under development may fail: report, go on
        return f"could not generate the {players}-player tournament with the Dutch engine: {type(exc).__name__}: {exc}"
    path = workdir / f"check-dutch-n{players}-r{rounds}.trf"
    digest = _write(path, write_trf(t, "trf26"))
    return Workload(
        key=f"check-{players}x{rounds}",
        label=f"`check` of a {players}-player, {rounds}-round Dutch tournament",
        system="dutch",
        players=players,
        path=path,
        sha256=digest,
        target_s=CHECK_TARGET,
        engines=("swissbridge",),
        command="check",
    )


def make_batch_dir(workdir: Path, count: int = BATCH_TOURNAMENTS) -> Workload | str:
    """``count`` complete tournaments (24 to 140 players, 7 to 9 rounds, fixed seeds)
    paired by swissbridge's own Dutch engine, in one folder: the batch ``check``."""
    try:
        from history import BENCH_OPTIONS
        from swissbridge.commands.generate import generate_tournament
        from swissbridge.formats.trf import write_trf

        folder = workdir / "batch"
        folder.mkdir(exist_ok=True)
        digest = hashlib.sha256()
        rounds_total = 0
        for i in range(count):
            players, rounds = 24 + (i * 37) % 117, 7 + i % 3
            t = generate_tournament(players, rounds, "dutch", seed=SEED + 100 + i, options=BENCH_OPTIONS)
            text = write_trf(t, "trf26")
            (folder / f"t{i:03d}.trf").write_text(text, encoding="utf-8", newline="\n")
            digest.update(text.encode("utf-8"))
            rounds_total += rounds
    except Exception as exc:  # the engine under development may fail: report, go on
        return f"could not generate the batch of tournaments with the Dutch engine: {type(exc).__name__}: {exc}"
    return Workload(
        key=f"batch-{count}",
        label=f"batch `check` of {count} tournaments ({rounds_total} rounds, 24-140 players), 2 at a time",
        system="dutch",
        players=count,
        path=folder,
        sha256=digest.hexdigest()[:16],
        engines=("swissbridge",),
        command="batch",
    )


_BATCH = """
import subprocess, sys
from concurrent.futures import ThreadPoolExecutor
exe, system, *files = sys.argv[1:]
def one(f):
    return subprocess.run([exe, "check", f, "--system", system], stdout=subprocess.DEVNULL).returncode
with ThreadPoolExecutor(2) as pool:
    codes = list(pool.map(one, files))
sys.exit(max(codes, default=0))
"""
"""``check`` of many files, two processes at a time (for a ``check`` without ``--jobs``)."""


def batch_argv(engine: Engine, folder: Path, system: str) -> list[str]:
    """``swissbridge check FOLDER --jobs 2`` when the command takes folders, else the
    files checked two at a time by a small driver (one ``check`` process each)."""
    python = _interpreter_of(Path(engine.argv[0])) or sys.executable
    helptext = subprocess.run([*engine.argv, "check", "--help"], capture_output=True, text=True).stdout
    if "--jobs" in helptext:
        return [*engine.argv, "check", str(folder), "--system", system, "--jobs", "2"]
    return [python, "-c", _BATCH, engine.argv[0], system, *sorted(str(f) for f in folder.glob("*.trf"))]


# -- measuring -----------------------------------------------------------------------------------


@dataclass
class Cell:
    """The measurement of one engine on one workload."""

    status: str
    """``ok``, ``timeout``, ``error``, ``skipped``."""
    seconds: float | None = None
    seconds_all: list[float] = field(default_factory=list)
    peak_mb: float | None = None
    detail: str = ""
    pairs_digest: str = ""
    """sha256 prefix of the pairing (sorted boards), to compare pairings across runs."""
    run_id: str = ""
    """The run that measured this cell (rows can combine runs)."""


@dataclass
class Row:
    key: str
    label: str
    players: int
    system: str
    sha256: str
    target_s: float | None
    target_mb: float | None
    cells: dict[str, Cell]
    agreement: dict[str, str]
    """Peer → ``identical`` or how the pairing differs from swissbridge's."""
    measured: str
    """Date of the measurement (UTC)."""
    run_id: str


def pairs_digest(pairs: set[tuple[int, int]]) -> str:
    text = "\n".join(f"{w} {b}" for w, b in sorted(pairs))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def measure(
    w: Workload,
    engines: list[Engine],
    repeat: int,
    timeout: float,
    skip: dict[str, int],
    verbose: bool,
    memory_mb: float | None = None,
    save_dir: Path | None = None,
) -> tuple[dict[str, Cell], dict[str, str]]:
    cells: dict[str, Cell] = {}
    outputs: dict[str, set[tuple[int, int]]] = {}
    active = [e for e in engines if e.name in w.engines]
    runs: dict[str, list[Run]] = {e.name: [] for e in active}
    with tempfile.TemporaryDirectory(prefix="swissbridge-bench-") as tmp:
        for i in range(repeat):
            for e in active:  # interleaved, so that a burst of load hits every engine alike
                if e.name in skip and w.players > skip[e.name]:
                    continue
                if e.name != "swissbridge" and w.peer_max is not None and w.players > w.peer_max:
                    continue
                if runs[e.name] and (runs[e.name][-1].timed_out or runs[e.name][-1].returncode not in (0, 1)):
                    continue
                out = Path(tmp) / f"{e.name}.pairs"
                if w.command == "check":
                    argv = [*e.argv, "check", str(w.path), "--system", w.system]
                elif w.command == "batch":
                    argv = batch_argv(e, w.path, w.system)
                else:
                    argv = e.command(w.path, out, w.system)
                r = run_child(argv, out, timeout, memory_mb)
                runs[e.name].append(r)
                if save_dir is not None and r.output:
                    (save_dir / f"{w.key}.{e.name}.pairs").write_text(r.output, encoding="utf-8")
                if verbose:
                    state = "timeout" if r.timed_out else "out of memory" if r.out_of_memory else f"exit {r.returncode}"
                    print(
                        f"  {w.key} {e.name} #{i + 1}: {r.seconds:.3f} s, {r.peak_mb:.0f} MB, {state}",
                        file=sys.stderr,
                    )
                if r.timed_out or r.out_of_memory:
                    skip[e.name] = min(skip.get(e.name, 10**9), w.players)
    for e in active:
        rs = runs[e.name]
        if not rs:
            if e.name != "swissbridge" and w.peer_max is not None and w.players > w.peer_max:
                continue  # not run by choice: no cell
            cells[e.name] = Cell("skipped", detail=f"timed out or out of memory at {skip.get(e.name)} players")
            continue
        last = rs[-1]
        if last.out_of_memory:
            cells[e.name] = Cell("oom", detail=f"> {memory_mb:g} MiB address space", peak_mb=last.peak_mb)
            continue
        if last.timed_out:
            cells[e.name] = Cell("timeout", seconds=timeout, detail=f"> {timeout:g} s", peak_mb=last.peak_mb)
            continue
        ok_codes = (0, 1) if w.command in ("check", "batch") else (0,)
        if last.returncode not in ok_codes:
            cells[e.name] = Cell("error", detail=f"exit {last.returncode}: {last.error}", peak_mb=last.peak_mb)
            continue
        times = [r.seconds for r in rs]
        cell = Cell("ok", seconds=min(times), seconds_all=[round(x, 4) for x in times])
        cell.peak_mb = max(r.peak_mb for r in rs)
        if w.command == "check":
            cell.detail = "no differences" if last.returncode == 0 else "check reported differences (exit 1)"
        elif w.command == "batch":
            per_minute = 60.0 * w.players / min(times)
            found = "no differences" if last.returncode == 0 else "differences reported (exit 1)"
            cell.detail = f"{per_minute:.0f} tournaments per minute; {found}"
        else:
            pairs = parse_pairlist(last.output)
            if pairs is None:
                near_limit = memory_mb is not None and last.peak_mb >= 0.9 * memory_mb
                cells[e.name] = Cell(
                    "oom" if near_limit else "error",
                    seconds=last.seconds,
                    peak_mb=last.peak_mb,
                    detail=(
                        f"no pairing written, exit {last.returncode} at {last.peak_mb:.0f} MB (limit {memory_mb:g} MiB)"
                        if near_limit
                        else f"not a pair-list: {last.output[:120]!r}; stderr: {last.error[:160]!r}"
                    ),
                )
                continue
            outputs[e.name] = pairs
            cell.pairs_digest = pairs_digest(pairs)
        cells[e.name] = cell
    agreement: dict[str, str] = {}
    ours = outputs.get("swissbridge")
    for name, theirs in outputs.items():
        if name == "swissbridge":
            continue
        if ours is not None:
            agreement[name] = "identical" if ours == theirs else describe_difference(ours, theirs)
    if len(outputs) >= 2 and ours is None:  # peers against each other, while swissbridge cannot pair
        names = sorted(outputs)
        a, b = outputs[names[0]], outputs[names[1]]
        agreement["peers"] = (
            f"{names[0]} and {names[1]} identical"
            if a == b
            else f"{names[0]} vs {names[1]}: {describe_difference(a, b)}"
        )
    return cells, agreement


# -- start-up ------------------------------------------------------------------------------------


@dataclass
class Startup:
    help_s: float
    import_s: float
    baseline_s: float
    modules: int
    top: list[tuple[str, float]]
    """Direct imports of ``swissbridge.cli.commandline`` (module, cumulative ms), slowest first."""
    heavy: list[tuple[str, str]]
    """Heavy modules that ``import swissbridge.cli.commandline`` loads, and who imported them."""
    help_top: list[tuple[str, float]] = field(default_factory=list)
    """What ``swissbridge --help`` imports while running (module, cumulative ms)."""
    pair_top: list[tuple[str, float]] = field(default_factory=list)
    """What a ``pair`` run imports while running (module, cumulative ms)."""
    phases: dict[str, float] = field(default_factory=dict)
    """In-process seconds of a ``pair`` of the smallest Dutch file: imports, reading, pairing, writing."""
    sample: str = ""
    pair_cli_s: float | None = None
    """The same ``pair`` through the command line, whole process."""
    runtime_heavy: list[tuple[str, str]] = field(default_factory=list)
    """Heavy third-party packages loaded while a command runs ("command: package", loaded by)."""


HEAVY = (
    "lxml",
    "watchdog",
    "chess",
    "pydantic",
    "rich",
    "swissbridge.plugins.dutch",
    "swissbridge.plugins.lim",
    "swissbridge.formats",
)
"""Modules ``swissbridge --help`` should not need."""

_PHASES = """
import json, sys, time
t0 = time.perf_counter()
from swissbridge.systems.service import read_tournament, render_pairing
from swissbridge.formats import detect, trf
from swissbridge.plugins import load
t1 = time.perf_counter()
t = read_tournament(sys.argv[1])
t2 = time.perf_counter()
system = load("dutch")
t3 = time.perf_counter()
p = system.pair(t, t.next_round)
t4 = time.perf_counter()
render_pairing(t, p, "pairlist")
t5 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "read": t2 - t1, "load": t3 - t2, "pair": t4 - t3, "render": t5 - t4}))
"""


def _importtime(python: str, code: str, args: Sequence[str] = ()) -> list[tuple[int, str, float]]:
    """``python -X importtime``: (nesting level, module, cumulative ms) in the order
    the imports finished; level 0 is a module imported by running code."""
    out = subprocess.run([python, "-X", "importtime", "-c", code, *args], capture_output=True, text=True, timeout=600)
    rows: list[tuple[int, str, float]] = []
    for line in out.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
        if m:
            rows.append(((len(m.group(3)) - 1) // 2, m.group(4), int(m.group(2)) / 1000.0))
    return rows


def _parents(rows: list[tuple[int, str, float]]) -> dict[str, str]:
    """Module → the module whose import loaded it (importtime prints children first)."""
    parent: dict[str, str] = {}
    pending: list[tuple[int, str]] = []
    for level, name, _ in rows:
        while pending and pending[-1][0] > level:
            child = pending.pop()
            parent.setdefault(child[1], name)
        pending.append((level, name))
    return parent


def _runtime_imports(rows: list[tuple[int, str, float]], after_module: str) -> list[tuple[str, float]]:
    """Modules imported by running code after ``after_module`` was loaded, slowest first."""
    names = [n for _, n, _ in rows]
    if after_module not in names:
        return []
    after = rows[names.index(after_module) + 1 :]
    return sorted(((n, ms) for lvl, n, ms in after if lvl == 0), key=lambda x: -x[1])


def _heavy_at_runtime(rows: list[tuple[int, str, float]], after_module: str) -> list[tuple[str, str]]:
    """Heavy packages (top-level names) imported by running code after
    ``after_module`` was loaded, with the runtime import that brought them."""
    names = [n for _, n, _ in rows]
    if after_module not in names:
        return []
    found: dict[str, str] = {}
    below: list[str] = []
    for level, name, _ in rows[names.index(after_module) + 1 :]:
        below.append(name)
        if level != 0:
            continue  # importtime prints a module's own imports before it
        for mod in below:
            for h in HEAVY:
                if (mod == h or mod.startswith(h + ".")) and not h.startswith("swissbridge"):
                    found.setdefault(h, name)
        below = []
    return sorted(found.items())


def _cli_script(argv: Sequence[str]) -> str:
    """The console script's code (``swissbridge.cli.launch``: a plain ``pair`` without typer,
    the rest through ``swissbridge.cli.commandline``) run with ``argv``."""
    return (
        f"import sys; from swissbridge.cli.launch import main; sys.argv = {list(argv)!r}\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )


def measure_startup(sb: Engine, repeat: int, timeout: float, sample: Path | None) -> Startup:
    """Start-up cost of the command line, what it imports, and where the time of
    a small ``pair`` goes."""
    python = _interpreter_of(Path(sb.argv[0])) or sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "none"
        help_times = [run_child([*sb.argv, "--help"], out, timeout).seconds for _ in range(repeat)]
        import_times = [
            run_child([python, "-c", "import swissbridge.cli.commandline"], out, timeout).seconds for _ in range(repeat)
        ]
        base_times = [run_child([python, "-c", "pass"], out, timeout).seconds for _ in range(repeat)]
        pair_cli: float | None = None
        phases: dict[str, float] = {}
        if sample is not None:
            pair_cli = statistics.median(
                run_child([*sb.argv, "pair", str(sample), "--format", "pairlist", "-o", str(out)], out, timeout).seconds
                for _ in range(repeat)
            )
            runs = []
            for _ in range(repeat):
                r = subprocess.run(
                    [python, "-c", _PHASES, str(sample)], capture_output=True, text=True, timeout=timeout
                )
                if r.returncode == 0:
                    runs.append(json.loads(r.stdout))
            if runs:
                phases = {k: statistics.median(x[k] for x in runs) for k in runs[0]}
    rows = _importtime(python, "import swissbridge.cli.commandline")
    parents = _parents(rows)
    top = sorted(((n, ms) for _, n, ms in rows if parents.get(n) == "swissbridge.cli.commandline"), key=lambda x: -x[1])
    loaded = {n for _, n, _ in rows}
    heavy = []
    for mod in sorted(loaded):
        if any(mod == h or mod.startswith(h + ".") for h in HEAVY) and not any(
            parents.get(mod, "") == h or parents.get(mod, "").startswith(h + ".") for h in HEAVY
        ):
            heavy.append((mod, parents.get(mod, "swissbridge.cli.commandline")))
    help_rows = _importtime(python, _cli_script(["swissbridge", "--help"]))
    help_top = _runtime_imports(help_rows, "swissbridge.cli.commandline")
    runtime_heavy = [(f"--help: {m}", by) for m, by in _heavy_at_runtime(help_rows, "swissbridge.cli.commandline")]
    pair_top: list[tuple[str, float]] = []
    if sample is not None:
        with tempfile.TemporaryDirectory() as tmp:
            argv = ["swissbridge", "pair", str(sample), "--format", "pairlist", "-o", str(Path(tmp) / "out.pairs")]
            pair_rows = _importtime(python, _cli_script(argv))
            pair_top = _runtime_imports(pair_rows, "swissbridge.cli.launch")
            runtime_heavy += [(f"pair: {m}", by) for m, by in _heavy_at_runtime(pair_rows, "swissbridge.cli.launch")]
    return Startup(
        help_s=statistics.median(help_times),
        import_s=statistics.median(import_times),
        baseline_s=statistics.median(base_times),
        modules=len(loaded),
        top=top[:12],
        heavy=heavy,
        help_top=help_top[:10],
        pair_top=pair_top[:14],
        phases=phases,
        sample=sample.name if sample is not None else "",
        pair_cli_s=pair_cli,
        runtime_heavy=runtime_heavy,
    )


# -- the machine ---------------------------------------------------------------------------------


def describe_machine() -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    ram = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                ram = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = ""
    with contextlib.suppress(OSError):
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    commit = ""
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
        )
        commit = head.stdout.strip() + (" (with uncommitted changes)" if dirty.stdout.strip() else "")
    return {
        "cpu": cpu,
        "cores": f"{os.cpu_count()} logical, {usable} usable",
        "ram": ram,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "os": f"{platform.system()} {platform.release()}",
        "load": load,
        "commit": commit,
    }


# -- reporting -----------------------------------------------------------------------------------


def _fmt_s(cell: Cell | None) -> str:
    if cell is None:
        return "—"
    if cell.status == "ok" and cell.seconds is not None:
        return f"{cell.seconds:.2f} s"
    if cell.status == "timeout":
        return f"timeout ({cell.detail})"
    if cell.status == "skipped":
        return "not run"
    if cell.status == "oom":
        return "out of memory"
    return "error"


def _ratio(row: Row, peer: str) -> str:
    """swissbridge's time over the peer's; a run that timed out counts as at least
    the time limit, so the ratio is then a bound (``>`` or ``<``) or unknown."""
    ours, theirs = row.cells.get("swissbridge"), row.cells.get(peer)
    if theirs is None:
        return "—"
    if ours is None or ours.seconds is None or ours.status not in ("ok", "timeout"):
        return "n/a"
    if theirs.seconds is None or theirs.status not in ("ok", "timeout"):
        return "n/a"
    r = ours.seconds / theirs.seconds
    if ours.status == "ok" and theirs.status == "ok":
        return f"{r:.2f}" + (" ✓" if r <= PEER_RATIO else " ✗")
    if ours.status == "ok":  # the peer took longer than the limit: the ratio is below r
        return f"< {r:.2f} ✓" if r <= PEER_RATIO else "n/a"
    if theirs.status == "ok":  # swissbridge took longer than the limit: the ratio is above r
        return f"> {r:.2f} ✗" if r > PEER_RATIO else "n/a"
    return "n/a"


def _mem(row: Row, engines: Sequence[str]) -> str:
    parts = []
    for e in engines:
        c = row.cells.get(e)
        parts.append("—" if c is None or c.peak_mb is None else f"{c.peak_mb:.0f}")
    return " / ".join(parts)


def _target(row: Row) -> str:
    ours = row.cells.get("swissbridge")
    if row.target_s is None:
        return ""
    goal = f"< {row.target_s:g} s"
    if row.target_mb is not None:
        goal += f", < {row.target_mb:g} MB"
    if ours is not None and ours.status == "timeout" and ours.seconds is not None and ours.seconds >= row.target_s:
        over_mb = row.target_mb is not None and ours.peak_mb is not None and ours.peak_mb >= row.target_mb
        return goal + f" ✗ (timeout{f', {ours.peak_mb:.0f} MB when stopped' if over_mb else ''})"
    if ours is not None and ours.status == "skipped":
        return goal + f" ✗ (not run: {ours.detail})"
    if ours is not None and ours.status in ("error", "oom"):
        return goal + (" ✗ (error)" if ours.status == "error" else " ✗ (out of memory)")
    if ours is None or ours.status != "ok" or ours.seconds is None:
        return goal + " (not measured)"
    met = ours.seconds < row.target_s and (
        row.target_mb is None or (ours.peak_mb is not None and ours.peak_mb < row.target_mb)
    )
    return goal + (" ✓" if met else " ✗")


def _agreement(row: Row) -> str:
    if row.key.startswith(("check-", "batch-")):
        c = row.cells.get("swissbridge")
        return c.detail if c is not None and c.status == "ok" else ""
    found = dict(row.agreement)
    ours = row.cells.get("swissbridge")
    if ours is not None and ours.status == "ok":
        for name, cell in row.cells.items():
            if name != "swissbridge" and cell.status == "ok" and name not in found:
                found[name] = "not compared (measured in another run, pairing not kept)"
        peers = [c for n, c in row.cells.items() if n != "swissbridge"]
        if peers and not found and all(c.status != "ok" for c in peers):
            return "no peer finished: nothing to compare with"
    return "; ".join(f"{k}: {v}" for k, v in sorted(found.items()))


def render_table(rows: Sequence[Row]) -> str:
    engines = ("swissbridge", "gacrux", "py4swiss")
    lines = [
        "| Workload | swissbridge | gacrux | py4swiss | ÷ gacrux | ÷ py4swiss | peak MB (sb / gacrux / py4swiss) "
        "| pairings vs swissbridge | target |",
        "|---|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for row in rows:
        lines.append(
            "| "
            + " | ".join(
                [
                    row.label,
                    _fmt_s(row.cells.get("swissbridge")),
                    _fmt_s(row.cells.get("gacrux")),
                    _fmt_s(row.cells.get("py4swiss")),
                    _ratio(row, "gacrux"),
                    _ratio(row, "py4swiss"),
                    _mem(row, engines),
                    _agreement(row),
                    _target(row),
                ]
            )
            + " |"
        )
    errors = [
        f"- {row.key} {name}: {cell.status} — {cell.detail}"
        for row in rows
        for name, cell in row.cells.items()
        if cell.status in ("error", "timeout", "oom")
    ]
    if errors:
        lines += ["", *errors]
    return "\n".join(lines) + "\n"


def _ms_list(items: Sequence[tuple[str, float]]) -> str:
    return ", ".join(f"`{n}` {ms:.0f} ms" for n, ms in items)


def render_startup(s: Startup) -> str:
    lines = [
        "| | median wall time |",
        "|---|---:|",
        f"| `python -c pass` (the interpreter alone) | {s.baseline_s * 1000:.0f} ms |",
        f"| `python -c 'import swissbridge.cli.commandline'` (typer's command line: every command but a plain `pair`) "
        f"| {s.import_s * 1000:.0f} ms |",
        f"| `swissbridge --help` | {s.help_s * 1000:.0f} ms |",
    ]
    if s.pair_cli_s is not None:
        lines.append(f"| `swissbridge pair {s.sample} --format pairlist -o …` | {s.pair_cli_s * 1000:.0f} ms |")
    if s.phases:
        inside = sum(s.phases.values())
        lines += [
            "",
            f"Where that `pair` goes (in one process, median): importing the service and the TRF reader "
            f"{s.phases['import'] * 1000:.0f} ms, reading the file {s.phases['read'] * 1000:.0f} ms, "
            f"finding the Dutch system (a built-in: no entry-point scan) and importing it "
            f"{s.phases.get('load', 0.0) * 1000:.0f} ms, "
            f"pairing {s.phases['pair'] * 1000:.0f} ms, writing the pair-list {s.phases['render'] * 1000:.0f} ms; "
            f"the remaining {max(0.0, (s.pair_cli_s or inside) - inside - s.baseline_s) * 1000:.0f} ms of the "
            f"command (beyond the bare interpreter's {s.baseline_s * 1000:.0f} ms) are the command-line layer "
            "(`swissbridge.cli.launch`, which runs a plain `pair` without typer).",
        ]
    lines += [
        "",
        f"`import swissbridge.cli.commandline` loads {s.modules} modules (interpreter start-up included). "
        "Its direct imports, slowest first (cumulative, `python -X importtime`): " + _ms_list(s.top) + ".",
        "",
    ]
    if s.heavy:
        lines.append("Heavy modules loaded at import (module ← imported by): ")
        lines.append("")
        lines += [f"- `{m}` ← `{p}`" for m, p in s.heavy]
    else:
        lines.append(
            "No heavy module (lxml, watchdog, chess, pydantic, rich, the pairing systems, the file formats) "
            "is loaded by `import swissbridge.cli.commandline`."
        )
    if s.runtime_heavy:
        lines += ["", "Heavy packages loaded while a command runs (command: package ← the import that loads it):", ""]
        lines += [f"- {what} ← `{by}`" for what, by in s.runtime_heavy]
    if s.help_top:
        lines += ["", "Imported while `--help` runs, slowest first: " + _ms_list(s.help_top) + "."]
    if s.pair_top:
        lines += ["", "Imported while `pair` runs, slowest first: " + _ms_list(s.pair_top) + "."]
    return "\n".join(lines) + "\n"


def render_results(data: dict[str, Any]) -> str:
    runs: dict[str, Any] = data.get("runs", {})
    rows = [_row_from_json(r) for r in data.get("rows", [])]
    rows.sort(key=_row_order)
    out = [
        "# Benchmark results",
        "",
        "Generated by `benchmarks/bench.py --write-results` (see README.md in this folder); do not edit by hand.",
        "Each time is the best of the runs made (process start to exit, through the command line); peak memory",
        "is the child's maximum resident set size. `÷ peer` is swissbridge's time divided by the peer's: issue 7",
        f"asks for at most {PEER_RATIO} (✓). Pairings are compared as sets of (White, Black) boards plus the PAB.",
        "",
        render_table(rows).rstrip(),
        "",
    ]
    startup = data.get("startup")
    if isinstance(startup, dict):
        s = Startup(**{k: v for k, v in startup.items() if k != "run_id"})
        s.top = [(n, ms) for n, ms in s.top]
        s.heavy = [(m, by) for m, by in s.heavy]
        s.pair_top = [(n, ms) for n, ms in s.pair_top]
        s.help_top = [(n, ms) for n, ms in s.help_top]
        s.runtime_heavy = [(w, by) for w, by in s.runtime_heavy]
        out += ["## Start-up", "", f"Run {startup.get('run_id', '')}.", "", render_startup(s).rstrip(), ""]
    out += ["## Runs", ""]
    for run_id, info in sorted(runs.items()):
        m = info["machine"]
        used = sorted({r.key for r in rows if r.run_id == run_id or any(c.run_id == run_id for c in r.cells.values())})
        v = info["versions"]
        out.append(
            f"- **{run_id}**: {', '.join(used) or 'start-up only'}. {m['cpu']}; {m['cores']} cores; {m['ram']} RAM; "
            f"{m['python']} on {m['os']}; load average at start {m['load']}; "
            f"memory floor {m.get('memory floor', '?')}; "
            + (f"swissbridge's bytecode {m['swissbridge bytecode']}; " if "swissbridge bytecode" in m else "")
            + f"swissbridge {v.get('swissbridge', '?')} at commit {m['commit'] or '?'}; "
            f"gacrux {v.get('gacrux', '—')}, py4swiss {v.get('py4swiss', '—')}; `{info['argv']}`"
        )
    out += [
        "",
        "Input files (regenerated identically by bench.py from fixed seeds; sha256 prefix):",
        "",
    ]
    out += [f"- {r.key}: {r.players} players, `{r.sha256}`" for r in rows]
    return "\n".join(out) + "\n"


def _row_order(r: Row) -> tuple[int, int, int]:
    from history import HARD_KINDS

    part = {"dutch": 0, "lim": 1, "check": 2, "batch": 3}[r.key.split("-")[0]]
    hard = next((i + 1 for i, k in enumerate(HARD_KINDS) if r.key.startswith(f"dutch-{k.key}-")), 0)
    return part, hard, r.players


def _row_from_json(d: dict[str, Any]) -> Row:
    cells = {k: Cell(**v) for k, v in d["cells"].items()}
    fields = {k: v for k, v in d.items() if k != "cells"}
    return Row(cells=cells, **fields)


def merge_results(
    rows: Sequence[Row], startup: Startup | None, run_id: str, run_info: dict[str, Any]
) -> dict[str, Any]:
    """results.json with this run's measurements replacing earlier ones of the same
    workloads (a run of the large sizes and one of the small ones add up). When the
    input file is the same, the engines this run did not run keep their earlier
    cells, and agreement is recomputed from the pairings' digests."""
    data: dict[str, Any] = {"rows": [], "runs": {}}
    if RESULTS_JSON.exists():
        data = json.loads(RESULTS_JSON.read_text(encoding="utf-8"))
    old = {r["key"]: r for r in data.get("rows", [])}
    for row in rows:
        for cell in row.cells.values():
            cell.run_id = cell.run_id or run_id
        previous = old.get(row.key)
        if previous is not None and previous.get("sha256") == row.sha256:
            kept = _row_from_json(previous)
            for name, cell in kept.cells.items():
                if name not in row.cells:
                    cell.run_id = cell.run_id or kept.run_id
                    row.cells[name] = cell
                    row.agreement = _agreement_from_digests(row)
        old[row.key] = asdict(row)
    data["rows"] = list(old.values())
    runs: dict[str, Any] = data.setdefault("runs", {})
    runs[run_id] = run_info
    if startup is not None:
        data["startup"] = {**asdict(startup), "run_id": run_id}
    referenced = {r["run_id"] for r in data["rows"]}
    referenced |= {c.get("run_id") for r in data["rows"] for c in r["cells"].values() if c.get("run_id")}
    if isinstance(data.get("startup"), dict):
        referenced.add(data["startup"]["run_id"])
    data["runs"] = {k: v for k, v in runs.items() if k in referenced}
    return data


def _agreement_from_digests(row: Row) -> dict[str, str]:
    """Agreement of pairings measured in different runs (digests only: the boards
    that differ are in the run's own output)."""
    digests = {n: c.pairs_digest for n, c in row.cells.items() if c.status == "ok" and c.pairs_digest}
    out: dict[str, str] = {}
    ours = digests.get("swissbridge")
    for name, d in digests.items():
        if name != "swissbridge" and ours is not None:
            out[name] = row.agreement.get(name) or ("identical" if d == ours else "differs")
    if ours is None and len(digests) >= 2:
        a, b = sorted(digests)[:2]
        out["peers"] = f"{a} and {b} identical" if digests[a] == digests[b] else f"{a} and {b} differ"
    return out


# -- main ----------------------------------------------------------------------------------------


def _memory_limit(requested: float | None) -> float | None:
    """The address-space limit of each child in MiB: half the machine's RAM, at
    most 8 GiB, unless asked otherwise (0: none)."""
    if requested is not None:
        return requested or None
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**20
    except (ValueError, OSError):
        return 8192.0
    return min(8192.0, total / 2)


def _sizes(text: str) -> list[int]:
    try:
        values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated numbers of players, got {text!r}") from None
    if any(v < 2 for v in values):
        raise argparse.ArgumentTypeError("a tournament needs at least 2 players")
    return values


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--sizes", type=_sizes, default=list(DEFAULT_SIZES), help="Dutch field sizes (default 50,200,1000)")
    p.add_argument("--all-sizes", action="store_true", help="all Dutch sizes: " + ",".join(map(str, DUTCH_SIZES)))
    p.add_argument("--lim-sizes", type=_sizes, default=list(LIM_SIZES), help="Lim field sizes (default 300,1000)")
    p.add_argument(
        "--hard-sizes",
        type=_sizes,
        default=None,
        help="field sizes of the hard kinds (default: the Dutch sizes)",
    )
    p.add_argument(
        "--kinds",
        default=None,
        help="hard kinds to run, comma-separated (default all: see benchmarks/history.py HARD_KINDS)",
    )
    p.add_argument(
        "--hard-peer-max",
        type=int,
        default=HARD_PEER_MAX,
        help=f"largest hard-kind field the peers are run on (default {HARD_PEER_MAX})",
    )
    p.add_argument(
        "--only",
        default="dutch,hard,lim,check,batch,startup",
        help="which parts to run, comma-separated: dutch, hard, lim, check, batch, startup (default all)",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=None,
        help="runs per engine and file (default 10 up to 200 players, 3 up to 1000, else 1)",
    )
    p.add_argument("--timeout", type=float, default=300.0, help="seconds before a run is killed (default 300)")
    p.add_argument(
        "--memory-limit",
        type=float,
        default=None,
        metavar="MiB",
        help="address-space limit of each run (default: half the RAM, at most 8192); 0 for none",
    )
    p.add_argument("--swissbridge", help="swissbridge executable (default: the one next to this Python)")
    p.add_argument("--no-swissbridge", action="store_true", help="run the peers only (check the harness)")
    p.add_argument("--peers-venv", help="a virtualenv holding gacrux and py4swiss (e.g. /tmp/peers)")
    p.add_argument("--py4swiss", help="py4swiss executable")
    p.add_argument("--gacrux-python", help="a Python that has gacrux installed")
    p.add_argument("--engines", help="peers to run, comma-separated (default gacrux,py4swiss; '' for none)")
    p.add_argument(
        "--keep",
        metavar="DIR",
        help="keep the generated TRF files and every engine's pair-list (KEY.ENGINE.pairs) here",
    )
    p.add_argument("--write-results", action="store_true", help="merge this run into results.json and RESULTS.md")
    p.add_argument("--quiet", action="store_true", help="no per-run progress on stderr")
    p.add_argument(
        "--render", action="store_true", help="measure nothing: regenerate RESULTS.md from results.json and exit"
    )
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.render:
        RESULTS_MD.write_text(render_results(json.loads(RESULTS_JSON.read_text(encoding="utf-8"))), encoding="utf-8")
        print(f"bench: wrote {RESULTS_MD.relative_to(ROOT)} from {RESULTS_JSON.relative_to(ROOT)}", file=sys.stderr)
        return 0
    parts = {x.strip() for x in args.only.split(",") if x.strip()}
    unknown = parts - {"dutch", "hard", "lim", "check", "batch", "startup"}
    if unknown:
        raise SystemExit(f"bench: unknown part(s) {sorted(unknown)}")
    if args.engines == "":
        args.engines = "none"
    engines, notes = find_engines(args)
    for note in notes:
        print(f"bench: {note}", file=sys.stderr)
    machine = describe_machine()
    true = shutil.which("true")
    if true:  # what a child that uses no memory shows: the launcher's own size
        with tempfile.TemporaryDirectory() as tmp:
            machine["memory floor"] = f"{run_child([true], Path(tmp) / 'none', 30).peak_mb:.0f} MB"
    versions = {e.name: e.version for e in engines}
    sb_engine = next((e for e in engines if e.name == "swissbridge"), None)
    if sb_engine is not None:
        machine["swissbridge bytecode"] = compile_bytecode(_interpreter_of(Path(sb_engine.argv[0])) or sys.executable)
    if "swissbridge" not in versions:  # not run (--no-swissbridge): still say which version the rows go with
        with contextlib.suppress(Exception):
            from importlib.metadata import version

            versions["swissbridge"] = version("swissbridge")
    run_id = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    verbose = not args.quiet
    sizes = list(DUTCH_SIZES) if args.all_sizes else args.sizes
    memory_mb = _memory_limit(args.memory_limit)

    with contextlib.ExitStack() as stack:
        stack.callback(_Launcher.close)
        if args.keep:
            workdir = Path(args.keep)
            workdir.mkdir(parents=True, exist_ok=True)
        else:
            workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="swissbridge-bench-")))
        workloads: list[Workload] = []
        if "dutch" in parts:
            workloads += [make_round_file(workdir, "dutch", n) for n in sizes]
        if "hard" in parts:
            from history import HARD_KINDS

            wanted = set(args.kinds.split(",")) if args.kinds else {k.key for k in HARD_KINDS}
            unknown_kinds = wanted - {k.key for k in HARD_KINDS}
            if unknown_kinds:
                raise SystemExit(f"bench: unknown kind(s) {sorted(unknown_kinds)}")
            for kind in HARD_KINDS:
                if kind.key in wanted:
                    for n in args.hard_sizes or sizes:
                        w = make_round_file(workdir, "dutch", n, kind)
                        w.peer_max = args.hard_peer_max
                        workloads.append(w)
        if "lim" in parts:
            workloads += [make_round_file(workdir, "lim", n) for n in args.lim_sizes]
        if "check" in parts:
            made = make_check_file(workdir)
            if isinstance(made, str):
                print(f"bench: {made}", file=sys.stderr)
            else:
                workloads.append(made)
        if "batch" in parts:
            batch = make_batch_dir(workdir)
            if isinstance(batch, str):
                print(f"bench: {batch}", file=sys.stderr)
            else:
                workloads.append(batch)
        rows: list[Row] = []
        skip: dict[str, int] = {}
        for w in sorted(workloads, key=lambda w: (w.command != "pair", w.system, w.players)):
            repeat = args.repeat or (
                1 if w.command == "batch" else 10 if w.players <= 200 else 3 if w.players <= 1000 else 1
            )
            if verbose:
                print(f"bench: {w.label} ({w.path.name}, {repeat} run(s) each)", file=sys.stderr)
            save = Path(args.keep) if args.keep else None
            cells, agreement = measure(w, engines, repeat, args.timeout, skip, verbose, memory_mb, save)
            rows.append(
                Row(
                    key=w.key,
                    label=w.label,
                    players=w.players,
                    system=w.system,
                    sha256=w.sha256,
                    target_s=w.target_s,
                    target_mb=w.target_mb,
                    cells=cells,
                    agreement=agreement,
                    measured=run_id,
                    run_id=run_id,
                )
            )
        startup = None
        sb = next((e for e in engines if e.name == "swissbridge"), None)
        if "startup" in parts and sb is not None:
            sample = next((w.path for w in workloads if w.command == "pair" and w.system == "dutch"), None)
            startup = measure_startup(sb, 5, args.timeout, sample)

    print(
        f"Machine: {machine['cpu']}; {machine['cores']} cores; {machine['ram']}; {machine['python']}; "
        f"load {machine['load']}"
    )
    print(f"Engines: {', '.join(f'{e.name} {e.version}' for e in engines)}")
    print()
    print(render_table(rows))
    if startup is not None:
        print(render_startup(startup))
    if args.write_results:
        info = {
            "machine": machine,
            "versions": versions,
            "argv": "benchmarks/bench.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        }
        data = merge_results(rows, startup, run_id, info)
        RESULTS_JSON.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        RESULTS_MD.write_text(render_results(data), encoding="utf-8")
        print(f"bench: wrote {RESULTS_MD.relative_to(ROOT)} and {RESULTS_JSON.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
