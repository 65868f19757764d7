"""What the commands that read sets of games share about their outputs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from arena.outputs import check_outputs
from evals.records import transcript_paths


def check_game_outputs(inputs: Sequence[str], outputs: Mapping[str, Path | None]) -> None:
    """``check_outputs`` against the inputs named and every transcript found under them."""
    named = [Path(p) for p in inputs]
    check_outputs(outputs, [*named, *transcript_paths(p for p in named if p.exists())])
