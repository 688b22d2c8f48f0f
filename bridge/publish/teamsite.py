"""The published round of a team event (C.04.6) as a small static site: pure functions
from a tournament and the round's pairing of teams to ``{relative path: bytes}``, as
:mod:`swissbridge.publish.site` is for an event of players (its style, navigation and result
signs are those of that site).

For round ``N``:

* ``index.html``: the round's matches (the teams with their match and game points
  before the round), each followed by its boards (board, players, colours, ratings);
  the PAB team and the teams not paired; the alphabetical "find your board" list (name →
  team, match, board, colour, opponent); the team standings after round ``N - 1``
  (:func:`swissbridge.publish.standings.compute_teams`: the primary score, then the C.07 team
  tie-breaks, a legend naming each) and the team crosstable;
* ``slips.html``: one result slip per match, a line per board, to print and cut;
* ``teams/{TPN}.html``: one page per team — its roster in board order, every match
  (colour, opponent, game points for and against, match points) and the match of
  round ``N`` with its boards;
* ``players/{start}.html``: one page per player — the team, every round's board,
  colour, opponent and result, and the game of round ``N``;
* ``standings.txt``, ``standings.json``, ``standings.html``: the team standings
  (:mod:`swissbridge.publish.standings`' renderers).

After the last round, the same site without a pairing (:func:`final_team_site`).
Every name (of a team, of a player, of the event) is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Collection

from swissbridge.model import Result, Team, Tournament, format_points
from swissbridge.pairing import Board, RoundPairing
from swissbridge.publish.site import COLOUR_NAMES, CUE, RESULT_SIGNS, SITE_CSS, by_name, legend, nav
from swissbridge.publish.standings import (
    crosstable_table,
    format_value,
    html_page,
    player_name,
    render_json,
    render_text,
    standings_table,
    team_name,
)
from swissbridge.rules.history import team_unpaired_label, team_withdrawn, unpaired_label
from swissbridge.rules.ranking import TeamStandings, compute_teams
from swissbridge.rules.teams import (
    BYE_RESULTS,
    MatchBoard,
    MatchKind,
    TeamEvent,
    board_pairing,
    match_games,
)
from swissbridge.rules.tiebreaks import TieBreak
from swissbridge.systems import declared_round_robin


class _Site:
    """What every page of one round's team site reads: the event, the players, the
    round's matches and games."""

    def __init__(self, t: Tournament, pairing: RoundPairing | None, after: int) -> None:
        self.t = t
        self.event = TeamEvent(t)
        self.after = after
        self.pairing = pairing
        self.players = {p.start_no: p for p in t.players}
        self.matches = match_games(self.event, pairing) if pairing is not None else []
        self.absent = board_pairing(t, pairing).absent if pairing is not None else {}
        """Start number → the entry of a player without a game in the round being played."""
        self.game_of: dict[int, tuple[int, MatchBoard]] = {}
        """Start number → (match, board) in the round being played (a board facing an
        unoccupied one included: its player wins it by forfeit)."""
        self.match_of: dict[int, tuple[int, Board]] = {}
        """TPN → (match, the match's team pair) in the round being played."""
        for i, (match, games) in enumerate(self.matches, 1):
            for tpn in match.players():
                self.match_of[tpn] = (i, match)
            for board in games:
                for n in (board.white, board.black):
                    if n:
                        self.game_of[n] = (i, board)
        self.board_of = {m: k for team in self.event.setup.teams for k, m in enumerate(team.members, 1)}
        """Start number → place in the team's roster (record 310's order)."""

    def team(self, tpn: int) -> Team:
        return self.event.setup.team(tpn)

    def team_link(self, tpn: int, to_teams: str) -> str:
        return f'<a href="{to_teams}{tpn}.html">{html.escape(team_name(self.team(tpn)))}</a>'

    def player_link(self, n: int, to_players: str) -> str:
        return f'<a href="{to_players}{n}.html">{html.escape(player_name(self.players[n]))}</a>'

    def scores(self, tpn: int) -> str:
        rec = self.event.record(tpn)
        return f"{format_points(rec.match_points(self.after))} / {format_points(rec.game_points(self.after))}"

    def team_label(self, tpn: int, round_no: int, result: Result) -> str:
        """What a round without a match is for a team
        (:func:`~swissbridge.rules.history.team_unpaired_label`: the PAB, a bye, withdrawn)."""
        return team_unpaired_label(self.t, tpn, round_no, result, round_robin=declared_round_robin(self.t))

    def unpaired_teams(self) -> list[tuple[int, str]]:
        """The round's teams without a match: the PAB team first, then the absent by TPN."""
        if self.pairing is None:
            return []
        r = self.pairing.round_no
        byes = [(self.pairing.bye, Result.PAB)] if self.pairing.bye is not None else []
        return [(tpn, self.team_label(tpn, r, result)) for tpn, result in [*byes, *sorted(self.pairing.absent.items())]]

    def unpaired_player(self, n: int) -> str:
        """What the round being played is for player ``n`` without a game: the team's PAB
        or bye (:func:`~swissbridge.rules.teams.board_pairing`), else not in the line-up."""
        if self.pairing is not None and n in self.absent:
            return self.member_label(n, self.pairing.round_no, self.absent[n])
        return "not in the line-up"

    def member_label(self, n: int, round_no: int, result: Result) -> str:
        """What a round without a game was for player ``n``: the team's when the team has
        withdrawn (:func:`~swissbridge.rules.history.team_withdrawn`), else the player's
        (:func:`~swissbridge.rules.history.unpaired_label`)."""
        tpn = self.event.team_of[n]
        if result is Result.ZERO_BYE and team_withdrawn(self.t, tpn, round_no):
            return self.team_label(tpn, round_no, result)
        return unpaired_label(self.t, n, round_no, result)


