"""Bounds of the counts commands take, checked before any work (one-line errors)."""

from __future__ import annotations

from arena.errors import UsageError

MAX_RESAMPLES = 100_000  # each bootstrap resample rates every game again


def check_resamples(resamples: int) -> None:
    """UsageError unless ``--resamples`` is from 1 to ``MAX_RESAMPLES``."""
    if not 1 <= resamples <= MAX_RESAMPLES:
        raise UsageError(f"--resamples must be from 1 to {MAX_RESAMPLES:,}")
