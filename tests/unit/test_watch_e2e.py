"""End to end: a 7-round event driven entirely through a running watcher (results
dropped round by round, as a broadcast feed or as Swiss-Manager's TRF16 export)
ends with the same pairings as running ``swissbridge pair`` round by round."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from swissbridge.formats.pgn import parse_pgn
from swissbridge.formats.trf import parse_trf, write_trf
from swissbridge.model import Colour, Player, Result, Tournament
from swissbridge.watch.loop import Watcher
from swissbridge.watch.types import WatchConfig
from typer.testing import CliRunner

from tests.conftest import swiss_systems

ROUNDS = 7
PLAYERS = 21


@pytest.fixture(params=swiss_systems())
def system(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


def field(n: int) -> Tournament:
    players = tuple(
        Player(
            start_no=i,
            name=f"Spieler{i:02d}, Vorname",
            rating=2400 - 25 * i + (40 if i % 5 == 0 else 0),
            fide_id=str(4100000 + i),
            sex="w" if i % 4 == 0 else "m",
        )
        for i in range(1, n + 1)
    )
    return Tournament(
        players=players,
        name="Watch Open",
        total_rounds=ROUNDS,
        initial_colour=Colour.WHITE,
        headers=(("062", str(n)),),  # as Swiss-Manager writes it: a cut-short copy is recognised
    )


def outcome(round_no: int, white_elo: int, black_elo: int, board: int) -> str:
    """Deterministic results: the higher rated wins, draws on every fourth board."""
    if (board + round_no) % 4 == 0:
        return "1/2-1/2"
    return "1-0" if white_elo + 10 * (round_no % 3) >= black_elo else "0-1"


class Live:
    def __init__(self, config: WatchConfig) -> None:
        self.watcher = Watcher(config)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.watcher.watch, args=(self.stop,), daemon=True)

    def wait_for(self, condition: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return
            time.sleep(0.02)
        raise AssertionError(f"timed out waiting for {what}; status: {self.watcher.status}")


@pytest.fixture
def live_factory() -> Iterator[Callable[[WatchConfig], Live]]:
    started: list[Live] = []

    def make(config: WatchConfig) -> Live:
        live = Live(config)
        live.thread.start()
        started.append(live)
        return live

    yield make
    for live in started:
        live.stop.set()
        live.thread.join(timeout=5)


def pair_by_cli(final: Tournament, round_no: int, system: str, tmp: Path) -> str:
    """``swissbridge pair`` on the tournament as it stood before ``round_no``."""
    from swissbridge.cli.commandline import app

    before = final.with_players(replace(p, entries=p.entries[: round_no - 1]) for p in final.players)
    src = tmp / f"before-{round_no}.trf"
    src.write_text(write_trf(before))
    result = CliRunner().invoke(app, ["pair", str(src), "--system", system, "--format", "pairlist"])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_seven_rounds_from_a_pgn_feed(system: str, tmp_path: Path, live_factory: Callable[[WatchConfig], Live]) -> None:
    feed = tmp_path / "broadcast"
    feed.mkdir()
    seed = tmp_path / "Open.trf"
    seed.write_text(write_trf(field(PLAYERS)))
    out = tmp_path / "out"
    live = live_factory(
        WatchConfig(feed, host="pgn", system=system, tournament=seed, out=out, stable=0.2, debounce=0.03)
    )
    for r in range(1, ROUNDS + 1):
        pairing_pgn = out / f"Open-R{r}/Open-R{r}.pgn"
        live.wait_for(lambda p=pairing_pgn: p.exists(), f"the pairing of round {r}")
        games = parse_pgn(pairing_pgn.read_bytes())
        text = []
        for g in games:
            if g.black == "BYE":
                continue
            res = outcome(r, int(g.tag("WhiteElo") or 0), int(g.tag("BlackElo") or 0), g.round_board[1] or 0)
            tags = "".join(f'[{k} "{v}"]\n' for k, v in g.headers.items() if k != "Result")
            text.append(f'{tags}[Result "{res}"]\n\n1. d4 d5 {res}\n')
        (feed / f"round{r}").mkdir()
        # the feed is uploaded in two pieces, the second after a short pause
        body = "\n".join(text).encode()
        with open(feed / f"round{r}" / "games.pgn", "wb") as fh:
            fh.write(body[: len(body) // 2])
            fh.flush()
            time.sleep(0.05)
            fh.write(body[len(body) // 2 :])
    final_path = out / f"Open-R{ROUNDS}-final/Open-R{ROUNDS}-final.trf"
    live.wait_for(final_path.exists, "the final state")
    final = parse_trf(final_path.read_bytes())
    assert final.completed_rounds == ROUNDS
    assert all(e.result is not Result.PENDING for p in final.players for e in p.entries)
    published = live.watcher.state.published["Open"]
    assert sorted(published) == list(range(1, ROUNDS + 1))
    for r in range(1, ROUNDS + 1):
        assert published[r].pairlist == pair_by_cli(final, r, system, tmp_path), f"round {r} differs"


def test_seven_rounds_from_swiss_manager_exports(
    system: str, tmp_path: Path, live_factory: Callable[[WatchConfig], Live]
) -> None:
    host = tmp_path / "Listen"
    host.mkdir()
    out = tmp_path / "out"
    t = field(PLAYERS)
    export = host / "FIDE_Export_Open.TXT"
    export.write_text(write_trf(t, dialect="trf16"))
    live = live_factory(WatchConfig(host, system=system, out=out, stable=0.2, debounce=0.03, rounds=ROUNDS))
    for r in range(1, ROUNDS + 1):
        state = out / f"FIDE_Export_Open-R{r}/FIDE_Export_Open-R{r}.trf"
        live.wait_for(state.exists, f"the pairing of round {r}")
        time.sleep(0.05)
        t = parse_trf(state.read_bytes())
        # the arbiter enters the results in Swiss-Manager and exports again (TRF16, written in place)
        entries = {}
        from swissbridge.model import Entry

        boards = sorted(
            (p for p in t.players if (e := p.entry(r)) is not None and e.colour is Colour.WHITE),
            key=lambda p: p.start_no,
        )
        for i, p in enumerate(boards, 1):
            e = p.entry(r)
            assert e is not None and e.opponent is not None
            res = outcome(r, p.rating, t.player(e.opponent).rating, i)
            rw, rb = {"1-0": (Result.WIN, Result.LOSS), "0-1": (Result.LOSS, Result.WIN)}.get(
                res, (Result.DRAW, Result.DRAW)
            )
            entries[p.start_no] = Entry(rw, e.opponent, Colour.WHITE)
            entries[e.opponent] = Entry(rb, p.start_no, Colour.BLACK)
        t = t.with_round(r, entries)
        data = write_trf(t, dialect="trf16").encode()
        with open(export, "wb") as fh:  # rewritten in place, in chunks
            for i in range(0, len(data), 700):
                fh.write(data[i : i + 700])
                fh.flush()
                time.sleep(0.01)
    live.wait_for(lambda: f"tournament finished after round {ROUNDS}:" in live.watcher.status, "the end")
    published = live.watcher.state.published["FIDE_Export_Open"]
    assert sorted(published) == list(range(1, ROUNDS + 1))
    final = parse_trf(export.read_bytes())
    for r in range(1, ROUNDS + 1):
        assert published[r].pairlist == pair_by_cli(final, r, system, tmp_path), f"round {r} differs"


def tunx_after_round(data: bytes, n: int) -> bytes:
    """A real ``.TUNX`` as Swiss-Manager held it after round ``n``: rounds 1..n
    paired and played, later rounds without pairings (only the absences entered
    ahead, without a result yet), the settings' count of paired rounds set to
    ``n``. Built from the layout the reader documents (docs/tunx.md)."""
    from swissbridge.formats.tunx import read_layout

    layout = read_layout(data)
    out = bytearray(data)
    out[data.index(b"\x95\xff\x89\x44") + 4 + 0x11] = n  # settings byte 17: rounds paired
    block = bytearray()
    for r, (records, at) in enumerate(zip(layout.rounds, layout.counts_at, strict=True), 1):
        kept = [rec for rec in records if r <= n or rec.black == 0xFFFE]
        out[at : at + 2] = len(kept).to_bytes(2, "little")
        for rec in kept:
            raw = bytearray(data[rec.offset : rec.offset + 21])
            if r > n:
                raw[4:6] = b"\0\0"
            block += raw
    start, end = layout.rounds[0][0].offset, layout.rounds[-1][-1].offset + 21
    out[start:end] = block
    return bytes(out)


def test_swiss_manager_saving_its_tunx(tmp_path: Path, live_factory: Callable[[WatchConfig], Live]) -> None:
    """Swiss-Manager saves the .TUNX of a completed round into the watched folder
    (rewriting it in place): the import file of the next round is published, and it
    is the pairing Swiss-Manager itself made of that round in the real event
    (``sample.TUNX``, whose 7 rounds ``check`` reproduces). Saving the same file
    again publishes nothing new."""
    from swissbridge.commands.check import played_pairing
    from swissbridge.formats.swissmanager import pairing_from_rows, parse_pairing_rows
    from swissbridge.formats.tunx import parse_tunx

    from tests.conftest import shared_path

    real = shared_path("realworld", "echecsjs-tunx", "sample.TUNX").read_bytes()
    played = parse_tunx(real)
    host = tmp_path / "Turniere"
    host.mkdir()
    out = tmp_path / "out"
    saved = host / "Open.TUNX"

    def save(data: bytes) -> None:
        with open(saved, "wb") as fh:  # in place, in chunks, as a program writes a file
            for i in range(0, len(data), 4000):
                fh.write(data[i : i + 4000])
                fh.flush()
                time.sleep(0.01)

    save(tunx_after_round(real, 3))
    live = live_factory(WatchConfig(host, system="dutch", out=out, stable=0.2, debounce=0.03))
    for r in (4, 5):
        import_file = out / f"Open-R{r}/Open-R{r}-Spielerauslosung.txt"
        live.wait_for(import_file.exists, f"the import file of round {r}")
        ours = pairing_from_rows(parse_pairing_rows(import_file.read_bytes()))
        swiss_manager = played_pairing(played, r)
        assert (ours.round_no, set(ours.boards), ours.bye) == (r, set(swiss_manager.boards), swiss_manager.bye)
        if r == 4:
            # saved again unchanged: nothing new
            before = sorted(p.name for p in out.iterdir())
            stamp = import_file.stat().st_mtime_ns
            time.sleep(0.1)
            save(tunx_after_round(real, 3))
            time.sleep(0.6)
            live.wait_for(lambda: "round 4 published" in live.watcher.status, "the watcher to settle")
            assert sorted(p.name for p in out.iterdir()) == before
            assert import_file.stat().st_mtime_ns == stamp
            assert sorted(live.watcher.state.published["Open"]) == [4]
            save(tunx_after_round(real, 4))
    live.wait_for(lambda: sorted(live.watcher.state.published["Open"]) == [4, 5], "round 5 in the state")
