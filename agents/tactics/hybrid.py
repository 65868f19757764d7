"""The hybrid: supports the player likeliest to end on the winning side, votes for that
player's camp, and (tied to a good lover) spends his one kill on the likeliest wolf."""

from __future__ import annotations

from agents.tactics.registry import plays, votes
from agents.tactics.situation import Situation, answer
from arena.engine.requests import Decision, Request


@plays("support")
def support(s: Situation, request: Request) -> Decision:
    """The most trusted seat (the village wins most games); ties at random. A lover
    (whose win is the pair's) supports his partner."""
    options = list(request.options)
    partner = [o for o in s.obs.lovers if o != s.me and o in options]
    if partner:
        return answer(request, partner[0])
    return answer(request, _least_suspect(s, options))


def kill(s: Situation, request: Request) -> Decision:
    """His pair (with Cupid) wins alone, and the wolves hunt it at night: the likeliest
    wolf outside the pair and Cupid."""
    options = [o for o in request.options if o not in s.obs.lovers
               and not s.claimed(o, "cupid") and s.ev.known.get(o) != "cupid"]
    return answer(request, s.suspect(options))


def _least_suspect(s: Situation, options: list[int]) -> int | None:
    if not options:
        return None
    low = min(round(s.p(o), 6) for o in options)
    return s.rng.choice([o for o in options if round(s.p(o), 6) == low])


@votes("hybrid")
def vote(s: Situation, options: list[int]) -> int | None:
    """With the village while he believes the player he supports is good; once that
    player is likely a wolf, against the seat he trusts most (the pack's rival)."""
    supported = s.ev.supported
    if supported is None or s.p(supported) <= 0.5 or s.obs.lovers:
        return s.suspect(options)
    return s.trusted([o for o in options if o != supported])
