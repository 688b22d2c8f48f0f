"""``swissbridge explain``: why a round was paired as it was, for arbiters.

The pairing system traces the round (:meth:`~swissbridge.plugins.PairingSystem.trace`)
and turns the trace into its part of one *explanation document*
(:meth:`~swissbridge.plugins.PairingSystem.explain`, typed in
:mod:`swissbridge.plugins.document`, documented in ``docs/explain.md`` and
``docs/explain.schema.json``); this module writes the header (schema, round,
absentees, initial colour), places every player, and renders the document as

* ``text`` — what an arbiter reads at the board or pins on the wall;
* ``json`` — the document itself, stable and versioned (:data:`SCHEMA`,
  :data:`VERSION`);
* ``html`` — a self-contained printable page (print CSS, nothing fetched; every
  player name and every other piece of data is HTML-escaped).

All three come from the same document, so they never tell different stories.
The Dutch part (C.04.3, bracket by bracket) is built by
:mod:`swissbridge.plugins.dutch.explanation`, the Lim part (C.04.4.3, scoregroup by
scoregroup) by :mod:`swissbridge.plugins.lim.explanation`.

Size: the document's header and the two renderings built from the same items
(text and HTML) stay together so that they never tell different stories.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from swissbridge.errors import InputError
from swissbridge.history import adjourned_note, initial_colour, round_to_pair
from swissbridge.model import Tournament
from swissbridge.plugins import PairingSystem, Trace
from swissbridge.plugins.document import (
    NO_ARTICLES,
    Absent,
    BoardDoc,
    Bracket,
    Bye,
    Crack,
    Explanation,
    Player,
    PlayerFacts,
    PlayerReason,
    Problem,
    Reason,
    Scoregroup,
    colour_name,
    entry_text,
)
from swissbridge.state import build_state
from swissbridge.systems import DEFAULT, refuse

SCHEMA = "swissbridge-explain"
VERSION = 1
"""Bumped on any incompatible change of the document (a field removed, renamed or
retyped); adding an optional field keeps the version."""

FORMATS = ("text", "json", "html")

# ================================================================ the document


def explain(
    tournament: Tournament,
    *,
    system: str | PairingSystem = DEFAULT,
    round_no: int | None = None,
    trace: Trace | None = None,
) -> Explanation:
    """The explanation document of ``round_no`` (default: the next round), from the
    system's ``trace`` of it (made here when not given).

    Raises :class:`~swissbridge.errors.InputError` for an unknown system or round.
    When no legal pairing exists the document says so (``pairing_found`` false) and
    who cannot be paired and why (``no_legal_pairing``); a Lim document also says
    where the pairing got stuck."""
    from swissbridge.diagnosis import UnpairableRound, diagnose
    from swissbridge.pairing import NoLegalPairing
    from swissbridge.plugins import resolve
    from swissbridge.service import not_for_team_events, unpairable

    name, engine = resolve(system)
    refuse(engine, tournament)
    not_for_team_events(tournament, "explain")
    r = round_to_pair(tournament, trace.round_no if trace is not None else round_no)
    failure: UnpairableRound | None = None
    if trace is None:
        try:
            trace = engine.trace(tournament, r)
        except NoLegalPairing as exc:
            failed = unpairable(tournament, r, exc)
            failure = failed if isinstance(failed, UnpairableRound) else None
    part: dict[str, Any] = {}
    if trace is not None:
        try:
            part = dict(engine.explain(tournament, trace))
        except NoLegalPairing as exc:  # a system that cannot explain a round it could not pair
            failed = unpairable(tournament, r, exc)
            failure = failed if isinstance(failed, UnpairableRound) else None
    st = build_state(tournament, r)
    absent: list[Absent] = [
        {"player": n, "name": tournament.player(n).name, "entry": result.value, "text": entry_text(result)}
        for n, result in sorted(st.absent.items())
    ]
    notes = list(trace.notes) if trace is not None else []
    if (note := adjourned_note(tournament, r)) is not None:
        notes.insert(0, note)
    boards = part.get("boards", [])
    bye = part.get("bye")
    brackets = part.get("brackets", [])
    scoregroups = part.get("scoregroups", [])
    doc: Explanation = {
        "schema": SCHEMA,
        "version": VERSION,
        "system": name,
        "rules": part.get("rules", name),
        "articles": part.get("articles", NO_ARTICLES),
        "tournament": {"name": tournament.name, "rounds": tournament.total_rounds},
        "round": st.round_no,
        "last_round": st.last_round,
        "paired": part.get("paired", len(st.present)),
        "absent": absent,
        "initial_colour": part.get("initial_colour", colour_name(initial_colour(tournament))),
        "pab_score": part.get("pab_score"),
        "median": part.get("median"),
        "maxi": part.get("maxi"),
        "pairing_found": trace is not None and trace.pairing is not None,
        "players": _located(part.get("players", []), boards, bye, brackets, scoregroups),
        "brackets": brackets,
        "scoregroups": scoregroups,
        "cracks": part.get("cracks", []),
        "boards": boards,
        "bye": bye,
        "notes": notes,
        "disagreements": part.get("disagreements", []),
    }
    if not doc["pairing_found"]:
        diagnosis = failure.diagnosis if failure is not None else diagnose(tournament, r)
        doc["no_legal_pairing"] = {
            "summary": diagnosis.summary,
            "players": [{"player": u.player, "name": u.name, "why": u.why} for u in diagnosis.players],
        }
    return doc


def _located(
    players: list[PlayerFacts],
    boards: list[BoardDoc],
    bye: Bye | None,
    brackets: list[Bracket],
    scoregroups: list[Scoregroup],
) -> list[Player]:
    """Every player's facts with where the player ended up: board and colour,
    opponent, the PAB, and the bracket (or scoregroup) that paired them."""
    where: dict[int, tuple[int | None, str | None, int | None]] = {}
    for b in boards:
        where[b["white"]] = (b["board"], "white", b["black"])
        where[b["black"]] = (b["board"], "black", b["white"])
    pab = bye["player"] if bye is not None else None
    section: dict[int, str] = {}
    for br in brackets:
        for pair in br["pairs"]:
            for n in (pair["higher"], pair["lower"]):
                section[n] = f"bracket {br['number']}"
    for g in scoregroups:
        for a, b2 in g["pairs"]:
            section[a] = section[b2] = f"scoregroup {g['score']}"
    if pab is not None and brackets:
        section[pab] = f"bracket {brackets[-1]['number']}"
    out: list[Player] = []
    for p in players:
        n = p["player"]
        board, colour, opponent = where.get(n, (None, None, None))
        out.append(
            {**p, "board": board, "colour": colour, "opponent": opponent, "pab": n == pab, "paired_in": section.get(n)}
        )
    return out


def render(doc: Explanation, fmt: str) -> str:
    if fmt == "text":
        return render_text(doc)
    if fmt == "json":
        return render_json(doc)
    if fmt == "html":
        return render_html(doc)
    raise InputError(f"unknown explanation format {fmt!r}; expected one of {', '.join(FORMATS)}")


def render_json(doc: Explanation) -> str:
    """The document as JSON: two-space indent, keys in document order, UTF-8 text."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


