"""``swissbridge generate --system team`` (random team events, C.04.6) and TRF-2026
record 300 (a team's line-up out of record 310's order): generated events round-trip
TRF byte for byte and ``check`` replays every round with no difference; options that
make no sense for teams are refused before anything is drawn; record 300 gives the
boards of a round and the board-1 player whose colour is the team's (1.6.1), and a
malformed one is refused at its line and column."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from swissbridge.cli.commandline import app
from swissbridge.commands.check import check_tournament
from swissbridge.commands.generate import (
    GenerateOptions,
    GenerationFailed,
    generate_tournament,
    pab_record,
    plan_team_event,
    play_team_round,
)
from swissbridge.errors import InputError, UsageError
from swissbridge.formats.trf import parse_trf, write_trf
from swissbridge.model import Colour, LineUp, Result, Tournament
from swissbridge.pairing import Board, RoundPairing
from swissbridge.plugins.team import TeamSystem
from swissbridge.rules.teams import TeamEvent, board_pairing, team_code
from typer.testing import CliRunner

runner = CliRunner()

CODES = [c for c in TeamSystem.codes if not ((code := team_code(c)) and code.baku and code.game_primary)]
"""Every team code but game points primary with Baku (refused by C.04.7 1.4.4)."""


def _generate(tmp_path: Path, *args: str) -> tuple[Path, str]:
    out = tmp_path / "teams.trf"
    result = runner.invoke(app, ["generate", "--system", "team", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out, out.read_text(encoding="utf-8")


def test_the_command_writes_a_team_event_that_checks_clean(tmp_path: Path) -> None:
    path, text = _generate(tmp_path, "-n", "9", "--boards", "3", "--rounds", "5", "--seed", "4")
    lines = text.splitlines()
    assert sum(line.startswith("310 ") for line in lines) == 9
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in lines and "352 WBW" in lines
    assert any(line.startswith("320 ") for line in lines)  # 9 teams: a PAB every round
    t = parse_trf(path.read_bytes())
    assert t.team_event and t.completed_rounds == 5 and write_trf(t) == text
    assert all(len(team.members) in (3, 4, 5) for team in t.teams.teams) if t.teams else False
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "all 5 rounds ok"


def test_the_same_seed_gives_the_same_bytes_and_the_code_is_written(tmp_path: Path) -> None:
    _, a = _generate(tmp_path, "-n", "8", "--rounds", "4", "--seed", "2", "--code", "fide_team_typeb_gp_mp")
    _, b = _generate(tmp_path, "-n", "8", "--rounds", "4", "--seed", "2", "--code", "FIDE_TEAM_TYPEB_GP_MP")
    _, c = _generate(tmp_path, "-n", "8", "--rounds", "4", "--seed", "3", "--code", "FIDE_TEAM_TYPEB_GP_MP")
    assert a == b != c
    assert "192 FIDE_TEAM_TYPEB_GP_MP" in a.splitlines()
    assert "352 WBWB" in a.splitlines()  # four boards unless told


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--boards", "0"], "--boards takes 1-14 boards"),
        (["--boards", "15"], "--boards takes 1-14 boards"),
        (["--points", "310"], "--points: a team event scores its boards 1-½-0"),
        (["--accelerate"], "give a --code ending _BAKU"),
        (["--code", "FIDE_DUTCH_2026"], "--code FIDE_DUTCH_2026: the team system's record 192 codes are"),
        (["-n", "1000"], "a team event has 2-999 teams"),
        (["-n", "900", "--boards", "10"], "more than the 9999 players a TRF file numbers"),
        (["-n", "6", "--rounds", "6"], "swissbridge: --rounds 6: 6 teams cannot play 6 Swiss rounds"),
        (["--code", "FIDE_TEAM_GP_MP_BAKU"], "swissbridge: --code FIDE_TEAM_GP_MP_BAKU: the Baku acceleration (C.04.7"),
    ],
)
def test_options_that_make_no_sense_for_teams_are_refused(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "never.trf"
    result = runner.invoke(app, ["generate", "--system", "team", "--rounds", "5", "-n", "10", *args, "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    assert not out.exists()


def test_boards_are_refused_for_a_system_of_players_and_a_round_robin() -> None:
    with pytest.raises(UsageError, match="the dutch system pairs individual players, not teams"):
        generate_tournament(10, 3, "dutch", 1, GenerateOptions(boards=4))
    with pytest.raises(UsageError, match="random team round robins are not generated"):
        generate_tournament(6, 5, "roundrobin", 1, GenerateOptions(boards=4))


def test_a_code_of_a_system_of_players_is_written() -> None:
    from swissbridge.plugins import load

    dutch = load("dutch")
    other = dutch.codes[-1]
    t = generate_tournament(12, 4, "dutch", 3, GenerateOptions(code=other.lower()))
    assert t.system == other
    assert check_tournament(parse_trf(write_trf(t)), "dutch").ok


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    teams=st.integers(3, 16),
    boards=st.integers(1, 6),
    rounds=st.integers(1, 7),
    seed=st.integers(0, 2**32 - 1),
    code=st.sampled_from(CODES),
    forbidden=st.integers(0, 2),
)
def test_every_generated_event_round_trips_and_checks_clean(
    teams: int, boards: int, rounds: int, seed: int, code: str, forbidden: int
) -> None:
    """Property: any event the generator plays is read back as it was written (the model
    equal, the text byte for byte) and ``check`` finds every round as the team system
    pairs it: line-ups (record 300), forfeits, the PAB and the code all read back."""
    rounds = min(rounds, teams - 1)
    forbidden = forbidden if teams >= 8 else 0
    options = GenerateOptions(boards=boards, code=code, forbidden_groups=forbidden, lineup_change_rate=0.3)
    try:
        t = generate_tournament(teams, rounds, "team", seed, options)
    except GenerationFailed:  # a small field of many rounds may have no pairing to the end (3.3.3)
        assume(False)
        raise
    text = write_trf(t)
    back = parse_trf(text)
    assert write_trf(back) == text
    assert back == dataclasses.replace(t, layout=back.layout, line_ending=back.line_ending)
    report = check_tournament(back, "team")
    assert report.ok, report.render()


def test_the_pab_record_states_a_drawn_match() -> None:
    """1.4: the PAB is worth a drawn match: record 362's TD, half a point a board."""
    plan = plan_team_event(5, 6, 3, "FIDE_TEAM_TYPEA_MP_GP", 1)
    t = pab_record(plan.tournament, (5, 0, 4))
    assert ("320", " 1.0  3.0   5   0   4") in t.headers
    assert t.teams is not None and t.teams.pab_teams == (5, 0, 4)
    assert (t.teams.pab_match, t.teams.pab_game) == (10, 30)


