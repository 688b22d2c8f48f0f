"""Issue 31, findings 3-7: every edit leaves a file the tool reads back, nothing is
accepted silently, round robins and team events are run by the commands, and every
message says what is true. One test per item of the issue, each reproduced from the
shipped samples as a new user meets it."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from swissbridge.formats.trf import read_trf
from swissbridge.model import ByeKind

from tests.cli_support import ok, run

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def club(tmp_path: Path) -> Path:
    """The quick start's six-player, three-round rapid, round 1 paired and played."""
    path = tmp_path / "club.trf"
    shutil.copy(SAMPLES / "club-start.trf", path)
    ok("pair", path, "--in-place")
    ok("result", path, "1", "1", "1-0", "2", "=", "3", "0-1")
    return path


def fresh(tmp_path: Path) -> Path:
    path = tmp_path / "start.trf"
    shutil.copy(SAMPLES / "club-start.trf", path)
    return path


# -- 3. an edit that breaks the file ------------------------------------------------------------------


@pytest.mark.parametrize("first", ["0", "-1", "4"])
def test_3_withdraw_from_a_round_that_does_not_exist_is_refused(tmp_path: Path, first: str) -> None:
    path = fresh(tmp_path)
    before = path.read_bytes()
    code, out = run("player", "withdraw", path, "4", "--from-round", first)
    assert code == 2 and f"--from-round {first}: expected a round from 1 to 3 (the event has 3 rounds)" in out, out
    assert path.read_bytes() == before and not (tmp_path / "start.trf.bak").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("player", "bye", "3", "--round", "900"), "--round 900: expected a round from 1 to 3"),
        (("player", "forbid", "1", "2", "--rounds", "0-0"), "--rounds 0-0: round 0: expected a round from 1 to 3"),
        (("player", "forbid", "1", "2", "--rounds", "3-1"), "--rounds 3-1: the first round is after the last"),
        (("player", "forbid", "1", "9"), "there is no player 9 (the players are 1-6)"),
        (("player", "add", "--name", "Late, Lou", "--from-round", "0"), "--from-round 0: expected a round from 1"),
        (("set", "--points", "9999999999999-1-0"), "a result scores at most 99.9 points"),
        (("set", "--rounds", "0"), "--rounds 0: expected 1-999"),
    ],
)
def test_3_every_numeric_option_is_range_checked_before_any_work(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    path = fresh(tmp_path)
    before = path.read_bytes()
    at = 2 if args[0] == "player" else 1
    code, out = run(*args[:at], path, *args[at:])
    assert code == 2 and said in out and len(out.strip().splitlines()) == 1, out
    assert path.read_bytes() == before


def test_3_what_an_edit_writes_is_read_back_before_it_replaces_the_file(tmp_path: Path) -> None:
    """The one write path of the edit commands reads what it writes back: a tournament
    the file cannot hold as meant (here a name longer than TRF's 33 columns, which the
    writer would cut) is refused, and the file is left as it was."""
    from dataclasses import replace

    from swissbridge.commands.output import editing, write_tournament
    from swissbridge.errors import InputError

    path = fresh(tmp_path)
    before = path.read_bytes()
    t = read_trf(path)
    long = replace(
        t, players=(replace(t.players[0], name="Acosta y Fernández de la Cueva, Luis María"), *t.players[1:])
    )
    with editing(path), pytest.raises(InputError, match=r"would not hold player 1's name '.*' \(it would read back as"):
        write_tournament(path, long, "trf", inputs=[path], in_place=True)
    assert path.read_bytes() == before


# -- 4. silent acceptance ------------------------------------------------------------------------------


def test_4_new_refuses_one_fide_id_twice(tmp_path: Path) -> None:
    listed = tmp_path / "twice.csv"
    listed.write_text(
        'name,rating,fide id\n"Doe, Jane",2100,1234567\n"Roe, Rick",2000,7654321\n"Doe, J.",2100,01234567\n'
    )
    code, out = run("new", tmp_path / "e.trf", "--players", listed)
    assert code == 2 and "twice.csv:4: FIDE id 01234567 is listed twice (first on line 2)" in out, out
    assert not (tmp_path / "e.trf").exists()


def test_4_forbid_for_two_who_met_says_so_and_restricts_the_rounds_not_paired(tmp_path: Path) -> None:
    path = club(tmp_path)
    t = read_trf(path)
    a = t.players[0].start_no
    b = t.player(a).entries[0].opponent
    assert b is not None
    out = ok("player", "forbid", path, str(a), str(b))
    assert f"players {a} and {b} are not paired against each other in rounds 2-3" in out
    assert "they met in round 1 already" in out and "any round" not in out
    assert "260 002 003" in path.read_text()
    ok("check", path)  # round 1 replays as it was paired


def test_4_report_refuses_rated_players_without_a_fide_id(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    listed = tmp_path / "p.csv"
    listed.write_text(
        'name,rating,fide id,federation\n"Doe, Jane",2100,1234567,NOR\n"Roe, Rick",2000,,NOR\n"Low, Al",,,NOR\n'
    )
    ok("new", path, "--players", listed, "--rounds", "1", "--name", "Open", "--city", "Oslo", "--federation", "NOR",
       "--start", "2026-05-01", "--end", "2026-05-01", "--chief-arbiter", "Doe, Jane", "--time-control", "90+30",
       "--round-dates", "2026-05-01", "--initial-colour", "white")  # fmt: skip
    ok("pair", path, "--in-place")
    ok("result", path, "1", "1", "1-0")
    code, out = run("report", path, "-o", tmp_path / "fide.trf")
    assert code == 2 and "the FIDE id of 1 rated player(s): 2 Roe, Rick" in out, out
    assert not (tmp_path / "fide.trf").exists()


@pytest.mark.parametrize(
    ("dates", "said"),
    [
        ("2026-05-01,2026-05-02", "--round-dates gives 2 dates for 3 rounds"),
        ("2026-04-30,2026-05-01,2026-05-02", "round 1's date 2026/04/30 is before the start date 2026/05/01"),
        ("2026-05-01,2026-05-02,2026-05-04", "round 3's date 2026/05/04 is after the end date 2026/05/03"),
    ],
)
def test_4_new_refuses_round_dates_that_do_not_fit_the_event(tmp_path: Path, dates: str, said: str) -> None:
    code, out = run("new", tmp_path / "e.trf", "--players", SAMPLES / "club-players.csv", "--rounds", "3",
                    "--start", "2026-05-01", "--end", "2026-05-03", "--round-dates", dates)  # fmt: skip
    assert code == 2 and said in out, out
    assert not (tmp_path / "e.trf").exists()


def test_4_set_says_a_new_system_or_point_system_is_not_what_the_paired_rounds_were_paired_with(
    tmp_path: Path,
) -> None:
    """`set --system` / `--points` under paired rounds was a silent "→" line; `check` then
    reported the rounds paired right as differing. The change is kept (the rounds not paired
    yet follow it) and the warning says what it does to the rounds paired."""
    path = club(tmp_path)
    out = ok("set", path, "--system", "lim")
    assert "warning: round 1 was paired with the dutch system; it stays as paired, but `check` now replays" in out
    assert "`check FILE --system dutch` replays with it" in out, out
    out = ok("set", path, "--points", "3-1-0")
    assert "warning: round 1 was paired with the scores of 1-0.5-0" in out and "--points 1-0.5-0` goes back" in out
    assert "warning" not in ok("set", fresh(tmp_path), "--system", "lim", "--points", "3-1-0")


# -- 7. labels and messages -------------------------------------------------------------------------


def test_7_set_rounds_names_the_records_in_the_way(tmp_path: Path) -> None:
    """A withdrawal written for rounds 2-3 is record 240, not "entries for round 3": cutting
    the event to 2 rounds removes what it announced for round 3, and says so."""
    path = club(tmp_path)
    ok("player", "withdraw", path, "4")
    out = ok("set", path, "--rounds", "2")
    assert "record 240 (withdrawal, requested bye) of player 4 for round 3 removed: the event has 2 rounds" in out
    assert "entries for round" not in out
    code, out = run("set", path, "--rounds", "0")
    assert code == 2
    ok("pair", path, "--in-place")
    code, out = run("set", path, "--rounds", "1")
    assert code == 2 and "the player lines have round 2 filled" in out, out


def test_7_the_readme_runs_top_to_bottom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every shell block of README.md after the installation, in order, in one folder."""
    shutil.copytree(SAMPLES, tmp_path / "samples")
    monkeypatch.chdir(tmp_path)
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)[1:]
    assert len(blocks) >= 2
    for block in blocks:
        for line in block.replace("\\\n", " ").splitlines():
            for words in (shlex.split(part, comments=True) for part in line.split("&&")):
                if not words:
                    continue
                if words[0] == "cp":
                    shutil.copy(words[-2], words[-1])
                elif words[0] == "mkdir":
                    Path(words[-1]).mkdir(parents=True, exist_ok=True)
                else:
                    assert words[0] == ".venv/bin/swissbridge", words
                    ok(*words[1:])


# -- 5. round robins ---------------------------------------------------------------------------------


def _first(tmp_path: Path, count: int) -> Path:
    lines = (SAMPLES / "club-players.csv").read_text().splitlines()
    listed = tmp_path / f"first{count}.csv"
    listed.write_text("\n".join(lines[: count + 1]) + "\n")
    return listed


def test_5_the_round_robin_code_follows_rounds(tmp_path: Path) -> None:
    path = tmp_path / "rr.trf"
    ok("new", path, "--players", _first(tmp_path, 8), "--system", "roundrobin", "--rounds", "14", "--draw", "listed")
    assert read_trf(path).system == "BERGER_DOUBLEROUNDROBIN"
    for r in range(1, 9):  # round 8 is the second cycle's first
        ok("pair", path, "--in-place")
        t = read_trf(path)
        ok("result", path, str(r), *[w for b in range(1, len(t.pending_games(r)) + 1) for w in (str(b), "=")])
    code, out = run("new", tmp_path / "odd.trf", "--players", _first(tmp_path, 8), "--system", "roundrobin",
                    "--rounds", "10")  # fmt: skip
    assert code == 2 and "a round robin of 8 players has 7 rounds, a double one 14, not 10" in out, out
    ok("set", path, "--rounds", "14")
    code, out = run("set", path, "--rounds", "12")
    assert code == 2 and "not 12" in out


def test_5_a_double_round_robin_without_rounds_knows_them(tmp_path: Path) -> None:
    path = tmp_path / "rr.trf"
    ok("new", path, "--players", _first(tmp_path, 6), "--system", "FIDE_DOUBLEROUNDROBIN", "--draw", "listed")
    assert read_trf(path).total_rounds == 10
    bare = tmp_path / "bare.trf"
    bare.write_text(
        "".join(line for line in path.read_text().splitlines(keepends=True) if line[:3] not in ("142", "XXR"))
    )
    code, out = run("pair", bare)
    assert code == 0 and "round 1 of 10" in out and "unknown number of rounds" not in out, out


def test_5_the_free_round_scores_the_same_in_new_generate_and_standings(tmp_path: Path) -> None:
    path = tmp_path / "rr.trf"
    ok("new", path, "--players", _first(tmp_path, 7), "--system", "roundrobin", "--draw", "listed")
    generated = tmp_path / "gen.trf"
    ok("generate", "--players", "7", "--rounds", "7", "--system", "roundrobin", "-o", generated)
    assert read_trf(path).points.pab == read_trf(generated).points.pab == 0
    out = ok("pair", path, "--in-place")
    assert "free round" in out and "pairing-allocated bye" not in out, out
    ok("result", path, "1", "1", "1-0", "2", "1-0", "3", "1-0")
    free = next(p for p in read_trf(path).players if p.entries[0].opponent is None)
    standings = ok("standings", path, "--format", "csv")
    row = next(line for line in standings.splitlines() if free.name in line)
    assert ",0.0," in row or ",0," in row, row


@pytest.mark.parametrize(
    "args",
    [
        ("player", "bye", "{path}", "4", "--round", "2", "--points", "half"),
        ("player", "withdraw", "{path}", "3"),
        ("player", "forbid", "{path}", "1", "3"),
        ("result", "{path}", "2", "#4", "H"),
        ("result", "{path}", "2", "#4", "withdrawn"),
    ],
)
def test_5_a_round_robin_refuses_what_its_tables_cannot_keep(tmp_path: Path, args: tuple[str, ...]) -> None:
    """A bye, a withdrawal or a restriction was accepted (exit 0; forbid said the two "are
    not paired against each other") in a round robin, whose pairings are its Berger tables:
    the next `pair` then failed ("no legal pairing"), or paired the two anyway. Refused,
    naming what is done instead (a missed game is a forfeit), nothing written."""
    path = tmp_path / "rr.trf"
    ok("new", path, "--players", _first(tmp_path, 7), "--system", "roundrobin", "--draw", "listed")
    ok("pair", path, "--in-place")
    before = path.read_bytes()
    code, out = run(*(a.format(path=path) for a in args))
    assert code == 2 and "cannot be written in a round robin" in out and "Berger tables" in out, out
    assert path.read_bytes() == before
    assert "round 2 of 7" in ok("pair", path, "--in-place")


# -- 7. labels and messages (continued) --------------------------------------------------------------


def test_7_a_withdrawn_player_is_withdrawn_in_the_last_round_too(tmp_path: Path) -> None:
    path = club(tmp_path)
    ok("player", "withdraw", path, "4")  # rounds 2-3
    for r in (2, 3):
        out = ok("pair", path, "--in-place")
        assert re.search(r"\(4\).*withdrawn", out) and "zero-point bye (requested)" not in out, (r, out)
        t = read_trf(path)
        ok("result", path, str(r), *[w for b in range(1, len(t.pending_games(r)) + 1) for w in (str(b), "=")])


def test_7_system_names_are_taken_in_any_case(tmp_path: Path) -> None:
    path = fresh(tmp_path)
    for name in ("Dutch", "LIM", "dutch"):
        code, out = run("pair", path, "--system", name)
        assert code == 0 and "unknown pairing system" not in out, out


def test_7_a_late_entry_numbered_next_is_no_rating_order_warning(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    ok("new", path, "--players", SAMPLES / "club-players.csv", "--rounds", "5", "--initial-colour", "white")
    for r in range(1, 5):
        ok("pair", path, "--in-place")
        t = read_trf(path)
        ok("result", path, str(r), *[w for b in range(1, len(t.pending_games(r)) + 1) for w in (str(b), "=")])
    out = ok("player", "add", path, "--name", "Strong, Sam", "--rating", "2400", "--fide-id", "91000299")
    assert "player 10" in out and "the next number" in out, out
    out = ok("pair", path)
    assert "not in rating order" not in out, out


# -- 6. team events ------------------------------------------------------------------------------------


def _team_event(tmp_path: Path) -> Path:
    """The sample team list, each player given a (fictional) FIDE id, as a report needs."""
    lines = (SAMPLES / "team-players.csv").read_text().splitlines()
    listed = tmp_path / "teams.csv"
    listed.write_text("\n".join([lines[0] + ",fide id"] + [f"{x},{91000300 + i}" for i, x in enumerate(lines[1:])]))
    path = tmp_path / "teams.trf"
    ok("new", path, "--players", listed, "--system", "team", "--boards", "2", "--rounds", "2",
       "--name", "League", "--city", "Oslo", "--federation", "NOR", "--start", "2026-05-01", "--end", "2026-05-02",
       "--chief-arbiter", "Doe, Jane", "--time-control", "90+30", "--round-dates", "2026-05-01,2026-05-02")  # fmt: skip
    return path


def _play(path: Path, r: int) -> None:
    ok("pair", path, "--in-place")
    games = read_trf(path).pending_games(r)
    ok("result", path, str(r), *[w for b in range(1, len(games) + 1) for w in (str(b), "1-0" if b % 2 else "=")])


def test_6_report_on_a_finished_team_event_writes_its_players_and_teams(tmp_path: Path) -> None:
    path = _team_event(tmp_path)
    for r in (1, 2):
        _play(path, r)
    code, out = run("report", path, "-o", tmp_path / "fide.trf")
    assert code == 0 and "Traceback" not in out and "KeyError" not in out, out
    text = (tmp_path / "fide.trf").read_text()
    assert "\n013 SK Oslo" in text and "\n310 " not in text and "\nXX" not in text
    report = read_trf(tmp_path / "fide.trf")
    assert report.teams is not None and len(report.teams.teams) == 5
    assert all(p.rank is not None for p in report.players)


def test_6_a_team_withdraws_and_asks_for_a_bye(tmp_path: Path) -> None:
    path = _team_event(tmp_path)
    out = ok("team", "bye", path, "4", "--round", "1")
    assert "team 4: zero-point bye in round 1" in out
    out = ok("team", "withdraw", path, "2", "--from-round", "2")
    assert "team 2 withdrawn: not paired in rounds 2" in out
    assert "240 Z 001    4" in path.read_text() and "240 Z 002    2" in path.read_text()
    code, out = run("team", "withdraw", path, "9")
    assert code == 2 and "there is no team 9 (the teams are 1-5)" in out
    code, out = run("team", "bye", path, "3", "--round", "0")
    assert code == 2 and "--round 0: expected a round from 1 to 2" in out
    _play(path, 1)
    pairing = ok("pair", path, "--format", "pairlist")
    assert not re.search(r"^2 |\s2$", pairing, re.MULTILINE), pairing  # team 2 not paired in round 2
    ok("check", path)


def test_7_the_watcher_on_a_plain_trf_names_the_real_next_step(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(SAMPLES / "club-start.trf", folder / "club.trf")
    code, out = run("watch", folder, "--once", "--stable", "0", "--out", tmp_path / "site")
    assert code == 0, out
    assert "with no Swiss-Manager, write the round into club.trf: swissbridge pair club.trf --in-place" in out, out


def test_7_the_watcher_sees_no_change_after_a_late_entry_renumbers(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    path = folder / "club.trf"
    shutil.copy(SAMPLES / "club-start.trf", path)
    site = tmp_path / "site"
    for r in (1, 2):
        ok("watch", folder, "--once", "--stable", "0", "--out", site)
        ok("pair", path, "--in-place")
        games = read_trf(path).pending_games(r)
        ok("result", path, str(r), *[w for b in range(1, len(games) + 1) for w in (str(b), "1-0")])
    out = ok("player", "add", path, "--name", "Strong, Sam", "--rating", "2400", "--fide-id", "91000298")
    assert "players 1-6 are now 2-7" in out, out
    code, out = run("watch", folder, "--once", "--stable", "0", "--out", site)
    assert code == 0 and "is not the pairing the watcher published" not in out, out


def test_7_find_your_board_sorts_names_where_readers_look() -> None:
    from swissbridge.model import Player
    from swissbridge.publish.site import by_name

    names = ["Smith-Jones, Ann", "Čapek, Karel", "Łukasiewicz, Jan", "Öztürk, Emre", "Ørsted, Hans", "Cole, Bo"]
    players = [Player(i, n) for i, n in enumerate(names, 1)]
    order = [p.name.split(",")[0] for p in by_name(players)]
    assert order == ["Čapek", "Cole", "Łukasiewicz", "Ørsted", "Öztürk", "Smith-Jones"]


def test_1_a_renumbering_late_entry_during_a_round_says_its_board_list_has_the_old_numbers(tmp_path: Path) -> None:
    """A late entry placed above players while round 1 is in play renumbers them: the board
    list on the wall shows the old numbers, so a result typed by '#N' from it lands on
    another game. The entry says so, and how to enter the round's results."""
    path = fresh(tmp_path)
    ok("pair", path, "--in-place")
    out = ok("player", "add", path, "--name", "Zeta, Late", "--rating", "2300")
    assert "players 1-6 are now 2-7; round 1's board list was printed with the old numbers" in out, out
    assert "enter its results by board" in out and "pair FILE --round 1" in out, out
    ok("result", path, "1", "1", "1-0", "2", "=", "3", "0-1")
    assert "board list" not in ok("player", "add", path, "--name", "Young, Late", "--rating", "2250")


def test_7_pair_of_a_finished_event_says_every_round_is_paired(tmp_path: Path) -> None:
    code, out = run("pair", SAMPLES / "club-championship-final.trf")
    assert code == 2 and "round 6 is beyond the 5 rounds of the tournament: all 5 are paired" in out, out
    code, out = run("pair", SAMPLES / "club-championship-final.trf", "--round", "6")
    assert code == 2 and out.rstrip().endswith("round 6 is beyond the 5 rounds of the tournament"), out


def test_2_undo_takes_back_a_round_with_a_bye_announced_for_it(tmp_path: Path) -> None:
    """`player bye` (record 240) for round 1, round 1 paired, then `undo FILE 1` was refused:
    "the file written would not hold player 4's entries as meant" (the bye twice, as the
    round's entry and as record 240, reads back once). The record keeps the bye."""
    path = fresh(tmp_path)
    ok("player", "bye", path, "4", "--round", "1", "--points", "half")
    ok("pair", path, "--in-place")
    ok("undo", path, "1")
    t = read_trf(path)
    assert t.completed_rounds == 0 and t.player(4).entries == () and 4 in t.announced(1)
    assert re.search(r"\(4\) .*half-point bye \(requested\)", ok("pair", path, "--in-place"))


@pytest.mark.parametrize("bye", ["H", "F", "Z", "withdrawn"])
def test_6_a_team_members_bye_is_refused_as_player_bye_refuses_it(tmp_path: Path, bye: str) -> None:
    """`result FILE R '#N' H` gave a team event's member a half point of their own for a
    round the team plays (0.5 in the member's line and the FIDE report), where `player bye`
    refuses it: the team is paired, and a member who does not play is left out of the line-up."""
    path = tmp_path / "teams.trf"
    ok("new", path, "--players", SAMPLES / "team-players.csv", "--system", "team", "--boards", "2",
       "--rounds", "3", "--initial-colour", "white")  # fmt: skip
    ok("pair", path, "--in-place")
    before = path.read_bytes()
    code, out = run("result", path, "2", "#3", bye)
    assert code == 2 and "this is a team event" in out and "team bye" in out, out
    assert path.read_bytes() == before


def test_4_a_bye_entered_over_one_announced_is_the_same_bye_or_a_correction(tmp_path: Path) -> None:
    """`result FILE 1 '#4' H` for a half-point bye record 240 announces already failed its
    read-back ("the file written would not hold player 4's entries as meant"), and '#4 Z'
    replaced it without --correct (the column's Z beside record 240's H)."""
    path = fresh(tmp_path)
    ok("player", "bye", path, "4", "--round", "1", "--points", "half")
    ok("result", path, "1", "#4", "H")
    before = path.read_bytes()
    code, out = run("result", path, "1", "#4", "Z")
    assert code == 2 and "player 4 already has the entry H (announced: record 240) in round 1" in out, out
    assert path.read_bytes() == before
    ok("result", path, "1", "#4", "Z", "--correct")
    assert read_trf(path).announced(1).get(4) is ByeKind.ZERO
    ok("player", "bye", path, "5", "--round", "1", "--points", "zero")
    ok("result", path, "1", "#5", "withdrawn")
    assert all(read_trf(path).announced(r).get(5) is ByeKind.ZERO for r in (1, 2, 3))
    assert re.search(r"\(5\) .*withdrawn", ok("pair", path, "--in-place"))


def test_4_forbid_in_a_double_swiss_counts_matches(tmp_path: Path) -> None:
    """`player forbid --rounds 2-3` in a Double-Swiss wrote record 260 for round columns 2-3
    (game 2 of match 1, paired already, and game 1 of match 2): match 3 was not restricted,
    and the reply said "round 3 (rounds 2-2 are paired already)"."""
    path = tmp_path / "ds.trf"
    ok("new", path, "--players", _first(tmp_path, 6), "--rounds", "3", "--system", "doubleswiss",
       "--initial-colour", "white")  # fmt: skip
    ok("pair", path, "--in-place")
    out = ok("player", "forbid", path, "1", "3", "--rounds", "1-3")
    assert "players 1 and 3 are not paired against each other in rounds 2-3 (rounds 1-1 are paired" in out, out
    (restriction,) = read_trf(path).forbidden
    assert (restriction.first_round, restriction.last_round) == (3, 6)
