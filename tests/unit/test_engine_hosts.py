"""``swissbridge-engine`` called as each host program calls bbpPairings, its answer
read back as that host reads it (issue 35). The hosts' conventions, from their public
sources and manuals, are written down here; none of their code is.

* lichess: ``--dutch FILE -p`` below 250 players, ``--burstein`` up to 700, ``--fast``
  above; reads standard output: the first line (the count) dropped, each other line
  split on one space, ``N 0`` a bye; a failed run whose standard error says ``No valid
  pairing exists`` ends the tournament, any other failure is an error.
* Sharly Chess: ``--dutch IN.trfx -p OUT``, success when ``OUT`` exists; an empty
  ``OUT`` is "pairing is not possible"; its pairing view runs ``-l FILE`` and reads
  bbpPairings' tab-separated check-list.
* ToMaChess (Windows only): ``--dutch IN -p OUT``, ``OUT`` split on ``"\\r\\n"``.
* PonzianiSwiss: the bare call's standard output must contain ``BBP Pairings``;
  ``--dutch IN -p`` read from standard output; ``-c`` lines begin with the input's
  stem; ``-g CONFIG -o OUT`` asks for a random tournament.
* bbpPairings itself: a bare ``-p``/``-l`` name goes into the input's folder; ``-l``
  without a name writes ``INPUT.list`` there.
* Vega: ``ENGINE TOURNAMENT_FOLDER FILE.trfx``; reads ``engine.man`` from the folder:
  the pair count, then ``WHITE BLACK`` per line, the bye as ``0``.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from swissbridge.cli import dropin
from swissbridge.cli.dropin import EXIT_INVALID, EXIT_NO_PAIRING, EXIT_OK, run
from swissbridge.commands.generate import generate_tournament
from swissbridge.formats.trf import read_trf, write_trf
from swissbridge.model import Tournament

from tests.conftest import SAMPLES, shared_path

Pairs = list[tuple[int, int]]


def _before(t: Tournament, round_no: int) -> Tournament:
    """``t`` as it stood before ``round_no`` was paired (its later rounds dropped)."""
    players = tuple(dataclasses.replace(p, entries=p.entries[: round_no - 1], stated_points=None) for p in t.players)
    return dataclasses.replace(t, players=players, announced_byes=(), layout=())


def _lichess_reads(stdout: str) -> Pairs:
    """lichess: the count line dropped, then ``white black`` (``N 0``: a bye)."""
    return [(int(w), int(b)) for w, b in (line.split(" ") for line in stdout.splitlines()[1:])]


def _lichess_outcome(code: int, stdout: str, stderr: str) -> Pairs | None:
    """The pairs, ``None`` when the engine says no pairing exists (the event ends);
    any other failure raises, as lichess does."""
    if code == 0:
        return _lichess_reads(stdout)
    if "No valid pairing exists" in stderr:
        return None
    raise RuntimeError(f"lichess: the pairing engine failed ({code}): {stderr}")


def _everyone_once(pairs: Pairs, t: Tournament, round_no: int) -> None:
    present = {p.start_no for p in t.players if p.entry(round_no) is None}
    seen = [n for pair in pairs for n in pair if n]
    assert sorted(seen) == sorted(present)


@pytest.mark.parametrize("name", ["2020_06.trf", "2021_03.trf"])
def test_lichess_pairs_its_own_exports_from_stdout(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = read_trf(shared_path("realworld", "sharly-chess", name))
    path = tmp_path / "lichess.trf"
    path.write_text(write_trf(_before(source, 4), "trf16"), encoding="utf-8")
    code = run(["--dutch", str(path), "-p"])
    out = capsys.readouterr()
    pairs = _lichess_outcome(code, out.out, out.err)
    assert pairs is not None
    _everyone_once(pairs, read_trf(path), 4)


def _big_event(tmp_path: Path, players: int) -> Path:
    """A lichess-sized event after two rounds (TRF16, no record 192, as lichess writes)."""
    t = generate_tournament(players, 2, "dutch", 11)
    path = tmp_path / f"big{players}.trf"
    path.write_text(write_trf(dataclasses.replace(t, total_rounds=7, system=""), "trf16"), encoding="utf-8")
    return path


def test_lichess_above_250_players_calls_burstein(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _big_event(tmp_path, 260)
    code = run(["--burstein", str(path), "-p"])
    out = capsys.readouterr()
    pairs = _lichess_outcome(code, out.out, out.err)
    assert pairs is not None and len(pairs) == 130
    _everyone_once(pairs, read_trf(path), 3)


def test_lichess_fast_pairs_with_the_default_system(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--fast`` (lichess above 700 players) is the default system: the same pairs as ``--dutch``."""
    path = _big_event(tmp_path, 720)
    assert run(["--fast", str(path), "-p"]) == EXIT_OK
    fast = _lichess_reads(capsys.readouterr().out)
    assert run(["--dutch", str(path), "-p"]) == EXIT_OK
    assert fast == _lichess_reads(capsys.readouterr().out) and len(fast) == 360


