"""Reading the project's files with one-line errors that name the file and,
for TOML checked by a pydantic model, the bad key."""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO, TypeVar

from pydantic import BaseModel, ValidationError

Model = TypeVar("Model", bound=BaseModel)


MAX_TEXT_BYTES = 64 << 20  # a config, scenario, table or imported record read whole


def open_regular(path: Path, error: type[Exception]) -> BinaryIO:
    """The file opened to read bytes; ``error`` when it cannot be opened or is not a
    regular file (a folder, or a FIFO or device, which may block or never end)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO's open must not wait
    except OSError as exc:
        raise error(f"{path}: cannot read ({exc.strerror})") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise error(f"{path}: cannot read (not a regular file)")
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


MAX_LINE_BYTES = 1 << 20  # a line of a transcript or a speech scores file; longer is a defect
CHUNK_BYTES = 1 << 20  # read at a time
LONG_LINE = f"a line longer than {MAX_LINE_BYTES >> 20} MB"

Row = tuple[int, bytes, bool]
"""(line number, the line without its newline, whether the newline was there)."""


def read_lines(path: Path, error: type[Exception],
               on_bytes: Callable[[int], None] | None = None) -> Iterator[Row]:
    """The lines of a regular file as they are read, a chunk at a time, at most
    ``MAX_LINE_BYTES`` each; ``error`` naming the file (and line) when it cannot be read.
    ``on_bytes`` is told the size of each chunk (for a progress display)."""
    with open_regular(path, error) as file:
        number, rest = 0, b""
        while True:
            try:
                chunk = file.read(CHUNK_BYTES)
            except OSError as exc:
                raise error(f"{path}:{number + 1}: cannot read ({exc.strerror})") from None
            if not chunk:
                break
            if on_bytes is not None:
                on_bytes(len(chunk))
            rows = (rest + chunk).split(b"\n")
            rest = rows.pop()
            for row in rows:
                number += 1
                if len(row) > MAX_LINE_BYTES:
                    raise error(f"{path}:{number}: {LONG_LINE}")
                yield number, row, True
            if len(rest) > MAX_LINE_BYTES:
                raise error(f"{path}:{number + 1}: {LONG_LINE}")
        if rest:
            yield number + 1, rest, False


def read_text(path: Path, error: type[Exception]) -> str:
    """The text of a regular file of at most ``MAX_TEXT_BYTES``; ``error`` with the reason
    when it cannot be read as UTF-8."""
    with open_regular(path, error) as file:
        try:
            data = file.read(MAX_TEXT_BYTES + 1)
        except OSError as exc:
            raise error(f"{path}: cannot read ({exc.strerror})") from None
    if len(data) > MAX_TEXT_BYTES:
        raise error(f"{path}: cannot read (larger than {MAX_TEXT_BYTES >> 20} MB)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: cannot read (not UTF-8 text: {exc.reason} at byte "
                    f"{exc.start})") from None


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
