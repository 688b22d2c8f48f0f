"""Floaters of the Lim system (C.04.4.3 2.3, Article 3): how many leave a
scoregroup and who (3.2, 3.9, 3.10, 3.2.2–3.2.4), and the opponent an incoming
floater takes (3.6–3.8)."""

from __future__ import annotations

from collections.abc import Callable

from swissbridge.model import Colour
from swissbridge.plugins.lim.feasibility import BipartiteMatching, Matching
from swissbridge.plugins.lim.rules import BLACK, WHITE, LimPlayer, LimRound, Side, within_maxi_limit
from swissbridge.plugins.lim.trace import FloaterChoice, GroupTrace, _plural

_TYPE_RANK = {"d": 0, "c": 1, "b": 2, "a": 3}


def choose_floaters(
    rnd: LimRound,
    g: GroupTrace,
    side: Side,
    members: list[int],
    lp: list[LimPlayer],
    matching: Matching,
    m: int,
    f: int,
    adjacent: list[int],
) -> tuple[list[int], Matching]:
    """2.3 and Article 3 (readings 4, 5): ``f`` floaters, chosen one at a time;
    each is the first candidate in the preference order whose transfer still
    lets the group make its ``m`` pairs. Preferences, most important first:
    3.9 floater type (d, then c, b, a), 3.10 did not float in the previous
    round, 3.2.2 due the colour more of the remaining players are due (3.2.3:
    in a Maxi-tournament only within 100 points of the 3.2.4 choice), 3.2.4
    the lowest numbered player pairing downward, the highest numbered upward."""
    P = rnd.players
    compatible = rnd.compatible
    incoming = set(g.incoming_down) | set(g.incoming_up)
    adjacent_matching = BipartiteMatching(adjacent, lambda x, t: compatible(P[x], P[t]))
    default_words = "3.2.4 (the lowest numbered player)" if side.downward else "3.2.4 (the highest numbered player)"
    floaters: list[int] = []
    for _ in range(f):
        remaining = [i for i in range(len(lp)) if matching.alive[i]]
        whites = sum(1 for i in remaining if lp[i].due is WHITE)
        blacks = sum(1 for i in remaining if lp[i].due is BLACK)
        majority: Colour | None = WHITE if whites > blacks else BLACK if blacks > whites else None
        keyed: list[tuple[tuple[int, int, int, int], int, str]] = []
        for i in remaining:
            x = lp[i]
            has = adjacent_matching.would_match(x.no)
            kind = ("b" if has else "a") if x.no in incoming else ("d" if has else "c")
            key = (
                _TYPE_RANK[kind],
                1 if x.floated_previous_round else 0,
                0 if majority is None or x.due is majority else 1,
                -x.no if side.downward else x.no,
            )
            keyed.append((key, i, kind))
        keyed.sort()
        valid = _transfer_test(matching, m)

        pos = next(k for k, (_, i, _) in enumerate(keyed) if valid(i) is not None)
        key, chosen, kind = keyed[pos]
        rule = ""
        if rnd.maxi and majority is not None and key[2] == 0:
            same_class = sorted((e for e in keyed if e[0][:2] == key[:2]), key=lambda e: e[0][3])
            default_pick = next(e for e in same_class if valid(e[1]) is not None)
            if default_pick[1] != chosen and not within_maxi_limit(lp[chosen].rating, lp[default_pick[1]].rating):
                rule = (
                    f"3.2.3 (Maxi): #{lp[chosen].no}, due the majority colour, is rated more than 100 points "
                    f"from #{lp[default_pick[1]].no}, whom {default_words.split(' (')[0]} would float; "
                    f"{default_words}"
                )
                key, chosen, kind = default_pick
        if not rule:
            rule = _floater_reason(keyed, pos, lp, valid, m, majority, default_words)
        x = lp[chosen]
        others = [p for p in lp if p is not x]
        if not others:
            why = "2.3.4: alone in the group"
        elif not any(compatible(x, o) for o in others):
            if all(o.no in x.opponents for o in others):
                why = "2.3.1: has played everyone in the group"
            else:
                why = "2.3.2/2.3.3: no compatible opponent in the group (colour limits)"
        elif len(lp) - 2 * m == 1:
            why = f"2.3.4: one more to make the number even ({len(lp)} members, {_plural(m, 'pair')})"
        else:
            why = f"2.3, reading 4: the {len(lp)} members make at most {_plural(m, 'compatible pair')}"
        new_matching = valid(chosen)
        assert new_matching is not None
        matching = new_matching
        adjacent_matching.add(x.no)
        floaters.append(x.no)
        g.floaters.append(FloaterChoice(x.no, kind, why, rule))
    return floaters, matching


