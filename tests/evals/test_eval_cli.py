"""``arena eval``: tables, JSON, grouping and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.app.cli import main
from tests.evals.scripted_game import write_scripted


def test_tables_on_a_folder(random_games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(random_games)]) == 0
    out = capsys.readouterr().out
    assert "150 games" in out
    for heading in ("Deduction", "Deception", "Outcomes", "Reliability"):
        assert heading in out
    assert "team_win_rate[wolves]" in out  # variants are printed, not taken for markup


def test_json_shape(random_games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(random_games), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 150 and result["by"] is None
    assert list(result["groups"]) == ["all"]
    assert set(result["groups"]["all"]["win_rate"]) == {"value", "low", "high", "n", "games"}
    assert result["groups"]["all"]["win_rate"]["games"] == 150  # the clusters behind n = 1800


def test_by_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_scripted(tmp_path / "a.jsonl")
    assert main(["eval", str(tmp_path / "a.jsonl"), "--by", "model", "--json"]) == 0
    groups = json.loads(capsys.readouterr().out)["groups"]
    assert list(groups) == ["gpt-x", "heuristic"]
    assert groups["gpt-x"]["win_rate"]["value"] == 1.0  # seat 5, a winning villager
    assert main(["eval", str(tmp_path), "--by", "model"]) == 0
    assert "gpt-x" in capsys.readouterr().out


def test_unfinished_games_are_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_scripted(tmp_path / "done.jsonl")
    (tmp_path / "cut.jsonl").write_text(
        (tmp_path / "done.jsonl").read_text().splitlines()[0] + "\n")
    assert main(["eval", str(tmp_path), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 1
    assert "skipped 1 unfinished game" in captured.err


@pytest.mark.parametrize("make", ["missing", "not_a_transcript", "empty_folder", "unfinished"])
def test_bad_input_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      make: str) -> None:
    target = tmp_path / "x.jsonl"
    if make == "not_a_transcript":
        target.write_text("hello\n")
    elif make == "empty_folder":
        target = tmp_path
    elif make == "unfinished":
        target.write_text(write_scripted(tmp_path / "y.txt").read_text().splitlines()[0])
    assert main(["eval", str(target)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("arena: error: ")
    assert "Traceback" not in "\n".join(err)


def test_every_metric_is_documented() -> None:
    from evals.metrics import METRICS

    doc = (Path(__file__).resolve().parents[2] / "docs" / "metrics.md").read_text()
    missing = [name for name in METRICS if not name.startswith("_") and f"`{name}" not in doc]
    assert missing == []
