"""The files the watcher publishes for a round, and the board order it reports in.

For a paired round ``N`` of a tournament whose outputs are prefixed ``P``, the
folder ``P-R{N}`` (published as one, :mod:`swissbridge.watch.publish`) holds:

* ``P-R{N}-Spielerauslosung.txt``: the Swiss-Manager import file (``Extras → Daten
  Import/Export → Spielerauslosung``), which creates round N with these pairings;
* ``P-R{N}.trf``: the tournament state in TRF-2026, round N paired and unplayed;
* ``P-R{N}.pgn``: one empty game per board (``Round "N.B"``, ``Result "*"``) for
  DGT LiveChess and broadcast tools;
* ``P-R{N}.txt`` and ``P-R{N}.html``: the pairing list to read and to print;
* ``index.html``, ``players/{start}.html`` and ``standings.txt``/``.json``/``.html``: the
  round's static site — the pairing, the standings and the crosstable after round
  ``N - 1``, one page per player (:mod:`swissbridge.publish.site`).

A team event (C.04.6) gets the same folder without the Swiss-Manager import file: the
TRF and the PGN hold the members' games, the lists the matches and their boards, and
the site (:mod:`swissbridge.publish.teamsite`) the matches, the team standings, a page per
team (``teams/{TPN}.html``) and per player.

After the last round's results, both workflows publish ``P-R{N}-final/``: the final
standings and crosstable as the same site without a pairing, and ``P-R{N}-final.trf``,
the tournament with every result recorded. A page links only to the rounds whose
folders were published (a round paired before the watcher started has none). A file added to a round's set (see
:meth:`~swissbridge.watch.types.OutputSet.adding`) is published with the others.

Names in the HTML page are escaped: a player called ``<script>`` is printed, not run.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Collection

from swissbridge.errors import OutputError
from swissbridge.model import Tournament, format_points
from swissbridge.pairing import RoundPairing, apply_pairing, printed_order
from swissbridge.rules.tiebreaks import TieBreak
from swissbridge.watch.types import OutputSet


def _encode(text: str | bytes) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8")


def round_folder(prefix: str, round_no: int) -> str:
    """The folder that holds the published files of round ``round_no``."""
    return f"{prefix}-R{round_no}"


def output_names(prefix: str, round_no: int) -> dict[str, str]:
    """The output file names of one round, by kind (inside :func:`round_folder`)."""
    stem = f"{prefix}-R{round_no}"
    return {
        "sm": f"{stem}-Spielerauslosung.txt",
        "trf": f"{stem}.trf",
        "pgn": f"{stem}.pgn",
        "text": f"{stem}.txt",
        "html": f"{stem}.html",
    }


_log = logging.getLogger("swissbridge.watch")


def final_state(
    prefix: str, round_no: int, data: bytes, tournament: Tournament, linked: Collection[int] = ()
) -> OutputSet:
    """The final standings after the last round ``round_no``: the TRF-2026 ``data`` with
    every result recorded, and the final standings and crosstable as a site
    (:func:`swissbridge.publish.site.final_site`; ``linked``: the rounds with a published folder)."""
    from swissbridge.publish.site import final_site

    name = f"{prefix}-R{round_no}-final"
    files = {f"{name}.trf": data}
    if tournament.team_event:
        from swissbridge.publish.teamsite import final_team_site

        files.update(final_team_site(tournament, round_no, prefix, _tiebreaks(tournament), linked=linked))
    else:
        files.update(final_site(tournament, round_no, prefix, _tiebreaks(tournament), linked=linked))
    return OutputSet(name, round_no + 1, files)


def round_outputs(
    prefix: str,
    tournament: Tournament,
    pairing: RoundPairing,
    *,
    sm_host_round: int | None = None,
    linked: Collection[int] = (),
) -> OutputSet:
    """Render every output of a freshly paired round. ``tournament`` is the state
    *before* the pairing (results of the previous rounds recorded); ``sm_host_round``
    is the last round Swiss-Manager's export held, when known (the import file is
    refused if the host already has the round being paired); ``linked``: the earlier
    rounds whose folders were published (the site links to those only).

    A team event's ``pairing`` is of teams: the files that hold games (TRF, PGN) hold
    its members' games (:func:`swissbridge.rules.teams.board_pairing`, as ``pair`` writes
    them), the lists and the site the matches and their boards
    (:mod:`swissbridge.publish.teamsite`); no Swiss-Manager import file is written (its team
    tournaments are not a host: the file would pair players, and drop the PAB team).
    A Double-Swiss round (C.04.5) is a match of two games a board: the TRF holds both
    columns (:func:`swissbridge.rules.twogame.apply_match`), the PGN both games
    (``Game`` tag); no Swiss-Manager import file (one game a player and a round)."""
    names = output_names(prefix, pairing.round_no)
    team = tournament.team_event
    matches = tournament.points.games > 1  # a Double-Swiss round: two games a board (C.04.5)
    games = pairing
    if team:
        from swissbridge.rules.teams import board_pairing

        games = board_pairing(tournament, pairing)

    def sm() -> str:
        from swissbridge.formats.swissmanager import write_pairings

        return write_pairings(tournament, pairing, host=sm_host_round)

    def trf() -> str:
        from swissbridge.formats.trf import write_trf
        from swissbridge.rules.twogame import apply_match

        paired = apply_match(tournament, games) if matches else apply_pairing(tournament, games)
        return write_trf(paired, dialect="trf26")

    def pgn() -> str:
        from swissbridge.formats.pgn import write_pairing_pgn

        return write_pairing_pgn(tournament, games)

    def text() -> str:
        from swissbridge.systems.service import board_list, team_board_list

        return team_board_list(tournament, pairing) if team else board_list(tournament, pairing)

    def printable() -> str:
        if team:
            from swissbridge.publish.teamsite import team_pairing_html

            return team_pairing_html(tournament, pairing)
        return pairing_html(tournament, pairing)

    renderers: dict[str, Callable[[], str | bytes]] = {
        **({} if team or matches else {"sm": sm}),
        "trf": trf,
        "pgn": pgn,
        "text": text,
        "html": printable,
    }
    files: dict[str, bytes] = {}
    for kind, render in renderers.items():
        try:
            files[names[kind]] = _encode(render())
        except OutputError as exc:  # this format cannot hold the tournament: say so, publish the rest
            _log.warning("%s is not written: %s", names[kind], exc)
    files.update(_site(prefix, tournament, pairing, linked))
    host_file = names["sm"] if names["sm"] in files else None
    return OutputSet(round_folder(prefix, pairing.round_no), pairing.round_no, files, host_file)


def _site(prefix: str, tournament: Tournament, pairing: RoundPairing, linked: Collection[int]) -> dict[str, bytes]:
    """The round's site and standings (:func:`swissbridge.publish.site.round_site`; a team
    event's: :func:`swissbridge.publish.teamsite.team_round_site`)."""
    if tournament.team_event:
        from swissbridge.publish.teamsite import team_round_site

        return team_round_site(tournament, pairing, prefix, _tiebreaks(tournament), linked=linked)
    from swissbridge.publish.site import round_site

    return round_site(tournament, pairing, prefix, _tiebreaks(tournament), linked=linked)


