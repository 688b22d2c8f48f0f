"""Speed of a pairing system in every round of a tournament, through the command line,
process start included, with the public engines that pair the same system side by side.

``python benchmarks/system_rounds.py --system {dubov,burstein,lim,doubleswiss}
[--players 300 1000] [--rounds 9] [--seed 1] [--peers /work/peers] [--timeout 60]``

generates a tournament of each size paired with the system from round 1
(:func:`swissbridge.commands.generate.generate_tournament`: every player rated; a
Burstein event's seeding rounds are the Dutch system's, C.04.4.2 1.6; a Double-Swiss
round is a match of two games, ``--rounds`` counts matches), writes the state before
every round as TRF and times, on each:

* ``swissbridge pair FILE --system SYSTEM -f pairlist`` (wall clock and the child's CPU
  time);
* ``py4swiss -t FILE -e SYSTEM -p OUT`` (Dubov, Burstein) when the peers' virtualenv has
  it, on the state as the public engines read it (:func:`for_engines`);
* pairing-core's ``pair_2026`` (rulesets ``dubov-2026``, ``burstein-2026``, ``lim-2026``,
  ``double-2026``, its own budget ``--timeout``) when the peers' virtualenv has it: a
  process of the peers' Python that reads the state as the engine's request
  (:func:`round_request`, :func:`lim_request`, for a Double-Swiss :func:`match_request`)
  and calls it; the call alone is timed inside too.

swissbridge's modules are compiled to bytecode first (``bench.compile_bytecode``: an
installed copy has them so). Every child is run and timed by ``bench.run_child`` (the Dutch benchmark's: wall clock
from process start to exit, killed with its process group on ``--timeout``). Each round
prints every engine's time and whether its pairing (boards with colours, and the PAB)
is swissbridge's; each size closes with every engine's slowest round and each peer's
time as a multiple of swissbridge's (whole process against whole process), over the
rounds it answered. A peer that answers no round of a size is not run on the larger
ones.

The peers are run as commands from their own virtualenv (``python3 -m venv /work/peers
&& /work/peers/bin/pip install py4swiss pairing-core``); swissbridge never imports them.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bench import Run, compile_bytecode, parse_pairlist, run_child
from history import ascii_name
from swissbridge.commands.generate import generate_tournament, points_and_ranks
from swissbridge.formats.trf import write_trf
from swissbridge.model import Colour, Points, Tournament
from swissbridge.pairing import RoundPairing
from swissbridge.plugins.doubleswiss.rules import DoubleState
from swissbridge.plugins.lim.rules import lim_round
from swissbridge.rules.twogame import GAMES, MatchKind
from swissbridge.state import Float, build_state

PAIRING_CORE = """
import json, sys, time
from pairing_core.fide2026.api import pair_2026
from pairing_core.fide2026.models import P26Player, P26Request
with open(sys.argv[1], encoding="utf-8") as f:
    data = json.load(f)
request = P26Request(players=tuple(P26Player(**p) for p in data["players"]), ruleset=data["ruleset"],
                     round_number=data["round"], total_rounds=data["rounds"], initial_colour=data["initial"],
                     is_last_round=data["round"] == data["rounds"], maxi_tournament=data["maxi"],
                     prior_upfloats=tuple(tuple(x) for x in data["upfloats"]),
                     round_results=tuple((k, tuple(v)) for k, v in data["results"]),
                     wall_clock_seconds=data["timeout"])
t0 = time.perf_counter()
try:
    pairing = pair_2026(request)
    answer = {"ok": True, "pairs": [[p.white_id, p.black_id] for p in pairing.pairs], "bye": pairing.bye_id}
except Exception as exc:
    answer = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:90]}
