"""Where commands write. An output is never one of the command's inputs nor another of
its outputs (``check_outputs``); a file is written whole or not at all (``write_text``);
a failed write is one line naming the path (``WriteError``)."""

from __future__ import annotations

import os
import stat
import uuid
from collections.abc import Iterable, Mapping
from contextlib import suppress
from pathlib import Path

from arena.errors import UsageError


class WriteError(UsageError):
    """A file or folder that could not be written (disk full, read-only, not a folder)."""


def cannot_write(path: Path, exc: OSError) -> WriteError:
    """The one-line error of ``exc`` met while writing ``path``."""
    if isinstance(exc, FileExistsError) and exc.filename is not None:  # from mkdir
        return WriteError(f"{path}: cannot write ({exc.filename} is a file, not a folder)")
    return WriteError(f"{path}: cannot write ({exc.strerror or exc})")


def make_folder(path: Path) -> None:
    """The folder ``path`` (and its parents) made unless it exists; WriteError otherwise."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise cannot_write(path, exc) from None


def _identity(path: Path) -> tuple[int, int] | Path:
    """An existing file's device and inode (links and case-insensitive file systems name
    one file several ways), else the resolved path."""
    try:
        info = path.stat()
    except OSError:
        return path.resolve()
    return info.st_dev, info.st_ino


def check_outputs(outputs: Mapping[str, Path | None], inputs: Iterable[Path] = ()) -> None:
    """UsageError when an output (its option -> path; None: not asked for) is one of
    ``inputs`` or the file of another output: writing it would destroy what is read."""
    taken: dict[tuple[int, int] | Path, str | None] = {_identity(p): None for p in inputs}
    for option, path in outputs.items():
        if path is None:
            continue
        key = _identity(path)
        if key in taken:
            other = taken[key]
            raise UsageError(f"{option} {path}: " + (
                "is an input of this command: write the output elsewhere" if other is None
                else f"is also the {other} output: give each output its own path"))
        taken[key] = option


def write_text(path: Path, text: str) -> None:
    """``text`` as the whole of ``path`` (UTF-8), its folder made if missing: written to a
    temporary file beside it, then renamed onto it, so ``path`` is never half written (a
    device or FIFO, such as /dev/stdout, is written in place); WriteError naming ``path``
    on failure."""
    in_place = path.exists() and not path.is_file() and not path.is_dir()
    target = path if in_place else path.resolve()  # a link's file is replaced, not the link
    temporary = target if in_place else target.with_name(
        f".{target.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(text, encoding="utf-8")
        if not in_place:
            if target.is_file():  # keep the permissions of the file replaced
                os.chmod(temporary, stat.S_IMODE(target.stat().st_mode))
            os.replace(temporary, target)
    except OSError as exc:
        raise cannot_write(path, exc) from None
    finally:
        if not in_place:
            with suppress(OSError):  # a folder gone read-only keeps the temporary file
                temporary.unlink(missing_ok=True)
