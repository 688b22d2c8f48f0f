"""The explanation document of a team Swiss round (C.04.6, 2026), from the trace the
pairing wrote as it decided (:class:`~swissbridge.plugins.team.trace.TeamTrace`):
the teams before the round (scores 1.2, floaters 1.5, colour difference 1.6.2,
preferences 1.7, [C2]), the PAB (3.4) with every other team and the article that
passed it over, each bracket's top-scoregroup and upfloater sets ([C4]-[C7], 3.5.5),
its pairing (3.6, [C1], [C8]-[C10]), each pair's colours (4.2, the rule of 4.3 that
decided) and the board pairings. Nothing is worked out again here: every decision is
the trace's; the facts are the round state's."""

from __future__ import annotations

from swissbridge.model import Colour, Tournament, format_points
from swissbridge.plugins.brackets import BracketRecord, PabChoice, pab_explained
from swissbridge.plugins.document import (
    Absent,
    BoardDoc,
    Bye,
    HistoryEntry,
    PlayerFacts,
    SystemPart,
    colour_letters,
    colour_name,
    entry_text,
    reason,
)
from swissbridge.plugins.team.colours import Allocation
from swissbridge.plugins.team.details import (
    BracketDoc,
    ColourDoc,
    Details,
    MatchDoc,
    PabDoc,
    PairCost,
    TeamScores,
    paired_in,
    sections,
)
from swissbridge.plugins.team.rules import Preference, RoundState, TeamState
from swissbridge.plugins.team.trace import TeamTrace
from swissbridge.rules.teams import ColourModel, Match, MatchKind, match_games

_RESULT = {MatchKind.WIN: "1", MatchKind.DRAW: "=", MatchKind.LOSS: "0"}
"""A played match's result as a TRF result code; the other kinds are their own letter."""

_ARTICLE_17 = {ColourModel.TYPE_A: "1.7.1", ColourModel.TYPE_B: "1.7.2", ColourModel.NONE: "1.7"}


def _name(state: RoundState, team: int) -> str:
    return state.event.setup.team(team).name or f"Team {team}"


def _preference_text(state: RoundState, p: Preference | None) -> str:
    """1.7 in words: ``"White (1.7.1: colour difference -2)"``."""
    article = _ARTICLE_17[state.model]
    if state.model is ColourModel.NONE:
        return "none (1.7: the competition has no colour preferences)"
    if p is None:
        return f"none ({article})"
    strength = (", strong" if p.strong else ", mild") if state.model is ColourModel.TYPE_B else ""
    return f"{p.colour}{strength} ({article}: {p.why})"


def _bar_text(m: Match) -> str:
    """[C2]: the match that bars a team from the PAB, in words."""
    if m.kind is MatchKind.PAB:
        return f"had the PAB in round {m.round_no}"
    if m.kind is MatchKind.FORFEIT_WIN:
        return f"won its round {m.round_no} match by forfeit"
    return f"had a full-point bye in round {m.round_no}"


def _history(state: RoundState, team: int) -> list[HistoryEntry]:
    out: list[HistoryEntry] = []
    for m in state.event.record(team).matches[: state.round_no - 1]:
        result = _RESULT.get(m.kind, m.kind.value)
        out.append({"round": m.round_no, "opponent": m.opponent, "colour": colour_name(m.colour), "result": result})
    return out


def _facts(state: RoundState, ts: TeamState, rank: int) -> PlayerFacts:
    p = ts.preference
    strength = None
    if state.model is ColourModel.TYPE_B:
        strength = "none" if p is None else ("strong" if p.strong else "mild")
    return {
        "player": ts.number,
        "name": _name(state, ts.number),
        "title": "",
        "rating": 0,
        "history": _history(state, ts.number),
        "tpn": ts.number,
        "rank": rank,
        "score": format_points(ts.primary),
        "pairing_score": format_points(ts.score),
        "colours": colour_letters(ts.colours),
        "colour_difference": ts.colour_difference,
        "preference": colour_name(p.colour) if p is not None else None,
        "strength": strength,
        "preference_text": _preference_text(state, p),
        "floats": ["floated" if ts.floated else None, None],
        "pab_eligible": ts.pab_bar is None,
        "played_games": ts.played,
        "topscorer": False,
    }


