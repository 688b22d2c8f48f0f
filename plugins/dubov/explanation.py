"""The explanation document of a Dubov round (C.04.4.1, 2026), from the trace the pairing
wrote as it decided (:class:`~swissbridge.plugins.dubov.trace.DubovTrace`): the players
(ratings 1.1, preferences 1.6, ARO 1.7, upfloats 1.8, [C2]), the PAB (3.1) with every
other player and the article that passed it over, each bracket's upfloater sets
(3.2.1-3.2.2), its G1/G2, shifts, S1 and T2 (3.2.3-3.2.6, with the G2 players passed over
and why) and each pair's colours (the rule of 5.2 that decided). Nothing is decided again
here: every decision is the trace's; the facts are the round state's."""

from __future__ import annotations

from swissbridge.model import Tournament, format_points
from swissbridge.plugins.c0404 import Allocation, PabChoice
from swissbridge.plugins.document import (
    BoardDoc,
    Bye,
    PlayerFacts,
    PlayerReason,
    SystemPart,
    colour_letters,
    colour_name,
    player_identity,
    reason,
)
from swissbridge.plugins.dubov.details import (
    BracketDoc,
    ColourDoc,
    Details,
    PabDoc,
    PairDoc,
    PlayerDoc,
    QualityDoc,
    SkipDoc,
    paired_in,
    sections,
)
from swissbridge.plugins.dubov.rules import VARIANT, DubovPlayer, DubovRound
from swissbridge.plugins.dubov.trace import BracketRecord, DubovTrace, Quality
from swissbridge.state import Float, Strength


