"""The ``arena`` subcommands, one module each.

Each public module here defines ``register(sub)``: it adds its parser to the
``arena`` subparsers and sets ``run=<function(args, console) -> int>`` as the
default. Modules named ``_*`` hold what several commands share.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil

FIRST = ("play", "simulate", "replay", "presets", "rules")  # then the others by name


def register_all(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register every command module of this package: ``FIRST``, then by name."""
    names = [m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")]
    for name in sorted(names, key=lambda n: (FIRST.index(n) if n in FIRST else len(FIRST), n)):
        importlib.import_module(f"{__name__}.{name}").register(sub)