_EMPTY = "(empty board)"
"""A board a line-up leaves unoccupied (record 300's ``0000``): its opponent wins it by forfeit."""


def _side(site: _Site, n: int, colour: str, to_players: str, *, left_side: bool) -> str:
    """One side of a board's row in the pairing table: number, name, colour and rating,
    mirrored on the right; an unoccupied board's side says so."""
    if not n:
        return (
            f"<td class=no></td><td class=name>{_EMPTY}</td><td>{colour}</td><td></td>"
            if left_side
            else (f"<td></td><td>{colour}</td><td class=name>{_EMPTY}</td><td class=no></td>")
        )
    cells = [
        f"<td class=no>{n}</td>",
        f"<td class=name>{site.player_link(n, to_players)}</td>",
        f"<td>{colour}</td>",
        f"<td>{site.players[n].rating or ''}</td>",
    ]
    return "".join(cells if left_side else reversed(cells))


# -- the round's pages ----------------------------------------------------------------------


def _pairing_table(site: _Site, to_teams: str = "teams/", to_players: str = "players/") -> str:
    """The matches, each followed by its boards (the White team's players on the left,
    each board's colours said), then the PAB team and the teams not paired."""
    rows = []
    for i, (match, games) in enumerate(site.matches, 1):
        rows.append(
            f"<tr class=match><td>{i}</td><td class=no>{match.white}</td>"
            f"<td class=name colspan=2>{site.team_link(match.white, to_teams)}</td><td>{site.scores(match.white)}</td>"
            f"<td class=res>–</td><td>{site.scores(match.black)}</td>"
            f"<td class=name colspan=2>{site.team_link(match.black, to_teams)}</td><td class=no>{match.black}</td></tr>"
        )
        home = set(site.team(match.white).members)
        for board in games:
            home_white = board.white in home or (not board.white and board.black not in home)
            left, right = (board.white, board.black) if home_white else (board.black, board.white)
            lc, rc = ("White", "Black") if home_white else ("Black", "White")
            res = "" if board.game is not None else "+ –" if left else "– +"
            rows.append(
                f"<tr class=board><td>{i}.{board.number}</td>{_side(site, left, lc, to_players, left_side=True)}"
                f"<td class=res>{res}</td>{_side(site, right, rc, to_players, left_side=False)}</tr>"
            )
    for tpn, what in site.unpaired_teams():
        rows.append(
            f"<tr class=bye><td></td><td class=no>{tpn}</td>"
            f"<td class=name colspan=2>{site.team_link(tpn, to_teams)}</td>"
            f"<td>{site.scores(tpn)}</td><td colspan=5 class=name>{html.escape(what)}</td></tr>"
        )
    return (
        "<div class=wrap><table class=pairing>\n<thead><tr><th>Bd</th><th class=no>No</th>"
        "<th class=name>Team / player</th><th>Colour</th><th>MP / GP · Rtg</th><th>Res</th><th>MP / GP · Rtg</th>"
        "<th>Colour</th><th class=name>Team / player</th><th class=no>No</th></tr></thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table></div>\n"
        "<p class=note>A match's line gives each team's match points / game points before the round; its boards "
        "follow (match.board), the first-named team's players on the left.</p>"
    )


