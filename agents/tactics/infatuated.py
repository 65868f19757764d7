"""The infatuated: adores the player the wolves and the vote most want to remove and the
village can least spare (a credible seer), so that he dies in that player's place."""

from __future__ import annotations

from agents.tactics.registry import CARD_VALUE, plays
from agents.tactics.situation import CREDIBLE, POWER_CLAIMS, Situation, answer
from arena.engine.requests import Decision, Request

CARD_VALUE["infatuated"] = 1.0
WAIT_UNTIL = 3  # the night from which he adores the most trusted seat rather than wait


@plays("adore")
def adore(s: Situation, request: Request) -> Decision:
    """The credible seer, else a trusted power claimant, else the trusted sheriff; with
    nobody worth it he waits (while he may) and then adores the most trusted seat."""
    options = list(request.options)
    trusted = [o for o in options if s.p(o) < CREDIBLE and o not in s.obs.lovers]
    seer = s.credible_seer()
    if seer in trusted:
        return answer(request, seer)
    power = [o for o in trusted if any(s.claimed(o, r) for r in POWER_CLAIMS)]
    if power:
        return answer(request, s.trusted(power))
    if s.obs.sheriff in trusted:
        return answer(request, s.obs.sheriff)
    if request.allow_none and s.obs.day < WAIT_UNTIL:
        return request.default()
    return answer(request, s.trusted(options))