def test_lichess_reads_no_valid_pairing_as_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    path = shared_path("realworld", "py4swiss", "no_legal_pairings.trf")
    code = run(["--dutch", str(path), "-p"])
    out = capsys.readouterr()
    assert code == EXIT_NO_PAIRING and out.out == ""
    assert _lichess_outcome(code, out.out, out.err) is None
    assert f"Error while pairing {path}: No valid pairing exists" in out.err


def _sharly_input(tmp_path: Path) -> Path:
    """Sharly Chess's own test event before round 4, as it writes a TRF for the engine:
    ``###`` comment lines, record 192, national records kept."""
    t = _before(read_trf(shared_path("realworld", "sharly-chess", "trf-import-test.trf")), 4)
    path = tmp_path / "tournament.trfx"
    path.write_text("### Sharly Chess\n" + write_trf(t), encoding="utf-8")
    return path


def _sharly_reads(out: Path) -> Pairs | None:
    """Sharly Chess: success when the file exists; empty: "pairing is not possible";
    else the count line skipped and each line ``int(w), int(b)`` split on one space."""
    assert out.exists(), "An error occurred"
    text = out.read_text(encoding="utf-8")
    if not text:
        return None
    return [(int(w), int(b)) for w, b in (line.split(" ") for line in text.splitlines()[1:])]


def _checklist_rows(text: str) -> list[dict[str, str]]:
    """bbpPairings' check-list as a reader of it takes it: tab-separated cells (each
    one ended by a tab), padded with spaces; the header row starts with ``ID``; the
    player rows follow, blank lines between score groups; the banner last."""
    rows = [[cell.strip() for cell in line.split("\t")[:-1]] for line in text.splitlines() if "\t" in line]
    header, *players = rows
    assert header[:4] == ["ID", "Pts", "-" * len(header[2]), "Pref"]
    return [dict(zip(header, row, strict=True)) for row in players]


def test_sharly_pairs_into_its_file_and_reads_the_checklist(tmp_path: Path) -> None:
    path = _sharly_input(tmp_path)
    out, listing = tmp_path / "pairings.txt", tmp_path / "checklist.txt"
    assert run(["--dutch", str(path), "-p", str(out), "-l", str(listing)]) == EXIT_OK
    pairs = _sharly_reads(out)
    assert pairs is not None
    _everyone_once(pairs, read_trf(path), 4)
    rows = _checklist_rows(listing.read_text(encoding="utf-8"))
    assert len(rows) == 16 and [r["R1"] for r in rows if r["R1"]]  # every player, the opponents of round 1
    cur = {int(r["ID"]): r["Cur"] for r in rows}
    for w, b in pairs:
        assert (cur[w], cur[b]) == ((f"({b}W)", f"({w}B)") if b else ("(bye)", "(bye)"))
    assert {r["Pref"] for r in rows} <= {"W", "B", "(W)", "(B)", "w", "b", "A"}
    assert {r["C2"] for r in rows} <= {"Y", "N"}
    points = [float(r["Pts"]) for r in rows]
    assert points == sorted(points, reverse=True)


def test_sharly_reads_an_empty_file_as_no_pairing(tmp_path: Path) -> None:
    path = tmp_path / "tournament.trfx"
    shutil.copy(shared_path("realworld", "py4swiss", "no_legal_pairings.trf"), path)
    out = tmp_path / "pairings.txt"
    assert run(["--dutch", str(path), "-p", str(out), "-l", str(tmp_path / "list.txt")]) == EXIT_NO_PAIRING
    assert _sharly_reads(out) is None
    rows = _checklist_rows((tmp_path / "list.txt").read_text(encoding="utf-8"))
    assert len(rows) == 4 and all(r["Cur"] == "" for r in rows)  # bbpPairings lists the players still