def _find_table(site: _Site) -> str:
    """Every player in alphabetical order with the team, and the match, board, colour and
    opponent of the round (or what the round is for a player without a game)."""
    team_of = site.event.team_of
    rows = []
    for p in by_name(site.t.players):
        n = p.start_no
        tpn = team_of[n]
        cells = (
            f"<td class=name>{site.player_link(n, 'players/')}</td><td class=name>{site.team_link(tpn, 'teams/')}</td>"
        )
        if n in site.game_of:
            i, board = site.game_of[n]
            colour = "White" if board.white == n else "Black"
            opponent = board.black if board.white == n else board.white
            against = site.player_link(opponent, "players/") if opponent else _EMPTY
            rows.append(f"<tr>{cells}<td>{i}.{board.number}</td><td>{colour}</td><td class=name>{against}</td></tr>")
        else:
            what = site.unpaired_player(n)
            rows.append(f"<tr class=bye>{cells}<td></td><td></td><td class=name>{html.escape(what)}</td></tr>")
    return (
        "<div class=wrap><table class=find>\n<thead><tr><th class=name>Name</th><th class=name>Team</th>"
        "<th>Board</th><th>Colour</th><th class=name>Opponent</th></tr></thead>\n<tbody>\n"
        + "\n".join(rows)
        + "\n</tbody></table></div>"
    )


def _standings_parts(s: TeamStandings, after: str, heading: str = "Standings") -> str:
    """The team standings (C.07 11: the primary score, then the tie-breaks, each named in
    the legend) and the team crosstable."""
    return (
        f"<h2 id=standings>{heading} {after}</h2>\n{CUE}\n{standings_table(s, 'teams/{n}.html')}\n"
        f"{legend(s.tiebreaks)}\n"
        f"<p class=note>{s.score}: {_SCORES[s.score]}, the primary score (C.04.6 1.2).</p>\n"
        "<p class=note>Also as <a href=standings.txt>text</a> and <a href=standings.json>JSON</a>.</p>\n"
        f"<h2 id=crosstable>Crosstable {after}</h2>\n{CUE}\n{crosstable_table(s, 'teams/{n}.html')}\n"
        "<p class=note>Crosstable cells: the opponent's place, colour (w/b) and the game points scored; + and − a "
        "match forfeited, PAB the pairing-allocated bye, H/F a half-/full-point bye, − absent.</p>"
    )


_SCORES = {"MP": "match points", "GP": "game points"}


def _slips(site: _Site, round_no: int) -> str:
    """One result slip per match: a line per board with a box for its result, the
    match's total and the captains' signatures."""
    title = html.escape(site.t.name or "Tournament")
    slips = []
    for i, (match, games) in enumerate(site.matches, 1):
        white, black = (html.escape(team_name(site.team(n))) for n in match.players())
        lines = []
        for board in games:
            w, b = (
                f"{html.escape(player_name(site.players[n]))} ({n})" if n else _EMPTY
                for n in (board.white, board.black)
            )
            result = (
                "<td class=box></td>"
                if board.game is not None
                else f"<td>{'1 – 0' if board.white else '0 – 1'} (forfeit)</td>"
            )
            lines.append(
                f"<tr><td>{board.number}</td><td class=name>{w}</td><td>–</td><td class=name>{b}</td>{result}</tr>"
            )
        slips.append(
            f"<div class=slip><h3>{title} · round {round_no} · match {i}: {white} – {black}</h3>\n"
            "<table><tr><th>Bd</th><th class=name>White</th><th></th><th class=name>Black</th><th>Result</th></tr>\n"
            + "\n".join(lines)
            + "\n<tr><td></td><td class=name>Match</td><td></td><td></td><td class=box></td></tr></table>\n"
            "<p class=sign>Captains: ____________ ____________</p></div>"
        )
    return "\n".join(slips)


def _top_and_back(site: _Site, prefix: str, linked: Collection[int]) -> tuple[str, str]:
    """A team or player page's navigation bar and the name of the page it goes back to:
    the round's pairing and standings, or the final standings."""
    if site.pairing is None:
        return nav(prefix, site.after, "../", linked, final=True), "Final standings"
    return nav(prefix, site.pairing.round_no, "../", linked), f"Round {site.pairing.round_no}: pairing and standings"