answer["seconds"] = time.perf_counter() - t0
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(answer, f)
"""

Boards = set[tuple[int, int]]
"""A pairing as ``bench.parse_pairlist`` reads it: (White, Black) and ``(PAB, 0)``."""


@dataclass(frozen=True)
class Answer:
    """One engine on the state before one round."""

    seconds: float
    status: str
    """``ok``, or why there is no pairing (a timeout, an exit status, the peer's error)."""
    boards: Boards | None = None
    cpu: float | None = None
    """swissbridge's CPU time (the child's)."""
    call: float | None = None
    """pairing-core's time in ``pair_2026`` alone (``seconds`` is its whole process)."""


Engine = Callable[[Path, Tournament, int], Answer]
"""Times one engine on the state before a round (written as TRF at the path)."""


@dataclass(frozen=True)
class System:
    """A system as the peers name it, and the request pairing-core reads for it."""

    py4swiss: str | None
    """py4swiss's ``-e`` engine (None: py4swiss does not pair the system)."""
    ruleset: str
    """pairing-core's 2026 ruleset."""
    request: Callable[[Tournament, int], dict[str, Any]]


def _letter(f: Float) -> str:
    return {Float.UP: "U", Float.DOWN: "D", Float.NONE: ""}[f]


def _colours(colours: tuple[Colour | None, ...]) -> str:
    return "".join("u" if c is None else "W" if c is Colour.WHITE else "B" for c in colours)


def _initial(t: Tournament) -> str:
    return "B" if t.initial_colour is Colour.BLACK else "W"


def round_request(t: Tournament, r: int) -> dict[str, Any]:
    """The state before round ``r`` of a single-game system as pairing-core's request:
    scores, colours, opponents, results (Burstein's opposition, C.04.4.2 1.7), the
    upfloat counts (Dubov 1.8) and the last two floats (Dubov, Lim)."""
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
                "colors": _colours(p.colours),
                "opponents": met,
                "unplayed": p.unplayed_rounds,
                "got_pab": not p.pab_eligible,
                "played": p.played_games,
                "last_float": _letter(p.float_before(1)),
                "prev_float": _letter(p.float_before(2)),
            }
        )
    return {
        "players": players,
        "round": r,
        "rounds": t.total_rounds,
        "initial": _initial(t),
        "results": results,
        "upfloats": [[p.start_no, p.upfloats] for p in state.present],
        "maxi": False,
    }


def lim_request(t: Tournament, r: int) -> dict[str, Any]:
    """:func:`round_request` saying whether Lim's Maxi-tournament rules apply to the
    round (3.2.3, 3.8, 5.7), as swissbridge decides it by default."""
    return round_request(t, r) | {"maxi": lim_round(t, r).maxi}


def match_request(t: Tournament, r: int) -> dict[str, Any]:
    """The state before match ``r`` of a Double-Swiss as pairing-core's request, as the
    shared corpus gives it (``../shared/corpus/double-swiss/README.md``): match scores,
    match colours (``u`` for none, 1.6), meetings, matches played, the PAB and a match won
    by forfeit ([C2]), the floats of the last two matches (1.5, the PAB a downfloat)."""
    state = DoubleState(t, r)
    start: list[dict[int, Points]] = [dict.fromkeys(state.matches, 0)]
    for k in range(r - 1):  # the scores at the start of each match
        start.append({n: start[k][n] + ms[k].points(t.points, pairing=True) for n, ms in state.matches.items()})

    def floated(n: int, back: int) -> str:
        k = r - 1 - back
        if k < 0:
            return ""
        m = state.matches[n][k]
        if m.kind is MatchKind.PAB:
            return "D"
        if m.kind is not MatchKind.PLAYED or m.opponent is None or start[k][n] == start[k][m.opponent]:
            return ""
        return "D" if start[k][n] > start[k][m.opponent] else "U"

    players = []
    for n in state.present:
        ps = state.players[n]
        kinds = [m.kind for m in state.matches[n]]
        players.append(
            {
                "id": n,
                "tpn": n,
                "score": ps.score / 10,
                "rating": t.player(n).rating or None,
                "colors": _colours(ps.colours),
                "opponents": sorted(o for o in ps.met if o in state.present),
                "unplayed": len(kinds) - ps.played,
                "got_pab": MatchKind.PAB in kinds,
                "forfeit_win": ps.pab_bar is not None and ps.pab_bar.kind is not MatchKind.PAB,
                "played": ps.played,
                "last_float": floated(n, 1),
                "prev_float": floated(n, 2),
            }
        )
    rounds = (t.total_rounds or 0) // GAMES
    data = {"players": players, "round": r, "rounds": rounds, "initial": _initial(t)}
    return data | {"results": [], "upfloats": [], "maxi": False}


