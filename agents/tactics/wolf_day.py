"""The pack by day: one wolf poses as the seer (from the first day, never calling a rival
a wolf on the day he claims, which would give the lie away), the others vote with the
village's leading good candidate rather than as a bloc, back the village's favourite for
sheriff unless their seer is believed, and give up (bus) a packmate the village has
caught; exposed wolves may self-destruct. The
white-eyed wolf, who wins only once every wolf is dead, never shields a packmate."""

from __future__ import annotations

from collections import Counter
from itertools import takewhile

from agents.belief import SEER, WHITE_EYED
from agents.tactics.registry import plays
from agents.tactics.situation import CREDIBLE, Situation, Words, shared_hash
from arena.engine.events import Claim
from arena.engine.requests import Decision, Request
from arena.engine.roles import ROLES

JUMP_PERCENT = 100  # share of games in which a pack's wolf poses as the seer from day 1
LONE_JUMP_PERCENT = 50  # share of games in which a lone wolf does
CLEAR_PERCENT = 35  # share of games a large pack (over a quarter) clears a packmate first
DOOMED = 0.7  # public P(wolf) at which the pack stops defending a teammate


def jumper(s: Situation) -> int | None:
    """The wolf who poses as the seer when the pack needs one (the same for every wolf)."""
    team = s.team
    return team[shared_hash("jumper", team) % len(team)] if team and s.obs.deal.get(SEER) else None


def posing(s: Situation) -> bool:
    """This wolf poses as the seer: once started, to the end; from the first day in the
    games the pack jumps (a lone wolf: from the start in half of them), or when a rival
    names a packmate, unless the seer's card is already shown."""
    if jumper(s) != s.me:
        return False
    if s.claimed(s.me, SEER):
        return True
    shown = SEER in s.ev.known.values()
    pack = len(s.team) >= 2  # a lone wolf jumps in only some games, from the start
    jumps = shared_hash("jump", s.team) % 100 < (JUMP_PERCENT if pack else LONE_JUMP_PERCENT)
    return not shown and (s.obs.day >= 1 or not pack) and (jumps or seer_under_fire(s))


def seer_under_fire(s: Situation) -> bool:
    """A rival seer claimant has named one of the pack as a wolf."""
    return any(wolf and c not in s.team and target in s.team
               for (c, target), wolf in s.ev.checks.items())


def clears_mate(s: Situation) -> bool:
    """The posing wolf's first check clears a packmate: always when the pack is a quarter
    of the table or less (each wolf counts), else in some games (else it names a good
    seat, which the village may take for a wolf)."""
    return (s.ev.players >= 4 * len(s.team)
            or shared_hash("clear", s.team) % 100 < CLEAR_PERCENT)


def fake_seer_speech(s: Situation, words: Words) -> None:
    """Claim seer with one fake check a night: rivals and good seats are 'wolves',
    a teammate now and then 'good'."""
    mine = {target: wolf for (c, target), wolf in s.ev.checks.items() if c == s.me}
    fresh = [o for o in s.living() if o not in mine]
    if len(mine) < s.obs.day and fresh:
        rivals = [o for o in s.seer_claimants() if o not in s.team and o in fresh
                  and s.ev.claim_day.get((o, SEER)) != s.obs.day]
        mates = [o for o in fresh if o in s.team]
        good = [o for o in fresh if o not in s.team]
        if rivals:
            mine[rivals[0]] = True
        elif mates and clears_mate(s):  # a wolf check risks a power's counter-claim
            mine[mates[0]] = False
        elif good:  # the seat the village already doubts, which makes the check ring true
            mine[s.suspect(good, s.public) or good[0]] = True
    words.line("claim_seer", Claim(kind="role", role=SEER))
    for target, wolf in mine.items():
        words.check(target, wolf)
    accused = [o for o, wolf in mine.items() if wolf and o in s.obs.alive]
    if accused:
        words.line("vote_out", Claim(kind="accuse", target=accused[-1]), target=accused[-1])


def vote(s: Situation, options: list[int]) -> int | None:
    """Vote with the village's leading candidate (from today's accusations) when he is
    good, splitting the pack over the top two unless the lead is clear; when he is a
    teammate, drop him once doomed (unless the pack's votes still matter), else spread.
    The white-eyed wolf joins any vote on a packmate."""
    if not options:
        return None
    day = s.obs.day
    today = takewhile(lambda accusation: accusation[2] == day,
                      reversed(s.ev.accusations))  # days only grow
    heat = Counter(target for seat, target, _ in today if seat not in s.team)
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


def doomed_mate(s: Situation) -> int | None:
    """A living packmate the village has all but caught, whom this wolf gives up (bussing)
    to look good, while the pack can spare him."""
    pack = [w for w in s.team if w in s.obs.alive]
    if len(s.obs.alive) - len(pack) < 2 * len(pack):
        return None
    doomed = [w for w in pack if w != s.me and s.public.p(w) >= DOOMED]
    return doomed[0] if doomed else None


@plays("explode", public=True)
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


def elect(s: Situation, options: list[int]) -> int | None:
    """The badge to the posing packmate while the village believes him; else the seat the
    village trusts most (a bloc vote for a packmate would mark the whole pack)."""
    poser = jumper(s)
    if poser in options and (s.claimed(poser, SEER) or (poser == s.me and posing(s))) and (
            s.public.p(poser) < CREDIBLE):
        return poser
    good = [o for o in options if o not in s.team]
    return s.trusted(good, s.public) if good else (options[0] if options else None)
