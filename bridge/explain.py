"""``swissbridge explain``: why a round was paired as it was, for arbiters.

A pairing system that keeps a trace (``trace(tournament, round_no)``) is asked for
it; the trace becomes one *explanation document* (a JSON-ready ``dict``, documented
in ``docs/explain.md`` and ``docs/explain.schema.json``), and the document is
rendered as

* ``text`` — what an arbiter reads at the board or pins on the wall;
* ``json`` — the document itself, stable and versioned (:data:`SCHEMA`,
  :data:`VERSION`);
* ``html`` — a self-contained printable page (print CSS, nothing fetched; every
  player name and every other piece of data is HTML-escaped).

All three come from the same document, so they never tell different stories.

Dutch (C.04.3): bracket by bracket, the residents and MDPs, the subgroups and the
first candidate, the pairs made, the downfloaters and why each one rather than
another player, the criteria not fully met with counts, a check that no better
pairing of the bracket exists, the PAB and why that player, and the colour rule of
every board (5.2.1–5.2.5) with the facts it reads (:mod:`swissbridge.explain_dutch`).
Lim (C.04.4.3): scoregroup by scoregroup in the pairing order, from the Lim
engine's step-by-step record (:mod:`swissbridge.explain_lim`).
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Iterable
from typing import Any

from swissbridge.errors import InputError
from swissbridge.model import Tournament

JSON = dict[str, Any]

SCHEMA = "swissbridge-explain"
VERSION = 1
"""Bumped on any incompatible change of the document (a field removed, renamed or
retyped); adding an optional field keeps the version."""

FORMATS = ("text", "json", "html")

RULES = {
    "dutch": "FIDE (Dutch) System, C.04.3, applied from 1 February 2026",
    "lim": "Lim System, C.04.4.3, applied from 1 February 2026",
}


# ================================================================ the document


def explain(tournament: Tournament, *, system: str = "dutch", round_no: int | None = None) -> JSON:
    """The explanation document of ``round_no`` (default: the next round).

    Raises :class:`~swissbridge.errors.InputError` for an unknown system or round,
    :class:`~swissbridge.pairing.NoLegalPairing` when the Dutch system finds no
    legal pairing (a Lim document then says where the pairing got stuck)."""
    from swissbridge.plugins import resolve

    _, engine = resolve(system)
    r = tournament.next_round if round_no is None else round_no
    if r < 1:
        raise InputError(f"rounds are numbered from 1, not {r}")
    if tournament.total_rounds is not None and r > tournament.total_rounds:
        raise InputError(f"round {r} is beyond the {tournament.total_rounds} rounds of the tournament")
    doc = _header(tournament, system, r)
    trace_fn = getattr(engine, "trace", None)
    result = trace_fn(tournament, r) if callable(trace_fn) else None
    trace = result[1] if isinstance(result, tuple) and len(result) == 2 else result
    from swissbridge.plugins.dutch.trace import RoundTrace
    from swissbridge.plugins.lim.trace import LimTrace

    if isinstance(trace, RoundTrace):
        from swissbridge.explain_dutch import explain_dutch

        doc.update(explain_dutch(tournament, r, trace))
        doc["notes"] = list(trace.notes)
    elif isinstance(trace, LimTrace):
        from swissbridge.explain_lim import explain_lim

        doc.update(explain_lim(tournament, r, trace))
        doc["pairing_found"] = bool(doc["boards"]) or doc["bye"] is not None or doc["paired"] == 0
    else:
        text_fn = getattr(engine, "explain", None)
        if not callable(text_fn):
            raise InputError(f"the {system} system cannot explain its pairings")
        doc["notes"] = [str(text_fn(tournament, r))]
    _locate(doc)
    return doc


def _header(tournament: Tournament, system: str, r: int) -> JSON:
    from swissbridge.explain_dutch import ENTRY_TEXT
    from swissbridge.state import build_state

    st = build_state(tournament, r)
    absent = [
        {
            "player": n,
            "name": tournament.player(n).name,
            "entry": result.value,
            "text": ENTRY_TEXT.get(result, result.name.lower().replace("_", " ")),
        }
        for n, result in sorted(st.absent.items())
    ]
    initial = tournament.initial_colour
    if initial is None:
        try:
            from swissbridge.plugins.dutch.engine import initial_colour

            initial = initial_colour(tournament)
        except InputError:
            initial = None
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "system": system,
        "rules": RULES.get(system, system),
        "tournament": {"name": tournament.name, "rounds": tournament.total_rounds},
        "round": st.round_no,
        "last_round": st.last_round,
        "paired": len(st.present),
        "absent": absent,
        "initial_colour": None if initial is None else str(initial).lower(),
        "pab_score": None,
        "median": None,
        "maxi": None,
        "pairing_found": True,
        "players": [],
        "brackets": [],
        "scoregroups": [],
        "cracks": [],
        "boards": [],
        "bye": None,
        "notes": [],
        "disagreements": [],
    }


def _locate(doc: JSON) -> None:
    """Give every player document where the player ended up: board and colour,
    opponent, the PAB, and the bracket (or scoregroup) that paired them."""
    where: dict[int, JSON] = {}
    for b in doc["boards"]:
        where[b["white"]] = {"board": b["board"], "colour": "white", "opponent": b["black"]}
        where[b["black"]] = {"board": b["board"], "colour": "black", "opponent": b["white"]}
    if doc["bye"] is not None:
        where[doc["bye"]["player"]] = {"board": None, "colour": None, "opponent": None, "pab": True}
    section: dict[int, str] = {}
    for br in doc["brackets"]:
        for p in br["pairs"]:
            for n in (p["higher"], p["lower"]):
                section[n] = f"bracket {br['number']}"
    for g in doc["scoregroups"]:
        for a, b in g["pairs"]:
            section[a] = section[b] = f"scoregroup {g['score']}"
    if doc["bye"] is not None and doc["brackets"]:
        section[doc["bye"]["player"]] = f"bracket {doc['brackets'][-1]['number']}"
    for p in doc["players"]:
        n = p["player"]
        w = where.get(n, {})
        p["board"] = w.get("board")
        p["colour"] = w.get("colour")
        p["opponent"] = w.get("opponent")
        p["pab"] = bool(w.get("pab", False))
        p["paired_in"] = section.get(n)


def explain_file(
    path: str | os.PathLike[str], *, system: str = "dutch", round_no: int | None = None, fmt: str = "text"
) -> str:
    """Read a tournament file and render the explanation of a round."""
    from swissbridge.service import read_tournament

    tournament = read_tournament(path)
    return render(explain(tournament, system=system, round_no=round_no), fmt)


def explain_text(tournament: Tournament, *, system: str = "dutch", round_no: int | None = None) -> str:
    """The text explanation (used by ``pair --explain`` and the drop-in engine)."""
    return render_text(explain(tournament, system=system, round_no=round_no))


def render(doc: JSON, fmt: str) -> str:
    if fmt == "text":
        return render_text(doc)
    if fmt == "json":
        return render_json(doc)
    if fmt == "html":
        return render_html(doc)
    raise InputError(f"unknown explanation format {fmt!r}; expected one of {', '.join(FORMATS)}")


def render_json(doc: JSON) -> str:
    """The document as JSON: two-space indent, keys in document order, UTF-8 text."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


