"""``arena presets [NAME]``: the presets in a table, or one explained."""

from __future__ import annotations

import argparse

from rich.console import Console

from arena import presets
from arena.engine import make_rules

KEY_RULES = ("sheriff.election", "seer.result", "vote.tie", "wolves.win", "witch.max_per_night",
             "reveal.night_death", "last_words.mode")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    pre = sub.add_parser("presets", help="list presets, or explain one")
    pre.add_argument("name", nargs="?")
    pre.set_defaults(run=cmd_presets)


def _role_summary(roles: dict[str, int]) -> str:
    return ", ".join(f"{n}×{c}" if c > 1 else n for n, c in roles.items())


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
