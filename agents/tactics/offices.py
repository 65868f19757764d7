"""Offices and the tie-breaking specials: running for sheriff, the election, passing
the badge, the high monk's appointment and the scapegoat's choice of voters."""

from __future__ import annotations

from agents.belief import SEER
from agents.tactics import seer, wolf_day
from agents.tactics.registry import CARD_VALUE, plays
from agents.tactics.situation import Situation, answer
from arena.engine.requests import Decision, Request

CARD_VALUE.update({"scapegoat": 1.0, "high_monk": 1.0})


@plays("run")
def run(s: Situation, request: Request) -> Decision:
    if s.role == SEER:
        yes = seer.claims(s, request) or s.rng.random() < 0.5
    elif s.is_wolf and wolf_day.posing(s):
        yes = True
    else:
        yes = s.rng.random() < 0.15
    return Decision(kind="run", yes=yes)


@plays("elect", public=True)
def elect(s: Situation, request: Request) -> Decision:
    options = list(request.options)
    if s.is_wolf:
        return answer(request, wolf_day.elect(s, options))
    if s.role == SEER and s.me in options and s.claimed(s.me, SEER):
        return answer(request, s.me)
    credible = s.credible_seer()
    return answer(request, credible if credible in options else s.trusted(options))


@plays("badge", public=True)
@plays("appoint")
def hand_over(s: Situation, request: Request) -> Decision:
    """The badge (or the monk's appointment) to the most trusted seat, the credible seer
    first; an unexposed wolf hands it to a packmate, an exposed one tears it (or passes
    it to the village's top suspect)."""
    options = list(request.options)
    if s.is_wolf:
        mates = [o for o in options if o in s.team]
        if mates and s.public.p(s.me) < 0.5:
            return answer(request, mates[0])
        return answer(request, None if request.allow_none else s.suspect(options, s.public))
    credible = s.credible_seer()
    return answer(request, credible if credible in options else s.trusted(options))


@plays("designate")
def designate(s: Situation, request: Request) -> Decision:
    """The dying scapegoat lets only the trusted vote tomorrow: every seat but those that
    stand out as wolves (else the less suspect half)."""
    options = list(request.options)
    voters = [o for o in options if not s.sharp(o)]
    if not voters:
        voters = sorted(options, key=lambda o: (s.danger(o), o))[:(len(options) + 1) // 2]
    return Decision(kind=request.kind, targets=tuple(sorted(voters)))
