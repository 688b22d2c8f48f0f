"""Round robins (C.05 Annex 1, the Berger tables): the tables as Annex 1 prints them,
Gacrux's tables committed for a few sizes, and the system through pair and check
(the real Swiss-Manager round robins of ../shared included)."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from swissbridge.cli import commandline as cli
from swissbridge.commands.check import check_tournament
from swissbridge.errors import InputError, UsageError
from swissbridge.formats.trf import parse_trf, write_trf
from swissbridge.model import Colour, Entry, EventKind, Result
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.roundrobin import RoundRobinSystem, Schedule, berger_round
from swissbridge.systems import choose_system
from swissbridge.systems.service import pair_tournament
from typer.testing import CliRunner

from tests.conftest import ROOT, shared_path
from tests.roundrobin_support import TEAM_CODES, drawn_event

runner = CliRunner()


def run(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(cli.app, [str(a) for a in args], prog_name="swissbridge")
    return result.exit_code, result.output


# -- C.05 Annex 1: the printed tables --------------------------------------------------------------

PRINTED = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
    10: [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    ],
    14: [
        "1-14 2-13 3-12 4-11 5-10 6-9 7-8",
        "14-8 9-7 10-6 11-5 12-4 13-3 1-2",
        "2-14 3-1 4-13 5-12 6-11 7-10 8-9",
        "14-9 10-8 11-7 12-6 13-5 1-4 2-3",
        "3-14 4-2 5-1 6-13 7-12 8-11 9-10",
        "14-10 11-9 12-8 13-7 1-6 2-5 3-4",
        "4-14 5-3 6-2 7-1 8-13 9-12 10-11",
        "14-11 12-10 13-9 1-8 2-7 3-6 4-5",
        "5-14 6-4 7-3 8-2 9-1 10-13 11-12",
        "14-12 13-11 1-10 2-9 3-8 4-7 5-6",
        "6-14 7-5 8-4 9-3 10-2 11-1 12-13",
        "14-13 1-12 2-11 3-10 4-9 5-8 6-7",
        "7-14 8-6 9-5 10-4 11-3 12-2 13-1",
    ],
}
"""The tables for 3/4, 5/6, 7/8, 9/10 and 13/14 players as Annex 1 prints them, board
by board (White first)."""


def text(boards: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> str:
    return " ".join(f"{w}-{b}" for w, b in boards)


@pytest.mark.parametrize("size", sorted(PRINTED))
def test_the_tables_annex_1_prints(size: int) -> None:
    assert [text(berger_round(size, r)) for r in range(1, size)] == PRINTED[size]


@pytest.mark.parametrize("size", range(2, 41, 2))
def test_every_table_is_a_round_robin_with_balanced_colours(size: int) -> None:
    """Everybody meets everybody once; each number has White in half its games (one
    more or less), and the highest number alternates colours (C.05 Annex 1)."""
    met: set[frozenset[int]] = set()
    whites = dict.fromkeys(range(1, size + 1), 0)
    for r in range(1, size):
        boards = berger_round(size, r)
        assert sorted(n for b in boards for n in b) == list(range(1, size + 1))
        met.update(frozenset(b) for b in boards)
        for w, _ in boards:
            whites[w] += 1
        assert (boards[0][1] == size) is (r % 2 == 1)
    assert len(met) == size * (size - 1) // 2
    assert all(abs(2 * w - (size - 1)) <= 1 for w in whites.values())


def test_the_dummy_and_the_cycles() -> None:
    five = Schedule(5)
    assert (five.size, five.cycle, five.dummy) == (6, 5, 6)
    assert five.boards(6) == tuple((b, w) for w, b in berger_round(6, 1))  # cycle 2, colours reversed
    assert five.table_round(11) == (3, 1, False)  # cycle 3 as cycle 1
    fide = Schedule(6, swap_last_two=True)
    assert [fide.table_round(r)[1] for r in range(1, 11)] == [1, 2, 3, 5, 4, 1, 2, 3, 4, 5]
    with pytest.raises(ValueError, match="at least 2"):
        _ = Schedule(1).size


# -- Gacrux's tables, committed ---------------------------------------------------------------------

GACRUX = json.loads((ROOT / "tests/golden/roundrobin/gacrux_berger.json").read_text(encoding="utf-8"))
CODES = {"single": "", "double": "", "fide-double": "FIDE_DOUBLEROUNDROBIN"}


@pytest.mark.parametrize("event", GACRUX["events"], ids=lambda e: f"{e['players']}-{e['schedule']}")
def test_equal_to_gacrux_tables(event: dict[str, object]) -> None:
    players, rounds = event["players"], event["rounds"]
    assert isinstance(players, int) and isinstance(rounds, list)
    system = RoundRobinSystem()
    played: list[list[tuple[int, int]]] = []
    for r, expected in enumerate(rounds, 1):
        t = replace(drawn_event(players, len(rounds), played), system=CODES[str(event["schedule"])])
        pairing = system.pair(t, r)
        boards = [(b.white, b.black) for b in pairing.boards]
        got = [(pairing.bye, 0), *boards] if pairing.bye is not None else boards
        assert text(got) == expected, f"round {r}"
        played.append(got)


TEAM_GACRUX = json.loads((ROOT / "tests/golden/roundrobin/gacrux_berger_teams.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("event", TEAM_GACRUX["events"], ids=lambda e: f"{e['teams']}-{e['schedule']}")
def test_team_round_robins_equal_gacrux_tables(event: dict[str, object]) -> None:
    """The teams of a team round robin (records 310, a team code in 192) paired as
    Gacrux's berger method pairs them (``test_roundrobin_gacrux.py`` runs every size)."""
    from tests.roundrobin_support import drawn_team_event

    teams, rounds = event["teams"], event["rounds"]
    assert isinstance(teams, int) and isinstance(rounds, list)
    played: list[list[tuple[int, int]]] = []
    for r, expected in enumerate(rounds, 1):
        pairing = RoundRobinSystem().pair(
            drawn_team_event(teams, len(rounds), played, TEAM_CODES[str(event["schedule"])]), r
        )
        boards = [(b.white, b.black) for b in pairing.boards]
        got = [(pairing.bye, 0), *boards] if pairing.bye is not None else boards
        assert text(got) == expected, f"round {r}"
        played.append(got)


