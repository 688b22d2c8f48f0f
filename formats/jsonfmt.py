"""The JSON form of the model: a whole tournament, and one round's pairing.

Both are documented in ``docs/formats.md``. A tournament written here and read
back is the same tournament (every field of the model, including the
format-specific ``extras`` of players), so JSON is the lossless exchange form
between this tool and scripts or web front ends.

Points are decimal numbers (``1.5``), results are named (``"win"``,
``"forfeit_loss"``, ``"half_bye"``, …), colours are ``"white"``/``"black"``.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import math
import os
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from swissbridge.errors import InputError
from swissbridge.formats._text import MAX_POINTS, MAX_RATING, MAX_ROUNDS, MAX_START_NO, decode, read_bytes
from swissbridge.formats.boundary import validated
from swissbridge.model import (
    Acceleration,
    AnnouncedBye,
    BoardList,
    ByeKind,
    Colour,
    Entry,
    EventKind,
    ForbiddenPairs,
    Player,
    Points,
    PointSystem,
    Result,
    Tournament,
)
from swissbridge.pairing import Board, RoundPairing

__all__ = [
    "PAIRING_FORMAT",
    "TOURNAMENT_FORMAT",
    "VERSION",
    "pairing_from_json",
    "pairing_to_json",
    "parse_json",
    "read_json",
    "tournament_from_json",
    "tournament_to_json",
]

TOURNAMENT_FORMAT = "swissbridge-tournament"
PAIRING_FORMAT = "swissbridge-pairing"
VERSION = 1

_RESULT_NAMES: Mapping[Result, str] = {r: r.name.lower() for r in Result}
_RESULTS_BY_NAME: Mapping[str, Result] = {v: k for k, v in _RESULT_NAMES.items()}
_COLOURS: Mapping[str, Colour] = {"white": Colour.WHITE, "black": Colour.BLACK}
_POINT_FIELDS = (
    "win",
    "draw",
    "loss",
    "forfeit_win",
    "forfeit_loss",
    "pab",
    "full_bye",
    "half_bye",
    "zero_bye",
    "pending",
)


def _num(points: Points) -> float | int:
    return points // 10 if points % 10 == 0 else points / 10


def _colour(c: Colour | None) -> str | None:
    return None if c is None else ("white" if c is Colour.WHITE else "black")


# -- writing -------------------------------------------------------------------------------------


def _player(p: Player) -> dict[str, Any]:
    out: dict[str, Any] = {"start_no": p.start_no, "name": p.name}
    for key in ("sex", "title", "federation", "fide_id", "birth", "club"):
        value = getattr(p, key)
        if value:
            out[key] = value
    if p.rating:
        out["rating"] = p.rating
    if p.stated_points is not None:
        out["points"] = _num(p.stated_points)
    if p.rank is not None:
        out["rank"] = p.rank
    if p.extras:
        out["extras"] = [[k, v] for k, v in p.extras]
    if p.adjustments:
        out["adjustments"] = [{"round": r, "points": _num(v)} for r, v in p.adjustments]
    out["rounds"] = [_entry(e) for e in p.entries]
    return out


def _entry(e: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {"result": _RESULT_NAMES[e.result]}
    if e.opponent is not None:
        out["opponent"] = e.opponent
    if e.colour is not None:
        out["colour"] = _colour(e.colour)
    return out


def tournament_to_json(tournament: Tournament) -> str:
    """The whole tournament as JSON (format ``swissbridge-tournament``, version 1)."""
    t = tournament
    doc: dict[str, Any] = {"format": TOURNAMENT_FORMAT, "version": VERSION, "name": t.name}
    doc["total_rounds"] = t.total_rounds
    doc["initial_colour"] = _colour(t.initial_colour)
    if t.system:
        doc["system"] = t.system
    if t.kind is not EventKind.SWISS:
        doc["kind"] = t.kind.value
    if t.tie_breaks:
        doc["tie_breaks"] = list(t.tie_breaks)
    doc["points"] = {k: _num(v) for k in _POINT_FIELDS if (v := getattr(t.points, k)) is not None}
    if t.acceleration:
        doc["acceleration"] = [
            {
                "points": _num(a.points),
                "first_round": a.first_round,
                "last_round": a.last_round,
                "first_player": a.first_player,
                "last_player": a.last_player,
            }
            for a in t.acceleration
        ]
    if t.forbidden:
        doc["forbidden"] = [
            {"players": list(g.players), "first_round": g.first_round, "last_round": g.last_round} for g in t.forbidden
        ]
    if t.announced_byes:
        doc["announced_byes"] = [
            {"kind": b.kind.value, "round": b.round_no, "players": list(b.players)} for b in t.announced_byes
        ]
    if t.headers:
        doc["headers"] = [[code, value] for code, value in t.headers]
    if boards := t.current_board_lists():
        doc["boards"] = [
            {"round": b.round_no, "boards": [{"board": n, "white": w, "black": k} for n, w, k in b.games]}
            for b in boards
        ]
    doc["players"] = [_player(p) for p in t.players]
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def pairing_to_json(tournament: Tournament, pairing: RoundPairing) -> str:
    """One round's pairing as JSON (format ``swissbridge-pairing``, version 1): boards
    with start numbers and names, the pairing-allocated bye, players not paired."""
    names = {p.start_no: p.name for p in tournament.players}
    doc: dict[str, Any] = {"format": PAIRING_FORMAT, "version": VERSION, "round": pairing.round_no}
    if pairing.system:
        doc["system"] = pairing.system
    doc["boards"] = [
        {
            "board": i,
            "white": b.white,
            "black": b.black,
            "white_name": names.get(b.white, ""),
            "black_name": names.get(b.black, ""),
        }
        for i, b in pairing.numbered()
    ]
    doc["bye"] = pairing.bye
    if pairing.bye is not None:
        doc["bye_name"] = names.get(pairing.bye, "")
    doc["absent"] = [{"player": n, "result": _RESULT_NAMES[r]} for n, r in sorted(pairing.absent.items())]
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


# -- reading -------------------------------------------------------------------------------------


class _Reader:
    """Typed access to a decoded JSON document with errors naming the JSON path and
    the line and column of the object or list concerned."""

    def __init__(self, path: str | None, text: str = "", positions: Mapping[int, int] | None = None) -> None:
        self.path = path
        self.source = text
        self.positions = positions or {}
        self.paths: dict[str, int] = {}
        self.keep: list[Any] = []
        """The decoded containers, kept alive so that their ids stay valid."""

    def _locate(self, where: str) -> tuple[int, int]:
        probe = where
        while probe:
            if probe in self.paths:
                index = self.paths[probe]
                before = self.source[:index]
                line = before.count("\n") + 1
                return line, index - (before.rfind("\n") + 1) + 1
            cut = max(probe.rfind("."), probe.rfind("["))
            probe = probe[:cut] if cut > 0 else ""
        start = len(self.source) - len(self.source.lstrip())
        return self.source[:start].count("\n") + 1, 1

    def error(self, where: str, message: str) -> InputError:
        line, column = self._locate(where)
        return InputError(f"{where}: {message}", path=self.path, line=line, column=column)

    def _seen(self, value: Any, where: str) -> None:
        index = self.positions.get(id(value))
        if index is not None:
            self.paths[where] = index

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        self._seen(value, where)
        if not isinstance(value, dict):
            raise self.error(where, f"expected an object, found {_kind(value)}")
        return value

    def lst(self, value: Any, where: str) -> list[Any]:
        self._seen(value, where)
        if not isinstance(value, list):
            raise self.error(where, f"expected a list, found {_kind(value)}")
        return value

    def integer(self, value: Any, where: str, *, maximum: int, minimum: int = 0, optional: bool = False) -> Any:
        """A whole number from ``minimum`` to ``maximum`` (a start number 1-9999, a
        round 1-999, ...)."""
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(where, f"expected a whole number, found {_kind(value)}")
        if not minimum <= value <= maximum:
            raise self.error(where, f"expected a whole number from {minimum} to {maximum}, found {value}")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise self.error(where, f"expected a string, found {_kind(value)}")
        return value

    def points(self, value: Any, where: str) -> Points:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise self.error(where, f"expected a number of points, found {_kind(value)}")
        if not -MAX_POINTS <= value <= MAX_POINTS:
            raise self.error(where, f"expected points from -{MAX_POINTS} to {MAX_POINTS}, found {_kind(value)}")
        tenths = round(value * 10)
        if abs(tenths - value * 10) > 1e-6:
            raise self.error(where, f"points must be a multiple of 0.1, found {value}")
        return tenths

    def colour(self, value: Any, where: str) -> Colour | None:
        if value is None:
            return None
        if value not in _COLOURS:
            raise self.error(where, f'expected "white", "black" or null, found {value!r}')
        return _COLOURS[value]

    def result(self, value: Any, where: str) -> Result:
        if not isinstance(value, str) or value not in _RESULTS_BY_NAME:
            raise self.error(where, f"expected one of {', '.join(_RESULTS_BY_NAME)}, found {value!r}")
        return _RESULTS_BY_NAME[value]

    def check_format(self, doc: dict[str, Any], expected: str) -> None:
        fmt = doc.get("format")
        if fmt != expected:
            raise self.error("$.format", f"expected {expected!r}, found {fmt!r}")
        version = doc.get("version")
        if version != VERSION:
            raise self.error("$.version", f"this program reads version {VERSION}, found {version!r}")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, _LongNumber):
        return f"a number of {len(value.digits)} digits"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__) + (
        f" {value!r}" if isinstance(value, (int, float, str)) and not isinstance(value, bool) else ""
    )


class _LongNumber:
    """A whole number written with more digits than any field of a tournament holds
    (kept unconverted: Python refuses to convert more than 4300 digits, and no
    field wants them); the field that finds one reports it at its place."""

    __slots__ = ("digits",)

    def __init__(self, digits: str) -> None:
        self.digits = digits


_LONGEST = 18
"""Digits of the longest whole number converted (far beyond every bound)."""


def _parse_int(text: str) -> int | _LongNumber:
    return int(text) if len(text.lstrip("-")) <= _LONGEST else _LongNumber(text)


class _PositionDecoder(json.JSONDecoder):
    """A JSON decoder that records where every object and list starts (the pure
    Python scanner, with its object and array parsers wrapped); whole numbers of
    more than 18 digits stay unconverted (:class:`_LongNumber`)."""

    def __init__(self) -> None:
        super().__init__(parse_int=_parse_int)
        self.positions: dict[int, int] = {}
        self.keep: list[Any] = []
        parse_object: Any = vars(json.decoder)["JSONObject"]
        parse_array: Any = vars(json.decoder)["JSONArray"]

        def on_object(s_and_end: tuple[str, int], *args: Any) -> tuple[Any, int]:
            value, end = parse_object(s_and_end, *args)
            self._record(value, s_and_end[1] - 1)
            return value, end

        def on_array(s_and_end: tuple[str, int], scan_once: Any) -> tuple[Any, int]:
            value, end = parse_array(s_and_end, scan_once)
            self._record(value, s_and_end[1] - 1)
            return value, end

        self.parse_object = on_object
        self.parse_array = on_array
        self.scan_once = json.scanner.py_make_scanner(self)  # type: ignore[attr-defined]

    def _record(self, value: Any, index: int) -> None:
        self.keep.append(value)
        self.positions[id(value)] = index


def _load(data: bytes | str, path: str | None) -> tuple[Any, _Reader]:
    text = decode(data, path=path, what="JSON file")
    decoder = _PositionDecoder()
    try:
        doc = decoder.decode(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg}", path=path, line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise InputError("JSON nested too deeply", path=path, line=1, column=1) from None
    reader = _Reader(path, text, decoder.positions)
    reader.keep = decoder.keep
    return doc, reader


def _tournament(doc: Any, r: _Reader) -> Tournament:
    d = r.obj(doc, "$")
    r.check_format(d, TOURNAMENT_FORMAT)
    pts_doc = r.obj(d.get("points", {}), "$.points")
    unknown = set(pts_doc) - set(_POINT_FIELDS)
    if unknown:
        raise r.error("$.points", f"unknown key(s) {', '.join(sorted(unknown))}")
    # record 162's X, kept for rewriting TRF; null, or the 0 that swissbridge 0.1 always
    # wrote (when it meant "a game without a result scores nothing"): not given
    pending = pts_doc.get("pending")
    x = None if pending is None else r.points(pending, "$.points.pending")
    points = PointSystem(
        **{k: r.points(v, f"$.points.{k}") for k, v in pts_doc.items() if k != "pending"},
        pending=x or None,
    )
    players: list[Player] = []
    seen: set[int] = set()
    for i, pd in enumerate(r.lst(d.get("players"), "$.players")):
        where = f"$.players[{i}]"
        p = r.obj(pd, where)
        n = r.integer(p.get("start_no"), f"{where}.start_no", maximum=MAX_START_NO, minimum=1)
        if n in seen:
            raise r.error(f"{where}.start_no", f"start number {n} appears twice")
        seen.add(n)
        entries: list[Entry] = []
        for j, ed in enumerate(r.lst(p.get("rounds", []), f"{where}.rounds")):
            ew = f"{where}.rounds[{j}]"
            if j == MAX_ROUNDS:
                raise r.error(ew, f"round {j + 1}: a tournament has at most {MAX_ROUNDS} rounds")
            e = r.obj(ed, ew)
            entry = Entry(
                r.result(e.get("result"), f"{ew}.result"),
                r.integer(e.get("opponent"), f"{ew}.opponent", maximum=MAX_START_NO, minimum=1, optional=True),
                r.colour(e.get("colour"), f"{ew}.colour"),
            )
            if entry.result is Result.PENDING and entry.opponent is None:
                raise r.error(f"{ew}.opponent", "a game without a result needs its opponent")
            entries.append(entry)
        extras: list[tuple[str, str]] = []
        for j, pair in enumerate(r.lst(p.get("extras", []), f"{where}.extras")):
            item = r.lst(pair, f"{where}.extras[{j}]")
            if len(item) != 2:
                raise r.error(f"{where}.extras[{j}]", "expected [key, value]")
            extras.append((r.text(item[0], f"{where}.extras[{j}][0]"), r.text(item[1], f"{where}.extras[{j}][1]")))
        adjustments: list[tuple[int, Points]] = []
        for j, ad in enumerate(r.lst(p.get("adjustments", []), f"{where}.adjustments")):
            a = r.obj(ad, f"{where}.adjustments[{j}]")
            aw = f"{where}.adjustments[{j}]"
            round_no = r.integer(a.get("round"), f"{aw}.round", maximum=MAX_ROUNDS)
            adjustments.append((round_no, r.points(a.get("points"), f"{aw}.points")))
        stated = p.get("points")
        players.append(
            Player(
                start_no=n,
                name=r.text(p.get("name", ""), f"{where}.name"),
                entries=tuple(entries),
                sex=r.text(p.get("sex", ""), f"{where}.sex"),
                title=r.text(p.get("title", ""), f"{where}.title"),
                rating=r.integer(p.get("rating", 0), f"{where}.rating", maximum=MAX_RATING, minimum=0),
                federation=r.text(p.get("federation", ""), f"{where}.federation"),
                fide_id=r.text(p.get("fide_id", ""), f"{where}.fide_id"),
                birth=r.text(p.get("birth", ""), f"{where}.birth"),
                club=r.text(p.get("club", ""), f"{where}.club"),
                stated_points=None if stated is None else r.points(stated, f"{where}.points"),
                rank=r.integer(p.get("rank"), f"{where}.rank", maximum=MAX_START_NO, minimum=0, optional=True),
                extras=tuple(extras),
                adjustments=tuple(adjustments),
            )
        )
    for i, pl in enumerate(players):
        for j, ent in enumerate(pl.entries):
            if ent.opponent is not None and ent.opponent not in seen:
                raise r.error(f"$.players[{i}].rounds[{j}].opponent", f"no player has start number {ent.opponent}")
    accel = []
    for i, ad in enumerate(r.lst(d.get("acceleration", []), "$.acceleration")):
        a = r.obj(ad, f"$.acceleration[{i}]")
        accel.append(
            Acceleration(
                points=r.points(a.get("points"), f"$.acceleration[{i}].points"),
                first_round=r.integer(
                    a.get("first_round"), f"$.acceleration[{i}].first_round", maximum=MAX_ROUNDS, minimum=1
                ),
                last_round=r.integer(
                    a.get("last_round"), f"$.acceleration[{i}].last_round", maximum=MAX_ROUNDS, minimum=1
                ),
                first_player=r.integer(
                    a.get("first_player"), f"$.acceleration[{i}].first_player", maximum=MAX_START_NO, minimum=1
                ),
                last_player=r.integer(
                    a.get("last_player"), f"$.acceleration[{i}].last_player", maximum=MAX_START_NO, minimum=1
                ),
            )
        )
    forbidden = []
    for i, fd in enumerate(r.lst(d.get("forbidden", []), "$.forbidden")):
        f = r.obj(fd, f"$.forbidden[{i}]")
        ids = [
            r.integer(x, f"$.forbidden[{i}].players[{j}]", maximum=MAX_START_NO, minimum=1)
            for j, x in enumerate(r.lst(f.get("players"), f"$.forbidden[{i}].players"))
        ]
        forbidden.append(
            ForbiddenPairs(
                tuple(ids),
                r.integer(
                    f.get("first_round"), f"$.forbidden[{i}].first_round", maximum=MAX_ROUNDS, minimum=1, optional=True
                ),
                r.integer(
                    f.get("last_round"), f"$.forbidden[{i}].last_round", maximum=MAX_ROUNDS, minimum=1, optional=True
                ),
            )
        )
    byes = []
    for i, bd in enumerate(r.lst(d.get("announced_byes", []), "$.announced_byes")):
        b = r.obj(bd, f"$.announced_byes[{i}]")
        kind = b.get("kind")
        if kind not in ("F", "H", "Z"):
            raise r.error(f"$.announced_byes[{i}].kind", f'expected "F", "H" or "Z", found {kind!r}')
        ids = [
            r.integer(x, f"$.announced_byes[{i}].players[{j}]", maximum=MAX_START_NO, minimum=1)
            for j, x in enumerate(r.lst(b.get("players"), f"$.announced_byes[{i}].players"))
        ]
        byes.append(
            AnnouncedBye(
                ByeKind(kind),
                r.integer(b.get("round"), f"$.announced_byes[{i}].round", maximum=MAX_ROUNDS, minimum=1),
                tuple(ids),
            )
        )
    headers = []
    for i, hd in enumerate(r.lst(d.get("headers", []), "$.headers")):
        h = r.lst(hd, f"$.headers[{i}]")
        if len(h) != 2:
            raise r.error(f"$.headers[{i}]", "expected [code, value]")
        headers.append((r.text(h[0], f"$.headers[{i}][0]"), r.text(h[1], f"$.headers[{i}][1]")))
    t = Tournament(
        players=tuple(sorted(players, key=lambda p: p.start_no)),
        name=r.text(d.get("name", ""), "$.name"),
        total_rounds=r.integer(d.get("total_rounds"), "$.total_rounds", maximum=MAX_ROUNDS, minimum=1, optional=True),
        initial_colour=r.colour(d.get("initial_colour"), "$.initial_colour"),
        points=points,
        acceleration=tuple(accel),
        forbidden=tuple(forbidden),
        announced_byes=tuple(byes),
        system=r.text(d.get("system", ""), "$.system"),
        kind=_event_kind(r, d.get("kind", EventKind.SWISS.value)),
        tie_breaks=tuple(
            r.text(v, f"$.tie_breaks[{i}]") for i, v in enumerate(r.lst(d.get("tie_breaks", []), "$.tie_breaks"))
        ),
        headers=tuple(headers),
    )
    from swissbridge.formats.trf import header_refusal, pairing_disagreement, team_setup_of

    found = pairing_disagreement(
        {p.start_no: p for p in players}, lambda n: f"player {n}", two_games=t.points.games > 1
    )
    if found is not None:
        n, round_no, _, message = found
        at = next(i for i, p in enumerate(players) if p.start_no == n)
        raise r.error(f"$.players[{at}].rounds[{round_no - 1}]", message)
    for i, (code, value) in enumerate(t.headers):
        why = header_refusal(code, value, team=t.team_event)
        if why is not None:
            raise r.error(f"$.headers[{i}][0]", why)
    t = replace(t, teams=team_setup_of(t, path=r.path)) if t.team_event else t
    return _board_lists(d, r, t)


def _board_lists(d: dict[str, Any], r: _Reader, t: Tournament) -> Tournament:
    """``$.boards``: each paired round's boards as printed (:class:`~swissbridge.model.BoardList`),
    refused where a list does not name the round's games."""
    lists: list[BoardList] = []
    for i, bd in enumerate(r.lst(d.get("boards", []), "$.boards")):
        b = r.obj(bd, f"$.boards[{i}]")
        round_no = r.integer(b.get("round"), f"$.boards[{i}].round", maximum=MAX_ROUNDS, minimum=1)
        if any(x.round_no == round_no for x in lists):
            raise r.error(f"$.boards[{i}].round", f"a second list of boards for round {round_no}")
        games = []
        for j, gd in enumerate(r.lst(b.get("boards"), f"$.boards[{i}].boards")):
            g = r.obj(gd, f"$.boards[{i}].boards[{j}]")
            games.append(
                tuple(
                    r.integer(g.get(k), f"$.boards[{i}].boards[{j}].{k}", maximum=MAX_START_NO, minimum=1)
                    for k in ("board", "white", "black")
                )
            )
        boards = BoardList(round_no, tuple((n, w, k) for n, w, k in games))
        problem = t.board_list_problem(boards)
        if problem is not None:
            raise r.error(f"$.boards[{i}]", f"the list does not name the round's games: {problem}")
        lists.append(boards)
    return replace(t, board_lists=tuple(sorted(lists, key=lambda b: b.round_no))) if lists else t


