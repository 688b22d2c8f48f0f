"""Swiss-Manager text files: the real exports under ../shared/realworld/rochade/swiss_manager
read to the expected values and written back byte for byte; the pairing file we write
for Swiss-Manager's import; the stale-export refusal; bad input located."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from swissbridge.errors import InputError
from swissbridge.formats import swissmanager as sm
from swissbridge.formats.trf import read_trf
from swissbridge.model import Colour, Entry, Player, Result, Tournament
from swissbridge.pairing import Board, RoundPairing
from swissbridge.rules.history import before_round, played_pairing

from tests.conftest import shared_path

SM = ("realworld", "rochade", "swiss_manager")

ROUND3 = RoundPairing(3, (Board(4, 2), Board(1, 3), Board(7, 9), Board(5, 8)), bye=6)
"""Round 3 of the nine-player event as Swiss-Manager, Vega and TieBreakServer paired it."""


def real(name: str) -> Path:
    return shared_path(*SM, name)


def before_round3() -> Tournament:
    """The nine-player event after round 2 (Swiss-Manager's TRF16 export minus round 3)."""
    return before_round(read_trf(real("round3_paired.trf")), 3, unpaired_absent=False)


# -- Spielerdaten ----------------------------------------------------------------------------------


def test_players_export_golden_values() -> None:
    players = sm.read_players(real("players_round1.txt")).players
    assert [p.start_no for p in players] == [1, 2, 3, 4, 5, 6, 7, 51, 52, 53, 54, 55, 56, 57]
    first = players[0]
    assert (first.name, first.title, first.rating, first.federation, first.sex) == (
        "Brunner, Livia",
        "WGM",
        2447,
        "SUI",
        "w",
    )
    assert first.birth == "1992/06/01" and first.rank == 1 and first.stated_points == 10
    haller = players[4]
    assert haller.name == "Haller, Lukas" and haller.stated_points == 5 and haller.sex == ""
    assert dict(haller.extras)["sm.Wtg1"] == "5"
    assert players[8].name == "Mueller, Viktor" and players[8].federation == "FRA"


def test_players_and_pairings_round1_read_together_and_rewrite_byte_for_byte(tmp_path: Path) -> None:
    t = sm.read_sm_export(real("players_round1.txt"), [real("pairings_round1_played.txt")])
    assert t.player(1).entries == (Entry(Result.WIN, 51, Colour.WHITE),)
    assert t.player(2).entries == (Entry(Result.LOSS, 52, Colour.BLACK),)
    assert t.player(5).entries == (Entry(Result.DRAW, 55, Colour.WHITE),)
    assert t.player(7).entries == (Entry(Result.FORFEIT_WIN, 57, Colour.WHITE),)
    assert t.player(57).entries == (Entry(Result.FORFEIT_LOSS, 7, Colour.BLACK),)
    assert sm.write_players(t).encode() == real("players_round1.txt").read_bytes()
    assert sm.write_pairing_rows(t).encode() == real("pairings_round1_played.txt").read_bytes()


@pytest.mark.parametrize(
    ("name", "rows", "last"),
    [
        ("pairings_round1_played.txt", 7, 1),
        ("pairings_round3_unplayed.txt", 5, 3),
        ("pairings_rounds1-2_played.txt", 9, 2),
        ("pairings_rounds3-4_played.txt", 10, 4),
        ("probe_stale_pairing_we_sent.txt", 5, 4),
        ("probe_stale_pairing_sm_after.txt", 5, 4),
        ("tiebreak_probe_pairings_by_sm.txt", 4, 3),
    ],
)
def test_every_real_pairing_file_reads(name: str, rows: int, last: int) -> None:
    got = sm.read_pairing_rows(real(name))
    assert len(got) == rows
    assert sm.host_round(got) == last
    assert all(r.source == str(real(name)) and r.line is not None for r in got)


def test_pairing_rows_codes() -> None:
    rows = sm.read_pairing_rows(real("pairings_rounds3-4_played.txt"))
    by = {(r.round_no, r.white): r for r in rows}
    double = by[(4, 2)]
    assert double.forfeit and double.entries() == {
        2: Entry(Result.FORFEIT_LOSS, 5, Colour.WHITE),
        5: Entry(Result.FORFEIT_LOSS, 2, Colour.BLACK),
    }
    assert by[(4, 6)].entries()[7] == Entry(Result.FORFEIT_WIN, 6, Colour.BLACK)
    assert by[(3, 1)].entries()[3] == Entry(Result.DRAW, 1, Colour.BLACK)
    assert by[(3, 6)].is_bye and by[(3, 6)].entries() == {6: Entry(Result.PAB)}
    unplayed = sm.read_pairing_rows(real("pairings_round3_unplayed.txt"))
    assert all(r.pending for r in unplayed)
    assert sm.pairing_from_rows(unplayed) == ROUND3


def test_history_from_pairing_files_matches_the_trf_export() -> None:
    """Rounds 1-3 from the two pairing exports equal the TRF16 export's; the half-point
    bye (absent from the pairing file) is kept from the TRF."""
    trf = read_trf(real("round4_paired.trf"))
    rows = sm.read_pairing_rows(real("pairings_rounds1-2_played.txt")) + sm.read_pairing_rows(
        real("pairings_rounds3-4_played.txt")
    )
    merged = sm.merge_pairing_rows(trf, rows)
    for a, b in zip(trf.players, merged.players, strict=True):
        assert a.entries[:3] == b.entries[:3], a.start_no
    assert merged.player(5).entries[1] == Entry(Result.HALF_BYE)
    assert merged.player(2).entries[3] == Entry(Result.FORFEIT_LOSS, 5, Colour.WHITE)


def test_rewriting_the_history_reproduces_swiss_managers_board_numbers() -> None:
    """Boards in the order of C.04.2 Art. 3.6 are Swiss-Manager's own numbers; the only
    byte that differs is round 1's bye row, which this export shows as 1:0 and later
    exports (and ours) as 1:1."""
    trf = read_trf(real("round4_paired.trf"))
    rows = sm.read_pairing_rows(real("pairings_rounds1-2_played.txt")) + sm.read_pairing_rows(
        real("pairings_rounds3-4_played.txt")
    )
    ours = sm.write_pairing_rows(sm.merge_pairing_rows(trf, rows)).split("\r\n")
    theirs = (
        real("pairings_rounds1-2_played.txt").read_text()
        + real("pairings_rounds3-4_played.txt").read_text().split("\n", 1)[1]
    ).splitlines()
    diff = [(a, b) for a, b in zip(ours, theirs, strict=False) if a != b]
    assert diff == [("1;5;0;0;9;-1;1;1;;1:1;0;;", "1;5;0;0;9;-1;1;0;;1:0;0;;")]


def test_results_file_of_a_finished_round() -> None:
    trf = read_trf(real("round4_paired.trf"))
    rows = sm.read_pairing_rows(real("pairings_rounds1-2_played.txt")) + sm.read_pairing_rows(
        real("pairings_rounds3-4_played.txt")
    )
    merged = sm.merge_pairing_rows(trf, rows)
    expected = [
        line for line in real("pairings_rounds3-4_played.txt").read_text().splitlines() if line.startswith("4;")
    ]
    assert sm.write_results(merged, 4).split("\r\n")[1:-1] == expected
    with pytest.raises(InputError, match="round 4 is not finished"):
        sm.write_results(trf, 4)


def test_tiebreak_probe_board_order() -> None:
    """Two boards tied on the higher score and the sum: Swiss-Manager numbers the one
    whose higher-scored player has the smaller start rank first (2-3 before 1-4)."""
    t = read_trf(real("tiebreak_probe_ours.trf"))
    rows = sm.read_pairing_rows(real("tiebreak_probe_pairings_by_sm.txt"))
    ours = sm.write_pairing_rows(t, [3])
    assert ours.encode() == real("tiebreak_probe_pairings_by_sm.txt").read_bytes()
    assert [(r.white, r.black) for r in rows] == [(5, 8), (2, 3), (1, 4), (6, 7)]


# -- the pairing file we write -------------------------------------------------------------------


def test_next_round_pairing_file_is_byte_identical_to_swiss_managers_own(tmp_path: Path) -> None:
    out = sm.write_pairings(before_round3(), ROUND3)
    assert out.encode() == real("pairings_round3_unplayed.txt").read_bytes()
    assert out.endswith("\r\n") and "\n" not in out.replace("\r\n", "")
    back = sm.parse_pairing_rows(out.encode(), path="ours.txt")
    assert sm.pairing_from_rows(back) == ROUND3
    # imported back into the tournament: the round as paired, games pending
    merged = sm.merge_pairing_rows(before_round3(), back)
    assert played_pairing(merged, 3).boards == tuple(sorted(ROUND3.boards, key=lambda b: min(b.players())))
    assert merged.player(6).entry(3) == Entry(Result.PAB)
    assert merged.player(4).entry(3) == Entry(Result.PENDING, 2, Colour.WHITE)


def test_pairing_file_leaves_out_players_not_paired() -> None:
    t = before_round3()
    pairing = RoundPairing(
        3, (Board(4, 2), Board(1, 3), Board(7, 9)), bye=6, absent={5: Result.HALF_BYE, 8: Result.ZERO_BYE}
    )
    out = sm.write_pairings(t, pairing)
    assert ";5;" not in out and ";8;" not in out
    assert out.count("\r\n") == 5


def test_stale_export_refused_when_the_export_already_holds_the_round() -> None:
    with pytest.raises(sm.StaleExport, match="already holds round 3"):
        sm.write_pairings(read_trf(real("round3_paired.trf")), ROUND3)


def test_stale_export_refused_when_the_host_has_moved_on() -> None:
    host = sm.host_round(sm.read_pairing_rows(real("probe_stale_pairing_sm_after.txt")))
    t = before_round(read_trf(real("round4_paired.trf")), 4, unpaired_absent=False)
    pairing = RoundPairing(4, (Board(4, 1), Board(9, 3), Board(2, 5), Board(6, 7)), bye=8)
    with pytest.raises(sm.StaleExport, match=r"stale export: Swiss-Manager already holds round 4.*export of round 3"):
        sm.write_pairings(t, pairing, host=host)
    assert sm.write_pairings(t, pairing, host=3).startswith(sm.PAIRINGS_HEADER)


def test_pairing_refused_while_the_previous_round_is_unfinished() -> None:
    t = read_trf(real("round4_paired.trf"))
    pairing = RoundPairing(5, (Board(1, 2),))
    with pytest.raises(sm.StaleExport, match="round 4 is not finished"):
        sm.write_pairings(t, pairing)


# -- half-point byes recovered from Pkt ----------------------------------------------------------


def _export_folder(tmp_path: Path) -> Path:
    """A Spielerdaten written from the TRF players after round 2 beside the real
    Spielerauslosung of rounds 1-2: the text exports of the same moment."""
    folder = tmp_path / "export"
    folder.mkdir()
    (folder / "Spielerdaten.txt").write_bytes(sm.write_players(before_round3()).encode())
    shutil.copy(real("pairings_rounds1-2_played.txt"), folder / "Spielerauslosung.txt")
    return folder


def test_half_point_bye_recovered_from_the_points_column(tmp_path: Path) -> None:
    folder = _export_folder(tmp_path)
    t = sm.read_sm_folder(folder)
    expected = before_round3()
    for a, b in zip(expected.players, t.players, strict=True):
        assert a.entries == b.entries, a.start_no
    assert t.player(5).entries[1] == Entry(Result.HALF_BYE)


def test_points_that_no_bye_explains_are_an_error(tmp_path: Path) -> None:
    folder = _export_folder(tmp_path)
    text = (folder / "Spielerdaten.txt").read_bytes().decode("utf-8")
    text = text.replace(
        "\r\n7;Huber Marco;;;0;1870;01.12.1975;SUI;;;;0;;0;;1;", "\r\n7;Huber Marco;;;0;1870;01.12.1975;SUI;;;;0;;0;;2;"
    )
    (folder / "Spielerdaten.txt").write_bytes(text.encode())
    with pytest.raises(InputError, match=r"player 7 .*Pkt 2.*gives 1") as info:
        sm.read_sm_folder(folder)
    assert info.value.line == 8 and info.value.path is not None and info.value.path.endswith("Spielerdaten.txt")


def test_players_with_points_but_no_pairing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="export the pairings too") as info:
        sm.read_sm_export(real("players_round1.txt"))
    assert info.value.line == 2


