"""The explanation document (:mod:`swissbridge.commands.explain`) rendered as

* ``text`` — what an arbiter reads at the board or pins on the wall;
* ``json`` — the document itself, stable and versioned
  (:data:`~swissbridge.commands.explain.SCHEMA`, :data:`~swissbridge.commands.explain.VERSION`);
* ``html`` — a self-contained printable page (print CSS, nothing fetched; every
  player name and every other piece of data is HTML-escaped).

All three come from the same document, so they never tell different stories.
The system's part is generic: boards, the PAB, the players and *sections* (a
title, the rule cited, the players concerned, the reasons, nested), which this
module renders whatever the system; what the system records in its own terms is
its ``details``, which it owns and shows through its sections. Nothing here names
a system or its steps.

Size: the two renderings built from the same items (text and HTML) stay together so
that they never tell different stories.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import TypeAlias

from swissbridge.errors import InputError
from swissbridge.messages import column_width
from swissbridge.plugins.document import (
    Explanation,
    Line,
    Player,
    Reason,
    Section,
    grouped,
)

FORMATS = ("text", "json", "html")


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
# Every sentence of the page is built once, here, as a run of *segments* (plain
# data, a rule tag, a link to a player or a board); the text and HTML renderers
# further down only lay them out: indentation and plain text, or nested lists with
# every piece of data HTML-escaped.


@dataclass(frozen=True)
class _Rule:
    """A rule tag such as ``[C6]`` or ``5.2.2:`` (bold in HTML)."""

    text: str


@dataclass(frozen=True)
class _Link:
    """A cross-reference: plain ``text``, an anchor to ``#target`` in HTML."""

    target: str
    text: str


_Seg: TypeAlias = str | _Rule | _Link


_START_NUMBER = re.compile(r"#(\d+)")
"""A player named in a sentence: ``#12``."""


