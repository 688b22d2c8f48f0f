"""Invariants at scale: thousands of random tournaments per pairing system, every
round of every one checked.

    python tests/stress/tournaments.py --system dutch --count 2000 [--jobs 2] [--start 0]

Each tournament is drawn by :mod:`swissbridge.commands.generate` with its own seed and
settings (6-150 players, 3-11 rounds, forfeits single and double, half- and
full-point byes, absences, late entries, withdrawals, Baku acceleration, forbidden
pairs, 3-1-0 scoring), played to the end with the system, and checked:

* every present player is on exactly one board or has the PAB; absent players are
  not paired; a PAB exactly when the number of present players is odd;
* the PAB goes to an eligible player (C.04.1 Art. 4, Dutch [C2]);
* no rematch, no forbidden pair (C.04.1 Art. 2, Dutch [C1], Lim 2.1);
* colour limits: after the round nobody has a colour difference beyond ±2 or the
  same colour three games running (Dutch [C3] with its topscorer exception in the
  last round; Lim 2.1/5.1 with Article 6, equal scores in the last round);
* the file round-trips through TRF-2026 (write, read, same tournament), and
  ``check`` with the same system reproduces every round from the file (for Dutch
  this is the agreement between ``pair`` and ``check``).

Prints one line per problem and a summary; exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def settings_for(index: int) -> tuple[int, int, int, dict[str, object]]:
    """(players, rounds, seed, options) of tournament number ``index``: varied, and
    the same for the same index on every run."""
    rng = random.Random(f"swissbridge-stress-{index}")
    size = rng.random()
    players = rng.randint(6, 20) if size < 0.45 else rng.randint(21, 60) if size < 0.9 else rng.randint(61, 150)
    rounds = rng.randint(3, min(11, players - 1))
    points = "310" if rng.random() < 1 / 7 else "standard"
    options: dict[str, object] = {
        "points": points,
        "accelerate": points == "standard" and rng.random() < 0.2,
        "forbidden_groups": rng.choice((0, 0, 0, 1, 2, 3)),
        "forfeit_rate": rng.choice((0.0, 0.01, 0.03, 0.06)),
        "double_forfeit_share": rng.choice((0.0, 0.15, 0.5)),
        "half_bye_rate": rng.choice((0.0, 0.02, 0.05, 0.1)),
        "full_bye_rate": rng.choice((0.0, 0.005, 0.02)),
        "absence_rate": rng.choice((0.0, 0.01, 0.04)),
        "late_entry_rate": rng.choice((0.0, 0.05, 0.15)),
        "withdrawal_rate": rng.choice((0.0, 0.04, 0.1)),
        "draw_rate": rng.choice((0.1, 0.35, 0.6)),
        "announce_byes": rng.random() < 0.7,
    }
    return players, rounds, rng.randrange(2**31), options


def run_one(system: str, index: int) -> dict[str, object]:
    """Generate and check one tournament; a dict of counts and problems."""
    from swissbridge.commands.check import check_tournament
    from swissbridge.commands.generate import POINTS_310, GenerateOptions, GenerationFailed, generate_tournament
    from swissbridge.formats.trf import parse_trf, write_trf
    from swissbridge.model import Colour, PointSystem, Tournament
    from swissbridge.pairing import RoundPairing
    from swissbridge.state import build_state

    players, rounds, seed, raw = settings_for(index)
    opts = dict(raw)
    opts["points"] = POINTS_310 if opts["points"] == "310" else PointSystem()
    options = GenerateOptions(**opts)  # type: ignore[arg-type]
    label = f"#{index} ({players} players, {rounds} rounds, seed {seed}, {raw})"
    counts: Counter[str] = Counter()
    problems: list[str] = []

    def hook(state_t: Tournament, r: int, pairing: RoundPairing) -> None:
        state = build_state(state_t, r)
        present = {n for n, p in state.players.items() if p.present}
        seen = [n for b in pairing.boards for n in b.players()]
        if pairing.bye is not None:
            seen.append(pairing.bye)
        where = f"{label} round {r}"
        if r == 1:
            counts["attempts"] += 1
        if len(seen) != len(set(seen)):
            problems.append(f"{where}: a player is paired twice")
        if set(seen) != present:
            problems.append(f"{where}: paired {sorted(set(seen) ^ present)} wrongly (present vs paired)")
        if (pairing.bye is not None) != (len(present) % 2 == 1):
            problems.append(f"{where}: PAB {pairing.bye} with {len(present)} present players")
        if pairing.bye is not None:
            counts["byes"] += 1
            if not state.players[pairing.bye].pab_eligible:
                problems.append(f"{where}: PAB to {pairing.bye}, who is not eligible (C.04.1 Art. 4)")
        last = state.last_round
        for b in pairing.boards:
            counts["boards"] += 1
            pw, pb = state.players[b.white], state.players[b.black]
            if b.black in pw.opponents:
                problems.append(f"{where}: {b.white} - {b.black} is a rematch")
            if state.forbidden.forbids(b.white, b.black):
                problems.append(f"{where}: {b.white} - {b.black} is a forbidden pair")
            # the last-round exceptions: Dutch topscorers (C.04.3 [C3]); Lim equal scores (Article 6)
            exempt = last and ((pw.topscorer or pb.topscorer) if system == "dutch" else pw.score == pb.score)
            if exempt:
                counts["exempt boards"] += 1
                continue
            for ps, colour in ((pw, Colour.WHITE), (pb, Colour.BLACK)):
                after = (*ps.colours, colour)
                cd = sum(1 if c is Colour.WHITE else -1 for c in after)
                if abs(cd) > 2 or (len(after) >= 3 and after[-1] is after[-2] is after[-3]):
                    problems.append(
                        f"{where}: {ps.start_no} gets {colour} on {b.white} - {b.black}: colours "
                        f"{''.join('W' if c is Colour.WHITE else 'B' for c in after)} break the colour limits"
                    )
        counts["rounds"] += 1

    start = time.perf_counter()
    try:
        t = generate_tournament(players, rounds, system, seed, options, on_round=hook)
    except GenerationFailed as exc:
        return {"index": index, "counts": {"unpairable": 1}, "problems": [], "note": f"{label}: {exc}", "seconds": 0}
    except Exception:
        return {
            "index": index,
            "counts": {"crashes": 1},
            "problems": [f"{label}: generation crashed\n{traceback.format_exc()}"],
            "seconds": time.perf_counter() - start,
        }
    generated = time.perf_counter() - start
    counts["tournaments"] += 1
    counts["abandoned attempts"] += counts["attempts"] - 1
    counts["players"] += len(t.players)
    for p in t.players:
        for e in p.entries:
            counts[e.result.name.lower()] += 1
    counts["accelerated"] += bool(t.acceleration)
    counts["with forbidden pairs"] += bool(t.forbidden)
    counts["3-1-0"] += t.points.win == 30
    try:
        text = write_trf(t, dialect="trf26")
        back = parse_trf(text)
        if back != dataclasses.replace(t, layout=back.layout, line_ending=back.line_ending):
            problems.append(f"{label}: the TRF-2026 round trip changes the tournament")
        report = check_tournament(back, system)
        for rc in report.rounds:
            if not rc.ok:
                problems.append(f"{label}: check disagrees with pair in round {rc.round_no}:\n{report.render()}")
                break
        counts["checked rounds"] += len(report.rounds)
    except Exception:
        problems.append(f"{label}: write/read/check crashed\n{traceback.format_exc()}")
        counts["crashes"] += 1
    return {
        "index": index,
        "counts": dict(counts),
        "problems": problems,
        "seconds": time.perf_counter() - start,
        "generate_seconds": generated,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--system", default="dutch")
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", type=Path, help="also write the summary here")
    args = ap.parse_args(argv)
    indices = range(args.start, args.start + args.count)
    total: Counter[str] = Counter()
    problems: list[str] = []
    notes: list[str] = []
    slowest = (0.0, -1)
    began = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = pool.map(run_one, [args.system] * len(indices), indices, chunksize=4)
            for res in results:
                _collect(res, total, problems, notes)
                slowest = max(slowest, (float(res["seconds"]), int(res["index"])))  # type: ignore[arg-type]
    else:
        for i in indices:
            res = run_one(args.system, i)
            _collect(res, total, problems, notes)
            slowest = max(slowest, (float(res["seconds"]), i))  # type: ignore[arg-type]
    elapsed = time.perf_counter() - began
    for p in problems:
        print(p)
    summary = {
        "system": args.system,
        "tournaments": args.count,
        "first_index": args.start,
        "seconds": round(elapsed, 1),
        "slowest": {"index": slowest[1], "seconds": round(slowest[0], 2)},
        "problems": len(problems),
        "counts": dict(sorted(total.items())),
        "unpairable_settings": notes[:20],
    }
    print(json.dumps(summary, indent=1))
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    return 1 if problems or total["crashes"] else 0


def _collect(res: dict[str, object], total: Counter[str], problems: list[str], notes: list[str]) -> None:
    total.update(res["counts"])  # type: ignore[arg-type]
    problems.extend(res["problems"])  # type: ignore[arg-type]
    if "note" in res:
        notes.append(str(res["note"]))
    done = total["tournaments"] + total["unpairable"] + total["crashes"]
    if done % 100 == 0:
        print(f"... {done} tournaments, {len(problems)} problems", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