def _floater_reason(
    keyed: list[tuple[tuple[int, int, int, int], int, str]],
    pos: int,
    lp: list[LimPlayer],
    valid: Callable[[int], Matching | None],
    m: int,
    majority: Colour | None,
    default_words: str,
) -> str:
    """Why the floater at ``keyed[pos]`` and not the players 3.2.4 alone would
    have floated before it: the first rule that passed over each of them."""
    key, _, _ = keyed[pos]
    words = [
        "3.9 (floater type: avoid a, then b, then c)",
        "3.10 (did not float in the previous round)",
        f"3.2.2 (due {majority}, the colour more players in the group are due)",
    ]
    earlier = sorted((e for e in keyed if e[0][3] < key[3]), key=lambda e: e[0][3])
    if not earlier:
        return default_words
    notes: list[str] = []
    decisive = 4
    for e in earlier[:8]:
        n = lp[e[1]].no
        if valid(e[1]) is None:
            notes.append(f"#{n} would leave fewer than {m} pairs")
            decisive = min(decisive, 3)
            continue
        level = next(k for k in range(3) if e[0][k] != key[k])
        decisive = min(decisive, level)
        notes.append(
            [
                f"#{n} is type {'dcba'[e[0][0]]}",
                f"#{n} floated in the previous round",
                f"#{n} is not due {majority}",
            ][level]
        )
    if len(earlier) > 8:
        notes.append("…")
    head = words[decisive] if decisive < 3 else f"the first in {default_words} keeping {m} pairs (3.2)"
    return f"{head}; passed over: " + ", ".join(notes)


def floater_opponent(
    rnd: LimRound,
    x: int,
    order: list[int],
    matching: Matching,
    index: dict[int, int],
    article: str,
    what: str,
) -> tuple[int, str, Matching] | None:
    """3.6 / 3.7 (3.8 in a Maxi-tournament): the opponent of the incoming floater
    ``x``: the first available player of ``order`` due the colour opposite to
    the floater's due colour, else the first available. Available = compatible,
    and the rest of the group can still make its pairs."""
    P = rnd.players
    px = P[x]
    want = px.due.opposite if px.due is not None else None
    first: tuple[int, Matching] | None = None
    by_colour: tuple[int, Matching] | None = None
    for n in order:
        if not rnd.compatible(px, P[n]):
            continue
        new = matching.with_pair(index[x], index[n])
        if new is None:
            continue
        if first is None:
            first = (n, new)
        if want is None or P[n].due is want:
            if want is not None:
                by_colour = (n, new)
            break
    if first is None:
        return None
    if want is None:
        return first[0], f"{article}: first available {what} (#{x} has no due colour)", first[1]
    if by_colour is None:
        return first[0], f"{article}: no available {what} due {want}; first available", first[1]
    if by_colour[0] == first[0]:
        return first[0], f"{article}: first available {what}, due {want}", first[1]
    if rnd.maxi and not within_maxi_limit(P[by_colour[0]].rating, P[first[0]].rating):
        return (
            first[0],
            f"3.8 (Maxi): #{by_colour[0]} (due {want}) is rated more than 100 points from the first "
            f"available #{first[0]}, who is taken",
            first[1],
        )
    return (
        by_colour[0],
        f"{article}: first available {what} due {want} (passing over #{first[0]})",
        by_colour[1],
    )


def _transfer_test(matching: Matching, m: int) -> Callable[[int], Matching | None]:
    """3.2 (reading 4): may member ``i`` float, the group still making ``m`` pairs?
    The answer is the matching of the rest (``None``: no), remembered per member."""
    cache: dict[int, Matching | None] = {}

    def valid(i: int) -> Matching | None:
        if i not in cache:
            new = matching.without(i)
            cache[i] = new if new.size == m else None
        return cache[i]

    return valid
