"""``arena report`` when every game is left out of the ratings: the list, and no table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.app.cli import main
from tests.evals.scripted_game import write
from tests.evals.test_fallback_exclusion import events, header


def test_a_report_with_no_rated_game_lists_the_left_out_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    write(tmp_path / "g3.jsonl", header("g3"), events("g3"))  # seat 2 falls back on 50%
    assert main(["report", str(tmp_path), "--resamples", "5"]) == 0
    out = capsys.readouterr().out
    assert "1 game left out of the ratings" in out and "g3  seat 2  50%" in out
    assert "No game was rated: every game was left out" in out
    assert "Leaderboard" not in out
    assert main(["report", str(tmp_path), "--resamples", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ratings"]["overall"] == [] and len(report["excluded"]) == 1
