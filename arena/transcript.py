"""Read JSONL transcripts (design.md section 4).

Line 1 is the header (``arena.header``); every later line is one event, appended
and flushed as it happens (``arena.transcript_writer``). Replaying a transcript to
check it is the application's job (``arena.app.reproduce``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from arena.engine import BaseEvent, GameConfig, make_rules
from arena.engine.events import SCHEMA, event_type
from arena.errors import TranscriptError
from arena.files import read_text
from arena.header import TranscriptHeader

EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(event_type())


@dataclass(frozen=True)
class Transcript:
    header: TranscriptHeader
    lines: list[str]
    events: list[BaseEvent]


def _problem(exc: ValidationError) -> str:
    """The first problem pydantic found, with where it is: ``seats.0.name: ...``."""
    err = exc.errors()[0]
    return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"


def _header(path: Path, row: str) -> TranscriptHeader:
    try:
        header = json.loads(row)
    except json.JSONDecodeError:
        raise TranscriptError(f"{path}:1: the header is not JSON") from None
    if not isinstance(header, dict) or header.get("type") != "header":
        raise TranscriptError(f"{path}:1: no transcript header")
    if header.get("schema") != SCHEMA:
        raise TranscriptError(f"{path}:1: unknown schema {header.get('schema')!r}")
    try:
        return TranscriptHeader.model_validate(header)
    except ValidationError as exc:
        raise TranscriptError(f"{path}:1: bad header ({_problem(exc)})") from None


def read(path: Path) -> Transcript:
    """Parse and validate a transcript; one-line TranscriptError on any problem."""
    rows = read_text(path, TranscriptError).splitlines()
    if not rows:
        raise TranscriptError(f"{path}: empty file")
    header = _header(path, rows[0])
    events = []
    for number, row in enumerate(rows[1:], start=2):
        try:
            events.append(EVENT_ADAPTER.validate_json(row))
        except ValidationError as exc:
            raise TranscriptError(f"{path}:{number}: bad event ({_problem(exc)})") from None
    return Transcript(header, rows[1:], events)


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


def iter_visible(events: list[BaseEvent], seat: int | None) -> Iterator[BaseEvent]:
    """Events as god (seat None) or exactly as one seat saw them."""
    from arena.engine.view import visible

    for event in events:
        if seat is None or visible(event, seat):
            yield event
