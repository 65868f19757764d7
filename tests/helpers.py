"""Shared test utilities: run scenario text, find events, run bot games."""

from __future__ import annotations

import asyncio
import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

from agents import make_agent
from arena.app import scenario
from arena.engine import BaseEvent, GameConfig, GameResult, run_game
from tests.games import bots


def play_scenario(text: str) -> GameResult:
    """Play a scenario given as TOML text (design.md section 5)."""
    scen = scenario.parse(tomllib.loads(text))
    agents = scen.agents(lambda spec, seat: make_agent(spec, seat, scen.seed))
    return asyncio.run(run_game(scen.config, dict(agents), seed=scen.seed, deal=scen.deal,
                                draws=scen.draws))


def play_bots(config: GameConfig, spec: str, seed: int) -> GameResult:
    """A game of ``config`` with every seat a ``spec`` bot (or ``mixed``, as ``bots``)."""
    return asyncio.run(run_game(config, bots(config, spec, seed), seed=seed))


def events_of(result: GameResult, type_: str, **fields: Any) -> list[BaseEvent]:
    """Events of one type whose fields equal the given values."""
    return [
        e for e in result.events
        if getattr(e, "type", None) == type_
        and all(getattr(e, k, None) == v for k, v in fields.items())
    ]


def deaths(result: GameResult) -> list[tuple[int, int, str]]:
    """(day, seat, cause) for every death, in order (night deaths show cause 'night')."""
    return [(e.day, e.seat, e.cause) for e in events_of(result, "death")]  # type: ignore[attr-defined]


def true_causes(result: GameResult) -> dict[int, str]:
    """seat -> true cause of death (night deaths resolved through death_cause)."""
    out = {e.seat: e.cause for e in events_of(result, "death")}  # type: ignore[attr-defined]
    out.update({e.seat: e.cause for e in events_of(result, "death_cause")})  # type: ignore[attr-defined]
    return out


def load_script(name: str) -> ModuleType:
    """A script of scripts/ as a module (the scripts are not a package)."""
    path = Path(__file__).resolve().parent.parent / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"{name}_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
