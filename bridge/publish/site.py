"""The published round as a small static site: pure functions from a tournament and the
pairing of a round to ``{relative path: bytes}``; nothing here writes a file.

For round ``N`` (the watcher publishes the set in its round folder, as one):

* ``index.html``: the round — its pairing (boards, players, points), the alphabetical
  "find your board" list (name → board, colour, opponent), the standings and the
  crosstable after round ``N - 1`` with a legend naming each tie-break, links to the
  earlier rounds' folders that were published;
* ``slips.html``: one result slip per board, to print and cut;
* ``players/{start}.html``: one page per player — every round's opponent, colour and
  result, the game of round ``N``, points, place;
* ``standings.txt``, ``standings.json``, ``standings.html``: the standings after round
  ``N - 1`` (:mod:`swissbridge.publish.standings`; the JSON is the stable one);
* a Double-Swiss (C.04.5): each round is a match of two games — the boards name White
  of game 1 (Black in game 2, 4.4), the slips have both games, the player pages and the
  crosstable a line or a cell a match (both games' results and the match's points), the
  standings are after the matches (:mod:`swissbridge.rules.tiebreaks`);
* ``schedule.html``, for a round robin of players only: every round of the event as its
  Berger tables give it (C.05 Annex 1: the pairings are fixed before round 1), the
  results of the rounds played (:func:`round_robin_schedule`).

Pages are plain HTML and CSS, no script: they open from disk or any web server, fit a
phone (one column; a table wider than a 390 px screen scrolls sideways inside its box,
with a shadow at the edge that hides more and a line saying so) and print (the
navigation is left out, tables are not split inside a row). Every name is escaped.
A page links only to files of its own folder and to the round folders it is told were
published (``linked``): a round paired before the watcher started has no folder.
"""

from __future__ import annotations

import html
from collections.abc import Collection, Iterable

from swissbridge.model import Colour, Entry, Player, Result, Tournament, format_points
from swissbridge.pairing import RoundPairing
from swissbridge.publish.standings import (
    crosstable_table,
    format_value,
    html_page,
    player_name,
    render_json,
    render_text,
    standings_table,
)
from swissbridge.rules.history import unpaired_in, unpaired_label
from swissbridge.rules.ranking import Standings, compute
from swissbridge.rules.tiebreaks import TieBreak, describe
from swissbridge.rules.twogame import columns, event_round, last_column
from swissbridge.systems import declared_round_robin

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
.wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%;
        background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 2em 100% no-repeat local,
                    linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 2em 100% no-repeat local,
                    radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.3), rgba(0,0,0,0))
                      left / 12px 100% no-repeat scroll,
                    radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.3), rgba(0,0,0,0))
                      right / 12px 100% no-repeat scroll; }