def _scores(state: RoundState, ts: TeamState) -> TeamScores:
    p = ts.preference
    return {
        "team": ts.number,
        "name": _name(state, ts.number),
        "score": format_points(ts.score),
        "primary": format_points(ts.primary),
        "secondary": format_points(ts.secondary),
        "played": ts.played,
        "colours": colour_letters(ts.colours),
        "colour_difference": ts.colour_difference,
        "preference": colour_name(p.colour) if p is not None else None,
        "strong": p.strong if p is not None and state.model is ColourModel.TYPE_B else None,
        "preference_rule": p.why if p is not None else None,
        "floated": ts.floated,
        "pab_barred_by": _bar_text(ts.pab_bar) if ts.pab_bar is not None else None,
    }


# ---------------------------------------------------------------- the PAB (3.4)


def _pab(state: RoundState, choice: PabChoice) -> PabDoc:
    return {
        "teams": choice.count,
        "barred": list(choice.barred),
        "candidates": [
            {
                "team": c.entrant,
                "score": format_points(state.teams[c.entrant].score),
                "played": state.teams[c.entrant].played,
                "leaves_pairing": c.leaves_pairing,
            }
            for c in choice.candidates
        ],
        "chosen": choice.chosen,
    }


def _bye(state: RoundState, choice: PabChoice) -> Bye | None:
    """The PAB and, for every other team to pair, the article that passed it over."""

    def barred_by(team: int) -> str:
        bar = state.teams[team].pab_bar
        assert bar is not None
        return _bar_text(bar)

    return pab_explained(state, choice, barred_by)


# ---------------------------------------------------------------- brackets (3.5, 3.6)


def _fold_problem(state: RoundState, b: BracketRecord) -> str | None:
    """Why the first identifier of all was not taken (the first pair of it at fault)."""
    if b.pairing is None or b.pairing.fold_problem is None:
        return None
    x, y = b.pairing.fold_problem
    if not state.can_meet(x, y):
        return f"[C1] {state.why_barred(x, y)}"
    return f"#{x}–#{y}: " + _cost_text(state, b, x, y, state.pair_costs(x, y, set(b.upfloaters)))


def _cost_text(state: RoundState, b: BracketRecord, x: int, y: int, costs: tuple[int, ...]) -> str:
    c8, c9, c10 = costs
    parts = []
    if c8:
        p = state.teams[x].preference
        colour = p.colour if p is not None else Colour.WHITE
        parts.append(f"[C8] both prefer {colour}: one preference is not fulfilled")
    if c9:
        parts.append("[C9] both of those preferences are strong")
    if c10:
        ups = [t for t in (x, y) if t in b.upfloaters]
        parts.append(
            f"[C10] upfloater {', '.join(f'#{t}' for t in ups)} meets a team that floated in the previous round"
        )
    return "; ".join(parts)


def _bracket(state: RoundState, b: BracketRecord) -> BracketDoc:
    costs: list[PairCost] = []
    pairs = b.pairing.pairs if b.pairing is not None else []
    for (x, y), c in zip(pairs, b.pairing.costs if b.pairing is not None else [], strict=True):
        if any(c):
            costs.append({"pair": [x, y], "c8": c[0], "c9": c[1], "c10": c[2], "text": _cost_text(state, b, x, y, c)})
    return {
        "number": b.number,
        "score": format_points(b.score),
        "residents": list(b.residents),
        "potential_upfloaters": list(b.lower),
        "following": format_points(b.following) if b.following is not None else None,
        "trials": [
            {
                "count": t.count,
                "profile": [format_points(s) for s in t.profile],
                "sets": [
                    {
                        "teams": list(s.entrants),
                        "verdict": s.verdict.value,
                        "c6": s.c6.value if s.c6 is not None else None,
                        "c7": s.c7,
                    }
                    for s in t.sets
                ],
                "chosen": t.chosen,
            }
            for t in b.trials
        ],
        "upfloaters": list(b.upfloaters),
        "pairs": [[x, y] for x, y in pairs],
        "fold": [[x, y] for x, y in b.pairing.fold] if b.pairing is not None else [],
        "fold_problem": _fold_problem(state, b),
        "costs": costs,
    }


# ---------------------------------------------------------------- colours (Article 4)


