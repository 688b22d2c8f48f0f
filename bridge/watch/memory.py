"""The watcher's memory: a small JSON file in the output folder recording what it
has read and what it has published, with content hashes, so that after a crash or
a restart it carries on without pairing a round twice or losing one.

The file is rewritten atomically (and synced) after every change. It is advisory
about *inputs* (a restart re-reads them anyway) and authoritative about
*publications*: a round whose pairing was published is never re-paired
differently without the arbiter withdrawing it (deleting that round's folder).

Every published folder also holds its own share of the memory
(:data:`MANIFEST`: the publication, its files' hashes, the results it recorded).
When the state file is damaged in any way (not UTF-8, not JSON, nested too
deeply, wrong types, cut short, a folder, a link to a device) it is set aside as
``.swissbridge-watch.json.damaged-N``, the memory is rebuilt from those manifests,
and the watcher goes on.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swissbridge.atomic import Folder, NotRegular, write_own

STATE_NAME = ".swissbridge-watch.json"
MANIFEST = ".swissbridge-published.json"
"""The share of the memory kept in each published folder (same format as the state file)."""
STATE_VERSION = 2
MAX_STATE_BYTES = 64 * 1024 * 1024
"""A larger state file is damaged (a real one holds a few kilobytes per round)."""


@dataclass(slots=True)
class OutputRecord:
    """A file the watcher published: its content hash and the round it belongs to."""

    digest: str
    round_no: int
    job: str


@dataclass(slots=True)
class Publication:
    """A round pairing the watcher published for one tournament ("job")."""

    round_no: int
    pairlist: str
    """The pairing in pair-list form (``N`` then ``WHITE BLACK`` lines): what must never change silently."""
    inputs: str
    """Digest of the inputs it was paired from."""
    folder: str
    """The folder (in the output folder) that holds the round's files."""
    files: list[str] = field(default_factory=list)
    """The files published, relative to the output folder (``folder/name``)."""


