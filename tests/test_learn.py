"""examples/learn.py: its update moves probability toward a rewarded action (and away
from a punished one), and its training and plot run end to end (a handful of games)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

LEARN = Path(__file__).resolve().parent.parent / "examples" / "learn.py"


@pytest.fixture(scope="module")
def learn() -> dict[str, Any]:
    return runpy.run_path(str(LEARN), run_name="learn")


@pytest.mark.parametrize("reward", [1.0, -1.0])
def test_an_update_moves_probability_toward_a_rewarded_action(learn: dict[str, Any], reward: float
                                                              ) -> None:
    policy = learn["Policy"].untrained(4, 5, rate=0.1)
    observation = {"observation": np.array([1.0, 0.0, 1.0, 0.0], np.float32),
                   "action_mask": np.array([1, 1, 0, 1, 0], np.int8)}
    action, x, p = policy.act(observation, np.random.default_rng(0))
    assert p[2] == p[4] == 0.0 and np.allclose(p[[0, 1, 3]], 1 / 3)  # masked, uniform
    policy.update([(action, x, p)], reward)
    after = policy.probabilities(x, observation["action_mask"])
    assert (after[action] > p[action]) == (reward > 0)
    assert after[2] == after[4] == 0.0 and np.isclose(after.sum(), 1.0)
    assert policy.baseline == reward  # the mean reward so far


def test_training_runs_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    plot = tmp_path / "curve.svg"
    monkeypatch.setattr(sys, "argv", ["learn.py", "--games", "4", "--every", "2", "--eval",
                                      "2", "--final", "3", "--plot", str(plot)])
    runpy.run_path(str(LEARN), run_name="__main__")
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out[1:4]] == ["0", "2", "4"]
    assert out[-1].startswith("final, the same 3 fresh seeds: untrained")
    svg = plot.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and svg.count("<polyline") == 1
