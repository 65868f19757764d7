"""Preset setups (TOML): an edition's rules plus one player count's deal."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from arena.engine.config import GameConfig, RuleError, make_rules
from arena.files import first_error


class EditionFile(BaseModel):
    """An edition's rules; ``base``: the edition it changes (a variant of the tv rules)."""

    model_config = ConfigDict(extra="forbid")
    description: str
    base: str | None = None
    rules: dict[str, Any] = {}


class PresetFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    edition: str
    source: str
    roles: dict[str, int]
    rules: dict[str, Any] = {}


def _read(path: str) -> dict[str, Any]:
    return tomllib.loads(resources.files(__package__).joinpath(path).read_text("utf-8"))


@cache
def preset_names() -> tuple[str, ...]:
    files = resources.files(__package__).iterdir()
    names = [f.name[:-5] for f in files if f.name.endswith(".toml")]

    def order(name: str) -> tuple[str, int]:
        family, _, count = name.rpartition("-")
        return family, int(count) if count.isdigit() else 0

    return tuple(sorted(names, key=order))


@cache
def edition(name: str) -> EditionFile:
    return EditionFile.model_validate(_read(f"editions/{name}.toml"))


@cache
def preset_file(name: str) -> PresetFile:
    if name not in preset_names():
        raise RuleError(f"unknown preset {name!r} (see `arena presets`)")
    try:
        return PresetFile.model_validate(_read(f"{name}.toml"))
    except ValidationError as exc:
        raise RuleError(f"preset {name}: {exc.errors()[0]['msg']}") from None


def edition_rules(name: str) -> dict[str, Any]:
    """The edition's rule values, over those of its base edition."""
    spec = edition(name)
    return {**(edition_rules(spec.base) if spec.base else {}), **spec.rules}


def preset_rules(name: str) -> dict[str, Any]:
    """The preset's rule values (edition defaults, then its own overrides)."""
    spec = preset_file(name)
    return {**edition_rules(spec.edition), **spec.rules}


def load_preset(
    name: str,
    *,
    roles: dict[str, int] | None = None,
    overrides: dict[str, Any] | None = None,
    names: tuple[str, ...] = (),
) -> GameConfig:
    """A GameConfig from a preset, optionally with another deal and rule overrides."""
    spec = preset_file(name)
    rules = make_rules(preset_rules(name), overrides)
    try:
        return GameConfig(preset=name, roles=roles or spec.roles, rules=rules, names=names)
    except ValidationError as exc:
        raise RuleError(first_error(exc)) from None
