"""Subcommands that live in their own modules.

Each module here defines ``register(sub)``: it adds its parser to the ``arena``
subparsers and sets ``run=<function(args, console) -> int>`` as the default, so
the command line grows without every command sitting in ``arena.cli``.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil


def register_all(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register every command module of this package, in name order."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        module.register(sub)
