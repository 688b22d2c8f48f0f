"""The board numbers of a team round (TRF-2026 record 300): a line-up may leave a board
in the middle unoccupied (``0000``); the board keeps its number, the boards after it keep
theirs, and the player facing it wins it by forfeit. Every output numbers the boards
from one place (:func:`swissbridge.rules.teams.match_games`): the text board list, the
``trf``/``sm``/``pgn``/``json`` pairing files, the site, ``explain`` and the BC
tie-break (C.07 12.1)."""

from __future__ import annotations

import json
import re
from typing import Any

from swissbridge.commands.explain import explain
from swissbridge.formats.pgn import read_round_feed
from swissbridge.formats.trf import parse_trf
from swissbridge.model import Result, Tournament
from swissbridge.pairing import Board, RoundPairing, apply_pairing
from swissbridge.plugins.team import TeamSystem
from swissbridge.publish.explain import render
from swissbridge.publish.teamsite import team_pairing_html, team_round_site
from swissbridge.rules.teams import MatchBoard, TeamEvent, board_pairing, match_games
from swissbridge.rules.teamtiebreaks import prepare
from swissbridge.systems.service import render_pairing

from tests.unit.test_explain import DETAILS, SCHEMA, validate

PAIRING = RoundPairing(1, (Board(1, 3), Board(4, 2)), system="team")
"""Round 1 as the team system pairs the event: team 1 (White) against 3, team 4 against 2."""


def _event(*, played: bool = False) -> Tournament:
    """Four teams of four on four boards (352 WBWB), players 1-16 in team order; team 1's
    round-1 line-up (record 300) leaves board 2 unoccupied. ``played``: round 1 played,
    every game won by White, player 10 (team 3's board 2) winning board 2 by forfeit."""
    lines = ["012 Boards", "142 3", "152 W", "192 FIDE_TEAM_TYPEA_MP_GP", "352 WBWB"]
    cells: dict[int, str] = {}
    if played:
        for match in match_games(TeamEvent(_event()), PAIRING):
            for b in match[1]:
                if b.game is not None:
                    cells[b.game.white] = f"{b.game.black:>4} w 1"
                    cells[b.game.black] = f"{b.game.white:>4} b 0"
        cells[10] = "0000 - +"
    for n in range(1, 17):
        cell = f"  {cells[n]}" if n in cells else ""
        points = "1.0" if n in cells and cells[n][-1] in "1+" else "0.0"
        lines.append(f"001 {n:>4}      {'P' + str(n):<34}{2600 - 10 * n:>4}{'':29}{points} {n:>4}{cell}")
    for t in range(1, 5):
        lines.append(
            f"310 {t:>3} {'Team' + str(t):<32}{'':32}" + "".join(f" {m:>4}" for m in range(4 * t - 3, 4 * t + 1))
        )
    lines.append("300   1   1   3    1 0000    3    4")
    return parse_trf("\n".join(lines) + "\n", path="e.trf")


def test_a_board_left_unoccupied_keeps_its_number_and_is_a_forfeit() -> None:
    first, second = match_games(TeamEvent(_event()), PAIRING)
    assert first[0] == Board(1, 3) and second[0] == Board(4, 2)
    assert first[1] == (MatchBoard(1, 1, 9), MatchBoard(2, 10, 0), MatchBoard(3, 3, 11), MatchBoard(4, 12, 4))
    assert [b.number for b in second[1]] == [1, 2, 3, 4]
    assert first[1][1].game is None and first[1][1].forfeit_winner == 10
    games = board_pairing(_event(), PAIRING)
    assert games.absent == {10: Result.FORFEIT_WIN}
    assert games.numbers == (1, 3, 4, 5, 6, 7, 8)  # boards numbered down the matches, 4 a match


def test_the_text_board_list_numbers_the_boards_of_the_line_up() -> None:
    text = render_pairing(_event(), PAIRING, "text").splitlines()
    rows = [line.split() for line in text if re.match(r"\s+\d\. ", line)]
    assert [r[0] for r in rows] == ["1.", "2.", "3.", "4.", "1.", "2.", "3.", "4."]
    assert rows[2][:2] == ["3.", "(3)"] and rows[3][:2] == ["4.", "(12)"]
    assert "(10) P10" in text[3] and "(empty board)" in text[3] and "forfeit" in text[3]


