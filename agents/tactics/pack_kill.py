"""Kill coordination: the pack's victim, chosen by a rule every wolf computes alike from
what the pack shares, and the white wolf's lone kill."""

from __future__ import annotations

from collections import Counter

from agents.belief import LITTLE_GIRL, SEER, WHITE_EYED, role_table
from agents.tactics.situation import Situation, Words, answer, shared_hash
from arena.engine.events import BaseEvent, Claim, NightAction, PhaseStart, Speech
from arena.engine.requests import Decision, Request
from arena.engine.roles import ROLES
from arena.engine.view import Observation

BETRAY_MARGIN = 1  # the white-eyed wolf turns on the pack this many kills early
KILL_VALUE = {LITTLE_GIRL: 12.0, SEER: 10.0, "witch": 6.0, "guard": 5.0, "idiot": -2.0}
"""A caught little girl knows the pack (and no guard can shield her)."""


def kill(s: Situation, request: Request) -> Decision:
    options = list(request.options)
    if s.role == WHITE_EYED and (mate := _betrayal(s, options)) is not None:
        return answer(request, mate)
    girl = caught_girl(s, options)
    agreed = girl or _named_tonight(s, options, request.context.get("round"))
    return answer(request, agreed if agreed is not None else target(s, options))


def chat(s: Situation, words: Words) -> None:
    """A line in the wolves' channel: the victim this wolf proposes."""
    prey = [o for o in s.living() if o not in s.obs.lovers]
    named = caught_girl(s, prey) or _named_tonight(s, prey, None)
    victim = named if named is not None else target(s, prey)
    if victim is not None:
        words.line("kill", Claim(kind="accuse", target=victim), seat=victim)


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
    hostile = _hostility(s).get(seat, 0)
    return worth + min(hostile, 4) + (shared_hash("kill", s.team, s.obs.day, seat) % 1000) / 2000


def _hostility(s: Situation) -> Counter[int]:
    """Per seat, its accusations of and votes for the pack's members (once a decision)."""
    hostile: Counter[int] | None = s.memo.get("hostile")
    if hostile is None:
        team = s.team
        hostile = Counter(a for a, t, _ in s.ev.accusations if t in team)
        hostile.update(v for v, t, _ in s.ev.votes if t in team)
        s.memo["hostile"] = hostile
    return hostile


def target(s: Situation, options: list[int]) -> int | None:
    """The most valuable victim outside the pack (never this wolf's lover)."""
    prey = [o for o in options if o not in s.team and o != s.me and o not in s.obs.lovers]
    return max(prey, key=lambda o: (value(s, o), -o)) if prey else None


def white_wolf_kill(s: Situation, request: Request) -> Decision:
    """The white wolf wins only as the last one alive, and loses if the pack wins first:
    each lone kill takes a packmate while one lives (the one the village accuses least:
    it will exile the others for him), then the top threat."""
    options = [o for o in request.options if o not in s.obs.lovers]
    mates = [o for o in options if o in s.team and o != s.me]
    if mates:
        heat = s.pressure(ever=True)
        return answer(request, min(mates, key=lambda o: (heat[o], o)))
    return answer(request, target(s, options))


def _betrayal(s: Situation, options: list[int]) -> int | None:
    """The white-eyed wolf wins only if every wolf dies before the pack wins: once the
    pack's kills left to win are no more than the wolves alive (plus a margin), he turns
    the pack's kill on a wolf (the one the village accuses least), or at least splits it."""
    wolves = [o for o in s.living() if o in s.team and ROLES[s.ev.known[o]].wolf_card]
    if not wolves or _kills_to_win(s) > len(wolves) + BETRAY_MARGIN:
        return None
    heat = s.pressure(ever=True)
    legal = [o for o in wolves if o in options]
    return min(legal, key=lambda o: (heat[o], o)) if legal else None


def _kills_to_win(s: Situation) -> float:
    """How many more deaths the pack needs (expected, by the role table), per the
    wolves' win rule; the white-eyed wolf himself is no wolf card, so counts as good."""
    table = role_table(s.ev, s.belief)
    good = [o for o in s.living() if o not in s.team]
    villagers = sum(table[o].get("villager", 0.0) + table[o].get("thief", 0.0) for o in good)
    specials = sum(p for o in good for r, p in table[o].items() if ROLES[r].special)
    rule = s.obs.rules.get("wolves.win")
    if rule == "all_villagers_or_all_specials":
        return min(villagers, specials)
    if rule == "all_ordinary_villagers":
        return villagers
    return len(good) + 1


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
