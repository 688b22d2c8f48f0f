"""Hand-made hostile inputs for every reader, and a runner that contains each one
in a forked child with a time limit and an address-space limit, so that a reader
that explodes cannot take the test process (or the machine) with it.

Used by ``tests/stress/test_fuzz_hostile.py``; ``python tests/stress/hostile.py`` prints
the outcome of every case.
"""

from __future__ import annotations

import os
import pickle
import resource
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from swissbridge.errors import InputError  # noqa: E402

LINE = "001    1      Test0001 Player0001               2024                             0.0    1"
LINE2 = "001    2      Test0002 Player0002               2000                             0.0    2"
JSON_HEAD = '{"format": "swissbridge-tournament", "version": 1, '


def _trf(*lines: str) -> bytes:
    return ("\n".join(lines) + "\n").encode()


def _pgn(tags: dict[str, str], moves: str = "1-0") -> bytes:
    return ("".join(f'[{k} "{v}"]\n' for k, v in tags.items()) + "\n" + moves + "\n").encode()


GAME = {
    "Event": "x",
    "Site": "y",
    "Date": "2026.02.01",
    "Round": "1",
    "White": "A, B",
    "Black": "C, D",
    "Result": "1-0",
}


@dataclass(frozen=True)
class Case:
    reader: str
    name: str
    data: bytes


CASES: tuple[Case, ...] = (
    # TRF: numbers beyond any tournament, lines beyond any tournament
    Case("trf", "XXR with 5000 digits", _trf("XXR " + "9" * 5000, LINE)),
    Case("trf", "142 with 5000 digits", _trf("142 " + "9" * 5000, LINE)),
    Case("trf", "XXR 10^15", _trf("XXR 999999999999999", LINE)),
    Case("trf", "240 for round 999", _trf("240 H 999    1", LINE)),
    Case("trf", "250 over 9999 players and 999 rounds", _trf("250      1.0   1 999    1 9999", LINE)),
    Case("trf", "260 naming 3000 players", _trf("260   1 999 " + " ".join(f"{i:4d}" for i in range(1, 3000)), LINE)),
    Case("trf", "a player line with 20000 rounds", _trf(LINE + "  0000 - Z" * 20000)),
    Case("trf", "an XXA line with 50000 rounds", _trf("XXA    1" + "  1.0" * 50000, LINE)),
    Case("trf", "an XXA line for player 10^12", _trf("XXA 999999999999  1.0", LINE)),
    Case("trf", "a 1 MB name", _trf("012 " + "x" * 1_000_000, LINE)),
    Case("trf", "a million blank lines", b"\n" * 1_000_000 + _trf(LINE)),
    Case("trf", "NUL bytes", _trf(LINE).replace(b" ", b"\x00")),
    Case("trf", "UTF-16 without a BOM", LINE.encode("utf-16-le")),
    # Swiss-Manager text exports
    Case("sm-players", "a header only, 100 000 separators", b"Nr;Name" + b";" * 100_000 + b"\n"),
    Case("sm-pairings", "a header only, 100 000 separators", b"Brett;Weiss" + b";" * 100_000 + b"\n"),
    # PGN
    Case("pgn", "5000 nested variations", _pgn(GAME, "1. e4 " + "(1. d4 " * 5000 + ")" * 5000 + " 1-0")),
    Case("pgn", "a 1 MB comment", _pgn(GAME, "1. e4 {" + "x" * 1_000_000 + "} 1-0")),
    Case("pgn", "10 000 games", _pgn(GAME) * 10_000),
    Case("pgn", "a 20 MB tag value", _pgn({**GAME, "White": "x" * 20_000_000})),
    Case("pgn", "a 100 kB tag value", _pgn({**GAME, "Annotator": "x" * 100_000})),
    Case("pgn", "a 20 MB movetext line", _pgn(GAME, "1. e4 " + "e5 " * 6_000_000 + "1-0")),
    Case("pgn", "200 000 comments on one line", _pgn(GAME, "1. e4 " + "{c} " * 200_000 + "1-0")),
    Case("pgn-tournament", "Round 99999999999", _pgn({**GAME, "Round": "99999999999"})),
    Case("pgn-tournament", "Round 5000 digits", _pgn({**GAME, "Round": "9" * 5000})),
    Case("pgn-tournament", "Round 100000.2", _pgn({**GAME, "Round": "100000.2"})),
    Case("pgn-tournament", "WhiteElo 5000 digits", _pgn({**GAME, "WhiteElo": "9" * 5000})),
    Case("pgn-tournament", "WhiteFideId 5000 digits", _pgn({**GAME, "WhiteFideId": "9" * 5000})),
    # FIDE XML rating list: the classic attacks
    Case(
        "fide-xml",
        "billion laughs",
        b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        + b"".join(
            f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'.encode() for i in range(1, 10)
        )
        + b"]>\n<playerslist><player><fideid>1</fideid><name>&lol9;</name></player></playerslist>",
    ),
    Case(
        "fide-xml",
        "external entity (XXE)",
        b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
        b"<playerslist><player><fideid>1</fideid><name>&e;</name></player></playerslist>",
    ),
    Case(
        "fide-xml",
        "external DTD over the network",
        b'<?xml version="1.0"?>\n<!DOCTYPE playerslist SYSTEM "http://127.0.0.1:9/evil.dtd">'
        b"<playerslist><player><fideid>1</fideid></player></playerslist>",
    ),
    Case(
        "fide-xml",
        "parameter entity",
        b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]><playerslist/>',
    ),
    Case(
        "fide-xml",
        "XInclude",
        b'<playerslist xmlns:xi="http://www.w3.org/2001/XInclude"><player><fideid>1</fideid>'
        b'<name><xi:include href="file:///etc/passwd" parse="text"/></name></player></playerslist>',
    ),
    Case(
        "fide-xml",
        "100 000 nested elements",
        b"<playerslist>" + b"<a>" * 100_000 + b"</a>" * 100_000 + b"</playerslist>",
    ),
    Case(
        "fide-xml",
        "a 20 MB text node",
        b"<playerslist><player><fideid>1</fideid><name>" + b"x" * 20_000_000 + b"</name></player></playerslist>",
    ),
    Case(
        "fide-xml",
        "a DOCTYPE after 100 kB of comment",
        b"<!--" + b"x" * 100_000 + b'--><!DOCTYPE x [<!ENTITY e "e">]><playerslist/>',
    ),
    # JSON
    Case("json", "100 000 nested lists", b"[" * 100_000 + b"]" * 100_000),
    Case(
        "json",
        "a 5000-digit start number",
        (JSON_HEAD + '"players": [{"start_no": ' + "9" * 5000 + ', "name": "x"}]}').encode(),
    ),
    Case("json", "a 5000-digit total", (JSON_HEAD + '"total_rounds": ' + "9" * 5000 + ', "players": []}').encode()),
    Case("json", "total rounds 10^12", (JSON_HEAD + '"total_rounds": 1000000000000, "players": []}').encode()),
    Case(
        "json", "NaN and Infinity", (JSON_HEAD + '"total_rounds": NaN, "players": [{"start_no": Infinity}]}').encode()
    ),
    Case("json", "1e400", (JSON_HEAD + '"total_rounds": 1e400, "players": []}').encode()),
    Case("json", "10 000 duplicate keys", ("{" + ", ".join(f'"format": "{i}"' for i in range(10_000)) + "}").encode()),
)

