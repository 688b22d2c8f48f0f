"""Speed of the Burstein system (C.04.4.2) in every round of a tournament, through the
command line, process start included, with the public engines side by side.

``python benchmarks/burstein_rounds.py [--players 300 700 1000] [--rounds 9] [--seed 1]
[--peers /work/peers] [--timeout 60]``

generates a tournament of each size paired with Burstein from round 1
(:func:`swissbridge.commands.generate.generate_tournament`; the seeding rounds are the
Dutch system's, 1.6), writes the state before every round as TRF and times, on each:

* ``swissbridge pair FILE --system burstein`` (wall clock and the child's CPU time);
* ``py4swiss -t FILE -e burstein -p OUT`` when the peers' virtualenv has it;
* pairing-core's ``pair_2026`` (ruleset ``burstein-2026``, the call alone, inside a
  process of the peers' Python fed with the state as the engine's request: scores,
  colours, opponents, results) when the peers' virtualenv has it.

The peers are run as commands from their own virtualenv (``python3 -m venv /work/peers
&& /work/peers/bin/pip install py4swiss pairing-core``); swissbridge never imports them.
A peer that fails or runs out of ``--timeout`` is reported as such.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from history import ascii_name
from swissbridge.commands.generate import generate_tournament
from swissbridge.formats.trf import write_trf
from swissbridge.model import Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.state import build_state

PAIRING_CORE = """
import json, sys, time
from pairing_core.fide2026.api import pair_2026
from pairing_core.fide2026.models import P26Player, P26Request
data = json.load(sys.stdin)
players = tuple(P26Player(**p) for p in data["players"])
request = P26Request(players=players, ruleset="burstein-2026", round_number=data["round"],
                     total_rounds=data["rounds"], initial_colour=data["initial"],
                     round_results=tuple((k, tuple(v)) for k, v in data["results"]),
                     wall_clock_seconds=data["timeout"])
t0 = time.perf_counter()
try:
    pair_2026(request)
    print(json.dumps({"seconds": time.perf_counter() - t0, "ok": True}))
except Exception as exc:
    print(json.dumps({"seconds": time.perf_counter() - t0, "ok": False, "error": f"{type(exc).__name__}: {exc}"[:90]}))
"""


def states(players: int, rounds: int, seed: int) -> list[Tournament]:
    """The tournament as it stood before each of its rounds was paired."""
    seen: list[Tournament] = []

    def keep(t: Tournament, r: int, _pairing: RoundPairing) -> None:
        del seen[r - 1 :]  # a failed attempt starts again from round 1
        seen.append(t)

    generate_tournament(players, rounds, "burstein", seed=seed, on_round=keep)
    return seen


def for_engines(t: Tournament, r: int) -> str:
    """The state before round ``r`` as the public engines read it (as the shared corpus
    gives it to them): points and ranks after round ``r - 1`` in record 001, ASCII
    names, the rounds and initial colour as ``XXR``/``XXC`` instead of 142/152, no
    192/240."""
    scores = {p.start_no: p.score(t.points, t.rounds_in_file) for p in t.players}
    order = sorted(scores, key=lambda n: (-scores[n], n))
    rank = {n: i for i, n in enumerate(order, 1)}
    t = t.with_players(
        replace(p, name=ascii_name(p.name), stated_points=scores[p.start_no], rank=rank[p.start_no]) for p in t.players
    )
    lines = [line for line in write_trf(t).splitlines() if line[:3] not in {"142", "152", "192", "240"}]
    initial = "black1" if t.initial_colour is not None and t.initial_colour.name == "BLACK" else "white1"
    extra = [f"XXR {t.total_rounds}", f"XXC {initial}"]
    return "\n".join([*lines, *(x for x in extra if not any(line.startswith(x[:3]) for line in lines))]) + "\n"


def request(t: Tournament, r: int, timeout: float) -> str:
    """The state before round ``r`` as pairing-core's request (JSON)."""
    state = build_state(t, r)
    present = {p.start_no for p in state.present}
    players = []
    results = []
    for p in state.present:
        line = t.player(p.start_no)
        met = sorted(o for o in p.opponents if o in present)
        codes = {}
        for k in range(1, r):
            e = line.entry(k)
            if e is not None and e.played and e.opponent is not None:
                pts = t.points.pairing_points(e.result)
                codes[e.opponent] = "W" if pts == t.points.win else "D" if pts == t.points.draw else "L"
        results.append([p.start_no, [codes.get(o, "D") for o in met]])
        players.append(
            {
                "id": p.start_no,
                "tpn": p.tpn,
                "score": p.pairing_score / 10,
                "rating": p.rating or None,
                "colors": "".join("W" if c.name == "WHITE" else "B" for c in p.colours),
                "opponents": met,
                "unplayed": p.unplayed_rounds,
                "got_pab": not p.pab_eligible,
                "played": p.played_games,
            }
        )
    initial = "B" if t.initial_colour is not None and t.initial_colour.name == "BLACK" else "W"
    data = {"players": players, "round": r, "rounds": t.total_rounds, "initial": initial}
    return json.dumps({**data, "results": results, "timeout": timeout})


