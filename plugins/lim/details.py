"""The Lim details of the explanation document: the scoregroups in the pairing
order of C.04.4.3 2.2 and the pairings broken to unblock the median (2.6), as
:mod:`.explanation` records them, typed as ``plugins/lim/details.schema.json``
describes them, and how they read (:func:`sections`: one section per scoregroup,
which the core renders in text and HTML like any other)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from swissbridge.plugins.document import Line, Section, line, section


class LimFloater(TypedDict):
    player: int
    type: str
    why: str
    rule: str


class FloaterPair(TypedDict):
    floater: int
    opponent: int
    rule: str


class Rejected(TypedDict):
    player: int
    why: str


class Scrutiny(TypedDict):
    player: int
    proposed: int
    chosen: int
    rejected: list[Rejected]


class GroupBoard(TypedDict):
    white: int
    black: int
    rule: str
    text: str


class Scoregroup(TypedDict):
    """A Lim scoregroup (C.04.4.3 2.2)."""

    score: str
    side: str
    attempt: int
    residents: list[int]
    incoming_down: list[int]
    incoming_up: list[int]
    max_pairs: int
    floaters: list[LimFloater]
    floaters_to: str | None
    floater_pairs: list[FloaterPair]
    proposal: list[list[int]]
    scrutiny: list[Scrutiny]
    colour_note: str | None
    pairs: list[list[int]]
    boards: list[GroupBoard]
    blocked: str | None


class Crack(TypedDict):
    """A pairing broken to unblock the median (2.6)."""

    side: str
    score: str
    pair: list[int]
    reason: str


class Details(TypedDict):
    """The Lim part of the document that only the Lim system reads."""

    median: str
    """The median score (2.2)."""
    maxi: bool
    """Whether the Maxi-tournament rules apply (3.2.3, 3.8, 5.7)."""
    scoregroups: list[Scoregroup]
    """In the pairing order of 2.2, a blocked median once per attempt."""
    cracks: list[Crack]


def _nos(numbers: Iterable[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def summary(details: Details) -> list[str]:
    """What the summary line says of a Lim round: the median and the Maxi rules."""
    maxi = "Maxi-tournament rules" if details["maxi"] else "not a Maxi-tournament"
    return [f"median score {details['median']} (2.2)", maxi]


def sections(details: Details) -> list[Section]:
    """The scoregroups (and the pairings broken) as the document's sections."""
    if not details["scoregroups"] and not details["cracks"]:
        return []
    groups = [_scoregroup(g) for g in details["scoregroups"]]
    if details["cracks"]:
        cracks = [
            line(None, f"{c['pair'][0]}–{c['pair'][1]} of scoregroup {c['score']} ({c['side']}): {c['reason']}")
            for c in details["cracks"]
        ]
        players = [n for c in details["cracks"] for n in c["pair"]]
        groups.append(section("Blocked median: pairings broken", cracks, rule="2.6", players=players))
    return [section("Scoregroups, in the pairing order", rule="2.2", sections=groups)]


def paired_in(details: Details) -> dict[int, str]:
    """The scoregroup that paired each player (the last attempt of a blocked median)."""
    return {n: f"scoregroup {g['score']}" for g in details["scoregroups"] for pair in g["pairs"] for n in pair}


def _scoregroup(g: Scoregroup) -> Section:
    """A scoregroup in the pairing order (2.2): its members, its floaters (Article 3),
    the proposed pairing (2.4) and its scrutiny (Article 4), the colours (Article 5)."""
    where = {
        "above": "above the median, paired downward",
        "median": "the Median Scoregroup, paired last",
        "below": "below the median, paired upward",
    }[g["side"]]
    again = f" (attempt {g['attempt']})" if g["attempt"] > 1 else ""
    players = [*g["residents"], *g["incoming_down"], *g["incoming_up"]]
    out: list[Line] = [line(None, f"residents: {_nos(g['residents']) or 'none'}")]
    if g["incoming_down"]:
        out.append(line(None, f"incoming floaters from above: {_nos(g['incoming_down'])}"))
    if g["incoming_up"]:
        out.append(line(None, f"incoming floaters from below: {_nos(g['incoming_up'])}"))
    out.append(line(None, f"at most {g['max_pairs']} compatible pair(s) (2.1)"))
    title = f"Scoregroup {g['score']} — {where}{again}"
    if g["blocked"]:
        out.append(line(None, f"BLOCKED: {g['blocked']}"))
        return section(title, out, players=players)
    if g["floaters"]:
        chosen = [
            line(None, f"#{f['player']}: type {f['type']} (3.9); {f['why']}; chosen by {f['rule']}")
            for f in g["floaters"]
        ]
        out.append(line(None, f"floaters (Article 3, one at a time), to {g['floaters_to']}:", chosen))
    for fp in g["floater_pairs"]:
        out.append(line(None, f"incoming floater #{fp['floater']} – #{fp['opponent']}: {fp['rule']}"))
    if g["proposal"]:
        out.append(line(None, "proposed pairing (2.4): " + ", ".join(f"{a}–{b}" for a, b in g["proposal"])))
    for s in g["scrutiny"]:
        if s["proposed"] == s["chosen"] and not s["rejected"]:
            continue
        rej = "; ".join(f"#{r['player']} ({r['why']})" for r in s["rejected"])
        out.append(
            line(
                None,
                f"scrutiny (Article 4): #{s['player']} proposed #{s['proposed']}, passed over {rej or '-'}; "
                f"paired with #{s['chosen']}",
            )
        )
    if g["colour_note"]:
        out.append(line(None, g["colour_note"]))
    for b in g["boards"]:
        out.append(line(None, f"board {b['white']}–{b['black']}: {b['text']}"))
    return section(title, out, players=players)
