"""The reader fuzzing machinery shared by the short fuzz tests
(``tests/stress/test_fuzz_readers.py``) and the long stress run (``fuzz_readers.py``).

Every reader of a tournament file must, on any input whatsoever, either return a
model or raise :class:`swissbridge.errors.InputError` with a location; never
another exception, never hang, and never use memory out of proportion to the
input. Inputs are arbitrary bytes, and *structured mutations* of real files: line
and column edits a person or a buggy program could make (lines deleted, doubled,
swapped or spliced from another file, numbers changed, fields shifted by a column,
line ends and encodings changed, truncation).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import random
import re
import signal
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from swissbridge.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("SWISSBRIDGE_SHARED", ROOT.parent / "shared"))


# -- the readers -----------------------------------------------------------------------------------


_XML_PLAYERS = (
    ("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "", "2831", "2823", "2886", "1990", ""),
    ("4126025", "Grischuk, Alexander", "RUS", "M", "GM", "", "2732", "2717", "2766", "1983", "i"),
    ("8602980", "Hou, Yifan", "CHN", "F", "GM", "WGM", "2633", "2575", "2590", "1994", "wi"),
    ("0000042", "Müller, Jürgen", "GER", "M", "", "", "1805", "", "", "0000", ""),
)
_XML_TAGS = ("fideid", "name", "country", "sex", "title", "w_title", "rating", "rapid_rating", "blitz_rating",
             "birthday", "flag")  # fmt: skip
FIDE_XML_SAMPLE = (
    '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n'
    + "".join(
        "<player>"
        + "".join(f"<{tag}>{value}</{tag}>" for tag, value in zip(_XML_TAGS, row, strict=True))
        + "</player>\n"
        for row in _XML_PLAYERS
    )
    + "</playerslist>\n"
).encode()
"""A small FIDE rating list (the layout of ``players_list_xml_foa.xml``)."""


def _json_seeds() -> list[bytes]:
    """JSON written by the project's own writer for a few real TRF files."""
    try:
        from swissbridge.formats.jsonfmt import tournament_to_json
        from swissbridge.formats.trf import read_trf
    except ImportError:
        return []
    out = []
    for pattern in ("corpus/dutch/t00[0-3]/rounds/r03.trf", "realworld/sharly-chess/example_trf*.trf"):
        for path in sorted(SHARED.glob(pattern)):
            with contextlib.suppress(Exception):
                out.append(tournament_to_json(read_trf(path)).encode())
    return out


@dataclass(frozen=True)
class Reader:
    """A reader under test and the shared files (glob patterns under ../shared)
    that are its natural seeds.

    ``mode`` says how the bytes reach it: ``bytes`` (``function(data)``),
    ``stream`` (``function(BytesIO(data))``, the result consumed), ``path`` (the
    bytes written to a temporary file first, so sniffing is fuzzed too) or
    ``sources`` (``function([data])``)."""

    name: str
    module: str
    function: str
    seeds: tuple[str, ...] = ()
    mode: str = "bytes"
    suffix: str = ""
    synthetic: Callable[[], list[bytes]] | None = None

    def load(self) -> Callable[[bytes], object] | None:
        """The reader as a function of bytes, or ``None`` when it does not exist yet."""
        try:
            mod = importlib.import_module(self.module)
        except ImportError:
            return None
        fn = getattr(mod, self.function, None)
        if fn is None:
            return None
        if self.mode == "stream":
            return lambda data: list(fn(io.BytesIO(data)))
        if self.mode == "sources":
            return lambda data: fn([data])
        if self.mode == "path":
            folder = Path(tempfile.mkdtemp(prefix="swissbridge-fuzz-"))
            target = folder / f"input{self.suffix}"

            def via_file(data: bytes) -> object:
                target.write_bytes(data)
                return fn(target)

            return via_file
        return lambda data: fn(data)

    def seed_data(self) -> list[tuple[str, bytes]]:
        """(origin, bytes) of every seed: shared files, then synthetic ones."""
        out = [(str(p.relative_to(SHARED)), p.read_bytes()) for p in seed_files(self)]
        if self.synthetic is not None:
            out.extend((f"synthetic {self.name} #{i}", b) for i, b in enumerate(self.synthetic()))
        return out


