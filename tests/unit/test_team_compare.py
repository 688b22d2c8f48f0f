"""``check`` of a team event names the article of C.04.6 where the played pairing of
teams departs from the system's (:mod:`swissbridge.plugins.team.compare`), and lists the
differing matches under "Match"."""

from __future__ import annotations

from pathlib import Path

import pytest
from swissbridge.cli.commandline import app
from swissbridge.formats.trf import parse_trf
from swissbridge.model import Tournament
from swissbridge.pairing import Board, RoundPairing
from swissbridge.plugins.team import TeamSystem
from swissbridge.plugins.team.trace import TeamTrace
from swissbridge.rules.history import before_round
from swissbridge.rules.teams import played_team_pairing
from typer.testing import CliRunner

runner = CliRunner()
CORPUS_FILE = (
    Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "team-random" / "t51000079" / "full.trf"
)


def _round(tmp_path: Path, r: int = 3) -> tuple[Tournament, TeamTrace, RoundPairing]:
    path = tmp_path / "teams.trf"
    args = ["generate", "--system", "team", "-n", "9", "--boards", "2", "--rounds", "4", "--seed", "7", "-o", str(path)]
    assert runner.invoke(app, args).exit_code == 0
    t = parse_trf(path.read_bytes())
    replay = before_round(t, r)
    trace = TeamSystem().trace(replay, r)
    assert isinstance(trace, TeamTrace)
    return replay, trace, trace.result()


def _compare(replay: Tournament, played: RoundPairing, r: int = 3) -> str:
    return TeamSystem().compare(replay, r, TeamSystem().pair(replay, r), played)


def test_the_same_pairing_names_nothing(tmp_path: Path) -> None:
    replay, _, expected = _round(tmp_path)
    assert _compare(replay, expected) == ""


def test_colours_alone_name_the_rule_of_article_4(tmp_path: Path) -> None:
    replay, trace, expected = _round(tmp_path)
    first = expected.boards[0]
    played = RoundPairing(3, (Board(first.black, first.white), *expected.boards[1:]), expected.bye)
    why = _compare(replay, played)
    assert why.startswith(f"the same matches: the colours differ (Article 4): {first.white} - {first.black} by 4.")
    assert trace.allocations[0].rule in why


def test_a_rematch_is_c1(tmp_path: Path) -> None:
    replay, _, _ = _round(tmp_path)
    first_round, _ = played_team_pairing(replay, 1)
    played = RoundPairing(3, first_round.boards, first_round.bye)
    why = _compare(replay, played)
    assert why.startswith("[C1] (2.1.1): the played pairing has a match the rules forbid: ") and "met in round 1" in why


def test_another_pab_names_article_3_4(tmp_path: Path) -> None:
    replay, trace, expected = _round(tmp_path)
    assert expected.bye is not None
    state = trace.state
    for k, board in enumerate(expected.boards):
        for x, other in ((board.white, board.black), (board.black, board.white)):
            if state.can_have_pab(x) and state.can_meet(expected.bye, other):
                boards = (*expected.boards[:k], Board(expected.bye, other), *expected.boards[k + 1 :])
                why = _compare(replay, RoundPairing(3, boards, x))
                assert why.startswith(("3.4.1: ", "3.4.2: ", "3.4.3: ", "3.4.4: ")), why
                assert f"team {x}" in why
                return
    pytest.fail("no other PAB to try")


def test_other_opponents_in_a_bracket_name_the_rule(tmp_path: Path) -> None:
    replay, trace, expected = _round(tmp_path)
    boards = list(expected.boards)
    swaps = [
        (i, j)
        for i in range(len(boards))
        for j in range(i + 1, len(boards))
        if trace.state.can_meet(boards[i].white, boards[j].black)
        and trace.state.can_meet(boards[j].white, boards[i].black)
    ]
    assert swaps
    for i, j in swaps:
        played = list(boards)
        played[i], played[j] = Board(boards[i].white, boards[j].black), Board(boards[j].white, boards[i].black)
        why = _compare(replay, RoundPairing(3, tuple(played), expected.bye))
        assert why.startswith("bracket "), why
        rules = ("[C1]", "[C3]", "[C4]", "[C5]", "[C6]", "[C7]", "3.5.4", "[C8]", "[C9]", "[C10]", "3.6.3")
        assert any(rule in why for rule in rules), why


@pytest.mark.skipif(not CORPUS_FILE.exists(), reason="../shared/corpus is not here")
def test_check_of_a_team_file_lists_matches_and_names_the_article() -> None:
    result = runner.invoke(app, ["check", str(CORPUS_FILE)])
    lines = result.output.splitlines()
    assert "round 2: DIFFERS — 4 of 5 matches differ" in lines
    assert lines[lines.index("round 2: DIFFERS — 4 of 5 matches differ") + 1].split()[0] == "Match"
    assert (
        "  note: bracket 1 (teams scoring 2.0): the system's upfloaters are 6, the played pairing's 7, 8, 9; "
        "[C4] (2.3.1): the fewest upfloaters the bracket can take is 1" in lines
    )
    assert not any(line.endswith("different opponent") and "Bd" in line for line in lines)
