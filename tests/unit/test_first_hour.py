"""Issue 16, "the arbiter's first hour": one test (or a few) per numbered point, named
``test_pN_…``. Files are never damaged silently, the system and settings come from
the file or the command line, results are entered with ``swissbridge result``, and
every error says what to do."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge import plugins
from swissbridge.cli import commandline as cli
from typer.testing import CliRunner

from tests.conftest import SAMPLES, swiss_systems

runner = CliRunner()
OPEN = SAMPLES / "open-round4.trf"


def run(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(cli.app, [str(a) for a in args], prog_name="swissbridge")
    return result.exit_code, result.output


def copy_sample(folder: Path, name: str = "event.trf", source: Path = OPEN) -> Path:
    path = folder / name
    path.write_bytes(source.read_bytes())
    return path


# -- 1. never invent entries -------------------------------------------------------


def test_p1_a_round_after_one_never_paired_is_refused(tmp_path: Path) -> None:
    """Round 4 of the sample was never paired: pairing round 5 would write ``0000 - Z``
    for all nine players in round 4. Refused (exit 2, naming round 4), nothing written."""
    out = tmp_path / "out.trf"
    for command in ("pair", "explain"):
        code, text = run(command, OPEN, "--round", "5", "-o", out)
        assert code == 2, text
        assert "cannot pair round 5: round 4 has not been paired; pair round 4 first" in text
    assert not out.exists()


def test_p1_a_round_everyone_was_absent_in_is_the_user_saying_so(tmp_path: Path) -> None:
    """Round 4 written as ``0000 - Z`` for every player (the user says who is absent):
    round 5 may be paired, and round 4 stays as written."""
    from swissbridge.formats.trf import parse_trf, read_trf, write_trf
    from swissbridge.model import ABSENT

    sample = read_trf(OPEN)
    path = tmp_path / "absent.trf"
    path.write_text(write_trf(sample.with_round(4, {p.start_no: ABSENT for p in sample})), encoding="utf-8")
    code, text = run("pair", path, "--round", "5", "-f", "trf")
    assert code == 0, text
    after = parse_trf(text)
    assert all(p.entry(4) == ABSENT for p in after) and after.completed_rounds == 5


# -- 2. --in-place ----------------------------------------------------------------


def test_p2_writing_over_the_input_needs_in_place(tmp_path: Path) -> None:
    path = copy_sample(tmp_path)
    before = path.read_bytes()
    code, text = run("pair", path, "-f", "trf", "-o", path)
    assert code == 2 and "is the input file: give --in-place" in text
    assert path.read_bytes() == before and not (tmp_path / "event.trf.bak").exists()
    code, text = run("convert", path, path)
    assert code == 2 and "give --in-place" in text and path.read_bytes() == before


def test_p2_in_place_keeps_the_previous_version_as_bak(tmp_path: Path) -> None:
    path = copy_sample(tmp_path)
    before = path.read_bytes()
    code, text = run("pair", path, "-f", "trf", "-o", path, "--in-place")
    assert code == 0, text
    assert (tmp_path / "event.trf.bak").read_bytes() == before
    assert path.read_bytes() != before and b"XXR 5" in path.read_bytes()


def test_p2_result_writing_over_its_input_with_o_takes_the_in_place_the_refusal_names(tmp_path: Path) -> None:
    path = copy_sample(tmp_path, source=SAMPLES / "club-start.trf")
    assert run("pair", path, "--in-place")[0] == 0
    paired = path.read_bytes()
    code, text = run("result", path, "1", "1", "1-0", "-o", path)
    assert code == 2 and "is the input file: give --in-place" in text and path.read_bytes() == paired
    code, text = run("result", path, "1", "1", "1-0", "-o", path, "--in-place")
    assert code == 0, text
    assert (tmp_path / "event.trf.bak").read_bytes() == paired and path.read_bytes() != paired


def test_p2_in_place_never_replaces_a_tournament_by_a_board_list(tmp_path: Path) -> None:
    path = copy_sample(tmp_path)
    before = path.read_bytes()
    code, text = run("pair", path, "-o", path, "--in-place")
    assert code == 2 and "only a tournament (--format trf) may replace it" in text
    assert path.read_bytes() == before
    code, text = run("explain", path, "-o", path)
    assert code == 2 and path.read_bytes() == before


# -- 3. record 192 ----------------------------------------------------------------


def with_system(folder: Path, code: str) -> Path:
    path = folder / f"{code or 'none'}.trf"
    text = OPEN.read_text(encoding="utf-8").replace("192 FIDE_DUTCH_2026", f"192 {code}" if code else "")
    path.write_text(text, encoding="utf-8")
    return path


def test_p3_record_192_chooses_the_system(tmp_path: Path) -> None:
    lim = with_system(tmp_path, "FIDE_LIM_2026")
    by_file = run("pair", lim, "-f", "pairlist")
    by_option = run("pair", OPEN, "--system", "lim", "-f", "pairlist")
    dutch = run("pair", OPEN, "-f", "pairlist")
    assert by_file[0] == by_option[0] == dutch[0] == 0
    assert by_option[1].endswith(by_file[1])
    assert "warning: record 192 says FIDE_DUTCH_2026 (dutch); pairing with lim as --system says" in by_option[1]
    assert by_file[1] != dutch[1]  # the sample's round 4 differs between the systems


def test_p3_baku_code_pairs_with_acceleration(tmp_path: Path) -> None:
    from swissbridge.formats.trf import read_trf
    from swissbridge.plugins.dutch.round import with_builtin_acceleration

    baku = read_trf(with_system(tmp_path, "FIDE_DUTCH_2026_BAKU"))
    assert with_builtin_acceleration(baku).acceleration
    code, text = run("pair", tmp_path / "FIDE_DUTCH_2026_BAKU.trf", "-f", "pairlist")
    assert code == 0 and "warning" not in text


@pytest.mark.parametrize("code", ["FIDE_DUTCH_2017", "FIDE_ZIGZAG", "CUSTOM_SWISS"])
def test_p3_a_system_not_implemented_is_refused_and_can_be_forced(tmp_path: Path, code: str) -> None:
    path = with_system(tmp_path, code)
    status, text = run("pair", path)
    assert status == 2
    assert f"record 192 says {code}, a pairing system swissbridge does not implement" in text
    assert "FIDE_DUTCH_2026" in text and "FIDE_LIM_2026" in text and "--system dutch or" in text
    status, text = run("pair", path, "--system", "dutch", "-f", "pairlist")
    assert status == 0 and f"warning: record 192 says {code}, which swissbridge does not implement" in text


def test_p3_a_team_system_is_refused_even_when_forced(tmp_path: Path) -> None:
    path = with_system(tmp_path, "FIDE_TEAM_BAKU")
    for args in (["pair", path], ["pair", path, "--system", "dutch"], ["check", path], ["explain", path]):
        status, text = run(*args)
        assert status == 2 and "this is a team tournament" in text, args


def test_p3_generate_lim_writes_its_code_and_check_picks_lim(tmp_path: Path) -> None:
    out = tmp_path / "lim.trf"
    assert run("generate", "-n", "8", "--rounds", "5", "-s", "lim", "--seed", "3", "-o", out)[0] == 0
    assert "192 FIDE_LIM_2026" in out.read_text(encoding="utf-8")
    code, text = run("check", out)
    assert code == 0 and text.startswith("check with the lim system")


# -- 10. usage errors before any work ----------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["pair", str(OPEN), "--round", "0"],
        ["pair", str(OPEN), "--round", "-1"],
        ["explain", str(OPEN), "-r", "0"],
        ["generate", "-n", "0"],
        ["generate", "-n", "100000"],
        ["generate", "--rounds", "0"],
        ["check", str(OPEN), "--rounds", "0"],
        ["pair", "missing-file.trf", "--round", "0"],
    ],
)
def test_p10_bad_numbers_are_usage_errors(args: list[str]) -> None:
    code, text = run(*args)
    assert code == 2
    assert "Invalid value" in text and "Traceback" not in text


# -- 7. record 299 ----------------------------------------------------------------

ABNORMAL = """012 Individual 299 {what}
152 W
142 3
299          {value:>4}    1    {player}
001    1      P1                                2500                             {p1}    1     2 w {r}
001    2      P2                                2500                             {p2}    2     1 b {s}
001    3      P3                                2500                             {p3}    3     4 w {r}
001    4      P4                                2500                             {p4}    4     3 b {s}
001    5      P5                                2500                             1.0    5  0000 - U
"""
BONUS = ABNORMAL.format(what="bonus", value="2.0", player=4, p1="1.0", p2="0.0", p3="1.0", p4="2.0", r="1", s="0")
PENALTY = ABNORMAL.format(what="penalty", value="-0.5", player=2, p1="0.5", p2="0.0", p3="0.5", p4="0.5", r="=", s="=")


@pytest.mark.parametrize(
    ("text", "expected"), [(BONUS, "3\n4 1\n5 3\n2 0\n"), (PENALTY, "3\n5 3\n4 1\n2 0\n")], ids=["bonus", "penalty"]
)
def test_p7_record_299_counts_for_pairing_and_the_points_column(tmp_path: Path, text: str, expected: str) -> None:
    """The two regression files of a fork of the reference engine that implements 299:
    the points column is accepted and the pairing is theirs."""
    path = tmp_path / "abnormal.trf"
    path.write_text(text, encoding="utf-8")
    code, out = run("pair", path, "--system", "dutch", "-f", "pairlist")
    assert (code, out) == (0, expected)


def test_p7_record_299_counts_in_the_standings_and_is_written_back(tmp_path: Path) -> None:
    from swissbridge.formats.trf import parse_trf, write_trf
    from swissbridge.model import PointSystem

    t = parse_trf(BONUS)
    assert t.player(4).score(PointSystem(), 1) == 20 and t.player(4).adjustments == ((1, 20),)
    assert parse_trf(PENALTY).player(2).score(PointSystem(), 1) == -5 + 5
    again = write_trf(t)
    assert "299           2.0    1    4" in again and parse_trf(again) == t
    from swissbridge.formats.jsonfmt import tournament_from_json, tournament_to_json

    assert tournament_from_json(tournament_to_json(t)).player(4).adjustments == ((1, 20),)
    path = tmp_path / "bonus.trf"
    path.write_text(BONUS, encoding="utf-8")
    code, board = run("pair", path, "--system", "dutch")
    assert code == 0 and "(4) P4" in board
    assert [line.split()[3] for line in board.splitlines() if "(4) P4" in line] == ["2.0"]


def test_p7_a_wrong_points_column_is_still_refused() -> None:
    from swissbridge.errors import InputError
    from swissbridge.formats.trf import parse_trf

    with pytest.raises(InputError, match=r"the points column says 0\.0 but the results of rounds 1-1 give 2\.0"):
        parse_trf(BONUS.replace("2500                             2.0", "2500                             0.0"))


# -- 9. swissbridge result ------------------------------------------------------------

PLAYER_LINE = "001 {n:>4} {sex}    {name:<33} {rating:>4} ENG             1990/01/01  0.0 {n:>4}"


def players_only(folder: Path, players: int, rounds: int) -> Path:
    lines = ["012 Result Open", f"142 {rounds}", "152 W"]
    lines += [
        PLAYER_LINE.format(n=n, sex="mw"[n % 2], name=f"Player, {n:02d}", rating=2400 - 20 * n)
        for n in range(1, players + 1)
    ]
    path = folder / "event.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def boards_of(board_list: str) -> list[tuple[int, int]]:
    """(White, Black) of each board of ``pair``'s board list."""
    out = []
    for line in board_list.splitlines()[2:]:
        words = line.split()
        if words and words[0].isdigit():  # a board's line starts with its number; a bye's or absence's does not
            white, black = (int(w.strip("()")) for w in words if w.startswith("(") and w.strip("()").isdigit())
            out.append((white, black))
    return out


