"""``swissbridge explain`` of a team Swiss round (C.04.6, issue 26): the explanation is
the trace the pairing wrote as it decided, so every explained round must agree with
``pair``'s own pairing (a property over generated team events and the rounds of
``../shared/corpus/team-random``), validate against both schemas, and cite the
article behind each decision; worked examples check the words of each step."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from swissbridge.cli.commandline import app
from swissbridge.commands.explain import explain
from swissbridge.formats.trf import read_trf, write_trf
from swissbridge.model import Tournament
from swissbridge.pairing import NoLegalPairing
from swissbridge.plugins.team import TeamSystem
from swissbridge.publish.explain import render
from typer.testing import CliRunner

from tests.conftest import ROOT, SHARED
from tests.team_support import CODES, play, random_event
from tests.unit.test_explain import SCHEMA, validate
from tests.unit.test_team import event

DETAILS = json.loads((ROOT / "plugins" / "team" / "details.schema.json").read_text(encoding="utf-8"))
ROUNDS = sorted((SHARED / "corpus" / "team-random").glob("t*/rounds/r*.trf"))
PAB_RULES = {"C2", "3.4.1", "3.4.2", "3.4.3", "3.4.4"}


def agrees(t: Tournament, r: int) -> dict[str, Any]:
    """The explanation of round ``r`` checked against ``pair``'s pairing of it, made
    separately, and against the schemas; returns the document."""
    doc = explain(t, system=TeamSystem(), round_no=r)
    assert validate(doc, SCHEMA) == [] and validate(doc["details"], DETAILS) == []
    assert validate(json.loads(render(doc, "json")), SCHEMA) == []
    try:
        pairing = TeamSystem().pair(t, r)
    except NoLegalPairing:
        assert not doc["pairing_found"] and "no_legal_pairing" in doc
        return dict(doc)
    details: Any = doc["details"]
    boards = [(b["white"], b["black"]) for b in doc["boards"]]
    assert boards == [(b.white, b.black) for b in pairing.boards]
    assert (doc["bye"] or {}).get("player") == pairing.bye
    assert [(c["white"], c["black"]) for c in details["colours"]] == boards
    assert [(m["white"], m["black"]) for m in details["matches"]] == boards
    made = [frozenset(p) for b in details["brackets"] for p in b["pairs"]]
    assert sorted(made, key=sorted) == sorted((frozenset(b) for b in boards), key=sorted)
    scores = {s["team"]: s["score"] for s in details["teams"]}
    for b in details["brackets"]:
        members = {n for p in b["pairs"] for n in p}
        assert members == {*b["residents"], *b["upfloaters"]}
        assert all(scores[n] == b["score"] for n in b["residents"])
        assert all(float(scores[n]) < float(b["score"]) for n in b["upfloaters"])
        last = b["trials"][-1]  # the set 3.5.5 took ends the trials
        assert last["chosen"] is not None and last["sets"][last["chosen"]]["teams"] == b["upfloaters"]
        assert last["sets"][last["chosen"]]["verdict"] == "legal"
        assert all(t["chosen"] is None for t in b["trials"][:-1])
        assert all(p[0] < p[1] for p in b["pairs"])  # 3.6.1: the smaller TPN is the top member
    for board, colours in zip(doc["boards"], details["colours"], strict=True):
        assert re.fullmatch(r"4\.3\.[1-9]", board["rule"]) and board["rule"] == colours["rule"]
        assert [r["rule"] for r in board["reasons"]] == [colours["first_by"], "1.7", board["rule"]]
    for p in doc["players"]:
        assert (p["board"] is not None) != p["pab"]
        assert p["pab"] or (p["paired_in"] or "").startswith("bracket ")
    if doc["bye"] is not None:
        others = [p["player"] for p in doc["players"] if p["player"] != pairing.bye]
        assert sorted(o["player"] for o in doc["bye"]["passed_over"]) == sorted(others)
        assert {o["rule"] for o in doc["bye"]["passed_over"]} <= PAB_RULES
    return dict(doc)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_explained_round_agrees_with_pair(seed: int) -> None:
    rng = random.Random(seed)
    total = rng.randint(3, 7)
    t = random_event(rng, rng.randint(3, 26), rng.choice((1, 2, 4)), total, rng.choice(CODES))
    for r in range(1, rng.randint(1, total) + 1):
        agrees(t, r)
        try:
            t = play(rng, t, TeamSystem().pair(t, r))
        except NoLegalPairing:
            return


@pytest.mark.skipif(not ROUNDS, reason="../shared/corpus/team-random not present")
@pytest.mark.parametrize("path", ROUNDS[::25], ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_corpus_rounds_explained_agree_with_pair(path: Path) -> None:
    agrees(read_trf(path), read_trf(path).next_round)


def test_a_round_without_a_legal_pairing_says_so() -> None:
    doc = agrees(event({1: ["   2 w 1"], 2: ["   1 b 0"]}, 2), 2)
    assert doc["no_legal_pairing"]["summary"].endswith("(C.04.6 3.3.3)")
    assert "NO LEGAL PAIRING" in render(doc, "text")  # type: ignore[arg-type]


# -- worked examples, article by article -------------------------------------------------------


def _lines(doc: Any) -> list[tuple[str | None, str]]:
    """Every line of the sections, depth first, as (rule, text)."""
    out: list[tuple[str | None, str]] = []

    def walk(lines: list[Any]) -> None:
        for ln in lines:
            out.append((ln["rule"], ln["text"]))
            walk(ln["below"])

    def sections(secs: list[Any]) -> None:
        for s in secs:
            walk(s["reasons"])
            sections(s["sections"])

    sections(doc["sections"])
    return out


def test_the_pab_and_the_upfloater_cite_3_4_and_3_5() -> None:
    """Round 2 of five teams: 1 and 3 won, 2 and 4 lost, 5 had the PAB (a drawn match,
    1.4). [C2] bars 5; 2 and 4 score 0, 4 has the larger TPN (3.4.4). Then 1-3 pair
    alone (the fold, 3.6.3), and 5, alone on 1 MP, takes the only team left, 2 ([C4])."""
    t = event({1: ["   2 w 1"], 2: ["   1 b 0"], 3: ["   4 w 1"], 4: ["   3 b 0"], 5: ["0000 - U"]}, 5)
    doc: Any = agrees(t, 2)
    bye = doc["bye"]
    assert bye["player"] == 4 and [r["rule"] for r in bye["reasons"]] == ["3.3.2", "C2", "3.4.2", "3.4.1"]
    why = {o["player"]: (o["rule"], o["text"]) for o in bye["passed_over"]}
    assert why[5] == ("C2", "had the PAB in round 1")
    assert why[2][0] == "3.4.4" and why[1][0] == why[3][0] == "3.4.2"
    first, second = doc["details"]["brackets"]
    assert (first["residents"], first["upfloaters"], first["pairs"]) == ([1, 3], [], [[1, 3]])
    assert first["fold_problem"] is None
    assert (second["residents"], second["upfloaters"], second["pairs"]) == ([5], [2], [[2, 5]])
    assert second["trials"] == [
        {
            "count": 1,
            "profile": ["0.0"],
            "sets": [{"teams": [2], "verdict": "legal", "c6": "the following scoregroup is left empty", "c7": 0}],
            "chosen": 0,
        }
    ]
    text = render(doc, "text")
    for cited in ("3.4.2:", "[C2]", "3.4.4:", "3.5.5:", "[C4]", "3.6:", "3.6.3:", "1.2:", "4.2.", "1.6.1:"):
        assert cited in text, cited
    assert "Why not another team:" in text and "5 teams to pair" in text and "TEAMS (by team pairing number)" in text


def test_the_fold_refused_by_c1_names_the_round_they_met() -> None:
    """Teams 1-4 on 1 MP after 1-3 and 2-4 drew: the fold 1-3, 2-4 has a rematch; 1-4, 2-3."""
    t = event({1: ["   3 w ="], 3: ["   1 b ="], 2: ["   4 b ="], 4: ["   2 w ="]}, 4)
    doc: Any = agrees(t, 2)
    (bracket,) = doc["details"]["brackets"]
    assert bracket["fold"] == [[1, 3], [2, 4]] and bracket["pairs"] == [[1, 4], [2, 3]]
    assert bracket["fold_problem"] == "[C1] #1 and #3 met in round 1"
    assert ("3.6.3", "the first identifier of all (1–3, 2–4): [C1] #1 and #3 met in round 1") in _lines(doc)


def test_c8_decides_the_bracket_and_the_colours_cite_article_4() -> None:
    """Type A: 1 and 3 (WW) prefer Black, 2 and 4 (BB) White: the fold 1-3, 2-4 leaves two
    preferences unfulfilled ([C8]); 1-4 and 2-3 grant them all (4.3.3)."""
    rounds = {
        1: ["   5 w 1", "   6 w 1"],
        2: ["   6 b 1", "   5 b 1"],
        3: ["   7 w 1", "   8 w 1"],
        4: ["   8 b 1", "   7 b 1"],
        5: ["   1 b 0", "   2 w 0"],
        6: ["   2 w 0", "   1 b 0"],
        7: ["   3 b 0", "   4 w 0"],
        8: ["   4 w 0", "   3 b 0"],
    }
    doc: Any = agrees(event(rounds, 8), 3)
    top = doc["details"]["brackets"][0]
    assert top["pairs"] == [[1, 4], [2, 3]] and top["fold_problem"].startswith("#1–#3: [C8] both prefer Black")
    assert top["costs"] == []
    boards = {(b["white"], b["black"]): b for b in doc["boards"]}
    assert boards[(4, 1)]["rule"] == "4.3.3"
    assert boards[(4, 1)]["reasons"][2]["text"].endswith("#1 prefers Black, #4 White")
    players = {p["player"]: p for p in doc["players"]}
    assert players[1]["preference_text"] == "Black (1.7.1: colour difference +2)"
    assert players[1]["colours"] == "WW" and players[1]["colour_difference"] == 2


def test_4_3_5_names_the_colour_differences() -> None:
    rounds = {
        1: ["   3 w 1", "   4 w 1"],
        2: ["   4 w 1", "   3 b 1"],
        3: ["   1 b 0", "   2 w 0"],
        4: ["   2 b 0", "   1 b 0"],
    }
    doc: Any = agrees(event(rounds, 4, code="FIDE_TEAM_MP"), 3)
    board = next(b for b in doc["boards"] if {b["white"], b["black"]} == {1, 2})
    assert (board["white"], board["rule"]) == (2, "4.3.5")
    assert board["reasons"][2]["text"].endswith("colour differences #1 +2, #2 +0")
    assert doc["details"]["secondary_for_colours"] is False  # one score token: 4.2.2 skipped


def test_absent_teams_and_board_pairings() -> None:
    """A team whose members all have a bye is not paired (listed as absent, with its
    entry); the matches' games follow the team colours down the boards."""
    t = event({1: ["0000 - H"], 2: ["0000 - H"]}, 3, members=2)
    doc: Any = agrees(t, 1)
    assert [(a["player"], a["name"], a["entry"]) for a in doc["absent"]] == [(1, "Team1", "H")]
    (match,) = doc["details"]["matches"]
    assert (match["white"], match["black"]) == (3, 2)  # 4.3.1: the first-team 2's TPN is even
    assert [(g["white"], g["black"]) for g in match["games"]] == [(5, 3), (4, 6)]
    assert doc["paired"] == 2 and doc["entrants"] == "teams"


