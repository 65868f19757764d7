"""Helpers for the tournament tests: config files, running the command, reading runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.app.cli import main

# `arena` as a terminal's foreground job runs it, Ctrl-C included: a job started in
# the background of a non-interactive shell (as CI may start the tests) inherits SIGINT
# ignored, and Python then never raises KeyboardInterrupt
FOREGROUND = ("import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
              "runpy.run_module('arena.app.cli', run_name='__main__', alter_sys=True)")


def config_text(name: str, agents: dict[str, str], rules: dict[str, Any] | None = None,
                **top: Any) -> str:
    """A tournament config: top-level keys, then one table per agent and the rules."""
    lines = [f"name = {json.dumps(name)}"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in top.items()]
    for agent, spec in agents.items():
        lines += [f"[agents.{agent}]", f"agent = {json.dumps(spec)}"]
    if rules:
        lines += ["[rules]", *(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in rules.items())]
    return "\n".join(lines) + "\n"


def write_config(folder: Path, name: str, agents: dict[str, str], **top: Any) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(config_text(name, agents, **top), encoding="utf-8")
    return path


def run(*argv: str) -> int:
    return main(["tournament", *argv, "--quiet"])


def manifest(run_dir: Path) -> list[dict[str, Any]]:
    text = (run_dir / "manifest.jsonl").read_text(encoding="utf-8")
    return [json.loads(row) for row in text.splitlines()]


def event_lines(run_dir: Path) -> dict[str, list[str]]:
    """Each transcript's lines after the header (which holds the time it was written)."""
    return {p.name: p.read_text(encoding="utf-8").splitlines()[1:]
            for p in sorted((run_dir / "games").glob("*.jsonl"))}

