"""The published round as a static site (issue 18): the pure renderer, and a real browser.

The browser test is opt-in (``SWISSBRIDGE_BROWSER=1``, marker ``browser``) and skips
cleanly without Debian's ``chromium`` (``apt-get install chromium``): it opens the written
site headless, dumps the DOM and takes a phone-sized screenshot, and checks what a person
looks for — the round, the boards, the ranks.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from swissbridge.formats.trf import read_trf
from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.service import pair_tournament
from swissbridge.site import round_site
from swissbridge.standings import choose_tiebreaks

from tests.conftest import SAMPLES


def sample() -> tuple[Tournament, RoundPairing, dict[str, bytes]]:
    t = read_trf(SAMPLES / "open-round4.trf")
    pairing = pair_tournament(t)
    return t, pairing, round_site(t, pairing, "Open", choose_tiebreaks(t, None))


def test_every_page_is_there_and_every_link_resolves() -> None:
    t, pairing, files = sample()
    assert set(files) == {"index.html", "standings.txt", "standings.json", "standings.html"} | {
        f"players/{p.start_no}.html" for p in t.players
    }
    earlier = {f"../Open-R{r}/index.html" for r in range(1, pairing.round_no)}
    for path, data in files.items():
        if not path.endswith(".html"):
            continue
        page = data.decode()
        assert "<script" not in page.lower() and 'name="viewport"' in page and "@media print" in page
        here = Path(path).parent
        for href in re.findall(r'href="([^"]+)"', page):
            target = os.path.normpath(here / href)
            assert target in files or href.replace("../../", "../") in earlier, (path, href)


def test_index_has_the_pairing_standings_and_crosstable() -> None:
    _, pairing, files = sample()
    index = files["index.html"].decode()
    assert f"round {pairing.round_no} of 5" in index
    pairing_part = index.split("<h2 id=standings>")[0]
    assert pairing_part.count("<tr><td>") == len(pairing.boards)
    assert "pairing-allocated bye" in pairing_part  # 9 players: somebody has the bye
    standings = index.split("<h2 id=standings>")[1].split("<h2 id=crosstable>")[0]
    assert "Standings after round 3" in standings
    assert re.findall(r"<tr><td>(\d+)</td>", standings) == [str(i) for i in range(1, 10)]
    assert "<h2 id=crosstable>Crosstable after round 3" in index


def test_player_page_lists_games_and_the_round_being_played() -> None:
    t, pairing, files = sample()
    n = pairing.boards[0].white
    page = files[f"players/{n}.html"].decode()
    opponent = t.player(pairing.boards[0].black).name
    assert "playing" in page and opponent in page
    rows = re.findall(r"<tr(?: class=bye)?><td>(\d+)</td>", page)
    assert rows == [str(r) for r in range(1, pairing.round_no + 1)]


def test_names_are_escaped() -> None:
    t = read_trf(SAMPLES / "open-round4.trf")
    t = t.with_players(replace(p, name="<script>alert(1)</script>") if p.start_no == 1 else p for p in t.players)
    pairing = pair_tournament(t)
    files = round_site(t, pairing, "Open", choose_tiebreaks(t, None))
    for path, data in files.items():
        if path.endswith(".html"):
            assert b"<script>" not in data, path
    assert b"&lt;script&gt;alert(1)&lt;/script&gt;" in files["index.html"]


BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.browser
@pytest.mark.skipif(os.environ.get("SWISSBRIDGE_BROWSER") != "1", reason="opt-in: set SWISSBRIDGE_BROWSER=1")
@pytest.mark.skipif(BROWSER is None, reason="no chromium installed (apt-get install chromium)")
def test_the_site_in_a_real_browser(tmp_path: Path) -> None:
    t, pairing, files = sample()
    root = tmp_path / f"Open-R{pairing.round_no}"
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    assert BROWSER is not None
    base = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=412,915"]
    url = (root / "index.html").as_uri()
    dom = subprocess.run([*base, "--dump-dom", url], capture_output=True, text=True, timeout=120, check=True).stdout
    shot = tmp_path / "phone.png"
    subprocess.run([*base, f"--screenshot={shot}", url], capture_output=True, timeout=120, check=True)
    assert shot.stat().st_size > 10_000 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # What a person looks for: the round, the boards, the ranks.
    assert f"round {pairing.round_no} of 5" in dom
    for i, board in enumerate(pairing.boards, 1):
        white, black = t.player(board.white).name, t.player(board.black).name
        assert re.search(rf"<td>{i}</td>.*?{re.escape(white)}.*?{re.escape(black)}", dom, re.S), i
    standings = dom.split('id="standings"')[1]
    assert re.findall(r"<tr><td>(\d+)</td>", standings)[:9] == [str(i) for i in range(1, 10)]
    player = subprocess.run(
        [*base, "--dump-dom", (root / f"players/{pairing.boards[0].white}.html").as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert "playing" in player and t.player(pairing.boards[0].black).name in player


def test_final_standings_site() -> None:
    from swissbridge.site import final_site

    t = read_trf(SAMPLES / "open-round4.trf")
    done = t.completed_rounds
    files = final_site(t, done, "Open", choose_tiebreaks(t, None))
    index = files["index.html"].decode()
    assert "final standings" in index and f"Standings after round {done}" in index
    assert 'href="../Open-R1/index.html"' in index and "class=here" in index
    page = files["players/1.html"].decode()
    assert "playing" not in page and "Final standings and crosstable" in page
    assert len(re.findall(r"<tr(?: class=bye)?><td>(\d+)</td>", page)) == done
