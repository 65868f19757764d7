"""Little Girl 小女孩: may peek while the wolves are awake, at the risk of being
caught (R7, C16, A1). The guard cannot protect her."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import NightAction, Reveal
from arena.engine.roles.base import RoleSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


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
)