def test_p9_a_whole_event_with_pair_and_result_alone(tmp_path: Path) -> None:
    """Nine rounds of 13 players run with ``pair --in-place`` and ``result`` only:
    forfeits, a double forfeit, byes asked for before a round is paired, a
    withdrawal. Every round's board numbers are those ``pair`` printed, the file
    stays readable, its points are recomputed, and ``check`` finds every round
    paired as the Dutch system pairs it."""
    import random

    from swissbridge.formats.trf import read_trf
    from swissbridge.model import Result

    path = players_only(tmp_path, 13, 9)
    rng = random.Random(16)
    asked = {3: ["#5", "H"], 4: ["#8", "F", "#2", "Z"], 7: ["#11", "H"]}
    for r in range(1, 10):
        if r in asked:
            code, text = run("result", path, str(r), *asked[r])
            assert code == 0, text
        code, board_list = run("pair", path, "--in-place")
        assert code == 0, board_list
        boards = boards_of(board_list)
        t = read_trf(path)
        assert t.completed_rounds == r and len(boards) == len(t.pending_games(r))
        words: list[str] = []
        for i, (white, black) in enumerate(boards, 1):
            assert t.player(white).entry(r) is not None
            result = rng.choice(["1-0", "0-1", "½-½", "=", "1-0", "0-1"])
            if (r, i) in ((2, 3), (6, 1)):
                result = "+-" if r == 2 else "-+"
            if (r, i) == (5, 2):
                result = "--"
            words += [str(i), result] if i % 2 else [f"#{black}", result]
        code, text = run("result", path, str(r), "--", *words)
        assert code == 0, text
        if r == 5:
            withdraw = run("result", path, "6", "#13", "withdrawn")
            assert withdraw[0] == 0, withdraw[1]
    final = read_trf(path)
    assert final.completed_rounds == 9 and not any(final.pending_games(r) for r in range(1, 10))
    thirteen = [final.player(13).entry(r) for r in range(6, 10)]
    assert all(e is not None and e.result is Result.ZERO_BYE for e in thirteen)
    assert final.player(5).entry(3) is not None and final.player(5).entry(3).result is Result.HALF_BYE  # type: ignore[union-attr]
    forfeits = [e for p in final for e in p.entries if e.is_forfeit]
    assert len(forfeits) == 6
    for p in final:
        assert p.stated_points == p.score(final.points, 9)
    code, text = run("check", path)
    assert code == 0 and "all 9 rounds ok" in text, text
    assert (tmp_path / "event.trf.bak").exists()


