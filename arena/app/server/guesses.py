"""Spot the AI: at a table played without knowing which seats are models, each person
names, once the game is over, the seats they think were played by AI. The guesses go
to ``<table id>.guesses.json`` beside the transcript (evals/spot_the_ai.py reads both)."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from arena.outputs import write_text
from arena.run_layout import guesses_path


class Guess(BaseModel):
    """What a seat's page sends: the seats it takes for AI (empty: everyone human)."""

    model_config = ConfigDict(extra="forbid")

    ai: list[int] = Field(default_factory=list, max_length=30)


def save(transcript: Path, guesses: dict[int, list[int]]) -> None:
    """Write every guess so far (replaced whole, so a reader never sees half a file)."""
    data = {"game_id": transcript.stem,
            "guesses": {str(seat): sorted(ai) for seat, ai in sorted(guesses.items())}}
    write_text(guesses_path(transcript), json.dumps(data, ensure_ascii=False) + "\n")


class Saved(BaseModel):
    """A guesses file as ``save`` writes it."""

    game_id: str
    guesses: dict[int, list[int]]


def load(transcript: Path) -> dict[int, list[int]]:
    """The guesses written beside ``transcript`` (none when there is no file)."""
    path = guesses_path(transcript)
    return Saved.model_validate_json(path.read_bytes()).guesses if path.is_file() else {}
