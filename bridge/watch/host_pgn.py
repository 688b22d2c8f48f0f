"""The PGN broadcast workflow of ``swissbridge watch``.

The tournament state comes from ``--tournament STATE.trf``, the results from a
live PGN feed in the watched folder (``roundN/games.pgn`` or one file per round;
more files, such as the arbiter's results of unbroadcast boards, may be added).
When every board of the open round has a result, and so has every game of an
earlier round that had none (an adjourned game the tournament file was paired
around), the results are recorded, the next round is paired and the new state and
pairing are published. A result corrected in the feed after the next round was
published is reported; it is recorded with the next results, and the published
pairing is never changed (C.04.2 Art. 4.3: corrections affect only pairings not
yet made).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from swissbridge.atomic import read_own
from swissbridge.errors import InputError
from swissbridge.model import Colour, Entry, Result, Tournament
from swissbridge.pairing import Board, RoundPairing
from swissbridge.rules.twogame import event_round, round_columns
from swissbridge.watch.files import Stable, sha256
from swissbridge.watch.hosts import (
    decide_next_round,
    digest_of,
    finished,
    incomplete_file,
    job_name,
    waiting_message,
    with_given,
    with_inputs,
)
from swissbridge.watch.render import output_names
from swissbridge.watch.types import Fault, HostContext, Outcome, Publish, Wait, WatchConfig

if TYPE_CHECKING:
    from swissbridge.formats.pgn import PgnGame, RoundFeed

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
        self.job = job_name(self.seed.stem)

    def extra_inputs(self) -> Sequence[Path]:
        return [self.seed]

    # -- the working state: the seed, or the latest state the watcher published -------
    def _working(self, seed: Stable, ctx: HostContext) -> tuple[Tournament, list[str]] | Fault:
        from swissbridge.formats.trf import parse_trf

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
            return self._given(t, notes)
        name = f"{pub.folder}/{output_names(self.job, pub.round_no)['trf']}"
        path = ctx.out_dir / name
        record = ctx.state.outputs.get(name)
        cached = ctx.memory.get("pgn:working")
        reset = f"delete {ctx.out_dir / '.swissbridge-watch.json'} to start again from {self.seed}"
        try:
            data = read_own(ctx.out_dir, name)
        except OSError as exc:
            if cached is not None and cached[0] == pub.round_no:
                notes.append(f"{path} is missing ({exc.strerror or exc}); continuing from memory")
                working: Tournament = cached[1]
                return self._given(working, notes)
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
        return self._given(t, notes)

    def _given(self, t: Tournament, notes: list[str]) -> tuple[Tournament, list[str]] | Fault:
        given = with_given(self.job, t, self.config)
        return given if isinstance(given, Fault) else (given, notes)

    def decide(self, files: Mapping[Path, Stable], ctx: HostContext) -> list[Outcome]:
        seed = files.get(self.seed)
        if seed is None:
            return [Wait(self.job, f"waiting for the tournament file {self.seed}", "")]
        feed = {p: s for p, s in files.items() if p != self.seed}
        pub = ctx.state.latest_publication(self.job)
        inputs = digest_of(
            [
                self.config.system or "",
                str(self.config.rounds),
                *([str(self.config.initial_colour)] if self.config.initial_colour else []),
                seed.signature.digest,
                f"{pub.round_no}:{pub.pairlist}" if pub else "",
                *(f"{p}:{s.signature.digest}" for p, s in sorted(feed.items())),
            ]
        )
        cached = ctx.memory.get("pgn:outcome")
        if cached is not None and cached[0] == inputs:
            outcome: Outcome = cached[1]
            return [outcome]
        outcome = with_inputs(self._decide(seed, feed, ctx), inputs)
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
            r, boards = waiting[0]
            return Wait(job, waiting_message(event_round(t, r), boards), "", tuple(notes))

        # every game up to the open round has a result: record them with the corrections
        recorded = t
        by_round: dict[int, dict[int, Entry]] = {}
        for (r, w, b), (rw, rb) in [*corrections.items(), *((k, v) for k, v in results.items())]:
            by_round.setdefault(r, {})[w] = Entry(rw, b, Colour.WHITE)
            by_round[r][b] = Entry(rb, w, Colour.BLACK)
        for r, entries in sorted(by_round.items()):
            recorded = recorded.with_round(r, entries)
        if t.total_rounds is not None and last >= t.total_rounds:
            return finished(job, recorded, event_round(t, last), "", notes, ctx)
        outcome = decide_next_round(job, recorded, "", ctx, notes=notes, next_step=step)
        if isinstance(outcome, Publish):
            entered: dict[int, dict[str, str]] = {}
            for (r, w, b), (rw, _rb) in [*corrections.items(), *results.items()]:
                entered.setdefault(r, {})[f"{w}-{b}"] = _TEXT.get(rw, rw.value)
            outcome = replace(outcome, recorded=entered)
        return outcome

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
        warnings: list[str] = []
        try:
            games = parse_pgn(s.data, path=str(path), warnings=warnings)
        except InputError as exc:
            notes.append(f"{exc.located(str(path))} (the file is left out until it changes)")
            return None
        notes.extend(warnings)
        cut = next((g for g in games if g.moves and g.marker is None and g.result != "*"), None)
        if cut is not None:  # a decided result over movetext that stops short: a file still being written
            notes.append(
                f"{path}:{cut.line}: the game's Result tag says {cut.result} but its movetext ends without a "
                "termination marker: the file looks half-written (the file is left out until it changes)"
            )
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
        """The pairing as the watcher published it (its board numbers), if it did; for a
        team event, whose published pairing is of teams, the games of its matches
        (:func:`swissbridge.rules.teams.board_pairing`, boards numbered down the matches)."""
        pub = ctx.state.publication(self.job, round_no)
        if pub is None:
            return None
        pairing = pairing_from_pairlist(round_no, pub.pairlist)
        if t.team_event:
            from swissbridge.rules.teams import board_pairing

            return board_pairing(t, pairing)
        return pairing

    def _feed(self, t: Tournament, column: int, files: Sequence[_FeedFile], ctx: HostContext) -> RoundFeed:
        """The feed of round column ``column`` matched to its pairing as published; a game
        of a Double-Swiss match (C.04.5): the games of the match's round told apart by
        their ``Game`` tag or colours (:func:`~swissbridge.formats.pgn.read_match_feed`)."""
        from swissbridge.formats.pgn import read_match_feed, read_round_feed

        if t.points.games == 1:
            return read_round_feed(self._games_of(files, column), t, column, pairing=self._pairing_of(t, column, ctx))
        match = event_round(t, column)
        return read_match_feed(self._games_of(files, match), t, match)[column - round_columns(t, match)[0]]

    def _pending_results(
        self, t: Tournament, round_no: int, files: Sequence[_FeedFile], ctx: HostContext, notes: list[str]
    ) -> tuple[dict[tuple[int, int, int], tuple[Result, Result]], list[int]]:
        """Results the feed gives for the unfinished boards of round ``round_no`` (the
        open round, or an earlier one with an adjourned game), and the boards still
        without one. Games the feed cannot place are reported; results that disagree
        are reported here for the open round, by :meth:`_corrections` for earlier ones."""
        try:
            feed = self._feed(t, round_no, files, ctx)
        except InputError as exc:
            notes.append(str(exc))
            return {}, [i for i, _ in enumerate(t.pending_games(round_no), 1)]
        notes.extend(f"round {round_no}: {u}" for u in feed.unmatched)
        if round_no == t.completed_rounds:
            notes.extend(f"round {round_no}: {c}; the arbiter must settle it" for c in feed.conflicts)
        finished = {bg.board_no: bg.result for bg in feed.finished}
        results: dict[tuple[int, int, int], tuple[Result, Result]] = {}
        waiting: list[int] = []
        for i, board in feed.pairing.numbered():
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
        out: dict[tuple[int, int, int], tuple[Result, Result]] = {}
        for r in range(1, last):
            if not self._games_of(files, event_round(t, r)):
                continue
            try:
                feed = self._feed(t, r, files, ctx)
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
