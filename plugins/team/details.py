"""The team Swiss details of the explanation document: the round as C.04.6 Article 3
paired it (the PAB's candidates, each bracket's upfloater sets and pairing), each
pair's colours (Article 4), the teams' scores (1.2) and the matches' board pairings,
as :mod:`.explanation` records them from the trace, typed as
``plugins/team/details.schema.json`` describes them, and how they read
(:func:`sections`), which the core renders in text and HTML like any other."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypedDict

from swissbridge.plugins.document import Line, Section, line, section

LISTED = 12
"""The upfloater sets (and potential upfloaters) the text lists of a step before
saying how many more; the details have them all."""


class TeamScores(TypedDict):
    """A team to pair before the round (1.2, 1.5-1.7, [C2])."""

    team: int
    name: str
    score: str
    """The pairing score: the primary score plus virtual points (C.04.7)."""
    primary: str
    secondary: str
    played: int
    """Matches played (3.4.3)."""
    colours: str
    colour_difference: int
    preference: str | None
    strong: bool | None
    """Type B: whether the preference is strong (1.7.2); ``None`` otherwise."""
    preference_rule: str | None
    """The clause of 1.7 that gives it, in words."""
    floated: bool
    """A floater in the previous round (1.5)."""
    pab_barred_by: str | None
    """[C2]: the match that bars the PAB, in words."""


class PabCandidateDoc(TypedDict):
    team: int
    score: str
    played: int
    leaves_pairing: bool | None
    """3.4.1; ``None``: not tried (a team before it was chosen)."""


class PabDoc(TypedDict):
    """3.4."""

    teams: int
    barred: list[int]
    candidates: list[PabCandidateDoc]
    chosen: int | None


class SetDoc(TypedDict):
    """One upfloater set tried (3.5.4 order) and what it gave."""

    teams: list[int]
    verdict: str
    """``C1``: the bracket has no pairing complying with [C1]; ``C3``: the teams left
    have none; ``legal``."""
    c6: str | None
    c7: int | None


class TrialDoc(TypedDict):
    """The sets of one number of upfloaters ([C4]) and one score profile ([C5])."""

    count: int
    profile: list[str]
    sets: list[SetDoc]
    chosen: int | None


class PairCost(TypedDict):
    pair: list[int]
    c8: int
    c9: int
    c10: int
    text: str


class BracketDoc(TypedDict):
    """A bracket (3.3.2, 3.5, 3.6)."""

    number: int
    score: str
    residents: list[int]
    potential_upfloaters: list[int]
    following: str | None
    trials: list[TrialDoc]
    upfloaters: list[int]
    pairs: list[list[int]]
    fold: list[list[int]]
    fold_problem: str | None
    """Why the first identifier of all was not taken; ``None`` when it was."""
    costs: list[PairCost]
    """The pairs that count for [C8]-[C10]."""


class ColourDoc(TypedDict):
    """Article 4 for one pair."""

    white: int
    black: int
    first_team: int
    first_by: str
    first_text: str
    rule: str
    text: str
    facts: str


class GameDoc(TypedDict):
    board: int
    white: int | None
    black: int | None
    white_name: str
    black_name: str


class MatchDoc(TypedDict):
    white: int
    black: int
    games: list[GameDoc]


class Details(TypedDict):
    """The team Swiss's part of the document that only it reads."""

    primary: str
    secondary: str
    secondary_for_colours: bool
    colour_model: str
    last_two_rounds: bool
    teams: list[TeamScores]
    pab: PabDoc | None
    brackets: list[BracketDoc]
    colours: list[ColourDoc]
    matches: list[MatchDoc]