# -- record 300 ------------------------------------------------------------------------------------


def _two_teams(extra: str = "", cells: dict[int, str] | None = None) -> Tournament:
    """Two teams of three members on two boards; ``cells`` the players' round-1 blocks
    (``"   4 b 1"``), ``extra`` records added (the first on line 14)."""
    lines = ["012 Test", "142 3", "152 W", "192 FIDE_TEAM_TYPEA_MP_GP", "352 WB"]
    for n in range(1, 7):
        cell = f"  {(cells or {})[n]}" if n in (cells or {}) else ""
        lines.append(f"001 {n:>4}      {'P' + str(n):<34}2500{'':29}0.0 {n:>4}{cell}")
    for t, members in ((1, (1, 2, 3)), (2, (4, 5, 6))):
        lines.append(f"310 {t:>3} {'Team' + str(t):<32}{'':32}" + "".join(f" {m:>4}" for m in members))
    lines += [line for line in extra.splitlines() if line]
    return parse_trf("\n".join(lines) + "\n", path="t.trf")


def test_record_300_is_read() -> None:
    t = _two_teams("300   1   1   2    3    1\n300   1   2   1    5 0000")
    assert t.teams is not None
    assert t.teams.lineups == (LineUp(1, 1, 2, (3, 1)), LineUp(1, 2, 1, (5, 0)))
    assert write_trf(parse_trf(write_trf(t))) == write_trf(t)


def test_record_300_gives_the_boards_of_the_round() -> None:
    """Team 1 fields its reserve 3 on board 1 and 1 on board 2; team 2 leaves board 2
    unoccupied, so team 1's board-2 player wins it by forfeit."""
    t = _two_teams("300   1   1   2    3    1\n300   1   2   1    5 0000")
    games = board_pairing(t, RoundPairing(1, (Board(1, 2),)))
    assert [(b.white, b.black) for b in games.boards] == [(3, 5)]
    assert games.absent == {1: Result.FORFEIT_WIN}
    default = board_pairing(_two_teams(), RoundPairing(1, (Board(2, 1),)))
    assert [(b.white, b.black) for b in default.boards] == [(4, 1), (2, 5)]


