"""A published round is a contract (issue 31, findings 1 and 2): a round, once paired, keeps
the boards and numbers it was printed with (record BRD), every command naming a board reads
them, a reprint shows the round as paired, and nothing erases a played result unasked
(``pair --round N --in-place`` refused; ``pair --repair`` and ``undo`` on purpose, keeping
``.bak``). The scenarios are the issue's, on README's event."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.formats.jsonfmt import parse_json, tournament_to_json
from swissbridge.formats.trf import parse_trf, read_trf, write_trf
from swissbridge.model import Result
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

NEW = [
    "new",
    "club.trf",
    "--players",
    str(ROOT / "samples" / "club-players.csv"),
    "--name",
    "Club Championship",
    "--rounds",
    "5",
    "--initial-colour",
    "white",
]


def run(*args: str | Path, code: int = 0) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result.output


def boards_of(text: str) -> list[tuple[int, int, int]]:
    """(board, white, black) of every board of ``pair``'s board list."""
    return [
        (int(m.group(1)), int(m.group(2)), int(m.group(3)))
        for m in re.finditer(r"^\s*(\d+)\s+\((\d+)\) .*? - .*?\((\d+)\) ", text, re.MULTILINE)
    ]


def result_of(path: Path, round_no: int, n: int) -> Result | None:
    entry = read_trf(path).player(n).entry(round_no)
    return None if entry is None else entry.result


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """README's event to round 2's results, without the late entry (the issue's numbering)."""
    monkeypatch.chdir(tmp_path)
    run(*NEW)
    run("player", "bye", "club.trf", "6", "--round", "2", "--points", "half")
    run("pair", "club.trf", "--in-place")
    run("result", "club.trf", "1", "1", "1-0", "2", "0-1", "3", "=", "4", "0-1")
    run("pair", "club.trf", "--in-place")
    return tmp_path / "club.trf"


def test_finding_1_a_correction_does_not_move_a_result_to_another_game(club: Path) -> None:
    run("result", club, "2", "1", "1-0", "2", "=", "3", "0-1", "4", "1-0")
    printed = boards_of(run("pair", club, "--in-place"))
    assert printed[1:3] == [(2, 9, 7), (3, 1, 2)]  # board 2 = (9) Strand - (7) Vik, board 3 = (1) Hansen - (2) Lie
    run("result", club, "2", "2", "1-0", "--correct")  # "round 3 stays as paired"
    run("result", club, "3", "2", "1-0")  # the arbiter types the printed board 2
    assert (result_of(club, 3, 9), result_of(club, 3, 7)) == (Result.WIN, Result.LOSS)
    assert (result_of(club, 3, 1), result_of(club, 3, 2)) == (Result.PENDING, Result.PENDING)
    assert boards_of(run("pair", club, "--round", "3")) == printed  # the reprint is the round on the boards


def test_finding_1_the_adjourned_workflow_keeps_the_printed_boards(club: Path) -> None:
    run("result", club, "2", "2", "=", "3", "0-1", "4", "1-0")  # board 1 adjourned
    printed = boards_of(run("pair", club, "--in-place", "--adjourned"))
    assert printed[0] == (1, 1, 7)  # printed board 1 = (1) Hansen - (7) Vik
    run("result", club, "2", "1", "1-0")
    run("result", club, "3", "1", "1-0")
    assert (result_of(club, 3, 1), result_of(club, 3, 7)) == (Result.WIN, Result.LOSS)
    assert result_of(club, 3, 9) is Result.PENDING  # not #9 Strand
    assert boards_of(run("pair", club, "--round", "3")) == printed  # not a re-pairing (9-4, 3-2, 1-7)


