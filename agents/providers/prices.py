"""The price table (prices.toml) and the cost of one call."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, NonNegativeFloat, ValidationError

from agents.providers.base import ProviderError

PRICES_FILE = Path(__file__).with_name("prices.toml")
MILLION = 1_000_000


class Price(BaseModel):
    """USD per million tokens."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    input: NonNegativeFloat
    cached_input: NonNegativeFloat
    output: NonNegativeFloat
    cache_write: NonNegativeFloat | None = None

    def cost(self, input_tokens: int, cached_tokens: int, output_tokens: int,
             cache_write_tokens: int = 0) -> float:
        """USD for a call; ``input_tokens`` includes the cached and cache-written ones."""
        fresh = input_tokens - cached_tokens - cache_write_tokens
        write = self.input if self.cache_write is None else self.cache_write
        total = (fresh * self.input + cached_tokens * self.cached_input
                 + cache_write_tokens * write + output_tokens * self.output)
        return total / MILLION


class PriceTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    default: Price
    models: dict[str, Price] = {}

    def lookup(self, model: str) -> Price:
        """The entry with the longest name that ``model`` starts with, else the default."""
        names = [name for name in self.models if model.startswith(name)]
        return self.models[max(names, key=len)] if names else self.default


def load_prices(path: Path = PRICES_FILE) -> PriceTable:
    """Read and check a price table; a broken file raises ProviderError."""
    try:
        return PriceTable.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ProviderError(f"bad price table {path}: {where}: {first['msg']}") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ProviderError(f"cannot read prices from {path}: {exc}") from None


@cache
def default_prices() -> PriceTable:
    return load_prices()
