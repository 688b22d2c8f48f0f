"""Fault injection for the watcher's publication, shared by the short tests
(``tests/stress/test_watch_faults.py``) and the long run (``watch_faults.py``).

One *scenario*: a Swiss-Manager folder whose export holds round 2 played, an
output folder where the watcher already published round 2 (the *before* state),
and the outputs a clean run adds (round 3, the *after* state). Each trial copies
the before state, runs the watcher in a forked child (the real code, the Dutch
system; or, for the team scenario, a team event paired by C.04.6) and hurts it:

* **kill**: the child is killed with SIGKILL just before or just after its k-th
  file-system step (creating a file or folder, ``fsync``, ``rename``), k drawn at
  random over the steps of a clean run;
* **disk full**: the output folder lies on a small tmpfs filled up to a random
  number of free bytes (when this process may mount one), else the k-th step
  fails with ``ENOSPC``.

After each, the visible outputs must be exactly *before* or exactly *after*, byte
for byte; the state file, if any, must parse; then a restarted watcher (with the
space back) must converge on *after* with no staging or temporary file left.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import json
import logging
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from swissbridge.formats.trf import write_trf  # noqa: E402
from swissbridge.watch.loop import Watcher  # noqa: E402
from swissbridge.watch.memory import STATE_NAME, WatchState  # noqa: E402
from swissbridge.watch.types import WatchConfig  # noqa: E402

from tests.watch_support import field_of, played, visible  # noqa: E402

PLAYERS = 24
PAGE = 4096
STEPS = ("open", "mkdir", "fsync", "rename", "replace")
"""The ``os`` calls that change what is on disk (``open`` only when it creates)."""


@dataclass(frozen=True, slots=True)
class Scenario:
    folder: Path
    """The watched folder (the export with round 2 played)."""
    before: Path
    """An output folder holding what was published up to round 2."""
    visible_before: dict[str, bytes]
    visible_after: dict[str, bytes]
    steps: int
    """File-system steps of a clean run from ``before`` to ``after``."""
    system: str = "dutch"
    """The system the watcher pairs with (``team`` for the team event)."""


@dataclass(slots=True)
class Tally:
    """Outcomes of a series of trials."""

    trials: int = 0
    nothing_new: int = 0
    complete: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, problem: str | None, outcome: str) -> None:
        self.trials += 1
        if problem:
            self.problems.append(problem)
        elif outcome == "before":
            self.nothing_new += 1
        else:
            self.complete += 1

    def as_dict(self) -> dict[str, Any]:
        return {
            "trials": self.trials,
            "nothing new": self.nothing_new,
            "complete set": self.complete,
            "problems": self.problems,
        }


# -- the child ---------------------------------------------------------------------------------
def _hook(plan: Callable[[int, str], None]) -> None:
    """Route the disk-changing ``os`` calls through ``plan(step, name)``, called before each."""
    count = [0]
    saved = {name: getattr(os, name) for name in STEPS}

    def wrap(name: str) -> Callable[..., Any]:
        real = saved[name]

        def call(*args: Any, **kw: Any) -> Any:
            if name == "open" and not (args[1] if len(args) > 1 else kw.get("flags", 0)) & os.O_CREAT:
                return real(*args, **kw)
            count[0] += 1
            plan(count[0], name)
            return real(*args, **kw)

        return call

    for name in STEPS:
        setattr(os, name, wrap(name))


def run_child(folder: Path, out: Path, plan: Callable[[int, str], None] | None = None, system: str = "dutch") -> int:
    """Run one watcher pass (``--once``, pairing with ``system``) on ``folder`` in a forked
    child; returns its exit status, or ``-SIGNAL`` when it was killed."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 70
        try:
            logging.getLogger("swissbridge.watch").setLevel(logging.CRITICAL + 1)
            if plan is not None:
                _hook(plan)
            w = Watcher(WatchConfig(folder, host="swiss-manager", system=system, out=out, stable=0))
            try:
                w.acquire()
                code = w.run_once().exit_code
            except Exception:
                code = 5
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def count_steps(folder: Path, out: Path, system: str = "dutch") -> int:
    """The file-system steps of a clean run (counted in the child, passed back in a file)."""
    tally = out.parent / f".{out.name}.steps"

    def plan(step: int, name: str) -> None:
        with open(tally, "w") as fh:  # builtins.open: not a counted step
            fh.write(str(step))

    code = run_child(folder, out, plan, system)
    if code != 0:
        raise RuntimeError(f"the clean run failed (exit {code})")
    steps = int(tally.read_text())
    tally.unlink()
    return steps


