"""The event sink that records a game: its header line, then one flushed line per event."""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO

from arena.engine import BaseEvent
from arena.header import TranscriptHeader
from arena.outputs import cannot_write


def event_line(event: BaseEvent) -> str:
    return json.dumps(event.to_dict(), ensure_ascii=False, separators=(",", ":"))


class TranscriptWriter:
    """Writes the header at once, then appends one flushed JSON line per event; a failed
    write (disk full, read-only) is a WriteError naming the file, raised once. Without a
    header it appends to the transcript at ``path`` (a web table's game brought back)."""

    def __init__(self, path: Path, header: TranscriptHeader | None) -> None:
        self.path = path
        self._failed = False
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file: IO[str] = path.open("a" if header is None else "w", encoding="utf-8")
        except OSError as exc:
            raise cannot_write(path, exc) from None
        if header is not None:
            self._write(header.line())

    def __call__(self, event: BaseEvent) -> None:
        self._write(event_line(event))

    def _write(self, line: str) -> None:
        try:
            self._file.write(line + "\n")
            self._file.flush()
        except OSError as exc:
            self._failed = True
            self.close()
            raise cannot_write(self.path, exc) from None

    def close(self) -> None:
        """Close the file; after a failed write, drop what it could not take."""
        try:
            self._file.close()
        except OSError as exc:
            if not self._failed:
                raise cannot_write(self.path, exc) from None