p.cue { display: none; margin: .2em 0; font-size: .85em; color: #444; }
dl.legend { font-size: .9em; margin: .3em 0 .8em 0; }
dl.legend dt { float: left; clear: left; font-weight: bold; margin-right: .5em; }
dl.legend dd { margin: 0 0 .15em 0; }
table.find td.name a { font-weight: bold; }
.slip { border: 1px dashed #555; padding: .5em .7em; margin: 0 0 .8em 0;
        break-inside: avoid; page-break-inside: avoid; }
.slip h3 { font-size: 1em; margin: 0 0 .4em 0; }
.slip table { width: 100%; }
.slip td.box { width: 4em; border: 1px solid #333; }
.slip p.sign { margin: .8em 0 0 0; }
table { border-collapse: collapse; margin: 0 0 .5em 0; }
th, td { border-bottom: 1px solid #bbb; padding: .25em .45em; text-align: right; white-space: nowrap; }
th { background: #eee; }
th.name, td.name { text-align: left; white-space: normal; min-width: 8em; }
td.res { text-align: center; font-weight: bold; }
tr.bye td { font-style: italic; }
p.note { color: #444; font-size: .9em; }
@media (max-width: 40em) {
  body { font-size: 15px; padding: .3em .4em; } th, td { padding: .2em .3em; }
  table .no { display: none; }
  th.name, td.name { min-width: 5em; overflow-wrap: break-word; }
  p.cue { display: block; }
}
@media print {
  body { font-size: 9pt; max-width: none; padding: 0; }
  nav { display: none; }
  a { color: inherit; text-decoration: none; }
  h2 { page-break-after: avoid; }
  tr { page-break-inside: avoid; }
  thead { display: table-header-group; }
  .wrap { overflow: visible; background: none; }
  p.cue { display: none; }
  @page { size: A4; margin: 12mm; }
}
"""

RESULT_SIGNS = {
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
"""A game's result as the player pages show it (the team site's too)."""


class _People:
    """The players by start number (one lookup table for all pages)."""

    def __init__(self, t: Tournament) -> None:
        self.by_no = {p.start_no: p for p in t.players}

    def link(self, n: int, to_players: str) -> str:
        return f'<a href="{to_players}{n}.html">{html.escape(player_name(self.by_no[n]))}</a>'


def nav(prefix: str, round_no: int, up: str, linked: Collection[int], *, final: bool = False) -> str:
    """Links to the published rounds' folders (``linked``; never a round without one) and
    to this page (the round, or after the last round the final standings)."""
    links = []
    for r in sorted(r for r in linked if r < round_no or (final and r == round_no)):
        links.append(f'<a href="{up}../{html.escape(prefix)}-R{r}/index.html">Round {r}</a>')
    if final:
        links.append(f'<a class=here href="{up}index.html">Final</a>')
    else:
        links.append(f'<a class=here href="{up}index.html">Round {round_no}</a>')
    return "<nav>" + " ".join(links) + "</nav>"


def pairing_table(t: Tournament, pairing: RoundPairing, to_players: str = "players/") -> str:
    """The boards of the round (White, points, Black, points; the bye and the players
    not paired below), every name a link to the player's page."""
    done = last_column(t, pairing.round_no - 1)  # the columns before the round (a match: two each)
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
    for n, what in unpaired_in(t, pairing, round_robin=declared_round_robin(t)).items():
        rows.append(
            f"<tr class=bye><td></td><td class=no>{n}</td><td class=name>{people.link(n, to_players)}</td>"
            f"<td>{pts(n)}</td><td colspan=4 class=name>{html.escape(what)}</td></tr>"
        )
    matches = t.points.games > 1
    white, black = ("White in game 1", "Black in game 1") if matches else ("White", "Black")
    note = f"\n<p class=note>{MATCH_NOTE}</p>" if matches else ""
    return (
        "<div class=wrap><table class=pairing>\n<thead><tr><th>Bd</th><th class=no>No</th>"
        f"<th class=name>{white}</th><th>Pts</th><th>Res</th><th>Pts</th><th class=name>{black}</th>"
        "<th class=no>No</th></tr></thead>\n<tbody>\n" + "\n".join(rows) + f"\n</tbody></table></div>{note}"
    )


MATCH_NOTE = (
    "Each board is a match of two games (Double-Swiss, C.04.5): the first player named has White in game 1 "
    "and Black in game 2."
)


def _player_page(
    s: Standings, pairing: RoundPairing | None, prefix: str, people: _People, n: int, linked: Collection[int]
) -> str:
    """One player's page: the rounds played so far, and the game of the round being
    played (``pairing``; ``None`` for the final standings)."""
    t = s.tournament
    p = people.by_no[n]
    row = next(r for r in s.rows if r.start_no == n)
    matches = t.points.games > 1
    lines = _match_lines(s, people, n) if matches else []
    for rnd in range(1, 0 if matches else s.after_round + 1):
        e = p.entry(rnd)
        if e is None or e.opponent is None:
            what = unpaired_label(
                t, n, rnd, e.result if e is not None else Result.ZERO_BYE, round_robin=declared_round_robin(t)
            )
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
            f"<td>{rating}</td><td class=res>{html.escape(RESULT_SIGNS.get(e.result, '?'))}</td></tr>"
        )
    extra = "<td></td>" if matches else ""  # a match's row has its points too
    current = pairing.opponent(n) if pairing is not None else None
    if pairing is None:
        pass
    elif current is not None:
        opponent, now = current
        lines.append(
            f"<tr><td>{pairing.round_no}</td><td>{COLOUR_NAMES[now]}</td>"
            f"<td class=name>{people.link(opponent, '')}</td>"
            f"<td>{people.by_no[opponent].rating or ''}</td><td class=res>playing</td>{extra}</tr>"
        )
    elif pairing.bye == n or n in pairing.absent:
        result = Result.PAB if pairing.bye == n else pairing.absent[n]
        what = unpaired_label(
            t, n, last_column(t, pairing.round_no - 1) + 1, result, round_robin=declared_round_robin(t)
        )
        lines.append(
            f"<tr class=bye><td>{pairing.round_no}</td><td></td><td class=name>{html.escape(what)}</td>"
            f"<td></td><td></td>{extra}</tr>"
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
        top, back = nav(prefix, s.after_round, "../", linked, final=True), "Final standings and crosstable"
    else:
        top = nav(prefix, pairing.round_no, "../", linked)
        back = f"Round {pairing.round_no}: pairing, standings, crosstable"
    heading, result_heads = ("Matches", "<th>Games</th><th>Pts</th>") if matches else ("Games", "<th>Result</th>")
    note = f"<p class=note>Colour: in game 1 (the other in game 2). {FORFEIT_NOTE}</p>\n" if matches else ""
    body = (
        f"{top}\n<h1>{html.escape(player_name(p))}</h1>\n"
        f"<p>{' · '.join(facts)}<br>{summary}{' (' + tbs + ')' if tbs else ''}</p>\n"
        f"<h2>{heading}</h2>\n<div class=wrap><table class=games>\n<thead><tr><th>Rd</th><th>Colour</th>"
        f"<th class=name>Opponent</th><th>Rtg</th>{result_heads}</tr></thead>\n<tbody>\n"
        + "\n".join(lines)
        + f"\n</tbody></table></div>\n{note}"
        f'<p><a href="../index.html">{back}</a></p>'
    )
    return html_page(f"{t.name or 'Tournament'}: {player_name(p)}", body, SITE_CSS)


COLOUR_NAMES = {Colour.WHITE: "White", Colour.BLACK: "Black"}

MATCH_COLOURS = {Colour.WHITE: "White, then Black", Colour.BLACK: "Black, then White"}
"""A player's colours in the two games of a match (C.04.5 4.4)."""

GAME_SIGNS = {**{r: sign for r, sign in RESULT_SIGNS.items()}, Result.FORFEIT_WIN: "+", Result.FORFEIT_LOSS: "−"}
"""A game of a match as the player pages show it (a forfeit as + or −)."""

FORFEIT_NOTE = (
    "+ and − a game won or lost by forfeit: a single one counts as played for the standings, a match "
    "forfeited in both games is not a meeting (C.04.5 Preface)."
)


def _match_lines(s: Standings, people: _People, n: int) -> list[str]:
    """A Double-Swiss player's matches on their page: game 1's colour, the opponent, both
    games' results and the match's points; a bye of the match as what it was."""
    t = s.tournament
    p = people.by_no[n]
    lines = []
    for r in s.event.participants[n].rounds:
        games = [p.entry(c) or Entry(Result.ZERO_BYE) for c in columns(r.number)]
        points = format_points(r.points)
        if r.opponent is None:
            what = unpaired_label(t, n, columns(r.number)[0], games[0].result)
            lines.append(
                f"<tr class=bye><td>{r.number}</td><td></td><td class=name>{html.escape(what)}</td>"
                f"<td></td><td></td><td class=res>{points}</td></tr>"
            )
            continue
        colour = COLOUR_NAMES.get(games[0].colour) if games[0].colour is not None else ""
        signs = " ".join(GAME_SIGNS.get(g.result, "?") for g in games)
        lines.append(
            f"<tr><td>{r.number}</td><td>{colour}</td><td class=name>{people.link(r.opponent, '')}</td>"
            f"<td>{people.by_no[r.opponent].rating or ''}</td><td>{html.escape(signs)}</td>"
            f"<td class=res>{points}</td></tr>"
        )
    return lines


CUE = "<p class=cue>Wider than the screen: swipe the table sideways.</p>"
"""Shown on narrow screens (``max-width: 40em``) above a table that may not fit."""


def legend(tiebreaks: Collection[TieBreak]) -> str:
    """Each tie-break code of the standings with its name and article (C.07)."""
    if not tiebreaks:
        return "<p class=note>No tie-breaks: equal points share the place.</p>"
    items = "".join(f"<dt>{html.escape(tb.code)}</dt><dd>{html.escape(describe(tb))}</dd>" for tb in tiebreaks)
    return f"<dl class=legend>{items}</dl>"


def _standings_parts(s: Standings, after: str, heading: str = "Standings") -> str:
    cells = (
        "Crosstable cells: a match each — the opponent's place, the colour of game 1 (w/b) and the match's "
        "points; + and − a match forfeited in both games"
        if s.event.games is not None
        else "Crosstable cells: the opponent's place, colour (w/b) and result; + and − a forfeit"
    )
    return (
        f"<h2 id=standings>{heading} {after}</h2>\n{CUE}\n{standings_table(s, 'players/{n}.html')}\n"
        f"{legend(s.tiebreaks)}\n"
        "<p class=note>Also as <a href=standings.txt>text</a> and <a href=standings.json>JSON</a>.</p>\n"
        f"<h2 id=crosstable>Crosstable {after}</h2>\n{CUE}\n{crosstable_table(s, 'players/{n}.html')}\n"
        f"<p class=note>{cells}, "
        "PAB the pairing-allocated bye, H/F a half-/full-point bye, − a zero-point bye, an absence or a "
        "round after a withdrawal.</p>"
    )


def by_name(players: Iterable[Player]) -> list[Player]:
    """``players`` in the order a reader looks names up: the Unicode Collation Algorithm's
    root order (pyuca's DUCET), where Čapek stands by C, Łukasiewicz by L, Öztürk and
    Ørsted by O (code-point order put them after Z); then by start number."""
    from pyuca import Collator  # type: ignore[import-untyped]  # by the pages only: pair never sorts names

    key = Collator().sort_key
    return sorted(players, key=lambda q: (key(q.name or ""), q.start_no))


def find_table(t: Tournament, pairing: RoundPairing, to_players: str = "players/") -> str:
    """The round's "find your board" list: every player in alphabetical order with the
    board, the colour and the opponent (or the bye, the requested bye, the withdrawal)."""
    people = _People(t)
    boards = {}
    for i, b in enumerate(pairing.boards, 1):
        boards[b.white] = (i, Colour.WHITE, b.black)
        boards[b.black] = (i, Colour.BLACK, b.white)
    unpaired = unpaired_in(t, pairing, round_robin=declared_round_robin(t))
    names = MATCH_COLOURS if t.points.games > 1 else COLOUR_NAMES
    rows = []
    for p in by_name(t.players):
        n = p.start_no
        if n in boards:
            board, colour, opponent = boards[n]
            rows.append(
                f"<tr><td class=name>{people.link(n, to_players)}</td><td>{board}</td><td>{names[colour]}</td>"
                f"<td class=name>{people.link(opponent, to_players)}</td></tr>"
            )
        elif n in unpaired:
            what = unpaired[n]
            rows.append(
                f"<tr class=bye><td class=name>{people.link(n, to_players)}</td><td></td><td></td>"
                f"<td class=name>{html.escape(what)}</td></tr>"
            )
    return (
        "<div class=wrap><table class=find>\n<thead><tr><th class=name>Name</th><th>Board</th><th>Colour</th>"
        "<th class=name>Opponent</th></tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody></table></div>"
    )


def result_slips(t: Tournament, pairing: RoundPairing) -> str:
    """One result slip per board, to print and cut: the round, the board, both players,
    a box to tick for the result and the two signatures."""
    title = html.escape(t.name or "Tournament")
    slips = []
    for i, b in enumerate(pairing.boards, 1):
        white, black = (html.escape(player_name(t.player(n))) for n in b.players())
        if t.points.games > 1:
            slips.append(_match_slip(f"{title} · round {pairing.round_no} · board {i}", b.white, white, b.black, black))
            continue
        slips.append(
            f"<div class=slip><h3>{title} · round {pairing.round_no} · board {i}</h3>\n"
            f"<table><tr><td>White</td><td class=name>{white} ({b.white})</td><td class=box></td><td>1-0</td></tr>\n"
            f"<tr><td></td><td></td><td class=box></td><td>½-½</td></tr>\n"
            f"<tr><td>Black</td><td class=name>{black} ({b.black})</td><td class=box></td><td>0-1</td></tr></table>\n"
            "<p class=sign>Signatures: White ____________ Black ____________</p></div>"
        )
    return "\n".join(slips)


def _match_slip(heading: str, first: int, white: str, second: int, black: str) -> str:
    """A Double-Swiss board's slip: both games of the match, colours reversed in game 2 (4.4)."""
    games = []
    for g, (w, wn, b, bn) in enumerate(((white, first, black, second), (black, second, white, first)), 1):
        games.append(
            f"<tr><td>Game {g}</td><td>White</td><td class=name>{w} ({wn})</td><td class=box></td><td>1-0</td></tr>\n"
            f"<tr><td></td><td></td><td></td><td class=box></td><td>½-½</td></tr>\n"
            f"<tr><td></td><td>Black</td><td class=name>{b} ({bn})</td><td class=box></td><td>0-1</td></tr>"
        )
    return (
        f"<div class=slip><h3>{heading} (a match of two games)</h3>\n<table>" + "\n".join(games) + "</table>\n"
        f"<p class=sign>Signatures: {white} ____________ {black} ____________</p></div>"
    )


_SCORE = {
    Result.WIN: "1–0",
    Result.DRAW: "½–½",
    Result.LOSS: "0–1",
    Result.WIN_UNRATED: "1–0",
    Result.DRAW_UNRATED: "½–½",
    Result.LOSS_UNRATED: "0–1",
    Result.FORFEIT_WIN: "+ –",
    Result.FORFEIT_LOSS: "– +",
}
"""A game's result as White's entry gives it, for the schedule."""


def round_robin_schedule(t: Tournament) -> list[RoundPairing]:
    """Every round of a round robin of players, as the system that pairs it gives it
    (its pairings depend on no result), up to the last round the file names (record
    142) or the first round the file's history or absences contradict; empty for any
    other event (a Swiss is paired round by round; a team event's pages are its own)."""
    from swissbridge import plugins
    from swissbridge.errors import InputError
    from swissbridge.pairing import NoLegalPairing
    from swissbridge.systems import choose_system

    if t.team_event or not t.total_rounds or not declared_round_robin(t):
        return []
    system = plugins.load(choose_system(t, None).system)
    rounds: list[RoundPairing] = []
    for r in range(1, t.total_rounds + 1):
        try:
            rounds.append(system.pair(t, r))
        except (NoLegalPairing, InputError):
            break
    return rounds


def schedule_page(t: Tournament, rounds: list[RoundPairing], nav: str) -> str:
    """``schedule.html``: each round's boards (White – Black, the result once written)
    and the player who meets the dummy."""
    people = _People(t)
    parts = []
    for pairing in rounds:
        r = pairing.round_no
        rows = []
        for i, b in enumerate(pairing.boards, 1):
            e = people.by_no[b.white].entry(r)
            score = _SCORE.get(e.result, "") if e is not None and e.opponent == b.black else ""
            rows.append(
                f"<tr><td>{i}</td><td class=name>{people.link(b.white, 'players/')}</td><td class=res>{score}</td>"
                f"<td class=name>{people.link(b.black, 'players/')}</td></tr>"
            )
        if pairing.bye is not None:
            rows.append(
                f"<tr class=bye><td></td><td class=name>{people.link(pairing.bye, 'players/')}</td>"
                "<td colspan=2 class=name>no game (free round)</td></tr>"
            )
        parts.append(
            f"<h2 id=r{r}>Round {r}</h2>\n<div class=wrap><table class=schedule>\n<thead><tr><th>Bd</th>"
            "<th class=name>White</th><th>Res</th><th class=name>Black</th></tr></thead>\n<tbody>\n"
            + "\n".join(rows)
            + "\n</tbody></table></div>"
        )
    title = html.escape(t.name or "Tournament")
    jump = " · ".join(f"<a href=#r{p.round_no}>{p.round_no}</a>" for p in rounds)
    body = (
        f"{nav}\n<h1>{title}: schedule</h1>\n<p class=note>A round robin's pairings are fixed before round 1 "
        f"by the Berger tables (C.05 Annex 1). Rounds: {jump}</p>\n" + "\n".join(parts)
    )
    return html_page(f"{t.name or 'Tournament'}: schedule", body, SITE_CSS)


def _files(
    s: Standings,
    pairing: RoundPairing | None,
    prefix: str,
    title: str,
    after: str,
    index: str,
    linked: Collection[int],
    schedule: list[RoundPairing],
) -> dict[str, bytes]:
    t = s.tournament
    files = {
        "index.html": html_page(title, index, SITE_CSS),
        "standings.txt": render_text(s),
        "standings.json": render_json(s),
        "standings.html": html_page(
            f"{t.name or 'Tournament'}: standings {after}",
            f"<h1>{html.escape(t.name or 'Tournament')}: standings {after}</h1>\n{CUE}\n{standings_table(s)}\n"
            f"{legend(s.tiebreaks)}",
            SITE_CSS,
        ),
    }
    if pairing is not None:
        files["slips.html"] = html_page(
            f"{title}: result slips",
            f"{nav(prefix, pairing.round_no, '', linked)}\n<h1>{html.escape(title)}: result slips</h1>\n"
            + result_slips(t, pairing),
            SITE_CSS,
        )
    if schedule:
        round_no = s.after_round if pairing is None else pairing.round_no
        files["schedule.html"] = schedule_page(t, schedule, nav(prefix, round_no, "", linked, final=pairing is None))
    people = _People(t)
    for p in t.players:
        files[f"players/{p.start_no}.html"] = _player_page(s, pairing, prefix, people, p.start_no, linked)
    return {path: text.encode("utf-8") for path, text in files.items()}


def round_site(
    tournament: Tournament,
    pairing: RoundPairing,
    prefix: str,
    tiebreaks: list[TieBreak],
    *,
    linked: Collection[int],
) -> dict[str, bytes]:
    """Every file of round ``pairing.round_no``'s site. ``tournament`` is the state before
    the pairing (the results of the rounds before recorded); ``prefix`` names the round
    folders (``Open`` → ``Open-R3``); ``linked``: the earlier rounds whose folders were
    published, the only ones linked to."""
    s = compute(tournament, tiebreaks, pairing.round_no - 1)
    t = tournament
    title = t.name or "Tournament"
    of = f" of {event_round(t, t.total_rounds)}" if t.total_rounds else ""
    after = f"after round {s.after_round}" if s.after_round else "before round 1"
    schedule = round_robin_schedule(t)
    index = (
        f"{nav(prefix, pairing.round_no, '', linked)}\n<h1>{html.escape(title)}: round {pairing.round_no}{of}</h1>\n"
        "<p><a href=#pairing>Pairing</a> · <a href=#find>Find your board</a> · <a href=#standings>Standings</a> · "
        "<a href=#crosstable>Crosstable</a> · <a href=slips.html>Result slips</a>"
        f"{' · <a href=schedule.html>Schedule</a>' if schedule else ''}</p>\n"
        f"<h2 id=pairing>Pairing of round {pairing.round_no}</h2>\n{pairing_table(t, pairing)}\n"
        f"<h2 id=find>Find your board</h2>\n{find_table(t, pairing)}\n" + _standings_parts(s, after)
    )
    return _files(s, pairing, prefix, f"{title}: round {pairing.round_no}", after, index, linked, schedule)


def final_site(
    tournament: Tournament, round_no: int, prefix: str, tiebreaks: list[TieBreak], *, linked: Collection[int]
) -> dict[str, bytes]:
    """The final standings after the last round ``round_no``: the same site without a
    pairing (``index.html`` with the final standings and the crosstable, the player
    pages, ``standings.txt``/``.json``/``.html``); ``linked``: the rounds whose folders
    were published."""
    s = compute(tournament, tiebreaks, round_no)
    title = tournament.name or "Tournament"
    after = f"after round {round_no}"
    schedule = round_robin_schedule(tournament)
    index = (
        f"{nav(prefix, round_no, '', linked, final=True)}\n<h1>{html.escape(title)}: final standings</h1>\n"
        + ("<p><a href=schedule.html>Schedule and results of every round</a></p>\n" if schedule else "")
        + _standings_parts(s, after, "Final standings")
    )
    return _files(s, None, prefix, f"{title}: final standings", after, index, linked, schedule)