# -- the commands -------------------------------------------------------------------------------------


def _file(tmp_path: Path) -> Path:
    t = event({1: ["   2 w 1"], 2: ["   1 b 0"], 3: ["   4 w ="], 4: ["   3 b ="]}, 5)
    path = tmp_path / "teams.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    return path


def test_explain_and_pair_explain_and_the_engine_on_a_team_event(tmp_path: Path) -> None:
    from swissbridge.cli.dropin import run

    runner = CliRunner()
    src = _file(tmp_path)
    text = runner.invoke(app, ["explain", str(src)])
    assert text.exit_code == 0, text.output
    assert "Swiss Team Pairing System, C.04.6" in text.stdout and "BRACKETS" in text.stdout
    as_json = runner.invoke(app, ["explain", str(src), "-f", "json"])
    doc = json.loads(as_json.stdout)
    assert validate(doc, SCHEMA) == [] and validate(doc["details"], DETAILS) == [] and doc["system"] == "team"
    page = tmp_path / "x.html"
    assert runner.invoke(app, ["explain", str(src), "-f", "html", "-o", str(page)]).exit_code == 0
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    paired = runner.invoke(app, ["pair", str(src), "--format", "pairlist", "--explain"])
    assert paired.exit_code == 0, paired.output
    assert paired.stderr.rstrip("\n") == text.stdout.rstrip("\n")  # the same explanation, of the pairing made
    assert paired.stdout == TeamSystem().pair(read_trf(src)).pairlist()
    out, checklist = tmp_path / "out.txt", tmp_path / "list.txt"
    assert run(["--team", str(src), "-p", str(out), "-l", str(checklist)]) == 0
    assert checklist.read_text(encoding="utf-8") == text.stdout


