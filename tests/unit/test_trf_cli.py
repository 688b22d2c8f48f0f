"""``swissbridge convert IN OUT --to trf16|trf26``."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.formats.trf import read_trf
from typer.testing import CliRunner

from tests.conftest import SAMPLES

runner = CliRunner()

SAMPLE = SAMPLES / "rapid-310-round3.trf"


def test_convert_to_trf16_and_back(tmp_path: Path) -> None:
    out16 = tmp_path / "x16.trf"
    result = runner.invoke(app, ["convert", str(SAMPLE), str(out16), "--to", "trf16"])
    assert result.exit_code == 0, result.output
    text = out16.read_text()
    assert "XXS " in text and "XXP 1 2" in text and "XXR 6" in text and "XXC black1" in text
    assert "\n162 " not in text and "\n142 " not in text
    assert " 0000 - H\n" in text and "\n240 H 003    7\n" in text  # the bye in its column, and its 240 kept
    back = tmp_path / "x26.trf"
    result = runner.invoke(app, ["convert", str(out16), str(back), "--to", "trf26"])
    assert result.exit_code == 0, result.output
    original, again = read_trf(SAMPLE), read_trf(back)
    assert again.points == original.points and again.total_rounds == original.total_rounds
    assert again.initial_colour is original.initial_colour
    assert again.forbidden_in(3).pairs() == original.forbidden_in(3).pairs()
    assert again == original and back.read_bytes() == SAMPLE.read_bytes()


def test_convert_canonical_file_is_identical(tmp_path: Path) -> None:
    out = tmp_path / "same.trf"
    result = runner.invoke(app, ["convert", str(SAMPLES / "open-round4.trf"), str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == (SAMPLES / "open-round4.trf").read_bytes()


@pytest.mark.parametrize(
    ("content", "where", "text"),
    [
        ("001    1      A".ljust(80) + " 1.0    1     2 w 1\n001    2      B\n", ":1:92:", "2's line shows nothing"),
        ("012 x\n101    1      Bad code\n", ":2:1:", "unknown record code '101'"),
        ("XXR 3\n142 x\n", ":2:5:", "expected the number of rounds"),
    ],
)
def test_convert_bad_input_exits_2_without_output(tmp_path: Path, content: str, where: str, text: str) -> None:
    src = tmp_path / "bad.trf"
    src.write_text(content)
    out = tmp_path / "out.trf"
    result = runner.invoke(app, ["convert", str(src), str(out), "--to", "trf16"])
    assert result.exit_code == 2
    assert not out.exists()
    assert f"{src}{where}" in result.output and text in result.output
    assert "Traceback" not in result.output


def test_convert_missing_input_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["convert", str(tmp_path / "none.trf"), str(tmp_path / "o.trf")])
    assert result.exit_code == 2
    assert "cannot read the file" in result.output


def test_pair_names_the_file_when_the_round_is_beyond_the_tournament(tmp_path: Path) -> None:
    """A finished tournament has no next round: the error names the input file."""
    src = tmp_path / "final.trf"
    src.write_bytes((SAMPLES / "club-championship-final.trf").read_bytes())
    result = CliRunner().invoke(app, ["pair", str(src)])
    assert result.exit_code == 2
    assert f"{src}: round 6 is beyond the 5 rounds of the tournament" in result.output
