"""Running an event from a player list (issue 24): ``new`` from a CSV, a Swiss-Manager
player file with some of its columns or FIDE ids; the header ``set`` edits; late entries
(C.04.2 Art. 2.4), withdrawals, requested byes and forbidden pairs (``player …``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swissbridge import plugins
from swissbridge.cli import commandline as cli
from swissbridge.commands.check import check_tournament
from swissbridge.errors import InputError
from swissbridge.formats.playerlist import parse_player_list
from swissbridge.formats.swissmanager import parse_players
from swissbridge.formats.trf import read_trf
from swissbridge.model import ByeKind, Colour, ForbiddenPairs, Player, Result, Tournament, initial_order
from typer.testing import CliRunner

from tests.conftest import swiss_systems
from tests.fidexml_support import LIST

runner = CliRunner()
SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "players.csv"


def run(*args: str) -> tuple[int, str]:
    done = runner.invoke(cli._only(args[0]) or cli.app, list(args), prog_name="swissbridge")  # one command built
    return done.exit_code, done.output


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- the player list ---------------------------------------------------------------------------


def test_csv_columns_in_any_order_with_optional_ones_missing() -> None:
    listed = parse_player_list("FED;Elo;Name;birth_date\nnor;2100;Doe, Jane;2001-02-03\nSWE;;Roe, Rick;\n")
    jane, rick = listed.players
    assert (jane.name, jane.rating, jane.federation, jane.birth) == ("Doe, Jane", 2100, "NOR", "2001/02/03")
    assert (rick.rating, rick.fide_id, rick.title, rick.birth) == (0, "", "", "")
    assert listed.lines == (2, 3) and listed.warnings == ()


def test_csv_surname_and_given_name_and_a_column_not_read() -> None:
    listed = parse_player_list('surname,given name,email\n"Doe",Jane,j@x.org\n', path="p.csv")
    assert listed.players[0].name == "Doe, Jane"
    assert listed.warnings == (
        "p.csv:1:20: column 'email' is not read (the columns read are name, surname, given name, rating, "
        "fide id, federation, title, sex, birth date, team, board)",
    )


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("Doe, Jane,x21,,", "p.csv:2:13: rating is 'x21', expected a rating 0-9999 (blank: unrated)"),
        ("Doe, Jane,2100,NORW,", "p.csv:2:18: federation is 'NORW', expected a federation of three letters"),
        ("Doe, Jane,2100,NOR,XM", "p.csv:2:22: title is 'XM', expected a FIDE title (GM IM WGM FM WIM CM WFM WCM)"),
        ("," * 3, "p.csv:2:1: name is '', expected the player's name"),
        ("Lucas Emanuel; Maravieski Taborda Jr,2100,,", "(36 characters), expected a name of at most 33 characters"),
    ],
)
def test_a_bad_row_is_located(tmp_path: Path, row: str, message: str) -> None:
    path = write(tmp_path, "p.csv", "name,rating,federation,title\n" + row.replace("Doe, Jane", '"Doe, Jane"') + "\n")
    code, out = run("new", str(tmp_path / "e.trf"), "--players", str(path))
    assert code == 2 and (f"swissbridge: {tmp_path / message}" in out or message in out), out
    assert not (tmp_path / "e.trf").exists()


def test_a_short_swiss_manager_player_file_is_read() -> None:
    """A Spielerdaten file with some of its columns (column 3 need not be Titel)."""
    listed = parse_player_list("Name;EloInt;Fed;Titel\nDoe Jane;2100;NOR;FM\nRoe Rick;1900;SWE;\n")
    assert [(p.name, p.rating, p.federation, p.title) for p in listed.players] == [
        ("Doe Jane", 2100, "NOR", "FM"),
        ("Roe Rick", 1900, "SWE", ""),
    ]


def test_a_swiss_manager_column_it_does_not_have_is_located() -> None:
    with pytest.raises(InputError, match=r"p.txt:1:9: not a Swiss-Manager Spielerdaten column: 'Elo'"):
        parse_players("Nr;Name;Elo\n1;Doe;2100\n", path="p.txt")


def test_fide_ids_completed_from_the_rating_list(tmp_path: Path) -> None:
    ratings = tmp_path / "list.xml"
    ratings.write_bytes(LIST)
    ids = write(tmp_path, "ids.txt", "fide id\n2924056\n1503014\n8603006\n")
    code, out = run("new", str(tmp_path / "e.trf"), "--players", str(ids), "--ratings", str(ratings))
    assert code == 0, out
    t = read_trf(tmp_path / "e.trf")
    assert [(p.name, p.rating, p.title, p.federation, p.sex) for p in t.players] == [
        ("Carlsen, Magnus", 2830, "GM", "NOR", "m"),
        ("Ju, Wenjun", 2560, "GM", "CHN", "w"),
        ("Toncheva, Nadya", 2283, "WGM", "BUL", "w"),
    ]
    missing = write(tmp_path, "missing.txt", "1503014\n12345\n")
    code, out = run("new", str(tmp_path / "f.trf"), "--players", str(missing), "--ratings", str(ratings))
    assert code == 2 and "missing.txt:2:1: FIDE id 12345 is not in the rating list" in out
    code, out = run("new", str(tmp_path / "f.trf"), "--players", str(missing))
    assert code == 2 and "give FIDE's rating list (--ratings" in out


# -- new: start numbers and the header ----------------------------------------------------------


def test_initial_order_is_rating_then_title_then_name() -> None:
    players = [
        Player(1, "Zed, A", rating=2000),
        Player(2, "Abel, B", rating=2000),
        Player(3, "Moe, C", rating=2000, title="WIM"),
        Player(4, "Kay, D", rating=2000, title="FM"),
        Player(5, "Unrated, E"),
        Player(6, "Top, F", rating=2400),
    ]
    assert [p.start_no for p in initial_order(players)] == [6, 4, 3, 2, 1, 5]


def test_a_list_in_order_keeps_it_and_one_out_of_order_is_warned(tmp_path: Path) -> None:
    code, out = run("new", str(tmp_path / "a.trf"), "--players", str(SAMPLE), "--rounds", "7")
    assert code == 0 and "warning" not in out, out
    names = [line.split('"')[1] for line in SAMPLE.read_text().splitlines()[1:]]
    assert [p.name for p in read_trf(tmp_path / "a.trf").players] == names
    shuffled = write(tmp_path, "s.csv", "name,rating\nLow,1500\nHigh,2500\nMid,2000\n")
    code, out = run("new", str(tmp_path / "b.trf"), "--players", str(shuffled))
    assert code == 0
    assert "is not in the initial order of C.04.2 Art. 2.2" in out
    assert "High (line 3) → 1, Mid (line 4) → 2, Low (line 2) → 3" in out
    assert [p.name for p in read_trf(tmp_path / "b.trf").players] == ["High", "Mid", "Low"]


def test_new_refuses_a_team_event_from_a_list_without_teams(tmp_path: Path) -> None:
    code, out = run("new", str(tmp_path / "t.trf"), "--players", str(SAMPLE), "--system", "team", "--boards", "4")
    assert code == 2 and "players.csv:1:1: a team event (--system team) needs a CSV list with a team column" in out
    assert not (tmp_path / "t.trf").exists()


def test_a_bad_system_is_refused_before_the_list_is_read(tmp_path: Path) -> None:
    listed = write(tmp_path, "p.csv", "name,club\nLow,SK\n")
    code, out = run("new", str(tmp_path / "t.trf"), "--players", str(listed), "--system", "teams")
    assert code == 2 and "--system 'teams'" in out and "column 'club'" not in out, out
    assert not (tmp_path / "t.trf").exists()


def test_the_header_a_fide_report_needs(tmp_path: Path) -> None:
    code, out = run(
        "new", str(tmp_path / "e.trf"), "--players", str(SAMPLE), "--name", "Spring Open", "--city", "Oslo",
        "--federation", "nor", "--start", "2026-05-01", "--end", "04.05.2026", "--chief-arbiter", "Doe, Jane",
        "--deputy", "Roe, Rick", "--deputy", "Poe, Pat", "--time-control", "90 min + 30 s", "--rounds", "7",
        "--system", "lim", "--initial-colour", "black", "--tiebreaks", "BH/C1,BH,SB", "--points", "3-1-0",
        "--round-dates", "2026-05-01,2026-05-01,2026-05-02,2026-05-02,2026-05-03,2026-05-03,2026-05-04",
    )  # fmt: skip
    assert code == 0, out
    text = (tmp_path / "e.trf").read_text()
    head = text.split("\n001 ")[0].splitlines()
    assert head == [
        "012 Spring Open",
        "022 Oslo",
        "032 NOR",
        "042 2026/05/01",
        "052 2026/05/04",
        "102 Doe, Jane",
        "112 Roe, Rick",
        "112 Poe, Pat",
        "122 90 min + 30 s",
        "132" + " " * 88 + "26/05/01  26/05/01  26/05/02  26/05/02  26/05/03  26/05/03  26/05/04",
        "142 7",
        "152 B",
        "162  W 3.0    D 1.0",
        "192 FIDE_LIM_2026",
        "202 BH/C1,BH,SB",
    ]
    t = read_trf(tmp_path / "e.trf")
    assert (t.total_rounds, t.initial_colour, t.system, t.points.win, t.points.draw) == (
        7,
        Colour.BLACK,
        "FIDE_LIM_2026",
        30,
        10,
    )


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--start", "2026-02-30", "--start '2026-02-30': expected a date YYYY-MM-DD"),
        ("--federation", "NO", "--federation 'NO': expected three letters"),
        ("--points", "1-1-0", "--points '1-1-0': expected standard or WIN-DRAW-LOSS"),
        ("--points", "1-0.5-0-x", "or WIN-DRAW-LOSS-PAB such as 1-0.5-0-0"),
        ("--points", "1-0.5-0-2", "--points '1-0.5-0-2': the pairing-allocated bye scores 0 to a win (1.0)"),
        ("--system", "zigzag", f"--system 'zigzag': expected {' or '.join(plugins.available())} (or one of"),
        ("--tiebreaks", "BH,XYZ", "--tiebreaks: "),
    ],
)
def test_a_bad_header_value_is_refused(tmp_path: Path, option: str, value: str, message: str) -> None:
    code, out = run("new", str(tmp_path / "e.trf"), "--players", str(SAMPLE), option, value)
    assert code == 2 and message in out, out
    assert not (tmp_path / "e.trf").exists()


def test_points_with_a_fourth_value_give_the_pab_its_own() -> None:
    from swissbridge.event.header import point_system
    from swissbridge.formats.trf import write_trf

    points = point_system("1-0.5-0-0")
    assert (points.win, points.draw, points.loss, points.pab, points.full_bye) == (10, 5, 0, 0, 10)
    assert point_system("3-1-0-1").pab == 10 and point_system("3-1-0").pab == 30
    assert "162  P 0.0" in write_trf(Tournament(players=(Player(1, "A"),), points=points))


def test_new_never_replaces_a_file(tmp_path: Path) -> None:
    target = write(tmp_path, "e.trf", "012 Mine\n")
    code, out = run("new", str(target), "--players", str(SAMPLE))
    assert code == 2 and "exists already" in out and target.read_text() == "012 Mine\n"


# -- set ------------------------------------------------------------------------------------------


def new_event(tmp_path: Path, *extra: str) -> Path:
    target = tmp_path / "e.trf"
    code, out = run("new", str(target), "--players", str(SAMPLE), "--rounds", "7", "--initial-colour", "white", *extra)
    assert code == 0, out
    return target


def test_set_changes_the_header_and_keeps_the_previous_file(tmp_path: Path) -> None:
    path = new_event(tmp_path, "--name", "Open")
    before = path.read_bytes()
    code, out = run("set", str(path), "--name", "Spring Open", "--tiebreaks", "bh,sb", "--city", "Bergen")
    assert code == 0, out
    assert "name: Open → Spring Open" in out and "tie-breaks (202): - → BH,SB" in out
    assert (tmp_path / "e.trf.bak").read_bytes() == before
    t = read_trf(path)
    assert t.name == "Spring Open" and ("022", "Bergen") in t.headers and ("202", "BH,SB") in t.headers
    assert run("set", str(path))[0] == 2


def test_set_refuses_what_the_event_cannot_take(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    assert run("pair", str(path), "--in-place")[0] == 0
    code, out = run("set", str(path), "--initial-colour", "black")
    assert code == 2 and "round 1 is paired already" in out
    code, out = run("set", str(path), "--start", "2026-05-03", "--end", "2026-05-01")
    assert code == 2 and "before the start date" in out


# -- player add: late entries ----------------------------------------------------------------------


def play_round(path: Path, result: str = "1-0") -> None:
    code, out = run("pair", str(path), "--in-place")
    assert code == 0, out
    t = read_trf(path)
    r = t.completed_rounds
    boards = len(t.pending_games(r))
    words = [w for b in range(1, boards + 1) for w in (str(b), result)]
    code, out = run("result", str(path), str(r), *words)
    assert code == 0, out


def test_a_late_entry_takes_its_place_in_the_initial_order_and_keeps_the_history(tmp_path: Path) -> None:
    """C.04.2 Art. 2.4: the appropriate TPN; Art. 2.3: renumbered before round 4 is paired."""
    path = new_event(tmp_path)
    for _ in range(2):
        play_round(path)
    before = read_trf(path)
    code, out = run("player", "add", str(path), "--name", "Late, Larry", "--rating", "2200", "--federation", "usa")
    assert code == 0, out
    assert "Late, Larry is player 4" in out and "players 4-23 are now 5-24" in out and "rounds 1-2 missed" in out
    after = read_trf(path)
    late = after.player(4)
    assert (late.name, late.federation, late.entries) == ("Late, Larry", "USA", (late.entries[0],) * 2)
    assert late.entries[0].result is Result.ZERO_BYE
    for old in before.players:  # every game kept, under the new numbers
        new = after.player(old.start_no + (old.start_no >= 4))
        assert new.name == old.name
        for e, f in zip(old.entries, new.entries, strict=True):
            assert f.opponent == (None if e.opponent is None else e.opponent + (e.opponent >= 4))
            assert (f.result, f.colour) == (e.result, e.colour)
    assert check_tournament(after, "dutch").ok  # the rounds already paired replay as paired
    play_round(path)
    assert read_trf(path).player(4).entry(3) is not None


def test_after_round_4_is_paired_a_late_entry_takes_the_next_number(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    for _ in range(4):
        play_round(path)
    code, out = run("player", "add", str(path), "--name", "Late, Larry", "--rating", "2800", "--missed", "half")
    assert code == 0, out
    assert "player 24: round 4 is paired, so no TPN changes any more (C.04.2 Art. 2.3)" in out
    t = read_trf(path)
    assert [e.result for e in t.player(24).entries] == [Result.HALF_BYE] * 4
    assert t.player(1).name == "Carlsen, Magnus"


def test_a_late_entry_from_a_later_round_is_announced_absent_until_then(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    code, out = run("player", "add", str(path), "--name", "Late, Larry", "--from-round", "3", "--sex", "x")
    assert code == 2 and "--sex 'x': expected m or w" in out
    code, out = run("player", "add", str(path), "--name", "Late, Larry", "--from-round", "3")
    assert code == 0, out
    t = read_trf(path)
    assert t.player(23).name == "Late, Larry"  # unrated, before Tanaka, Yuki by name (C.04.2 Art. 2.2)
    assert t.announced(1) == {23: ByeKind.ZERO} and t.announced(2) == {23: ByeKind.ZERO} and not t.announced(3)


# -- withdrawals, byes, forbidden pairs -----------------------------------------------------------


def test_a_withdrawal_is_record_240_for_every_later_round(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    play_round(path)
    code, out = run("player", "withdraw", str(path), "9")
    assert code == 0 and "player 9 withdrawn: not paired in rounds 2-7" in out, out
    assert "240 Z 002    9" in path.read_text()
    t = read_trf(path)
    assert all(t.announced(r) == {9: ByeKind.ZERO} for r in range(2, 8))
    play_round(path)
    assert read_trf(path).player(9).entry(2) == read_trf(path).player(9).entry(2).__class__(Result.ZERO_BYE)
    code, out = run("player", "withdraw", str(path), "9", "--from-round", "2")
    assert code == 2 and "round 2 is paired already" in out


def test_a_requested_bye_before_the_round_is_paired(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    code, out = run("player", "bye", str(path), "5", "--round", "1", "--points", "half")
    assert code == 0, out
    assert "240 H 001    5" in path.read_text()
    play_round(path)
    t = read_trf(path)
    assert t.player(5).entry(1) is not None and t.player(5).entry(1).result is Result.HALF_BYE  # type: ignore[union-attr]
    code, out = run("player", "bye", str(path), "6", "--round", "1", "--points", "zero")
    assert code == 2 and "round 1 is paired already" in out


@pytest.mark.parametrize("system", swiss_systems())
def test_a_forbidden_pair_is_record_260_honoured_by_every_system(tmp_path: Path, system: str) -> None:
    path = new_event(tmp_path, "--system", system)
    code, out = run("pair", str(path), "--format", "pairlist")
    assert code == 0, out
    other = _opponent_of_1(out)  # whom round 1 would pair with player 1
    code, out = run("player", "forbid", str(path), str(other), "1", "--rounds", "1-3")
    assert code == 0 and f"players {other} and 1 are not paired against each other in rounds 1-3" in out, out
    assert f"260 001 003    1 {other:>4}" in path.read_text()
    assert read_trf(path).forbidden == (ForbiddenPairs((1, other), 1, 3),)
    code, out = run("pair", str(path), "--format", "pairlist")
    assert code == 0 and _opponent_of_1(out) != other, out
    code, out = run("explain", str(path))
    assert code == 0, out
    if json.loads(run("explain", str(path), "--format", "json")[1])["sections"]:  # it explains its steps
        assert "forbid" in out, out


def _opponent_of_1(pairlist: str) -> int | None:
    """Player 1's opponent in a pairing list (``WHITE BLACK`` lines after the count)."""
    boards = [tuple(map(int, line.split())) for line in pairlist.splitlines()[1:] if len(line.split()) == 2]
    return next((b if a == 1 else a for a, b in boards if 1 in (a, b)), None)


