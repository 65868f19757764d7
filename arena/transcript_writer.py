"""The event sink that records a game: its header line, then one flushed line per event."""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO

from arena.engine import BaseEvent
from arena.errors import TranscriptError
from arena.header import TranscriptHeader


def event_line(event: BaseEvent) -> str:
    return json.dumps(event.to_dict(), ensure_ascii=False, separators=(",", ":"))


class TranscriptWriter:
    """Writes the header at once, then appends one flushed JSON line per event."""

    def __init__(self, path: Path, header: TranscriptHeader) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file: IO[str] = path.open("w", encoding="utf-8")
        except OSError as exc:
            raise TranscriptError(f"{path}: cannot write ({exc.strerror})") from None
        self.path = path
        self._file.write(header.line() + "\n")
        self._file.flush()

    def __call__(self, event: BaseEvent) -> None:
        self._file.write(event_line(event) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()