SYSTEMS = {
    "dubov": System("dubov", "dubov-2026", round_request),
    "burstein": System("burstein", "burstein-2026", round_request),
    "lim": System(None, "lim-2026", lim_request),
    "doubleswiss": System(None, "double-2026", match_request),
}


def states(system: str, players: int, rounds: int, seed: int) -> list[Tournament]:
    """The tournament as it stood before each of its rounds was paired."""
    seen: list[Tournament] = []

    def keep(t: Tournament, r: int, _pairing: RoundPairing) -> None:
        del seen[r - 1 :]  # a failed attempt starts again from round 1
        seen.append(t)

    generate_tournament(players, rounds, system, seed=seed, on_round=keep)
    return seen


def for_engines(t: Tournament, r: int) -> str:
    """The state before round ``r`` as the public engines read it (as the shared corpus
    gives it to them): points and ranks after round ``r - 1`` in record 001, ASCII
    names, the rounds and initial colour as ``XXR``/``XXC`` instead of 142/152, no
    192/240."""
    t = points_and_ranks(t, t.rounds_in_file)
    t = t.with_players(replace(p, name=ascii_name(p.name)) for p in t.players)
    lines = [line for line in write_trf(t).splitlines() if line[:3] not in {"142", "152", "192", "240"}]
    extra = [f"XXR {t.total_rounds}", f"XXC {'black1' if _initial(t) == 'B' else 'white1'}"]
    return "\n".join([*lines, *(x for x in extra if not any(line.startswith(x[:3]) for line in lines))]) + "\n"


def _status(run: Run, timeout: float) -> str:
    if run.timed_out:
        return f"timeout {timeout:.0f} s"
    return "ok" if run.returncode == 0 else f"exit {run.returncode}: {run.error[:80]}"


def engines(exe: Path, system: str, peers: Path, timeout: float) -> dict[str, Engine]:
    """The engines to time, by name: swissbridge, and the peers found in ``peers`` that
    pair ``system``."""
    spec = SYSTEMS[system]

    def ours(src: Path, t: Tournament, r: int) -> Answer:
        out = src.with_suffix(".sb")
        run = run_child([str(exe), "pair", str(src), "--system", system, "-f", "pairlist", "-o", str(out)], out, 600)
        return Answer(run.seconds, _status(run, 600), parse_pairlist(run.output), run.cpu)

    found: dict[str, Engine] = {"swissbridge": ours}
    py4swiss = peers / "bin" / "py4swiss"
    if spec.py4swiss is not None and py4swiss.exists():
        engine = spec.py4swiss

        def p4(src: Path, t: Tournament, r: int) -> Answer:
            peer, out = src.with_suffix(".engines.trf"), src.with_suffix(".p4")
            peer.write_text(for_engines(t, r), encoding="ascii")
            run = run_child([str(py4swiss), "-t", str(peer), "-e", engine, "-p", str(out)], out, timeout)
            return Answer(run.seconds, _status(run, timeout), parse_pairlist(run.output))

        found["py4swiss"] = p4
    python = peers / "bin" / "python"
    probe = [str(python), "-c", "import pairing_core"]
    if python.exists() and subprocess.run(probe, capture_output=True, check=False).returncode == 0:

        def pc(src: Path, t: Tournament, r: int) -> Answer:
            script, asked, out = src.with_name("pc_pair.py"), src.with_suffix(".pc.json"), src.with_suffix(".pc")
            script.write_text(PAIRING_CORE, encoding="utf-8")
            asked.write_text(json.dumps(spec.request(t, r) | {"ruleset": spec.ruleset, "timeout": timeout}))
            run = run_child([str(python), str(script), str(asked), str(out)], out, timeout + 10)
            if run.returncode != 0 or not run.output:
                return Answer(run.seconds, _status(run, timeout + 10))
            answer = json.loads(run.output)
            if not answer["ok"]:
                return Answer(run.seconds, answer["error"], call=answer["seconds"])
            boards = {(w, b) for w, b in answer["pairs"]} | ({(answer["bye"], 0)} if answer["bye"] else set())
            return Answer(run.seconds, "ok", boards, call=answer["seconds"])

        found["pairing-core"] = pc
    return found