READERS: tuple[Reader, ...] = (
    Reader(
        "trf",
        "swissbridge.formats.trf",
        "parse_trf",
        (
            "realworld/**/*.trf",
            "realworld/bbppairings/*.input",
            "corpus/dutch/t00[0-4]/rounds/r0[1-5].trf",
            "corpus/dutch-features/v00[0-5]/*.trf",
        ),
    ),
    Reader("sm-players", "swissbridge.formats.swissmanager", "parse_players", ("realworld/**/players_*.txt",)),
    Reader(
        "sm-pairings",
        "swissbridge.formats.swissmanager",
        "parse_pairing_rows",
        ("realworld/**/pairings_*.txt", "realworld/**/probe_*.txt"),
    ),
    Reader("pgn", "swissbridge.formats.pgn", "parse_pgn", ("realworld/**/*.pgn",)),
    Reader("pgn-tournament", "swissbridge.formats.pgn", "tournament_from_pgn", ("realworld/**/*.pgn",), "sources"),
    Reader(
        "fide-xml",
        "swissbridge.formats.fidexml",
        "iter_players",
        ("realworld/**/*.xml",),
        "stream",
        synthetic=lambda: [FIDE_XML_SAMPLE],
    ),
    Reader("json", "swissbridge.formats.jsonfmt", "parse_json", ("realworld/**/*.json",), synthetic=_json_seeds),
    Reader("tunx", "swissbridge.formats.tunx", "parse_tunx", ("realworld/**/*.TUNX",)),
    Reader(
        "any-file",
        "swissbridge.formats.detect",
        "read_any",
        ("realworld/**/*.trf", "realworld/**/*.txt", "realworld/**/*.pgn", "realworld/**/*.TUNX"),
        "path",
        suffix=".trf",
    ),
)


def available_readers() -> list[tuple[Reader, Callable[[bytes], object]]]:
    out = []
    for reader in READERS:
        fn = reader.load()
        if fn is not None:
            out.append((reader, fn))
    return out


def seed_files(reader: Reader, *, limit_bytes: int = 400_000) -> list[Path]:
    """The reader's own seed files that exist (small enough to fuzz quickly)."""
    found: list[Path] = []
    for pattern in reader.seeds:
        found.extend(p for p in SHARED.glob(pattern) if p.is_file() and p.stat().st_size <= limit_bytes)
    return sorted(set(found))


def shorten(data: bytes, limit: int) -> bytes:
    """The first ``limit`` bytes, cut at a line end (a big file's head keeps its structure)."""
    if len(data) <= limit:
        return data
    cut = max(data.rfind(b"\n", 0, limit), data.rfind(b"\r", 0, limit))
    return data[: cut + 1 if cut > 0 else limit]


def other_files(*, limit_bytes: int = 200_000) -> list[Path]:
    """Every real-world file: foreign formats are good hostile input for any reader."""
    root = SHARED / "realworld"
    if not root.is_dir():
        return []
    return sorted(p for p in root.rglob("*") if p.is_file() and p.stat().st_size <= limit_bytes)


# -- mutations -------------------------------------------------------------------------------------

_SPECIAL = (
    b"\x00",
    b"\xff",
    b"\xc3",
    b"\xef\xbb\xbf",
    b"\r",
    b"\n",
    b"\r\n",
    b"\t",
    b" ",
    b"-",
    b"+",
    b"=",
    b"0000",
    b"9999",
    b"99999999999999999999",
    b"-1",
    b"\xc2\xbd",
    b"1.5",
    b"0,5",
    b";",
    b'"',
    b"<",
    b"&",
    b"]]>",
    b"<!ENTITY x SYSTEM 'file:///etc/passwd'>",
    b"001",
    b"XXR",
    b"XXC",
    b"142",
    b"240 H",
    b"250",
    b"260",
    b"[Event ",
    b"{",
    b"}",
    b"\\",
    b"\x1b[2J",
    "½".encode(),
    "ü".encode("latin-1"),
)
_NUMBER = re.compile(rb"\d+")
_LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n|$)")


def _lines(data: bytes) -> list[bytes]:
    return [m.group(0) for m in _LINE.finditer(data) if m.group(0)]


def _token(rng: random.Random) -> bytes:
    if rng.random() < 0.6:
        return rng.choice(_SPECIAL)
    return rng.randbytes(rng.randint(1, 8))


def _number(rng: random.Random) -> bytes:
    return rng.choice((b"0", b"1", b"2", b"00", b"9999", b"10000", b"-3", b"99999999999", b"  7", b"1.5", b"12345678"))


def mutate(data: bytes, rng: random.Random, donors: list[bytes] | None = None) -> bytes:
    """One to four random edits of ``data``: structure-aware (lines, numbers,
    columns) most of the time, raw bytes otherwise."""
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
        data = _mutate_once(data, rng, donors or [])
    return data


