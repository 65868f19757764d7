"""The heuristic agent: the default opponent, a real player acting on its belief.

Village seats vote out, shoot and poison the likeliest wolves and protect or save
the credible seer; the seer checks the most uncertain seat and claims when it
pays. Wolves pick their victim by a rule every wolf computes alike from shared
information, one of them sometimes poses as the seer, and they vote with the
village's leading good candidate rather than as a bloc.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from agents.base import SeededAgent, derive_seed
from agents.belief import SEER, WOLF, Belief, BeliefTracker, Evidence, is_pack, role_table
from arena.engine.events import BaseEvent, Claim, NightAction, PhaseStart, Speech
from arena.engine.requests import Decision, Request
from arena.engine.view import Observation

JUMP_PERCENT = 50  # share of games in which a wolf poses as the seer from day 1
CREDIBLE = 0.35  # P(wolf) under which a claimant is believed
POISON_AT = 0.6
SHOOT_AT = 0.45
DOOMED = 0.85  # public P(wolf) at which the pack stops defending a teammate
KILL_VALUE = {SEER: 10.0, "witch": 6.0, "guard": 5.0, "idiot": -2.0}
POWER_CLAIMS = (SEER, "witch", "guard", "hunter")
PUBLIC_KINDS = frozenset({"vote", "elect", "badge", "curse", "explode", "speak", "last_words"})
"""Decisions for which a wolf needs the village's view (the public belief)."""


@dataclass(frozen=True, slots=True)
class Table:
    """What one decision draws on: the observation, the private and the public belief."""

    obs: Observation
    belief: Belief
    public: Belief
    ev: Evidence

    @property
    def me(self) -> int:
        return self.obs.seat

    @property
    def is_wolf(self) -> bool:
        return is_pack(self.obs.role)

    @property
    def team(self) -> tuple[int, ...]:
        """The pack, living or dead (a wolf's teammates; empty for the village)."""
        if not self.is_wolf:
            return ()
        return tuple(sorted(s for s, r in self.obs.known_roles.items() if is_pack(r)))

    def p(self, seat: int) -> float:
        return self.belief.p(seat)

    def living(self) -> list[int]:
        return [s for s in self.obs.alive if s != self.me]

    def claimed(self, seat: int, role: str) -> bool:
        return role in self.ev.claims.get(seat, ())

    def seer_claimants(self) -> list[int]:
        return [s for s in self.ev.claimants(SEER) if s != self.me and s in self.obs.alive]

    def credible_seer(self) -> int | None:
        """The living seer claimant this seat believes, if any."""
        ranked = sorted(self.seer_claimants(), key=lambda s: (self.p(s), s))
        return ranked[0] if ranked and self.p(ranked[0]) < CREDIBLE else None

    def baseline(self, belief: Belief | None = None) -> float:
        """Mean P(wolf) over the living seats whose role is not known."""
        view = belief or self.belief
        open_seats = [s for s in self.living() if s not in self.obs.known_roles]
        return sum(view.p(s) for s in open_seats) / len(open_seats) if open_seats else 0.0

    def pressure(self) -> Counter[int]:
        """Per seat: today's accusations plus every wolf check claimed so far."""
        day = self.obs.day
        heat = Counter(t for _, t, d in self.ev.accusations if d == day)
        heat.update(t for (_, t), wolf in self.ev.checks.items() if wolf)
        return heat

    def suspect(self, options: list[int], belief: Belief | None = None) -> int | None:
        """The likeliest wolf among ``options`` other than this seat and its lover
        (ties: more pressure, then lower seat)."""
        view, heat = belief or self.belief, self.pressure()
        pool = [o for o in options if o != self.me and o not in self.obs.lovers]
        return max(pool, key=lambda s: (round(view.p(s), 9), heat[s], -s)) if pool else None

    def trusted(self, options: list[int], belief: Belief | None = None) -> int | None:
        """The likeliest good seat among ``options`` other than this one."""
        view = belief or self.belief
        pool = [o for o in options if o != self.me]
        return min(pool, key=lambda s: (round(view.p(s), 9), s)) if pool else None


