"""The published round as a static site (issues 18, 24): the pure renderer, the links of
a watcher's whole event, and a real browser.

The browser tests are opt-in (``SWISSBRIDGE_BROWSER=1``, marker ``browser``) and skip
cleanly without Debian's ``chromium`` (``apt-get install chromium``): they open the written
site headless at a phone's 390 px, take screenshots, dump the DOM, and check what a person
looks for — the round, the boards, the ranks — and that no table is cut at the right edge
without the cue that says it scrolls.
"""

from __future__ import annotations

import html
import json
import os
import random
import re
import shutil
import subprocess
from collections.abc import Collection
from dataclasses import replace
from pathlib import Path

import pytest
from swissbridge.formats.trf import read_trf, write_trf
from swissbridge.model import AnnouncedBye, ByeKind, Colour, Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.publish.site import final_site, round_site
from swissbridge.rules.ranking import choose_tiebreaks
from swissbridge.rules.tiebreaks import describe
from swissbridge.systems.service import pair_tournament
from swissbridge.watch.host_pgn import pairing_from_pairlist
from swissbridge.watch.loop import Watcher
from swissbridge.watch.types import WatchConfig

from tests.conftest import SAMPLES
from tests.team_support import play, random_event
from tests.watch_support import dangling, field_of, with_results


def sample(linked: Collection[int] = (1, 2, 3)) -> tuple[Tournament, RoundPairing, dict[str, bytes]]:
    t = read_trf(SAMPLES / "open-round4.trf")
    pairing = pair_tournament(t)
    return t, pairing, round_site(t, pairing, "Open", choose_tiebreaks(t, None), linked=linked)


def test_every_page_is_there_and_every_link_resolves() -> None:
    t, _, files = sample()
    assert set(files) == {"index.html", "slips.html", "standings.txt", "standings.json", "standings.html"} | {
        f"players/{p.start_no}.html" for p in t.players
    }
    for path, data in files.items():
        if path.endswith(".html"):
            page = data.decode()
            assert "<script" not in page.lower() and 'name="viewport"' in page and "@media print" in page
    earlier = {f"Open-R{r}/index.html": b"" for r in (1, 2, 3)}
    assert dangling({**{f"Open-R4/{k}": v for k, v in files.items()}, **earlier}) == []


def test_links_go_only_to_the_rounds_published() -> None:
    """A watcher started at round 4 (rounds 1-3 paired with ``pair``) published no folder
    for them: no page links there (issue 24)."""
    _, _, files = sample(linked=())
    assert all(b"../Open-R" not in data for data in files.values())
    assert dangling({f"Open-R4/{k}": v for k, v in files.items()}) == []
    _, _, files = sample(linked=(3,))
    index = files["index.html"].decode()
    assert 'href="../Open-R3/index.html"' in index and "Open-R1" not in index and "Open-R2" not in index


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
    files = round_site(t, pairing, "Open", choose_tiebreaks(t, None), linked=())
    for path, data in files.items():
        if path.endswith(".html"):
            assert b"<script>" not in data, path
    assert b"&lt;script&gt;alert(1)&lt;/script&gt;" in files["index.html"]


def test_withdrawals_and_requested_byes_are_named() -> None:
    t = read_trf(SAMPLES / "open-round4.trf")
    gone, resting = 9, 8  # 9 leaves for rounds 4 and 5 (the last), 8 asks for a half-point bye in 4
    t = replace(
        t,
        announced_byes=(
            AnnouncedBye(ByeKind.ZERO, 4, (gone,)),
            AnnouncedBye(ByeKind.ZERO, 5, (gone,)),
            AnnouncedBye(ByeKind.HALF, 4, (resting,)),
        ),
    )
    pairing = pair_tournament(t)
    assert dict(pairing.absent).keys() == {gone, resting}
    files = round_site(t, pairing, "Open", choose_tiebreaks(t, None), linked=())
    index = files["index.html"].decode()
    pairing_part = index.split("<h2 id=find>")[0]
    assert re.search(rf"players/{gone}.html[^\n]*withdrawn", pairing_part)
    assert re.search(rf"players/{resting}.html[^\n]*half-point bye \(requested\)", pairing_part)
    assert "not paired" not in index
    assert "withdrawn" in files[f"players/{gone}.html"].decode()


