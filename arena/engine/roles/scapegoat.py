"""Scapegoat 替罪羊: a tied vote exiles him instead; dying, he names who may vote
the next day (R13, A9). Silenced by the elder / chief penalty, he does neither (C25).
The Harvest Festival's two readings (C33a): he dies in place of an exiled neighbour
(001), or a tie exiles the neighbour the village votes for (000)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.engine.events import Vote
from arena.engine.roles.base import RoleSpec
from arena.engine.shared_rules import VariantRules

if TYPE_CHECKING:
    from arena.engine.judge import Judge


@dataclass(slots=True)
class ScapegoatState:
    voters: frozenset[int] | None = None  # his choice of voters for the next day


async def dies_for_tie(judge: Judge, goat: int) -> None:
    """R13, A9: dying for the tie, he names who may vote tomorrow (possibly nobody)."""
    st = judge.state
    options = [s for s in st.alive() if s != goat]
    choice = await judge.ask(judge.request(goat, "designate", options))
    judge.emit(Vote, "public", seat=goat, target=None, round=0, weight=0.0,
               ballot="designate", targets=tuple(sorted(choice.targets)))
    st.role_state["scapegoat"].voters = frozenset(choice.targets)


def voters(judge: Judge, seats: list[int]) -> list[int]:
    """A9: the day after, only the seats he chose vote (once)."""
    mine: ScapegoatState | None = judge.state.role_state.get("scapegoat")
    if mine is None or mine.voters is None:
        return seats
    chosen, mine.voters = mine.voters, None
    return [s for s in seats if s in chosen]


def neighbours_instead(judge: Judge, goat: int) -> list[int]:
    """C33a, 000 (End of the Harvest): a tie does not kill him; the village votes out one
    of his two neighbours, who names no voters."""
    if judge.rules[VariantRules].harvest__scapegoat != "neighbour_by_vote":
        return []
    return list(judge.state.neighbours(goat))


def stands_in(judge: Judge, seat: int, cause: str) -> tuple[int, str]:
    """C33a, 001 V4: he dies in the place of an exiled neighbour."""
    if cause != "vote" or judge.rules[VariantRules].harvest__scapegoat != "replaces_neighbour":
        return seat, cause
    st = judge.state
    goats = [g for g in st.powered("scapegoat") if seat in st.neighbours(g)]
    return (goats[0], "scapegoat") if goats else (seat, cause)


SPEC = RoleSpec(
    kinds={"designate": "subset"},
    name="scapegoat", zh="替罪羊", faction="village", special=True, state=ScapegoatState,
    tie_rule="scapegoat", on_tie=dies_for_tie, tie_instead=neighbours_instead, voters=voters,
    stand_in=stands_in,
    summary="A tied vote exiles him instead; he then chooses who may vote the next day.",
)
