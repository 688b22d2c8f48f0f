"""README.md's "Run a whole event" is run as written: every command of its code block, in
a fresh folder holding the shipped samples (issue 24)."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from swissbridge.cli import commandline as cli
from swissbridge.formats.trf import read_trf
from swissbridge.model import ByeKind, Result
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
COMMAND = ".venv/bin/swissbridge"


def readme_commands() -> list[list[str]]:
    """The commands of the section's shell block, continuation lines joined, comments dropped."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Run a whole event", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block is not None
    joined = block.group(1).replace("\\\n", " ")
    return [shlex.split(line, comments=True) for line in joined.splitlines() if line.strip()]


def test_the_readme_event_runs_verbatim(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    commands = readme_commands()
    assert len(commands) >= 15
    for words in commands:
        if words[0] == "mkdir":  # the two shell commands of the block, as the shell runs them
            assert words[1:] == ["-p", "event", "&&", "cp", "club.trf", "event/"], words
            (tmp_path / "event").mkdir(exist_ok=True)
            shutil.copy(tmp_path / "club.trf", tmp_path / "event")
            continue
        assert words[0] == COMMAND, words  # every other line is a swissbridge command
        done = runner.invoke(cli._only(words[1]) or cli.app, words[1:], prog_name="swissbridge")
        assert done.exit_code == 0, (words, done.output)
        if words[1] == "check":
            assert "all 5 rounds ok" in done.output
    t = read_trf(tmp_path / "club.trf")
    assert t.completed_rounds == 5 and len(t.players) == 10 and t.system == "FIDE_DUTCH_2026"
    assert t.player(5).name == "Lund, Eva" and [e.result for e in t.player(5).entries[:2]] == [Result.ZERO_BYE] * 2
    assert t.announced(4)[9] is ByeKind.ZERO and t.announced(2)[7] is ByeKind.HALF  # #6 then, #7 after the entry
    assert t.player(9).entry(5) == t.player(9).entry(4) and t.player(9).entry(5).result is Result.ZERO_BYE  # type: ignore[union-attr]
    forfeits = {n for n in range(1, 11) if (e := t.player(n).entry(3)) is not None and e.is_forfeit}
    assert len(forfeits) == 2
    report = (tmp_path / "club-fide.trf").read_text()
    assert report.startswith("012 Club Championship\n022 Bergen\n") and "\nXX" not in report
    assert "<table" in (tmp_path / "standings.html").read_text()
    final = (tmp_path / "site" / "club-R5-final" / "index.html").read_text()
    assert "Final standings" in final and "Nilsen, Kari" in final