# ================================================================ shared wording


def _nos(numbers: Iterable[int]) -> str:
    return ", ".join(f"#{n}" for n in numbers)


def _player_names(doc: JSON) -> dict[int, str]:
    out: dict[int, str] = {}
    for p in doc["players"]:
        title = f"{p['title']} " if p.get("title") else ""
        out[p["player"]] = f"{title}{p['name']}".strip()
    for a in doc["absent"]:
        out.setdefault(a["player"], a["name"])
    return out


def _scores(doc: JSON) -> dict[int, str]:
    return {p["player"]: p["pairing_score"] for p in doc["players"]}


def _rule(r: JSON) -> str:
    rule = str(r["rule"])
    return f"[{rule}]" if rule.startswith("C") and rule[1:].isdigit() else f"{rule}:"


def _grouped(entries: list[JSON]) -> list[tuple[list[int], JSON]]:
    """``rather_than`` entries with the same reason, merged (players in order)."""
    groups: dict[tuple[str, str], list[int]] = {}
    firsts: dict[tuple[str, str], JSON] = {}
    for e in entries:
        key = (str(e["rule"]), str(e["text"]))
        groups.setdefault(key, []).append(int(e["player"]))
        firsts.setdefault(key, e)
    return [(groups[k], firsts[k]) for k in groups]


