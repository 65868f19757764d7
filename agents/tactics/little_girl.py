"""The little girl: peeks while the gain outweighs the risk of being caught (at the
witch, in the Harvest Festival, until she has seen her), and names the wolves she saw
(showing her card only when the table does not already see them)."""

from __future__ import annotations

from agents.belief import LITTLE_GIRL, is_pack
from agents.tactics.registry import CARD_VALUE, plays, speaks
from agents.tactics.situation import Situation, Words
from arena.engine.events import Claim
from arena.engine.requests import Decision, Request

CARD_VALUE[LITTLE_GIRL] = 4.0


@plays("peek")
def peek(s: Situation, request: Request) -> Decision:
    """Peek while part of the pack is hidden from her and what she may learn (and live to
    tell) outweighs what a catch would cost: the pack kills her that night, taking the
    wolves she saw but has not named yet. (A catch alone costs little: the pack kills
    someone every night anyway.)"""
    risk = float(s.obs.rules.get("little_girl.detect_p", 0.25))
    sizes = s.ev.pack_sizes()
    pack = sum(k * w for k, w in sizes) / (sum(w for _, w in sizes) or 1.0)
    seen = _seen(s, alive=False)
    told = {t for a, t, _ in s.ev.accusations if a == s.me}
    untold = [o for o in _seen(s, alive=True) if o not in told]
    hidden = max(pack - len(seen), 0.0)
    return Decision(kind="peek", yes=hidden * (1 - risk) > len(untold) * risk)


@plays("peek_witch")
def peek_witch(s: Situation, request: Request) -> Decision:
    """Harvest (C16): peek in the witch's step until she has seen who the witch is; a
    catch only shows her card to the witch, a player of her own side."""
    seen = any(role == "witch" for seat, role in s.ev.known.items() if seat != s.me)
    return Decision(kind="peek_witch", yes=not seen)


@speaks(LITTLE_GIRL)
def speech(s: Situation, request: Request, words: Words) -> bool:
    """Name the living wolves she saw; False when she saw none (she then talks like any
    villager). She shows her card unless every one of them is already under fire."""
    seen = _seen(s, alive=True)
    if not seen:
        return False
    heat = s.pressure()
    hidden = any(heat[o] < 2 for o in seen)
    if hidden or request.kind == "last_words" or s.me in request.context.get("tied", ()):
        words.line("claim_girl", Claim(kind="role", role=LITTLE_GIRL))
    for wolf in seen:
        words.line("girl_saw", Claim(kind="accuse", target=wolf), seat=wolf)
    return True


def _seen(s: Situation, *, alive: bool) -> list[int]:
    """The wolves she knows of (only the living ones if ``alive``)."""
    seats = s.living() if alive else range(1, s.obs.players + 1)
    return [o for o in seats if is_pack(s.ev.known.get(o)) or o in s.ev.wolves]
