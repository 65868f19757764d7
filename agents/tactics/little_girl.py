"""The little girl: peeks while the gain outweighs the risk of being caught, and names
the wolves she saw (showing her card only when the table does not already see them)."""

from __future__ import annotations

from agents.belief import LITTLE_GIRL, is_pack
from agents.tactics.situation import Situation, Words
from arena.engine.events import Claim
from arena.engine.requests import Decision, Request


def peek(s: Situation, request: Request) -> Decision:
    """Peek when the share of the pack still hidden from her, times the chance of not
    being caught, beats the chance of being caught (the pack then kills her)."""
    risk = float(s.obs.rules.get("little_girl.detect_p", 0.25))
    seen = sum(1 for r in s.ev.known.values() if is_pack(r)) + len(s.ev.wolves)
    sizes = s.ev.pack_sizes()
    expected = sum(k * w for k, w in sizes) / (sum(w for _, w in sizes) or 1.0)
    hidden = max(expected - seen, 0.0) / expected if expected else 0.0
    if s.obs.rules.get("little_girl.info") == "one_wolf":  # one wolf shown, maybe a known one
        hidden *= hidden
    return Decision(kind="peek", yes=hidden * (1 - risk) > risk)


def speech(s: Situation, request: Request, words: Words) -> bool:
    """Name the living wolves she saw; False when she saw none (she then talks like any
    villager). She shows her card unless every one of them is already under fire."""
    seen = [o for o in s.living() if is_pack(s.ev.known.get(o)) or o in s.ev.wolves]
    if not seen:
        return False
    heat = s.pressure()
    hidden = any(heat[o] < 2 for o in seen)
    if hidden or request.kind == "last_words" or s.me in request.context.get("tied", ()):
        words.say("I am the little girl; I saw the wolves.", Claim(kind="role", role=LITTLE_GIRL))
    for wolf in seen:
        words.say(f"Seat {wolf} is a wolf.", Claim(kind="accuse", target=wolf))
    return True
