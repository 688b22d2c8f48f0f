"""Differential test of swissbridge's team tie-breaks (C.07 11-13, docs/tiebreaks.md
"Team events") against Gacrux's ``tiebreakchecker`` (run only as a command), on the team
events of ``corpus/team-random`` (every state: each ``rounds/rNN.trf`` and ``full.trf``),
the 31 cases of ``realworld/bbppairings-fork-team`` and random team events played by
``tests/team_support.py`` (issue 26).

    .venv/bin/python benchmarks/team_tiebreaks_vs_gacrux.py --gacrux-python /path/to/venv/bin/python
    .venv/bin/python benchmarks/team_tiebreaks_vs_gacrux.py --only fork --show 5 --json out.json

For every file, team and tie-break it compares the value; it prints, per corpus and
tie-break, how many (file, team) values are identical and how many differ, and lists the
first differences. ``--write-golden DIR`` keeps Gacrux's values of the files compared (the
goldens of ``tests/golden/test_team_tiebreaks.py``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(1, str(ROOT))

from history import ascii_name  # noqa: E402
from swissbridge.commands.generate import pab_record  # noqa: E402
from swissbridge.errors import SwissbridgeError  # noqa: E402
from swissbridge.formats.trf import write_trf  # noqa: E402
from swissbridge.model import Tournament  # noqa: E402
from swissbridge.rules.ranking import compute_teams  # noqa: E402
from swissbridge.rules.teamtiebreaks import prepare  # noqa: E402
from swissbridge.rules.tiebreaks import Value, parse_tiebreaks  # noqa: E402
from swissbridge.systems.service import read_tournament  # noqa: E402
from tiebreaks_vs_gacrux import Theirs, _at, _show, gacrux_values, require_gacrux, summarise  # noqa: E402

from tests.team_support import played_events  # noqa: E402

SHARED = ROOT.parent / "shared"

TIEBREAKS = "MPVGP,EDE,BH/C1,BH/M1,BH,AOB,SB/C1,SB,ESB,EMMSB,EMGSB,EGMSB,EGGSB,FB,PS,WIN,WON,BPG,BWG,REP,STD,TPN,KS,BC"
"""Every team tie-break both tools compute; EDE right after the secondary score, so both
break the same ties with it (DE on its own: ``--de``). AOB before FB, as for players."""


def corpus_files(only: str | None, golden: bool = False) -> dict[str, list[Path]]:
    """The files compared; ``golden``: those of the goldens (:data:`GOLDEN_RANDOM`), every
    fifth ``full.trf`` of team-random and the fork's cases."""
    team = SHARED / "corpus" / "team-random"
    states = sorted(p for p in team.glob("t*/rounds/r*.trf") if not p.name.startswith("r01."))
    fork = sorted((SHARED / "realworld" / "bbppairings-fork-team").glob("*.trf"))
    finals = sorted(team.glob("t*/full.trf"))
    out = {"team-random": finals[::5] if golden else [*finals, *states], "fork": fork}
    return {k: v for k, v in out.items() if only in (None, k)}


GOLDEN_RANDOM = 12
"""The random events of the goldens: the first of ``played_events`` with seed 26."""


Outcome = tuple[str, dict[str, list[tuple[int, str, str]]], int, dict[int, dict[str, Theirs]]]
"""(status, {code: [(team, ours, gacrux)]} differences, teams, Gacrux's values)."""


def ours(t: Tournament, codes: list[str], after_round: int | None = None) -> tuple[int, dict[int, dict[str, Value]]]:
    """(after round, {team: {code: value}}) as swissbridge ranks the teams."""
    s = compute_teams(t, parse_tiebreaks(",".join(codes)), after_round)
    values = {r.start_no: {"PTS": r.points, **r.values} for r in s.rows}
    return s.after_round, values


def gacrux_copy(t: Tournament, pab_draw: bool = False) -> str:
    """The event as TRF-2026 for Gacrux: record 362 in the layout of record 162 (symbol in
    column 6, points in 8-10, every 9 columns), the one Gacrux reads; swissbridge keeps the
    ``TW 2.0 TD 1.0 TL 0.0`` layout of the fork's files as it read it. ``pab_draw``: when
    the file has no record 320, one stating C.04.6 1.4's PAB (a drawn match, in match and
    in game points), which Gacrux otherwise scores as its members' ``U`` entries."""
    if pab_draw and not any(code == "320" for code, _ in t.headers):
        t = pab_record(t)
    # names in ASCII: Gacrux reads the columns in bytes (as for players)
    t = t.with_players(replace(p, name=ascii_name(p.name)) for p in t.players)
    lines = write_trf(t, dialect="trf26").splitlines()
    if t.teams is not None:
        win, draw, loss = (Fraction(v, 10) for v in t.teams.match_points)
        scoring = f"362  W {float(win):3.1f}    D {float(draw):3.1f}    L {float(loss):3.1f}"
        lines = [scoring if line.startswith("362") else line for line in lines]
        # a team's name too, one character for one (the member columns follow it)
        lines = ["".join(ascii_name(c)[:1] or "?" for c in x) if x.startswith("310") else x for x in lines]
    return "\n".join(lines) + "\n"


