"""Plain-text rendering of a :class:`~.trace.RoundTrace` for arbiters."""

from __future__ import annotations

from .trace import BracketTrace, RoundTrace

_CRITERIA = {
    "C10": "topscorers' colour difference beyond ±2",
    "C11": "topscorers' same colour three times",
    "C12": "colour preference not granted",
    "C13": "strong colour preference not granted",
    "C14": "resident downfloater who downfloated in the previous round",
    "C15": "MDP opponent who upfloated in the previous round",
    "C16": "resident downfloater who downfloated two rounds before",
    "C17": "MDP opponent who upfloated two rounds before",
}


def _bracket(b: BracketTrace) -> list[str]:
    kind = "homogeneous" if b.homogeneous else "heterogeneous"
    lines = [f"Bracket {b.number} (score {b.score}, {kind})"]
    lines.append("  residents: " + (", ".join(map(str, b.residents)) or "-"))
    if b.mdps:
        lines.append("  MDPs: " + ", ".join(map(str, b.mdps)))
    for p in b.pairs:
        tag = " (MDP-Pairing)" if p.mdp_pair else ""
        lines.append(f"  pair {p.higher} - {p.lower}{tag}")
    if b.exchanges:
        lines.append(f"  remainder: {b.exchanges} resident(s) exchanged between S1 and S2 (4.3)")
    for f in b.floaters:
        what = "stays in the Limbo, floats on" if f.mdp else "downfloats"
        lines.append(f"  {f.start_no} ({f.score}) {what}: {f.reason}")
    for s in b.shortfalls:
        lines.append(f"  [{s.criterion}] not met for {s.failures}: {_CRITERIA.get(s.criterion, s.criterion)}")
    if b.c9_applies:
        lines.append("  [C9] applies: the player left over takes the PAB")
    if b.method != "optimised":
        lines.append(
            "  [C4]/[C5]: the best choice looking at this bracket and the next alone would leave the rest"
            " of the round unpairable (or the PAB above its lowest score); chosen with completion first"
        )
    return lines


def render_text(trace: RoundTrace) -> str:
    lines = [f"Round {trace.round_no}: {trace.players} players to pair"]
    if trace.absent:
        lines.append("Not paired (absent): " + ", ".join(map(str, trace.absent)))
    if trace.bye_score is not None:
        lines.append(f"[C5] the PAB goes to the lowest score a legal pairing allows: {trace.bye_score}")
    for b in trace.brackets:
        lines.extend(_bracket(b))
    lines.append("Boards (colours by Article 5):")
    for bd in trace.boards:
        lines.append(f"  {bd.board:>3}. {bd.white} - {bd.black}   ({bd.colour_rule})")
    if trace.bye is not None:
        lines.append(f"  PAB: {trace.bye.start_no} ({trace.bye.score}) — {trace.bye.reason}")
    return "\n".join(lines) + "\n"
