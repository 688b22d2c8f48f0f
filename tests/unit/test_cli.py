"""The command line's entry point: ``main`` builds only the command being run."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge.cli import commandline as cli
from typer.main import get_group
from typer.testing import CliRunner

from tests.conftest import unfinished_sample

runner = CliRunner()

COMMANDS = sorted(get_group(cli.app).commands)


def test_every_command_is_known() -> None:
    assert COMMANDS == [
        "check",
        "convert",
        "explain",
        "generate",
        "new",
        "pair",
        "player",
        "ratings",
        "report",
        "result",
        "set",
        "standings",
        "team",
        "undo",
        "watch",
    ]


@pytest.mark.parametrize("name", COMMANDS)
def test_reduced_app_is_the_command_unchanged(name: str) -> None:
    reduced = cli._only(name)
    assert reduced is not None
    assert sorted(get_group(reduced).commands) == [name]
    whole = runner.invoke(cli.app, [name, "--help"], prog_name="swissbridge")
    alone = runner.invoke(reduced, [name, "--help"], prog_name="swissbridge")
    assert whole.exit_code == alone.exit_code == 0
    assert alone.output == whole.output
    whole_app = (cli.app.registered_commands, cli.app.registered_groups)
    assert whole_app != (reduced.registered_commands, reduced.registered_groups)  # the app itself is untouched


@pytest.mark.parametrize("first", ["--help", "--version", "pairs", "PAIR", ""])
def test_anything_else_goes_to_the_whole_app(first: str) -> None:
    assert cli._only(first) is None


def test_main_runs_the_named_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.argv", ["swissbridge", "pair", "--help"])
    with pytest.raises(SystemExit) as stop:
        cli.main()
    assert stop.value.code == 0
    assert "Pair the next round" in capsys.readouterr().out


def test_pair_refuses_games_without_result_unless_adjourned(tmp_path: Path) -> None:
    """GHR 3.1 on the command line: exit 2 naming the games; ``--adjourned`` pairs."""
    path, done, white, black = unfinished_sample(tmp_path)
    refused = runner.invoke(cli.app, ["pair", str(path)])
    assert refused.exit_code == 2
    assert f"cannot pair round {done + 1}: 1 game without a result (round {done} {white}-{black})" in refused.output
    paired = runner.invoke(cli.app, ["pair", str(path), "--adjourned", "--format", "pairlist"])
    assert paired.exit_code == 0, paired.output
    assert paired.output.splitlines()[0].isdigit()
