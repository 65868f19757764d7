"""The heuristic agent's play, one module per part of the game.

``situation`` holds what every decision draws on; the other modules answer the
requests of one role or one phase and registers each play in ``registry``
(``@plays(KIND)``), which ``agents.heuristic`` looks up; importing the package
imports every module, so each registration happens.
"""

import importlib
import pkgutil

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_module}")  # each tactic registers its plays