def test_p9_result_refuses_what_does_not_fit(tmp_path: Path) -> None:
    path = copy_sample(tmp_path)
    before = path.read_bytes()
    cases = [
        (["3", "9", "1-0"], "round 3 has 4 boards; there is no board 9"),
        (["3", "1", "0-1"], "already has the result 1-0; give --correct to replace it"),
        (["3", "#5", "H"], "player 5 has a game in round 3 (against 7)"),
        (["3", "#42", "1-0"], "there is no player 42"),
        (["3", "1", "2-0"], "unknown result '2-0'"),
        (["3", "1"], "results come in pairs"),
        (["6", "#5", "H"], "round 6 is beyond the 5 rounds of the tournament"),
    ]
    for args, message in cases:
        code, text = run("result", path, *args)
        assert code == 2 and message in text, (args, text)
    assert path.read_bytes() == before
    code, text = run("result", path, "3", "1", "0-1", "--correct")
    assert code == 0, text
    from swissbridge.formats.trf import read_trf

    assert read_trf(path).player(2).entry(3).result.value == "1"  # type: ignore[union-attr]


def test_p9_results_from_a_broadcast_pgn(tmp_path: Path) -> None:
    """``--from-pgn``: the games of the round matched to its boards by the players,
    as the watcher matches them; a board the PGN lacks stays open."""
    from swissbridge.formats.trf import read_trf
    from swissbridge.model import Result

    path = copy_sample(tmp_path)
    assert run("pair", path, "--in-place")[0] == 0
    t = read_trf(path)
    games = []
    for i, (white, black) in enumerate(t.pending_games(4)[:3], 1):
        w, b = t.player(white), t.player(black)
        result = ["1-0", "0-1", "1/2-1/2"][i - 1]
        games.append(
            f'[Event "x"]\n[Round "4.{i}"]\n[White "{w.name}"]\n[Black "{b.name}"]\n[Result "{result}"]\n\n{result}\n'
        )
    pgn = tmp_path / "games.pgn"
    pgn.write_text("\n".join(games), encoding="utf-8")
    code, text = run("result", path, "4", "--from-pgn", pgn)
    assert code == 0, text
    assert "1 board(s) without a game in the PGN" in text
    after = read_trf(path)
    assert len(after.pending_games(4)) == 1
    first_white = t.pending_games(4)[0][0]
    assert after.player(first_white).entry(4).result is Result.WIN  # type: ignore[union-attr]