def test_the_board_list_names_withdrawals_and_requested_byes_as_the_site_does() -> None:
    from swissbridge.systems.service import board_list

    t = read_trf(SAMPLES / "open-round4.trf")
    gone, resting = 9, 8
    t = replace(
        t,
        announced_byes=(
            AnnouncedBye(ByeKind.ZERO, 4, (gone,)),
            AnnouncedBye(ByeKind.ZERO, 5, (gone,)),
            AnnouncedBye(ByeKind.HALF, 4, (resting,)),
        ),
    )
    lines = board_list(t, pair_tournament(t)).splitlines()
    line_of = {n: next(x for x in lines if f"({n}) " in x) for n in (gone, resting)}
    assert line_of[gone].endswith("withdrawn")
    assert line_of[resting].endswith("half-point bye (requested)")
    assert not any("not paired" in x for x in lines)


def test_a_legend_names_every_tie_break() -> None:
    t, _, files = sample()
    tiebreaks = choose_tiebreaks(t, "BH/C1,BH/M1,SB,DE,WIN,AOB,REP")
    index = round_site(t, pair_tournament(t), "Open", tiebreaks, linked=())["index.html"].decode()
    for tb in tiebreaks:
        assert f"<dt>{tb.code}</dt><dd>{html.escape(describe(tb))}</dd>" in index
    assert "<dd>Buchholz Cut-1 (C.07 8.1, 14.1)</dd>" in index and "Median-1 (C.07 8.1, 14.3)" in index
    assert "<dt>BH/C1</dt>" in files["standings.html"].decode()


def test_find_your_board_is_alphabetical_and_matches_the_pairing() -> None:
    t, pairing, files = sample()
    part = files["index.html"].decode().split("<h2 id=find>")[1].split("<h2 id=standings>")[0]
    rows = re.findall(r'<tr(?: class=bye)?><td class=name><a href="players/(\d+).html">[^<]*</a></td>(.*?)</tr>', part)
    names = [t.player(int(n)).name for n, _ in rows]
    assert names == sorted(names, key=str.casefold) and len(rows) == len(t.players)
    for i, b in enumerate(pairing.boards, 1):
        cells = dict((int(n), rest) for n, rest in rows)
        assert cells[b.white].startswith(f"<td>{i}</td><td>White</td>") and f"players/{b.black}.html" in cells[b.white]
        assert cells[b.black].startswith(f"<td>{i}</td><td>Black</td>") and f"players/{b.white}.html" in cells[b.black]
    assert pairing.bye is not None and "pairing-allocated bye" in cells[pairing.bye]


def test_result_slips_one_per_board() -> None:
    _, pairing, files = sample()
    slips = files["slips.html"].decode()
    assert slips.count("<div class=slip>") == len(pairing.boards)
    for i, b in enumerate(pairing.boards, 1):
        assert f"round {pairing.round_no} · board {i}</h3>" in slips
        assert f"({b.white})" in slips and f"({b.black})" in slips
    assert "page-break-inside: avoid" in slips and "href=slips.html" in files["index.html"].decode()


def test_final_standings_site() -> None:
    t = read_trf(SAMPLES / "open-round4.trf")
    done = t.completed_rounds
    files = final_site(t, done, "Open", choose_tiebreaks(t, None), linked=(2, 3))
    index = files["index.html"].decode()
    assert "final standings" in index and f"Final standings after round {done}" in index
    assert 'href="../Open-R3/index.html"' in index and "Open-R1" not in index and "class=here" in index
    page = files["players/1.html"].decode()
    assert "playing" not in page and "Final standings and crosstable" in page
    assert len(re.findall(r"<tr(?: class=bye)?><td>(\d+)</td>", page)) == done
    assert "slips.html" not in files


