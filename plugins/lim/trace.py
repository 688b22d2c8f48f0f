"""The record of how the Lim system paired a round, step by step, and its text form
for arbiters: per scoregroup in pairing order its members, the floaters chosen and
the rule that chose each one, how the incoming floaters were paired, the proposed
pairing, the exchanges made and why, and the colour rule applied to each board."""

from __future__ import annotations

from dataclasses import dataclass, field

from swissbridge.model import format_points
from swissbridge.plugins import Trace, TracedBoard
from swissbridge.plugins.lim.rules import Side

_MAX_LISTED = 12


@dataclass
class PabTrace:
    """Article 1 (7.1 in round 1): who received the PAB and who was passed over."""

    rule: str
    chosen: int | None = None
    passed_over: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class FloaterChoice:
    """One floater chosen by Article 3 (one at a time)."""

    player: int
    floater_type: str
    """3.9: ``a`` incoming without, ``b`` incoming with, ``c`` resident without,
    ``d`` resident with a compatible opponent in the adjacent group."""
    why_floats: str
    """2.3.1–2.3.4."""
    rule: str
    """The preference (3.9, 3.10, 3.2.2, 3.2.3, 3.2.4) that picked this player."""


@dataclass
class FloaterPairing:
    """3.6 / 3.7: an incoming floater and the opponent it took."""

    floater: int
    opponent: int
    rule: str


@dataclass
class ScrutinyStep:
    """Article 4: one scrutinised player, its proposed and its final opponent."""

    player: int
    proposed: int
    chosen: int
    rejected: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class BoardNote(TracedBoard):
    """One board with the colour rule of Article 5 (or 7.2) that decided it."""


@dataclass
class ColourNote:
    """5.2: the scrutiny's pairing, the pairing chosen for colour and the due
    colours each gives (the chosen one gives the most possible)."""

    dues: int
    """Players of the group's residents left who have a due colour."""
    scrutiny: list[tuple[int, int]]
    scrutiny_given: int
    chosen: list[tuple[int, int]]
    given: int
    maxi: bool

    def text(self) -> str:
        if self.given == self.scrutiny_given:
            if not self.dues:
                return ""
            return (
                f"5.2: the scrutiny's pairing gives {self.given} of the {self.dues} players with a due colour "
                "their colour, the most possible"
            )
        return (
            f"5.2 exchange for colour: the scrutiny's pairing {_pairs(self.scrutiny)} gives {self.scrutiny_given} "
            f"of {self.dues} players their due colour; {_pairs(self.chosen)} gives {self.given}, the most "
            "possible, and is the first such pairing in the exchange order"
            + (" (5.7: replacements within 100 points)" if self.maxi else "")
        )


@dataclass
class GroupTrace:
    """One scoregroup (or one attempt at the median) as it was paired."""

    score: int
    side: Side
    attempt: int = 1
    residents: list[int] = field(default_factory=list)
    incoming_down: list[int] = field(default_factory=list)
    incoming_up: list[int] = field(default_factory=list)
    max_pairs: int = 0
    floaters: list[FloaterChoice] = field(default_factory=list)
    floaters_to: str = ""
    floater_pairs: list[FloaterPairing] = field(default_factory=list)
    proposal: list[tuple[int, int]] = field(default_factory=list)
    scrutiny: list[ScrutinyStep] = field(default_factory=list)
    colour_choice: ColourNote | None = None
    pairs: list[tuple[int, int]] = field(default_factory=list)
    boards: list[BoardNote] = field(default_factory=list)
    blocked: str = ""
    """For a median that could not be paired: why."""

    @property
    def colour_note(self) -> str:
        """5.2 in words ("" when the group had nothing to say about colours)."""
        return self.colour_choice.text() if self.colour_choice is not None else ""


@dataclass
class CrackStep:
    """2.6: one pairing broken to unblock the median."""

    side: Side
    group_score: int
    pair: tuple[int, int]
    reason: str


@dataclass(kw_only=True)
class LimTrace(Trace):
    """The whole round."""

    boards: list[BoardNote] = field(default_factory=list)  # type: ignore[assignment]
    median_twice: int
    maxi: bool
    last_round: bool
    present: int = 0
    absent: list[int] = field(default_factory=list)
    pab: PabTrace | None = None
    groups: list[GroupTrace] = field(default_factory=list)
    cracks: list[CrackStep] = field(default_factory=list)

    def render(self) -> str:
        return render_trace(self)