def test_the_pairing_files_number_the_boards_of_the_line_up() -> None:
    t = _event()
    doc = json.loads(render_pairing(t, PAIRING, "json"))
    assert [(b["board"], b["white"], b["black"]) for b in doc["boards"][:3]] == [(1, 1, 9), (3, 3, 11), (4, 12, 4)]
    assert doc["boards"][3]["board"] == 5
    assert {"player": 10, "result": "forfeit_win"} in doc["absent"]
    pgn = render_pairing(t, PAIRING, "pgn")
    assert re.findall(r'\[Round "([\d.]+)"\]', pgn) == ["1.1", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8"]
    sm = render_pairing(t, PAIRING, "sm").splitlines()[1:]
    assert [row.split(";")[1] for row in sm] == ["1", "3", "4", "5", "6", "7", "8"]
    trf = render_pairing(t, PAIRING, "trf").splitlines()
    p10 = next(line for line in trf if line.startswith("001   10"))
    assert p10.endswith("0000 - +")  # a forfeit won against nobody


def test_the_site_numbers_the_boards_of_the_line_up() -> None:
    t = _event()
    page = team_pairing_html(t, PAIRING)
    assert re.findall(r"<td>(1\.\d)</td>", page) == ["1.1", "1.2", "1.3", "1.4"]
    assert "empty board" in page
    files = team_round_site(t, PAIRING, "round", [], linked=())
    index = files["index.html"].decode()
    p3 = re.search(r'players/3\.html">P3</a></td><td class=name>.*?</td><td>([\d.]+)</td>', index)
    assert p3 is not None and p3.group(1) == "1.3"
    assert "playing (board 1.3)" in files["players/3.html"].decode()
    assert "board 1.2" in files["players/10.html"].decode()
    slips = files["slips.html"].decode()
    assert re.findall(r"<tr><td>(\d)</td>", slips)[:4] == ["1", "2", "3", "4"]
    team1 = files["teams/1.html"].decode().split("Round 1: match 1")[1]
    assert re.findall(r"<tr><td>(\d)</td>", team1) == ["1", "2", "3", "4"]


def test_explain_numbers_the_boards_of_the_line_up() -> None:
    doc = explain(_event(), system=TeamSystem(), round_no=1)
    assert validate(doc, SCHEMA) == [] and validate(doc["details"], DETAILS["team"]) == []
    details: Any = doc["details"]
    games = details["matches"][0]["games"]
    assert [(g["board"], g["white"], g["black"]) for g in games] == [(1, 1, 9), (2, 10, None), (3, 3, 11), (4, 12, 4)]
    text = render(doc, "text")
    assert "board 2: P10 (10) – (empty board): won by forfeit" in text and "board 3: P3 (3) – P11 (11)" in text


def test_board_count_counts_the_boards_of_the_line_up() -> None:
    """C.07 12.1: BC weighs each board's points by its number. Team 3's player 10 won
    board 2 by forfeit, 3 and 12 won boards 3 and 4 for teams 1 and 3."""
    table = prepare(_event(played=True), 1)
    assert table.boards[3][:2] == (0, 10) and table.boards[1] == (10, 0, 10, 0)


def test_a_pgn_feed_of_the_round_keeps_the_board_numbers() -> None:
    """The watcher reads a team round's results from a PGN feed by the games' numbers
    (:func:`swissbridge.rules.teams.board_pairing`): board 1.3's result is board 3's."""
    t = _event()
    games = board_pairing(t, PAIRING)
    pgn = render_pairing(t, PAIRING, "pgn").split("\n\n")
    at = next(i for i, part in enumerate(pgn) if '[Round "1.3"]' in part)
    pgn[at] = pgn[at].replace('[Result "*"]', '[Result "1-0"]')
    pgn[at + 1] = "1-0"
    feed = read_round_feed("\n\n".join(pgn).encode(), apply_pairing(t, games), 1, pairing=games)
    assert [b.board_no for b in feed.finished] == [3]
    assert [b.board_no for b in feed.in_progress] == [1, 4, 5, 6, 7, 8] and not feed.missing
