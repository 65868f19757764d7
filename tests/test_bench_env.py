"""scripts/bench_env.py runs every side of its comparison and judges the targets."""

from __future__ import annotations

import sys

import pytest

from tests.helpers import load_script

BENCH = load_script("bench_env")


@pytest.mark.slow
def test_the_bench_times_every_side_and_states_the_targets(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["bench_env.py", "--games", "3", "--repeat", "1"])
    BENCH.main()
    rows = capsys.readouterr().out.splitlines()[1:]
    assert [row.split("  ")[1].strip() for row in rows] == [
        "arena simulate", "env text=False", "env text=True", "env text=True, read",
        "parallel text=False"]
    for row in rows[1:]:
        assert "x simulate" in row and "steps a game" in row
    assert sum("target" in row for row in rows) == len(BENCH.TARGETS) == 3
