"""Issue 31, the team rounds: a line-up for a round (record 300: who plays which board,
reserves in), a withdrawn team labelled as a withdrawn player is, and `undo` on a team
event. Each reproduced from the shipped team list as an arbiter meets it."""

from __future__ import annotations

from pathlib import Path

from swissbridge.formats.trf import read_trf
from swissbridge.publish.teamsite import team_round_site
from swissbridge.systems.service import published_pairing

from tests.cli_support import ok

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def league(tmp_path: Path, rounds: int = 3) -> Path:
    """The sample team list: five teams of two boards, SK Oslo with a reserve (#3 Eik)."""
    path = tmp_path / "league.trf"
    ok("new", path, "--players", SAMPLES / "team-players.csv", "--system", "team", "--boards", "2",
       "--rounds", str(rounds), "--name", "League")  # fmt: skip
    return path


# -- 2. a withdrawn team is "withdrawn", as a withdrawn player is ------------------------------------------


def test_a_withdrawn_team_is_labelled_withdrawn_on_the_board_list_and_the_site(tmp_path: Path) -> None:
    path = league(tmp_path)
    ok("pair", path, "--in-place")
    ok("team", "withdraw", path, "2", "--from-round", "2")
    ok("result", path, "1", "1", "1-0", "2", "=", "3", "0-1", "4", "1-0")
    out = ok("pair", path, "--in-place")
    assert "(2) Bergen SK 2.0/2.0   withdrawn" in out and "zero bye" not in out, out
    reprint = ok("pair", path, "--round", "2")
    assert "Bergen SK 2.0/2.0   withdrawn" in reprint, reprint
    t = read_trf(path)
    files = team_round_site(t, published_pairing(t, 2), "round-", [], linked=())
    index = files["index.html"].decode()
    assert "withdrawn" in index and "zero-point bye" not in index
    member = files["players/4.html"].decode()  # Foss, Bergen SK's board 1
    assert "withdrawn" in member and "zero-point bye" not in member
    # one zero-point bye asked for the last round alone stays a requested bye
    ok("team", "bye", path, "3", "--round", "3")
    ok("result", path, "2", "1", "1-0", "2", "0-1", "3", "=", "4", "=")
    last = ok("pair", path, "--in-place")
    assert "Tromsø SK" in last and "zero-point bye (requested)" in last, last
