"""Checking a tournament against a pairing system: every round is paired again from
the history before it, with that round's absences, and compared with the pairing
that was actually published (C.04.1: the pairing must be reproducible, so that the
arbiter can explain it).

The replay of round R sees

* the results of rounds ``1..R-1`` exactly as the file records them;
* in round R's column only the players who were *not paired* that round: a
  half-, full- or zero-point bye or an absence (``0000 - H/F/Z``), or no entry
  at all (a line that stops early counts as absent in a completed round);
* the organiser's settings (total rounds, initial colour, point system,
  acceleration, forbidden pairs, byes announced with record 240).

The pairing "actually played" is the scheduled one: a forfeit counts as the
pairing the arbiter published, with the colours written for it.

Files written by engines' generators (and the corpus) state neither the number
of rounds nor the initial colour. The number of rounds then defaults to the
rounds in the file, and the initial colour is inferred from the earliest round
with colours, as the reference engine does
(:func:`swissbridge.rules.history.infer_initial_colour`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from swissbridge.errors import InputError
from swissbridge.model import Colour, Tournament, format_points
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing
from swissbridge.plugins import PairingSystem, resolve
from swissbridge.plugins.document import colour_letters
from swissbridge.rules.history import (
    adjourned_note,
    before_round,
    initial_colour,
    played_pairing,
    round_byes,
    uncoloured_boards,
)
from swissbridge.state import RoundState, build_state
from swissbridge.systems import DEFAULT, refuse

__all__ = [
    "BoardDiff",
    "CheckReport",
    "RoundCheck",
    "check_file",
    "check_tournament",
    "compare_round",
    "prepare_for_replay",
]


# -- preparing the file --------------------------------------------------------------------------


def prepare_for_replay(tournament: Tournament, *, total_rounds: int | None = None) -> Tournament:
    """The tournament with what a replay needs filled in: the total number of rounds
    (``total_rounds``, else the file's own, else the rounds in the file) and the
    initial colour (stated, else inferred from the file)."""
    rounds = total_rounds or tournament.total_rounds or tournament.rounds_in_file
    colour = initial_colour(tournament)
    if rounds == tournament.total_rounds and colour is tournament.initial_colour:
        return tournament
    return replace(tournament, total_rounds=rounds, initial_colour=colour)


# -- comparing one round -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardDiff:
    """One board of the expected pairing that was not played as expected (or the bye).

    ``board`` is the expected board number (1-based), ``None`` for the bye.
    ``difference`` is ``"different opponent"``, ``"colour flipped"`` or
    ``"bye differs"``; ``criterion`` names the first rule that separates the two
    pairings when it can be determined, else the facts that explain the expected one.
    """

    board: int | None
    expected: str
    played: str
    difference: str
    criterion: str = ""
    players: tuple[int, ...] = ()
    """The start numbers concerned (the expected board's players, or the bye)."""


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """The verdict on one round."""

    round_no: int
    played: RoundPairing
    expected: RoundPairing | None
    diffs: tuple[BoardDiff, ...] = ()
    error: str = ""
    """Set when the system could not pair the round at all."""
    notes: tuple[str, ...] = ()
    """Round-level observations (for example a criterion the system reported)."""
    unit: str = "board"
    """What a row of :attr:`diffs` is: a ``board``, or a team event's ``match``."""

    @property
    def ok(self) -> bool:
        return not self.error and not self.diffs


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The verdict on a whole tournament."""

    system: str
    rounds: tuple[RoundCheck, ...]
    total_rounds: int | None = None
    initial_colour: Colour | None = None
    initial_colour_inferred: bool = False
    names: Mapping[int, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.rounds)

    @property
    def first_difference(self) -> RoundCheck | None:
        return next((r for r in self.rounds if not r.ok), None)

    def render(self) -> str:
        """The report for people: one line per matching round, a table per other."""
        head = f"check with the {self.system} system"
        facts = []
        if self.total_rounds:
            facts.append(f"{self.total_rounds} rounds")
        if self.initial_colour is not None:
            how = " (inferred from the file)" if self.initial_colour_inferred else ""
            facts.append(f"initial colour {self.initial_colour}{how}")
        lines = [head + (": " + ", ".join(facts) if facts else "")]
        for rc in self.rounds:
            lines.extend(_render_round(rc))
        bad = [rc.round_no for rc in self.rounds if not rc.ok]
        if bad:
            lines.append(f"{len(bad)} of {len(self.rounds)} rounds differ: {', '.join(map(str, bad))}")
        elif not self.rounds:  # not a failure (exit 0): a cron job run before round 1 has nothing to report
            lines.append("nothing to check yet: no round has been paired")
        else:
            lines.append(f"all {len(self.rounds)} rounds ok")
        return "\n".join(lines) + "\n"


def _render_round(rc: RoundCheck) -> list[str]:
    if rc.ok:
        return [f"round {rc.round_no}: ok", *(f"  note: {note}" for note in rc.notes)]
    if rc.error:
        return [f"round {rc.round_no}: DIFFERS — {rc.error}"]
    n_boards = len(rc.expected.boards) if rc.expected is not None else 0
    n = sum(1 for d in rc.diffs if d.board is not None)
    what = f"{n} of {n_boards} {rc.unit}{'es' if rc.unit == 'match' else 's'} differ" if n else "the bye differs"
    lines = [f"round {rc.round_no}: DIFFERS — {what}"]
    rows = [("Bd" if rc.unit == "board" else "Match", "expected", "played", "difference")]
    for diff in rc.diffs:
        rows.append((str(diff.board) if diff.board is not None else "-", diff.expected, diff.played, diff.difference))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for i, (a, b, c, d) in enumerate(rows):
        lines.append(f"  {a:>{widths[0]}}  {b:<{widths[1]}}  {c:<{widths[2]}}  {d}")
        if i and rc.diffs[i - 1].criterion:
            lines.append(f"  {'':>{widths[0]}}  {'':<{widths[1]}}  {'':<{widths[2]}}  ({rc.diffs[i - 1].criterion})")
    lines.extend(f"  note: {note}" for note in rc.notes)
    return lines


def _board_text(board: Board | None, bye: int | None = None) -> str:
    if board is not None:
        return f"{board.white} - {board.black}"
    return f"{bye} bye"


def _placement(pairing: RoundPairing, n: int) -> str:
    """How player ``n`` appears in ``pairing``: their board, the bye, or absent."""
    for b in pairing.boards:
        if n in (b.white, b.black):
            return _board_text(b)
    if pairing.bye == n:
        return f"{n} bye"
    if n in pairing.absent:
        return f"{n} not paired"
    return f"{n} missing"


def _colour_text(state: RoundState, n: int) -> str:
    """A player's played colours (GHR 3.4: unplayed rounds left out) and colour
    difference; what the system makes of them is in its colour rule."""
    ps = state.players.get(n)
    if ps is None:
        return f"{n}: no history"
    history = colour_letters(ps.colours)
    if not history:
        return f"{n}: no game played yet"
    return f"{n}: colours {history} (difference {ps.colour_difference:+d})"


def _scores(state: RoundState, board: Board) -> str:
    """``"3.5-2.5"``: the pairing scores of a board's players before the round."""
    parts = []
    for n in board.players():
        ps = state.players.get(n)
        parts.append(format_points(ps.pairing_score) if ps is not None else "?")
    return "-".join(parts)


def _absolute_violation(state: RoundState, a: int, b: int) -> str:
    """The rule of every system a played board breaks, if any (C.04.1: no rematch,
    [C1] in the Dutch text; forbidden pairs, record 260)."""
    pa, pb = state.players.get(a), state.players.get(b)
    if pa is None or pb is None:
        return ""
    if b in pa.opponents:
        return f"[C1]: {a} and {b} have already played each other"
    if state.forbidden.forbids(a, b):
        return f"[C1]: the organiser forbids {a} - {b}"
    return ""


def _pab_violation(state: RoundState, n: int) -> str:
    """C.04.1 Art. 4 / C.04.3 [C2]: the played PAB went to an ineligible player."""
    ps = state.players.get(n)
    if ps is not None and not ps.pab_eligible:
        return f"[C2]: {n} may not receive the pairing-allocated bye (already had it, or a win without playing)"
    return ""


def compare_round(
    expected: RoundPairing,
    played: RoundPairing,
    *,
    state: RoundState | None = None,
    uncoloured: frozenset[frozenset[int]] = frozenset(),
    colour_rules: Mapping[frozenset[int], str] | None = None,
) -> tuple[BoardDiff, ...]:
    """The boards of ``expected`` that ``played`` does not reproduce, in expected
    board order, and a difference of the PAB. A board whose played colours are
    unknown (a forfeit written without colours) matches on the opponents alone.

    With the ``state`` before the round, each difference names what separates the
    two: an absolute criterion the played pairing breaks ([C1] rematch or forbidden
    pair, [C3] colours, [C2] bye), else the scores (floats) of the boards; for a
    colour flip the rule the system applied (``colour_rules``, by pair) and both
    players' colour preferences."""
    where: dict[int, tuple[int, Colour | None]] = {}
    for b in played.boards:
        where[b.white] = (b.black, Colour.WHITE)
        where[b.black] = (b.white, Colour.BLACK)
    diffs: list[BoardDiff] = []
    for i, b in enumerate(expected.boards, 1):
        got = where.get(b.white)
        if got is not None and got[0] == b.black:
            if got[1] is Colour.WHITE or frozenset(b.players()) in uncoloured:
                continue
            facts = []
            rule = (colour_rules or {}).get(frozenset(b.players()))
            if rule:
                facts.append(f"the system's colour rule: {rule}")
            if state is not None:
                facts.extend(_colour_text(state, n) for n in (b.white, b.black))
            criterion = "; ".join(facts)
            diffs.append(
                BoardDiff(
                    board=i,
                    expected=_board_text(b),
                    played=_placement(played, b.white),
                    difference="colour flipped",
                    criterion=criterion,
                    players=(b.white, b.black),
                )
            )
            continue
        shown = [_placement(played, b.white)]
        other = _placement(played, b.black)
        if other not in shown:
            shown.append(other)
        criterion = ""
        if state is not None:
            found = []
            for text in shown:
                pb = next((x for x in played.boards if _board_text(x) == text), None)
                if pb is not None and (v := _absolute_violation(state, pb.white, pb.black)):
                    found.append(f"played {text} breaks {v}")
                elif text.endswith(" bye") and (v := _pab_violation(state, int(text.split()[0]))):
                    found.append(f"played bye breaks {v}")
            if not found:
                played_boards = [x for x in played.boards if _board_text(x) in shown]
                found.append(
                    f"scores: expected {_scores(state, b)}; played "
                    + ", ".join(f"{_board_text(x)} {_scores(state, x)}" for x in played_boards)
                    + (" (a bye instead)" if len(played_boards) < len(shown) else "")
                )
            criterion = "; ".join(found)
        diffs.append(
            BoardDiff(
                board=i,
                expected=_board_text(b),
                played=", ".join(shown),
                difference="different opponent",
                criterion=criterion,
                players=(b.white, b.black),
            )
        )
    if expected.bye != played.bye:
        if expected.bye is not None:
            shown_bye = _placement(played, expected.bye)
            if played.bye is not None:
                shown_bye += f"; {played.bye} bye"
            who = expected.bye
        else:
            shown_bye = f"{played.bye} bye"
            who = played.bye if played.bye is not None else 0
        criterion = ""
        if state is not None and played.bye is not None:
            criterion = _pab_violation(state, played.bye)
            if not criterion and expected.bye is None:
                criterion = "the system pairs every present player: no bye is due"
        diffs.append(
            BoardDiff(
                board=None,
                expected=_board_text(None, expected.bye) if expected.bye is not None else "no bye",
                played=shown_bye,
                difference="bye differs",
                criterion=criterion,
                players=(who,),
            )
        )
    return tuple(diffs)


# -- the whole tournament ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Unit:
    """What a round of the event is in the file, for the one replay loop of
    :func:`check_tournament`: a round column, or a match of two (C.04.5)."""

    last: int
    """The rounds paired."""
    column: Callable[[int], int]
    """The round column round R starts at: the replay is the file before it."""
    played: Callable[[int], RoundPairing | str]
    """The pairing played in round R, or why the file's round is none (a round error)."""
    explained: bool = True
    """Differences explained from the players' state before the round (:func:`build_state`,
    the single-game systems' criteria)."""


def _unit(t: Tournament, path: str | None) -> _Unit:
    """The rounds of ``t`` as :func:`check_tournament` replays them: each round column,
    or each match of two-game matches (its columns, :mod:`swissbridge.rules.twogame`;
    game 2's column must pair the same matches, else the round is reported)."""
    if t.points.games == 1:
        return _Unit(t.completed_rounds, lambda r: r, lambda r: played_pairing(t, r, path=path))
    from swissbridge.rules.twogame import columns, match_of, played_match_pairing

    def played(r: int) -> RoundPairing | str:
        try:
            return played_match_pairing(t, r, path=path)
        except InputError as exc:
            return exc.message

    return _Unit(match_of(t.completed_rounds), lambda r: columns(r)[0], played, explained=False)


def check_tournament(
    tournament: Tournament,
    system: str | PairingSystem = DEFAULT,
    *,
    rounds: list[int] | None = None,
    total_rounds: int | None = None,
    path: str | None = None,
) -> CheckReport:
    """Replay every completed round of ``tournament`` (or those in ``rounds``) with
    ``system`` and compare each with the pairing published for it; in an event of
    two-game matches each match (:func:`_unit`)."""
    name, engine = resolve(system)
    refuse(engine, tournament)
    if tournament.team_event:
        return _check_teams(tournament, name, engine, rounds=rounds, total_rounds=total_rounds, path=path)
    inferred = tournament.initial_colour is None
    t = prepare_for_replay(tournament, total_rounds=total_rounds)
    unit = _unit(t, path)
    results: list[RoundCheck] = []
    for r in _rounds_to_check(unit.last, rounds, path):
        column = unit.column(r)
        played = unit.played(r)
        if isinstance(played, str):
            results.append(RoundCheck(round_no=r, played=RoundPairing(r, ()), expected=None, error=played))
            continue
        pab, extra = round_byes(t, column)
        if extra:
            who = ", ".join(map(str, (pab, *extra)))
            results.append(
                RoundCheck(
                    round_no=r,
                    played=played,
                    expected=None,
                    error=f"the file gives the pairing-allocated bye to {who}: a round has one at most (C.04.1 Art. 3)",
                )
            )
            continue
        replay = before_round(t, column)
        try:
            trace = engine.trace(replay, r)
            expected = trace.result()
        except NoLegalPairing as exc:
            results.append(
                RoundCheck(round_no=r, played=played, expected=None, error=f"the system finds no legal pairing: {exc}")
            )
            continue
        adjourned = adjourned_note(replay, column)
        notes: tuple[str, ...] = (adjourned,) if adjourned else ()
        uncoloured = uncoloured_boards(t, column)
        if _same(expected, played, uncoloured):
            results.append(RoundCheck(round_no=r, played=played, expected=expected, notes=notes))
            continue
        state = build_state(replay, column) if unit.explained else None
        played_set = set(played.boards)
        flips = any(Board(b.black, b.white) in played_set for b in expected.boards)
        rules = {frozenset((b.white, b.black)): b.rule for b in trace.boards} if flips else {}
        diffs = compare_round(expected, played, state=state, uncoloured=uncoloured, colour_rules=rules)
        try:
            why = engine.compare(replay, r, expected, played)
        except Exception as exc:  # a system's explanation must never hide the verdict
            why = f"(the system could not compare the pairings: {type(exc).__name__}: {exc})"
        if why:
            notes = (*notes, why)
        results.append(RoundCheck(round_no=r, played=played, expected=expected, diffs=diffs, notes=notes))
    return _report(t, name, results, inferred=inferred, names={p.start_no: p.name for p in t.players})


def _check_teams(
    tournament: Tournament,
    name: str,
    engine: PairingSystem,
    *,
    rounds: list[int] | None,
    total_rounds: int | None,
    path: str | None,
) -> CheckReport:
    """:func:`check_tournament` of a team event: each round's team pairs, replayed by the
    team system, against the matches played (:func:`~swissbridge.rules.teams.played_team_pairing`)."""
    from swissbridge.rules.teams import TeamEvent, played_team_pairing

    inferred = tournament.initial_colour is None
    t = prepare_for_replay(tournament, total_rounds=total_rounds)
    results: list[RoundCheck] = []
    for r in _rounds_to_check(t.completed_rounds, rounds, path):
        played, uncoloured = played_team_pairing(t, r)
        replay = before_round(t, r)
        try:
            expected = engine.trace(replay, r).result()
        except NoLegalPairing as exc:
            results.append(
                RoundCheck(round_no=r, played=played, expected=None, error=f"the system finds no legal pairing: {exc}")
            )
            continue
        if _same(expected, played, uncoloured):
            results.append(RoundCheck(round_no=r, played=played, expected=expected, unit="match"))
            continue
        diffs = compare_round(expected, played, uncoloured=uncoloured)
        try:
            why = engine.compare(replay, r, expected, played)
        except Exception as exc:  # a system's explanation must never hide the verdict
            why = f"(the system could not compare the pairings: {type(exc).__name__}: {exc})"
        notes = (why,) if why else ()
        results.append(RoundCheck(round_no=r, played=played, expected=expected, diffs=diffs, notes=notes, unit="match"))
    return _report(
        t, name, results, inferred=inferred, names={team.number: team.name for team in TeamEvent(t).setup.teams}
    )


def _same(expected: RoundPairing, played: RoundPairing, uncoloured: frozenset[frozenset[int]] = frozenset()) -> bool:
    """Same games with the same colours, and the same PAB (board order aside)."""
    if expected.bye != played.bye or len(expected.boards) != len(played.boards):
        return False
    if not uncoloured:
        return set(expected.boards) == set(played.boards)

    def key(b: Board) -> Board | frozenset[int]:
        pair = frozenset(b.players())
        return pair if pair in uncoloured else b

    return {key(b) for b in expected.boards} == {key(b) for b in played.boards}


def check_file(
    path: str | os.PathLike[str], system: str | PairingSystem = DEFAULT, *, total_rounds: int | None = None
) -> CheckReport:
    """Read a tournament file and check it (see :func:`check_tournament`)."""
    from swissbridge.systems.service import read_tournament

    tournament = read_tournament(path)
    return check_tournament(tournament, system, total_rounds=total_rounds, path=os.fspath(path))


def _rounds_to_check(last: int, rounds: list[int] | None, path: str | None) -> list[int]:
    """The rounds to replay of the ``last`` paired: those asked for, each refused before
    any work when it was never paired, or every round paired."""
    for r in rounds or ():
        if not 1 <= r <= last:
            raise InputError(f"round {r} has not been paired in this file (rounds 1-{last} have)", path=path)
    return rounds if rounds is not None else list(range(1, last + 1))


def _report(
    t: Tournament, name: str, results: list[RoundCheck], *, inferred: bool, names: dict[int, str]
) -> CheckReport:
    """The report of a replay of ``t`` (``inferred``: the file did not state the initial colour);
    its rounds counted as the event counts them (matches of a Double-Swiss, not columns)."""
    from swissbridge.rules.twogame import event_rounds

    return CheckReport(
        system=name,
        rounds=tuple(results),
        total_rounds=event_rounds(t),
        initial_colour=t.initial_colour,
        initial_colour_inferred=inferred and t.initial_colour is not None,
        names=names,
    )
