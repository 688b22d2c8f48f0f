"""The watcher's memory: a small JSON file in the output folder recording what it
has read and what it has written, with content hashes, so that after a crash or a
restart it carries on without pairing a round twice or losing one.

The file is rewritten atomically after every change. It is advisory about
*inputs* (a restart re-reads them anyway) and authoritative about *publications*:
a round whose pairing was published is never re-paired differently without the
arbiter withdrawing it (deleting that round's output files).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swissbridge.atomic import write_atomic

STATE_NAME = ".swissbridge-watch.json"
STATE_VERSION = 1


@dataclass(slots=True)
class OutputRecord:
    """A file the watcher wrote: its content hash and the round it belongs to."""

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
    files: list[str] = field(default_factory=list)


@dataclass(slots=True)
class WatchState:
    """Everything the state file holds."""

    host: str = ""
    system: str = ""
    inputs: dict[str, str] = field(default_factory=dict)
    """Input file (relative to the watched folder) → content hash last handled."""
    outputs: dict[str, OutputRecord] = field(default_factory=dict)
    """Output file name (inside the output folder) → what was written."""
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
        self.published.get(job, {}).pop(round_no, None)

    def latest_publication(self, job: str) -> Publication | None:
        rounds = self.published.get(job, {})
        return rounds[max(rounds)] if rounds else None

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
                    str(r): {"pairlist": p.pairlist, "inputs": p.inputs, "files": p.files}
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
    def from_json(cls, text: str) -> WatchState:
        """Parse a state file; raises ``ValueError`` when it is not one."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
            raise ValueError("not a swissbridge watch state (version 1)")
        state = cls(host=str(data.get("host", "")), system=str(data.get("system", "")))
        state.inputs = {str(k): str(v) for k, v in dict(data.get("inputs", {})).items()}
        for name, rec in dict(data.get("outputs", {})).items():
            state.outputs[str(name)] = OutputRecord(str(rec["sha256"]), int(rec["round"]), str(rec.get("job", "")))
        for job, rounds in dict(data.get("published", {})).items():
            for r, pub in dict(rounds).items():
                state.publish(
                    str(job),
                    Publication(int(r), str(pub["pairlist"]), str(pub["inputs"]), [str(f) for f in pub["files"]]),
                )
        for job, rounds in dict(data.get("results", {})).items():
            state.results[str(job)] = {
                int(r): {str(k): str(v) for k, v in dict(res).items()} for r, res in rounds.items()
            }
        state.seeds = {str(k): str(v) for k, v in dict(data.get("seeds", {})).items()}
        return state


def load_state(folder: Path) -> tuple[WatchState, str | None]:
    """The state stored in ``folder`` (a fresh one if there is none) and a problem
    to report if the file was there but unreadable (it is then set aside, not lost:
    it is left in place and overwritten only by the next successful save)."""
    path = folder / STATE_NAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return WatchState(), None
    except OSError as exc:
        return WatchState(), f"cannot read {path}: {exc.strerror or exc}; starting with an empty memory"
    try:
        return WatchState.from_json(text), None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        return WatchState(), f"{path} is damaged ({exc}); starting with an empty memory"


def save_state(folder: Path, state: WatchState) -> bool:
    """Write the state file atomically; ``False`` when it was already up to date.
    Raises :class:`~swissbridge.errors.OutputError` when it cannot be written."""
    return write_atomic(folder / STATE_NAME, state.to_json())