def _title_line(doc: JSON) -> str:
    name = doc["tournament"]["name"] or "Tournament"
    of = f" of {doc['tournament']['rounds']}" if doc["tournament"]["rounds"] else ""
    return f"{name} — round {doc['round']}{of}: why the pairing is what it is"


def _topscorers_line(doc: JSON) -> str | None:
    tops = [p["player"] for p in doc["players"] if p["topscorer"]]
    if not doc["last_round"] or doc["system"] != "dutch":
        return None
    if not tops:
        return "Topscorers (1.8): none"
    return f"Topscorers (1.8: more than half the maximum score, last round only): {_nos(tops)}"


def _summary_line(doc: JSON) -> str:
    parts = [doc["rules"], f"{doc['paired']} players to pair"]
    if doc["initial_colour"]:
        article = "5.1" if doc["system"] == "dutch" else "7.2" if doc["system"] == "lim" else "drawn by lot"
        parts.append(f"initial colour {doc['initial_colour'].capitalize()} ({article})")
    if doc["last_round"]:
        parts.append("last round (topscorers, 1.8)" if doc["system"] == "dutch" else "last round (Article 6)")
    if doc["system"] == "lim" and doc["median"] is not None:
        parts.append(f"median score {doc['median']} (2.2)")
        parts.append("Maxi-tournament rules" if doc["maxi"] else "not a Maxi-tournament")
    return "; ".join(parts)


# ================================================================ text


