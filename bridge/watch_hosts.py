"""The two host workflows of ``swissbridge watch``.

**Swiss-Manager** (:class:`SwissManagerHost`): the arbiter exports the tournament
(``Extras → FIDE-Daten-Export TRF16``, or ``Extras → Daten Import/Export`` for
``Spielerdaten`` + ``Spielerauslosung``) into the watched folder. Files are
recognised by their content, not their names. When the last round in an export
is complete, the next round is paired and published; while results are missing
the watcher says which boards it waits for.

**PGN broadcast** (:class:`PgnHost`): the tournament state comes from
``--tournament STATE.trf``, the results from a live PGN feed in the watched folder
(``roundN/games.pgn`` or one file per round; more files, such as the arbiter's
results of unbroadcast boards, may be added). When every board of the open round
has a result, and so has every game of an earlier round that had none (an
adjourned game the tournament file was paired around), the results are recorded,
the next round is paired and the new state and pairing are published. A result
corrected in the feed after the next round was published is reported; it is
recorded with the next results, and the published pairing is never changed
(C.04.2 Art. 4.3: corrections affect only pairings not yet made).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from swissbridge.errors import InputError
from swissbridge.formats._text import listed
from swissbridge.model import Colour, Entry, Result, Tournament
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing
from swissbridge.watch import Fault, HostContext, Outcome, Publish, Wait, WatchConfig
from swissbridge.watch_files import Stable
from swissbridge.watch_render import (
    OutputFile,
    board_numbers,
    final_state_name,
    output_names,
    round_outputs,
)

if TYPE_CHECKING:
    from swissbridge.formats.pgn import PgnGame
    from swissbridge.formats.swissmanager import PairingRow

SHOWN_BOARDS = 12
"""Boards listed in a status line before "and N more"."""


# --------------------------------------------------------------------------------------
# shared by both workflows
# --------------------------------------------------------------------------------------
def digest_of(parts: Iterable[bytes | str]) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def waiting_message(round_no: int, boards: Sequence[int]) -> str:
    """``"round 3: waiting for 3 results: boards 4, 9, 12"``."""
    n = len(boards)
    shown = listed([str(b) for b in boards], SHOWN_BOARDS)
    return f"round {round_no}: waiting for {n} result{'s' if n != 1 else ''}: board{'s' if n != 1 else ''} {shown}"


def first_unfinished_round(t: Tournament, last: int) -> tuple[int, list[tuple[int, int]]] | None:
    """The first of rounds ``1..last`` with games without a result, and those games.
    An adjourned game of an earlier round holds the next pairing too: the watcher
    waits for its result (pairing around it, GHR 3.1, is the arbiter's call)."""
    for r in range(1, last + 1):
        if pending := t.pending_games(r):
            return r, pending
    return None


def incomplete_file(t: Tournament) -> str | None:
    """A TRF whose record 062 announces more players than it holds was cut short
    (a half-copied file that paused longer than the stability interval)."""
    for code, value in t.headers:
        if code == "062":
            head = value.strip().split(" ", 1)[0]
            if head.isdigit() and int(head) > len(t.players):
                return (
                    f"record 062 announces {int(head)} players but the file holds {len(t.players)}: "
                    "the file looks incomplete"
                )
    return None


def with_total_rounds(t: Tournament, rounds: int | None) -> Tournament:
    if rounds is None or t.total_rounds == rounds:
        return t
    return replace(t, total_rounds=rounds)


def pair_next(t: Tournament, job: str, ctx: HostContext) -> RoundPairing:
    """Pair the next round with the configured system (a spinner on a terminal for big fields)."""
    from swissbridge.service import pair_tournament

    r = t.next_round
    if len(t.players) >= 100:
        with ctx.progress.task(f"{job}: pairing round {r} ({len(t.players)} players)"):
            return pair_tournament(t, system=ctx.config.system, round_no=r)
    return pair_tournament(t, system=ctx.config.system, round_no=r)


def pairing_summary(t: Tournament, pairing: RoundPairing) -> str:
    bits = [f"round {pairing.round_no} paired: {len(pairing.boards)} board{'s' if len(pairing.boards) != 1 else ''}"]
    if pairing.bye is not None:
        bits.append(f"bye to {pairing.bye} ({t.player(pairing.bye).name})")
    if pairing.absent:
        bits.append(f"{len(pairing.absent)} not paired")
    return ", ".join(bits)


def decide_next_round(
    job: str,
    t: Tournament,
    inputs: str,
    ctx: HostContext,
    *,
    notes: Sequence[str] = (),
    sm_host_round: int | None = None,
    next_step: str = "waiting for its results",
    boards: Mapping[tuple[int, frozenset[int]], int] | None = None,
) -> Outcome:
    """Pair and render the round after the last completed one of ``t``, or say the
    tournament is over; while a game of any round has no result, wait for it (its
    board numbered as the host numbered it, ``boards`` by round and pair, else in
    the Art. 3.6 order)."""
    done = t.completed_rounds
    unfinished = first_unfinished_round(t, done)
    if unfinished is not None:
        r, pending = unfinished
        numbers = {pair: b for (rr, pair), b in boards.items() if rr == r} if boards else board_numbers(t, r)
        shown = sorted(numbers.get(frozenset(g), 0) for g in pending)
        return Wait(job, waiting_message(r, shown), inputs, tuple(notes))
    if t.total_rounds is not None and done >= t.total_rounds:
        return Wait(job, f"tournament finished after round {done}", inputs, tuple(notes))
    if t.total_rounds is None:
        return Fault(
            job,
            "the number of rounds is not known (the export does not say it): pass --rounds N",
            inputs,
        )
    try:
        pairing = pair_next(t, job, ctx)
    except NoLegalPairing as exc:
        return Fault(
            job,
            f"no legal pairing for round {t.next_round} ({exc}): the Chief Arbiter must decide (C.04.3 1.9.3)",
            inputs,
            kind="pairing",
        )
    except InputError as exc:
        return Fault(job, str(exc) if exc.path else exc.message, inputs)
    try:
        outputs = tuple(round_outputs(job, t, pairing, sm_host_round=sm_host_round))
    except InputError as exc:
        return Fault(job, f"cannot write the pairing of round {pairing.round_no}: {exc}", inputs)
    summary = pairing_summary(t, pairing)
    return Publish(job, pairing.round_no, pairing, outputs, inputs, summary, tuple(notes), next_step)


def published_differs(t: Tournament, round_no: int, pairlist: str) -> str | None:
    """A note when the host's round ``round_no`` is not the pairing the watcher published."""
    ours: set[frozenset[int]] = set()
    for line in pairlist.splitlines()[1:]:
        a, b = (int(x) for x in line.split())
        ours.add(frozenset((a, b)) if b else frozenset((a,)))
    theirs: set[frozenset[int]] = set()
    for p in t.players:
        e = p.entry(round_no)
        if e is None:
            continue
        if e.opponent is not None:
            theirs.add(frozenset((p.start_no, e.opponent)))
        elif e.result is Result.PAB:
            theirs.add(frozenset((p.start_no,)))
    if ours == theirs:
        return None
    changed = sorted(min(g) for g in theirs - ours)
    return (
        f"round {round_no} in the export is not the pairing the watcher published "
        f"(changed in the host for player(s) {', '.join(map(str, changed[:10]))})"
    )


# --------------------------------------------------------------------------------------
# Swiss-Manager
# --------------------------------------------------------------------------------------
_SM_WORDS = re.compile(
    r"(?i)spielerdaten|spielerauslosung|players?|pairings?|auslosung|round\s*\d+|runde\s*\d+|[_\-\s.]+"
)


def _sniff(data: bytes) -> str | None:
    """``trf``, ``sm-players``, ``sm-pairings`` or ``None`` from the first bytes."""
    head = data[:4096].decode("utf-8", "replace").lstrip("\ufeff")
    first = head.split("\n", 1)[0].rstrip("\r")
    if first.startswith("Nr;Name;"):
        return "sm-players"
    if first.startswith("Runde;Brett;"):
        return "sm-pairings"
    for line in re.split(r"\r\n|\r|\n", head):
        if re.match(r"^(001|012|XXR|XXC) ", line):
            return "trf"
    return None


def _sm_stem(path: Path) -> str:
    """The name of an export without the words that say which export it is
    (``"Open Spielerdaten.txt"`` → ``"Open"``), to pair the two files of one tournament."""
    return _SM_WORDS.sub("", path.stem)


def _job_name(stem: str) -> str:
    clean = re.sub(r"[^\w.-]+", "_", stem, flags=re.UNICODE).strip("._")
    return clean or "tournament"


@dataclass(frozen=True, slots=True)
class _SMSet:
    players: Stable | None
    pairings: tuple[Stable, ...]


class SwissManagerHost:
    """Exports of Swiss-Manager in the watched folder (not recursive)."""

    name: str = "swiss-manager"
    recursive: bool = False
    suffixes: tuple[str, ...] = (".txt", ".trf", ".csv")

    def __init__(self, config: WatchConfig) -> None:
        self.config = config

    def extra_inputs(self) -> Sequence[Path]:
        return ()

    def decide(self, files: Mapping[Path, Stable], ctx: HostContext) -> list[Outcome]:
        trf: list[Stable] = []
        players: list[Stable] = []
        pairings: list[Stable] = []
        for path in sorted(files):
            kind = _sniff(files[path].data)
            if kind == "trf":
                trf.append(files[path])
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

        for f in trf:
            job = unique(_job_name(f.path.stem))
            outcomes.append(self._cached(job, [f], ctx, functools.partial(self._decide_trf, job, f, ctx)))
        for sm_set, problem in self._sm_sets(players, pairings):
            base = sm_set.players.path if sm_set.players else sm_set.pairings[0].path
            job = unique(_job_name(_sm_stem(base) or "tournament"))
            if problem:
                outcomes.append(Fault(job, problem, ""))
                continue
            group = [x for x in (sm_set.players, *sm_set.pairings) if x is not None]
            outcomes.append(self._cached(job, group, ctx, functools.partial(self._decide_sm, job, sm_set, ctx)))
        return outcomes

    def _cached(self, job: str, group: Sequence[Stable], ctx: HostContext, decide: Callable[[], Outcome]) -> Outcome:
        """The outcome for unchanged inputs is remembered: nothing is parsed or paired twice."""
        inputs = digest_of([self.config.system, str(self.config.rounds), *(f.signature.digest for f in group)])
        key = f"sm:{job}"
        cached = ctx.memory.get(key)
        if cached is not None and cached[0] == inputs:
            outcome: Outcome = cached[1]
            return outcome
        outcome = decide()
        outcome = _with_inputs(outcome, inputs)
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
        t = with_total_rounds(t, self.config.rounds)
        return self._decide(job, t, ctx, boards=None, host_round=None)

    def _decide_sm(self, job: str, s: _SMSet, ctx: HostContext) -> Outcome:
        from swissbridge.formats.swissmanager import host_round, merge_pairing_rows, parse_pairing_rows, parse_players

        if s.players is None:
            names = ", ".join(p.path.name for p in s.pairings)
            return Wait(job, f"found the pairing export {names}; waiting for the Spielerdaten export beside it", "")
        try:
            sm = parse_players(s.players.data, path=str(s.players.path))
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
                file_rows = parse_pairing_rows(q.data, path=str(q.path))
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
    ) -> Outcome:
        last = t.completed_rounds
        notes: list[str] = []
        if last:
            pub = ctx.state.publication(job, last)
            if pub is not None:
                note = published_differs(t, last, pub.pairlist)
                if note:
                    notes.append(note)
        step = f"import {output_names(job, t.next_round)['sm']} into Swiss-Manager, then export again"
        return decide_next_round(job, t, "", ctx, notes=notes, sm_host_round=host_round, next_step=step, boards=boards)