def test_record_300_names_the_board_1_player_whose_colour_is_the_teams() -> None:
    """1.6.1: the team's colour is its board-1 player's. Team 1 played boards 1 and 2
    exchanged (record 300): player 2 on board 1 with White, so team 1 had White (as
    4.3.1 gives the odd first-team with record 152 W), though its first member (310) had
    Black on board 2; read without the record, team 1 had Black and ``check`` says so."""
    cells = {2: "   4 w 1", 4: "   2 b 0", 1: "   5 b =", 5: "   1 w =", 3: "0000 - Z", 6: "0000 - Z"}
    lined_up = _two_teams("300   1   1   2    2    1", cells)
    assert TeamEvent(lined_up).record(1).matches[0].colour is Colour.WHITE
    assert check_tournament(lined_up, "team").ok
    default = _two_teams("", cells)
    assert TeamEvent(default).record(1).matches[0].colour is Colour.BLACK
    assert not check_tournament(default, "team").ok


def test_a_line_up_against_another_opponent_is_refused() -> None:
    t = _two_teams()
    t = dataclasses.replace(t, headers=(*t.headers, ("300", "  1   1   3    2    1")))
    with pytest.raises(InputError, match="scheduled opponent 3 is not another team"):
        parse_trf(write_trf(t))


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("300   1   1", 5, "expected '300 RRR TTT OOO PPPP PPPP …'"),
        ("300   x   1   2    1    2", 7, "expected the round (a whole number), found 'x'"),
        ("300   0   1   2    1    2", 7, "expected the round (1-999), found '0'"),
        ("300   1   7   2    1    2", 11, "record 300 names team 7, but there is no team 7"),
        ("300   1   1   1    1    2", 15, "team 1's scheduled opponent 1 is not another team"),
        ("300   1   1   2    1    4", 25, "record 300: player 4 plays for team 2, not team 1"),
        ("300   1   1   2    1    9", 25, "record 300 names player 9, but there is no player 9"),
        ("300   1   1   2    1    1", 25, "player 1 is on two boards of team 1"),
        ("300   1   1   2    1   -2", 24, "expected a player's start number or 0000 (0-9999), found '-2'"),
    ],
)
def test_a_malformed_record_300_is_refused_at_its_column(record: str, column: int, message: str) -> None:
    with pytest.raises(InputError) as caught:
        _two_teams(record)
    assert message in str(caught.value)
    assert str(caught.value).startswith(f"t.trf:14:{column}:")


def test_a_second_line_up_of_a_team_in_a_round_is_refused() -> None:
    with pytest.raises(InputError, match=r"t\.trf:15:9: record 300: a second line-up of team 1 in round 1"):
        _two_teams("300   1   1   2    2    1\n300   1   1   2    3    1")


def test_a_line_up_the_games_contradict_is_refused() -> None:
    """Record 300 gives team 1's line-up against team 2 in round 2; a pairing of team 1
    with another team is refused rather than played with that line-up."""
    t = _two_teams("300   2   1   2    2    1")
    rng = random.Random(1)
    t = play_team_round(t, RoundPairing(1, (Board(1, 2),)), {n: 2000 for n in range(1, 7)}, rng)
    assert t.completed_rounds == 1
    with pytest.raises(InputError, match="round 2: record 300 gives team 1's line-up against team 2"):
        board_pairing(t, RoundPairing(2, (Board(1, 3),)))


def test_a_substitute_a_line_up_fields_plays_for_that_team() -> None:
    """Sharly Chess lists a team's four regulars in record 310 and fields a substitute
    with record 300 (``../shared/realworld/sharly-chess/trf-team-import-test.trf``):
    a player no 310 record lists plays for the team whose line-up fields them."""
    lines = ["012 Test", "142 3", "152 W", "192 FIDE_TEAM_TYPEA_MP_GP", "352 WB"]
    lines += [f"001 {n:>4}      {'P' + str(n):<34}2500{'':29}0.0 {n:>4}" for n in range(1, 6)]
    lines += ["310   1 A" + " " * 64 + "    1    2", "310   2 B" + " " * 64 + "    3    4"]
    lines += ["300   1   2   1    5    3"]
    t = parse_trf("\n".join(lines) + "\n")
    assert t.teams is not None and t.teams.team(2).members == (3, 4, 5)
    games = board_pairing(t, RoundPairing(1, (Board(1, 2),)))
    assert [(b.white, b.black) for b in games.boards] == [(1, 5), (3, 2)]
    with pytest.raises(InputError, match="player 5 plays for team 2, not team 1"):
        parse_trf("\n".join([*lines, "300   2   1   2    5    1"]) + "\n")
