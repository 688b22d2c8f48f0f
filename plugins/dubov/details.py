"""The Dubov details of the explanation document: the round as C.04.4.1 Article 3 paired
it (the PAB's candidates, each bracket's upfloater sets, G1/G2, shifts, S1 and T2) and
each pair's colours (5.2), as :mod:`.explanation` records them from the trace, typed as
``plugins/dubov/details.schema.json`` describes them, and how they read
(:func:`sections`), which the core renders in text and HTML like any other."""

from __future__ import annotations

from typing import TypedDict

from swissbridge.plugins.document import Line, Section, line, section

LISTED = 12
"""The upfloater sets a bracket's text lists before saying how many more; the details have them all."""


class PlayerDoc(TypedDict):
    """A player to pair as Dubov reads them (1.1, 1.6, 1.7, 1.8, [C2])."""

    player: int
    tpn: int
    score: str
    rating: int
    provisional: bool
    """1.1.2: the rating is the provisional one swissbridge gave (docs/dubov.md)."""
    aro: int
    games: int
    preference: str | None
    strength: str
    upfloats: int
    maximum_upfloater: bool
    upfloated_last_round: bool
    pab_eligible: bool


class PabCandidateDoc(TypedDict):
    player: int
    score: str
    games: int
    tpn: int
    leaves_pairing: bool | None
    """3.1.2; ``None``: not tried (a player after the one chosen)."""


class PabDoc(TypedDict):
    """3.1."""

    players: int
    barred: list[int]
    candidates: list[PabCandidateDoc]
    chosen: int | None


class QualityDoc(TypedDict):
    """[C6]-[C10] of a bracket with a set of upfloaters."""

    scores: list[str]
    colours: int
    maximum: int
    times: int
    previous: int


class SetDoc(TypedDict):
    players: list[int]
    verdict: str
    """``"legal"``, ``"C1/C3"`` (the bracket has no legal pairing) or ``"C4"`` (the players below would have none)."""
    quality: QualityDoc | None


class ShiftDoc(TypedDict):
    article: str
    source: str
    players: list[int]
    order: list[int]
    """The possible shifters by sequence number (4.3), #1 first."""
    tried: int


class SkipDoc(TypedDict):
    """3.2.6: a G2 player passed over for an S1 player, and why."""

    player: int
    why: str


class PairDoc(TypedDict):
    s1: int
    t2: int
    passed_over: list[SkipDoc]


class BracketDoc(TypedDict):
    number: int
    score: str
    residents: list[int]
    potential_upfloaters: int
    minimum: int | None
    trials: list[SetDoc]
    upfloaters: list[int]
    quality: QualityDoc | None
    capped: bool
    """3.2.2 stopped after its limit of sets tried (the best legal one found by then taken)."""
    by_tpn: bool
    g1: list[int]
    g2: list[int]
    shifts: list[ShiftDoc]
    s1: list[int]
    t2: list[int]
    pairs: list[PairDoc]


class ColourDoc(TypedDict):
    white: int
    black: int
    higher: int
    rule: str
    text: str
    facts: str


class Details(TypedDict):
    """The ``details`` of a Dubov explanation (``details.schema.json``)."""

    max_t: int
    last_round: bool
    provisional: dict[str, int]
    players: list[PlayerDoc]
    pab: PabDoc | None
    brackets: list[BracketDoc]
    colours: list[ColourDoc]


