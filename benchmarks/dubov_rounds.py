"""Speed of the Dubov system (C.04.4.1) in every round of a tournament, through the
command line, process start included, with the public engines side by side.

``python benchmarks/dubov_rounds.py [--players 300 1000] [--rounds 9] [--seed 1]
[--peers /work/peers] [--timeout 60]``

generates a tournament of each size paired with Dubov from round 1
(:func:`swissbridge.commands.generate.generate_tournament`, every player rated), writes
the state before every round as TRF and times, on each:

* ``swissbridge pair FILE --system dubov`` (wall clock and the child's CPU time);
* ``py4swiss -t FILE -e dubov -p OUT`` when the peers' virtualenv has it;
* pairing-core's ``pair_2026`` (ruleset ``dubov-2026``: the call alone, inside a process
  of the peers' Python fed with the state as the engine's request, the upfloat counts
  and last floats added) when the peers' virtualenv has it.

The state as the engines read it and the timing are ``burstein_rounds.py``'s. The peers
are run as commands from their own virtualenv (``python3 -m venv /work/peers &&
/work/peers/bin/pip install py4swiss pairing-core``); swissbridge never imports them.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from burstein_rounds import for_engines, request, timed
from swissbridge.commands.generate import generate_tournament
from swissbridge.formats.trf import write_trf
from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.state import Float, build_state

PAIRING_CORE = """
import json, sys, time
from pairing_core.fide2026.api import pair_2026
from pairing_core.fide2026.models import P26Player, P26Request
data = json.load(sys.stdin)
request = P26Request(players=tuple(P26Player(**p) for p in data["players"]), ruleset="dubov-2026",
                     round_number=data["round"], total_rounds=data["rounds"], initial_colour=data["initial"],
                     is_last_round=data["round"] == data["rounds"],
                     prior_upfloats=tuple(tuple(x) for x in data["upfloats"]),
                     round_results=tuple((k, tuple(v)) for k, v in data["results"]),
                     wall_clock_seconds=data["timeout"])
t0 = time.perf_counter()
try:
    pair_2026(request)
    print(json.dumps({"seconds": time.perf_counter() - t0, "ok": True}))
except Exception as exc:
    print(json.dumps({"seconds": time.perf_counter() - t0, "ok": False, "error": f"{type(exc).__name__}: {exc}"[:90]}))
"""

Engine = Callable[[Path, Tournament, int], tuple[float, str]]
"""Times one engine on the state before a round: (seconds, status)."""


def states(players: int, rounds: int, seed: int) -> list[Tournament]:
    """The tournament as it stood before each of its rounds was paired."""
    seen: list[Tournament] = []

    def keep(t: Tournament, r: int, _pairing: RoundPairing) -> None:
        del seen[r - 1 :]  # a failed attempt starts again from round 1
        seen.append(t)

    generate_tournament(players, rounds, "dubov", seed=seed, on_round=keep)
    return seen


def dubov_request(t: Tournament, r: int, timeout: float) -> str:
    """pairing-core's request: ``burstein_rounds.request`` with Dubov's upfloat counts
    (1.8) and each player's last float added."""
    data = json.loads(request(t, r, timeout))
    state = build_state(t, r)
    data["upfloats"] = [[p.start_no, p.upfloats] for p in state.present]
    letter = {Float.UP: "U", Float.DOWN: "D", Float.NONE: ""}
    for p in data["players"]:
        s = state.players[p["id"]]
        p["last_float"], p["prev_float"] = letter[s.float_before(1)], letter[s.float_before(2)]
    return json.dumps(data)


def engines(exe: Path, peers: Path, timeout: float) -> dict[str, Engine]:
    """The engines to time, by name: swissbridge, and the peers found in ``peers``."""

    def ours(src: Path, t: Tournament, r: int) -> tuple[float, str]:
        took, cpu, status, _ = timed([str(exe), "pair", str(src), "--system", "dubov", "-f", "pairlist"], 600)
        return took, f"{status}, {cpu:.2f} s CPU"

    found: dict[str, Engine] = {"swissbridge": ours}
    py4swiss = peers / "bin" / "py4swiss"
    if py4swiss.exists():

        def p4(src: Path, t: Tournament, r: int) -> tuple[float, str]:
            peer = src.with_suffix(".engines.trf")
            peer.write_text(for_engines(t, r), encoding="ascii")
            took, _, status, _ = timed([str(py4swiss), "-t", str(peer), "-e", "dubov", "-p", f"{src}.p4"], timeout)
            return took, status

        found["py4swiss"] = p4
    python = peers / "bin" / "python"
    probe = [str(python), "-c", "import pairing_core"]
    if python.exists() and subprocess.run(probe, capture_output=True, check=False).returncode == 0:

        def pc(src: Path, t: Tournament, r: int) -> tuple[float, str]:
            _, _, status, out = timed([str(python), "-c", PAIRING_CORE], timeout + 10, dubov_request(t, r, timeout))
            if status != "ok" or not out.strip():
                return timeout, status
            answer = json.loads(out)
            return answer["seconds"], "ok" if answer["ok"] else answer["error"]

        found["pairing-core"] = pc
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[300, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--peers", type=Path, default=Path("/work/peers"))
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args(argv)
    timers = engines(Path(sys.executable).with_name("swissbridge"), args.peers, args.timeout)
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.players:
            worst = dict.fromkeys(timers, 0.0)
            for r, t in enumerate(states(n, args.rounds, args.seed), 1):
                src = Path(tmp) / f"p{n}-r{r}.trf"
                src.write_text(write_trf(t), encoding="utf-8")
                row = []
                for name, timer in timers.items():
                    took, status = timer(src, t, r)
                    worst[name] = max(worst[name], took)
                    row.append(f"{name} {took:.2f} s ({status})")
                print(f"{n} players, round {r}: " + "; ".join(row), flush=True)
            print(f"{n} players, slowest round: " + ", ".join(f"{k} {v:.2f} s" for k, v in worst.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
