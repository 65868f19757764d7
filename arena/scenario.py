"""Scenario files (design.md section 5): a fixed deal and scripted decisions."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from agents.scripted import ScenarioError, ScriptedAgent
from arena.engine import GameConfig, RuleError, make_rules
from arena.engine.requests import KINDS, shape_of
from arena.files import first_error, read_text
from arena.presets import load_preset, preset_rules

DAY_KEY = re.compile(r"day(\d+)$")


class ScenarioFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    preset: str | None = None
    seed: int = 0
    roles: list[str] | None = None
    rules: dict[str, Any] = {}
    fallback: dict[str, str] = {}
    seats: dict[str, dict[str, Any]] = {}
    attributes: dict[int, dict[str, Any]] = {}
    description: str = ""


@dataclass
class Scenario:
    config: GameConfig
    seed: int
    deal: list[str] | None
    fallback: str
    scripts: dict[int, tuple[dict[str, list[Any]], dict[int, dict[str, list[Any]]]]] = field(
        default_factory=dict)

    def agents(self, make_fallback: Any) -> dict[int, ScriptedAgent]:
        """A ScriptedAgent per seat; ``make_fallback(spec, seat)`` builds the fallback."""
        out = {}
        for seat in range(1, self.config.players + 1):
            queues, by_day = self.scripts.get(seat, ({}, {}))
            out[seat] = ScriptedAgent(seat, queues, by_day, make_fallback(self.fallback, seat))
        return out


def _queue(kind: str, value: Any) -> list[Any]:
    """Entries for one kind: a list is a queue, anything else one entry."""
    if kind not in KINDS:
        raise ScenarioError(f"unknown decision kind {kind!r} (known: {', '.join(sorted(KINDS))})")
    if shape_of(kind) in ("pair", "subset") and isinstance(value, list) and not (
            value and isinstance(value[0], list)):
        return [value]
    return list(value) if isinstance(value, list) else [value]


def _seat_script(seat: int, table: dict[str, Any]) -> tuple[
        dict[str, list[Any]], dict[int, dict[str, list[Any]]]]:
    queues: dict[str, list[Any]] = {}
    by_day: dict[int, dict[str, list[Any]]] = {}
    for key, value in table.items():
        match = DAY_KEY.match(key)
        if match:
            if not isinstance(value, dict):
                raise ScenarioError(f"seats.{seat}.{key} must be a table")
            by_day[int(match.group(1))] = {k: _queue(k, v) for k, v in value.items()}
        else:
            queues[key] = _queue(key, value)
    return queues, by_day


def load(path: Path) -> Scenario:
    try:
        data = tomllib.loads(read_text(path, ScenarioError))
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: not TOML ({exc})") from None
    return parse(data, str(path))


def parse(data: dict[str, Any], where: str = "scenario") -> Scenario:
    try:
        spec = ScenarioFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ScenarioError(f"{where}: {'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    try:
        if spec.preset and not spec.roles:
            config = load_preset(spec.preset, overrides=spec.rules)
        else:
            if not spec.roles:
                raise ScenarioError(f"{where}: give a preset or a roles list")
            counts: dict[str, int] = {}
            for role in spec.roles:
                counts[role] = counts.get(role, 0) + 1
            base = preset_rules(spec.preset) if spec.preset else {}
            config = GameConfig(preset=spec.preset, roles=counts,
                                rules=make_rules(base, spec.rules))
    except ValidationError as exc:
        raise ScenarioError(f"{where}: {first_error(exc)}") from None
    except RuleError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    bad = [n for n in spec.attributes if not 1 <= n <= config.players]
    if bad:
        raise ScenarioError(f"{where}: attributes.{bad[0]} is not a seat of this game")
    if spec.attributes:
        config = config.model_copy(update={"attributes": spec.attributes})
    scripts = {}
    for key, table in spec.seats.items():
        if not key.isdigit() or not 1 <= int(key) <= config.players:
            raise ScenarioError(
                f"{where}: seats.{key} is not a seat of this {config.players}-player game")
        scripts[int(key)] = _seat_script(int(key), table)
    fallback = spec.fallback.get("agent", "passive")
    return Scenario(config, spec.seed, spec.roles, fallback, scripts)
