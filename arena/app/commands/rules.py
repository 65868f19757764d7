"""``arena rules``: every role and every rule key with its default."""

from __future__ import annotations

import argparse

from rich.console import Console

from arena.engine.config import rule_help
from arena.engine.roles import ROLES


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub.add_parser("rules", help="list roles and rule keys").set_defaults(run=cmd_rules)


def cmd_rules(args: argparse.Namespace, console: Console) -> int:
    from rich.table import Table

    roles = Table(title="Roles")  # fold, never truncate: every word stays readable
    for column in ("role", "中文", "side", "power"):
        roles.add_column(column, overflow="fold")
    for spec in ROLES.values():
        roles.add_row(spec.name, spec.zh, spec.faction, spec.summary)
    console.print(roles)
    keys = Table(title="Rule keys (--set KEY=VALUE)")
    keys.add_column("key", no_wrap=True)  # a key is typed whole: the other columns fold
    for column in ("default", "meaning"):
        keys.add_column(column, overflow="fold")
    for key, default, help_text in rule_help():
        keys.add_row(key, default, help_text)
    console.print(keys)
    return 0
