"""Day play: the speech, the exile vote and the belief report; a role's own speech or
vote (registry.SPEECHES, VOTES) comes before the plain one."""

from __future__ import annotations

from itertools import takewhile

from agents.belief import SEER, is_pack, role_table
from agents.tactics import pack_kill, wolf_day
from agents.tactics.registry import SPEECHES, VOTES, plays
from agents.tactics.situation import POWER_CLAIMS, Situation, Words, answer
from agents.tactics.talk import role_name
from arena.engine.events import Claim, Death, Speech
from arena.engine.requests import Decision, Request

SHOWN_UNDER_THREAT = (*POWER_CLAIMS, "elder", "chief")
"""Cards a good player shows when the vote turns on him (the elder's and the chief's
exile would cost the village its powers)."""


@plays("vote", "probe", public=True)
def vote(s: Situation, request: Request) -> Decision:
    options = [o for o in request.options if o != s.me]
    if s.obs.rules.get("lovers.vote_restriction") == "must_vote_each_other" and (
            options and set(options) < set(s.obs.lovers)):  # C19: bound to the lover
        return answer(request, options[0])
    if s.is_wolf:
        return answer(request, wolf_day.vote(s, options))
    own = VOTES.get(s.role)
    return answer(request, own(s, options) if own else s.suspect(options))


@plays("speak", "last_words", public=True)
def speak(s: Situation, request: Request) -> Decision:
    words = s.words()
    if request.context.get("channel") == "wolves":
        pack_kill.chat(s, words)
        return words.decision(request.kind)
    if request.kind == "speak":
        night_news(s, words)
    if s.is_wolf and wolf_day.posing(s):
        wolf_day.fake_seer_speech(s, words)
    elif not ((own := SPEECHES.get(s.role)) and own(s, request, words)):
        plain_speech(s, request, words)
    return words.decision(request.kind)


def night_news(s: Situation, words: Words) -> None:
    """Now and then, the first speech of a day opens on last night's deaths."""
    day = s.obs.day
    if day < 1 or words.salt % 3:
        return
    today = list(takewhile(lambda e: e.day == day, reversed(s.obs.events)))  # days only grow
    died = next((e for e in today if isinstance(e, Death) and e.cause != "vote"), None)
    if died is not None:
        words.line("night_death", seat=died.seat)
    elif not any(isinstance(e, Speech) for e in today):
        words.line("peaceful")


def plain_speech(s: Situation, request: Request, words: Words) -> None:
    """A good player's speech (or a wolf's cover): claims under threat, a read, a vouch;
    a wolf gives up a packmate the village has caught."""
    if s.is_wolf and (mate := wolf_day.doomed_mate(s)) is not None:
        words.line("bus", Claim(kind="accuse", target=mate), seat=mate)
        return
    threatened = (not s.is_wolf and s.role in SHOWN_UNDER_THREAT and s.pressure()[s.me] >= 2)
    if threatened or s.me in request.context.get("tied", ()):
        shown = s.role if not s.is_wolf and s.role in SHOWN_UNDER_THREAT else "villager"
        words.line("shown", Claim(kind="role", role=shown), role=role_name(s.lang, shown))
    reads(s, words)


def reads(s: Situation, words: Words) -> None:
    """The seer he believes (a good player's), and the seat he suspects, with reasons."""
    view = s.public if s.is_wolf else s.belief
    pool = [o for o in s.living() if o not in s.team]
    credible = None if s.is_wolf else s.credible_seer()
    if credible is not None:
        words.line("believe", Claim(kind="vouch", target=credible), seat=credible,
                   why=trust_reason(s, credible, words))
    suspect = s.suspect(pool, view)
    if suspect is None:
        words.line("nothing")
        return
    key = "sharp" if s.sharp(suspect, view) else "soft"
    words.line(key, Claim(kind="accuse", target=suspect), seat=suspect,
               why=suspicion_reason(s, suspect, words))


def revealed_wolves(s: Situation) -> set[int]:
    """The seats everyone knows were wolves: dead, with a pack card shown."""
    return {o for o, r in s.ev.known.items() if is_pack(r) and o not in s.obs.alive
            and o not in s.team}


def suspicion_reason(s: Situation, seat: int, words: Words) -> str:
    """Why ``seat`` is suspect, from public facts: a credible seer's wolf check, a
    counter-claim, a vote on a good seat, a vote or vouch with a wolf, an attack on the
    trusted seer; else the votes in general."""
    credible = None if s.is_wolf else s.credible_seer()
    named = [c for (c, t), wolf in s.ev.checks.items() if t == seat and wolf and c != seat
             and c not in s.team and (c == credible or s.is_wolf)]
    if named:
        return words.text("why.named", seer=named[0])
    if credible is not None and s.claimed(seat, SEER):
        return words.text("why.counter", seer=credible)
    wolves = revealed_wolves(s)
    goods = {o for o in s.ev.exiled if o in s.ev.known and not is_pack(s.ev.known[o])}
    mine = s.ev.ballots.get(seat, [])
    if voted := next((t for t, _ in mine if t in goods), None):
        return words.text("why.voted_good", target=voted)
    ballots = set(mine)
    if wolves and (mate := next((w for w, t, d in s.ev.votes if w in wolves and w != seat
                                 and (t, d) in ballots), None)):
        return words.text("why.voted_with", wolf=mate)
    if wolves and (vouched := next((w for v, w in sorted(s.ev.vouches)
                                    if v == seat and w in wolves), None)):
        return words.text("why.vouched_wolf", wolf=vouched)
    if credible is not None and any(a == seat and t == credible
                                    for a, t, _ in s.ev.accusations):
        return words.text("why.accused_seer", seer=credible)
    return words.text("why.votes") if mine else ""


def trust_reason(s: Situation, seer_seat: int, words: Words) -> str:
    """Why the seer claimant ``seer_seat`` is believed: a wolf check that came true, a
    rival caught lying, or no rival at all."""
    wolves = revealed_wolves(s)
    found = [t for (c, t), wolf in s.ev.checks.items() if c == seer_seat and wolf and t in wolves]
    if found:
        return words.text("why.found", target=found[0])
    rivals = [c for c in s.ev.claimants(SEER) if c != seer_seat]
    if not rivals:
        return words.text("why.only")
    return words.text("why.rival_lied", rival=rivals[0]) if rivals[0] in s.ev.liars else ""


@plays("belief")
def beliefs(s: Situation, request: Request) -> Decision:
    table = role_table(s.ev, s.belief)
    return Decision(kind="belief", beliefs={str(o): d for o, d in table.items() if o != s.me})
