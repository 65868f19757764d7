"""A web table's settings beside its transcript (``<table id>.table.json``): what a
restarted server needs besides the transcript to bring the table back: the host's
form (preset, seats' agents, pacing), the seed, the pace the server gave it, and its
lobby (the seats opened, whether the game started, the seats given to the bot or a model),
and the table its "play again" made, if any. It holds no secret: the links are signed
again from the host secret (``links``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from arena.outputs import write_text

SUFFIX = ".table.json"


class TableRecord(BaseModel):
    """What is written of a table, replaced whole at each change."""

    model_config = ConfigDict(extra="forbid")

    table: str
    spec: dict[str, object]  # the TableSpec, as JSON
    seed: int
    night_step_s: float
    speech_s: float | None
    opened: list[int]
    started: bool
    filled: list[int]  # seats nobody opened, played since the start by ``fill``:
    fill: str = "bot"  # the table's bot, or a model profile the server offers
    rematch: str | None = None  # the id of the table "play again" made from this one


def record_path(transcript: Path) -> Path:
    """The settings file beside a table's transcript ``<id>.jsonl``."""
    return transcript.with_name(transcript.stem + SUFFIX)


def save(transcript: Path, record: TableRecord) -> None:
    """Write ``record`` (a temporary file renamed into place: never half a file)."""
    write_text(record_path(transcript), record.model_dump_json() + "\n")