def compare(
    python: str, name: str, t: Tournament, work: Path, codes: list[str], pab_draw: bool = False, swiss: bool = False
) -> Outcome:
    """The comparison of one event."""
    try:
        after, mine = ours(t, codes)
    except SwissbridgeError as exc:
        return f"not ranked: {exc}", {}, 0, {}
    round_robin = prepare(t, after).primary.round_robin
    if after == 0:
        return "no round played", {}, 0, {}
    copy = work / (name.replace("/", "-").replace(" ", "-") + ".trf")
    copy.write_text(gacrux_copy(t, pab_draw), encoding="utf-8")
    try:
        theirs = gacrux_values(python, copy, codes, after, swiss and not round_robin)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        return f"gacrux failed: {exc}", {}, 0, {}
    diffs: dict[str, list[tuple[int, str, str]]] = defaultdict(list)
    for team, row in mine.items():
        other = theirs.get(team)
        if other is None:
            diffs["(missing)"].append((team, "", "none"))
            continue
        for code in ["PTS", *codes]:
            value = row[code]
            a, b = _at(None if value is None else Fraction(value), other.get(code))
            if a != b:
                diffs[code].append((team, _show(a), _show(b)))
    return "ok", dict(diffs), len(mine), theirs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gacrux-python", default=sys.executable, help="a Python with gacrux installed")
    ap.add_argument("--only", help="one corpus: team-random, fork or random")
    ap.add_argument("--random", type=int, default=200, help="random events (0: none)")
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--limit", type=int, help="at most this many files per corpus")
    ap.add_argument("--show", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--de", action="store_true", help="compare DE in EDE's place")
    ap.add_argument(
        "--swiss",
        action="store_true",
        help="tell Gacrux (-s) when an event is a Swiss: it takes n teams in n-1 rounds for a round robin",
    )
    ap.add_argument(
        "--pab-draw",
        action="store_true",
        help="state C.04.6 1.4's PAB (a drawn match) as record 320 for Gacrux when a file has none",
    )
    ap.add_argument("--json", type=Path, help="write the counts and every difference here")
    ap.add_argument("--write-golden", type=Path, help="write Gacrux's values of each file compared here")
    ap.add_argument("--golden-set", action="store_true", help="only the events of the goldens")
    args = ap.parse_args()
    require_gacrux(args.gacrux_python)
    codes = [tb.code for tb in parse_tiebreaks(TIEBREAKS.replace("EDE", "DE") if args.de else TIEBREAKS)]
    sets: dict[str, list[tuple[str, Callable[[], Tournament]]]] = {}
    if args.golden_set:
        args.random, args.seed = GOLDEN_RANDOM, 26
    for corpus, files in corpus_files(args.only, args.golden_set).items():
        sets[corpus] = [(str(f.relative_to(SHARED)), lambda f=f: read_tournament(f)) for f in files]  # type: ignore[misc]
    if args.only in (None, "random") and args.random:
        sets["random"] = [(n, lambda t=t: t) for n, t in played_events(args.random, args.seed)]  # type: ignore[misc]
    report: dict[str, object] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for corpus, items in sets.items():
            items = items[: args.limit] if args.limit else items

            def one(item: tuple[str, Callable[[], Tournament]]) -> Outcome:
                name, load = item
                try:
                    t = load()
                except SwissbridgeError as exc:
                    return f"not read: {exc}", {}, 0, {}
                return compare(args.gacrux_python, name, t, Path(tmp), codes, args.pab_draw, args.swiss)

            with ThreadPoolExecutor(args.jobs) as pool:
                results = list(pool.map(one, items))
            if args.write_golden:
                for (name, _), (status, _diffs, _teams, theirs) in zip(items, results, strict=True):
                    if status == "ok":
                        _golden(args.write_golden, name, theirs)
            outcomes = [
                (name, status, diffs, teams)
                for (name, _), (status, diffs, teams, _) in zip(items, results, strict=True)
            ]
            report[corpus] = summarise(corpus, outcomes, ["PTS", *codes], "events", "team ", args.show)
    print(f"\n{time.perf_counter() - started:.0f} s")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


def _golden(folder: Path, name: str, theirs: dict[int, dict[str, Theirs]]) -> None:
    """Gacrux's values as ``{team: {code: "p/q" | null | ["p/q", decimals]}}``."""

    def text(v: Theirs) -> object:
        if isinstance(v, tuple):
            return [str(v[0]), v[1]]
        return None if v is None else str(v)

    folder.mkdir(parents=True, exist_ok=True)
    doc = {str(team): {code: text(v) for code, v in row.items()} for team, row in sorted(theirs.items())}
    (folder / (name.replace("/", "__").replace(" ", "_") + ".json")).write_text(json.dumps(doc, indent=0) + "\n")


if __name__ == "__main__":
    sys.exit(main())
