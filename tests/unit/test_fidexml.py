"""FIDE's XML rating list: streamed with flat memory, players refreshed by FIDE id,
and hostile XML (external entities, entity expansion, external DTDs) refused quickly
without touching files or the network. The 500 MB case is
``benchmarks/fidexml_memory.py``."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
import tracemalloc
from pathlib import Path

import pytest
from lxml import etree
from swissbridge.cli.commandline import app
from swissbridge.errors import InputError
from swissbridge.formats import fidexml
from swissbridge.formats.trf import read_trf
from swissbridge.model import Player, Tournament
from typer.testing import CliRunner

from tests.fidexml_support import LIST


def tournament() -> Tournament:
    return Tournament(
        players=(
            Player(1, "Carlsen, Magnus", rating=2800, federation="NOR", fide_id="1503014", sex="m", title="GM"),
            Player(2, "Ju, Wenjun", rating=2500, fide_id="8603006", birth="1991/01/31", title="WGM"),
            Player(3, "Toncheva, Nadya", fide_id="2924056", federation="XXX", birth="1994"),
            Player(4, "Nobody, Listed", fide_id="777", rating=1000),
            Player(5, "No, Id", rating=1200),
        )
    )


def test_parse_the_list() -> None:
    records = fidexml.parse_xml(LIST, path="list.xml")
    assert [r.fide_id for r in records] == ["1503014", "8603006", "2924056", "99"]
    ju = records[1]
    assert (ju.name, ju.federation, ju.sex, ju.rating, ju.rapid_rating, ju.blitz_rating) == (
        "Ju, Wenjun", "CHN", "F", 2560, 2536, 0,
    )  # fmt: skip
    assert ju.best_title == "GM" and records[2].best_title == "WGM" and ju.birth_year == "1991"


@pytest.mark.parametrize(("kind", "rating"), [("standard", 2830), ("rapid", 2823), ("blitz", 2886)])
def test_refresh_by_kind(tmp_path: Path, kind: str, rating: int) -> None:
    path = tmp_path / "list.xml"
    path.write_bytes(LIST)
    result = fidexml.refresh_ratings(tournament(), path, kind=kind)
    assert result.tournament.player(1).rating == rating


def test_refresh_fields_and_report(tmp_path: Path) -> None:
    path = tmp_path / "list.xml"
    path.write_bytes(LIST)
    result = fidexml.refresh_ratings(tournament(), path)
    t = result.tournament
    ju, tonch = t.player(2), t.player(3)
    assert (ju.rating, ju.title, ju.federation, ju.birth, ju.sex) == (2560, "GM", "CHN", "1991/01/31", "w")
    assert (tonch.rating, tonch.title, tonch.federation, tonch.birth, tonch.sex) == (2283, "WGM", "BUL", "1995", "w")
    assert [p.start_no for p in result.not_found] == [4]
    assert [p.start_no for p in result.without_id] == [5]
    assert t.player(4) == tournament().player(4) and t.player(5) == tournament().player(5)
    changed = {c.start_no: dict((f, (a, b)) for f, a, b in c.fields) for c in result.changed}
    assert changed[1] == {"rating": ("2800", "2830"), "birth": ("", "1990")}
    assert changed[3]["federation"] == ("XXX", "BUL")
    text = result.render()
    assert "3 player(s) updated" in text and "FIDE id 777 not in the list" in text


def test_unknown_kind() -> None:
    with pytest.raises(InputError, match="unknown rating kind"):
        fidexml.refresh_ratings(tournament(), "x.xml", kind="bullet")


def _big_list(path: Path, players: int) -> None:
    row = (
        "<player><fideid>{n}</fideid><name>Player{n}, Given</name><country>GER</country><sex>M</sex>"
        "<title></title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>{r}</rating>"
        "<games>0</games><k>20</k><rapid_rating>{r}</rapid_rating><rapid_games>0</rapid_games><rapid_k>20</rapid_k>"
        "<blitz_rating>{r}</blitz_rating><blitz_games>0</blitz_games><blitz_k>20</blitz_k>"
        "<birthday>1980</birthday><flag></flag></player>\n"
    )
    with path.open("w", encoding="utf-8") as fh:
        fh.write('<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n')
        for n in range(1, players + 1):
            fh.write(row.format(n=1000 + n, r=1000 + n % 1500))
        fh.write("</playerslist>\n")


def test_streaming_keeps_python_memory_flat(tmp_path: Path) -> None:
    """30 000 players (about 12 MB): Python allocations stay tiny because elements are
    cleared as they are read and only wanted ids become records."""
    path = tmp_path / "big.xml"
    _big_list(path, 30_000)
    tracemalloc.start()
    try:
        found = list(fidexml.scan_players(path, {"1001", "30999", "15000"}))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [r.fide_id for r in found] == ["1001", "15000", "30999"]
    assert peak < 2 * 1024 * 1024, peak


CHILD = textwrap.dedent(
    """
    import json, resource, sys
    from swissbridge.formats.fidexml import scan_players
    n = sum(1 for _ in scan_players(sys.argv[1])) if sys.argv[1] != "-" else 0
    print(json.dumps({"kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "n": n}))
    """
)


def _child(arg: str) -> dict[str, int]:
    out = subprocess.run([sys.executable, "-c", CHILD, arg], check=True, capture_output=True, text=True, timeout=120)
    result: dict[str, int] = json.loads(out.stdout)
    return result


def test_streaming_keeps_resident_memory_flat(tmp_path: Path) -> None:
    """Every record of a 24 MB list read in a child process: peak resident memory grows
    by a few MB over a child that only imports (a whole tree would take over 100)."""
    path = tmp_path / "big.xml"
    _big_list(path, 60_000)
    assert path.stat().st_size > 22 * 1024 * 1024
    base, run = _child("-"), _child(str(path))
    assert run["n"] == 60_000
    growth_mb = (run["kb"] - base["kb"]) / 1024
    assert growth_mb < 25, f"resident memory grew by {growth_mb:.1f} MB"


# -- hostile XML ---------------------------------------------------------------------------------


def _refused(data: bytes, tmp_path: Path) -> InputError:
    path = tmp_path / "evil.xml"
    path.write_bytes(data)
    start = time.perf_counter()
    with pytest.raises(InputError) as info:
        fidexml.refresh_ratings(tournament(), path)
    assert time.perf_counter() - start < 1.0
    assert info.value.line is not None
    return info.value


def test_external_entity_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    xxe = (
        f'<?xml version="1.0"?>\n<!DOCTYPE playerslist [<!ENTITY xxe SYSTEM "file://{secret}">]>\n'
        "<playerslist><player><fideid>1503014</fideid><name>&xxe;</name><country>&xxe;</country></player>"
        "</playerslist>\n"
    ).encode()
    err = _refused(xxe, tmp_path)
    assert "DTD" in err.message and err.line == 2 and "TOP-SECRET" not in str(err)


def test_billion_laughs_is_refused_quickly(tmp_path: Path) -> None:
    lines = ['<!ENTITY lol0 "lol">']
    for i in range(1, 10):
        lines.append(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">')
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE playerslist [\n' + "\n".join(lines) + "\n]>\n"
        "<playerslist><player><fideid>1</fideid><name>&lol9;</name></player></playerslist>\n"
    ).encode()
    _refused(bomb, tmp_path)


def test_external_dtd_is_not_fetched(tmp_path: Path) -> None:
    data = b'<?xml version="1.0"?>\n<!DOCTYPE playerslist SYSTEM "http://127.0.0.1:9/players.dtd">\n<playerslist/>\n'
    _refused(data, tmp_path)
    param = (
        b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]>\n<playerslist/>\n'
    )
    _refused(param, tmp_path)


def test_doctype_after_padding_is_refused(tmp_path: Path) -> None:
    data = b'<?xml version="1.0"?>\n' + b" " * 200_000 + b'\n<!DOCTYPE x [<!ENTITY a "b">]><playerslist/>\n'
    err = _refused(data, tmp_path)
    assert err.line == 3 and err.column == 1


def test_parser_options_alone_do_not_resolve_entities(tmp_path: Path) -> None:
    """Second line of defence: the parser settings themselves expand nothing external."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    xxe = (
        f'<?xml version="1.0"?><!DOCTYPE p [<!ENTITY xxe SYSTEM "file://{secret}">]>'
        "<playerslist><player><fideid>1</fideid><name>&xxe;</name></player></playerslist>"
    ).encode()
    src = tmp_path / "x.xml"
    src.write_bytes(xxe)
    texts = []
    for _, elem in etree.iterparse(str(src), events=("end",), tag="name", **fidexml._parser_options()):  # type: ignore[call-overload]
        texts.append(etree.tostring(elem))
    assert texts and all(b"TOP-SECRET" not in t for t in texts)


@pytest.mark.parametrize(
    ("data", "text"),
    [
        (LIST[:400], "malformed XML"),
        (LIST.replace(b"</name>", b"</nam>", 1), "malformed XML"),
        (LIST.replace(b"Carlsen", b"Carls\xe9n"), "malformed XML"),
    ],
)
def test_malformed_lists_are_located(data: bytes, text: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.xml"
    path.write_bytes(data)
    with pytest.raises(InputError) as info:
        fidexml.refresh_ratings(tournament(), path)
    assert text in info.value.message and info.value.line is not None and info.value.path == str(path)


# -- command line --------------------------------------------------------------------------------


def test_ratings_command(tmp_path: Path) -> None:
    from swissbridge.formats.jsonfmt import read_json, tournament_to_json

    src = tmp_path / "t.json"
    src.write_text(tournament_to_json(tournament()), encoding="utf-8")
    lst = tmp_path / "players_list_xml_foa.xml"
    lst.write_bytes(LIST)
    out = tmp_path / "out.json"
    result = CliRunner().invoke(app, ["ratings", str(src), "--list", str(lst), "--kind", "rapid", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert read_json(out).player(1).rating == 2823
    assert "FIDE id 777 not in the list" in result.output


def test_ratings_command_on_a_trf(tmp_path: Path) -> None:
    from tests.conftest import shared_path

    src = shared_path("realworld", "rochade", "swiss_manager", "round4_paired.trf")
    lst = tmp_path / "l.xml"
    lst.write_bytes(LIST)
    out = tmp_path / "o.trf"
    result = CliRunner().invoke(app, ["ratings", str(src), "--list", str(lst), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert read_trf(out).players == read_trf(src).players
    assert "9 without a FIDE id" in result.output


def test_ratings_command_refuses_an_attack(tmp_path: Path) -> None:
    src = tmp_path / "t.json"
    from swissbridge.formats.jsonfmt import tournament_to_json

    src.write_text(tournament_to_json(tournament()), encoding="utf-8")
    evil = tmp_path / "evil.xml"
    evil.write_bytes(b'<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY b "c">]><playerslist/>')
    result = CliRunner().invoke(app, ["ratings", str(src), "--list", str(evil), "-o", str(tmp_path / "o.json")])
    assert result.exit_code == 2 and f"{evil}:2:1" in result.output