def test_the_record_is_written_read_and_kept_by_every_edit(club: Path) -> None:
    text = club.read_text(encoding="utf-8")
    assert re.search(r"^BRD 002  1:\d+-\d+ 2:\d+-\d+ 3:\d+-\d+ 4:\d+-\d+$", text, re.MULTILINE), text
    t = read_trf(club)
    assert [b.round_no for b in t.board_lists] == [1, 2]
    assert write_trf(t) == text  # read and written back byte for byte
    assert parse_json(tournament_to_json(t)).board_lists == t.board_lists
    run("player", "add", club, "--name", "Lund, Eva", "--rating", "1880")  # renumbers 5-9 to 6-10
    moved = read_trf(club)
    assert moved.board_list(2) == t.board_list(2).renumbered(lambda n: n + (n >= 5))  # type: ignore[union-attr]


def test_a_file_without_the_record_is_numbered_from_the_scores_before_the_round_and_fixed_by_the_next_edit(
    club: Path,
) -> None:
    run("result", club, "2", "1", "1-0", "2", "=", "3", "0-1", "4", "1-0")
    printed = boards_of(run("pair", club, "--in-place"))
    club.write_text("".join(x for x in club.read_text(encoding="utf-8").splitlines(True) if not x.startswith("BRD")))
    assert boards_of(run("pair", club, "--round", "3")) == printed  # computed as pair computed it
    run("result", club, "2", "2", "1-0", "--correct")  # fixes round 3's boards before it changes a score
    assert "BRD 003 " in club.read_text(encoding="utf-8")
    run("result", club, "3", "2", "1-0")
    assert (result_of(club, 3, 9), result_of(club, 3, 7)) == (Result.WIN, Result.LOSS)


def test_a_board_record_that_names_other_games_is_refused_at_its_line(club: Path) -> None:
    text = club.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("BRD 002"))
    swapped = re.sub(r" 1:(\d+)-(\d+)", r" 1:\2-\1", line)
    club.write_text(text.replace(line, swapped), encoding="utf-8")
    out = run("pair", club, code=2)
    number = text.splitlines().index(line) + 1
    assert f"club.trf:{number}:1: the BRD line does not list the games" in out and "delete the line" in out
    with pytest.raises(Exception, match="NUMBER:WHITE-BLACK"):
        parse_trf(text.replace(line, line + " 5:x"))


def test_the_printed_boards_are_what_result_the_writers_and_the_watcher_read(club: Path) -> None:
    from swissbridge.formats.pgn import write_results_pgn
    from swissbridge.formats.swissmanager import write_pairing_rows
    from swissbridge.model import BoardList
    from swissbridge.rules.teams import printed_boards
    from swissbridge.watch.render import board_numbers

    t = read_trf(club)
    t = t.with_board_list(BoardList(2, tuple(reversed(t.board_list(2).games))))  # type: ignore[union-attr]
    games = [(n, g) for n, _, g in printed_boards(t, 2)]
    assert [n for n, _ in games] == [4, 3, 2, 1]
    assert board_numbers(t, 2) == {frozenset(g): i for i, (_, g) in enumerate(games, 1)}
    rows = [x.split(";") for x in write_pairing_rows(t, [2]).splitlines()[1:] if x.split(";")[5] != "-1"]
    assert [(int(x[4]), int(x[5])) for x in rows] == [g for _, g in games]
    pgn = write_results_pgn(t)
    first = re.search(r'\[Round "2\.1"\]\s*\[White "([^"]+)"\]', pgn)
    assert first is not None and first.group(1) == t.player(games[0][1][0]).name


# -- finding 2: nothing erases a played result unasked -------------------------------------