# -- end to end: Swiss-Manager export of round N, pair N+1, write, read back -----------------------


def test_end_to_end_export_pair_write_read_back(tmp_path: Path) -> None:
    """The text exports after round 2 → the Dutch engine pairs round 3 → our
    Spielerauslosung equals Swiss-Manager's own file for that round → read back, the
    same pairing."""
    from swissbridge.systems.service import pair_tournament, read_tournament

    folder = _export_folder(tmp_path)
    t = replace(read_tournament(folder), total_rounds=5)
    pairing = pair_tournament(t, system="dutch")
    assert pairing.round_no == 3
    out = sm.write_pairings(t, pairing)
    assert out.encode() == real("pairings_round3_unplayed.txt").read_bytes()
    back = sm.pairing_from_rows(sm.parse_pairing_rows(out.encode()))
    assert (back.round_no, back.boards, back.bye) == (pairing.round_no, pairing.boards, pairing.bye)


def test_cli_pair_writes_the_swiss_manager_file(tmp_path: Path) -> None:
    from swissbridge.cli.commandline import app
    from typer.testing import CliRunner

    src = tmp_path / "r3.trf"
    shutil.copy(real("round3_paired.trf"), src)
    out = tmp_path / "Spielerauslosung.txt"
    result = CliRunner().invoke(app, ["pair", str(src), "--round", "3", "--format", "sm", "-o", str(out)])
    assert result.exit_code == 2 and "stale export" in result.output
    assert not out.exists()


