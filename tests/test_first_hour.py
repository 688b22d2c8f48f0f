"""Issue 16, "the arbiter's first hour": one test (or a few) per numbered point, named
``test_pN_…``. Files are never damaged silently, the system and settings come from
the file or the command line, results are entered with ``swissbridge result``, and
every error says what to do."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge import cli
from typer.testing import CliRunner

from tests.conftest import SAMPLES

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


def test_p2_in_place_never_replaces_a_tournament_by_a_board_list(tmp_path: Path) -> None:
    path = copy_sample(tmp_path)
    before = path.read_bytes()
    code, text = run("pair", path, "-o", path, "--in-place")
    assert code == 2 and "only a tournament (--format trf or json) may replace it" in text
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
    from swissbridge.plugins.dutch.engine import with_builtin_acceleration

    baku = read_trf(with_system(tmp_path, "FIDE_DUTCH_2026_BAKU"))
    assert with_builtin_acceleration(baku).acceleration
    code, text = run("pair", tmp_path / "FIDE_DUTCH_2026_BAKU.trf", "-f", "pairlist")
    assert code == 0 and "warning" not in text


@pytest.mark.parametrize("code", ["FIDE_DUTCH_2017", "FIDE_DUBOV", "FIDE_BURSTEIN", "FIDE_TEAM_BAKU"])
def test_p3_a_system_not_implemented_is_refused_and_can_be_forced(tmp_path: Path, code: str) -> None:
    path = with_system(tmp_path, code)
    status, text = run("pair", path)
    assert status == 2
    assert f"record 192 says {code}, a pairing system swissbridge does not implement" in text
    assert "FIDE_DUTCH_2026" in text and "FIDE_LIM_2026" in text and "give --system dutch" in text
    if code != "FIDE_TEAM_BAKU":
        status, text = run("pair", path, "--system", "dutch", "-f", "pairlist")
        assert status == 0 and f"warning: record 192 says {code}, which swissbridge does not implement" in text


def test_p3_generate_lim_writes_its_code_and_check_picks_lim(tmp_path: Path) -> None:
    out = tmp_path / "lim.trf"
    assert run("generate", "-n", "8", "-r", "5", "-s", "lim", "--seed", "3", "-o", out)[0] == 0
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
        ["generate", "-r", "0"],
        ["check", str(OPEN), "--rounds", "0"],
        ["pair", "missing-file.trf", "--round", "0"],
    ],
)
def test_p10_bad_numbers_are_usage_errors(args: list[str]) -> None:
    code, text = run(*args)
    assert code == 2
    assert "Invalid value" in text and "Traceback" not in text
