"""``--prompts DIR`` (``play``, ``simulate``, ``serve``): another prompt set for model
seats, its folder checked before anything runs."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from agents.prompts import PromptSetError, load
from arena.errors import UsageError


def checked_prompts(folder: str | None, langs: Iterable[str]) -> Path | None:
    """``folder`` checked for each of ``langs`` (None when no folder is given); a broken
    one is a UsageError (one line)."""
    if not folder:
        return None
    try:
        for lang in langs:
            load(Path(folder), lang)
    except PromptSetError as exc:
        raise UsageError(f"--prompts: {exc}") from None
    return Path(folder)