def why_apart(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> str:
    """Why [C1] or [C3] keeps ``a`` and ``b`` apart, in words."""
    state = rnd.state
    if b.no in a.state.opponents:
        met = [
            r
            for r in range(1, rnd.state.round_no)
            if (e := rnd.tournament.player(a.no).entry(r)) and e.opponent == b.no and e.played
        ]
        return f"[C1] they met in round {met[-1]}" if met else "[C1] they have met"
    if state.forbidden.forbids(a.no, b.no):
        return "[C1] the organiser forbids the pair (record 260)"
    colour = state.restricting_colour(a.state, topscorers=False)
    return f"[C3] both have an absolute preference for {colour}"


def _player(rnd: DubovRound, p: DubovPlayer) -> PlayerDoc:
    return {
        "player": p.no,
        "tpn": p.tpn,
        "score": format_points(p.score),
        "rating": p.state.rating,
        "provisional": p.no in rnd.provisional,
        "aro": p.aro,
        "games": p.played,
        "preference": colour_name(p.colour),
        "strength": p.strength.name.lower(),
        "upfloats": p.upfloats,
        "maximum_upfloater": p.maximum,
        "upfloated_last_round": p.upfloated_last,
        "pab_eligible": p.state.pab_eligible,
    }


def _preference_text(p: DubovPlayer) -> str:
    if p.colour is None:
        return "none (1.6)"
    if p.played == 0:
        return f"{p.colour}, mild (1.6.4: no game played yet)"
    article = {Strength.ABSOLUTE: "1.6.1", Strength.STRONG: "1.6.2", Strength.MILD: "1.6.3"}[p.strength]
    return f"{p.colour}, {p.strength.name.lower()} ({article}: colour difference {p.state.colour_difference:+d})"


_FLOAT = {Float.NONE: None, Float.DOWN: "down", Float.UP: "up"}


def _facts(tournament: Tournament, rnd: DubovRound, p: DubovPlayer) -> PlayerFacts:
    s = p.state
    return {
        **player_identity(tournament, p.no, rnd.state.round_no),
        "tpn": p.tpn,
        "rank": p.pos + 1,
        "score": format_points(s.score),
        "pairing_score": format_points(s.pairing_score),
        "colours": colour_letters(s.colours),
        "colour_difference": s.colour_difference,
        "preference": colour_name(p.colour),
        "strength": p.strength.name.lower() if p.colour is not None else None,
        "preference_text": _preference_text(p),
        "floats": [_FLOAT[s.float_before(1)], _FLOAT[s.float_before(2)]],
        "pab_eligible": s.pab_eligible,
        "played_games": s.played_games,
        "topscorer": False,
    }


def _pab(rnd: DubovRound, choice: PabChoice) -> PabDoc:
    by_no = {p.no: p for p in rnd.players}
    return {
        "players": choice.players,
        "barred": list(choice.barred),
        "candidates": [
            {
                "player": c.player,
                "score": format_points(c.score),
                "games": c.games,
                "tpn": by_no[c.player].tpn,
                "leaves_pairing": c.leaves_pairing,
            }
            for c in choice.candidates
        ],
        "chosen": choice.chosen,
    }


def _bye(rnd: DubovRound, choice: PabChoice) -> Bye | None:
    """The PAB and, for every other player to pair, the article that passed them over."""
    if choice.chosen is None:
        return None
    by_no = {p.no: p for p in rnd.players}
    chosen = by_no[choice.chosen]
    passed: list[PlayerReason] = [
        {"player": n, "rule": "C2", "text": "has had a PAB or scored a win's points without playing (C.04.1 Art. 4)"}
        for n in choice.barred
    ]
    for c in choice.candidates:
        if c.player == choice.chosen:
            continue
        p = by_no[c.player]
        if c.leaves_pairing is False:
            passed.append(
                {"player": c.player, "rule": "3.1.2", "text": "the others would then have no complete pairing"}
            )
        elif p.score != chosen.score:
            text = f"a higher score ({format_points(p.score)} against {format_points(chosen.score)})"
            passed.append({"player": c.player, "rule": "3.1.3", "text": text})
        elif p.played != chosen.played:
            text = f"the same score, fewer games played ({p.played} against {chosen.played})"
            passed.append({"player": c.player, "rule": "3.1.4", "text": text})
        else:
            passed.append(
                {"player": c.player, "rule": "3.1.5", "text": "the same score and games played, a smaller TPN"}
            )
    reasons = [
        reason("1.9.2", f"{choice.players} players to pair: an odd number, the PAB is assigned first"),
        reason("3.1.1", f"#{chosen.no} has neither had a PAB nor scored a win's points without playing ([C2])"),
        reason("3.1.2", "the others then have a complete pairing ([C4])"),
        reason(
            "3.1.3",
            f"the lowest score ({format_points(chosen.score)}), then the most games played ({chosen.played}, 3.1.4), "
            f"then {VARIANT.pab_last} ({chosen.tpn}, 3.1.5)",
        ),
    ]
    return {"player": chosen.no, "score": format_points(chosen.score), "reasons": reasons, "passed_over": passed}


def _quality(q: Quality | None) -> QualityDoc | None:
    if q is None:
        return None
    return {
        "scores": [format_points(s) for s in q.scores],
        "colours": q.colours,
        "maximum": q.maximum,
        "times": q.times,
        "previous": q.previous,
    }


def _pairs(rnd: DubovRound, b: BracketRecord) -> list[PairDoc]:
    """3.2.6: each S1 player's T2 partner and the G2 players before it (in TPN order,
    not yet taken) passed over, with why: [C1]/[C3], or the rest would have no pairing."""
    players = rnd.players
    free = sorted(b.t2, key=lambda i: players[i].tpn)
    out: list[PairDoc] = []
    for a, t in zip(b.s1, b.t2, strict=True):
        skipped: list[SkipDoc] = []
        for c in free:
            if c == t:
                break
            why = (
                "the rest of the bracket would then have no legal pairing (3.2.6)"
                if rnd.graph.meets(a, c)
                else why_apart(rnd, players[a], players[c])
            )
            skipped.append({"player": players[c].no, "why": why})
        free.remove(t)
        out.append({"s1": players[a].no, "t2": players[t].no, "passed_over": skipped})
    return out


def _bracket(rnd: DubovRound, b: BracketRecord) -> BracketDoc:
    no = [p.no for p in rnd.players]
    return {
        "number": b.number,
        "score": format_points(b.score),
        "residents": list(b.residents),
        "potential_upfloaters": b.lower,
        "minimum": b.minimum,
        "trials": [
            {"players": list(t.players), "verdict": t.verdict.value, "quality": _quality(t.quality)} for t in b.trials
        ],
        "upfloaters": list(b.upfloaters),
        "quality": _quality(b.quality),
        "capped": b.capped,
        "by_tpn": b.by_tpn,
        "g1": [no[i] for i in b.g1],
        "g2": [no[i] for i in b.g2],
        "shifts": [
            {
                "article": s.article,
                "source": s.source,
                "players": [no[i] for i in s.players],
                "order": [no[i] for i in s.order],
                "tried": s.tried,
            }
            for s in b.shifts
        ],
        "s1": [no[i] for i in b.s1],
        "t2": [no[i] for i in b.t2],
        "pairs": _pairs(rnd, b),
    }


def _colour(al: Allocation) -> ColourDoc:
    return {
        "white": al.white,
        "black": al.black,
        "higher": al.higher,
        "rule": al.article,
        "text": al.rule,
        "facts": al.facts,
    }


def _board(number: int, al: Allocation) -> BoardDoc:
    return {
        "board": number,
        "white": al.white,
        "black": al.black,
        "rule": al.article,
        "reasons": [
            reason("5.2.1", f"the higher-ranked player is #{al.higher} (more points, then the smaller TPN)"),
            reason(al.article, f"{al.rule.partition(', ')[2]}: {al.facts}"),
        ],
    }


def explain_dubov(tournament: Tournament, trace: DubovTrace) -> SystemPart:
    """The Dubov system's part of the explanation document (see :mod:`swissbridge.commands.explain`)."""
    rnd = trace.round
    details: Details = {
        "max_t": rnd.max_t,
        "last_round": rnd.last_round,
        "provisional": {str(n): r for n, r in sorted(rnd.provisional.items())},
        "players": [_player(rnd, p) for p in sorted(rnd.players, key=lambda p: p.no)],
        "pab": _pab(rnd, trace.pab) if trace.pab is not None else None,
        "brackets": [_bracket(rnd, b) for b in trace.brackets],
        "colours": [_colour(al) for al in trace.allocations],
    }
    summary = [f"MaxT {rnd.max_t} (1.8.2)"]
    if rnd.last_round:
        summary.append("last round: [C8]-[C10] do not apply")
    return {
        "rules": "Dubov System, C.04.4.1, applied from 1 February 2026",
        "articles": {"initial_colour": "5.2.1", "last_round": "[C8]-[C10]", "topscorers": None, "colours": "5.2"},
        "initial_colour": colour_name(rnd.initial_colour),
        "summary": summary,
        "players": [_facts(tournament, rnd, p) for p in sorted(rnd.players, key=lambda p: p.no)],
        "paired_in": paired_in(details),
        "boards": [_board(i, al) for i, al in enumerate(trace.allocations, 1)],
        "bye": _bye(rnd, trace.pab) if trace.pab is not None else None,
        "sections": sections(details),
        "details": details,
    }
