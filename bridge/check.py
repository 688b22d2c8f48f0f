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
with colours, as the reference engine does (see :func:`infer_initial_colour`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from swissbridge.errors import InputError
from swissbridge.model import ABSENT, Colour, Entry, Player, Result, Tournament, format_points
from swissbridge.pairing import Board, NoLegalPairing, RoundPairing
from swissbridge.plugins import PairingSystem, resolve
from swissbridge.state import RoundState, Strength, build_state

__all__ = [
    "BoardDiff",
    "CheckReport",
    "RoundCheck",
    "before_round",
    "check_file",
    "check_tournament",
    "compare_round",
    "infer_initial_colour",
    "played_pairing",
    "prepare_for_replay",
    "round_byes",
    "uncoloured_boards",
]


# -- preparing the file --------------------------------------------------------------------------


def round_byes(tournament: Tournament, round_no: int) -> tuple[int | None, tuple[int, ...]]:
    """Who received the pairing-allocated bye in ``round_no`` (``0000 - U``, or
    ``0000 - +`` which some programs write for it: :attr:`Entry.paired`), and any
    other player the file also gives one (a round has one at most: C.04.1 Art. 3)."""
    byes = [
        p.start_no
        for p in tournament.players
        if (e := p.entry(round_no)) is not None and e.opponent is None and e.paired
    ]
    return (byes[0] if byes else None), tuple(byes[1:])


def _was_paired(entry: Entry | None) -> bool:
    """The pairing of that round gave the player an opponent or the PAB."""
    return entry is not None and entry.paired


def infer_initial_colour(tournament: Tournament) -> Colour | None:
    """The initial colour (C.04.3 5.2.5 for Dutch, C.04.4.3 7.2 for Lim: the colour
    the top-ranked player receives in round 1) of a file that does not state it.

    Taken from the earliest round in which any game carries a colour: the entered
    players of that round (present, or paired in an earlier round) are counted in
    start-number order; the first one with a colour in that round decides, its
    colour kept when it stands at an odd position and inverted at an even one
    (TPN parity). This is how the reference engine reads such files. ``None`` when
    no game has a colour yet.
    """
    for r in range(1, tournament.rounds_in_file + 1):
        if not any((e := p.entry(r)) is not None and e.colour is not None for p in tournament.players):
            continue
        position = 0
        for p in tournament.players:
            entry = p.entry(r)
            entered = _was_paired(entry) or any(_was_paired(e) for e in p.entries[: r - 1])
            if not entered:
                continue
            position += 1
            if entry is not None and entry.colour is not None and entry.opponent is not None:
                return entry.colour if position % 2 == 1 else entry.colour.opposite
        return None
    return None


def prepare_for_replay(tournament: Tournament, *, total_rounds: int | None = None) -> Tournament:
    """The tournament with what a replay needs filled in: the total number of rounds
    (``total_rounds``, else the file's own, else the rounds in the file) and the
    initial colour (stated, else inferred from the file)."""
    rounds = total_rounds or tournament.total_rounds or tournament.rounds_in_file
    colour = tournament.initial_colour or infer_initial_colour(tournament)
    if rounds == tournament.total_rounds and colour is tournament.initial_colour:
        return tournament
    return replace(tournament, total_rounds=rounds, initial_colour=colour)


def before_round(tournament: Tournament, round_no: int, *, unpaired_absent: bool = True) -> Tournament:
    """The tournament as the pairing program saw it just before pairing ``round_no``:
    the entries of rounds ``1..round_no-1``, and in round ``round_no`` only the
    entries of players who are not paired (H, F, Z absences).

    With ``unpaired_absent`` (the default, for replaying a completed round), a
    player with no entry at all in ``round_no`` is recorded absent (``0000 - Z``):
    the published pairing did not include them. Without it, a missing entry means
    the player is to be paired (the state a generator or a live tournament is in).
    """
    if round_no < 1:
        raise ValueError("rounds are numbered from 1")
    done = round_no - 1
    players: list[Player] = []
    for p in tournament.players:
        entries = list(p.entries[:done])
        entry = p.entry(round_no)
        if entry is not None and not entry.paired:
            keep: Entry | None = entry
        elif entry is None and unpaired_absent:
            keep = ABSENT
        else:
            keep = None
        if keep is not None:
            while len(entries) < done:
                entries.append(ABSENT)
            entries.append(keep)
        if tuple(entries) != p.entries:
            p = replace(p, entries=tuple(entries))
        players.append(p)
    return replace(tournament, players=tuple(players))


def uncoloured_boards(tournament: Tournament, round_no: int) -> frozenset[frozenset[int]]:
    """The scheduled games of ``round_no`` whose colours neither player's entry gives
    (some programs write forfeits as ``nnnn - +``)."""
    out: set[frozenset[int]] = set()
    by_number = {p.start_no: p for p in tournament.players}
    for p in tournament.players:
        entry = p.entry(round_no)
        if entry is None or entry.opponent is None or entry.colour is not None:
            continue
        opponent = by_number.get(entry.opponent)
        other = opponent.entry(round_no) if opponent is not None else None
        if other is None or other.colour is None:
            out.add(frozenset((p.start_no, entry.opponent)))
    return frozenset(out)


def played_pairing(tournament: Tournament, round_no: int, *, path: str | None = None) -> RoundPairing:
    """The pairing published for ``round_no``, read back from the entries: every
    scheduled game (forfeits included, with the colours written for them), the PAB,
    and the players not paired with their entries (see :func:`round_byes`: a second
    ``U`` in the round is listed there too). Boards are listed in the order of the
    first player of each (start number); a board whose colours the file does not
    give lists the lower start number first."""
    boards: list[Board] = []
    seen: set[int] = set()
    bye, _ = round_byes(tournament, round_no)
    absent: dict[int, Result] = {}
    by_number = {p.start_no: p for p in tournament.players}
    for p in tournament.players:
        entry = p.entry(round_no)
        n = p.start_no
        if entry is None:
            continue
        if entry.opponent is None:
            if n != bye:
                absent[n] = entry.result
            continue
        if n in seen:
            continue
        m = entry.opponent
        opponent = by_number.get(m)
        if opponent is None:
            raise InputError(f"round {round_no}: player {n} is paired with {m}, who is not in the file", path=path)
        other = opponent.entry(round_no)
        if other is None or other.opponent != n:
            raise InputError(
                f"round {round_no}: player {n} is paired with {m}, but {m}'s entry does not name {n}", path=path
            )
        seen.update((n, m))
        colour = entry.colour or (other.colour.opposite if other.colour is not None else None)
        if colour is Colour.BLACK:
            boards.append(Board(m, n))
        else:
            boards.append(Board(n, m))
    return RoundPairing(round_no=round_no, boards=tuple(boards), bye=bye, absent=absent)


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
    what = f"{n} of {n_boards} boards differ" if n else "the bye differs"
    lines = [f"round {rc.round_no}: DIFFERS — {what}"]
    rows = [("Bd", "expected", "played", "difference")]
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


def _preference_text(state: RoundState, n: int, *, dutch: bool) -> str:
    """A player's played colours (GHR 3.4: unplayed rounds left out) and, for the
    Dutch system, the colour preference they give (C.04.3 1.7)."""
    ps = state.players.get(n)
    if ps is None:
        return f"{n}: no history"
    history = "".join("W" if c is Colour.WHITE else "B" for c in ps.colours)
    if not history:
        return f"{n}: no game played yet"
    text = f"{n}: colours {history} (difference {ps.colour_difference:+d})"
    colour, strength = ps.preference
    if dutch and colour is not None and strength is not Strength.NONE:
        text += f", {strength.name.lower()} preference for {colour}"
    return text


def _scores(state: RoundState, board: Board) -> str:
    """``"3.5-2.5"``: the pairing scores of a board's players before the round."""
    parts = []
    for n in board.players():
        ps = state.players.get(n)
        parts.append(format_points(ps.pairing_score) if ps is not None else "?")
    return "-".join(parts)


def _absolute_violation(state: RoundState, a: int, b: int) -> str:
    """The absolute criterion a played board breaks, if any (C.04.3 [C1], [C3];
    forbidden pairs, record 260)."""
    pa, pb = state.players.get(a), state.players.get(b)
    if pa is None or pb is None:
        return ""
    if b in pa.opponents:
        return f"[C1]: {a} and {b} have already played each other"
    if frozenset((a, b)) in state.forbidden:
        return f"[C1]: the organiser forbids {a} - {b}"
    if not state.compatible(pa, pb):
        return f"[C3]: {a} and {b} have the same absolute colour preference"
    return ""


def _pab_violation(state: RoundState, n: int) -> str:
    """C.04.1 Art. 4 / C.04.3 [C2]: the played PAB went to an ineligible player."""
    ps = state.players.get(n)
    if ps is not None and not ps.pab_eligible:
        return f"[C2]: {n} may not receive the pairing-allocated bye (already had it, or a win without playing)"
    return ""


Explainer = Callable[[Tournament, int, RoundPairing, RoundPairing], str]
"""A system's account of why its pairing beats the played one: called with the
replayed tournament, the round, the expected and the played pairing."""


def compare_round(
    expected: RoundPairing,
    played: RoundPairing,
    *,
    state: RoundState | None = None,
    uncoloured: frozenset[frozenset[int]] = frozenset(),
    colour_rules: Mapping[frozenset[int], str] | None = None,
    system: str = "dutch",
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
                facts.extend(_preference_text(state, n, dutch=system == "dutch") for n in (b.white, b.black))
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


def _system_explainer(engine: PairingSystem) -> Explainer | None:
    """The system's own comparison of two pairings, when it offers one
    (``compare(tournament, round_no, expected, played) -> str``)."""
    fn = getattr(engine, "compare", None)
    return fn if callable(fn) else None


DUTCH_COLOUR_RULES = {
    "5.2.1": "5.2.1, both players get their preference",
    "5.2.2": "5.2.2, the stronger preference is granted",
    "5.2.3": "5.2.3, colours alternate from the last game in which they had different colours",
    "5.2.4": "5.2.4, the higher-ranked player gets their preference",
    "5.2.5": "5.2.5, the higher-ranked player's TPN parity gives the initial colour or the other",
}
"""The colour rules of C.04.3 Article 5.2 in words, for a trace that names only the article."""


def _colour_rules(engine: PairingSystem, tournament: Tournament, round_no: int) -> dict[frozenset[int], str]:
    """The colour rule the system applied on each board, when it keeps a trace
    (``trace(tournament, round_no)`` returning a trace, or a ``(pairing, trace)``
    pair, whose ``boards`` name ``white``, ``black`` and ``rule``/``colour_rule``)."""
    fn = getattr(engine, "trace", None)
    if not callable(fn):
        return {}
    try:
        result = fn(tournament, round_no)
    except Exception:  # an explanation must never hide the verdict
        return {}
    trace = result[1] if isinstance(result, tuple) and len(result) == 2 else result
    out: dict[frozenset[int], str] = {}
    for board in getattr(trace, "boards", None) or ():
        white, black = getattr(board, "white", None), getattr(board, "black", None)
        rule = getattr(board, "colour_rule", None) or getattr(board, "rule", None)
        if isinstance(white, int) and isinstance(black, int) and rule:
            out[frozenset((white, black))] = DUTCH_COLOUR_RULES.get(str(rule), str(rule))
    return out


def check_tournament(
    tournament: Tournament,
    system: str | PairingSystem = "dutch",
    *,
    rounds: list[int] | None = None,
    total_rounds: int | None = None,
    path: str | None = None,
) -> CheckReport:
    """Replay every completed round of ``tournament`` (or those in ``rounds``) with
    ``system`` and compare each with the pairing published for it."""
    from swissbridge.service import adjourned_note, require_swiss

    name, engine = resolve(system)
    require_swiss(tournament)
    explainer = _system_explainer(engine)
    inferred = tournament.initial_colour is None
    t = prepare_for_replay(tournament, total_rounds=total_rounds)
    last = t.completed_rounds
    todo = rounds if rounds is not None else list(range(1, last + 1))
    results: list[RoundCheck] = []
    for r in todo:
        if not 1 <= r <= last:
            raise InputError(f"round {r} has not been paired in this file (rounds 1-{last} have)", path=path)
        played = played_pairing(t, r, path=path)
        pab, extra = round_byes(t, r)
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
        replay = before_round(t, r)
        try:
            expected = engine.pair(replay, r)
        except NoLegalPairing as exc:
            results.append(
                RoundCheck(round_no=r, played=played, expected=None, error=f"the system finds no legal pairing: {exc}")
            )
            continue
        adjourned = adjourned_note(replay, r)
        notes: tuple[str, ...] = (adjourned,) if adjourned else ()
        uncoloured = uncoloured_boards(t, r)
        if _same(expected, played, uncoloured):
            results.append(RoundCheck(round_no=r, played=played, expected=expected, notes=notes))
            continue
        state = build_state(replay, r)
        played_set = set(played.boards)
        flips = any(Board(b.black, b.white) in played_set for b in expected.boards)
        rules = _colour_rules(engine, replay, r) if flips else {}
        diffs = compare_round(expected, played, state=state, uncoloured=uncoloured, colour_rules=rules, system=name)
        if explainer is not None:
            try:
                why = explainer(replay, r, expected, played)
            except Exception as exc:  # a system's explanation must never hide the verdict
                why = f"(the system could not compare the pairings: {type(exc).__name__}: {exc})"
            if why:
                notes = (*notes, why)
        results.append(RoundCheck(round_no=r, played=played, expected=expected, diffs=diffs, notes=notes))
    return CheckReport(
        system=name,
        rounds=tuple(results),
        total_rounds=t.total_rounds,
        initial_colour=t.initial_colour,
        initial_colour_inferred=inferred and t.initial_colour is not None,
        names={p.start_no: p.name for p in t.players},
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
    path: str | os.PathLike[str], system: str | PairingSystem = "dutch", *, total_rounds: int | None = None
) -> CheckReport:
    """Read a tournament file and check it (see :func:`check_tournament`)."""
    from swissbridge.service import read_tournament

    tournament = read_tournament(path)
    return check_tournament(tournament, system, total_rounds=total_rounds, path=os.fspath(path))
