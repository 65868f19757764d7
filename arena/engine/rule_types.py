"""What rule keys are made of: the base of every group of keys, the value types that
several groups share (death causes, tie rules), and the error a bad key raises.

A role, an expansion or a step of the game declares its keys as a ``RuleGroup`` in its
own module; ``config.RuleSet`` inherits every group. A module below the config reads the
keys of a group through it, typed: ``judge.rules[WitchRules].witch__total_uses``.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict


class RuleError(ValueError):
    """A rule key or value that does not exist, or a deal that does not add up."""


def dotted(name: str) -> str:
    """A field's rule key: ``witch__self_save`` is ``witch.self_save``."""
    return name.replace("__", ".")


Group = TypeVar("Group", bound="RuleGroup")


class RuleGroup(BaseModel):
    """Some rule keys, each a field whose alias is its dotted key."""

    model_config = ConfigDict(
        alias_generator=dotted, populate_by_name=True, extra="forbid", frozen=True
    )

    def __getitem__(self, group: type[Group]) -> Group:
        """The keys of ``group`` in these rules (a game's rules inherit every group)."""
        if isinstance(self, group):
            return self
        raise RuleError(f"these rules have no {group.__name__} keys")

    def key_values(self) -> dict[str, Any]:
        """The keys as a plain dict keyed by dotted names (a fresh copy each call)."""
        return dict(self._key_values)

    @cached_property
    def _key_values(self) -> dict[str, Any]:
        # rules are frozen, and every game's setup event lists them: dump them once
        return self.model_dump(by_alias=True, mode="json")


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
