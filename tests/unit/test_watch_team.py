"""A team event (C.04.6) end to end through the watcher: a TRF-2026 team file in the
watched folder, the watcher pairs round r, the arbiter enters the round's board results
into the file, the watcher pairs r + 1 ..., then the final standings. Every round's
pairing is the one ``swissbridge pair`` gives, the round's TRF the one ``pair --format
trf`` writes, and the site has the matches, the team standings, a page per team and
per player, every name escaped."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from swissbridge.formats.trf import parse_trf, write_trf
from swissbridge.model import Colour, Entry, Result, Team, TeamSetup, Tournament
from swissbridge.pairing import Board, RoundPairing
from swissbridge.publish.standings import player_name, render_json
from swissbridge.rules.ranking import choose_tiebreaks, compute_teams
from swissbridge.rules.teams import TeamEvent, board_pairing
from swissbridge.watch.host_pgn import pairing_from_pairlist
from swissbridge.watch.loop import Watcher
from swissbridge.watch.types import WatchConfig
from typer.testing import CliRunner

from tests.team_support import random_event
from tests.watch_support import dangling, visible

TEAMS = 9  # odd: a PAB team every round
BOARDS = 4
ROUNDS = 5
NASTY_TEAM = "<script>alert('x')</script> & Co"
NASTY_PLAYER = "O'Brien <b>&</b>, Zoë"


def team_event() -> Tournament:
    """9 teams of 4, 5 rounds, Type A; team 2 and player 6 with names to escape."""
    t = random_event(random.Random(7), TEAMS, BOARDS, ROUNDS, "FIDE_TEAM_TYPEA_MP_GP")
    assert t.teams is not None
    teams = tuple(replace(team, name=NASTY_TEAM) if team.number == 2 else team for team in t.teams.teams)
    players = tuple(replace(p, name=NASTY_PLAYER) if p.start_no == 6 else p for p in t.players)
    headers = tuple((code, _line_310(teams[int(v.split()[0]) - 1]) if code == "310" else v) for code, v in t.headers)
    return replace(t, players=players, teams=TeamSetup(teams=teams), headers=headers)


def _line_310(team: Team) -> str:
    members = "".join(f" {m:>4}" for m in team.members)
    return f"{team.number:<3} {team.name:<32}{'':32}{members}"


def results(t: Tournament, round_no: int, *, leave: int = 0, forfeit: bool = True) -> Tournament:
    """``t`` (round ``round_no`` paired) with its board results, as an arbiter enters
    them: the higher rated wins, every third game drawn, one game a forfeit (unless not
    ``forfeit``); the last ``leave`` games left without a result."""
    games = t.pending_games(round_no)
    entries: dict[int, Entry] = {}
    for i, (w, b) in enumerate(games[: len(games) - leave]):
        if i == 1 and forfeit:
            entries[w] = Entry(Result.FORFEIT_WIN, b, Colour.WHITE)
            entries[b] = Entry(Result.FORFEIT_LOSS, w, Colour.BLACK)
            continue
        rw = Result.DRAW if i % 3 == 0 else Result.WIN if t.player(w).rating >= t.player(b).rating else Result.LOSS
        rb = {Result.WIN: Result.LOSS, Result.DRAW: Result.DRAW, Result.LOSS: Result.WIN}[rw]
        entries[w], entries[b] = Entry(rw, b, Colour.WHITE), Entry(rb, w, Colour.BLACK)
    return t.with_round(round_no, entries)


def pair_cli(path: Path, fmt: str) -> str:
    from swissbridge.cli.commandline import app

    result = CliRunner().invoke(app, ["pair", str(path), "--format", fmt])
    assert result.exit_code == 0, result.output
    return result.stdout


def check_site(out: Path, folder: str, t: Tournament, *, final: bool = False) -> None:
    """The round's (or the final) site: every page there, every name escaped."""
    files = visible(out)
    pages = {p[len(folder) + 1 :] for p in files if p.startswith(f"{folder}/")}
    expected = {"index.html", "standings.txt", "standings.json", "standings.html"}
    expected |= {f"teams/{n}.html" for n in range(1, TEAMS + 1)}
    expected |= {f"players/{p.start_no}.html" for p in t.players}
    if not final:
        expected |= {"slips.html", f"{folder}.html", f"{folder}.txt", f"{folder}.trf", f"{folder}.pgn"}
    else:
        expected |= {f"{folder}.trf"}
    assert pages == expected
    assert not any(p.endswith("Spielerauslosung.txt") for p in pages)  # no import file for a team event
    for page in pages:
        if not page.endswith(".html"):
            continue
        text = files[f"{folder}/{page}"].decode("utf-8")
        assert "<script>" not in text and "<b>&</b>" not in text, page
    index = files[f"{folder}/index.html"].decode("utf-8")
    assert html_escaped(NASTY_TEAM) in index
    assert html_escaped(NASTY_PLAYER) in files[f"{folder}/teams/2.html"].decode("utf-8")
    assert html_escaped(NASTY_PLAYER) in files[f"{folder}/players/6.html"].decode("utf-8")


