"""Issue 33's acceptance: a 24-player, 7-round Double-Swiss (C.04.5) run with the command
line alone from a CSV — a single forfeited game, a match both players forfeit in both
games and the rematch it allows ([C1]), a match one player forfeits, a requested bye (and
so the PAB, 23 players to pair), rare ½-0 and played 0-0 games — ends with ``check``
finding every match round as the system pairs it, final standings and a final site with
no dangling link, and every file the commands wrote read back by the tool."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from swissbridge.formats.trf import read_trf
from swissbridge.model import Result
from swissbridge.rules.twogame import MatchKind, columns, player_matches

from tests.cli_support import ok, run

GAMES = ("1-0", "½-½", "0-1", "1-0", "0-1", "½-½", "1-0")
SPECIAL = {
    (1, 2): ("+-", "0-1"),  # a single forfeited game: the match counts as played
    (2, 11): ("-/-", "-/-"),  # both forfeit both games: no meeting, they may meet again
    (5, 1): ("½-0", "0-0"),  # the rare played results of the Preface
    (6, 3): ("-+", "-+"),  # the first player forfeits both games: a match won by forfeit
}


def scripted_event(folder: Path) -> Path:
    players = folder / "players.csv"
    rows = [f'"Player, {chr(65 + i)}{i}",{2400 - 23 * i},{90100000 + i},ENG' for i in range(24)]
    players.write_text("name,rating,fide id,federation\n" + "\n".join(rows) + "\n", encoding="utf-8")
    path = folder / "double.trf"
    ok("new", path, "--players", players, "--name", "Double Open", "--rounds", "7", "--system", "doubleswiss",
       "--initial-colour", "white", "--tiebreaks", "BH/C1,BH,SB,DE,WIN")  # fmt: skip
    ok("player", "bye", path, "10", "--round", "2", "--points", "half")
    for r in range(1, 8):
        ok("pair", path, "--in-place")
        boards = read_trf(path).board_list(columns(r)[0])
        assert boards is not None
        words: list[str] = []
        for b in range(1, len(boards.games) + 1):
            words += [str(b), *SPECIAL.get((r, b), (GAMES[(r + b) % 7], GAMES[(r + 2 * b + 1) % 7]))]
        ok("result", path, str(r), *words)
    return path


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return scripted_event(tmp_path_factory.mktemp("double"))


def test_the_event_holds_what_was_scripted(event: Path) -> None:
    t = read_trf(event)
    assert len(t.players) == 24 and t.completed_rounds == 14 and t.total_rounds == 14
    assert "192 FIDE_DOUBLESWISS" in event.read_text(encoding="utf-8").splitlines()
    matches = {p.start_no: player_matches(p, 7) for p in t.players}
    assert matches[10][1].kind is MatchKind.BYE and matches[10][1].points(t.points) == 10  # H H: a drawn match
    pabs = [(n, m) for n, ms in matches.items() for m in ms if m.kind is MatchKind.PAB]
    assert [m.number for _, m in pabs] == [2] and pabs[0][1].points(t.points) == 15
    single = [m for ms in matches.values() for m in ms[:1] if Result.FORFEIT_WIN in {g.result for g in m.games}]
    assert len(single) == 1 and single[0].kind is MatchKind.PLAYED  # counts as played (Preface)
    both = {n for n, ms in matches.items() if ms[1].kind is MatchKind.FORFEIT_LOSS}
    assert len(both) == 2  # neither played: both lost both games by forfeit
    a, b = sorted(both)
    assert any(m.opponent == b and m.kind is MatchKind.PLAYED for m in matches[a][2:])  # the rematch
    assert {ms[5].kind for n, ms in matches.items()} >= {MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS}
    for p in t.players:
        assert p.stated_points == p.score(t.points, 14)


def test_check_finds_every_match_round_as_paired(event: Path) -> None:
    code, out = run("check", event)
    assert code == 0, out
    assert len(re.findall(r"^round \d+: ok$", out, re.MULTILINE)) == 7 and "all 7 rounds ok" in out, out


def test_final_standings_and_every_file_read_back(event: Path, tmp_path: Path) -> None:
    doc = json.loads(ok("standings", event, "--format", "json"))
    assert doc["after_round"] == 7 and doc["complete"] is True and len(doc["players"]) == 24
    assert "final standings after round 7" in ok("standings", event)
    cross = json.loads(ok("standings", event, "--crosstable", "--format", "json"))
    assert all(len(p["rounds"]) == 7 for p in cross["players"])
    ranked = tmp_path / "ranked.trf"
    ok("standings", event, "--format", "trf", "-o", ranked)
    as_json = tmp_path / "double.json"
    ok("convert", event, as_json)
    for written in (event, ranked, as_json):
        assert json.loads(ok("standings", written, "--format", "json"))["players"] == doc["players"], written
        code, out = run("check", written)
        assert code == 0, (written, out)
    backup = event.with_name(event.name + ".bak")  # the file before the last result entered
    assert json.loads(ok("standings", backup, "--format", "json"))["after_round"] == 6  # match 7 paired, no result yet


def test_the_final_site_has_no_dangling_link(event: Path, tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(event, folder)
    ok("watch", folder, "--once", "--stable", "0", "--out", tmp_path / "site")
    finals = sorted((tmp_path / "site").glob("*-final"))
    assert finals, sorted(p.name for p in (tmp_path / "site").iterdir())
    assert [f.name for f in finals] == ["double-R7-final"]
    index = (finals[0] / "index.html").read_text(encoding="utf-8")
    assert "Final standings" in index and "after round 7" in index and "a match each" in index
    assert "<h2>Matches</h2>" in (finals[0] / "players" / "1.html").read_text(encoding="utf-8")
    for page in sorted((tmp_path / "site").rglob("*.html")):
        for link in re.findall(r'href="([^"#]+)', page.read_text(encoding="utf-8")):
            if "://" not in link:
                assert (page.parent / link).resolve().exists(), f"{page.relative_to(tmp_path)}: {link}"
