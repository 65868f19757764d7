"""The names of the files the arena writes beside transcripts: a tournament's run folder,
and a web table's spot-the-AI guesses."""

from __future__ import annotations

from pathlib import Path

CONFIG_FILE = "config.toml"  # the config the run was started with (editable)
RUN_FILE = "run.json"  # the schedule-defining config and its hash, written at start
MANIFEST_FILE = "manifest.jsonl"  # one line per finished game
SPEND_FILE = "spend.jsonl"  # the spend ledger: one line per model call
ABORTED_FILE = "aborted.jsonl"  # one line per game that stopped aborted (played again)
GAMES_DIR = "games"  # one transcript per game
LOCK_FILE = "tournament.lock"  # held by the one process writing the run; names it


def is_run_folder(path: Path) -> bool:
    """A folder a tournament wrote: its transcripts are under ``games/``."""
    return (path / GAMES_DIR).is_dir() and any(
        (path / name).is_file() for name in (RUN_FILE, MANIFEST_FILE, CONFIG_FILE))

GUESSES_SUFFIX = ".guesses.json"
"""Beside a web table's transcript ``<id>.jsonl``: the spot-the-AI guesses of its people."""


def guesses_path(transcript: Path) -> Path:
    """The guesses file beside a web table's transcript ``<id>.jsonl``."""
    return transcript.with_name(transcript.stem + GUESSES_SUFFIX)
