"""Differential test of swissbridge's tie-breaks against Gacrux, FIDE's Python tool
(its ``tiebreakchecker``, run only as a command), on every tournament of the corpora
and on the real-world files (issue 18).

    .venv/bin/python benchmarks/tiebreaks_vs_gacrux.py --gacrux-python /path/to/venv/bin/python
    .venv/bin/python benchmarks/tiebreaks_vs_gacrux.py --only dutch --show 5

For every file and every tie-break it compares each player's value; it prints, per
corpus and tie-break, how many (file, player) values are identical and how many differ,
and lists the first differences (``--show``). ``--json OUT`` writes every count and
difference for docs/tiebreaks.md. Gacrux is not part of swissbridge: install it into a
separate virtualenv (``python3 -m venv peers && peers/bin/pip install gacrux``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from history import ascii_name
from swissbridge.errors import SwissbridgeError
from swissbridge.formats.trf import write_trf
from swissbridge.model import TEAM_RECORDS, EventKind
from swissbridge.rules.ranking import compute
from swissbridge.rules.tiebreaks import parse_tiebreaks
from swissbridge.systems.service import read_tournament

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

TIEBREAKS = (
    "DE,BH/C1,BH/C2,BH/M1,BH,AOB,SB/C1,SB,FB,WIN,WON,BPG,BWG,PS,REP,GE,STD,TPN,KS,ARO,ARO/C1,TPR,PTP,APRO,APPO,RTNG,AOB/F"
)
"""Every tie-break compared; DE comes right after the points, so both tools break the
same ties with it. AOB comes before FB: after Fore Buchholz, Gacrux 1.11.65 averages the
opponents' Fore Buchholz in AOB (what 2026's ``AOB/F`` asks for), not their Buchholz; AOB/F
comes last."""


def corpora() -> dict[str, list[Path]]:
    real = SHARED / "realworld"
    realworld = sorted(
        p
        for p in real.rglob("*")
        if p.is_file() and p.suffix.lower() in (".trf", ".input", ".tunx") and "incompatible" not in p.name
    )
    return {
        "dutch": sorted((SHARED / "corpus" / "dutch").glob("t*/full.trf")),
        "dutch-random": sorted((SHARED / "corpus" / "dutch-random").glob("t*/full.trf")),
        "realworld": realworld,
    }


Theirs = Fraction | None | tuple[Fraction, int]
"""A value as Gacrux wrote it: exact, no value, or (value, decimals) when it rounds."""

ROUNDED = {"AOB", "AOB/F"}
"""Tie-breaks Gacrux writes rounded (an average to 2-5 decimals) where swissbridge keeps the
exact value (C.07 8.2 states no rounding): compared at Gacrux's decimals, halves up."""


def _at(ours: Fraction | None, theirs: Theirs) -> tuple[Fraction | None, Fraction | None]:
    """(ours, theirs) comparable: a rounded Gacrux value (value, decimals) and ours rounded
    the same way."""
    if not isinstance(theirs, tuple):
        return ours, theirs
    value, places = theirs
    if ours is None:
        return None, value
    scale = 10**places
    return Fraction(int(ours * scale + Fraction(1, 2)), scale), value


def gacrux_values(
    python: str, trf: Path, codes: list[str], after_round: int, swiss: bool = False
) -> dict[int, dict[str, Theirs]]:
    """Gacrux's tiebreakchecker on ``trf`` (a TRF swissbridge wrote) after ``after_round``,
    as numbers; ``swiss`` tells it the event is a Swiss (its ``-s``)."""
    cmd = [python, "-m", "gacrux.tiebreakchecker", "-i", str(trf), "-d", "T", "-n", str(after_round)]
    cmd += ["-s"] if swiss else []
    cmd += ["-t", "PTS", *codes]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
    if out.returncode != 0 or not out.stdout.startswith("StartNo"):
        raise RuntimeError((out.stderr or out.stdout).strip().splitlines()[-1:] or ["no output"])
    lines = out.stdout.strip().splitlines()
    head = lines[0].split("\t")
    values: dict[int, dict[str, Theirs]] = {}
    for line in lines[1:]:
        cells = line.split("\t")
        if len(cells) != len(head) or not cells[0].strip().isdigit():
            continue
        row: dict[str, Theirs] = {}
        for code, cell in zip(head[2:], cells[2:], strict=True):
            cell = cell.strip()
            value = None if cell in ("", "-0") else Fraction(cell)  # it writes no value as -0
            rounded = value is not None and code in ROUNDED and "." in cell
            row[code] = (value, len(cell.split(".")[1])) if rounded and value is not None else value
        values[int(cells[0])] = row
    return values


