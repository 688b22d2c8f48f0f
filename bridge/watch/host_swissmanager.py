"""The Swiss-Manager workflow of ``swissbridge watch``.

Swiss-Manager's own tournament file (``.TUNX``, saved into the watched folder,
rewritten in place at every save) needs no export at all; otherwise the arbiter
exports the tournament (``Extras → FIDE-Daten-Export TRF16``, or ``Extras → Daten
Import/Export`` for ``Spielerdaten`` + ``Spielerauslosung``) into the watched
folder. Files are recognised by their content, not their names. When
the last round in an export is complete, the next round is paired and published;
while results are missing the watcher says which boards it waits for.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from swissbridge.errors import InputError
from swissbridge.formats.detect import sniff
from swissbridge.model import Tournament
from swissbridge.watch.files import Stable
from swissbridge.watch.hosts import (
    decide_next_round,
    digest_of,
    incomplete_file,
    job_name,
    published_differs,
    with_given,
    with_inputs,
)
from swissbridge.watch.render import output_names
from swissbridge.watch.types import Fault, HostContext, Outcome, Wait, WatchConfig

if TYPE_CHECKING:
    from swissbridge.formats.swissmanager import PairingRow

_SM_WORDS = re.compile(
    r"(?i)spielerdaten|spielerauslosung|players?|pairings?|auslosung|round\s*\d+|runde\s*\d+|[_\-\s.]+"
)


def _sm_stem(path: Path) -> str:
    """The name of an export without the words that say which export it is
    (``"Open Spielerdaten.txt"`` → ``"Open"``), to pair the two files of one tournament."""
    return _SM_WORDS.sub("", path.stem)


@dataclass(frozen=True, slots=True)
class _SMSet:
    players: Stable | None
    pairings: tuple[Stable, ...]


class SwissManagerHost:
    """Exports of Swiss-Manager in the watched folder (not recursive)."""

    name: str = "swiss-manager"
    recursive: bool = False
    suffixes: tuple[str, ...] = (".txt", ".trf", ".csv", ".tunx")

    def __init__(self, config: WatchConfig) -> None:
        self.config = config

    def extra_inputs(self) -> Sequence[Path]:
        return ()

    def decide(self, files: Mapping[Path, Stable], ctx: HostContext) -> list[Outcome]:
        tunx: list[Stable] = []
        trf: list[Stable] = []
        players: list[Stable] = []
        pairings: list[Stable] = []
        for path in sorted(files):
            kind = sniff(files[path].data[:4096])  # the table of formats' sniffing (formats.detect)
            if kind == "tunx":
                tunx.append(files[path])
            elif kind == "trf" or (kind is None and path.suffix.lower() == ".trf"):
                trf.append(files[path])  # a .trf that is not TRF text: the reader says where and why
            elif kind == "sm-players":
                players.append(files[path])
            elif kind == "sm-pairings":
                pairings.append(files[path])
        outcomes: list[Outcome] = []
        used: set[str] = set()

        def unique(name: str) -> str:
            base, n = name, 2
            while name in used:
                name, n = f"{base}-{n}", n + 1
            used.add(name)
            return name

        for f in tunx:
            job = unique(job_name(f.path.stem))
            outcomes.append(self._cached(job, [f], ctx, functools.partial(self._decide_tunx, job, f, ctx)))
        for f in trf:
            job = unique(job_name(f.path.stem))
            outcomes.append(self._cached(job, [f], ctx, functools.partial(self._decide_trf, job, f, ctx)))
        for sm_set, problem in self._sm_sets(players, pairings):
            base = sm_set.players.path if sm_set.players else sm_set.pairings[0].path
            job = unique(job_name(_sm_stem(base) or "tournament"))
            if problem:
                outcomes.append(Fault(job, problem, ""))
                continue
            group = [x for x in (sm_set.players, *sm_set.pairings) if x is not None]
            outcomes.append(self._cached(job, group, ctx, functools.partial(self._decide_sm, job, sm_set, ctx)))
        return outcomes

    def _cached(self, job: str, group: Sequence[Stable], ctx: HostContext, decide: Callable[[], Outcome]) -> Outcome:
        """The outcome for unchanged inputs is remembered: nothing is parsed or paired twice."""
        given = [str(self.config.initial_colour)] if self.config.initial_colour else []
        given += [f"encoding={self.config.encoding}"] if self.config.encoding else []
        inputs = digest_of(
            [self.config.system or "", str(self.config.rounds), *given, *(f.signature.digest for f in group)]
        )
        key = f"sm:{job}"
        cached = ctx.memory.get(key)
        if cached is not None and cached[0] == inputs:
            outcome: Outcome = cached[1]
            return outcome
        outcome = decide()
        outcome = with_inputs(outcome, inputs)
        ctx.memory[key] = (inputs, outcome)
        return outcome

    @staticmethod
    def _sm_sets(players: list[Stable], pairings: list[Stable]) -> list[tuple[_SMSet, str | None]]:
        """Group the text exports: one ``Spielerdaten`` with the ``Spielerauslosung``
        files taken with it (matched by name when there are several tournaments)."""
        if not players and not pairings:
            return []
        if len(players) <= 1:
            return [(_SMSet(players[0] if players else None, tuple(pairings)), None)]
        by_stem: dict[str, _SMSet] = {}
        for p in players:
            by_stem[_sm_stem(p.path).casefold()] = _SMSet(p, ())
        out: list[tuple[_SMSet, str | None]] = []
        for q in pairings:
            stem = _sm_stem(q.path).casefold()
            if stem in by_stem:
                s = by_stem[stem]
                by_stem[stem] = _SMSet(s.players, (*s.pairings, q))
            else:
                out.append(
                    (
                        _SMSet(None, (q,)),
                        f"{q.path.name}: cannot tell which of the {len(players)} Spielerdaten exports it belongs "
                        "to; give the two files of one tournament the same name apart from the words "
                        "Spielerdaten/Spielerauslosung",
                    )
                )
        out.extend((s, None) for s in by_stem.values())
        return out

    def _decide_trf(self, job: str, f: Stable, ctx: HostContext) -> Outcome:
        from swissbridge.formats.trf import parse_trf

        try:
            t = parse_trf(f.data, path=str(f.path))
        except InputError as exc:
            return Fault(job, str(exc.located(str(f.path))), "")
        problem = incomplete_file(t)
        if problem:
            return Fault(job, f"{f.path}: {problem}", "")
        return self._decide(job, t, ctx, boards=None, host_round=None, source=f.path)

    def _decide_tunx(self, job: str, f: Stable, ctx: HostContext) -> Outcome:
        """Swiss-Manager's own file: the rounds it holds are the host's, numbered
        as it numbered the boards; a round robin or a team event is not paired."""
        from swissbridge.formats.tunx import board_numbers, read_layout, tournament_of
        from swissbridge.systems import choose_system

        try:
            layout = read_layout(f.data, path=str(f.path))
            t = tournament_of(layout, path=str(f.path))
            if t.team_event:  # the file's teams, players and rounds are not read (formats/tunx.py)
                raise InputError(
                    "a Swiss-Manager team tournament: its own file is not read (docs/team.md); export it as "
                    "TRF (Extras → FIDE-Daten-Export) into the watched folder instead"
                )
            choose_system(t, self.config.system)  # refused here, in the file's name, when the system cannot pair it
        except InputError as exc:
            return Fault(job, str(exc.located(str(f.path))), "")
        return self._decide(
            job, t, ctx, boards=board_numbers(layout), host_round=layout.settings.paired_rounds, again="save it again"
        )

    def _decide_sm(self, job: str, s: _SMSet, ctx: HostContext) -> Outcome:
        from swissbridge.formats.swissmanager import host_round, merge_pairing_rows, parse_pairing_rows, parse_players

        if s.players is None:
            names = ", ".join(p.path.name for p in s.pairings)
            return Wait(job, f"found the pairing export {names}; waiting for the Spielerdaten export beside it", "")
        try:
            sm = parse_players(s.players.data, path=str(s.players.path), encoding=self.config.encoding)
            t = Tournament(players=sm.players, name=job, total_rounds=self.config.rounds)
            if not s.pairings:
                scored = [p for p in sm.players if p.stated_points]
                if scored:
                    return Wait(
                        job,
                        f"{s.players.path.name} shows points but there is no Spielerauslosung export beside it; "
                        "waiting for it",
                        "",
                    )
                return self._decide(job, t, ctx, boards={}, host_round=0)
            rows_by_round: dict[int, list[PairingRow]] = {}
            # later exports (by modification time) replace the rounds of earlier ones
            for q in sorted(s.pairings, key=lambda q: (q.signature.mtime_ns, q.path.name)):
                file_rows = parse_pairing_rows(q.data, path=str(q.path), encoding=self.config.encoding)
                for r in sorted({row.round_no for row in file_rows}):
                    rows_by_round[r] = [row for row in file_rows if row.round_no == r]
            rows = [row for r in sorted(rows_by_round) for row in rows_by_round[r]]
            where = str(s.pairings[0].path) if len(s.pairings) == 1 else None
            t = merge_pairing_rows(t, rows, path=where, infer_byes=True)
        except InputError as exc:
            return Fault(job, str(exc), "")
        boards: dict[tuple[int, frozenset[int]], int] = {}
        for row in rows:
            if row.black is not None:
                boards[(row.round_no, frozenset((row.white, row.black)))] = row.board
        return self._decide(job, t, ctx, boards=boards, host_round=host_round(rows))

    def _decide(
        self,
        job: str,
        t: Tournament,
        ctx: HostContext,
        *,
        boards: Mapping[tuple[int, frozenset[int]], int] | None,
        host_round: int | None,
        again: str = "export again",
        source: Path | None = None,
    ) -> Outcome:
        given = with_given(job, t, self.config)
        if isinstance(given, Fault):
            return given
        t = given
        last = t.completed_rounds
        notes: list[str] = []
        if last:
            pub = ctx.state.publication(job, last)
            if pub is not None:
                note = published_differs(t, last, pub.pairlist)
                if note:
                    notes.append(note)
        names = output_names(job, t.next_round)
        step = f"import {names['sm']} into Swiss-Manager, then {again}"
        if source is not None:  # a TRF: Swiss-Manager's export, or a file kept with swissbridge alone
            step += (
                f"; with no Swiss-Manager, write the round into {source.name}: swissbridge pair {source.name} "
                "--in-place (this pairing)"
            )
        if t.team_event:  # no import file (watch.render): the round's games are in the TRF
            step = f"waiting for its results (the round's games are in {names['trf']})"
        return decide_next_round(job, t, "", ctx, notes=notes, sm_host_round=host_round, next_step=step, boards=boards)