# -- the system ---------------------------------------------------------------------------------------

SIX = """012 Club championship
092 Round robin
142 5
192 BERGER_ROUNDROBIN
001    1      Ann                               2200                             0.0    1
001    2      Bob                               2150                             0.0    2
001    3      Cid                               2100                             0.0    3
001    4      Dan                               2300                             0.0    4
001    5      Eve                               2000                             0.0    5
001    6      Fay                               1900                             0.0    6
"""


def test_record_192_chooses_the_berger_tables(tmp_path: Path) -> None:
    path = tmp_path / "six.trf"
    path.write_text(SIX, encoding="utf-8")
    code, out = run("pair", path, "--format", "pairlist")
    assert code == 0 and out == "3\n1 6\n2 5\n3 4\n", out
    assert "rating order" not in out  # a round robin's numbers are drawn, not ranked (C.04.2 2.2 is Swiss)
    code, out = run("pair", path, "--system", "dutch", "--initial-colour", "white", "--format", "pairlist")
    assert code == 0 and "record 192 says BERGER_ROUNDROBIN (roundrobin)" in out


def test_the_round_is_read_from_the_history_and_odd_numbers_have_the_dummy() -> None:
    t = drawn_event(5, 10, [])
    assert choose_system(t, "roundrobin").system == "roundrobin"
    system = RoundRobinSystem()
    for r in range(1, 11):
        pairing = system.pair(t, r)
        t = t.with_round(
            r,
            {
                **{b.white: Entry(Result.DRAW, b.black, Colour.WHITE) for b in pairing.boards},
                **{b.black: Entry(Result.DRAW, b.white, Colour.BLACK) for b in pairing.boards},
                **({pairing.bye: Entry(Result.PAB)} if pairing.bye is not None else {}),
            },
        )
        assert pairing.bye == [1, 4, 2, 5, 3][(r - 1) % 5]
    assert t.next_round == 11
    meetings = [e.opponent for p in t.players for e in p.entries if e.opponent is not None]
    assert len(meetings) == 5 * 4 * 2 // 2 * 2  # everybody met everybody twice
    first = {p.start_no: [e.colour for e in p.entries[:5] if e.played] for p in t.players}
    second = {p.start_no: [e.colour for e in p.entries[5:] if e.played] for p in t.players}
    assert all(second[n] == [c.opposite for c in first[n] if c is not None] for n in first)