def _team_page(site: _Site, s: TeamStandings, prefix: str, tpn: int, linked: Collection[int]) -> str:
    """A team's page: its roster, its matches so far, the match of the round being played."""
    team = site.team(tpn)
    rec = site.event.record(tpn)
    row = next(r for r in s.rows if r.start_no == tpn)
    roster = []
    for k, n in enumerate(team.members, 1):
        p = site.players[n]
        roster.append(
            f"<tr><td>{k}</td><td class=no>{n}</td><td class=name>{site.player_link(n, '../players/')}</td>"
            f"<td>{p.rating or ''}</td><td>{html.escape(p.federation)}</td>"
            f"<td>{format_points(p.score(site.t.points, site.after))}</td></tr>"
        )
    matches = []
    for r in range(1, site.after + 1):
        m = rec.match(r)
        if m is None:
            continue
        if m.opponent is None:
            what = site.team_label(tpn, r, BYE_RESULTS.get(m.kind, Result.ZERO_BYE))
            matches.append(
                f"<tr class=bye><td>{r}</td><td></td><td class=name>{html.escape(what)}</td>"
                f"<td>{format_points(m.game_points)}</td><td>{format_points(m.match_points)}</td></tr>"
            )
            continue
        theirs = site.event.record(m.opponent).match(r)
        against = format_points(theirs.game_points) if theirs is not None else ""
        colour = COLOUR_NAMES.get(m.colour, "") if m.colour is not None else ""
        forfeit = " (forfeit)" if m.kind in (MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS) else ""
        matches.append(
            f"<tr><td>{r}</td><td>{colour}</td><td class=name>{site.team_link(m.opponent, '')}</td>"
            f"<td>{format_points(m.game_points)} – {against}{forfeit}</td><td>{format_points(m.match_points)}</td></tr>"
        )
    current = ""
    if site.pairing is not None:
        r = site.pairing.round_no
        if tpn in site.match_of:
            i, match = site.match_of[tpn]
            other = match.black if match.white == tpn else match.white
            colour = "White" if match.white == tpn else "Black"
            matches.append(
                f"<tr><td>{r}</td><td>{colour}</td><td class=name>{site.team_link(other, '')}</td>"
                "<td>playing</td><td></td></tr>"
            )
            boards = []
            for board in site.matches[i - 1][1]:
                white = board.white in team.members or (not board.white and board.black not in team.members)
                ours, theirs_no = (board.white, board.black) if white else (board.black, board.white)
                mine = site.player_link(ours, "../players/") if ours else _EMPTY
                against = site.player_link(theirs_no, "../players/") if theirs_no else _EMPTY
                boards.append(
                    f"<tr><td>{board.number}</td><td class=name>{mine}</td>"
                    f"<td>{'White' if white else 'Black'}</td><td class=name>{against}</td></tr>"
                )
            current = (
                f"<h2>Round {r}: match {i} against {html.escape(team_name(site.team(other)))}</h2>\n"
                "<div class=wrap><table class=boards>\n<thead><tr><th>Bd</th><th class=name>Player</th>"
                "<th>Colour</th><th class=name>Opponent</th></tr></thead>\n<tbody>\n"
                + "\n".join(boards)
                + "\n</tbody></table></div>"
            )
        else:
            what = dict(site.unpaired_teams()).get(tpn, "not paired")
            matches.append(
                f"<tr class=bye><td>{r}</td><td></td><td class=name>{html.escape(what)}</td><td></td><td></td></tr>"
            )
    after = f"after round {site.after}" if site.after else "before round 1"
    summary = (
        f"Team number {tpn} · {format_points(rec.match_points(site.after))} match points, "
        f"{format_points(rec.game_points(site.after))} game points, place {row.place} {after}"
    )
    tbs = ", ".join(f"{html.escape(tb.code)} {format_value(row.values[tb.code])}" for tb in s.tiebreaks)
    summary += f" ({tbs})" if tbs else ""
    top, back = _top_and_back(site, prefix, linked)
    body = (
        f"{top}\n<h1>{html.escape(team_name(team))}</h1>\n<p>{summary}</p>\n"
        "<h2>Roster</h2>\n<div class=wrap><table class=roster>\n<thead><tr><th>Bd</th><th class=no>No</th>"
        "<th class=name>Player</th><th>Rtg</th><th>Fed</th><th>Pts</th></tr></thead>\n<tbody>\n"
        + "\n".join(roster)
        + "\n</tbody></table></div>\n"
        "<h2>Matches</h2>\n<div class=wrap><table class=matches>\n<thead><tr><th>Rd</th><th>Colour</th>"
        "<th class=name>Opponent</th><th>Game points</th><th>MP</th></tr></thead>\n<tbody>\n"
        + "\n".join(matches)
        + "\n</tbody></table></div>\n"
        + (current + "\n" if current else "")
        + f'<p><a href="../index.html">{back}</a></p>'
    )
    return html_page(f"{site.t.name or 'Tournament'}: {team_name(team)}", body, SITE_CSS)


