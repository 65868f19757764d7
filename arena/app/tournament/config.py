"""The tournament config file (TOML), validated with one-line errors.

```toml
name = "bots-vs-models"
seed = 7
presets = ["classic-12"]
deals = 12                    # per preset, each played once per agent; or: games = 100
concurrency = 4               # games in flight
budget_usd = 5.0              # stop starting games once the spend reaches this
pause_after = 2               # failing games in a row before an endpoint is paused
abort_after = 5               # failed calls in a row to an endpoint: its game stops aborted
abort_after_s = 120           # ... or seconds of failing calls

[agents.bot]
agent = "heuristic"

[agents.mini]
agent = "openai:gpt-4o-mini"
temperature = 0.7

[limits]                      # concurrent model requests per endpoint or provider kind
"openai" = 8

[rules]                       # rule overrides for every preset, as with --set
"vote.tie" = "revote_once"
```
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PositiveInt,
    StringConstraints,
    field_validator,
    model_validator,
)

from agents.breaker import FAILURES, SECONDS
from agents.providers.registry import parse_spec
from agents.seat_options import SeatOptions
from arena import presets
from arena.engine import GameConfig, RuleError
from arena.engine.config import parse_rule_value
from arena.errors import UsageError
from arena.fallbacks import MAX_SHARE
from arena.files import parse_model, read_text
from arena.header import Seed

NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"
AgentName = Annotated[str, StringConstraints(pattern=NAME_PATTERN, max_length=40)]
RESUME_MAY_CHANGE = ("concurrency", "limits", "budget_usd", "pause_after",
                     "max_fallback_share", "abort_after", "abort_after_s")
SeatName = Annotated[str, StringConstraints(pattern=r"^[^\n\r«»]+$", max_length=40)]
MAX_GAMES = 100_000  # a run's games (its schedule is laid out before the first one)
MAX_CONCURRENCY = 1_000  # games in flight


class TournamentError(UsageError):
    """A tournament config or run folder that cannot be used (one line)."""


class AgentEntry(SeatOptions):
    """One agent of the pool: its spec and model options (seat names come from ``names``)."""

    agent: str = Field(min_length=1)

    @model_validator(mode="after")
    def _no_seat_attributes(self) -> AgentEntry:
        for key in ("persona", "gender", "age", "building"):
            if getattr(self, key) is not None:
                raise ValueError(f"{key} belongs to a seat, and seats are drawn per game; "
                                 "give table names with the top-level `names` list")
        return self

    def endpoint(self) -> tuple[str, str]:
        """(agent kind, base URL or ""): where a model agent's requests go."""
        kind = self.agent.partition(":")[0]
        if kind in ("openai", "anthropic"):
            return kind, parse_spec(self.agent).base_url or self.base_url or ""
        return kind, ""


class TournamentConfig(BaseModel):
    """A tournament: the pool, the presets, how many games, limits and the budget."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=NAME_PATTERN, max_length=80)
    seed: Seed = 0
    presets: list[str] = Field(min_length=1)
    deals: int | None = Field(None, gt=0, le=MAX_GAMES)
    games: int | None = Field(None, gt=0, le=MAX_GAMES)
    design: Literal["duplicate", "side-swap"] = "duplicate"  # docs/tournament.md
    agents: dict[AgentName, AgentEntry] = Field(min_length=1)
    concurrency: int = Field(4, gt=0, le=MAX_CONCURRENCY)
    limits: dict[str, PositiveInt] = {}
    budget_usd: float | None = Field(None, gt=0)
    pause_after: int = Field(2, ge=0)
    max_fallback_share: float = Field(MAX_SHARE, ge=0, le=1)
    abort_after: int = Field(FAILURES, ge=1)  # a model endpoint's breaker (agents/breaker.py)
    abort_after_s: float = Field(SECONDS, gt=0)
    timeout: float = Field(60.0, gt=0)
    lang: Literal["en", "zh"] = "en"
    record_reasoning: bool = False
    names: list[SeatName] | None = None
    rules: dict[str, Any] = {}

    @field_validator("rules")
    @classmethod
    def _rule_values(cls, rules: dict[str, Any]) -> dict[str, Any]:
        """Values read as with --set (a list key takes "a,b", a list or a single value)."""
        return {k: parse_rule_value(k, v) for k, v in rules.items()}

    @model_validator(mode="before")
    @classmethod
    def _renamed(cls, data: Any) -> Any:
        if isinstance(data, dict) and "games_per_pairing" in data:
            raise ValueError("games_per_pairing is now deals: deals per preset, each played "
                             "once per agent (docs/tournament.md)")
        return data

    @model_validator(mode="after")
    def _consistent(self) -> TournamentConfig:
        if self.games is not None and self.deals is not None:
            raise ValueError("give games or deals, not both")
        if self.deals is not None and self.deals * len(self.presets) * len(self.agents) > \
                MAX_GAMES:
            raise ValueError(f"deals: {self.deals} deals of {len(self.presets)} preset(s), "
                             f"each played by {len(self.agents)} agents, are more than "
                             f"{MAX_GAMES:,} games")
        if self.design == "side-swap" and len(self.agents) != 2:
            raise ValueError(f"design: side-swap plays two agents, one per side "
                             f"(the pool has {len(self.agents)})")
        if len(set(self.presets)) != len(self.presets):
            raise ValueError("presets: each preset once")
        if self.names is not None and len(set(self.names)) != len(self.names):
            raise ValueError("names: each name once")
        return self

    def game_config(self, preset: str) -> GameConfig:
        """The preset with this tournament's rule overrides."""
        return presets.load_preset(preset, overrides=self.rules)

    def seat_options(self, name: str) -> SeatOptions:
        """An agent's options, with its endpoint's request limit from ``limits``."""
        entry = self.agents[name]
        kind, url = entry.endpoint()
        limit = self.limits.get(url) if url else None
        limit = limit or self.limits.get(kind)
        if limit is None:
            return entry
        return entry.model_copy(update={"max_concurrency": limit})

    def schedule_fields(self) -> dict[str, Any]:
        """What decides the games: everything but concurrency, limits, the budget and
        when an endpoint is paused (the default design left out: run folders written
        before it existed resume)."""
        fields = self.model_dump(exclude=set(RESUME_MAY_CHANGE))
        if self.design == "duplicate":
            del fields["design"]
        return fields


def parse_config(text: str, source: str) -> TournamentConfig:
    """A checked TournamentConfig from TOML text; TournamentError naming the bad key."""
    config = parse_model(TournamentConfig, text, source, TournamentError)
    try:
        players = max(config.game_config(p).players for p in config.presets)
    except RuleError as exc:
        raise TournamentError(f"{source}: {exc}") from None
    if config.names is not None and len(config.names) < players:
        raise TournamentError(f"{source}: names: {len(config.names)} names for a table of "
                              f"{players}")
    return config


def load_config(path: Path) -> TournamentConfig:
    return parse_config(read_text(path, TournamentError), str(path))
