"""The heuristic agent's play, one module per part of the game.

``situation`` holds what every decision draws on; the other modules answer the
requests of one role or one phase (``agents.heuristic`` maps request kinds to them).
"""