def _with_inputs(outcome: Outcome, inputs: str) -> Outcome:
    return replace(outcome, inputs=inputs)


# --------------------------------------------------------------------------------------
# PGN broadcast feed
# --------------------------------------------------------------------------------------
_ROUND_IN_PATH = re.compile(r"(?i)(?:round|runde|rd|r)[\s_-]*0*(\d{1,3})(?!\d)")


def round_from_path(rel: Path) -> int | None:
    """``round3/games.pgn``, ``round-03.pgn``, ``R3.pgn`` → 3 (innermost name first)."""
    for part in reversed(rel.parts):
        m = _ROUND_IN_PATH.search(Path(part).stem if part.lower().endswith(".pgn") else part)
        if m:
            return int(m.group(1))
    return None


def pairing_from_pairlist(round_no: int, pairlist: str) -> RoundPairing:
    """The published pairing back from its pair-list form (boards in publication order)."""
    boards: list[Board] = []
    bye: int | None = None
    for line in pairlist.splitlines()[1:]:
        a, b = (int(x) for x in line.split())
        if b == 0:
            bye = a
        else:
            boards.append(Board(a, b))
    return RoundPairing(round_no, tuple(boards), bye)


_TEXT = {Result.WIN: "1-0", Result.LOSS: "0-1", Result.DRAW: "1/2-1/2"}
_FROM_TEXT = {"1-0": (Result.WIN, Result.LOSS), "0-1": (Result.LOSS, Result.WIN), "1/2-1/2": (Result.DRAW, Result.DRAW)}


