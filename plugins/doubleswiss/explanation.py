"""The Double-Swiss's part of the explanation document of a match (C.04.5), read from
the record its pairing wrote as it decided (:class:`~swissbridge.plugins.doubleswiss.trace.DoubleTrace`):
the players before the match, the PAB (3.4), each bracket's upfloaters (3.5: [C4]-[C7])
and pairing (3.6: [C1], [C8]), and each match's colours (Article 4). Nothing is worked
out again: the verdicts are the trace's, the facts the state's."""

from __future__ import annotations

from swissbridge.model import Colour, Tournament, format_points
from swissbridge.plugins.brackets import BracketRecord, SetTrial, Verdict, pab_explained
from swissbridge.plugins.document import (
    BoardDoc,
    Line,
    PlayerFacts,
    Section,
    SystemPart,
    line,
    player_identity,
    reason,
    section,
)
from swissbridge.plugins.doubleswiss.rules import DoubleState
from swissbridge.plugins.doubleswiss.trace import DoubleTrace
from swissbridge.rules.twogame import GameMatch, MatchKind, columns

RULES = "Double-Swiss System, C.04.5 (approved 28/10/2025, applied from 1 February 2026)"


def explain_double(tournament: Tournament, trace: DoubleTrace) -> SystemPart:
    """The system's part of the document of the match ``trace`` paired."""
    state, record = trace.state, trace.record
    first, second = columns(state.round_no)
    summary = [f"round {state.round_no} is a match of two games (round columns {first} and {second})"]
    if state.last_round:
        summary.append("the last round: [C7] and [C8] do not apply")
    sections = [_bracket(state, b) for b in record.brackets]
    boards: list[BoardDoc] = [
        {"board": i, "white": al.white, "black": al.black, "rule": al.rule, "reasons": [reason(al.article, al.facts)]}
        for i, al in enumerate(trace.allocations, 1)
    ]
    rank = {n: i for i, n in enumerate(sorted(state.present, key=lambda n: (-state.score(n), n)), 1)}
    part: SystemPart = {
        "rules": RULES,
        "summary": summary,
        "initial_colour": "white" if state.initial_colour is Colour.WHITE else "black",
        "paired": len(state.present),
        "pairing_found": trace.pairing is not None,
        "players": [_facts(tournament, state, n, rank[n]) for n in state.present],
        "paired_in": {n: f"bracket {b.number}" for b in record.brackets for n in (*b.residents, *b.upfloaters)},
        "boards": boards,
        "bye": pab_explained(state, record.pab, lambda n: _bar_text(state.players[n].pab_bar)) if record.pab else None,
        "sections": sections,
    }
    return part


def _bar_text(match: GameMatch | None) -> str:
    """[C2]: the match that bars a player from the PAB, in words."""
    assert match is not None
    if match.kind is MatchKind.PAB:
        return f"had the PAB in round {match.number}"
    if match.kind is MatchKind.FORFEIT_WIN:
        return f"won its round {match.number} match by forfeit"
    return f"had a full-point bye in round {match.number}"


def _facts(tournament: Tournament, state: DoubleState, n: int, rank: int) -> PlayerFacts:
    ps = state.players[n]
    colours = "".join("-" if c is None else "W" if c is Colour.WHITE else "B" for c in ps.colours)
    blacks = sum(1 for c in ps.colours if c is Colour.BLACK)
    return {
        **player_identity(tournament, n, columns(state.round_no)[0]),
        "tpn": n,
        "rank": rank,
        "score": format_points(ps.score),
        "pairing_score": format_points(ps.score),
        "colours": colours,
        "colour_difference": ps.whites - blacks,
        "preference": None,
        "strength": None,
        "preference_text": "none (C.04.5 has no colour preferences: Article 4 gives the colours)",
        "floats": ["F" if ps.floated else None],
        "pab_eligible": state.can_have_pab(n),
        "played_games": ps.played,
        "topscorer": False,
    }


def _set_text(state: DoubleState, trial: SetTrial) -> str:
    """What one upfloater set gave (3.5.5), in words."""
    who = ", ".join(f"#{n}" for n in trial.entrants) or "no upfloater"
    if trial.verdict is Verdict.BRACKET:
        return f"{who}: [C1] the bracket would have no legal pairing"
    if trial.verdict is Verdict.REST:
        return f"{who}: [C3] the players left would have no legal pairing"
    assert trial.c6 is not None
    floated = f"; [C7] {trial.c7} of them floated in the previous round" if trial.c7 else ""
    return f"{who}: [C6] {trial.c6.value}{floated}"


def _bracket(state: DoubleState, b: BracketRecord) -> Section:
    reasons: list[Line] = [
        line("3.3.2", f"the top scoregroup of the players not yet paired: {_listed(b.residents)}", players=b.residents)
    ]
    chosen = next((t for t in b.trials if t.chosen is not None), None)
    if chosen is not None and b.upfloaters:
        tried = [line(None, _set_text(state, s)) for s in chosen.sets]
        profile = ", ".join(format_points(p) for p in chosen.profile)
        reasons.append(
            line(
                "3.5",
                f"upfloaters {_listed(b.upfloaters)}: [C4] the fewest ({chosen.count}), [C5] scoring {profile}, "
                "then the first set of 3.5.4 that complies best with [C6] and [C7] (3.5.5)",
                below=tried,
                players=b.upfloaters,
            )
        )
    if b.pairing is not None:
        if b.pairing.fold_problem is None:
            reasons.append(line("3.6", "the first Pairing Identifier of all is legal and minimises [C8]: taken"))
        else:
            x, y = b.pairing.fold_problem
            why = (
                f"[C1] {state.why_barred(x, y)}"
                if not state.can_meet(x, y)
                else f"[C8] #{x}–#{y}: an upfloater meets a player who floated in the previous round"
            )
            reasons.append(line("3.6", f"the first Pairing Identifier of all is not taken: {why}"))
        pairs = ", ".join(f"#{x}–#{y}" for x, y in b.pairing.pairs)
        c8 = sum(c[0] for c in b.pairing.costs)
        reasons.append(line("3.6", f"paired {pairs}: the first identifier with [C1] and the fewest [C8] ({c8})"))
    title = f"Bracket {b.number}: players scoring {format_points(b.score)}"
    return section(title, reasons, rule="3.3", players=[*b.residents, *b.upfloaters])


def _listed(players: list[int]) -> str:
    return ", ".join(f"#{n}" for n in players) or "none"
