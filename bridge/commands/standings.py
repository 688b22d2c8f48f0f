"""``swissbridge standings``: a file's ranking (:mod:`swissbridge.rules.ranking`) in the
form asked (:mod:`swissbridge.publish.standings`), the options checked against the event.
"""

from __future__ import annotations

import os

from swissbridge.model import Tournament
from swissbridge.publish.standings import (
    CROSSTABLE_RENDERERS,
    RENDERERS,
    TEAM_RENDERERS,
    render_explained_player,
    render_rating_change,
)
from swissbridge.rules.ranking import choose_tiebreaks, compute, compute_teams, restrict


def standings_output(
    path: str | os.PathLike[str],
    *,
    after_round: int | None = None,
    tiebreaks: str | None = None,
    fmt: str = "text",
    explain: str | None = None,
    crosstable: bool = False,
    unrated: int | None = None,
    encoding: str | None = None,
    tournament: Tournament | None = None,
    notes: list[str] | None = None,
    with_rating_change: bool = False,
    k: int | None = None,
    category: str | None = None,
) -> str:
    """What ``swissbridge standings`` prints for ``path`` (``encoding``: that of
    Swiss-Manager text exports), or for ``tournament`` read from it already; what the
    reader must know about the choices made (the option replacing the file's list) is
    added to ``notes``."""
    from swissbridge.errors import UsageError
    from swissbridge.systems.service import read_tournament

    if tournament is None:
        tournament = read_tournament(path, encoding=encoding)
    try:
        chosen = choose_tiebreaks(tournament, tiebreaks, str(path), notes)
    except ValueError as exc:
        raise UsageError(f"--tiebreaks: {exc}") from None
    if tournament.team_event:
        refused = [
            option
            for option, given in (
                ("--explain", explain is not None),
                ("--rating-change", with_rating_change),
                ("--category", category is not None),
                ("--unrated", unrated is not None),
                ("--format trf", fmt == "trf" and not crosstable),
            )
            if given
        ]
        if refused:
            raise UsageError(f"{refused[0]} is for events of players; this is a team event (see docs/team.md)")
        teams = compute_teams(tournament, chosen, after_round)
        if crosstable:
            if fmt not in CROSSTABLE_RENDERERS:
                raise UsageError(f"--crosstable is written as {', '.join(CROSSTABLE_RENDERERS)}, not {fmt}")
            return CROSSTABLE_RENDERERS[fmt](teams)
        return TEAM_RENDERERS[fmt](teams)
    if category is not None and (crosstable or explain is not None or fmt == "trf"):
        what = "--crosstable" if crosstable else "--explain" if explain is not None else "--format trf"
        raise UsageError(f"--category ranks a list of players; {what} is of the whole tournament")
    s = compute(tournament, chosen, after_round, unrated=unrated)
    if category is not None:
        s = restrict(s, category, notes)
    if explain is not None:
        number = explain.strip().lstrip("#")
        if not number.isdigit():
            raise UsageError(f"--explain: expected a start number such as #12, found {explain!r}")
        if fmt not in ("text", "html"):
            raise UsageError("--explain is written as text or html")
        return render_explained_player(s, int(number), fmt)
    if with_rating_change:
        if fmt not in ("text", "csv", "json"):
            raise UsageError(f"--rating-change is written as text, csv or json, not {fmt}")
        return render_rating_change(s, fmt, k)
    if crosstable:
        if fmt not in CROSSTABLE_RENDERERS:
            raise UsageError(f"--crosstable is written as {', '.join(CROSSTABLE_RENDERERS)}, not {fmt}")
        return CROSSTABLE_RENDERERS[fmt](s)
    return RENDERERS[fmt](s)
