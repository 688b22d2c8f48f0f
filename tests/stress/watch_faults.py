"""The long fault-injection run of the watcher's publication (see ``faultlib.py``):
random SIGKILLs during publication and a full disk, each followed by a restart;
then two watchers (Dutch watching, Lim ``--once``) on an output folder that is deleted.

    .venv/bin/python tests/stress/watch_faults.py --kills 300 --disk-full 40 --two-watchers 20 [--json out.json]

``--team`` runs the kill and full-disk trials on a team event's round (C.04.6).

Exit status 1 when any trial left partial or mixed outputs, a damaged state file,
a restart that did not converge, or files of two watchers.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.stress.faultlib import run, two_watchers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--disk-full", type=int, default=40)
    parser.add_argument("--two-watchers", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--team", action="store_true", help="the trials on a team event's round (C.04.6)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    start = time.monotonic()
    results = run(args.kills, args.disk_full, seed=args.seed, team=args.team)
    results["two watchers, folder deleted"] = two_watchers(args.two_watchers, seed=args.seed)
    results["seconds"] = round(time.monotonic() - start, 1)
    text = json.dumps(results, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    failed = any(isinstance(v, dict) and v["problems"] for v in results.values())
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