@dataclass(slots=True)
class Words:
    """A speech under construction."""

    parts: list[str] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)

    def say(self, text: str, *claims: Claim) -> None:
        self.parts.append(text)
        self.claims.extend(claims)

    def decision(self, kind: str) -> Decision:
        return Decision(kind=kind, text=" ".join(self.parts), claims=tuple(self.claims))


def _hash(*parts: object) -> int:
    """A deterministic hash every wolf computes alike."""
    return derive_seed(0, 0, ":".join(str(p) for p in parts))


def _target(request: Request, choice: int | None) -> Decision:
    """A target decision that is always legal: ``choice``, else pass, else the default."""
    if choice is not None and choice in request.options:
        return Decision(kind=request.kind, target=choice)
    return request.default()


class HeuristicAgent(SeededAgent):
    """Plays every role from an exact belief over the possible wolf sets."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.private = BeliefTracker()
        self.public = BeliefTracker(public_only=True)
        self.handlers: dict[str, Callable[[Table, Request], Decision]] = {
            "kill": self.kill, "check": self.check, "protect": self.protect,
            "poison": self.poison, "shoot": self.shoot, "badge": self.badge,
            "vote": self.vote, "elect": self.elect, "save": self.save, "run": self.run,
            "explode": self.explode, "link": self.link, "speak": self.speak,
            "last_words": self.speak, "belief": self.beliefs, "curse": self.curse,
            "support": self.befriend, "adore": self.befriend, "appoint": self.befriend,
            "charm": self.charm,
        }

    async def decide(self, observation: Observation, request: Request) -> Decision:
        belief = self.private.update(observation)
        wolf_needs_it = is_pack(observation.role) and request.kind in PUBLIC_KINDS
        public = self.public.update(observation) if wolf_needs_it else belief
        table = Table(observation, belief, public, self.private.evidence)
        handler = self.handlers.get(request.kind)
        decision = handler(table, request) if handler else request.default()
        return decision if request.validate(decision) is None else request.default()

    # --- night
    def check(self, t: Table, request: Request) -> Decision:
        """The unchecked seat whose P(wolf) is nearest 1/2 (the most informative)."""
        pool = [o for o in request.options if o not in t.ev.my_checks] or list(request.options)
        if not pool:
            return request.default()
        best = min(abs(t.p(s) - 0.5) for s in pool)
        return _target(request, self.rng.choice(
            [s for s in pool if abs(t.p(s) - 0.5) <= best + 0.02]))

    def protect(self, t: Table, request: Request) -> Decision:
        seer = t.credible_seer()
        if seer in request.options:
            return _target(request, seer)
        if t.obs.day == 1 and request.allow_none:
            return request.default()  # an empty guard night 1 never clashes with the antidote
        power = [s for s in t.living() if any(t.claimed(s, r) for r in POWER_CLAIMS)]
        return _target(request, t.trusted([s for s in power if s in request.options])
                       or (t.me if t.me in request.options else t.trusted(list(request.options))))

    def save(self, t: Table, request: Request) -> Decision:
        victim = int(request.context.get("victim", 0))
        yes = (victim == t.me or t.obs.day == 1 or victim == t.credible_seer()
               or (t.obs.day == 2 and t.p(victim) < 0.2))
        return Decision(kind="save", yes=yes)

    def poison(self, t: Table, request: Request) -> Decision:
        best = t.suspect(list(request.options))
        return _target(request, best if best is not None and t.p(best) >= POISON_AT else None)

    def shoot(self, t: Table, request: Request) -> Decision:
        best = t.suspect(list(request.options))
        likely = best is not None and t.p(best) >= max(SHOOT_AT, 1.5 * t.baseline())
        return _target(request, best if likely or not request.allow_none else None)

    def link(self, t: Table, request: Request) -> Decision:
        """Cupid ties himself to a random player (or, if he may not, two random players)."""
        others = [o for o in request.options if o != t.me]
        if t.me in request.options and others and request.count == 2:
            return Decision(kind=request.kind, targets=(t.me, self.rng.choice(others)))
        if len(request.options) < request.count:
            return request.default()
        return Decision(kind=request.kind,
                        targets=tuple(self.rng.sample(request.options, request.count)))

    def kill(self, t: Table, request: Request) -> Decision:
        if request.context.get("solo"):
            return request.default()  # a lone wolf's optional kill of a packmate
        options = list(request.options)
        agreed = _pack_choice(t, options, request.context.get("round"))
        return _target(request, agreed if agreed is not None else kill_target(t, options))

    def curse(self, t: Table, request: Request) -> Decision:
        """A vote's worth against the likeliest wolf (a wolf: the village's top suspect)."""
        options = [o for o in request.options if o not in t.team]
        return _target(request, t.suspect(options, t.public))

    def befriend(self, t: Table, request: Request) -> Decision:
        """Tie one's fate to the most trusted seat (a wolf: to a packmate)."""
        mates = [o for o in request.options if o in t.team and o != t.me]
        return _target(request, mates[0] if mates else t.trusted(list(request.options)))

    def charm(self, t: Table, request: Request) -> Decision:
        options = [o for o in request.options if o != t.me]
        if len(options) < request.count:
            return request.default()
        return Decision(kind=request.kind, targets=tuple(self.rng.sample(options, request.count)))

    # --- day
    def vote(self, t: Table, request: Request) -> Decision:
        options = [o for o in request.options if o != t.me]
        if t.is_wolf:
            return _target(request, wolf_vote(t, options))
        return _target(request, t.suspect(options))

    def elect(self, t: Table, request: Request) -> Decision:
        options = list(request.options)
        if t.is_wolf:
            mates = [s for s in options if s in t.team]
            return _target(request, jumper(t) if jumper(t) in mates else (
                mates[0] if mates else t.trusted(options, t.public)))
        if t.obs.role == SEER and t.me in options and t.claimed(t.me, SEER):
            return _target(request, t.me)
        seer = t.credible_seer()
        return _target(request, seer if seer in options else t.trusted(options))

    def badge(self, t: Table, request: Request) -> Decision:
        """To the most trusted seat; an unexposed wolf hands it to a packmate, an exposed
        one tears it (or passes it to the village's top suspect)."""
        options = list(request.options)
        if t.is_wolf:
            mates = [s for s in options if s in t.team]
            if mates and t.public.p(t.me) < 0.5:
                return _target(request, mates[0])
            return _target(request, None if request.allow_none else t.suspect(options, t.public))
        seer = t.credible_seer()
        return _target(request, seer if seer in options else t.trusted(options))

    def run(self, t: Table, request: Request) -> Decision:
        if t.obs.role == SEER:
            yes = seer_claims(t, request) or self.rng.random() < 0.5
        elif t.is_wolf and posing(t):
            yes = True
        else:
            yes = self.rng.random() < 0.15
        return Decision(kind="run", yes=yes)

    def explode(self, t: Table, request: Request) -> Decision:
        """Self-destruct only when exposed, with a teammate left and the end in sight."""
        exposers = [c for c in t.ev.claimants(SEER) if c not in t.team
                    and t.ev.checks.get((c, t.me)) and t.public.p(c) < CREDIBLE]
        mates = [w for w in t.team if w != t.me and w in t.obs.alive]
        good = len(t.obs.alive) - len(mates) - 1
        yes = bool(exposers and mates and t.public.p(t.me) > 0.7 and good <= len(mates) + 3)
        return Decision(kind="explode", yes=yes)

    def beliefs(self, t: Table, request: Request) -> Decision:
        table = role_table(t.ev, t.belief)
        return Decision(kind="belief", beliefs={
            str(s): dist for s, dist in table.items() if s != t.me})

    def speak(self, t: Table, request: Request) -> Decision:
        words = Words()
        if request.context.get("channel") == "wolves":
            prey = [s for s in t.living() if s not in t.obs.lovers]
            named = _pack_choice(t, prey, None)
            target = named if named is not None else kill_target(t, prey)
            if target is not None:
                words.say(f"Let's kill seat {target} tonight.", Claim(kind="accuse", target=target))
            return words.decision(request.kind)
        if t.is_wolf and posing(t):
            fake_seer_speech(t, words, self.rng.choice)
        elif t.obs.role == SEER and seer_claims(t, request):
            seer_speech(t, words)
        else:
            plain_speech(t, request, words)
        return words.decision(request.kind)


