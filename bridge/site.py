"""The published round as a small static site: pure functions from a tournament and the
pairing of a round to ``{relative path: bytes}``; nothing here writes a file.

For round ``N`` (the watcher publishes the set in its round folder, as one):

* ``index.html``: the round — its pairing (boards, players, points), the standings and
  the crosstable after round ``N - 1``, links to the earlier rounds' folders;
* ``players/{start}.html``: one page per player — every round's opponent, colour and
  result, the game of round ``N``, points, place;
* ``standings.txt``, ``standings.json``, ``standings.html``: the standings after round
  ``N - 1`` (:mod:`swissbridge.standings`; the JSON is the stable one).

Pages are plain HTML and CSS, no script: they open from disk or any web server, fit a
phone (one column, wide tables scroll sideways) and print (the navigation is left out,
tables are not split inside a row). Every name is escaped.
"""

from __future__ import annotations

import html

from swissbridge.model import Colour, Result, Tournament, format_points
from swissbridge.pairing import RoundPairing
from swissbridge.standings import (
    Standings,
    compute,
    crosstable_table,
    format_value,
    html_page,
    player_name,
    render_json,
    render_text,
    standings_table,
)
from swissbridge.tiebreaks import TieBreak

SITE_CSS = """
:root { color-scheme: light; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 16px; line-height: 1.4; margin: 0 auto;
       padding: .5em .8em; max-width: 60em; color: #111; background: #fff; }
h1 { font-size: 1.35em; margin: .3em 0 .2em 0; }
h2 { font-size: 1.1em; margin: 1.2em 0 .4em 0; border-bottom: 2px solid #444; }
nav { margin: .3em 0 .8em 0; }
nav a { display: inline-block; padding: .3em .5em; margin: 0 .2em .2em 0; border: 1px solid #888;
        border-radius: 4px; text-decoration: none; color: #114; }
nav a.here { background: #114; color: #fff; }
.wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; margin: 0 0 .5em 0; }
th, td { border-bottom: 1px solid #bbb; padding: .25em .45em; text-align: right; white-space: nowrap; }
th { background: #eee; }
th.name, td.name { text-align: left; white-space: normal; min-width: 8em; }
td.res { text-align: center; font-weight: bold; }
tr.bye td { font-style: italic; }
p.note { color: #444; font-size: .9em; }
@media (max-width: 40em) {
  body { font-size: 15px; padding: .3em .4em; } th, td { padding: .2em .3em; }
  table.pairing .no { display: none; }
}
@media print {
  body { font-size: 9pt; max-width: none; padding: 0; }
  nav { display: none; }
  a { color: inherit; text-decoration: none; }
  h2 { page-break-after: avoid; }
  tr { page-break-inside: avoid; }
  thead { display: table-header-group; }
  .wrap { overflow: visible; }
  @page { size: A4; margin: 12mm; }
}
"""

_RESULT = {
    Result.WIN: "1",
    Result.DRAW: "½",
    Result.LOSS: "0",
    Result.WIN_UNRATED: "1",
    Result.DRAW_UNRATED: "½",
    Result.LOSS_UNRATED: "0",
    Result.FORFEIT_WIN: "+ (forfeit)",
    Result.FORFEIT_LOSS: "− (forfeit)",
    Result.PENDING: "*",
}
_UNPAIRED = {
    Result.PAB: "pairing-allocated bye",
    Result.FULL_BYE: "full-point bye",
    Result.HALF_BYE: "half-point bye",
    Result.ZERO_BYE: "not paired",
    Result.FORFEIT_WIN: "bye",
}


class _People:
    """The players by start number (one lookup table for all pages)."""

    def __init__(self, t: Tournament) -> None:
        self.by_no = {p.start_no: p for p in t.players}

    def link(self, n: int, to_players: str) -> str:
        return f'<a href="{to_players}{n}.html">{html.escape(player_name(self.by_no[n]))}</a>'


def _nav(prefix: str, round_no: int, up: str, *, final: bool = False) -> str:
    """Links to the rounds' folders (and, after the last round, the final standings)."""
    links = []
    for r in range(1, round_no + 1):
        here = r == round_no and not final
        href = f"{up}index.html" if here else f"{up}../{html.escape(prefix)}-R{r}/index.html"
        links.append(f'<a{" class=here" if here else ""} href="{href}">Round {r}</a>')
    if final:
        links.append(f'<a class=here href="{up}index.html">Final</a>')
    return "<nav>" + " ".join(links) + "</nav>"


