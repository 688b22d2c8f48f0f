"""Where the Dutch engine spends one round: brackets, matchings and their sizes.

Wraps (at run time, in this process only) the engine's internal steps — building
the round context (compatibility graph), each bracket, each weighted matching and
each completability question — and prints how many there were, on how many
vertices and edges, and how long they took. Optionally a cProfile listing.

    .venv/bin/python benchmarks/profile_dutch.py --players 200
    .venv/bin/python benchmarks/profile_dutch.py some-round.trf --cprofile 25

It measures the code as it is: the names it wraps are the engine's internals
(``plugins/dutch``); a step whose name changed is reported as not instrumented.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import importlib
import pstats
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

Stats = dict[str, list[tuple[dict[str, int], float]]]


def _wrap(
    owner: Any, name: str, label: str, stats: Stats, sizes: Callable[..., dict[str, int]], with_result: bool = False
) -> bool:
    """Record every call of ``owner.name``: ``sizes(*args)`` (or ``sizes(result,
    *args)`` with ``with_result``) says how big it was."""
    original = getattr(owner, name, None)
    if original is None:
        print(f"profile: {label} not instrumented ({owner.__name__}.{name} not found)", file=sys.stderr)
        return False

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        result = None
        try:
            result = original(*args, **kwargs)
            return result
        finally:
            try:
                size = sizes(result, *args, **kwargs) if with_result else sizes(*args, **kwargs)
            except Exception:
                size = {}
            stats[label].append((size, time.perf_counter() - start))

    setattr(owner, name, wrapper)
    return True


def _module(*names: str) -> Any:
    """The first of ``names`` that can be imported (the engine's modules move)."""
    for name in names:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    return None


def instrument(stats: Stats) -> None:
    from swissbridge.plugins.dutch import bracket, completion, engine

    _wrap(engine, "build_context", "round context (state + compatibility graph)", stats, lambda *a, **k: {})
    _wrap(
        bracket.BracketSolver,
        "pair_bracket",
        "bracket",
        stats,
        lambda self, number, mdps, residents, nxt, lower, scope: {
            "MDPs": len(mdps),
            "residents": len(residents),
            "next group": len(nxt),
            "below": len(lower),
        },
    )
    search = _module("swissbridge.plugins.dutch.search")
    if search is not None and hasattr(search, "CandidateSearch"):
        _wrap(
            search.CandidateSearch,
            "run",
            "candidate search (3.6-3.7 in generation order)",
            stats,
            lambda result, self: {
                "vertices": len(self.mdps) + len(self.residents),
                "settled": int(result is not None),
            },
            with_result=True,
        )
    _wrap(
        bracket.BracketSolver,
        "optimise",
        "optimiser step (weighted matching + completion)",
        stats,
        lambda self, inner, lower, values, fields: {"vertices": len(inner)},
    )
    matching = _module("swissbridge.plugins.matching", "swissbridge.plugins.dutch.matching")
    blossom = getattr(matching, "_Blossom", None)
    if blossom is not None:
        _wrap(
            blossom,
            "solve",
            "weighted matching: blossom algorithm",
            stats,
            lambda self: {"vertices": self.n, "edges": len(self.weight)},
        )
    else:
        print("profile: the blossom algorithm is not instrumented (_Blossom not found)", file=sys.stderr)
    _wrap(
        completion.Completion,
        "complete",
        "completability ([C4]/[C5] matching)",
        stats,
        lambda self, vertices, **k: {"vertices": len(vertices)},
    )


def report(stats: Stats, total: float) -> str:
    lines = [
        f"total pairing time in process: {total:.3f} s",
        "",
        "| step | calls | seconds | vertices (max / mean) | edges (max / mean) |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, calls in stats.items():
        secs = sum(t for _, t in calls)
        cols = []
        for key in ("vertices", "edges"):
            values = [s[key] for s, _ in calls if key in s]
            cols.append(f"{max(values)} / {sum(values) / len(values):.0f}" if values else "")
        settled = [s["settled"] for s, _ in calls if "settled" in s]
        note = f" (settled {sum(settled)} of {len(settled)})" if settled else ""
        lines.append(f"| {label}{note} | {len(calls)} | {secs:.3f} | {cols[0]} | {cols[1]} |")
    brackets = stats.get("bracket", [])
    if brackets:
        lines += ["", "brackets (MDPs + residents, next scoregroup, players below; seconds):"]
        for size, secs in brackets:
            lines.append(
                f"  {size.get('MDPs', 0)} + {size.get('residents', 0)}, next {size.get('next group', 0)}, "
                f"below {size.get('below', 0)}: {secs:.3f} s"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("file", nargs="?", help="a TRF file (default: generate the benchmark round)")
    p.add_argument("--players", type=int, default=200, help="field size of the generated round (default 200)")
    p.add_argument("--cprofile", type=int, metavar="N", help="also print the N most expensive functions")
    args = p.parse_args(argv)

    from swissbridge.formats.trf import read_trf, write_trf

    if args.file:
        t = read_trf(args.file)
    else:
        from bench import SEED
        from history import build_tournament
        from swissbridge.formats.trf import parse_trf

        t = parse_trf(write_trf(build_tournament(args.players, seed=SEED + args.players), "trf26"))
    from swissbridge.plugins.dutch import pair_round

    stats: Stats = defaultdict(list)
    instrument(stats)
    profiler = cProfile.Profile() if args.cprofile else None
    start = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    pairing, _ = pair_round(t, t.next_round)
    if profiler is not None:
        profiler.disable()
    total = time.perf_counter() - start
    print(f"{len(pairing.boards)} boards, PAB {pairing.bye}")
    print(report(stats, total))
    if profiler is not None:
        print()
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(args.cprofile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