@dataclass(frozen=True, slots=True)
class _FeedFile:
    path: Path
    round_no: int | None
    """The round its folder or name gives, for games without a ``Round`` tag."""
    games: tuple[PgnGame, ...]


class PgnHost:
    """A live PGN feed in the watched folder (recursive) and a tournament file."""

    name: str = "pgn"
    recursive: bool = True
    suffixes: tuple[str, ...] = (".pgn",)

    def __init__(self, config: WatchConfig) -> None:
        if config.tournament is None:
            raise ValueError("the PGN workflow needs --tournament STATE.trf")
        self.config = config
        self.seed = config.tournament.resolve()
        self.job = _job_name(self.seed.stem)

    def extra_inputs(self) -> Sequence[Path]:
        return [self.seed]

    # -- the working state: the seed, or the latest state the watcher published -------
    def _working(self, seed: Stable, ctx: HostContext) -> tuple[Tournament, list[str]] | Fault:
        from swissbridge.formats.trf import parse_trf
        from swissbridge.watch_files import sha256

        notes: list[str] = []
        pub = ctx.state.latest_publication(self.job)
        if pub is None:
            try:
                t = parse_trf(seed.data, path=str(seed.path))
            except InputError as exc:
                return Fault(self.job, str(exc.located(str(seed.path))), "")
            problem = incomplete_file(t)
            if problem:
                return Fault(self.job, f"{seed.path}: {problem}", "")
            return with_total_rounds(t, self.config.rounds), notes
        name = output_names(self.job, pub.round_no)["trf"]
        path = ctx.out_dir / name
        record = ctx.state.outputs.get(name)
        cached = ctx.memory.get("pgn:working")
        reset = f"delete {ctx.out_dir / '.swissbridge-watch.json'} to start again from {self.seed}"
        try:
            data = path.read_bytes()
        except OSError as exc:
            if cached is not None and cached[0] == pub.round_no:
                notes.append(f"{path} is missing ({exc.strerror or exc}); continuing from memory")
                working: Tournament = cached[1]
                return working, notes
            return Fault(
                self.job,
                f"the watcher's own state {path} cannot be read ({exc.strerror or exc}); restore it, or {reset}",
                "",
            )
        if record is not None and record.digest != sha256(data):
            return Fault(
                self.job,
                f"{path} was changed since the watcher wrote it and is not trusted; put back the watcher's "
                f"version, or {reset}",
                "",
            )
        try:
            t = parse_trf(data, path=str(path))
        except InputError as exc:
            return Fault(self.job, str(exc.located(str(path))), "")
        ctx.memory["pgn:working"] = (pub.round_no, t)
        if ctx.state.seeds.get(self.job) not in (None, seed.signature.digest):
            notes.append(
                f"{seed.path.name} changed after round {pub.round_no} was published; the watcher continues from "
                f"its own state {name}"
            )
        return with_total_rounds(t, self.config.rounds), notes

    def decide(self, files: Mapping[Path, Stable], ctx: HostContext) -> list[Outcome]:
        seed = files.get(self.seed)
        if seed is None:
            return [Wait(self.job, f"waiting for the tournament file {self.seed}", "")]
        feed = {p: s for p, s in files.items() if p != self.seed}
        pub = ctx.state.latest_publication(self.job)
        inputs = digest_of(
            [
                self.config.system,
                str(self.config.rounds),
                seed.signature.digest,
                f"{pub.round_no}:{pub.pairlist}" if pub else "",
                *(f"{p}:{s.signature.digest}" for p, s in sorted(feed.items())),
            ]
        )
        cached = ctx.memory.get("pgn:outcome")
        if cached is not None and cached[0] == inputs:
            outcome: Outcome = cached[1]
            return [outcome]
        outcome = _with_inputs(self._decide(seed, feed, ctx), inputs)
        ctx.memory["pgn:outcome"] = (inputs, outcome)
        return [outcome]

    def _decide(self, seed: Stable, feed: Mapping[Path, Stable], ctx: HostContext) -> Outcome:
        job = self.job
        working = self._working(seed, ctx)
        if isinstance(working, Fault):
            return working
        t, notes = working
        if ctx.state.latest_publication(job) is None:
            ctx.state.seeds[job] = seed.signature.digest
        step = "waiting for its results in the feed"
        last = t.completed_rounds
        if last == 0:
            return decide_next_round(job, t, "", ctx, notes=notes, next_step=step)

        files = self._read_feed(feed, ctx, notes)
        # the open round and every earlier round with a game still without a result
        # (adjourned, or paired around in the tournament file given)
        results: dict[tuple[int, int, int], tuple[Result, Result]] = {}
        waiting: list[tuple[int, list[int]]] = []
        for r in range(1, last + 1):
            if r < last and not t.pending_games(r):
                continue
            found, boards = self._pending_results(t, r, files, ctx, notes)
            results.update(found)
            if boards:
                waiting.append((r, boards))
        corrections = self._corrections(t, last, files, ctx, notes)
        if waiting:
            return Wait(job, waiting_message(*waiting[0]), "", tuple(notes))

        # every game up to the open round has a result: record them with the corrections
        recorded = t
        by_round: dict[int, dict[int, Entry]] = {}
        for (r, w, b), (rw, rb) in [*corrections.items(), *((k, v) for k, v in results.items())]:
            by_round.setdefault(r, {})[w] = Entry(rw, b, Colour.WHITE)
            by_round[r][b] = Entry(rb, w, Colour.BLACK)
        for r, entries in sorted(by_round.items()):
            recorded = recorded.with_round(r, entries)
        if t.total_rounds is not None and last >= t.total_rounds:
            return self._final(recorded, last, tuple(notes))
        outcome = decide_next_round(job, recorded, "", ctx, notes=notes, next_step=step)
        if isinstance(outcome, Publish):
            entered: dict[int, dict[str, str]] = {}
            for (r, w, b), (rw, _rb) in [*corrections.items(), *results.items()]:
                entered.setdefault(r, {})[f"{w}-{b}"] = _TEXT.get(rw, rw.value)
            outcome = replace(outcome, recorded=entered)
        return outcome

    def _final(self, recorded: Tournament, last: int, notes: tuple[str, ...]) -> Outcome:
        from swissbridge.formats.trf import write_trf

        name = final_state_name(self.job, last)
        data = write_trf(recorded, dialect="trf26").encode("utf-8")
        return Wait(
            self.job,
            f"tournament finished after round {last}; final state in {name}",
            "",
            notes,
            (OutputFile(name, data, last + 1),),
        )

    # -- reading the feed -------------------------------------------------------------
    def _read_feed(self, feed: Mapping[Path, Stable], ctx: HostContext, notes: list[str]) -> list[_FeedFile]:
        """Every feed file parsed (a malformed one is reported and left out until it changes)."""
        out: list[_FeedFile] = []
        total = sum(s.signature.size for s in feed.values())
        with ctx.progress.task("reading the PGN feed", total=total) if total > 2 * 1024 * 1024 else _nothing() as step:
            for path, s in sorted(feed.items()):
                parsed = self._parse(path, s, notes)
                if parsed is not None:
                    out.append(parsed)
                step(s.signature.size)
        return out

    def _parse(self, path: Path, s: Stable, notes: list[str]) -> _FeedFile | None:
        from swissbridge.formats.pgn import parse_pgn

        try:
            rel = path.relative_to(self.config.folder)
        except ValueError:
            rel = Path(path.name)
        try:
            games = parse_pgn(s.data, path=str(path))
        except InputError as exc:
            notes.append(f"{exc.located(str(path))} (the file is left out until it changes)")
            return None
        return _FeedFile(path, round_from_path(rel), tuple(games))

    @staticmethod
    def _games_of(files: Sequence[_FeedFile], round_no: int) -> list[PgnGame]:
        """The feed's games of one round: by the ``Round`` tag, else by the file's
        folder or name; a game with neither is tried against the round (it matches
        only if its two players are paired together in it)."""
        out: list[PgnGame] = []
        for f in files:
            for g in f.games:
                tagged, _ = g.round_board
                if tagged == round_no or (tagged is None and f.round_no in (None, round_no)):
                    out.append(g)
        return out

    def _pairing_of(self, t: Tournament, round_no: int, ctx: HostContext) -> RoundPairing | None:
        """The pairing as the watcher published it (its board numbers), if it did."""
        pub = ctx.state.publication(self.job, round_no)
        return pairing_from_pairlist(round_no, pub.pairlist) if pub is not None else None

    def _pending_results(
        self, t: Tournament, round_no: int, files: Sequence[_FeedFile], ctx: HostContext, notes: list[str]
    ) -> tuple[dict[tuple[int, int, int], tuple[Result, Result]], list[int]]:
        """Results the feed gives for the unfinished boards of round ``round_no`` (the
        open round, or an earlier one with an adjourned game), and the boards still
        without one. Games the feed cannot place are reported; results that disagree
        are reported here for the open round, by :meth:`_corrections` for earlier ones."""
        from swissbridge.formats.pgn import read_round_feed

        try:
            feed = read_round_feed(
                self._games_of(files, round_no), t, round_no, pairing=self._pairing_of(t, round_no, ctx)
            )
        except InputError as exc:
            notes.append(str(exc))
            return {}, [i for i, _ in enumerate(t.pending_games(round_no), 1)]
        notes.extend(f"round {round_no}: {u}" for u in feed.unmatched)
        if round_no == t.completed_rounds:
            notes.extend(f"round {round_no}: {c}; the arbiter must settle it" for c in feed.conflicts)
        finished = {bg.board_no: bg.result for bg in feed.finished}
        results: dict[tuple[int, int, int], tuple[Result, Result]] = {}
        waiting: list[int] = []
        for i, board in enumerate(feed.pairing.boards, 1):
            entry = t.player(board.white).entry(round_no)
            if entry is None or entry.result is not Result.PENDING:
                continue
            if i in finished:
                results[(round_no, board.white, board.black)] = _FROM_TEXT[finished[i]]
            else:
                waiting.append(i)
        return results, waiting

    def _corrections(
        self, t: Tournament, last: int, files: Sequence[_FeedFile], ctx: HostContext, notes: list[str]
    ) -> dict[tuple[int, int, int], tuple[Result, Result]]:
        """Results of earlier rounds that the feed now gives differently (C.04.2 4.3:
        they count for pairings not made yet; published pairings stay)."""
        from swissbridge.formats.pgn import read_round_feed

        out: dict[tuple[int, int, int], tuple[Result, Result]] = {}
        for r in range(1, last):
            games = self._games_of(files, r)
            if not games:
                continue
            try:
                feed = read_round_feed(games, t, r, pairing=self._pairing_of(t, r, ctx))
            except InputError:
                continue
            for c in feed.conflicts:
                decided = {g.result for g in c.games if g.result != "*"}
                entry = t.player(c.board.white).entry(r)
                if len(decided) != 1 or entry is None or entry.result not in _TEXT:
                    notes.append(f"round {r}: {c}; the arbiter must settle it")
                    continue
                now = decided.pop()
                out[(r, c.board.white, c.board.black)] = _FROM_TEXT[now]
                white, black = t.player(c.board.white).name, t.player(c.board.black).name
                notes.append(
                    f"round {r} board {c.board_no}: result corrected in the feed: {white} – {black} is now {now}, "
                    f"recorded was {_TEXT[entry.result]}; the pairing of round {r + 1} was made with the old result "
                    "and is not changed; the corrected result is recorded with the next results"
                )
        return out


@contextlib.contextmanager
def _nothing() -> Iterator[Callable[[int], None]]:
    yield lambda n: None
