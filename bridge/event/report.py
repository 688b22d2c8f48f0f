"""The tournament report FIDE's rating server takes (``swissbridge report``): the event
as TRF16 (FIDE's Data Exchange Format, C.04 Annex 2), with the whole header and the
dates of the rounds, the points and ranks of the final standings, and nothing of the
pairing engines' lines (``XXR``, ``XXC`` …, and the TRF-2026 records of pairing a
round, 240 and 260, which the trf16 writer keeps), which a report does not hold.

A report is complete or it is not written: the header records a rated event is
registered with (012 name, 022 city, 032 federation, 042 and 052 dates, 102 chief
arbiter, 122 time control), a date in record 132 for every round, every round played
and every game with a result, and a federation for every player. What is missing is
listed, each with the option of ``swissbridge set`` (or the command) that gives it.
Records 062 and 072 (the numbers of players and of rated players) are counted.
"""

from __future__ import annotations

from dataclasses import replace

from swissbridge.errors import InputError
from swissbridge.event.header import round_dates, with_records
from swissbridge.messages import listed, ranges
from swissbridge.model import Tournament, fide_id_key

REQUIRED: tuple[tuple[str, str, str], ...] = (
    ("012", "the tournament name", "--name"),
    ("022", "the city", "--city"),
    ("032", "the federation", "--federation"),
    ("042", "the start date", "--start"),
    ("052", "the end date", "--end"),
    ("102", "the chief arbiter", "--chief-arbiter"),
    ("122", "the time control", "--time-control"),
)
"""The header records a report needs: (record, what it holds, the ``set`` option giving it)."""


class Incomplete(InputError):
    """The tournament lacks what a report needs (:func:`missing`): no report is written."""

    def __init__(self, missing: list[str]) -> None:
        super().__init__("not a complete FIDE report, nothing written; missing: " + "; ".join(missing))
        self.missing = tuple(missing)


def missing(t: Tournament) -> list[str]:
    """What ``t`` lacks for a FIDE report, one item each, with how to give it."""
    headers = dict(t.headers)
    out = [
        f"{what} (record {code}: swissbridge set FILE {option} …)"
        for code, what, option in REQUIRED
        if not (t.name if code == "012" else headers.get(code, "")).strip()
    ]
    total = t.total_rounds
    if total is None:
        out.append("the number of rounds (record 142: swissbridge set FILE --rounds N)")
        total = t.completed_rounds
    unplayed = [r for r in range(1, total + 1) if not t.is_paired(r)]
    if unplayed:
        out.append(f"round(s) {ranges(unplayed)} not played yet")
    pending = [f"round {r} {w}-{b}" for r in range(1, total + 1) for w, b in t.pending_games(r)]
    if pending:
        out.append(f"results of {len(pending)} game(s): {listed(pending, 5)} (swissbridge result)")
    dated = round_dates(t)
    undated = [r for r in range(1, total + 1) if r not in dated]
    if undated:
        out.append(f"the date of round(s) {ranges(undated)} (record 132: swissbridge set FILE --round-dates …)")
    stateless = [p.start_no for p in t.players if not p.federation.strip()]
    if stateless:
        out.append(f"the federation of player(s) {ranges(stateless)}")
    unknown = [p for p in t.players if p.rating and not fide_id_key(p.fide_id)]
    if unknown:
        shown = listed([f"{p.start_no} {p.name}" for p in unknown], 5)
        out.append(
            f"the FIDE id of {len(unknown)} rated player(s): {shown} (FIDE rates a player by id: "
            "columns 49-59 of the player's line)"
        )
    return out


INDIVIDUAL_RANKING = "PTS"
"""How a team event's report ranks its players: by the points of their own games."""

TEAM_RECORDS_2026 = ("240", "250", "260", "299", "300", "310", "320", "330", "352", "362")
"""The TRF-2026 records of a team event, which a TRF16 report does not hold."""


def _teams_as_013(t: Tournament) -> Tournament:
    """A team event as its TRF16 report gives its teams: one record 013 a team (the name
    in columns 5-36, the members' start numbers from column 37, as the readers take it),
    instead of the TRF-2026 team records (310, 300, 320 …)."""
    assert t.teams is not None, "a team event has its teams"
    lines = [f"{team.name[:32]:<32}" + " ".join(f"{n:>4}" for n in team.members) for team in t.teams.teams]
    for code in TEAM_RECORDS_2026:
        t = with_records(t, code, [])
    return with_records(t, "013", lines)


_PAIRING_RECORDS = ("XX", "240", "260")
"""The lines of the trf16 writer that are for pairing a round, not for the report."""


def fide_report(t: Tournament) -> str:
    """The report's TRF16 text, or :class:`Incomplete` listing what is missing."""
    from swissbridge.formats.trf import write_trf
    from swissbridge.rules.ranking import choose_tiebreaks, compute

    lacking = missing(t)
    if lacking:
        raise Incomplete(lacking)
    # a team event's players are rated on their games: ranked by their own points (the team
    # standings rank teams, C.07 11-13), each with the points of their games
    tiebreaks = choose_tiebreaks(t, INDIVIDUAL_RANKING if t.team_event else None)
    ranks = {row.start_no: row.rank for row in compute(t, tiebreaks).rows}
    rated = sum(1 for p in t.players if p.rating)
    counted = with_records(with_records(t, "062", [str(len(t.players))]), "072", [str(rated)])
    if t.team_event:
        counted = _teams_as_013(counted)
    ranked = replace(
        counted,
        players=tuple(
            replace(p, rank=ranks.get(p.start_no), stated_points=None if t.team_event else p.stated_points)
            for p in counted.players
        ),
    )
    lines = write_trf(ranked, dialect="trf16").splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith(_PAIRING_RECORDS))