def render_text(doc: JSON) -> str:
    """The explanation as plain text (UTF-8), sections in the order an arbiter
    asks: the boards and their colours, the PAB, how each bracket was paired, and
    every player's facts."""
    names = _player_names(doc)
    scores = _scores(doc)

    def who(n: int) -> str:
        return f"#{n} {names.get(n, '')} ({scores.get(n, '?')})"

    out = [_title_line(doc), _summary_line(doc)]
    tops = _topscorers_line(doc)
    if tops:
        out.append(tops)
    if doc["absent"]:
        out.append("Not paired: " + "; ".join(f"#{a['player']} {a['name']} ({a['text']})" for a in doc["absent"]))
    for note in doc["notes"]:
        out.append(note.rstrip("\n"))
    if not doc["pairing_found"]:
        out.append("NO LEGAL PAIRING: see the scoregroups below for where it got stuck.")

    out += ["", "BOARDS (colours by Article 5)" if doc["system"] == "dutch" else "BOARDS (colours by Article 5, 7.2)"]
    place = {p["player"]: p["paired_in"] for p in doc["players"]}
    for b in doc["boards"]:
        where = place.get(b["white"]) or ""
        out.append(f"{b['board']:>4}. {who(b['white'])} – {who(b['black'])}" + (f"   [{where}]" if where else ""))
        for r in b["reasons"]:
            out.append(f"        {_rule(r)} {r['text']}")
    if doc["bye"] is not None:
        bye = doc["bye"]
        out += ["", f"PAIRING-ALLOCATED BYE: {who(bye['player'])}"]
        for r in bye["reasons"]:
            out.append(f"    {_rule(r)} {r['text']}")
        if bye["passed_over"]:
            out.append("  Why not another player:")
            for nos, r in _grouped(bye["passed_over"]):
                out.append(f"    {_nos(nos)}: {_rule(r)} {r['text']}")
    elif doc["pairing_found"]:
        out += ["", "No PAB: the number of players to pair is even."]

    if doc["brackets"]:
        out += ["", "BRACKETS (Article 3), from the top scoregroup down"]
        for br in doc["brackets"]:
            out += ["", *_text_bracket(br, who)]
    if doc["scoregroups"] or doc["cracks"]:
        out += ["", "SCOREGROUPS (Lim, in the pairing order of 2.2)"]
        for g in doc["scoregroups"]:
            out += ["", *_text_group(g)]
        if doc["cracks"]:
            out += ["", "Blocked median (2.6): pairings broken"]
            for c in doc["cracks"]:
                out.append(f"  {c['pair'][0]}–{c['pair'][1]} of scoregroup {c['score']} ({c['side']}): {c['reason']}")

    out += ["", "PLAYERS (by start number)"]
    out.append(
        f"{'No':>4}  {'Name':<24} {'Pts':>5} {'Rank':>4} {'TPN':>4}  {'Colours':<10} {'CD':>3}  "
        f"{'Floats':<7} {'Preference':<44} Paired"
    )
    accelerated = any(p["score"] != p["pairing_score"] for p in doc["players"])
    for p in doc["players"]:
        floats = "/".join({"down": "D", "up": "U", "floated": "F"}.get(f or "", "-") for f in p["floats"])
        if p["pab"]:
            paired = "PAB"
        elif p["board"] is not None:
            paired = f"board {p['board']}, {p['colour'].capitalize()} v #{p['opponent']}"
        else:
            paired = "-"
        pts = p["pairing_score"] + ("*" if p["score"] != p["pairing_score"] else "")
        out.append(
            f"{p['player']:>4}  {names[p['player']][:24]:<24} {pts:>5} {p['rank']:>4} {p['tpn']:>4}  "
            f"{p['colours'] or '-':<10} {p['colour_difference']:>+3}  {floats:<7} "
            f"{p['preference_text'][:44]:<44} {paired}"
        )
    out.append("  Floats: previous round / two rounds before (D down, U up, F floated).")
    if accelerated:
        out.append("  Pts is the pairing score; * includes virtual points of an accelerated round (C.04.7).")
    if doc["disagreements"]:
        out += ["", "DISAGREEMENTS between this explanation's own reading of the rules and the engine:"]
        out += [f"  - {d}" for d in doc["disagreements"]]
    return "\n".join(out) + "\n"


def _text_bracket(br: JSON, who: Any) -> list[str]:
    n = len(br["residents"]) + len(br["mdps"])
    out = [f"Bracket {br['number']} — score {br['score']}, {br['kind']}, {n} player{'s' if n != 1 else ''}"]
    if br["mdps"]:
        mdps = ", ".join(
            f"#{m['player']} ({m['score']}" + (f", from bracket {m['from_bracket']})" if m["from_bracket"] else ")")
            for m in br["mdps"]
        )
        out.append(f"  MDPs:      {mdps}")
    out.append(f"  Residents: {_nos(br['residents']) or 'none'}")
    if br["pairs"]:
        out.append(f"  Subgroups (3.2): S1 = {_nos(br['s1']) or '-'}; S2 = {_nos(br['s2']) or '-'}")
        fc = br["first_candidate"]
        pairs = ", ".join(f"{a}–{b}" for a, b in fc["pairs"])
        out.append(f"  First candidate (3.3): {pairs}: {fc['verdict']}")
        for r in fc["problems"]:
            pair = f" ({r['pair'][0]}–{r['pair'][1]})" if r.get("pair") else ""
            out.append(f"    {_rule(r)} {r['text']}{pair}")
        out.append("  Pairs made:")
        for p in br["pairs"]:
            notes = "; ".join(f"{_rule(r)} {r['text']}" for r in p["notes"])
            out.append(f"    #{p['higher']}–#{p['lower']}" + (f": {notes}" if notes else ""))
        if br["exchanges"]:
            out.append(f"  Remainder: {br['exchanges']} resident(s) exchanged between S1 and S2 (4.3)")
    if br["downfloaters"]:
        out.append("  Downfloaters:")
        for r in br["float_reasons"]:
            out.append(f"    {_rule(r)} {r['text']}")
        for f in br["downfloaters"]:
            limbo = " stays in the Limbo and" if f["limbo"] else ""
            facts = f"; {', '.join(f['facts'])}" if f["facts"] else ""
            out.append(f"    #{f['player']} ({f['score']}){limbo} {f['goes']}{facts}")
            if f["rather_than"]:
                out.append("      If another player of the bracket floated instead:")
                for nos, r in _grouped(f["rather_than"]):
                    out.append(f"        {_nos(nos)}: {_rule(r)} {r['text']}")
            elif not f["compared"]:
                out.append("      (not compared one by one with the others: large bracket)")
    if br["shortfalls"]:
        out.append("  Criteria not fully met:")
        for s in br["shortfalls"]:
            out.append(f"    [{s['criterion']}] {s['count']} — {s['text']}: {'; '.join(s['details'])}")
    if br["c9"]:
        out.append("  [C9] applies in this bracket: it leaves one player over, who takes the PAB")
    opt = br["optimality"]
    out.append(f"  Better candidate? {opt['text']}")
    return out


