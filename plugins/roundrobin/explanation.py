"""The round-robin part of the explanation document: every player with their pairing
number, every board with the round and board of the Berger table that gives it, and
the player who meets the dummy (C.05 Annex 1)."""

from __future__ import annotations

from swissbridge.model import Tournament, format_points
from swissbridge.plugins.document import (
    NO_ARTICLES,
    BoardDoc,
    Bye,
    PlayerFacts,
    SystemPart,
    colour_letters,
    player_identity,
    reason,
)
from swissbridge.state import build_state

from .event import ARTICLE, RoundRobinTrace


def explain_round_robin(tournament: Tournament, trace: RoundRobinTrace) -> SystemPart:
    """The round's boards as the tables give them, and why (see :mod:`swissbridge.commands.explain`)."""
    r = trace.round_no
    st = build_state(tournament, r)
    number = {start: k for k, start in trace.numbers.items()}
    ranked = sorted(st.present, key=lambda s: (-s.score, number[s.start_no]))
    players: list[PlayerFacts] = [
        {
            **player_identity(tournament, s.start_no, r),
            "tpn": number[s.start_no],
            "rank": rank,
            "score": format_points(s.score),
            "pairing_score": format_points(s.pairing_score),
            "colours": colour_letters(s.colours),
            "colour_difference": s.colour_difference,
            "preference": None,
            "strength": None,
            "preference_text": "colours fixed by the Berger table",
            "floats": [None, None],
            "pab_eligible": False,
            "played_games": s.played_games,
            "topscorer": False,
        }
        for rank, s in enumerate(ranked, 1)
    ]
    players.sort(key=lambda d: d["player"])
    where = f"round {trace.table_round} of the Berger table for {trace.table}"
    if trace.swapped:
        where += f" (round {r} of the event: the last two rounds of the first cycle exchanged)"
    boards: list[BoardDoc] = [
        {
            "board": i,
            "white": b.white,
            "black": b.black,
            "rule": ARTICLE,
            "reasons": [
                reason(
                    ARTICLE,
                    f"{where}: pairing numbers {number[b.white]}-{number[b.black]}"
                    + (f", colours reversed in cycle {trace.cycle}" if trace.reversed else ""),
                )
            ],
        }
        for i, b in enumerate(trace.boards, 1)
    ]
    bye: Bye | None = None
    if trace.bye is not None:
        bye = {
            "player": trace.bye,
            "score": format_points(st.players[trace.bye].pairing_score),
            "reasons": [
                reason(
                    ARTICLE,
                    f"{trace.entrants} entrants, an odd number: in {where} pairing number {number[trace.bye]} "
                    f"meets {trace.table}, the dummy, and has no game",
                )
            ],
            "passed_over": [],
        }
    return {
        "rules": f"Round robin, Berger tables ({ARTICLE}) for {trace.entrants} entrants",
        "articles": {**NO_ARTICLES, "initial_colour": ARTICLE, "colours": ARTICLE},
        "initial_colour": None,
        "players": players,
        "boards": boards,
        "bye": bye,
    }
