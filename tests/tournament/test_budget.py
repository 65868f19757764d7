"""The budget is a hard cap: model calls priced through the stub server never pass it,
and the spend of games it interrupts stays in the run's tally."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.llm.stub_server import StubServer
from tests.tournament.conftest import manifest, run, write_config

GAMES = 6


def _config(folder: Path, stub: StubServer, **top: object) -> Path:
    agents = {"mini": f"openai:gpt-4o-mini@{stub.openai_url}"}
    return write_config(folder, "capped", agents, seed=5, presets=["classic-8"], **top)


def _ledger(run_dir: Path) -> list[float]:
    text = (run_dir / "spend.jsonl").read_text(encoding="utf-8")
    return [json.loads(row)["usd"] for row in text.splitlines()]


def _first_game_cost(folder: Path, games: int) -> float:
    """What the first game costs, from a run without a budget against a fresh stub (with a
    budget the first game plays alone, so it meets the stub in the same state)."""
    with StubServer() as stub:
        config = _config(folder, stub, games=games, concurrency=1)
        assert run(str(config), "--out", str(folder / "probe")) == 0
    cost: float = next(r["cost_usd"] for r in manifest(folder / "probe") if r["index"] == 0)
    assert cost > 0
    return cost


@pytest.mark.parametrize("games_worth", [0.5, pytest.param(2.5, marks=pytest.mark.slow)])
def test_the_spend_never_passes_the_budget(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           games_worth: float) -> None:
    budget = games_worth * _first_game_cost(tmp_path, GAMES)
    with StubServer(delay_s=0.002) as stub:
        config = _config(tmp_path, stub, games=GAMES, concurrency=3, budget_usd=budget)
        capsys.readouterr()
        assert run(str(config), "--out", str(tmp_path / "run"), "--json") == 0
    result = json.loads(capsys.readouterr().out)
    ledger = _ledger(tmp_path / "run")
    assert 0 < result["spent_usd"] <= budget and 0 < sum(ledger) <= budget
    assert min(result["games"], 1) == int(games_worth > 1)  # 0: the first game was cut off
    assert result["games"] < GAMES
    assert "budget reached" in result["stopped"] and "--resume" in result["stopped"]
    # a game the cap stopped is kept, aborted, and its spend reported with the run
    aborted = result["aborted"]
    assert all(a["cause"].startswith("budget: ") for a in aborted)
    assert result["aborted_usd"] == pytest.approx(sum(a["cost_usd"] for a in aborted))
    games = sorted(p.name for p in (tmp_path / "run" / "games").glob("*.jsonl"))
    assert len(games) == result["games"] + len(aborted)
    assert [g for g in games if ".aborted-" in g] == sorted(
        Path(a["path"]).name for a in aborted)
    for game in aborted:
        last = (tmp_path / "run" / game["path"]).read_text(encoding="utf-8").splitlines()[-1]
        assert json.loads(last)["type"] == "aborted"


def test_an_interrupted_games_spend_counts_after_resume(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cost = _first_game_cost(tmp_path, 2)
    out = tmp_path / "run"
    with StubServer() as stub:
        config = _config(tmp_path, stub, games=2, concurrency=1, budget_usd=cost / 2)
        assert run(str(config), "--out", str(out)) == 0
        cut_off = sum(_ledger(out))  # the first game's calls before the cap stopped it
        assert 0 < cut_off <= cost / 2 and not (out / "manifest.jsonl").exists()
        (out / "config.toml").write_text((out / "config.toml").read_text(encoding="utf-8")
                                         .replace("budget_usd", "# budget_usd"),
                                         encoding="utf-8")
        capsys.readouterr()
        assert run(str(out), "--resume", "--json") == 0
    result = json.loads(capsys.readouterr().out)
    played = sum(r["cost_usd"] for r in manifest(out))
    assert result["games"] == 2 and result["stopped"] is None
    assert result["spent_usd"] == pytest.approx(cut_off + played, abs=1e-5)
    assert result["spent_usd"] == pytest.approx(sum(_ledger(out)), abs=1e-6)