def timed(cmd: list[str], timeout: float, stdin: str | None = None) -> tuple[float, float, str, str]:
    """Wall clock, the child's CPU time, a status and the standard output of ``cmd``."""
    before = os.times()
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - t0, 0.0, f"timeout {timeout:.0f} s", ""
    took = time.perf_counter() - t0
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    lines = (proc.stderr or proc.stdout).strip().splitlines()
    status = "ok" if proc.returncode == 0 else f"exit {proc.returncode}: {lines[-1][:80] if lines else ''}"
    return took, cpu, status, proc.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[300, 700, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--peers", type=Path, default=Path("/work/peers"))
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args(argv)
    exe = Path(sys.executable).with_name("swissbridge")
    py4swiss = args.peers / "bin" / "py4swiss"
    peers_python = args.peers / "bin" / "python"
    has_pc = (
        peers_python.exists()
        and subprocess.run(
            [str(peers_python), "-c", "import pairing_core"], capture_output=True, check=False
        ).returncode
        == 0
    )
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.players:
            worst: dict[str, float] = {}
            for r, t in enumerate(states(n, args.rounds, args.seed), 1):
                src = Path(tmp) / f"p{n}-r{r}.trf"
                src.write_text(write_trf(t), encoding="utf-8")
                row = [f"{n} players, round {r}:"]
                took, cpu, status, _ = timed(
                    [str(exe), "pair", str(src), "--system", "burstein", "-f", "pairlist", "-o", f"{src}.sb"], 600
                )
                worst["swissbridge"] = max(worst.get("swissbridge", 0.0), took)
                row.append(f"swissbridge {took:.2f} s wall, {cpu:.2f} s CPU ({status})")
                if py4swiss.exists():
                    peer = src.with_suffix(".engines.trf")
                    peer.write_text(for_engines(t, r), encoding="ascii")
                    took, _, status, _ = timed(
                        [str(py4swiss), "-t", str(peer), "-e", "burstein", "-p", f"{src}.p4"], args.timeout
                    )
                    worst["py4swiss"] = max(worst.get("py4swiss", 0.0), took)
                    row.append(f"py4swiss {took:.2f} s ({status})")
                if has_pc:
                    _, _, status, out = timed(
                        [str(peers_python), "-c", PAIRING_CORE], args.timeout + 10, request(t, r, args.timeout)
                    )
                    if status == "ok" and out.strip():
                        answer = json.loads(out)
                        took = answer["seconds"]
                        status = "ok" if answer["ok"] else answer["error"]
                    else:
                        took = args.timeout
                    worst["pairing-core"] = max(worst.get("pairing-core", 0.0), took)
                    row.append(f"pairing-core {took:.2f} s ({status})")
                print("; ".join(row), flush=True)
            print(f"{n} players, slowest round: " + ", ".join(f"{k} {v:.2f} s" for k, v in worst.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
