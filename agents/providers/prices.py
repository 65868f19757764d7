"""The price table (prices.toml) and the cost of one call.

A model the table does not name has no known cost: ``price_for`` warns once per
model and process, and its calls are billed 0.0 with ``priced=False``.
"""

from __future__ import annotations

import warnings
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, NonNegativeFloat

from agents.providers.bymodel import load_toml, longest_prefix

PRICES_FILE = Path(__file__).with_name("prices.toml")
MILLION = 1_000_000
_WARNED: set[str] = set()


class UnpricedModel(UserWarning):
    """A model the price table does not name: its cost is unknown."""


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

    as_of: date
    models: dict[str, Price] = {}

    def lookup(self, model: str) -> Price | None:
        """The entry with the longest name that ``model`` starts with; None if none does."""
        name = longest_prefix(self.models, model)
        return None if name is None else self.models[name]


def load_prices(path: Path = PRICES_FILE) -> PriceTable:
    """Read and check a price table; a broken file raises ProviderError."""
    return load_toml(PriceTable, path, "price")


@cache
def default_prices() -> PriceTable:
    return load_prices()


def price_for(model: str, prices: PriceTable | None = None) -> Price | None:
    """The model's price; None (with one UnpricedModel warning per model) when unknown."""
    table = prices or default_prices()
    price = table.lookup(model)
    if price is None and model not in _WARNED:
        _WARNED.add(model)
        warnings.warn(f"no price for model {model!r} in the price table (as of {table.as_of}):"
                      " its cost is unknown and counted as 0", UnpricedModel, stacklevel=2)
    return price


def charge(price: Price | None, input_tokens: int, cached_tokens: int, output_tokens: int,
           cache_write_tokens: int = 0) -> dict[str, Any]:
    """The ``cost_usd`` and ``priced`` fields of a call's Usage."""
    if price is None:
        return {"cost_usd": 0.0, "priced": False}
    return {"cost_usd": price.cost(input_tokens, cached_tokens, output_tokens,
                                   cache_write_tokens), "priced": True}
