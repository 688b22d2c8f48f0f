"""Speed of the Lim system in every round of a tournament, through the command
line, process start included.

``python benchmarks/lim_rounds.py [--players 300 1000] [--rounds 9] [--seed 1]``
generates a tournament of each size paired with Lim from round 1
(:func:`swissbridge.commands.generate.generate_tournament`), writes the state before every
round as TRF and times ``swissbridge pair FILE --system lim`` on it (wall clock
and the child's CPU time, which load on the machine affects less).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from swissbridge.commands.generate import generate_tournament
from swissbridge.formats.trf import write_trf
from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing


def states(players: int, rounds: int, seed: int) -> list[Tournament]:
    """The tournament as it stood before each of its rounds was paired."""
    seen: list[Tournament] = []

    def keep(t: Tournament, r: int, _pairing: RoundPairing) -> None:
        del seen[r - 1 :]  # a failed attempt starts again from round 1
        seen.append(t)

    generate_tournament(players, rounds, "lim", seed=seed, on_round=keep)
    return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[300, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    exe = Path(sys.executable).with_name("swissbridge")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.players:
            worst = worst_cpu = 0.0
            for r, t in enumerate(states(n, args.rounds, args.seed), 1):
                src = Path(tmp) / f"p{n}-r{r}.trf"
                src.write_text(write_trf(t))
                before = os.times()
                t0 = time.perf_counter()
                proc = subprocess.run(
                    [str(exe), "pair", str(src), "--system", "lim", "--format", "pairlist", "-o", f"{src}.out"],
                    capture_output=True,
                    text=True,
                    check=False,
                )
                took = time.perf_counter() - t0
                after = os.times()
                cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
                worst, worst_cpu = max(worst, took), max(worst_cpu, cpu)
                status = "ok" if proc.returncode == 0 else f"exit {proc.returncode}: {proc.stderr.strip()}"
                print(f"{n} players, round {r}: {took:.2f} s wall, {cpu:.2f} s CPU ({status})")
            print(f"{n} players: slowest round {worst:.2f} s wall, {worst_cpu:.2f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