def _tiebreaks(tournament: Tournament) -> list[TieBreak]:
    """The file's tie-break list (record 202, the ``.TUNX`` list) or, when it has none or a
    bad one (said in the log), the default."""
    from swissbridge.errors import InputError
    from swissbridge.rules.ranking import choose_tiebreaks
    from swissbridge.rules.tiebreaks import DEFAULT_TIEBREAKS, parse_tiebreaks

    try:
        return choose_tiebreaks(tournament, None)
    except InputError as exc:
        _log.warning("the standings use the default tie-breaks %s: %s", DEFAULT_TIEBREAKS, exc)
        return parse_tiebreaks(DEFAULT_TIEBREAKS)


def board_numbers(tournament: Tournament, round_no: int) -> dict[frozenset[int], int]:
    """Board number of every game of ``round_no`` as printed (:func:`~swissbridge.pairing.printed_order`)."""
    return {frozenset(g): i for i, g in enumerate(printed_order(tournament, round_no), 1)}


def team_board_numbers(
    tournament: Tournament, round_no: int, pairlist: str | None
) -> dict[frozenset[int], tuple[int, int]]:
    """(match, board) of every game of ``round_no`` of a team event still without a
    result (:meth:`~swissbridge.model.Tournament.pending_games`), as
    :func:`~swissbridge.rules.teams.round_boards` numbers them: the matches in the order of
    the pairing of teams the watcher published (``pairlist``), else (a round paired
    before the watcher started) as ``pair`` prints them (:class:`InputError` for an
    accelerated event, whose order only the published pairing gives)."""
    from swissbridge.rules.teams import printed_boards, round_boards

    if tournament.board_list(round_no) is not None:  # the round's boards as printed
        held = {frozenset(game): where for _, where, game in printed_boards(tournament, round_no) if where is not None}
        return {pair: held.get(pair, (0, 0)) for pair in map(frozenset, tournament.pending_games(round_no))}
    order = None
    if pairlist is not None:
        pairs = [tuple(int(x) for x in line.split()) for line in pairlist.splitlines()[1:]]
        order = [frozenset(p) for p in pairs if len(p) == 2 and p[1]]
    numbered = {frozenset(game): (m, b) for m, b, game in round_boards(tournament, round_no, order)}
    return {pair: numbered.get(pair, (0, 0)) for pair in map(frozenset, tournament.pending_games(round_no))}


