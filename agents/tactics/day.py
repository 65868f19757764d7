"""Day play: the speech, the exile vote and the belief report."""

from __future__ import annotations

from agents.belief import LITTLE_GIRL, MEDIUM, POSSESSED, SEER, role_table
from agents.tactics import hybrid, little_girl, medium, pack_kill, piper, possessed, seer, wolf_day
from agents.tactics.situation import POWER_CLAIMS, Situation, Words, answer
from arena.engine.events import Claim
from arena.engine.requests import Decision, Request

SHOWN_UNDER_THREAT = (*POWER_CLAIMS, "elder", "chief")
"""Cards a good player shows when the vote turns on him (the elder's and the chief's
exile would cost the village its powers)."""


def vote(s: Situation, request: Request) -> Decision:
    options = [o for o in request.options if o != s.me]
    if s.obs.rules.get("lovers.vote_restriction") == "must_vote_each_other" and (
            options and set(options) < set(s.obs.lovers)):  # C19: bound to the lover
        return answer(request, options[0])
    if s.is_wolf:
        return answer(request, wolf_day.vote(s, options))
    if s.role == "piper":
        return answer(request, piper.vote(s, options))
    if s.role == "hybrid":
        return answer(request, hybrid.vote(s, options))
    if s.role == POSSESSED:
        return answer(request, possessed.vote(s, options))
    return answer(request, s.suspect(options))


def speak(s: Situation, request: Request) -> Decision:
    words = Words()
    if request.context.get("channel") == "wolves":
        pack_kill.chat(s, words)
    elif s.is_wolf and wolf_day.posing(s):
        wolf_day.fake_seer_speech(s, words)
    elif s.role == SEER and seer.claims(s, request):
        seer.speech(s, words)
    elif s.role == POSSESSED and possessed.posing(s):
        possessed.speech(s, words)
    elif s.role == POSSESSED:
        possessed.accuse(s, words)
    elif s.role == MEDIUM and medium.claims(s, request):
        medium.speech(s, words)
        reads(s, words)
    elif not (s.role == LITTLE_GIRL and little_girl.speech(s, request, words)):
        plain_speech(s, request, words)
    return words.decision(request.kind)


def plain_speech(s: Situation, request: Request, words: Words) -> None:
    """A good player's speech (or a wolf's cover): claims under threat, a read, a vouch."""
    threatened = (not s.is_wolf and s.role in SHOWN_UNDER_THREAT and s.pressure()[s.me] >= 2)
    if threatened or s.me in request.context.get("tied", ()):
        shown = s.role if not s.is_wolf and s.role in SHOWN_UNDER_THREAT else "villager"
        words.say(f"I am the {shown}; do not exile me.", Claim(kind="role", role=shown))
    reads(s, words)


def reads(s: Situation, words: Words) -> None:
    """The seer he believes (a good player's), and the seat he suspects."""
    view = s.public if s.is_wolf else s.belief
    pool = [o for o in s.living() if o not in s.team]
    credible = None if s.is_wolf else s.credible_seer()
    if credible is not None:
        words.say(f"I believe seat {credible} is the real seer.",
                  Claim(kind="vouch", target=credible))
    suspect = s.suspect(pool, view)
    if suspect is None:
        words.say("I have nothing to add.")
    elif s.sharp(suspect, view):
        words.say(f"Seat {suspect} looks like a wolf to me.",
                  Claim(kind="accuse", target=suspect))
    else:
        words.say(f"No strong read yet; seat {suspect} seems a little off.",
                  Claim(kind="accuse", target=suspect))


def beliefs(s: Situation, request: Request) -> Decision:
    table = role_table(s.ev, s.belief)
    return Decision(kind="belief", beliefs={str(o): d for o, d in table.items() if o != s.me})
