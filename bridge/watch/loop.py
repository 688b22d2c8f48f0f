"""The watcher's pass and its drivers: scan the folder, read what is stable, let
the host workflow decide and publish what it decided; once (``--once``) or on
every burst of file-system events."""

from __future__ import annotations

import contextlib
import copy
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from swissbridge.atomic import Folder, NotRegular, refusal, try_lock
from swissbridge.errors import OutputError
from swissbridge.watch.files import Settling, StabilityTracker, Stable, Unreadable, Vanished, scan_folder, sha256
from swissbridge.watch.host_pgn import PgnHost
from swissbridge.watch.host_swissmanager import SwissManagerHost
from swissbridge.watch.memory import STATE_NAME, OutputRecord, Publication, WatchState, load_state, save_state
from swissbridge.watch.publish import discard, leftovers, restore, reveal, stage, staging_path, survey
from swissbridge.watch.types import (
    Fault,
    Host,
    HostContext,
    NoProgress,
    Outcome,
    OutputSet,
    Progress,
    Publish,
    Wait,
    WatchConfig,
)

log = logging.getLogger("swissbridge.watch")

HOSTS = ("swiss-manager", "pgn")
LOCK_NAME = ".swissbridge-watch.lock"


def make_host(config: WatchConfig) -> Host:
    """The host workflow the configuration names."""
    if config.host == "swiss-manager":
        return SwissManagerHost(config)
    if config.host == "pgn":
        return PgnHost(config)
    raise ValueError(f"unknown host {config.host!r}; expected one of {', '.join(HOSTS)}")


# --------------------------------------------------------------------------------------
# the pass
# --------------------------------------------------------------------------------------
@dataclass(slots=True)
class PassReport:
    """What one pass did."""

    status: str = ""
    next_check: float | None = None
    """Clock time at which files still settling may be stable (run again then)."""
    written: list[str] = field(default_factory=list)
    published: list[tuple[str, int]] = field(default_factory=list)
    input_faults: list[str] = field(default_factory=list)
    pairing_faults: list[str] = field(default_factory=list)
    output_faults: list[str] = field(default_factory=list)
    settling: list[Path] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """The command's exit status for ``--once``: 5 output, 2 input, 1 no pairing, else 0."""
        if self.output_faults:
            return 5
        if self.input_faults:
            return 2
        if self.pairing_faults:
            return 1
        return 0