def test_a_single_round_robin_ends_with_its_cycle() -> None:
    t = replace(drawn_event(4, 6, []), system="FIDE_ROUNDROBIN")
    trace = RoundRobinSystem().trace(t, 4)
    assert "beyond the single round robin record 192 names (3 rounds for 4 entrants" in trace.failure


def test_a_player_entered_as_not_paired_is_refused() -> None:
    t = drawn_event(4, 3, []).with_round(1, {2: Entry(Result.HALF_BYE)})
    with pytest.raises(NoLegalPairing, match=r"2 is entered as not paired, .* enter a missed game as a forfeit"):
        RoundRobinSystem().pair(t, 1)


def test_a_history_that_does_not_follow_the_tables_is_refused() -> None:
    played = [[(1, 2), (3, 4)]]  # round 1 of the table is 1-4 2-3
    t = drawn_event(4, 3, played)
    with pytest.raises(NoLegalPairing, match="the Berger table pairs 4-3, who have already met 1 time in 1 cycle"):
        RoundRobinSystem().pair(t, 2)


def test_pairing_numbers_follow_the_start_numbers_in_order() -> None:
    t = drawn_event(4, 3, [])
    t = t.with_players(replace(p, start_no=p.start_no * 10) for p in t.players)
    trace = RoundRobinSystem().trace(t, 1)
    assert [(b.white, b.black) for b in trace.result().boards] == [(10, 40), (20, 30)]
    assert "pairing number k is the k-th start number (1=10, 2=20, 3=30, 4=40)" in trace.notes[0]
    assert trace.boards[0].rule == "C.05 Annex 1: round 1 of the Berger table for 4, board 1 (pairing numbers 1-4)"


def test_check_names_the_round_that_left_the_tables(tmp_path: Path) -> None:
    t = parse_trf(SIX)
    system = RoundRobinSystem()
    for r in (1, 2):
        pairing = system.pair(t, r)
        entries = {b.white: Entry(Result.WIN, b.black, Colour.WHITE) for b in pairing.boards}
        entries |= {b.black: Entry(Result.LOSS, b.white, Colour.BLACK) for b in pairing.boards}
        t = t.with_round(r, entries)
    flipped = t.with_round(2, {6: Entry(Result.LOSS, 4, Colour.BLACK), 4: Entry(Result.WIN, 6, Colour.WHITE)})
    report = check_tournament(flipped, "roundrobin")
    assert [rc.ok for rc in report.rounds] == [True, False]
    assert report.rounds[1].diffs[0].difference == "colour flipped"
    assert "fixed by the Berger tables (C.05 Annex 1)" in report.rounds[1].notes[-1]
    path = tmp_path / "played.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    code, out = run("check", path)
    assert code == 0 and "check with the roundrobin system" in out and "all 2 rounds ok" in out


