"""A run folder keeps its schedule: resume refuses edits that would mix two schedules;
eval and report read run folders, transcript folders and files alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.app.cli import main
from tests.tournament.conftest import manifest, run, write_config

GAMES = 4


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished bot run folder."""
    folder = tmp_path_factory.mktemp("integrity")
    config = write_config(folder, "bots", {"h": "heuristic", "r": "random"}, seed=3,
                          presets=["tv-6"], games=GAMES, concurrency=2)
    assert run(str(config), "--out", str(folder / "run")) == 0
    return folder / "run"


def _copy(run_dir: Path, to: Path) -> Path:
    """A copy of a run folder with only its first two games finished."""
    (to / "games").mkdir(parents=True)
    for name in ("config.toml", "run.json"):
        (to / name).write_bytes((run_dir / name).read_bytes())
    rows = manifest(run_dir)[:2]
    for row in rows:
        (to / row["path"]).write_bytes((run_dir / row["path"]).read_bytes())
    (to / "manifest.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows),
                                       encoding="utf-8")
    return to


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_resume_refuses_an_edit_of_the_run_folders_own_config(
        finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _copy(finished, tmp_path / "run")
    _edit(out / "config.toml", "seed = 3", "seed = 4")
    _edit(out / "config.toml", 'presets = ["tv-6"]', 'presets = ["classic-8"]')
    assert run(str(out), "--resume") == 2
    err = capsys.readouterr().err
    assert "differs from the run's schedule" in err and "in presets, seed:" in err
    assert len(manifest(out)) == 2  # nothing played, nothing dropped


def test_resume_takes_a_new_budget_concurrency_and_limits(
        finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _copy(finished, tmp_path / "run")
    _edit(out / "config.toml", "concurrency = 2", 'concurrency = 1\nbudget_usd = 1.0\n'
          '[limits]\n"openai" = 2')
    assert run(str(out), "--resume", "--json") == 0
    assert json.loads(capsys.readouterr().out)["games"] == GAMES
    assert sorted(r["index"] for r in manifest(out)) == list(range(GAMES))


def test_resume_names_a_changed_agent_option_and_refuses_an_edited_record(
        finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _copy(finished, tmp_path / "run")
    _edit(out / "config.toml", 'agent = "random"', 'agent = "random"\ntemperature = 0.5')
    assert run(str(out), "--resume") == 2
    assert "in agents.r.temperature:" in capsys.readouterr().err
    _copy(finished, tmp_path / "other")
    _edit(tmp_path / "other" / "run.json", '"seed": 3', '"seed": 4')
    assert run(str(tmp_path / "other"), "--resume") == 2
    assert "run.json was edited" in capsys.readouterr().err


def test_eval_reads_a_run_folder_and_a_folder_of_runs(
        finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (finished / "spend.jsonl").write_text('{"index": 0, "usd": 0.5}\n', encoding="utf-8")
    for path in (finished, finished.parent):  # the run folder, and a folder holding it
        assert main(["eval", str(path), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["games"] == GAMES
    assert main(["eval", str(finished / "manifest.jsonl")]) == 2
    assert "give the run folder" in capsys.readouterr().err


def test_report_reads_a_list_of_transcript_files(
        finished: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(finished / r["path"]) for r in manifest(finished)[:3]]
    assert main(["report", *files, "--json", "--resamples", "5"]) == 0
    assert json.loads(capsys.readouterr().out)["metrics"]["games"] == 3
    assert main(["report", str(finished), "--json", "--resamples", "5"]) == 0
    assert json.loads(capsys.readouterr().out)["metrics"]["games"] == GAMES
