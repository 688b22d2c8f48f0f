"""``swissbridge-engine``: bbpPairings'/JaVaFo's command line, pair-list output and
exit codes, so that a program configured for those engines can call this one."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from swissbridge.cli.dropin import EXIT_FILE, EXIT_INVALID, EXIT_NO_PAIRING, EXIT_OK, run

from tests.conftest import shared_path, unfinished_sample


def bbp(name: str) -> Path:
    return shared_path("realworld", "bbppairings", name)


@pytest.mark.parametrize("case", ["dutch_2025_C5", "dutch_2025_C9", "issue_7"])
def test_pair_list_to_stdout_matches_bbppairings(case: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--dutch", str(bbp(f"{case}.input")), "-p"]) == EXIT_OK
    assert capsys.readouterr().out == bbp(f"{case}.output.expected").read_text()


def test_pair_list_to_a_file_javafo_style(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pairs.txt"
    assert run([str(bbp("dutch_2025_C5.input")), "-p", str(out)]) == EXIT_OK  # no system option: Dutch
    assert out.read_text() == "3\n1 5\n3 2\n6 0\n"
    assert capsys.readouterr().out == ""


def test_options_in_any_order(tmp_path: Path) -> None:
    out = tmp_path / "p.txt"
    assert run(["-p", str(out), str(bbp("dutch_2025_C9.input")), "--dutch"]) == EXIT_OK
    assert out.read_text() == bbp("dutch_2025_C9.output.expected").read_text()


def test_no_legal_pairing_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    path = shared_path("realworld", "py4swiss", "no_legal_pairings.trf")
    assert run(["--dutch", str(path), "-p"]) == EXIT_NO_PAIRING
    captured = capsys.readouterr()
    assert captured.out == "" and f"Error while pairing {path}: No valid pairing exists: round 4: " in captured.err


def test_invalid_input_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    path = shared_path("realworld", "py4swiss", "invalid_code.trf")
    assert run(["--dutch", str(path), "-p"]) == EXIT_INVALID
    assert f"{path}:7:1" in capsys.readouterr().err


def test_missing_file_exits_5(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--dutch", str(tmp_path / "none.trf"), "-p"]) == EXIT_FILE
    assert "no such file" in capsys.readouterr().err


def test_unwritable_output_exits_5(tmp_path: Path) -> None:
    assert run(["--dutch", str(bbp("dutch_2025_C5.input")), "-p", str(tmp_path / "no" / "dir" / "x")]) == EXIT_FILE


@pytest.mark.parametrize(
    "argv",
    [
        ["--dutch", "x.trf"],  # neither -p nor -c
        ["--dutch", "--lim", "x.trf", "-p"],
        ["--dutch", "x.trf", "-p", "-c"],
        ["--whatever", "x.trf", "-p"],
    ],
)
def test_bad_command_lines_exit_3(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(argv) == EXIT_INVALID
    assert "usage: swissbridge-engine" in capsys.readouterr().err


def test_unsupported_system_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--zigzag", str(bbp("issue_15.input")), "-c"]) == EXIT_INVALID
    assert "not available" in capsys.readouterr().err


def test_check_prints_every_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "event.trf"
    shutil.copy(shared_path("realworld", "rochade", "vega", "engine26_after_import.trf"), src)
    assert run(["--dutch", str(src), "-c"]) == EXIT_OK
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if line.startswith("event")] == [f"event: Round #{r}" for r in (1, 2, 3)]


def test_check_shows_differing_pairings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The rematch probe (1-2 and 3-4 met twice) cannot be reproduced by the checker."""
    src = shared_path("realworld", "rochade", "swiss_manager", "tiebreak_probe_ours.trf")
    assert run(["--dutch", str(src), "-c"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "tiebreak_probe_ours: Round #2" in out and "Checker pairings" in out and "Tournament pairings" in out


def test_console_script_is_installed(tmp_path: Path) -> None:
    exe = Path(sys.executable).parent / "swissbridge-engine"
    if not exe.exists():
        pytest.skip("console script not installed in this environment")
    result = subprocess.run([str(exe), "--dutch", str(tmp_path / "none.trf"), "-p"], capture_output=True, text=True)
    assert result.returncode == EXIT_FILE and "no such file" in result.stderr


def test_lim_system_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = run(["--lim", str(bbp("dutch_2025_C5.input")), "-p"])
    except Exception as exc:  # pragma: no cover - the Lim plugin under construction
        pytest.skip(f"the Lim system is not available: {exc}")
    out = capsys.readouterr().out.split("\n")
    if code != EXIT_OK:
        pytest.skip("the Lim system cannot pair this file yet")
    pairs = [tuple(map(int, line.split())) for line in out[1:] if line]
    assert int(out[0]) == len(pairs) == 3
    assert sorted(n for p in pairs for n in p if n) == [1, 2, 3, 5, 6]  # player 4 is absent (0000 - Z)


def test_a_game_without_result_is_invalid_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A host calls the engine for the next round once the last one is finished (GHR 3.1)."""
    path, done, white, black = unfinished_sample(tmp_path)
    assert run(["--dutch", str(path), "-p"]) == EXIT_INVALID
    err = capsys.readouterr().err
    assert f"{path}: cannot pair round {done + 1}: 1 game without a result (round {done} {white}-{black})" in err