def _text_group(g: JSON) -> list[str]:
    where = {
        "above": "above the median, paired downward",
        "median": "the Median Scoregroup, paired last",
        "below": "below the median, paired upward",
    }[g["side"]]
    again = f" (attempt {g['attempt']})" if g["attempt"] > 1 else ""
    out = [f"Scoregroup {g['score']} — {where}{again}"]
    out.append(f"  residents: {_nos(g['residents']) or 'none'}")
    if g["incoming_down"]:
        out.append(f"  incoming floaters from above: {_nos(g['incoming_down'])}")
    if g["incoming_up"]:
        out.append(f"  incoming floaters from below: {_nos(g['incoming_up'])}")
    out.append(f"  at most {g['max_pairs']} compatible pair(s) (2.1)")
    if g["blocked"]:
        out.append(f"  BLOCKED: {g['blocked']}")
        return out
    if g["floaters"]:
        out.append(f"  floaters (Article 3, one at a time), to {g['floaters_to']}:")
        for f in g["floaters"]:
            out.append(f"    #{f['player']}: type {f['type']} (3.9); {f['why']}; chosen by {f['rule']}")
    for fp in g["floater_pairs"]:
        out.append(f"  incoming floater #{fp['floater']} – #{fp['opponent']}: {fp['rule']}")
    if g["proposal"]:
        out.append("  proposed pairing (2.4): " + ", ".join(f"{a}–{b}" for a, b in g["proposal"]))
    for s in g["scrutiny"]:
        if s["proposed"] == s["chosen"] and not s["rejected"]:
            continue
        rej = "; ".join(f"#{r['player']} ({r['why']})" for r in s["rejected"])
        out.append(
            f"  scrutiny (Article 4): #{s['player']} proposed #{s['proposed']}, passed over {rej or '-'}; "
            f"paired with #{s['chosen']}"
        )
    if g["colour_note"]:
        out.append(f"  {g['colour_note']}")
    for b in g["boards"]:
        out.append(f"  board {b['white']}–{b['black']}: {b['text']}")
    return out


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


def _li_reason(r: JSON) -> str:
    return f'<li><span class="rule">{_e(_rule(r))}</span> {_e(r["text"])}</li>'