ROBINS = [
    "albanian_roundrobin_1381000",
    "austria_roundrobin_blitz_1384827",
    "austria_roundrobin_vereinsmeisterschaft_1288524",
    "cro_1386115",
    "srb_1386568",
]
"""The round robins among the real Swiss-Manager files (type byte 1)."""


@pytest.mark.parametrize("name", ROBINS)
def test_swiss_manager_round_robins_follow_the_tables(name: str) -> None:
    from swissbridge.formats.tunx import read_tunx

    t = read_tunx(shared_path("realworld", "echecsjs-tunx", f"{name}.TUNX"))
    assert t.kind is EventKind.ROUND_ROBIN and choose_system(t, None).system == "roundrobin"
    report = check_tournament(t, "roundrobin")
    assert report.ok and len(report.rounds) == t.completed_rounds > 0
    with pytest.raises(InputError, match="the dutch system pairs Swiss events; --system roundrobin pairs round robins"):
        pair_tournament(t, system="dutch")


def test_the_watcher_pairs_a_round_robin(tmp_path: Path) -> None:
    """A Swiss-Manager round-robin file is read by its tables (this one is finished);
    a TRF round robin's next round is published."""
    from swissbridge.watch.loop import Watcher
    from swissbridge.watch.types import WatchConfig

    robin = shared_path("realworld", "echecsjs-tunx", "albanian_roundrobin_1381000.TUNX").read_bytes()
    (tmp_path / "Robin.TUNX").write_bytes(robin)
    report = Watcher(WatchConfig(tmp_path, host="swiss-manager", system=None, stable=0)).run_once()
    assert report.exit_code == 0 and not report.input_faults and report.published == []
    assert report.status.startswith("Robin: tournament finished after round 5: final standings")
    final = (tmp_path / "swissbridge-out" / "Robin-R5-final" / "Robin-R5-final.trf").read_text(encoding="utf-8")
    assert "192 BERGER_ROUNDROBIN" in final.splitlines()
    shutil.rmtree(tmp_path / "swissbridge-out")
    (tmp_path / "Robin.TUNX").unlink()
    (tmp_path / "Six.trf").write_text(SIX, encoding="utf-8")
    report = Watcher(WatchConfig(tmp_path, host="swiss-manager", system=None, stable=0)).run_once()
    assert report.exit_code == 0 and report.published == [("Six", 1)], report
    boards = (tmp_path / "swissbridge-out" / "Six-R1" / "Six-R1.txt").read_text(encoding="utf-8").splitlines()
    assert [line.split()[1:3] + line.split()[-2:] for line in boards[2:]] == [
        ["(1)", "Ann", "(6)", "Fay"],
        ["(2)", "Bob", "(5)", "Eve"],
        ["(3)", "Cid", "(4)", "Dan"],
    ]


@pytest.mark.parametrize(
    ("players", "rounds", "code"), [(7, 7, "BERGER_ROUNDROBIN"), (6, 10, "BERGER_DOUBLEROUNDROBIN")]
)
def test_generate_plays_a_round_robin_that_check_replays(players: int, rounds: int, code: str) -> None:
    from swissbridge.commands.generate import GenerateOptions, generate_tournament

    t = generate_tournament(players, rounds, "roundrobin", seed=5)
    assert t.system == code and t.total_rounds == rounds and t.points.pab == 0
    assert all(len(p.entries) == rounds for p in t.players)
    assert "pairing numbers drawn at random" in t.name
    assert [p.rating for p in t.players] != sorted((p.rating for p in t.players), reverse=True)
    assert check_tournament(parse_trf(write_trf(t, dialect="trf26")), "roundrobin").ok
    with pytest.raises(UsageError, match=r"^--accelerate, --forbidden: .* no acceleration and no forbidden pairs"):
        generate_tournament(players, rounds, "roundrobin", seed=5, options=GenerateOptions(accelerate=True))
    with pytest.raises(InputError, match=r"a round robin of 6 players has 5 rounds, a double one 10: not 11"):
        generate_tournament(6, 11, "roundrobin", seed=5)