# -- 4. --initial-colour and --rounds ------------------------------------------------


def test_p4_initial_colour_and_rounds_for_files_that_carry_neither(tmp_path: Path) -> None:
    path = players_only(tmp_path, 6, 5)
    text = path.read_text(encoding="utf-8").replace("142 5\n", "").replace("152 W\n", "")
    path.write_text(text, encoding="utf-8")
    code, out = run("pair", path)
    assert code == 2 and "the initial colour is unknown: give --initial-colour white or black" in out
    assert "give record 152" not in out
    for colour, first in (("white", "1 4"), ("black", "4 1")):
        code, out = run("pair", path, "--initial-colour", colour, "--rounds", "5", "-f", "pairlist")
        warning, _, pairs, *_ = out.splitlines()
        assert code == 0 and pairs == first, out
        assert warning.startswith("swissbridge: warning: record 192 names no pairing system; pairing with dutch")
    for command in ("check", "explain"):
        code, out = run(command, path, "--initial-colour", "white", "--rounds", "5")
        assert code == 0, out
    code, board = run("pair", path, "--initial-colour", "white", "--rounds", "5")
    assert "— round 1 of 5" in board


def test_p4_the_options_override_the_file_with_a_warning(tmp_path: Path) -> None:
    code, out = run("pair", OPEN, "--rounds", "7", "--initial-colour", "black")
    assert code == 0
    assert "warning: the file says 5 rounds; using 7 as --rounds says" in out
    assert "warning: the file says the initial colour is White; using Black as --initial-colour says" in out
    assert "round 4 of 7" in out
    code, out = run("pair", OPEN, "--rounds", "2")
    assert code == 2 and "--rounds 2, but the file already has 3 rounds paired" in out