# -- bad input -----------------------------------------------------------------------------------

HEAD = sm.PAIRINGS_HEADER + "\r\n"


@pytest.mark.parametrize(
    ("data", "line", "column", "text"),
    [
        (HEAD + "3;1;0;0;4;2;0;0;;0:0;0\r\n", 2, 23, "truncated line: 11 fields"),
        (HEAD + "3;1;0;0;4;2;1;0;;1:0;0;;;\r\n", 2, 26, "too many fields"),
        (sm.PAIRINGS_HEADER.replace(";", ",") + "\r\n", 1, 1, "separated by commas"),
        (HEAD + "3,1,0,0,4,2,1,0,,1:0,0,,\r\n", 2, 1, "separated by commas"),
        (HEAD + "3;1;0;0;4;2;1;0;;0:1;0;;\r\n", 2, 18, "Erg is '0:1', expected '1:0'"),
        (HEAD + "3;1;0;0;4;x;1;0;;1:0;0;;\r\n", 2, 11, "NrS is 'x'"),
        (HEAD + "3;1;0;0;4;2;1;0;;1:0;0;;\r\n3;2;0;0;2;5;1;0;;1:0;0;;\r\n", 3, 9, "player 2 appears twice in round 3"),
        (HEAD + "3;1;0;0;4;2;1;0;X;1:0X;0;;\r\n", 2, 17, "Kontumaz is 'X'"),
        (HEAD + "3;1;0;0;4;2;0,5;0;;0,5:0;0;;\r\n", 2, None, "is not a game result"),
        ("Runde;Board;IdentW\r\n", 1, 7, "column 2 is 'Board', expected 'Brett'"),
        ("", 1, None, "empty file"),
    ],
)
def test_bad_pairing_files(data: str, line: int, column: int | None, text: str) -> None:
    with pytest.raises(InputError) as info:
        sm.parse_pairing_rows(data.encode(), path="x.txt")
    err = info.value
    assert text in err.message
    assert (err.path, err.line, err.column) == ("x.txt", line, column)


