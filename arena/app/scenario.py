"""Scenario files (design.md section 5): a fixed deal and scripted decisions."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agents.scripted import Entry, Queues, ScenarioError, ScriptedAgent, to_decision
from agents.seat_options import Age, Building, Gender
from arena.engine import GameConfig, RuleError, make_rules
from arena.engine.chance import DrawError, ForcedDraws
from arena.engine.requests import KINDS, shape_of
from arena.files import first_error, read_text
from arena.header import Seed
from arena.presets import load_preset, preset_rules

DAY_KEY = re.compile(r"day(\d+)$")


class SeatAttributes(BaseModel):
    model_config = ConfigDict(extra="forbid")
    gender: Gender | None = None
    age: Age | None = None
    building: Building | None = None


class ScenarioFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    preset: str | None = None
    seed: Seed = 0
    roles: list[str] | None = Field(None, min_length=1)  # the cards, seat by seat
    rules: dict[str, Any] = {}
    fallback: dict[str, str] = {}
    seats: dict[str, dict[str, Any]] = {}
    attributes: dict[int, SeatAttributes] = {}
    draws: dict[str, Any] = {}  # forced chance draws (arena/engine/chance.py)
    description: str = ""


@dataclass
class Scenario:
    config: GameConfig
    seed: int
    deal: list[str] | None
    fallback: str
    scripts: dict[int, tuple[Queues, dict[int, Queues]]] = field(default_factory=dict)
    draws: dict[str, Any] = field(default_factory=dict)
    last: dict[int, ScriptedAgent] = field(default_factory=dict, repr=False)

    def agents(self, make_fallback: Any) -> dict[int, ScriptedAgent]:
        """A ScriptedAgent per seat (kept for ``unused``); ``make_fallback(spec, seat)``
        builds the fallback."""
        self.last = {}
        for seat in range(1, self.config.players + 1):
            queues, by_day = self.scripts.get(seat, ({}, {}))
            self.last[seat] = ScriptedAgent(seat, queues, by_day,
                                            make_fallback(self.fallback, seat))
        return self.last

    def unused(self) -> list[str]:
        """One warning per seat whose entries the last game left unused."""
        return [line for agent in self.last.values() if (line := agent.unused())]


def _queue(where: str, seat: int, kind: str, value: Any, day: str = "") -> list[Entry]:
    """Entries for one kind: a list is a queue, anything else one entry; each checked
    by type and labelled by its place (``day3.vote #2``)."""
    if kind not in KINDS:
        raise ScenarioError(f"{where}: seat {seat}: unknown decision kind {kind!r} "
                            f"(known: {', '.join(sorted(KINDS))})")
    items = list(value) if isinstance(value, list) else [value]
    if shape_of(kind) in ("pair", "subset") and isinstance(value, list) and not (
            value and isinstance(value[0], list)):
        items = [value]
    entries = []
    for number, item in enumerate(items, 1):
        label = f"{day}{kind} #{number}"
        try:
            entries.append(Entry(label, item, to_decision(kind, item)))
        except ValueError as exc:
            raise ScenarioError(f"{where}: seat {seat}, {label}: {exc}") from None
    return entries


def _seat_script(where: str, seat: int, table: dict[str, Any]) -> tuple[
        Queues, dict[int, Queues]]:
    queues: Queues = {}
    by_day: dict[int, Queues] = {}
    for key, value in table.items():
        match = DAY_KEY.match(key)
        if match:
            if not isinstance(value, dict):
                raise ScenarioError(f"{where}: seats.{seat}.{key} must be a table")
            by_day[int(match.group(1))] = {
                k: _queue(where, seat, k, v, f"{key}.") for k, v in value.items()}
        else:
            queues[key] = _queue(where, seat, key, value)
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
        config = config.model_copy(update={"attributes": {
            n: a.model_dump(exclude_none=True) for n, a in spec.attributes.items()}})
    scripts = {}
    for key, table in spec.seats.items():
        if not key.isdigit() or not 1 <= int(key) <= config.players:
            raise ScenarioError(
                f"{where}: seats.{key} is not a seat of this {config.players}-player game")
        scripts[int(key)] = _seat_script(where, int(key), table)
    try:
        ForcedDraws(spec.draws, config.players)  # checked now, made as the game plays
    except DrawError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    fallback = spec.fallback.get("agent", "passive")
    return Scenario(config, spec.seed, spec.roles, fallback, scripts, spec.draws)