# ================================================================ shared wording
#
# Every sentence of the page is built once, here, as *neutral items*: a run of
# segments (plain data, a rule tag, a link to a player or a board, or a piece
# only one rendering shows) with nested items below it.  The text and HTML
# renderers further down only lay the items out: indentation and plain text, or
# nested lists with every piece of data HTML-escaped.


@dataclass(frozen=True)
class _Rule:
    """A rule tag such as ``[C6]`` or ``5.2.2:`` (bold in HTML)."""

    text: str


@dataclass(frozen=True)
class _Link:
    """A cross-reference: plain ``text``, an anchor to ``#target`` in HTML."""

    target: str
    text: str


@dataclass(frozen=True)
class _Only:
    """A piece one rendering shows and the other does not (``html`` is markup)."""

    text: str = ""
    html: str = ""


_Seg: TypeAlias = str | _Rule | _Link | _Only


@dataclass
class _Item:
    """One line of the explanation and the lines below it.

    ``joined``: the text rendering puts the items below on this line (``: a; b``)
    and the HTML one puts their list on this line too.  ``html``: how the item's
    list item is laid out — ``"list"`` (its own lines), ``"open"`` (a nested list
    even when it is empty), ``"split"`` (the items below on one line, the list
    item closed at the start of the next line), ``"none"`` (text only)."""

    segs: list[_Seg]
    below: list[_Item] = field(default_factory=list)
    joined: bool = False
    html: str = "list"