def test_p4_shown_rounds_never_exceed_the_total() -> None:
    final = SAMPLES / "club-championship-final.trf"
    for command in ("pair", "explain"):
        code, out = run(command, final)
        assert code == 2 and "round 6 is beyond the 5 rounds of the tournament" in out
        assert "round 6 of 5" not in out


def test_p4_watch_takes_the_initial_colour(tmp_path: Path) -> None:
    from swissbridge.model import Colour, Tournament
    from swissbridge.watch.hosts import with_given
    from swissbridge.watch.types import WatchConfig

    t = Tournament(players=())
    config = WatchConfig(tmp_path, rounds=9, initial_colour=Colour.BLACK)
    assert with_given("event", t, config) == Tournament(
        players=(), total_rounds=9, initial_colour=Colour.BLACK, system="FIDE_DUTCH_2026"
    )
    code, out = run("watch", tmp_path, "--once", "--initial-colour", "white", "--rounds", "9")
    assert code == 0, out
    code, out = run("watch", tmp_path, "--once", "--initial-colour", "green")
    assert code == 2 and "Invalid value" in out


# -- 12. batch convert -----------------------------------------------------------------


def test_p12_batch_failures_name_their_file_and_the_exit_code_says_why(tmp_path: Path) -> None:
    good = copy_sample(tmp_path, "good.trf")
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1      X\n001    1      Y\n", encoding="utf-8")
    out = tmp_path / "out"
    code, text = run("convert", good, bad, f"{out}/")
    assert code == 2, text
    failed = [line for line in text.splitlines() if line.strip().startswith("failed:")]
    assert len(failed) == 1 and str(bad) in failed[0]
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    (blocked / "good.trf").mkdir()  # the output name is a folder: the write fails
    code, text = run("convert", good, bad, f"{blocked}/")
    assert code == 5, text
    failed = [line for line in text.splitlines() if line.strip().startswith("failed:")]
    assert len(failed) == 2 and all(line.strip().startswith(f"failed: {tmp_path}") for line in failed)
    assert any(str(good) in line for line in failed)