def _player_page(site: _Site, prefix: str, n: int, linked: Collection[int]) -> str:
    """A player's page: the team, the games so far (board, colour, opponent and their
    team, result) and the game of the round being played."""
    p = site.players[n]
    tpn = site.event.team_of[n]
    lines = []
    for r in range(1, site.after + 1):
        e = p.entry(r)
        if e is None or e.opponent is None:
            what = site.member_label(n, r, e.result if e is not None else Result.ZERO_BYE)
            score = format_points(site.t.points.points(e.result)) if e is not None else "0.0"
            lines.append(
                f"<tr class=bye><td>{r}</td><td></td><td></td><td class=name>{html.escape(what)}</td>"
                f"<td></td><td class=res>{score}</td></tr>"
            )
            continue
        colour = COLOUR_NAMES.get(e.colour, "") if e.colour is not None else ""
        opponent_team = site.event.team_of.get(e.opponent)
        team_cell = site.team_link(opponent_team, "../teams/") if opponent_team is not None else ""
        lines.append(
            f"<tr><td>{r}</td><td>{colour}</td><td class=name>{site.player_link(e.opponent, '')}</td>"
            f"<td class=name>{team_cell}</td><td>{site.players[e.opponent].rating or ''}</td>"
            f"<td class=res>{html.escape(RESULT_SIGNS.get(e.result, '?'))}</td></tr>"
        )
    if site.pairing is not None:
        r = site.pairing.round_no
        if n in site.game_of and (board := site.game_of[n][1]).game is None:
            lines.append(
                f"<tr><td>{r}</td><td>{'White' if board.white == n else 'Black'}</td><td class=name>{_EMPTY}</td>"
                f"<td></td><td></td><td class=res>+ (board {site.game_of[n][0]}.{board.number}, won by forfeit)"
                "</td></tr>"
            )
        elif n in site.game_of:
            i, board = site.game_of[n]
            opponent = board.black if board.white == n else board.white
            colour = "White" if board.white == n else "Black"
            lines.append(
                f"<tr><td>{r}</td><td>{colour}</td><td class=name>{site.player_link(opponent, '')}</td>"
                f"<td class=name>{site.team_link(site.event.team_of[opponent], '../teams/')}</td>"
                f"<td>{site.players[opponent].rating or ''}</td>"
                f"<td class=res>playing (board {i}.{board.number})</td></tr>"
            )
        else:
            what = site.unpaired_player(n)
            lines.append(
                f"<tr class=bye><td>{r}</td><td></td><td></td><td class=name>{html.escape(what)}</td>"
                "<td></td><td></td></tr>"
            )
    facts = [f"Start number {n}", f"board {site.board_of[n]} of {site.team_link(tpn, '../teams/')}"]
    if p.rating:
        facts.append(f"rating {p.rating}")
    if p.federation:
        facts.append(html.escape(p.federation))
    after = f"after round {site.after}" if site.after else "before round 1"
    summary = f"{format_points(p.score(site.t.points, site.after))} points {after}"
    top, back = _top_and_back(site, prefix, linked)
    body = (
        f"{top}\n<h1>{html.escape(player_name(p))}</h1>\n<p>{' · '.join(facts)}<br>{summary}</p>\n"
        f"<h2>Games</h2>\n{CUE}\n<div class=wrap><table class=games>\n<thead><tr><th>Rd</th><th>Colour</th>"
        "<th class=name>Opponent</th><th class=name>Team</th><th>Rtg</th><th>Result</th></tr></thead>\n<tbody>\n"
        + "\n".join(lines)
        + "\n</tbody></table></div>\n"
        f'<p><a href="../index.html">{back}</a></p>'
    )
    return html_page(f"{site.t.name or 'Tournament'}: {player_name(p)}", body, SITE_CSS)