def _nos(numbers: Iterable[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers) or "none"


def _some(numbers: list[int]) -> str:
    more = len(numbers) - LISTED
    return _nos(numbers[:LISTED]) + (f" and {more} more" if more > 0 else "")


def paired_in(details: Details) -> dict[int, str]:
    """The bracket that paired each team."""
    return {n: f"bracket {b['number']}" for b in details["brackets"] for pair in b["pairs"] for n in pair}


def sections(details: Details) -> list[Section]:
    """The teams' scores, the brackets top-scoregroup first and the matches' boards."""
    out = [_scores(details)]
    pab = details["pab"]
    if pab is not None and pab["chosen"] is None:
        out.append(_no_pab(pab))
    if details["brackets"]:
        out.append(
            section(
                "Brackets, top-scoregroup first",
                [line("3.3.2", "the top-scoregroup of the teams not yet paired and its upfloaters make a bracket")],
                rule="Article 3",
                sections=[_bracket(b) for b in details["brackets"]],
            )
        )
    if details["matches"]:
        out.append(_matches(details))
    return out


def _no_pab(pab: PabDoc) -> Section:
    """3.4, 3.3.3: the PAB no team can receive."""
    lines = [line("3.3.2", f"{pab['teams']} teams to pair: an odd number, one team gets the PAB first")]
    if pab["barred"]:
        lines.append(line("C2", f"barred from the PAB: {_nos(pab['barred'])}"))
    lines += [
        line(
            "3.4.1", "the other teams would then have no pairing in which no two teams meet again", players=[c["team"]]
        )
        for c in pab["candidates"]
    ]
    lines.append(line("3.3.3", "no team can receive the PAB: the round has no legal pairing"))
    return section(
        "PAB: none possible", lines, rule="3.4", players=[*pab["barred"], *(c["team"] for c in pab["candidates"])]
    )


def _scores(details: Details) -> Section:
    primary, secondary = details["primary"], details["secondary"]
    used = "used for colours (4.2.2)" if details["secondary_for_colours"] else "not used for colours (4.2.2)"
    lines = [
        line(
            None,
            f"{t['primary']} {primary}, {t['secondary']} {secondary}; {t['played']} match(es) played"
            + (f"; pairing score {t['score']} with virtual points (C.04.7)" if t["score"] != t["primary"] else ""),
            players=[t["team"]],
        )
        for t in details["teams"]
    ]
    head = line("1.2", f"primary score: {primary}; secondary score: {secondary}, {used}")
    return section("Scores before the round", [head, *lines], rule="1.2", players=[t["team"] for t in details["teams"]])


_VERDICT = {
    "C1": ("C1", "the bracket would have no pairing in which no two teams meet again"),
    "C3": ("C3", "the teams left would have no pairing in which no two teams meet again"),
}


def _set_line(s: SetDoc) -> Line:
    who = _nos(s["teams"]) if s["teams"] else "no upfloater"
    if s["verdict"] in _VERDICT:
        rule, text = _VERDICT[s["verdict"]]
        return line(rule, f"{who}: {text}")
    c7 = s["c7"] or 0
    return line(None, f"{who}: legal; [C6] {s['c6']}; [C7] {c7} upfloater(s) that floated in the previous round")


def _trial_lines(b: BracketDoc) -> list[Line]:
    out: list[Line] = []
    seen: set[int] = set()
    for t in b["trials"]:
        scores = ", ".join(t["profile"])
        what = f"{t['count']} upfloater(s)" + (f" scoring {scores}" if scores else "")
        rule = "C5" if t["count"] in seen else "C4"
        seen.add(t["count"])
        listed = t["sets"] if t["chosen"] is None else t["sets"][: t["chosen"] + 1]
        below = [_set_line(s) for s in listed[:LISTED]]
        if len(listed) > LISTED:
            below.append(line(None, f"and {len(listed) - LISTED} more set(s) tried before"))
        if t["chosen"] is None:
            out.append(line(rule, f"{what}: no set of them gives a legal bracket ({len(t['sets'])} tried)", below))
            continue
        chosen = t["sets"][t["chosen"]]
        later = t["sets"][t["chosen"] + 1 :]
        if later:
            below.append(
                line(
                    "3.5.5",
                    f"{len(later)} later set(s) tried: none complies better with [C6], then [C7]",
                    [_set_line(s) for s in later[:LISTED]],
                )
            )
        taken = _nos(chosen["teams"]) if chosen["teams"] else "no upfloater"
        out.append(
            line(
                "3.5.5",
                f"{what}: {taken} taken: of the first number ([C4]) and score profile ([C5]) with a legal set, "
                "the first set in the order of 3.5.3-3.5.4 complying best with [C6], then [C7]",
                below,
            )
        )
    return out


def _bracket(b: BracketDoc) -> Section:
    ups = b["upfloaters"]
    title = (
        f"Bracket {b['number']} — top-scoregroup {b['score']}, {len(b['residents'])} team(s), {len(ups)} upfloater(s)"
    )
    out: list[Line] = [line("3.3.2", f"top-scoregroup (score {b['score']}): {_nos(b['residents'])}")]
    parity = "odd: at least one upfloater" if len(b["residents"]) % 2 else "even: no upfloater, if it can be paired"
    out.append(line("C4", f"{len(b['residents'])} team(s), {parity}"))
    if b["potential_upfloaters"]:
        out.append(line("3.5.1", f"potential upfloaters (the lower scores): {_some(b['potential_upfloaters'])}"))
    following = f"the following scoregroup scores {b['following']}" if b["following"] else "no following scoregroup"
    out.append(line("C6", following))
    out += _trial_lines(b)
    if not b["pairs"]:
        return section(title, out, players=[*b["residents"], *ups])
    pairs = ", ".join(f"{p[0]}–{p[1]}" for p in b["pairs"])
    below: list[Line] = []
    fold = ", ".join(f"{p[0]}–{p[1]}" for p in b["fold"])
    if b["fold_problem"] is None:
        below.append(
            line(
                "3.6.3",
                f"the first identifier of all ({fold}, the upper half against the lower half) complies "
                "with [C1] and no pair counts for [C8]-[C10]: taken",
            )
        )
    else:
        below.append(line("3.6.3", f"the first identifier of all ({fold}): {b['fold_problem']}"))
        below.append(
            line(
                "3.6.4",
                "of the pairings complying with [C1], those with the fewest [C8], then [C9], then [C10] pairs "
                "any such pairing of the bracket has; of them, the first in the order of identifiers (3.6.2)"
                + (": the first identifier of all itself" if b["pairs"] == b["fold"] else ""),
            )
        )
    below += [line(None, c["text"], players=c["pair"]) for c in b["costs"]]
    out.append(line("3.6", f"pairs (the smaller TPN first, 3.6.1): {pairs}", below))
    return section(title, out, players=[*b["residents"], *ups])


def _side(game: GameDoc, colour: Literal["white", "black"]) -> str:
    n = game[colour]
    return "(empty board)" if n is None else f"{game['white_name' if colour == 'white' else 'black_name']} ({n})"


def _forfeit(game: GameDoc) -> str:
    """A board a line-up leaves unoccupied: the other side wins it by forfeit."""
    return ": won by forfeit" if game["white"] is None or game["black"] is None else ""


def _matches(details: Details) -> Section:
    names = {t["team"]: t["name"] for t in details["teams"]}
    out = []
    for m in details["matches"]:
        games = [
            line(None, f"board {g['board']}: {_side(g, 'white')} – {_side(g, 'black')}{_forfeit(g)}")
            for g in m["games"]
        ]
        white, black = m["white"], m["black"]
        out.append(line(None, f"#{white} {names[white]} – #{black} {names[black]}", games))
    return section(
        "Matches: the board pairings",
        [
            line(
                "1.6.1",
                "a team's colour is its board-1 player's; the boards follow record 352 (alternating when "
                "it is absent), the teams' members in record 310's order",
            ),
            *out,
        ],
        rule="1.6.1",
    )
