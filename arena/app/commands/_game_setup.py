"""What ``play`` and ``simulate`` share: the game options and the Setup they describe."""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from agents import Agent, SeatOptions, check_keys, probe_agents
from agents.scripted import ScriptedAgent
from agents.seat_options import load_table
from arena import presets
from arena.app import scenario
from arena.app.commands._prompts_option import checked_prompts
from arena.app.session import Setup
from arena.engine import GameConfig, make_rules
from arena.engine.config import parse_rule_value
from arena.engine.roles import ROLES
from arena.errors import UsageError
from arena.files import first_error
from arena.header import SEED_DIGITS

DEFAULT_PRESET = "classic-12"


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", help=f"a preset name (default {DEFAULT_PRESET})")
    parser.add_argument("--roles", help="a deal instead of the preset's, e.g. werewolf=2,seer=1")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="override a rule (see `arena rules`)")
    parser.add_argument("--agents", default="heuristic", help="agent for every seat")
    parser.add_argument("--seat", action="append", default=[], metavar="N=SPEC",
                        help="agent for one seat, e.g. 3=random or 3=openai:gpt-4o-mini")
    parser.add_argument("--table", metavar="FILE.toml",
                        help="each seat's agent and model options (--seat overrides it)")
    parser.add_argument("--seed", type=int, help="game seed (default: random, printed)")
    parser.add_argument("--lang", choices=("en", "zh"), default="en",
                        help="language of model seats' prompts, the bots' speech and, for "
                             "`arena play`, every line the terminal shows (default en)")
    parser.add_argument("--prompts", metavar="DIR",
                        help="model seats' prompt set: a folder shaped like prompts/ "
                             "(default the shipped one; a table's `prompts` key wins)")
    parser.add_argument("--scenario", help="a scenario file (TOML)")
    parser.add_argument("--record-reasoning", action="store_true",
                        help="keep agents' private reasoning in the transcript (audience god)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS",
                        help="time limit per request for model and human seats (default 60)")


def game_inputs(args: argparse.Namespace) -> list[Path]:
    """The files the game options read (scenario, table): never an output."""
    return [Path(p) for p in (args.scenario, args.table) if p]


def _parse_roles(text: str) -> dict[str, int]:
    roles: dict[str, int] = {}
    for part in text.split(","):
        name, _, count = part.strip().partition("=")
        if not name:
            continue
        if name not in ROLES:
            raise UsageError(f"unknown role {name!r} (known: {', '.join(sorted(ROLES))})")
        try:
            roles[name] = int(count or 1)
        except ValueError:
            raise UsageError(f"--roles: {part!r} needs a whole number, e.g. {name}=2") from None
    return roles


def _parse_sets(items: Sequence[str]) -> dict[str, Any]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--set {item!r}: write KEY=VALUE")
        out[key.strip()] = parse_rule_value(key.strip(), value)
    return out


def parse_seats(items: Sequence[str], players: int) -> dict[int, str]:
    out = {}
    for item in items:
        seat, sep, spec = item.partition("=")
        if not sep or not seat.strip().isdigit():
            raise UsageError(f"--seat {item!r}: write N=SPEC, e.g. 3=random")
        number = int(seat)
        if not 1 <= number <= players:
            raise UsageError(f"--seat {number}: the table has seats 1 to {players}")
        out[number] = spec.strip()
    return out


def build_setup(args: argparse.Namespace) -> Setup:
    if not math.isfinite(args.timeout) or args.timeout <= 0:  # nan and inf are floats too
        raise UsageError(f"--timeout {args.timeout}: give a positive, finite number of seconds")
    if args.seed is not None and not abs(args.seed) < 10**SEED_DIGITS:
        raise UsageError(f"--seed: at most {SEED_DIGITS} digits")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    base = _prompt_options(args)
    if args.scenario:
        if args.table:
            raise UsageError("--table and --scenario do not mix (a scenario names its seats)")
        scen = scenario.load(Path(args.scenario))
        overrides = _parse_sets(args.set)
        config = scen.config
        if overrides:
            config = config.model_copy(update={"rules": make_rules(
                config.rules.key_values(), overrides)})
            scen.config = config
        return Setup(config, {}, scen.seed if args.seed is None else seed, scen.deal, scen,
                     args.timeout, args.record_reasoning, lang=args.lang,
                     options=dict.fromkeys(range(1, config.players + 1), base))
    overrides = _parse_sets(args.set)
    preset = args.preset or DEFAULT_PRESET
    roles = _parse_roles(args.roles) if args.roles else None
    try:
        config = presets.load_preset(preset, roles=roles, overrides=overrides)
    except ValidationError as exc:
        raise UsageError(first_error(exc)) from None
    specs = dict.fromkeys(range(1, config.players + 1), args.agents)
    options = dict.fromkeys(specs, base)
    if args.table:
        table = load_table(Path(args.table))
        table.check_seats(config.players)
        options = {seat: table.seat(seat).over(base) for seat in specs}
        specs.update({seat: o.agent for seat, o in options.items() if o.agent})
        config = _named(config, options)
    specs.update(parse_seats(args.seat, config.players))
    check_keys(specs, options)  # fail before the game starts
    setup = Setup(config, specs, seed, None, None, args.timeout, args.record_reasoning,
                  options, args.lang)
    for seat, spec in specs.items():
        setup.agent(spec, seat, seed)
    return setup


def _prompt_options(args: argparse.Namespace) -> SeatOptions:
    """The seat options ``--prompts`` gives every seat, its folder checked first."""
    folder = checked_prompts(args.prompts, (args.lang,))
    return SeatOptions() if folder is None else SeatOptions(prompts=folder)


def _named(config: GameConfig, options: dict[int, SeatOptions]) -> GameConfig:
    """Seat names from the table's personas (P<n> for seats without one), and the seat
    attributes it sets (gender, age)."""
    update: dict[str, Any] = {
        "attributes": {n: o.attributes() for n, o in options.items() if o.attributes()}}
    if any(o.persona for o in options.values()):
        update["names"] = tuple(options[n].persona or f"P{n}"
                                for n in range(1, config.players + 1))
    return config.model_copy(update=update)


def probe_models(setup: Setup) -> None:
    """One cheap call per distinct model endpoint, before any game event: a dead server,
    a refused key, an unknown model, or a model without a price under ``--budget-usd``
    ends the command with one line (exit 2)."""
    agents = {seat: _deciding(agent) for seat, agent in setup.agents(setup.seed).items()}
    probe_agents({f"seat {seat}": agent for seat, agent in agents.items()})
    if setup.budget_usd is not None:
        from arena.app.game_budget import check_prices

        check_prices(agents)


def _deciding(agent: Agent) -> Agent:
    """The agent that answers beyond a scenario's script: a scripted seat's fallback (a
    model there is probed like any model seat)."""
    return agent.fallback if isinstance(agent, ScriptedAgent) else agent
