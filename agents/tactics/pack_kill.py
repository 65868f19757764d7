"""Kill coordination: the pack's victim, chosen by a rule every wolf computes alike from
what the pack shares, and the white wolf's lone kill."""

from __future__ import annotations

from collections import Counter

from agents.belief import LITTLE_GIRL, SEER
from agents.tactics.situation import Situation, Words, answer, shared_hash
from arena.engine.events import BaseEvent, Claim, NightAction, PhaseStart, Speech
from arena.engine.requests import Decision, Request
from arena.engine.view import Observation

KILL_VALUE = {LITTLE_GIRL: 12.0, SEER: 10.0, "witch": 6.0, "guard": 5.0, "idiot": -2.0}
"""A caught little girl knows the pack (and no guard can shield her)."""


def kill(s: Situation, request: Request) -> Decision:
    options = list(request.options)
    girl = caught_girl(s, options)
    agreed = girl or _named_tonight(s, options, request.context.get("round"))
    return answer(request, agreed if agreed is not None else target(s, options))


def chat(s: Situation, words: Words) -> None:
    """A line in the wolves' channel: the victim this wolf proposes."""
    prey = [o for o in s.living() if o not in s.obs.lovers]
    named = caught_girl(s, prey) or _named_tonight(s, prey, None)
    victim = named if named is not None else target(s, prey)
    if victim is not None:
        words.say(f"Let's kill seat {victim} tonight.", Claim(kind="accuse", target=victim))


def caught_girl(s: Situation, options: list[int]) -> int | None:
    """The little girl the pack caught peeking, while she lives."""
    return next((o for o in options if s.ev.known.get(o) == LITTLE_GIRL), None)


def value(s: Situation, seat: int) -> float:
    """How much the pack gains by killing ``seat``, from information every wolf shares."""
    ev, rules = s.ev, s.obs.rules
    role = ev.known.get(seat) or next(iter(ev.claims.get(seat, ())), "villager")
    worth = KILL_VALUE.get(role, 0.0)
    if role == "hunter" and rules.get("hunter.shoot_on_night_death", True) and (
            "wolves" not in rules.get("hunter.blocked_causes", ())):
        worth -= 8.0
    if seat == s.obs.sheriff:
        worth += 3.0
    hostile = sum(1 for a, t, _ in ev.accusations if a == seat and t in s.team)
    hostile += sum(1 for v, t, _ in ev.votes if v == seat and t in s.team)
    return worth + min(hostile, 4) + (shared_hash("kill", s.team, s.obs.day, seat) % 1000) / 2000


def target(s: Situation, options: list[int]) -> int | None:
    """The most valuable victim outside the pack."""
    prey = [o for o in options if o not in s.team and o != s.me]
    return max(prey, key=lambda o: (value(s, o), -o)) if prey else None


def white_wolf_kill(s: Situation, request: Request) -> Decision:
    """The white wolf wins as the last one alive, and loses if the pack wins first: he
    takes a packmate (the one the village suspects least: it will not exile him) once
    the good players are few enough for the pack to finish them, else the top threat."""
    options = list(request.options)
    mates = [o for o in options if o in s.team and o != s.me]
    good = [o for o in s.living() if o not in s.team]
    if mates and len(good) <= 2 * len(mates) + 1:
        return answer(request, min(mates, key=lambda o: (s.public.p(o), o)))
    return answer(request, target(s, options))


def _named_tonight(s: Situation, options: list[int], round_no: object) -> int | None:
    """A target the pack already named tonight and legal for this wolf: the majority of
    round-one proposals on a second round, else the last one named in the wolf chat."""
    tonight = _since_nightfall(s.obs)
    legal = [o for o in options if o not in s.team]
    if round_no == 2:
        picks = Counter(e.target for e in tonight if isinstance(e, NightAction)
                        and e.action == "kill" and not e.final and e.target in legal)
        if picks:
            return min(picks, key=lambda o: (-picks[o], o))
    named = [c.target for e in tonight if isinstance(e, Speech) and e.context == "wolf_chat"
             for c in e.claims if c.kind == "accuse" and c.target in legal]
    return named[-1] if named else None


def _since_nightfall(obs: Observation) -> list[BaseEvent]:
    events = obs.events
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if isinstance(event, PhaseStart) and event.name == "night":
            return list(events[i + 1:])
    return []
