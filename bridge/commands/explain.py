"""``swissbridge explain``: why a round was paired as it was, for arbiters: the explanation
document.

The pairing system traces the round (:meth:`~swissbridge.plugins.PairingSystem.trace`)
and turns the trace into its part of one *explanation document*
(:meth:`~swissbridge.plugins.PairingSystem.explain`, typed in
:mod:`swissbridge.plugins.document`, documented in ``docs/explain.md`` and
``docs/explain.schema.json``); this module writes the header (schema, round,
absentees, initial colour) and places every player. :mod:`swissbridge.publish.explain`
renders the document. Nothing here names a system or its steps.
"""

from __future__ import annotations

from typing import Any

from swissbridge.model import Tournament
from swissbridge.plugins import PairingSystem, Trace
from swissbridge.plugins.document import (
    NO_ARTICLES,
    Absent,
    BoardDoc,
    Bye,
    Explanation,
    Player,
    PlayerFacts,
    colour_name,
    entry_text,
)
from swissbridge.rules.history import adjourned_note, initial_colour
from swissbridge.state import build_state
from swissbridge.systems import DEFAULT, games_per_round, refuse

SCHEMA = "swissbridge-explain"


VERSION = 2
"""Bumped on any incompatible change of the document (a field removed, renamed or
retyped); adding an optional field keeps the version. 2: the systems' own steps
(brackets, scoregroups, median, PAB score) moved from the top level into
``sections`` and ``details``."""


# ================================================================ the document


def explain(
    tournament: Tournament,
    *,
    system: str | PairingSystem = DEFAULT,
    round_no: int | None = None,
    trace: Trace | None = None,
) -> Explanation:
    """The explanation document of ``round_no`` (default: the next round; when the last
    round paired has no result yet, that round, which ``pair`` would not pair over), from
    the system's ``trace`` of it (made here when not given).

    Raises :class:`~swissbridge.errors.InputError` for an unknown system or round.
    When no legal pairing exists the document says so (``pairing_found`` false) and
    who cannot be paired and why (``no_legal_pairing``); a Lim document also says
    where the pairing got stuck."""
    from swissbridge.pairing import NoLegalPairing
    from swissbridge.plugins import resolve
    from swissbridge.systems.diagnosis import UnpairableRound, diagnose
    from swissbridge.systems.service import system_round, unpairable

    name, engine = resolve(system)
    refuse(engine, tournament)  # a team event for a system of players, and the reverse
    last = tournament.next_round - 1
    swiss = engine.round_robin is None
    games = games_per_round(engine)  # a system whose rounds are matches of several games (C.04.5)
    rounds = tournament.total_rounds // games if tournament.total_rounds is not None else None
    if trace is None and round_no is None and swiss and games == 1 and last >= 1 and tournament.is_unplayed(last):
        # the round just paired and not played yet: `pair` refuses the next one over it (a round
        # with no result at all is not adjourned), so the default explains the pairing made
        round_no = last
    r, column = system_round(engine, tournament, trace.round_no if trace is not None else round_no)
    failure: UnpairableRound | None = None
    if trace is None:
        try:
            trace = engine.trace(tournament, r)
        except NoLegalPairing as exc:
            failed = unpairable(tournament, r, exc)
            failure = failed if isinstance(failed, UnpairableRound) else None
    part: dict[str, Any] = {}
    if trace is not None:
        try:
            part = dict(engine.explain(tournament, trace))
        except NoLegalPairing as exc:  # a system that cannot explain a round it could not pair
            failed = unpairable(tournament, r, exc)
            failure = failed if isinstance(failed, UnpairableRound) else None
    st = build_state(tournament, column)
    absent: list[Absent] = (
        part["absent"]
        if "absent" in part
        else [
            {"player": n, "name": tournament.player(n).name, "entry": result.value, "text": entry_text(result)}
            for n, result in sorted(st.absent.items())
        ]
    )
    notes = list(trace.notes) if trace is not None else []
    if (note := adjourned_note(tournament, column)) is not None:
        notes.insert(0, note)
    boards = part.get("boards", [])
    bye = part.get("bye")
    doc: Explanation = {
        "schema": SCHEMA,
        "version": VERSION,
        "system": name,
        "rules": part.get("rules", name),
        "articles": part.get("articles", NO_ARTICLES),
        "tournament": {"name": tournament.name, "rounds": rounds},
        "round": r,
        "last_round": st.last_round,
        "entrants": "teams" if tournament.team_event else "players",
        "paired": part.get("paired", len(st.present)),
        "absent": absent,
        "initial_colour": part.get("initial_colour", colour_name(initial_colour(tournament))),
        "summary": part.get("summary", []),
        "pairing_found": trace is not None and trace.pairing is not None,
        "players": _located(part.get("players", []), boards, bye, part.get("paired_in", {})),
        "boards": boards,
        "bye": bye,
        "sections": part.get("sections", []),
        "notes": notes,
        "disagreements": part.get("disagreements", []),
        "details": part.get("details", {}),
    }
    if not doc["pairing_found"] and tournament.team_event:  # the diagnosis reads players, not teams
        doc["no_legal_pairing"] = {"summary": trace.failure if trace is not None else "", "players": []}
    elif not doc["pairing_found"]:
        diagnosis = failure.diagnosis if failure is not None else diagnose(tournament, column)
        doc["no_legal_pairing"] = {
            "summary": diagnosis.summary,
            "players": [{"player": u.player, "name": u.name, "why": u.why} for u in diagnosis.players],
        }
    return doc


def _located(
    players: list[PlayerFacts], boards: list[BoardDoc], bye: Bye | None, paired_in: dict[int, str]
) -> list[Player]:
    """Every player's facts with where the player ended up: board and colour,
    opponent, the PAB, and the step of the system that paired them (``paired_in``)."""
    where: dict[int, tuple[int | None, str | None, int | None]] = {}
    for b in boards:
        where[b["white"]] = (b["board"], "white", b["black"])
        where[b["black"]] = (b["board"], "black", b["white"])
    pab = bye["player"] if bye is not None else None
    out: list[Player] = []
    for p in players:
        n = p["player"]
        board, colour, opponent = where.get(n, (None, None, None))
        section = paired_in.get(n)
        out.append({**p, "board": board, "colour": colour, "opponent": opponent, "pab": n == pab, "paired_in": section})
    return out