def _event(tmp_path: Path, system: str, round_no: int) -> tuple[Path, Tournament]:
    """A generated 16-player, 7-round event of ``system`` before ``round_no``."""
    t = _before(dataclasses.replace(generate_tournament(16, 6, system, 5), total_rounds=7), round_no)
    path = tmp_path / f"{system}.trfx"
    path.write_text(write_trf(t), encoding="utf-8")
    return path, read_trf(path)


def _listed(tmp_path: Path, flag: str, path: Path) -> tuple[list[str], list[dict[str, str]], Pairs]:
    """``-p OUT -l LIST`` as Sharly calls it: the check-list's header, its rows, the pairs."""
    out, listing = tmp_path / "pairs.txt", tmp_path / "list.txt"
    assert run([flag, str(path), "-p", str(out), "-l", str(listing)]) == EXIT_OK
    text = listing.read_text(encoding="utf-8")
    header = [cell.strip() for cell in next(x for x in text.splitlines() if x.startswith("ID")).split("\t")[:-1]]
    pairs = _sharly_reads(out)
    assert pairs is not None
    rows = _checklist_rows(text)
    cur = {int(r["ID"]): r["Cur"] for r in rows}
    for w, b in pairs:
        assert (cur[w], cur.get(b)) == ((f"({b}W)", f"({w}B)") if b else ("(bye)", None))
    return header, rows, pairs


def test_the_burstein_checklist_has_the_index_of_the_system_paired(tmp_path: Path) -> None:
    """bbpPairings' Burstein check-list has its own columns (its Index) where the Dutch
    one has C2/C14/C16; the 2026 Index is Buchholz then Sonneborn-Berger (C.04.4.2 1.7,
    1.8), and the rows are the score groups, each in the order 1.8 ranks it."""
    from swissbridge.commands.explain import explain

    path, t = _event(tmp_path, "burstein", 5)
    header, rows, _ = _listed(tmp_path, "--burstein", path)
    assert header == ["ID", "Pts", "-----", "Pref", "Buchholz", "Sonneborn-Berger", "Cur", "", "R1", "R2", "R3", "R4"]
    index = {d["player"]: d for d in explain(t, system="burstein")["details"]["index"]}
    assert {int(r["ID"]): (r["Buchholz"], r["Sonneborn-Berger"]) for r in rows} == {
        n: (d["buchholz"], d["sonneborn_berger"]) for n, d in index.items()
    }
    order = [int(r["ID"]) for r in rows]
    assert order == sorted(order, key=lambda n: (-float(index[n]["score"]), index[n]["rank"]))
    # a seeding round (1.6) is paired by the Dutch system: its check-list is the Dutch one
    path, _ = _event(tmp_path, "burstein", 2)
    assert _listed(tmp_path, "--burstein", path)[0][4:8] == ["C2", "C14", "C16", "Cur"]


@pytest.mark.parametrize("system", ["dubov", "lim"])
def test_a_system_bbppairings_lacks_has_the_generic_checklist(system: str, tmp_path: Path) -> None:
    """Its own facts (preference, PAB eligibility, floats as the system sees them), in
    the documented columns PAB, F1, F2 (docs/engine.md), read as Sharly reads bbpPairings'."""
    from swissbridge.commands.explain import explain

    path, t = _event(tmp_path, system, 5)
    header, rows, _ = _listed(tmp_path, f"--{system}", path)
    assert header[4:8] == ["PAB", "F1", "F2", "Cur"]
    facts = {d["player"]: d for d in explain(t, system=system)["players"]}
    assert {int(r["ID"]) for r in rows} == set(facts)
    for r in rows:
        d = facts[int(r["ID"])]
        assert r["PAB"] == ("Y" if d["pab_eligible"] else "N") and r["Pts"] == d["pairing_score"]
        assert r["-----"] == d["colours"]