def test_p12_rounds_means_total_rounds_everywhere() -> None:
    for command in ("pair", "check", "explain", "watch"):
        code, text = run(command, OPEN, "--rounds", "0")
        assert code == 2 and "Invalid value for '--rounds'" in text, (command, text)
        help_text = run(command, "--help")[1]
        assert "--rounds" in help_text and "Total rounds" in help_text


# -- 13. help ----------------------------------------------------------------------------


def test_p13_plain_swissbridge_prints_help_and_exits_0() -> None:
    code, text = run()
    assert code == 0 and "Commands:" in text and "result" in text


@pytest.mark.parametrize(
    "command", ["pair", "check", "explain", "generate", "convert", "ratings", "result", "standings", "watch"]
)
def test_p13_every_help_lists_choices_exit_codes_and_an_example(command: str) -> None:
    code, text = run(command, "--help")
    assert code == 0
    assert "Exit codes: 0 " in text and "Example" in text and f"swissbridge {command} " in text
    if command in ("pair", "check", "explain", "generate", "watch"):  # the choices, however the help wraps them
        assert "|".join(plugins.shipped()) in "".join(text.split())
    if command in ("pair", "explain"):
        assert "text|" in text
    if command == "convert":
        assert "trf|trf16|trf26|sm|" in text


# -- 14. rating order -------------------------------------------------------------------


def test_p14_start_numbers_out_of_rating_order_are_warned_about_not_refused(tmp_path: Path) -> None:
    text = OPEN.read_text(encoding="utf-8").replace("2051 ESP", "2251 ESP")
    path = tmp_path / "order.trf"
    path.write_text(text, encoding="utf-8")
    code, out = run("pair", path, "-f", "pairlist")
    assert code == 0
    assert (
        "warning: start numbers are not in rating order (C.04.2 Art. 2.2 ranks by rating): "
        "#3 (2104) before #4 (2251)" in out
    )
    code, out = run("pair", OPEN, "-f", "pairlist")
    assert code == 0 and "rating order" not in out


# -- 6. one decision of "team event" ------------------------------------------------


def with_teams(folder: Path, *teams: tuple[str, list[int]], system: str = "") -> Path:
    lines = [f"013 {name:<32}" + "".join(f" {n:>4}" for n in members) for name, members in teams]
    text = OPEN.read_text(encoding="utf-8").replace("XXR 5\n", "\n".join(lines) + "\nXXR 5\n")
    text = text.replace("192 FIDE_DUTCH_2026\n", f"192 {system}\n" if system else "")
    path = folder / f"teams{len(teams)}.trf"
    path.write_text(text, encoding="utf-8")
    return path


def test_p6_one_team_line_in_an_individual_open_is_accepted_by_every_command(tmp_path: Path) -> None:
    path = with_teams(tmp_path, ("Riverside CC", [1, 4]))
    for args in (["pair", path], ["check", path], ["explain", path], ["convert", path, tmp_path / "out.trf"]):
        code, text = run(*args)
        assert code == 0, (args, text)
    assert "013 Riverside CC" in (tmp_path / "out.trf").read_text(encoding="utf-8")


def test_p6_a_team_event_is_paired_by_teams_and_refused_by_the_individual_commands(tmp_path: Path) -> None:
    path = with_teams(tmp_path, ("A", [1, 2, 3]), ("B", [4, 5, 6]), ("C", [7, 8, 9]))
    code, text = run("pair", path, "--system", "team")  # it reads it, and finds its games are not matches
    assert code == 2 and "a team meets one team in a round" in text, text
    for args in (["pair", path], ["check", path], ["explain", path], ["pair", path, "--system", "dutch"]):
        code, text = run(*args)
        assert code == 2 and "this is a team tournament" in text, (args, text)
    from swissbridge.formats.trf import read_trf

    assert read_trf(path).team_event
    assert not read_trf(with_teams(tmp_path, ("Riverside CC", [1, 4]))).team_event
    # record 192 naming an individual system decides: teams are then a team classification
    classified = with_teams(tmp_path, ("A", [1, 2, 3]), ("B", [4, 5, 6]), ("C", [7, 8, 9]), system="FIDE_DUTCH_2026")
    assert not read_trf(classified).team_event and run("pair", classified)[0] == 0


