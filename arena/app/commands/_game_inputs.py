"""The sub-command of a command that reads finished games: its inputs argument."""

from __future__ import annotations

import argparse


def add_games_command(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, *,
                      help: str, description: str, metavar: str = "RUN_DIR|TRANSCRIPT",
                      dest: str = "inputs", aliases: tuple[str, ...] = ()
                      ) -> argparse.ArgumentParser:
    """The parser of ``name`` (also called by its old names, ``aliases``), taking one or
    more run folders, transcript folders or files (as ``dest``, named ``metavar`` in the
    usage line)."""
    parser = sub.add_parser(name, help=help, description=description, aliases=aliases)
    parser.add_argument(dest, nargs="+", metavar=metavar)
    return parser