# --- the seer
def seer_claims(t: Table, request: Request) -> bool:
    """The seer shows his card when it pays: a wolf found, a rival, danger, or day 2 on."""
    tied = request.context.get("tied", ())
    found = any(is_pack(r) and target in t.obs.alive for target, r in t.ev.my_checks.items())
    return bool(
        t.claimed(t.me, SEER) or found or t.seer_claimants() or t.obs.day >= 2
        or request.kind == "last_words" or t.me in tied or t.pressure()[t.me] >= 2)


def seer_speech(t: Table, words: Words) -> None:
    words.say("I am the seer.", Claim(kind="role", role=SEER))
    for target, result in t.ev.my_checks.items():
        wolf = is_pack(result)
        words.say(f"Seat {target} is {'a werewolf' if wolf else 'good'}.",
                  Claim(kind="check", target=target, result=WOLF if wolf else "good"))
    wolves = [s for s, r in t.ev.my_checks.items() if is_pack(r) and s in t.obs.alive]
    suspect = wolves[0] if wolves else t.suspect(t.living())
    if suspect is not None:
        words.say(f"Vote out seat {suspect}.", Claim(kind="accuse", target=suspect))


# --- everyone else's words
def plain_speech(t: Table, request: Request, words: Words) -> None:
    """A good player's speech (or a wolf's cover): claims under threat, a read, a vouch."""
    role = t.obs.role or "villager"
    threatened = not t.is_wolf and role in POWER_CLAIMS and t.pressure()[t.me] >= 2
    if threatened or t.me in request.context.get("tied", ()):
        shown = "villager" if t.is_wolf or role not in POWER_CLAIMS else role
        words.say(f"I am the {shown}; do not exile me.", Claim(kind="role", role=shown))
    view = t.public if t.is_wolf else t.belief
    pool = [s for s in t.living() if s not in t.team]
    seer = None if t.is_wolf else t.credible_seer()
    if seer is not None:
        words.say(f"I believe seat {seer} is the real seer.", Claim(kind="vouch", target=seer))
    suspect = t.suspect(pool, view)
    if suspect is None:
        words.say("I have nothing to add.")
    elif view.p(suspect) >= max(1.25 * t.baseline(view), 0.35):
        words.say(f"Seat {suspect} looks like a wolf to me.", Claim(kind="accuse", target=suspect))
    else:
        words.say(f"No strong read yet; seat {suspect} seems a little off.",
                  Claim(kind="accuse", target=suspect))


