"""Table files (``--table FILE.toml``): each seat's agent and its options.

```toml
[defaults]            # every seat, unless its own table says otherwise
agent = "heuristic"
temperature = 0.7

[seats.3]
agent = "openai:gpt-4o-mini"
max_tokens = 512
reasoning_effort = "low"   # model capabilities, over capabilities.toml's
context_window = 32768     # tokens; older days are folded to fit (agents/context.py)
base_url = "http://localhost:8000/v1"
api_key_env = "MY_KEY"
persona = "Alice"     # the seat's name at the table
prompts = "my-prompts"  # another prompt set (agents/prompts.py), as --prompts DIR
```
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, model_validator

from agents.providers.capabilities import Effort, LimitParameter
from arena.engine.houses import BuildingName
from arena.files import parse_model, read_text

Gender = Literal["female", "male"]  # the genders seat_attributes draws and the dreamer reads
Age = Annotated[int, Strict(), Field(ge=1, le=120)]  # whole years: not true, not 34.5
Building = BuildingName  # a VIL house (catalog 1.4), public like the other attributes


class TableError(ValueError):
    """A table file that cannot be read or does not validate (one line)."""


class SeatOptions(BaseModel):
    """One seat's agent spec and model options (unset: the defaults, then built-ins)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    agent: str | None = Field(None, min_length=1)
    temperature: float | None = Field(None, ge=0, le=2)
    max_tokens: int | None = Field(None, gt=0)
    base_url: str | None = Field(None, min_length=1)
    api_key_env: str | None = Field(None, min_length=1)
    max_concurrency: int | None = Field(None, gt=0)
    reasoning_effort: Effort | None = None
    thinking_budget: int | None = Field(None, ge=1024)
    supports_temperature: bool | None = None
    limit_parameter: LimitParameter | None = None
    context_window: int | None = Field(None, gt=0)
    prompts: Path | None = None  # another prompt set's folder (agents/prompts.py)
    persona: str | None = Field(None, min_length=1, max_length=40, pattern=r"^[^\n\r«»]+$")
    gender: Gender | None = None
    age: Age | None = None
    building: Building | None = None

    def attributes(self) -> dict[str, object]:
        """The seat attributes this table sets (the rest are drawn from the seed)."""
        return {k: v for k, v in (("gender", self.gender), ("age", self.age),
                                  ("building", self.building)) if v is not None}

    def over(self, base: SeatOptions) -> SeatOptions:
        """These options, with ``base`` filling what they leave unset."""
        return base.model_copy(update=self.model_dump(exclude_unset=True))


class Table(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    defaults: SeatOptions = SeatOptions()
    seats: dict[int, SeatOptions] = {}

    @model_validator(mode="after")
    def _distinct_personas(self) -> Table:
        if self.defaults.persona is not None:
            raise ValueError("defaults.persona: a persona names one seat, not every seat")
        named = [s.persona for s in self.seats.values() if s.persona]
        label = next((n for n in named if re.fullmatch(r"P\d+", n)), None)
        if label is not None:
            raise ValueError(f"persona {label!r} looks like a seat label; choose a name")
        dup = next((n for n in named if named.count(n) > 1), None)
        if dup is not None:
            raise ValueError(f"persona {dup!r} is given to more than one seat")
        return self

    def seat(self, number: int) -> SeatOptions:
        return self.seats.get(number, SeatOptions()).over(self.defaults)

    def check_seats(self, players: int) -> None:
        bad = sorted(n for n in self.seats if not 1 <= n <= players)
        if bad:
            raise TableError(f"the table names seat {bad[0]}, but the game has seats 1 to "
                             f"{players}")


def parse_table(text: str, source: str = "table") -> Table:
    """A Table from TOML text; TableError naming ``source`` and the bad key."""
    return parse_model(Table, text, source, TableError)


def load_table(path: Path) -> Table:
    return parse_table(read_text(path, TableError), str(path))
