"""The Dutch details of the explanation document: the brackets (C.04.3 Article 3)
as :mod:`.explanation` records them, typed as ``plugins/dutch/details.schema.json``
describes them, and how they read (:func:`sections`: one section per bracket,
which the core renders in text and HTML like any other)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from swissbridge.plugins.document import Line, PlayerReason, Reason, Section, grouped, line, section


class Problem(TypedDict):
    """What is wrong with the first candidate: a reason, with the pair concerned."""

    rule: str
    text: str
    pair: list[int] | None


class Mdp(TypedDict):
    player: int
    score: str
    from_bracket: int | None


class BracketPair(TypedDict):
    higher: int
    lower: int
    mdp_pairing: bool
    notes: list[Reason]


class Downfloater(TypedDict):
    player: int
    score: str
    limbo: bool
    goes: str
    facts: list[str]
    compared: bool
    rather_than: list[PlayerReason]


class Shortfall(TypedDict):
    criterion: str
    count: int
    text: str
    details: list[str]


class FirstCandidate(TypedDict):
    pairs: list[list[int]]
    floaters: list[int]
    chosen: bool
    verdict: str
    problems: list[Problem]


class Optimality(TypedDict):
    checked: bool
    pairings: int | None
    best: int | None
    text: str


class Bracket(TypedDict):
    """A Dutch bracket (C.04.3 Article 3)."""

    number: int
    score: str
    kind: str
    residents: list[int]
    mdps: list[Mdp]
    max_pairs: int
    mdps_paired: int
    s1: list[int]
    s2: list[int]
    limbo: list[int]
    first_candidate: FirstCandidate
    pairs: list[BracketPair]
    exchanges: int
    float_reasons: list[Reason]
    downfloaters: list[Downfloater]
    shortfalls: list[Shortfall]
    optimality: Optimality
    c9: bool


class Details(TypedDict):
    """The Dutch part of the document that only the Dutch system reads."""

    pab_score: str | None
    """[C5]: the lowest PAB score a legal round-pairing allows (odd rounds), else ``None``."""
    brackets: list[Bracket]
    """The brackets from the top scoregroup down."""


def _nos(numbers: Iterable[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def sections(brackets: list[Bracket]) -> list[Section]:
    """The brackets as the document's sections: one heading, a section per bracket."""
    if not brackets:
        return []
    heading = "Brackets, from the top scoregroup down"
    return [section(heading, rule="Article 3", sections=[_bracket(br) for br in brackets])]


def paired_in(brackets: list[Bracket], pab: int | None) -> dict[int, str]:
    """The bracket that paired each player (the PAB: the last bracket)."""
    out = {n: f"bracket {br['number']}" for br in brackets for p in br["pairs"] for n in (p["higher"], p["lower"])}
    if pab is not None and brackets:
        out[pab] = f"bracket {brackets[-1]['number']}"
    return out


def _bracket(br: Bracket) -> Section:
    """One bracket: who is in it, its first candidate (3.3), the pairs made, the
    downfloaters and why, the criteria not fully met, and whether a better candidate
    exists."""
    n = len(br["residents"]) + len(br["mdps"])
    title = f"Bracket {br['number']} — score {br['score']}, {br['kind']}, {n} player{'s' if n != 1 else ''}"
    reasons: list[Line] = []
    if br["mdps"]:
        mdps = ", ".join(
            f"#{m['player']} ({m['score']}" + (f", from bracket {m['from_bracket']})" if m["from_bracket"] else ")")
            for m in br["mdps"]
        )
        reasons.append(line(None, f"MDPs:      {mdps}"))  # aligned with "Residents: "
    reasons.append(line(None, f"Residents: {_nos(br['residents']) or 'none'}"))
    if br["pairs"]:
        reasons.append(line(None, f"Subgroups (3.2): S1 = {_nos(br['s1']) or '-'}; S2 = {_nos(br['s2']) or '-'}"))
        fc = br["first_candidate"]
        pairs = ", ".join(f"{a}–{b}" for a, b in fc["pairs"])
        problems = [
            line(r["rule"], r["text"] + (f" ({pair[0]}–{pair[1]})" if (pair := r["pair"]) else ""))
            for r in fc["problems"]
        ]
        reasons.append(line(None, f"First candidate (3.3): {pairs}: {fc['verdict']}", problems))
        made = [
            line(None, f"#{p['higher']}–#{p['lower']}", [line(r["rule"], r["text"]) for r in p["notes"]])
            for p in br["pairs"]
        ]
        reasons.append(line(None, "Pairs made:", made))
        if br["exchanges"]:
            reasons.append(line(None, f"Remainder: {br['exchanges']} resident(s) exchanged between S1 and S2 (4.3)"))
    if br["downfloaters"]:
        floaters = [line(r["rule"], r["text"]) for r in br["float_reasons"]]
        for f in br["downfloaters"]:
            limbo = " stays in the Limbo and" if f["limbo"] else ""
            facts = f"; {', '.join(f['facts'])}" if f["facts"] else ""
            below: list[Line] = []
            if f["rather_than"]:
                below.append(line(None, "If another player of the bracket floated instead:", grouped(f["rather_than"])))
            elif not f["compared"]:
                below.append(line(None, "(not compared one by one with the others: large bracket)"))
            floaters.append(line(None, f"#{f['player']} ({f['score']}){limbo} {f['goes']}{facts}", below))
        reasons.append(line(None, "Downfloaters:", floaters))
    if br["shortfalls"]:
        shortfalls = [
            line(s["criterion"], f"{s['count']} — {s['text']}: {'; '.join(s['details'])}") for s in br["shortfalls"]
        ]
        reasons.append(line(None, "Criteria not fully met:", shortfalls))
    if br["c9"]:
        reasons.append(line("C9", "applies in this bracket: it leaves one player over, who takes the PAB"))
    reasons.append(line(None, f"Better candidate? {br['optimality']['text']}"))
    players = [m["player"] for m in br["mdps"]] + br["residents"]
    return section(title, reasons, players=players)