def _files(
    site: _Site, s: TeamStandings, prefix: str, title: str, after: str, index: str, linked: Collection[int]
) -> dict[str, bytes]:
    t = site.t
    name = html.escape(t.name or "Tournament")
    files = {
        "index.html": html_page(title, index, SITE_CSS),
        "standings.txt": render_text(s),
        "standings.json": render_json(s),
        "standings.html": html_page(
            f"{t.name or 'Tournament'}: standings {after}",
            f"<h1>{name}: standings {after}</h1>\n{CUE}\n{standings_table(s, 'teams/{n}.html')}\n{legend(s.tiebreaks)}",
            SITE_CSS,
        ),
    }
    if site.pairing is not None:
        r = site.pairing.round_no
        files["slips.html"] = html_page(
            f"{title}: result slips",
            f"{nav(prefix, r, '', linked)}\n<h1>{html.escape(title)}: result slips</h1>\n" + _slips(site, r),
            SITE_CSS,
        )
    for team in site.event.setup.teams:
        files[f"teams/{team.number}.html"] = _team_page(site, s, prefix, team.number, linked)
    for p in t.players:
        files[f"players/{p.start_no}.html"] = _player_page(site, prefix, p.start_no, linked)
    return {path: text.encode("utf-8") for path, text in files.items()}


def team_round_site(
    tournament: Tournament, pairing: RoundPairing, prefix: str, tiebreaks: list[TieBreak], *, linked: Collection[int]
) -> dict[str, bytes]:
    """Every file of round ``pairing.round_no``'s site of a team event. ``tournament`` is
    the state before the pairing; ``pairing`` the round's pairing of teams (team numbers
    on its boards); ``prefix`` names the round folders; the standings rank by
    ``tiebreaks`` (:func:`swissbridge.publish.standings.compute_teams`); ``linked``: the earlier
    rounds whose folders were published, the only ones linked to."""
    r = pairing.round_no
    site = _Site(tournament, pairing, r - 1)
    title = tournament.name or "Tournament"
    of = f" of {tournament.total_rounds}" if tournament.total_rounds else ""
    after = f"after round {r - 1}" if r > 1 else "before round 1"
    s = compute_teams(tournament, tiebreaks, r - 1)
    index = (
        f"{nav(prefix, r, '', linked)}\n<h1>{html.escape(title)}: round {r}{of}</h1>\n"
        "<p><a href=#pairing>Pairing</a> · <a href=#find>Find your board</a> · <a href=#standings>Standings</a> · "
        "<a href=#crosstable>Crosstable</a> · <a href=slips.html>Result slips</a></p>\n"
        f"<h2 id=pairing>Pairing of round {r}</h2>\n{CUE}\n{_pairing_table(site)}\n"
        f"<h2 id=find>Find your board</h2>\n{CUE}\n{_find_table(site)}\n" + _standings_parts(s, after)
    )
    return _files(site, s, prefix, f"{title}: round {r}", after, index, linked)


def final_team_site(
    tournament: Tournament, round_no: int, prefix: str, tiebreaks: list[TieBreak], *, linked: Collection[int]
) -> dict[str, bytes]:
    """The final team standings after the last round ``round_no``: the same site without
    a pairing (``index.html`` with the standings and the crosstable, the team and player
    pages, ``standings.*``)."""
    site = _Site(tournament, None, round_no)
    title = tournament.name or "Tournament"
    after = f"after round {round_no}"
    s = compute_teams(tournament, tiebreaks, round_no)
    index = (
        f"{nav(prefix, round_no, '', linked, final=True)}\n<h1>{html.escape(title)}: final standings</h1>\n"
        + _standings_parts(s, after, "Final standings")
    )
    return _files(site, s, prefix, f"{title}: final standings", after, index, linked)


def team_pairing_html(tournament: Tournament, pairing: RoundPairing) -> str:
    """The round's pairing of teams to print: the matches with their boards, the PAB
    team and the teams not paired (the names link to the site's pages beside it)."""
    site = _Site(tournament, pairing, pairing.round_no - 1)
    title = html.escape(tournament.name or "Tournament")
    of = f" of {tournament.total_rounds}" if tournament.total_rounds else ""
    table = _pairing_table(site)
    body = f"<h1>{title} – round {pairing.round_no}{of}</h1>\n{table}"
    return html_page(f"{tournament.name or 'Tournament'} – round {pairing.round_no}", body, SITE_CSS)