def test_finding_2_re_pairing_a_played_round_in_place_is_refused(club: Path) -> None:
    run("result", club, "2", "1", "1-0", "2", "=")  # partial results
    before = club.read_bytes()
    out = run("pair", club, "--round", "2", "--in-place", code=2)
    assert "would erase its 2 results (board 1 " in out and "nothing written" in out
    out = run("pair", club, "--round", "2", "--repair", "--in-place", code=2)
    assert "would erase its 2 results" in out
    run("result", club, "2", "3", "0-1", "4", "1-0")
    run("pair", club, "--in-place")
    played = club.read_bytes()
    out = run("pair", club, "--round", "2", "--in-place", code=2)
    assert "its 4 results" in out and "round 3 paired on it (0 results)" in out
    out = run("pair", club, "--round", "3", "--in-place", code=2)  # paired, not played: --repair says so
    assert "--repair pairs it again" in out
    assert club.read_bytes() == played and before != played
    assert boards_of(run("pair", club, "--round", "2")) == boards_of(run("pair", club, "--round", "2"))


def test_finding_2_a_finished_event_is_never_re_paired(tmp_path: Path) -> None:
    final = tmp_path / "final.trf"
    run("generate", "--players", "14", "--rounds", "7", "--system", "dutch", "--seed", "3", "-o", final)
    before = final.read_bytes()
    out = run("pair", final, "--round", "7", "--in-place", code=2)
    assert "round 7 is paired and played" in out and "results" in out
    out = run("pair", final, "--round", "5", "--in-place", code=2)
    assert "rounds 6-7 paired on it" in out
    assert final.read_bytes() == before
    assert "all 7 rounds ok" in run("check", final)


def test_undo_takes_back_the_last_round_on_purpose_and_says_what_it_removed(tmp_path: Path) -> None:
    final = tmp_path / "final.trf"
    run("generate", "--players", "14", "--rounds", "7", "--system", "dutch", "--seed", "3", "-o", final)
    before = final.read_bytes()
    out = run("undo", final, "6", code=2)
    assert "only the last round is taken back" in out and final.read_bytes() == before
    out = run("undo", final, "7")
    assert "round 7 taken back; removed the pairing of round 7 (1: " in out and "results (board 1 " in out
    assert (tmp_path / "final.trf.bak").read_bytes() == before
    t = read_trf(final)
    assert t.completed_rounds == 6 and t.board_list(7) is None
    for p in t.players:  # the points column is the sum of the results
        assert p.stated_points in (None, p.score(t.points, 6))
    assert "all 6 rounds ok" in run("check", final)
    assert "after round 6" in run("standings", final)
    run("pair", final, "--in-place")
    assert "all 7 rounds ok" in run("check", final)  # round 7 paired again from round 6's results


def test_repair_pairs_a_round_without_results_again_and_keeps_the_old_one(club: Path) -> None:
    old = club.read_bytes()
    out = run("pair", club, "--repair", "--in-place")
    assert "round 2 paired again; the pairing it replaces (1: " in out
    assert (club.parent / "club.trf.bak").read_bytes() == old
    run("pair", club, "--round", "1", "--repair", code=2)  # round 1 has results


def test_the_reprint_of_a_round_is_the_board_list_as_printed(club: Path) -> None:
    run("result", club, "2", "1", "1-0", "2", "=", "3", "0-1", "4", "1-0")
    printed = run("pair", club, "--in-place")
    run("player", "withdraw", club, "3")  # from round 4: nothing of round 3 changes
    run("result", club, "3", "1", "1-0", "3", "=")
    assert run("pair", club, "--round", "3") == printed
    run("result", club, "3", "2", "0-1", "4", "1-0")
    run("pair", club, "--in-place")
    assert run("pair", club, "--round", "3") == printed


def test_the_reprint_of_a_round_writes_nothing(club: Path) -> None:
    before = club.read_bytes()
    run("pair", club, "--round", "1")
    run("pair", club, "--round", "1", "--format", "trf")
    assert club.read_bytes() == before


def test_a_team_event_reprints_its_round_as_paired(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(ROOT / "samples" / "team-players.csv", "teams.csv")
    run("new", "t.trf", "--players", "teams.csv", "--system", "team", "--boards", "2", "--rounds", "3")
    printed = run("pair", "t.trf", "--in-place").splitlines()[1:]
    assert run("pair", "t.trf", "--round", "1").splitlines()[1:] == printed
