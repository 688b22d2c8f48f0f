"""A team event from a player list (issue 26): ``new --system team --boards N`` makes the
teams from the list's ``team`` column (record 310, record 352), and the event is paired,
scored and checked from there; the lists a team event cannot take are refused at their
line and column."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge.cli import commandline as cli
from swissbridge.formats.trf import parse_trf, read_trf, write_trf
from swissbridge.rules.teams import TeamEvent
from typer.testing import CliRunner

runner = CliRunner()

TEAMS = """name,rating,team,board
"Berg, Anna",2100,SK Oslo,2
"Dahl, Bo",2200,SK Oslo,1
"Eik, Cato",1900,SK Oslo,
"Foss, Dag",2000,Bergen,
"Gran, Eli",1950,Bergen,
"Hauge, Finn",2300,Tromsø,
"Ims, Gro",2250,Tromsø,
"Jahr, Hans",1800,Stavanger,
"Kvam, Ida",1700,Stavanger,
"""


def run(*args: str) -> tuple[int, str]:
    done = runner.invoke(cli._only(args[0]) or cli.app, list(args), prog_name="swissbridge")
    return done.exit_code, done.output


def made(tmp_path: Path, text: str = TEAMS, *options: str) -> tuple[int, str, Path]:
    players = tmp_path / "p.csv"
    players.write_text(text, encoding="utf-8")
    out = tmp_path / "ev.trf"
    code, output = run("new", str(out), "--players", str(players), *options)
    return code, output, out


def test_new_makes_the_teams_in_list_order_members_in_board_order(tmp_path: Path) -> None:
    code, output, out = made(tmp_path, TEAMS, "--system", "team", "--boards", "2", "--rounds", "3")
    assert code == 0, output
    assert "4 teams of 2 boards, 9 players, 3 rounds, FIDE_TEAM_TYPEA_MP_GP" in output
    t = read_trf(out)
    assert t.team_event and t.teams is not None
    # TPNs in the order the list first names the teams (C.04.6 1.1.2, not by rating: Tromsø is stronger)
    assert [(team.number, team.name) for team in t.teams.teams] == [
        (1, "SK Oslo"),
        (2, "Bergen"),
        (3, "Tromsø"),
        (4, "Stavanger"),
    ]
    names = {p.start_no: p.name for p in t.players}
    # board 1 before board 2, the blank board after them; players numbered team after team
    assert [[names[m] for m in team.members] for team in t.teams.teams] == [
        ["Dahl, Bo", "Berg, Anna", "Eik, Cato"],
        ["Foss, Dag", "Gran, Eli"],
        ["Hauge, Finn", "Ims, Gro"],
        ["Jahr, Hans", "Kvam, Ida"],
    ]
    assert t.teams.board_colours == "WB" and TeamEvent(t).boards == 2
    text = out.read_text(encoding="utf-8")
    assert "310   1 SK Oslo                                  2150                       1    2    3\n" in text
    assert parse_trf(write_trf(t)) == t  # round trip


def test_the_event_made_is_paired_scored_and_checked(tmp_path: Path) -> None:
    code, output, out = made(tmp_path, TEAMS, "--system", "team", "--boards", "2", "--rounds", "3")
    assert code == 0, output
    for round_no, results in ((1, ("1-0", "=", "0-1", "1-0")), (2, ("1-0", "1-0", "=", "="))):
        code, output = run("pair", str(out), "--in-place")
        assert code == 0, output
        boards = [word for b, r in enumerate(results, 1) for word in (str(b), r)]
        code, output = run("result", str(out), str(round_no), *boards)
        assert code == 0, output
    t = read_trf(out)
    assert t.rounds_in_file == 2
    code, output = run("standings", str(out))
    assert code == 0 and "SK Oslo" in output and "MP" in output, output
    code, output = run("check", str(out))
    assert code == 0 and "round 1: ok" in output and "round 2: ok" in output and "all 2 rounds ok" in output


@pytest.mark.parametrize(
    ("text", "options", "message"),
    [
        (TEAMS, ("--boards", "3"), "p.csv:5:18: team 'Bergen' has 2 player(s), fewer than the 3 boards (--boards 3)"),
        ('name,team\n"A, B",T1\n"C, D",\n', ("--boards", "1"), "p.csv:3:8: team is blank, expected the player's team"),
        (
            'name,team,board\n"A, B",T1,1\n"C, D",T1,1\n',
            ("--boards", "1"),
            "p.csv:3:11: board 1 of team 'T1' is given twice (first on line 2)",
        ),
        ('name,team,board\n"A, B",T1,x\n', ("--boards", "1"), "p.csv:2:11: board is 'x', expected a board number 1-99"),
        ('name,board\n"A, B",1\n', ("--boards", "1"), "p.csv:1:6: a board column without a team column"),
        ('name\n"A, B"\n', ("--boards", "1"), "p.csv:1:1: a team event (--system team) needs a CSV list with a team"),
        (
            'name,team\n"A, B",' + "T" * 33 + "\n",
            ("--boards", "1"),
            "p.csv:2:8: team is 'TTTTTTTTTT'… (33 characters), expected a team name of at most 32 characters",
        ),
        (
            "name,team\n" + "".join(f'"P, {i}",T\n' for i in range(15)),
            ("--boards", "1"),
            "p.csv:16:9: team 'T' has 15 players: record 310 lists at most 14",
        ),
        (TEAMS, (), "a team event needs --boards N: the boards of a match (record 352)"),
        (TEAMS, ("--boards", "0"), "--boards 0: expected 1-14"),
    ],
)
def test_a_list_a_team_event_cannot_take_is_refused(
    tmp_path: Path, text: str, options: tuple[str, ...], message: str
) -> None:
    code, output, out = made(tmp_path, text, "--system", "team", *options)
    assert code == 2 and message in output, output
    assert not out.exists()


def test_boards_for_an_individual_event_is_refused_and_its_team_column_not_read(tmp_path: Path) -> None:
    code, output, out = made(tmp_path, TEAMS, "--boards", "2")
    assert code == 2 and "--boards 2: FIDE_DUTCH_2026 is not a team system (give --system team)" in output
    assert not out.exists()
    code, output, out = made(tmp_path, TEAMS)
    assert code == 0 and "the team column is read for a team event only (--system team)" in output, output
    t = read_trf(out)
    assert not t.team_event and t.teams is None


def test_the_sample_team_list(tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parents[2] / "samples" / "team-players.csv"
    out = tmp_path / "teams.trf"
    code, output = run("new", str(out), "--players", str(sample), "--system", "team", "--boards", "2", "--rounds", "4")
    assert code == 0 and "5 teams of 2 boards, 11 players, 4 rounds" in output, output
    code, output = run("pair", str(out), "--format", "pairlist")
    assert code == 0 and output.splitlines() == ["3", "1 3", "4 2", "5 0"], output  # two pairs and the PAB


def test_player_add_team_adds_a_reserve_with_the_next_number(tmp_path: Path) -> None:
    code, output, out = made(tmp_path, TEAMS, "--system", "team", "--boards", "2", "--rounds", "3")
    assert code == 0, output
    run("pair", str(out), "--in-place")
    run("result", str(out), "1", "1", "1-0", "2", "=", "3", "0-1", "4", "1-0")
    code, output = run("player", "add", str(out), "--name", "Nes, Ola", "--rating", "2400", "--team", "2")
    assert code == 0 and "Nes, Ola is player 10, member 3 of team 2 (Bergen); rounds 1 missed (Z)" in output, output
    t = read_trf(out)
    assert t.teams is not None and t.teams.team(2).members == (4, 5, 10)  # after the members: nobody renumbered
    assert [p.name for p in t.players[:9]] == [p.name for p in read_trf(tmp_path / "ev.trf.bak").players]
    code, output = run("pair", str(out), "--in-place")
    assert code == 0, output
    code, output = run("check", str(out))
    assert code == 0 and "round 1: ok" in output, output


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ((), "a team event: give --team N, the team pairing number of the team the player joins"),
        (("--team", "9"), "--team 9: there is no team 9 (the teams are 1-4)"),
        (("--team", "1", "--from-round", "2"), "--from-round: in a team event a member plays when the team fields"),
    ],
)
def test_player_add_to_a_team_event_refused(tmp_path: Path, options: tuple[str, ...], message: str) -> None:
    code, output, out = made(tmp_path, TEAMS, "--system", "team", "--boards", "2", "--rounds", "3")
    before = out.read_bytes()
    code, output = run("player", "add", str(out), "--name", "Nes, Ola", *options)
    assert code == 2 and message in output, output
    assert out.read_bytes() == before


def test_player_add_team_to_an_individual_event_refused(tmp_path: Path) -> None:
    code, output, out = made(tmp_path, TEAMS)
    code, output = run("player", "add", str(out), "--name", "Nes, Ola", "--team", "1")
    assert code == 2 and "--team 1: this is not a team event" in output, output


def test_a_team_of_fourteen_members_takes_no_more(tmp_path: Path) -> None:
    text = "name,team\n" + "".join(f'"P, {i}",T\n' for i in range(14)) + '"Q, 1",U\n'
    code, output, out = made(tmp_path, text, "--system", "team", "--boards", "1")
    assert code == 0, output
    code, output = run("player", "add", str(out), "--name", "Nes, Ola", "--team", "1")
    assert code == 2 and "team 1 (T) has 14 members, the most record 310 lists" in output, output


@pytest.mark.parametrize(
    "command",
    [("withdraw", "3"), ("bye", "3", "--round", "1", "--points", "zero"), ("forbid", "1", "2")],
)
def test_a_team_events_240_and_260_are_not_written_for_a_player(tmp_path: Path, command: tuple[str, ...]) -> None:
    code, output, out = made(tmp_path, TEAMS, "--system", "team", "--boards", "2", "--rounds", "3")
    before = out.read_bytes()
    code, output = run("player", command[0], str(out), *command[1:])
    assert code == 2 and "this is a team event: its records 240 and 260 name teams, not players" in output, output
    assert out.read_bytes() == before  # no team 3 announced absent


def test_result_withdrawn_writes_no_240_in_a_team_event(tmp_path: Path) -> None:
    code, output, out = made(tmp_path, TEAMS, "--system", "team", "--boards", "2", "--rounds", "3")
    run("pair", str(out), "--in-place")
    before = out.read_bytes()
    code, output = run("result", str(out), "1", "#3", "withdrawn")
    assert code == 2 and "this is a team event: its records 240 and 260 name teams" in output, output
    assert out.read_bytes() == before
