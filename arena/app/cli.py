"""The ``arena`` command: the parser of every subcommand (arena.app.commands), the
mapping of errors to exit codes (2: bad input or an I/O failure, one line; 3: a game
aborted; 130: interrupted), and warnings shown as one line ``arena: warning: ...`` (no
Python source line)."""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence

from rich.console import Console

from agents import AgentSpecError
from agents.scripted import ScenarioError
from agents.seat_options import TableError
from arena.app import commands
from arena.engine import RuleError, StopGame
from arena.errors import ABORTED, TranscriptError, UsageError

USER_ERRORS = (RuleError, ScenarioError, AgentSpecError, TableError, TranscriptError,
               UsageError)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="arena", description="Werewolf Arena")
    commands.register_all(top.add_subparsers(dest="command", required=True))
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    console = Console()
    formatter, warnings.formatwarning = warnings.formatwarning, one_line_warning
    try:
        return int(args.run(args, console))
    except USER_ERRORS as exc:
        print(f"arena: error: {exc}", file=sys.stderr)
        return 2
    except StopGame as stop:  # a game that could not go on (docs/transcript.md, aborted)
        print(f"arena: game aborted: {stop.summary()}", file=sys.stderr)
        return ABORTED
    except OSError as exc:  # an I/O failure no command named: still one line
        where = f"{exc.filename}: " if exc.filename is not None else ""
        print(f"arena: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("arena: interrupted", file=sys.stderr)
        return 130
    finally:
        warnings.formatwarning = formatter


def one_line_warning(message: Warning | str, category: type[Warning], filename: str,
                     lineno: int, line: str | None = None) -> str:
    """A warning as the command's one line (no source line)."""
    return f"arena: warning: {message}\n"


if __name__ == "__main__":
    sys.exit(main())
