"""Game seeds derived from a base seed: distinct within a run, unrelated across runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.app import reproduce
from arena.app.cli import main
from arena.app.seeds import SEED_SPACE, game_seed


def test_runs_with_neighbouring_base_seeds_share_no_game() -> None:
    """`base + i` made seeds 1 and 2 share 199 of 200 games."""
    one, two = ({game_seed(base, i) for i in range(200)} for base in (1, 2))
    assert len(one) == len(two) == 200
    assert not one & two


def test_one_run_never_repeats_a_seed() -> None:
    seeds = [game_seed(7, i) for i in range(20_000)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= s < SEED_SPACE for s in seeds)
    assert seeds[:3] == [game_seed(7, i) for i in range(3)]  # deterministic


def test_an_index_outside_the_seed_space_is_refused() -> None:
    with pytest.raises(ValueError, match="outside"):
        game_seed(1, SEED_SPACE)


def test_simulate_prints_its_base_seed_and_plays_derived_seeds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--agents", "random", "--preset", "classic-8",
                 "--seed", "2", "--out-dir", str(tmp_path)]) == 0
    assert "3 games of classic-8, base seed 2," in capsys.readouterr().out
    files = sorted(tmp_path.glob("*.jsonl"))
    headers = [json.loads(f.read_text(encoding="utf-8").splitlines()[0]) for f in files]
    assert [h["seed"] for h in headers] == [game_seed(2, i) for i in range(3)]
    ok, message = reproduce.verify(files[2])  # its seed and deal are in its own header
    assert ok, message