def _mutate_once(data: bytes, rng: random.Random, donors: list[bytes]) -> bytes:
    lines = _lines(data)
    op = rng.randrange(15)
    if not data:
        return _token(rng)
    if op == 0:  # flip one byte
        i = rng.randrange(len(data))
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]
    if op == 1:  # insert a token
        i = rng.randrange(len(data) + 1)
        return data[:i] + _token(rng) + data[i:]
    if op == 2:  # delete a range
        i = rng.randrange(len(data))
        return data[:i] + data[i + rng.randint(1, 40) :]
    if op == 3:  # truncate
        return data[: rng.randrange(len(data))]
    if op == 4 and lines:  # delete a line
        del lines[rng.randrange(len(lines))]
        return b"".join(lines)
    if op == 5 and lines:  # duplicate a line (a few times, sometimes many)
        i = rng.randrange(len(lines))
        lines[i:i] = [lines[i]] * (rng.choice((1, 1, 2, 50)))
        return b"".join(lines)
    if op == 6 and len(lines) > 1:  # swap two lines
        i, j = rng.sample(range(len(lines)), 2)
        lines[i], lines[j] = lines[j], lines[i]
        return b"".join(lines)
    if op == 7:  # change a number
        spans = [m.span() for m in _NUMBER.finditer(data)]
        if spans:
            a, b = rng.choice(spans)
            return data[:a] + _number(rng) + data[b:]
    if op == 8 and lines:  # shift the rest of a line by a column
        i = rng.randrange(len(lines))
        line = lines[i]
        k = rng.randrange(len(line) + 1)
        lines[i] = line[:k] + b" " + line[k:] if rng.random() < 0.5 else line[:k] + line[k + 1 :]
        return b"".join(lines)
    if op == 9:  # other line ends
        text = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        return text.replace(b"\n", rng.choice((b"\r", b"\r\n", b"\n", b"\n\r", b"")))
    if op == 10 and donors:  # splice a line from another file
        donor = _lines(rng.choice(donors))
        if donor:
            lines.insert(rng.randrange(len(lines) + 1), rng.choice(donor))
            return b"".join(lines)
    if op == 11:  # re-encode
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode("latin-1").encode("utf-8")
        enc = rng.choice(("latin-1", "utf-16", "utf-8-sig", "cp1252"))
        return text.encode(enc, errors="replace")
    if op == 12 and lines:  # blank out a field: a run of characters becomes spaces
        i = rng.randrange(len(lines))
        line = lines[i]
        if line:
            a = rng.randrange(len(line))
            b = min(len(line), a + rng.randint(1, 12))
            lines[i] = line[:a] + b" " * (b - a) + line[b:]
            return b"".join(lines)
    if op == 13 and lines:  # a line from this file moved somewhere else
        line = lines.pop(rng.randrange(len(lines)))
        lines.insert(rng.randrange(len(lines) + 1), line)
        return b"".join(lines)
    # op 14 and fall-through: replace one character of a line with a random printable one
    i = rng.randrange(len(data))
    return data[:i] + bytes([rng.randrange(32, 127)]) + data[i + 1 :]


# -- running one input -----------------------------------------------------------------------------


class Hang(Exception):
    """The reader took longer than the time bound on one input."""


@contextlib.contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in this (main) thread after ``seconds``."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Outcome:
    kind: str
    """``parsed``, ``input-error``, ``crash``, ``hang`` or ``memory``."""
    detail: str = ""
    seconds: float = 0.0
    peak_bytes: int = 0
    located: bool = True


MEMORY_FACTOR = 60
"""Peak traced memory allowed per input byte (a model is bigger than its file)."""
MEMORY_FLOOR = 16 * 1024 * 1024
"""Peak memory always allowed (imports, regular expressions, small-file overhead)."""


def run_one(fn: Callable[[bytes], object], data: bytes, *, seconds: float = 2.0, memory: bool = False) -> Outcome:
    """Feed ``data`` to the reader and classify what happened. With ``memory``, the
    call is traced (tracemalloc, several times slower: the time bound is multiplied
    by 5) and its peak allocation compared with the input's size."""
    if memory:
        tracemalloc.start()
        seconds *= 5
    start = time.perf_counter()
    try:
        with time_bound(seconds):
            fn(data)
        outcome = Outcome("parsed")
    except Hang as exc:
        outcome = Outcome("hang", str(exc))
    except InputError as exc:
        located = exc.line is not None or exc.offset is not None or _whole_file_message(exc.message)
        outcome = Outcome("input-error", str(exc), located=located)
        if not exc.message.strip():
            outcome = Outcome("crash", "InputError without a message")
    except RecursionError as exc:
        outcome = Outcome("crash", f"RecursionError: {exc}")
    except Exception as exc:
        outcome = Outcome("crash", f"{type(exc).__name__}: {exc}")
    finally:
        if memory:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    outcome.seconds = time.perf_counter() - start
    if memory:
        outcome.peak_bytes = peak
        if peak > MEMORY_FLOOR + MEMORY_FACTOR * len(data) and outcome.kind != "crash":
            outcome = Outcome("memory", f"peak {peak} bytes for {len(data)} input bytes", outcome.seconds, peak)
    return outcome


_WHOLE_FILE = re.compile(
    r"^\$|player|round|start number|no .* lines?|empty|header|file|points|opponent|pair|game|record|element",
    re.IGNORECASE,
)


def _whole_file_message(message: str) -> bool:
    """An error without a line must still say where: a JSON path (``$.players[3]``),
    or the players, round, record or game concerned."""
    return bool(_WHOLE_FILE.search(message))


def describe(reader: str, origin: str, data: bytes, outcome: Outcome) -> str:
    """A reproducible account of a failure for the report to the reader's owner."""
    shown = data if len(data) <= 600 else data[:600] + b"..."
    return f"[{reader}] {outcome.kind}: {outcome.detail}\n  from {origin}, {len(data)} bytes: {shown!r}"
