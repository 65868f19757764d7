"""The crow's curse: two votes on the top suspect, once one stands out."""

from __future__ import annotations

from agents.tactics.registry import CARD_VALUE, plays
from agents.tactics.situation import Situation, answer
from arena.engine.requests import Decision, Request

CARD_VALUE["crow"] = 4.0


@plays("curse", public=True)
def curse(s: Situation, request: Request) -> Decision:
    """Never on a packmate: a wolf holding the card goes by the village's view."""
    options = [o for o in request.options if o not in s.team]
    best = s.suspect(options, s.public)
    return answer(request, best if best is not None and s.sharp(best, s.public) else None)