def test_wrong_encoding_is_located() -> None:
    data = real("players_round1.txt").read_bytes().decode("utf-8").encode("cp1252")
    with pytest.raises(InputError) as info:
        sm.parse_players(data, path="p.txt")
    assert info.value.line == 6 and info.value.column is not None and "not valid UTF-8" in info.value.message
    # with the encoding named it reads
    assert sm.parse_players(data, path="p.txt", encoding="cp1252").players[4].stated_points == 5


def test_unknown_player_in_the_pairing_file(tmp_path: Path) -> None:
    folder = tmp_path / "x"
    folder.mkdir()
    shutil.copy(real("players_round1.txt"), folder / "players.txt")
    (folder / "pairings.txt").write_bytes((HEAD + "1;1;0;0;1;99;1;0;;1:0;0;;\r\n").encode())
    with pytest.raises(InputError, match="start number 99 is not in the player list") as info:
        sm.read_sm_folder(folder)
    assert info.value.line == 2 and str(info.value.path).endswith("pairings.txt")


def test_pairing_file_alone_needs_the_player_export(tmp_path: Path) -> None:
    from swissbridge.systems.service import read_tournament

    src = tmp_path / "Spielerauslosung.txt"
    shutil.copy(real("pairings_rounds1-2_played.txt"), src)
    with pytest.raises(InputError, match="put the Spielerdaten export"):
        read_tournament(src)


@pytest.mark.parametrize(
    ("row", "text"),
    [
        ("1;Brunner Livia;WGM;;0;24x7;01.06.1992;SUI;W;;;0;;0;;1;1;;;;;;1;Brunner;Livia;", "EloInt is '24x7'"),
        ("1;Brunner Livia;WGM;;0;2447;1992-06-01;SUI;W;;;0;;0;;1;1;;;;;;1;Brunner;Livia;", "Geburt is '1992-06-01'"),
        ("1;Brunner Livia;WGM;;0;2447;01.06.1992;SUI;W;;;0;;0;;1¼;1;;;;;;1;Brunner;Livia;", "Pkt is '1¼'"),
        ("1;Brunner Livia;WGM;;0;2447;01.06.1992;SUI;W;;;0;;0;;1;1;;;;;;1;Brunner", "truncated line"),
    ],
)
def test_bad_player_rows(row: str, text: str) -> None:
    data = (sm.PLAYERS_HEADER + "\r\n" + row + "\r\n").encode()
    with pytest.raises(InputError) as info:
        sm.parse_players(data, path="p.txt")
    assert text in info.value.message and info.value.line == 2 and info.value.column is not None


def test_write_players_refuses_a_separator_in_a_name() -> None:
    t = Tournament(players=(Player(1, "Semi;Colon, Ann"),))
    with pytest.raises(InputError, match="separator"):
        sm.write_players(t)


def test_byte_order_mark_and_lf_line_ends_are_accepted() -> None:
    data = real("players_round1.txt").read_bytes()
    plain = sm.parse_players(data).players
    assert sm.parse_players(b"\xef\xbb\xbf" + data).players == plain
    assert sm.parse_players(data.replace(b"\r\n", b"\n")).players == plain
