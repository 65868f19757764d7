"""Read JSONL transcripts (design.md section 4), checking their structure as they stream.

Line 1 is the header (``arena.header``); every later line is one event, appended
and flushed as it happens (``arena.transcript_writer``). Reading checks the structure
(``arena.transcript.checks``); replaying a transcript to check every event is the
application's job (``arena.app.reproduce``).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from arena.engine import BaseEvent, GameConfig, make_rules
from arena.engine.events import SCHEMA, Aborted, GameEnd, UsageSummary, event_type
from arena.errors import TranscriptError
from arena.files import Row, open_regular, read_lines
from arena.header import TranscriptHeader
from arena.transcript.checks import BodyCheck, check_header

EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(event_type())
TAIL_BYTES = 1 << 16  # enough for any game_end line


class TornTranscript(TranscriptError):
    """A transcript whose last line is cut off: a game still being written, or killed."""


@dataclass(frozen=True)
class Transcript:
    header: TranscriptHeader
    lines: list[str]
    events: list[BaseEvent]

    @property
    def end(self) -> GameEnd | None:
        """The game's one ``game_end``, its last event; None when the game did not end."""
        last = self.events[-1] if self.events else None
        return last if isinstance(last, GameEnd) else None


def _problem(exc: ValidationError) -> str:
    """The first problem pydantic found, with where it is: ``seats.0.name: ...``."""
    err = exc.errors()[0]
    return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"


def _header(path: Path, row: bytes) -> TranscriptHeader:
    try:
        header = json.loads(row)
    except json.JSONDecodeError:
        raise TranscriptError(f"{path}:1: the header is not JSON") from None
    except UnicodeDecodeError:
        raise TranscriptError(f"{path}:1: the header is not UTF-8 text") from None
    except ValueError:  # Python's limit on int-str conversion: sys.get_int_max_str_digits()
        raise TranscriptError(f"{path}:1: the header holds a number of more than "
                              f"{sys.get_int_max_str_digits()} digits") from None
    if not isinstance(header, dict) or header.get("type") != "header":
        raise TranscriptError(f"{path}:1: no transcript header")
    if header.get("schema") != SCHEMA:
        raise TranscriptError(f"{path}:1: unknown schema {header.get('schema')!r}")
    try:
        parsed = TranscriptHeader.model_validate(header)
        check_header(parsed)
    except ValidationError as exc:
        raise TranscriptError(f"{path}:1: bad header ({_problem(exc)})") from None
    except TranscriptError as exc:
        raise TranscriptError(f"{path}:1: {exc}") from None
    return parsed


def read(path: Path, on_bytes: Callable[[int], None] | None = None) -> Transcript:
    """Parse and check a transcript as it streams; one-line TranscriptError naming the
    file and line on any problem (TornTranscript: its last line is cut off).
    ``on_bytes`` is told the size of each line read (for a progress display)."""
    return _parse(path, read_lines(path, TranscriptError, on_bytes))


def ends_with_game_end(path: Path) -> bool:
    """Whether the file's last line is a whole ``game_end`` (a finished game's transcript,
    not cut short): a look at its tail only. False when it is missing or unreadable."""
    try:
        with open_regular(path, TranscriptError) as file:
            file.seek(max(0, file.seek(0, os.SEEK_END) - TAIL_BYTES))
            tail = file.read()
    except (TranscriptError, OSError):
        return False
    last = tail.removesuffix(b"\n").rpartition(b"\n")[2]
    try:
        return tail.endswith(b"\n") and isinstance(EVENT_ADAPTER.validate_json(last), GameEnd)
    except ValidationError:
        return False



def stop_point(events: Sequence[BaseEvent]) -> int | None:
    """For a game that stopped ``aborted``: the seq of the last event it played, before
    its closing usage summary and ``aborted``; None for any other game."""
    end = events[-1] if events else None
    if not isinstance(end, Aborted):
        return None
    closing = 2 if len(events) > 1 and isinstance(events[-2], UsageSummary) else 1
    return end.seq - closing


def _parse(path: Path, rows: Iterator[Row]) -> Transcript:
    first = next(rows, None)
    if first is None:
        raise TranscriptError(f"{path}: empty file")
    header = _header(path, first[1])
    check = BodyCheck(header)
    lines: list[str] = []
    events: list[BaseEvent] = []
    for number, row, whole in rows:
        try:
            event = EVENT_ADAPTER.validate_json(row)
            check.event(event)
        except ValidationError as exc:
            if not whole:
                raise TornTranscript(f"{path}:{number}: the last line is cut off (a game "
                                     "still being written, or a torn file)") from None
            raise TranscriptError(f"{path}:{number}: bad event ({_problem(exc)})") from None
        except TranscriptError as exc:
            raise TranscriptError(f"{path}:{number}: {exc}") from None
        events.append(event)
        lines.append(row.decode("utf-8", "replace"))
    return Transcript(header, lines, events)


HEADER_FIELDS = ("seed", "rules", "deal", "roles", "seats")


def config_of(header: TranscriptHeader) -> GameConfig:
    missing = [f for f in HEADER_FIELDS
               if f not in header.model_fields_set or getattr(header, f) is None]
    if missing:
        raise TranscriptError(f"the header lacks {', '.join(missing)}")
    try:
        return GameConfig(preset=header.preset, roles=header.deal,
                          rules=make_rules(header.rules),
                          names=tuple(seat.name for seat in header.seats))
    except (KeyError, TypeError, ValueError) as exc:
        raise TranscriptError(f"the header does not describe a game: {exc}") from None


def deal_of(header: TranscriptHeader, config: GameConfig) -> list[str]:
    dealt = header.dealt()
    try:
        deal = [dealt[seat] for seat in range(1, config.players + 1)]
    except KeyError:
        raise TranscriptError("the header's roles do not name every seat") from None
    deal += header.centre
    if sorted(deal) != sorted(config.deck()):
        raise TranscriptError("the header's roles do not match its deal")
    return deal