def pairing_html(tournament: Tournament, pairing: RoundPairing) -> str:
    """A printable pairing list (one A4 page per ~45 boards) with every name escaped."""
    done = pairing.round_no - 1
    pts = tournament.points

    def cells(n: int) -> tuple[str, str, str, str]:
        p = tournament.player(n)
        name = f"{p.title + ' ' if p.title else ''}{p.name}".strip() or f"#{n}"
        rating = str(p.rating) if p.rating else ""
        return str(n), html.escape(name), html.escape(rating), format_points(p.score(pts, done))

    title = html.escape(tournament.name or "Tournament")
    of = f" of {tournament.total_rounds}" if tournament.total_rounds else ""
    rows: list[str] = []
    for i, b in enumerate(pairing.boards, 1):
        wn, wname, wr, wp = cells(b.white)
        bn, bname, br, bp = cells(b.black)
        rows.append(
            f"<tr><td class=n>{i}</td><td class=n>{wn}</td><td>{wname}</td><td class=n>{wr}</td>"
            f"<td class=n>{wp}</td><td class=res></td><td class=n>{bp}</td><td>{bname}</td>"
            f"<td class=n>{br}</td><td class=n>{bn}</td></tr>"
        )
    if pairing.bye is not None:
        n, name, r, p = cells(pairing.bye)
        rows.append(
            f"<tr class=bye><td></td><td class=n>{n}</td><td>{name}</td><td class=n>{r}</td>"
            f"<td class=n>{p}</td><td colspan=5>pairing-allocated bye</td></tr>"
        )
    for n_abs, result in sorted(pairing.absent.items()):
        n, name, r, p = cells(n_abs)
        what = html.escape(result.name.lower().replace("_", " "))
        rows.append(
            f"<tr class=bye><td></td><td class=n>{n}</td><td>{name}</td><td class=n>{r}</td>"
            f"<td class=n>{p}</td><td colspan=5>not paired ({what})</td></tr>"
        )
    body = "\n".join(rows)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title} – round {pairing.round_no}</title>
<style>
body {{ font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; margin: 1.5em; }}
h1 {{ font-size: 15pt; margin: 0 0 .6em 0; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border-bottom: 1px solid #999; padding: 2px 6px; text-align: left; }}
td.n {{ text-align: right; }}
td.res {{ width: 4em; border: 1px solid #333; }}
tr.bye td {{ font-style: italic; }}
thead {{ display: table-header-group; }}
tr {{ page-break-inside: avoid; }}
@media print {{ body {{ margin: 0; }} @page {{ size: A4; margin: 12mm; }} }}
</style>
</head>
<body>
<h1>{title} – round {pairing.round_no}{of}</h1>
<table>
<thead><tr><th>Bd</th><th>No</th><th>White</th><th>Rtg</th><th>Pts</th><th>Result</th>
<th>Pts</th><th>Black</th><th>Rtg</th><th>No</th></tr></thead>
<tbody>
{body}
</tbody>
</table>
</body>
</html>
"""
