"""Speed of the Lim system through the command line, process start included.

``python -m swissbridge.plugins.lim.bench [--players 300 1000] [--rounds 9]``
plays a tournament of each size with Lim (random results), writes the state
before every round as TRF and times ``swissbridge pair FILE --system lim``.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from swissbridge.model import Colour, Entry, Player, Tournament
from swissbridge.pairing import apply_pairing
from swissbridge.plugins.lim import LimSystem
from swissbridge.plugins.lim.check import _result_pair


def states(players: int, rounds: int, seed: int = 1) -> list[Tournament]:
    """The tournament before each of its rounds, paired with Lim."""
    rng = random.Random(seed)
    t = Tournament(
        players=tuple(Player(n, f"Player {n}", rating=2800 - n) for n in range(1, players + 1)),
        total_rounds=rounds,
        initial_colour=Colour.WHITE,
    )
    out = []
    system = LimSystem()
    for r in range(1, rounds + 1):
        out.append(t)
        pairing = system.pair(t, r)
        t = apply_pairing(t, pairing)
        results: dict[int, Entry] = {}
        for b in pairing.boards:
            results[b.white], results[b.black] = _result_pair(rng, b.white, b.black)
        t = t.with_round(r, results)
    return out


def main(argv: list[str] | None = None) -> int:
    from swissbridge.formats.trf import write_trf

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[300, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args(argv)
    exe = Path(sys.executable).with_name("swissbridge")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.players:
            worst = 0.0
            for r, t in enumerate(states(n, args.rounds), 1):
                src = Path(tmp) / f"p{n}-r{r}.trf"
                src.write_text(write_trf(t))
                t0 = time.perf_counter()
                proc = subprocess.run(
                    [str(exe), "pair", str(src), "--system", "lim", "--format", "pairlist", "-o", str(src) + ".out"],
                    capture_output=True,
                    text=True,
                    check=False,
                )
                took = time.perf_counter() - t0
                worst = max(worst, took)
                status = "ok" if proc.returncode == 0 else f"exit {proc.returncode}: {proc.stderr.strip()}"
                print(f"{n} players, round {r}: {took:.2f} s ({status})")
            print(f"{n} players: slowest round {worst:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
