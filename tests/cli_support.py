"""The command line run in-process, as the event tests run it: ``run`` gives the exit code
and the output, ``ok`` asserts success."""

from __future__ import annotations

from pathlib import Path

from swissbridge.cli import commandline as cli
from typer.testing import CliRunner

runner = CliRunner()


def run(*args: str | Path) -> tuple[int, str]:
    words = [str(a) for a in args]
    done = runner.invoke(cli._only(words[0]) or cli.app, words, prog_name="swissbridge")
    return done.exit_code, done.output


def ok(*args: str | Path) -> str:
    code, out = run(*args)
    assert code == 0, (args, out)
    return out
