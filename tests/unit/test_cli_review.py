"""Small command-line defects a newcomer's review found, one test (or a few) each:
(a) an unknown ``--system`` is refused before any work, (b) a short option means
one thing in every command, (c) ``check`` before round 1, (d) ``result`` for a
round not paired yet, (e) an undecodable byte in hex with the encodings tried,
(f) the watcher's first line is a plain sentence."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge import plugins
from swissbridge.cli import commandline as cli
from swissbridge.cli import launch
from typer.main import get_group
from typer.testing import CliRunner

from tests.conftest import SAMPLES

runner = CliRunner()
OPEN = SAMPLES / "open-round4.trf"
START = SAMPLES / "club-start.trf"
UNKNOWN = f"swissbridge: unknown pairing system 'xyz'; installed: {', '.join(plugins.available())}\n"


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(cli.app, [str(a) for a in args], prog_name="swissbridge")
    return result.exit_code, result.stdout, result.stderr


# -- (a) ----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["pair", "check", "explain"])
def test_a_an_unknown_system_is_one_error_before_any_work(command: str, tmp_path: Path) -> None:
    """One line, exit 2, no warning about record 192 first; and before the file is
    read (a missing file is not what is reported)."""
    assert run(command, OPEN, "--system", "xyz") == (2, "", UNKNOWN)
    assert run(command, tmp_path / "missing.trf", "--system", "xyz") == (2, "", UNKNOWN)


def test_a_the_plain_pair_refuses_it_the_same_way(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = launch.parse_pair([str(OPEN), "--system", "xyz"])
    assert arguments is not None
    assert launch.plain_pair(arguments) == 2
    assert capsys.readouterr().err == UNKNOWN


def test_a_the_watcher_refuses_it_before_watching(tmp_path: Path) -> None:
    assert run("watch", tmp_path, "--system", "xyz", "--once") == (2, "", UNKNOWN)
    assert not (tmp_path / "swissbridge-out").exists()


# -- (b) ----------------------------------------------------------------------------------


def test_b_a_short_option_means_one_thing_in_every_command() -> None:
    """``-r`` is a round (``pair``/``explain`` --round, ``standings`` --after-round),
    never a number of rounds: ``generate --rounds`` has no short form."""
    meanings: dict[str, set[str]] = {}
    for command in get_group(cli.app).commands.values():
        for param in command.params:
            names = [*param.opts, *param.secondary_opts]
            long = next((n for n in names if n.startswith("--")), None)
            for short in (n for n in names if not n.startswith("--")):
                meanings.setdefault(short, set()).add(long.replace("--after-round", "--round") if long else "")
    assert {s: m for s, m in meanings.items() if len(m) != 1} == {}
    assert meanings["-r"] == {"--round"}
    code, _, err = run("generate", "-r", "5")
    assert code == 2 and "No such option: -r" in err


# -- (c) ----------------------------------------------------------------------------------


def test_c_check_before_round_1_has_nothing_to_check_and_succeeds() -> None:
    """Exit 0, as a cron job checking after every round expects before the first."""
    code, out, _ = run("check", START)
    assert code == 0
    assert out.splitlines()[-1] == "nothing to check yet: no round has been paired"
    assert "rounds ok" not in out


# -- (d) ----------------------------------------------------------------------------------


def test_d_result_for_a_round_not_paired_yet_says_so(tmp_path: Path) -> None:
    path = tmp_path / "club.trf"
    path.write_bytes(START.read_bytes())
    code, _, err = run("result", path, "1", "1", "1-0")
    assert code == 2
    assert "round 1 is not paired yet, so it has no boards: pair it first" in err
    assert "no board 1" not in err
    assert path.read_bytes() == START.read_bytes()


# -- (e) ----------------------------------------------------------------------------------


def test_e_an_undecodable_byte_is_shown_in_hex_where_it_is_with_the_encodings_tried(tmp_path: Path) -> None:
    """0x81 is neither UTF-8 nor Windows-1252: refused (Latin-1 would read it as an
    invisible control character printed back in the board list), never echoed raw."""
    path = tmp_path / "event.trf"
    path.write_bytes(OPEN.read_bytes().replace(b"Lindqvist", b"Lindqv\x81st"))
    code, out, err = run("pair", path)
    assert (code, out) == (2, "")
    assert err == f"swissbridge: {path}:15:21: TRF file is not valid UTF-8 or Windows-1252 at byte 0x81\n"


def test_e_a_text_export_names_the_encoding_it_tried(tmp_path: Path) -> None:
    path = tmp_path / "players.txt"
    path.write_bytes(b"Nr;Name;Titel;Identnr;EloNat;EloInt\r\n1;Br\xfcnner Livia;WGM;;0;2447\r\n")
    code, _, err = run("convert", path, tmp_path / "out.trf", "--encoding", "ascii")
    assert code == 2
    assert err == f"swissbridge: {path}:2:5: Swiss-Manager player file is not valid ASCII at byte 0xFC\n"
    assert "\xfc" not in err and "ü" not in err


# -- (f) ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ([], "pairing with the system record 192 names (dutch if none)"),
        (["--system", "lim"], "pairing with the lim system (--system)"),
    ],
)
def test_f_the_watcher_says_what_it_does_in_a_sentence(tmp_path: Path, options: list[str], says: str) -> None:
    _, _, err = run("watch", tmp_path, "--once", *options)
    first = err.splitlines()[0]
    assert f"watching {tmp_path} for tournament files (TRF, Swiss-Manager's .TUNX or exports) and {says}; " in first
    assert first.endswith("; a file is read once it has not changed for 2 s")
    assert "192's" not in first
