"""High Monk 高僧: a tied vote kills the monk instead, and he appoints a sheriff
(R20, A28); in the 屠城 edition that is the only way to have a sheriff. Silenced by
the chief / elder penalty, he does neither (R23, C25)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import Sheriff
from arena.engine.roles.base import RoleSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def dies_for_tie(judge: Judge, monk: int) -> None:
    """R20, A28: dying instead of the tied, the monk appoints a sheriff."""
    st = judge.state
    options = [s for s in st.alive() if s != monk]
    choice = await judge.ask(judge.request(monk, "appoint", options, allow_none=True))
    st.sheriff = choice.target
    judge.emit(Sheriff, "public", seat=choice.target, how="appointed", by=monk)


SPEC = RoleSpec(
    kinds={"appoint": "target"},
    name="high_monk", zh="高僧", faction="village", special=True, tie_rule="monk",
    on_tie=dies_for_tie,
    summary="When a vote ties, the monk dies instead and appoints a sheriff.",
)
