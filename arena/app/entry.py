"""The ``arena`` console script: before the command line (which imports ``agents`` and
``evals``) loads, check that those two names are this project's packages.

Other distributions install top-level packages with the same names (openai-agents
installs ``agents``; openai's evals installs ``evals``); in one environment they
overwrite each other without a word. Each of ours carries ``PROJECT`` in its
``__init__``; a package without it stops the command with one line naming whoever
else provides it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.metadata import packages_distributions
from importlib.util import find_spec
from pathlib import Path

PROJECT = "werewolf-arena"
SHARED_NAMES = ("agents", "evals")
MARKER = f'PROJECT = "{PROJECT}"'


def foreign(name: str) -> str | None:
    """Why the importable package ``name`` is not this project's, or None when it is."""
    spec = find_spec(name)
    origin = Path(spec.origin) if spec is not None and spec.origin else None
    if origin is not None and origin.name == "__init__.py":
        try:
            if MARKER in origin.read_text(encoding="utf-8"):
                return None
        except OSError:
            pass
    where = f" at {origin.parent}" if origin is not None else ""
    others = [d for d in dict.fromkeys(packages_distributions().get(name, [])) if d != PROJECT]
    owner = f"is {' / '.join(others)}'s" if others else "is not werewolf-arena's"
    return (f"the `{name}` package{where} {owner}: install werewolf-arena in an "
            "environment of its own (python -m venv .venv)")


def main(argv: Sequence[str] | None = None) -> int:
    for name in SHARED_NAMES:
        problem = foreign(name)
        if problem is not None:
            print(f"arena: error: {problem}", file=sys.stderr)
            return 2
    from arena.app.cli import main as run

    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