def render_html(doc: JSON) -> str:
    """A self-contained printable page: the same sections as the text, with a
    board table and a player table linked to the brackets."""
    names = _player_names(doc)
    scores = _scores(doc)

    def who(n: int) -> str:
        return f'<a href="#p{n}">#{n}</a> {_e(names.get(n, ""))} ({_e(scores.get(n, "?"))})'

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
        f'<p class="meta">{_e(_summary_line(doc))}</p>',
    ]
    tops = _topscorers_line(doc)
    if tops:
        h.append(f'<p class="meta">{_e(tops)}</p>')
    if doc["absent"]:
        absent = "; ".join(f"#{a['player']} {a['name']} ({a['text']})" for a in doc["absent"])
        h.append(f'<p class="meta">Not paired: {_e(absent)}</p>')
    for note in doc["notes"]:
        h.append(f'<pre class="muted">{_e(note)}</pre>')
    if not doc["pairing_found"]:
        h.append('<p class="warn">No legal pairing: see the scoregroups below for where it got stuck.</p>')

    h.append("<h2>Boards</h2>")
    h.append("<table><tr><th>Bd</th><th>White</th><th>Black</th><th>Colours: why</th></tr>")
    for b in doc["boards"]:
        reasons = "".join(_li_reason(r) for r in b["reasons"])
        h.append(
            f'<tr id="board{b["board"]}"><td class="num">{b["board"]}</td><td>{who(b["white"])}</td>'
            f"<td>{who(b['black'])}</td><td><ul>{reasons}</ul></td></tr>"
        )
    h.append("</table>")
    if doc["bye"] is not None:
        bye = doc["bye"]
        h.append(f"<h2>Pairing-allocated bye: {who(bye['player'])}</h2>")
        h.append("<ul>" + "".join(_li_reason(r) for r in bye["reasons"]) + "</ul>")
        if bye["passed_over"]:
            h.append("<h3>Why not another player</h3><ul>")
            for nos, r in _grouped(bye["passed_over"]):
                h.append(f'<li>{_e(_nos(nos))}: <span class="rule">{_e(_rule(r))}</span> {_e(r["text"])}</li>')
            h.append("</ul>")
    elif doc["pairing_found"]:
        h.append("<p>No PAB: the number of players to pair is even.</p>")

    if doc["brackets"]:
        h.append("<h2>Brackets (Article 3), from the top scoregroup down</h2>")
        for br in doc["brackets"]:
            h.extend(_html_bracket(br))
    if doc["scoregroups"]:
        h.append("<h2>Scoregroups (Lim, in the pairing order of 2.2)</h2>")
        for g in doc["scoregroups"]:
            h.append('<section class="bracket">')
            h.extend(
                f"<div>{_e(line.strip())}</div>" if i else f"<h3>{_e(line)}</h3>"
                for i, line in enumerate(_text_group(g))
            )
            h.append("</section>")
        if doc["cracks"]:
            h.append("<h3>Blocked median (2.6): pairings broken</h3><ul>")
            for c in doc["cracks"]:
                h.append(
                    f"<li>{c['pair'][0]}–{c['pair'][1]} of scoregroup {_e(c['score'])} ({_e(c['side'])}): "
                    f"{_e(c['reason'])}</li>"
                )
            h.append("</ul>")

    h.append("<h2>Players</h2>")
    h.append(
        "<table><tr><th>No</th><th>Name</th><th>Pts</th><th>Rank</th><th>TPN</th><th>Colours</th><th>CD</th>"
        "<th>Floats</th><th>Preference</th><th>Paired</th></tr>"
    )
    for p in doc["players"]:
        floats = "/".join({"down": "D", "up": "U", "floated": "F"}.get(f or "", "-") for f in p["floats"])
        if p["pab"]:
            paired = "PAB"
        elif p["board"] is not None:
            paired = (
                f'<a href="#board{p["board"]}">board {p["board"]}</a>, {_e(p["colour"].capitalize())} '
                f"v #{p['opponent']}"
            )
        else:
            paired = "-"
        where = f" ({_e(p['paired_in'])})" if p["paired_in"] else ""
        h.append(
            f'<tr id="p{p["player"]}"><td class="num">{p["player"]}</td><td>{_e(names[p["player"]])}</td>'
            f'<td class="num">{_e(p["pairing_score"])}{"*" if p["score"] != p["pairing_score"] else ""}</td>'
            f'<td class="num">{p["rank"]}</td>'
            f'<td class="num">{p["tpn"]}</td><td>{_e(p["colours"] or "-")}</td>'
            f'<td class="num">{p["colour_difference"]:+d}</td><td>{_e(floats)}</td>'
            f"<td>{_e(p['preference_text'])}</td><td>{paired}{where}</td></tr>"
        )
    h.append("</table>")
    h.append('<p class="muted">Floats: previous round / two rounds before (D down, U up, F floated).</p>')
    if any(p["score"] != p["pairing_score"] for p in doc["players"]):
        h.append('<p class="muted">Pts is the pairing score; * includes virtual points (C.04.7).</p>')
    if doc["disagreements"]:
        h.append('<h2 class="warn">Disagreements with the engine</h2><ul class="warn">')
        h.extend(f"<li>{_e(d)}</li>" for d in doc["disagreements"])
        h.append("</ul>")
    h += ["</body>", "</html>"]
    return "\n".join(h) + "\n"


