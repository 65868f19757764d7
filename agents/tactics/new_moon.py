"""The New Moon's decisions (catalog 4.3, 4.4): the medium's question, the punished
and the witnesses, best friends, the devil's pact, the first voter, the specter's
victim, the double agent, the wolves' touch, and the risen roles' kill."""

from __future__ import annotations

from agents.moon_view import in_force_now
from agents.tactics.registry import plays
from agents.tactics.situation import Situation, answer
from arena.engine.requests import Decision, Request

# E4: questions that tell most about a seat first (by catalog number)
QUESTION_ORDER = (20, 19, 5, 1, 17, 18, 2, 14, 8, 11, 12, 7, 13, 4)


@plays("question")
def question(s: Situation, request: Request) -> Decision:
    ranked = [q for q in QUESTION_ORDER if q in request.options]
    return answer(request, ranked[0] if ranked else min(request.options))


@plays("point")
def point(s: Situation, request: Request) -> Decision:
    """The likeliest wolf, and for a pair (same camp?) the most trusted seat beside."""
    options = list(request.options)
    first = s.suspect(options) or options[0]
    if request.count == 1:
        return Decision(kind=request.kind, targets=(first,))
    rest = [o for o in options if o != first]
    return Decision(kind=request.kind, targets=(first, s.trusted(rest) or rest[0]))


def _enemy(s: Situation, options: list[int]) -> int | None:
    """Whom this seat would see gone: a wolf names a trusted outsider, others the
    likeliest wolf."""
    if s.is_wolf:
        return s.trusted([o for o in options if o not in s.team]) or s.trusted(options)
    return s.suspect(options)


@plays("punish")
def punish(s: Situation, request: Request) -> Decision:
    return answer(request, _enemy(s, list(request.options)))


@plays("replace")
def replace(s: Situation, request: Request) -> Decision:
    """The specter's victim: the old wolf the village suspects most (least missed)."""
    return answer(request, s.suspect(list(request.options)) or min(request.options))


@plays("testify")
def testify(s: Situation, request: Request) -> Decision:
    """A wolf speaks for his pack; a villager for an accused he does not suspect."""
    accused = int(request.context.get("accused", 0))
    if s.is_wolf:
        yes = accused in s.team
    else:
        yes = accused == s.me or s.danger(accused) < max(0.5, 1.5 * s.baseline())
    return Decision(kind=request.kind, yes=yes)


@plays("friends")
def friends(s: Situation, request: Request) -> Decision:
    """The most trusted seats (a wolf covers his pack first)."""
    options = list(request.options)
    picks: list[int] = [o for o in options if s.is_wolf and o in s.team][:request.count]
    while len(picks) < request.count:
        left = [o for o in options if o not in picks]
        picks.append(s.trusted(left) or left[0])
    return Decision(kind=request.kind, targets=tuple(picks))


@plays("first_voter")
def first_voter(s: Situation, request: Request) -> Decision:
    return answer(request, s.trusted(list(request.options)) or min(request.options))


@plays("ally")
def ally(s: Situation, request: Request) -> Decision:
    """E31: the most trusted seat (a dead wolf, any outsider)."""
    options = [o for o in request.options if not (s.is_wolf and o in s.team)]
    return answer(request, s.trusted(options) if options else None)


@plays("pact", "touch")
def yes(_s: Situation, request: Request) -> Decision:
    """Take the pact (E8); touch the victim (E29)."""
    return Decision(kind=request.kind, yes=True)


def risen_kill(s: Situation, request: Request) -> Decision:
    """E26 / O12: a village power woken as a wolf kills the likeliest real wolf."""
    return answer(request, s.suspect(list(request.options)))


def quiet(s: Situation, decision: Decision) -> Decision:
    """E3: under Not Me – Nor Wolf a speech keeps its claims and drops its words."""
    if s.ev.moons and decision.text and "E3" in in_force_now(s.obs):
        return Decision(kind=decision.kind, claims=decision.claims)
    return decision