@pytest.mark.parametrize(("platform", "end"), [("nt", "\r\n"), ("posix", "\n")])
def test_tomachess_splits_the_pair_list_on_the_platform_line_end(
    platform: str, end: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A text stream's line end: CRLF on Windows (ToMaChess's only platform, which splits
    on ``"\\r\\n"``), LF elsewhere."""
    monkeypatch.setattr(dropin, "TEXT_LINE_END", "\r\n" if platform == "nt" else "\n")
    out = tmp_path / "pairs.txt"
    assert run(["--dutch", str(shared_path("realworld", "bbppairings", "dutch_2025_C5.input")), "-p", str(out)]) == 0
    lines = out.read_bytes().decode().split(end)
    assert lines == ["3", "1 5", "3 2", "6 0", ""]
    assert ("\r\n" in out.read_bytes().decode()) is (platform == "nt")


def test_ponziani_recognises_the_engine_by_its_banner(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([]) == EXIT_OK
    assert "BBP Pairings" in capsys.readouterr().out
    assert run(["-r"]) == EXIT_OK and "BBP Pairings" in capsys.readouterr().out


def test_ponziani_pairs_its_bom_crlf_file_from_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = read_trf(SAMPLES / "open-round4.trf")
    path = tmp_path / "tmpC3D4.tmp"
    path.write_bytes(b"\xef\xbb\xbf" + write_trf(source, "trf16").replace("\n", "\r\n").encode())
    assert run(["--dutch", str(path), "-p"]) == EXIT_OK
    pairs = _lichess_reads(capsys.readouterr().out)
    _everyone_once(pairs, source, source.next_round)


def test_ponziani_check_lines_start_with_the_stem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tmpC3D4.tmp"
    shutil.copy(SAMPLES / "open-round4.trf", path)
    assert run(["--dutch", str(path), "-c"]) == EXIT_OK
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if "Round #" in line] == [
        "tmpC3D4: Round #1",
        "tmpC3D4: Round #2",
        "tmpC3D4: Round #3",
    ]
    assert out.endswith("\n\n")


def test_ponziani_generate_is_refused_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=100\nRoundsNumber=9\n", encoding="utf-8")
    assert run(["--dutch", "-g", str(config), "-o", str(tmp_path / "t.trf"), "-s", "5"]) == EXIT_INVALID
    err = capsys.readouterr().err
    assert "generator (-g -o -s) is not provided" in err and "swissbridge generate" in err
    assert not (tmp_path / "t.trf").exists()


def test_bare_output_names_go_into_the_input_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, elsewhere = tmp_path / "event", tmp_path / "cwd"
    folder.mkdir()
    elsewhere.mkdir()
    shutil.copy(shared_path("realworld", "bbppairings", "dutch_2025_C5.input"), folder / "t.trfx")
    monkeypatch.chdir(elsewhere)
    assert run(["--dutch", str(folder / "t.trfx"), "-p", "out.txt", "-l"]) == EXIT_OK
    assert (folder / "out.txt").read_text(encoding="utf-8") == "3\n1 5\n3 2\n6 0\n"
    assert _checklist_rows((folder / "t.list").read_text(encoding="utf-8"))
    assert run(["--dutch", str(folder / "t.trfx"), "-p", "-l", "named.txt"]) == EXIT_OK
    assert (folder / "named.txt").exists() and list(elsewhere.iterdir()) == []
    assert capsys.readouterr().out == "3\n1 5\n3 2\n6 0\n"


def _vega_reads(folder: Path) -> Pairs:
    """Vega: ``engine.man`` in the tournament folder: the count, then one pair a line."""
    count, *lines = (folder / "engine.man").read_text(encoding="utf-8").split()
    pairs = [(int(lines[i]), int(lines[i + 1])) for i in range(0, len(lines), 2)]
    assert int(count) == len(pairs)
    return pairs


def test_vega_calls_with_its_folder_and_file(tmp_path: Path) -> None:
    """Vega 12's own engine26.trf after round 3: the round Vega paired (4-1, 9-3, 2-5,
    6-7, bye 8); before round 1: every player paired once."""
    folder = tmp_path / "My Tournament"
    folder.mkdir()
    shutil.copy(shared_path("realworld", "rochade", "vega", "engine26_after_import.trf"), folder / "engine26.trf")
    assert run([str(folder), "engine26.trf"]) == EXIT_OK
    assert sorted(_vega_reads(folder)) == sorted([(4, 1), (9, 3), (2, 5), (6, 7), (8, 0)])
    shutil.copy(shared_path("realworld", "rochade", "vega", "engine26_round1.trf"), folder / "engine26.trf")
    assert run([str(folder), str(folder / "engine26.trf")]) == EXIT_OK
    _everyone_once(_vega_reads(folder), read_trf(folder / "engine26.trf"), 1)
