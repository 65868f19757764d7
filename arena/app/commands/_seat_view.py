"""A transcript read for one seat's view (``replay --seat``, ``show --seat``)."""

from __future__ import annotations

from pathlib import Path

from arena import transcript
from arena.app.reading import read_transcript
from arena.errors import UsageError


def read_for_seat(path: Path, seat: int | None) -> transcript.Transcript:
    """The transcript, once ``seat`` (None: god's view) is known to be one of its seats."""
    record = read_transcript(path)
    players = len(record.header.roles)
    if seat is not None and not 1 <= seat <= players:
        raise UsageError(f"--seat {seat}: the game has seats 1 to {players}")
    return record
