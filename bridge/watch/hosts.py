"""What the two host workflows of ``swissbridge watch`` share: pairing and
rendering the next round, waiting for unfinished games, naming a tournament and
telling when the host changed a published pairing."""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from swissbridge.errors import InputError, SwissbridgeError
from swissbridge.messages import listed
from swissbridge.model import Result, Tournament
from swissbridge.pairing import NoLegalPairing, RoundPairing
from swissbridge.rules.twogame import event_round, round_columns
from swissbridge.watch.render import board_numbers, final_state, round_outputs, team_board_numbers
from swissbridge.watch.types import Fault, HostContext, Outcome, Publish, Wait, WatchConfig

_log = logging.getLogger("swissbridge.watch")

SHOWN_BOARDS = 12
"""Boards listed in a status line before "and N more"."""


def digest_of(parts: Iterable[bytes | str]) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def waiting_message(round_no: int, boards: Sequence[int | str]) -> str:
    """``"round 3: waiting for 3 results: boards 4, 9, 12"`` (a team event's boards as
    ``match.board``, ``2.3``: :func:`~swissbridge.watch.render.team_board_numbers`)."""
    n = len(boards)
    shown = listed([str(b) for b in boards], SHOWN_BOARDS)
    return f"round {round_no}: waiting for {n} result{'s' if n != 1 else ''}: board{'s' if n != 1 else ''} {shown}"


def first_unfinished_round(t: Tournament, last: int) -> tuple[int, list[tuple[int, tuple[int, int]]]] | None:
    """The first of the event's rounds up to round column ``last`` with games without a
    result, and those games (round column, (White, Black)). A round of two-game matches
    (C.04.5) is complete only when both games of every match have a result: a game of
    either column holds it (:func:`~swissbridge.rules.twogame.round_columns`). An
    adjourned game of an earlier round holds the next pairing too: the watcher waits for
    its result (pairing around it, GHR 3.1, is the arbiter's call)."""
    for r in range(1, event_round(t, last) + 1):
        if pending := [(column, game) for column in round_columns(t, r) for game in t.pending_games(column)]:
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


def with_given(job: str, t: Tournament, config: WatchConfig) -> Tournament | Fault:
    """``t`` with the command line's settings (``--system``, ``--rounds``,
    ``--initial-colour``) applied as ``pair`` applies them
    (:func:`swissbridge.systems.settings.apply_settings`): the same warnings, logged, and the
    same refusals, as a fault; record 192 then names the system it is paired with."""
    from swissbridge.systems.settings import apply_settings

    try:
        applied = apply_settings(t, config.settings)
    except SwissbridgeError as exc:
        return Fault(job, str(exc), "")
    for warning in applied.warnings:
        _log.warning("%s: %s", job, warning)
    return applied.tournament


def pair_next(t: Tournament, job: str, ctx: HostContext) -> RoundPairing:
    """Pair the next round of ``t`` (the settings given, :func:`with_given`) with the
    system record 192 now names (a spinner on a terminal for big fields)."""
    from swissbridge.systems import choose_system
    from swissbridge.systems.service import pair_tournament

    system = choose_system(t, ctx.config.system).system
    r = event_round(t, t.next_round)  # a Double-Swiss round is a match (C.04.5)
    if len(t.players) >= 100:
        with ctx.progress.task(f"{job}: pairing round {r} ({len(t.players)} players)"):
            return pair_tournament(t, system=system, round_no=r)
    return pair_tournament(t, system=system, round_no=r)


