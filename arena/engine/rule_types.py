"""What rule keys are made of: the base of every group of keys, the value types that
several groups share (death causes, tie rules), and the error a bad key raises.

A role, the Village or the New Moon declares its keys as a ``RuleGroup`` in its own
module; ``config.RuleSet`` inherits every group, so ``rules.<group>__<key>`` stays typed.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class RuleError(ValueError):
    """A rule key or value that does not exist, or a deal that does not add up."""


def dotted(name: str) -> str:
    """A field's rule key: ``witch__self_save`` is ``witch.self_save``."""
    return name.replace("__", ".")


class RuleGroup(BaseModel):
    """Some rule keys, each a field whose alias is its dotted key."""

    model_config = ConfigDict(
        alias_generator=dotted, populate_by_name=True, extra="forbid", frozen=True
    )


TieRule = Literal[
    "none", "revote_once", "revote_until", "sheriff_decides", "sheriff_side", "scapegoat", "monk",
    "random",
]
DeathCause = Literal[
    "wolves", "poison", "vote", "hunter", "lover", "explode", "hybrid", "infatuated",
    "scapegoat", "monk", "elder_penalty", "hypnosis", "barber", "fire", "other",
    "punishment", "specter", "backfire", "venom", "thunder", "ufo",  # New Moon (4.3, 4.4)
]
ALL_CAUSES: tuple[DeathCause, ...] = (
    "wolves", "poison", "vote", "hunter", "lover", "explode", "hybrid", "infatuated",
    "scapegoat", "monk", "elder_penalty", "hypnosis", "barber", "fire", "other")