# --- the pack
def jumper(t: Table) -> int | None:
    """The wolf who poses as the seer when the pack needs one (the same for every wolf)."""
    team = t.team
    return team[_hash("jumper", team) % len(team)] if team and t.obs.deal.get(SEER) else None


def posing(t: Table) -> bool:
    """This wolf poses as the seer: once started, to the end; it starts in the games the
    pack jumps, or when a rival names a packmate, unless the seer's card is already shown."""
    if jumper(t) != t.me:
        return False
    if t.claimed(t.me, SEER):
        return True
    shown = SEER in t.obs.known_roles.values()
    return not shown and (_hash("jump", t.team) % 100 < JUMP_PERCENT or seer_under_fire(t))


def seer_under_fire(t: Table) -> bool:
    """A rival seer claimant has named one of the pack as a wolf."""
    return any(wolf and c not in t.team and target in t.team
               for (c, target), wolf in t.ev.checks.items())


def fake_seer_speech(t: Table, words: Words, choose: Callable[[list[int]], int]) -> None:
    """Claim seer with one fake check a night: rivals and good seats are 'wolves',
    a teammate now and then 'good'."""
    mine = {target: wolf for (c, target), wolf in t.ev.checks.items() if c == t.me}
    fresh = [s for s in t.living() if s not in mine]
    if len(mine) < t.obs.day and fresh:
        rivals = [s for s in t.seer_claimants() if s not in t.team and s in fresh]
        mates = [s for s in fresh if s in t.team]
        good = [s for s in fresh if s not in t.team]
        if rivals:
            mine[rivals[0]] = True
        elif mates and any(mine.values()):
            mine[mates[0]] = False
        elif good:
            mine[choose(good)] = True
    words.say("I am the seer.", Claim(kind="role", role=SEER))
    for target, wolf in mine.items():
        words.say(f"Seat {target} is {'a werewolf' if wolf else 'good'}.",
                  Claim(kind="check", target=target, result=WOLF if wolf else "good"))
    accused = [s for s, wolf in mine.items() if wolf and s in t.obs.alive]
    if accused:
        words.say(f"Vote out seat {accused[-1]}.", Claim(kind="accuse", target=accused[-1]))


