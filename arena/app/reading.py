"""Transcripts read with a progress bar on stderr when there is much to read and stderr
is a terminal (a long transcript, or many)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

from arena.transcript import Transcript, read

PROGRESS_BYTES = 32 << 20  # show a bar when reading more than this


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # reading it says why


@contextmanager
def byte_progress(paths: Sequence[Path], always: bool = False
                  ) -> Iterator[Callable[[int], None] | None]:
    """A function to tell of the bytes read, drawing the bar; None when no bar is shown
    (``always``: show it whatever the size, on a terminal)."""
    total = sum(map(_size, paths))
    err = Console(stderr=True)
    if not err.is_terminal or not (always or total > PROGRESS_BYTES):
        yield None
        return
    columns = (TextColumn("reading"), BarColumn(), DownloadColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task("reading", total=total)
        yield lambda size: progress.advance(task, size)


def read_transcript(path: Path) -> Transcript:
    """The transcript (``arena.transcript.read``), with a bar while a large one is read."""
    with byte_progress([path]) as on_bytes:
        return read(path, on_bytes)
