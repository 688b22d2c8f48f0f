"""The Burstein details of the explanation document: the round as C.04.4.2 paired it
after the seeding rounds (the players' Index and ranking 1.7-1.8, the PAB's candidates
3.1, each bracket's players by BSN, its floaters [C5]-[C7], its pairing [C8] and 4.3),
as :mod:`.explanation` records them from the trace, typed as
``plugins/burstein/details.schema.json`` describes them, and how they read
(:func:`sections`). A seeding round (1.6) carries the Dutch system's details under
``dutch``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from swissbridge.plugins.document import Line, Section, line, section


class IndexDoc(TypedDict):
    """A player's Index (1.7) and place in the ranking of 1.8."""

    player: int
    score: str
    buchholz: str
    sonneborn_berger: str
    rank: int


class PabCandidateDoc(TypedDict):
    player: int
    score: str
    played: int
    rank: int
    leaves_pairing: bool | None
    """3.1.2; ``None``: not tried (a player after the one chosen)."""


class PabDoc(TypedDict):
    """3.1."""

    barred: list[int]
    candidates: list[PabCandidateDoc]
    chosen: int | None


class BsnDoc(TypedDict):
    bsn: int
    player: int
    score: str
    incoming: bool


class Outcome(TypedDict):
    floaters: int
    scores: list[str]


class BracketDoc(TypedDict):
    number: int
    score: str
    players: list[BsnDoc]
    following: list[int]
    floaters: int
    """[C5]: the fewest outgoing floaters."""
    floater_scores: list[str]
    """[C6]: their scores, descending."""
    floater_sets: int
    """How many sets of floaters had that number and those scores ([C1]-[C4])."""
    following_outcome: Outcome | None
    """[C7]: what the following bracket can do with the floaters chosen."""
    pairing: str
    """The pairing in 4.3's words (BSNs, ``0``: floats)."""
    pairs: list[list[int]]
    outgoing: list[int]
    unfulfilled: int
    """[C8]."""
    tried: int


class Details(TypedDict):
    seeding_rounds: int
    seeding_round: bool
    dutch: Mapping[str, object] | None
    """A seeding round: the Dutch system's details."""
    index: list[IndexDoc]
    forbidden: list[list[int]]
    pab: PabDoc | None
    brackets: list[BracketDoc]


def sections(details: Details) -> list[Section]:
    """The PAB and the brackets as the document's sections."""
    out: list[Section] = []
    if details["forbidden"]:
        pairs = ", ".join(f"#{a}-#{b}" for a, b in details["forbidden"])
        out.append(section("Forbidden pairs", [line("C1", f"record 260 forbids {pairs} in this round")], rule="2.1.1"))
    if details["index"]:
        top = [
            line("1.8", f"#{d['player']}: {d['score']} points, BH {d['buchholz']}, SB {d['sonneborn_berger']}")
            for d in details["index"]
        ]
        out.append(
            section(
                "Ranking by the Index (Buchholz, Sonneborn-Berger), then TPN; scores not used",
                [
                    line(
                        "1.7",
                        "unplayed rounds count as games against oneself; trailing zero-point byes as draws for "
                        "the opponents; no virtual points",
                        top,
                    )
                ],
                rule="1.8",
            )
        )
    pab = details["pab"]
    if pab is not None:
        reasons: list[Line] = []
        if pab["barred"]:
            reasons.append(line("C2", "no PAB to these players (3.1.1)", players=pab["barred"]))
        for c in pab["candidates"]:
            what = {True: "the others can be paired", False: "the others cannot be paired (3.1.2)", None: "not tried"}
            reasons.append(
                line(
                    "3.1",
                    f"score {c['score']}, {c['played']} games, rank {c['rank']}: {what[c['leaves_pairing']]}",
                    players=[c["player"]],
                )
            )
        out.append(
            section("Pairing-allocated bye", reasons, rule="3.1", players=[pab["chosen"]] if pab["chosen"] else [])
        )
    out += [_bracket(b) for b in details["brackets"]]
    return out


def _bracket(b: BracketDoc) -> Section:
    who = ", ".join(f"{p['bsn']}=#{p['player']}{'↓' if p['incoming'] else ''}" for p in b["players"])
    reasons = [
        line("4.1", f"BSNs by the ranking of 1.8 (↓ incoming floater): {who}"),
        line("C5", f"{b['floaters']} outgoing floater(s), the fewest [C1]-[C4] allow"),
    ]
    if b["floaters"]:
        reasons.append(
            line(
                "C6", f"their scores {', '.join(b['floater_scores'])}; {b['floater_sets']} set(s) of floaters have them"
            )
        )
    if b["following_outcome"] is not None:
        fo = b["following_outcome"]
        reasons.append(
            line(
                "C7",
                f"the following bracket can then leave {fo['floaters']} floater(s)"
                + (f" scoring {', '.join(fo['scores'])}" if fo["scores"] else ""),
            )
        )
    reasons.append(line("C8", f"{b['unfulfilled']} player(s) without their colour preference, the fewest possible"))
    reasons.append(line("4.3", f"the first such pairing in the order of 4.3: {b['pairing']} ({b['tried']} looked at)"))
    players = [p["player"] for p in b["players"]]
    return section(f"Bracket {b['number']}: score {b['score']}", reasons, rule="3.2", players=players)


def paired_in(details: Details) -> dict[int, str]:
    """The bracket that paired each player."""
    return {n: f"bracket {b['number']}" for b in details["brackets"] for pair in b["pairs"] for n in pair}