def kill_value(t: Table, seat: int) -> float:
    """How much the pack gains by killing ``seat``, from information every wolf shares."""
    ev, rules = t.ev, t.obs.rules
    role = t.obs.known_roles.get(seat) or next(iter(ev.claims.get(seat, ())), "villager")
    value = KILL_VALUE.get(role, 0.0)
    if role == "hunter" and rules.get("hunter.shoot_on_night_death", True) and (
            "wolves" not in rules.get("hunter.blocked_causes", ())):
        value -= 8.0
    if seat == t.obs.sheriff:
        value += 3.0
    hostile = sum(1 for a, target, _ in ev.accusations if a == seat and target in t.team)
    hostile += sum(1 for v, target, _ in ev.votes if v == seat and target in t.team)
    return value + min(hostile, 4) + (_hash("kill", t.team, t.obs.day, seat) % 1000) / 2000


def kill_target(t: Table, options: list[int]) -> int | None:
    prey = [o for o in options if o not in t.team and o != t.me]
    return max(prey, key=lambda s: (kill_value(t, s), -s)) if prey else None


def _pack_choice(t: Table, options: list[int], round_no: object) -> int | None:
    """A target the pack already named tonight and legal for this wolf: the majority of
    round-one proposals on a second round, else the last one named in the wolf chat."""
    tonight = _since_nightfall(t.obs)
    legal = [o for o in options if o not in t.team]
    if round_no == 2:
        picks = Counter(e.target for e in tonight if isinstance(e, NightAction)
                        and e.action == "kill" and not e.final and e.target in legal)
        if picks:
            return min(picks, key=lambda s: (-picks[s], s))
    named = [c.target for e in tonight if isinstance(e, Speech) and e.context == "wolf_chat"
             for c in e.claims if c.kind == "accuse" and c.target in legal]
    return named[-1] if named else None


def _since_nightfall(obs: Observation) -> list[BaseEvent]:
    for i in range(len(obs.events) - 1, -1, -1):
        event = obs.events[i]
        if isinstance(event, PhaseStart) and event.name == "night":
            return list(obs.events[i + 1:])
    return []


def wolf_vote(t: Table, options: list[int]) -> int | None:
    """Vote with the village's leading candidate (from today's accusations) when he is
    good, splitting the pack over the top two unless the lead is clear; when he is a
    teammate, drop him once doomed (unless the pack's votes still matter), else spread."""
    if not options:
        return None
    heat = Counter(target for seat, target, day in t.ev.accusations
                   if day == t.obs.day and seat not in t.team)
    ranked = sorted(t.obs.alive, key=lambda s: (-heat[s], -t.public.p(s), s))
    leader = ranked[0]
    good = [s for s in ranked if s not in t.team and s in options]
    if not good:  # only packmates left to vote for: a wolf tied to a good lover turns on them
        mixed = any(s != t.me and s not in t.team for s in t.obs.lovers)
        return next((s for s in options if s in t.team), None) if mixed else None
    pack = [w for w in t.team if w in t.obs.alive]
    index = pack.index(t.me) if t.me in pack else 0
    if leader not in t.team:
        clear = len(good) < 2 or (heat[good[0]] >= heat[good[1]] + 2
                                   and good[0] == t.suspect(good, t.public))
        return good[0] if clear else good[index % 2]
    plenty = len(t.obs.alive) - len(pack) >= 2 * len(pack)
    if t.public.p(leader) >= DOOMED and plenty and leader != t.me and leader in options:
        return leader
    return good[index % min(2, len(good))]
