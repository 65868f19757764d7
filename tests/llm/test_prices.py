"""The price table: lookup by longest prefix, the default, cost, broken files."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.providers.base import ProviderError
from agents.providers.prices import Price, default_prices, load_prices


def test_the_shipped_table_loads_and_prices_by_longest_prefix() -> None:
    table = default_prices()
    assert table.lookup("gpt-5.4-mini-2026-03-17") == table.models["gpt-5.4-mini"]
    assert table.lookup("gpt-5.4") == table.models["gpt-5.4"]
    assert table.lookup("gpt-4o-mini-2024-07-18") == table.models["gpt-4o-mini"]
    assert table.lookup("claude-sonnet-4-6") == table.models["claude-sonnet-4"]
    assert table.lookup("llama3.1:8b") == table.default
    assert table.default.cost(10_000, 5_000, 1_000) == 0.0


def test_cost_counts_fresh_cached_written_and_output_tokens() -> None:
    price = Price(input=3.0, cached_input=0.3, output=15.0, cache_write=3.75)
    # 1M input of which 400k read from cache and 100k written to it, 10k output
    cost = price.cost(1_000_000, 400_000, 10_000, cache_write_tokens=100_000)
    assert cost == pytest.approx(0.5 * 3.0 + 0.4 * 0.3 + 0.1 * 3.75 + 0.01 * 15.0)
    assert Price(input=1.0, cached_input=0.5, output=2.0).cost(10**6, 0, 0, 10**6) == 1.0


def test_an_edited_table_is_used(tmp_path: Path) -> None:
    path = tmp_path / "prices.toml"
    path.write_text('[default]\ninput = 1\ncached_input = 0.5\noutput = 2\n'
                    '[models."my-model"]\ninput = 4\ncached_input = 1\noutput = 8\n')
    table = load_prices(path)
    assert table.lookup("my-model-v2").input == 4
    assert table.lookup("other").output == 2


@pytest.mark.parametrize(("content", "message"), [
    ("[default]\ninput = 1\noutput = 2\n", "default.cached_input"),
    ("[default]\ninput = -1\ncached_input = 0\noutput = 0\n", "default.input"),
    ("[default\n", "cannot read prices"),
])
def test_a_broken_table_is_a_provider_error(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "prices.toml"
    path.write_text(content)
    with pytest.raises(ProviderError, match=message):
        load_prices(path)