def test_forbid_refuses_what_is_no_restriction(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    assert run("player", "forbid", str(path), "3", "3")[0] == 2
    code, out = run("player", "forbid", str(path), "3", "99")
    assert code == 2 and "there is no player 99" in out
    code, out = run("player", "forbid", str(path), "3", "4", "--rounds", "5-2")
    assert code == 2 and "the first round is after the last" in out


def test_the_model_functions_leave_the_input_alone() -> None:
    from swissbridge.event.players import forbid, request_bye

    t = Tournament(players=(Player(1, "A"), Player(2, "B")), total_rounds=3)
    assert request_bye(t, 1, 2, ByeKind.FULL).announced(2) == {1: ByeKind.FULL} and not t.announced_byes
    assert forbid(t, 2, 1).forbidden == (ForbiddenPairs((1, 2), 1, 3),) and not t.forbidden


# -- result: double forfeits, corrections, names ----------------------------------------------------


def test_a_double_forfeit_as_the_help_shows_it(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    assert run("pair", str(path), "--in-place")[0] == 0
    code, out = run("result", "--help")
    assert "0-0" in out and "(double forfeit)" in out
    code, out = run("result", str(path), "1", "3", "--", "4", "0-1")  # the shell's -- ends the options
    assert code == 2 and "a double forfeit is written 0-0" in out, out
    code, out = run("result", str(path), "1", "3", "0-0", "4", "0-1")
    assert code == 0, out
    t = read_trf(path)
    entries = {p.start_no: p.entry(1) for p in t.players}
    lost = {n: e.opponent for n, e in entries.items() if e is not None and e.result is Result.FORFEIT_LOSS}
    assert lost == {3: 14, 14: 3}  # board 3 of round 1: 3-14, both lose by forfeit


def test_a_correction_under_later_rounds_warns(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    for _ in range(3):
        play_round(path)
    code, out = run("result", str(path), "1", "1", "0-1", "--correct")
    assert code == 0, out
    assert "warning: round 1 corrected (#1 1.0 → 0.0, #12 0.0 → 1.0), but rounds 2-3 were paired" in out
    assert "C.04.2 Art. 4.3" in out
    code, out = run("result", str(path), "3", "1", "1-0", "--correct")
    assert code == 0 and "warning" not in out, out  # the last round: nothing paired after it


def test_the_board_list_never_cuts_a_name(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    code, out = run("pair", str(path))
    assert code == 0 and "CM Lucas Emanuel, Maravieski Taborda" in out, out
    code, out = run("explain", str(path))
    assert code == 0 and "CM Lucas Emanuel, Maravieski Taborda" in out, out


# -- report: the file FIDE's rating server takes -----------------------------------------------------


def test_report_refuses_with_the_list_of_what_is_missing(tmp_path: Path) -> None:
    path = new_event(tmp_path, "--name", "Open", "--rounds", "2")
    play_round(path)
    code, out = run("report", str(path), "-o", str(tmp_path / "fide.trf"))
    assert code == 2 and not (tmp_path / "fide.trf").exists()
    assert "not a complete FIDE report, nothing written; missing: the city (record 022: swissbridge set" in out
    for what in ("the federation (record 032", "the start date", "the end date", "the chief arbiter",
                 "the time control", "round(s) 2 not played yet", "the date of round(s) 1-2"):  # fmt: skip
        assert what in out, what
    assert "the tournament name" not in out


def test_report_is_trf16_with_the_whole_header_and_the_final_ranks(tmp_path: Path) -> None:
    path = new_event(
        tmp_path, "--name", "Open", "--rounds", "2", "--city", "Oslo", "--federation", "NOR", "--start",
        "2026-05-01", "--end", "2026-05-02", "--chief-arbiter", "Doe, Jane", "--time-control", "90+30",
        "--round-dates", "2026-05-01,2026-05-02",
    )  # fmt: skip
    play_round(path)
    code, out = run("report", str(path))
    assert code == 2 and "round(s) 2 not played yet" in out
    run("player", "forbid", str(path), "1", "2")
    play_round(path, "0-1")
    code, out = run("report", str(path), "-o", str(tmp_path / "fide.trf"))
    assert code == 0, out
    text = (tmp_path / "fide.trf").read_text()
    head = text.split("\n001 ")[0].splitlines()
    assert head[:8] == ["012 Open", "022 Oslo", "032 NOR", "042 2026/05/01", "052 2026/05/02", "062 23", "072 22",
                        "102 Doe, Jane"]  # fmt: skip
    assert "132" + " " * 88 + "26/05/01  26/05/02" in head
    assert not any(line.startswith(("XX", "142", "152", "260")) for line in text.splitlines())  # TRF16 only
    ranks = {p.start_no: p.rank for p in read_trf(tmp_path / "fide.trf").players}
    assert None not in ranks.values() and min(ranks.values()) == 1  # type: ignore[type-var]


def test_convert_reads_a_short_swiss_manager_player_file(tmp_path: Path) -> None:
    """The reader every command uses takes it too (it was refused: column 3 is not Titel)."""
    short = tmp_path / "short.txt"
    short.write_bytes(b"Name;EloInt;Fed\r\nDoe Jane;2100;NOR\r\nRoe Rick;1900;SWE\r\n")
    code, out = run("convert", str(short), str(tmp_path / "short.trf"))
    assert code == 0, out
    assert [(p.start_no, p.name, p.rating) for p in read_trf(tmp_path / "short.trf").players] == [
        (1, "Doe Jane", 2100),
        (2, "Roe Rick", 1900),
    ]


def test_a_control_character_is_refused_where_it_stands(tmp_path: Path) -> None:
    path = write(tmp_path, "p.csv", "rating,name\n1800,Doe\x1b[2J\n")
    code, out = run("new", str(tmp_path / "e.trf"), "--players", str(path))
    assert code == 2 and "p.csv:2:6: name is 'Doe\\x1b[2J', expected text without the control character U+001B" in out
    assert "\x1b" not in out and not (tmp_path / "e.trf").exists()
    code, out = run("new", str(tmp_path / "e.trf"), "--players", str(SAMPLE), "--name", "Open\x07")
    assert code == 2 and "--name: expected text without the control character U+0007" in out


def test_renumbering_keeps_byes_restrictions_and_accelerated_ranges() -> None:
    """The players below a late entry move down one number in every record that names
    them; an accelerated range keeps its last player (C.04.7: the last GA player stays)."""
    from swissbridge.event.players import add_player
    from swissbridge.model import Acceleration, AnnouncedBye

    t = Tournament(
        players=tuple(Player(n, f"P{n}", rating=2000 - 10 * n) for n in range(1, 7)),
        total_rounds=5,
        announced_byes=(AnnouncedBye(ByeKind.HALF, 1, (2, 5)),),
        forbidden=(ForbiddenPairs((3, 6), 1, 5),),
        acceleration=(Acceleration(10, 1, 2, 1, 4),),
    )
    entered = add_player(t, Player(0, "New", rating=1975))  # between #2 (1980) and #3 (1970)
    assert entered.start_no == 3 and entered.renumbered == {3: 4, 4: 5, 5: 6, 6: 7}
    out = entered.tournament
    assert [p.name for p in out.players] == ["P1", "P2", "New", "P3", "P4", "P5", "P6"]
    assert out.announced_byes == (AnnouncedBye(ByeKind.HALF, 1, (2, 6)),)
    assert out.forbidden == (ForbiddenPairs((4, 7), 1, 5),)
    assert out.acceleration == (Acceleration(10, 1, 2, 1, 5),)  # the entry inside the range joins it
    after = add_player(t, Player(0, "Low", rating=1955)).tournament  # between #4 (1960) and #5 (1950)
    assert after.acceleration == (Acceleration(10, 1, 2, 1, 4),)  # just after the last GA player: not in it


def test_a_late_entry_completed_from_the_rating_list(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    ratings = tmp_path / "list.xml"
    ratings.write_bytes(LIST)
    code, out = run("player", "add", str(path), "--ratings", str(ratings), "--fide-id", "2924056")
    assert code == 0 and "Toncheva, Nadya is player 4" in out, out  # 2283: after Berg (2295), before Novak (2180)
    p = read_trf(path).player(4)
    shown = (p.name, p.rating, p.title, p.federation, p.sex, p.birth)
    assert shown == ("Toncheva, Nadya", 2283, "WGM", "BUL", "w", "1995")
    code, out = run("player", "add", str(path), "--ratings", str(ratings), "--fide-id", "12345")
    assert code == 2 and "--fide-id 12345: FIDE id 12345 is not in the rating list" in out
    assert run("player", "add", str(path), "--ratings", str(ratings))[0] == 2