def _first_text(state: RoundState, al: Allocation) -> str:
    """4.2 in words: why the first-team is the first-team."""
    other = al.black if al.first == al.white else al.white
    f, o = state.teams[al.first], state.teams[other]
    if al.first_by == "4.2.1":
        return (
            f"#{f.number} has the higher primary score ({format_points(f.primary)} against {format_points(o.primary)})"
        )
    if al.first_by == "4.2.2":
        return (
            f"equal primary scores; #{f.number} has the higher secondary score "
            f"({format_points(f.secondary)} against {format_points(o.secondary)})"
        )
    return f"equal scores; #{f.number} has the smaller TPN"


def _colour(state: RoundState, al: Allocation) -> ColourDoc:
    return {
        "white": al.white,
        "black": al.black,
        "first_team": al.first,
        "first_by": al.first_by,
        "first_text": _first_text(state, al),
        "rule": al.article,
        "text": al.rule,
        "facts": al.facts,
    }


def _board(state: RoundState, number: int, al: Allocation) -> BoardDoc:
    prefs = "; ".join(f"#{t} {_preference_text(state, state.teams[t].preference)}" for t in (al.white, al.black))
    return {
        "board": number,
        "white": al.white,
        "black": al.black,
        "rule": al.article,
        "reasons": [
            reason(al.first_by, f"first-team #{al.first}: {_first_text(state, al)}"),
            reason("1.7", f"preferences: {prefs}"),
            reason(al.article, f"{al.rule.partition(', ')[2]}: {al.facts}"),
        ],
    }


def _matches(trace: TeamTrace) -> list[MatchDoc]:
    """Each match's boards by their numbers (:func:`swissbridge.rules.teams.match_games`; a
    side a line-up leaves unoccupied is ``None``, its opponent winning the board by forfeit)."""
    out: list[MatchDoc] = []
    if trace.pairing is None:
        return out
    names = {p.start_no: p.name for p in trace.state.tournament.players}
    for match, games in match_games(trace.state.event, trace.pairing):
        out.append(
            {
                "white": match.white,
                "black": match.black,
                "games": [
                    {
                        "board": b.number,
                        "white": b.white or None,
                        "black": b.black or None,
                        "white_name": names.get(b.white, ""),
                        "black_name": names.get(b.black, ""),
                    }
                    for b in games
                ],
            }
        )
    return out


def explain_team(tournament: Tournament, trace: TeamTrace) -> SystemPart:
    """The team Swiss's part of the explanation document (see :mod:`swissbridge.commands.explain`)."""
    state, record = trace.state, trace.record
    order = sorted(state.present, key=lambda t: (-state.teams[t].score, t))
    rank = {t: i for i, t in enumerate(order, 1)}
    code = state.event.code
    primary, secondary = ("game points", "match points") if code.game_primary else ("match points", "game points")
    details: Details = {
        "primary": primary,
        "secondary": secondary,
        "secondary_for_colours": code.secondary_for_colours,
        "colour_model": state.model.value,
        "last_two_rounds": state.last_two_rounds,
        "teams": [_scores(state, state.teams[t]) for t in state.present],
        "pab": _pab(state, record.pab) if record.pab is not None else None,
        "brackets": [_bracket(state, b) for b in record.brackets],
        "colours": [_colour(state, al) for al in trace.allocations],
        "matches": _matches(trace),
    }
    model = {ColourModel.TYPE_A: "Type A (1.7.1)", ColourModel.TYPE_B: "Type B (1.7.2)"}
    summary = [
        f"primary score {primary} (1.2)",
        f"colour preferences {model[state.model]}" if state.model in model else "no colour preferences (1.7)",
    ]
    if state.last_two_rounds:
        summary.append("[C7] and [C10] do not apply in the last two rounds")
    absent: list[Absent] = [
        {"player": t, "name": _name(state, t), "entry": result.value, "text": entry_text(result)}
        for t, result in sorted(state.away.items())
    ]
    return {
        "rules": "Swiss Team Pairing System, C.04.6, applied from 1 February 2026",
        "articles": {"initial_colour": "4.3.1", "last_round": "", "topscorers": None, "colours": "Article 4"},
        "paired": len(state.present),
        "absent": absent,
        "initial_colour": colour_name(state.initial_colour),
        "summary": summary,
        "players": [_facts(state, state.teams[t], rank[t]) for t in state.present],
        "paired_in": paired_in(details),
        "boards": [_board(state, i, al) for i, al in enumerate(trace.allocations, 1)],
        "bye": _bye(state, record.pab) if record.pab is not None else None,
        "sections": sections(details),
        "details": details,
    }