def _median(twice: int) -> str:
    """The median score from its doubled value in tenths (``15`` → ``0.75``)."""
    return format_points(twice // 2) if twice % 2 == 0 else f"{twice / 20:.2f}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _nos(numbers: list[int]) -> str:
    return " ".join(f"#{n}" for n in numbers) if numbers else "none"


def _pairs(pairs: list[tuple[int, int]]) -> str:
    return "  ".join(f"{a}–{b}" for a, b in pairs) if pairs else "none"


def _group_title(g: GroupTrace) -> str:
    where = {
        Side.ABOVE: "above the median, paired downward",
        Side.MEDIAN: "the Median Scoregroup, paired last",
        Side.BELOW: "below the median, paired upward",
    }[g.side]
    again = f" (attempt {g.attempt})" if g.attempt > 1 else ""
    return f"Scoregroup {format_points(g.score)} — {where}{again}"


def render_trace(t: LimTrace) -> str:
    """The trace as text an arbiter can follow by hand."""
    out: list[str] = []
    out.append(f"Lim system (C.04.4.3, 2026) — round {t.round_no}")
    median = _median(t.median_twice)
    out.append(
        f"Median score {median} (2.2); {t.present} players to pair"
        + (f", not paired: {_nos(t.absent)}" if t.absent else "")
        + ("; Maxi-tournament rules on (100-point limits)" if t.maxi else "; not a Maxi-tournament")
        + ("; last round (Article 6)" if t.last_round else "")
    )
    out.extend(t.notes)
    if t.failure:
        out.append(f"NO LEGAL PAIRING: {t.failure}")
    if t.pab is not None:
        out.append("")
        out.append(f"PAB ({t.pab.rule}): " + (f"#{t.pab.chosen}" if t.pab.chosen is not None else "nobody"))
        for n, why in t.pab.passed_over:
            out.append(f"  passed over #{n}: {why}")
    order = [f"{format_points(g.score)}" for g in t.groups if g.attempt == 1]
    out.append("")
    out.append("Pairing order (2.2): " + (", ".join(order) if order else "none"))
    for g in t.groups:
        out.append("")
        out.append(_group_title(g))
        out.append(f"  residents: {_nos(g.residents)}")
        if g.incoming_down:
            out.append(f"  incoming floaters from above: {_nos(g.incoming_down)}")
        if g.incoming_up:
            out.append(f"  incoming floaters from below: {_nos(g.incoming_up)}")
        members = len(g.residents) + len(g.incoming_down) + len(g.incoming_up)
        out.append(f"  {members} members, at most {_plural(g.max_pairs, 'compatible pair')} (2.1)")
        if g.blocked:
            out.append(f"  BLOCKED: {g.blocked}")
            continue
        if g.floaters:
            out.append(f"  floaters (Article 3, chosen one at a time), to {g.floaters_to}:")
            for f in g.floaters:
                out.append(f"    #{f.player}: type {f.floater_type} (3.9); {f.why_floats}; chosen by {f.rule}")
        for fp in g.floater_pairs:
            out.append(f"  incoming floater #{fp.floater} – #{fp.opponent}: {fp.rule}")
        if g.proposal:
            out.append(f"  proposed pairing (2.4): {_pairs(g.proposal)}")
        if g.scrutiny:
            out.append("  scrutiny (Article 4), in order:")
        kept: list[str] = []
        for s in g.scrutiny:
            if s.chosen == s.proposed and not s.rejected:
                kept.append(f"{s.player}–{s.chosen}")
                continue
            if kept:
                out.append("    compatible as proposed: " + "  ".join(kept))
                kept = []
            rej = [f"#{n} ({why})" for n, why in s.rejected[:_MAX_LISTED]]
            more = len(s.rejected) - _MAX_LISTED
            if more > 0:
                rej.append(f"and {more} more")
            out.append(f"    #{s.player}: proposed #{s.proposed}; passed over " + "; ".join(rej))
            out.append(f"      exchange (4.2 order): #{s.player} – #{s.chosen}; the rest is proposed again (2.4)")
        if kept:
            out.append("    compatible as proposed: " + "  ".join(kept))
        if g.colour_note:
            out.append(f"  {g.colour_note}")
        for b in g.boards:
            out.append(f"  board {b.white}–{b.black}: {b.rule}")
    if t.cracks:
        out.append("")
        out.append("Blocked median (2.6), pairings broken:")
        for c in t.cracks:
            out.append(
                f"  {c.pair[0]}–{c.pair[1]} of scoregroup {format_points(c.group_score)} "
                f"({c.side.value} the median): {c.reason}"
            )
    out.append("")
    out.append("Boards (C.04.2 3.6 order):")
    for i, b in enumerate(t.boards, 1):
        out.append(f"  {i:>3}. {b.white:>4} – {b.black:<4} {b.rule}")
    if t.bye is not None:
        out.append(f"  PAB: #{t.bye}")
    return "\n".join(out) + "\n"
