"""Copies of the shipped prompt set that a seat's prompts and header can be told by."""

from __future__ import annotations

import shutil
from pathlib import Path

from agents.prompts import SHIPPED_DIR


def marked_copy(tmp_path: Path, mark: str) -> Path:
    """The shipped set copied, ``mark`` atop its English system prompt and its answer line."""
    folder = tmp_path / mark
    shutil.copytree(SHIPPED_DIR, folder)
    system = folder / "en" / "system.txt"
    system.write_text(f"{mark}\n{system.read_text('utf-8')}", "utf-8")
    lines = folder / "en" / "lines.toml"
    text = lines.read_text("utf-8")
    assert "\nanswer = \"" in text
    lines.write_text(text.replace("\nanswer = \"", f"\nanswer = \"{mark} ", 1), "utf-8")
    return folder
