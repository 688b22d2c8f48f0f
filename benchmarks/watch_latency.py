"""Latency of ``swissbridge watch`` for a 200-player event (benchmark, not a test).

What is measured: the arbiter's export with the last result of round K lands in
the watched folder (renamed into place, as Swiss-Manager or an FTP client does);
the watcher (a real watchdog observer, Swiss-Manager workflow) must see it stay
unchanged for the stability interval, read it, pair round K+1 and write every
output (Spielerauslosung import file, TRF-2026, pairing PGN, text, HTML).

Reported, per repetition:

* ``after stable``: from the moment the file has been unchanged for the
  stability interval (its write + ``--stable``) to the last output written: the
  watcher's own latency, target under 2 s;
* ``from write``: from the write itself (includes the stability interval);
* the parts of one pass done in-process: parse, pair, render.

Usage::

    .venv/bin/python benchmarks/watch_latency.py [--players 200] [--rounds 9] [--system dutch]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--system", default="dutch")
    parser.add_argument("--stable", type=float, default=1.0, help="stability interval of the watcher (s)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds measured (K = 3, 4, ...)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    from swissbridge.commands.generate import generate_tournament
    from swissbridge.formats.trf import parse_trf, write_trf
    from swissbridge.model import Colour, Entry, Result
    from swissbridge.rules.history import before_round
    from swissbridge.systems.service import pair_tournament
    from swissbridge.watch.loop import Watcher
    from swissbridge.watch.render import round_folder, round_outputs
    from swissbridge.watch.types import WatchConfig

    print(f"generating a {args.players}-player, {args.rounds}-round event with {args.system} ...", flush=True)
    started = time.perf_counter()
    full = generate_tournament(args.players, args.rounds, args.system, args.seed)
    print(f"  done in {time.perf_counter() - started:.1f} s", flush=True)

    rows: list[tuple[int, float, float, float, float, float]] = []
    for k in range(3, 3 + args.repeat):
        complete = before_round(full, k + 1)
        complete = replace(complete, total_rounds=args.rounds)
        # the same export one result earlier: one board of round K still open
        first = next(
            p for p in complete.players if (e := p.entry(k)) is not None and e.colour is Colour.WHITE and e.played
        )
        e = first.entry(k)
        assert e is not None and e.opponent is not None
        open_ = complete.with_round(
            k,
            {
                first.start_no: Entry(Result.PENDING, e.opponent, Colour.WHITE),
                e.opponent: Entry(Result.PENDING, first.start_no, Colour.BLACK),
            },
        )
        data_open = write_trf(open_, dialect="trf26").encode()
        data_done = write_trf(complete, dialect="trf26").encode()

        # the parts of one pass, in-process
        t0 = time.perf_counter()
        parsed = parse_trf(data_done)
        t1 = time.perf_counter()
        pairing = pair_tournament(parsed, system=args.system)
        t2 = time.perf_counter()
        round_outputs("Open", parsed, pairing)
        t3 = time.perf_counter()

        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "Listen"
            folder.mkdir()
            export = folder / "FIDE_Export_Open.TXT"
            export.write_bytes(data_open)
            watcher = Watcher(WatchConfig(folder, system=args.system, stable=args.stable, debounce=0.05, rescan=30))
            stop = threading.Event()
            thread = threading.Thread(target=watcher.watch, args=(stop,), daemon=True)
            thread.start()
            deadline = time.monotonic() + 60
            while "waiting for 1 result" not in watcher.status:
                if time.monotonic() > deadline:
                    raise SystemExit(f"the watcher did not settle: {watcher.status}")
                time.sleep(0.01)
            round_dir = watcher.config.out_dir / round_folder("FIDE_Export_Open", k + 1)
            part = folder / ".FIDE_Export_Open.TXT.part"
            part.write_bytes(data_done)
            written_at = time.monotonic()
            os.replace(part, export)  # the last result lands
            while not round_dir.exists():  # published as one folder
                if time.monotonic() > deadline + 60:
                    raise SystemExit(f"no outputs: {watcher.status}")
                time.sleep(0.002)
            done_at = time.monotonic()
            stop.set()
            thread.join(timeout=5)
        from_write = done_at - written_at
        after_stable = from_write - args.stable
        rows.append((k + 1, after_stable, from_write, t1 - t0, t2 - t1, t3 - t2))
        print(
            f"round {k + 1}: after stable {after_stable * 1000:7.0f} ms | from write {from_write * 1000:7.0f} ms | "
            f"parse {(t1 - t0) * 1000:5.0f} ms, pair {(t2 - t1) * 1000:6.0f} ms, render {(t3 - t2) * 1000:5.0f} ms",
            flush=True,
        )
    worst = max(r[1] for r in rows)
    print(
        f"\n{args.players} players, {args.system}, stability interval {args.stable:g} s: "
        f"after-stable latency median {statistics.median(r[1] for r in rows) * 1000:.0f} ms, "
        f"worst {worst * 1000:.0f} ms (target < 2000 ms): {'OK' if worst < 2.0 else 'TOO SLOW'}"
    )
    return 0 if worst < 2.0 else 1


if __name__ == "__main__":
    sys.exit(main())
