"""The Dutch rules in an arbiter's words, written once for the explanation, the
comparison of ``check`` and the trace."""

from __future__ import annotations

CRITERIA_TEXT = {
    "C1": "two players may not meet twice",
    "C2": "no second PAB, nor a PAB after a win's points without playing",
    "C3": "no pair of non-topscorers with the same absolute colour preference",
    "C4": "the rest of the round must stay completable",
    "C5": "the PAB goes to the lowest score possible",
    "C6": "as few downfloaters as possible",
    "C7": "the downfloaters' scores as low as possible",
    "C8": "the next bracket as well paired as possible",
    "C9": "the PAB player with as few unplayed games as possible",
    "C10": "topscorers (or opponents) whose colour difference goes beyond ±2",
    "C11": "topscorers (or opponents) with the same colour three times running",
    "C12": "players who do not get their colour preference",
    "C13": "players who do not get their strong colour preference",
    "C14": "resident downfloaters who had a downfloat in the previous round",
    "C15": "MDP opponents who had an upfloat in the previous round",
    "C16": "resident downfloaters who had a downfloat two rounds before",
    "C17": "MDP opponents who had an upfloat two rounds before",
    "C18": "score differences of MDPs who had a downfloat in the previous round",
    "C19": "score differences of MDP opponents who had an upfloat in the previous round",
    "C20": "score differences of MDPs who had a downfloat two rounds before",
    "C21": "score differences of MDP opponents who had an upfloat two rounds before",
}
"""What each criterion of Article 2 minimises, in an arbiter's words."""

COLOUR_RULE_TEXT = {
    "5.2.1": "both players get their colour preference",
    "5.2.2": "the stronger colour preference is granted",
    "5.2.3": "colours alternate against the last game in which they had different colours",
    "5.2.4": "the higher-ranked player gets their preference",
    "5.2.5": "the higher-ranked player's TPN decides: odd gets the initial colour",
}
"""The rules of 5.2 in an arbiter's words (the explanation, ``check``, the trace)."""
