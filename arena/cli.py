"""The ``arena`` command: play, simulate, replay, presets, rules."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from rich.console import Console

from agents import (
    MODELS,
    Agent,
    AgentSpecError,
    SeatOptions,
    check_keys,
    describe_agent,
    kind_of,
    make_agent,
    probe_agents,
)
from agents.providers.describe import safe_spec
from agents.scripted import ScenarioError
from agents.table import TableError, load_table
from arena import commands, presets, scenario, transcript
from arena.costs import cost_text
from arena.engine import BaseEvent, Game, GameConfig, GameResult, RuleError, make_rules
from arena.engine.config import parse_rule_value, rule_help
from arena.engine.game import usage_totals
from arena.engine.roles import ROLES
from arena.fallbacks import MAX_SHARE, FallbackCount
from arena.files import first_error

DEFAULT_PRESET = "classic-12"
USER_ERRORS = (RuleError, ScenarioError, AgentSpecError, TableError,
               transcript.TranscriptError)


class UsageError(ValueError):
    """Bad command-line input."""


@dataclass
class Setup:
    """Everything needed to start games: the config, agents per seat, seeds."""

    config: GameConfig
    specs: dict[int, str]
    seed: int
    deal: list[str] | None
    scenario: scenario.Scenario | None
    timeout_s: float = 60.0
    record_reasoning: bool = False
    options: dict[int, SeatOptions] = field(default_factory=dict)
    lang: str = "en"
    players: dict[int, str] = field(default_factory=dict)  # seat -> tournament pool name

    def agent(self, spec: str, seat: int, seed: int) -> Agent:
        return make_agent(spec, seat, seed, self.options.get(seat), self.lang)

    def agents(self, seed: int) -> dict[int, Agent]:
        if self.scenario is not None:
            return dict(self.scenario.agents(lambda spec, seat: self.agent(spec, seat, seed)))
        return {seat: self.agent(spec, seat, seed) for seat, spec in self.specs.items()}

    def human_seats(self) -> list[int]:
        """The seats a person plays at the terminal, in seat order."""
        return sorted(seat for seat, spec in self.specs.items() if kind_of(spec) == "human")


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


def _parse_seats(items: Sequence[str], players: int) -> dict[int, str]:
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
    if args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
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
                     args.timeout, args.record_reasoning, lang=args.lang)
    overrides = _parse_sets(args.set)
    preset = args.preset or DEFAULT_PRESET
    roles = _parse_roles(args.roles) if args.roles else None
    try:
        config = presets.load_preset(preset, roles=roles, overrides=overrides)
    except ValidationError as exc:
        raise UsageError(first_error(exc)) from None
    specs = dict.fromkeys(range(1, config.players + 1), args.agents)
    options: dict[int, SeatOptions] = {}
    if args.table:
        table = load_table(Path(args.table))
        table.check_seats(config.players)
        options = {seat: table.seat(seat) for seat in specs}
        specs.update({seat: o.agent for seat, o in options.items() if o.agent})
        config = _named(config, options)
    specs.update(_parse_seats(args.seat, config.players))
    check_keys(specs, options)  # fail before the game starts
    setup = Setup(config, specs, seed, None, None, args.timeout, args.record_reasoning,
                  options, args.lang)
    for seat, spec in specs.items():
        setup.agent(spec, seat, seed)
    return setup


def _named(config: GameConfig, options: dict[int, SeatOptions]) -> GameConfig:
    """Seat names from the table's personas (P<n> for seats without one), and the seat
    attributes it sets (gender, age)."""
    update: dict[str, Any] = {
        "attributes": {n: o.attributes() for n, o in options.items() if o.attributes()}}
    if any(o.persona for o in options.values()):
        update["names"] = tuple(options[n].persona or f"P{n}"
                                for n in range(1, config.players + 1))
    return config.model_copy(update=update)


def _header_seats(setup: Setup, names: tuple[str, ...],
                  agents: dict[int, Agent]) -> list[dict[str, Any]]:
    """Each seat's agent; a model seat's settings too (describe_agent), with ``model``
    the id its usage events carry: one model is one group wherever it is served."""
    seats = []
    for seat in range(1, setup.config.players + 1):
        spec = setup.specs.get(seat, f"scripted+{setup.scenario.fallback}" if setup.scenario
                               else "?")
        entry: dict[str, Any] = {"seat": seat, "name": names[seat - 1],
                                 "agent": safe_spec(spec), "model": None,
                                 **describe_agent(agents[seat])}
        if seat in setup.players:
            entry["player"] = setup.players[seat]
        seats.append(entry)
    return seats


def play_one(setup: Setup, seed: int, out: Path | None, sink: Any = None) -> GameResult:
    """Play one game, writing its transcript to ``out`` when given."""
    return asyncio.run(play_game(setup, seed, out, sink))


async def play_game(setup: Setup, seed: int, out: Path | None, sink: Any = None) -> GameResult:
    """``play_one`` inside a running event loop (many games at once share one loop)."""
    names = setup.config.names or tuple(f"P{n}" for n in range(1, setup.config.players + 1))
    sinks = [s for s in (sink,) if s is not None]

    def fan_out(event: BaseEvent) -> None:
        for each in sinks:
            each(event)

    agents = setup.agents(seed)
    game = Game(setup.config, agents, seed=seed, deal=setup.deal,
                sink=fan_out if sinks or out is not None else None,
                timeout_s=setup.timeout_s, record_reasoning=setup.record_reasoning)
    writer = None
    if out is not None:
        header = transcript.make_header(game, game_id=out.stem, seed=seed,
                                        seats=_header_seats(setup, names, agents))
        writer = transcript.TranscriptWriter(out, header)
        sinks.append(writer)
    try:
        return await game.run()
    finally:
        if writer is not None:
            writer.close()


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    from arena.render.terminal import TerminalView

    setup = build_setup(args)
    if args.god and args.as_seat is not None:
        raise UsageError("choose --god or --as-seat, not both")
    if args.as_seat is not None and not 1 <= args.as_seat <= setup.config.players:
        raise UsageError(f"--as-seat {args.as_seat}: the table has seats 1 to "
                         f"{setup.config.players}")
    seat = _live_seat(args, setup)
    game_id = f"{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:6]}"
    out = Path(args.out) if args.out else Path("transcripts") / f"{game_id}.jsonl"
    if out.is_dir():
        raise UsageError(f"--out {out}: is a folder; give a file path")
    if not 0 <= args.max_fallback_share <= 1:
        raise UsageError("--max-fallback-share must be between 0 and 1")
    probe_models(setup)
    preset = setup.config.preset or "custom deal"
    console.print(f"[bold]Werewolf Arena[/] · {preset} · {setup.config.players} players · "
                  f"seed {setup.seed}")
    models = FallbackCount(s for s, spec in setup.specs.items() if kind_of(spec) in MODELS)
    view = TerminalView(console, god=args.god, seat=seat, models=models)

    def show(event: BaseEvent) -> None:
        models(event)  # counted first: the view shows the count
        view(event)

    result = play_one(setup, setup.seed, out, show)
    for line in setup.scenario.unused() if setup.scenario else ():
        print(f"arena: warning: {line}", file=sys.stderr)
    _print_costs(console, result)
    failing = _print_fallbacks(console, models, setup, args.max_fallback_share)
    console.print(f"\nTranscript: {out}   (replay: arena replay {out})")
    if failing:
        return 3
    return 0 if result.winner else 1


def probe_models(setup: Setup) -> None:
    """One cheap call per distinct model endpoint, before any game event: a dead server,
    a refused key or an unknown model ends the command with one line (exit 2)."""
    probe_agents({f"seat {seat}": agent for seat, agent in setup.agents(setup.seed).items()})


def _print_fallbacks(console: Console, models: FallbackCount, setup: Setup,
                     max_share: float) -> list[int]:
    """Per model seat that fell back: fallbacks / decisions; the seats over ``max_share``."""
    labels = {seat: safe_spec(spec) for seat, spec in setup.specs.items()}
    for line in models.lines(labels):
        console.print(f"Fallbacks: {line}", style="bold red", markup=False)
    failing = models.over(max_share)
    if failing:
        console.print(f"Model seats {', '.join(map(str, failing))} fell back on more than "
                      f"{max_share:.0%} of their decisions: the game says little about "
                      "them (exit code 3)", style="bold red", markup=False)
    return failing


def _live_seat(args: argparse.Namespace, setup: Setup) -> int | None:
    """The seat whose view is shown live: the human seat (who may see nothing else), or
    --as-seat."""
    humans = setup.human_seats()
    if not humans:
        as_seat: int | None = args.as_seat
        return as_seat
    if len(humans) > 1:
        raise UsageError("only one human seat can play at one terminal")
    if args.god or args.as_seat not in (None, humans[0]):
        raise UsageError(f"seat {humans[0]} is human and sees only its own view: "
                         "drop --god / --as-seat")
    return humans[0]


def _print_costs(console: Console, result: GameResult) -> None:
    """Model calls, tokens and cost per seat, when any seat is a model."""
    from rich.table import Table

    totals = usage_totals(result.events)
    if not totals:
        return
    table = Table(title="Model usage")
    for column in ("seat", "calls", "input tokens", "cache reads", "cache writes",
                   "output tokens", "cost"):
        table.add_column(column, justify="right")
    def row(label: str, t: dict[str, float]) -> None:
        table.add_row(label, f"{t['calls']:.0f}", f"{t['input_tokens']:.0f}",
                      f"{t['cached_tokens']:.0f}", f"{t['cache_write_tokens']:.0f}",
                      f"{t['output_tokens']:.0f}",
                      cost_text(t["cost_usd"], t["unpriced_calls"] > 0))

    for seat, t in totals.items():
        row(str(seat), t)
    table.add_section()
    row("total", {k: sum(t[k] for t in totals.values()) for k in next(iter(totals.values()))})
    console.print(table)


def cmd_simulate(args: argparse.Namespace, console: Console) -> int:
    from rich.progress import Progress

    from arena.seeds import game_seed

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    setup = build_setup(args)
    humans = setup.human_seats()
    if humans:
        raise UsageError(f"seat {humans[0]} is human: simulate plays bots and models only "
                         "(use `arena play --seat N=human`)")
    probe_models(setup)
    wins: Counter[str] = Counter()
    days = 0
    out_dir = Path(args.out_dir) if args.out_dir else None
    started = time.perf_counter()
    err = Console(stderr=True)
    with Progress(console=err, disable=args.games < 50 or not err.is_terminal) as progress:
        task = progress.add_task("games", total=args.games)

        async def play_all() -> None:  # one event loop for every game
            nonlocal days
            for index in range(args.games):
                seed = game_seed(setup.seed, index)
                out = out_dir / f"game-{index:04d}-{seed}.jsonl" if out_dir else None
                result = await play_game(setup, seed, out)
                wins[result.winner] += 1
                days += result.days
                progress.advance(task)

        asyncio.run(play_all())
    elapsed = time.perf_counter() - started
    summary = {
        "games": args.games, "preset": setup.config.preset, "seed": setup.seed,
        "wins": dict(sorted(wins.items())), "mean_days": round(days / max(args.games, 1), 3),
        "games_per_second": round(args.games / elapsed, 2) if elapsed else None,
    }
    if args.json:
        print(json.dumps(summary))
    else:
        console.print(f"{args.games} games of {summary['preset'] or 'custom deal'}, "
                      f"base seed {setup.seed}, {summary['games_per_second']} games/s, "
                      f"mean {summary['mean_days']} days")
        for side, count in summary["wins"].items():
            console.print(f"  {side:<10} {count:>6}  {count / args.games:6.1%}")
    return 0


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    path = Path(args.file)
    if args.verify:
        ok, message = transcript.verify(path)
        console.print(("OK: " if ok else "MISMATCH: ") + message, markup=False)
        return 0 if ok else 1
    from arena.render.terminal import render_transcript

    record = transcript.read(path)
    players = len(record.header.get("roles", {}))
    if args.seat is not None and not 1 <= args.seat <= players:
        raise UsageError(f"--seat {args.seat}: the game has seats 1 to {players}")
    render_transcript(record.events, console, god=args.seat is None, seat=args.seat)
    return 0


def _role_summary(roles: dict[str, int]) -> str:
    return ", ".join(f"{n}×{c}" if c > 1 else n for n, c in roles.items())


KEY_RULES = ("sheriff.election", "seer.result", "vote.tie", "wolves.win", "witch.max_per_night",
             "reveal.night_death", "last_words.mode")


def cmd_presets(args: argparse.Namespace, console: Console) -> int:
    from rich.table import Table

    if args.name:
        spec = presets.preset_file(args.name)
        config = presets.load_preset(args.name)
        console.print(f"[bold]{args.name}[/] — {config.players} players ({spec.source})")
        console.print(f"Roles: {_role_summary(spec.roles)}")
        console.print(presets.edition(spec.edition).description)
        rules = config.rules.key_values()
        defaults = make_rules().key_values()
        changed = {k: v for k, v in rules.items() if v != defaults[k]}
        if changed:
            console.print("Rules that differ from the engine defaults:")
            for key, value in changed.items():
                console.print(f"  {key} = {value}", markup=False)
        return 0
    table = Table(title="Presets")
    table.add_column("preset", no_wrap=True)
    for column in ("players", "roles", *KEY_RULES):
        table.add_column(column)
    for name in presets.preset_names():
        config = presets.load_preset(name)
        rules = config.rules.key_values()
        table.add_row(name, str(config.players), _role_summary(config.roles),
                      *(str(rules[k]) for k in KEY_RULES))
    console.print(table)
    return 0


def cmd_rules(args: argparse.Namespace, console: Console) -> int:
    from rich.table import Table

    roles = Table(title="Roles")
    roles.add_column("role", no_wrap=True)
    for column in ("中文", "side", "power"):
        roles.add_column(column)
    for spec in ROLES.values():
        roles.add_row(spec.name, spec.zh, spec.faction, spec.summary)
    console.print(roles)
    keys = Table(title="Rule keys (--set KEY=VALUE)")
    keys.add_column("key", no_wrap=True)
    for column in ("default", "meaning"):
        keys.add_column(column)
    for key, default, help_text in rule_help():
        keys.add_row(key, default, help_text)
    console.print(keys)
    return 0


def _game_options(parser: argparse.ArgumentParser) -> None:
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
                        help="language of model seats' prompts (default en)")
    parser.add_argument("--scenario", help="a scenario file (TOML)")
    parser.add_argument("--record-reasoning", action="store_true",
                        help="keep agents' private reasoning in the transcript (audience god)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS",
                        help="time limit per request for model and human seats (default 60)")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="arena", description="Werewolf Arena")
    sub = top.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play one game, shown live")
    _game_options(play)
    play.add_argument("--out", help="transcript path (default transcripts/<id>.jsonl)")
    play.add_argument("--god", action="store_true", help="show the night and every secret")
    play.add_argument("--as-seat", type=int, help="show the game as one seat sees it")
    play.add_argument("--max-fallback-share", type=float, default=MAX_SHARE, metavar="SHARE",
                      help="exit 3 when a model seat fell back on more than this share of "
                           f"its decisions (default {MAX_SHARE})")
    sim = sub.add_parser("simulate", help="play many games and count the wins")
    _game_options(sim)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--out-dir", help="write every transcript here")
    rep = sub.add_parser("replay", help="show or verify a transcript")
    rep.add_argument("file")
    rep.add_argument("--verify", action="store_true")
    rep.add_argument("--seat", type=int, help="show exactly what this seat saw")
    pre = sub.add_parser("presets", help="list presets, or explain one")
    pre.add_argument("name", nargs="?")
    sub.add_parser("rules", help="list roles and rule keys")
    commands.register_all(sub)
    return top


COMMANDS = {"play": cmd_play, "simulate": cmd_simulate, "replay": cmd_replay,
            "presets": cmd_presets, "rules": cmd_rules}


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    console = Console()
    try:
        run = COMMANDS.get(args.command) or args.run
        return int(run(args, console))
    except (*USER_ERRORS, UsageError) as exc:
        print(f"arena: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("arena: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