# -- 11. who cannot be paired, and why ------------------------------------------------

ROUND_ROBIN_DONE = """012 Tiny
142 4
152 W
001    1      A                                 2400                             1.5    1     4 w 1     3 b =     2 w 0
001    2      B                                 2300                             2.0    2     3 b 1     4 w 0     1 b 1
001    3      C                                 2200                             1.5    3     2 w 0     1 w =     4 b 1
001    4      D                                 2100                             1.0    4     1 b 0     2 b 1     3 w 0
"""
COLOURS_LOCKED = """012 Colours
142 5
152 W
001    1      A                                 2400                             1.0    1     3 b 1     4 b 0
001    2      B                                 2300                             1.0    2     4 b 1     3 b 0
001    3      C                                 2200                             1.0    3     1 w 0     2 w 1
001    4      D                                 2100                             1.0    4     2 w 0     1 w 1
"""


@pytest.mark.parametrize("system", swiss_systems())
def test_p11_no_legal_pairing_names_the_file_the_players_and_why(tmp_path: Path, system: str) -> None:
    import json

    path = tmp_path / "done.trf"
    path.write_text(ROUND_ROBIN_DONE, encoding="utf-8")
    code, text = run("pair", path, "--system", system)
    assert code == 1
    assert f"{path}: no legal pairing for round 4:" in text
    assert "4 player(s) can meet nobody left: #1 has met everyone left; #2 has met everyone left" in text
    code, out = run("explain", path, "--system", system, "--format", "json")
    assert code == 1
    doc = json.loads(out)
    assert doc["pairing_found"] is False
    assert [u["player"] for u in doc["no_legal_pairing"]["players"]] == [1, 2, 3, 4]
    assert doc["no_legal_pairing"]["players"][0]["why"] == "has met everyone left"


def test_p11_forbidden_pairs_and_colour_limits_are_named(tmp_path: Path) -> None:
    from swissbridge.formats.trf import parse_trf
    from swissbridge.systems.diagnosis import diagnose

    forbidden = OPEN.read_text(encoding="utf-8").replace("XXR 5", "XXP 1 2 3 4 5 6 7 8 9\nXXR 5")
    text = str(diagnose(parse_trf(forbidden), 4))
    assert "9 player(s) can meet nobody left" in text
    assert "#1 has met #2, #5, #9; may not meet #3, #4, #6, #7, #8 (forbidden pairs)" in text
    locked = str(diagnose(parse_trf(COLOURS_LOCKED), 3))
    assert "#1 has met #3, #4; must have White (absolute colour preference, [C3]), as must #2" in locked
    path = tmp_path / "locked.trf"
    path.write_text(COLOURS_LOCKED, encoding="utf-8")
    code, out = run("pair", path)
    assert code == 1 and "must have White (absolute colour preference, [C3]), as must #2" in out


# -- the README's quick start ---------------------------------------------------------


