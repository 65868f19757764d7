"""The price table: lookup by longest prefix, the default, cost, broken files."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from agents.providers.base import ProviderError
from agents.providers.prices import (
    Price,
    UnpricedModel,
    charge,
    default_prices,
    load_prices,
    price_for,
)


def test_the_shipped_table_loads_and_prices_by_longest_prefix() -> None:
    table = default_prices()
    assert table.lookup("gpt-5.4-mini-2026-03-17") == table.models["gpt-5.4-mini"]
    assert table.lookup("gpt-5.4") == table.models["gpt-5.4"]
    assert table.lookup("gpt-4o-mini-2024-07-18") == table.models["gpt-4o-mini"]
    assert table.lookup("claude-sonnet-4-6") == table.models["claude-sonnet-4"]
    assert table.lookup("llama3.1:8b") is None


@pytest.mark.parametrize(("model", "entry"), [
    ("gpt-5-nano", "gpt-5-nano"), ("gpt-5-nano-2025-08-07", "gpt-5-nano"),
    ("gpt-5-mini-2025-08-07", "gpt-5-mini"), ("gpt-5", "gpt-5"),
    ("gpt-4.1-nano", "gpt-4.1-nano"), ("gpt-4.1-mini-2025-04-14", "gpt-4.1-mini"),
    ("gpt-4.1", "gpt-4.1"), ("o3", "o3"), ("o3-mini", "o3-mini"), ("o3-pro", "o3-pro"),
    ("o4-mini-2025-04-16", "o4-mini"), ("o1", "o1"), ("o1-mini", "o1-mini"),
    ("claude-opus-4-1-20250805", "claude-opus-4-1"), ("claude-opus-4-20250514", "claude-opus-4"),
    ("claude-opus-4-5", "claude-opus-4-5"), ("claude-haiku-4-5-20251001", "claude-haiku-4-5"),
    ("claude-3-5-haiku-latest", "claude-3-5-haiku"),
])
def test_a_smaller_model_is_never_priced_as_its_base(model: str, entry: str) -> None:
    table = default_prices()
    assert table.lookup(model) == table.models[entry]
    assert table.as_of.year >= 2025


def test_an_unknown_model_has_no_cost_and_one_warning() -> None:
    # a name no other test prices: the warning comes once per process, whatever ran before
    # in this worker
    with pytest.warns(UnpricedModel, match="'unpriced-only-here'") as caught:
        assert price_for("unpriced-only-here") is None
    assert len(caught) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert price_for("unpriced-only-here") is None  # warned once per process
        assert price_for("gpt-4o") == default_prices().models["gpt-4o"]
    assert charge(None, 1000, 0, 100) == {"cost_usd": 0.0, "priced": False}
    assert charge(Price(input=1, cached_input=1, output=1), 10**6, 0, 0) == {
        "cost_usd": 1.0, "priced": True}


def test_cost_counts_fresh_cached_written_and_output_tokens() -> None:
    price = Price(input=3.0, cached_input=0.3, output=15.0, cache_write=3.75)
    # 1M input of which 400k read from cache and 100k written to it, 10k output
    cost = price.cost(1_000_000, 400_000, 10_000, cache_write_tokens=100_000)
    assert cost == pytest.approx(0.5 * 3.0 + 0.4 * 0.3 + 0.1 * 3.75 + 0.01 * 15.0)
    assert Price(input=1.0, cached_input=0.5, output=2.0).cost(10**6, 0, 0, 10**6) == 1.0


def test_an_edited_table_is_used(tmp_path: Path) -> None:
    path = tmp_path / "prices.toml"
    path.write_text('as_of = 2026-01-02\n'
                    '[models."my-model"]\ninput = 4\ncached_input = 1\noutput = 8\n')
    table = load_prices(path)
    assert table.lookup("my-model-v2") == Price(input=4, cached_input=1, output=8)
    assert table.lookup("other") is None


@pytest.mark.parametrize(("content", "message"), [
    ('as_of = 2026-01-02\n[models.m]\ninput = 1\noutput = 2\n', "models.m.cached_input"),
    ('as_of = 2026-01-02\n[models.m]\ninput = -1\ncached_input = 0\noutput = 0\n',
     "models.m.input"),
    ('[models.m]\ninput = 1\ncached_input = 0\noutput = 0\n', "as_of"),
    ("[models\n", "cannot read price"),
])
def test_a_broken_table_is_a_provider_error(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "prices.toml"
    path.write_text(content)
    with pytest.raises(ProviderError, match=message):
        load_prices(path)
