"""Why the team Swiss prefers its own pairing of a round to the one that was played
(C.04.6), for ``swissbridge check``: the round as the system paired it (its record,
:mod:`.trace`) is followed step by step, and the first step where the played pairing
departs is named with its article — a played match [C1] forbids; the PAB (3.4: [C2],
3.4.1-3.4.4); a bracket's upfloaters (their number [C4], their scores [C5], the set
3.5.4-3.5.5 took with what each set gave: [C1], [C3], [C6], [C7]); the bracket's pairing
(3.6: [C8]-[C10], then the identifiers of 3.6.3); else the colours (Article 4). Every
verdict is read from the record the pairing itself wrote, never worked out again."""

from __future__ import annotations

from collections.abc import Sequence

from swissbridge.model import format_points
from swissbridge.pairing import Board, RoundPairing
from swissbridge.plugins.brackets import PAB_ORDER, BracketRecord, Verdict
from swissbridge.plugins.team.rules import RoundState
from swissbridge.plugins.team.trace import TeamTrace

__all__ = ["compare_pairings"]

_PAB_WORDS = {"3.4.2": "the lowest score", "3.4.3": "the most matches played", "3.4.4": "the largest TPN"}
_COSTS = (
    ("[C8] (2.3.5)", "colour preferences left unfulfilled"),
    ("[C9] (2.3.6)", "strong colour preferences left unfulfilled"),
    ("[C10] (2.3.7)", "upfloaters meeting a team that floated in the previous round"),
)


def _teams(teams: Sequence[int]) -> str:
    return ", ".join(map(str, sorted(teams))) or "none"


def _pairs(pairs: Sequence[frozenset[int]] | set[frozenset[int]]) -> str:
    return ", ".join(" - ".join(map(str, sorted(p))) for p in sorted(pairs, key=sorted))


def compare_pairings(trace: TeamTrace, played: RoundPairing) -> str:
    """The first step of the round's pairing (``trace``) the ``played`` pairing of teams
    departs from, with its article, in an arbiter's words; ``""`` when the two agree or
    the system found no pairing."""
    if trace.failure:
        return ""
    state, record = trace.state, trace.record
    pairs = {frozenset((b.white, b.black)) for b in played.boards}
    for pair in sorted(pairs, key=sorted):
        a, b = sorted(pair)
        if a in state.teams and b in state.teams and not state.can_meet(a, b):
            return f"[C1] (2.1.1): the played pairing has a match the rules forbid: {state.why_barred(a, b)}"
    if played.bye != trace.bye:
        return _pab(state, trace, played.bye)
    opponent = {t: u for p in pairs for t, u in (sorted(p), sorted(p, reverse=True))}
    for bracket in record.brackets:
        if bracket.pairing is None:
            break
        lower = set(bracket.lower)
        up = sorted({opponent[t] for t in bracket.residents if opponent.get(t) in lower})
        if set(up) != set(bracket.upfloaters):
            return f"bracket {bracket.number} (teams scoring {format_points(bracket.score)}): " + _upfloaters(
                state, bracket, up
            )
        inside = set(bracket.residents) | set(bracket.upfloaters)
        mine = {p for p in pairs if p <= inside}
        engine = {frozenset(p) for p in bracket.pairing.pairs}
        if mine != engine:
            return f"bracket {bracket.number} (teams scoring {format_points(bracket.score)}): " + _pairing(
                state, bracket, engine, mine
            )
    boards = set(played.boards)
    for al in trace.allocations:
        if Board(al.white, al.black) not in boards and Board(al.black, al.white) in boards:
            return f"the same matches: the colours differ (Article 4): {al.white} - {al.black} by {al.rule}"
    return ""