@dataclass
class Tally:
    """One engine over the rounds of one size."""

    answered: int = 0
    slowest: float = 0.0
    same: int = 0
    ratios: list[float] = field(default_factory=list)
    """Its time over swissbridge's, in each round both answered."""
    calls: list[float] = field(default_factory=list)
    """pairing-core's call alone, in each round it answered."""

    def summary(self, name: str, rounds: int) -> str:
        text = f"{name} answered {self.answered}/{rounds}"
        if self.answered:
            text += f", slowest {self.slowest:.2f} s"
        if name != "swissbridge" and self.ratios:
            low, high = min(self.ratios), max(self.ratios)
            text += f", {low:.1f}-{high:.1f} x swissbridge's time, same pairing in {self.same}"
        if self.calls:
            text += f" (the call alone {min(self.calls):.2f}-{max(self.calls):.2f} s)"
        return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--system", required=True, choices=sorted(SYSTEMS))
    parser.add_argument("--players", type=int, nargs="+", default=[300, 1000])
    parser.add_argument("--rounds", type=int, default=9, help="rounds (a Double-Swiss: matches)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--peers", type=Path, default=Path("/work/peers"))
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds allowed to a peer for one round")
    args = parser.parse_args(argv)
    timers = engines(Path(sys.executable).with_name("swissbridge"), args.system, args.peers, args.timeout)
    print(f"swissbridge's modules {compile_bytecode(sys.executable)}", flush=True)  # as an installed copy has them
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.players:
            tally = {name: Tally() for name in timers}
            played = states(args.system, n, args.rounds, args.seed)
            for r, t in enumerate(played, 1):
                src = Path(tmp) / f"p{n}-r{r}.trf"
                src.write_text(write_trf(t), encoding="utf-8")
                answers = {name: timer(src, t, r) for name, timer in timers.items()}
                ours = answers["swissbridge"]
                row = []
                for name, a in answers.items():
                    cell = f"{name} {a.seconds:.2f} s"
                    if a.cpu is not None:
                        cell += f" ({a.cpu:.2f} s CPU)"
                    if a.call is not None:
                        cell += f" (the call {a.call:.2f} s)"
                    if a.status != "ok":
                        cell += f" ({a.status})"
                    elif name != "swissbridge":
                        cell += " (same pairing)" if a.boards == ours.boards else " (another pairing)"
                    row.append(cell)
                    if a.status == "ok":
                        k = tally[name]
                        k.answered += 1
                        k.slowest = max(k.slowest, a.seconds)
                        if a.call is not None:
                            k.calls.append(a.call)
                        if ours.status == "ok" and name != "swissbridge":
                            k.ratios.append(a.seconds / ours.seconds)
                            k.same += a.boards == ours.boards
                print(f"{args.system}, {n} players, round {r}: " + "; ".join(row), flush=True)
            print(
                f"{args.system}, {n} players, {len(played)} rounds: "
                + "; ".join(k.summary(name, len(played)) for name, k in tally.items()),
                flush=True,
            )
            for name in [name for name, k in tally.items() if name != "swissbridge" and not k.answered]:
                del timers[name]  # no answer at this size: not run on larger ones
    return 0


if __name__ == "__main__":
    sys.exit(main())