def html_escaped(text: str) -> str:
    import html

    return html.escape(text)


def test_a_team_event_end_to_end_through_the_watcher(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    host = folder / "Teams.trf"
    host.write_text(write_trf(team_event(), dialect="trf26"), encoding="utf-8")
    out = folder / "swissbridge-out"
    watcher = Watcher(WatchConfig(folder, stable=0))
    for r in range(1, ROUNDS + 1):
        expected_pairs = pair_cli(host, "pairlist")
        expected_state = pair_cli(host, "trf")
        before = parse_trf(host.read_bytes())
        report = watcher.run_once()
        assert report.exit_code == 0, report.status
        assert report.published == [("Teams", r)]
        pub = watcher.state.publication("Teams", r)
        assert pub is not None and pub.pairlist == expected_pairs  # the pairing of teams, as `pair` gives it
        name = f"Teams-R{r}"
        assert report.status == (
            f"Teams: round {r} published; waiting for its results (the round's games are in {name}.trf)"
        )
        published = (out / name / f"{name}.trf").read_text(encoding="utf-8")
        assert published == expected_state  # the members' games as 001 records, as `pair --format trf` writes
        state = parse_trf(published.encode())
        teams = pairing_from_pairlist(r, pub.pairlist)
        games = board_pairing(before, teams)
        for b in games.boards:  # every game of every match in the TRF, colours as paired
            assert state.player(b.white).entry(r) == Entry(Result.PENDING, b.black, Colour.WHITE)
        assert teams.bye is not None
        for m in before.teams.team(teams.bye).members if before.teams else ():
            assert state.player(m).entry(r) == Entry(Result.PAB)
        check_site(out, name, before)
        index = (out / name / "index.html").read_text(encoding="utf-8")
        assert index.count("<tr class=match>") == len(teams.boards)
        assert index.count("<tr class=board>") == len(games.boards)
        pgn = (out / name / f"{name}.pgn").read_text(encoding="utf-8")
        assert pgn.count(f'[Round "{r}.') == len(games.boards)
        text = (out / name / f"{name}.txt").read_text(encoding="utf-8")
        assert text == pair_cli(host, "text")

        # the arbiter enters part of the round: the watcher waits, naming the boards
        partial = results(state, r, leave=3)
        host.write_text(write_trf(partial, dialect="trf26"), encoding="utf-8")
        report = watcher.run_once()
        assert report.published == [] and report.exit_code == 0
        boards = r"[1-4]\.[1-4], [1-4]\.[1-4], [1-4]\.[1-4]"  # match.board: 4 matches of 4 boards
        assert re.fullmatch(rf"Teams: round {r}: waiting for 3 results: boards {boards}", report.status)
        host.write_text(write_trf(results(state, r), dialect="trf26"), encoding="utf-8")

    report = watcher.run_once()
    assert report.exit_code == 0
    final = f"Teams-R{ROUNDS}-final"
    assert report.status == (
        f"Teams: tournament finished after round {ROUNDS}: final standings in {final}/index.html, "
        f"final state in {final}/{final}.trf"
    )
    done = parse_trf(host.read_bytes())
    check_site(out, final, done, final=True)
    assert dangling(visible(out)) == []  # every link of every round's pages resolves
    standings = json.loads((out / final / "standings.json").read_text(encoding="utf-8"))
    assert standings["after_round"] == ROUNDS and standings["complete"] is True
    assert standings["score"] == "MP" and standings["tiebreaks"] == ["MPVGP", "EDE", "BH/C1", "BH", "SB"]
    expected = compute_teams(done, choose_tiebreaks(done, None), ROUNDS)
    assert (out / final / "standings.json").read_text(encoding="utf-8") == render_json(expected)
    event = TeamEvent(done)
    points = [event.record(row["team"]).match_points(ROUNDS) for row in standings["teams"]]
    assert points == sorted(points, reverse=True) and sum(points) == ROUNDS * (TEAMS // 2 * 20 + 10)  # 2-1-0, PAB 1
    index = (out / final / "index.html").read_text(encoding="utf-8")
    assert "id=crosstable" in index and "Buchholz" in index  # the team crosstable, the legend of the tie-breaks


def test_a_team_round_changed_in_the_host_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    host = folder / "Teams.trf"
    host.write_text(write_trf(team_event(), dialect="trf26"), encoding="utf-8")
    watcher = Watcher(WatchConfig(folder, stable=0))
    assert watcher.run_once().published == [("Teams", 1)]
    pub = watcher.state.publication("Teams", 1)
    assert pub is not None
    before = parse_trf(host.read_bytes())
    teams = pairing_from_pairlist(1, pub.pairlist)
    # the host paired two matches the other way: team a against team c, team b against team d
    (a, b), (c, d) = teams.boards[0].players(), teams.boards[1].players()
    swapped = RoundPairing(1, (Board(a, c), Board(b, d), *teams.boards[2:]), teams.bye)
    host_round = results(before.with_round(1, _entries(board_pairing(before, swapped))), 1)
    host.write_text(write_trf(host_round, dialect="trf26"), encoding="utf-8")
    report = watcher.run_once()
    assert report.published == [("Teams", 2)]
    note = "round 1 in the export is not the pairing the watcher published "
    note += f"(changed in the host for team(s) {', '.join(map(str, sorted((min(a, c), min(b, d)))))})"
    assert note in "\n".join(watcher._said.values())


def _entries(games: RoundPairing) -> dict[int, Entry]:
    entries = {b.white: Entry(Result.PENDING, b.black, Colour.WHITE) for b in games.boards}
    entries.update({b.black: Entry(Result.PENDING, b.white, Colour.BLACK) for b in games.boards})
    entries.update({n: Entry(r) for n, r in games.absent.items()})
    return entries


def test_a_team_event_from_a_pgn_feed(tmp_path: Path) -> None:
    """The PGN workflow: the team file as the state, the boards' results from the feed."""
    folder = tmp_path / "feed"
    folder.mkdir()
    seed = tmp_path / "Teams.trf"
    seed.write_text(write_trf(team_event(), dialect="trf26"), encoding="utf-8")
    watcher = Watcher(WatchConfig(folder, host="pgn", tournament=seed, stable=0))
    out = folder / "swissbridge-out"
    text = {Result.WIN: "1-0", Result.LOSS: "0-1", Result.DRAW: "1/2-1/2"}
    for r in range(1, 4):
        report = watcher.run_once()
        assert report.published == [("Teams", r)], report.status
        name = f"Teams-R{r}"
        state = parse_trf((out / name / f"{name}.trf").read_bytes())
        pub = watcher.state.publication("Teams", r)
        assert pub is not None
        before = tmp_path / f"before-{r}.trf"
        unplayed = state.with_players(replace(p, entries=p.entries[: r - 1]) for p in state.players)
        before.write_text(write_trf(unplayed, dialect="trf26"), encoding="utf-8")
        assert pub.pairlist == pair_cli(before, "pairlist")
        played = results(state, r, forfeit=False)
        games = []
        for w, b in state.pending_games(r):
            e = played.player(w).entry(r)
            assert e is not None
            pw, pb = played.player(w), played.player(b)
            games.append(
                f'[Event "x"]\n[Round "{r}"]\n[White "{pw.name}"]\n[Black "{pb.name}"]\n'
                f'[Result "{text[e.result]}"]\n\n{text[e.result]}\n'
            )
        (folder / f"round{r}.pgn").write_text("\n".join(games[1:]), encoding="utf-8")
        report = watcher.run_once()
        assert report.published == [] and "waiting for 1 result" in report.status, report.status
        (folder / f"round{r}.pgn").write_text("\n".join(games), encoding="utf-8")


def test_a_deleted_team_folder_is_written_again_and_a_planted_link_is_not_followed(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "Teams.trf").write_text(write_trf(team_event(), dialect="trf26"), encoding="utf-8")
    out = folder / "swissbridge-out"
    watcher = Watcher(WatchConfig(folder, stable=0))
    assert watcher.run_once().published == [("Teams", 1)]
    published = visible(out)
    teams = out / "Teams-R1" / "teams"
    shutil.rmtree(teams)
    report = watcher.run_once()
    assert report.exit_code == 0 and visible(out) == published  # written again from the memory
    shutil.rmtree(teams)
    outside = tmp_path / "outside"
    outside.mkdir()
    teams.symlink_to(outside, target_is_directory=True)
    report = watcher.run_once()
    assert report.exit_code == 5 and report.output_faults
    assert list(outside.iterdir()) == []  # nothing written through the link


def test_a_round_paired_before_the_watcher_waits_by_match_and_board(tmp_path: Path) -> None:
    """Round 1 paired by ``pair`` before the watcher started: the board still without a
    result is named by its match and board as ``pair`` listed them."""
    folder = tmp_path / "event"
    folder.mkdir()
    seed = tmp_path / "seed.trf"
    seed.write_text(write_trf(team_event(), dialect="trf26"), encoding="utf-8")
    host = folder / "Teams.trf"
    host.write_text(pair_cli(seed, "trf"), encoding="utf-8")
    teams = pairing_from_pairlist(1, pair_cli(seed, "pairlist"))
    state = parse_trf(host.read_bytes())
    last = board_pairing(state, teams).boards[-1]  # the last board of the last match, as `pair` lists them
    played = results(state, 1)
    played = played.with_round(1, {n: Entry(Result.PENDING, m, c) for n, m, c in _sides(last)})
    host.write_text(write_trf(played, dialect="trf26"), encoding="utf-8")
    report = Watcher(WatchConfig(folder, stable=0)).run_once()
    assert report.status == f"Teams: round 1: waiting for 1 result: board {len(teams.boards)}.{BOARDS}"


def _sides(b: Board) -> list[tuple[int, int, Colour]]:
    return [(b.white, b.black, Colour.WHITE), (b.black, b.white, Colour.BLACK)]


def test_reserves_and_the_pab_team_in_the_find_list() -> None:
    """Teams of 5 playing 4 boards (record 352): the reserve is not in the line-up, the
    PAB team's board players have the PAB, and the pages say so."""
    from swissbridge.publish.teamsite import team_round_site
    from swissbridge.rules.ranking import choose_tiebreaks
    from swissbridge.systems.service import pair_tournament

    t = random_event(random.Random(3), 5, 5, 4, "FIDE_TEAM_TYPEA_MP_GP")
    assert t.teams is not None
    t = replace(t, teams=replace(t.teams, board_colours="WBWB"))
    t = t.with_players(replace(p, name=f"Player {p.start_no}") for p in t.players)  # names the patterns can find
    pairing = pair_tournament(t, system="team")
    assert pairing.bye is not None and len(pairing.boards) == 2
    files = team_round_site(t, pairing, "T", choose_tiebreaks(t, None), linked=())
    index = files["index.html"].decode()
    assert index.count("<tr class=board>") == 8  # 2 matches of 4 boards
    find = index.split("id=find")[1].split("id=standings")[0]

    def row(n: int, label: str) -> str:
        name = re.escape(html_escaped(player_name(t.player(n))))
        return rf'players/{n}\.html">{name}</a>.*?<td class=name>{label}</td>'

    bye_team = t.teams.team(pairing.bye)
    for k, n in enumerate(bye_team.members):
        assert re.search(row(n, "pairing-allocated bye" if k < 4 else "not in the line-up"), find), n
    reserves = [team.members[4] for team in t.teams.teams if team.number != pairing.bye]
    for n in reserves:
        assert re.search(row(n, "not in the line-up"), find), n
        assert "not in the line-up" in files[f"players/{n}.html"].decode()
    assert "pairing-allocated bye" in files[f"teams/{pairing.bye}.html"].decode()


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("SWISSBRIDGE_SLOW") != "1", reason="30 events: set SWISSBRIDGE_SLOW=1")
def test_random_team_events_through_the_watcher(tmp_path: Path) -> None:
    """30 random team events (6-16 teams of 2, 4 or 6 boards, 4-9 rounds, every code of
    the differential) played to the end through the watcher: every round's pairing is
    the team system's for the file as the watcher read it, and its TRF the one ``pair
    --format trf`` writes from that file."""
    from swissbridge.pairing import NoLegalPairing, apply_pairing
    from swissbridge.systems.service import pair_tournament
    from swissbridge.systems.settings import Settings, apply_settings

    from tests.team_support import CODES, play

    published = 0
    for i in range(30):
        rng = random.Random(100 + i)
        teams = rng.randint(6, 16)
        rounds = min(rng.randint(4, 9), teams - 1)
        t = random_event(rng, teams, rng.choice((2, 4, 6)), rounds, rng.choice(CODES))
        folder = tmp_path / str(i)
        folder.mkdir()
        host = folder / "E.trf"
        watcher = Watcher(WatchConfig(folder, stable=0))
        for r in range(1, rounds + 2):
            host.write_text(write_trf(t, dialect="trf26"), encoding="utf-8")
            report = watcher.run_once()
            if r > rounds:
                assert report.status.startswith("E: tournament finished"), report.status
                break
            read = apply_settings(parse_trf(host.read_bytes()), Settings(None, None, None, None)).tournament
            try:
                expected = pair_tournament(read, system="team")
            except NoLegalPairing:
                assert report.exit_code == 1, report.status
                break
            assert report.published == [("E", r)], report.status
            pub = watcher.state.published["E"][r].pairlist
            assert pub == expected.pairlist(), (i, r)
            trf = (folder / "swissbridge-out" / f"E-R{r}" / f"E-R{r}.trf").read_text(encoding="utf-8")
            assert trf == write_trf(apply_pairing(read, board_pairing(read, expected)), dialect="trf26"), (i, r)
            published += 1
            t = play(rng, t, pairing_from_pairlist(r, pub))
    assert published > 150


def test_an_event_from_swissbridge_generate_continues_through_the_watcher(tmp_path: Path) -> None:
    """``swissbridge generate --system team`` (rosters with reserves, record 352, record
    300 line-ups in the rounds played, record 320) played 2 rounds; the watcher, told the
    event has 5 (``--rounds 5``), pairs rounds 3-5 as ``pair --rounds 5`` does."""
    from swissbridge.cli.commandline import app

    folder = tmp_path / "event"
    folder.mkdir()
    host = folder / "Gen.trf"
    args = ["generate", "--system", "team", "-n", "9", "--boards", "3", "--rounds", "2", "--seed", "4"]
    made = CliRunner().invoke(app, [*args, "-o", str(host)])
    assert made.exit_code == 0, made.output
    assert "\n300 " in host.read_text(encoding="utf-8")  # line-ups out of record 310's order
    watcher = Watcher(WatchConfig(folder, rounds=5, stable=0))
    out = folder / "swissbridge-out"
    for r in range(3, 6):
        result = CliRunner().invoke(app, ["pair", str(host), "--rounds", "5", "--format", "pairlist"])
        assert result.exit_code == 0, result.output
        report = watcher.run_once()
        assert report.published == [("Gen", r)], report.status
        pub = watcher.state.publication("Gen", r)
        assert pub is not None and pub.pairlist == result.stdout
        state = parse_trf((out / f"Gen-R{r}" / f"Gen-R{r}.trf").read_bytes())
        assert dangling(visible(out)) == []
        host.write_text(write_trf(results(state, r), dialect="trf26"), encoding="utf-8")
    report = watcher.run_once()
    assert report.status.startswith("Gen: tournament finished after round 5"), report.status


def test_a_board_waited_for_is_named_by_the_round_s_line_up(tmp_path: Path) -> None:
    """A game without a result in a round whose line-up record 300 gives: its board is
    the one the line-up gives the players, not their place in the roster."""
    from swissbridge.cli.commandline import app

    folder = tmp_path / "event"
    folder.mkdir()
    host = folder / "Gen.trf"
    args = ["generate", "--system", "team", "-n", "9", "--boards", "3", "--rounds", "2", "--seed", "6"]
    assert CliRunner().invoke(app, [*args, "-o", str(host)]).exit_code == 0
    t = parse_trf(host.read_bytes())
    assert t.teams is not None
    found = [
        (lu, k, n)
        for lu in t.teams.lineups
        if lu.round_no == 2
        for k, n in enumerate(lu.players, 1)
        if n
        and (e := t.player(n).entry(2)) is not None
        and e.opponent is not None
        and t.teams.team(lu.team).members.index(n) + 1 != k
    ]
    assert found, "the generated file has no player out of roster order in round 2"
    _, board, n = found[0]
    e = t.player(n).entry(2)
    assert e is not None and e.opponent is not None and e.colour is not None
    entries = {n: Entry(Result.PENDING, e.opponent, e.colour), e.opponent: Entry(Result.PENDING, n, e.colour.opposite)}
    host.write_text(write_trf(t.with_round(2, entries), dialect="trf26"), encoding="utf-8")
    report = Watcher(WatchConfig(folder, rounds=5, stable=0)).run_once()
    shown = re.fullmatch(r"Gen: round 2: waiting for 1 result: board (\d+)\.(\d+)", report.status)
    assert shown is not None, report.status
    assert int(shown.group(1)) >= 1 and int(shown.group(2)) == board
