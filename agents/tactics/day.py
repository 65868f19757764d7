"""Day play: the speech, the exile vote and the belief report; a role's own speech or
vote (registry.SPEECHES, VOTES) comes before the plain one."""

from __future__ import annotations

from itertools import chain

from agents.belief import SEER, is_pack, role_table
from agents.tactics import pack_kill, talk, wolf_day
from agents.tactics.registry import SPEECHES, VOTES, plays
from agents.tactics.situation import POWER_CLAIMS, Reason, Situation, Words, answer
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
    """Now and then, a speech opens on last night's death nobody has told yet, or the
    day's first speech on a peaceful night."""
    if s.obs.day < 1 or words.salt % 3:
        return
    today = s.today()
    deaths = [e.seat for e in today if isinstance(e, Death) and e.cause != "vote"
              and not is_pack(e.revealed_role or "")]
    untold = (d for d in deaths if not words.mentioned(words.phrasings("night_death", seat=d)))
    if (died := next(untold, None)) is not None:
        words.line("night_death", seat=died)
    elif not deaths and not any(isinstance(e, Speech) for e in today):
        words.line("peaceful")


def plain_speech(s: Situation, request: Request, words: Words) -> None:
    """A good player's speech (or a wolf's cover): claims under threat, a read, a vouch;
    a wolf gives up a packmate the village has caught."""
    if s.is_wolf and (mate := wolf_day.doomed_mate(s)) is not None:
        told = chain(words.phrasings("bus", seat=mate), words.sided("agree", mate,
                                                                   s.echoes("accuse", mate)))
        words.say(words.fresh(told), Claim(kind="accuse", target=mate))
        return
    threatened = (not s.is_wolf and s.role in SHOWN_UNDER_THREAT and s.pressure()[s.me] >= 2)
    if threatened or s.me in request.context.get("tied", ()):
        shown = s.role if not s.is_wolf and s.role in SHOWN_UNDER_THREAT else "villager"
        words.line("shown", Claim(kind="role", role=shown), role=talk.role_name(s.lang, shown))
    reads(s, words)


def reads(s: Situation, words: Words) -> None:
    """The seer he believes (a good player's), and the seat he suspects, with reasons."""
    view = s.public if s.is_wolf else s.belief
    pool = [o for o in s.living() if o not in s.team]
    credible = None if s.is_wolf else s.credible_seer()
    if credible is not None:
        words.argue("believe", Claim(kind="vouch", target=credible), trust_reasons(s, credible),
                    s.echoes("vouch", credible), "agree_seer")
    suspect = s.suspect(pool, view)
    if suspect is None:
        words.line("nothing")
        return
    key = "sharp" if s.sharp(suspect, view) else "soft"
    words.argue(key, Claim(kind="accuse", target=suspect), suspicion_reasons(s, suspect),
                s.echoes("accuse", suspect), "agree")


def revealed_wolves(s: Situation) -> set[int]:
    """The seats everyone knows were wolves: dead, with a pack card shown."""
    return {o for o, r in s.ev.known.items() if is_pack(r) and o not in s.obs.alive
            and o not in s.team}


def suspicion_reasons(s: Situation, seat: int) -> list[Reason]:
    """Why ``seat`` is suspect, strongest first, from public facts as this seat saw them:
    a credible seer's wolf check, a counter-claim, a vote or an accusation against this
    seat, a vote on a good seat, a vote or vouch with a wolf, an attack on the trusted
    seer or on a seat shown good, the night's victim who suspected them, a role claim
    doubted, a vote on a seat this one trusts, the votes in general."""
    ev, me = s.ev, s.me
    credible = None if s.is_wolf else s.credible_seer()
    out: list[Reason] = []
    out += [("why.named", {"seer": c}) for (c, t), wolf in ev.checks.items()
            if t == seat and wolf and c != seat and c not in s.team
            and (c == credible or s.is_wolf)][:1]
    if credible is not None and s.claimed(seat, SEER):
        out.append(("why.counter", {"seer": credible}))
    mine = ev.ballots.get(seat, [])
    out += [("why.voted_me", {"when": when(s, d)}) for t, d in mine if t == me][-1:]
    out += [("why.accused_me", {"when": when(s, d)}) for a, t, d in ev.accusations
            if a == seat and t == me][-1:]
    wolves = revealed_wolves(s)
    goods = {o for o, r in ev.known.items() if not is_pack(r) and o not in s.obs.alive}
    out += [("why.voted_good", {"target": t}) for t, _ in mine if t in goods and t in ev.exiled
            ][:1]
    ballots = set(mine)
    out += [("why.voted_with", {"wolf": w}) for w, t, d in ev.votes
            if w in wolves and w != seat and (t, d) in ballots][:1]
    out += [("why.vouched_wolf", {"wolf": w}) for v, w in sorted(ev.vouches)
            if v == seat and w in wolves][:1]
    accused = [t for a, t, _ in ev.accusations if a == seat]
    if credible is not None and credible in accused:
        out.append(("why.accused_seer", {"seer": credible}))
    out += [("why.accused_good", {"target": t}) for t in accused if t in goods][:1]
    out += [("why.victim", {"dead": d}) for d in night_victims(s)
            if (d, seat) in {(a, t) for a, t, _ in ev.accusations}][:1]
    out += [("why.doubt_claim", {"role": talk.role_name(s.lang, r)})
            for r in ev.claims.get(seat, ()) if r != SEER][-1:]
    view = s.public if s.is_wolf else s.belief
    out += [("why.their_vote", {"when": when(s, d), "target": t}) for t, d in mine
            if t != me and t in s.obs.alive and view.p(t) < s.baseline(view) < view.p(seat)][-1:]
    return [*out, ("why.votes", {})] if mine else out


def when(s: Situation, day: int) -> str:
    """When ``day`` was, said from today: "today" or "on day N"."""
    return talk.phrasings(s.lang, "when.today", 0)[0] if day == s.obs.day else (
        talk.phrasings(s.lang, "when.day", 0, day=day)[0])


def night_victims(s: Situation) -> list[int]:
    """The seats found dead at dawn whose card, if shown, was not a wolf's."""
    known = s.ev.known
    return [e.seat for e in s.obs.events if isinstance(e, Death) and e.cause == "night"
            and not is_pack(known.get(e.seat, "villager"))]


def trust_reasons(s: Situation, seer_seat: int) -> list[Reason]:
    """Why the seer claimant ``seer_seat`` is believed, strongest first: a wolf check
    that came true, a good check on this seat, a good check on a seat since shown good,
    a rival caught lying, or no rival at all."""
    ev = s.ev
    wolves = revealed_wolves(s)
    mine = {t: wolf for (c, t), wolf in ev.checks.items() if c == seer_seat}
    out: list[Reason] = []
    out += [("why.found", {"target": t}) for t, wolf in mine.items() if wolf and t in wolves][:1]
    if mine.get(s.me) is False:
        out.append(("why.checked_me", {}))
    out += [("why.confirmed", {"target": t}) for t, wolf in mine.items() if not wolf
            and t != s.me and t in ev.known and not is_pack(ev.known[t])][:1]
    rivals = [c for c in ev.claimants(SEER) if c != seer_seat]
    if not rivals:
        out.append(("why.only", {}))
    elif rivals[0] in ev.liars:
        out.append(("why.rival_lied", {"rival": rivals[0]}))
    return out


@plays("belief")
def beliefs(s: Situation, request: Request) -> Decision:
    table = role_table(s.ev, s.belief)
    return Decision(kind="belief", beliefs={str(o): d for o, d in table.items() if o != s.me})