def _pab(state: RoundState, trace: TeamTrace, bye: int | None) -> str:
    """3.4: why the PAB is the system's, not ``bye``."""
    choice = trace.record.pab
    if choice is None:
        return f"3.4: no PAB is due (an even number of teams to pair), the played pairing gives it to team {bye}"
    if bye is None:
        return (
            f"3.4: {choice.count} teams to pair, so one receives the PAB: team {choice.chosen}; "
            "the played pairing gives none"
        )
    if bye in choice.barred:
        return f"[C2] (2.1.2): team {bye} may not receive the PAB (it had one, or a win without playing)"
    by_team = {c.entrant: c for c in choice.candidates}
    mine, chosen = by_team.get(bye), by_team.get(choice.chosen or 0)
    if mine is None or chosen is None:
        return f"3.4: the PAB goes to team {choice.chosen}; team {bye} is not among the teams to pair"
    if mine.leaves_pairing is False:
        return f"3.4.1: the PAB to team {bye} leaves the other teams no pairing complying with [C1]"
    k = next(i for i, (x, y) in enumerate(zip(chosen.order, mine.order, strict=True)) if x != y)
    article = PAB_ORDER[k]
    values = (
        [format_points(chosen.order[0]), format_points(mine.order[0])]
        if k == 0
        else [
            str(abs(chosen.order[k])),
            str(abs(mine.order[k])),
        ]
    )
    return (
        f"{article}: the PAB goes to {_PAB_WORDS[article]}: team {choice.chosen} ({values[0]}) "
        f"before team {bye} ({values[1]})"
    )


def _upfloaters(state: RoundState, bracket: BracketRecord, played: list[int]) -> str:
    """3.5: why the bracket's upfloaters are the system's, not ``played``: the played
    set's own verdict when the system tried it ([C1], [C3]), else the first of [C4]
    (their number), [C5] (their scores), [C6], [C7] and the order of 3.5.4."""
    engine = bracket.upfloaters
    said = f"the system's upfloaters are {_teams(engine)}, the played pairing's {_teams(played)}"
    tried = next((s for trial in bracket.trials for s in trial.sets if sorted(s.entrants) == played), None)
    if tried is not None and tried.verdict is Verdict.BRACKET:
        return f"{said}; [C1] (2.1.1): with the played upfloaters the bracket has no legal pairing"
    if tried is not None and tried.verdict is Verdict.REST:
        return f"{said}; [C3] (2.2.1): with the played upfloaters the teams left have no legal pairing"
    if len(played) != len(engine):
        return f"{said}; [C4] (2.3.1): the fewest upfloaters the bracket can take is {len(engine)}"
    chosen = next(t for t in bracket.trials if t.chosen is not None)
    profile = tuple(sorted((state.teams[t].score for t in played), reverse=True))
    if profile != chosen.profile:
        return (
            f"{said}; [C5] (2.3.2): the upfloaters' scores {_profile(chosen.profile)} come before {_profile(profile)}"
        )
    best = chosen.sets[chosen.chosen or 0]
    if tried is not None and tried.c6 is not None and best.c6 is not None and tried.c6.complied != best.c6.complied:
        return f"{said}; [C6] (2.3.3): with the played upfloaters {tried.c6.value}"
    if tried is not None and tried.c7 is not None and best.c7 is not None and tried.c7 > best.c7:
        return (
            f"{said}; [C7] (2.3.4): {tried.c7} of the played upfloaters floated in the previous round, "
            f"{best.c7} of the system's"
        )
    return (
        f"{said}; 3.5.4-3.5.5: the system's set comes first in the order of 3.5.4 and complies as well with [C6], [C7]"
    )


def _profile(profile: tuple[int, ...]) -> str:
    return "(" + ", ".join(format_points(p) for p in profile) + ")"


def _pairing(state: RoundState, bracket: BracketRecord, engine: set[frozenset[int]], mine: set[frozenset[int]]) -> str:
    """3.6: why the bracket's pairs are the system's, not ``mine``: [C8]-[C10] summed over
    the pairs (the counts the pairing recorded against the same counts of the played
    pairs), else the identifier order of 3.6.3."""
    said = f"the system pairs {_pairs(engine)}, the played pairing {_pairs(mine)}"
    assert bracket.pairing is not None
    ups = set(bracket.upfloaters)
    theirs = [sum(c[i] for c in bracket.pairing.costs) for i in range(3)]
    costs = [state.pair_costs(min(p), max(p), ups) for p in mine]
    played = [sum(c[i] for c in costs) for i in range(3)]
    for (name, words), a, b in zip(_COSTS, theirs, played, strict=True):
        if a != b:
            return f"{said}; {name}: {words}: {a} in the system's pairing, {b} in the played one"
    return f"{said}; 3.6.3: as good by [C8]-[C10], the system's pairing comes first in the order of identifiers"
