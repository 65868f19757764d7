"""The pied piper: charms the players likeliest to live on, and by day helps exile the
ones he has not charmed."""

from __future__ import annotations

from agents.belief import PIPER
from agents.tactics.registry import CARD_VALUE, plays, votes
from agents.tactics.situation import POWER_CLAIMS, Situation
from arena.engine.requests import Decision, Request

CARD_VALUE[PIPER] = 4.0
MARKED = 0.5  # extra risk of a night death for a claimed power role or the sheriff


@plays("charm")
def charm(s: Situation, request: Request) -> Decision:
    """The ``count`` seats least likely to die soon: the least suspected (the village
    will not exile them) and not marked for the pack's kill; ties at random."""
    options = [o for o in request.options if o != s.me]
    if len(options) < request.count:
        return request.default()
    risk = {o: s.p(o) + (MARKED if _marked(s, o) else 0.0) for o in options}
    ranked = sorted(options, key=lambda o: (round(risk[o], 6), s.rng.random()))
    return Decision(kind=request.kind, targets=tuple(ranked[:request.count]))


@votes(PIPER)
def vote(s: Situation, options: list[int]) -> int | None:
    """The likeliest wolf among the seats still free of his charm (each one gone brings
    his win closer), else the likeliest wolf."""
    free = [o for o in options if o not in s.ev.charmed]
    return s.suspect(free) or s.suspect(options)


def _marked(s: Situation, seat: int) -> bool:
    return seat == s.obs.sheriff or any(s.claimed(seat, r) for r in POWER_CLAIMS)