def test_explain_names_the_table_round_of_every_board() -> None:
    from swissbridge.commands.explain import explain
    from swissbridge.publish.explain import render

    from tests.unit.test_explain import SCHEMA, validate

    played = [[(1, 0), (2, 5), (3, 4)], [(4, 0), (5, 3), (1, 2)]]
    doc = explain(drawn_event(5, 5, played), system="roundrobin")
    assert validate(doc, SCHEMA) == []
    assert doc["round"] == 3 and doc["rules"] == "Round robin, Berger tables (C.05 Annex 1) for 5 entrants"
    assert [(b["white"], b["black"]) for b in doc["boards"]] == [(3, 1), (4, 5)]
    assert doc["boards"][0]["reasons"][0]["text"] == "round 3 of the Berger table for 6: pairing numbers 3-1"
    assert doc["bye"] is not None and doc["bye"]["player"] == 2
    assert "meets 6, the dummy, and has no game" in doc["bye"]["reasons"][0]["text"]
    assert "colours fixed by the Berger table" in render(doc, "text")


def test_a_swiss_manager_round_robin_written_as_trf_stays_one(tmp_path: Path) -> None:
    source = shared_path("realworld", "echecsjs-tunx", "albanian_roundrobin_1381000.TUNX")
    code, _ = run("convert", source, tmp_path / "robin.trf")
    assert code == 0
    t = parse_trf((tmp_path / "robin.trf").read_text(encoding="utf-8"))
    assert t.system == "BERGER_ROUNDROBIN" and choose_system(t, None).system == "roundrobin"
    assert check_tournament(t, "roundrobin").ok


def test_a_round_robin_is_paired_ahead_of_its_results(tmp_path: Path) -> None:
    """The tables do not depend on results: round 2 is paired while round 1 has none."""
    path = tmp_path / "six.trf"
    path.write_text(SIX, encoding="utf-8")
    assert run("pair", path, "--in-place", "--format", "pairlist")[0] == 0
    code, out = run("pair", path, "--format", "pairlist")
    assert code == 0 and out == "3\n6 4\n5 3\n1 2\n", out


# -- team round robins ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "teams", "rounds"),
    [("FIDE_TEAM_ROUNDROBIN", 5, 5), ("FIDE_TEAM_DOUBLEROUNDROBIN", 4, 6), ("BERGER_TEAM_ROUNDROBIN", 6, 5)],
)
def test_a_team_round_robin_pairs_the_teams_by_the_tables(code: str, teams: int, rounds: int) -> None:
    """The teams are numbered as the tables' entrants; each match is played on the boards
    (:func:`swissbridge.rules.teams.board_pairing`); check replays every round."""
    import random

    from swissbridge.commands.generate import GenerateOptions, plan_team_event
    from swissbridge.rules.teams import TeamEvent, board_pairing

    rng = random.Random(4)
    t = plan_team_event(teams, 4, rounds, code, rng, GenerateOptions(max_reserves=0)).tournament
    assert t.team_event and choose_system(t, None).system == "roundrobin"
    schedule = Schedule(teams, swap_last_two=code.startswith("FIDE_") and "DOUBLE" in code)
    for r in range(1, rounds + 1):
        pairing = RoundRobinSystem().pair(t, r)
        table = [(w, b) for w, b in schedule.boards(r) if schedule.dummy not in (w, b)]
        assert [(m.white, m.black) for m in pairing.boards] == table
        games = board_pairing(t, pairing)
        entries = {b.white: Entry(Result.DRAW, b.black, Colour.WHITE) for b in games.boards}
        entries |= {b.black: Entry(Result.DRAW, b.white, Colour.BLACK) for b in games.boards}
        entries |= {n: Entry(result) for n, result in games.absent.items()}
        t = t.with_round(r, entries)
    t = parse_trf(write_trf(t, dialect="trf26"))
    assert check_tournament(t, "roundrobin").ok
    met = [sorted(m.opponent for m in rec.matches if m.opponent is not None) for rec in TeamEvent(t).records]
    cycles = rounds // schedule.cycle
    for team, opponents in enumerate(met, 1):
        assert opponents == sorted([n for n in range(1, teams + 1) if n != team] * cycles)