def _nos(numbers: list[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers) if numbers else "none"


def paired_in(details: Details) -> dict[int, str]:
    """Where each player was paired: ``"bracket N"`` (the player table's last column)."""
    out: dict[int, str] = {}
    for b in details["brackets"]:
        for n in [*b["residents"], *b["upfloaters"]]:
            out[n] = f"bracket {b['number']}"
    return out


def sections(details: Details) -> list[Section]:
    """The players' ARO and upfloats, the PAB when none could be given, then each bracket."""
    out = [_players(details)]
    pab = details["pab"]
    if pab is not None and pab["chosen"] is None:
        lines = [line("C2", f"barred from the PAB: {_nos(pab['barred'])}")]
        lines += [
            line("3.1.2", "the others would then have no complete pairing", players=[c["player"]])
            for c in pab["candidates"]
        ]
        out.append(section("PAB: none possible", lines, rule="3.1"))
    if details["brackets"]:
        out.append(
            section(
                "Brackets, in descending order of score",
                [line("1.9.2", "the PAB first, then each scoregroup's remaining residents with the fewest upfloaters")],
                rule="Article 3",
                sections=[_bracket(b) for b in details["brackets"]],
            )
        )
    return out


def _players(details: Details) -> Section:
    head = [
        line("1.7", "ARO: the average rating of the opponents met over the board, rounded (.5 up); 0 before a game"),
        line(
            "1.8",
            f"MaxT = {details['max_t']}: a player upfloated that many times is a maximum upfloater"
            + ("; [C8]-[C10] do not apply in the last round" if details["last_round"] else ""),
        ),
    ]
    if details["provisional"]:
        given = ", ".join(f"#{n} {r}" for n, r in details["provisional"].items())
        head.append(line("1.1.2", f"provisional ratings for the unrated players: {given}"))
    lines = [
        line(
            None,
            f"rating {p['rating']}, ARO {p['aro']} ({p['games']} game(s)); prefers "
            f"{p['preference'] or 'no colour'} ({p['strength']}); upfloated {p['upfloats']} time(s)"
            + (", a maximum upfloater" if p["maximum_upfloater"] else "")
            + (", in the previous round" if p["upfloated_last_round"] else ""),
            players=[p["player"]],
        )
        for p in details["players"]
    ]
    return section(
        "Players: ARO and upfloats", [*head, *lines], rule="1.7", players=[p["player"] for p in details["players"]]
    )


def _quality(q: QualityDoc) -> str:
    scores = ", ".join(q["scores"]) or "none"
    return (
        f"[C6] upfloater scores {scores}; [C7] {q['colours']} without their colour preference; "
        f"[C8] {q['maximum']} maximum upfloater(s); [C9] {q['times']} upfloat(s) of them; "
        f"[C10] {q['previous']} upfloated in the previous round"
    )


_VERDICT = {
    "C1/C3": "the bracket would have no pairing complying with [C1] and [C3]",
    "C4": "the players below would then have no complete pairing ([C4])",
}


def _set_line(s: SetDoc) -> Line:
    who = _nos(s["players"]) if s["players"] else "no upfloater"
    q = s["quality"]
    if q is None:
        return line("3.2.2", f"{who}: {_VERDICT[s['verdict']]}")
    return line("3.2.2", f"{who}: legal; {_quality(q)}")


def _bracket(b: BracketDoc) -> Section:
    residents = f"residents {_nos(b['residents'])} (score {b['score']})"
    lines: list[Line] = [
        line("1.3.2", f"{residents}; {b['potential_upfloaters']} potential upfloater(s) below (4.2.1)")
    ]
    if b["minimum"] is not None:
        lines.append(line("3.2.1", f"the fewest upfloaters giving the residents a legal pairing: {b['minimum']}"))
    if b["trials"]:
        shown = [_set_line(s) for s in b["trials"][:LISTED]]
        more = len(b["trials"]) - LISTED
        if more > 0:
            shown.append(line(None, f"… and {more} more set(s) (the details list them all)"))
        chosen = _nos(b["upfloaters"]) if b["upfloaters"] else "none"
        q = b["quality"]
        lines.append(
            line(
                "3.2.2",
                f"upfloaters chosen: {chosen}, the first set (4.2 order) complying best with [C5]-[C10]"
                + (f": {_quality(q)}" if q is not None else "")
                + (" (the best of the sets tried before the search's limit)" if b["capped"] else ""),
                below=shown,
            )
        )
    split = "nobody has played: G1 is the first half by TPN" if b["by_tpn"] else "G1: the players preferring White"
    lines.append(line("3.2.3", f"{split}; G1 {_nos(b['g1'])}; G2 {_nos(b['g2'])}"))
    for s in b["shifts"]:
        why = (
            "players of the smaller subgroup would unavoidably be paired together"
            if s["article"] == "3.2.4.1"
            else "G1 and G2 made as large as each other"
        )
        lines.append(
            line(
                s["article"],
                f"{why}: {_nos(s['players'])} shifted out of {s['source']}, the first legal set in the order of 4.3 "
                f"(sequence numbers: {_nos(s['order'])})"
                + (f"; {s['tried']} earlier set(s) gave no legal pairing" if s["tried"] else ""),
            )
        )
    lines.append(line("3.2.5", f"S1 (G1 by ascending ARO, then TPN): {_nos(b['s1'])}"))
    skipped = [
        line(
            "3.2.6",
            f"#{p['s1']} – #{p['t2']}",
            below=[line(None, f"#{k['player']} passed over: {k['why']}") for k in p["passed_over"]],
        )
        for p in b["pairs"]
    ]
    lines.append(
        line("3.2.6", f"T2, the first transposition of G2 (4.4) giving a legal pairing: {_nos(b['t2'])}", below=skipped)
    )
    players = [*b["residents"], *b["upfloaters"]]
    return section(f"Bracket {b['number']}: score {b['score']}", lines, rule="3.2", players=players)
