"""The Village's building powers (catalog 1.4) and the arsonist: the village spends them
on its top suspects and trusted seats; a wolf shields the pack and strikes only when
exposed."""

from __future__ import annotations

from agents.belief import is_pack
from agents.tactics.registry import plays
from agents.tactics.situation import Situation, answer
from arena.engine.requests import Decision, Request

STRIKE_AT = 0.7  # P(wolf) at which the barber risks his own life
EXPOSED = 0.6  # public P(wolf) at which a wolf has little left to lose
HOUSE_ORDER = ("barber", "confessor", "noble", "tavern_keeper", "bone_setter",
               "schoolmistress", "bailiff", "baker", "farmer")
"""The empty houses a bailiff fills first (the strongest powers first)."""


def _yes(request: Request, yes: bool) -> Decision:
    return Decision(kind=request.kind, yes=yes)


@plays("confess")
def confess(s: Situation, request: Request) -> Decision:
    """The confessor looks at the most informative unknown seat (a wolf: at a seat that
    may hide the seer)."""
    pool = [o for o in request.options if o not in s.ev.known and o not in s.team]
    if not pool:
        return request.default()
    if s.is_wolf:
        return answer(request, s.trusted(pool, s.public))
    best = min(abs(s.p(o) - 0.5) for o in pool)
    return answer(request, min(o for o in pool if abs(s.p(o) - 0.5) <= best + 0.02))


@plays("pardon")
def pardon(s: Situation, request: Request) -> Decision:
    """The noble pardons himself, a packmate (a wolf), or a seat he trusts (the village)."""
    exiled = int(request.context.get("exiled", 0))
    if exiled == s.me or exiled in s.team:
        return _yes(request, True)
    if s.is_wolf:
        return _yes(request, False)
    known = s.ev.known.get(exiled)
    return _yes(request, (known is not None and not s.sharp(exiled))
                or s.p(exiled) < 0.5 * s.baseline())


@plays("bar")
def bar(s: Situation, request: Request) -> Decision:
    """The schoolmistress silences the vote of a seat that stands out as a wolf (a wolf:
    of the seat the village trusts most, the credible seer first)."""
    options = [o for o in request.options if o not in s.team]
    if s.is_wolf:
        seer = s.credible_seer()
        return answer(request, seer if seer in options else None)
    best = s.suspect(options)
    return answer(request, best if best is not None and s.sharp(best) else None)


@plays("move")
def lodge(s: Situation, request: Request) -> Decision:
    """The bailiff houses a trusted vagrant (a wolf: a packmate)."""
    options = list(request.options)
    if s.is_wolf:
        mates = [o for o in options if o in s.team]
        return answer(request, mates[0] if mates else None)
    choice = s.trusted(options)
    return answer(request, choice if choice is not None and not s.sharp(choice) else None)


@plays("house")
def house(s: Situation, request: Request) -> Decision:
    """The empty house with the strongest power."""
    buildings = s.obs.buildings
    ranked = sorted(request.options, key=lambda o: (
        HOUSE_ORDER.index(buildings[o]) if buildings.get(o) in HOUSE_ORDER else len(HOUSE_ORDER),
        o))
    return answer(request, ranked[0] if ranked else None)


@plays("move_in")
def move_in(s: Situation, request: Request) -> Decision:
    """A vagrant always takes a house: its power, and the barber and crow can reach him
    no more than anyone else."""
    return _yes(request, True)


@plays("strike")
def strike(s: Situation, request: Request) -> Decision:
    """The barber strikes a near-certain wolf (he dies too if he is wrong); an exposed
    wolf takes the credible seer with him."""
    options = [o for o in request.options if o not in s.team]
    if s.is_wolf:
        seer = s.credible_seer()
        exposed = s.public.p(s.me) >= EXPOSED
        return answer(request, seer if exposed and seer in options else None)
    best = s.suspect(options)
    sure = best is not None and (is_pack(s.ev.known.get(best)) or s.p(best) >= STRIKE_AT)
    return answer(request, best if sure else None)


@plays("mend")
def mend(s: Situation, request: Request) -> Decision:
    """The bone-setter renews his own spent power, else a trusted seat's (a wolf: a
    packmate's, else nobody's)."""
    options = list(request.options)
    if s.me in options:
        return answer(request, s.me)
    if s.is_wolf:
        mates = [o for o in options if o in s.team]
        return answer(request, mates[0] if mates else None)
    return answer(request, s.trusted(options))


@plays("burn")
def burn(s: Situation, request: Request) -> Decision:
    """The arsonist burns the house of the seat that stands out as a wolf (taking his
    building's power from him)."""
    best = s.suspect(list(request.options))
    return answer(request, best if best is not None and s.sharp(best) else None)