class Watcher:
    """The watcher's state between passes and the pass itself."""

    def __init__(
        self,
        config: WatchConfig,
        *,
        clock: Callable[[], float] = time.monotonic,
        progress: Progress | None = None,
        host: Host | None = None,
        logger: logging.Logger | None = None,
    ) -> None:
        config = replace(
            config,
            folder=config.folder.resolve(),
            out=config.out_dir.resolve(),
            tournament=config.tournament.resolve() if config.tournament is not None else None,
        )
        self.config = config
        self.clock = clock
        self.log = logger or log
        self.host = host or make_host(config)
        self.tracker = StabilityTracker(config.stable, clock=clock)
        state, problem = load_state(config.out_dir)
        if problem:
            self.log.warning(problem)
        if not state.host:
            state.host, state.system = self.host.name, config.system or ""
        self.state = state
        self.ctx = HostContext(config, state, progress or NoProgress())
        self._said: dict[str, str] = {}
        self._status = ""
        self._state_on_disk = (config.out_dir / STATE_NAME).exists() or bool(state.outputs)
        self._lock: IO[bytes] | None = None
        self._lost: str | None = None

    # -- feedback -------------------------------------------------------------------
    def say(self, key: str, level: int, message: str) -> None:
        """Log ``message`` unless the same message was the last one said under ``key``."""
        if self._said.get(key) != message:
            self._said[key] = message
            self.log.log(level, message)

    def unsay(self, key: str) -> None:
        self._said.pop(key, None)

    @property
    def status(self) -> str:
        """The one-line status: what the watcher is waiting for."""
        return self._status

    # -- the output folder: one writer, re-verified before every write ------------------
    def acquire(self) -> None:
        """Take the output folder for this watcher (one writer per folder), finish a
        publication a killed watcher had made durable and remove what else it left
        (:func:`~swissbridge.watch.publish.leftovers`). Raises :class:`OutputError`."""
        self._own()

    def release(self) -> None:
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.close()
            self._lock = None

    @property
    def lost(self) -> str | None:
        """Why this watcher stopped writing: another one took the output folder."""
        return self._lost

    def _lock_is_current(self) -> bool:
        """The lock held is the lock file of the output folder as it is now (not one
        deleted with the folder, or replaced)."""
        if self._lock is None:
            return False
        try:
            held = os.fstat(self._lock.fileno())
            now = os.lstat(self.config.out_dir / LOCK_NAME)
        except OSError:
            return False
        return (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino)

    def _own(self) -> None:
        """Make sure this watcher holds the lock of the output folder that is there now,
        creating the folder (and the lock) again if it was deleted. Raises
        :class:`OutputError`. A watcher that held the folder and finds another lock
        file in its place (another watcher took the folder, even if it has gone
        since) stops writing for good (:attr:`lost`): the folder is no longer only its own."""
        if self._lost is not None:
            raise OutputError(self._lost)
        if self._lock_is_current():
            return
        out = self.config.out_dir
        had = self._lock is not None
        self.release()
        if not out.is_dir() and (had or self._state_on_disk):
            self.log.warning("the output folder %s disappeared; creating it again", out)
        if os.path.lexists(out) and not out.is_dir():
            raise OutputError(f"the output folder {out} is not a folder")
        # only a lock this watcher creates itself is still its own
        flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | (os.O_EXCL if had else 0)
        try:
            out.mkdir(parents=True, exist_ok=True)
            with Folder(out) as folder:
                fh: IO[bytes] | None = os.fdopen(folder.open_file(LOCK_NAME, flags), "a+b")
        except FileExistsError:
            fh = None
        except NotRegular as exc:
            raise OutputError(f"cannot use output folder {out}: {refusal(exc)}") from exc
        except OSError as exc:
            raise OutputError(f"cannot use output folder {out}: {exc.strerror or exc}") from exc
        if fh is None or not try_lock(fh.fileno()):
            if fh is not None:
                fh.close()
            if had:
                self._lost = (
                    f"another swissbridge watcher took the output folder {out} after it was deleted or its lock "
                    "removed; this watcher stops writing to it"
                )
                self.log.error(self._lost)
                raise OutputError(self._lost)
            raise OutputError(f"another swissbridge watcher is already writing to {out}")
        self._lock = fh
        self._housekeeping()

    def _housekeeping(self) -> None:
        out = self.config.out_dir
        recorded = {name: rec.digest for name, rec in self.state.outputs.items()}
        finish, remove = leftovers(out, recorded)
        for folder in finish:
            try:
                reveal(out, folder, staging_path(out, folder))
                self.log.info("published %s, which a stopped watcher had staged and recorded", folder)
            except OutputError as exc:
                self.log.warning("%s", exc)
        for path in remove:
            discard(path)
            self.log.debug("removed %s, left over by an interrupted write", path.name)

    # -- one pass ---------------------------------------------------------------------
    def run_pass(self) -> PassReport:
        """Scan the folder, read what is stable, decide and publish."""
        report = PassReport()
        cfg = self.config
        out = cfg.out_dir
        if self._lost is not None:
            report.output_faults.append(self._lost)
            report.status = "stopped writing: another watcher took the output folder"
            self._set_status(report.status)
            return report
        try:
            candidates = scan_folder(
                cfg.folder, recursive=self.host.recursive, suffixes=self.host.suffixes, exclude=[out]
            )
            self.unsay("folder")
        except OSError as exc:
            message = f"cannot read the folder {cfg.folder}: {exc.strerror or exc}"
            self.say("folder", logging.ERROR, f"{message}; retrying")
            report.input_faults.append(message)
            report.status = f"cannot read {cfg.folder}"
            self._set_status(report.status)
            return report
        candidates += [p for p in self.host.extra_inputs() if p not in candidates]

        stable: dict[Path, Stable] = {}
        for path in candidates:
            obs = self.tracker.observe(path)
            key = f"file:{path}"
            if isinstance(obs, Stable):
                stable[path] = obs
                self.unsay(key)
            elif isinstance(obs, Settling):
                report.settling.append(path)
                report.next_check = obs.ready_at if report.next_check is None else min(report.next_check, obs.ready_at)
                self.say(
                    key, logging.DEBUG, f"{self._rel(path)}: new or changed; read once unchanged for {cfg.stable:g} s"
                )
            elif isinstance(obs, Vanished):
                self.say(
                    key, logging.WARNING, f"{self._rel(path)} disappeared (deleted or renamed) before it could be read"
                )
            elif isinstance(obs, Unreadable):
                self.say(key, logging.WARNING, f"cannot read {self._rel(path)}: {obs.reason}; will retry")
                report.input_faults.append(f"cannot read {self._rel(path)}: {obs.reason}")
        for gone in self.tracker.tracked() - set(candidates):
            self.tracker.forget(gone)
            self.say(f"file:{gone}", logging.WARNING, f"{self._rel(gone)} disappeared (deleted or renamed)")

        if report.settling:
            names = ", ".join(self._rel(p) for p in report.settling[:3])
            more = f" and {len(report.settling) - 3} more" if len(report.settling) > 3 else ""
            verb = "stays" if len(report.settling) == 1 else "stay"
            report.status = f"waiting until {names}{more} {verb} unchanged for {cfg.stable:g} s"
            self._set_status(report.status)
            return report

        for path, obs in stable.items():
            self.state.inputs[self._rel(path)] = obs.signature.digest
        for name in set(self.state.inputs) - {self._rel(p) for p in stable}:
            del self.state.inputs[name]

        try:
            outcomes = self.host.decide(stable, self.ctx)
        except Exception as exc:  # a bug must not stop the watcher; say it plainly
            self.log.debug("host workflow failed", exc_info=True)
            outcomes = [Fault("", f"internal error while deciding: {type(exc).__name__}: {exc}", "", kind="internal")]
        statuses: list[str] = []
        for outcome in outcomes:
            statuses.append(self._handle(outcome, report))
        current = {f"note:{o.job}:{n}" for o in outcomes if not isinstance(o, Fault) for n in o.notes}
        for key in [k for k in self._said if k.startswith("note:") and k not in current]:
            self.unsay(key)  # said again if it comes back later
        report.status = "; ".join(s for s in statuses if s) or self._idle_status()
        self._set_status(report.status)
        self._save(report)
        return report

    def _idle_status(self) -> str:
        if self.host.name == "pgn":
            return "waiting for the tournament file"
        return "waiting for a Swiss-Manager export (TRF16 export, or Spielerdaten + Spielerauslosung)"

    def _set_status(self, status: str) -> None:
        if status != self._status:
            self._status = status
            self.log.info("status: %s", status)

    def _rel(self, path: Path) -> str:
        try:
            return path.relative_to(self.config.folder).as_posix()
        except ValueError:
            return str(path)

    # -- acting on an outcome -----------------------------------------------------------
    def _handle(self, outcome: Outcome, report: PassReport) -> str:
        prefix = f"{outcome.job}: " if outcome.job else ""
        if not isinstance(outcome, Fault):
            for note in outcome.notes:
                self.say(f"note:{outcome.job}:{note}", logging.WARNING, f"{prefix}{note}")
        else:
            level = logging.ERROR
            self.say(f"job:{outcome.job}", level, f"{prefix}{outcome.message}")
            if outcome.kind == "pairing":
                report.pairing_faults.append(outcome.message)
            elif outcome.kind == "output":
                report.output_faults.append(outcome.message)
            else:
                report.input_faults.append(outcome.message)
            return f"{prefix}{outcome.message.splitlines()[0]}"
        if isinstance(outcome, Wait):
            if outcome.outputs is not None:
                problem = self._publish_set(outcome.job, outcome.outputs, lambda state: None, report)
                if problem:
                    report.output_faults.append(problem)
                    self.say(f"job:{outcome.job}", logging.ERROR, f"{prefix}{problem}")
                    return f"{prefix}{problem}"
            self.unsay(f"job:{outcome.job}")
            return f"{prefix}{outcome.message}"
        return self._publish(outcome, report)

    def _publish(self, outcome: Publish, report: PassReport) -> str:
        prefix = f"{outcome.job}: " if outcome.job else ""
        out = self.config.out_dir
        pairlist = outcome.pairing.pairlist()
        published = self.state.publication(outcome.job, outcome.round_no)
        if published is not None and published.pairlist != pairlist:
            if os.path.lexists(out / published.folder):
                message = (
                    f"round {outcome.round_no} was already published with a different pairing; the inputs "
                    f"changed since and would now pair it differently. Published pairings are not changed: "
                    f"delete the folder {published.folder} from {out} to withdraw the round and re-pair it"
                )
                self.say(f"job:{outcome.job}", logging.ERROR, f"{prefix}{message}")
                report.pairing_faults.append(message)
                return f"{prefix}round {outcome.round_no}: input changed after publication (not re-paired)"
            self.say(
                f"withdrawn:{outcome.job}:{outcome.round_no}",
                logging.WARNING,
                f"{prefix}the folder {published.folder} was deleted: publication withdrawn, publishing the new pairing",
            )
            self.state.withdraw(outcome.job, outcome.round_no)
        s = outcome.outputs

        def record(state: WatchState) -> None:
            if state.publication(outcome.job, outcome.round_no) is None:
                state.publish(outcome.job, Publication(outcome.round_no, pairlist, outcome.inputs, s.folder, s.paths()))
                state.record_results(outcome.job, {r: dict(g) for r, g in outcome.recorded.items()})

        new = self.state.publication(outcome.job, outcome.round_no) is None
        problem = self._publish_set(outcome.job, s, record, report)
        if problem:
            report.output_faults.append(problem)
            self.say(f"job:{outcome.job}", logging.ERROR, f"{prefix}{problem}")
            return f"{prefix}round {outcome.round_no} paired but not published: {problem}"
        self.unsay(f"job:{outcome.job}")
        if new:
            report.published.append((outcome.job, outcome.round_no))
            self.log.info("%s%s → %s", prefix, outcome.summary, s.folder)
        return f"{prefix}round {outcome.round_no} published; {outcome.next_step}"

    def _publish_set(
        self, job: str, s: OutputSet, record: Callable[[WatchState], None], report: PassReport
    ) -> str | None:
        """Publish a set whole or not at all (:mod:`swissbridge.watch.publish`) and
        have ``record`` note it in the memory, which is durable before the set is
        visible. Returns the problem, or ``None``."""
        out = self.config.out_dir
        try:
            self._own()
            found = survey(out, s)
        except OutputError as exc:
            return str(exc)
        if found.differs:
            what = found.why or "exists with different content"
            return (
                f"{out / s.folder / found.differs[0]} {what}; it is not replaced or written through (a "
                "published folder is never changed). Move the folder away to let the watcher write it"
            )
        records = {f"{s.folder}/{rel}": OutputRecord(sha256(data), s.round_no, job) for rel, data in s.in_order()}
        if found.present:  # the same set is there: adopt it, write back what was deleted from it
            for rel in found.missing:
                if f"{s.folder}/{rel}" in self.state.outputs:
                    self.log.warning("%s disappeared from %s; writing it again", rel, out / s.folder)
                try:
                    restore(out, s, rel)
                except OutputError as exc:
                    return str(exc)
                report.written.append(f"{s.folder}/{rel}")
            record(self.state)
            self.state.outputs.update(records)
            return None
        if any(path in self.state.outputs for path in records):
            self.log.warning("the folder %s disappeared from %s; publishing it again", s.folder, out)
        memory = copy.deepcopy(self.state)
        record(memory)
        memory.outputs.update(records)
        try:
            staged = stage(out, s, _manifest(memory, job, s, records))
        except OutputError as exc:
            return str(exc)
        try:
            self._own()
            save_state(out, memory)
            self._state_on_disk = True
            self._own()
            reveal(out, s.folder, staged)
        except OutputError as exc:
            discard(staged)
            with contextlib.suppress(OutputError):
                if self._lost is None:
                    save_state(out, self.state)  # the memory as it was: the set is not published
            return str(exc)
        self.state = self.ctx.state = memory
        report.written.extend(records)
        self.log.debug("published %s", out / s.folder)
        return None

    def _save(self, report: PassReport) -> None:
        out = self.config.out_dir
        if not out.is_dir() and not self._state_on_disk and not self.state.outputs:
            return  # nothing written yet: do not create the folder just for the memory
        try:
            self._own()
            save_state(out, self.state)
            self._state_on_disk = True
            self.unsay("state")
        except OutputError as exc:
            message = f"cannot save the watcher's memory in {out}: {exc}"
            self.say("state", logging.ERROR, message)
            report.output_faults.append(message)

    # -- drivers ------------------------------------------------------------------------
    def run_once(self, *, max_wait: float | None = None, sleep: Callable[[float], None] = time.sleep) -> PassReport:
        """Passes until no input is settling any more (or ``max_wait`` seconds passed)."""
        limit = max_wait if max_wait is not None else max(30.0, 10 * self.config.stable)
        deadline = self.clock() + limit
        while True:
            report = self.run_pass()
            if report.next_check is None:
                return report
            now = self.clock()
            if now >= deadline:
                message = f"gave up after {limit:.0f} s: {report.status}"
                self.log.warning("%s", message)
                report.input_faults.append(message)
                return report
            sleep(max(0.0, min(report.next_check, deadline) - now) + 0.01)

    def watch(self, stop: threading.Event | None = None) -> None:
        """Watch until ``stop`` is set (or Ctrl-C): a pass after every burst of
        file-system events, when settling files are due, and every ``rescan`` seconds."""
        stop = stop or threading.Event()
        poke = threading.Event()
        observer = _Observers(self, poke)
        cfg = self.config
        try:
            observer.ensure()
            due: float | None = self.clock()
            while not stop.is_set() and self._lost is None:
                now = self.clock()
                timeout = cfg.rescan if due is None else max(0.0, due - now)
                if poke.wait(min(timeout, 0.2)):  # short waits: a stop request is seen at once
                    poke.clear()
                    soon = self.clock() + cfg.debounce
                    due = soon if due is None else min(due, soon)
                    continue
                if stop.is_set() or (due is not None and self.clock() < due):
                    continue
                report = self.run_pass()
                observer.ensure()
                due = report.next_check if report.next_check is not None else self.clock() + cfg.rescan
        finally:
            observer.stop()


