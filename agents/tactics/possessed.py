"""The possessed: a human on the wolves' side who knows neither them nor they him. He
poses as the seer with fake checks (the rival claimant, likely the real seer, and the
seats the village trusts are "wolves"; the likeliest wolf is "good") and votes against
the village's trusted seats, never for the seat his belief deems the likeliest wolf
while another is open. His own words and votes are lies his belief leaves out."""

from __future__ import annotations

from agents.belief import POSSESSED, SEER, WOLF
from agents.tactics.registry import speaks, votes
from agents.tactics.situation import CREDIBLE, Situation, Words
from arena.engine.events import Claim, Speech
from arena.engine.requests import Request

CROWDED = 2  # rival seer claimants at which a late counter-claim no longer convinces


def told(s: Situation) -> dict[int, bool]:
    """His fake checks so far (target: called a wolf), in the order he told them."""
    return {c.target: c.result == WOLF for e in s.obs.events
            if isinstance(e, Speech) and e.seat == s.me
            for c in e.claims if c.kind == "check" and c.target is not None}


def posing(s: Situation) -> bool:
    """He poses as the seer: once started, to the end; he starts while the deal has a
    seer whose card is not shown and the claim is not already crowded."""
    if told(s):
        return True
    shown = SEER in s.ev.known.values()
    return bool(s.obs.deal.get(SEER)) and not shown and len(s.seer_claimants()) < CROWDED


@speaks(POSSESSED)
def day_speech(s: Situation, request: Request, words: Words) -> bool:
    """A fake seer's speech while he poses, else a call for the exile of his vote."""
    if posing(s):
        speech(s, words)
    else:
        accuse(s, words)
    return True


def speech(s: Situation, words: Words) -> None:
    """Claim seer with one fake check a day, and ask for the exile of his vote."""
    mine = told(s)
    fresh = [o for o in s.living() if o not in mine]
    if len(mine) < s.obs.day and fresh:
        rivals = [o for o in _rivals(s) if o in fresh]
        wolf = bool(rivals) or not any(mine.values())
        target = rivals[0] if rivals else s.trusted(fresh) if wolf else s.suspect(fresh)
        if target is not None:
            mine[target] = wolf
    words.line("claim_seer", Claim(kind="role", role=SEER))
    for target, wolf in mine.items():
        words.check(target, wolf)
    accuse(s, words, mine)


def accuse(s: Situation, words: Words, mine: dict[int, bool] | None = None) -> None:
    """Ask for the exile of the seat he votes for (``mine``: his checks, today's too)."""
    target = vote(s, s.living(), mine)
    if target is not None:
        words.line("vote_out", Claim(kind="accuse", target=target), target=target)


@votes(POSSESSED)
def vote(s: Situation, options: list[int], mine: dict[int, bool] | None = None) -> int | None:
    """The likeliest real seer among the rival claimants, else the last seat he called a
    wolf, else the seat the village trusts most; never a seat more suspect than all the
    others while another is left."""
    options = [o for o in options if o != s.me]
    low = min((s.p(o) for o in options), default=0.0)
    top = s.suspect(options)
    pool = [o for o in options if o != top or s.p(o) <= low + 1e-9] or options
    rivals = [o for o in _rivals(s) if o in pool]
    if rivals:
        return rivals[0]
    called = [o for o, wolf in (told(s) if mine is None else mine).items() if wolf and o in pool]
    return called[-1] if called else s.trusted(pool)


def _rivals(s: Situation) -> list[int]:
    """The other living seer claimants he finds credible (not the wolf who called him
    one), likeliest real seer first."""
    credible = [o for o in s.seer_claimants() if s.p(o) < CREDIBLE]
    return sorted(credible, key=lambda o: (s.p(o), o))

