"""``swissbridge explain``: the document, its JSON schema, the three renderings,
the command line, and the small algorithms the Dutch explanation relies on.

The golden files (read by a person) are in ``test_explain_golden.py``."""

from __future__ import annotations

import html
import itertools
import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar

import pytest
from swissbridge import plugins
from swissbridge.cli.commandline import app
from swissbridge.commands.explain import explain
from swissbridge.formats.trf import read_trf, write_trf
from swissbridge.model import Colour, Player, Tournament
from swissbridge.plugins.dutch.enumeration import best_perfect_pairing
from swissbridge.plugins.matching import max_cardinality_matching
from swissbridge.publish.explain import render, render_html, render_json, render_text
from typer.testing import CliRunner

from tests.dutch_support import build

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "explain"
SCHEMA = json.loads((ROOT / "docs" / "explain.schema.json").read_text(encoding="utf-8"))
DETAILS = {
    system: json.loads(schema.read_text(encoding="utf-8"))
    for system in plugins.shipped()
    if (schema := ROOT / "plugins" / system / "details.schema.json").exists()
}
"""The schemas of the details the shipped systems own."""


# ---------------------------------------------------------------- a tiny validator


def validate(instance: Any, schema: dict[str, Any], root: dict[str, Any] | None = None, at: str = "$") -> list[str]:
    """The JSON Schema keywords ``docs/explain.schema.json`` uses, and only those:
    ``$ref`` (to ``#/$defs/...``), ``type``, ``const``, ``enum``, ``oneOf``,
    ``properties``, ``required``, ``additionalProperties: false``, ``items``,
    ``minItems``, ``maxItems``, ``minimum``, ``pattern``. Returns the errors."""
    root = root or schema
    if "$ref" in schema:
        ref = schema["$ref"]
        assert ref.startswith("#/$defs/"), ref
        return validate(instance, root["$defs"][ref.removeprefix("#/$defs/")], root, at)
    errors: list[str] = []
    if "oneOf" in schema:
        ok = [s for s in schema["oneOf"] if not validate(instance, s, root, at)]
        if len(ok) != 1:
            errors.append(f"{at}: matches {len(ok)} of oneOf")
        return errors
    if "const" in schema and instance != schema["const"]:
        errors.append(f"{at}: {instance!r} is not {schema['const']!r}")
    if "enum" in schema and instance not in schema["enum"]:
        errors.append(f"{at}: {instance!r} not in {schema['enum']}")
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        checks = {
            "object": lambda v: isinstance(v, dict),
            "array": lambda v: isinstance(v, list),
            "string": lambda v: isinstance(v, str),
            "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
            "boolean": lambda v: isinstance(v, bool),
            "null": lambda v: v is None,
        }
        if not any(checks[t](instance) for t in types):
            return [f"{at}: {instance!r} is not of type {types}"]
    if isinstance(instance, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in instance:
                errors.append(f"{at}: missing {key!r}")
        if schema.get("additionalProperties") is False:
            errors += [f"{at}: unexpected {k!r}" for k in instance if k not in props]
        for key, sub in props.items():
            if key in instance:
                errors += validate(instance[key], sub, root, f"{at}.{key}")
    if isinstance(instance, list):
        if "minItems" in schema and len(instance) < schema["minItems"]:
            errors.append(f"{at}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(instance) > schema["maxItems"]:
            errors.append(f"{at}: more than {schema['maxItems']} items")
        if "items" in schema:
            for i, item in enumerate(instance):
                errors += validate(item, schema["items"], root, f"{at}[{i}]")
    number = isinstance(instance, int) and not isinstance(instance, bool)
    if number and "minimum" in schema and instance < schema["minimum"]:
        errors.append(f"{at}: {instance} < {schema['minimum']}")
    if isinstance(instance, str) and "pattern" in schema and not re.search(schema["pattern"], instance):
        errors.append(f"{at}: {instance!r} does not match {schema['pattern']}")
    return errors


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if "$ref" in node else []
        return own + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


@pytest.mark.parametrize("schema", [SCHEMA, *DETAILS.values()], ids=["core", *DETAILS])
def test_schema_refs_resolve_and_keywords_are_the_validated_subset(schema: dict[str, Any]) -> None:
    for ref in _refs(schema):
        assert ref.removeprefix("#/$defs/") in schema["$defs"], ref
    known = {
        "$schema", "$id", "$ref", "$defs", "title", "description", "type", "const", "enum", "oneOf",
        "properties", "required", "additionalProperties", "items", "minItems", "maxItems", "minimum", "pattern",
    }  # fmt: skip

    def keywords(node: Any, parent: str = "") -> set[str]:
        if isinstance(node, list):
            return {k for v in node for k in keywords(v)}
        if not isinstance(node, dict):
            return set()
        out = set() if parent in ("properties", "$defs") else set(node)
        return out | {k for key, v in node.items() for k in keywords(v, key)}

    assert keywords(schema) <= known


def _golden_docs() -> list[dict[str, Any]]:
    return [
        explain(read_trf(GOLDEN / f"{case}.trf"), system=system)
        for system, case in [("dutch", "t108-r03"), ("dutch", "t009-r09"), ("dutch", "t056-r08"), ("lim", "t033-r05")]
    ]


def test_documents_validate_against_the_schema() -> None:
    docs = _golden_docs()
    docs.append(explain(build(4, [], total_rounds=3)))  # round 1, even: no PAB, no floats
    docs.append(explain(build(5, ["1-3 1, 4-2 0, 5 U"], total_rounds=3), system="lim"))
    docs.append(explain(_team_event(), system="team"))  # the PAB, two brackets, an upfloater
    for doc in docs:
        assert validate(doc, SCHEMA) == []
        assert validate(json.loads(render_json(doc)), SCHEMA) == []
        assert validate(doc["details"], DETAILS[doc["system"]]) == []


def _team_event() -> Tournament:
    from tests.unit.test_team import event

    return event({1: ["   2 w 1"], 2: ["   1 b 0"], 3: ["   4 w 1"], 4: ["   3 b 0"], 5: ["0000 - U"]}, 5)


def test_the_validator_can_fail() -> None:
    doc = _golden_docs()[0]
    broken = json.loads(render_json(doc))
    del broken["boards"][0]["rule"]
    broken["players"][0]["colours"] = "WXB"
    broken["sections"][0]["sections"][0]["surprise"] = 1
    broken["version"] = 1
    broken["bye"]["score"] = 1.0
    broken["details"]["brackets"][0]["number"] = "one"
    errors = validate(broken, SCHEMA)
    assert any("missing 'rule'" in e for e in errors)
    assert any("'WXB'" in e for e in errors)
    assert any("unexpected 'surprise'" in e for e in errors)
    assert any("is not 2" in e for e in errors)
    assert any("$.bye" in e for e in errors)
    assert validate(broken["details"], DETAILS["dutch"]) != []


# ---------------------------------------------------------------- renderings


class _Tags(HTMLParser):
    VOID: ClassVar[frozenset[str]] = frozenset({"meta", "br", "hr", "img", "link", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()


def _hostile_tournament() -> Any:
    t = build(5, ["1-3 1, 4-2 =, 5 U"], total_rounds=3)
    names = {1: '<script>alert("x")</script>', 2: "Tom & Jerry", 3: "O'Brien <b>", 4: "</td></tr>", 5: "ünïcødé ♞"}
    players = tuple(Player(p.start_no, names[p.start_no], p.entries, rating=p.rating) for p in t.players)
    from dataclasses import replace

    return replace(t, players=players, name="<i>Open</i> & Co")


def test_html_is_well_formed_self_contained_and_escapes_every_name() -> None:
    page = render_html(explain(_hostile_tournament(), round_no=2))
    parser = _Tags()
    parser.feed(page)
    assert parser.errors == [] and parser.stack == []
    assert "<script" not in page and "<b>" not in page and "<i>Open" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    assert "Tom &amp; Jerry" in page and "O&#x27;Brien &lt;b&gt;" in page and "&lt;/td&gt;&lt;/tr&gt;" in page
    assert "ünïcødé ♞" in page
    assert "@media print" in page and "<style>" in page
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page)  # nothing fetched
    assert parser.tags >= {"html", "head", "body", "table", "h1", "h2"}


def test_text_json_and_html_come_from_one_document() -> None:
    doc = _golden_docs()[0]
    text, page = render_text(doc), render_html(doc)
    assert json.loads(render(doc, "json")) == doc
    words = html.unescape(re.sub(r"<[^>]+>", "", page))  # the page's text, links and tags left out
    for b in doc["boards"]:
        for r in b["reasons"]:
            assert r["text"] in text and r["text"] in words
    assert '<a href="#p2">#2</a> wants White' in page  # a player named in a sentence links to their row
    for section in doc["sections"][0]["sections"]:
        assert section["title"] in text and section["title"] in words
    for p in doc["players"]:
        assert p["name"] in text and p["name"] in page
    with pytest.raises(Exception, match="unknown explanation format"):
        render(doc, "pdf")


def test_round_one_colours_come_from_5_2_5_and_tpn_parity() -> None:
    doc = explain(build(4, [], total_rounds=3, initial=Colour.BLACK))
    boards = [(b["white"], b["black"], b["rule"]) for b in doc["boards"]]
    assert boards == [(3, 1, "5.2.5"), (2, 4, "5.2.5")]
    text = render_text(doc)
    assert "#1 has TPN 1 (odd) and gets the initial colour, Black" in text
    assert "#2 has TPN 2 (even) and gets the colour other than the initial one, White" in text
    assert doc["bye"] is None and "No PAB" in text


def test_the_answer_to_why_black_again() -> None:
    # round 3: #1 and #2 both played White then Black, #3 and #4 Black then White:
    # 1-2 and 4-3 meet with equal preferences and histories (5.2.4)
    t = build(4, ["1-3 1, 2-4 1", "4-1 0, 3-2 0"], total_rounds=3)
    doc = explain(t)
    assert [(b["white"], b["black"], b["rule"]) for b in doc["boards"]] == [(1, 2, "5.2.4"), (4, 3, "5.2.4")]
    text = render_text(doc)
    assert (
        "5.2.4: both want White with equal strength and the same played colours (WB); "
        "the higher-ranked #1 (2.0, TPN 1) gets their preference"
    ) in text
    assert "5.2.4: #2 has Black again (played colours WB)" in text
    assert "5.2.4: #4 has White again (played colours BW)" in text


def test_lim_document_follows_the_scoregroups() -> None:
    doc = _golden_docs()[3]
    details = doc["details"]
    assert doc["system"] == "lim" and "brackets" not in details and details["scoregroups"]
    assert details["median"] == "2.0" and "pab_score" not in details
    assert "median score 2.0 (2.2)" in doc["summary"]
    on_boards = {n for b in doc["boards"] for n in (b["white"], b["black"])}
    assert doc["bye"]["player"] == 4 and 4 not in on_boards
    assert {p["player"] for p in doc["bye"]["passed_over"]} == {5, 6, 7}
    final = [g for g in details["scoregroups"] if not g["blocked"]]
    in_groups = {frozenset(p) for g in final for p in g["pairs"]}
    assert {frozenset((b["white"], b["black"])) for b in doc["boards"]} <= in_groups | {
        frozenset(c["pair"]) for c in details["cracks"]
    }
    # 2.6: one floater from each side, so above first (3–1); then three from above against one: below (6–5)
    assert [c["pair"] for c in details["cracks"]] == [[3, 1], [6, 5]]
    assert "Scoregroup 2.0 — the Median Scoregroup, paired last (attempt 3)" in render_text(doc)


def test_lim_without_a_legal_pairing_still_explains() -> None:
    t = build(2, ["1-2 1"], total_rounds=3)
    doc = explain(t, system="lim")
    assert doc["pairing_found"] is False and doc["boards"] == []
    assert validate(doc, SCHEMA) == []
    assert "NO LEGAL PAIRING" in render_text(doc)


# ---------------------------------------------------------------- command line

runner = CliRunner()


def _trf(tmp_path: Path, t: Any, name: str = "t.trf") -> Path:
    path = tmp_path / name
    path.write_text(write_trf(t), encoding="utf-8")
    return path


def test_cli_explain_writes_each_format(tmp_path: Path) -> None:
    src = GOLDEN / "t108-r03.trf"
    result = runner.invoke(app, ["explain", str(src)])
    assert result.exit_code == 0, result.output
    assert result.stdout == (GOLDEN / "dutch-t108-r03.txt").read_text(encoding="utf-8")
    assert result.stderr == (  # the file has no record 192 (issue 24)
        "swissbridge: warning: record 192 names no pairing system; pairing with dutch, the default "
        "(give --system dutch to say so, or another system)\n"
    )
    out = tmp_path / "x.json"
    result = runner.invoke(app, ["explain", str(src), "--format", "json", "-o", str(out), "--system", "dutch"])
    assert result.exit_code == 0 and result.output == ""
    assert validate(json.loads(out.read_text(encoding="utf-8")), SCHEMA) == []
    page = tmp_path / "x.html"
    result = runner.invoke(app, ["explain", str(src), "-f", "html", "-o", str(page), "--system", "lim"])
    assert result.exit_code == 0
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    result = runner.invoke(app, ["explain", str(src), "--round", "2", "-f", "json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["round"] == 2


def test_cli_explain_errors(tmp_path: Path) -> None:
    src = GOLDEN / "t108-r03.trf"
    bad_system = runner.invoke(app, ["explain", str(src), "--system", "nope"])
    assert bad_system.exit_code == 2 and "unknown pairing system" in bad_system.output
    beyond = runner.invoke(app, ["explain", str(src), "--round", "6"])
    assert beyond.exit_code == 2 and "beyond the 5 rounds" in beyond.output
    missing = runner.invoke(app, ["explain", str(tmp_path / "none.trf")])
    assert missing.exit_code == 2
    blocked = _trf(tmp_path, build(2, ["1-2 1"], total_rounds=3))
    dutch = runner.invoke(app, ["explain", str(blocked)])
    assert dutch.exit_code == 1 and "NO LEGAL PAIRING" in dutch.output and "can meet nobody left" in dutch.output
    lim = runner.invoke(app, ["explain", str(blocked), "--system", "lim"])
    assert lim.exit_code == 1 and "NO LEGAL PAIRING" in lim.output


def test_pair_explain_pairs_the_round_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from swissbridge.plugins import Trace
    from swissbridge.plugins.dutch import DutchSystem

    traced: list[int | None] = []
    original = DutchSystem.trace

    def counted(self: DutchSystem, tournament: Tournament, round_no: int | None = None) -> Trace:
        traced.append(round_no)
        return original(self, tournament, round_no)

    def again(*_: object, **__: object) -> None:
        raise AssertionError("the round was paired a second time")

    monkeypatch.setattr(DutchSystem, "trace", counted)
    monkeypatch.setattr(DutchSystem, "pair", again)
    result = runner.invoke(app, ["pair", str(GOLDEN / "t108-r03.trf"), "--explain"])
    assert result.exit_code == 0, result.output
    assert "BRACKETS, from the top scoregroup down (Article 3)" in result.output
    assert "PAIRING-ALLOCATED BYE: #7" in result.output
    assert traced == [3]


# ---------------------------------------------------------------- algorithms


def _brute_max_matching(n: int, edges: set[frozenset[int]]) -> int:
    best = 0
    edge_list = [tuple(e) for e in edges]
    for k in range(n // 2, 0, -1):
        for combo in itertools.combinations(edge_list, k):
            if len({v for e in combo for v in e}) == 2 * k:
                return k
    return best


def test_max_matching_is_maximum_on_random_graphs() -> None:
    rng = random.Random(6)
    for _ in range(300):
        n = rng.randint(1, 9)
        density = rng.random()
        edges = {frozenset((a, b)) for a in range(n) for b in range(a + 1, n) if rng.random() < density}
        adj = [[b for b in range(n) if frozenset((a, b)) in edges] for a in range(n)]
        mate = max_cardinality_matching(n, adj)
        for v, m in enumerate(mate):
            if m != -1:
                assert mate[m] == v and frozenset((v, m)) in edges
        assert sum(1 for m in mate if m != -1) // 2 == _brute_max_matching(n, edges)


def _perfect_matchings(vs: list[int]) -> list[list[tuple[int, int]]]:
    if not vs:
        return [[]]
    first, rest = vs[0], vs[1:]
    out = []
    for i, w in enumerate(rest):
        for m in _perfect_matchings(rest[:i] + rest[i + 1 :]):
            out.append([(first, w), *m])
    return out


def test_best_perfect_pairing_counts_and_minimises_like_brute_force() -> None:
    rng = random.Random(21)
    for _ in range(60):
        n = rng.choice([2, 4, 6, 8])
        vs = list(range(10, 10 + n))
        table = {
            (a, b): (rng.randint(0, 1), rng.randint(0, 2)) if rng.random() < 0.8 else None
            for a in vs
            for b in vs
            if a < b
        }

        def value(
            a: int, b: int, table: dict[tuple[int, int], tuple[int, int] | None] = table
        ) -> tuple[int, ...] | None:
            return table[(min(a, b), max(a, b))]

        legal = [m for m in _perfect_matchings(vs) if all(value(a, b) is not None for a, b in m)]
        got = best_perfect_pairing(vs, value, 2)
        if not legal:
            assert got is None
            continue
        assert got is not None
        totals = [tuple(map(sum, zip(*(value(a, b) for a, b in m), strict=True))) for m in legal]  # type: ignore[arg-type]
        best = min(totals)
        assert got[0] == len(legal)
        assert got[1] == best
        assert got[2] == totals.count(best)
        witness = got[3]
        assert tuple(map(sum, zip(*(value(a, b) for a, b in witness), strict=True))) == best  # type: ignore[arg-type]
