"""The pack by day: one wolf poses as the seer, the others vote with the village's
leading good candidate rather than as a bloc; exposed wolves may self-destruct. The
white-eyed wolf, who wins only once every wolf is dead, never shields a packmate."""

from __future__ import annotations

from collections import Counter

from agents.belief import SEER, WHITE_EYED, WOLF
from agents.tactics.situation import CREDIBLE, Situation, Words, shared_hash
from arena.engine.events import Claim
from arena.engine.requests import Decision, Request
from arena.engine.roles import ROLES

JUMP_PERCENT = 50  # share of games in which a wolf poses as the seer from day 1
DOOMED = 0.85  # public P(wolf) at which the pack stops defending a teammate


def jumper(s: Situation) -> int | None:
    """The wolf who poses as the seer when the pack needs one (the same for every wolf)."""
    team = s.team
    return team[shared_hash("jumper", team) % len(team)] if team and s.obs.deal.get(SEER) else None


def posing(s: Situation) -> bool:
    """This wolf poses as the seer: once started, to the end; it starts in the games the
    pack jumps, or when a rival names a packmate, unless the seer's card is already shown."""
    if jumper(s) != s.me:
        return False
    if s.claimed(s.me, SEER):
        return True
    shown = SEER in s.ev.known.values()
    return not shown and (shared_hash("jump", s.team) % 100 < JUMP_PERCENT or seer_under_fire(s))


def seer_under_fire(s: Situation) -> bool:
    """A rival seer claimant has named one of the pack as a wolf."""
    return any(wolf and c not in s.team and target in s.team
               for (c, target), wolf in s.ev.checks.items())


def fake_seer_speech(s: Situation, words: Words) -> None:
    """Claim seer with one fake check a night: rivals and good seats are 'wolves',
    a teammate now and then 'good'."""
    mine = {target: wolf for (c, target), wolf in s.ev.checks.items() if c == s.me}
    fresh = [o for o in s.living() if o not in mine]
    if len(mine) < s.obs.day and fresh:
        rivals = [o for o in s.seer_claimants() if o not in s.team and o in fresh]
        mates = [o for o in fresh if o in s.team]
        good = [o for o in fresh if o not in s.team]
        if rivals:
            mine[rivals[0]] = True
        elif mates and any(mine.values()):
            mine[mates[0]] = False
        elif good:
            mine[s.rng.choice(good)] = True
    words.say("I am the seer.", Claim(kind="role", role=SEER))
    for target, wolf in mine.items():
        words.say(f"Seat {target} is {'a werewolf' if wolf else 'good'}.",
                  Claim(kind="check", target=target, result=WOLF if wolf else "good"))
    accused = [o for o, wolf in mine.items() if wolf and o in s.obs.alive]
    if accused:
        words.say(f"Vote out seat {accused[-1]}.", Claim(kind="accuse", target=accused[-1]))


def vote(s: Situation, options: list[int]) -> int | None:
    """Vote with the village's leading candidate (from today's accusations) when he is
    good, splitting the pack over the top two unless the lead is clear; when he is a
    teammate, drop him once doomed (unless the pack's votes still matter), else spread.
    The white-eyed wolf joins any vote on a packmate."""
    if not options:
        return None
    heat = Counter(target for seat, target, day in s.ev.accusations
                   if day == s.obs.day and seat not in s.team)
    ranked = sorted(s.obs.alive, key=lambda o: (-heat[o], -s.public.p(o), o))
    leader = ranked[0]
    good = [o for o in ranked if o not in s.team and o in options]
    if s.role == WHITE_EYED:
        wolves = [o for o in ranked if o in s.team and o in options and _wolf_card(s, o)]
        if wolves and (leader in wolves or not good):
            return wolves[0]
    if not good:  # only packmates left to vote for: a wolf tied to a good lover turns on them
        mixed = any(o != s.me and o not in s.team for o in s.obs.lovers)
        return next((o for o in options if o in s.team), None) if mixed else None
    pack = [w for w in s.team if w in s.obs.alive]
    index = pack.index(s.me) if s.me in pack else 0
    if leader not in s.team:
        clear = len(good) < 2 or (heat[good[0]] >= heat[good[1]] + 2
                                   and good[0] == s.suspect(good, s.public))
        return good[0] if clear else good[index % 2]
    plenty = len(s.obs.alive) - len(pack) >= 2 * len(pack)
    if s.public.p(leader) >= DOOMED and plenty and leader != s.me and leader in options:
        return leader
    return good[index % min(2, len(good))]


def explode(s: Situation, request: Request) -> Decision:
    """Self-destruct only when exposed, with a teammate left and the end in sight (never
    a wolf who plays for himself)."""
    exposers = [c for c in s.ev.claimants(SEER) if c not in s.team
                and s.ev.checks.get((c, s.me)) and s.public.p(c) < CREDIBLE]
    mates = [w for w in s.team if w != s.me and w in s.obs.alive]
    good = len(s.obs.alive) - len(mates) - 1
    yes = bool(exposers and mates and s.public.p(s.me) > 0.7 and good <= len(mates) + 3
               and ROLES[s.role].faction == "wolves")
    return Decision(kind="explode", yes=yes)


def _wolf_card(s: Situation, seat: int) -> bool:
    role = s.ev.known.get(seat)
    return role is not None and ROLES[role].wolf_card
