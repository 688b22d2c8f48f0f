"""What the parts of the watcher exchange: the configuration, a host workflow's
decision for one tournament (publish a round, wait, or report a fault), the files
it publishes and the context it decides in."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from swissbridge.model import Colour
from swissbridge.pairing import RoundPairing
from swissbridge.systems.settings import Settings
from swissbridge.watch.files import Stable
from swissbridge.watch.memory import WatchState

DEFAULT_OUT = "swissbridge-out"


# --------------------------------------------------------------------------------------
# configuration and feedback
# --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class WatchConfig:
    """What to watch, how to pair, where to write."""

    folder: Path
    host: str = "swiss-manager"
    system: str | None = None
    """``--system``; None pairs with the system record 192 names, else the default
    (:func:`swissbridge.systems.choose_system`), as ``pair`` does."""
    out: Path | None = None
    """Output folder; default ``FOLDER/swissbridge-out`` (never scanned for inputs)."""
    tournament: Path | None = None
    """The tournament state the PGN workflow starts from (``--tournament``)."""
    rounds: int | None = None
    """Total rounds, when the input does not say (Swiss-Manager's text exports do not)."""
    initial_colour: Colour | None = None
    """The initial colour, when the input does not say (``--initial-colour``)."""
    encoding: str | None = None
    """That of Swiss-Manager text exports (``--encoding``; strict UTF-8 unless given)."""
    stable: float = 2.0
    """Seconds a file must stay unchanged (size, mtime, content) before it is read."""
    rescan: float = 15.0
    """Seconds between full passes while watching, as a safety net for missed events
    (network shares do not always report changes)."""
    debounce: float = 0.1
    """Quiet time after a file-system event before a pass runs (coalesces bursts)."""

    @property
    def out_dir(self) -> Path:
        return self.out if self.out is not None else self.folder / DEFAULT_OUT

    @property
    def settings(self) -> Settings:
        """The settings a round is paired with, as ``pair`` takes them (:mod:`swissbridge.systems.settings`)."""
        return Settings(self.system, self.initial_colour, self.rounds, self.encoding)


class Progress(Protocol):
    """Feedback for long work (large PGN feeds, pairing big fields)."""

    def task(
        self, description: str, total: int | None = None
    ) -> contextlib.AbstractContextManager[Callable[[int], None]]:
        """A context whose value advances the task by a number of units."""
        ...


class NoProgress:
    """Progress that shows nothing (tests, pipes, ``--once`` in cron)."""

    @contextlib.contextmanager
    def task(self, description: str, total: int | None = None) -> Iterator[Callable[[int], None]]:
        yield lambda n: None


# --------------------------------------------------------------------------------------
# what a host workflow decides for one tournament ("job")
# --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OutputSet:
    """Files published as one (:mod:`swissbridge.watch.publish`): the folder that
    holds them in the output folder and ``{relative path: bytes}``. The host's
    import file, if any, is written last; :meth:`adding` keeps it last."""

    folder: str
    """A plain name (``Open-R3``): letters, digits, ``.``, ``-``, ``_``."""
    round_no: int
    files: Mapping[str, bytes]
    """Path inside the folder (``/``-separated, no hidden parts) → content."""
    host_file: str | None = None
    """The file the host program imports (Swiss-Manager's ``Spielerauslosung``)."""

    def __post_init__(self) -> None:
        if not _SAFE_NAME.fullmatch(self.folder):
            raise ValueError(f"not a plain folder name: {self.folder!r}")
        for rel in self.files:
            parts = rel.split("/")
            if any(not _SAFE_NAME.fullmatch(part) for part in parts):
                raise ValueError(f"not a plain relative path: {rel!r}")
        if self.host_file is not None and self.host_file not in self.files:
            raise ValueError(f"the host file {self.host_file!r} is not in the set")

    def adding(self, files: Mapping[str, bytes]) -> OutputSet:
        """This set with more files (a file already in it is replaced)."""
        return replace(self, files={**self.files, **files})

    def in_order(self) -> list[tuple[str, bytes]]:
        """The files in writing order: the host's import file last."""
        rest = [(rel, data) for rel, data in self.files.items() if rel != self.host_file]
        if self.host_file is not None:
            rest.append((self.host_file, self.files[self.host_file]))
        return rest

    def paths(self) -> list[str]:
        """The files relative to the output folder (``folder/path``), in writing order."""
        return [f"{self.folder}/{rel}" for rel, _ in self.in_order()]


_SAFE_NAME = re.compile(r"[\w-][\w.-]*", re.UNICODE)


@dataclass(frozen=True, slots=True)
class Publish:
    """Publish a freshly paired round."""

    job: str
    round_no: int
    pairing: RoundPairing
    outputs: OutputSet
    inputs: str
    """Digest of the inputs it was decided from."""
    summary: str
    notes: tuple[str, ...] = ()
    next_step: str = "waiting for its results"
    """What the watcher waits for once the round is published (for the status line)."""
    recorded: Mapping[int, Mapping[str, str]] = field(default_factory=dict)
    """Results taken from a feed for this publication: round → ``"W-B"`` → ``1-0``/``0-1``/``1/2-1/2``."""


@dataclass(frozen=True, slots=True)
class Wait:
    """Nothing to publish yet: ``message`` says what the job waits for."""

    job: str
    message: str
    inputs: str
    notes: tuple[str, ...] = ()
    outputs: OutputSet | None = None
    """Files to publish even though no round is paired (the final state at the end)."""


@dataclass(frozen=True, slots=True)
class Fault:
    """The job's inputs cannot be used as they are; nothing is written for it."""

    job: str
    message: str
    inputs: str
    kind: str = "input"
    """``input`` (malformed, inconsistent), ``pairing`` (no legal pairing) or ``internal``."""


Outcome = Publish | Wait | Fault


@dataclass(slots=True)
class HostContext:
    """What a host workflow may use while deciding: the watcher's memory, the
    output folder (to read back its own state files), the pairing system and
    progress feedback."""

    config: WatchConfig
    state: WatchState
    progress: Progress
    memory: dict[str, Any] = field(default_factory=dict)
    """Per-host scratch space kept between passes (parsed inputs, caches)."""

    @property
    def out_dir(self) -> Path:
        return self.config.out_dir


class Host(Protocol):
    """A host workflow: which files it reads and what it makes of them."""

    name: str
    recursive: bool
    suffixes: tuple[str, ...]

    def extra_inputs(self) -> Sequence[Path]:
        """Input files outside the watched folder (the PGN workflow's tournament file)."""
        ...

    def decide(self, files: Mapping[Path, Stable], ctx: HostContext) -> list[Outcome]:
        """One outcome per tournament found in the stable input files."""
        ...