def pairing_table(t: Tournament, pairing: RoundPairing, to_players: str = "players/") -> str:
    """The boards of the round (White, points, Black, points; the bye and the players
    not paired below), every name a link to the player's page."""
    done = pairing.round_no - 1
    people = _People(t)

    def pts(n: int) -> str:
        return format_points(people.by_no[n].score(t.points, done))

    rows = []
    for i, b in enumerate(pairing.boards, 1):
        rows.append(
            f"<tr><td>{i}</td><td class=no>{b.white}</td><td class=name>{people.link(b.white, to_players)}</td>"
            f"<td>{pts(b.white)}</td><td class=res>–</td><td>{pts(b.black)}</td>"
            f"<td class=name>{people.link(b.black, to_players)}</td><td class=no>{b.black}</td></tr>"
        )
    unpaired = ([(pairing.bye, Result.PAB)] if pairing.bye is not None else []) + sorted(pairing.absent.items())
    for n, result in unpaired:
        rows.append(
            f"<tr class=bye><td></td><td class=no>{n}</td><td class=name>{people.link(n, to_players)}</td>"
            f"<td>{pts(n)}</td><td colspan=4 class=name>{html.escape(_UNPAIRED.get(result, 'not paired'))}</td></tr>"
        )
    return (
        "<div class=wrap><table class=pairing>\n<thead><tr><th>Bd</th><th class=no>No</th><th class=name>White</th>"
        "<th>Pts</th><th>Res</th><th>Pts</th><th class=name>Black</th><th class=no>No</th></tr></thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table></div>"
    )


def _player_page(s: Standings, pairing: RoundPairing | None, prefix: str, people: _People, n: int) -> str:
    """One player's page: the rounds played so far, and the game of the round being
    played (``pairing``; ``None`` for the final standings)."""
    t = s.tournament
    p = people.by_no[n]
    row = next(r for r in s.rows if r.start_no == n)
    lines = []
    for rnd in range(1, s.after_round + 1):
        e = p.entry(rnd)
        if e is None or e.opponent is None:
            what = _UNPAIRED.get(e.result, "not paired") if e is not None else "not paired"
            score = format_points(t.points.points(e.result)) if e is not None else "0.0"
            lines.append(
                f"<tr class=bye><td>{rnd}</td><td></td><td class=name>{html.escape(what)}</td>"
                f"<td></td><td class=res>{score}</td></tr>"
            )
            continue
        colour = "White" if e.colour is Colour.WHITE else "Black" if e.colour is Colour.BLACK else ""
        rating = people.by_no[e.opponent].rating or ""
        lines.append(
            f"<tr><td>{rnd}</td><td>{colour}</td><td class=name>{people.link(e.opponent, '')}</td>"
            f"<td>{rating}</td><td class=res>{html.escape(_RESULT.get(e.result, '?'))}</td></tr>"
        )
    current = pairing.opponent(n) if pairing is not None else None
    if pairing is None:
        pass
    elif current is not None:
        opponent, now = current
        lines.append(
            f"<tr><td>{pairing.round_no}</td><td>{now}</td><td class=name>{people.link(opponent, '')}</td>"
            f"<td>{people.by_no[opponent].rating or ''}</td><td class=res>playing</td></tr>"
        )
    elif pairing.bye == n or n in pairing.absent:
        what = _UNPAIRED[Result.PAB] if pairing.bye == n else _UNPAIRED.get(pairing.absent[n], "not paired")
        lines.append(
            f"<tr class=bye><td>{pairing.round_no}</td><td></td><td class=name>{html.escape(what)}</td>"
            "<td></td><td></td></tr>"
        )
    facts = [f"Start number {n}"]
    if p.rating:
        facts.append(f"rating {p.rating}")
    if p.federation:
        facts.append(html.escape(p.federation))
    after = f"after round {s.after_round}" if s.after_round else "before round 1"
    summary = f"{format_value(row.points)} points, place {row.place} {after}"
    tbs = ", ".join(f"{html.escape(tb.code)} {format_value(row.values[tb.code])}" for tb in s.tiebreaks)
    if pairing is None:
        nav, back = _nav(prefix, s.after_round, "../", final=True), "Final standings and crosstable"
    else:
        nav, back = _nav(prefix, pairing.round_no, "../"), f"Round {pairing.round_no}: pairing, standings, crosstable"
    body = (
        f"{nav}\n<h1>{html.escape(player_name(p))}</h1>\n"
        f"<p>{' · '.join(facts)}<br>{summary}{' (' + tbs + ')' if tbs else ''}</p>\n"
        "<h2>Games</h2>\n<div class=wrap><table class=games>\n<thead><tr><th>Rd</th><th>Colour</th>"
        "<th class=name>Opponent</th><th>Rtg</th><th>Result</th></tr></thead>\n<tbody>\n"
        + "\n".join(lines)
        + "\n</tbody></table></div>\n"
        f'<p><a href="../index.html">{back}</a></p>'
    )
    return html_page(f"{t.name or 'Tournament'}: {player_name(p)}", body, SITE_CSS)


