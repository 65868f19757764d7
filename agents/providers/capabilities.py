"""What a model takes in a request (capabilities.toml), by longest model-name prefix,
with a seat's own settings on top."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from agents.providers.bymodel import load_toml, longest_prefix

CAPABILITIES_FILE = Path(__file__).with_name("capabilities.toml")
Effort = Literal["none", "minimal", "low", "medium", "high", "xhigh"]
LimitParameter = Literal["max_completion_tokens", "max_tokens"]
KEYS = ("supports_temperature", "limit_parameter", "reasoning_effort", "thinking_budget",
        "context_window")


class Capabilities(BaseModel):
    """One model's request settings; an entry of the table sets only what differs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    supports_temperature: bool = True
    limit_parameter: LimitParameter | None = None
    max_tokens: int = Field(1024, gt=0)
    reasoning_effort: Effort | None = None
    thinking_budget: int | None = Field(None, ge=1024)
    context_window: int | None = Field(None, gt=0)  # prompt and reply, in tokens

    def over(self, base: Capabilities) -> Capabilities:
        """These settings (those set) with ``base`` filling the rest."""
        return base.model_copy(update=self.model_dump(exclude_unset=True))

    def limit(self, *limits: int | None) -> int:
        """The smallest limit given, else this model's default output limit."""
        given = [n for n in limits if n]
        return min(given) if given else self.max_tokens


class CapabilityTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    default: Capabilities = Capabilities()
    models: dict[str, Capabilities] = {}

    def lookup(self, model: str) -> Capabilities:
        name = longest_prefix(self.models, model)
        return self.default if name is None else self.models[name].over(self.default)


@cache
def default_capabilities() -> CapabilityTable:
    return load_toml(CapabilityTable, CAPABILITIES_FILE, "capability")


def capabilities_for(model: str, overrides: Capabilities | None = None) -> Capabilities:
    """The table's settings for ``model`` under a seat's ``overrides`` (those it sets)."""
    found = default_capabilities().lookup(model)
    return found if overrides is None else overrides.over(found)


def overrides(settings: dict[str, Any]) -> Capabilities | None:
    """The capability settings among a seat's options (None values are unset)."""
    given = {k: settings[k] for k in KEYS if settings.get(k) is not None}
    return Capabilities.model_validate(given) if given else None