_Reasonlike: TypeAlias = Reason | PlayerReason | Problem


def _nos(numbers: Iterable[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def _ref(n: int) -> _Link:
    return _Link(f"p{n}", f"#{n}")


def _refs(numbers: Iterable[int], *, empty: str) -> list[_Seg]:
    out: list[_Seg] = []
    for n in numbers:
        out += [", ", _ref(n)] if out else [_ref(n)]
    return out or [empty]


def _player_names(doc: Explanation) -> dict[int, str]:
    out: dict[int, str] = {}
    for p in doc["players"]:
        title = f"{p['title']} " if p.get("title") else ""
        out[p["player"]] = f"{title}{p['name']}".strip()
    for a in doc["absent"]:
        out.setdefault(a["player"], a["name"])
    return out


def _scores(doc: Explanation) -> dict[int, str]:
    return {p["player"]: p["pairing_score"] for p in doc["players"]}


def _who(doc: Explanation) -> Callable[[int], list[_Seg]]:
    """``#12 GM Name (3.5)``: a player with name and pairing score."""
    names = _player_names(doc)
    scores = _scores(doc)

    def who(n: int) -> list[_Seg]:
        return [_ref(n), f" {names.get(n, '')} ({scores.get(n, '?')})"]

    return who


def _rule(r: _Reasonlike) -> str:
    rule = str(r["rule"])
    return f"[{rule}]" if rule.startswith("C") and rule[1:].isdigit() else f"{rule}:"


def _reason(r: _Reasonlike, *extra: _Seg) -> _Item:
    return _Item([_Rule(_rule(r)), " ", str(r["text"]), *extra])


def _grouped(entries: list[PlayerReason]) -> list[_Item]:
    """``rather_than`` (or ``passed_over``) entries with the same reason, merged
    into one line (players in order): ``#3, #7: [C6] …``."""
    groups: dict[tuple[str, str], list[int]] = {}
    firsts: dict[tuple[str, str], PlayerReason] = {}
    for e in entries:
        key = (str(e["rule"]), str(e["text"]))
        groups.setdefault(key, []).append(int(e["player"]))
        firsts.setdefault(key, e)
    return [_Item([f"{_nos(groups[k])}: ", _Rule(_rule(firsts[k])), " ", str(firsts[k]["text"])]) for k in groups]


def _heading(word: str, rest: str = "") -> tuple[str, str]:
    """A section heading: the first word in capitals in the text, as is in HTML."""
    return word.upper() + rest, word + rest


def _title_line(doc: Explanation) -> str:
    name = doc["tournament"]["name"] or "Tournament"
    of = f" of {doc['tournament']['rounds']}" if doc["tournament"]["rounds"] else ""
    return f"{name} — round {doc['round']}{of}: why the pairing is what it is"


def _topscorers_line(doc: Explanation) -> str | None:
    tops = [p["player"] for p in doc["players"] if p["topscorer"]]
    article = doc["articles"]["topscorers"]
    if not doc["last_round"] or article is None:
        return None
    if not tops:
        return f"Topscorers ({article}): none"
    return f"Topscorers ({article}: more than half the maximum score, last round only): {_nos(tops)}"


def _summary_line(doc: Explanation) -> str:
    parts = [doc["rules"], f"{doc['paired']} players to pair"]
    articles = doc["articles"]
    if initial := doc["initial_colour"]:
        parts.append(f"initial colour {initial.capitalize()} ({articles['initial_colour']})")
    if doc["last_round"]:
        parts.append(f"last round ({articles['last_round']})" if articles["last_round"] else "last round")
    if doc["median"] is not None:
        parts.append(f"median score {doc['median']} (2.2)")
        parts.append("Maxi-tournament rules" if doc["maxi"] else "not a Maxi-tournament")
    return "; ".join(parts)


def _meta_lines(doc: Explanation) -> list[str]:
    """The lines under the title: rules and counts, topscorers, absentees."""
    out = [_summary_line(doc)]
    tops = _topscorers_line(doc)
    if tops:
        out.append(tops)
    if doc["absent"]:
        out.append("Not paired: " + "; ".join(f"#{a['player']} {a['name']} ({a['text']})" for a in doc["absent"]))
    return out


NO_PAIRING = _heading("No legal pairing", ": see the scoregroups below for where it got stuck.")
NO_PAB = "No PAB: the number of players to pair is even."
BYE = _heading("Pairing-allocated bye", ": ")
BRACKETS = _heading("Brackets", " (Article 3), from the top scoregroup down")
SCOREGROUPS = _heading("Scoregroups", " (in the pairing order of 2.2)")
CRACKS = "Blocked median (2.6): pairings broken"
FLOATS_KEY = "Floats: previous round / two rounds before (D down, U up, F floated)."


def _crack(c: Crack) -> str:
    return f"{c['pair'][0]}–{c['pair'][1]} of scoregroup {c['score']} ({c['side']}): {c['reason']}"


def _floats(p: Player) -> str:
    return "/".join({"down": "D", "up": "U", "floated": "F"}.get(f or "", "-") for f in p["floats"])


def _paired(p: Player) -> list[_Seg]:
    """Where the player ended up: ``PAB``, ``board 3, White v #12`` or ``-``."""
    if p["pab"]:
        return ["PAB"]
    if p["board"] is not None:
        colour = (p["colour"] or "").capitalize()
        return [_Link(f"board{p['board']}", f"board {p['board']}"), f", {colour} v #{p['opponent']}"]
    return ["-"]


def _bracket(br: Bracket) -> tuple[str, list[_Item]]:
    """A Dutch bracket (Article 3): its heading and its items."""
    n = len(br["residents"]) + len(br["mdps"])
    heading = f"Bracket {br['number']} — score {br['score']}, {br['kind']}, {n} player{'s' if n != 1 else ''}"
    items: list[_Item] = []
    if br["mdps"]:
        mdps: list[_Seg] = [_Only("MDPs:      ", "MDPs: ")]
        for i, m in enumerate(br["mdps"]):
            frm = f", from bracket {m['from_bracket']})" if m["from_bracket"] else ")"
            mdps += [", "] if i else []
            mdps += [_ref(m["player"]), f" ({m['score']}{frm}"]
        items.append(_Item(mdps))
    items.append(_Item(["Residents: ", *_refs(br["residents"], empty="none")]))
    if br["pairs"]:
        items.append(_Item([f"Subgroups (3.2): S1 = {_nos(br['s1']) or '-'}; S2 = {_nos(br['s2']) or '-'}"]))
        fc = br["first_candidate"]
        pairs = ", ".join(f"{a}–{b}" for a, b in fc["pairs"])
        problems = [_reason(r, _Only(f" ({pair[0]}–{pair[1]})" if (pair := r["pair"]) else "")) for r in fc["problems"]]
        items.append(_Item([f"First candidate (3.3): {pairs}: {fc['verdict']}"], problems, html="split"))
        made = [
            _Item([f"#{p['higher']}–#{p['lower']}"], [_reason(r) for r in p["notes"]], joined=True) for p in br["pairs"]
        ]
        items.append(_Item(["Pairs made:"], made))
        if br["exchanges"]:
            items.append(_Item([f"Remainder: {br['exchanges']} resident(s) exchanged between S1 and S2 (4.3)"]))
    if br["downfloaters"]:
        floaters = [_reason(r) for r in br["float_reasons"]]
        for f in br["downfloaters"]:
            limbo = " stays in the Limbo and" if f["limbo"] else ""
            facts = f"; {', '.join(f['facts'])}" if f["facts"] else ""
            below: list[_Item] = []
            if f["rather_than"]:
                below.append(_Item(["If another player of the bracket floated instead:"], _grouped(f["rather_than"])))
            elif not f["compared"]:
                below.append(_Item(["(not compared one by one with the others: large bracket)"], html="none"))
            floaters.append(_Item([f"#{f['player']} ({f['score']}){limbo} {f['goes']}{facts}"], below, html="open"))
        items.append(_Item(["Downfloaters:"], floaters))
    if br["shortfalls"]:
        shortfalls = [
            _Item([_Rule(f"[{s['criterion']}]"), f" {s['count']} — {s['text']}: {'; '.join(s['details'])}"])
            for s in br["shortfalls"]
        ]
        items.append(_Item(["Criteria not fully met:"], shortfalls))
    if br["c9"]:
        items.append(_Item(["[C9] applies in this bracket: it leaves one player over, who takes the PAB"]))
    items.append(_Item([f"Better candidate? {br['optimality']['text']}"]))
    return heading, items


def _scoregroup(g: Scoregroup) -> list[str]:
    """A Lim scoregroup in the pairing order (2.2): its heading, then its lines."""
    where = {
        "above": "above the median, paired downward",
        "median": "the Median Scoregroup, paired last",
        "below": "below the median, paired upward",
    }[g["side"]]
    again = f" (attempt {g['attempt']})" if g["attempt"] > 1 else ""
    out = [f"Scoregroup {g['score']} — {where}{again}"]
    out.append(f"residents: {_nos(g['residents']) or 'none'}")
    if g["incoming_down"]:
        out.append(f"incoming floaters from above: {_nos(g['incoming_down'])}")
    if g["incoming_up"]:
        out.append(f"incoming floaters from below: {_nos(g['incoming_up'])}")
    out.append(f"at most {g['max_pairs']} compatible pair(s) (2.1)")
    if g["blocked"]:
        out.append(f"BLOCKED: {g['blocked']}")
        return out
    if g["floaters"]:
        out.append(f"floaters (Article 3, one at a time), to {g['floaters_to']}:")
        for f in g["floaters"]:
            out.append(f"  #{f['player']}: type {f['type']} (3.9); {f['why']}; chosen by {f['rule']}")
    for fp in g["floater_pairs"]:
        out.append(f"incoming floater #{fp['floater']} – #{fp['opponent']}: {fp['rule']}")
    if g["proposal"]:
        out.append("proposed pairing (2.4): " + ", ".join(f"{a}–{b}" for a, b in g["proposal"]))
    for s in g["scrutiny"]:
        if s["proposed"] == s["chosen"] and not s["rejected"]:
            continue
        rej = "; ".join(f"#{r['player']} ({r['why']})" for r in s["rejected"])
        out.append(
            f"scrutiny (Article 4): #{s['player']} proposed #{s['proposed']}, passed over {rej or '-'}; "
            f"paired with #{s['chosen']}"
        )
    if g["colour_note"]:
        out.append(g["colour_note"])
    for b in g["boards"]:
        out.append(f"board {b['white']}–{b['black']}: {b['text']}")
    return out


# ================================================================ text


def _t(segs: Iterable[_Seg]) -> str:
    """Segments as plain text."""
    return "".join(s if isinstance(s, str) else s.text for s in segs)


def _text_items(items: list[_Item], depth: int) -> list[str]:
    out: list[str] = []
    for it in items:
        line = "  " * depth + _t(it.segs)
        if it.joined:
            out.append(line + (": " + "; ".join(_t(b.segs) for b in it.below) if it.below else ""))
            continue
        out.append(line)
        out += _text_items(it.below, depth + 1)
    return out


def _unpaired_lines(doc: Explanation) -> list[str]:
    """Who cannot be paired and why, when no legal pairing exists."""
    unpaired = doc.get("no_legal_pairing")
    if unpaired is None:
        return []
    return [f"  {unpaired['summary']}", *(f"  #{u['player']} {u['name']}: {u['why']}" for u in unpaired["players"])]


def render_text(doc: Explanation) -> str:
    """The explanation as plain text (UTF-8), sections in the order an arbiter
    asks: the boards and their colours, the PAB, how each bracket was paired, and
    every player's facts."""
    names = _player_names(doc)
    who = _who(doc)
    out = [_title_line(doc), *_meta_lines(doc)]
    for note in doc["notes"]:
        out.append(note.rstrip("\n"))
    if not doc["pairing_found"]:
        out.append(NO_PAIRING[0])
        out += _unpaired_lines(doc)

    colours = doc["articles"]["colours"]
    out += ["", f"BOARDS (colours by {colours})" if colours else "BOARDS"]
    place = {p["player"]: p["paired_in"] for p in doc["players"]}
    for b in doc["boards"]:
        where = place.get(b["white"]) or ""
        out.append(
            f"{b['board']:>4}. {_t(who(b['white']))} – {_t(who(b['black']))}" + (f"   [{where}]" if where else "")
        )
        out += _text_items([_reason(r) for r in b["reasons"]], 4)
    if doc["bye"] is not None:
        bye = doc["bye"]
        out += ["", BYE[0] + _t(who(bye["player"]))]
        out += _text_items([_reason(r) for r in bye["reasons"]], 2)
        if bye["passed_over"]:
            out.append("  Why not another player:")
            out += _text_items(_grouped(bye["passed_over"]), 2)
    elif doc["pairing_found"]:
        out += ["", NO_PAB]

    if doc["brackets"]:
        out += ["", BRACKETS[0]]
        for br in doc["brackets"]:
            heading, items = _bracket(br)
            out += ["", heading, *_text_items(items, 1)]
    if doc["scoregroups"] or doc["cracks"]:
        out += ["", SCOREGROUPS[0]]
        for g in doc["scoregroups"]:
            heading, *lines = _scoregroup(g)
            out += ["", heading, *(f"  {line}" for line in lines)]
        if doc["cracks"]:
            out += ["", CRACKS]
            out += [f"  {_crack(c)}" for c in doc["cracks"]]

    out += ["", "PLAYERS (by start number)"]
    out.append(
        f"{'No':>4}  {'Name':<24} {'Pts':>5} {'Rank':>4} {'TPN':>4}  {'Colours':<10} {'CD':>3}  "
        f"{'Floats':<7} {'Preference':<44} Paired"
    )
    accelerated = any(p["score"] != p["pairing_score"] for p in doc["players"])
    for p in doc["players"]:
        pts = p["pairing_score"] + ("*" if p["score"] != p["pairing_score"] else "")
        out.append(
            f"{p['player']:>4}  {names[p['player']][:24]:<24} {pts:>5} {p['rank']:>4} {p['tpn']:>4}  "
            f"{p['colours'] or '-':<10} {p['colour_difference']:>+3}  {_floats(p):<7} "
            f"{p['preference_text'][:44]:<44} {_t(_paired(p))}"
        )
    out.append(f"  {FLOATS_KEY}")
    if accelerated:
        out.append("  Pts is the pairing score; * includes virtual points of an accelerated round (C.04.7).")
    if doc["disagreements"]:
        out += ["", "DISAGREEMENTS between this explanation's own reading of the rules and the engine:"]
        out += [f"  - {d}" for d in doc["disagreements"]]
    return "\n".join(out) + "\n"


# ================================================================ HTML

_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; color: #111; margin: 1.5em; }
h1 { font-size: 1.35em; margin: 0 0 .2em 0; }
h2 { font-size: 1.12em; border-bottom: 1px solid #888; margin-top: 1.4em; }
h3 { font-size: 1em; margin: 1em 0 .3em 0; }
p.meta { margin: .2em 0; color: #333; }
table { border-collapse: collapse; margin: .3em 0 .6em 0; }
th, td { border: 1px solid #bbb; padding: 2px 6px; vertical-align: top; text-align: left; }
th { background: #eee; }
td.num { text-align: right; white-space: nowrap; }
.rule { font-weight: bold; white-space: nowrap; }
ul { margin: .2em 0 .4em 0; padding-left: 1.4em; }
li { margin: .1em 0; }
section.bracket { border-left: 3px solid #999; padding-left: .7em; margin: .8em 0; }
.warn { color: #a00000; }
.muted { color: #555; }
@media print {
  body { margin: 0; font-size: 9pt; }
  @page { size: A4; margin: 12mm; }
  section.bracket, tr { break-inside: avoid; page-break-inside: avoid; }
  h2 { break-after: avoid; page-break-after: avoid; }
  a { color: inherit; text-decoration: none; }
  th { background: none; }
}
"""


def _e(value: object) -> str:
    """HTML-escape any piece of data (player names included: they are data, never markup)."""
    return html.escape("" if value is None else str(value), quote=True)


def _h(segs: Iterable[_Seg]) -> str:
    """Segments as HTML: data escaped, rule tags bold, cross-references linked."""
    out: list[str] = []
    for s in segs:
        if isinstance(s, str):
            out.append(_e(s))
        elif isinstance(s, _Rule):
            out.append(f'<span class="rule">{_e(s.text)}</span>')
        elif isinstance(s, _Link):
            out.append(f'<a href="#{_e(s.target)}">{_e(s.text)}</a>')
        else:
            out.append(s.html)
    return "".join(out)


def _li(it: _Item) -> str:
    """An item and everything below it as one list item on one line."""
    below = "".join(_li(b) for b in it.below if b.html != "none")
    return f"<li>{_h(it.segs)}" + (f"<ul>{below}</ul>" if below else "") + "</li>"


def _html_items(items: list[_Item]) -> list[str]:
    h: list[str] = []
    pending = ""  # the end of a "split" list item, written at the start of the next line
    for it in items:
        if it.html == "none":
            continue
        below = [b for b in it.below if b.html != "none"]
        if it.joined or (not below and it.html == "list"):
            h.append(pending + _li(it))
        elif it.html == "split":
            h.append(pending + f"<li>{_h(it.segs)}")
            if below:
                h.append("<ul>" + "".join(_li(b) for b in below) + "</ul>")
            pending = "</li>"
            continue
        else:
            h.append(pending + f"<li>{_h(it.segs)}<ul>")
            h += _html_items(below)
            h.append("</ul></li>")
        pending = ""
    if pending:
        h.append(pending)
    return h


def render_html(doc: Explanation) -> str:
    """A self-contained printable page: the same sections as the text, with a
    board table and a player table linked to the brackets."""
    names = _player_names(doc)
    who = _who(doc)
    title = _title_line(doc)
    h: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{_e(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{_e(title)}</h1>",
    ]
    h += [f'<p class="meta">{_e(line)}</p>' for line in _meta_lines(doc)]
    for note in doc["notes"]:
        h.append(f'<pre class="muted">{_e(note)}</pre>')
    if not doc["pairing_found"]:
        h.append(f'<p class="warn">{_e(NO_PAIRING[1])}</p>')

    h.append("<h2>Boards</h2>")
    h.append("<table><tr><th>Bd</th><th>White</th><th>Black</th><th>Colours: why</th></tr>")
    for b in doc["boards"]:
        reasons = "".join(_li(_reason(r)) for r in b["reasons"])
        h.append(
            f'<tr id="board{b["board"]}"><td class="num">{b["board"]}</td><td>{_h(who(b["white"]))}</td>'
            f"<td>{_h(who(b['black']))}</td><td><ul>{reasons}</ul></td></tr>"
        )
    h.append("</table>")
    if doc["bye"] is not None:
        bye = doc["bye"]
        h.append(f"<h2>{_e(BYE[1])}{_h(who(bye['player']))}</h2>")
        h.append("<ul>" + "".join(_li(_reason(r)) for r in bye["reasons"]) + "</ul>")
        if bye["passed_over"]:
            h.append("<h3>Why not another player</h3><ul>")
            h += _html_items(_grouped(bye["passed_over"]))
            h.append("</ul>")
    elif doc["pairing_found"]:
        h.append(f"<p>{_e(NO_PAB)}</p>")

    if doc["brackets"]:
        h.append(f"<h2>{_e(BRACKETS[1])}</h2>")
        for br in doc["brackets"]:
            heading, items = _bracket(br)
            h.append(f'<section class="bracket" id="bracket{br["number"]}">')
            h.append(f"<h3>{_e(heading)}</h3><ul>")
            h += _html_items(items)
            h.append("</ul></section>")
    if doc["scoregroups"]:
        h.append(f"<h2>{_e(SCOREGROUPS[1])}</h2>")
        for g in doc["scoregroups"]:
            heading, *lines = _scoregroup(g)
            h.append('<section class="bracket">')
            h.append(f"<h3>{_e(heading)}</h3>")
            h += [f"<div>{_e(line.strip())}</div>" for line in lines]
            h.append("</section>")
        if doc["cracks"]:
            h.append(f"<h3>{_e(CRACKS)}</h3><ul>")
            h += [f"<li>{_e(_crack(c))}</li>" for c in doc["cracks"]]
            h.append("</ul>")

    h.append("<h2>Players</h2>")
    h.append(
        "<table><tr><th>No</th><th>Name</th><th>Pts</th><th>Rank</th><th>TPN</th><th>Colours</th><th>CD</th>"
        "<th>Floats</th><th>Preference</th><th>Paired</th></tr>"
    )
    for p in doc["players"]:
        where = f" ({_e(p['paired_in'])})" if p["paired_in"] else ""
        h.append(
            f'<tr id="p{p["player"]}"><td class="num">{p["player"]}</td><td>{_e(names[p["player"]])}</td>'
            f'<td class="num">{_e(p["pairing_score"])}{"*" if p["score"] != p["pairing_score"] else ""}</td>'
            f'<td class="num">{p["rank"]}</td>'
            f'<td class="num">{p["tpn"]}</td><td>{_e(p["colours"] or "-")}</td>'
            f'<td class="num">{p["colour_difference"]:+d}</td><td>{_e(_floats(p))}</td>'
            f"<td>{_e(p['preference_text'])}</td><td>{_h(_paired(p))}{where}</td></tr>"
        )
    h.append("</table>")
    h.append(f'<p class="muted">{_e(FLOATS_KEY)}</p>')
    if any(p["score"] != p["pairing_score"] for p in doc["players"]):
        h.append('<p class="muted">Pts is the pairing score; * includes virtual points (C.04.7).</p>')
    if doc["disagreements"]:
        h.append('<h2 class="warn">Disagreements with the engine</h2><ul class="warn">')
        h.extend(f"<li>{_e(d)}</li>" for d in doc["disagreements"])
        h.append("</ul>")
    h += ["</body>", "</html>"]
    return "\n".join(h) + "\n"