def _nos(numbers: Iterable[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def _ref(n: int) -> _Link:
    return _Link(f"p{n}", f"#{n}")


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


def _rule(rule: str) -> str:
    return f"[{rule}]" if rule.startswith("C") and rule[1:].isdigit() else f"{rule}:"


def _line(r: Reason) -> Line:
    """A board's or the PAB's reason as a line of the document."""
    return {"rule": r["rule"], "text": r["text"], "players": [], "below": []}


def _line_segs(ln: Line) -> list[_Seg]:
    """``#3, #7: [C6] text``: the players it is about, the rule, what it says."""
    segs: list[_Seg] = []
    if ln["players"]:
        for n in ln["players"]:
            segs += [", ", _ref(n)] if segs else [_ref(n)]
        segs.append(": ")
    if ln["rule"] is not None:
        segs += [_Rule(_rule(ln["rule"])), " "]
    segs.append(ln["text"])
    return segs


def _section_heading(sec: Section) -> str:
    return sec["title"] + (f" ({sec['rule']})" if sec["rule"] else "")


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
    parts = [doc["rules"], f"{doc['paired']} {doc['entrants']} to pair"]
    articles = doc["articles"]
    if initial := doc["initial_colour"]:
        parts.append(f"initial colour {initial.capitalize()} ({articles['initial_colour']})")
    if doc["last_round"]:
        parts.append(f"last round ({articles['last_round']})" if articles["last_round"] else "last round")
    parts += doc["summary"]
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


def _no_pairing(doc: Explanation) -> tuple[str, str]:
    return _heading("No legal pairing", ": the sections below show where it got stuck." if doc["sections"] else ".")


_ENTRANTS = {"players": ("player", "start number"), "teams": ("team", "team pairing number")}
"""What the document pairs (its ``entrants``): one of them, and what numbers them."""


def _no_pab(doc: Explanation) -> str:
    return f"No PAB: the number of {doc['entrants']} to pair is even."


def _another(doc: Explanation) -> str:
    return f"Why not another {_ENTRANTS[doc['entrants']][0]}"


BYE = _heading("Pairing-allocated bye", ": ")


FLOATS_KEY = "Floats: previous round / two rounds before (D down, U up, F floated)."


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


# ================================================================ text


def _t(segs: Iterable[_Seg]) -> str:
    """Segments as plain text."""
    return "".join(s if isinstance(s, str) else s.text for s in segs)


def _text_lines(lines: list[Line], depth: int) -> list[str]:
    out: list[str] = []
    for ln in lines:
        out.append("  " * depth + _t(_line_segs(ln)))
        out += _text_lines(ln["below"], depth + 1)
    return out


def _text_section(sec: Section, top: bool) -> list[str]:
    """A section: a blank line, its heading (the first word in capitals at the top
    level), its reasons indented, then the sections under it."""
    heading = _section_heading(sec)
    if top:
        word, _, rest = heading.partition(" ")
        heading = _heading(word, f" {rest}" if rest else "")[0]
    out = ["", heading, *_text_lines(sec["reasons"], 1)]
    for sub in sec["sections"]:
        out += _text_section(sub, False)
    return out


def _unpaired_lines(doc: Explanation) -> list[str]:
    """Who cannot be paired and why, when no legal pairing exists."""
    unpaired = doc.get("no_legal_pairing")
    if unpaired is None:
        return []
    return [f"  {unpaired['summary']}", *(f"  #{u['player']} {u['name']}: {u['why']}" for u in unpaired["players"])]


def render_text(doc: Explanation) -> str:
    """The explanation as plain text (UTF-8), sections in the order an arbiter
    asks: the boards and their colours, the PAB, the system's steps (its
    sections), and every player's facts."""
    names = _player_names(doc)
    who = _who(doc)
    out = [_title_line(doc), *_meta_lines(doc)]
    for note in doc["notes"]:
        out.append(note.rstrip("\n"))
    if not doc["pairing_found"]:
        out.append(_no_pairing(doc)[0])
        out += _unpaired_lines(doc)

    colours = doc["articles"]["colours"]
    out += ["", f"BOARDS (colours by {colours})" if colours else "BOARDS"]
    place = {p["player"]: p["paired_in"] for p in doc["players"]}
    for b in doc["boards"]:
        where = place.get(b["white"]) or ""
        out.append(
            f"{b['board']:>4}. {_t(who(b['white']))} – {_t(who(b['black']))}" + (f"   [{where}]" if where else "")
        )
        out += _text_lines([_line(r) for r in b["reasons"]], 4)
    if doc["bye"] is not None:
        bye = doc["bye"]
        out += ["", BYE[0] + _t(who(bye["player"]))]
        out += _text_lines([_line(r) for r in bye["reasons"]], 2)
        if bye["passed_over"]:
            out.append(f"  {_another(doc)}:")
            out += _text_lines(grouped(bye["passed_over"]), 2)
    elif doc["pairing_found"]:
        out += ["", _no_pab(doc)]

    for sec in doc["sections"]:
        out += _text_section(sec, True)

    out += ["", f"{doc['entrants'].upper()} (by {_ENTRANTS[doc['entrants']][1]})"]
    wide = column_width((names[p["player"]] for p in doc["players"]), 24)  # never cut a name
    told = column_width((p["preference_text"] for p in doc["players"]), 44)
    out.append(
        f"{'No':>4}  {'Name':<{wide}} {'Pts':>5} {'Rank':>4} {'TPN':>4}  {'Colours':<10} {'CD':>3}  "
        f"{'Floats':<7} {'Preference':<{told}} Paired"
    )
    accelerated = any(p["score"] != p["pairing_score"] for p in doc["players"])
    for p in doc["players"]:
        pts = p["pairing_score"] + ("*" if p["score"] != p["pairing_score"] else "")
        out.append(
            f"{p['player']:>4}  {names[p['player']]:<{wide}} {pts:>5} {p['rank']:>4} {p['tpn']:>4}  "
            f"{p['colours'] or '-':<10} {p['colour_difference']:>+3}  {_floats(p):<7} "
            f"{p['preference_text']:<{told}} {_t(_paired(p))}"
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
section.step { border-left: 3px solid #999; padding-left: .7em; margin: .8em 0; }
.warn { color: #a00000; }
.muted { color: #555; }
@media print {
  body { margin: 0; font-size: 9pt; }
  @page { size: A4; margin: 12mm; }
  section.step, tr { break-inside: avoid; page-break-inside: avoid; }
  h2 { break-after: avoid; page-break-after: avoid; }
  a { color: inherit; text-decoration: none; }
  th { background: none; }
}
"""


def _e(value: object) -> str:
    """HTML-escape any piece of data (player names included: they are data, never markup)."""
    return html.escape("" if value is None else str(value), quote=True)


def _h(segs: Iterable[_Seg], players: Collection[int] = ()) -> str:
    """Segments as HTML: data escaped, rule tags bold, cross-references linked, and
    in the sentences every ``#N`` of a player of the table linked to their row."""
    out: list[str] = []
    for s in segs:
        if isinstance(s, str):
            out.append(_linked(s, players))
        elif isinstance(s, _Rule):
            out.append(f'<span class="rule">{_e(s.text)}</span>')
        else:
            out.append(f'<a href="#{_e(s.target)}">{_e(s.text)}</a>')
    return "".join(out)


def _linked(text: str, players: Collection[int]) -> str:
    """``text`` escaped, each ``#N`` of a player in ``players`` a link to their row."""
    out: list[str] = []
    at = 0
    for m in _START_NUMBER.finditer(text):
        if int(m.group(1)) in players:
            out += [_e(text[at : m.start()]), f'<a href="#p{m.group(1)}">{_e(m.group(0))}</a>']
            at = m.end()
    out.append(_e(text[at:]))
    return "".join(out)


def _html_lines(lines: list[Line], players: Collection[int]) -> str:
    """Lines as list items, the lines below each as a nested list."""
    items = []
    for ln in lines:
        below = f"<ul>{_html_lines(ln['below'], players)}</ul>" if ln["below"] else ""
        items.append(f"<li>{_h(_line_segs(ln), players)}{below}</li>")
    return "".join(items)


def _html_section(sec: Section, top: bool, players: Collection[int]) -> list[str]:
    """A section: a heading (``h2`` at the top level, else ``h3`` in a framed
    ``section``), its reasons as a list, the sections under it."""
    heading = _e(_section_heading(sec))
    h = [f"<h2>{heading}</h2>"] if top else ['<section class="step">', f"<h3>{heading}</h3>"]
    if sec["reasons"]:
        h.append(f"<ul>{_html_lines(sec['reasons'], players)}</ul>")
    for sub in sec["sections"]:
        h += _html_section(sub, False, players)
    if not top:
        h.append("</section>")
    return h


def render_html(doc: Explanation) -> str:
    """A self-contained printable page: the same sections as the text, with a
    board table and a player table the sentences link to."""
    names = _player_names(doc)
    who = _who(doc)
    title = _title_line(doc)
    known = {p["player"] for p in doc["players"]}
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
        h.append(f'<p class="warn">{_e(_no_pairing(doc)[1])}</p>')

    h.append("<h2>Boards</h2>")
    h.append("<table><tr><th>Bd</th><th>White</th><th>Black</th><th>Colours: why</th></tr>")
    for b in doc["boards"]:
        reasons = _html_lines([_line(r) for r in b["reasons"]], known)
        h.append(
            f'<tr id="board{b["board"]}"><td class="num">{b["board"]}</td><td>{_h(who(b["white"]))}</td>'
            f"<td>{_h(who(b['black']))}</td><td><ul>{reasons}</ul></td></tr>"
        )
    h.append("</table>")
    if doc["bye"] is not None:
        bye = doc["bye"]
        h.append(f"<h2>{_e(BYE[1])}{_h(who(bye['player']))}</h2>")
        h.append("<ul>" + _html_lines([_line(r) for r in bye["reasons"]], known) + "</ul>")
        if bye["passed_over"]:
            h.append(f"<h3>{_e(_another(doc))}</h3>")
            h.append("<ul>" + _html_lines(grouped(bye["passed_over"]), known) + "</ul>")
    elif doc["pairing_found"]:
        h.append(f"<p>{_e(_no_pab(doc))}</p>")

    for sec in doc["sections"]:
        h += _html_section(sec, True, known)

    h.append(f"<h2>{_e(doc['entrants'].capitalize())}</h2>")
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
