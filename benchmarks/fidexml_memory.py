"""Peak memory and time of streaming a large FIDE XML rating list.

Generates a synthetic ``players_list_xml`` file of the requested size (the real
list has the same element layout) and refreshes a 200-player tournament from it in
a child process, reporting the child's peak resident memory above a baseline
child that only imports the modules. The issue's budget: under 200 MB for 500 MB.

    python benchmarks/fidexml_memory.py --mb 500            # the acceptance case
    python benchmarks/fidexml_memory.py --mb 50 --keep x.xml
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYER = (
    "<player><fideid>{id}</fideid><name>Player{id:07d}, Given</name><country>{fed}</country><sex>{sex}</sex>"
    "<title>{title}</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>{rating}</rating>"
    "<games>0</games><k>20</k><rapid_rating>{rapid}</rapid_rating><rapid_games>0</rapid_games><rapid_k>20</rapid_k>"
    "<blitz_rating>{blitz}</blitz_rating><blitz_games>0</blitz_games><blitz_k>20</blitz_k>"
    "<birthday>{year}</birthday><flag>{flag}</flag></player>\n"
)
FEDS = ("GER", "FRA", "SUI", "ITA", "IND", "USA", "ESP", "NOR")


def generate(path: Path, megabytes: float) -> int:
    """Write a rating list of about ``megabytes`` MB; returns the number of players."""
    target = int(megabytes * 1024 * 1024)
    n = 0
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        fh.write('<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n')
        written = 60
        while written < target:
            n += 1
            line = PLAYER.format(
                id=100000 + n,
                fed=FEDS[n % len(FEDS)],
                sex="F" if n % 3 == 0 else "M",
                title="GM" if n % 97 == 0 else "",
                rating=1000 + n % 1800,
                rapid=1000 + (n * 7) % 1800,
                blitz=1000 + (n * 13) % 1800,
                year=1940 + n % 70,
                flag="i" if n % 11 == 0 else "",
            )
            fh.write(line)
            written += len(line)
        fh.write("</playerslist>\n")
    return n


CHILD = r"""
import json, resource, sys, time
from swissbridge.model import Player, Tournament
from swissbridge.formats.fidexml import refresh_ratings
players = tuple(Player(start_no=i + 1, name=f"P{i}", fide_id=str(100000 + 1 + i * 997)) for i in range(200))
t = Tournament(players=players)
start = time.perf_counter()
result = refresh_ratings(t, sys.argv[1], kind="rapid") if sys.argv[1] != "-" else None
seconds = time.perf_counter() - start
peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"peak_kb": peak_kb, "seconds": seconds,
                  "changed": len(result.changed) if result else 0,
                  "not_found": len(result.not_found) if result else 0}))
"""


def measure(path: str) -> dict[str, float]:
    """Peak RSS (kB) and time of refreshing from ``path`` ("-" for the baseline) in a child."""
    out = subprocess.run([sys.executable, "-c", CHILD, path], check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=500.0, help="size of the generated list in MB (default 500)")
    ap.add_argument("--keep", type=Path, help="write the list here and keep it")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.keep or Path(tmp) / "players_list_xml_foa.xml"
        t0 = time.perf_counter()
        n = generate(path, args.mb)
        size = os.path.getsize(path) / 1024 / 1024
        print(f"generated {size:.0f} MB, {n} players in {time.perf_counter() - t0:.1f} s")
        base = measure("-")
        run = measure(str(path))
    growth = (run["peak_kb"] - base["peak_kb"]) / 1024
    print(f"baseline peak RSS {base['peak_kb'] / 1024:.0f} MB; with the list {run['peak_kb'] / 1024:.0f} MB")
    print(
        f"growth {growth:.1f} MB for {size:.0f} MB of XML; {run['seconds']:.1f} s "
        f"({size / max(run['seconds'], 1e-9):.0f} MB/s); {run['changed']:.0f} updated, {run['not_found']:.0f} not found"
    )
    print("PASS" if run["peak_kb"] / 1024 < 200 else "FAIL: peak above 200 MB")


if __name__ == "__main__":
    main()
