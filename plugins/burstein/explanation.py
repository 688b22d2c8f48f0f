"""The explanation document of a Burstein round (C.04.4.2, 2026), built from its
trace: a seeding round (1.6) is explained by the Dutch system that paired it; after
the seeding rounds, the Index and ranking (1.7, 1.8), the PAB (3.1), each bracket's
floaters and pairing (3.2, Article 4) and the colours of each board (Article 5)."""

from __future__ import annotations

from swissbridge.model import Tournament, format_points
from swissbridge.plugins import Trace
from swissbridge.plugins.document import (
    Articles,
    Bye,
    PlayerFacts,
    SystemPart,
    colour_letters,
    colour_name,
    player_identity,
    reason,
)

from .details import BracketDoc, Details, IndexDoc, PabDoc, paired_in, sections
from .order import opponents, text
from .rules import BursteinRound, seeding_rounds
from .trace import BracketRecord, BursteinTrace

RULES = "Burstein System, C.04.4.2, applied from 1 February 2026"
ARTICLES: Articles = {"initial_colour": "5.1, 5.2.1", "last_round": "", "topscorers": None, "colours": "Article 5"}


def explain_burstein(tournament: Tournament, trace: Trace) -> SystemPart:
    """The Burstein part of the explanation document."""
    from .round import accelerated

    tournament = accelerated(tournament)
    total = tournament.total_rounds or 0
    if not isinstance(trace, BursteinTrace):
        from swissbridge.plugins import load

        seeding = load("dutch").explain(tournament, trace)
        dutch_details = seeding.get("details")
        seeding["rules"] = (
            f"{RULES}: round {trace.round_no} is a seeding round (1.6), paired by the FIDE (Dutch) System"
        )
        seeding["details"] = _details(total, True, dict(dutch_details) if dutch_details is not None else {}, None, None)
        seeding["summary"] = [
            f"seeding round {trace.round_no} of {seeding_rounds(total)} (1.6)",
            *seeding.get("summary", []),
        ]
        return seeding
    rnd = trace.rnd
    details = _details(total, False, None, rnd, trace)
    part: SystemPart = {
        "rules": RULES,
        "articles": ARTICLES,
        "summary": [f"after the {seeding_rounds(total)} seeding rounds (1.6): ranking by the Index (1.8)"],
        "players": _players(tournament, rnd),
        "paired_in": paired_in(details),
        "sections": sections(details),
        "details": details,
        "pairing_found": trace.pairing is not None,
        "boards": [
            {
                "board": i,
                "white": b.white,
                "black": b.black,
                "rule": b.rule.split(",")[0],
                "reasons": [reason(b.rule.split(",")[0], b.rule.split(", ", 1)[1])],
            }
            for i, b in enumerate(trace.boards, 1)
        ],
        "bye": _bye(rnd, trace),
    }
    return part


def _players(tournament: Tournament, rnd: BursteinRound) -> list[PlayerFacts]:
    out: list[PlayerFacts] = []
    for rank, n in enumerate(rnd.present, 1):
        s = rnd.players[n]
        pref = colour_name(s.preferred)
        out.append(
            {
                **player_identity(tournament, n, rnd.round_no),
                "tpn": s.tpn,
                "rank": rank,
                "score": format_points(s.score),
                "pairing_score": format_points(s.pairing_score),
                "colours": colour_letters(s.colours),
                "colour_difference": s.colour_difference,
                "preference": pref,
                "strength": s.strength.name.lower() if pref else None,
                "preference_text": f"{s.strength.name.lower()} for {pref} (1.5)"
                if pref
                else "none: no game played (1.5.4)",
                "floats": [None, None],
                "pab_eligible": s.pab_eligible,
                "played_games": s.played_games,
                "topscorer": False,
            }
        )
    out.sort(key=lambda d: int(d["player"]))
    return out


def _bye(rnd: BursteinRound, trace: BursteinTrace) -> Bye | None:
    if trace.pab is None or trace.pab.chosen is None:
        return None
    n = trace.pab.chosen
    return {
        "player": n,
        "score": format_points(rnd.score(n)),
        "reasons": [
            reason("3.1", "an odd number of players: the PAB is assigned first (1.9.2)"),
            reason(
                "3.1.3-3.1.5",
                f"the lowest score, the most games, the lowest ranking ({rnd.index[n].text()}) "
                "of the players who may have it and leave the others a pairing",
            ),
        ],
        "passed_over": [
            {"player": c.player, "rule": "3.1.2", "text": "the others could not be paired"}
            for c in trace.pab.candidates
            if c.leaves_pairing is False
        ],
    }


def _details(
    total: int, seeding: bool, dutch: dict[str, object] | None, rnd: BursteinRound | None, trace: BursteinTrace | None
) -> Details:
    details: Details = {
        "seeding_rounds": seeding_rounds(total),
        "seeding_round": seeding,
        "dutch": dutch,
        "index": [],
        "forbidden": [],
        "pab": None,
        "brackets": [],
    }
    if rnd is None or trace is None:
        return details
    rank = {n: i for i, n in enumerate(rnd.present, 1)}
    details["index"] = [_index(rnd, n, rank[n]) for n in rnd.present]
    details["forbidden"] = [list(p) for p in rnd.state.forbidden.pairs(rank)]
    if trace.pab is not None:
        pab: PabDoc = {
            "barred": trace.pab.barred,
            "candidates": [
                {
                    "player": c.player,
                    "score": format_points(rnd.score(c.player)),
                    "played": rnd.players[c.player].played_games,
                    "rank": rank[c.player],
                    "leaves_pairing": c.leaves_pairing,
                }
                for c in trace.pab.candidates
            ],
            "chosen": trace.pab.chosen,
        }
        details["pab"] = pab
    details["brackets"] = [_bracket(rnd, b) for b in trace.brackets]
    return details


def _index(rnd: BursteinRound, n: int, rank: int) -> IndexDoc:
    ix = rnd.index[n]
    bh, sb = ix.text().replace("BH ", "").replace("SB ", "").split(", ")
    return {
        "player": n,
        "score": format_points(rnd.players[n].score),
        "buchholz": bh,
        "sonneborn_berger": sb,
        "rank": rank,
    }


def _bracket(rnd: BursteinRound, b: BracketRecord) -> BracketDoc:
    bsn = {n: i for i, n in enumerate(b.players, 1)}
    pairs_bsn = [(bsn[x], bsn[y]) for x, y in b.pairs]
    opp = opponents(len(b.players), pairs_bsn)
    as_text = text(tuple((k, o) for k, o in enumerate(opp, 1) if o == 0 or o > k))
    choice = b.choice
    following = choice.following if choice is not None else None
    return {
        "number": b.number,
        "score": format_points(b.score),
        "players": [
            {"bsn": i, "player": n, "score": format_points(rnd.score(n)), "incoming": n in b.incoming}
            for i, n in enumerate(b.players, 1)
        ],
        "following": list(b.following),
        "floaters": choice.count if choice is not None else 0,
        "floater_scores": [format_points(s) for s in choice.scores] if choice is not None else [],
        "floater_sets": sum(1 for _ in choice.sets()) if choice is not None else 0,
        "following_outcome": (
            {"floaters": following[0], "scores": [format_points(s) for s in following[1]]} if following else None
        ),
        "pairing": as_text,
        "pairs": [list(p) for p in b.pairs],
        "outgoing": list(b.outgoing),
        "unfulfilled": b.unfulfilled,
        "tried": b.tried,
    }
