"""The judge: pure, deterministic rules, state, events and views. No I/O."""

from arena.engine.config import GameConfig, RuleError, RuleSet, make_rules
from arena.engine.events import BaseEvent, Claim
from arena.engine.expansion import register
from arena.engine.game import Game, GameResult, run_game, run_game_in_line
from arena.engine.judge import AbortGame, StopGame
from arena.engine.newmoon.expansion import SPEC as NEW_MOON
from arena.engine.requests import Decision, Request
from arena.engine.variants import EXPANSION as VARIANTS
from arena.engine.view import Observation, observe
from arena.engine.village.expansion import SPEC as VILLAGE

for _expansion in (VARIANTS, VILLAGE, NEW_MOON):  # each plugs its hooks into the core game
    register(_expansion)

__all__ = [
    "AbortGame",
    "BaseEvent",
    "Claim",
    "Decision",
    "Game",
    "GameConfig",
    "GameResult",
    "Observation",
    "Request",
    "RuleError",
    "RuleSet",
    "StopGame",
    "make_rules",
    "observe",
    "run_game",
    "run_game_in_line",
]