def test_a_team_round_robin_is_refused_a_team_not_paired() -> None:
    import random

    from swissbridge.commands.generate import plan_team_event
    from swissbridge.model import AnnouncedBye, ByeKind

    t = plan_team_event(4, 2, 3, "FIDE_TEAM_ROUNDROBIN", random.Random(1)).tournament
    assert t.teams is not None
    t = replace(t, teams=replace(t.teams, byes=(AnnouncedBye(ByeKind.HALF, 1, (3,)),)))
    with pytest.raises(NoLegalPairing, match="round 1: team 3 is entered as not paired"):
        RoundRobinSystem().pair(t, 1)


# -- the drawing of lots (C.05: pairing numbers drawn before round 1) -------------------------------

FIELD = "name,rating\nAlpha A,2100\nBravo B,2000\nCharlie C,1900\nDelta D,1800\nEcho E,1700\n"


def _field(tmp_path: Path, *extra: str) -> Path:
    (tmp_path / "p.csv").write_text(FIELD, encoding="utf-8")
    out = tmp_path / "rr.trf"
    code, output = run("new", out, "--players", tmp_path / "p.csv", "--rounds", "5", *extra)
    assert code == 0, output
    return out


def _names(path: Path) -> list[str]:
    return [p.name for p in parse_trf(path.read_text(encoding="utf-8")).players]


def test_set_draw_gives_the_pairing_numbers_and_the_tables_follow_them(tmp_path: Path) -> None:
    (tmp_path / "p.csv").write_text(FIELD, encoding="utf-8")
    code, out = run("new", tmp_path / "x.trf", "--players", tmp_path / "p.csv", "--system", "roundrobin")
    assert code == 0 and "a round robin's pairing numbers are drawn by lot (C.05)" in out, out
    assert "set " in out and "--draw lots" in out
    path = _field(tmp_path, "--system", "roundrobin")
    code, out = run("set", path, "--draw", "5,3,1,4,2")
    assert code == 0, out
    assert "pairing numbers as given (C.05): 1 Echo E, 2 Charlie C, 3 Alpha A, 4 Delta D, 5 Bravo B" in out
    assert _names(path) == ["Echo E", "Charlie C", "Alpha A", "Delta D", "Bravo B"]
    t = parse_trf(path.read_text(encoding="utf-8"))
    assert parse_trf(write_trf(t, dialect="trf26")) == t  # the draw is the start numbers: every writer keeps it
    pairing = RoundRobinSystem().pair(t)
    assert [(b.white, b.black) for b in pairing.boards] == [(2, 5), (3, 4)] and pairing.bye == 1


