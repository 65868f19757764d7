"""The village's night powers: guard, witch, hunter and Cupid."""

from __future__ import annotations

from agents.tactics.registry import CARD_VALUE, plays
from agents.tactics.situation import POWER_CLAIMS, Situation, answer
from arena.engine.requests import Decision, Request

POISON_AT = 0.6
POISON_OVER = 0.35  # how far above the average seat a poison target must stand
SHOOT_AT = 0.45
CARD_VALUE.update({"witch": 8.0, "guard": 6.0, "hunter": 5.0, "cupid": 2.0})


@plays("protect")
def protect(s: Situation, request: Request) -> Decision:
    """The credible seer, else a trusted power claimant, else himself (none on night 1,
    when an empty guard never clashes with the antidote)."""
    seer = s.credible_seer()
    if seer in request.options:
        return answer(request, seer)
    if s.obs.day == 1 and request.allow_none:
        return request.default()
    power = [o for o in s.living() if any(s.claimed(o, r) for r in POWER_CLAIMS)]
    return answer(request, s.trusted([o for o in power if o in request.options])
                  or (s.me if s.me in request.options else s.trusted(list(request.options))))


@plays("save")
def save(s: Situation, request: Request) -> Decision:
    victim = int(request.context.get("victim", 0))
    yes = (victim == s.me or s.obs.day == 1 or victim == s.credible_seer()
           or (s.obs.day == 2 and s.p(victim) < 0.2))
    return Decision(kind="save", yes=yes)


@plays("poison")
def poison(s: Situation, request: Request) -> Decision:
    """The top suspect, once he is far likelier a wolf than the average seat."""
    best = s.suspect(list(request.options))
    likely = best is not None and s.danger(best) >= max(POISON_AT, s.baseline() + POISON_OVER)
    return answer(request, best if likely else None)


@plays("shoot")
def shoot(s: Situation, request: Request) -> Decision:
    best = s.suspect(list(request.options))
    likely = best is not None and s.danger(best) >= max(SHOOT_AT, 1.5 * s.baseline())
    return answer(request, best if likely or not request.allow_none else None)


@plays("link")
def link(s: Situation, request: Request) -> Decision:
    """Cupid ties himself to a random player (or, if he may not, two random players)."""
    others = [o for o in request.options if o != s.me]
    if s.me in request.options and others and request.count == 2:
        return Decision(kind=request.kind, targets=(s.me, s.rng.choice(others)))
    if len(request.options) < request.count:
        return request.default()
    return Decision(kind=request.kind,
                    targets=tuple(s.rng.sample(request.options, request.count)))
