"""The explanation document (``swissbridge explain``), typed part by part as
``docs/explain.schema.json`` describes it, and the wording every system shares.

A system's :meth:`~swissbridge.plugins.PairingSystem.explain` returns a
:class:`SystemPart`; the core (:mod:`swissbridge.commands.explain`) puts it under the header
it writes (schema, round, absentees) into one :class:`Explanation` and renders it as
text, JSON or HTML. What the core renders is generic: the boards, the PAB, the
players, and the system's *sections* (:class:`Section`: a title, the rule cited,
the players concerned, the reasons, nested); what a system records in its own
terms (Dutch brackets, Lim scoregroups) is its *details*, which the system owns,
types and documents itself, and shows to readers through its sections. A new
system adds no field here. The documents are plain dictionaries, so that the JSON
form is the document itself, with their keys in document order."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, NamedTuple, NotRequired, TypedDict

from swissbridge.model import Colour, Result, Tournament, format_points

if TYPE_CHECKING:
    from swissbridge.plugins import Trace


class Reason(TypedDict):
    """One step of an explanation: the article or criterion, and what it says here."""

    rule: str
    text: str


class PlayerReason(TypedDict):
    player: int
    rule: str
    text: str


class Absent(TypedDict):
    player: int
    name: str
    entry: str
    text: str


class HistoryEntry(TypedDict):
    round: int
    opponent: int | None
    colour: str | None
    result: str | None


class _Identity(TypedDict):
    player: int
    name: str
    title: str
    rating: int
    history: list[HistoryEntry]


class PlayerFacts(_Identity):
    """A player to be paired, as the system sees them before the round."""

    tpn: int
    rank: int
    score: str
    pairing_score: str
    colours: str
    colour_difference: int
    preference: str | None
    strength: str | None
    preference_text: str
    floats: list[str | None]
    pab_eligible: bool
    played_games: int
    topscorer: bool


class Player(PlayerFacts):
    """A player's facts and where the pairing put them (filled in by the core)."""

    board: int | None
    colour: str | None
    opponent: int | None
    pab: bool
    paired_in: str | None


class BoardDoc(TypedDict):
    board: int
    white: int
    black: int
    rule: str
    reasons: list[Reason]


class Bye(TypedDict):
    player: int
    score: str
    reasons: list[Reason]
    passed_over: list[PlayerReason]


class Line(TypedDict):
    """One reason of a section, with the reasons that explain it below it."""

    rule: str | None
    """The article or criterion it cites (``"C12"``, ``"3.8"``), or ``None``."""
    text: str
    """What it says here."""
    players: list[int]
    """The players it is about, when it is about some of the players only (written
    before it: ``#3, #7: [C6] ...``); empty otherwise."""
    below: list[Line]


class Section(TypedDict):
    """A step of the system's pairing, in the system's words (a Dutch bracket, a
    Lim scoregroup), or a heading over such steps."""

    title: str
    rule: str | None
    """The article the section applies (``"Article 3"``), or ``None``."""
    players: list[int]
    """The players concerned, by start number."""
    reasons: list[Line]
    sections: list[Section]
    """The steps under this heading, in order."""


class Articles(TypedDict):
    """Where the system's rules say what the text names in passing, so that the
    core's renderer never words a system's rules by its name."""

    initial_colour: str
    """The article that applies the initial colour (Dutch ``"5.1"``, Lim ``"7.2"``)."""
    last_round: str
    """What changes in the last round (Dutch ``"topscorers, 1.8"``, Lim ``"Article 6"``); empty: nothing said."""
    topscorers: str | None
    """The article defining topscorers (Dutch ``"1.8"``), ``None`` when the system has none."""
    colours: str
    """The articles allocating colours on the boards (Dutch ``"Article 5"``); empty: nothing said."""


NO_ARTICLES: Articles = {"initial_colour": "drawn by lot", "last_round": "", "topscorers": None, "colours": ""}
"""What the document says of a system that names no articles."""


class SystemPart(TypedDict, total=False):
    """What a system contributes to the document; a key it leaves out takes the
    core's value (the round's players to pair, the initial colour of
    :func:`swissbridge.rules.history.initial_colour`, otherwise empty or ``None``)."""

    rules: str
    """The rules the system applies, named for people (``"Lim System, C.04.4.3, ..."``)."""
    articles: Articles
    paired: int
    absent: list[Absent]
    """Who is not paired, with their entry (a team system: the teams); by default the
    players the round's state leaves out."""
    initial_colour: str | None
    summary: list[str]
    """Facts of the round the system adds to the summary line (Lim: ``"median score 2.0 (2.2)"``)."""
    pairing_found: bool
    players: list[PlayerFacts]
    paired_in: dict[int, str]
    """Where the system paired each player, in its words (``"bracket 3"``): the
    player table's last column."""
    boards: list[BoardDoc]
    bye: Bye | None
    sections: list[Section]
    details: Mapping[str, object]
    """The system's own record of the round (JSON values only), typed and
    documented by the system."""
    disagreements: list[str]


class TournamentDoc(TypedDict):
    name: str
    rounds: int | None


class Explanation(TypedDict):
    """The whole document (``docs/explain.md``)."""

    schema: str
    version: int
    system: str
    rules: str
    articles: Articles
    tournament: TournamentDoc
    round: int
    last_round: bool
    entrants: str
    """What is paired: ``"players"``, or ``"teams"`` in a team event (the numbers of the
    document are then the teams' pairing numbers)."""
    paired: int
    absent: list[Absent]
    initial_colour: str | None
    summary: list[str]
    pairing_found: bool
    players: list[Player]
    boards: list[BoardDoc]
    bye: Bye | None
    sections: list[Section]
    notes: list[str]
    disagreements: list[str]
    details: Mapping[str, object]
    no_legal_pairing: NotRequired[Unpaired]
    """Only when no legal pairing exists: who cannot be paired and why."""