def test_new_draw_listed_keeps_the_list_order_and_lots_draws_a_permutation(tmp_path: Path) -> None:
    (tmp_path / "p.csv").write_text("name,rating\nLow L,1500\nHigh H,2500\nMid M,2000\n", encoding="utf-8")
    code, out = run("new", tmp_path / "a.trf", "-p", tmp_path / "p.csv", "--system", "roundrobin", "--draw", "listed")
    assert code == 0 and "not in the initial order" not in out, out
    assert _names(tmp_path / "a.trf") == ["Low L", "High H", "Mid M"]
    code, out = run("new", tmp_path / "b.trf", "-p", tmp_path / "p.csv", "--system", "roundrobin", "--draw", "lots")
    # a random draw of three: one time in six nobody moves, and the note says so instead
    assert code == 0 and re.search(r"pairing numbers drawn by lot( \(C\.05\): |: nobody moved)", out), out
    assert sorted(_names(tmp_path / "b.trf")) == ["High H", "Low L", "Mid M"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--draw", "5,3,1"), "--draw: 2, 4 missing: give every start number (1-5) once, in the order drawn"),
        (("--draw", "1,2,3,4,5,6"), "--draw: no player 6: give every start number (1-5) once"),
        (("--draw", "1,1,2,3,4"), "--draw: 1 given twice"),
        (("--draw", "one"), "--draw 'one': expected `lots`"),
    ],
)
def test_a_draw_that_is_not_every_player_once_is_refused(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    path = _field(tmp_path, "--system", "roundrobin")
    before = path.read_bytes()
    code, out = run("set", path, *args)
    assert code == 2 and message in out, out
    assert path.read_bytes() == before


def test_a_draw_is_refused_in_a_swiss_event_and_once_round_1_is_paired(tmp_path: Path) -> None:
    code, out = run("new", tmp_path / "s.trf", "-p", _csv(tmp_path), "--draw", "lots")
    assert code == 2 and "drawn by lot in a round robin (C.05): give --system roundrobin" in out, out
    swiss = _field(tmp_path)
    code, out = run("set", swiss, "--draw", "lots")
    assert code == 2 and "a Swiss event numbers its players in the initial order of C.04.2 Art. 2.2" in out, out
    code, out = run("set", swiss, "--system", "roundrobin", "--draw", "2,1,3,4,5")
    assert code == 0 and _names(swiss)[:2] == ["Bravo B", "Alpha A"], out
    assert run("pair", swiss, "--in-place")[0] == 0
    code, out = run("set", swiss, "--draw", "lots")
    assert code == 2 and "round 1 is paired already" in out, out


def _csv(tmp_path: Path) -> Path:
    (tmp_path / "p.csv").write_text(FIELD, encoding="utf-8")
    return tmp_path / "p.csv"


def test_a_draw_refuses_records_it_cannot_renumber() -> None:
    import random

    from swissbridge.event.players import draw_numbers

    t = parse_trf(
        "012 club\n192 BERGER_ROUNDROBIN\n"
        "001    1      A                                 2000\n"
        "001    2      B                                 1900\n"
        "NOR    1      A                                 1950\n"
    )
    with pytest.raises(InputError, match=r"national rating records \(NOR\) linked by player number"):
        draw_numbers(t, None, random.Random(1))
    drawn = draw_numbers(replace(t, headers=()), (2, 1), random.Random(1))
    assert [p.name for p in drawn.tournament.players] == ["B", "A"] and dict(drawn.numbers) == {1: 2, 2: 1}


def test_the_free_round_says_what_it_scores_and_1_0_5_0_0_gives_it_nothing(tmp_path: Path) -> None:
    """An odd round robin's free round scores what the file's 162 P gives (TRF-2026's
    default: a win, here asked for with ``new --points 1-0.5-0-1``; ``new`` gives it nothing
    otherwise, as ``generate`` does); the explanation says so, and ``--points 1-0.5-0-0``
    writes 162 P 0.0."""
    path = _field(tmp_path, "--system", "roundrobin", "--points", "1-0.5-0-1")
    t = parse_trf(path.read_text(encoding="utf-8"))
    note = " ".join(RoundRobinSystem().trace(t).notes)
    assert "it scores 1.0 as the file's point system gives the pairing-allocated bye" in note
    assert "write `162  P 0.0` if the event's regulations give the free round nothing" in note
    code, out = run("set", path, "--points", "1-0.5-0-0")
    assert code == 0 and "points system: 1-0.5-0 → 1-0.5-0-0" in out, out
    t = parse_trf(path.read_text(encoding="utf-8"))
    assert t.points.pab == 0 and "162  P 0.0" in path.read_text(encoding="utf-8")
    assert "it scores nothing (record 162: P 0.0)" in " ".join(RoundRobinSystem().trace(t).notes)