TIME_LIMIT = 10.0
"""Seconds one case may take."""
MEMORY_LIMIT = 512 * 1024 * 1024
"""Bytes of address space a case may add to the test process."""


@dataclass(frozen=True)
class Verdict:
    kind: str
    """``parsed``, ``input-error``, ``crash``, ``hang`` or ``memory``."""
    detail: str
    seconds: float
    rss_growth: int
    """Bytes of resident memory the case added (from the child's peak)."""


def _vm_bytes() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _rss_bytes() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def contained(fn: Callable[[bytes], object], data: bytes, *, seconds: float = TIME_LIMIT) -> Verdict:
    """Run ``fn(data)`` in a forked child limited to ``seconds`` and to
    :data:`MEMORY_LIMIT` more address space; the child's verdict."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_fd)
        try:
            base = _vm_bytes()
            resource.setrlimit(resource.RLIMIT_AS, (base + MEMORY_LIMIT, base + MEMORY_LIMIT))
            start_rss = _rss_bytes()
            signal.setitimer(signal.ITIMER_REAL, seconds)
            start = time.perf_counter()
            try:
                fn(data)
                kind, detail = "parsed", ""
            except InputError as exc:
                kind, detail = "input-error", str(exc)[:300]
            except MemoryError:
                kind, detail = "memory", f"MemoryError beyond {MEMORY_LIMIT // 2**20} MB"
            except RecursionError as exc:
                kind, detail = "crash", f"RecursionError: {exc}"[:300]
            except Exception as exc:
                kind, detail = "crash", f"{type(exc).__name__}: {exc}"[:300]
            signal.setitimer(signal.ITIMER_REAL, 0)
            elapsed = time.perf_counter() - start
            growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - start_rss
            os.write(write_fd, pickle.dumps(Verdict(kind, detail, elapsed, max(growth, 0))))
        finally:
            os._exit(0)
    os.close(write_fd)
    chunks = []
    while True:
        chunk = os.read(read_fd, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read_fd)
    _, status = os.waitpid(pid, 0)
    if chunks:
        verdict: Verdict = pickle.loads(b"".join(chunks))
        return verdict
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM:
        return Verdict("hang", f"no answer within {seconds} s", seconds, 0)
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    return Verdict("crash", f"the child died (signal {sig}, status {status})", 0.0, 0)


def reader_functions() -> dict[str, Callable[[bytes], object]]:
    from tests.stress.fuzzlib import available_readers

    return {r.name: fn for r, fn in available_readers()}


def main() -> int:
    fns = reader_functions()
    bad = 0
    for case in CASES:
        fn = fns.get(case.reader)
        if fn is None:
            print(f"[{case.reader}] {case.name}: reader not present")
            continue
        v = contained(fn, case.data)
        ok = v.kind in ("parsed", "input-error") and v.seconds < 5
        bad += not ok
        print(
            f"{'ok ' if ok else 'BAD'} [{case.reader}] {case.name}: {v.kind} in {v.seconds:.2f} s, "
            f"+{v.rss_growth // 1024} KiB for {len(case.data) // 1024} KiB: {v.detail[:150]}"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
