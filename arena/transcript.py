"""Write, read and replay-verify JSONL transcripts (design.md section 4).

Line 1 is the header; every later line is one event, appended and flushed as it
happens. ``verify`` re-runs the engine on the recorded decisions and reports the
first line that differs.
"""

from __future__ import annotations

import asyncio
import json
import platform
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import IO, Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from agents.prompts import hashes as prompt_hashes
from agents.replay import ReplayAgent, decisions_by_seat
from arena.engine import BaseEvent, Game, GameConfig, make_rules
from arena.engine.events import SCHEMA, Event
from arena.files import read_text

EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(Annotated[Event, Field(discriminator="type")])


class TranscriptError(ValueError):
    """A transcript that cannot be read or does not replay."""


def event_line(event: BaseEvent) -> str:
    return json.dumps(event.to_dict(), ensure_ascii=False, separators=(",", ":"))


def _versions() -> dict[str, str]:
    try:
        arena_version = version("werewolf-arena")
    except PackageNotFoundError:
        arena_version = "dev"
    return {"werewolf-arena": arena_version, "python": platform.python_version()}


def make_header(
    game: Game, *, game_id: str, seed: int, seats: list[dict[str, Any]]
) -> dict[str, Any]:
    config = game.judge.config
    return {
        "type": "header", "schema": SCHEMA, "game_id": game_id, "seed": seed,
        "preset": config.preset, "rules": config.rules.key_values(),
        "deal": dict(config.roles), "seats": seats,
        "record_reasoning": game.judge.record_reasoning,
        "roles": {str(n): r for n, r in game.roles.items()},
        "centre": list(game.judge.state.centre),
        "created": datetime.now(UTC).isoformat(timespec="seconds"), "versions": _versions(),
        "prompts": prompt_hashes(),
    }


class TranscriptWriter:
    """The event sink that appends one flushed JSON line per event."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file: IO[str] = path.open("w", encoding="utf-8")
        except OSError as exc:
            raise TranscriptError(f"{path}: cannot write ({exc.strerror})") from None
        self.path = path
        self._file.write(json.dumps(header, ensure_ascii=False) + "\n")
        self._file.flush()

    def __call__(self, event: BaseEvent) -> None:
        self._file.write(event_line(event) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


@dataclass(frozen=True)
class Transcript:
    header: dict[str, Any]
    lines: list[str]
    events: list[BaseEvent]


def read(path: Path) -> Transcript:
    """Parse and validate a transcript; one-line TranscriptError on any problem."""
    rows = read_text(path, TranscriptError).splitlines()
    if not rows:
        raise TranscriptError(f"{path}: empty file")
    try:
        header = json.loads(rows[0])
    except json.JSONDecodeError:
        raise TranscriptError(f"{path}:1: the header is not JSON") from None
    if not isinstance(header, dict) or header.get("type") != "header":
        raise TranscriptError(f"{path}:1: no transcript header")
    if header.get("schema") != SCHEMA:
        raise TranscriptError(f"{path}:1: unknown schema {header.get('schema')!r}")
    events = []
    for number, row in enumerate(rows[1:], start=2):
        try:
            events.append(EVENT_ADAPTER.validate_json(row))
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise TranscriptError(f"{path}:{number}: bad event ({where}: {err['msg']})") from None
    return Transcript(header, rows[1:], events)


HEADER_FIELDS = ("seed", "rules", "deal", "roles", "seats")


def config_of(header: dict[str, Any]) -> GameConfig:
    missing = [f for f in HEADER_FIELDS if f not in header]
    if missing:
        raise TranscriptError(f"the header lacks {', '.join(missing)}")
    try:
        names = tuple(str(seat["name"]) for seat in header["seats"])
        return GameConfig(preset=header.get("preset"), roles=header["deal"],
                          rules=make_rules(header["rules"]), names=names)
    except (KeyError, TypeError, ValueError) as exc:
        raise TranscriptError(f"the header does not describe a game: {exc}") from None


def deal_of(header: dict[str, Any], config: GameConfig) -> list[str]:
    roles = header["roles"]
    try:
        deal = [str(roles[str(seat)]) for seat in range(1, config.players + 1)]
    except (KeyError, TypeError):
        raise TranscriptError("the header's roles do not name every seat") from None
    deal += [str(card) for card in header.get("centre", ())]
    if sorted(deal) != sorted(config.deck()):
        raise TranscriptError("the header's roles do not match its deal")
    return deal


def replay_lines(transcript: Transcript) -> list[str]:
    """Re-run the engine on the recorded decisions; the event lines it produces."""
    header = transcript.header
    config = config_of(header)
    queues = decisions_by_seat([e.to_dict() for e in transcript.events])
    agents = {seat: ReplayAgent(queues.get(seat, [])) for seat in range(1, config.players + 1)}
    produced: list[str] = []
    game = Game(config, agents, seed=int(header["seed"]), deal=deal_of(header, config),
                sink=lambda e: produced.append(event_line(e)),
                record_reasoning=bool(header.get("record_reasoning", False)))
    asyncio.run(game.run())
    return produced


def verify(path: Path) -> tuple[bool, str]:
    """(ok, message): whether the engine reproduces the transcript line for line."""
    transcript = read(path)
    produced = replay_lines(transcript)
    for number, (want, got) in enumerate(zip(transcript.lines, produced, strict=False), start=2):
        if want != got:
            return False, f"line {number} differs:\n  recorded: {want}\n  replayed: {got}"
    if len(produced) != len(transcript.lines):
        return False, (f"recorded {len(transcript.lines)} events, replay produced "
                       f"{len(produced)}")
    return True, f"{len(produced)} events reproduced exactly"


def iter_visible(events: list[BaseEvent], seat: int | None) -> Iterator[BaseEvent]:
    """Events as god (seat None) or exactly as one seat saw them."""
    from arena.engine.view import visible

    for event in events:
        if seat is None or visible(event, seat):
            yield event