def _manifest(memory: WatchState, job: str, s: OutputSet, records: dict[str, OutputRecord]) -> bytes:
    """The share of the memory a published folder keeps: its files, its publication,
    the results recorded with it (:func:`swissbridge.watch.memory.rebuild` reads it back)."""
    share = WatchState(host=memory.host, system=memory.system, outputs=dict(records))
    pub = memory.publication(job, s.round_no)
    if pub is not None and pub.folder == s.folder:
        share.publish(job, pub)
        share.results[job] = {r: games for r, games in memory.results.get(job, {}).items() if r < s.round_no}
    if job in memory.seeds:
        share.seeds[job] = memory.seeds[job]
    return share.to_json().encode("utf-8")


class _Observers:
    """The watchdog observer(s): one on the watched folder, one on the folder of
    any input outside it. Restarted when a watched folder disappears and returns."""

    def __init__(self, watcher: Watcher, poke: threading.Event) -> None:
        self.watcher = watcher
        self.poke = poke
        self.observer: Any = None
        self.watched: set[str] = set()

    def _folders(self) -> set[str]:
        folders = {str(self.watcher.config.folder)}
        for extra in self.watcher.host.extra_inputs():
            folders.add(str(extra.parent))
        return {f for f in folders if os.path.isdir(f)}

    def ensure(self) -> None:
        folders = self._folders()
        alive = self.observer is not None and self.observer.is_alive()
        if alive and folders == self.watched:
            return
        self.stop()
        if not folders:
            return
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer

        poke = self.poke

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                if event.event_type not in ("opened", "closed_no_write"):
                    poke.set()

        observer = Observer()
        recursive = self.watcher.host.recursive
        try:
            for folder in sorted(folders):
                observer.schedule(Handler(), folder, recursive=recursive and folder == str(self.watcher.config.folder))
            observer.start()
        except OSError as exc:
            self.watcher.say("observer", logging.WARNING, f"cannot watch for changes ({exc}); rescanning periodically")
            return
        self.watcher.unsay("observer")
        self.observer = observer
        self.watched = folders

    def stop(self) -> None:
        if self.observer is not None:
            with contextlib.suppress(Exception):
                self.observer.stop()
                self.observer.join(timeout=2)
            self.observer = None
            self.watched = set()