def _standings_parts(s: Standings, after: str) -> str:
    return (
        f"<h2 id=standings>Standings {after}</h2>\n{standings_table(s, 'players/{n}.html')}\n"
        f"<p class=note>Tie-breaks: {html.escape(', '.join(tb.code for tb in s.tiebreaks) or 'none')} "
        "(FIDE C.07). Also as <a href=standings.txt>text</a> and <a href=standings.json>JSON</a>.</p>\n"
        f"<h2 id=crosstable>Crosstable {after}</h2>\n{crosstable_table(s, 'players/{n}.html')}\n"
        "<p class=note>Crosstable cells: the opponent's place, colour (w/b) and result; + and − a forfeit, "
        "PAB the pairing-allocated bye, H/F a half-/full-point bye, − not paired.</p>"
    )


def _files(
    s: Standings, pairing: RoundPairing | None, prefix: str, title: str, after: str, index: str
) -> dict[str, bytes]:
    t = s.tournament
    files = {
        "index.html": html_page(title, index, SITE_CSS),
        "standings.txt": render_text(s),
        "standings.json": render_json(s),
        "standings.html": html_page(
            f"{t.name or 'Tournament'}: standings {after}",
            f"<h1>{html.escape(t.name or 'Tournament')}: standings {after}</h1>\n{standings_table(s)}",
            SITE_CSS,
        ),
    }
    people = _People(t)
    for p in t.players:
        files[f"players/{p.start_no}.html"] = _player_page(s, pairing, prefix, people, p.start_no)
    return {path: text.encode("utf-8") for path, text in files.items()}


def round_site(
    tournament: Tournament, pairing: RoundPairing, prefix: str, tiebreaks: list[TieBreak]
) -> dict[str, bytes]:
    """Every file of round ``pairing.round_no``'s site. ``tournament`` is the state before
    the pairing (the results of the rounds before recorded); ``prefix`` names the round
    folders (``Open`` → ``Open-R3``), for the links to the earlier rounds."""
    s = compute(tournament, tiebreaks, pairing.round_no - 1)
    t = tournament
    title = t.name or "Tournament"
    of = f" of {t.total_rounds}" if t.total_rounds else ""
    after = f"after round {s.after_round}" if s.after_round else "before round 1"
    index = (
        f"{_nav(prefix, pairing.round_no, '')}\n<h1>{html.escape(title)}: round {pairing.round_no}{of}</h1>\n"
        f"<h2 id=pairing>Pairing of round {pairing.round_no}</h2>\n{pairing_table(t, pairing)}\n"
        + _standings_parts(s, after)
    )
    return _files(s, pairing, prefix, f"{title}: round {pairing.round_no}", after, index)


def final_site(tournament: Tournament, round_no: int, prefix: str, tiebreaks: list[TieBreak]) -> dict[str, bytes]:
    """The final standings after the last round ``round_no``: the same site without a
    pairing (``index.html`` with the standings and the crosstable, the player pages,
    ``standings.txt``/``.json``/``.html``)."""
    s = compute(tournament, tiebreaks, round_no)
    title = tournament.name or "Tournament"
    after = f"after round {round_no}"
    index = (
        f"{_nav(prefix, round_no, '', final=True)}\n<h1>{html.escape(title)}: final standings</h1>\n"
        + _standings_parts(s, after)
    )
    return _files(s, None, prefix, f"{title}: final standings", after, index)
