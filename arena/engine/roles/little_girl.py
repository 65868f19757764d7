"""Little Girl 小女孩: may peek while the wolves are awake, at the risk of being
caught (R7, C16, A1); in the Harvest Festival, while the witch is awake instead (4.2.4).
The guard cannot protect her."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.chance import chance
from arena.engine.events import NightAction, Reveal
from arena.engine.roles.base import RoleSpec
from arena.engine.rule_types import RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge

SEEN = chance("little_girl_sees", "A1, `little_girl.info = one_wolf`: a little girl peeks at "
              "the pack; the wolf she sees, among the pack.")
CAUGHT = ("caught", "unseen")
SEEN_PEEKING = chance("little_girl_caught", "A1: a little girl peeked (at the pack, or at the "
                      "witch with `little_girl.window = witch_step`); whether those she watched "
                      "catch her (chance `little_girl.detect_p`: an outcome of chance 0 cannot "
                      "be drawn).", CAUGHT)


class LittleGirlRules(RuleGroup):
    """The little girl's rule keys (C16, A1)."""

    little_girl__info: Literal["all_wolves", "one_wolf", "wolf_chat"] = Field(
        "all_wolves", description="A1: what a peeking little girl learns."
    )
    little_girl__detect_p: float = Field(
        0.25, ge=0, le=1, description="A1: chance the wolves catch her peeking, learning her seat."
    )
    little_girl__window: Literal["whole_step", "after_kill_call", "witch_step"] = Field(
        "whole_step", description="C16: she peeks during the whole wolf step, only at the kill, "
        "or (Harvest, 4.2.4, A1) during the witch's step instead: she learns who the witch is, "
        "and caught, she is shown to the witch (little_girl.info and .capture do not apply)."
    )
    little_girl__capture: Literal["seat_revealed", "dies_instead"] = Field(
        "seat_revealed", description="C16: caught, she is only shown to the pack (who may kill "
        "her), or she is the pack's kill that night and its chosen victim is spared."
    )


async def peek(judge: Judge, pack: tuple[int, ...]) -> tuple[tuple[int, ...], int | None]:
    """Ask each little girl whether she peeks; returns the seats that read the wolf chat
    and the girl the pack must kill tonight (C16 little_girl.capture = dies_instead)."""
    st, rules = judge.state, judge.rules[LittleGirlRules]
    readers: list[int] = []
    captured: int | None = None
    for girl in st.actors("little_girl"):
        if not await _peeks(judge, girl, "peek"):
            continue
        info = rules.little_girl__info
        seen = pack if info == "all_wolves" else (judge.draw(SEEN, pack),) if pack else ()
        if info == "wolf_chat":
            readers.append(girl)
        else:
            for wolf in seen:
                judge.emit(Reveal, (girl,), seat=wolf, role=st.role_of(wolf),
                           reason="little_girl")
        if (_caught(judge, girl, pack) and rules.little_girl__capture == "dies_instead"
                and captured is None):
            captured = girl
    return tuple(readers), captured


async def peek_at_witch(judge: Judge) -> None:
    """At the start of the witch's step, with little_girl.window = witch_step (Harvest,
    4.2.4, A1): each little girl may peek; she learns who holds the witch's card (nobody,
    when no witch is awake), and a witch who catches her learns her seat."""
    st = judge.state
    window = judge.rules[LittleGirlRules].little_girl__window
    if window != "witch_step" or not judge.config.roles.get("witch"):
        return
    for girl in st.actors("little_girl"):
        if not await _peeks(judge, girl, "peek_witch"):
            continue
        witches = tuple(w for w in st.actors("witch") if w != girl)
        for witch in witches:
            judge.emit(Reveal, (girl,), seat=witch, role="witch", reason="little_girl")
        if witches:
            _caught(judge, girl, witches)


async def _peeks(judge: Judge, girl: int, kind: str) -> bool:
    """Ask her whether she peeks (``kind``: at the wolves or at the witch)."""
    choice = await judge.ask(judge.request(girl, kind))
    judge.emit(NightAction, (girl,), seat=girl, action=kind, target=girl if choice.yes else None)
    return bool(choice.yes)


def _caught(judge: Judge, girl: int, watched: tuple[int, ...]) -> bool:
    """A1: with chance little_girl.detect_p those she watched see her peeking."""
    p = judge.rules[LittleGirlRules].little_girl__detect_p
    possible = [o for o, can in zip(CAUGHT, (p > 0, p < 1), strict=True) if can]
    if judge.draw(SEEN_PEEKING, possible,
                  lambda rng: CAUGHT[1] if rng.random() >= p else CAUGHT[0]) == CAUGHT[1]:
        return False
    judge.emit(Reveal, watched, seat=girl, role="little_girl", reason="caught_peeking")
    return True


SPEC = RoleSpec(
    kinds={"peek": "yes_no", "peek_witch": "yes_no"},
    name="little_girl", zh="小女孩", faction="village", special=True, guardable=False,
    summary="May peek at the wolves each night; if caught, the wolves learn her seat. "
    "The guard cannot protect her.",
    rules=LittleGirlRules,
)