@dataclass(slots=True)
class WatchState:
    """Everything the state file holds."""

    host: str = ""
    system: str = ""
    inputs: dict[str, str] = field(default_factory=dict)
    """Input file (relative to the watched folder) → content hash last handled."""
    outputs: dict[str, OutputRecord] = field(default_factory=dict)
    """Output file (relative to the output folder) → what was published."""
    published: dict[str, dict[int, Publication]] = field(default_factory=dict)
    """Job → round → publication."""
    results: dict[str, dict[int, dict[str, str]]] = field(default_factory=dict)
    """Job → round → board key (``"W-B"``) → result recorded from a feed (PGN workflow)."""
    seeds: dict[str, str] = field(default_factory=dict)
    """Job → content hash of the tournament file the job started from (PGN workflow)."""

    # -- publications -------------------------------------------------------------
    def publication(self, job: str, round_no: int) -> Publication | None:
        return self.published.get(job, {}).get(round_no)

    def publish(self, job: str, pub: Publication) -> None:
        self.published.setdefault(job, {})[pub.round_no] = pub

    def withdraw(self, job: str, round_no: int) -> None:
        pub = self.published.get(job, {}).pop(round_no, None)
        if pub is not None:
            for name in pub.files:
                self.outputs.pop(name, None)

    def latest_publication(self, job: str) -> Publication | None:
        rounds = self.published.get(job, {})
        return rounds[max(rounds)] if rounds else None

    def record_results(self, job: str, recorded: dict[int, dict[str, str]]) -> None:
        for r, games in recorded.items():
            self.results.setdefault(job, {}).setdefault(r, {}).update(games)

    def merge(self, other: WatchState) -> None:
        """Add what ``other`` holds (a published folder's manifest) to this memory."""
        self.host, self.system = self.host or other.host, self.system or other.system
        self.outputs.update(other.outputs)
        for job, rounds in other.published.items():
            for pub in rounds.values():
                self.publish(job, pub)
        for job, recorded in other.results.items():
            self.record_results(job, recorded)
        for job, seed in other.seeds.items():
            self.seeds.setdefault(job, seed)

    # -- serialisation ------------------------------------------------------------
    def to_json(self) -> str:
        data: dict[str, Any] = {
            "version": STATE_VERSION,
            "host": self.host,
            "system": self.system,
            "inputs": dict(sorted(self.inputs.items())),
            "outputs": {
                name: {"sha256": rec.digest, "round": rec.round_no, "job": rec.job}
                for name, rec in sorted(self.outputs.items())
            },
            "published": {
                job: {
                    str(r): {"pairlist": p.pairlist, "inputs": p.inputs, "folder": p.folder, "files": p.files}
                    for r, p in sorted(rounds.items())
                }
                for job, rounds in sorted(self.published.items())
            },
            "results": {
                job: {str(r): dict(sorted(res.items())) for r, res in sorted(rounds.items())}
                for job, rounds in sorted(self.results.items())
            },
            "seeds": dict(sorted(self.seeds.items())),
        }
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, data: bytes) -> WatchState:
        """Parse a state file; raises ``ValueError`` (with what is wrong) when it is not one."""
        try:
            doc = json.loads(data.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise ValueError(f"byte {exc.start} (0x{data[exc.start]:02x}) is not UTF-8") from None
        except RecursionError:
            raise ValueError("nested too deeply") from None
        top = _obj(doc, "the file")
        if top.get("version") != STATE_VERSION:
            raise ValueError(f"not a swissbridge watch state (version {STATE_VERSION})")
        state = cls(host=_str(top.get("host", ""), "host"), system=_str(top.get("system", ""), "system"))
        state.inputs = {k: _str(v, f"inputs.{k}") for k, v in _obj(top.get("inputs", {}), "inputs").items()}
        for name, rec in _obj(top.get("outputs", {}), "outputs").items():
            r = _obj(rec, f"outputs.{name}")
            state.outputs[name] = OutputRecord(
                _str(r.get("sha256"), f"outputs.{name}.sha256"),
                _int(r.get("round"), f"outputs.{name}.round"),
                _str(r.get("job", ""), f"outputs.{name}.job"),
            )
        for job, rounds in _obj(top.get("published", {}), "published").items():
            for key, pub in _obj(rounds, f"published.{job}").items():
                where = f"published.{job}.{key}"
                p = _obj(pub, where)
                files = p.get("files")
                if not isinstance(files, list):
                    raise ValueError(f"{where}.files is not a list")
                state.publish(
                    job,
                    Publication(
                        _int(key, where),
                        _str(p.get("pairlist"), f"{where}.pairlist"),
                        _str(p.get("inputs"), f"{where}.inputs"),
                        _str(p.get("folder"), f"{where}.folder"),
                        [_str(f, f"{where}.files") for f in files],
                    ),
                )
        for job, rounds in _obj(top.get("results", {}), "results").items():
            state.results[job] = {
                _int(r, f"results.{job}"): {
                    k: _str(v, f"results.{job}.{r}.{k}") for k, v in _obj(res, f"results.{job}.{r}").items()
                }
                for r, res in _obj(rounds, f"results.{job}").items()
            }
        state.seeds = {k: _str(v, f"seeds.{k}") for k, v in _obj(top.get("seeds", {}), "seeds").items()}
        return state


def _obj(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{where} is not an object")
    return value


def _str(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where} is not a string")
    return value


def _int(value: object, where: str) -> int:
    if isinstance(value, str) and value.isdigit() and len(value) <= 6:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 999_999:
        raise ValueError(f"{where} is not a round number")
    return value


def _read_regular(folder: Path, name: str) -> bytes | None:
    """The bytes of the file ``name`` in ``folder`` if it is a regular file (``None``
    when there is none); raises ``ValueError`` for anything else (a folder, a device,
    a pipe, a link: never followed, never waited on)."""
    try:
        with Folder(folder) as where:
            data = where.read(name, limit=MAX_STATE_BYTES)
    except NotRegular as exc:
        raise ValueError(exc.what) from None
    except (FileNotFoundError, NotADirectoryError):
        return None  # no folder, so no file
    except OSError as exc:
        raise ValueError(f"cannot be read: {exc.strerror or exc}") from None
    if data is not None and len(data) > MAX_STATE_BYTES:
        raise ValueError(f"larger than {MAX_STATE_BYTES // (1024 * 1024)} MB")
    return data


def load_state(folder: Path) -> tuple[WatchState, str | None]:
    """The memory stored in ``folder`` (a fresh one if there is none) and a problem
    to report once when the state file was damaged: it is then set aside and the
    memory rebuilt from the manifests of the published folders."""
    path = folder / STATE_NAME
    try:
        data = _read_regular(folder, STATE_NAME)
        if data is None:
            return WatchState(), None
        return WatchState.from_json(data), None
    except ValueError as exc:
        problem = str(exc)
    aside = _set_aside(path)
    state = rebuild(folder)
    where = f"kept as {aside.name}" if aside is not None else "it could not be moved away"
    rounds = sum(len(r) for r in state.published.values())
    return state, (
        f"the watcher's memory {path} is damaged ({problem}); {where}; rebuilt from the published folders "
        f"({rounds} round{'s' if rounds != 1 else ''})"
    )


def _set_aside(path: Path) -> Path | None:
    """Rename the damaged state (file, folder or link) out of the way, keeping it."""
    n = 1
    while True:
        aside = path.with_name(f"{path.name}.damaged-{n}")
        if not os.path.lexists(aside):
            break
        n += 1
    try:
        os.rename(path, aside)
    except OSError:
        return None
    return aside


def rebuild(folder: Path) -> WatchState:
    """The memory from the manifests of the published folders in ``folder`` (a
    manifest that cannot be read is left out: that folder counts as foreign)."""
    state = WatchState()
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return state
    for entry in entries:
        if entry.name.startswith(".") or not entry.is_dir(follow_symlinks=False):
            continue
        try:
            data = _read_regular(Path(entry.path), MANIFEST)
            if data is not None:
                state.merge(WatchState.from_json(data))
        except ValueError:
            continue
    return state


def save_state(folder: Path, state: WatchState) -> bool:
    """Write the state file atomically and durably; ``False`` when it was already up
    to date. Raises :class:`~swissbridge.errors.OutputError` when it cannot be
    written, or when something other than a regular file stands in its place."""
    return write_own(folder / STATE_NAME, state.to_json())