def compare_file(
    python: str, path: Path, work: Path, swiss: bool = False, tiebreaks: str = TIEBREAKS
) -> tuple[str, dict[str, list[tuple[int, str, str]]], int]:
    """(status, {code: [(start, ours, gacrux)]} differences, players) for one file;
    ``swiss``: Gacrux is told the event is a Swiss when swissbridge takes it for one;
    ``tiebreaks``: the codes compared (default: every one of :data:`TIEBREAKS`)."""
    try:
        tournament = read_tournament(path)
    except SwissbridgeError as exc:
        return f"not read: {exc}", {}, 0
    if tournament.kind is EventKind.TEAM or any(code in TEAM_RECORDS for code, _ in tournament.headers):
        return "a team tournament (its teams' tie-breaks: docs/tiebreaks.md, Team events)", {}, 0
    codes = [tb.code for tb in parse_tiebreaks(tiebreaks)]
    standings = compute(tournament, parse_tiebreaks(tiebreaks))
    rr = standings.event.round_robin
    # Gacrux reads the file as swissbridge wrote it, so both see the same tournament
    # (the same rounds, points and ratings) whatever dialect the original is in; when it
    # refuses that copy (it checks the points column strictly), it reads the original.
    copy = work / (path.parent.name + "-" + path.stem + ".trf")
    try:
        # Names in ASCII: Gacrux reads the TRF columns in bytes, so an accented name shifts
        # the rest of the line; names count for no tie-break.
        plain = tournament.with_players(replace(p, name=ascii_name(p.name)) for p in tournament.players)
        copy.write_text(write_trf(plain, dialect="trf26"), encoding="utf-8")
        theirs = gacrux_values(python, copy, codes, standings.after_round, swiss and not rr)
    except (SwissbridgeError, RuntimeError, subprocess.TimeoutExpired):
        try:
            theirs = gacrux_values(python, path, codes, standings.after_round, swiss and not rr)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            return f"gacrux failed: {exc}", {}, 0
    diffs: dict[str, list[tuple[int, str, str]]] = defaultdict(list)
    for row in standings.rows:
        other = theirs.get(row.start_no)
        if other is None:
            continue
        for code in ["PTS", *codes]:
            ours_raw = row.points if code == "PTS" else row.values[code]
            ours, theirs_value = _at(None if ours_raw is None else Fraction(ours_raw), other.get(code))
            if ours != theirs_value:
                diffs[code].append((row.start_no, _show(ours), _show(theirs_value)))
    return "ok", dict(diffs), len(standings.rows)


def _show(v: Fraction | None) -> str:
    if v is None:
        return "none"
    return str(v.numerator) if v.denominator == 1 else f"{float(v):g}"


def summarise(
    corpus: str,
    outcomes: list[tuple[str, str, dict[str, list[tuple[int, str, str]]], int]],
    codes: list[str],
    noun: str,
    marker: str,
    show: int,
) -> dict[str, object]:
    """Print one corpus's counts per tie-break (values identical, differing, files with a
    difference, the first ``show`` differences) and return them for the JSON report.
    ``outcomes``: each file's name, status (``"ok"`` or why it was skipped), differences
    per code as (participant, ours, Gacrux's) and number of participants; ``noun`` names
    the files (``files``, ``events``), ``marker`` precedes a participant's number."""
    same: Counter[str] = Counter()
    differ: Counter[str] = Counter()
    files_differ: Counter[str] = Counter()
    listed: dict[str, list[str]] = defaultdict(list)
    skipped = []
    for name, status, diffs, participants in outcomes:
        if status != "ok":
            skipped.append(f"{name}: {status}")
            continue
        for code in codes:
            bad = diffs.get(code, [])
            differ[code] += len(bad)
            same[code] += participants - len(bad)
            files_differ[code] += bool(bad)
            listed[code].extend(f"{name} {marker}{n}: ours {a}, gacrux {b}" for n, a, b in bad)
    compared = len(outcomes) - len(skipped)
    print(f"\n== {corpus}: {compared} {noun} compared, {len(skipped)} skipped")
    for line in skipped:
        print(f"   skipped {line}")
    print(f"   {'code':8} {'identical':>10} {'differ':>7} {'files':>6}")
    for code in codes:
        print(f"   {code:8} {same[code]:>10} {differ[code]:>7} {files_differ[code]:>6}")
        for line in listed[code][:show]:
            print(f"      {line}")
    return {
        noun: compared,
        "skipped": skipped,
        "identical": dict(same),
        "differ": dict(differ),
        "files_differ": dict(files_differ),
        "differences": dict(listed),
    }


def require_gacrux(python: str) -> None:
    """Stop, saying how to install it, when ``python`` has no gacrux: every file
    would be skipped and nothing compared."""
    if subprocess.run([python, "-c", "import gacrux"], capture_output=True, check=False).returncode != 0:
        raise SystemExit(
            f"{python} has no gacrux: python3 -m venv /tmp/peers && /tmp/peers/bin/pip install gacrux, "
            "then --gacrux-python /tmp/peers/bin/python"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gacrux-python", default=sys.executable, help="a Python with gacrux installed")
    ap.add_argument("--only", help="one corpus: dutch, dutch-random or realworld")
    ap.add_argument("--limit", type=int, help="at most this many files per corpus")
    ap.add_argument("--show", type=int, default=3, help="differences listed per corpus and tie-break")
    ap.add_argument("--json", type=Path, help="write the counts and every difference here")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument(
        "--swiss",
        action="store_true",
        help="tell Gacrux (-s) when an event is a Swiss: it takes a Dutch event of n players in n-1 rounds "
        "for a round robin",
    )
    args = ap.parse_args()
    require_gacrux(args.gacrux_python)
    codes = ["PTS", *(tb.code for tb in parse_tiebreaks(TIEBREAKS))]
    report: dict[str, object] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for corpus, files in corpora().items():
            if args.only and corpus != args.only:
                continue
            files = files[: args.limit] if args.limit else files
            with ThreadPoolExecutor(args.jobs) as pool:
                results = list(pool.map(lambda f: compare_file(args.gacrux_python, f, Path(tmp), args.swiss), files))
            outcomes = [
                (str(path.relative_to(SHARED)), status, diffs, players)
                for path, (status, diffs, players) in zip(files, results, strict=True)
            ]
            report[corpus] = summarise(corpus, outcomes, codes, "files", "#", args.show)
    print(f"\n{time.perf_counter() - started:.0f} s")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
