"""The errors a command reports as one line and exit code 2."""

from __future__ import annotations

ABORTED = 3  # the exit code of a game stopped before its end (or a seat that fell back too often)


class UsageError(ValueError):
    """Bad command-line input."""


class TranscriptError(ValueError):
    """A transcript that cannot be read, written or does not replay."""
