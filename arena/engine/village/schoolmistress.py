"""Schoolmistress 女教师 (B6): once a day (catalog suggestion), before the vote, bars up to
two players from voting; they still speak. Vagrants cannot be barred (B10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.houses import housed, use
from arena.engine.village.base import BuildingSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge

BARS = 2


async def before_vote(judge: Judge, seat: int) -> None:
    st = judge.state
    barred: list[int] = []
    for _ in range(BARS):
        options = [s for s in housed(st, st.alive()) if s != seat and s not in barred]
        choice = await judge.ask(judge.request(seat, "bar", options, allow_none=True,
                                               barred=tuple(barred)))
        if choice.target is None:
            break
        barred.append(choice.target)
        use(judge, seat, "bar", target=choice.target, spend=False)  # each bar as it falls
    if barred and st.village is not None:
        st.village.barred = (st.day, frozenset(barred))


SPEC = BuildingSpec(
    name="schoolmistress", zh="女教师", kinds={"bar": "target"}, before_vote=before_vote,
    summary="Before each day's vote, bars up to two players (not vagrants) from voting.",
)