class UnpairedPlayer(TypedDict):
    player: int
    name: str
    why: str


class Unpaired(TypedDict):
    """Why a round has no legal pairing (:mod:`swissbridge.systems.diagnosis`)."""

    summary: str
    players: list[UnpairedPlayer]


# ---------------------------------------------------------------- shared wording

ENTRY_TEXT = {
    Result.HALF_BYE: "half-point bye",
    Result.FULL_BYE: "full-point bye",
    Result.ZERO_BYE: "zero-point bye (absent)",
    Result.FORFEIT_LOSS: "forfeit loss",
    Result.FORFEIT_WIN: "forfeit win",
    Result.PAB: "pairing-allocated bye",
}
"""A round entry without a game, in an arbiter's words."""


def entry_text(result: Result) -> str:
    """What a round entry without a game is (``"half-point bye"``)."""
    return ENTRY_TEXT.get(result, result.name.lower().replace("_", " "))


def reason(rule: str, text: str) -> Reason:
    """One step of an explanation: the article or criterion, and what it says here."""
    return {"rule": rule, "text": text}


def line(rule: str | None, text: str, below: Iterable[Line] = (), players: Iterable[int] = ()) -> Line:
    """A reason of a section (:class:`Line`)."""
    return {"rule": rule, "text": text, "players": list(players), "below": list(below)}


def section(
    title: str,
    reasons: Iterable[Line] = (),
    *,
    rule: str | None = None,
    players: Iterable[int] = (),
    sections: Iterable[Section] = (),
) -> Section:
    """A section of the document (:class:`Section`)."""
    return {
        "title": title,
        "rule": rule,
        "players": list(players),
        "reasons": list(reasons),
        "sections": list(sections),
    }


def grouped(entries: Iterable[PlayerReason]) -> list[Line]:
    """Reasons about single players, those that say the same merged into one line
    (players in order): ``#3, #7: [C6] ...``."""
    groups: dict[tuple[str, str], list[int]] = {}
    for e in entries:
        groups.setdefault((e["rule"], e["text"]), []).append(e["player"])
    return [line(rule, text, players=players) for (rule, text), players in groups.items()]


def colour_name(c: Colour | None) -> str | None:
    """``"white"``, ``"black"`` or ``None``, as the document writes colours."""
    return None if c is None else ("white" if c is Colour.WHITE else "black")


def colour_letters(colours: tuple[Colour, ...] | list[Colour]) -> str:
    """Played colours as ``"WBW"``."""
    return "".join("W" if c is Colour.WHITE else "B" for c in colours)


def player_identity(tournament: Tournament, n: int, round_no: int) -> _Identity:
    """Name, title, rating and the round-by-round history before ``round_no``."""
    p = tournament.player(n)
    history: list[HistoryEntry] = []
    for r in range(1, round_no):
        e = p.entry(r)
        if e is None:
            history.append({"round": r, "opponent": None, "colour": None, "result": None})
        else:
            colour = colour_name(e.colour) if e.opponent is not None else None
            history.append({"round": r, "opponent": e.opponent, "colour": colour, "result": e.result.value})
    return {"player": n, "name": p.name, "title": p.title, "rating": p.rating, "history": history}


def boards_part(tournament: Tournament, trace: Trace) -> SystemPart:
    """The part of the document any trace gives: the boards with the rule the system
    names for each, and the PAB with its score."""
    boards: list[BoardDoc] = [
        {"board": i, "white": b.white, "black": b.black, "rule": b.rule, "reasons": []}
        for i, b in enumerate(trace.boards, 1)
    ]
    bye: Bye | None = None
    if trace.bye is not None:
        p = tournament.player(trace.bye)
        score = format_points(p.pairing_score(tournament.points, trace.round_no - 1))
        bye = {"player": trace.bye, "score": score, "reasons": [], "passed_over": []}
    return {"boards": boards, "bye": bye}


class Checklist(NamedTuple):
    """A system's own columns of bbpPairings' check-list (``swissbridge-engine -l``),
    between ``Pref`` and ``Cur`` (:meth:`PairingSystem.checklist
    <swissbridge.plugins.protocol.PairingSystem.checklist>`): their headers, and each
    player's cells by start number."""

    headers: tuple[str, ...]
    cells: Mapping[int, tuple[str, ...]]


def fact_cells(document: Explanation) -> dict[int, tuple[str, ...]]:
    """Each player's PAB eligibility (``Y``/``N``) and floats of the last round and of
    the one before (``D`` down, ``U`` up, ``F`` floated where the system records no
    direction, blank for none), from the players' facts of ``document``."""
    letters = {"down": "D", "up": "U"}
    return {
        d["player"]: (
            "Y" if d["pab_eligible"] else "N",
            *(" " if f is None else letters.get(f, "F") for f in [*d["floats"], None, None][:2]),
        )
        for d in document["players"]
    }


def generic_checklist(document: Explanation) -> Checklist:
    """The check-list's columns of a system bbpPairings has not (docs/engine.md):
    ``PAB``, ``F1`` and ``F2`` (:func:`fact_cells`)."""
    return Checklist(("PAB", "F1", "F2"), fact_cells(document))
