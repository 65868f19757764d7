"""A model without a price costs "unknown", never $0: play's usage table, the report,
the tournament's summary; and a budget refuses it before any game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.app.cli import main
from arena.app.costs import cost_text
from tests.llm.stub_server import StubServer
from tests.tournament.conftest import run, write_config

Capture = pytest.CaptureFixture[str]
pytestmark = pytest.mark.filterwarnings("ignore::agents.providers.prices.UnpricedModel")


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")


def test_cost_text() -> None:
    assert cost_text(0.5, False) == "$0.5000"
    assert cost_text(0.5, True) == "≥ $0.5000 + unknown"
    assert cost_text(0.0, True) == "unknown"
    assert cost_text(0.0, False) == "$0.0000"


def test_play_and_report_say_unknown_for_an_unpriced_model(stub: StubServer, tmp_path: Path,
                                                           capsys: Capture) -> None:
    out = tmp_path / "game.jsonl"
    assert main(["play", "--preset", "tv-6", "--seed", "4", "--agents", "random",
                 "--seat", f"2=openai:my-local-model@{stub.openai_url}",
                 "--seat", f"3=openai:gpt-4o-mini@{stub.openai_url}",
                 "--out", str(out)]) in (0, 1)
    table = capsys.readouterr().out.split("Model usage")[1]
    rows = {line.split()[1]: line for line in table.splitlines() if line.count("│") > 4}
    assert rows["2"].rstrip(" │").endswith("unknown") and "$" not in rows["2"]
    assert "$0.0" in rows["3"] and "unknown" not in rows["3"]
    assert "≥ $0.0" in rows["total"] and "+ unknown" in rows["total"]
    assert main(["report", str(out), "--json", "--resamples", "5"]) == 0
    costs = json.loads(capsys.readouterr().out)["cost_per_seat_game_usd"]
    assert costs["my-local-model"] is None and costs["gpt-4o-mini"] > 0
    page = tmp_path / "report.html"
    assert main(["report", str(out), "--html", str(page), "--resamples", "5"]) == 0
    assert "<td>my-local-model</td><td>unknown</td>" in page.read_text(encoding="utf-8")


def test_a_budget_refuses_an_unpriced_agent_before_any_game(stub: StubServer, tmp_path: Path,
                                                            capsys: Capture) -> None:
    config = write_config(tmp_path, "b", {"bot": "heuristic",
                                          "local": f"openai:my-local-model@{stub.openai_url}"},
                          presets=["tv-6"], games=2, budget_usd=1.0)
    assert run(str(config), "--out", str(tmp_path / "run")) == 2
    err = capsys.readouterr().err
    assert err == (f"arena: error: agents.local: openai:my-local-model@{stub.openai_url} has "
                   "no price, so budget_usd cannot cap its spend: add its model to "
                   "agents/providers/prices.toml (a local one at 0.0), or remove budget_usd\n")
    assert not stub.seen and not (tmp_path / "run").exists()


def test_a_tournament_spend_with_an_unpriced_agent_is_unknown(stub: StubServer,
                                                              tmp_path: Path,
                                                              capsys: Capture) -> None:
    config = write_config(tmp_path, "u", {"bot": "heuristic",
                                          "local": f"openai:my-local-model@{stub.openai_url}"},
                          presets=["tv-6"], games=2)
    assert run(str(config), "--out", str(tmp_path / "run")) == 0
    out = capsys.readouterr().out
    assert "2 of 2 games in" in out and out.splitlines()[0].endswith("spent unknown")
    assert "No price for the models of local" in out
    assert run(str(config), "--out", str(tmp_path / "run2"), "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["unpriced_agents"] == ["local"] and summary["spent_usd"] == 0