def run_event(tmp_path: Path, paired_before: int, rounds: int = 4) -> Path:
    """A 10-player event of ``rounds`` rounds whose first ``paired_before`` rounds were
    paired and played before the watcher (Swiss-Manager host, a TRF export) started;
    the watcher pairs the rest, the results come in, and it publishes the final
    standings. Returns the output folder."""
    folder = tmp_path / "in"
    folder.mkdir()
    t = replace(field_of(10, rounds=rounds, name="Open"), initial_colour=Colour.WHITE)
    for _ in range(paired_before):
        t = with_results(t, pair_tournament(t))
    w = Watcher(WatchConfig(folder, host="swiss-manager", system="dutch", stable=0))
    for r in range(paired_before + 1, rounds + 2):
        (folder / "Open.trf").write_text(write_trf(t, dialect="trf16"), encoding="utf-8")
        report = w.run_once()
        if r <= rounds:
            assert report.published == [("Open", r)], report.status
            t = with_results(t, pairing_from_pairlist(r, w.state.published["Open"][r].pairlist))
    assert report.status.startswith(f"Open: tournament finished after round {rounds}: final standings in ")
    return folder / "swissbridge-out"


def run_team_event(tmp_path: Path, paired_before: int, rounds: int = 4) -> Path:
    """A team event (C.04.6: 7 teams of 4 boards) of ``rounds`` rounds, the first
    ``paired_before`` paired and played before the watcher started; the watcher pairs
    the rest as the results come in, then publishes the final standings."""
    rng = random.Random(11)
    folder = tmp_path / "in"
    folder.mkdir()
    t = replace(random_event(rng, 7, 4, rounds, "FIDE_TEAM_TYPEA_MP_GP"), name="Teams")
    for _ in range(paired_before):
        t = play(rng, t, pair_tournament(t, system="team"))
    w = Watcher(WatchConfig(folder, host="swiss-manager", stable=0))
    for r in range(paired_before + 1, rounds + 2):
        (folder / "Teams.trf").write_text(write_trf(t, dialect="trf26"), encoding="utf-8")
        report = w.run_once()
        if r <= rounds:
            assert report.published == [("Teams", r)], report.status
            t = play(rng, t, pairing_from_pairlist(r, w.state.published["Teams"][r].pairlist))
    assert report.status.startswith(f"Teams: tournament finished after round {rounds}: final standings in ")
    return folder / "swissbridge-out"


@pytest.mark.parametrize("paired_before", [0, 2])
def test_no_dangling_link_in_a_team_event_s_pages(tmp_path: Path, paired_before: int) -> None:
    out = run_team_event(tmp_path, paired_before)
    files = published(out)
    assert {p.split("/")[0] for p in files} == {f"Teams-R{r}" for r in range(paired_before + 1, 5)} | {"Teams-R4-final"}
    assert dangling(files) == []
    assert all(f"Teams-R4-final/teams/{n}.html" in files for n in range(1, 8))


def published(out: Path) -> dict[str, bytes]:
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in out.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(out).parts)
    }


@pytest.mark.parametrize("paired_before", [0, 2])
def test_no_dangling_link_in_any_published_page(tmp_path: Path, paired_before: int) -> None:
    """The whole event as a watcher publishes it, started at round 1 or mid-event: every
    link of every page resolves, and the final standings are there (issue 24)."""
    out = run_event(tmp_path, paired_before)
    files = published(out)
    assert dangling(files) == []
    folders = {path.split("/")[0] for path in files}
    assert folders == {f"Open-R{r}" for r in range(paired_before + 1, 5)} | {"Open-R4-final"}
    final = files["Open-R4-final/index.html"].decode()
    assert "<h2 id=standings>Final standings after round 4</h2>" in final
    assert json.loads(files["Open-R4-final/standings.json"])["complete"] is True


BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
browser = pytest.mark.skipif(
    os.environ.get("SWISSBRIDGE_BROWSER") != "1" or BROWSER is None,
    reason="opt-in: SWISSBRIDGE_BROWSER=1 and chromium installed (apt-get install chromium)",
)

OVERFLOW_PROBE = """<script>
addEventListener("load", () => {
  const wide = [...document.querySelectorAll(".wrap")].map(w => {
    let cue = w.previousElementSibling;
    const cued = !!cue && cue.matches("p.cue") && getComputedStyle(cue).display !== "none";
    return {table: w.firstElementChild.className, scroll: w.scrollWidth, client: w.clientWidth,
            overflow: w.scrollWidth > w.clientWidth + 1, cued: cued,
            right: Math.round(w.getBoundingClientRect().right)};
  });
  parent.postMessage(JSON.stringify({page: document.documentElement.scrollWidth, view: innerWidth, wraps: wide}), "*");
});
</script>"""
"""Injected into a test copy of a page: what overflows at the page's width, posted to the
frame around it (:data:`PHONE`)."""

