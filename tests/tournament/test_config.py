"""Bad configs and arguments end in one line on stderr and exit code 2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.app.tournament.config import load_config, parse_config
from arena.app.tournament.schedule import schedule
from tests.tournament.conftest import config_text, run

ROOT = Path(__file__).parents[2]

BOTS = {"h": "heuristic", "r": "random"}
GOOD: dict[str, Any] = {"presets": ["classic-8"]}


@pytest.mark.parametrize(("text", "message"), [
    (config_text("t", BOTS, presets=["classic-99"]), "unknown preset 'classic-99'"),
    (config_text("t", BOTS, games=4, deals=2, **GOOD), "give games or deals, not both"),
    (config_text("t", BOTS, games_per_pairing=2, **GOOD), "games_per_pairing is now deals"),
    (config_text("t", BOTS, presets=["classic-8"] * 2), "presets: each preset once"),
    (config_text("t", BOTS, rules={"no.such": 1}, **GOOD), "unknown rule key 'no.such'"),
    (config_text("t", {"h": "wizard"}, **GOOD), "unknown agent 'wizard'"),
    (config_text("t", BOTS, names=["A", "B"], **GOOD), "names: 2 names for a table of 8"),
    (config_text("t", BOTS, concurrency=0, **GOOD), "concurrency: Input should be greater"),
    (config_text("t", BOTS, colour="red", **GOOD), "colour: Extra inputs are not permitted"),
    (config_text("../up", BOTS, **GOOD), "name: String should match pattern"),
    (config_text("t", BOTS, **GOOD) + "[agents.h2]\nagent = 'random'\npersona = 'Ann'\n",
     "persona belongs to a seat"),
    (config_text("t", {"m": "openai:gpt-4o-mini"}, **GOOD), "agents.m: OPENAI_API_KEY is not set"),
    ("name = [", "not valid TOML"),
    (config_text("t", {"m": "openai:"}, **GOOD), "agents.m: 'openai:': expected openai:MODEL"),
    (config_text("t", BOTS, budget_usd=0, **GOOD), "budget_usd: Input should be greater than 0"),
    (config_text("t", BOTS, names=["A\nB"] * 8, **GOOD), "names.0: String should match"),
])
def test_bad_config(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                    monkeypatch: pytest.MonkeyPatch, text: str, message: str) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert run(str(path), "--out", str(tmp_path / "run")) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: error: ") and message in err and err.count("\n") == 1
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(("argv", "message"), [
    (["missing.toml"], "missing.toml: cannot read"),
    (["cfg.toml", "--workers", "2"], "--workers and --ray-address go with --backend ray"),
    (["cfg.toml", "--backend", "ray", "--workers", "0"], "--workers must be at least 1"),
    (["."], "is a folder: give a config file, or add --resume"),
    ([".", "--resume"], "no run to resume"),
])
def test_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                       monkeypatch: pytest.MonkeyPatch, argv: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cfg.toml").write_text(config_text("t", BOTS, **GOOD), encoding="utf-8")
    assert run(*argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: error: ") and message in err and err.count("\n") == 1


def test_the_documented_configs_are_valid() -> None:
    doc = (ROOT / "docs" / "tournament.md").read_text(encoding="utf-8")
    documented = parse_config(doc.split("```toml\n")[1].split("```")[0], "docs")
    assert list(documented.agents) == ["heuristic", "qwen"]
    assert documented.seat_options("qwen").max_concurrency == 4
    example = load_config(ROOT / "examples" / "tournament.toml")
    assert len(schedule(example)) == example.deals * len(example.agents)