def _preload() -> None:
    """Import what a pass uses once, here, so that each forked child starts at once."""
    from swissbridge.plugins import load

    for module in (
        "swissbridge.formats.pgn",
        "swissbridge.formats.swissmanager",
        "swissbridge.systems.service",
        "swissbridge.publish.teamsite",
    ):
        importlib.import_module(module)
    load("dutch")
    load("team")


def _exports(team: bool) -> tuple[str, str, str]:
    """The export with round 1 played, the export with round 2 played, the system: 24
    players (Dutch), or a team event of 9 teams of 4 boards (C.04.6, record 192's)."""
    if not team:
        t = field_of(PLAYERS, rounds=7)
        return write_trf(played(t, 1), dialect="trf16"), write_trf(played(t, 2), dialect="trf16"), "dutch"
    from swissbridge.plugins.team import TeamSystem

    from tests.team_support import play, random_event

    rng = random.Random(5)
    t = random_event(rng, 9, 4, 7, "FIDE_TEAM_TYPEA_MP_GP")
    states = []
    for r in (1, 2):
        t = play(rng, t, TeamSystem().pair(t, r))
        states.append(write_trf(t, dialect="trf26"))
    return states[0], states[1], "team"


def make_scenario(root: Path, *, team: bool = False) -> Scenario:
    """The before state (round 2 published) and the after state of a clean run (of a
    team event when ``team``)."""
    _preload()
    folder = root / "host"
    folder.mkdir()
    export = folder / "Open.trf"
    first, second, system = _exports(team)
    export.write_text(first)
    before = root / "before"
    if run_child(folder, before, system=system) != 0:
        raise RuntimeError("cannot publish round 2")
    export.write_text(second)
    visible_before = visible(before)
    clean = root / "clean"
    shutil.copytree(before, clean)
    steps = count_steps(folder, clean, system)
    visible_after = visible(clean)
    if not set(visible_before) < set(visible_after):
        raise RuntimeError("the clean run did not publish round 3")
    if team and "Open-R3/teams/1.html" not in visible_after:
        raise RuntimeError("the team event's round 3 has no team pages")
    return Scenario(folder, before, visible_before, visible_after, steps, system)


# -- checking a trial -----------------------------------------------------------------------------
def check(s: Scenario, out: Path, what: str) -> tuple[str | None, str]:
    """Whether ``out`` shows exactly the before or the after state (and a sound state file)."""
    seen = visible(out)
    if seen == s.visible_before:
        outcome = "before"
    elif seen == s.visible_after:
        outcome = "after"
    else:
        extra = sorted(set(seen) - set(s.visible_before))
        changed = sorted(n for n in s.visible_before if seen.get(n) != s.visible_before[n])
        return f"{what}: partial or mixed outputs (new {extra[:6]}, changed {changed[:6]})", ""
    state = out / STATE_NAME
    if state.exists():
        try:
            WatchState.from_json(state.read_bytes())
        except ValueError as exc:
            return f"{what}: damaged state file ({exc})", outcome
    return None, outcome


def restart(s: Scenario, out: Path, what: str) -> str | None:
    """A restarted watcher converges on the after state, leaving nothing behind."""
    code = run_child(s.folder, out, system=s.system)
    if code != 0:
        return f"{what}: the restart exited {code}"
    if visible(out) != s.visible_after:
        return f"{what}: the restart did not converge"
    hidden = sorted(p.name for p in out.iterdir() if p.name.startswith("."))
    if hidden != sorted([STATE_NAME, ".swissbridge-watch.lock"]):
        return f"{what}: left behind {hidden}"
    memory = json.loads((out / STATE_NAME).read_text())
    if sorted(memory["published"]["Open"]) != ["2", "3"]:
        return f"{what}: the memory records rounds {sorted(memory['published']['Open'])}"
    return None