def test_a_200_team_round_is_explained_quickly() -> None:
    """Issue 26: the explanation of a 200-team round costs little beyond its pairing
    (0.05-0.36 s of CPU for rounds 1-7 with the three renderings, docs/explain.md)."""
    rng = random.Random(5)
    t = random_event(rng, 200, 4, 11, "FIDE_TEAM_TYPEB_MP_GP")
    for r in range(1, 4):
        t = play(rng, t, TeamSystem().pair(t, r))
    start = time.process_time()
    doc = explain(t, system=TeamSystem(), round_no=4)
    render(doc, "text")
    assert time.process_time() - start < 2.0
    assert len(doc["boards"]) == 100


def test_a_round_where_no_team_can_have_the_pab() -> None:
    """Three teams, each had the PAB once ([C2]): round 4 has no PAB, so no pairing (3.3.3)."""
    rounds = {
        1: ["   2 w 1", "   3 b 1", "0000 - U"],
        2: ["   1 b 0", "0000 - U", "   3 w 1"],
        3: ["0000 - U", "   1 w 0", "   2 b 0"],
    }
    doc: Any = agrees(event(rounds, 3), 4)
    assert doc["details"]["pab"] == {"teams": 3, "barred": [1, 2, 3], "candidates": [], "chosen": None}
    assert ("C2", "barred from the PAB: #1, #2, #3") in _lines(doc)
    assert "no team can receive the PAB" in render(doc, "text")
