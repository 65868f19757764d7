"""Fixtures: the hand-made game of scripted_game.py, loaded as a record."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.records import GameRecord, load_record
from tests.evals.scripted_game import write_scripted


@pytest.fixture
def scripted_path(tmp_path: Path) -> Path:
    return write_scripted(tmp_path / "scripted.jsonl")


@pytest.fixture
def scripted(scripted_path: Path) -> GameRecord:
    record = load_record(scripted_path)
    assert record is not None
    return record


@pytest.fixture(scope="session")
def random_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """150 classic-12 games of the random agent, written by ``arena simulate``."""
    from arena.app.cli import main

    out = tmp_path_factory.mktemp("random-games")
    assert main(["simulate", "--agents", "random", "--preset", "classic-12", "--games", "150",
                 "--seed", "11", "--out-dir", str(out), "--json"]) == 0
    return out