def test_readme_quick_start_runs_a_whole_event_with_pair_and_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shlex

    readme = (SAMPLES.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [shlex.split(line, comments=True) for line in block.splitlines()]
    assert commands[0] == ["cp", "samples/club-start.trf", "rapid.trf"]
    (tmp_path / "rapid.trf").write_bytes((SAMPLES / "club-start.trf").read_bytes())
    monkeypatch.chdir(tmp_path)
    used = set()
    for words in commands[1:]:
        assert words[0] == ".venv/bin/swissbridge"
        used.add(words[1])
        code, text = run(*words[1:])
        assert code == 0, (words, text)
    assert {"pair", "result"} <= used
    assert run("check", "rapid.trf")[1].endswith("all 3 rounds ok\n")


# -- 8. the zipped FIDE list; --encoding for Swiss-Manager exports ---------------------


def test_p8_ratings_reads_fides_zip_as_shipped(tmp_path: Path) -> None:
    import zipfile

    from swissbridge.formats import fidexml
    from swissbridge.model import Player, Tournament

    from tests.fidexml_support import LIST

    archive = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("players_list_xml_foa.xml", LIST)
    t = Tournament(players=(Player(1, "Carlsen, Magnus", fide_id="1503014", rating=2800),))
    assert fidexml.refresh_ratings(t, archive).tournament.player(1).rating == 2830
    assert [r.fide_id for r in fidexml.scan_players(archive)] == ["1503014", "8603006", "2924056", "99"]
    assert fidexml.looks_like_rating_list(archive)
    empty = tmp_path / "empty.zip"
    with zipfile.ZipFile(empty, "w") as z:
        z.writestr("readme.txt", "no list here")
    from swissbridge.errors import InputError

    with pytest.raises(InputError, match=r"expected one \.xml rating list in the zip, found none"):
        fidexml.refresh_ratings(t, empty)
    source = tmp_path / "event.trf"
    source.write_text(
        "012 Zip\n001    1      Carlsen, Magnus                   2800        1503014             0.0    1\n",
        encoding="utf-8",
    )
    code, text = run("ratings", source, "--list", archive, "-o", tmp_path / "rated.trf")
    assert code == 0, text
    assert " 2830 " in (tmp_path / "rated.trf").read_text(encoding="utf-8")


def test_p8_swiss_manager_exports_take_encoding(tmp_path: Path, shared: Path) -> None:
    source = shared / "realworld" / "rochade" / "swiss_manager"
    folder = tmp_path / "sm"
    folder.mkdir()
    for name in ("players_round1.txt", "pairings_round1_played.txt"):
        text = (source / name).read_bytes().decode("utf-8")
        (folder / name).write_bytes(text.replace("Mueller", "Müller").encode("cp1252"))
    code, text = run("pair", folder)
    assert code == 2 and "--encoding cp1252" in text
    code, text = run("pair", folder, "--encoding", "cp1252")
    assert code == 0 and "Müller" in text, text
    code, text = run("convert", folder, tmp_path / "out.json", "--encoding", "cp1252")
    assert code == 0 and "Müller" in (tmp_path / "out.json").read_text(encoding="utf-8")


# -- 5. one Swiss-Manager file and the siblings it needs ---------------------------------


def test_p5_naming_one_swiss_manager_file_reads_the_siblings_it_needs_and_says_so(tmp_path: Path, shared: Path) -> None:
    source = shared / "realworld" / "rochade" / "swiss_manager"
    folder = tmp_path / "sm"
    folder.mkdir()
    for name in ("players_round1.txt", "pairings_round1_played.txt"):
        (folder / name).write_bytes((source / name).read_bytes())
    code, text = run("pair", folder / "players_round1.txt")
    assert code == 0
    assert "note: reading players_round1.txt with pairings_round1_played.txt from its folder: its players" in text
    code, text = run("pair", folder / "pairings_round1_played.txt")
    assert code == 0
    assert "note: reading pairings_round1_played.txt with players_round1.txt from its folder" in text
    # an error in a sibling names that file and says whose sibling it was read as
    code, text = run("pair", source / "players_round1.txt")
    assert code == 2
    assert "pairings_rounds1-2_played.txt:5: round 1: start number 8 is not in the player list" in text
    assert "(read as the sibling of players_round1.txt:" in text


def test_p5_a_player_list_before_round_1_is_read_alone(tmp_path: Path, shared: Path) -> None:
    source = shared / "realworld" / "rochade" / "swiss_manager" / "players_round1.txt"
    from swissbridge.formats.swissmanager import read_players

    players = read_players(source)
    header, *rows = source.read_bytes().decode("utf-8").splitlines()
    columns = header.split(";")
    pkt = columns.index("Pkt")
    zeroed = [";".join("0" if i == pkt else v for i, v in enumerate(row.split(";"))) for row in rows]
    (tmp_path / "players.txt").write_text("\r\n".join([header, *zeroed]) + "\r\n", encoding="utf-8")
    (tmp_path / "stale-pairings.txt").write_bytes((source.parent / "pairings_rounds1-2_played.txt").read_bytes())
    code, text = run("pair", tmp_path / "players.txt", "--initial-colour", "white")
    assert code == 0, text
    assert "round 1" in text and "note: reading" not in text and len(players.players) > 2
