"""The published round of a Double-Swiss (C.04.5) as a static site: each board a match of
two games (White of game 1 named first, Black in game 2), the scores before the match,
"find your board" with both games' colours, a result slip with both games, the player
pages and the crosstable a line or a cell per match, the standings after the matches."""

from __future__ import annotations

import json

from swissbridge.formats.trf import parse_trf
from swissbridge.publish.site import MATCH_NOTE, final_site, round_site
from swissbridge.rules.tiebreaks import parse_tiebreaks
from swissbridge.systems.service import pair_tournament

from tests.unit.test_doubleswiss_standings import TRF
from tests.watch_support import dangling

THREE_MATCHES = TRF.replace("142 4", "142 6")


def _site() -> tuple[object, dict[str, str]]:
    t = parse_trf(THREE_MATCHES)
    pairing = pair_tournament(t, system="doubleswiss")
    files = round_site(t, pairing, "DS", parse_tiebreaks("BH,SB,WIN"), linked=(1, 2))
    return pairing, {k: v.decode() for k, v in files.items()}


def test_the_round_is_a_match_round_with_the_scores_before_it() -> None:
    _, files = _site()
    index = files["index.html"]
    assert "round 3 of 3" in index  # matches, not the six columns
    assert "White in game 1" in index and MATCH_NOTE in index
    assert "standings after round 2" in files["standings.txt"] or "after round 2" in files["standings.txt"]
    assert json.loads(files["standings.json"])["after_round"] == 2
    # #1 has 3.5 before the match (1½ and a match won by forfeit), not the 1.5 of two columns
    row = next(line for line in index.splitlines() if "players/1.html" in line and "<td>" in line)
    assert "<td>3.5</td>" in row
    assert "White, then Black" in index and "Black, then White" in index  # find your board


def test_slips_have_both_games() -> None:
    pairing, files = _site()
    slips = files["slips.html"]
    assert slips.count("<div class=slip>") == len(pairing.boards)  # type: ignore[attr-defined]
    assert slips.count("Game 2") == len(pairing.boards)  # type: ignore[attr-defined]


def test_player_pages_list_matches() -> None:
    _, files = _site()
    one = files["players/1.html"]
    assert "<h2>Matches</h2>" in one
    assert "<td>1 ½</td><td class=res>1.5</td>" in one
    assert "<td>+ +</td><td class=res>2.0</td>" in one
    three = files["players/3.html"]
    assert "<td>+ 0</td><td class=res>1.0</td>" in three  # the single forfeit, counted as played
    five = files["players/5.html"]
    assert "pairing-allocated bye</td><td></td><td></td><td class=res>1.5</td>" in five
    four = files["players/4.html"]
    assert "half-point bye (requested)</td><td></td><td></td><td class=res>1.0</td>" in four


def test_crosstable_cells_are_matches_and_links_resolve() -> None:
    _, files = _site()
    assert "<td>5w1.5</td><td>4+</td>" in files["index.html"]
    earlier = {f"DS-R{r}/index.html": b"" for r in (1, 2)}
    assert dangling({**{f"DS-R3/{k}": v.encode() for k, v in files.items()}, **earlier}) == []


def test_final_site_after_the_last_match() -> None:
    t = parse_trf(TRF)
    files = {k: v.decode() for k, v in final_site(t, 2, "DS", parse_tiebreaks("BH"), linked=(1, 2)).items()}
    assert "final standings" in files["index.html"]
    assert json.loads(files["standings.json"])["complete"] is True
    assert "<td>+ +</td><td class=res>2.0</td>" in files["players/1.html"]
