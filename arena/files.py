"""Reading and writing the project's files with one-line errors that name the file and,
for TOML checked by a pydantic model, the bad key."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

Model = TypeVar("Model", bound=BaseModel)


def read_text(path: Path, error: type[Exception]) -> str:
    """The file's text; ``error`` with the reason when it cannot be read as UTF-8."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"{path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None


def write_text(path: Path, text: str, error: type[Exception]) -> None:
    """Write ``text`` to ``path``, making its folder; ``error`` with the reason on failure."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise error(f"{path}: cannot write ({exc.strerror})") from None


def first_error(exc: ValidationError) -> str:
    """The first problem pydantic found, without its "Value error, " prefix."""
    return str(exc.errors()[0]["msg"]).removeprefix("Value error, ")


def parse_model(model: type[Model], text: str, source: str, error: type[Exception]) -> Model:
    """TOML text checked by ``model``; ``error`` naming ``source`` and the bad key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{source}: not valid TOML ({exc})") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        where = ".".join(str(p) for p in exc.errors()[0]["loc"])
        raise error(f"{source}: {where + ': ' if where else ''}{first_error(exc)}") from None