def pairing_summary(t: Tournament, pairing: RoundPairing) -> str:
    """``"round 3 paired: 10 boards, bye to 21 (Name)"``; for a team event, whose pairing
    is of teams, ``"round 3 paired: 5 matches, bye to team 11 (Name)"``."""
    n = len(pairing.boards)
    if t.teams is not None and t.team_event:
        bits = [f"round {pairing.round_no} paired: {n} match{'es' if n != 1 else ''}"]
        if pairing.bye is not None:
            bits.append(f"bye to team {pairing.bye} ({t.teams.team(pairing.bye).name})")
        if pairing.absent:
            bits.append(f"{len(pairing.absent)} team{'s' if len(pairing.absent) != 1 else ''} not paired")
        return ", ".join(bits)
    bits = [f"round {pairing.round_no} paired: {n} board{'s' if n != 1 else ''}"]
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
    the Art. 3.6 order; a team event's as ``match.board``, the matches in the order the
    watcher published them, else by White's start number, ``#12``, in an accelerated
    event paired before the watcher started: :func:`~swissbridge.rules.teams.round_boards`)."""
    done = t.completed_rounds
    unfinished = first_unfinished_round(t, done)
    if unfinished is not None:
        r, pending = unfinished
        if t.team_event:
            pub = ctx.state.publication(job, r)
            try:
                labels = team_board_numbers(t, r, pub.pairlist if pub is not None else None)
                named = [f"{m}.{b}" for m, b in sorted(labels.get(frozenset(g), (0, 0)) for _, g in pending)]
            except InputError:  # an accelerated event paired before the watcher started: no order known
                named = [f"#{w}" for w, _ in sorted(g for _, g in pending)]
            return Wait(job, waiting_message(r, named), inputs, tuple(notes))
        first = round_columns(t, r)[0]  # a match's boards are its first game's
        numbers = {pair: b for (rr, pair), b in boards.items() if rr == first} if boards else board_numbers(t, first)
        if t.points.games == 1:
            shown: list[int | str] = sorted(numbers.get(frozenset(g), 0) for _, g in pending)
        else:
            held = sorted((numbers.get(frozenset(g), 0), column - first + 1) for column, g in pending)
            shown = [f"{b} (game {game})" for b, game in held]
        return Wait(job, waiting_message(r, shown), inputs, tuple(notes))
    if t.total_rounds is not None and done >= t.total_rounds:
        return finished(job, t, event_round(t, done), inputs, notes, ctx)
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
            f"no legal pairing for round {event_round(t, t.next_round)} ({exc}): the Chief Arbiter must decide "
            "(C.04.3 1.9.3)",
            inputs,
            kind="pairing",
        )
    except InputError as exc:
        return Fault(job, str(exc) if exc.path else exc.message, inputs)
    try:
        outputs = round_outputs(job, t, pairing, sm_host_round=sm_host_round, linked=published_rounds(job, ctx))
    except InputError as exc:
        return Fault(job, f"cannot write the pairing of round {pairing.round_no}: {exc}", inputs)
    summary = pairing_summary(t, pairing)
    return Publish(job, pairing.round_no, pairing, outputs, inputs, summary, tuple(notes), next_step)


def published_rounds(job: str, ctx: HostContext) -> frozenset[int]:
    """The rounds of ``job`` whose folders the watcher published (its memory): the only
    ones a page may link to — rounds paired before the watcher started have none."""
    return frozenset(ctx.state.published.get(job, {}))


def finished(job: str, t: Tournament, last: int, inputs: str, notes: Sequence[str], ctx: HostContext) -> Wait:
    """Every game of the last round has its result: the final standings and crosstable
    are published (``P-R{last}-final``, :func:`swissbridge.watch.render.final_state`),
    with the tournament as TRF-2026."""
    from swissbridge.formats.trf import write_trf

    final = final_state(job, last, write_trf(t, dialect="trf26").encode("utf-8"), t, published_rounds(job, ctx))
    return Wait(
        job,
        f"tournament finished after round {last}: final standings in {final.folder}/index.html, "
        f"final state in {final.folder}/{final.folder}.trf",
        inputs,
        tuple(notes),
        final,
    )


def published_differs(t: Tournament, round_no: int, pairlist: str) -> str | None:
    """A note when the host's round ``round_no`` is not the pairing the watcher published
    (for a team event, whose published pairing is of teams, the matches the members'
    games make: :func:`swissbridge.rules.teams.played_team_pairing`)."""
    ours: set[frozenset[int]] = set()
    for line in pairlist.splitlines()[1:]:
        a, b = (int(x) for x in line.split())
        ours.add(frozenset((a, b)) if b else frozenset((a,)))
    theirs: set[frozenset[int]] = set()
    who = "player(s)"
    if t.team_event:
        from swissbridge.rules.teams import played_team_pairing

        played, _ = played_team_pairing(t, round_no)
        theirs = {frozenset(b.players()) for b in played.boards}
        theirs |= {frozenset((played.bye,))} if played.bye is not None else set()
        who = "team(s)"
    else:
        for p in t.players:
            e = p.entry(round_no)
            if e is None:
                continue
            if e.opponent is not None:
                theirs.add(frozenset((p.start_no, e.opponent)))
            elif e.result is Result.PAB:
                theirs.add(frozenset((p.start_no,)))
    if ours == theirs or (not t.team_event and _renumbered(t, round_no, theirs) == ours):
        return None
    changed = sorted(min(g) for g in theirs - ours)
    return (
        f"round {round_no} in the export is not the pairing the watcher published "
        f"(changed in the host for {who} {', '.join(map(str, changed[:10]))})"
    )


def _renumbered(t: Tournament, round_no: int, pairs: set[frozenset[int]]) -> set[frozenset[int]]:
    """``pairs`` (the file's round ``round_no``) in the numbers the players had when the
    round was paired: without the late entries made since (a player entered as missing
    every round up to ``round_no``), whose place in the initial order moved the players
    below them down one number (C.04.2 Art. 2.4; :func:`swissbridge.event.players.add_player`)."""
    late = {
        p.start_no
        for p in t.players
        if all((e := p.entry(r)) is not None and not e.paired for r in range(1, round_no + 1))
    }
    then = {p.start_no: k for k, p in enumerate((p for p in t.players if p.start_no not in late), 1)}
    return {frozenset(then[n] for n in g) for g in pairs if all(n in then for n in g)}


def job_name(stem: str) -> str:
    """The name of a tournament ("job") and the prefix of its output files, from an
    input file's name: letters, digits, ``.``, ``-`` and ``_`` only."""
    clean = re.sub(r"[^\w.-]+", "_", stem, flags=re.UNICODE).strip("._")
    return clean or "tournament"


def with_inputs(outcome: Outcome, inputs: str) -> Outcome:
    """``outcome`` marked as decided from the inputs with digest ``inputs``."""
    return replace(outcome, inputs=inputs)