# -- the trials -------------------------------------------------------------------------------------
def kill_trial(s: Scenario, work: Path, i: int, rng: random.Random) -> tuple[str | None, str]:
    """SIGKILL just before or just after a random step of the publication."""
    out = work / f"kill{i}"
    shutil.copytree(s.before, out)
    step = rng.randint(1, s.steps)
    after = rng.random() < 0.5
    what = f"kill #{i} ({'after' if after else 'before'} step {step} of {s.steps})"
    armed = [False]

    def plan(n: int, name: str) -> None:
        if n == step and not after:
            os.kill(os.getpid(), signal.SIGKILL)
        if armed[0]:
            os.kill(os.getpid(), signal.SIGKILL)
        armed[0] = n == step and after

    code = run_child(s.folder, out, plan, s.system)
    if code not in (-signal.SIGKILL, 0):
        return f"{what}: exited {code}", ""
    problem, outcome = check(s, out, what)
    problem = problem or restart(s, out, what)
    shutil.rmtree(out, ignore_errors=True)
    return problem, outcome


def injected_full_disk_trial(s: Scenario, work: Path, i: int, rng: random.Random) -> tuple[str | None, str]:
    """The k-th step fails with ENOSPC (and so does every later one: the disk stays full)."""
    out = work / f"enospc{i}"
    shutil.copytree(s.before, out)
    step = rng.randint(1, s.steps)
    what = f"disk full #{i} (from step {step} of {s.steps}, injected)"

    def plan(n: int, name: str) -> None:
        if n >= step and name in ("open", "mkdir", "fsync"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    code = run_child(s.folder, out, plan, s.system)
    if code not in (0, 5):
        return f"{what}: exited {code} (expected 5, an output fault)", ""
    problem, outcome = check(s, out, what)
    problem = problem or restart(s, out, what)
    shutil.rmtree(out, ignore_errors=True)
    return problem, outcome


@contextlib.contextmanager
def small_tmpfs(size_kb: int) -> Iterator[Path | None]:
    """A fresh tmpfs of ``size_kb`` KiB, or ``None`` when this process may not mount one."""
    where = Path(tempfile.mkdtemp(prefix="swissbridge-tmpfs-"))
    try:
        mounted = (
            sys.platform.startswith("linux")
            and os.geteuid() == 0
            and subprocess.run(
                ["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(where)], capture_output=True
            ).returncode
            == 0
        )
    except OSError:
        mounted = False
    try:
        yield where if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", str(where)], capture_output=True)
        shutil.rmtree(where, ignore_errors=True)


def tmpfs_full_disk_trial(s: Scenario, disk: Path, i: int, rng: random.Random) -> tuple[str | None, str]:
    """The output folder on a tmpfs with a random number of bytes left free; then
    the space comes back (the filler is deleted) and the watcher restarts."""
    out = disk / "out"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(s.before, out)
    new = len(s.visible_after) - len(s.visible_before)
    free = rng.randint(0, 3 * new * PAGE)  # tmpfs counts whole pages: a round takes about 2 × new pages
    filler = disk / "filler"
    _fill(disk, filler, free)
    what = f"disk full #{i} (tmpfs, {shutil.disk_usage(disk).free} bytes free)"
    code = run_child(s.folder, out, system=s.system)
    problem, outcome = check(s, out, what)
    if not problem and code not in (0, 5):
        problem = f"{what}: exited {code}"
    filler.unlink()
    problem = problem or restart(s, out, what)
    shutil.rmtree(out, ignore_errors=True)
    return problem, outcome


def _fill(disk: Path, filler: Path, free: int) -> None:
    """Write ``filler`` until about ``free`` bytes are left on ``disk``."""
    with open(filler, "wb") as fh:
        chunk = b"\0" * 4096
        while True:
            left = shutil.disk_usage(disk).free
            if left <= free:
                break
            try:
                fh.write(chunk[: max(1, min(len(chunk), left - free))])
                fh.flush()
            except OSError:
                break


def run(kills: int, disk_full: int, *, seed: int = 1, work: Path | None = None, team: bool = False) -> dict[str, Any]:
    """``kills`` SIGKILL trials and ``disk_full`` full-disk trials (on the team event's
    scenario when ``team``); the tallies by kind."""
    rng = random.Random(seed)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(dir=work) as tmp:
        root = Path(tmp)
        s = make_scenario(root, team=team)
        results["steps of a clean publication"] = s.steps
        tally = Tally()
        for i in range(kills):
            tally.add(*kill_trial(s, root, i, rng))
        results["sigkill"] = tally.as_dict()
        with small_tmpfs(1024) as disk:
            tally = Tally()
            for i in range(disk_full):
                if disk is not None:
                    tally.add(*tmpfs_full_disk_trial(s, disk, i, rng))
                else:
                    tally.add(*injected_full_disk_trial(s, root, i, rng))
            results["disk full (tmpfs)" if disk is not None else "disk full (injected ENOSPC)"] = tally.as_dict()
        tally = Tally()
        for i in range(disk_full):
            tally.add(*injected_full_disk_trial(s, root, i, rng))
        results["disk full (injected ENOSPC)"] = tally.as_dict()
    return results


# -- two watchers on one output folder, which is deleted --------------------------------------------
def _watch_process(folder: Path, out: Path, system: str, *, once: bool) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    cmd = [sys.executable, "-m", "swissbridge", "watch", str(folder), "--system", system, "--out", str(out)]
    cmd += ["--once", "--stable", "0"] if once else ["--stable", "0.1"]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)


def _folders(out: Path) -> dict[str, dict[str, bytes]]:
    """The visible round folders of ``out`` and their files."""
    found: dict[str, dict[str, bytes]] = {}
    for path, data in visible(out).items():
        folder, _, rel = path.partition("/")
        found.setdefault(folder, {})[rel] = data
    return found


def two_watchers(trials: int, *, seed: int = 1, work: Path | None = None) -> dict[str, Any]:
    """A watcher (Dutch) runs; its output folder is deleted; a second watcher (Lim,
    ``--once``) starts on it while the next export lands. Every round folder left
    must be exactly Dutch's or exactly Lim's, all of one system, and at most one of
    the two may have written after the deletion."""
    rng = random.Random(seed)
    _preload()
    tally: dict[str, Any] = {"trials": 0, "first kept the folder": 0, "second took it": 0, "problems": []}
    with tempfile.TemporaryDirectory(dir=work) as tmp:
        root = Path(tmp)
        t = field_of(PLAYERS, rounds=7)
        exports = [write_trf(played(t, r), dialect="trf16") for r in (1, 2)]
        reference: dict[str, dict[str, dict[str, bytes]]] = {}
        for system in ("dutch", "lim"):
            ref_folder = root / f"ref-{system}"
            ref_folder.mkdir()
            for text in exports:
                (ref_folder / "Open.trf").write_text(text)
                proc = _watch_process(ref_folder, root / f"ref-{system}-out", system, once=True)
                _, err = proc.communicate(timeout=120)
                if proc.returncode != 0:
                    raise RuntimeError(f"clean {system} run failed: {err}")
            reference[system] = _folders(root / f"ref-{system}-out")
        if reference["dutch"] == reference["lim"]:
            raise RuntimeError("Dutch and Lim pair the scenario alike: mixing could not be seen")
        for i in range(trials):
            tally["trials"] += 1
            folder, out = root / f"host{i}", root / f"out{i}"
            folder.mkdir()
            (folder / "Open.trf").write_text(exports[0])
            first = _watch_process(folder, out, "dutch", once=False)
            problem = None
            try:
                deadline = time.monotonic() + 60
                while not (out / "Open-R2").exists() and time.monotonic() < deadline:
                    time.sleep(0.02)
                while out.exists():  # rm -rf, again if the watcher wrote meanwhile
                    shutil.rmtree(out, ignore_errors=True)
                time.sleep(rng.random() * 0.3)
                second = _watch_process(folder, out, "lim", once=True)
                time.sleep(rng.random() * 0.3)
                (folder / "Open.trf").write_text(exports[1])
                _, err2 = second.communicate(timeout=120)
                time.sleep(1.0)  # time for the first to see the new export
            finally:
                first.terminate()
                _, err1 = first.communicate(timeout=30)
            seen = _folders(out)
            systems = set()
            for name, files in seen.items():
                owner = [s for s in ("dutch", "lim") if reference[s].get(name) == files]
                if not owner:
                    problem = f"trial {i}: {name} is neither Dutch's nor Lim's (mixed or partial)"
                    break
                systems.add(owner[0])
            lost = "stops writing" in err1
            refused = "already writing" in err2
            if problem is None and len(systems) > 1:
                problem = f"trial {i}: round folders from both systems: {sorted(seen)}"
            if problem is None and not (lost or refused):
                problem = f"trial {i}: neither watcher gave way (first: {err1[-200:]!r}; second: {err2[-200:]!r})"
            if problem is None and lost and refused:
                problem = f"trial {i}: both gave way"
            if problem:
                tally["problems"].append(problem)
            elif lost:
                tally["second took it"] += 1
            else:
                tally["first kept the folder"] += 1
            shutil.rmtree(out, ignore_errors=True)
    return tally
