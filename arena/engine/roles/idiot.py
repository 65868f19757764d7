"""Village Idiot 白痴: exiled, he shows his card and lives on without a vote (R11, C20)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.events import Reveal, Spared
from arena.engine.roles.base import RoleSpec
from arena.engine.rule_types import RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class IdiotRules(RuleGroup):
    """The idiot's rule key (C20)."""

    idiot__on_vote: Literal["survive_no_vote", "die_can_interject"] = Field(
        "survive_no_vote",
        description="C20: the exiled idiot shows his card and lives without a vote, or dies "
        "with last words.",
    )


def spared_on_exile(judge: Judge, seat: int) -> bool:
    """Apply the idiot's exile rule; True when the seat survives its exile."""
    st = judge.state
    info = st.seats[seat]
    if judge.rules[IdiotRules].idiot__on_vote != "survive_no_vote" or st.silent(seat):
        return False
    if not info.can_vote:  # already shown his card once
        return False
    info.can_vote = False
    judge.emit(Reveal, "public", seat=seat, role="idiot", reason="idiot")
    judge.emit(Spared, "public", seat=seat, reason="idiot")
    return True


def speaks_after_exile(judge: Judge, _seat: int) -> bool:
    """C20 die_can_interject: the exiled idiot dies but still has his say."""
    return judge.rules[IdiotRules].idiot__on_vote == "die_can_interject"


SPEC = RoleSpec(
    name="idiot", zh="白痴", faction="village", special=True, on_exile=spared_on_exile,
    exile_words=speaks_after_exile,
    summary="If exiled, shows his card and stays alive, but can no longer vote.",
    rules=IdiotRules,
)