def _html_bracket(br: JSON) -> list[str]:
    n = len(br["residents"]) + len(br["mdps"])
    h = [f'<section class="bracket" id="bracket{br["number"]}">']
    h.append(
        f"<h3>Bracket {br['number']} — score {_e(br['score'])}, {_e(br['kind'])}, {n} "
        f"player{'s' if n != 1 else ''}</h3><ul>"
    )
    if br["mdps"]:
        mdps = ", ".join(
            f'<a href="#p{m["player"]}">#{m["player"]}</a> ({_e(m["score"])}'
            + (f", from bracket {m['from_bracket']})" if m["from_bracket"] else ")")
            for m in br["mdps"]
        )
        h.append(f"<li>MDPs: {mdps}</li>")
    res = ", ".join(f'<a href="#p{n}">#{n}</a>' for n in br["residents"]) or "none"
    h.append(f"<li>Residents: {res}</li>")
    if br["pairs"]:
        h.append(f"<li>Subgroups (3.2): S1 = {_e(_nos(br['s1']) or '-')}; S2 = {_e(_nos(br['s2']) or '-')}</li>")
        fc = br["first_candidate"]
        pairs = ", ".join(f"{a}–{b}" for a, b in fc["pairs"])
        h.append(f"<li>First candidate (3.3): {_e(pairs)}: {_e(fc['verdict'])}")
        if fc["problems"]:
            h.append("<ul>" + "".join(_li_reason(r) for r in fc["problems"]) + "</ul>")
        h.append("</li><li>Pairs made:<ul>")
        for p in br["pairs"]:
            notes = "".join(_li_reason(r) for r in p["notes"])
            h.append(f"<li>#{p['higher']}–#{p['lower']}" + (f"<ul>{notes}</ul>" if notes else "") + "</li>")
        h.append("</ul></li>")
        if br["exchanges"]:
            h.append(f"<li>Remainder: {br['exchanges']} resident(s) exchanged between S1 and S2 (4.3)</li>")
    if br["downfloaters"]:
        h.append("<li>Downfloaters:<ul>")
        h.extend(_li_reason(r) for r in br["float_reasons"])
        for f in br["downfloaters"]:
            limbo = " stays in the Limbo and" if f["limbo"] else ""
            facts = f"; {', '.join(f['facts'])}" if f["facts"] else ""
            h.append(f"<li>#{f['player']} ({_e(f['score'])}){_e(limbo)} {_e(f['goes'])}{_e(facts)}<ul>")
            if f["rather_than"]:
                h.append("<li>If another player of the bracket floated instead:<ul>")
                for nos, r in _grouped(f["rather_than"]):
                    h.append(f'<li>{_e(_nos(nos))}: <span class="rule">{_e(_rule(r))}</span> {_e(r["text"])}</li>')
                h.append("</ul></li>")
            h.append("</ul></li>")
        h.append("</ul></li>")
    if br["shortfalls"]:
        h.append("<li>Criteria not fully met:<ul>")
        for s in br["shortfalls"]:
            h.append(
                f'<li><span class="rule">[{_e(s["criterion"])}]</span> {s["count"]} — {_e(s["text"])}: '
                f"{_e('; '.join(s['details']))}</li>"
            )
        h.append("</ul></li>")
    if br["c9"]:
        h.append("<li>[C9] applies in this bracket: it leaves one player over, who takes the PAB</li>")
    h.append(f"<li>Better candidate? {_e(br['optimality']['text'])}</li>")
    h.append("</ul></section>")
    return h
