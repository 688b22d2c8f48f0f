"""``swissbridge convert``: between every pair of formats, choosing them by extension,
content or ``--from/--to``, reporting what the target cannot hold; batches going on
past bad files with a summary and a non-zero exit."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.commands.convert import batch_sources, convert_batch, is_batch
from swissbridge.formats import detect
from swissbridge.formats.jsonfmt import read_json
from swissbridge.formats.pgn import tournament_from_pgn
from swissbridge.formats.trf import read_trf
from swissbridge.systems.service import read_tournament
from typer.testing import CliRunner

from tests.conftest import fwwrc_games, shared_path

runner = CliRunner()


def sm_file(name: str) -> Path:
    return shared_path("realworld", "rochade", "swiss_manager", name)


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["convert", *args])
    return result.exit_code, result.output


def test_detection(tmp_path: Path) -> None:
    assert detect.detect_format(sm_file("round3_paired.trf")) == "trf"
    assert detect.detect_format(sm_file("players_round1.txt")) == "sm-players"
    assert detect.detect_format(sm_file("pairings_round1_played.txt")) == "sm-pairings"
    assert detect.detect_format(shared_path("realworld", "scalachess", "FWWRC.pgn")) == "pgn"
    assert detect.detect_format(shared_path("realworld", "bbppairings", "issue_7.input")) == "trf"
    assert detect.detect_format(shared_path("realworld", "echecsjs-tunx", "sample.TUNX")) == "tunx"
    assert detect.detect_format(tmp_path) == "folder"
    renamed = tmp_path / "FIDE_Export_x.TXT"
    shutil.copy(sm_file("round3_paired.trf"), renamed)
    assert detect.detect_format(renamed) == "trf"
    assert detect.target_format("a.json", None) == "json" and detect.target_format("a.trf", None) == "trf26"
    assert detect.target_format("a.txt", "sm") == "sm"


def test_trf_json_pgn_trf(tmp_path: Path) -> None:
    src = sm_file("round4_paired.trf")
    code, out = invoke(str(src), str(tmp_path / "a.json"))
    assert code == 0
    # the export names no system: the one it is paired with is written, and said (issue 24)
    assert "a.json: record 192 set to FIDE_DUTCH_2026: the file named no pairing system, dutch is the default" in out
    assert read_json(tmp_path / "a.json") == dataclasses.replace(read_trf(src), system="FIDE_DUTCH_2026")
    code, out = invoke(str(tmp_path / "a.json"), str(tmp_path / "b.pgn"))
    assert code == 0 and "b.pgn cannot hold forfeits" in out and "half- and full-point byes" in out
    from_pgn = tournament_from_pgn(tmp_path / "b.pgn")
    assert [p.name for p in from_pgn.players] == [p.name for p in read_trf(src).players]
    assert invoke(str(tmp_path / "a.json"), str(tmp_path / "c.trf"), "--to", "trf16")[0] == 0
    assert "XXR 5" in (tmp_path / "c.trf").read_text()


def test_trf_to_swiss_manager_and_back(tmp_path: Path) -> None:
    """TRF → Spielerdaten + Spielerauslosung → read together: the same history (the
    half-point bye recovered from the points)."""
    src = sm_file("round4_paired.trf")
    folder = tmp_path / "sm"
    folder.mkdir()
    code, out = invoke(str(src), str(folder / "players.txt"), "--to", "sm-players")
    assert code == 0 and "round-by-round history" in out
    code, out = invoke(str(src), str(folder / "pairings.txt"), "--to", "sm")
    assert code == 0 and "half-point byes" in out
    back = read_tournament(folder / "pairings.txt")
    original = read_trf(src)
    for a, b in zip(original.players, back.players, strict=True):
        assert a.entries[:3] == b.entries[:3], a.start_no
        assert (a.rating, a.federation, a.birth) == (b.rating, b.federation, b.birth)


def test_swiss_manager_exports_to_trf(tmp_path: Path) -> None:
    folder = tmp_path / "export"
    folder.mkdir()
    shutil.copy(sm_file("players_round1.txt"), folder)
    shutil.copy(sm_file("pairings_round1_played.txt"), folder)
    code, out = invoke(str(folder), str(tmp_path / "out.json"))
    assert code == 0, out
    t = read_json(tmp_path / "out.json")
    assert len(t.players) == 14 and t.player(7).entries[0].result.value == "+"
    # the trimmed export numbers players 1-7 and 51-57: TRF cannot hold that, so the
    # conversion is refused and no file is written
    code, out = invoke(str(folder), str(tmp_path / "out.trf"))
    assert code != 0 and "start numbers 8, 9, 10, 11, 12, ... are missing" in out, out
    assert not (tmp_path / "out.trf").exists()


def test_existing_trf_dialect_option_still_works(tmp_path: Path) -> None:
    src = sm_file("round3_paired.trf")
    assert invoke(str(src), str(tmp_path / "x.trf"), "--to", "trf26")[0] == 0
    assert "142 5" in (tmp_path / "x.trf").read_text()
    assert invoke(str(src), str(tmp_path / "y.txt"))[0] == 0  # unknown extension: TRF-2026 as before
    assert read_trf(tmp_path / "y.txt") == dataclasses.replace(read_trf(src), system="FIDE_DUTCH_2026")


def test_from_option_forces_the_reader(tmp_path: Path) -> None:
    src = tmp_path / "players.dat"
    shutil.copy(sm_file("round3_paired.trf"), src)
    code, out = invoke(str(src), str(tmp_path / "o.json"), "--from", "pgn")
    assert code == 2 and "expected a tag" in out


def test_native_tunx_is_converted(tmp_path: Path) -> None:
    source = shared_path("realworld", "echecsjs-tunx", "sample.TUNX")
    code, _ = invoke(str(source), str(tmp_path / "o.trf"))
    assert code == 0
    again, original = detect.read_any(tmp_path / "o.trf"), detect.read_any(source)
    assert [p.entries for p in again.players] == [p.entries for p in original.players]
    code, out = invoke(str(source), str(tmp_path / "o.tunx"))
    assert code == 2 and "cannot write .tunx files" in out


def test_batch_goes_on_past_bad_files(tmp_path: Path) -> None:
    good1 = sm_file("round3_paired.trf")
    good2 = shared_path("realworld", "bbppairings", "issue_7.input")
    bad = shared_path("realworld", "py4swiss", "invalid_code.trf")
    out = tmp_path / "out"
    code, text = invoke(str(good1), str(bad), str(good2), str(out), "--to", "json")
    assert code == 2
    assert sorted(p.name for p in out.iterdir()) == ["issue_7.json", "round3_paired.json"]
    assert "converted 2 of 3 file(s), 1 failed" in text
    assert f"failed: {bad}:7:1: unknown record code '101'" in text


def test_batch_of_a_folder_with_progress(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    src = shared_path("realworld", "py4swiss")
    for f in sorted(src.glob("*.trf")):
        shutil.copy(f, folder)
    out = tmp_path / "out"
    out.mkdir()
    code, text = invoke(str(folder), str(out), "--to", "trf16")
    files = list(folder.iterdir())
    assert len(files) >= 10
    assert code == 2  # the malformed py4swiss files fail, the rest convert
    assert "converting" in text
    converted = {p.stem for p in out.iterdir()}
    assert "javafo_example" in converted and "invalid_code" not in converted
    assert f"converted {len(converted)} of {len(files)} file(s)" in text


def test_batch_api_and_target_names(tmp_path: Path) -> None:
    a = tmp_path / "a"
    a.mkdir()
    shutil.copy(sm_file("round3_paired.trf"), a / "same.trf")
    shutil.copy(sm_file("round4_paired.trf"), a / "same.txt")
    files = batch_sources([a])
    assert is_batch([a], str(tmp_path / "o") + "/") and not is_batch([a], tmp_path / "o.trf")
    seen = []
    results = convert_batch(files, tmp_path / "o", dst_fmt="json", progress=seen.append)
    assert all(r.ok for r in results) and len(seen) == 2
    assert sorted(p.name for p in (tmp_path / "o").iterdir()) == ["same-txt.json", "same.json"]


def test_batch_exit_code_is_zero_when_all_convert(tmp_path: Path) -> None:
    code, text = invoke(str(sm_file("round3_paired.trf")), str(sm_file("round4_paired.trf")), str(tmp_path / "o"),
                        "--to", "pgn")  # fmt: skip
    assert code == 0 and "converted 2 of 2 file(s), 0 failed" in text


def test_single_folder_to_a_new_folder_is_a_batch(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(sm_file("round3_paired.trf"), folder)
    code, _text = invoke(str(folder), str(tmp_path / "new") + "/", "--to", "json")
    assert code == 0 and (tmp_path / "new" / "round3_paired.json").exists()


def test_a_folder_of_tournament_files_without_a_final_slash_says_how_to_convert_each(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(Path(__file__).resolve().parents[2] / "samples" / "open-round4.trf", folder)
    code, text = invoke(str(folder), str(tmp_path / "new"))
    assert code == 2 and not (tmp_path / "new").exists()
    assert f"{folder}: the folder holds neither Swiss-Manager text exports nor round PGN files" in text
    assert f"write the output folder with a final slash: {tmp_path / 'new'}/" in text


def test_convert_needs_two_paths() -> None:
    code, text = invoke("only.trf")
    assert code == 2 and "needs an input and an output" in text


@pytest.mark.parametrize("fmt", ["trf16", "trf26", "json", "pgn", "sm", "sm-players"])
def test_every_target_from_a_pgn_tournament(fmt: str, tmp_path: Path) -> None:
    src = fwwrc_games()
    code, text = invoke(str(src), str(tmp_path / "out.x"), "--to", fmt)
    assert code == 0, text
    assert (tmp_path / "out.x").stat().st_size > 1000


def test_chess_results_xml_is_not_a_tournament(tmp_path: Path) -> None:
    src = shared_path("realworld", "sharly-chess", "Single_SwissSystem.xml")
    code, out = invoke(str(src), str(tmp_path / "o.trf"))
    assert code == 2 and "not a tournament" in out and not (tmp_path / "o.trf").exists()


def test_unfinished_games_without_colours_are_reported_for_pgn_and_swiss_manager() -> None:
    from swissbridge.model import Entry, Player, Result, Tournament

    t = Tournament(
        (Player(1, "A", (Entry(Result.PENDING, 2),)), Player(2, "B", (Entry(Result.PENDING, 1),))), total_rounds=3
    )
    note = "the colours of games without a result and without colours yet (round 1 1-2): the lower start number"
    for fmt in ("pgn", "sm", "sm-pairings"):
        assert any(x.startswith(note) for x in detect.lost_in(t, fmt)), fmt
    assert not any("without colours" in x for x in detect.lost_in(t, "trf26") + detect.lost_in(t, "json"))
