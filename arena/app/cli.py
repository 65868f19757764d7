"""The ``arena`` command: the parser of every subcommand (arena.app.commands), and the
mapping of errors to exit codes (2: bad input, one line; 130: interrupted)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.console import Console

from agents import AgentSpecError
from agents.scripted import ScenarioError
from agents.table import TableError
from arena.app import commands
from arena.engine import RuleError
from arena.errors import TranscriptError, UsageError

USER_ERRORS = (RuleError, ScenarioError, AgentSpecError, TableError, TranscriptError,
               UsageError)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="arena", description="Werewolf Arena")
    commands.register_all(top.add_subparsers(dest="command", required=True))
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    console = Console()
    try:
        return int(args.run(args, console))
    except USER_ERRORS as exc:
        print(f"arena: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("arena: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