PHONE = """<!DOCTYPE html><html><body style="margin:0">
<iframe src="{page}" style="width:390px;height:844px;border:0"></iframe>
<script>addEventListener("message", e => {{
  const out = document.createElement("pre"); out.id = "probe"; out.textContent = e.data; document.body.appendChild(out);
}});</script></body></html>"""
"""A 390 px phone screen: headless Chromium's window is at least 500 px wide, so the page
is opened in a frame of the phone's width (its own viewport: media queries see 390 px)."""


def chromium(*args: str, profile: Path) -> subprocess.CompletedProcess[str]:
    assert BROWSER is not None
    base = [
        BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}", "--window-size=390,844",
        "--hide-scrollbars",
    ]  # fmt: skip
    return subprocess.run([*base, *args], capture_output=True, text=True, timeout=120, check=True)


def write(root: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)


def phone(page: Path) -> Path:
    """A test copy of ``page`` with :data:`OVERFLOW_PROBE`, in a :data:`PHONE` frame beside it."""
    copy = page.with_name(f"probe-{page.name}")
    copy.write_text(page.read_text().replace("</body>", OVERFLOW_PROBE + "</body>"))
    frame = page.with_name(f"phone-{page.name}")
    frame.write_text(PHONE.format(page=copy.name))
    return frame


def probe(page: Path, profile: Path) -> dict[str, object]:
    """The overflow of ``page`` at 390 px, measured by :data:`OVERFLOW_PROBE` in Chromium."""
    dom = chromium("--virtual-time-budget=5000", "--dump-dom", phone(page).as_uri(), profile=profile).stdout
    found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert found is not None, dom[-500:]
    result: dict[str, object] = json.loads(html.unescape(found.group(1)))
    return result


@pytest.mark.browser
@browser
def test_the_site_in_a_real_browser(tmp_path: Path) -> None:
    t, pairing, files = sample()
    root = tmp_path / f"Open-R{pairing.round_no}"
    write(root, files)
    profile = tmp_path / "profile"
    url = (root / "index.html").as_uri()
    dom = chromium("--dump-dom", url, profile=profile).stdout
    shot = tmp_path / "phone.png"
    chromium(f"--screenshot={shot}", url, profile=profile)
    assert shot.stat().st_size > 10_000 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # What a person looks for: the round, the boards, the ranks.
    assert f"round {pairing.round_no} of 5" in dom
    for i, board in enumerate(pairing.boards, 1):
        white, black = t.player(board.white).name, t.player(board.black).name
        assert re.search(rf"<td>{i}</td>.*?{re.escape(white)}.*?{re.escape(black)}", dom, re.S), i
    standings = dom.split('id="standings"')[1]
    assert re.findall(r"<tr><td>(\d+)</td>", standings)[:9] == [str(i) for i in range(1, 10)]
    player = chromium("--dump-dom", (root / f"players/{pairing.boards[0].white}.html").as_uri(), profile=profile)
    assert "playing" in player.stdout and t.player(pairing.boards[0].black).name in player.stdout


@pytest.mark.browser
@browser
def test_standings_and_crosstable_are_readable_at_390_px(tmp_path: Path) -> None:
    """At a phone's 390 px no page is wider than the screen, and every table that does
    not fit its box (the standings with their tie-breaks, the crosstable) has the visible
    cue that it scrolls sideways; screenshots of the round and of the final standings are
    kept for a person to look at (``SWISSBRIDGE_SCREENSHOTS=DIR``)."""
    out = run_event(tmp_path, 2, rounds=7)
    profile = tmp_path / "profile"
    keep = Path(os.environ.get("SWISSBRIDGE_SCREENSHOTS", tmp_path / "shots"))
    keep.mkdir(parents=True, exist_ok=True)
    pages = [
        out / "Open-R7" / "index.html",
        out / "Open-R7-final" / "index.html",
        out / "Open-R7-final" / "standings.html",
    ]
    for page in pages:
        found = probe(page, profile)
        assert found["page"] == found["view"] == 390, (page, found)
        wraps = found["wraps"]
        assert isinstance(wraps, list) and wraps
        for w in wraps:
            assert w["right"] <= 390 and (w["cued"] or not w["overflow"]), (page, w)
        shot = keep / f"{page.parent.name}-{page.stem}-390.png"
        chromium(f"--screenshot={shot}", phone(page).as_uri(), profile=profile)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    final = probe(out / "Open-R7-final" / "index.html", profile)
    assert any(w["table"] == "crosstable" and w["overflow"] and w["cued"] for w in final["wraps"])  # type: ignore[union-attr]