def _event_kind(r: _Reader, value: Any) -> EventKind:
    text = r.text(value, "$.kind")
    try:
        return EventKind(text)
    except ValueError:
        kinds = ", ".join(k.value for k in EventKind)
        raise r.error("$.kind", f"expected one of {kinds}, found {text!r}") from None


def tournament_from_json(data: bytes | str, *, path: str | None = None) -> Tournament:
    """Read a ``swissbridge-tournament`` JSON document."""
    doc, reader = _load(data, path)
    return validated(_tournament(doc, reader), path=path)


def pairing_from_json(
    data: bytes | str, *, tournament: Tournament | None = None, path: str | None = None
) -> RoundPairing:
    """Read a ``swissbridge-pairing`` JSON document; with ``tournament``, every start
    number must be one of its players."""
    doc, r = _load(data, path)
    d = r.obj(doc, "$")
    r.check_format(d, PAIRING_FORMAT)
    known = None if tournament is None else {p.start_no for p in tournament.players}
    used: set[int] = set()

    def player(value: Any, where: str) -> int:
        n: int = r.integer(value, where, maximum=MAX_START_NO, minimum=1)
        if known is not None and n not in known:
            raise r.error(where, f"unknown player: no start number {n} in the tournament")
        if n in used:
            raise r.error(where, f"player {n} is paired twice")
        used.add(n)
        return n

    boards = []
    for i, bd in enumerate(r.lst(d.get("boards"), "$.boards")):
        b = r.obj(bd, f"$.boards[{i}]")
        boards.append(
            Board(player(b.get("white"), f"$.boards[{i}].white"), player(b.get("black"), f"$.boards[{i}].black"))
        )
    bye_value = d.get("bye")
    bye = None if bye_value is None else player(bye_value, "$.bye")
    absent: dict[int, Result] = {}
    for i, ad in enumerate(r.lst(d.get("absent", []), "$.absent")):
        a = r.obj(ad, f"$.absent[{i}]")
        absent[player(a.get("player"), f"$.absent[{i}].player")] = r.result(a.get("result"), f"$.absent[{i}].result")
    return RoundPairing(
        round_no=r.integer(d.get("round"), "$.round", maximum=MAX_ROUNDS, minimum=1),
        boards=tuple(boards),
        bye=bye,
        absent=absent,
        system=r.text(d.get("system", ""), "$.system"),
    )


def parse_json(data: bytes | str, *, path: str | None = None) -> Tournament:
    """A tournament from JSON text (alias of :func:`tournament_from_json`)."""
    return tournament_from_json(data, path=path)


def read_json(path: str | os.PathLike[str]) -> Tournament:
    """Read a ``swissbridge-tournament`` JSON file."""
    p = os.fspath(path)
    return tournament_from_json(read_bytes(p), path=p)
