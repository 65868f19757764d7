"""``arena presets [NAME]``: the presets in a table, or one explained."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.padding import Padding
from rich.text import Text

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
    for name in presets.preset_names():  # a block per preset: readable at any width
        config = presets.load_preset(name)
        rules = config.rules.key_values()
        console.print(f"[bold]{name}[/] — {config.players} players")
        for line in (f"roles: {_role_summary(config.roles)}",
                     "  ".join(f"{k}={_value(rules[k])}" for k in KEY_RULES)):
            console.print(Padding(Text(line), (0, 0, 0, 2), expand=False))
    return 0


def _value(value: object) -> str:
    """A rule's value as typed on the command line (a list as ``a,b``)."""
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return str(value).lower() if isinstance(value, bool) else str(value)