@pytest.mark.browser
@browser
def test_a_team_event_s_pages_are_readable_at_390_px(tmp_path: Path) -> None:
    """A team event's round, team, player and final pages at a phone's 390 px: no page
    wider than the screen, every table that does not fit cued; the round's matches and
    boards are in the DOM."""
    out = run_team_event(tmp_path, 0)
    profile = tmp_path / "profile"
    keep = Path(os.environ.get("SWISSBRIDGE_SCREENSHOTS", tmp_path / "shots"))
    keep.mkdir(parents=True, exist_ok=True)
    pages = [out / "Teams-R3" / name for name in ("index.html", "teams/1.html", "players/1.html", "slips.html")]
    pages += [out / "Teams-R4-final" / "index.html", out / "Teams-R4-final" / "teams/2.html"]
    for page in pages:
        found = probe(page, profile)
        assert found["page"] == found["view"] == 390, (page, found)
        wraps = found["wraps"]
        assert isinstance(wraps, list)
        for w in wraps:
            assert w["right"] <= 390 and (w["cued"] or not w["overflow"]), (page, w)
        shot = keep / f"team-{page.parent.name}-{page.stem}-390.png"
        chromium(f"--screenshot={shot}", phone(page).as_uri(), profile=profile)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    dom = chromium("--dump-dom", (out / "Teams-R3" / "index.html").as_uri(), profile=profile).stdout
    assert dom.count('<tr class="match">') == 3 and dom.count('<tr class="board">') == 12


def test_a_round_robin_has_its_schedule_page() -> None:
    """A round robin's site has ``schedule.html``: every round of the tables (C.05
    Annex 1), the results of the rounds played, the free round of an odd number; the
    index and the final standings link to it, and every link of it resolves."""
    from swissbridge.commands.generate import generate_tournament
    from swissbridge.publish.site import round_robin_schedule
    from swissbridge.rules.history import before_round

    full = generate_tournament(5, 5, "roundrobin", 51)
    t = before_round(full, 3)
    schedule = round_robin_schedule(t)
    assert [p.round_no for p in schedule] == [1, 2, 3, 4, 5] and all(p.bye is not None for p in schedule)
    assert sorted(p.bye for p in schedule if p.bye is not None) == [1, 2, 3, 4, 5]
    files = round_site(t, schedule[2], "RR", choose_tiebreaks(t, None), linked=(1, 2))
    page = files["schedule.html"].decode()
    assert "<a href=schedule.html>Schedule</a>" in files["index.html"].decode()
    assert [f"<h2 id=r{r}>Round {r}</h2>" in page for r in range(1, 6)] == [True] * 5
    first = schedule[0].boards[0]
    e = full.player(first.white).entry(1)
    assert e is not None and e.opponent == first.black
    score = {"1": "1–0", "=": "½–½", "0": "0–1", "+": "+ –", "-": "– +"}[e.result.value]
    assert score in page.split("<h2 id=r2>")[0] and "no game (free round)" in page
    assert page.split("<h2 id=r3>")[1].count("<td class=res></td>") == 6  # rounds 3-5 not played yet
    assert "<td class=res></td>" not in page.split("<h2 id=r3>")[0]
    earlier = {f"RR-R{r}/index.html": b"" for r in (1, 2)}
    assert dangling({**{f"RR-R3/{k}": v for k, v in files.items()}, **earlier}) == []
    final = final_site(full, 5, "RR", choose_tiebreaks(full, None), linked=(1, 2, 3, 4, 5))
    assert "schedule.html" in final and "<a href=schedule.html>" in final["index.html"].decode()
    _, _, swiss = sample()
    assert "schedule.html" not in swiss
