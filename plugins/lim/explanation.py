"""The explanation document of a Lim round (C.04.4.3, 2026), built from the Lim
engine's step-by-step record (:class:`~swissbridge.plugins.lim.trace.LimTrace`):
scoregroup by scoregroup in the pairing order of 2.2, its members, the floaters
chosen (Article 3) and the rule that chose each, how incoming floaters were paired,
the proposed pairing and the exchanges of the scrutiny (Article 4), the colour rule
of each board (Article 5, 7.2) and the PAB (Article 1).

The Lim text has its own vocabulary: a *due colour* (Art. 5) rather than a colour
preference, floaters of types a–d (3.9), "floated" in the previous round (3.10)."""

from __future__ import annotations

import re

from swissbridge.model import Tournament, format_points
from swissbridge.plugins.document import (
    BoardDoc,
    Bye,
    PlayerFacts,
    SystemPart,
    colour_letters,
    colour_name,
    player_identity,
    reason,
)
from swissbridge.plugins.lim.details import Details, Scoregroup, paired_in, sections, summary
from swissbridge.plugins.lim.trace import GroupTrace, LimTrace
from swissbridge.state import build_state, scores_when_paired

_ARTICLE = re.compile(r"(Article \d+|\d+(?:\.\d+)*(?:/\d+(?:\.\d+)*)?)")


def article_of(text: str) -> str:
    """The article a rule text of the Lim trace starts from: ``"5.4: both due ..."``
    → ``"5.4"``; ``"Article 6 (both ...); 5: ..."`` → ``"Article 6"``."""
    m = _ARTICLE.search(text)
    return m.group(1) if m else ""


def split_rule(text: str) -> tuple[str, str]:
    """A Lim trace rule text as (article, the rest): ``"5.4: both due White; ..."``
    → ``("5.4", "both due White; ...")``."""
    art = article_of(text)
    rest = text
    if art and text.startswith(art):
        rest = text[len(art) :].lstrip(" :")
    return art, rest


def _median(twice: int) -> str:
    """The median score from its doubled value in tenths (``15`` → ``"0.75"``)."""
    return format_points(twice // 2) if twice % 2 == 0 else f"{twice / 20:.2f}"


def _group(g: GroupTrace) -> Scoregroup:
    return {
        "score": format_points(g.score),
        "side": g.side.value,
        "attempt": g.attempt,
        "residents": list(g.residents),
        "incoming_down": list(g.incoming_down),
        "incoming_up": list(g.incoming_up),
        "max_pairs": g.max_pairs,
        "floaters": [
            {"player": f.player, "type": f.floater_type, "why": f.why_floats, "rule": f.rule} for f in g.floaters
        ],
        "floaters_to": g.floaters_to or None,
        "floater_pairs": [{"floater": p.floater, "opponent": p.opponent, "rule": p.rule} for p in g.floater_pairs],
        "proposal": [[a, b] for a, b in g.proposal],
        "scrutiny": [
            {
                "player": s.player,
                "proposed": s.proposed,
                "chosen": s.chosen,
                "rejected": [{"player": n, "why": why} for n, why in s.rejected],
            }
            for s in g.scrutiny
        ],
        "colour_note": g.colour_note or None,
        "pairs": [[a, b] for a, b in g.pairs],
        "boards": [{"white": b.white, "black": b.black, "rule": article_of(b.rule), "text": b.rule} for b in g.boards],
        "blocked": g.blocked or None,
    }


def explain_lim(tournament: Tournament, round_no: int, trace: LimTrace) -> SystemPart:
    """The Lim part of the explanation document (see :mod:`swissbridge.commands.explain`)."""
    from swissbridge.plugins.lim.rules import due_colour, floated_in_round, lim_initial_colour

    st = build_state(tournament, round_no)
    present = sorted(st.present, key=lambda s: (-s.pairing_score, s.tpn))
    before = scores_when_paired(tournament, round_no - 1) if round_no > 1 else {}
    players: list[PlayerFacts] = []
    for rank, s in enumerate(present, 1):
        due = due_colour(s.colours)
        floated = round_no > 1 and floated_in_round(tournament.player(s.start_no), round_no - 1, before)
        players.append(
            {
                **player_identity(tournament, s.start_no, round_no),
                "tpn": s.tpn,
                "rank": rank,
                "score": format_points(s.score),
                "pairing_score": format_points(s.pairing_score),
                "colours": colour_letters(s.colours),
                "colour_difference": s.colour_difference,
                "preference": colour_name(due),
                "strength": None,
                "preference_text": f"due {due} (Art. 5)" if due is not None else "no due colour (no game played yet)",
                "floats": ["floated" if floated else None, None],
                "pab_eligible": s.pab_eligible,
                "played_games": s.played_games,
                "topscorer": False,
            }
        )
    players.sort(key=lambda d: int(d["player"]))
    bye: Bye | None = None
    if trace.pab is not None and trace.pab.chosen is not None:
        chosen = trace.pab.chosen
        bye = {
            "player": chosen,
            "score": format_points(st.players[chosen].pairing_score),
            "reasons": [
                reason("1.9.1", f"{trace.present} players to pair: an odd number, one player gets the PAB"),
                reason(*split_rule(trace.pab.rule)),
            ],
            "passed_over": [{"player": n, "rule": "Article 1", "text": why} for n, why in trace.pab.passed_over],
        }
    boards: list[BoardDoc] = [
        {
            "board": i,
            "white": b.white,
            "black": b.black,
            "rule": article_of(b.rule),
            "reasons": [reason(*split_rule(b.rule))],
        }
        for i, b in enumerate(trace.boards, 1)
    ]
    details: Details = {
        "median": _median(trace.median_twice),
        "maxi": trace.maxi,
        "scoregroups": [_group(g) for g in trace.groups],
        "cracks": [
            {"side": c.side.value, "score": format_points(c.group_score), "pair": list(c.pair), "reason": c.reason}
            for c in trace.cracks
        ],
    }
    return {
        "rules": "Lim System, C.04.4.3, applied from 1 February 2026",
        "articles": {
            "initial_colour": "7.2",
            "last_round": "Article 6",
            "topscorers": None,
            "colours": "Article 5, 7.2",
        },
        "paired": trace.present,
        "initial_colour": colour_name(lim_initial_colour(tournament)),
        "summary": summary(details),
        "players": players,
        "paired_in": paired_in(details),
        "boards": boards,
        "bye": bye,
        "sections": sections(details),
        "details": details,
    }
