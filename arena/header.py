"""The transcript header (line 1 of a transcript): a typed model of what was played.

``TranscriptHeader.line`` writes the JSON of ``json.dumps`` of the former plain dict:
the same keys in the same order, an optional key present exactly when it was set.
"""

from __future__ import annotations

import json
import platform
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arena.engine import Game
from arena.engine.events import SCHEMA

SEED_DIGITS = 20
Seed = Annotated[int, Field(gt=-10**SEED_DIGITS, lt=10**SEED_DIGITS)]
"""A seed of at most ``SEED_DIGITS`` digits (a game's, or a model seat's sampling seed)."""


class SeatEntry(BaseModel):
    """Who played a seat: its name, agent spec and, for a model seat, its settings."""

    model_config = ConfigDict(extra="allow")

    seat: int
    name: str
    agent: str = "?"
    model: str | None = None  # the id its usage events carry, for a model seat
    provider: str | None = None
    base_url: str | None = None
    sdk: str | None = None
    temperature: int | float | None = None
    max_tokens: int | None = None
    reasoning_effort: str | None = None
    thinking_budget: int | None = None
    lang: str | None = None
    persona: str | None = None
    seed: Seed | None = None
    player: str | None = None  # a tournament's pool name for the agent in this seat
    prompts: dict[str, str] | None = None  # another prompt set's hashes (the header's: shipped)

    @property
    def identity(self) -> str:
        """The player evals group by: pool name, else model (older headers wrote
        MODEL@BASE_URL: one model is one group wherever it is served), else agent."""
        return self.player or (self.model or "").partition("@")[0] or self.agent


class ImportSource(BaseModel):
    """Where an imported game came from, and how the engine's game departs from it."""

    format: str
    file: str
    mismatches: list[str]
    differences: list[str]


class ForkOrigin(BaseModel):
    """Where a forked game branched off: its parent game and the parent's last event
    (``at``, a seq) whose decisions it replayed."""

    model_config = ConfigDict(extra="forbid")

    parent: str
    at: int = Field(ge=0)


class TranscriptHeader(BaseModel):
    """Line 1 of a transcript: the game's seed, rules, deal, seats and provenance."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    type: Literal["header"] = "header"
    schema_id: str = Field(alias="schema")
    game_id: str = ""
    seed: Seed | None = None
    preset: str | None = None
    rules: dict[str, Any] = Field(default_factory=dict)
    deal: dict[str, int] = Field(default_factory=dict)
    seats: list[SeatEntry] = Field(default_factory=list)
    record_reasoning: bool = False
    roles: dict[str, str] = Field(default_factory=dict)
    centre: list[str] = Field(default_factory=list)
    draws: dict[str, Any] | None = None  # a scenario's forced chance draws (arena/engine/chance.py)
    created: str = ""
    versions: dict[str, str] = Field(default_factory=dict)
    prompts: dict[str, str] = Field(default_factory=dict)
    source: ImportSource | None = None  # an imported game's record
    fork: ForkOrigin | None = None  # a game forked from another (``arena fork``)

    def as_json(self) -> dict[str, Any]:
        """The header as JSON data: the keys it was made or read with, in field order."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)

    def line(self) -> str:
        """The header's line in a transcript (without the newline)."""
        return json.dumps(self.as_json(), ensure_ascii=False)

    def dealt(self) -> dict[int, str]:
        """The card dealt to each seat."""
        return {int(seat): role for seat, role in self.roles.items()}


def _versions() -> dict[str, str]:
    try:
        arena_version = version("werewolf-arena")
    except PackageNotFoundError:
        arena_version = "dev"
    return {"werewolf-arena": arena_version, "python": platform.python_version()}


def make_header(game: Game, *, game_id: str, seed: int, seats: list[SeatEntry],
                prompts: dict[str, str] | None = None,
                fork: ForkOrigin | None = None) -> TranscriptHeader:
    """The header of a game about to be played (its cards are dealt: each seat's, then
    the rest, as the deal laid them out before any variant's setup)."""
    config, cards = game.config, game.judge.cards
    return TranscriptHeader(
        type="header", schema_id=SCHEMA, game_id=game_id, seed=seed, preset=config.preset,
        rules=config.rules.key_values(), deal=dict(config.roles), seats=seats,
        record_reasoning=game.judge.record_reasoning,
        roles={str(n): r for n, r in enumerate(cards[:config.players], start=1)},
        centre=list(cards[config.players:]),
        **({"draws": game.judge.forced.table} if game.judge.forced is not None else {}),
        created=datetime.now(UTC).isoformat(timespec="seconds"), versions=_versions(),
        prompts=prompts or {}, **({"fork": fork} if fork is not None else {}))
