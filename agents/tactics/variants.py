"""The variants' own decisions (catalog 4.1): vouching for a standing player (V1,
Bleak Monday), the plague victim's choice of the next (V5) and the Harvest witch's box
toss and Cupid's love triangle (V4)."""

from __future__ import annotations

from agents.tactics.registry import plays
from agents.tactics.situation import CREDIBLE, Situation, answer
from arena.engine.requests import Decision, Request


@plays("vouch", public=True)
def vouch(s: Situation, request: Request) -> Decision:
    """Sit down the likeliest good player, so the likeliest wolf is left standing; a
    wolf sits a packmate down first, then whom the table trusts most."""
    options = list(request.options)
    if s.is_wolf:
        mates = [o for o in options if o in s.team]
        return answer(request, mates[0] if mates else s.trusted(options, s.public))
    return answer(request, s.trusted(options))


@plays("plague")
def plague(s: Situation, request: Request) -> Decision:
    """The plague's victim passes it on to the player he suspects most."""
    return answer(request, s.suspect(list(request.options)))


@plays("toss")
def toss(s: Situation, request: Request) -> Decision:
    """The Harvest witch tosses the box for the wolves' victim when she believes him
    good (the box most often saves him); else she keeps her one toss."""
    victim = request.context.get("victim")
    trusted = victim is not None and victim in request.options and s.p(victim) < CREDIBLE
    return answer(request, victim if trusted else None)


@plays("unfaithful", "secret_lover")
def trusted_pick(s: Situation, request: Request) -> Decision:
    """Cupid's love triangle: the unfaithful lover and the secret lover are the seats he
    believes good (a triangle of good players stays with the village)."""
    return answer(request, s.trusted(list(request.options)))
