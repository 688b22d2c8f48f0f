"""The JSON form of the model: every real tournament file round-trips through it
unchanged, pairings round-trip, and bad documents are refused with their JSON path
and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swissbridge.errors import InputError
from swissbridge.formats import jsonfmt
from swissbridge.formats.trf import read_trf
from swissbridge.model import (
    Acceleration,
    AnnouncedBye,
    ByeKind,
    Colour,
    Entry,
    EventKind,
    ForbiddenPairs,
    Player,
    PointSystem,
    Result,
    Tournament,
)
from swissbridge.pairing import Board, RoundPairing

from tests.conftest import SHARED, fwwrc_games, shared_path


def _real_tournament_files() -> list[Path]:
    root = SHARED / "realworld"
    if not root.exists():
        return []
    return sorted([*root.rglob("*.trf"), *root.glob("bbppairings/*.input")])


@pytest.mark.parametrize("path", _real_tournament_files(), ids=lambda p: p.name)
def test_real_trf_files_round_trip(path: Path) -> None:
    try:
        t = read_trf(path)
    except InputError:
        pytest.skip("a deliberately malformed file")
    text = jsonfmt.tournament_to_json(t)
    assert jsonfmt.tournament_from_json(text) == t
    assert jsonfmt.tournament_from_json(text.encode()) == t


def test_pgn_and_swiss_manager_tournaments_round_trip() -> None:
    from swissbridge.formats import pgn, swissmanager

    t = pgn.tournament_from_pgn(fwwrc_games())
    assert jsonfmt.tournament_from_json(jsonfmt.tournament_to_json(t)) == t
    folder = shared_path("realworld", "rochade", "swiss_manager")
    s = swissmanager.read_sm_export(folder / "players_round1.txt", [folder / "pairings_round1_played.txt"])
    back = jsonfmt.tournament_from_json(jsonfmt.tournament_to_json(s))
    assert back == s and back.player(1).extras == s.player(1).extras


def test_every_model_field_survives() -> None:
    t = Tournament(
        players=(
            Player(1, "A, B", (Entry(Result.WIN, 2, Colour.WHITE), Entry(Result.HALF_BYE)), "w", "WGM", 2300,
                   "GER", "123", "2000/01/02", "Club", 15, 1, (("sm.Identnr", "77"), ("x", ""))),
            Player(2, "C, D", (Entry(Result.LOSS, 1, Colour.BLACK), Entry(Result.PAB))),
            Player(3, "E", (Entry(Result.FORFEIT_LOSS, 4, Colour.WHITE), Entry(Result.PENDING, 4, None))),
            Player(4, "F", (Entry(Result.FORFEIT_WIN, 3, Colour.BLACK), Entry(Result.PENDING, 3, None))),
        ),
        name="Open",
        total_rounds=7,
        initial_colour=Colour.BLACK,
        points=PointSystem(win=30, draw=10, pab=30, forfeit_win=30, full_bye=30, half_bye=10),
        acceleration=(Acceleration(10, 1, 2, 1, 2),),
        forbidden=(ForbiddenPairs((1, 2, 3), 2, 5), ForbiddenPairs((3, 4))),
        announced_byes=(AnnouncedBye(ByeKind.HALF, 3, (1, 2)),),
        system="FIDE_DUTCH_2026",
        kind=EventKind.ROUND_ROBIN,
        tie_breaks=("BH/C1", "SB", "tunx:0x08"),
        headers=(("022", "Town"), ("132", "  26/01/01")),
    )  # fmt: skip
    text = jsonfmt.tournament_to_json(t)
    assert jsonfmt.tournament_from_json(text) == t
    doc = json.loads(text)
    assert doc["format"] == "swissbridge-tournament" and doc["version"] == 1
    assert doc["points"]["win"] == 3 and doc["points"]["draw"] == 1
    assert doc["players"][0]["rounds"][0] == {"result": "win", "opponent": 2, "colour": "white"}
    assert doc["players"][0]["points"] == 1.5


def test_an_unknown_event_kind_is_located() -> None:
    text = '{"format": "swissbridge-tournament", "version": 1, "kind": "knockout", "players": []}'
    with pytest.raises(InputError, match=r"\$\.kind: expected one of swiss, round-robin, team"):
        jsonfmt.tournament_from_json(text)


def test_pairing_json_round_trip() -> None:
    t = Tournament(players=tuple(Player(i, f"P{i}") for i in range(1, 8)))
    pairing = RoundPairing(2, (Board(3, 1), Board(2, 5)), bye=4, absent={6: Result.HALF_BYE, 7: Result.ZERO_BYE},
                           system="dutch")  # fmt: skip
    text = jsonfmt.pairing_to_json(t, pairing)
    doc = json.loads(text)
    assert doc["boards"][0] == {"board": 1, "white": 3, "black": 1, "white_name": "P3", "black_name": "P1"}
    assert doc["bye"] == 4 and doc["absent"] == [
        {"player": 6, "result": "half_bye"},
        {"player": 7, "result": "zero_bye"},
    ]
    assert jsonfmt.pairing_from_json(text, tournament=t) == pairing


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('{"format": "swissbridge-tournament", "version": 1, "players": [', 1, "not valid JSON"),
        ('[1, 2]', 1, "$: expected an object, found a list"),
        ('{"format": "other", "version": 1}', 1, "$.format: expected 'swissbridge-tournament'"),
        ('{"format": "swissbridge-tournament", "version": 2, "players": []}', 1, "$.version"),
        (
            '{"format": "swissbridge-tournament", "version": 1,\n "players": [\n  {"start_no": 1, "name": "A",\n'
            '   "rounds": [{"result": "won"}]}]}',
            4,
            "$.players[0].rounds[0].result: expected one of win",
        ),
        (
            '{"format": "swissbridge-tournament", "version": 1,\n "players": [\n  {"start_no": 1, "name": "A",\n'
            '   "rounds": [{"result": "win", "opponent": 9, "colour": "white"}]}]}',
            4,
            "no player has start number 9",
        ),
        (
            '{"format": "swissbridge-tournament", "version": 1,\n "players": [{"start_no": 1}, {"start_no": 1}]}',
            2,
            "start number 1 appears twice",
        ),
        ('{"format": "swissbridge-tournament", "version": 1, "points": {"win": 0.25}, "players": []}', 1,
         "multiple of 0.1"),
        (
            '{"format": "swissbridge-tournament", "version": 1,\n "players": [\n  {"start_no": 1, "name": "A",\n'
            '   "rounds": [{"result": "pending"}]}]}',
            4,
            "$.players[0].rounds[0].opponent: a game without a result needs its opponent",
        ),
    ],
)  # fmt: skip
def test_bad_documents_are_located(text: str, line: int, message: str) -> None:
    with pytest.raises(InputError) as info:
        jsonfmt.tournament_from_json(text.encode(), path="t.json")
    assert message in info.value.message
    assert info.value.path == "t.json" and info.value.line == line and info.value.column is not None


def test_bad_pairing_documents() -> None:
    t = Tournament(players=(Player(1, "A"), Player(2, "B")))
    base = {"format": "swissbridge-pairing", "version": 1, "round": 1}
    with pytest.raises(InputError, match="unknown player: no start number 3"):
        jsonfmt.pairing_from_json(json.dumps({**base, "boards": [{"white": 1, "black": 3}]}), tournament=t)
    with pytest.raises(InputError, match="player 1 is paired twice"):
        jsonfmt.pairing_from_json(json.dumps({**base, "boards": [{"white": 1, "black": 2}], "bye": 1}), tournament=t)


def test_wrong_encoding() -> None:
    data = '{"format": "swissbridge-tournament", "version": 1, "name": "Zürich", "players": []}'.encode("latin-1")
    with pytest.raises(InputError, match="not valid UTF-8") as info:
        jsonfmt.tournament_from_json(data, path="t.json")
    assert info.value.line == 1 and info.value.column == 62


# -- numbers beyond any tournament (hostile input) -----------------------------------------------

HEAD = '{"format": "swissbridge-tournament", "version": 1, '


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        (HEAD + '"players": [{"start_no": ' + "9" * 5000 + "}]}", "$.players[0].start_no", "a number of 5000 digits"),
        (HEAD + '"total_rounds": ' + "9" * 5000 + ', "players": []}', "$.total_rounds", "a number of 5000 digits"),
        (HEAD + '"total_rounds": -' + "9" * 5000 + ', "players": []}', "$.total_rounds", "a number of 5001 digits"),
        (HEAD + '"total_rounds": 1000000000000, "players": []}', "$.total_rounds", "1 to 999, found 1000000000000"),
        (HEAD + '"players": [{"start_no": 10000}]}', "$.players[0].start_no", "from 1 to 9999, found 10000"),
        (HEAD + '"players": [{"start_no": 1, "rating": 12345}]}', "$.players[0].rating", "from 0 to 9999"),
        (HEAD + '"players": [{"start_no": 1, "rounds": [' + ", ".join(['{"result": "zero_bye"}'] * 1000) + "]}]}",
         "$.players[0].rounds[999]", "round 1000: a tournament has at most 999 rounds"),
        (HEAD + '"players": [], "announced_byes": [{"kind": "H", "round": 1000, "players": []}]}',
         "$.announced_byes[0].round", "from 1 to 999"),
        (HEAD + '"players": [], "points": {"win": ' + "9" * 5000 + "}}", "$.points.win", "a number of 5000 digits"),
    ],
)  # fmt: skip
def test_numbers_beyond_any_tournament_are_refused(text: str, where: str, message: str) -> None:
    """Whole numbers of thousands of digits (beyond Python's conversion limit) and
    values beyond any tournament are errors at their JSON path, not ValueError."""
    with pytest.raises(InputError) as info:
        jsonfmt.tournament_from_json(text.encode(), path="t.json")
    assert info.value.message.startswith(where + ": ") and message in info.value.message
    assert info.value.line == 1 and len(info.value.message) < 200


def test_long_numbers_elsewhere_do_not_matter() -> None:
    """A long number in a key the reader does not use is left unconverted."""
    t = jsonfmt.tournament_from_json((HEAD + '"comment": ' + "9" * 5000 + ', "players": []}').encode())
    assert t.players == ()
    pairing = '{"format": "swissbridge-pairing", "version": 1, "round": ' + "9" * 5000 + ', "boards": []}'
    with pytest.raises(InputError, match=r"\$\.round: expected a whole number, found a number of 5000 digits"):
        jsonfmt.pairing_from_json(pairing)


def test_the_x_value_of_record_162_is_optional() -> None:
    """``pending`` (TRF-2026 162 ``X``) is kept for rewriting TRF; absent, null or the 0
    that version 0.1 always wrote: not given."""
    doc = {"format": "swissbridge-tournament", "version": 1, "players": [{"start_no": 1, "name": "A"}]}
    for points, pending in (({}, None), ({"pending": None}, None), ({"pending": 0}, None), ({"pending": 1}, 10)):
        t = jsonfmt.tournament_from_json(json.dumps({**doc, "points": points}))
        assert t.points.pending == pending
        assert jsonfmt.tournament_from_json(jsonfmt.tournament_to_json(t)).points == t.points
