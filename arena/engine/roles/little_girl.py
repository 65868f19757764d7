"""Little Girl 小女孩: may peek while the wolves are awake, at the risk of being
caught (R7, C16, A1). The guard cannot protect her."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.events import NightAction, Reveal
from arena.engine.roles.base import RoleSpec
from arena.engine.rule_types import RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class LittleGirlRules(RuleGroup):
    """The little girl's rule keys (C16, A1)."""

    little_girl__info: Literal["all_wolves", "one_wolf", "wolf_chat"] = Field(
        "all_wolves", description="A1: what a peeking little girl learns."
    )
    little_girl__detect_p: float = Field(
        0.25, ge=0, le=1, description="A1: chance the wolves catch her peeking, learning her seat."
    )
    little_girl__window: Literal["whole_step", "after_kill_call"] = Field(
        "whole_step", description="C16: she peeks during the whole wolf step or only at the kill."
    )
    little_girl__capture: Literal["seat_revealed", "dies_instead"] = Field(
        "seat_revealed", description="C16: caught, she is only shown to the pack (who may kill "
        "her), or she is the pack's kill that night and its chosen victim is spared."
    )


async def peek(judge: Judge, pack: tuple[int, ...]) -> tuple[tuple[int, ...], int | None]:
    """Ask each little girl whether she peeks; returns the seats that read the wolf chat
    and the girl the pack must kill tonight (C16 little_girl.capture = dies_instead)."""
    st, rules = judge.state, judge.rules
    readers: list[int] = []
    captured: int | None = None
    for girl in st.actors("little_girl"):
        choice = await judge.ask(judge.request(girl, "peek"))
        judge.emit(NightAction, (girl,), seat=girl, action="peek",
                   target=girl if choice.yes else None)
        if not choice.yes:
            continue
        info = rules.little_girl__info
        seen = pack if info == "all_wolves" else (judge.rng.choice(pack),) if pack else ()
        if info == "wolf_chat":
            readers.append(girl)
        else:
            for wolf in seen:
                judge.emit(Reveal, (girl,), seat=wolf, role=st.role_of(wolf),
                           reason="little_girl")
        if judge.rng.random() < rules.little_girl__detect_p:
            judge.emit(Reveal, pack, seat=girl, role="little_girl", reason="caught_peeking")
            if rules.little_girl__capture == "dies_instead" and captured is None:
                captured = girl
    return tuple(readers), captured


SPEC = RoleSpec(
    kinds={"peek": "yes_no"},
    name="little_girl", zh="小女孩", faction="village", special=True, guardable=False,
    summary="May peek at the wolves each night; if caught, the wolves learn her seat. "
    "The guard cannot protect her.",
    rules=LittleGirlRules,
)
