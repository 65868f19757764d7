"""The seer: checks the most informative seat and shows his card when it pays."""

from __future__ import annotations

from agents.belief import PIPER, SEER, is_pack
from agents.tactics.registry import CARD_VALUE, plays, speaks
from agents.tactics.situation import Situation, Words, answer
from arena.engine.events import Claim
from arena.engine.requests import Decision, Request

CARD_VALUE[SEER] = 10.0


@plays("check")
def check(s: Situation, request: Request) -> Decision:
    """The unchecked seat whose P(wolf) is nearest 1/2 (the most informative)."""
    pool = [o for o in request.options if o not in s.ev.my_checks] or list(request.options)
    if not pool:
        return request.default()
    best = min(abs(s.p(o) - 0.5) for o in pool)
    return answer(request, s.rng.choice([o for o in pool if abs(s.p(o) - 0.5) <= best + 0.02]))


@speaks(SEER)
def day_speech(s: Situation, request: Request, words: Words) -> bool:
    """His card and checks, when showing them pays."""
    if not claims(s, request):
        return False
    speech(s, words)
    return True


def claims(s: Situation, request: Request) -> bool:
    """The seer shows his card when it pays: an enemy found, a rival, danger, the end in
    sight, or day 2 on."""
    tied = request.context.get("tied", ())
    return bool(
        s.claimed(s.me, SEER) or _found(s) or s.seer_claimants() or s.obs.day >= 2
        or request.kind == "last_words" or s.me in tied or s.pressure()[s.me] >= 2
        or endgame(s))


def endgame(s: Situation) -> bool:
    """Today's exile and tonight's kill may leave the wolves as many as the rest."""
    wolves = sum(s.p(o) for o in s.living())
    return len(s.obs.alive) - 2 <= 2 * round(wolves)


def speech(s: Situation, words: Words) -> None:
    """His card, every check, and whom to exile: the piper he found (who would win
    alone within a few nights), else a wolf he found, else his top suspect."""
    words.line("claim_seer", Claim(kind="role", role=SEER))
    for target, result in s.ev.my_checks.items():
        wolf = is_pack(result)
        if result == PIPER:
            words.line("check_piper", Claim(kind="check", target=target, result=PIPER),
                       target=target)
        else:
            words.check(target, wolf)
    found = _found(s)
    suspect = found[0] if found else s.suspect(s.living())
    if suspect is not None:
        words.line("vote_out", Claim(kind="accuse", target=suspect), target=suspect)


def _found(s: Situation) -> list[int]:
    """The living enemies his checks found: the piper first, then the wolves."""
    found = [o for o, r in s.ev.my_checks.items() if o in s.obs.alive
             and (r == PIPER or is_pack(r))]
    return sorted(found, key=lambda o: s.ev.my_checks[o] != PIPER)
