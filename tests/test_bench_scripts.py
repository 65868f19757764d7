"""The speed scripts' own machinery: the heuristic's ceiling leaves the weighing out
only while it times, and the engine bench's floors run on the engine's types."""

from __future__ import annotations

import pytest

import agents.belief.exact
from agents import make_agent
from arena.engine import GameResult, run_game_in_line
from arena.presets import load_preset
from tests.helpers import load_script

HEURISTIC = load_script("bench_heuristic")
ENGINE = load_script("bench_engine")


def test_the_ceiling_leaves_the_weighing_out_and_puts_it_back() -> None:
    weigh = agents.belief.exact.weigh
    with pytest.raises(RuntimeError), HEURISTIC.unweighed():
        assert agents.belief.exact.weigh is not weigh
        raise RuntimeError("a game that fails inside")
    assert agents.belief.exact.weigh is weigh


def test_the_exact_timing_plays_the_real_heuristic_and_the_ceiling_another_game() -> None:
    config = load_preset("classic-8")
    (cpu, wall, days), bare = HEURISTIC.rates(config, 1, 1, ceiling=True)

    def game() -> GameResult:
        return run_game_in_line(
            config, {s: make_agent("heuristic", s, 0) for s in range(1, 9)}, seed=0)

    real = game()
    assert days == real.days and len(cpu) == len(wall) == 1
    with HEURISTIC.unweighed():
        unweighed = game()
    assert bare is not None and bare[2] == unweighed.days
    assert unweighed.events != real.events  # the prior spread plays differently


@pytest.mark.parametrize("plain", [False, True])
def test_the_engine_floors_run(plain: bool) -> None:
    assert ENGINE.floor(200, 12, plain=plain) >= 0.0
